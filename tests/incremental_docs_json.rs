//! Keystrokes in docs.json, analysed one by one as the server does (each
//! snapshot's docs.json read from the previous tree when the keystroke
//! stays in one string, and the navigation references pass taking what it
//! resolved before): every analysis equals a fresh one of the same texts.
//! The site has what the references pass tells apart: scopes (languages,
//! versions), duplicates, missing pages (and ones a redirect or an
//! `x/index` page covers), endpoints with and without specs, group roots;
//! and what page links resolve against (redirects, the folder of a spec
//! given by URL), which a keystroke elsewhere keeps. Seeded, so a failure
//! names the seed.

#[path = "support/json_text.rs"]
mod json_text;
#[path = "support/rng.rs"]
mod rng;

use docs_lsp::analysis::{analyze_after, analyze_texts};
use docs_lsp::model::site::{FileKind, Site, SourceFile};
use rng::XorShift;
use std::sync::Arc;

const DOCS_JSON: &str = r##"{
  "$schema": "https://mintlify.com/docs.json",
  "theme": "mint",
  "name": "Incremental",
  "colors": { "primary": "#0D9373" },
  "navigation": {
    "languages": [
      {
        "language": "en",
        "versions": [
          {
            "version": "v1",
            "groups": [
              { "group": "Start", "root": "index", "pages": ["index", "guide", "guide", "missing", "GET /a", "GET /a", "POST /nope"] },
              { "group": "API", "openapi": "api.yaml", "pages": ["GET /a", "api.yaml GET /a", "DELETE /a", "guide.mdx"] },
              { "group": "Remote", "openapi": { "source": "https://example.com/spec.json", "directory": "rest" }, "pages": ["links"] }
            ]
          },
          {
            "version": "v2",
            "groups": [ { "group": "Start", "pages": ["index", "guide", "v2/new", "GET /a"] } ]
          }
        ]
      },
      {
        "language": "fr",
        "groups": [ { "group": "Début", "pages": ["fr/index", "index", "index", "gide", "sub"] } ]
      }
    ]
  },
  "redirects": [
    { "source": "/missing", "destination": "/index" },
    { "source": "/gide", "destination": "/nowhere" }
  ]
}
"##;

const PAGE: &str = "---\ntitle: T\n---\n\n# Hi\n";
/// Links that resolve or not by docs.json's link part: a folder where a
/// spec given by URL generates pages, redirect sources.
const LINKS: &str = "---\ntitle: L\n---\n\n[a](/rest/users) [b](/api-reference/x) [c](/missing) [d](/gide) [e](/v2/new)\n";
const SPEC: &str = "openapi: 3.0.0\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    get: {responses: {'200': {description: ok}}}\n";

fn files(docs: &str) -> Vec<(&str, &str)> {
    vec![
        ("docs.json", docs),
        ("index.mdx", PAGE),
        ("guide.mdx", PAGE),
        ("v2/new.mdx", PAGE),
        ("fr/index.mdx", PAGE),
        ("sub/index.mdx", PAGE),
        ("orphan.mdx", PAGE),
        ("links.mdx", LINKS),
        ("api.yaml", SPEC),
    ]
}

/// Letters and characters that turn a page into an endpoint, a path into
/// another page, a label into another scope; now and then one that breaks
/// the document.
const TYPED: &[&str] = &["x", "e", "/", " ", "GET ", "a", "v", "1", "2"];
const BREAKING: &[&str] = &["\"", ",", "\\"];

fn keystroke(rng: &mut XorShift, t: &str) -> String {
    let offsets = json_text::string_offsets(t);
    let mut at = if offsets.is_empty() || rng.below(30) == 0 {
        rng.below(t.len() + 1)
    } else {
        offsets[rng.below(offsets.len())]
    };
    while !t.is_char_boundary(at) {
        at -= 1;
    }
    let mut out = t.to_string();
    if rng.below(2) == 0 && at < t.len() {
        let mut end = at + 1;
        while !t.is_char_boundary(end) {
            end += 1;
        }
        out.replace_range(at..end, "");
    } else {
        let s = if rng.below(30) == 0 {
            BREAKING[rng.below(BREAKING.len())]
        } else {
            TYPED[rng.below(TYPED.len())]
        };
        out.insert_str(at, s);
    }
    out
}

/// The fixture with more versions, large enough that the navigation's
/// schema check keeps its versions and tabs across keystrokes, with schema
/// faults in them (an unknown key, a value of the wrong type).
fn large_docs_json() -> String {
    let mut versions = String::new();
    for v in 3..9 {
        versions.push_str(&format!(r#"{{ "version": "v{v}", "tabs": ["#));
        for t in 0..3 {
            let fault = match (v + t) % 3 {
                0 => r#", "icn": "book""#,
                1 => r#", "hidden": "yes""#,
                _ => "",
            };
            let pages: Vec<String> = (0..120)
                .map(|p| match p % 40 {
                    0 => "\"index\"".to_string(),
                    1 => "\"GET /a\"".to_string(),
                    _ => format!("\"v{v}/t{t}/page-{p}\""),
                })
                .collect();
            if t > 0 {
                versions.push_str(", ");
            }
            versions.push_str(&format!(
                r#"{{ "tab": "T{t}"{fault}, "groups": [ {{ "group": "G", "pages": [{}] }} ] }}"#,
                pages.join(", ")
            ));
        }
        versions.push_str("] },\n          ");
    }
    let at = DOCS_JSON
        .find(
            r#"{
            "version": "v2""#,
        )
        .expect("fixture has v2");
    let mut out = DOCS_JSON.to_string();
    out.insert_str(at, &versions);
    out
}

#[test]
fn docs_json_keystrokes_analysed_incrementally_equal_fresh() {
    let reused = keystrokes_equal_fresh(DOCS_JSON, 60);
    let kept = reused.references;
    // Most keystrokes stay in a string value outside `redirects` and
    // `openapi`.
    let parts = reused.link_part;

    assert!(parts > 300, "links' docs.json part kept only {parts} times");
    // Most keystrokes change one entry or none: the duplicate status of
    // the others is taken from the previous pass.
    let dups = reused.duplicates;
    assert!(
        dups > 600,
        "duplicates taken from the previous pass {dups} times"
    );
    // Not a test that passes by never reusing. A keystroke in a value keeps
    // all other entries (about 20 here); one that renames a key like
    // `languages` changes which entries there are, and sequences stay so.
    assert!(kept > 4000, "only {kept} entry resolutions kept");
}

#[test]
fn docs_json_keystrokes_not_all_analysed_equal_fresh() {
    // The counts are of these seeds: with what was found kept through one
    // edit only, 1,306 entry resolutions, 119 link parts and 141 subtrees
    // (through all: 1,947, 187 and 258).
    let reused = keystrokes_equal_fresh_skipping(DOCS_JSON, 30, 2);
    assert!(
        reused.link_part > 160,
        "links' docs.json part kept only {} times",
        reused.link_part
    );
    assert!(
        reused.references > 1700,
        "only {} entry resolutions kept",
        reused.references
    );
    let large = keystrokes_equal_fresh_skipping(&large_docs_json(), 6, 2);
    assert!(
        large.schema_subtrees > 200,
        "only {} navigation subtrees reused",
        large.schema_subtrees
    );
}

/// With a spec given by URL in `api`, whether any navigation entry names
/// an endpoint decides whether page links may lead to generated pages: one
/// such entry, so that a keystroke in it can change that.
const API_DOCS_JSON: &str = r##"{
  "theme": "mint",
  "name": "Api",
  "colors": { "primary": "#0D9373" },
  "api": { "openapi": "https://example.com/spec.json" },
  "navigation": {
    "groups": [ { "group": "Start", "pages": ["index", "GET /a", "guide", "links"] } ]
  },
  "redirects": [ { "source": "/missing", "destination": "/index" } ]
}
"##;

#[test]
fn api_docs_json_keystrokes_analysed_incrementally_equal_fresh() {
    let first = analyze_texts(&files(API_DOCS_JSON));
    let broken = |a: &docs_lsp::analysis::Analysis| {
        a.diagnostics
            .iter()
            .filter(|d| d.code.contains("link"))
            .count()
    };
    // The endpoint entry is what keeps links into `/rest/...` quiet.
    let without = analyze_texts(&files(&API_DOCS_JSON.replace("GET /a", "GETx /a")));
    assert!(broken(&without) > broken(&first), "fixture does not tell");
    let reused = keystrokes_equal_fresh(API_DOCS_JSON, 40);
    assert!(
        reused.link_part > 100,
        "link part kept {} times",
        reused.link_part
    );
}

#[test]
fn large_docs_json_keystrokes_analysed_incrementally_equal_fresh() {
    let text = large_docs_json();
    assert!(text.len() > 30_000, "{} bytes", text.len());
    let first = analyze_texts(&files(&text));
    // Wrong types inside a tab's groups are `dropped-value` warnings: the
    // platform drops the tab's groups rather than refusing the site.
    for code in ["unknown-key", "dropped-value"] {
        assert!(
            first.diagnostics.iter().any(|d| d.code == code),
            "no {code} planted"
        );
    }
    let reused = keystrokes_equal_fresh(&text, 12).schema_subtrees;
    assert!(reused > 500, "only {reused} navigation subtrees reused");
}

/// What the analyses' memo tables counted as reused, summed over the seeds.
#[derive(Default)]
struct Counted {
    references: usize,
    duplicates: usize,
    link_part: usize,
    schema_subtrees: usize,
}

fn keystrokes_equal_fresh(start: &str, seeds: u64) -> Counted {
    keystrokes_equal_fresh_skipping(start, seeds, 0)
}

/// Keystrokes of which about one in `skip` (none at 0) is read but not
/// analysed, as when the server reads a version to answer a completion
/// and analyses the next: the next analysis keeps what the one before
/// found through two edits or more.
fn keystrokes_equal_fresh_skipping(start: &str, seeds: u64, skip: usize) -> Counted {
    use docs_lsp::analysis::reused::Reused;
    let mut counted = Counted::default();
    for seed in 1..=seeds {
        let mut rng = XorShift(seed.wrapping_mul(0x2545_F491_4F6C_DD1D) | 1);
        let mut last = analyze_texts(&files(start));
        let mut snapshot: Arc<Site> = last.site.clone();
        let mut text = start.to_string();
        for step in 0..25 {
            text = keystroke(&mut rng, &text);
            let mut next = (*snapshot).clone();
            next.insert(Arc::new(SourceFile::new(
                0,
                "docs.json".into(),
                FileKind::DocsJson,
                Ok(Arc::from(text.as_str())),
            )));
            snapshot = Arc::new(next);
            if skip > 0 && step < 24 && rng.below(skip) == 0 {
                if let Some(f) = snapshot.file(0) {
                    f.json();
                }
                continue;
            }
            let incremental = analyze_after(snapshot.clone(), Some(&last));
            let fresh = analyze_texts(&files(&text));
            assert_eq!(
                incremental.diagnostics, fresh.diagnostics,
                "seed {seed}, step {step}, text:\n{text}"
            );
            last = incremental;
        }
        // Each seed's chain of analyses shares one set of tables.
        let r = &last.memos().reused;
        counted.references += Reused::get(&r.references);
        counted.duplicates += Reused::get(&r.duplicates);
        counted.link_part += Reused::get(&r.link_part);
        counted.schema_subtrees += Reused::get(&r.schema_subtrees);
    }
    counted
}
