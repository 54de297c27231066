//! One node of the sidebar and what it may be: plain data, serialised as
//! `docs-lsp nav --format json` and `docsLsp/navigation` answer it.

use super::marks::Mark;
use crate::model::nav::ElementKind;
use crate::syntax::tree::FileId;
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
    /// A page the prebuild generates for a channel of an element's
    /// `asyncapi` spec.
    Channel,
    /// `global`: links shown on every page, above the sidebar.
    Global,
}

impl NodeKind {
    pub(super) fn of(kind: ElementKind) -> Option<NodeKind> {
        Some(match kind {
            ElementKind::Language => NodeKind::Language,
            ElementKind::Version => NodeKind::Version,
            ElementKind::Product => NodeKind::Product,
            ElementKind::Tab => NodeKind::Tab,
            ElementKind::Anchor => NodeKind::Anchor,
            ElementKind::Dropdown => NodeKind::Dropdown,
            ElementKind::Item => NodeKind::Item,
            ElementKind::Group => NodeKind::Group,
            ElementKind::Global => NodeKind::Global,
            ElementKind::Root => return None,
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
            NodeKind::Channel => "channel",
            NodeKind::Global => "global",
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
    /// A link: the element's `href` (a tab, anchor or dropdown that leads
    /// elsewhere).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub href: Option<String>,
    /// A group with a root page: the directory readers get on it
    /// (`accordion` or `card`), the nearest `directory` up the navigation
    /// (the element's own first; `none` shows none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub directory: Option<String>,
    /// The worst problem of its page (any diagnostic in the file), of its
    /// entry in docs.json, or of its operation in the spec.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mark: Option<Mark>,
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
    pub(super) fn new(kind: NodeKind, label: String) -> NavNode {
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
            href: None,
            directory: None,
            mark: None,
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
            href: self.href,
            directory: self.directory,
            mark: self.mark,
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
    pub(super) fn slot(&mut self, kind: ElementKind) -> Option<&mut Option<String>> {
        match kind {
            ElementKind::Language => Some(&mut self.language),
            ElementKind::Version => Some(&mut self.version),
            ElementKind::Product => Some(&mut self.product),
            _ => None,
        }
    }

    pub(super) fn wants(&self, kind: ElementKind) -> Option<&str> {
        match kind {
            ElementKind::Language => self.language.as_deref(),
            ElementKind::Version => self.version.as_deref(),
            ElementKind::Product => self.product.as_deref(),
            _ => None,
        }
    }

    pub(super) fn excludes(&self, kind: ElementKind, label: Option<&str>) -> bool {
        self.wants(kind).is_some_and(|w| label != Some(w))
    }
}
