//! Every real site's docs.json must validate without errors: a false error
//! on a working site is the worst thing this module can do.

use super::render;
use crate::diagnostics::Severity;
use crate::schema::{ValidateOptions, docs, nav_element, validate};

#[test]
fn corpus_sites_have_no_errors() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus/sites");
    let Ok(entries) = std::fs::read_dir(dir) else {
        eprintln!("note: {dir} not found; corpus test skipped");
        return;
    };
    let mut paths: Vec<_> = entries
        .filter_map(Result::ok)
        .map(|e| e.path().join("docs.json"))
        .filter(|p| p.exists())
        .collect();
    paths.sort();
    assert!(!paths.is_empty());
    let mut errors = String::new();
    for path in &paths {
        let text = std::fs::read_to_string(path).expect("read docs.json");
        let parsed = crate::syntax::json::parse(0, &text);
        let root = parsed.root.expect("docs.json parses");
        let mut out = Vec::new();
        validate(&root, docs(), &ValidateOptions::docs_json(), &mut out);
        let report = render(&text, &out);
        eprintln!("== {}\n{report}", path.display());
        // The navigation too, both through the full docs.json schema and
        // through the per-kind element schemas the navigation module uses.
        let with_nav = ValidateOptions {
            skip_keys_at_root: &[],
            ..ValidateOptions::docs_json()
        };
        validate(&root, docs(), &with_nav, &mut out);
        if let (Some(nav), Some(schema)) = (root.get("navigation"), nav_element("navigation")) {
            validate(nav, schema, &with_nav, &mut out);
        }
        let warnings = out.iter().filter(|d| d.severity != Severity::Error).count();
        eprintln!("({warnings} warnings with navigation)");
        out.retain(|d| d.severity == Severity::Error);
        if !out.is_empty() {
            errors.push_str(&format!("{}:\n{}", path.display(), render(&text, &out)));
        }
    }
    assert!(errors.is_empty(), "false errors on real sites:\n{errors}");
}

/// Front matter of every page in the corpus: errors are printed and counted,
/// and must stay none (the platform builds these sites).
#[test]
fn corpus_frontmatter_has_no_errors() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus/sites");
    if !std::path::Path::new(dir).exists() {
        eprintln!("note: {dir} not found; corpus test skipped");
        return;
    }
    let mut stack = vec![std::path::PathBuf::from(dir)];
    let mut errors = String::new();
    let mut pages = 0;
    while let Some(p) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&p) else {
            continue;
        };
        for e in entries.filter_map(Result::ok) {
            let path = e.path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|x| x != "mdx" && x != "md") {
                continue;
            }
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            let Some(root) = crate::syntax::frontmatter::parse(0, &text).root else {
                continue;
            };
            pages += 1;
            let mut out = Vec::new();
            validate(
                &root,
                crate::schema::frontmatter(),
                &ValidateOptions::frontmatter(),
                &mut out,
            );
            if !out.is_empty() {
                errors.push_str(&format!("{}:\n{}", path.display(), render(&text, &out)));
            }
        }
    }
    eprintln!("{pages} pages checked");
    assert!(errors.is_empty(), "front matter errors:\n{errors}");
}
