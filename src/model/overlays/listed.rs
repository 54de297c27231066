//! The overlays docs.json lists, as the prebuild collects them
//! (`collectOpenApiOverlayConfig`): every `openapi` source object at any
//! depth, its `overlays` normalized, two different lists for one source a
//! conflict that stops the build.

use crate::diagnostics::Diagnostic;
use crate::model::paths;
use crate::syntax::tree::{FileId, Node, Value};
use rustc_hash::FxHashMap;
use std::ops::Range;

/// One `overlays` list entry of docs.json.
#[derive(Debug, Clone, PartialEq)]
pub struct Listed {
    /// Normalized as the platform keys it.
    pub path: Option<String>,
    pub value: String,
    pub file: FileId,
    pub range: Range<usize>,
}

/// The listed overlays by normalized spec source, and conflicts.
#[derive(Default)]
pub(super) struct Lists {
    pub lists: FxHashMap<String, Vec<Listed>>,
    pub conflicts: Vec<Diagnostic>,
}

/// `collectOpenApiOverlayConfig`: every `openapi` value of the config whose
/// shape is a source (a string, a `{source}` object, or a list of them),
/// wherever it sits, and the `overlays` its objects give.
pub(super) fn listed(root: &Node) -> Lists {
    let mut out = Lists::default();
    let mut first: FxHashMap<String, Range<usize>> = FxHashMap::default();
    let mut stack = vec![root];
    while let Some(n) = stack.pop() {
        if let Some(v) = n.get("openapi").filter(|v| config_like(v)) {
            let objects: Vec<&Node> = match &v.value {
                Value::Array(items) => items.iter().collect(),
                _ => vec![v],
            };
            for o in objects {
                let (Some(source), Some(list)) = (o.get("source"), o.get("overlays")) else {
                    continue;
                };
                let Some(key) = source.as_str().map(|s| normalize(s.trim())) else {
                    continue;
                };
                let entries: Vec<Listed> = list
                    .items()
                    .iter()
                    .filter_map(|e| {
                        let value = e.as_str()?.trim().to_string();
                        Some(Listed {
                            path: (!paths::is_url(&value)).then(|| normalize(&value)),
                            value,
                            file: e.file,
                            range: e.range.clone(),
                        })
                    })
                    .collect();
                match out.lists.get(&key) {
                    Some(existing) if !same_list(existing, &entries) => {
                        let shown = |l: &[Listed]| {
                            l.iter()
                                .map(|e| e.path.clone().unwrap_or_else(|| e.value.clone()))
                                .collect::<Vec<_>>()
                                .join(", ")
                        };
                        out.conflicts.push(
                            Diagnostic::error(
                                list.file,
                                list.range.start..list.range.start + 1,
                                "overlay-conflict",
                                format!(
                                    "OpenAPI source {} is configured with conflicting overlay lists in docs.json: [{}] and [{}]: the build stops; use the same overlays everywhere the source is referenced",
                                    source.as_str().unwrap_or_default(),
                                    shown(existing),
                                    shown(&entries)
                                ),
                            )
                            .with_related(
                                list.file,
                                first.get(&key).cloned().unwrap_or(0..0),
                                "the other list",
                            ),
                        );
                    }
                    Some(_) => {}
                    None => {
                        first.insert(key.clone(), list.range.start..list.range.start + 1);
                        out.lists.insert(key, entries);
                    }
                }
            }
        }
        // Children in document order: the first list of a source is the one kept.
        match &n.value {
            Value::Object(props) => stack.extend(
                props
                    .iter()
                    .rev()
                    .filter(|p| p.key != "openapi")
                    .map(|p| &p.value),
            ),
            Value::Array(items) => stack.extend(items.iter().rev()),
            _ => {}
        }
    }
    out
}

fn same_list(a: &[Listed], b: &[Listed]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| x.path == y.path && (x.path.is_some() || x.value == y.value))
}

/// `isOpenApiConfigLike`.
fn config_like(v: &Node) -> bool {
    let source_object = |n: &Node| n.get("source").is_some_and(|s| s.as_str().is_some());
    match &v.value {
        Value::String(_) => true,
        Value::Array(items) => items
            .iter()
            .all(|i| i.as_str().is_some() || source_object(i)),
        Value::Object(_) => source_object(v),
        _ => false,
    }
}

/// `normalizeRelativePath`: a site path, `..` stopping at the root, no
/// leading slash; a URL as written.
fn normalize(s: &str) -> String {
    if paths::is_url(s) {
        return s.to_string();
    }
    let mut parts: Vec<&str> = Vec::new();
    for seg in s.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            x => parts.push(x),
        }
    }
    parts.join("/")
}

pub(super) fn hash(lists: &FxHashMap<String, Vec<Listed>>) -> u64 {
    use std::hash::{BuildHasher, Hash, Hasher};
    let mut keys: Vec<_> = lists.iter().collect();
    keys.sort_by(|a, b| a.0.cmp(b.0));
    let mut h = rustc_hash::FxBuildHasher.build_hasher();
    for (k, v) in keys {
        k.hash(&mut h);
        for l in v {
            l.value.hash(&mut h);
        }
    }
    h.finish()
}
