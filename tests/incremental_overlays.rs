//! docs.json edits that change which overlays a spec gets, analysed one
//! after another on one snapshot chain as the server does: each analysis
//! equals a fresh one (page results and kept navigation entries made under
//! other overlay lists are not reused).

use docs_lsp::analysis::{analyze_after, analyze_texts};
use docs_lsp::model::site::{FileKind, Site, SourceFile};
use std::sync::Arc;

const SPEC: &str = "openapi: 3.0.0\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    get: {responses: {'200': {description: ok}}}\n";
const ADD: &str = "overlay: 1.0.0\ninfo: {title: add, version: '1'}\nactions:\n  - target: $.paths\n    update: {/new: {post: {responses: {'201': {description: made}}}}}\n";
const DROP: &str = "overlay: 1.0.0\ninfo: {title: drop, version: '1'}\nextends: api.yaml\nactions:\n  - target: $.paths['/a']\n    remove: true\n";
const PAGE: &str = "---\ntitle: New\nopenapi: POST /new\n---\n";

fn docs(overlays: &str) -> String {
    format!(
        r##"{{"$schema": "https://mintlify.com/docs.json", "theme": "mint", "name": "O", "colors": {{"primary": "#0D9373"}},
  "navigation": {{"groups": [{{"group": "API", "openapi": {{"source": "api.yaml"{overlays}}}, "pages": ["GET /a", "POST /new", "new"]}}]}}}}"##
    )
}

fn files(docs: &str) -> Vec<(&str, &str)> {
    vec![
        ("docs.json", docs),
        ("api.yaml", SPEC),
        ("add.yaml", ADD),
        ("drop.yaml", DROP),
        ("new.mdx", PAGE),
    ]
}

#[test]
fn overlay_list_edits_analysed_incrementally_equal_fresh() {
    // No list (drop.yaml found by `extends`), the adding one, both, none,
    // a missing one, and back: each changes which endpoints exist.
    let lists = [
        "",
        r#", "overlays": ["add.yaml"]"#,
        r#", "overlays": ["add.yaml", "drop.yaml"]"#,
        r#", "overlays": []"#,
        r#", "overlays": ["gone.yaml"]"#,
        r#", "overlays": ["add.yaml"]"#,
        "",
    ];
    let mut last = analyze_texts(&files(&docs(lists[0])));
    let mut snapshot: Arc<Site> = last.site.clone();
    let mut seen = std::collections::HashSet::new();
    for list in &lists[1..] {
        let text = docs(list);
        let mut next = (*snapshot).clone();
        next.insert(Arc::new(SourceFile::new(
            0,
            "docs.json".into(),
            FileKind::DocsJson,
            Ok(Arc::from(text.as_str())),
        )));
        snapshot = Arc::new(next);
        let incremental = analyze_after(snapshot.clone(), Some(&last));
        let fresh = analyze_texts(&files(&text));
        assert_eq!(incremental.diagnostics, fresh.diagnostics, "{list}");
        let missing: Vec<String> = fresh
            .diagnostics
            .iter()
            .filter(|d| d.code == "missing-endpoint" || d.code == "refused-spec")
            .map(|d| d.message.clone())
            .collect();
        seen.insert(missing);
        last = incremental;
    }
    // The lists gave different verdicts (not a test that passes because
    // overlays change nothing).
    assert!(seen.len() >= 3, "{seen:?}");
}
