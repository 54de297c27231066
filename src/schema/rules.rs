//! The platform's refinements: checks its zod schemas make in code
//! (`.refine()`, `.superRefine()`, transforms that raise an issue), which a
//! JSON Schema projection cannot say. The schema data names them (`x-rules`,
//! written by tools/schema/extract.py, which identifies each refinement by
//! running the platform's own function on probe values) with the
//! platform's message; this module is what each rule checks.
//!
//! URLs are parsed with the `url` crate, which implements the same WHATWG
//! URL standard as the `new URL()` / `URL.canParse()` the platform calls.

use crate::syntax::tree::{Node, Value};
use serde_json::Value as Json;

/// One refinement.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Refinement {
    pub(crate) kind: RefinementKind,
    /// What the platform says when the value breaks the rule.
    pub(crate) message: String,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum RefinementKind {
    /// A string must not start with this (`fa-` icons; integration
    /// domains written with `https://`).
    NotPrefix(String),
    /// A string must start with this (`https://` script sources).
    Prefix(String),
    /// A URL without `?query` or `#fragment` (a string that is no URL
    /// passes: another check refuses it).
    NoQueryOrFragment,
    /// An absolute `https:` URL not naming an `.svg`, `.exe` or `.zip`
    /// file (footer socials).
    HttpsUrl,
    /// A path starting with `/` or `#`, a `mailto:` link, or an absolute
    /// URL (navigation and logo `href`s).
    UrlOrPath,
    /// As [`RefinementKind::UrlOrPath`] but absolute URLs must be `https:` and name
    /// no `.svg`/`.exe`/`.zip`, and `//host` is refused (footer links).
    SecureHref,
    /// A folder path relative to the docs root: `/`-separated segments,
    /// none empty, `.` or `..`, none holding whitespace, `\`, `?` or `#`
    /// (`seo.paths[].path`).
    FolderPath,
    /// A string that parses as an absolute URL must use one of these
    /// protocols (`https:` with its colon); anything else is a path (spec,
    /// GraphQL, SDK and font sources).
    UrlProtocol(Vec<String>),
    /// No two items alike: by the value of `key`, or themselves. Equal as
    /// a JavaScript `Set` has them: scalars by value, objects never. The
    /// items are the checked array's, or those of its `within` property
    /// (`variations.options`, checked on `variations`).
    Unique {
        key: Option<String>,
        within: Option<String>,
    },
    /// An object whose `if` key is set (truthy) must set `then` too.
    Requires { when: String, then: String },
}

impl Refinement {
    /// The rule as the schema data writes it; `None` for a rule this
    /// version does not know (it is then not checked, never guessed).
    pub(crate) fn from_json(v: &Json) -> Option<Refinement> {
        let s = |k: &str| v.get(k).and_then(Json::as_str).map(str::to_owned);
        let kind = match v.get("rule")?.as_str()? {
            "not-prefix" => RefinementKind::NotPrefix(s("value")?),
            "prefix" => RefinementKind::Prefix(s("value")?),
            "no-query-or-fragment" => RefinementKind::NoQueryOrFragment,
            "https-url" => RefinementKind::HttpsUrl,
            "url-or-path" => RefinementKind::UrlOrPath,
            "secure-href" => RefinementKind::SecureHref,
            "folder-path" => RefinementKind::FolderPath,
            "url-protocol" => RefinementKind::UrlProtocol(
                v.get("protocols")?
                    .as_array()?
                    .iter()
                    .filter_map(|p| p.as_str().map(str::to_owned))
                    .collect(),
            ),
            "unique" => RefinementKind::Unique {
                key: s("key"),
                within: s("in"),
            },
            "requires" => RefinementKind::Requires {
                when: s("if")?,
                then: s("then")?,
            },
            _ => return None,
        };
        Some(Refinement {
            kind,
            message: s("message").unwrap_or_else(|| "Invalid input".into()),
        })
    }
}

/// What breaks a rule: where (a node inside the checked one, for `unique`)
/// and an optional replacement for the checked string.
pub(crate) struct Breach<'n> {
    pub(crate) at: &'n Node,
    pub(crate) fix: Option<String>,
}

/// Check `node` (a string already trimmed when the schema trims: `text`)
/// against `rule`; the first breach, if any.
pub(crate) fn check<'n>(
    rule: &Refinement,
    node: &'n Node,
    text: Option<&str>,
) -> Option<Breach<'n>> {
    let refuse = |bad: bool| {
        bad.then_some(Breach {
            at: node,
            fix: None,
        })
    };
    match (&rule.kind, text) {
        // The fix drops the prefix (`fa-house` -> `house`).
        (RefinementKind::NotPrefix(p), Some(s)) => s.starts_with(p.as_str()).then(|| Breach {
            at: node,
            fix: Some(s[p.len()..].to_string()).filter(|rest| !rest.is_empty()),
        }),
        (RefinementKind::Prefix(p), Some(s)) => refuse(!s.starts_with(p.as_str())),
        (RefinementKind::NoQueryOrFragment, Some(s)) => refuse(url::Url::parse(s).is_ok_and(|u| {
            u.query().is_some_and(|q| !q.is_empty()) || u.fragment().is_some_and(|f| !f.is_empty())
        })),
        (RefinementKind::HttpsUrl, Some(s)) => refuse(!secure_url(&normalize_url(s))),
        (RefinementKind::UrlOrPath, Some(s)) => {
            let ok = s.starts_with('/')
                || s.starts_with('#')
                || s.starts_with("mailto:")
                || url::Url::parse(s).is_ok();
            refuse(!ok)
        }
        (RefinementKind::SecureHref, Some(s)) => {
            let s = normalize_url(s);
            let ok = if s.starts_with("//") {
                false
            } else if s.starts_with('/') || s.starts_with("mailto:") || s.starts_with('#') {
                true
            } else {
                secure_url(&s)
            };
            refuse(!ok)
        }
        (RefinementKind::FolderPath, Some(s)) => {
            let ok = s.split('/').all(|seg| {
                !seg.is_empty()
                    && seg != "."
                    && seg != ".."
                    && !seg
                        .chars()
                        .any(|c| js_whitespace(c) || matches!(c, '/' | '\\' | '?' | '#'))
            });
            refuse(!ok)
        }
        (RefinementKind::UrlProtocol(allowed), Some(s)) => {
            refuse(url::Url::parse(s).is_ok_and(|u| {
                !allowed
                    .iter()
                    .any(|p| p.strip_suffix(':') == Some(u.scheme()))
            }))
        }
        (RefinementKind::Unique { key, within }, None) => {
            let list = match within {
                Some(k) => node.get(k)?,
                None => node,
            };
            let Value::Array(items) = &list.value else {
                return None;
            };
            let mut seen: Vec<Identity> = Vec::new();
            for item in items.iter() {
                let (id, at) = match key {
                    Some(k) => match &item.value {
                        Value::Object(_) => match item.get(k) {
                            Some(v) => (identity(v), v),
                            None => (Identity::Undefined, item),
                        },
                        // `"text".source` is undefined too.
                        _ => (Identity::Undefined, item),
                    },
                    None => (identity(item), item),
                };
                if id != Identity::Distinct && seen.contains(&id) {
                    return Some(Breach { at, fix: None });
                }
                seen.push(id);
            }
            None
        }
        (RefinementKind::Requires { when, then }, None) => {
            let set = |k: &str| node.get(k).is_some_and(truthy);
            if set(when) && !set(then) {
                node.prop(when).map(|p| Breach {
                    at: &p.value,
                    fix: None,
                })
            } else {
                None
            }
        }
        _ => None,
    }
}

/// A value as a JavaScript `Set` tells values apart.
#[derive(Debug, PartialEq)]
enum Identity {
    Undefined,
    Null,
    Bool(bool),
    Number(u64),
    String(String),
    /// An object or array: never equal to another.
    Distinct,
}

fn identity(n: &Node) -> Identity {
    match &n.value {
        Value::Null => Identity::Null,
        Value::Bool(b) => Identity::Bool(*b),
        // SameValueZero: -0 equals 0.
        Value::Number(x) => Identity::Number(if *x == 0.0 { 0 } else { x.to_bits() }),
        Value::String(s) => Identity::String(s.to_string()),
        Value::Array(_) | Value::Object(_) => Identity::Distinct,
    }
}

/// JavaScript truthiness of a JSON value.
fn truthy(n: &Node) -> bool {
    match &n.value {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Number(x) => *x != 0.0 && !x.is_nan(),
        Value::String(s) => !s.is_empty(),
        Value::Array(_) | Value::Object(_) => true,
    }
}

/// `\s` of a JavaScript regular expression (and what `String.trim`
/// removes).
pub(crate) fn js_whitespace(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{0B}' | '\u{0C}' | '\r' | ' ' | '\u{A0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200A}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202F}'
                | '\u{205F}'
                | '\u{3000}'
                | '\u{FEFF}'
    )
}

/// The platform's `normalizeUrl` (reusable/href.js): the `#fragment` cut
/// (unless the string starts with it) and trailing slashes of the path
/// dropped.
fn normalize_url(s: &str) -> String {
    let mut v = match s.find('#') {
        Some(i) if i > 0 => s[..i].to_string(),
        _ => s.to_string(),
    };
    match url::Url::parse(&v) {
        Ok(mut u) => {
            let path = u.path().to_string();
            if path != "/" && path.ends_with('/') {
                u.set_path(path.trim_end_matches('/'));
                v = u.to_string();
            }
        }
        Err(_) if !v.starts_with("mailto:") => {
            let (path, query) = v.split_at(v.find('?').unwrap_or(v.len()));
            if path.len() > 1 && path.ends_with('/') {
                v = format!("{}{query}", path.trim_end_matches('/'));
            }
        }
        Err(_) => {}
    }
    v
}

/// An absolute `https:` URL whose decoded path names no `.svg`, `.exe` or
/// `.zip` file (the platform's `secureUrlSchema` and `secureHrefSchema`).
fn secure_url(s: &str) -> bool {
    let Ok(u) = url::Url::parse(s) else {
        return false;
    };
    if u.scheme() != "https" {
        return false;
    }
    // `decodeURIComponent` throws on a malformed escape: refused.
    let Some(path) = decode_uri_component(u.path()) else {
        return false;
    };
    let path = path.to_lowercase();
    ![".svg", ".exe", ".zip"]
        .iter()
        .any(|ext| path.ends_with(ext))
}

/// JavaScript's `decodeURIComponent`: `None` where it throws (a `%` not
/// followed by two hex digits, or escapes that are not UTF-8).
fn decode_uri_component(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = |c: u8| (c as char).to_digit(16);
            let hi = b.get(i + 1).copied().and_then(hex)?;
            let lo = b.get(i + 2).copied().and_then(hex)?;
            out.push((hi * 16 + lo) as u8);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn breaks(rule: serde_json::Value, value: &str) -> bool {
        let rule = Refinement::from_json(&rule).expect("a known rule");
        let root = crate::syntax::json::parse(0, value).root.expect("json");
        check(&rule, &root, root.as_str()).is_some()
    }

    /// Each rule on the probe values tools/schema/zod_rules.mjs runs the
    /// platform's own function on, and a few more whose answers were taken
    /// from the platform's schemas (@mintlify/validation 0.1.878, run with
    /// node: `https://x.com/a.svg#x` is refused, the fragment being cut
    /// before the extension is read).
    #[test]
    fn rules_answer_the_probes_as_the_platform_does() {
        use serde_json::json;
        let cases: Vec<(serde_json::Value, Vec<&str>, Vec<&str>)> = vec![
            (
                json!({"rule": "not-prefix", "value": "fa-"}),
                vec![r#""fa-house""#],
                vec![r#""house""#, r#""a-fa-""#],
            ),
            (
                json!({"rule": "prefix", "value": "https://"}),
                vec![
                    r#""http://x.com""#,
                    r#""ftp://x.com""#,
                    r#""a.json""#,
                    r#""/a""#,
                ],
                vec![r#""https://x.com/a.svg""#, r##""https://x.com/?q#f""##],
            ),
            (
                json!({"rule": "no-query-or-fragment"}),
                vec![r#""https://x.com/?q""#, r##""https://x.com/#f""##],
                vec![
                    r#""https://x.com/a""#,
                    r#""not a url""#,
                    r#""https://x.com/?""#,
                ],
            ),
            (
                json!({"rule": "https-url"}),
                vec![
                    r#""http://x.com""#,
                    r#""https://x.com/a.svg""#,
                    r#""https://x.com/a.ZIP""#,
                    r#""https://x.com/a%2Eexe""#,
                    r#""https://x.com/a.svg/""#,
                    r#""https://x.com/%E0%A4%A""#,
                    r#""https://x.com/a%zz""#,
                    r##""https://x.com/a.svg#x""##,
                    r#""not a url""#,
                    r#""/x""#,
                    r##""#a""##,
                    r#""mailto:a@b.c""#,
                ],
                vec![
                    r#""https://x.com/a""#,
                    r#""https://x.com/""#,
                    r#""https://x.com/a.svg.png""#,
                ],
            ),
            (
                json!({"rule": "url-or-path"}),
                vec![r#""not a url""#, r#""foo""#, r#""x.com/a""#, r#""""#],
                vec![
                    r#""/x""#,
                    r##""#a""##,
                    r#""mailto:a@b.c""#,
                    r#""https://x.com""#,
                    r#""foo:bar""#,
                    r#""http://x.com/a.svg""#,
                    r#""//x""#,
                ],
            ),
            (
                json!({"rule": "secure-href"}),
                vec![
                    r#""//x.com""#,
                    r#""http://x.com""#,
                    r#""https://x.com/a.zip""#,
                    r#""foo""#,
                    r#""foo:bar""#,
                    r#""https://x.com/a.zip/""#,
                    r##""https://x.com/a.zip#x""##,
                ],
                vec![
                    r#""/x""#,
                    r##""#a""##,
                    r#""mailto:x""#,
                    r#""https://x.com""#,
                    r#""/a.svg""#,
                ],
            ),
            (
                json!({"rule": "folder-path"}),
                vec![
                    r#""/a""#,
                    r#""a/""#,
                    r#""a b""#,
                    r#""a/../b""#,
                    r#"".""#,
                    r#""..""#,
                    r#""a//b""#,
                    r#""a?b""#,
                    r##""a#b""##,
                    r#""a\\b""#,
                    r#""a\tb""#,
                    r#""a\u00a0b""#,
                ],
                vec![r#""a""#, r#""guides/v2""#, r#""a.b/c""#, r#""...""#],
            ),
            (
                json!({"rule": "url-protocol", "protocols": ["http:", "https:"]}),
                vec![
                    r#""ftp://x.com/a""#,
                    r#""localhost:3000/a.json""#,
                    r#""C:\\a.json""#,
                    r#""file:///a.json""#,
                ],
                vec![
                    r#""https://x.com/a""#,
                    r#""http://x.com/a""#,
                    r#""a.json""#,
                    r#""/a.json""#,
                    r#""../a.json""#,
                    r#""a b.json""#,
                ],
            ),
            (
                json!({"rule": "url-protocol", "protocols": ["https:"]}),
                vec![
                    r#""http://x.com/a""#,
                    r#""ftp://x""#,
                    r#""localhost:3000/a""#,
                ],
                vec![r#""https://x.com/a""#, r#""a.graphql""#, r#""/a.graphql""#],
            ),
            (
                json!({"rule": "unique", "key": "source"}),
                vec![
                    r#"[{"source": "/a"}, {"source": "/a"}]"#,
                    r#"[{"x": 1}, {"y": 2}]"#,
                ],
                vec![
                    r#"[{"source": "/a"}, {"source": "/b"}]"#,
                    r#"[{"source": "/a", "destination": "/b"}, {"source": "/b", "destination": "/b"}]"#,
                ],
            ),
            (
                json!({"rule": "unique"}),
                vec![r#"["a", "a"]"#, r#"[1, 1.0]"#],
                vec![r#"["a", "b"]"#, r#"[{"x": 1}, {"x": 1}]"#, r#"[1, "1"]"#],
            ),
            (
                json!({"rule": "unique", "key": "id", "in": "options"}),
                vec![r#"{"options": [{"id": "a"}, {"id": "b"}, {"id": "a"}]}"#],
                vec![
                    r#"{"options": [{"id": "a"}, {"id": "b"}]}"#,
                    r#"{"options": []}"#,
                    r#"{"other": [{"id": "a"}, {"id": "a"}]}"#,
                ],
            ),
            (
                json!({"rule": "requires", "if": "source", "then": "format"}),
                vec![
                    r#"{"family": "x", "source": "/a.woff2"}"#,
                    r#"{"source": "/a", "format": ""}"#,
                ],
                vec![
                    r#"{"family": "x"}"#,
                    r#"{"family": "x", "source": "/a", "format": "woff2"}"#,
                    r#"{"family": "x", "source": ""}"#,
                ],
            ),
        ];
        for (rule, fail, pass) in cases {
            for v in fail {
                assert!(breaks(rule.clone(), v), "{rule} should refuse {v}");
            }
            for v in pass {
                assert!(!breaks(rule.clone(), v), "{rule} should accept {v}");
            }
        }
    }

    #[test]
    fn an_unknown_rule_is_not_checked() {
        assert!(Refinement::from_json(&serde_json::json!({"rule": "from-the-future"})).is_none());
    }
}
