//! The assistant client against a scripted loopback server: request shape,
//! conversation carry-over, every failure path, and the key never leaking.

mod support;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use docs_lsp::assistant::client::{
    AnswerUpdate, AskError, AssistantSettings, Conversation, Interruption, RetryAfter, Secret,
    Selection, Timeouts, ask, endpoint_url, new_conversation, request_trace,
};
use docs_lsp::assistant::stream::Answer;
use serde_json::json;
use support::{KEY, Step, fixture, head, sse, start, status_reply, stream_reply};
use tokio_util::sync::CancellationToken;

fn settings(base_url: &str) -> AssistantSettings {
    AssistantSettings {
        base_url: base_url.to_string(),
        domain: Some("my-docs".to_string()),
        api_key: Some(Secret::new(KEY)),
        timeouts: Timeouts {
            connect: Duration::from_secs(3),
            response: Duration::from_secs(3),
            stall: Duration::from_secs(3),
        },
        ..AssistantSettings::default()
    }
}

fn selection() -> Selection {
    Selection {
        text: "\"tabs\": [{ \"groups\": [] }]".to_string(),
        path: "docs.json".to_string(),
    }
}

/// Asks and collects what the sink saw.
async fn run(
    settings: &AssistantSettings,
    conv: &mut Conversation,
    question: &str,
    sel: Option<&Selection>,
) -> (Result<Answer, AskError>, Vec<AnswerUpdate>) {
    let mut updates = Vec::new();
    let cancel = CancellationToken::new();
    let result = ask(settings, conv, question, sel, |u| updates.push(u), &cancel).await;
    (result, updates)
}

fn streamed_text(updates: &[AnswerUpdate]) -> String {
    updates
        .iter()
        .filter_map(|u| match u {
            AnswerUpdate::TextDelta { delta, .. } => Some(delta.as_str()),
            _ => None,
        })
        .collect()
}

#[tokio::test]
async fn two_questions_carry_thread_and_history() {
    let server = start(|n, _| match n {
        0 => stream_reply(&fixture("endpoint-answer.sse"), 7),
        _ => stream_reply(&fixture("all-chunk-types.sse"), 13),
    })
    .await;
    let mut s = settings(&server.base_url());
    s.filter = Some(json!({"version": "v2"}));
    let mut conv = new_conversation();

    let (first, updates) = run(&s, &mut conv, "How do tabs work?", Some(&selection())).await;
    let first = first.expect("first answer");
    assert_eq!(first.thread_id.as_deref(), Some("thread_8f2c1e"));
    assert_eq!(streamed_text(&updates), first.text());
    assert!(updates.iter().any(|u| matches!(
        u,
        AnswerUpdate::Finished { thread_id: Some(t) } if t == "thread_8f2c1e"
    )));
    assert_eq!(conv.thread_id.as_deref(), Some("thread_8f2c1e"));

    let (second, updates) = run(&s, &mut conv, "And pages?", None).await;
    let second = second.expect("second answer");
    assert_eq!(second.thread_id.as_deref(), Some("thread_42"));
    assert_eq!(second.sources.len(), 2);
    assert_eq!(
        updates
            .iter()
            .filter(|u| matches!(u, AnswerUpdate::Source(_)))
            .count(),
        2
    );
    assert_eq!(conv.thread_id.as_deref(), Some("thread_42"));
    assert_eq!(conv.messages.len(), 4);

    let reqs = server.requests();
    assert_eq!(reqs.len(), 2);
    for r in &reqs {
        assert_eq!(r.method, "POST");
        assert_eq!(r.path, "/discovery/v2/assistant/my-docs/message");
        assert_eq!(r.headers["authorization"], format!("Bearer {KEY}"));
        assert_eq!(r.headers["content-type"], "application/json");
        assert_eq!(r.body["fp"], "anonymous");
        assert_eq!(r.body["retrievalPageSize"], 5);
        assert_eq!(r.body["filter"], json!({"version": "v2"}));
    }
    let b0 = &reqs[0].body;
    assert!(
        b0.get("threadId").is_none(),
        "no threadId on the first question"
    );
    assert_eq!(
        b0["context"],
        json!([{"type": "textSelection", "value": selection().text, "path": "docs.json"}])
    );
    let m0 = b0["messages"].as_array().unwrap();
    assert_eq!(m0.len(), 1);
    assert_eq!(m0[0]["role"], "user");
    assert_eq!(
        m0[0]["parts"],
        json!([{"type": "text", "text": "How do tabs work?"}])
    );
    assert!(m0[0]["id"].as_str().is_some_and(|id| !id.is_empty()));

    let b1 = &reqs[1].body;
    assert_eq!(b1["threadId"], "thread_8f2c1e");
    assert!(
        b1.get("context").is_none(),
        "no context without a selection"
    );
    let m1 = b1["messages"].as_array().unwrap();
    let roles: Vec<&str> = m1.iter().map(|m| m["role"].as_str().unwrap()).collect();
    assert_eq!(roles, ["user", "assistant", "user"]);
    assert_eq!(m1[1]["parts"][0]["text"], first.text());
    assert_eq!(m1[2]["parts"][0]["text"], "And pages?");
    let mut ids: Vec<&str> = m1.iter().map(|m| m["id"].as_str().unwrap()).collect();
    assert_eq!(ids[0], m0[0]["id"].as_str().unwrap(), "ids are stable");
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 3, "ids are unique");
}

#[tokio::test]
async fn thread_given_up_front_is_sent_and_filter_left_out_when_unset() {
    let server = start(|_, _| stream_reply(&fixture("endpoint-answer.sse"), 64)).await;
    let s = settings(&server.base_url());
    let mut conv = Conversation::with_thread("thread_given");
    run(&s, &mut conv, "q", None).await.0.unwrap();
    let body = &server.requests()[0].body;
    assert_eq!(body["threadId"], "thread_given");
    assert!(body.get("filter").is_none());
}

async fn status_error(steps: Vec<Step>) -> AskError {
    let steps = Arc::new(steps);
    let server = start(move |_, _| (*steps).clone()).await;
    let mut conv = new_conversation();
    let before = conv.clone();
    let (result, _) = run(&settings(&server.base_url()), &mut conv, "q", None).await;
    assert_eq!(
        conv, before,
        "a failed question leaves the conversation as it was"
    );
    result.expect_err("should fail")
}

#[tokio::test]
async fn http_error_statuses() {
    for status in [401, 403] {
        let e = status_error(status_reply(status, &[], r#"{"error":"bad key"}"#)).await;
        assert!(matches!(e, AskError::KeyRejected { status: s, .. } if s == status));
        let text = e.to_string();
        assert!(text.contains("rejected") && text.contains("docsLsp.assistant.apiKey"));
        assert!(text.contains("bad key"), "{text}");
    }
    let e = status_error(status_reply(404, &[], "")).await;
    assert!(matches!(e, AskError::UnknownDomain { .. }));
    assert!(
        e.to_string().contains("`my-docs`") && e.to_string().contains("docsLsp.assistant.domain")
    );

    let e = status_error(status_reply(429, &[("retry-after", "120")], "")).await;
    assert!(matches!(
        e,
        AskError::RateLimited {
            retry_after: Some(RetryAfter::Seconds(120))
        }
    ));
    let text = e.to_string();
    assert!(
        text.contains("retry in 120 seconds") && text.contains("10,000"),
        "{text}"
    );

    let date = "Wed, 21 Oct 2099 07:28:00 GMT";
    let e = status_error(status_reply(429, &[("retry-after", date)], "")).await;
    assert!(
        e.to_string().contains(&format!("retry after {date} (in ")),
        "{e}"
    );

    let e = status_error(status_reply(429, &[], "")).await;
    assert!(e.to_string().ends_with("retry later"));

    for status in [500, 502, 503] {
        let e = status_error(status_reply(status, &[], "oops")).await;
        assert!(matches!(e, AskError::Server { status: s, .. } if s == status));
    }
    let e = status_error(status_reply(400, &[], "bad body")).await;
    assert!(matches!(e, AskError::Status { status: 400, .. }));
}

#[tokio::test]
async fn connection_refused() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    drop(listener);
    let mut conv = new_conversation();
    let (result, _) = run(&settings(&format!("http://{addr}")), &mut conv, "q", None).await;
    let e = result.unwrap_err();
    assert!(matches!(e, AskError::Connect { .. }), "{e:?}");
    assert!(
        e.to_string()
            .starts_with("could not reach the assistant endpoint")
    );
}

#[tokio::test]
async fn no_response_times_out() {
    let server = start(|_, _| vec![Step::Hang]).await;
    let mut s = settings(&server.base_url());
    s.timeouts.response = Duration::from_millis(300);
    let started = Instant::now();
    let (result, _) = run(&s, &mut new_conversation(), "q", None).await;
    assert!(
        matches!(result, Err(AskError::Timeout { .. })),
        "{result:?}"
    );
    assert!(started.elapsed() < Duration::from_secs(3));
}

fn partial_stream() -> Vec<Step> {
    vec![
        head(200),
        sse(r#"{"type":"start","messageMetadata":{"threadId":"thread_p"}}"#),
        sse(r#"{"type":"text-start","id":"t"}"#),
        sse(r#"{"type":"text-delta","id":"t","delta":"Half an "}"#),
        sse(r#"{"type":"text-delta","id":"t","delta":"answer"}"#),
    ]
}

fn expect_incomplete(result: Result<Answer, AskError>) -> (Answer, Interruption, String) {
    let e = result.expect_err("should be incomplete");
    let text = e.to_string();
    match e {
        AskError::Incomplete { partial, reason } => (*partial, reason, text),
        other => panic!("expected Incomplete, got {other:?}"),
    }
}

#[tokio::test]
async fn stall_mid_stream_keeps_partial() {
    let server = start(|_, _| {
        let mut s = partial_stream();
        s.push(Step::Hang);
        s
    })
    .await;
    let mut s = settings(&server.base_url());
    s.timeouts.stall = Duration::from_millis(300);
    let (result, updates) = run(&s, &mut new_conversation(), "q", None).await;
    let (partial, reason, text) = expect_incomplete(result);
    assert_eq!(reason, Interruption::Stalled(Duration::from_millis(300)));
    assert_eq!(partial.text(), "Half an answer");
    assert_eq!(streamed_text(&updates), "Half an answer");
    assert!(partial.is_incomplete());
    assert_eq!(partial.thread_id.as_deref(), Some("thread_p"));
    assert!(
        text.contains("stalled") && text.contains("partial answer was kept"),
        "{text}"
    );
}

#[tokio::test]
async fn error_chunk_keeps_partial() {
    let server = start(|_, _| {
        let mut s = partial_stream();
        s.push(sse(r#"{"type":"error","errorText":"model overloaded"}"#));
        s.push(Step::End);
        s
    })
    .await;
    let (result, _) = run(
        &settings(&server.base_url()),
        &mut new_conversation(),
        "q",
        None,
    )
    .await;
    let (partial, reason, text) = expect_incomplete(result);
    assert_eq!(reason, Interruption::ServerError("model overloaded".into()));
    assert_eq!(partial.text(), "Half an answer");
    assert!(text.contains("model overloaded"));
}

#[tokio::test]
async fn stream_cut_before_finish_keeps_partial() {
    // Chunked body cut without its last chunk: the transport reports it.
    let server = start(|_, _| {
        let mut s = partial_stream();
        s.push(Step::Cut);
        s
    })
    .await;
    let (result, _) = run(
        &settings(&server.base_url()),
        &mut new_conversation(),
        "q",
        None,
    )
    .await;
    let (partial, reason, _) = expect_incomplete(result);
    assert!(
        matches!(reason, Interruption::Network(_) | Interruption::Cut),
        "{reason:?}"
    );
    assert_eq!(partial.text(), "Half an answer");

    // A body that ends cleanly, but before `finish`.
    let server = start(|_, _| {
        let mut s = partial_stream();
        s.push(Step::End);
        s
    })
    .await;
    let (result, _) = run(
        &settings(&server.base_url()),
        &mut new_conversation(),
        "q",
        None,
    )
    .await;
    let (partial, reason, text) = expect_incomplete(result);
    assert_eq!(reason, Interruption::Cut);
    assert_eq!(partial.text(), "Half an answer");
    assert!(text.contains("closed before the answer finished"));
}

#[tokio::test]
async fn json_body_instead_of_a_stream_is_explained() {
    let server = start(|_, _| status_reply(200, &[], r#"{"error":"assistant disabled"}"#)).await;
    let (result, _) = run(
        &settings(&server.base_url()),
        &mut new_conversation(),
        "q",
        None,
    )
    .await;
    let (_, reason, text) = expect_incomplete(result);
    assert!(matches!(reason, Interruption::NotAStream(_)));
    assert!(text.contains("assistant disabled"), "{text}");
}

#[tokio::test]
async fn cancel_mid_stream_stops_at_once() {
    let server = start(|_, _| {
        let mut s = partial_stream();
        s.push(Step::Hang);
        s
    })
    .await;
    let cancel = CancellationToken::new();
    let started = Instant::now();
    let trigger = cancel.clone();
    let mut conv = new_conversation();
    let result = ask(
        &settings(&server.base_url()),
        &mut conv,
        "q",
        None,
        |u| {
            if matches!(u, AnswerUpdate::TextDelta { .. }) {
                trigger.cancel();
            }
        },
        &cancel,
    )
    .await;
    let (partial, reason, _) = expect_incomplete(result);
    assert_eq!(reason, Interruption::Cancelled);
    assert!(partial.text().starts_with("Half an "));
    assert!(started.elapsed() < Duration::from_secs(2));
}

#[tokio::test]
async fn cancel_before_the_response() {
    let server = start(|_, _| vec![Step::Hang]).await;
    let cancel = CancellationToken::new();
    let c = cancel.clone();
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(100)).await;
        c.cancel();
    });
    let result = ask(
        &settings(&server.base_url()),
        &mut new_conversation(),
        "q",
        None,
        |_| {},
        &cancel,
    )
    .await;
    let (_, reason, _) = expect_incomplete(result);
    assert_eq!(reason, Interruption::Cancelled);
}

#[test]
fn base_url_rules() {
    let url = |base: &str| {
        let mut s = settings(base);
        s.domain = Some("my docs".into());
        endpoint_url(&s)
    };
    for ok in [
        "https://api.example.com",
        "http://localhost:8080",
        "http://LOCALHOST",
        "http://127.0.0.1:1",
        "http://127.9.8.7",
        "http://[::1]:3000",
    ] {
        assert!(url(ok).is_ok(), "{ok}");
    }
    assert_eq!(
        url("https://api.example.com/prefix/").unwrap().as_str(),
        "https://api.example.com/prefix/discovery/v2/assistant/my%20docs/message"
    );
    for bad in [
        "http://api.example.com",
        "http://127.0.0.1.example.com",
        "http://10.0.0.1",
        "ftp://api.example.com",
        "not a url",
    ] {
        let e = url(bad).unwrap_err();
        assert!(matches!(e, AskError::BadBaseUrl { .. }), "{bad}");
        assert!(e.to_string().contains("docsLsp.assistant.baseUrl"));
    }
}

#[tokio::test]
async fn missing_settings_name_the_setting() {
    let mut s = settings("https://api.example.com");
    s.api_key = None;
    let (r, _) = run(&s, &mut new_conversation(), "q", None).await;
    let text = r.unwrap_err().to_string();
    assert!(text.contains("docsLsp.assistant.apiKey") && text.contains("DOCS_ASSISTANT_API_KEY"));

    let mut s = settings("https://api.example.com");
    s.domain = Some("  ".into());
    let (r, _) = run(&s, &mut new_conversation(), "q", None).await;
    let text = r.unwrap_err().to_string();
    assert!(text.contains("docsLsp.assistant.domain") && text.contains("DOCS_ASSISTANT_DOMAIN"));
}

#[tokio::test]
async fn key_without_marker_warns_but_is_used() {
    let server = start(|_, _| stream_reply(&fixture("endpoint-answer.sse"), 64)).await;
    let mut s = settings(&server.base_url());
    s.api_key = Some(Secret::new("plainkey123"));
    let (result, updates) = run(&s, &mut new_conversation(), "q", None).await;
    let answer = result.unwrap();
    assert!(answer.warnings.iter().any(|w| w.contains("_dsc_")));
    assert!(matches!(&updates[0], AnswerUpdate::Warning(w) if w.contains("_dsc_")));
    assert_eq!(
        server.requests()[0].headers["authorization"],
        "Bearer plainkey123"
    );
}

/// Runs many scenarios and looks for the key in everything a person or a log
/// could see: errors (Display and Debug), warnings, updates, traces.
#[tokio::test]
async fn the_key_appears_nowhere() {
    let server = start(|n, _| match n {
        0 => stream_reply(&fixture("all-chunk-types.sse"), 9),
        // A hostile server echoing the key back in its error body.
        1 => status_reply(401, &[], &format!("bad key {KEY}")),
        2 => status_reply(500, &[], &format!("{{\"key\":\"{KEY}\"}}")),
        3 => {
            let mut s = partial_stream();
            s.push(sse(&format!(
                r#"{{"type":"error","errorText":"key {KEY} over quota"}}"#
            )));
            s
        }
        _ => status_reply(429, &[("retry-after", "5")], ""),
    })
    .await;
    let s = settings(&server.base_url());
    let mut seen = Vec::new();
    let mut conv = new_conversation();
    seen.push(format!("{s:?}"));
    seen.push(request_trace(&s, &conv, "q", Some(&selection())));
    for _ in 0..5 {
        let (result, updates) = run(&s, &mut conv, "q", Some(&selection())).await;
        seen.push(format!("{updates:?}"));
        match result {
            Ok(answer) => seen.push(format!("{answer:?}")),
            Err(e) => {
                seen.push(e.to_string());
                seen.push(format!("{e:?}"));
            }
        }
    }
    seen.push(format!("{conv:?}"));
    let mut bad = s.clone();
    bad.base_url = "http://remote.example.com".into();
    seen.push(
        run(&bad, &mut conv, "q", None)
            .await
            .0
            .unwrap_err()
            .to_string(),
    );
    let mut spaced = s.clone();
    spaced.api_key = Some(Secret::new(format!("{KEY} x")));
    let e = run(&spaced, &mut conv, "q", None).await.0.unwrap_err();
    seen.push(format!("{e} {e:?}"));

    assert_eq!(
        server.requests().len(),
        5,
        "the scenarios reached the server"
    );
    let all = seen.join("\n");
    assert!(
        all.contains("over quota") && all.contains("bad key"),
        "{all}"
    );
    assert!(!all.contains(KEY), "the key leaked:\n{all}");
    assert!(!all.contains("SECRET0123456789"), "part of the key leaked");
}

/// Not a pass/fail check: prints the delay between the server writing the
/// first body byte and the sink receiving the first text delta.
#[tokio::test]
async fn latency_first_byte_to_first_delta() {
    let server = start(|_, _| {
        let mut s = vec![head(200)];
        s.push(sse(r#"{"type":"text-delta","id":"t","delta":"first"}"#));
        s.push(Step::Sleep(Duration::from_millis(50)));
        s.extend(
            stream_reply(&fixture("endpoint-answer.sse"), 32)
                .into_iter()
                .skip(1),
        );
        s
    })
    .await;
    let s = settings(&server.base_url());
    let mut samples = Vec::new();
    for _ in 0..5 {
        let first_delta: Arc<Mutex<Option<Instant>>> = Arc::default();
        let fd = first_delta.clone();
        *server.first_body_write.lock().unwrap() = None;
        let cancel = CancellationToken::new();
        ask(
            &s,
            &mut new_conversation(),
            "q",
            None,
            |u| {
                if matches!(u, AnswerUpdate::TextDelta { .. }) {
                    fd.lock().unwrap().get_or_insert_with(Instant::now);
                }
            },
            &cancel,
        )
        .await
        .unwrap();
        let wrote = server.first_body_write.lock().unwrap().unwrap();
        let got = first_delta.lock().unwrap().unwrap();
        samples.push(got.saturating_duration_since(wrote));
    }
    println!("first body byte written -> first TextDelta in sink: {samples:?}");
}
