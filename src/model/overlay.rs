//! OpenAPI Overlay documents (Overlay Specification 1.0/1.1) as the
//! platform reads and applies them: `@mintlify/validation`'s
//! `overlayDocumentSchema` (what a document must hold) and
//! `@mintlify/common`'s `applyOverlay.js` (how each action changes a spec).
//! See docs/overlays.md for where each rule comes from.
//!
//! Actions run on the spec as a `serde_json::Value`; targets are RFC 9535
//! JSONPath queries (`serde_json_path`).

use crate::syntax::tree::{Node, Value};
use serde_json::Value as Json;
use serde_json_path::JsonPath;
use std::ops::Range;

/// The platform's cap on actions per overlay (`MAX_OVERLAY_ACTIONS`).
const MAX_ACTIONS: usize = 1000;

/// How many values actions may write into one spec. The platform stops an
/// application after 30 s (`OVERLAY_TIME_BUDGET_MS`); a budget of work,
/// not time, gives the same answer on every machine and keeps `copy` of
/// the root into many nodes, action after action, from filling memory.
const MAX_WRITTEN: usize = 2_000_000;

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
    pub actions: Vec<Action>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Action {
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
) -> Option<Action> {
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
    Some(Action {
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

/// Why an action cannot be applied, worded as `OverlayApplicationError`
/// (without its "Overlay action N in overlay X" prefix, which the caller
/// adds).
#[derive(Debug, Clone, PartialEq)]
pub struct Failed {
    /// Index into the overlay's actions.
    pub action: usize,
    pub message: String,
}

/// Apply `overlay`'s actions to `doc` in order (`applyOverlayActions`).
/// `after_each` sees the document after each action (for telling which
/// action added an endpoint). On failure `doc` holds the actions before the
/// failing one, as the platform's copy did when it threw.
pub fn apply(
    doc: &mut Json,
    overlay: &Overlay,
    mut after_each: impl FnMut(usize, &Json),
) -> Result<(), Failed> {
    if overlay.actions.len() > MAX_ACTIONS {
        return Err(Failed {
            action: MAX_ACTIONS,
            message: format!(
                "the overlay declares {} actions, above the supported maximum of {MAX_ACTIONS}",
                overlay.actions.len()
            ),
        });
    }
    let mut written = 0;
    for (i, action) in overlay.actions.iter().enumerate() {
        apply_action(doc, action, &mut written).map_err(|message| Failed { action: i, message })?;
        after_each(i, doc);
    }
    Ok(())
}

/// The number of values in `v`, counted up to `cap`.
fn weight(v: &Json, cap: usize) -> usize {
    let mut n = 0;
    let mut stack = vec![v];
    while let Some(v) = stack.pop() {
        n += 1;
        if n >= cap {
            break;
        }
        match v {
            Json::Array(a) => stack.extend(a.iter()),
            Json::Object(m) => stack.extend(m.values()),
            _ => {}
        }
    }
    n
}

/// One step of a node's location: a member name or an array index.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Step {
    Name(String),
    Index(usize),
}

/// The nodes `expr` selects, by location, each once (`queryNodes`).
fn query(doc: &Json, expr: &str, label: &str) -> Result<Vec<(Vec<Step>, Kind)>, String> {
    // The parser recurses per bracket: a thousand nested ones overflow
    // its stack. No real target nests more than a few.
    if nesting(expr) > MAX_NESTING {
        return Err(format!(
            "invalid JSONPath expression {label}: brackets nested deeper than {MAX_NESTING}"
        ));
    }
    let path =
        JsonPath::parse(expr).map_err(|e| format!("invalid JSONPath expression {label}: {e}"))?;
    let mut out: Vec<(Vec<Step>, Kind)> = Vec::new();
    for node in path.query_located(doc) {
        let loc: Vec<Step> = node
            .location()
            .iter()
            .map(|e| match e.as_index() {
                Some(i) => Step::Index(i),
                None => Step::Name(e.as_name().unwrap_or_default().to_string()),
            })
            .collect();
        if !out.iter().any(|(l, _)| *l == loc) {
            out.push((loc, Kind::of(node.node())));
        }
    }
    Ok(out)
}

const MAX_NESTING: usize = 32;

/// How deep `(` and `[` nest in a JSONPath, outside its string literals.
fn nesting(expr: &str) -> usize {
    let (mut depth, mut max) = (0usize, 0);
    let mut quote = None;
    let mut chars = expr.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(_), '\\') => {
                chars.next();
            }
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"') => quote = Some(c),
            (None, '(' | '[') => {
                depth += 1;
                max = max.max(depth);
            }
            (None, ')' | ']') => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    max
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Object,
    Array,
    Primitive,
}

impl Kind {
    fn of(v: &Json) -> Kind {
        match v {
            Json::Object(_) => Kind::Object,
            Json::Array(_) => Kind::Array,
            _ => Kind::Primitive,
        }
    }
}

fn at_mut<'a>(doc: &'a mut Json, loc: &[Step]) -> Result<&'a mut Json, String> {
    let mut cur = doc;
    for s in loc {
        cur = match (s, cur) {
            (Step::Index(i), Json::Array(a)) => a.get_mut(*i),
            (Step::Name(k), Json::Object(m)) => m.get_mut(k),
            (Step::Index(_), _) => {
                return Err(
                    "expected an array while resolving the selected node's location".into(),
                );
            }
            (Step::Name(_), _) => {
                return Err(
                    "expected an object while resolving the selected node's location".into(),
                );
            }
        }
        .ok_or("the selected node's location no longer exists in the document")?;
    }
    Ok(cur)
}

fn apply_action(doc: &mut Json, action: &Action, written: &mut usize) -> Result<(), String> {
    let targets = query(doc, &action.target, &format!("\"{}\"", action.target))?;
    if action.remove {
        return remove(doc, targets.into_iter().map(|(l, _)| l).collect());
    }
    // A target that selects nothing changes nothing.
    if targets.is_empty() {
        return Ok(());
    }
    let value = if let Some(copy) = &action.copy {
        let from = query(doc, copy, &format!("\"{copy}\" (copy)"))?;
        match from.as_slice() {
            [(loc, _)] => at_mut(doc, loc)?.clone(),
            _ => {
                return Err(format!(
                    "the \"copy\" expression \"{copy}\" must select exactly one node, but selected {}",
                    from.len()
                ));
            }
        }
    } else if let Some(update) = &action.update {
        update.clone()
    } else {
        return Ok(());
    };
    *written = written.saturating_add(weight(&value, MAX_WRITTEN).saturating_mul(targets.len()));
    if *written > MAX_WRITTEN {
        return Err(format!(
            "overlay application exceeded the processing budget (more than {MAX_WRITTEN} values written; the platform stops after 30000ms)"
        ));
    }
    if targets.iter().any(|(_, k)| *k != targets[0].1) {
        return Err("the target expression selects nodes of mixed types. Selected nodes must be all objects, all arrays, or all primitives".into());
    }
    for (loc, kind) in &targets {
        match kind {
            Kind::Object => {
                let Json::Object(update) = &value else {
                    return Err(
                        "the value must be an object to merge with the selected object nodes"
                            .into(),
                    );
                };
                if let Json::Object(target) = at_mut(doc, loc)? {
                    merge_object(target, update, &mut Vec::new())?;
                }
            }
            Kind::Array => {
                if let Json::Array(target) = at_mut(doc, loc)? {
                    match &value {
                        Json::Array(items) => target.extend(items.iter().cloned()),
                        v => target.push(v.clone()),
                    }
                }
            }
            Kind::Primitive => {
                if matches!(value, Json::Object(_) | Json::Array(_)) {
                    return Err(
                        "the value must be a primitive to replace the selected primitive nodes"
                            .into(),
                    );
                }
                if loc.is_empty() {
                    return Err(
                        "the document root cannot be replaced with a primitive value".into(),
                    );
                }
                *at_mut(doc, loc)? = value.clone();
            }
        }
    }
    Ok(())
}

/// Deepest first, then higher indexes first, so the locations still to
/// remove stay valid (`removalOrder`).
fn remove(doc: &mut Json, mut locs: Vec<Vec<Step>>) -> Result<(), String> {
    locs.sort_by(|a, b| {
        b.len().cmp(&a.len()).then_with(|| {
            for (x, y) in a.iter().zip(b) {
                match (x, y) {
                    _ if x == y => continue,
                    (Step::Index(i), Step::Index(j)) => return j.cmp(i),
                    _ => return x.cmp(y),
                }
            }
            std::cmp::Ordering::Equal
        })
    });
    for loc in locs {
        let Some((last, parent)) = loc.split_last() else {
            return Err("the document root cannot be removed".into());
        };
        match (at_mut(doc, parent)?, last) {
            (Json::Array(a), Step::Index(i)) if *i < a.len() => {
                a.remove(*i);
            }
            (Json::Object(m), Step::Name(k)) => {
                m.remove(k);
            }
            _ => return Err("the selected node cannot be removed from its parent".into()),
        }
    }
    Ok(())
}

/// `mergeObjectInto`: members merge recursively; a primitive replaces a
/// primitive, a list is appended to a list; any other pairing fails.
fn merge_object(
    target: &mut serde_json::Map<String, Json>,
    update: &serde_json::Map<String, Json>,
    path: &mut Vec<String>,
) -> Result<(), String> {
    for (key, new) in update {
        let Some(old) = target.get_mut(key) else {
            target.insert(key.clone(), new.clone());
            continue;
        };
        path.push(key.clone());
        match (old, new) {
            (Json::Object(o), Json::Object(n)) => merge_object(o, n, path)?,
            (Json::Array(o), Json::Array(n)) => o.extend(n.iter().cloned()),
            (o, n) if Kind::of(o) == Kind::Primitive && Kind::of(n) == Kind::Primitive => {
                *o = n.clone();
            }
            _ => {
                return Err(format!(
                    "Cannot merge incompatible values at \"{}\". A primitive can only replace a primitive, an array can only be concatenated with an array, and an object can only be merged with an object.",
                    path.join(".")
                ));
            }
        }
        path.pop();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn overlay(text: &str) -> Result<Overlay, Invalid> {
        let parsed = crate::syntax::json::parse(0, text);
        parse(parsed.root.as_deref().expect("a tree"))
    }

    fn run(doc: Json, actions: Json) -> Result<Json, String> {
        let text =
            json!({"overlay": "1.1.0", "info": {"title": "t", "version": "1"}, "actions": actions})
                .to_string();
        let o = overlay(&text).map_err(|e| e.message)?;
        let mut doc = doc;
        apply(&mut doc, &o, |_, _| {}).map_err(|f| f.message)?;
        Ok(doc)
    }

    #[test]
    fn updates_merge_append_and_replace() {
        let doc = json!({"paths": {"/a": {"get": {"tags": ["x"], "summary": "A"}}}});
        let out = run(
            doc,
            json!([
                {"target": "$.paths", "update": {"/new": {"post": {"summary": "N"}}}},
                {"target": "$.paths['/a'].get", "update": {"tags": ["y"], "summary": "B"}},
                {"target": "$.paths['/a'].get.summary", "update": "C"}
            ]),
        )
        .unwrap();
        assert_eq!(
            out,
            json!({"paths": {"/a": {"get": {"tags": ["x", "y"], "summary": "C"}}, "/new": {"post": {"summary": "N"}}}})
        );
    }

    #[test]
    fn removes_deepest_and_last_first() {
        let doc = json!({"l": [1, 2, 3], "paths": {"/a": {"get": {}, "put": {}}}});
        let out = run(
            doc,
            json!([
                {"target": "$.l[0,2]", "remove": true},
                {"target": "$.paths.*.put", "remove": true},
                {"target": "$.nothing", "update": {"x": 1}}
            ]),
        )
        .unwrap();
        assert_eq!(out, json!({"l": [2], "paths": {"/a": {"get": {}}}}));
    }

    #[test]
    fn failures_are_worded_as_the_platform_words_them() {
        let doc = json!({"a": {"b": 1}, "s": "x"});
        let bad = [
            (
                json!([{"target": "$[", "update": {}}]),
                "invalid JSONPath expression",
            ),
            (
                json!([{"target": "$.a", "update": {"b": {}}}]),
                "Cannot merge incompatible values at \"b\"",
            ),
            (json!([{"target": "$.a", "update": 3}]), "must be an object"),
            (
                json!([{"target": "$.s", "update": {}}]),
                "must be a primitive",
            ),
            (
                json!([{"target": "$", "remove": true}]),
                "root cannot be removed",
            ),
            (json!([{"target": "$.*", "update": {}}]), "mixed types"),
            (
                json!([{"target": "$.a", "copy": "$.*"}]),
                "must select exactly one node, but selected 2",
            ),
        ];
        for (actions, want) in bad {
            let got = run(doc.clone(), actions.clone()).unwrap_err();
            assert!(got.contains(want), "{actions}: {got}");
        }
    }

    #[test]
    fn deeply_nested_targets_are_refused_not_overflowing() {
        for n in [1000, 100_000] {
            let target = format!("$[?{}@.a{}]", "(".repeat(n), ")".repeat(n));
            let got = run(
                json!({"a": {}}),
                json!([{"target": target, "remove": true}]),
            )
            .unwrap_err();
            assert!(got.contains("nested deeper"), "{got}");
        }
        // As deep as allowed still reads, and a descent through a deep
        // document returns.
        let target = format!("$[?{}@.a{}]", "(".repeat(31), ")".repeat(31));
        assert!(
            run(
                json!({"a": {}}),
                json!([{"target": target, "remove": true}])
            )
            .is_ok()
        );
        let mut deep = json!(1);
        for _ in 0..512 {
            deep = json!({ "k": deep });
        }
        let out = run(deep, json!([{"target": "$..k", "update": {"x": 1}}]));
        assert!(out.is_err(), "mixed objects and a number");
        // Brackets inside names do not count.
        let ok = run(
            json!({"[[[[": 1}),
            json!([{"target": format!("$['{}']", "[".repeat(40)), "remove": true}]),
        );
        assert!(ok.is_ok(), "{ok:?}");
    }

    #[test]
    fn an_overlay_that_keeps_growing_the_spec_stops() {
        // The root copied into each of its two objects triples the
        // document per action.
        let actions = Json::Array(vec![json!({"target": "$.*", "copy": "$"}); 40]);
        let got = run(json!({"a": {}, "b": {}}), actions).unwrap_err();
        assert!(got.contains("exceeded the processing budget"), "{got}");
    }

    #[test]
    fn the_schema_refuses_what_the_platform_refuses() {
        let ok = r#"{"overlay": "1.0.0", "info": {"title": "t", "version": "1"}, "extends": "a.yaml", "actions": [{"target": " $.x ", "remove": true}], "x-k": 1}"#;
        let o = overlay(ok).unwrap();
        assert_eq!(o.extends.as_deref(), Some("a.yaml"));
        assert_eq!(o.actions[0].target, "$.x");
        let bad = [
            (
                r#"{"overlay": "2.0.0", "info": {"title": "t", "version": "1"}, "actions": [{"target": "$", "remove": true}]}"#,
                "Unsupported Overlay Specification version",
            ),
            (
                r#"{"overlay": "1.0.0", "info": {"title": "t", "version": "1"}, "actions": []}"#,
                "at least one action",
            ),
            (
                r#"{"overlay": "1.0.0", "info": {"title": "t"}, "actions": [{"target": "$", "remove": true}]}"#,
                "info.version",
            ),
            (
                r#"{"overlay": "1.0.0", "info": {"title": "t", "version": "1"}, "actions": [{"target": "$"}]}"#,
                "has no effect",
            ),
            (
                r#"{"overlay": "1.0.0", "info": {"title": "t", "version": "1"}, "actions": [{"target": "$", "copy": "$.a"}]}"#,
                "requires Overlay Specification 1.1.0",
            ),
            (
                r#"{"overlay": "1.1", "info": {"title": "t", "version": "1"}, "actions": [{"target": "$", "update": {}, "copy": "$.a"}]}"#,
                "sets both",
            ),
            (
                r#"{"overlay": "1.1.0", "info": {"title": "t", "version": "1"}, "actions": [{"target": "$", "remove": true}], "extra": 1}"#,
                "Unknown field \"extra\"",
            ),
        ];
        for (text, want) in bad {
            let e = overlay(text).unwrap_err();
            assert!(e.message.contains(want), "{text}: {}", e.message);
        }
    }
}
