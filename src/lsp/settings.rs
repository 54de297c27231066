//! The server's settings (`docsLsp.*`) as one typed value, read in one
//! place from whichever way the client sends them (initializationOptions,
//! `workspace/configuration`, `workspace/didChangeConfiguration`). A value
//! of the wrong type is left at its default and named in the log: a typo in
//! a user's settings must not stop the server or silently reset the rest.

use crate::assistant::client::{self as assistant, Secret};
pub use crate::ide::inlay_hints::HintOptions;
use serde_json::Value;
use std::time::Duration;

/// No delay by default: diagnostics are published when the newest change's
/// analysis is ready, and a burst of keystrokes coalesces without one
/// (`publish::schedule`). A user may still ask for a quiet moment.
pub const DEFAULT_DEBOUNCE_MS: u64 = 0;
/// The most a user can make diagnostics wait.
pub const MAX_DEBOUNCE_MS: u64 = 5000;

/// `links.addRedirectOnMove`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RedirectOnMove {
    /// Ask once the move is seen on disk.
    #[default]
    Ask,
    /// Put the redirect in the move's own edit.
    Always,
    Never,
}

#[derive(Debug, Clone)]
pub struct Settings {
    /// `diagnostics.debounceMs`: the least delay between a change and its
    /// pushed diagnostics.
    pub debounce: Duration,
    pub redirect_on_move: RedirectOnMove,
    /// `assistant.*`, with the environment applied (`DOCS_ASSISTANT_*`).
    pub assistant: assistant::AssistantSettings,
    /// `since`: a git revision whose URLs must keep working
    /// (`url-removed`); `None` (unset or empty): off.
    pub since: Option<String>,
    /// `inlayHints.pageTitles` and `inlayHints.headingIds`.
    pub inlay_hints: HintOptions,
}

impl Default for Settings {
    fn default() -> Self {
        Settings::read(&Value::Null).0
    }
}

impl Settings {
    /// The settings in `v` (the `docsLsp` section, or an object holding it),
    /// and a line for each value that was ignored.
    pub fn read(v: &Value) -> (Settings, Vec<String>) {
        let v = v.get("docsLsp").unwrap_or(v);
        let mut ignored = Vec::new();
        let mut wrong = |key: &str, want: &str, got: &Value| {
            ignored.push(format!(
                "docsLsp.{key}: expected {want}, got {}; the default is used",
                kind(got)
            ));
        };
        let debounce_ms = match v.pointer("/diagnostics/debounceMs") {
            None | Some(Value::Null) => DEFAULT_DEBOUNCE_MS,
            Some(n) => match n.as_f64().filter(|n| *n >= 0.0) {
                Some(n) => (n as u64).min(MAX_DEBOUNCE_MS),
                None => {
                    wrong("diagnostics.debounceMs", "a number of milliseconds", n);
                    DEFAULT_DEBOUNCE_MS
                }
            },
        };
        let redirect_on_move = match v.pointer("/links/addRedirectOnMove") {
            None | Some(Value::Null) => RedirectOnMove::Ask,
            Some(Value::String(s)) if s == "ask" => RedirectOnMove::Ask,
            Some(Value::String(s)) if s == "always" => RedirectOnMove::Always,
            Some(Value::String(s)) if s == "never" => RedirectOnMove::Never,
            Some(x) => {
                wrong(
                    "links.addRedirectOnMove",
                    "\"ask\", \"always\" or \"never\"",
                    x,
                );
                RedirectOnMove::Ask
            }
        };
        let since = match v.get("since") {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) => Some(s.trim().to_string()).filter(|s| !s.is_empty()),
            Some(x) => {
                wrong("since", "a git revision (a string)", x);
                None
            }
        };
        let mut flag =
            |key: &str, default: bool| match v.pointer(&format!("/{}", key.replace('.', "/"))) {
                None | Some(Value::Null) => default,
                Some(Value::Bool(b)) => *b,
                Some(x) => {
                    wrong(key, "true or false", x);
                    default
                }
            };
        let defaults = HintOptions::default();
        let inlay_hints = HintOptions {
            page_titles: flag("inlayHints.pageTitles", defaults.page_titles),
            heading_ids: flag("inlayHints.headingIds", defaults.heading_ids),
        };
        let assistant = read_assistant(v.get("assistant").unwrap_or(&Value::Null), &mut wrong);
        (
            Settings {
                debounce: Duration::from_millis(debounce_ms),
                redirect_on_move,
                assistant,
                since,
                inlay_hints,
            },
            ignored,
        )
    }
}

/// `assistant.*`, then the environment: `DOCS_ASSISTANT_API_KEY` wins over
/// the setting (a key in the environment need not be written into a
/// settings file); the base URL and domain settings win over theirs.
fn read_assistant(
    a: &Value,
    wrong: &mut impl FnMut(&str, &str, &Value),
) -> assistant::AssistantSettings {
    let mut text = |k: &str| match a.get(k) {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.clone()).filter(|s| !s.is_empty()),
        Some(x) => {
            // Never echo the value: it may be the key.
            wrong(&format!("assistant.{k}"), "a string", &kind_only(x));
            None
        }
    };
    let env = |k: &str| std::env::var(k).ok().filter(|x| !x.is_empty());
    let mut out = assistant::AssistantSettings::default();
    if let Some(b) = text("baseUrl").or_else(|| env("DOCS_ASSISTANT_BASE_URL")) {
        out.base_url = b;
    }
    out.domain = text("domain").or_else(|| env("DOCS_ASSISTANT_DOMAIN"));
    let key = text("apiKey");
    out.api_key = env("DOCS_ASSISTANT_API_KEY").or(key).map(Secret::new);
    if let Some(fp) = text("fingerprint") {
        out.fingerprint = fp;
    }
    match a.get("retrievalPageSize") {
        None | Some(Value::Null) => {}
        Some(n) => match n.as_u64() {
            Some(n) => out.retrieval_page_size = n.clamp(1, 50) as u32,
            None => wrong("assistant.retrievalPageSize", "a whole number", n),
        },
    }
    match a.get("filter") {
        None | Some(Value::Null) => {}
        Some(f) if f.is_object() => out.filter = Some(f.clone()),
        Some(f) => wrong("assistant.filter", "an object or null", f),
    }
    out
}

/// A stand-in of the same JSON kind, so that messages name the kind only.
fn kind_only(v: &Value) -> Value {
    match v {
        Value::Bool(_) => Value::Bool(false),
        Value::Number(_) => Value::from(0),
        Value::String(_) => Value::String(String::new()),
        Value::Array(_) => Value::Array(Vec::new()),
        Value::Object(_) => Value::Object(Default::default()),
        Value::Null => Value::Null,
    }
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn defaults() {
        let (s, ignored) = Settings::read(&Value::Null);
        assert_eq!(s.debounce, Duration::from_millis(DEFAULT_DEBOUNCE_MS));
        assert_eq!(s.redirect_on_move, RedirectOnMove::Ask);
        assert_eq!(s.assistant.retrieval_page_size, 5);
        assert_eq!(s.since, None);
        assert!(s.inlay_hints.page_titles && s.inlay_hints.heading_ids);
        assert!(ignored.is_empty());
    }

    #[test]
    fn since_is_a_revision_and_empty_is_off() {
        let read = |v| Settings::read(&v);
        assert_eq!(
            read(json!({"since": " origin/main "})).0.since.as_deref(),
            Some("origin/main")
        );
        assert_eq!(read(json!({"since": ""})).0.since, None);
        let (s, ignored) = read(json!({"since": 3}));
        assert_eq!((s.since, ignored.len()), (None, 1));
    }

    #[test]
    fn inlay_hints_turn_off_one_by_one() {
        let (s, ignored) = Settings::read(&json!({"inlayHints": {"pageTitles": false}}));
        assert!(!s.inlay_hints.page_titles && s.inlay_hints.heading_ids);
        assert!(ignored.is_empty());
        let (s, ignored) = Settings::read(&json!({"inlayHints": {"headingIds": "no"}}));
        assert!(s.inlay_hints.page_titles && s.inlay_hints.heading_ids);
        assert_eq!(ignored.len(), 1, "{ignored:?}");
        assert!(ignored[0].contains("inlayHints.headingIds"));
    }

    #[test]
    fn values_under_the_section_or_at_the_top() {
        for v in [
            json!({"docsLsp": {"diagnostics": {"debounceMs": 250}, "links": {"addRedirectOnMove": "never"}}}),
            json!({"diagnostics": {"debounceMs": 250}, "links": {"addRedirectOnMove": "never"}}),
        ] {
            let (s, ignored) = Settings::read(&v);
            assert_eq!(s.debounce, Duration::from_millis(250));
            assert_eq!(s.redirect_on_move, RedirectOnMove::Never);
            assert!(ignored.is_empty(), "{ignored:?}");
        }
        let (s, _) = Settings::read(&json!({"diagnostics": {"debounceMs": 99999}}));
        assert_eq!(s.debounce, Duration::from_millis(MAX_DEBOUNCE_MS));
    }

    #[test]
    fn a_wrong_value_is_ignored_alone_and_named_without_its_content() {
        let (s, ignored) = Settings::read(&json!({
            "diagnostics": {"debounceMs": "fast"},
            "links": {"addRedirectOnMove": "sometimes"},
            "assistant": {"apiKey": ["sk-secret-in-a-list"], "domain": "acme", "retrievalPageSize": -3},
        }));
        assert_eq!(s.debounce, Duration::from_millis(DEFAULT_DEBOUNCE_MS));
        assert_eq!(s.redirect_on_move, RedirectOnMove::Ask);
        assert_eq!(s.assistant.domain.as_deref(), Some("acme"));
        assert_eq!(s.assistant.retrieval_page_size, 5);
        assert_eq!(ignored.len(), 4, "{ignored:#?}");
        assert!(ignored[0].contains("diagnostics.debounceMs"));
        assert!(
            ignored.iter().all(|l| !l.contains("sk-secret")),
            "{ignored:#?}"
        );
    }
}
