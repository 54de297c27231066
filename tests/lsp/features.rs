//! Completion, hover, definition and symbols through the protocol, on the
//! example site.

use crate::harness::*;
use serde_json::{Value, json};

async fn setup() -> (tempfile::TempDir, Harness, String, String) {
    let site = copy_site("examples/site");
    let h = Harness::start(site.path(), json!({}), caps(false)).await;
    let text = std::fs::read_to_string(h.path("docs.json")).unwrap();
    let uri = h.open("docs.json", &text).await;
    h.wait_current_diagnostics(&uri).await;
    (site, h, uri, text)
}

fn at(uri: &str, p: Value) -> Value {
    json!({"textDocument": {"uri": uri}, "position": p})
}

#[test]
fn completion_in_pages_lists_unlisted_pages_first_and_endpoints() {
    run(async {
        let (_site, h, uri, text) = setup().await;
        let p = find_pos(&text, "\"api/overview\"", 1, false);
        let r = h
            .request("textDocument/completion", at(&uri, p))
            .await
            .unwrap();
        let mut items = r["items"].as_array().cloned().unwrap_or_default();
        items.sort_by_key(|i| {
            i["sortText"]
                .as_str()
                .or(i["label"].as_str())
                .unwrap_or("")
                .to_string()
        });
        let labels: Vec<&str> = items.iter().filter_map(|i| i["label"].as_str()).collect();
        let idx = |l: &str| labels.iter().position(|x| *x == l);
        let installation = idx("guides/installation").unwrap_or_else(|| panic!("{labels:?}"));
        let index = idx("index").unwrap_or_else(|| panic!("{labels:?}"));
        assert!(installation < index, "unlisted first: {labels:?}");
        assert!(
            labels.iter().any(|l| l.starts_with("GET /pets")),
            "endpoints: {labels:?}"
        );
        // Completion edits replace the string's content.
        let edit = &items[installation]["textEdit"];
        assert!(edit["range"]["start"]["line"].is_u64(), "{edit:#}");
        h.shutdown().await;
    });
}

#[test]
fn hover_definition_and_symbols() {
    run(async {
        let (_site, h, uri, text) = setup().await;
        let p = find_pos(&text, "guides/quickstart", 3, false);
        let hover = h
            .request("textDocument/hover", at(&uri, p.clone()))
            .await
            .unwrap();
        let md = hover["contents"]["value"].as_str().unwrap_or("");
        assert!(md.contains("Quickstart"), "{hover:#}");

        let def = h
            .request("textDocument/definition", at(&uri, p))
            .await
            .unwrap();
        let loc = &def[0];
        assert_eq!(loc["uri"], h.uri("guides/quickstart.mdx"), "{def:#}");

        let syms = h
            .request(
                "textDocument/documentSymbol",
                json!({"textDocument": {"uri": uri}}),
            )
            .await
            .unwrap();
        let mut names = Vec::new();
        fn walk(v: &Value, out: &mut Vec<String>) {
            for s in v.as_array().into_iter().flatten() {
                out.push(s["name"].as_str().unwrap_or("").to_string());
                walk(&s["children"], out);
            }
        }
        walk(&syms, &mut names);
        for want in ["Guides", "Get started", "API reference", "Pets"] {
            assert!(
                names.iter().any(|n| n.contains(want)),
                "{want} in {names:?}"
            );
        }

        let ws = h
            .request("workspace/symbol", json!({"query": "Quickstart"}))
            .await
            .unwrap();
        let found = ws.as_array().unwrap();
        assert!(
            found
                .iter()
                .any(|s| s["location"]["uri"] == h.uri("guides/quickstart.mdx")),
            "{ws:#}"
        );

        let links = h
            .request(
                "textDocument/documentLink",
                json!({"textDocument": {"uri": uri}}),
            )
            .await
            .unwrap();
        assert!(
            links
                .as_array()
                .unwrap()
                .iter()
                .any(|l| l["target"] == h.uri("guides/quickstart.mdx")),
            "{links:#}"
        );
        let folds = h
            .request(
                "textDocument/foldingRange",
                json!({"textDocument": {"uri": uri}}),
            )
            .await
            .unwrap();
        assert!(folds.as_array().unwrap().len() >= 5, "{folds:#}");
        h.shutdown().await;
    });
}
