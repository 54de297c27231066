//! Load: the language server in-process over an in-memory pipe.
//!
//! 10,000 edits to an open page with a completion after each one and a
//! hover after every tenth: no edit is lost (the server's text equals the
//! client's at the end), every completion answers from the text as it is
//! after the last edit (its replace range covers the word just typed), and
//! the resident memory at the end is within 10 % (plus 16 MB of allocator
//! slack) of its level after the first 1,000 edits.
//!
//! Memory is the process's VmRSS from /proc/self/status (Linux only); the
//! test runs alone in its binary so no other test shares the process.

#[path = "support/lsp_client.rs"]
mod lsp_client;

use lsp_client::Client;
use serde_json::json;

fn rss_kb() -> u64 {
    let s = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    s.lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ten_thousand_edits_with_completions_and_hovers() {
    let t = tempfile::tempdir().unwrap();
    let root = t.path().canonicalize().unwrap();
    std::fs::write(
        root.join("docs.json"),
        r##"{"theme":"mint","name":"S","colors":{"primary":"#0D9373"},"navigation":{"pages":["index"]}}"##,
    )
    .unwrap();
    let mut text = String::from("---\nd\n---\n\n# Soak\n");
    std::fs::write(root.join("index.mdx"), &text).unwrap();
    let root_uri = format!("file://{}", root.display());
    let uri = format!("{root_uri}/index.mdx");

    let (mut c, world) = Client::start();
    c.request(
        "initialize",
        json!({"capabilities":{},"workspaceFolders":[{"uri":root_uri,"name":"s"}]}),
    )
    .await;
    c.notify("initialized", json!({}));
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument":{"uri":uri,"languageId":"mdx","version":1,"text":text}}),
    );

    // The key being typed on line 1, always a prefix of `description`, so
    // completion has something to offer (ASCII, so columns are bytes).
    let key = "description";
    let mut word = String::from("d");
    let mut rng = 0x2545_F491_4F6C_DD1Du64;
    let mut baseline = 0u64;
    let mut checked = 0u32;
    for i in 0..10_000u32 {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let len = word.len() as u32;
        let change = if (rng.is_multiple_of(3) && word.len() > 1) || word.len() == key.len() {
            word.pop();
            json!({"range":{"start":{"line":1,"character":len-1},"end":{"line":1,"character":len}},"text":""})
        } else {
            let ch = key.as_bytes()[word.len()] as char;
            word.push(ch);
            json!({"range":{"start":{"line":1,"character":len},"end":{"line":1,"character":len}},"text":ch.to_string()})
        };
        text = format!("---\n{word}\n---\n\n# Soak\n");
        c.notify(
            "textDocument/didChange",
            json!({"textDocument":{"uri":uri,"version":i + 2},"contentChanges":[change]}),
        );
        let r = c
            .request(
                "textDocument/completion",
                json!({"textDocument":{"uri":uri},"position":{"line":1,"character":word.len()}}),
            )
            .await;
        assert!(r.get("error").is_none(), "completion failed: {r}");
        if let Some(items) = r["result"]["items"].as_array() {
            for item in items {
                let range = &item["textEdit"]["range"];
                if range.is_null() {
                    continue;
                }
                checked += 1;
                // The replace range is the key typed so far: from the line
                // start to the cursor, in the text after this edit.
                assert_eq!(
                    (
                        range["start"]["line"].as_u64(),
                        range["end"]["character"].as_u64()
                    ),
                    (Some(1), Some(word.len() as u64)),
                    "edit {i}: completion answered from other text: {item}"
                );
            }
        }
        if i % 10 == 0 {
            let r = c
                .request(
                    "textDocument/hover",
                    json!({"textDocument":{"uri":uri},"position":{"line":1,"character":0}}),
                )
                .await;
            assert!(r.get("error").is_none(), "hover failed: {r}");
        }
        if i == 999 {
            baseline = rss_kb();
        }
    }
    // Let a last debounced publish run, then compare.
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let end = rss_kb();
    let doc = world
        .docs
        .get(&root.join("index.mdx"))
        .map(|d| d.text())
        .expect("the document is open");
    assert_eq!(doc, text, "an edit was lost");
    assert!(
        checked > 10_000,
        "only {checked} completion items were checked"
    );
    eprintln!("VmRSS after 1,000 edits: {baseline} kB; after 10,000: {end} kB");
    if baseline > 0 {
        assert!(
            end <= baseline + baseline / 10 + 16 * 1024,
            "memory grew from {baseline} kB to {end} kB"
        );
    }
}
