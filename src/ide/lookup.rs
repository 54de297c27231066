//! Lookups the editor features share: where a file sits in the resolved
//! docs.json, which schemas apply at a path, which spec a navigation place
//! inherits, the site's specs with their endpoint indexes.

use crate::analysis::Analysis;
use crate::model::nav::{self, ElementKind, SpecSource};
use crate::model::openapi::{SpecIndex, SpecKind};
use crate::model::overlays::SpecOverlays;
use crate::model::paths;
use crate::model::site::{FileKind, Site, SourceFile};
use crate::schema::{self, PathSeg, Schema};
use crate::syntax::cursor::Seg;
use crate::syntax::frontmatter::query as front_matter_query;
use crate::syntax::json::query::{self, JsonCursor};
use crate::syntax::tree::{FileId, Node, Value};
use std::sync::Arc;

// Where completion finds it.
pub use crate::model::page_keys::page_key;

/// The endpoint index of a spec file as the platform builds it (after its
/// overlays; the file's own index is built once per file version, shared
/// with diagnostics).
pub fn spec_index<'a>(overlays: &'a SpecOverlays, file: &'a SourceFile) -> &'a SpecIndex {
    overlays.spec(file)
}

/// A spec file of the site with its index.
pub struct Spec<'a> {
    pub file: &'a SourceFile,
    pub index: &'a SpecIndex,
}

impl Spec<'_> {
    pub fn is_openapi(&self) -> bool {
        matches!(self.index.kind, SpecKind::OpenApi { .. })
    }
}

/// Every spec of the site, sorted by path, after `overlays`
/// ([`SpecOverlays::none`] for the specs as their files have them).
pub fn specs<'a>(site: &'a Site, overlays: &'a SpecOverlays) -> Vec<Spec<'a>> {
    site.spec_files()
        .into_iter()
        .map(|f| Spec {
            file: f,
            index: spec_index(overlays, f),
        })
        .collect()
}

/// The spec file an `openapi`/`asyncapi` value names (a path relative to
/// the docs root, with or without a leading `/`; URLs name no local file).
pub fn spec_file<'a>(site: &'a Site, value: &str) -> Option<&'a Arc<SourceFile>> {
    if paths::is_url(value) {
        return None;
    }
    let p = paths::join("", value.trim())?;
    site.file_by_path(&p)
        .filter(|f| matches!(f.kind, FileKind::Json | FileKind::Yaml))
}

/// The path in the resolved docs.json at which `file`'s content sits:
/// empty for docs.json itself, the `$ref` holder's path for a `$ref` file,
/// `None` for files the configuration does not use.
pub fn base_path(analysis: &Analysis, file: FileId) -> Option<Vec<Seg>> {
    if analysis.site.docs_json == Some(file) {
        return Some(Vec::new());
    }
    let root: &Node = analysis.config.root.as_deref()?;
    // Breadth-first, so the shallowest use of the file wins.
    let mut queue = std::collections::VecDeque::from([(root, Vec::new())]);
    while let Some((n, path)) = queue.pop_front() {
        if n.file == file {
            return Some(path);
        }
        each_child(n, &path, |child| queue.push_back(child));
    }
    None
}

/// Where the cursor is in the editor's `text` of the JSON file `f`: from
/// the tree of the version of `f` holding that text (`f` itself, or a
/// version that followed it when the analysis `f` comes from is older than
/// the editor's last keystrokes: its parse is read from `f`'s through the
/// edits, a few milliseconds at most), else from the text's tape.
pub fn json_cursor(f: &Arc<SourceFile>, text: &str, offset: usize) -> JsonCursor {
    let version = f.version_with_text(text);
    let tree = version.as_ref().and_then(|v| v.json_tree());
    let parsed = version.as_ref().map_or(f.text(), |v| v.text());
    query::cursor_for(text, offset, (parsed, tree))
}

/// Where the cursor is in the front matter of the editor's `text` of the
/// page `f`: read from the front matter of the version of `f` holding that
/// text (read once per version, as the rules read it), else from `text`.
pub fn front_matter_cursor(
    f: &Arc<SourceFile>,
    text: &str,
    offset: usize,
) -> Option<front_matter_query::FrontMatterCursor> {
    match f.version_with_text(text) {
        Some(v) => front_matter_query::cursor_in(text, offset, v.front_matter()),
        None => front_matter_query::cursor(text, offset),
    }
}

/// Hands each child of `n` (the values of an object, the items of a list),
/// in order, with its path (`path` is `n`'s) to `visit`: the step of the
/// walks over a whole tree that need each node's path.
pub fn each_child<'a>(n: &'a Node, path: &[Seg], mut visit: impl FnMut((&'a Node, Vec<Seg>))) {
    let with = |seg: Seg| {
        let mut q = path.to_vec();
        q.push(seg);
        q
    };
    match &n.value {
        Value::Object(props) => {
            for p in props.iter() {
                visit((&p.value, with(Seg::Key(p.key.to_string()))));
            }
        }
        Value::Array(items) => {
            for (i, it) in items.iter().enumerate() {
                visit((it, with(Seg::Index(i))));
            }
        }
        _ => {}
    }
}

/// The nodes of the resolved tree along `path`, root first, as far as the
/// tree goes (the text being edited may be ahead of the last good parse).
pub fn nodes_along<'a>(root: &'a Node, path: &[Seg]) -> Vec<&'a Node> {
    let mut out = vec![root];
    let mut cur = root;
    for seg in path {
        let next = match seg {
            Seg::Key(k) => cur.get(k),
            Seg::Index(i) => cur.items().get(*i),
        };
        match next {
            Some(n) => {
                out.push(n);
                cur = n;
            }
            None => break,
        }
    }
    out
}

/// The nearest `openapi` at or above `path` inside `navigation`.
pub fn inherited_openapi(analysis: &Analysis, path: &[Seg]) -> Vec<SpecSource> {
    let Some(root) = analysis.config.root.as_ref() else {
        return Vec::new();
    };
    if path.first() != Some(&Seg::Key("navigation".into())) {
        return Vec::new();
    }
    let nodes = nodes_along(root, path);
    nodes
        .iter()
        .skip(1)
        .rev()
        .map(|n| nav::openapi_of(n))
        .find(|v| !v.is_empty())
        .unwrap_or_default()
}

/// The navigation element kind of the object at `path`, and how many
/// segments of the path lead to it. Navigation paths alternate an array key
/// (`groups`, `tabs`, ...) and an index; `global` is its own kind.
pub fn nav_element_at(path: &[Seg]) -> Option<(ElementKind, usize)> {
    if path.first() != Some(&Seg::Key("navigation".into())) {
        return None;
    }
    let mut kind = ElementKind::Root;
    let mut i = 1;
    loop {
        match (path.get(i), path.get(i + 1)) {
            (Some(Seg::Key(k)), _) if k == "global" && kind == ElementKind::Root => {
                kind = ElementKind::Global;
                i += 1;
            }
            (Some(Seg::Key(k)), Some(Seg::Index(_))) => match nav::kind_of_array(k) {
                Some(next) => {
                    kind = next;
                    i += 2;
                }
                None => break,
            },
            _ => break,
        }
    }
    Some((kind, i))
}

/// The schemas that apply at a full docs.json path.
pub fn schemas_at(path: &[Seg]) -> Vec<&'static Schema> {
    let (base, rest): (&'static Schema, &[Seg]) = match nav_element_at(path) {
        Some((kind, used)) => match schema::nav_element(kind.label_key()) {
            Some(s) => (s, &path[used..]),
            None => (schema::docs(), path),
        },
        None => (schema::docs(), path),
    };
    let segs: Vec<PathSeg> = rest
        .iter()
        .map(|s| match s {
            Seg::Key(k) => PathSeg::Key(k),
            Seg::Index(i) => PathSeg::Index(*i),
        })
        .collect();
    schema::schemas_at(base, &segs)
}

/// The first description among schemas.
pub fn description(schemas: &[&Schema]) -> Option<String> {
    schemas
        .iter()
        .find_map(|s| s.description())
        .map(str::to_string)
}

/// `string | boolean`, with the allowed values when there are few.
pub fn type_line(schemas: &[&Schema]) -> Option<String> {
    let mut types = Vec::new();
    let mut values: Vec<&str> = Vec::new();
    for s in schemas {
        for t in s.accepted_types().names() {
            if !types.contains(&t) {
                types.push(t);
            }
        }
        for v in s.enum_strings() {
            if !values.contains(&v) {
                values.push(v);
            }
        }
    }
    if types.is_empty() && values.is_empty() {
        return None;
    }
    let mut line = types.join(" | ");
    if !values.is_empty() {
        let shown: Vec<String> = values.iter().take(12).map(|v| format!("`{v}`")).collect();
        if !line.is_empty() {
            line.push_str(": ");
        }
        line.push_str(&shown.join(", "));
        if values.len() > 12 {
            line.push_str(", …");
        }
    }
    Some(line)
}

/// The strings of a string value or of the value's string items.
pub fn strings(node: &Node) -> Vec<&str> {
    match &node.value {
        Value::String(s) => vec![&**s],
        Value::Array(items) => items.iter().filter_map(Node::as_str).collect(),
        _ => Vec::new(),
    }
}

/// `to` as a `./`-style path relative to the folder `from_dir`.
pub fn relative(from_dir: &str, to: &str) -> String {
    let from: Vec<&str> = from_dir.split('/').filter(|s| !s.is_empty()).collect();
    let to_parts: Vec<&str> = to.split('/').filter(|s| !s.is_empty()).collect();
    let common = from
        .iter()
        .zip(&to_parts)
        .take_while(|(a, b)| a == b)
        .count();
    let ups = from.len() - common;
    let rest = to_parts[common..].join("/");
    if ups == 0 {
        format!("./{rest}")
    } else {
        format!("{}{rest}", "../".repeat(ups))
    }
}

/// Whether a value at a path ending in these keys is an icon name: `icon`,
/// or `name` inside an `icon` object.
pub fn is_icon_value(key: Option<&str>, parent_key: Option<&str>) -> bool {
    key == Some("icon") || key == Some("name") && parent_key == Some("icon")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_paths() {
        assert_eq!(relative("", "a/b.json"), "./a/b.json");
        assert_eq!(relative("a", "a/b.json"), "./b.json");
        assert_eq!(relative("a/c", "a/b.json"), "../b.json");
        assert_eq!(relative("x", "y.json"), "../y.json");
    }

    #[test]
    fn nav_kinds() {
        let p = |s: &[&str]| -> Vec<Seg> {
            s.iter()
                .map(|x| match x.parse::<usize>() {
                    Ok(i) => Seg::Index(i),
                    Err(_) => Seg::Key(x.to_string()),
                })
                .collect()
        };
        assert_eq!(
            nav_element_at(&p(&["navigation", "tabs", "0", "groups", "1", "icon"])),
            Some((ElementKind::Group, 5))
        );
        assert_eq!(
            nav_element_at(&p(&["navigation", "global", "anchors", "0"])),
            Some((ElementKind::Anchor, 4))
        );
        assert_eq!(
            nav_element_at(&p(&["navigation"])),
            Some((ElementKind::Root, 1))
        );
        assert_eq!(nav_element_at(&p(&["api"])), None);
    }
}

/// What a string value at a docs.json value path means. Completion, hover
/// and definition all ask this one question, so they agree on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValuePlace {
    /// An item of a navigation `pages` array: a page or an endpoint.
    PagesItem,
    /// A group's `root` page.
    RootPage,
    /// An `openapi` value (string, array item, or `{source}`).
    OpenApiFile,
    /// An `asyncapi` value.
    AsyncApiFile,
    /// A `$ref` value.
    Ref,
    /// A language element's `language` code.
    Language,
    /// An icon name: `icon`, or `icon.name` (see [`crate::ide::icons`]).
    Icon,
    /// Anything else: the schema decides.
    Other,
}

pub fn value_place(vp: &[Seg]) -> ValuePlace {
    let key_at = |i: Option<usize>| match i.and_then(|i| vp.get(i)) {
        Some(Seg::Key(k)) => Some(k.as_str()),
        _ => None,
    };
    let key = key_at(vp.len().checked_sub(1));
    let parent_key = key_at(vp.len().checked_sub(2));
    let in_nav = vp.first() == Some(&Seg::Key("navigation".into()));
    let owner = nav_element_at(&vp[..vp.len().saturating_sub(1)])
        .filter(|(_, used)| *used + 1 == vp.len())
        .map(|(k, _)| k);
    let in_openapi = vp.iter().any(|s| *s == Seg::Key("openapi".into()));
    if in_nav && parent_key == Some("pages") && matches!(vp.last(), Some(Seg::Index(_))) {
        ValuePlace::PagesItem
    } else if in_nav && key == Some("root") && owner == Some(ElementKind::Group) {
        ValuePlace::RootPage
    } else if key == Some("openapi")
        || parent_key == Some("openapi")
        || key == Some("source") && in_openapi
    {
        ValuePlace::OpenApiFile
    } else if key == Some("asyncapi") || parent_key == Some("asyncapi") {
        ValuePlace::AsyncApiFile
    } else if key == Some("$ref") {
        ValuePlace::Ref
    } else if key == Some("language") && owner == Some(ElementKind::Language) {
        ValuePlace::Language
    } else if is_icon_value(key, parent_key) {
        ValuePlace::Icon
    } else {
        ValuePlace::Other
    }
}
