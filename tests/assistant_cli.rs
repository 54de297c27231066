//! `docs-lsp ask` logic end to end against the loopback server, with the
//! environment and outputs captured.

mod support;

use std::collections::HashMap;
use std::path::PathBuf;

use docs_lsp::assistant::cli::{AskArgs, run_ask_with};
use docs_lsp::assistant::client::DEFAULT_QUESTION;
use support::{KEY, Step, fixture, sse, start, status_reply, stream_reply};
use tokio_util::sync::CancellationToken;

struct Run {
    code: i32,
    out: String,
    err: String,
}

async fn run(args: AskArgs, env: &[(&str, &str)]) -> Run {
    let env: HashMap<String, String> = env
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let lookup = move |k: &str| env.get(k).cloned();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = run_ask_with(args, &lookup, &mut out, &mut err, &CancellationToken::new()).await;
    let run = Run {
        code,
        out: String::from_utf8(out).unwrap(),
        err: String::from_utf8(err).unwrap(),
    };
    assert!(
        !run.out.contains(KEY) && !run.err.contains(KEY),
        "key leaked"
    );
    run
}

fn question(q: &str) -> AskArgs {
    AskArgs {
        question: Some(q.to_string()),
        ..AskArgs::default()
    }
}

#[tokio::test]
async fn prints_answer_sources_and_thread() {
    let server = start(|_, _| stream_reply(&fixture("all-chunk-types.sse"), 11)).await;
    let base = server.base_url();
    let env = [
        ("DOCS_ASSISTANT_API_KEY", KEY),
        ("DOCS_ASSISTANT_BASE_URL", base.as_str()),
        ("DOCS_ASSISTANT_DOMAIN", "env-docs"),
    ];
    let r = run(question("How do I add a page?"), &env).await;
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(r.err, "");
    assert_eq!(
        r.out,
        "Add the page path to a `pages` array under `navigation.groups[]` in docs.json.\n\
         \nSources:\n  - Navigation <https://example.com/essentials/navigation>\n  \
         - navigation.mdx <essentials/navigation.mdx>\n\
         \nThread: thread_42 (pass --thread thread_42 to follow up)\n"
    );
    let req = &server.requests()[0];
    assert_eq!(req.path, "/discovery/v2/assistant/env-docs/message");
    assert!(req.body.get("context").is_none());
}

#[tokio::test]
async fn flags_override_env_and_selection_is_sent() {
    let server = start(|_, _| stream_reply(&fixture("endpoint-answer.sse"), 50)).await;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("docs.json");
    std::fs::write(&file, "line1\nline2\nline3\nline4\n").unwrap();
    let args = AskArgs {
        question: None,
        file: Some(file.clone()),
        lines: Some((2, 3)),
        thread: Some("thread_prev".into()),
        base_url: Some(server.base_url()),
        domain: Some("flag-docs".into()),
    };
    let env = [
        ("DOCS_ASSISTANT_API_KEY", KEY),
        ("DOCS_ASSISTANT_BASE_URL", "http://remote.invalid"),
        ("DOCS_ASSISTANT_DOMAIN", "env-docs"),
    ];
    let r = run(args, &env).await;
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(
        r.out
            .contains("Thread: thread_8f2c1e (pass --thread thread_8f2c1e")
    );
    let req = &server.requests()[0];
    assert_eq!(req.path, "/discovery/v2/assistant/flag-docs/message");
    assert_eq!(req.body["threadId"], "thread_prev");
    assert_eq!(
        req.body["messages"][0]["parts"][0]["text"],
        DEFAULT_QUESTION
    );
    assert_eq!(req.body["context"][0]["type"], "textSelection");
    assert_eq!(req.body["context"][0]["value"], "line2\nline3\n");
    assert_eq!(
        req.body["context"][0]["path"],
        file.to_string_lossy().as_ref()
    );
}

#[tokio::test]
async fn usage_and_config_errors_exit_2() {
    let r = run(question("q"), &[("DOCS_ASSISTANT_DOMAIN", "d")]).await;
    assert_eq!(r.code, 2);
    assert!(
        r.err.starts_with("error: no assistant API key")
            && r.err.contains("DOCS_ASSISTANT_API_KEY")
    );
    assert_eq!(r.err.lines().count(), 1);

    let r = run(question("q"), &[("DOCS_ASSISTANT_API_KEY", KEY)]).await;
    assert_eq!(r.code, 2);
    assert!(r.err.contains("DOCS_ASSISTANT_DOMAIN"));

    let r = run(AskArgs::default(), &[]).await;
    assert_eq!(r.code, 2);
    assert!(r.err.contains("no question"));

    let mut args = question("q");
    args.lines = Some((1, 2));
    assert_eq!(run(args, &[]).await.code, 2);

    let mut args = question("q");
    args.file = Some(PathBuf::from("/nonexistent/file.mdx"));
    let r = run(args, &[]).await;
    assert_eq!(r.code, 2);
    assert!(r.err.contains("cannot read"));

    let mut args = question("q");
    args.base_url = Some("http://example.com".into());
    args.domain = Some("d".into());
    let r = run(args, &[("DOCS_ASSISTANT_API_KEY", KEY)]).await;
    assert_eq!(r.code, 2);
    assert!(r.err.contains("https"));
}

#[tokio::test]
async fn endpoint_failures_exit_1_and_partial_is_shown() {
    let server = start(|n, _| match n {
        0 => status_reply(403, &[], ""),
        _ => vec![
            support::head(200),
            sse(r#"{"type":"text-delta","id":"t","delta":"Partial words"}"#),
            sse(r#"{"type":"error","errorText":"boom"}"#),
            Step::End,
        ],
    })
    .await;
    let base = server.base_url();
    let env = [
        ("DOCS_ASSISTANT_API_KEY", "not-an-assistant-key"),
        ("DOCS_ASSISTANT_BASE_URL", base.as_str()),
        ("DOCS_ASSISTANT_DOMAIN", "d"),
    ];
    let r = run(question("q"), &env).await;
    assert_eq!(r.code, 1);
    assert!(
        r.err
            .contains("warning: the assistant API key does not look like")
    );
    assert!(
        r.err
            .contains("error: the assistant API key was rejected (HTTP 403)")
    );
    assert!(!r.err.contains("not-an-assistant-key"));

    let r = run(question("q"), &env).await;
    assert_eq!(r.code, 1);
    assert_eq!(r.out, "Partial words\n[answer incomplete]\n");
    assert!(
        r.err
            .contains("error: the answer is incomplete: the assistant reported an error: boom")
    );
}
