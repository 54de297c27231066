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

/// The contents of the JSON strings of `text` (between their quotes), as
/// byte ranges: where typing keeps docs.json's tree but for one string.
fn string_contents(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let (mut out, mut i) = (Vec::new(), 0);
    while i < b.len() {
        if b[i] == b'"' {
            let start = i + 1;
            let mut j = start;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            out.push((start, j.min(b.len())));
            i = j + 1;
        } else {
            i += 1;
        }
    }
    out
}

/// The diagnostics a server publishes for docs.json with this text, opened
/// afresh in a copy of the example site.
fn fresh_diagnostics(text: &str) -> Vec<Value> {
    let text = text.to_string();
    let mut out = Vec::new();
    let got = &mut out;
    run(async move {
        let site = copy_site("examples/site");
        std::fs::write(site.path().join("docs.json"), &text).unwrap();
        let (h, uri) = open_docs_json(site.path(), &text).await;
        *got = sorted(h.wait_current_diagnostics(&uri).await);
        h.shutdown().await;
    });
    out
}

/// A server on `site` publishing at once, with docs.json open as `text`.
async fn open_docs_json(site: &std::path::Path, text: &str) -> (Harness, String) {
    let h = Harness::start(site, json!({"diagnostics": {"debounceMs": 0}}), caps(false)).await;
    let uri = h.open("docs.json", text).await;
    (h, uri)
}

fn sorted(mut d: Vec<Value>) -> Vec<Value> {
    d.sort_by_key(|v| v.to_string());
    d
}

/// Keystrokes in docs.json's strings, one to three changes per message
/// (the server is told where each change is and reads the new tree from
/// the old one by it, not by comparing the texts): what it publishes after
/// 100, 200 and 300 of them is what a server given that text afresh does.
#[test]
fn docs_json_keystrokes_publish_what_a_fresh_server_does() {
    // The server survives a panic in its analysis (and then parses afresh,
    // which would hide a wrong diff): the reparse's check that the diff it
    // was told leaves the texts equal around it is counted here instead.
    static WRONG_DIFFS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if info.to_string().contains("the editor's diff") {
            WRONG_DIFFS.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        }
        previous(info);
    }));
    let site = copy_site("examples/site");
    let mut model = std::fs::read_to_string(site.path().join("docs.json")).unwrap();
    let mut at_checks = Vec::new();
    let seen = &mut at_checks;
    let text = &mut model;
    run(async move {
        let (h, uri) = open_docs_json(site.path(), text).await;
        let mut rng = XorShift(0x5851_F42D_4C95_7F2D);
        let mut n = 0;
        while n < 300 {
            let mut changes = Vec::new();
            for _ in 0..1 + rng.below(3) {
                let strings = string_contents(text);
                let (s, e) = strings[rng.below(strings.len())];
                let at = s + rng.below(e - s + 1);
                // Mostly letters typed or deleted inside a string; now and
                // then the whole string written again with its quotes (an
                // edit the tree is not read through, as a client may send).
                let whole;
                let (at, end, insert) = match rng.below(20) {
                    0 => {
                        whole = format!("\"{}x\"", &text[s..e]);
                        (s - 1, e + 1, whole.as_str())
                    }
                    1..=8 if at < e => (at, at + 1, ""),
                    k => (at, at, ["a", "-", "/", "b"][k % 4]),
                };
                if !text.is_char_boundary(end) || !text.is_char_boundary(at) {
                    continue;
                }
                changes.push(json!({
                    "range": {"start": position_of(text, at, false), "end": position_of(text, end, false)},
                    "text": insert,
                }));
                text.replace_range(at..end, insert);
                n += 1;
            }
            if changes.is_empty() {
                continue;
            }
            h.change(&uri, changes).await;
            if n % 100 < 3 && n >= 100 && seen.len() < n / 100 {
                let published = sorted(h.wait_current_diagnostics(&uri).await);
                seen.push((text.clone(), published));
            }
        }
        h.shutdown().await;
    });
    assert_eq!(
        WRONG_DIFFS.load(std::sync::atomic::Ordering::SeqCst),
        0,
        "diffs that were not the edits'"
    );
    assert_eq!(at_checks.len(), 3);
    for (i, (text, published)) in at_checks.iter().enumerate() {
        assert_eq!(
            published,
            &fresh_diagnostics(text),
            "check {i}: after keystrokes, against a fresh server"
        );
    }
}

/// A member typed into docs.json one keystroke at a time, as an editor
/// sends it (a quote pair at once, then the key's letters, the colon, the
/// value, the comma): the text is broken until the comma, and each broken
/// version is read from the last clean one through the edits since. What
/// the server publishes after each of these keystrokes is what a server
/// given that text afresh does.
#[test]
fn a_member_typed_into_docs_json_publishes_what_a_fresh_server_does() {
    let site = copy_site("examples/site");
    let mut model = std::fs::read_to_string(site.path().join("docs.json")).unwrap();
    let mut at_checks = Vec::new();
    let seen = &mut at_checks;
    let text = &mut model;
    run(async move {
        let (h, uri) = open_docs_json(site.path(), text).await;
        h.wait_current_diagnostics(&uri).await;
        // After the `{` of the first group; the cursor then moves on.
        let mut at = text.find("\"group\"").unwrap();
        let typed = [
            "\"\"", "e", "x", "p", "a", "n", "d", "e", "d", "", ":", " ", "f", "a", "l", "s", "e",
            ",", " ",
        ];
        for (i, t) in typed.iter().enumerate() {
            if t.is_empty() {
                // Past the closing quote.
                at += 1;
                continue;
            }
            let p = position_of(text, at, false);
            h.change(
                &uri,
                vec![json!({"range": {"start": p, "end": p}, "text": t})],
            )
            .await;
            text.insert_str(at, t);
            at += if i == 0 { 1 } else { t.len() };
            if i % 3 == 0 || i == typed.len() - 1 {
                let published = sorted(h.wait_current_diagnostics(&uri).await);
                seen.push((text.clone(), published));
            }
        }
        h.shutdown().await;
    });
    assert!(at_checks[0].0.contains("\"\"\"group\""));
    assert!(
        at_checks
            .last()
            .unwrap()
            .0
            .contains("\"expanded\": false, \"group\"")
    );
    for (i, (text, published)) in at_checks.iter().enumerate() {
        assert_eq!(
            published,
            &fresh_diagnostics(text),
            "check {i}: after keystrokes, against a fresh server"
        );
    }
}
