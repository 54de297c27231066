//! Sends a question to the assistant message endpoint and follows the answer
//! stream as it arrives.
//!
//! The API key is held in [`Secret`], which never formats its value; the only
//! place it is read is the `Authorization` header. Anything else that could
//! echo it (server error bodies, transport errors) goes through [`redact`].

use std::fmt;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::Serialize;
use serde_json::Value;
use tokio_util::sync::CancellationToken;
use url::{Host, Url};

pub use super::error::{AskError, Interruption, RetryAfter};
use super::stream::{Answer, Source, StreamEvent, StreamParser};

/// Documented public host of the assistant API; the endpoint path is appended.
pub const DEFAULT_BASE_URL: &str = "https://api.mintlify.com";
pub const DEFAULT_FINGERPRINT: &str = "anonymous";
pub const DEFAULT_RETRIEVAL_PAGE_SIZE: u32 = 5;
/// The question asked when the user gives none, only a selection.
pub const DEFAULT_QUESTION: &str =
    "Explain this selection in the context of this documentation site.";
/// Assistant keys carry this marker; others are probably the wrong kind of key.
pub const KEY_MARKER: &str = "_dsc_";

/// A secret string whose `Debug` and `Display` print `***`.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Secret(value.into())
    }

    /// The value itself; call only where it must go on the wire.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("***")
    }
}

impl fmt::Display for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("***")
    }
}

/// Replaces every occurrence of the secret in `text` with `***`.
pub fn redact(text: &str, secret: Option<&Secret>) -> String {
    match secret {
        Some(s) if !s.0.is_empty() => text.replace(&s.0, "***"),
        _ => text.to_string(),
    }
}

/// How long to wait at each stage of a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timeouts {
    /// Establishing the TCP/TLS connection.
    pub connect: Duration,
    /// From sending the request to the response headers.
    pub response: Duration,
    /// Longest silence allowed between two pieces of the body.
    pub stall: Duration,
}

impl Default for Timeouts {
    fn default() -> Self {
        Timeouts {
            connect: Duration::from_secs(10),
            response: Duration::from_secs(60),
            stall: Duration::from_secs(60),
        }
    }
}

/// Everything needed to reach the endpoint.
#[derive(Debug, Clone)]
pub struct AssistantSettings {
    pub base_url: String,
    pub domain: Option<String>,
    pub api_key: Option<Secret>,
    pub fingerprint: String,
    pub retrieval_page_size: u32,
    pub filter: Option<Value>,
    pub timeouts: Timeouts,
}

impl Default for AssistantSettings {
    fn default() -> Self {
        AssistantSettings {
            base_url: DEFAULT_BASE_URL.to_string(),
            domain: None,
            api_key: None,
            fingerprint: DEFAULT_FINGERPRINT.to_string(),
            retrieval_page_size: DEFAULT_RETRIEVAL_PAGE_SIZE,
            filter: None,
            timeouts: Timeouts::default(),
        }
    }
}

/// Text the user selected, sent as `textSelection` context.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Selection {
    pub text: String,
    /// The file's path within its docs root.
    pub path: String,
}

/// One message of the conversation, in the endpoint's wire shape.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Message {
    pub id: String,
    pub role: String,
    pub parts: Vec<MessagePart>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MessagePart {
    #[serde(rename = "type")]
    pub kind: String,
    pub text: String,
}

impl Message {
    fn text(role: &str, text: &str) -> Message {
        Message {
            id: next_message_id(),
            role: role.to_string(),
            parts: vec![MessagePart {
                kind: "text".to_string(),
                text: text.to_string(),
            }],
        }
    }
}

/// Unique without a random-number crate: time for uniqueness across runs,
/// a counter within one.
fn next_message_id() -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    format!("msg-{n}-{nanos:x}")
}

/// The conversation so far: what the next request carries.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Conversation {
    pub messages: Vec<Message>,
    pub thread_id: Option<String>,
}

impl Conversation {
    /// Continues a thread started elsewhere (e.g. `ask --thread`).
    pub fn with_thread(thread_id: impl Into<String>) -> Self {
        Conversation {
            messages: Vec::new(),
            thread_id: Some(thread_id.into()),
        }
    }
}

/// A fresh conversation: no messages, no thread.
pub fn new_conversation() -> Conversation {
    Conversation::default()
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RequestBody<'a> {
    fp: &'a str,
    messages: Vec<Message>,
    #[serde(skip_serializing_if = "Option::is_none")]
    thread_id: Option<&'a str>,
    retrieval_page_size: u32,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    context: Vec<ContextItem<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    filter: Option<&'a Value>,
}

#[derive(Serialize)]
struct ContextItem<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    value: &'a str,
    path: &'a str,
}

/// The JSON body for `question`, and the user message it adds.
pub fn build_request_body(
    settings: &AssistantSettings,
    conv: &Conversation,
    question: &str,
    selection: Option<&Selection>,
) -> (Value, Message) {
    let user = Message::text("user", question);
    let mut messages = conv.messages.clone();
    messages.push(user.clone());
    let body = RequestBody {
        fp: &settings.fingerprint,
        messages,
        thread_id: conv.thread_id.as_deref(),
        retrieval_page_size: settings.retrieval_page_size,
        context: selection
            .map(|s| ContextItem {
                kind: "textSelection",
                value: &s.text,
                path: &s.path,
            })
            .into_iter()
            .collect(),
        filter: settings.filter.as_ref(),
    };
    // Serializing plain strings, numbers and a Value cannot fail.
    let value = serde_json::to_value(&body).unwrap_or(Value::Null);
    (value, user)
}

fn is_loopback(host: &Host<&str>) -> bool {
    match host {
        Host::Domain(d) => d.eq_ignore_ascii_case("localhost"),
        Host::Ipv4(ip) => IpAddr::V4(*ip).is_loopback(),
        Host::Ipv6(ip) => IpAddr::V6(*ip).is_loopback(),
    }
}

/// The endpoint URL for `settings`: https, or http only to a loopback address.
pub fn endpoint_url(settings: &AssistantSettings) -> Result<Url, AskError> {
    let domain = settings
        .domain
        .as_deref()
        .map(str::trim)
        .filter(|d| !d.is_empty())
        .ok_or(AskError::MissingDomain)?;
    let raw = settings.base_url.trim();
    let bad = |reason: &str| AskError::BadBaseUrl {
        url: raw.to_string(),
        reason: reason.to_string(),
    };
    let mut url = Url::parse(raw).map_err(|e| bad(&e.to_string()))?;
    let loopback = url.host().is_some_and(|h| is_loopback(&h));
    match url.scheme() {
        "https" => {}
        "http" if loopback => {}
        "http" => {
            return Err(bad(
                "plain http is only allowed to loopback addresses; use https",
            ));
        }
        _ => return Err(bad("the scheme must be https")),
    }
    if url.host().is_none() {
        return Err(bad("it has no host"));
    }
    url.set_query(None);
    url.set_fragment(None);
    url.path_segments_mut()
        .map_err(|_| bad("it cannot take a path"))?
        .pop_if_empty()
        .extend(["discovery", "v2", "assistant", domain, "message"]);
    Ok(url)
}

/// Checks the settings before a request; returns warnings worth showing.
pub fn check_settings(settings: &AssistantSettings) -> Result<Vec<String>, AskError> {
    let key = settings
        .api_key
        .as_ref()
        .filter(|k| !k.expose().trim().is_empty())
        .ok_or(AskError::MissingApiKey)?;
    // Checked here so that the header cannot fail later with a message
    // that might be tempted to show the value.
    if !key.expose().bytes().all(|b| b.is_ascii_graphic()) {
        return Err(AskError::BadApiKey);
    }
    endpoint_url(settings)?;
    let mut warnings = Vec::new();
    if !key.expose().contains(KEY_MARKER) {
        warnings.push(format!(
            "the assistant API key does not look like an assistant key (those contain `{KEY_MARKER}`); \
             trying it anyway"
        ));
    }
    Ok(warnings)
}

/// A readable description of the request, with the key masked, for traces.
pub fn request_trace(
    settings: &AssistantSettings,
    conv: &Conversation,
    question: &str,
    selection: Option<&Selection>,
) -> String {
    let url = endpoint_url(settings)
        .map(|u| u.to_string())
        .unwrap_or_else(|e| format!("<{e}>"));
    let (body, _) = build_request_body(settings, conv, question, selection);
    let text = format!(
        "POST {url}\nAuthorization: Bearer {}\nContent-Type: application/json\n\n{body}",
        Secret::new("")
    );
    redact(&text, settings.api_key.as_ref())
}

/// What the caller sees while the answer streams.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnswerUpdate {
    Warning(String),
    TextDelta { part_id: String, delta: String },
    Source(Source),
    Finished { thread_id: Option<String> },
}

/// Asks `question` (with an optional selection as context) and streams the
/// answer into `sink`. On a complete answer the conversation gains the
/// question and the answer, and the thread id for the next question; on any
/// failure it is left as it was, so the same question can be asked again.
pub async fn ask(
    settings: &AssistantSettings,
    conv: &mut Conversation,
    question: &str,
    selection: Option<&Selection>,
    mut sink: impl FnMut(AnswerUpdate),
    cancel: &CancellationToken,
) -> Result<Answer, AskError> {
    let warnings = check_settings(settings)?;
    for w in &warnings {
        sink(AnswerUpdate::Warning(w.clone()));
    }
    let key = settings.api_key.as_ref().ok_or(AskError::MissingApiKey)?;
    let url = endpoint_url(settings)?;
    let (body, user) = build_request_body(settings, conv, question, selection);

    let mut builder = reqwest::Client::builder()
        .connect_timeout(settings.timeouts.connect)
        // A redirect could carry the key elsewhere or downgrade to http.
        .redirect(reqwest::redirect::Policy::none());
    if url.host().is_some_and(|h| is_loopback(&h)) {
        builder = builder.no_proxy();
    }
    let client = builder.build().map_err(|e| AskError::Connect {
        detail: redact(&e.to_string(), Some(key)),
    })?;
    let mut auth = reqwest::header::HeaderValue::from_str(&format!("Bearer {}", key.expose()))
        .map_err(|_| AskError::BadApiKey)?;
    auth.set_sensitive(true);
    let request = client
        .post(url)
        .header(reqwest::header::AUTHORIZATION, auth)
        .header(reqwest::header::CONTENT_TYPE, "application/json")
        .header(reqwest::header::ACCEPT, "text/event-stream")
        .body(body.to_string());

    let mut answer = Answer {
        warnings,
        ..Answer::default()
    };
    let incomplete = |answer: Answer, reason| AskError::Incomplete {
        partial: Box::new(answer),
        reason,
    };

    let response = tokio::select! {
        _ = cancel.cancelled() => return Err(incomplete(answer, Interruption::Cancelled)),
        r = tokio::time::timeout(settings.timeouts.response, request.send()) => r,
    };
    let response = match response {
        Err(_) => {
            return Err(AskError::Timeout {
                after: settings.timeouts.response,
            });
        }
        Ok(Err(e)) if e.is_timeout() => {
            return Err(AskError::Timeout {
                after: settings.timeouts.connect,
            });
        }
        Ok(Err(e)) => {
            return Err(AskError::Connect {
                detail: redact(&error_chain(&e), Some(key)),
            });
        }
        Ok(Ok(r)) => r,
    };
    let status = response.status();
    if !status.is_success() {
        return Err(status_error(settings, response, key).await);
    }

    let mut response = response;
    let mut parser = StreamParser::new();
    // The start of the body, kept until the first event, to explain a
    // response that is not an event stream at all (e.g. a JSON error).
    let mut head: Vec<u8> = Vec::new();
    let mut any_event = false;
    loop {
        let next = tokio::select! {
            _ = cancel.cancelled() => return Err(incomplete(answer, Interruption::Cancelled)),
            r = tokio::time::timeout(settings.timeouts.stall, response.chunk()) => r,
        };
        let (events, eof) = match next {
            Err(_) => {
                return Err(incomplete(
                    answer,
                    Interruption::Stalled(settings.timeouts.stall),
                ));
            }
            Ok(Err(e)) => {
                let detail = redact(&error_chain(&e), Some(key));
                return Err(incomplete(answer, Interruption::Network(detail)));
            }
            Ok(Ok(Some(bytes))) => {
                if !any_event && head.len() < 200 {
                    head.extend_from_slice(&bytes[..bytes.len().min(200 - head.len())]);
                }
                (parser.feed(&bytes), false)
            }
            Ok(Ok(None)) => (parser.finish(), true),
        };
        any_event |= !events.is_empty();
        for event in &events {
            answer.apply(event);
            match event {
                StreamEvent::TextDelta { part_id, delta } => sink(AnswerUpdate::TextDelta {
                    part_id: part_id.clone(),
                    delta: delta.clone(),
                }),
                StreamEvent::Source(s) => sink(AnswerUpdate::Source(s.clone())),
                StreamEvent::Finish { .. } => sink(AnswerUpdate::Finished {
                    thread_id: answer.thread_id.clone(),
                }),
                StreamEvent::Invalid(w) => sink(AnswerUpdate::Warning(format!(
                    "skipped a malformed chunk of the answer: {w}"
                ))),
                _ => {}
            }
            // An `error` or `abort` chunk ends the answer; what came before is kept.
            if let Some(text) = answer.error.take() {
                let text = redact(&text, Some(key));
                answer.error = Some(text.clone());
                return Err(incomplete(answer, Interruption::ServerError(text)));
            }
        }
        // `[DONE]` ends the stream; so does the connection closing.
        if answer.done || eof {
            break;
        }
    }
    if !any_event && !head.is_empty() {
        let text = String::from_utf8_lossy(&head);
        let text = redact(
            &text.split_whitespace().collect::<Vec<_>>().join(" "),
            Some(key),
        );
        return Err(incomplete(answer, Interruption::NotAStream(text)));
    }
    if !answer.finished {
        return Err(incomplete(answer, Interruption::Cut));
    }
    conv.messages.push(user);
    conv.messages
        .push(Message::text("assistant", &answer.text()));
    if answer.thread_id.is_some() {
        conv.thread_id.clone_from(&answer.thread_id);
    }
    Ok(answer)
}

/// The error and its causes on one line: reqwest's top message alone
/// ("error sending request") does not say that the connection was refused.
fn error_chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        text.push_str(": ");
        text.push_str(&s.to_string());
        source = s.source();
    }
    text
}

async fn status_error(
    settings: &AssistantSettings,
    response: reqwest::Response,
    key: &Secret,
) -> AskError {
    let status = response.status().as_u16();
    let retry_after = response
        .headers()
        .get(reqwest::header::RETRY_AFTER)
        .and_then(|v| v.to_str().ok())
        .and_then(RetryAfter::parse);
    // A short, redacted excerpt of the body helps when the server explains.
    let body = tokio::time::timeout(settings.timeouts.stall, response.text())
        .await
        .ok()
        .and_then(Result::ok)
        .unwrap_or_default();
    let mut detail: String = body.split_whitespace().collect::<Vec<_>>().join(" ");
    if detail.chars().count() > 200 {
        detail = detail.chars().take(200).collect::<String>() + "...";
    }
    let detail = redact(&detail, Some(key));
    match status {
        401 | 403 => AskError::KeyRejected { status, detail },
        404 => AskError::UnknownDomain {
            domain: settings.domain.clone().unwrap_or_default(),
            detail,
        },
        429 => AskError::RateLimited { retry_after },
        500..=599 => AskError::Server { status, detail },
        _ => AskError::Status { status, detail },
    }
}
