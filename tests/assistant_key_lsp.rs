//! The API key through the language server: the assistant command run
//! against endpoints that echo the key back (in an error body, in a stream
//! error chunk), with the server's only logging channel (`window/logMessage`,
//! `window/showMessage`, progress, answer notifications) recorded in full.
//! The key appears in no message the server sends and in no file it writes
//! (the Markdown answers under `$TMPDIR/docs-lsp-<pid>/`). The server has no
//! log levels: everything it could log goes to the editor, all of it is
//! checked here.

#[path = "support/lsp_client.rs"]
mod lsp_client;
mod support;

use lsp_client::Client;
use serde_json::json;
use support::{KEY, sse, start, status_reply, stream_reply};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_key_appears_in_no_message_and_no_written_file() {
    let server = start(|n, _| match n {
        0 => stream_reply(&support::fixture("all-chunk-types.sse"), 7),
        1 => status_reply(401, &[], &format!("bad key {KEY}")),
        2 => status_reply(500, &[], &format!("{{\"key\":\"{KEY}\"}}")),
        3 => vec![
            support::head(200),
            sse(r#"{"type":"text-delta","id":"t","delta":"part"}"#),
            sse(&format!(
                r#"{{"type":"error","errorText":"key {KEY} over quota"}}"#
            )),
        ],
        _ => status_reply(429, &[("retry-after", "1")], &format!("slow down {KEY}")),
    })
    .await;
    let t = tempfile::tempdir().unwrap();
    let root = t.path().canonicalize().unwrap();
    std::fs::write(
        root.join("docs.json"),
        r##"{"theme":"mint","name":"K","colors":{"primary":"#0D9373"},"navigation":{"pages":["index"]}}"##,
    )
    .unwrap();
    std::fs::write(root.join("index.mdx"), "---\ntitle: K\n---\n\nSome text.\n").unwrap();
    let uri = format!("file://{}/index.mdx", root.display());

    let (mut c, _world) = Client::start();
    c.request(
        "initialize",
        json!({"capabilities":{},"workspaceFolders":[{"uri":format!("file://{}", root.display()),"name":"k"}]}),
    )
    .await;
    c.notify("initialized", json!({}));
    c.notify(
        "workspace/didChangeConfiguration",
        json!({"settings":{"docsLsp":{"assistant":{
            "apiKey": KEY, "baseUrl": server.base_url(), "domain": "example"
        }}}}),
    );
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument":{"uri":uri,"languageId":"mdx","version":1,
               "text":"---\ntitle: K\n---\n\nSome text.\n"}}),
    );
    let mut answers = Vec::new();
    for _ in 0..5 {
        // No `id`: the client does not render, so the server writes the
        // answer file itself.
        let r = c
            .request(
                "workspace/executeCommand",
                json!({"command":"docsLsp.askAssistant","arguments":[{
                    "question":"What is this?","uri":uri,
                    "range":{"start":{"line":4,"character":0},"end":{"line":4,"character":4}}
                }]}),
            )
            .await;
        answers.push(r.to_string());
    }
    assert_eq!(server.requests().len(), 5, "every ask reached the endpoint");
    let messages = c.received.lock().unwrap().join("\n");
    assert!(
        messages.contains("over quota") || messages.contains("bad key"),
        "the endpoint's errors were shown: {messages}"
    );
    assert!(!messages.contains(KEY), "the key leaked in a message");
    assert!(
        !messages.contains("SECRET0123456789"),
        "part of the key leaked"
    );
    assert!(!answers.join("\n").contains(KEY));

    let dir = std::env::temp_dir().join(format!("docs-lsp-{}", std::process::id()));
    let mut written = 0;
    for e in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
        let text = std::fs::read_to_string(e.path()).unwrap_or_default();
        written += 1;
        assert!(!text.contains(KEY), "the key is in {}", e.path().display());
    }
    assert!(
        written > 0,
        "the server wrote its answer files to {}",
        dir.display()
    );
    let _ = std::fs::remove_dir_all(&dir);
}
