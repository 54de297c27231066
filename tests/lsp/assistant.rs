//! The assistant through the protocol, against a loopback endpoint that
//! replays a recorded answer, and the key's hygiene: it appears in no message
//! the server sends and in no file of the server's temporary folder.

use crate::harness::*;
use crate::support::{self, Recorded, Step};
use serde_json::{Value, json};

const KEY: &str = "mint_dsc_SECRETKEY123";
const ANSWER: &str = "A tab may hold anchors or groups, but not both at the same level. Move the groups into an anchor.";

fn last_question(r: &Recorded) -> String {
    let msgs = r.body["messages"].as_array().cloned().unwrap_or_default();
    msgs.last()
        .and_then(|m| m["parts"][0]["text"].as_str().map(String::from))
        .unwrap_or_default()
}

/// Questions containing `401` or `500` get that status, with a body that
/// echoes the key (a server that is careless); others get the recording.
fn script(_: usize, r: &Recorded) -> Vec<Step> {
    let q = last_question(r);
    if q.contains("401") {
        support::status_reply(401, &[], &format!(r#"{{"error":"bad key {KEY}"}}"#))
    } else if q.contains("500") {
        support::status_reply(500, &[], &format!(r#"{{"error":"boom for {KEY}"}}"#))
    } else {
        // Pauses between the first pieces: the test asserts the answer
        // arrives in several deltas, which a loaded machine would otherwise
        // read in one go.
        let steps = support::stream_reply(&support::fixture("endpoint-answer.sse"), 41);
        let mut paced = Vec::new();
        for (i, step) in steps.into_iter().enumerate() {
            let body = matches!(step, Step::Body(_));
            paced.push(step);
            if body && i <= 12 {
                paced.push(Step::Sleep(std::time::Duration::from_millis(20)));
            }
        }
        paced
    }
}

fn temp_folder() -> std::path::PathBuf {
    std::env::temp_dir().join(format!("docs-lsp-{}", std::process::id()))
}

async fn start(http: &support::Server) -> (tempfile::TempDir, Harness) {
    let site = copy_site("examples/site");
    let opts = json!({"assistant": {"baseUrl": http.base_url(), "domain": "acme", "apiKey": KEY}});
    let h = Harness::start(site.path(), opts, caps(false)).await;
    (site, h)
}

async fn ask(h: &Harness, uri: &str, question: &str, id: Option<&str>) -> Value {
    let mut arg = json!({"uri": uri, "range": range(4, 0, 4, 16), "question": question});
    if let Some(id) = id {
        arg["id"] = json!(id);
    }
    h.request(
        "workspace/executeCommand",
        json!({"command": "docsLsp.askAssistant", "arguments": [arg]}),
    )
    .await
    .expect("executeCommand answers")
}

fn answers(h: &Harness, id: &str) -> Vec<Value> {
    h.notifications("docsLsp/assistantAnswer")
        .into_iter()
        .filter(|p| p["id"] == id)
        .collect()
}

/// The key is nowhere in what the server sent, nor in its temporary files.
fn assert_no_key(h: &Harness) {
    let raw = h.raw_text();
    assert!(!raw.is_empty());
    assert!(!raw.contains(KEY), "the key leaked into a message");
    // Also in escaped forms, should a message quote it.
    assert!(!raw.contains(&KEY[..12]), "part of the key leaked");
    if let Ok(dir) = std::fs::read_dir(temp_folder()) {
        for e in dir.flatten() {
            let text = std::fs::read(e.path()).unwrap_or_default();
            let text = String::from_utf8_lossy(&text);
            assert!(
                !text.contains(KEY),
                "the key leaked into {}",
                e.path().display()
            );
        }
    }
}

#[test]
fn ask_streams_answers_keeps_the_thread_and_starts_anew() {
    run(async {
        let http = support::start(script).await;
        let (_site, h) = start(&http).await;
        let uri = h.open_disk("guides/quickstart.mdx").await;

        // The code action on a selection, none on an empty range.
        let ca = |r: Value| json!({"textDocument": {"uri": uri}, "range": r, "context": {"diagnostics": []}});
        let actions = h
            .request("textDocument/codeAction", ca(range(4, 0, 4, 16)))
            .await
            .unwrap();
        let action = actions
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["title"] == "Ask assistant about this selection")
            .unwrap_or_else(|| panic!("{actions:#}"))
            .clone();
        assert_eq!(action["command"]["command"], "docsLsp.askAssistant");
        assert_eq!(action["command"]["arguments"][0]["uri"], json!(uri));
        let none = h
            .request("textDocument/codeAction", ca(range(4, 3, 4, 3)))
            .await
            .unwrap();
        assert_eq!(none, json!([]));

        let r = ask(&h, &uri, "What does this mean?", Some("a1")).await;
        assert_eq!(r["text"], ANSWER);
        let got = answers(&h, "a1");
        let (done, deltas) = got.split_last().unwrap();
        assert_eq!(done["done"], true);
        assert_eq!(done["threadId"], "thread_8f2c1e");
        assert_eq!(done["error"], Value::Null);
        assert!(deltas.len() >= 2, "{got:#?}");
        let text: String = deltas
            .iter()
            .map(|d| {
                assert_eq!(d["done"], false);
                d["delta"].as_str().unwrap().to_string()
            })
            .collect();
        assert_eq!(text, ANSWER);
        let progress: Vec<Value> = h
            .notifications("$/progress")
            .into_iter()
            .filter(|p| p["token"] == "docs-lsp/a1")
            .collect();
        assert_eq!(progress.first().unwrap()["value"]["kind"], "begin");
        assert_eq!(progress.last().unwrap()["value"]["kind"], "end");

        let reqs = http.requests();
        let first = &reqs[0];
        assert_eq!(first.method, "POST");
        assert_eq!(first.path, "/discovery/v2/assistant/acme/message");
        assert_eq!(first.headers["authorization"], format!("Bearer {KEY}"));
        assert_eq!(first.body["context"][0]["type"], "textSelection");
        assert_eq!(first.body["context"][0]["value"], "Install and run.");
        assert_eq!(first.body["context"][0]["path"], "guides/quickstart.mdx");
        assert_eq!(first.body.get("threadId"), None);
        assert_eq!(last_question(first), "What does this mean?");

        // The second question continues the thread; a new conversation drops it.
        ask(&h, &uri, "And then?", Some("a2")).await;
        assert_eq!(http.requests()[1].body["threadId"], "thread_8f2c1e");
        let r = h
            .request(
                "workspace/executeCommand",
                json!({"command": "docsLsp.newConversation", "arguments": []}),
            )
            .await;
        assert_eq!(r, Ok(Value::Null));
        ask(&h, &uri, "Fresh start", Some("a3")).await;
        let third = &http.requests()[2];
        assert_eq!(third.body.get("threadId"), None, "{:#}", third.body);
        assert_eq!(third.body["messages"].as_array().unwrap().len(), 1);

        // A client that renders nothing (no id) is shown a Markdown file.
        let r = ask(&h, &uri, "Show me", None).await;
        let id = r["id"].as_str().unwrap().to_string();
        let shown = h
            .wait_for("showDocument", |s| {
                s.server_requests
                    .iter()
                    .find(|(m, _)| m == "window/showDocument")
                    .map(|(_, p)| p.clone())
            })
            .await;
        let file =
            tower_lsp_server::ls_types::Uri::from_file_path(temp_folder().join(format!("{id}.md")))
                .unwrap();
        assert_eq!(shown["uri"], file.as_str());
        let md = std::fs::read_to_string(temp_folder().join(format!("{id}.md"))).unwrap();
        assert!(md.contains("# Show me") && md.contains(ANSWER), "{md}");

        // Unknown commands are refused.
        let bad = h
            .request(
                "workspace/executeCommand",
                json!({"command": "nope", "arguments": []}),
            )
            .await;
        assert!(bad.is_err());
        assert_no_key(&h);
        h.shutdown().await;
    });
}

#[test]
fn rejected_key_and_server_error_are_reported_without_the_key() {
    run(async {
        let http = support::start(script).await;
        let (_site, h) = start(&http).await;
        let uri = h.open_disk("guides/quickstart.mdx").await;

        let r = ask(&h, &uri, "status 401 please", Some("e1")).await;
        let done = answers(&h, "e1").pop().unwrap();
        assert_eq!(done["done"], true);
        let err = done["error"].as_str().unwrap_or_else(|| panic!("{done:#}"));
        assert!(err.contains("rejected"), "{err}");
        assert_eq!(r["error"], done["error"]);
        h.wait_notification("window/showMessage", |p| {
            p["type"] == 1
                && p["message"]
                    .as_str()
                    .is_some_and(|m| m.contains("rejected"))
        })
        .await;

        // Also without an id (no document is shown for a failed answer).
        ask(&h, &uri, "status 401 again", None).await;
        let r = ask(&h, &uri, "status 500 now", Some("e2")).await;
        let done = answers(&h, "e2").pop().unwrap();
        assert!(done["error"].is_string(), "{done:#}");
        assert_eq!(r["error"], done["error"]);
        // And a good answer after failures, without an id: a file is written.
        ask(&h, &uri, "fine now", None).await;
        assert!(http.requests().len() >= 4);
        assert_no_key(&h);
        h.shutdown().await;
    });
}
