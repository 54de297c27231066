//! The navigation as readers see it: per language, version, product, tab,
//! anchor, dropdown, group and page, after the platform's rules. Which
//! child lists survive is `model::nav`'s decision (`kept_child`, the
//! elements and entries of [`nav::index`]); this module only arranges what
//! the index kept in reading order and dresses each node with what the
//! sidebar shows: the page's `sidebarTitle`, else its `title`, else the
//! platform's title from the slug; `hidden`; icons; links (`href`); the
//! `directory` readers get on a group's root page; `global` links; the API
//! pages the prebuild generates from OpenAPI and AsyncAPI specs
//! (`api_pages`); the worst diagnostic of a node's page or entry (`marks`).
//! Plain data, serialisable, no LSP types. `.ci/sidebar-diff` compares it
//! with the platform's prebuild (docs/sidebar.md).

use super::nav_tree::{ChildItem, ChildLists, Count, NavTree, endpoints_listed};
use super::rules::specs;
use crate::model::docs_json::Config;
use crate::model::endpoint::{EndpointRef, Resolution, parse_endpoint};
use crate::model::nav::{self, ElementKind, NavIndex, slug_to_title};
use crate::model::site::Site;
use crate::syntax::tree::{Node, Value};

mod api_pages;
mod marks;
mod nav_node;
mod tree_text;

pub use marks::{Mark, Marks};
pub use nav_node::{Filter, NavNode, NodeKind, Origin};
pub use tree_text::tree_text;

/// The whole sidebar of the site under `config` (the analysis's resolved
/// docs.json, `tree` its navigation index), or the languages, versions and
/// products `filter` names: the root's children, each page and API page
/// marked with the worst of `marks`. Empty when docs.json has no
/// navigation.
pub fn navigation(
    site: &Site,
    config: &Config,
    tree: &NavTree,
    marks: &Marks,
    filter: &Filter,
) -> Vec<NavNode> {
    let _t = crate::timing::span("navigation view");
    match ViewBuilder::new(site, config, tree, marks, Mode::Only(filter)) {
        Some(b) => b.root_children(),
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
    marks: &Marks,
    scope: &Filter,
) -> (Filter, Vec<NavNode>) {
    let _t = crate::timing::span("navigation view (scoped)");
    match ViewBuilder::new(site, config, tree, marks, Mode::Open(scope)) {
        Some(b) => {
            let nodes = b.root_children();
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

struct ViewBuilder<'a> {
    site: &'a Site,
    config: &'a Config,
    ix: &'a NavIndex<'a>,
    items: &'a ChildLists,
    marks: &'a Marks,
    mode: Mode<'a>,
    /// What `Mode::Open` opened, first of each kind.
    opened: std::cell::RefCell<Filter>,
    api_sources: Vec<nav::SpecSource>,
    all_specs: Vec<&'a std::sync::Arc<crate::model::site::SourceFile>>,
    counts: &'a [Count],
}

/// What an element passes down to the nodes under it: the nearest
/// `directory`.
#[derive(Clone, Copy)]
struct Inherited<'a> {
    directory: Option<&'a str>,
}

impl<'a> ViewBuilder<'a> {
    fn new(
        site: &'a Site,
        config: &'a Config,
        tree: &'a NavTree,
        marks: &'a Marks,
        mode: Mode<'a>,
    ) -> Option<Self> {
        let ix = tree.index()?;
        let mut b = ViewBuilder {
            site,
            config,
            ix,
            items: tree.items(),
            marks,
            mode,
            opened: Default::default(),
            api_sources: specs::api_sources(tree.root()),
            all_specs: specs::all_specs(site),
            counts: &[],
        };
        b.counts = tree.counts(|| b.all_counts());
        Some(b)
    }

    fn root_children(&self) -> Vec<NavNode> {
        let root = self.ix.elements[0].node;
        let inherited = Inherited {
            directory: root.get("directory").and_then(Node::as_str),
        };
        self.children(0, &Filter::default(), inherited)
    }

    /// Every element's count, children before parents (an element comes
    /// after its parent in the index).
    fn all_counts(&self) -> Box<[Count]> {
        let _t = crate::timing::span("navigation counts");
        let listed = endpoints_listed(self.ix, self.items);
        let mut nodes = vec![0u32; self.ix.elements.len()];
        for i in (0..nodes.len()).rev() {
            let mut n = 0;
            for item in self.kids(i) {
                n += match *item {
                    ChildItem::Element(c) => {
                        let el = &self.ix.elements[c as usize];
                        match (NodeKind::of(el.kind), nodes.get(c as usize)) {
                            (Some(_), Some(below)) => 1 + below,
                            _ => 0,
                        }
                    }
                    ChildItem::Entry(_) | ChildItem::Graphql(_) => 1,
                };
            }
            if i > 0 {
                n += self
                    .generated(i, listed[i] == 0)
                    .iter()
                    .map(|g| 1 + g.children.len() as u32)
                    .sum::<u32>();
            }
            nodes[i] = n;
        }
        nodes
            .into_iter()
            .zip(listed)
            .map(|(nodes, endpoints)| Count { nodes, endpoints })
            .collect()
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

    fn kids(&self, i: usize) -> &[ChildItem] {
        self.items.children.get(i).map_or(&[], |k| &k[..])
    }

    /// The nodes of the list element `i` keeps, in the order written.
    /// `path`: the languages, versions and products above.
    fn children(&self, i: usize, path: &Filter, inherited: Inherited) -> Vec<NavNode> {
        let mut out = Vec::new();
        let mut switchers = 0;
        for item in self.kids(i) {
            match *item {
                ChildItem::Element(c) => {
                    if let Some(node) = self.element(c as usize, path, switchers == 0, inherited) {
                        switchers += usize::from(node.scope.is_some());
                        out.push(node);
                    }
                }
                ChildItem::Entry(e) => out.push(self.entry(e as usize)),
                ChildItem::Graphql(g) => {
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
        out
    }

    /// Element `i` as a node; `first`: no language, version or product
    /// came before it in its list.
    fn element(
        &self,
        i: usize,
        path: &Filter,
        first: bool,
        inherited: Inherited,
    ) -> Option<NavNode> {
        let el = &self.ix.elements[i];
        let kind = NodeKind::of(el.kind)?;
        if let Mode::Only(filter) = self.mode
            && filter.excludes(el.kind, el.label)
        {
            return None;
        }
        let label = match kind {
            NodeKind::Global => "Global",
            _ => el.label.unwrap_or_default(),
        };
        let mut node = NavNode::new(kind, label.to_string());
        node.icon = icon(el.node);
        node.hidden = el.node.get("hidden").and_then(Node::as_bool) == Some(true);
        node.href = el.node.get("href").and_then(Node::as_str).map(String::from);
        node.source = self.origin(el.node);
        let inherited = Inherited {
            directory: el
                .node
                .get("directory")
                .and_then(Node::as_str)
                .or(inherited.directory),
        };
        if let Some(root) = self
            .items
            .roots
            .get(&(i as u32))
            .and_then(|&r| self.ix.entries.get(r as usize))
            && let Some(page) = self.site.page(root.value)
        {
            node.page = Some(page.path.clone());
            node.page_file = Some(page.id);
            node.directory = inherited
                .directory
                .filter(|d| matches!(*d, "accordion" | "card"))
                .map(String::from);
            node.mark = self
                .marks
                .worst(self.marks.of_file(page.id), self.marks.within(root.node));
        }
        let mut path = std::borrow::Cow::Borrowed(path);
        if let Some(slot) = path.to_mut().slot(el.kind) {
            *slot = el.label.map(str::to_string);
            node.scope = Some(path.clone().into_owned());
            let Count { nodes, .. } = self.counts.get(i).copied().unwrap_or_default();
            node.count = Some(nodes as usize);
            if let Mode::Open(scope) = self.mode {
                let open = match scope.wants(el.kind) {
                    Some(w) => el.label == Some(w),
                    None => first,
                };
                if !open {
                    node.elided = true;
                    return Some(node);
                }
                let mut opened = self.opened.borrow_mut();
                if let Some(slot) = opened.slot(el.kind)
                    && slot.is_none()
                {
                    *slot = el.label.map(str::to_string);
                }
            }
        }
        node.children = self.children(i, &path, inherited);
        let bulk = self.counts.get(i).is_none_or(|c| c.endpoints == 0);
        node.children.extend(self.generated(i, bulk));
        Some(node)
    }

    /// The groups the prebuild appends to element `i` (not the root): from
    /// its own `openapi` when `bulk` (no endpoint under it is listed by
    /// hand), then from its `asyncapi`. Only an `openapi`'s first source
    /// counts (the prebuild's "TODO: handle multiple openapi files"); every
    /// `asyncapi` source does, unless an element above has one: the
    /// prebuild does not go down past an element whose `asyncapi` it read.
    fn generated(&self, i: usize, bulk: bool) -> Vec<NavNode> {
        let el = &self.ix.elements[i];
        let mut out = Vec::new();
        if bulk && let Some(first) = el.openapi.first() {
            let origin = el.node.get("openapi").and_then(|n| self.origin(n));
            if let Some((path, ix)) = self.spec(first) {
                let mut groups =
                    api_pages::openapi_groups(ix, path, first.directory.as_deref(), origin);
                if ix.is_openapi() {
                    self.mark_generated(&mut groups, ix, true);
                    out.extend(groups);
                }
            }
        }
        let asyncapi = self.asyncapi_of(i);
        let mut above = el.parent.filter(|_| !asyncapi.is_empty());
        let mut covered = false;
        while let Some(j) = above {
            covered |= j > 0 && !self.asyncapi_of(j).is_empty();
            above = self.ix.elements[j].parent;
        }
        if !covered {
            let origin = el.node.get("asyncapi").and_then(|n| self.origin(n));
            for source in asyncapi {
                if let Some((path, ix)) = self.spec(&source)
                    && matches!(ix.kind, crate::model::openapi::SpecKind::AsyncApi { .. })
                {
                    let mut groups = api_pages::asyncapi_groups(
                        ix,
                        path,
                        source.directory.as_deref(),
                        origin.clone(),
                    );
                    self.mark_generated(&mut groups, ix, false);
                    out.extend(groups);
                }
            }
        }
        out
    }

    /// Element `i`'s `asyncapi` sources as the platform keeps them: a
    /// group drops an invalid one (`.catch`), and one beside its `openapi`.
    fn asyncapi_of(&self, i: usize) -> Vec<nav::SpecSource> {
        let el = &self.ix.elements[i];
        if el.kind == ElementKind::Group
            && (!el.openapi.is_empty()
                || el
                    .node
                    .get("asyncapi")
                    .is_some_and(|v| crate::schema::nav_value_dropped("group", "asyncapi", v)))
        {
            return Vec::new();
        }
        nav::asyncapi_of(el.node)
    }

    /// The spec file `source` names, read and accepted by the platform.
    fn spec(
        &self,
        source: &nav::SpecSource,
    ) -> Option<(&'a str, &'a crate::model::openapi::SpecIndex)> {
        let files = specs::named(self.site, std::slice::from_ref(source))?;
        let file = files.into_iter().next().filter(|f| f.text.is_ok())?;
        let ix = self.config.overlays.spec(file);
        (ix.refused.is_none()).then_some((file.path.as_str(), ix))
    }

    /// Marks each generated page with the worst diagnostic of its
    /// operation (or channel) in the spec.
    fn mark_generated(
        &self,
        groups: &mut [NavNode],
        ix: &crate::model::openapi::SpecIndex,
        openapi: bool,
    ) {
        if self.marks.is_empty() {
            return;
        }
        let Some(file) = groups
            .first()
            .and_then(|g| g.children.first())
            .and_then(|p| p.spec.as_deref())
            .and_then(|p| self.site.file_by_path(p))
            .map(|f| f.id)
        else {
            return;
        };
        for page in groups.iter_mut().flat_map(|g| g.children.iter_mut()) {
            let (Some(method), Some(path)) = (&page.method, &page.api_path) else {
                if let Some(c) = page.api_path.as_deref().and_then(|id| ix.find_channel(id)) {
                    page.mark = self.marks.in_range(file, &c.range);
                }
                continue;
            };
            if openapi && method != "WEBHOOK" {
                if let Some(op) = ix.find(method, path) {
                    page.mark = self.marks.in_range(file, &op.item_range);
                }
            } else if let Some(w) = ix.find_webhook(path) {
                page.mark = self.marks.in_range(file, &w.range);
            }
        }
    }

    fn entry(&self, i: usize) -> NavNode {
        let e = &self.ix.entries[i];
        if let Some(r) = parse_endpoint(e.value)
            && (r.spec.is_some() || self.openapi_above(e.parent))
        {
            return self.endpoint(i, &r);
        }
        let mut node = NavNode::new(NodeKind::Page, page_label(self.site, e.value));
        node.source = self.origin(e.node);
        let mut mark = self.marks.within(e.node);
        if let Some(page) = self.site.page(e.value) {
            node.page = Some(page.path.clone());
            node.page_file = Some(page.id);
            mark = self.marks.worst(mark, self.marks.of_file(page.id));
            if let Some(front) = looked_up(e.value)
                .then(|| page.front_matter().root.as_ref())
                .flatten()
            {
                node.icon = icon(front);
                node.hidden = front.get("hidden").and_then(Node::as_bool) == Some(true);
                self.api_page(&mut node, front);
            }
        }
        node.mark = mark;
        node
    }

    /// A page whose front matter names an operation (`openapi: GET
    /// /users`): its method and path, and when it has no title of its own,
    /// the operation's summary as its title (`getDecoratedNavPageAndSlug`).
    fn api_page(&self, node: &mut NavNode, front: &Node) {
        let Some(r) = front
            .get("openapi")
            .and_then(Node::as_str)
            .and_then(parse_endpoint)
        else {
            return;
        };
        node.method = Some(if r.webhook {
            "WEBHOOK".to_string()
        } else {
            r.method.to_ascii_uppercase()
        });
        node.api_path = Some(r.path.to_string());
        if front.get("title").is_some() || front.get("sidebarTitle").is_some() || r.webhook {
            return;
        }
        let overlays = &self.config.overlays;
        let list = specs::list(overlays, &self.all_specs);
        if let (Resolution::Found { spec, item }, named) =
            specs::resolve(self.site, overlays, &r, "", &list)
            && let Some((_, ix)) = named.as_ref().unwrap_or(&list).get(spec)
            && let Some(summary) = ix.operations.get(item).and_then(|op| op.summary.clone())
        {
            node.label = summary;
        }
    }

    /// An endpoint entry: its operation in the spec it resolves against
    /// (the same resolution as `missing-endpoint`'s), titled as the
    /// prebuild titles it.
    fn endpoint(&self, i: usize, r: &EndpointRef) -> NavNode {
        let e = &self.ix.entries[i];
        let mut node = NavNode::new(NodeKind::Endpoint, e.value.to_string());
        node.source = self.origin(e.node);
        node.mark = self.marks.within(e.node);
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
            let file = self.site.file_by_path(path).map(|f| f.id);
            if r.webhook {
                if let Some(w) = ix.webhooks.get(item) {
                    node.label = api_pages::webhook_label(w, &api_pages::webhook_slug(w));
                    if let Some(file) = file {
                        let m = self.marks.in_range(file, &w.range);
                        node.mark = self.marks.worst(node.mark, m);
                    }
                }
            } else if let Some(op) = ix.operations.get(item) {
                // Listed by hand, an `x-hidden` operation is in the
                // sidebar: only the generated lists leave it out.
                node.label = api_pages::operation_label(op, &api_pages::operation_slug(op));
                if let Some(file) = file {
                    let m = self.marks.in_range(file, &op.item_range);
                    node.mark = self.marks.worst(node.mark, m);
                }
            }
        }
        node
    }
}

impl ViewBuilder<'_> {
    /// Whether element `i` or one above it, not the root, sets an
    /// `openapi`: the platform's schema has none on `navigation` (its value
    /// is dropped), and an endpoint entry with no spec of its own and none
    /// above is a page to the prebuild (a missing one, titled from its
    /// text: `GET /users` is "Users").
    fn openapi_above(&self, mut i: usize) -> bool {
        while i > 0 {
            let Some(el) = self.ix.elements.get(i) else {
                return false;
            };
            if !el.openapi.is_empty() {
                return true;
            }
            i = el.parent.unwrap_or(0);
        }
        false
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

/// The label the sidebar shows for the page entry `entry`: the page's
/// `sidebarTitle`, else its `title`, else the platform's title from the
/// entry's slug (also for an entry whose page is missing).
pub fn page_label(site: &Site, entry: &str) -> String {
    let front = site.page(entry).filter(|_| looked_up(entry)).and_then(|p| {
        let root = p.front_matter().root.as_ref()?;
        let text = |k: &str| root.get(k).and_then(shown_text);
        text("sidebarTitle").or_else(|| text("title"))
    });
    front.unwrap_or_else(|| slug_to_title(entry))
}

/// Whether the prebuild looks the entry's page up: not when it is written
/// with its extension (`guide.mdx`), which it titles from the text as it
/// titles a missing page.
fn looked_up(entry: &str) -> bool {
    let p = entry.trim_end_matches('/');
    !(p.ends_with(".mdx") || p.ends_with(".md"))
}

/// A front matter value as the sidebar shows it: the platform passes the
/// YAML value on, so `title: 2024` is "2024" and `title: true` "true" (as
/// JavaScript writes them).
fn shown_text(n: &Node) -> Option<String> {
    match &n.value {
        Value::String(s) => Some(s.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        Value::Number(x) if x.is_finite() && x.fract() == 0.0 && x.abs() < 1e21 => {
            Some(format!("{x:.0}"))
        }
        Value::Number(x) if x.is_finite() => Some(x.to_string()),
        _ => None,
    }
}
