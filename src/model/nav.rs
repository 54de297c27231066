//! The navigation tree as typed data: every element with its kind and label,
//! every page and endpoint entry with the scope it lives in and the OpenAPI
//! source it inherits. Built once per docs.json version; rules, references,
//! completion and rename all read this index instead of walking the JSON.

use crate::syntax::tree::{FileId, Node, Value};
use std::ops::Range;
use std::sync::Arc;

mod index_walk;

/// Keys that hold child elements. One element uses one of them.
pub const CHILD_KEYS: &[&str] = &[
    "pages",
    "groups",
    "tabs",
    "anchors",
    "dropdowns",
    "products",
    "versions",
    "languages",
    "menu",
];

/// The primary patterns allowed at the root of `navigation`: every child
/// key but `menu` (which only tabs hold).
pub const ROOT_KEYS: &[&str] = CHILD_KEYS.split_last().unwrap().1;

/// The element kind an array key holds, and the label key that kind needs.
pub fn kind_of_array(key: &str) -> Option<ElementKind> {
    Some(match key {
        "groups" | "pages" => ElementKind::Group,
        "tabs" => ElementKind::Tab,
        "anchors" => ElementKind::Anchor,
        "dropdowns" => ElementKind::Dropdown,
        "products" => ElementKind::Product,
        "versions" => ElementKind::Version,
        "languages" => ElementKind::Language,
        "menu" => ElementKind::Item,
        _ => return None,
    })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ElementKind {
    Root,
    Global,
    Group,
    Tab,
    Anchor,
    Dropdown,
    Product,
    Version,
    Language,
    Item,
}

impl ElementKind {
    /// The key that labels this kind (`group`, `tab`, ...).
    pub fn label_key(self) -> &'static str {
        match self {
            ElementKind::Root => "navigation",
            ElementKind::Global => "global",
            ElementKind::Group => "group",
            ElementKind::Tab => "tab",
            ElementKind::Anchor => "anchor",
            ElementKind::Dropdown => "dropdown",
            ElementKind::Product => "product",
            ElementKind::Version => "version",
            ElementKind::Language => "language",
            ElementKind::Item => "item",
        }
    }
}

/// The child list the platform keeps when an element holds several (a tab
/// with both `groups` and `pages`, a root with both `tabs` and `anchors`):
/// the first of this order that is present. The platform's schema for each
/// element is a union of one-child-kind shapes tried in order; the first
/// that matches wins and, its objects not being strict, the other lists are
/// silently dropped before the sidebar is built. Established with the
/// platform's own validator (`validateDocsConfig` of @mintlify/validation
/// 0.1.878, tools/nav-order/order.mjs) and confirmed with its prebuild
/// (@mintlify/prebuild 1.0.1341: a tab with `groups` and `pages` builds
/// only the groups). A list not in the order (`tabs` in a tab, `groups` in
/// a group, `menu` in an anchor) is always dropped. docs/diagnostics.md
/// lists the same table.
pub fn keep_order(kind: ElementKind) -> &'static [&'static str] {
    match kind {
        ElementKind::Root => &[
            "products",
            "languages",
            "versions",
            "tabs",
            "dropdowns",
            "anchors",
            "groups",
            "pages",
        ],
        ElementKind::Tab => &[
            "languages",
            "versions",
            "dropdowns",
            "anchors",
            "products",
            "groups",
            "pages",
            "menu",
        ],
        ElementKind::Anchor => &[
            "languages",
            "versions",
            "dropdowns",
            "tabs",
            "products",
            "groups",
            "pages",
        ],
        ElementKind::Dropdown => &[
            "languages",
            "versions",
            "tabs",
            "anchors",
            "products",
            "groups",
            "pages",
        ],
        ElementKind::Product => &[
            "languages",
            "versions",
            "tabs",
            "anchors",
            "dropdowns",
            "groups",
            "pages",
            "menu",
        ],
        ElementKind::Version => &[
            "languages",
            "tabs",
            "dropdowns",
            "anchors",
            "products",
            "groups",
            "pages",
        ],
        ElementKind::Language => &[
            "versions",
            "tabs",
            "dropdowns",
            "anchors",
            "products",
            "groups",
            "pages",
        ],
        ElementKind::Item => &[
            "languages",
            "versions",
            "dropdowns",
            "anchors",
            "products",
            "tabs",
            "groups",
            "pages",
        ],
        ElementKind::Group => &["pages"],
        // `global` holds links, not a navigation level: nothing is dropped.
        ElementKind::Global => CHILD_KEYS,
    }
}

/// The child list of `node` (an element of `kind`) that the platform keeps,
/// if any (see [`keep_order`]).
pub fn kept_child(node: &Node, kind: ElementKind) -> Option<&'static str> {
    keep_order(kind)
        .iter()
        .find(|k| node.prop(k).is_some())
        .copied()
}

/// A child list the platform drops: not shown, and not read by any rule.
#[derive(Debug, Clone)]
pub struct Dropped<'a> {
    /// The element holding it, in [`NavIndex::elements`].
    pub element: usize,
    pub prop: &'a crate::syntax::tree::Prop,
    /// The list kept instead, if any.
    pub kept: Option<&'static str>,
}

/// The OpenAPI source an element sets or inherits.
#[derive(Debug, Clone, PartialEq)]
pub struct SpecSource {
    /// The value as written: a path relative to the docs root, or a URL.
    pub value: String,
    pub file: FileId,
    pub range: Range<usize>,
    /// `{source, directory}`: the folder the generated API pages go in.
    /// The same endpoint under two directories makes two pages.
    pub directory: Option<String>,
}

/// Which language/version/product a page entry belongs to; the same page
/// twice in one scope is a duplicate, in two scopes it is normal.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Scope {
    pub language: Option<String>,
    pub version: Option<String>,
    pub product: Option<String>,
}

#[derive(Debug, Clone)]
pub struct NavElement<'a> {
    pub kind: ElementKind,
    pub node: &'a Node,
    /// Index of the parent element in [`NavIndex::elements`].
    pub parent: Option<usize>,
    pub label: Option<&'a str>,
    /// The element's own `openapi`, if set.
    pub openapi: Vec<SpecSource>,
    /// Nesting: 0 for the root's direct children.
    pub depth: usize,
}

/// A string in a `pages` array (or a group's `root`).
#[derive(Debug, Clone)]
pub struct Entry<'a> {
    pub node: &'a Node,
    pub value: &'a str,
    /// The element whose `pages` holds this entry.
    pub parent: usize,
    /// Its scope and inherited specs, in [`NavIndex::contexts`]: shared by
    /// every entry of one element. An index, not two `Arc`s: 50,000
    /// entries each taking and dropping two references were four atomic
    /// operations apiece per keystroke.
    pub context: u32,
    /// A group's `root` page rather than a `pages` item.
    pub is_root_page: bool,
}

/// What the entries of one element share.
#[derive(Debug, Clone)]
pub struct EntryContext {
    /// 25,000 entries must not each copy their language/version/product
    /// labels.
    pub scope: Arc<Scope>,
    /// The nearest `openapi` up the tree (the element's own first).
    pub inherited_openapi: Arc<[SpecSource]>,
}

#[derive(Debug, Clone, Default)]
pub struct NavIndex<'a> {
    pub elements: Vec<NavElement<'a>>,
    pub entries: Vec<Entry<'a>>,
    /// `QUERY name`, `MUTATION name` and `TYPE name` strings in `pages`
    /// under an element with a `graphql` schema: the prebuild turns each
    /// into a generated page (`graphql-reference/...`), so they are not
    /// page entries.
    pub graphql_entries: Vec<&'a Node>,
    /// `{"sourceRef": "path"}` items of navigation lists: deploys inline
    /// another repository's navigation there. Neither elements nor entries.
    pub source_refs: Vec<&'a Node>,
    /// While indexing: how many elements with a `graphql` schema enclose
    /// the one being read.
    graphql_depth: usize,
    /// The entries' contexts, by [`Entry::context`]; consecutive entries
    /// with the same scope and specs share one.
    pub contexts: Vec<EntryContext>,
    /// Child lists the platform drops (an element holding several kinds);
    /// their elements and entries are in neither list above.
    pub dropped: Vec<Dropped<'a>>,
    /// While indexing: how long a top-level list is split into parts
    /// indexed side by side ([`NavIndex::walk`]); none: never.
    split_at: Option<usize>,
}

/// Index the `navigation` node of a resolved docs.json.
pub fn index(nav: &Node) -> NavIndex<'_> {
    index_sized(nav, None)
}

/// [`index`], given how many entries to expect (those of the tree a
/// keystroke in one string made this one from: the same), so that the
/// tree is not walked once more to count them.
///
/// Only such a keystroke's index is made in parts side by side: it is on
/// the way to the keystroke's diagnostics. The first index comes with
/// reading the site, where the server's memory peaks, and the parts' lists
/// made on the pool's threads added 3.3 MiB to the peak on the largest
/// real site (crewAI, lspbench, medians of 8 alternating runs).
pub fn index_sized(nav: &Node, entries: Option<usize>) -> NavIndex<'_> {
    NavIndex::walk(nav, entries, entries.map(|_| SPLIT_AT))
}

/// The size (bytes of docs.json) of a navigation whose top-level list is
/// indexed in parts side by side: below it, the parts' own indexes cost
/// more than walking on one thread.
const SPLIT_AT: usize = 256 * 1024;

/// The key that makes a navigation list item a multi-repository reference.
pub const SOURCE_REF: &str = "sourceRef";

/// A GraphQL selector entry (`QUERY users`, `MUTATION users.create`,
/// `TYPE User`), as the platform reads one (`parseGraphqlSelector` of
/// @mintlify/common 1.0.1211): the kind in capitals, one name of GraphQL
/// identifiers joined by `.` (not for `TYPE`), nothing else.
pub fn graphql_selector(s: &str) -> Option<(&str, &str)> {
    let mut words = s.split_whitespace();
    let (kind, name) = (words.next()?, words.next()?);
    if words.next().is_some() || !matches!(kind, "QUERY" | "MUTATION" | "TYPE") {
        return None;
    }
    if kind == "TYPE" && name.contains('.') {
        return None;
    }
    let ident = |seg: &str| {
        let mut c = seg.chars();
        c.next()
            .is_some_and(|f| f == '_' || f.is_ascii_alphabetic())
            && c.all(|x| x == '_' || x.is_ascii_alphanumeric())
    };
    name.split('.').all(ident).then_some((kind, name))
}

/// The `openapi` of an element: a string, an array of strings or of
/// `{source}` objects, or `{source, directory}`.
pub fn openapi_of(node: &Node) -> Vec<SpecSource> {
    sources_of(node, "openapi")
}

/// The AsyncAPI sources an element sets (`asyncapi`: a path, a list, or
/// `{source, directory}`), in the order written.
pub fn asyncapi_of(node: &Node) -> Vec<SpecSource> {
    sources_of(node, "asyncapi")
}

fn sources_of(node: &Node, key: &str) -> Vec<SpecSource> {
    let Some(v) = node.get(key) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut push = |n: &Node| match &n.value {
        Value::String(s) => out.push(SpecSource {
            value: s.to_string(),
            file: n.file,
            range: n.range.clone(),
            directory: None,
        }),
        Value::Object(_) => {
            if let Some(src) = n.get("source").filter(|s| s.as_str().is_some()) {
                out.push(SpecSource {
                    value: src.as_str().unwrap_or_default().to_string(),
                    file: src.file,
                    range: src.range.clone(),
                    directory: n
                        .get("directory")
                        .and_then(Node::as_str)
                        .map(|d| d.trim_matches('/').to_string()),
                });
            }
        }
        _ => {}
    };
    match &v.value {
        Value::Array(items) => items.iter().for_each(&mut push),
        _ => push(v),
    }
    out
}

impl<'a> NavIndex<'a> {
    /// An entry's scope and inherited specs.
    pub fn context(&self, e: &Entry) -> &EntryContext {
        &self.contexts[e.context as usize]
    }

    /// Whether an element is a group nested in another group.
    pub fn is_nested_group(&self, i: usize) -> bool {
        let e = &self.elements[i];
        e.kind == ElementKind::Group
            && e.parent
                .is_some_and(|p| self.elements[p].kind == ElementKind::Group)
    }
}

/// The sidebar title the platform gives an entry with no page metadata
/// (`slugToTitle` of @mintlify/common): the last path segment before any
/// `?`, dashes and underscores as spaces, its first letter in capitals.
pub fn slug_to_title(slug: &str) -> String {
    let slug = slug.split('?').next().unwrap_or(slug);
    let last = slug
        .rsplit('/')
        .next()
        .unwrap_or(slug)
        .replace(['-', '_'], " ");
    let mut chars = last.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
