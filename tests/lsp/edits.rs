//! 1,000 seeded incremental edits against a client-side model; then the
//! server's text must equal the model exactly. The text is read back through
//! the protocol: the assistant command sends the selected text (here, the
//! whole document) to the (loopback) endpoint, which records it verbatim.

use crate::harness::*;
use crate::support;
use crate::support::rng::XorShift;
use serde_json::{Value, json};

const PIECES: &[&str] = &[
    "a",
    "xyz",
    "{",
    "}",
    "[",
    "]",
    "\n",
    "\r\n",
    "😀",
    "漢字",
    "é",
    "\"k\": 1,\n",
    "👩‍👩‍👧",
    "{\r\n  \"pages\": [\"x\"]\r\n}",
    " ",
    // Not line terminators for LSP (only \n, \r\n and \r are).
    "\u{2028}",
    "\u{85}",
    "\u{c}",
];

/// Offsets an LSP position can name: char boundaries, not inside `\r\n`.
fn boundaries(text: &str) -> Vec<usize> {
    let b = text.as_bytes();
    (0..=text.len())
        .filter(|&i| text.is_char_boundary(i))
        .filter(|&i| !(i > 0 && i < b.len() && b[i - 1] == b'\r' && b[i] == b'\n'))
        .collect()
}

async fn server_text(h: &Harness, http: &support::Server, uri: &str, n: usize) -> String {
    let before = http.requests().len();
    let r = h
        .request(
            "workspace/executeCommand",
            json!({"command": "docsLsp.askAssistant", "arguments": [{
                "uri": uri, "range": range(0, 0, 1_000_000, 0),
                "question": "what is this?", "id": format!("check-{n}"),
            }]}),
        )
        .await
        .expect("ask answers");
    assert_eq!(r["error"], Value::Null, "{r:#}");
    let reqs = http.requests();
    assert_eq!(reqs.len(), before + 1);
    let ctx = &reqs.last().unwrap().body["context"][0];
    assert_eq!(ctx["type"], "textSelection");
    ctx["value"].as_str().expect("selection text").to_string()
}

fn edits_replay(utf8: bool, seed: u64) {
    run(async move {
        let http = support::start(|_, _| {
            support::stream_reply(&support::fixture("endpoint-answer.sse"), 97)
        })
        .await;
        let site = copy_site("examples/site");
        let opts = json!({
            "diagnostics": {"debounceMs": 5},
            "assistant": {"baseUrl": http.base_url(), "domain": "acme", "apiKey": "mint_dsc_SECRETKEY123"},
        });
        let h = Harness::start(site.path(), opts, caps(utf8)).await;
        let enc = if utf8 { "utf-8" } else { "utf-16" };
        assert_eq!(h.init_result["capabilities"]["positionEncoding"], enc);

        let mut model = String::from("{\r\n  \"a\": [1, 2],\n  \"b\": {\"c\": \"漢字😀\"}\n}\n");
        let uri = h.open("edit.json", &model).await;
        let mut rng = XorShift(seed);
        let mut n = 0;
        while n < 1000 {
            let batch = 1 + rng.below(3);
            let mut changes = Vec::new();
            for _ in 0..batch {
                let bs = boundaries(&model);
                let i = rng.below(bs.len());
                let start = bs[i];
                let end = if model.len() > 3000 || rng.below(10) < 4 {
                    bs[(i + rng.below(12)).min(bs.len() - 1)]
                } else {
                    start
                };
                let text = if rng.below(10) < 7 || start == end {
                    PIECES[rng.below(PIECES.len())]
                } else {
                    ""
                };
                changes.push(json!({
                    "range": {"start": position_of(&model, start, utf8), "end": position_of(&model, end, utf8)},
                    "text": text,
                }));
                model.replace_range(start..end, text);
                n += 1;
            }
            h.change(&uri, changes).await;
            if n % 250 < batch {
                assert_eq!(
                    server_text(&h, &http, &uri, n).await,
                    model,
                    "after {n} edits ({enc})"
                );
            }
        }
        assert_eq!(
            server_text(&h, &http, &uri, n).await,
            model,
            "after all edits ({enc})"
        );
        h.wait_current_diagnostics(&uri).await;

        // The same text freshly opened under another name folds the same way.
        let fresh = h.open("fresh.json", &model).await;
        h.wait_current_diagnostics(&fresh).await;
        for method in ["textDocument/foldingRange", "textDocument/documentSymbol"] {
            let a = h
                .request(method, json!({"textDocument": {"uri": uri}}))
                .await;
            let b = h
                .request(method, json!({"textDocument": {"uri": fresh}}))
                .await;
            assert_eq!(a, b, "{method} ({enc})");
        }
        h.shutdown().await;
    });
}

#[test]
fn thousand_edits_utf16() {
    edits_replay(false, 0x9E37_79B9_7F4A_7C15);
}

#[test]
fn thousand_edits_utf8() {
    edits_replay(true, 0xD1B5_4A32_D192_ED03);
}
