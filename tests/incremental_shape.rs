//! Changes to the files docs.json reads beside itself (a `$ref` file, a spec,
//! an overlay found by `extends`) and pages added and removed, with
//! docs.json unchanged, analysed one after another on one snapshot chain as
//! the server does: each analysis equals a fresh one. The resolved docs.json
//! and the navigation rules' outcome are memoised on what they read
//! (docs.json and the site's shape), and this is what keeps those reads
//! honest; a docs.json keystroke after each change checks that a pass is
//! not started from an outcome of another shape.

use docs_lsp::analysis::{Analysis, analyze_after, analyze_texts};
use docs_lsp::model::site::{Site, SourceFile, kind_of};
use std::sync::Arc;

const DOCS: &str = r##"{"$schema": "https://mintlify.com/docs.json", "theme": "mint", "name": "S", "colors": {"primary": "#0D9373"},
  "navigation": {"groups": [
    {"group": "Guides", "pages": ["a", "b"]},
    {"$ref": "more.json"},
    {"group": "API", "openapi": "api.yaml", "pages": ["GET /a", "POST /new"]}
  ]}}"##;
/// The same without `$ref`: its parse is the resolved tree, so a keystroke
/// in it starts from the last outcome.
const DOCS_PLAIN: &str = r##"{"$schema": "https://mintlify.com/docs.json", "theme": "mint", "name": "S", "colors": {"primary": "#0D9373"},
  "navigation": {"groups": [
    {"group": "Guides", "pages": ["a", "b", "d"]},
    {"group": "API", "openapi": "api.yaml", "pages": ["GET /a", "POST /new"]}
  ]}}"##;
const MORE: &str = r#"{"group": "More", "pages": ["c"]}"#;
const SPEC: &str = "openapi: 3.0.0\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    get: {responses: {'200': {description: ok}}}\n";
const ADD: &str = "overlay: 1.0.0\ninfo: {title: add, version: '1'}\nextends: api.yaml\nactions:\n  - target: $.paths\n    update: {/new: {post: {responses: {'201': {description: made}}}}}\n";
const PAGE: &str = "---\ntitle: A page\n---\n\nWords.\n";

fn start(docs: &str) -> Vec<(String, String)> {
    [
        ("docs.json", docs),
        ("more.json", MORE),
        ("api.yaml", SPEC),
        ("a.mdx", PAGE),
        ("b.mdx", PAGE),
    ]
    .iter()
    .map(|(p, t)| (p.to_string(), t.to_string()))
    .collect()
}

/// One change: a file's new text, or `None` to remove it.
type Change = (&'static str, Option<String>);

fn changes() -> Vec<Change> {
    vec![
        // A missing page gets a near page, then loses it: its did-you-mean
        // (kept in the analysis's table while the shape stays) follows.
        ("more.json", Some(MORE.replace("\"c\"", "\"guide\""))),
        ("guides.mdx", Some(PAGE.to_string())),
        ("guides.mdx", None),
        // The `$ref` file lists a page that does not exist, then one that does.
        ("more.json", Some(MORE.replace("\"c\"", "\"d\""))),
        ("d.mdx", Some(PAGE.to_string())),
        ("more.json", Some(MORE.replace("\"c\"", "\"a\""))),
        // A listed page removed, and back.
        ("b.mdx", None),
        ("b.mdx", Some(PAGE.to_string())),
        // An overlay found by `extends` adds `POST /new`; the spec loses `/a`.
        ("add.yaml", Some(ADD.to_string())),
        ("api.yaml", Some(SPEC.replace("/a:", "/z:"))),
        ("add.yaml", None),
        ("api.yaml", Some(SPEC.to_string())),
    ]
}

/// `files` with `change` made (a new file at the end).
fn apply(files: &mut Vec<(String, String)>, (path, text): &Change) {
    let at = files.iter().position(|(p, _)| p == path);
    match (at, text) {
        (Some(i), Some(t)) => files[i].1 = t.clone(),
        (Some(i), None) => {
            files.remove(i);
        }
        (None, Some(t)) => files.push((path.to_string(), t.clone())),
        (None, None) => {}
    }
}

fn fresh(files: &[(String, String)]) -> Analysis {
    let pairs: Vec<(&str, &str)> = files
        .iter()
        .map(|(p, t)| (p.as_str(), t.as_str()))
        .collect();
    analyze_texts(&pairs)
}

#[test]
fn data_file_and_page_set_changes_analysed_incrementally_equal_fresh() {
    let mut verdicts = std::collections::HashSet::new();
    for docs in [DOCS, DOCS_PLAIN] {
        // Analysed after each change, or only after the docs.json
        // keystroke that follows it (the server analyses the newest
        // snapshot only).
        for between in [true, false] {
            chain(docs, between, &mut verdicts);
        }
    }
    // The changes gave different verdicts (not a test that passes because
    // nothing it changes is seen).
    assert!(verdicts.len() >= 8, "{verdicts:#?}");
}

type Said = Vec<(Option<String>, (usize, usize), &'static str, String)>;

fn chain(docs: &str, between: bool, verdicts: &mut std::collections::HashSet<Said>) {
    let mut files = start(docs);
    let mut last = fresh(&files);
    // File ids as `analyze_texts` gives them (by position) would collide
    // once files come and go: new files get ids past every earlier one.
    let mut ids: Vec<(String, u32)> = files
        .iter()
        .enumerate()
        .map(|(i, (p, _))| (p.clone(), i as u32))
        .collect();
    let mut next_id = ids.len() as u32;
    for (step, change) in changes().iter().enumerate() {
        apply(&mut files, change);
        let mut site = Site::clone(&last.site);
        let (path, text) = change;
        match text {
            Some(t) => {
                let id = match ids.iter().find(|(p, _)| p == path) {
                    Some((_, id)) => *id,
                    None => {
                        next_id += 1;
                        ids.push((path.to_string(), next_id));
                        next_id
                    }
                };
                let kind = kind_of(path).expect("a known kind");
                site.insert(Arc::new(SourceFile::new(
                    id,
                    path.to_string(),
                    kind,
                    Ok(Arc::from(t.as_str())),
                )));
            }
            None => {
                site.remove(path);
                ids.retain(|(p, _)| p != path);
            }
        }
        // By path: file ids differ between the chain and a fresh site.
        let said = |a: &Analysis| -> Said {
            let mut v: Vec<_> = a
                .diagnostics
                .iter()
                .map(|d| {
                    (
                        a.site.file(d.file).map(|f| f.path.clone()),
                        (d.range.start, d.range.end),
                        d.code,
                        d.message.clone(),
                    )
                })
                .collect();
            v.sort();
            v
        };
        let site = Arc::new(site);
        if between {
            let incremental = analyze_after(site.clone(), Some(&last));
            let want = fresh(&files);
            assert_eq!(said(&incremental), said(&want), "step {step}: {change:?}");
            verdicts.insert(said(&want));
            last = incremental;
        }
        // A keystroke in docs.json after it: a pass that starts from the
        // last outcome must not take one made on another shape.
        let mut typed = Site::clone(&site);
        let docs_id = typed.docs_json.expect("docs.json");
        let text = docs.replace("\"Guides\"", &format!("\"Guides {step}\""));
        typed.insert(Arc::new(SourceFile::new(
            docs_id,
            "docs.json".into(),
            kind_of("docs.json").expect("docs.json"),
            Ok(Arc::from(text.as_str())),
        )));
        let incremental = analyze_after(Arc::new(typed), Some(&last));
        apply(&mut files, &("docs.json", Some(text)));
        assert_eq!(
            said(&incremental),
            said(&fresh(&files)),
            "step {step}: {change:?}, then a docs.json keystroke ({between})"
        );
        last = incremental;
    }
}
