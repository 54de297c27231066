//! Unknown documents and absurd positions: every request answers (an error
//! or an empty result), and the server keeps answering afterwards.

use crate::harness::*;
use serde_json::{Value, json};

fn requests(uri: &str, p: Value) -> Vec<(&'static str, Value)> {
    let td = json!({"uri": uri});
    vec![
        (
            "textDocument/completion",
            json!({"textDocument": td, "position": p}),
        ),
        (
            "textDocument/hover",
            json!({"textDocument": td, "position": p}),
        ),
        (
            "textDocument/definition",
            json!({"textDocument": td, "position": p}),
        ),
        ("textDocument/documentSymbol", json!({"textDocument": td})),
        ("textDocument/foldingRange", json!({"textDocument": td})),
        ("textDocument/documentLink", json!({"textDocument": td})),
        ("textDocument/diagnostic", json!({"textDocument": td})),
        (
            "textDocument/codeAction",
            json!({"textDocument": td, "range": {"start": p, "end": p},
                   "context": {"diagnostics": []}}),
        ),
    ]
}

fn is_empty(v: &Value) -> bool {
    match v {
        Value::Null => true,
        Value::Array(a) => a.is_empty(),
        Value::Object(o) => {
            // A completion list or a diagnostic report with nothing in it.
            o.get("items")
                .is_some_and(|i| i.as_array().is_some_and(Vec::is_empty))
        }
        _ => false,
    }
}

#[test]
fn unknown_documents_and_out_of_range_positions() {
    run(async {
        let site = copy_site("examples/site");
        let h = Harness::start(site.path(), json!({}), caps(false)).await;
        let docs = h.open_disk("docs.json").await;
        h.wait_current_diagnostics(&docs).await;
        let far = pos(1_000_000, 1_000_000);
        let cases = [
            ("file:///nowhere/at/all/docs.json".to_string(), pos(0, 0)),
            (h.uri("not-there.mdx"), pos(3, 1)),
            ("untitled:Untitled-1".to_string(), pos(0, 0)),
        ];
        for (uri, p) in &cases {
            for (method, params) in requests(uri, p.clone()) {
                match h.request(method, params).await {
                    Ok(v) => assert!(is_empty(&v), "{method} on {uri}: {v:#}"),
                    Err(e) => assert!(e["code"].is_i64(), "{method} on {uri}: {e:#}"),
                }
            }
        }
        for (method, params) in requests(&docs, far.clone()) {
            match h.request(method, params).await {
                // Whole-document requests still answer for the real document.
                Ok(v)
                    if matches!(
                        method,
                        "textDocument/documentSymbol"
                            | "textDocument/foldingRange"
                            | "textDocument/documentLink"
                            | "textDocument/diagnostic"
                            | "textDocument/codeAction"
                    ) =>
                {
                    assert!(!v.is_null(), "{method}")
                }
                Ok(v) => assert!(is_empty(&v) || v["items"].is_array(), "{method}: {v:#}"),
                Err(e) => assert!(e["code"].is_i64(), "{method}: {e:#}"),
            }
        }
        // An edit far past the end clamps; the server still answers sensibly.
        h.change(
            &docs,
            vec![json!({"range": {"start": far, "end": far}, "text": "\n"})],
        )
        .await;
        h.wait_current_diagnostics(&docs).await;
        let text = std::fs::read_to_string(h.path("docs.json")).unwrap();
        let hover = h
            .request(
                "textDocument/hover",
                json!({"textDocument": {"uri": docs},
                       "position": find_pos(&text, "guides/quickstart", 3, false)}),
            )
            .await
            .unwrap();
        assert!(
            hover["contents"]["value"]
                .as_str()
                .unwrap()
                .contains("Quickstart"),
            "{hover:#}"
        );
        let r = h.request("no/suchMethod", json!({})).await;
        assert_eq!(r.unwrap_err()["code"], -32601);
        h.shutdown().await;
    });
}

/// A docs.json opened outside the workspace is checked on its own: syntax,
/// schema and navigation structure, but nothing is read from its folder, so
/// its pages are neither found nor reported missing.
#[test]
fn docs_json_outside_the_workspace_is_checked_alone() {
    run(async {
        let ws = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("intro.mdx"), "---\ntitle: Intro\n---\n").unwrap();
        let text = r##"{"theme": "mintt", "name": "X", "colors": {"primary": "#0D9373"},
  "navigation": {"tabs": [{"tab": "A", "pages": ["intro", "nope"]}], "anchors": []}}"##;
        std::fs::write(outside.path().join("docs.json"), text).unwrap();
        let h = Harness::start_default(ws.path()).await;
        let u = uri(&outside.path().join("docs.json"));
        h.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": u, "languageId": "json", "version": 1, "text": text}}),
        )
        .await;
        let diags = h.wait_diagnostics(&u, |d, _| !d.is_empty()).await;
        let codes: Vec<&str> = diags.iter().filter_map(|d| d["code"].as_str()).collect();
        assert!(codes.contains(&"invalid-enum"), "{codes:?}");
        assert!(codes.contains(&"nav-mixed-children"), "{codes:?}");
        assert!(!codes.contains(&"missing-page"), "{codes:?}");
        h.shutdown().await;
    });
}
