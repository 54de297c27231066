//! The navigation as readers see it: per language, version, product, tab,
//! anchor, dropdown, group and page, after the platform's rules. Which
//! child lists survive is `model::nav`'s decision (`kept_child`, the
//! elements and entries of [`nav::index`]); this module only arranges what
//! the index kept in reading order and dresses each node with what the
//! sidebar shows: the page's `sidebarTitle`, else its `title`, else the
//! platform's title from the slug; `hidden`; icons; the API pages the
//! prebuild generates from specs. Plain data, serialisable, no LSP types.

use super::rules::specs;
use crate::model::docs_json::Config;
use crate::model::endpoint::{EndpointRef, Resolution, parse_endpoint};
use crate::model::nav::{self, ElementKind, NavIndex, slug_to_title};
use crate::model::openapi::SpecIndex;
use crate::model::site::Site;
use crate::syntax::tree::{FileId, Node, Value};
use rustc_hash::FxHashMap;
use serde::Serialize;

/// What a node of the sidebar is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum NodeKind {
    Language,
    Version,
    Product,
    Tab,
    Anchor,
    Dropdown,
    /// A tab's `menu` item.
    Item,
    Group,
    Page,
    /// An API page: an endpoint entry, or one the prebuild generates from
    /// an element's `openapi`.
    Endpoint,
    /// A `QUERY`/`MUTATION`/`TYPE` entry under a `graphql` schema.
    Graphql,
}

impl NodeKind {
    fn of(kind: ElementKind) -> Option<NodeKind> {
        Some(match kind {
            ElementKind::Language => NodeKind::Language,
            ElementKind::Version => NodeKind::Version,
            ElementKind::Product => NodeKind::Product,
            ElementKind::Tab => NodeKind::Tab,
            ElementKind::Anchor => NodeKind::Anchor,
            ElementKind::Dropdown => NodeKind::Dropdown,
            ElementKind::Item => NodeKind::Item,
            ElementKind::Group => NodeKind::Group,
            ElementKind::Root | ElementKind::Global => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            NodeKind::Language => "language",
            NodeKind::Version => "version",
            NodeKind::Product => "product",
            NodeKind::Tab => "tab",
            NodeKind::Anchor => "anchor",
            NodeKind::Dropdown => "dropdown",
            NodeKind::Item => "item",
            NodeKind::Group => "group",
            NodeKind::Page => "page",
            NodeKind::Endpoint => "endpoint",
            NodeKind::Graphql => "graphql",
        }
    }
}

/// Where in docs.json (or a `$ref` file) a node is written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Origin {
    /// Relative to the docs root.
    pub path: String,
    #[serde(skip)]
    pub file: FileId,
    /// Byte offsets.
    pub start: usize,
    pub end: usize,
}

/// One node of the sidebar. `Src` is where docs.json writes it and `Uri` a
/// page's address, as the caller shows them: here an [`Origin`] and none;
/// the protocol layer maps them to a location and a URI
/// ([`NavNode::map_places`]), so that the sidebar has one shape everywhere.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NavNode<Src = Origin, Uri = ()> {
    pub kind: NodeKind,
    /// What the reader sees.
    pub label: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub icon: Option<String>,
    /// Built but left out of the sidebar (`hidden` on the element or in the
    /// page's front matter, `x-hidden` on an operation).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub hidden: bool,
    /// The page file (relative to the docs root): a page, a group's `root`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub page: Option<String>,
    #[serde(skip)]
    pub page_file: Option<FileId>,
    /// The page's address, where the caller gives one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub page_uri: Option<Uri>,
    /// An API page's method (upper case, `WEBHOOK` for a webhook) and path.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub api_path: Option<String>,
    /// The spec file an API page comes from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spec: Option<String>,
    /// Made by the prebuild from a spec, not written in docs.json.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub generated: bool,
    /// The entry or element that made this node (for a generated node: the
    /// `openapi` that generated it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<Src>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub children: Vec<NavNode<Src, Uri>>,
}

impl NavNode {
    fn new(kind: NodeKind, label: String) -> NavNode {
        NavNode {
            kind,
            label,
            icon: None,
            hidden: false,
            page: None,
            page_file: None,
            page_uri: None,
            method: None,
            api_path: None,
            spec: None,
            generated: false,
            source: None,
            children: Vec::new(),
        }
    }
}

impl<Src, Uri> NavNode<Src, Uri> {
    /// The same tree with each node's `source` and `page_uri` as `places`
    /// makes them from the node.
    pub fn map_places<S, U>(
        self,
        places: &mut impl FnMut(&Self) -> (Option<S>, Option<U>),
    ) -> NavNode<S, U> {
        let (source, page_uri) = places(&self);
        NavNode {
            kind: self.kind,
            label: self.label,
            icon: self.icon,
            hidden: self.hidden,
            page: self.page,
            page_file: self.page_file,
            page_uri,
            method: self.method,
            api_path: self.api_path,
            spec: self.spec,
            generated: self.generated,
            source,
            children: self
                .children
                .into_iter()
                .map(|c| c.map_places(places))
                .collect(),
        }
    }
}

/// Which language, version and product to show; `None`: all of them.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    pub language: Option<String>,
    pub version: Option<String>,
    pub product: Option<String>,
}

impl Filter {
    fn excludes(&self, kind: ElementKind, label: Option<&str>) -> bool {
        let want = match kind {
            ElementKind::Language => &self.language,
            ElementKind::Version => &self.version,
            ElementKind::Product => &self.product,
            _ => return false,
        };
        want.as_deref().is_some_and(|w| label != Some(w))
    }
}

/// The sidebar of the site under `config` (the analysis's resolved
/// docs.json): the root's children. Empty when docs.json does not parse.
pub fn navigation(site: &Site, config: &Config, filter: &Filter) -> Vec<NavNode> {
    let Some(root) = config.root.as_deref() else {
        return Vec::new();
    };
    let Some(nav_node) = root.get("navigation") else {
        return Vec::new();
    };
    let _t = crate::timing::span("navigation view");
    let ix = nav::index(nav_node);
    let mut by_node: FxHashMap<*const Node, Item> = FxHashMap::default();
    for (i, e) in ix.elements.iter().enumerate() {
        by_node.insert(e.node as *const Node, Item::Element(i));
    }
    // A group's `root` page, by the group's element index.
    let mut roots: FxHashMap<usize, usize> = FxHashMap::default();
    for (i, e) in ix.entries.iter().enumerate() {
        if e.is_root_page {
            roots.insert(e.parent, i);
        } else {
            by_node.insert(e.node as *const Node, Item::Entry(i));
        }
    }
    for g in &ix.graphql_entries {
        by_node.insert(*g as *const Node, Item::Graphql);
    }
    let b = Builder {
        site,
        config,
        ix: &ix,
        by_node,
        roots,
        filter,
        api_sources: specs::api_sources(root),
        all_specs: specs::all_specs(site),
    };
    b.children(0).0
}

#[derive(Clone, Copy)]
enum Item {
    Element(usize),
    Entry(usize),
    Graphql,
}

struct Builder<'a> {
    site: &'a Site,
    config: &'a Config,
    ix: &'a NavIndex<'a>,
    by_node: FxHashMap<*const Node, Item>,
    roots: FxHashMap<usize, usize>,
    filter: &'a Filter,
    api_sources: Vec<nav::SpecSource>,
    all_specs: Vec<&'a std::sync::Arc<crate::model::site::SourceFile>>,
}

impl Builder<'_> {
    fn origin(&self, node: &Node) -> Option<Origin> {
        let f = self.site.file(node.file)?;
        Some(Origin {
            path: f.path.clone(),
            file: node.file,
            start: node.range.start,
            end: node.range.end,
        })
    }

    /// The nodes of the list element `i` keeps, in the order written, and
    /// how many endpoint entries among them take their spec from above
    /// (the prebuild generates no pages for an `openapi` whose endpoints
    /// are listed by hand).
    fn children(&self, i: usize) -> (Vec<NavNode>, usize) {
        let el = &self.ix.elements[i];
        let mut out = Vec::new();
        let mut listed_endpoints = 0;
        if el.node.get("$ref").is_some() {
            return (out, 0);
        }
        let Some(key) = nav::kept_child(el.node, el.kind) else {
            return (out, 0);
        };
        let Some(list) = el.node.get(key) else {
            return (out, 0);
        };
        for item in list.items() {
            match self.by_node.get(&(item as *const Node)) {
                Some(Item::Element(c)) => {
                    if let Some((node, endpoints)) = self.element(*c) {
                        out.push(node);
                        listed_endpoints += endpoints;
                    }
                }
                Some(Item::Entry(e)) => {
                    let node = self.entry(*e);
                    listed_endpoints += usize::from(node.kind == NodeKind::Endpoint);
                    out.push(node);
                }
                Some(Item::Graphql) => {
                    let mut node =
                        NavNode::new(NodeKind::Graphql, item.as_str().unwrap_or("").to_string());
                    node.source = self.origin(item);
                    out.push(node);
                }
                None => {}
            }
        }
        (out, listed_endpoints)
    }

    fn element(&self, i: usize) -> Option<(NavNode, usize)> {
        let el = &self.ix.elements[i];
        let kind = NodeKind::of(el.kind)?;
        if self.filter.excludes(el.kind, el.label) {
            return None;
        }
        let mut node = NavNode::new(kind, el.label.unwrap_or_default().to_string());
        node.icon = icon(el.node);
        node.hidden = el.node.get("hidden").and_then(Node::as_bool) == Some(true);
        node.source = self.origin(el.node);
        if let Some(root) = self.roots.get(&i).map(|&r| &self.ix.entries[r])
            && let Some(page) = self.site.page(root.value)
        {
            node.page = Some(page.path.clone());
            node.page_file = Some(page.id);
        }
        let (children, mut endpoints) = self.children(i);
        node.children = children;
        if !el.openapi.is_empty() {
            if endpoints == 0 {
                node.children.extend(self.generated(el.node, &el.openapi));
            }
            endpoints = 0;
        }
        Some((node, endpoints))
    }

    fn entry(&self, i: usize) -> NavNode {
        let e = &self.ix.entries[i];
        if let Some(r) = parse_endpoint(e.value) {
            return self.endpoint(i, &r);
        }
        let mut node = NavNode::new(NodeKind::Page, page_label(self.site, e.value));
        node.source = self.origin(e.node);
        if let Some(page) = self.site.page(e.value) {
            node.page = Some(page.path.clone());
            node.page_file = Some(page.id);
            if let Some(front) = page.front_matter().root.as_ref() {
                node.icon = icon(front);
                node.hidden = front.get("hidden").and_then(Node::as_bool) == Some(true);
            }
        }
        node
    }

    /// An endpoint entry: its operation in the spec it resolves against
    /// (the same resolution as `missing-endpoint`'s), titled as the
    /// prebuild titles it.
    fn endpoint(&self, i: usize, r: &EndpointRef) -> NavNode {
        let e = &self.ix.entries[i];
        let mut node = NavNode::new(NodeKind::Endpoint, e.value.to_string());
        node.source = self.origin(e.node);
        node.method = Some(if r.webhook {
            "WEBHOOK".to_string()
        } else {
            r.method.to_ascii_uppercase()
        });
        node.api_path = Some(r.path.to_string());
        let inherited = &self.ix.context(e).inherited_openapi;
        let Some(files) =
            specs::entry_specs(self.site, inherited, r, &self.api_sources, &self.all_specs)
        else {
            return node;
        };
        let overlays = &self.config.overlays;
        let list = specs::list(overlays, &files);
        let (res, named) = specs::resolve(self.site, overlays, r, "", &list);
        let list = named.as_ref().unwrap_or(&list);
        if let Resolution::Found { spec, item } = res
            && let Some((path, ix)) = list.get(spec)
        {
            node.spec = Some(path.to_string());
            if r.webhook {
                if let Some(w) = ix.webhooks.get(item) {
                    node.label = w
                        .summary
                        .clone()
                        .unwrap_or_else(|| slug_to_title(&filename(&w.name)));
                }
            } else if let Some(op) = ix.operations.get(item) {
                node.label = operation_title(op);
                node.hidden = op.hidden;
            }
        }
        node
    }

    /// The groups the prebuild appends to an element with an `openapi` of
    /// its own when no endpoint under it is listed by hand: one group per
    /// operation tag ("API Reference" for untagged ones), in the spec's
    /// order; excluded operations make no page and `x-hidden` ones a page
    /// the sidebar leaves out (checked with a prebuild run,
    /// tests/fixtures/nav/sidebar/README.md). Only the first source
    /// counts (the prebuild's "TODO: handle multiple openapi files").
    fn generated(&self, el: &Node, sources: &[nav::SpecSource]) -> Vec<NavNode> {
        let Some(files) = specs::named(self.site, &sources[..1]) else {
            return Vec::new();
        };
        let Some(file) = files.first().filter(|f| f.text.is_ok()) else {
            return Vec::new();
        };
        let ix: &SpecIndex = self.config.overlays.spec(file);
        if ix.refused.is_some() || !ix.is_openapi() {
            return Vec::new();
        }
        let origin = el.get("openapi").and_then(|n| self.origin(n));
        let mut groups: Vec<NavNode> = Vec::new();
        for op in ix.operations.iter().filter(|op| !op.excluded && !op.hidden) {
            let tag = op.tag.as_deref().unwrap_or("API Reference");
            let g = match groups.iter().position(|g| g.label == tag) {
                Some(g) => g,
                None => {
                    let mut g = NavNode::new(NodeKind::Group, tag.to_string());
                    g.generated = true;
                    g.source = origin.clone();
                    groups.push(g);
                    groups.len() - 1
                }
            };
            let mut page = NavNode::new(NodeKind::Endpoint, operation_title(op));
            page.method = Some(op.method.clone());
            page.api_path = Some(op.path.clone());
            page.spec = Some(file.path.clone());
            page.generated = true;
            page.source = origin.clone();
            groups[g].children.push(page);
        }
        groups
    }
}

/// An element's or a page's icon: a name, or `{name}`.
fn icon(node: &Node) -> Option<String> {
    let icon = node.get("icon")?;
    match &icon.value {
        Value::String(s) => Some(s.to_string()),
        Value::Object(_) => icon.get("name").and_then(Node::as_str).map(String::from),
        _ => None,
    }
}

/// An operation's page title as the prebuild makes it
/// (`generateOpenApiPages` of @mintlify/common): its summary, else the
/// title of its file name, `{method}-{path}`.
fn operation_title(op: &crate::model::openapi::Operation) -> String {
    if let Some(s) = op.summary.as_deref().filter(|s| !s.is_empty()) {
        return s.to_string();
    }
    slug_to_title(&format!(
        "{}-{}",
        op.method.to_ascii_lowercase(),
        filename(&op.path)
    ))
}

/// The label the sidebar shows for the page entry `entry`: the page's
/// `sidebarTitle`, else its `title`, else the platform's title from the
/// entry's slug (also for an entry whose page is missing).
pub fn page_label(site: &Site, entry: &str) -> String {
    let front = site.page(entry).and_then(|p| {
        let root = p.front_matter().root.as_ref()?;
        let text = |k: &str| root.get(k).and_then(Node::as_str).map(str::to_string);
        text("sidebarTitle").or_else(|| text("title"))
    });
    front.unwrap_or_else(|| slug_to_title(entry))
}

/// `prepareStringToBeValidFilename` of @mintlify/common: spaces and path
/// parameters to dashes, one leading and trailing dash dropped, special
/// characters removed, double dashes halved, lower case.
fn filename(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        out.push_str(&rest[..open]);
        out.push('-');
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    let out = out.replace(' ', "-");
    let out = out.strip_prefix('-').unwrap_or(&out);
    let out = out.strip_suffix('-').unwrap_or(out);
    let out: String = out
        .chars()
        .filter(|c| !matches!(c, '{' | '}' | '(' | ')' | ',' | '.' | '\'' | '\n' | '/'))
        .collect();
    out.replace("--", "-").to_lowercase()
}

/// The tree format of `docs-lsp nav`: one node a line, indented by depth:
/// kind, label, then the page or the method and path, and `[hidden]`.
pub fn tree_text(nodes: &[NavNode]) -> String {
    let mut out = String::new();
    write_tree(nodes, 0, &mut out);
    out
}

fn write_tree(nodes: &[NavNode], depth: usize, out: &mut String) {
    use std::fmt::Write;
    for n in nodes {
        let _ = write!(out, "{}{} {:?}", "  ".repeat(depth), n.kind.name(), n.label);
        if let (Some(m), Some(p)) = (&n.method, &n.api_path) {
            let _ = write!(out, " {m} {p}");
        }
        if let Some(page) = &n.page {
            let _ = write!(out, " -> {page}");
        } else if n.kind == NodeKind::Page {
            out.push_str(" (no file)");
        }
        if let Some(spec) = &n.spec {
            let _ = write!(out, " <- {spec}");
        }
        if let Some(icon) = &n.icon {
            let _ = write!(out, " icon={icon}");
        }
        if n.generated {
            out.push_str(" [generated]");
        }
        if n.hidden {
            out.push_str(" [hidden]");
        }
        out.push('\n');
        write_tree(&n.children, depth + 1, out);
    }
}

#[cfg(test)]
mod tests {
    use super::filename;

    #[test]
    fn file_names_as_the_prebuild_writes_them() {
        assert_eq!(filename("/users/{id}"), "users");
        assert_eq!(filename("/users/{id}/pets"), "users-pets");
        assert_eq!(filename("Create a user"), "create-a-user");
    }
}
