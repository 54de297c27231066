//! Document symbols (docs.json and `$ref` files as an outline of the
//! navigation) and workspace symbols (pages and endpoints by name).

use super::lookup;
use crate::analysis::Analysis;
use crate::model::endpoint;
use crate::model::nav::{self, ElementKind};
use crate::model::site::FileKind;
use crate::syntax::tree::{FileId, Node, Prop, Value};
use std::ops::Range;

pub use super::outline_items::{Symbol, SymbolKind};

/// The outline of a docs.json or `$ref` file, from its last parse.
pub fn document_symbols(analysis: &Analysis, file: FileId) -> Vec<Symbol> {
    let Some(f) = analysis.site.file(file) else {
        return Vec::new();
    };
    if f.kind == FileKind::Page {
        return super::page_outline::symbols(f.text(), f.page_index());
    }
    if !matches!(f.kind, FileKind::DocsJson | FileKind::Json) {
        return Vec::new();
    }
    let Some(base) = lookup::base_path(analysis, file) else {
        return Vec::new();
    };
    // While the text does not parse, the tree recovered from it: the
    // outline does not empty at each half-typed key.
    let Some(root) = f.json_tree().map(|t| t.root) else {
        return Vec::new();
    };
    if base.is_empty() {
        return root
            .props()
            .iter()
            .map(|p| {
                if p.key == "navigation" {
                    let mut s = element(&p.value, ElementKind::Root, 0);
                    s.range = p.key_range.start..p.value.range.end;
                    s.selection_range = p.key_range.clone();
                    s
                } else {
                    key_symbol(p)
                }
            })
            .collect();
    }
    match lookup::nav_element_at(&base) {
        Some((kind, used)) if used == base.len() => children(root, kind, 0),
        // A `$ref` that fills an array key of an element, e.g. the value of
        // `"groups": {"$ref": ...}`: not possible (a $ref holder is an
        // object), so anything else is shown by its keys.
        _ => root.props().iter().map(key_symbol).collect(),
    }
}

/// Deep enough for any real navigation; stops hostile nesting from
/// exhausting the stack (the parser allows 512 levels).
const MAX_OUTLINE_DEPTH: usize = 64;

/// A top-level key of docs.json (or of a `$ref` file) as a symbol.
fn key_symbol(p: &Prop) -> Symbol {
    Symbol {
        name: p.key.to_string(),
        detail: None,
        kind: SymbolKind::Key,
        range: p.key_range.start..p.value.range.end,
        selection_range: p.key_range.clone(),
        children: Vec::new(),
    }
}

fn element(node: &Node, kind: ElementKind, depth: usize) -> Symbol {
    let label = node.get(kind.label_key());
    let name = match label.and_then(Node::as_str) {
        Some(l) if !l.is_empty() => l.to_string(),
        _ if kind == ElementKind::Root => "navigation".to_string(),
        _ if kind == ElementKind::Global => "global".to_string(),
        _ => format!("({} without a label)", kind.label_key()),
    };
    Symbol {
        name,
        detail: Some(kind.label_key().to_string()),
        kind: symbol_kind(kind),
        range: node.range.clone(),
        selection_range: label.map_or(node.range.start..node.range.start, |l| l.range.clone()),
        children: children(node, kind, depth + 1),
    }
}

fn children(node: &Node, kind: ElementKind, depth: usize) -> Vec<Symbol> {
    let mut out = Vec::new();
    if depth > MAX_OUTLINE_DEPTH {
        return out;
    }
    for p in node.props() {
        if p.key == "global" && kind == ElementKind::Root && p.value.is_object() {
            out.push(element(&p.value, ElementKind::Global, depth));
            continue;
        }
        let Some(child_kind) = nav::kind_of_array(&p.key) else {
            continue;
        };
        for item in p.value.items() {
            match &item.value {
                Value::String(s) if p.key == "pages" => {
                    let is_endpoint = endpoint::parse_endpoint(s).is_some();
                    out.push(Symbol {
                        name: s.to_string(),
                        detail: None,
                        kind: if is_endpoint {
                            SymbolKind::Endpoint
                        } else {
                            SymbolKind::Page
                        },
                        range: item.range.clone(),
                        selection_range: item.range.clone(),
                        children: Vec::new(),
                    });
                }
                Value::Object(_) => out.push(element(item, child_kind, depth)),
                _ => {}
            }
        }
    }
    out
}

fn symbol_kind(k: ElementKind) -> SymbolKind {
    match k {
        ElementKind::Root => SymbolKind::Navigation,
        ElementKind::Global => SymbolKind::Global,
        ElementKind::Group => SymbolKind::Group,
        ElementKind::Tab => SymbolKind::Tab,
        ElementKind::Anchor => SymbolKind::Anchor,
        ElementKind::Dropdown => SymbolKind::Dropdown,
        ElementKind::Product => SymbolKind::Product,
        ElementKind::Version => SymbolKind::Version,
        ElementKind::Language => SymbolKind::Language,
        ElementKind::Item => SymbolKind::Item,
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorkspaceSymbol {
    pub name: String,
    pub detail: Option<String>,
    pub kind: SymbolKind,
    pub file: FileId,
    pub range: Range<usize>,
}

/// Most workspace symbols one query returns.
pub const MAX_WORKSPACE_SYMBOLS: usize = 500;

/// Pages (by title or path) and endpoints (by `METHOD /path`, summary or
/// operation id) whose name holds `query` as a case-insensitive substring
/// or subsequence. `is_cancelled` is polled every few hundred candidates;
/// a cancelled search returns what it has.
pub fn workspace_symbols(
    analysis: &Analysis,
    query: &str,
    is_cancelled: &dyn Fn() -> bool,
) -> Vec<WorkspaceSymbol> {
    let q = query.to_lowercase();
    // One pass, checking for cancellation as it goes: substring matches
    // first, then mere subsequence matches. (Sorting the pages by match
    // kind lower-cased each name O(n log n) times before the first check.)
    let mut strong = Vec::new();
    let mut weak = Vec::new();
    for (i, f) in analysis.site.pages().iter().enumerate() {
        if i % 256 == 0 && is_cancelled() {
            return strong;
        }
        if strong.len() >= MAX_WORKSPACE_SYMBOLS {
            break;
        }
        let path = lookup::page_key(&f.path);
        let title = f.title();
        let found = if contains_ci(path, &q) || title.is_some_and(|t| contains_ci(t, &q)) {
            &mut strong
        } else if weak.len() < MAX_WORKSPACE_SYMBOLS
            && (fuzzy(path, &q) || title.is_some_and(|t| fuzzy(t, &q)))
        {
            &mut weak
        } else {
            continue;
        };
        found.push(WorkspaceSymbol {
            name: title.unwrap_or(path).to_string(),
            detail: Some(path.to_string()),
            kind: SymbolKind::Page,
            file: f.id,
            range: 0..0,
        });
    }
    let mut out = strong;
    out.extend(weak);
    out.truncate(MAX_WORKSPACE_SYMBOLS);
    // The specs' own operations, where their files have them.
    let none = crate::model::overlays::SpecOverlays::none();
    for spec in lookup::specs(&analysis.site, none) {
        if is_cancelled() {
            return out;
        }
        for (i, op) in spec.index.operations.iter().enumerate() {
            if i % 256 == 0 && is_cancelled() || out.len() >= MAX_WORKSPACE_SYMBOLS {
                return out;
            }
            let name = format!("{} {}", op.method, op.path);
            let hit = fuzzy(&name, &q)
                || op.summary.as_deref().is_some_and(|s| contains_ci(s, &q))
                || op
                    .operation_id
                    .as_deref()
                    .is_some_and(|s| contains_ci(s, &q));
            if hit {
                out.push(WorkspaceSymbol {
                    name,
                    detail: op.summary.clone().or_else(|| Some(spec.file.path.clone())),
                    kind: SymbolKind::Endpoint,
                    file: spec.file.id,
                    range: op.method_range.clone(),
                });
            }
        }
    }
    out
}

/// `q` is already lower-case.
fn contains_ci(s: &str, q: &str) -> bool {
    q.is_empty() || s.to_lowercase().contains(q)
}

/// Case-insensitive subsequence (`q` lower-case).
fn fuzzy(s: &str, q: &str) -> bool {
    let mut chars = s.chars().flat_map(char::to_lowercase);
    q.chars().all(|c| chars.any(|x| x == c))
}
