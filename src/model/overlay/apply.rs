//! Applying an overlay's actions to a spec, as `@mintlify/common`'s
//! `applyOverlay.js` does (docs/overlays.md): RFC 9535 targets through
//! `serde_json_path`, updates merged, appended or replacing, removals,
//! copies, and the platform's error messages.

use super::{Overlay, OverlayAction};
use serde_json::Value as Json;
use serde_json_path::JsonPath;

/// The platform's cap on actions per overlay (`MAX_OVERLAY_ACTIONS`).
const MAX_ACTIONS: usize = 1000;

/// How many values actions may write into one spec. The platform stops an
/// application after 30 s (`OVERLAY_TIME_BUDGET_MS`); a budget of work,
/// not time, gives the same answer on every machine and keeps `copy` of
/// the root into many nodes, action after action, from filling memory.
const MAX_WRITTEN: usize = 2_000_000;

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
enum LocationStep {
    Name(String),
    Index(usize),
}

/// The nodes `expr` selects, by location, each once (`queryNodes`).
fn query(
    doc: &Json,
    expr: &str,
    label: &str,
) -> Result<Vec<(Vec<LocationStep>, ValueKind)>, String> {
    // The parser recurses per bracket: a thousand nested ones overflow
    // its stack. No real target nests more than a few.
    if nesting(expr) > MAX_NESTING {
        return Err(format!(
            "invalid JSONPath expression {label}: brackets nested deeper than {MAX_NESTING}"
        ));
    }
    let path =
        JsonPath::parse(expr).map_err(|e| format!("invalid JSONPath expression {label}: {e}"))?;
    let mut out: Vec<(Vec<LocationStep>, ValueKind)> = Vec::new();
    for node in path.query_located(doc) {
        let loc: Vec<LocationStep> = node
            .location()
            .iter()
            .map(|e| match e.as_index() {
                Some(i) => LocationStep::Index(i),
                None => LocationStep::Name(e.as_name().unwrap_or_default().to_string()),
            })
            .collect();
        if !out.iter().any(|(l, _)| *l == loc) {
            out.push((loc, ValueKind::of(node.node())));
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
enum ValueKind {
    Object,
    Array,
    Primitive,
}

impl ValueKind {
    fn of(v: &Json) -> ValueKind {
        match v {
            Json::Object(_) => ValueKind::Object,
            Json::Array(_) => ValueKind::Array,
            _ => ValueKind::Primitive,
        }
    }
}

fn at_mut<'a>(doc: &'a mut Json, loc: &[LocationStep]) -> Result<&'a mut Json, String> {
    let mut cur = doc;
    for s in loc {
        cur = match (s, cur) {
            (LocationStep::Index(i), Json::Array(a)) => a.get_mut(*i),
            (LocationStep::Name(k), Json::Object(m)) => m.get_mut(k),
            (LocationStep::Index(_), _) => {
                return Err(
                    "expected an array while resolving the selected node's location".into(),
                );
            }
            (LocationStep::Name(_), _) => {
                return Err(
                    "expected an object while resolving the selected node's location".into(),
                );
            }
        }
        .ok_or("the selected node's location no longer exists in the document")?;
    }
    Ok(cur)
}

fn apply_action(doc: &mut Json, action: &OverlayAction, written: &mut usize) -> Result<(), String> {
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
            ValueKind::Object => {
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
            ValueKind::Array => {
                if let Json::Array(target) = at_mut(doc, loc)? {
                    match &value {
                        Json::Array(items) => target.extend(items.iter().cloned()),
                        v => target.push(v.clone()),
                    }
                }
            }
            ValueKind::Primitive => {
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
fn remove(doc: &mut Json, mut locs: Vec<Vec<LocationStep>>) -> Result<(), String> {
    locs.sort_by(|a, b| {
        b.len().cmp(&a.len()).then_with(|| {
            for (x, y) in a.iter().zip(b) {
                match (x, y) {
                    _ if x == y => continue,
                    (LocationStep::Index(i), LocationStep::Index(j)) => return j.cmp(i),
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
            (Json::Array(a), LocationStep::Index(i)) if *i < a.len() => {
                a.remove(*i);
            }
            (Json::Object(m), LocationStep::Name(k)) => {
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
            (o, n)
                if ValueKind::of(o) == ValueKind::Primitive
                    && ValueKind::of(n) == ValueKind::Primitive =>
            {
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
