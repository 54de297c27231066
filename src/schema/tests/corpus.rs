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
