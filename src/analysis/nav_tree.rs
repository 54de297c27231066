//! The navigation index of one resolved docs.json tree, held with the tree
//! it borrows from: the navigation rules build it once per tree, and the
//! sidebar (`navigation_view`) reads the same one instead of indexing the
//! tree again per request. What the sidebar adds to it (each element's
//! kept child list as index items, and how many nodes each element holds)
//! is made on the first request and kept with it: a tree is indexed for one
//! resolved docs.json on one shape (the navigation query's reads), which is
//! all the counts read (the specs are data files).

use crate::model::endpoint::takes_spec_from_above;
use crate::model::nav::{self, ElementKind, NavIndex};
use crate::syntax::tree::Node;
use rustc_hash::FxHashMap;
use std::sync::{Arc, OnceLock};

type MaybeIndex<'a> = Option<NavIndex<'a>>;

self_cell::self_cell!(
    /// A docs.json tree and the index of its `navigation` (none when it
    /// has none, or one that is not an object).
    struct Indexed {
        owner: Arc<Node>,
        #[covariant]
        dependent: MaybeIndex,
    }
);

/// A docs.json tree with its navigation index.
pub struct NavTree {
    indexed: Indexed,
    items: OnceLock<ChildLists>,
    counts: OnceLock<Box<[Count]>>,
}

/// How many nodes of the sidebar an element holds, all levels down, and
/// how many endpoint entries under it take their spec from above
/// ([`endpoints_listed`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct Count {
    pub nodes: u32,
    pub endpoints: u32,
}

impl std::fmt::Debug for NavTree {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NavTree")
            .field("elements", &self.index().map(|ix| ix.elements.len()))
            .finish_non_exhaustive()
    }
}

/// One item of an element's kept child list, as the index knows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChildItem {
    /// In [`NavIndex::elements`].
    Element(u32),
    /// In [`NavIndex::entries`].
    Entry(u32),
    /// In [`NavIndex::graphql_entries`].
    Graphql(u32),
}

/// Each element's kept child list in the order written, and each group's
/// `root` page entry.
#[derive(Debug, Default)]
pub struct ChildLists {
    pub children: Vec<Box<[ChildItem]>>,
    pub roots: FxHashMap<u32, u32>,
}

impl NavTree {
    /// Indexes `root`'s `navigation` (the resolved docs.json tree).
    pub fn new(root: Arc<Node>) -> NavTree {
        NavTree::after(root, None)
    }

    /// [`NavTree::new`], expecting as many entries as `previous` holds (a
    /// keystroke's tree has its previous tree's entries).
    pub fn after(root: Arc<Node>, previous: Option<&NavTree>) -> NavTree {
        let entries = previous.and_then(|p| p.index()).map(|ix| ix.entries.len());
        NavTree {
            indexed: Indexed::new(root, |root| {
                root.get("navigation")
                    .filter(|n| n.is_object())
                    .map(|n| nav::index_sized(n, entries))
            }),
            items: OnceLock::new(),
            counts: OnceLock::new(),
        }
    }

    /// Each element's [`Count`], by element index: `make`'s, kept from the
    /// first call.
    pub fn counts(&self, make: impl FnOnce() -> Box<[Count]>) -> &[Count] {
        self.counts.get_or_init(make)
    }

    pub fn root(&self) -> &Arc<Node> {
        self.indexed.borrow_owner()
    }

    pub fn index(&self) -> Option<&NavIndex<'_>> {
        self.indexed.borrow_dependent().as_ref()
    }

    /// The child items of every element (made once, on first use).
    pub fn items(&self) -> &ChildLists {
        self.items.get_or_init(|| match self.index() {
            Some(ix) => items_of(ix),
            None => ChildLists::default(),
        })
    }
}

/// The lists of a `global`, in the order of its schema (`globalSchema` of
/// @mintlify/validation).
const GLOBAL_LISTS: [&str; 6] = [
    "languages",
    "versions",
    "tabs",
    "dropdowns",
    "anchors",
    "products",
];

/// For each element, how many endpoint entries of its kept lists, all
/// levels down, take their spec from it or from above: down to, not into,
/// an element that sets its own `openapi`. The prebuild generates an
/// element's `openapi` pages in bulk only when it has none (else its
/// endpoints are listed by hand). The sidebar's counts and the rule on
/// specs with nothing to generate both read it.
pub fn endpoints_listed(ix: &NavIndex<'_>, items: &ChildLists) -> Vec<u32> {
    let mut listed = vec![0u32; ix.elements.len()];
    // An element comes after its parent in the index: children first.
    for i in (0..ix.elements.len()).rev() {
        let kids = items.children.get(i).map_or(&[][..], |k| &k[..]);
        listed[i] = kids
            .iter()
            .map(|item| match *item {
                ChildItem::Element(c) => {
                    let own_spec = ix
                        .elements
                        .get(c as usize)
                        .is_none_or(|el| !el.openapi.is_empty());
                    if own_spec { 0 } else { listed[c as usize] }
                }
                ChildItem::Entry(e) => ix
                    .entries
                    .get(e as usize)
                    .map_or(0, |e| u32::from(takes_spec_from_above(e.value))),
                ChildItem::Graphql(_) => 0,
            })
            .sum();
    }
    listed
}

fn items_of(ix: &NavIndex<'_>) -> ChildLists {
    let _t = crate::timing::span("navigation items");
    // Keyed by address: each list item is one node of the tree.
    let mut by_node: FxHashMap<usize, ChildItem> = FxHashMap::default();
    by_node.reserve(ix.elements.len() + ix.entries.len() + ix.graphql_entries.len());
    let at = |n: &Node| n as *const Node as usize;
    for (i, e) in ix.elements.iter().enumerate() {
        by_node.insert(at(e.node), ChildItem::Element(i as u32));
    }
    let mut roots = FxHashMap::default();
    for (i, e) in ix.entries.iter().enumerate() {
        if e.is_root_page {
            roots.insert(e.parent as u32, i as u32);
        } else {
            by_node.insert(at(e.node), ChildItem::Entry(i as u32));
        }
    }
    for (i, g) in ix.graphql_entries.iter().enumerate() {
        by_node.insert(at(g), ChildItem::Graphql(i as u32));
    }
    let mut children: Vec<Box<[ChildItem]>> = ix
        .elements
        .iter()
        .map(|el| {
            if el.node.get("$ref").is_some() {
                return Box::default();
            }
            let kept = |item: &Node| by_node.get(&at(item)).copied();
            if el.kind == ElementKind::Global {
                // Links, not a navigation level: every list, in the order
                // of the platform's schema (its validator writes them so).
                return GLOBAL_LISTS
                    .iter()
                    .filter_map(|k| el.node.get(k))
                    .flat_map(Node::items)
                    .filter_map(kept)
                    .collect();
            }
            let Some(list) = nav::kept_child(el.node, el.kind).and_then(|k| el.node.get(k)) else {
                return Box::default();
            };
            list.items().iter().filter_map(kept).collect()
        })
        .collect();
    // A `global` comes first among its element's children: its links sit
    // above the sidebar.
    for (i, el) in ix.elements.iter().enumerate() {
        if el.kind == ElementKind::Global
            && let Some(list) = el.parent.and_then(|p| children.get_mut(p))
        {
            let mut with = Vec::with_capacity(list.len() + 1);
            with.push(ChildItem::Element(i as u32));
            with.extend_from_slice(list);
            *list = with.into();
        }
    }
    ChildLists { children, roots }
}
