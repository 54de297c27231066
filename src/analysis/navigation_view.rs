//! The navigation as readers see it: per language, version, product, tab,
//! anchor, dropdown, group and page, after the platform's rules. Which
//! child lists survive is `model::nav`'s decision (`kept_child`, the
//! elements and entries of [`nav::index`]); this module only arranges what
//! the index kept in reading order and dresses each node with what the
//! sidebar shows: the page's `sidebarTitle`, else its `title`, else the
//! platform's title from the slug; `hidden`; icons; the API pages the
//! prebuild generates from specs. Plain data, serialisable, no LSP types.

use super::nav_tree::{Count, Item, Items, NavTree};
use super::rules::specs;
use crate::model::docs_json::Config;
use crate::model::endpoint::{EndpointRef, Resolution, parse_endpoint};
use crate::model::nav::{self, ElementKind, NavIndex, slug_to_title};
use crate::model::openapi::SpecIndex;
use crate::model::site::Site;
use crate::syntax::tree::{FileId, Node, Value};
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
    /// A language, version or product: the scope that opens it (its
    /// label and those of the languages, versions and products above it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scope: Option<Filter>,
    /// A language, version or product: how many nodes are under it, all
    /// levels down, in the whole sidebar.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<usize>,
    /// Its children are left out of this answer (another scope is open):
    /// ask with its `scope` for them.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub elided: bool,
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
            scope: None,
            count: None,
            elided: false,
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
            scope: self.scope,
            count: self.count,
            elided: self.elided,
            children: self
                .children
                .into_iter()
                .map(|c| c.map_places(places))
                .collect(),
        }
    }
}

/// Which language, version and product to show (`navigation`: `None` is
/// all of them) or open (`scoped`: `None` is the first, where readers land).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Filter {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub product: Option<String>,
}

impl Filter {
    fn slot(&mut self, kind: ElementKind) -> Option<&mut Option<String>> {
        match kind {
            ElementKind::Language => Some(&mut self.language),
            ElementKind::Version => Some(&mut self.version),
            ElementKind::Product => Some(&mut self.product),
            _ => None,
        }
    }

    fn wants(&self, kind: ElementKind) -> Option<&str> {
        match kind {
            ElementKind::Language => self.language.as_deref(),
            ElementKind::Version => self.version.as_deref(),
            ElementKind::Product => self.product.as_deref(),
            _ => None,
        }
    }

    fn excludes(&self, kind: ElementKind, label: Option<&str>) -> bool {
        self.wants(kind).is_some_and(|w| label != Some(w))
    }
}

/// The whole sidebar of the site under `config` (the analysis's resolved
/// docs.json, `tree` its navigation index), or the languages, versions and
/// products `filter` names: the root's children. Empty when docs.json has
/// no navigation.
pub fn navigation(site: &Site, config: &Config, tree: &NavTree, filter: &Filter) -> Vec<NavNode> {
    let _t = crate::timing::span("navigation view");
    match Builder::new(site, config, tree, Mode::Only(filter)) {
        Some(b) => b.children(0, &Filter::default()).0,
        None => Vec::new(),
    }
}

/// The sidebar with one scope open: in each list of languages, versions or
/// products, the one `scope` names (the first where it names none, the
/// sidebar readers land on) with its whole tree, the others as a skeleton
/// (`elided`: their label, node count and the scope that opens them). The
/// scope opened (what was chosen for each kind) and the root's children.
pub fn scoped(
    site: &Site,
    config: &Config,
    tree: &NavTree,
    scope: &Filter,
) -> (Filter, Vec<NavNode>) {
    let _t = crate::timing::span("navigation view (scoped)");
    match Builder::new(site, config, tree, Mode::Open(scope)) {
        Some(b) => {
            let nodes = b.children(0, &Filter::default()).0;
            (b.opened.take(), nodes)
        }
        None => (Filter::default(), Vec::new()),
    }
}

#[derive(Clone, Copy)]
enum Mode<'a> {
    /// Leave out what the filter does not name.
    Only(&'a Filter),
    /// Open what the scope names, elide the rest.
    Open(&'a Filter),
}

struct Builder<'a> {
    site: &'a Site,
    config: &'a Config,
    ix: &'a NavIndex<'a>,
    items: &'a Items,
    mode: Mode<'a>,
    /// What `Mode::Open` opened, first of each kind.
    opened: std::cell::RefCell<Filter>,
    api_sources: Vec<nav::SpecSource>,
    all_specs: Vec<&'a std::sync::Arc<crate::model::site::SourceFile>>,
    counts: &'a [Count],
}

impl<'a> Builder<'a> {
    fn new(site: &'a Site, config: &'a Config, tree: &'a NavTree, mode: Mode<'a>) -> Option<Self> {
        let ix = tree.index()?;
        let mut b = Builder {
            site,
            config,
            ix,
            items: tree.items(),
            mode,
            opened: Default::default(),
            api_sources: specs::api_sources(tree.root()),
            all_specs: specs::all_specs(site),
            counts: &[],
        };
        b.counts = tree.counts(|| b.all_counts());
        Some(b)
    }

    /// Every element's count, children before parents (an element comes
    /// after its parent in the index).
    fn all_counts(&self) -> Box<[Count]> {
        let _t = crate::timing::span("navigation counts");
        let mut counts = vec![Count::default(); self.ix.elements.len()];
        for i in (0..counts.len()).rev() {
            let (mut nodes, mut endpoints) = (0, 0);
            for item in self.kids(i) {
                match *item {
                    Item::Element(c) => {
                        let el = &self.ix.elements[c as usize];
                        if NodeKind::of(el.kind).is_some()
                            && let Some(c) = counts.get(c as usize)
                        {
                            nodes += 1 + c.nodes;
                            endpoints += c.endpoints;
                        }
                    }
                    Item::Entry(e) => {
                        nodes += 1;
                        let value = self.ix.entries.get(e as usize).map_or("", |e| e.value);
                        endpoints += u32::from(parse_endpoint(value).is_some());
                    }
                    Item::Graphql(_) => nodes += 1,
                }
            }
            let el = &self.ix.elements[i];
            if !el.openapi.is_empty() {
                if endpoints == 0 {
                    nodes += self
                        .generated(el.node, &el.openapi)
                        .iter()
                        .map(|g| 1 + g.children.len() as u32)
                        .sum::<u32>();
                }
                endpoints = 0;
            }
            counts[i] = Count { nodes, endpoints };
        }
        counts.into()
    }

    fn origin(&self, node: &Node) -> Option<Origin> {
        let f = self.site.file(node.file)?;
        Some(Origin {
            path: f.path.clone(),
            file: node.file,
            start: node.range.start,
            end: node.range.end,
        })
    }

    fn kids(&self, i: usize) -> &[Item] {
        self.items.children.get(i).map_or(&[], |k| &k[..])
    }

    /// The nodes of the list element `i` keeps, in the order written, and
    /// how many endpoint entries among them take their spec from above
    /// (the prebuild generates no pages for an `openapi` whose endpoints
    /// are listed by hand). `path`: the languages, versions and products
    /// above.
    fn children(&self, i: usize, path: &Filter) -> (Vec<NavNode>, usize) {
        let mut out = Vec::new();
        let mut listed_endpoints = 0;
        let mut switchers = 0;
        for item in self.kids(i) {
            match *item {
                Item::Element(c) => {
                    if let Some((node, endpoints)) = self.element(c as usize, path, switchers == 0)
                    {
                        switchers += usize::from(node.scope.is_some());
                        out.push(node);
                        listed_endpoints += endpoints;
                    }
                }
                Item::Entry(e) => {
                    let node = self.entry(e as usize);
                    listed_endpoints += usize::from(node.kind == NodeKind::Endpoint);
                    out.push(node);
                }
                Item::Graphql(g) => {
                    let Some(item) = self.ix.graphql_entries.get(g as usize) else {
                        continue;
                    };
                    let mut node =
                        NavNode::new(NodeKind::Graphql, item.as_str().unwrap_or("").to_string());
                    node.source = self.origin(item);
                    out.push(node);
                }
            }
        }
        (out, listed_endpoints)
    }

    /// Element `i` as a node; `first`: no language, version or product
    /// came before it in its list.
    fn element(&self, i: usize, path: &Filter, first: bool) -> Option<(NavNode, usize)> {
        let el = &self.ix.elements[i];
        let kind = NodeKind::of(el.kind)?;
        if let Mode::Only(filter) = self.mode
            && filter.excludes(el.kind, el.label)
        {
            return None;
        }
        let mut node = NavNode::new(kind, el.label.unwrap_or_default().to_string());
        node.icon = icon(el.node);
        node.hidden = el.node.get("hidden").and_then(Node::as_bool) == Some(true);
        node.source = self.origin(el.node);
        if let Some(root) = self
            .items
            .roots
            .get(&(i as u32))
            .and_then(|&r| self.ix.entries.get(r as usize))
            && let Some(page) = self.site.page(root.value)
        {
            node.page = Some(page.path.clone());
            node.page_file = Some(page.id);
        }
        let mut path = std::borrow::Cow::Borrowed(path);
        if let Some(slot) = path.to_mut().slot(el.kind) {
            *slot = el.label.map(str::to_string);
            node.scope = Some(path.clone().into_owned());
            let Count { nodes, endpoints } = self.counts.get(i).copied().unwrap_or_default();
            node.count = Some(nodes as usize);
            if let Mode::Open(scope) = self.mode {
                let open = match scope.wants(el.kind) {
                    Some(w) => el.label == Some(w),
                    None => first,
                };
                if !open {
                    node.elided = true;
                    return Some((node, endpoints as usize));
                }
                let mut opened = self.opened.borrow_mut();
                if let Some(slot) = opened.slot(el.kind)
                    && slot.is_none()
                {
                    *slot = el.label.map(str::to_string);
                }
            }
        }
        let (children, mut endpoints) = self.children(i, &path);
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
