//! Editor features over endpoints an OpenAPI overlay adds: they complete,
//! and go-to-definition lands on the action that adds them.

use crate::ide::completion::completions;
use crate::ide::definition::definition;
use crate::ide::fixture::with_cursor;

const SPEC: &str = "openapi: 3.0.3\ninfo:\n  title: T\n  version: \"1\"\npaths:\n  /users:\n    get:\n      summary: List users\n      responses:\n        \"200\":\n          description: OK\n";

const OVERLAY: &str = "overlay: 1.0.0\ninfo:\n  title: O\n  version: \"1\"\nextends: openapi.yaml\nactions:\n  - target: $.paths\n    update:\n      /new:\n        post:\n          summary: Make one\n          responses:\n            \"201\":\n              description: Created\n";

fn site(docs: &'static str) -> Vec<(&'static str, &'static str)> {
    vec![
        ("docs.json", docs),
        ("openapi.yaml", SPEC),
        ("overlay.yaml", OVERLAY),
        ("index.mdx", "---\ntitle: Home\n---\n"),
    ]
}

#[test]
fn an_added_endpoint_completes() {
    let (a, id, text, off) = with_cursor(&site(
        r##"{"name": "A", "theme": "mint", "colors": {"primary": "#000000"}, "navigation": {"groups": [{"group": "API", "openapi": "openapi.yaml", "pages": ["$0"]}]}}"##,
    ));
    let labels: Vec<String> = completions(&a, id, &text, off)
        .into_iter()
        .map(|c| c.label)
        .collect();
    assert!(labels.iter().any(|l| l == "POST /new"), "{labels:?}");
    assert!(labels.iter().any(|l| l == "GET /users"), "{labels:?}");
}

#[test]
fn definition_of_an_added_endpoint_is_its_overlay_action() {
    let (a, id, text, off) = with_cursor(&site(
        r##"{"name": "A", "theme": "mint", "colors": {"primary": "#000000"}, "navigation": {"groups": [{"group": "API", "openapi": "openapi.yaml", "pages": ["GET /users", "POST /n$0ew"]}]}}"##,
    ));
    let found: Vec<String> = definition(&a, id, &text, off)
        .iter()
        .map(|t| {
            let f = a.site.file(t.file).unwrap();
            format!(
                "{} {:?}",
                f.path,
                &f.text()[t.range.start..].lines().next().unwrap_or("")
            )
        })
        .collect();
    assert_eq!(found, ["overlay.yaml \"target: $.paths\""]);
    // The spec's own operation stays where the spec has it.
    let at = text.find("GET /users").unwrap() + 2;
    let own: Vec<_> = definition(&a, id, &text, at)
        .iter()
        .map(|t| (a.site.file(t.file).unwrap().path.clone(), t.range.clone()))
        .collect();
    assert_eq!(own.len(), 1);
    assert_eq!(own[0].0, "openapi.yaml");
    assert_eq!(&SPEC[own[0].1.clone()], "get");
    assert!(
        !a.diagnostics.iter().any(|d| d.code == "missing-endpoint"),
        "{:?}",
        a.diagnostics
    );
}
