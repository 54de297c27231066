//! Find references.
//!
//! - A page (any offset in its file, a link to it, or a navigation entry
//!   naming it): every navigation entry that lists it, in docs.json and its
//!   `$ref` files, including group `root` pages, and every link to it from a
//!   page body.
//! - An operation of a spec (the cursor on its method key, or on its path
//!   key: then every operation of that path), a webhook (its name key), or an
//!   endpoint entry: every navigation endpoint entry and every front matter
//!   `openapi` value that resolves to it, by the rules diagnostics use.
//!
//! Each reference's range is the string's content, without its quotes (the
//! part a rename rewrites), as document links do. The declaration (the page
//! file, the method key) is not included; go-to-definition gives it.

use super::location::Location;
use super::lookup::page_key;
use super::subject::{self, EndpointItem, Subject};
use crate::analysis::Analysis;
use crate::analysis::rules::specs;
use crate::model::endpoint::{EndpointRef, Resolution, parse_endpoint};
use crate::model::nav::NavIndex;
use crate::model::paths;
use crate::model::site::{FileKind, SourceFile};
use crate::syntax::tree::{FileId, Node};
use std::ops::Range;

pub fn references(analysis: &Analysis, file: FileId, text: &str, offset: usize) -> Vec<Location> {
    let Some(f) = analysis.site.file(file) else {
        return Vec::new();
    };
    let mut out = match f.kind {
        FileKind::Page => {
            // On a heading: the links to its anchor; on a link: what it
            // links to; elsewhere: the page (navigation and body links).
            let heading = f
                .page_index()
                .headings
                .iter()
                .position(|h| h.range.start() <= offset && offset <= h.range.end());
            if let Some(i) = heading {
                let (id, _) = super::page_links::heading_ids(f).swap_remove(i);
                super::page_links::inbound(analysis, f, Some(&id))
                    .into_iter()
                    .map(|(t, _)| t)
                    .collect()
            } else if let Some(to) = super::page_links::link_at(analysis, file, offset)
                && let Some(target) = to.file.filter(|t| t.kind == FileKind::Page)
            {
                page_inbound(analysis, &target)
            } else {
                page_inbound(analysis, f)
            }
        }
        FileKind::Snippet => Vec::new(),
        FileKind::DocsJson | FileKind::Json | FileKind::Yaml => match spec_items_at(f, offset) {
            Some(items) => endpoint_references(analysis, f, &items),
            None => match subject::subject_at(analysis, file, text, offset).map(|a| a.subject) {
                Some(Subject::Page { entry, file }) => {
                    // As from the page itself: the entries and every link
                    // to the page, whichever of them the user starts from.
                    match file.filter(|f| f.kind == FileKind::Page) {
                        Some(f) => page_inbound(analysis, f),
                        None => page_references(analysis, page_key(&entry), None),
                    }
                }
                Some(Subject::Endpoint {
                    target: Some(t), ..
                }) => {
                    let item = match t.item {
                        EndpointItem::Operation(op) => SpecItem::Operation(op.method_range.clone()),
                        EndpointItem::Webhook(w) => SpecItem::Webhook(w.name.clone()),
                    };
                    endpoint_references(analysis, t.spec, &[item])
                }
                _ => Vec::new(),
            },
        },
    };
    out.sort_by_key(|t| (t.file, t.range.start));
    out.dedup();
    out
}

/// What leads to a page from elsewhere: the navigation entries listing it
/// and the links of other pages' bodies and snippets (the page's own `#x`
/// links lead to its headings, not to it). What the inbound-links lens
/// counts and shows.
pub fn page_inbound(analysis: &Analysis, page: &SourceFile) -> Vec<Location> {
    let mut v = page_references(analysis, page_key(&page.path), Some(page));
    // The reverse link index names the files to read (a page's own links
    // are not in it).
    let index = crate::analysis::inbound::counts(analysis);
    let from = index.by_page.get(&page.id).map_or(&[][..], Vec::as_slice);
    v.extend(
        super::page_links::links_into_from(analysis, page, Some(from))
            .into_iter()
            .map(|into| Location {
                file: into.from,
                range: into.link.target_range.range(),
            }),
    );
    v
}

/// The navigation index of the resolved docs.json, if it has a navigation:
/// the one the navigation rules built for this analysis.
pub(crate) fn nav_index(analysis: &Analysis) -> Option<&NavIndex<'_>> {
    analysis.navigation.as_deref()?.index()
}

/// A JSON string node's content range (inside its quotes).
pub(crate) fn string_content(n: &Node) -> Range<usize> {
    let r = &n.range;
    if r.len() >= 2 {
        r.start + 1..r.end - 1
    } else {
        r.clone()
    }
}

/// Entries naming the page `key` (no extension, no leading `/`). With the
/// page's file known, an entry must resolve to that very file (`intro`
/// names `intro.mdx` before `intro.md`).
pub(crate) fn page_references(
    analysis: &Analysis,
    key: &str,
    file: Option<&SourceFile>,
) -> Vec<Location> {
    let Some(ix) = nav_index(analysis) else {
        return Vec::new();
    };
    let site = &analysis.site;
    ix.entries
        .iter()
        .filter(|e| page_key(e.value) == key)
        .filter(|e| match file {
            Some(f) => site.page(e.value).is_some_and(|p| p.id == f.id),
            None => true,
        })
        .map(|e| Location {
            file: e.node.file,
            range: string_content(e.node),
        })
        .collect()
}

/// An operation (by its method key range) or a webhook (by name).
#[derive(Debug, Clone, PartialEq)]
enum SpecItem {
    Operation(Range<usize>),
    Webhook(String),
}

/// The operations or webhook under the cursor in a spec file.
fn spec_items_at(f: &SourceFile, offset: usize) -> Option<Vec<SpecItem>> {
    if !matches!(f.kind, FileKind::Json | FileKind::Yaml) {
        return None;
    }
    let ix = f.spec_index();
    let within = |r: &Range<usize>| r.start <= offset && offset <= r.end;
    // The method's key names one operation; a path's key names every
    // operation under it (asked only when no method is under the cursor).
    let operations_at = |range: fn(&crate::model::openapi::Operation) -> &Range<usize>| {
        ix.operations
            .iter()
            .filter(|o| within(range(o)))
            .map(|o| SpecItem::Operation(o.method_range.clone()))
            .collect::<Vec<_>>()
    };
    let mut items = operations_at(|o| &o.method_range);
    if items.is_empty() {
        items = operations_at(|o| &o.path_range);
    }
    if items.is_empty() {
        items.extend(
            ix.webhooks
                .iter()
                .find(|w| within(&w.range))
                .map(|w| SpecItem::Webhook(w.name.clone())),
        );
    }
    (!items.is_empty()).then_some(items)
}

/// Whether endpoint reference `r`, written in folder `from_dir`, resolves
/// (in `list`, as the rules resolve it) to one of `items` of `spec`.
fn hits(
    analysis: &Analysis,
    r: &EndpointRef,
    from_dir: &str,
    list: &specs::SpecList,
    spec: &SourceFile,
    items: &[SpecItem],
) -> bool {
    let overlays = &analysis.config.overlays;
    let (res, named) = specs::resolve(&analysis.site, overlays, r, from_dir, list);
    let Resolution::Found { spec: si, item } = res else {
        return false;
    };
    let Some((path, ix)) = named.as_ref().unwrap_or(list).get(si) else {
        return false;
    };
    if *path != spec.path {
        return false;
    }
    let webhook = r.webhook;
    items.iter().any(|it| match it {
        SpecItem::Operation(mr) => {
            !webhook
                && ix
                    .operations
                    .get(item)
                    .is_some_and(|o| o.method_range == *mr)
        }
        SpecItem::Webhook(name) => {
            webhook && ix.webhooks.get(item).is_some_and(|w| w.name == *name)
        }
    })
}

fn endpoint_references(
    analysis: &Analysis,
    spec: &SourceFile,
    items: &[SpecItem],
) -> Vec<Location> {
    let site = &analysis.site;
    let overlays = &analysis.config.overlays;
    let all = specs::all_specs(site);
    let mut out = Vec::new();
    if let (Some(ix), Some(root)) = (nav_index(analysis), analysis.config.root.as_ref()) {
        let api_sources = specs::api_sources(root);
        for e in &ix.entries {
            let Some(r) = parse_endpoint(e.value) else {
                continue;
            };
            let inherited = &ix.context(e).inherited_openapi;
            let Some(files) = specs::entry_specs(site, inherited, &r, &api_sources, &all) else {
                continue;
            };
            if !files.iter().any(|f| f.id == spec.id) {
                continue;
            }
            let list = specs::list(overlays, &files);
            if hits(analysis, &r, "", &list, spec, items) {
                out.push(Location {
                    file: e.node.file,
                    range: string_content(e.node),
                });
            }
        }
    }
    // Front matter `openapi: [spec] METHOD /path`, as pages.rs resolves it.
    let list = specs::list(overlays, &all);
    for f in site.pages_unsorted() {
        let Some(v) = f
            .front_matter()
            .root
            .as_ref()
            .and_then(|r| r.get("openapi"))
        else {
            continue;
        };
        let Some(s) = v.as_str() else { continue };
        let Some(r) = parse_endpoint(s.trim()) else {
            continue;
        };
        if paths::is_url(r.spec.unwrap_or_default()) {
            continue;
        }
        if hits(analysis, &r, paths::dir_of(&f.path), &list, spec, items) {
            let quoted = v.range.len() >= s.len() + 2;
            let range = if quoted {
                string_content(v)
            } else {
                v.range.clone()
            };
            out.push(Location { file: f.id, range });
        }
    }
    out
}
