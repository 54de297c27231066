//! OpenAPI Overlay documents (Overlay Specification 1.0/1.1) as the
//! platform reads them: `@mintlify/validation`'s `overlayDocumentSchema`
//! (what a document must hold); `apply` runs their actions as
//! `@mintlify/common`'s `applyOverlay.js` does. See docs/overlays.md for
//! where each rule comes from.

use crate::syntax::tree::{Node, Value};
use serde_json::Value as Json;
use std::ops::Range;

pub mod apply;
#[cfg(test)]
mod tests;

/// A document the platform takes for an overlay: any object with a
/// top-level `overlay` key (`isOverlayDocument`), valid or not, so a
/// malformed version is reported rather than ignored.
pub fn is_overlay(root: &Node) -> bool {
    root.prop("overlay").is_some()
}

/// An overlay that passed the platform's schema.
#[derive(Debug, Clone, PartialEq)]
pub struct Overlay {
    /// `extends`: the spec it is written for (discovered overlays apply to
    /// the spec it resolves to).
    pub extends: Option<String>,
    pub extends_range: Range<usize>,
    pub actions: Vec<OverlayAction>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct OverlayAction {
    /// Trimmed, as zod's `.trim()` hands it on.
    pub target: String,
    pub update: Option<Json>,
    pub copy: Option<String>,
    pub remove: bool,
    /// Where the action is shown in the overlay file: its `target` key
    /// (a YAML list item's own range starts at its first colon).
    pub range: Range<usize>,
}

/// Why the platform's schema refuses an overlay: its issues joined as
/// `parseOverlayDocument` words them, placed at the first.
#[derive(Debug, Clone, PartialEq)]
pub struct Invalid {
    pub range: Range<usize>,
    pub message: String,
}

/// Read an overlay document as `overlayDocumentSchema` does.
pub fn parse(root: &Node) -> Result<Overlay, Invalid> {
    let mut issues: Vec<(Range<usize>, String)> = Vec::new();
    let mut issue = |n: &Node, path: &str, msg: &str| {
        let at = if path.is_empty() {
            String::new()
        } else {
            format!("{path}: ")
        };
        issues.push((first_line(n), format!("{at}{msg}")));
    };
    if !root.is_object() {
        return Err(Invalid {
            range: first_line(root),
            message: "Invalid OpenAPI Overlay document: Expected object".into(),
        });
    }
    match root.get("overlay") {
        None => issue(
            root,
            "overlay",
            "The Overlay \"overlay\" version field is required",
        ),
        Some(v) => match v.as_str() {
            None => issue(
                v,
                "overlay",
                "The Overlay \"overlay\" version field must be a string, e.g. \"1.1.0\"",
            ),
            Some(s) if !supported_version(s) => issue(
                v,
                "overlay",
                "Unsupported Overlay Specification version. Supported versions are 1.0.x and 1.1.x",
            ),
            _ => {}
        },
    }
    match root.get("info") {
        None => issue(root, "info", "Required"),
        Some(info) if !info.is_object() => issue(info, "info", "Expected object, received array"),
        Some(info) => {
            for (key, msg) in [
                ("title", "The Overlay \"info.title\" field is required"),
                ("version", "The Overlay \"info.version\" field is required"),
            ] {
                match info.get(key) {
                    None => issue(info, &format!("info.{key}"), msg),
                    Some(v) if v.as_str().is_none() => {
                        issue(v, &format!("info.{key}"), "Expected string")
                    }
                    _ => {}
                }
            }
            if let Some(d) = info.get("description").filter(|d| d.as_str().is_none()) {
                issue(d, "info.description", "Expected string");
            }
            unknown_keys(
                info,
                "info",
                &["title", "version", "description"],
                &mut issue,
            );
        }
    }
    let extends = root.get("extends");
    if let Some(e) = extends.filter(|e| e.as_str().is_none()) {
        issue(e, "extends", "Expected string");
    }
    let is_10 = root
        .get("overlay")
        .and_then(Node::as_str)
        .is_some_and(|v| v.starts_with("1.0"));
    let mut actions = Vec::new();
    match root.get("actions") {
        None => issue(root, "actions", "Required"),
        Some(list) if !list.is_array() => issue(list, "actions", "Expected array"),
        Some(list) if list.items().is_empty() => issue(
            list,
            "actions",
            "The Overlay \"actions\" array must contain at least one action",
        ),
        Some(list) => {
            for (i, a) in list.items().iter().enumerate() {
                if let Some(action) = parse_action(a, i, is_10, &mut issue) {
                    actions.push(action);
                }
            }
        }
    }
    unknown_keys(
        root,
        "",
        &["overlay", "info", "extends", "actions"],
        &mut issue,
    );
    if let Some((range, _)) = issues.first() {
        let details: Vec<&str> = issues.iter().map(|(_, m)| m.as_str()).collect();
        return Err(Invalid {
            range: range.clone(),
            message: format!("Invalid OpenAPI Overlay document: {}", details.join("; ")),
        });
    }
    Ok(Overlay {
        extends: extends.and_then(Node::as_str).map(str::to_string),
        extends_range: extends.map_or(first_line(root), |e| e.range.clone()),
        actions,
    })
}

/// `^1\.[01](\.\d+)?$`.
fn supported_version(v: &str) -> bool {
    let Some(rest) = v.strip_prefix("1.0").or_else(|| v.strip_prefix("1.1")) else {
        return false;
    };
    match rest.strip_prefix('.') {
        None => rest.is_empty(),
        Some(d) => !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()),
    }
}

fn parse_action(
    a: &Node,
    i: usize,
    is_10: bool,
    issue: &mut impl FnMut(&Node, &str, &str),
) -> Option<OverlayAction> {
    let path = format!("actions.{i}");
    if !a.is_object() {
        issue(a, &path, "Expected object");
        return None;
    }
    // zod: `.string().trim().nonempty()`; a missing target says so.
    let target = match a.get("target") {
        None => {
            issue(
                a,
                &format!("{path}.target"),
                "Each Overlay action requires a \"target\" JSONPath expression",
            );
            None
        }
        Some(t) => match t.as_str().map(str::trim) {
            None => {
                issue(t, &format!("{path}.target"), "Expected string");
                None
            }
            Some("") => {
                issue(
                    t,
                    &format!("{path}.target"),
                    "Each Overlay action requires a non-empty \"target\" JSONPath expression",
                );
                None
            }
            Some(s) => Some(s.to_string()),
        },
    };
    if let Some(d) = a.get("description").filter(|d| d.as_str().is_none()) {
        issue(d, &format!("{path}.description"), "Expected string");
    }
    let copy = match a.get("copy") {
        None => None,
        Some(c) => match c.as_str().map(str::trim) {
            Some(s) if !s.is_empty() => Some(s.to_string()),
            Some(_) => {
                issue(
                    c,
                    &format!("{path}.copy"),
                    "String must contain at least 1 character(s)",
                );
                None
            }
            None => {
                issue(c, &format!("{path}.copy"), "Expected string");
                None
            }
        },
    };
    let remove = match a.get("remove") {
        None => false,
        Some(r) => r.as_bool().unwrap_or_else(|| {
            issue(r, &format!("{path}.remove"), "Expected boolean");
            false
        }),
    };
    unknown_keys(
        a,
        &path,
        &["target", "description", "update", "copy", "remove"],
        issue,
    );
    let update = a.get("update").map(to_json);
    let shown = target.as_deref().unwrap_or("");
    if update.is_some() && a.get("copy").is_some() {
        issue(
            a,
            &path,
            &format!(
                "Action targeting \"{shown}\" sets both \"update\" and \"copy\". Use only one modifier per action."
            ),
        );
    }
    if update.is_none() && a.get("copy").is_none() && !remove {
        issue(
            a,
            &path,
            &format!(
                "Action targeting \"{shown}\" has no effect. Set \"update\", \"copy\", or \"remove: true\"."
            ),
        );
    }
    if is_10 && a.get("copy").is_some() {
        issue(
            a,
            &format!("{path}.copy"),
            "The \"copy\" modifier requires Overlay Specification 1.1.0 or later. Declare overlay: \"1.1.0\" to use copy.",
        );
    }
    Some(OverlayAction {
        target: target?,
        update,
        copy,
        remove,
        range: a
            .prop("target")
            .map_or(first_line(a), |p| p.key_range.clone()),
    })
}

/// Keys other than `known` and `x-` extensions are refused.
fn unknown_keys(n: &Node, path: &str, known: &[&str], issue: &mut impl FnMut(&Node, &str, &str)) {
    for p in n.props() {
        if !known.contains(&p.key.as_str()) && !p.key.starts_with("x-") {
            issue(
                &p.value,
                path,
                &format!(
                    "Unknown field \"{}\". Only specification extensions (fields starting with \"x-\") are allowed in addition to the fixed fields.",
                    p.key
                ),
            );
        }
    }
}

/// The start of a node: an object or list is shown by its first character.
fn first_line(n: &Node) -> Range<usize> {
    if n.is_object() || n.is_array() {
        n.range.start..n.range.start + 1
    } else {
        n.range.clone()
    }
}

/// A tree as the JSON value the platform works on (`JSON.parse(JSON.stringify(x))`:
/// a repeated key keeps its last value, a non-finite number is `null`).
pub fn to_json(n: &Node) -> Json {
    match &n.value {
        Value::Null => Json::Null,
        Value::Bool(b) => Json::Bool(*b),
        Value::Number(x) => number(*x),
        Value::String(s) => Json::String(s.to_string()),
        Value::Array(items) => Json::Array(items.iter().map(to_json).collect()),
        Value::Object(props) => {
            let mut m = serde_json::Map::new();
            for p in props.iter() {
                m.insert(p.key.to_string(), to_json(&p.value));
            }
            Json::Object(m)
        }
    }
}

/// Whole numbers as integers (`3`, not `3.0`), as JavaScript writes them.
fn number(x: f64) -> Json {
    if x.fract() == 0.0 && x.abs() < 9.0e15 {
        Json::from(x as i64)
    } else {
        serde_json::Number::from_f64(x).map_or(Json::Null, Json::Number)
    }
}
