//! Building the navigation index: one walk of docs.json's `navigation`
//! in document order (its top-level list split into parts indexed side by
//! side when it is large), every element and entry numbered as it is met.

use super::*;

/// At least as many as the entries `index` finds: every string in a
/// `pages` list and every `root`.
fn entry_bound(nav: &Node) -> usize {
    let mut n = 0;
    nav.walk(|node| {
        for p in node.props() {
            match p.key.as_str() {
                "pages" => n += p.value.items().len(),
                "root" => n += 1,
                _ => {}
            }
        }
    });
    n
}

/// Where the walk is: the element whose child lists are read, and what
/// the elements and entries below it inherit.
#[derive(Clone, Copy)]
struct Within<'s> {
    /// The element, in [`NavIndex::elements`].
    parent: usize,
    scope: &'s Arc<Scope>,
    inherited: &'s Arc<[SpecSource]>,
    /// The nesting of the elements below it.
    depth: usize,
}

/// One child list of an element: its items, whether it is a `pages`
/// list, and the kind of the elements it holds.
#[derive(Clone, Copy)]
struct ItemList<'a> {
    items: &'a [Node],
    pages: bool,
    kind: ElementKind,
}

fn walk_children<'a>(ix: &mut NavIndex<'a>, node: &'a Node, node_kind: ElementKind, at: Within) {
    // An unresolved `$ref` element is reported where it is written.
    let kept = if node_kind == ElementKind::Global || node.get("$ref").is_some() {
        None
    } else {
        Some(kept_child(node, node_kind))
    };
    for p in node.props() {
        let Some(kind) = kind_of_array(&p.key) else {
            continue;
        };
        if let Some(kept) = kept
            && kept != Some(p.key.as_str())
        {
            ix.dropped.push(Dropped {
                element: at.parent,
                prop: p,
                kept,
            });
            continue;
        }
        let list = ItemList {
            items: p.value.items(),
            pages: p.key == "pages",
            kind,
        };
        if node_kind == ElementKind::Root && ix.split_at.is_some_and(|n| p.value.range.len() >= n) {
            walk_items_split(ix, list, at);
        } else {
            walk_items(ix, list, at);
        }
    }
}

/// The items of one child list of element `at.parent`, in order.
fn walk_items<'a>(ix: &mut NavIndex<'a>, list: ItemList<'a>, at: Within) {
    let ItemList { items, pages, kind } = list;
    for item in items {
        match &item.value {
            Value::String(s) if pages && ix.graphql_depth > 0 && graphql_selector(s).is_some() => {
                ix.graphql_entries.push(item);
            }
            Value::String(s) if pages => {
                let context = ix.context_for(at.scope, at.inherited);
                ix.entries.push(Entry {
                    node: item,
                    value: s,
                    parent: at.parent,
                    context,
                    is_root_page: false,
                })
            }
            Value::Object(_) if item.get(SOURCE_REF).is_some() => ix.source_refs.push(item),
            Value::Object(_) => walk_element(ix, item, kind, at),
            _ => {}
        }
    }
}

/// The items of a top-level list (of the root, element 0) in parts of about
/// equal bytes, each indexed on its own on the rayon pool, then appended in
/// order: a keystroke in a 4 MB docs.json indexes its 56,000 entries again,
/// and this is on its way to the diagnostics.
fn walk_items_split<'a>(ix: &mut NavIndex<'a>, list: ItemList<'a>, at: Within) {
    debug_assert_eq!(at.parent, 0, "a list of the root");
    use rayon::prelude::*;
    let items = list.items;
    let total: usize = items.iter().map(|n| n.range.len()).sum();
    let parts = (rayon::current_num_threads() * 2).clamp(1, items.len().max(1));
    let mut chunks = Vec::with_capacity(parts);
    let (mut start, mut bytes) = (0, 0);
    for (i, n) in items.iter().enumerate() {
        bytes += n.range.len();
        if bytes * parts >= total * (chunks.len() + 1) || i + 1 == items.len() {
            chunks.push(&items[start..=i]);
            start = i + 1;
        }
    }
    let root = &ix.elements[0];
    let per_byte = ix.entries.capacity() as f64 / total.max(1) as f64;
    let subs: Vec<NavIndex<'a>> = chunks
        .par_iter()
        .map(|chunk| {
            // Its own element 0 stands for the root: the parts' items are
            // the root's children.
            let mut sub = NavIndex {
                elements: vec![root.clone()],
                ..NavIndex::default()
            };
            let bytes: usize = chunk.iter().map(|n| n.range.len()).sum();
            sub.entries
                .reserve((bytes as f64 * per_byte * 1.1) as usize + 16);
            let part = ItemList {
                items: chunk,
                ..list
            };
            walk_items(&mut sub, part, at);
            sub
        })
        .collect();
    for sub in subs {
        ix.append(sub);
    }
}

fn walk_element<'a>(ix: &mut NavIndex<'a>, node: &'a Node, kind: ElementKind, at: Within) {
    let label = node.get(kind.label_key()).and_then(Node::as_str);
    // A group's invalid `openapi` is dropped by the platform (`.catch`):
    // its entries inherit as if it were not set.
    let dropped = kind == ElementKind::Group
        && node
            .get("openapi")
            .is_some_and(|v| crate::schema::nav_value_dropped("group", "openapi", v));
    // The items of a `global` list are links to elsewhere: the platform's
    // schema gives them no `openapi` (an unknown key, which it drops).
    let link = ix
        .elements
        .get(at.parent)
        .is_some_and(|p| p.kind == ElementKind::Global);
    let own = if dropped || link {
        Vec::new()
    } else {
        openapi_of(node)
    };
    let inherited: Arc<[SpecSource]> = if own.is_empty() {
        at.inherited.clone()
    } else {
        own.clone().into()
    };
    ix.elements.push(NavElement {
        kind,
        node,
        parent: Some(at.parent),
        label,
        openapi: own,
        depth: at.depth,
    });
    let me = ix.elements.len() - 1;
    let scope = match kind {
        ElementKind::Language | ElementKind::Version | ElementKind::Product => {
            let mut s = (**at.scope).clone();
            let label = label.map(String::from);
            match kind {
                ElementKind::Language => s.language = label,
                ElementKind::Version => s.version = label,
                _ => s.product = label,
            }
            Arc::new(s)
        }
        _ => at.scope.clone(),
    };
    if kind == ElementKind::Group
        && let Some(root) = node.get("root")
        && let Value::String(s) = &root.value
    {
        let context = ix.context_for(&scope, &inherited);
        ix.entries.push(Entry {
            node: root,
            value: s,
            parent: me,
            context,
            is_root_page: true,
        });
    }
    let graphql = node.get("graphql").is_some();
    ix.graphql_depth += usize::from(graphql);
    let below = Within {
        parent: me,
        scope: &scope,
        inherited: &inherited,
        depth: at.depth + 1,
    };
    walk_children(ix, node, kind, below);
    ix.graphql_depth -= usize::from(graphql);
    // A language (or another element) may hold a `global` of its own: links
    // read like the root's, whose elements need their labels as much.
    if kind != ElementKind::Group
        && let Some(global) = node.get("global")
        && matches!(global.value, Value::Object(_))
    {
        walk_global(ix, global, me, &scope, at.depth + 1);
    }
}

/// A `global` (the root's or an element's, `parent`): its lists read like
/// the root's, under an element of its own at `depth`, inheriting no spec.
fn walk_global<'a>(
    ix: &mut NavIndex<'a>,
    global: &'a Node,
    parent: usize,
    scope: &Arc<Scope>,
    depth: usize,
) {
    ix.elements.push(NavElement {
        kind: ElementKind::Global,
        node: global,
        parent: Some(parent),
        label: None,
        openapi: Vec::new(),
        depth,
    });
    let none: Arc<[SpecSource]> = Arc::from(Vec::new());
    let within = Within {
        parent: ix.elements.len() - 1,
        scope,
        inherited: &none,
        depth: depth + 1,
    };
    walk_children(ix, global, ElementKind::Global, within);
}

impl<'a> NavIndex<'a> {
    /// [`index_sized`], splitting a top-level list at least `split_at` bytes
    /// long (if given) into parts indexed in parallel (the same index, see
    /// [`NavIndex::append`]).
    pub(super) fn walk(
        nav: &'a Node,
        entries: Option<usize>,
        split_at: Option<usize>,
    ) -> NavIndex<'a> {
        let mut ix = NavIndex {
            split_at,
            ..NavIndex::default()
        };
        // Sized once: grown by doubling, the entries of a 52,000-entry
        // navigation were 9 MB of allocations per keystroke instead of 3.
        ix.entries
            .reserve_exact(entries.unwrap_or_else(|| entry_bound(nav)));
        ix.elements.push(NavElement {
            kind: ElementKind::Root,
            node: nav,
            parent: None,
            label: None,
            openapi: openapi_of(nav),
            depth: 0,
        });
        // `navigation`'s own `openapi` is no key of the platform's schema: it is
        // dropped before the prebuild reads the tree, so nothing inherits it.
        let root_openapi: Arc<[SpecSource]> = Arc::from([]);
        let scope = Arc::new(Scope::default());
        let root = Within {
            parent: 0,
            scope: &scope,
            inherited: &root_openapi,
            depth: 0,
        };
        walk_children(&mut ix, nav, ElementKind::Root, root);
        if let Some(global) = nav.get("global") {
            walk_global(&mut ix, global, 0, &scope, 0);
        }
        ix
    }

    /// The index of the items after this one's, read apart (its element 0
    /// being this one's root): its elements, entries and contexts renumbered
    /// as one walk would have numbered them, a context shared across the
    /// seam (the same scope and specs) made one again.
    fn append(&mut self, sub: NavIndex<'a>) {
        let base = self.elements.len() - 1;
        let element = |i: usize| if i == 0 { 0 } else { i + base };
        let same_context = match (self.contexts.last(), sub.contexts.first()) {
            (Some(a), Some(b)) => {
                Arc::ptr_eq(&a.scope, &b.scope)
                    && Arc::ptr_eq(&a.inherited_openapi, &b.inherited_openapi)
            }
            _ => false,
        };
        let context_base = (self.contexts.len() - usize::from(same_context)) as u32;
        self.elements
            .extend(sub.elements.into_iter().skip(1).map(|mut e| {
                e.parent = e.parent.map(element);
                e
            }));
        self.entries.extend(sub.entries.into_iter().map(|mut e| {
            e.parent = element(e.parent);
            e.context += context_base;
            e
        }));
        self.contexts
            .extend(sub.contexts.into_iter().skip(usize::from(same_context)));
        self.graphql_entries.extend(sub.graphql_entries);
        self.source_refs.extend(sub.source_refs);
        self.dropped.extend(sub.dropped.into_iter().map(|mut d| {
            d.element = element(d.element);
            d
        }));
    }

    /// The context of these, the last one's if it is the same.
    fn context_for(&mut self, scope: &Arc<Scope>, inherited: &Arc<[SpecSource]>) -> u32 {
        let same = self.contexts.last().is_some_and(|c| {
            Arc::ptr_eq(&c.scope, scope) && Arc::ptr_eq(&c.inherited_openapi, inherited)
        });
        if !same {
            self.contexts.push(EntryContext {
                scope: scope.clone(),
                inherited_openapi: inherited.clone(),
            });
        }
        self.contexts.len() as u32 - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every navigation of the fixtures and the corpus, and one of many
    /// languages and versions: indexed in parts side by side, the index is
    /// the one a single walk makes (elements, entries and their numbers,
    /// contexts shared as a walk shares them, dropped lists).
    #[test]
    fn an_index_made_in_parts_is_the_index_of_one_walk() {
        let mut texts = Vec::new();
        for dir in ["tests/fixtures", "examples", "../shared/corpus/sites"] {
            let mut stack = vec![std::path::PathBuf::from(dir)];
            while let Some(d) = stack.pop() {
                for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
                    let p = e.path();
                    if p.is_dir() {
                        stack.push(p);
                    } else if p.file_name().is_some_and(|n| n == "docs.json") {
                        texts.push(std::fs::read_to_string(&p).unwrap_or_default());
                    }
                }
            }
        }
        assert!(texts.len() > 20, "fixtures found: {}", texts.len());
        texts.push(generated());
        let mut split = 0;
        for text in &texts {
            let parsed = crate::syntax::json::parse(0, text);
            let Some(nav) = parsed.root.as_ref().and_then(|r| r.get("navigation")) else {
                continue;
            };
            let mut one = NavIndex::walk(nav, None, None);
            let mut parts = NavIndex::walk(nav, None, Some(0));
            split += usize::from(nav.props().iter().any(|p| p.value.items().len() > 1));
            one.split_at = None;
            parts.split_at = None;
            assert_eq!(format!("{one:?}"), format!("{parts:?}"));
            assert_eq!(one.entries.len(), parts.entries.len());
        }
        assert!(split > 10, "navigations split: {split}");
    }

    /// Languages of versions of groups, some with `openapi`, a dropped
    /// list, a `global`, a GraphQL list and repeated scopes.
    fn generated() -> String {
        let group = |l: usize, v: usize, g: usize| {
            let pages: Vec<String> = (0..5).map(|p| format!("\"{l}/{v}/{g}/p{p}\"")).collect();
            let openapi = if g.is_multiple_of(3) {
                ",\"openapi\":\"a.yaml\""
            } else {
                ""
            };
            format!(
                "{{\"group\":\"G{g}\",\"root\":\"r{g}\"{openapi},\"pages\":[{}]}}",
                pages.join(",")
            )
        };
        let version = |l: usize, v: usize| {
            let groups: Vec<String> = (0..4).map(|g| group(l, v, g)).collect();
            let extra = if v == 1 { ",\"tabs\":[]" } else { "" };
            format!(
                "{{\"version\":\"v{v}\",\"groups\":[{}]{extra}}}",
                groups.join(",")
            )
        };
        let language = |l: usize| {
            let versions: Vec<String> = (0..3).map(|v| version(l, v)).collect();
            format!(
                "{{\"language\":\"{}\",\"global\":{{\"anchors\":[{{\"anchor\":\"A\",\"href\":\"https://x.dev\"}}]}},\"versions\":[{}]}}",
                ["en", "fr", "de", "es", "ja"][l],
                versions.join(",")
            )
        };
        let languages: Vec<String> = (0..5).map(language).collect();
        format!(
            "{{\"navigation\":{{\"languages\":[{}]}}}}",
            languages.join(",")
        )
    }
}
