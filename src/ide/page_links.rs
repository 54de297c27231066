//! Links in page bodies, in the editor: go to definition (the file, or the
//! heading's line), hover (the target's title and description), document
//! links, references (the links to a page or to one of its headings) and
//! completion after `](`, `href="`, `src="`, `file="` and in imports.
//! The same resolution as the diagnostics (`model::links`).

use super::completion_item::{CompletionItem, CompletionKind};
use super::location::Location;
use crate::analysis::Analysis;
use crate::model::links::{self, Resolved, Target as LinkTarget};
use crate::model::site::{FileKind, SourceFile, strip_page_ext};
use crate::model::slug;
use crate::syntax::page::at_offset::{self, PageAt, Place, Tag};
use crate::syntax::page::{Link, LinkKind, PageTree};
use crate::syntax::tree::FileId;
use std::ops::Range;
use std::sync::Arc;

/// What a link in a page names.
#[derive(Debug, Clone)]
pub struct LinkTo {
    /// The link's target text range in the page.
    pub range: Range<usize>,
    /// The file it resolves to (a page or a snippet), if the site reads it.
    pub file: Option<Arc<SourceFile>>,
    /// The fragment, if any (`#x`), and the heading it names in `file`.
    pub fragment: Option<String>,
    pub heading: Option<Range<usize>>,
}

fn targets(analysis: &Analysis) -> links::Targets {
    links::targets_of(&analysis.site, analysis.config.root.as_deref())
}

/// Resolve a link written in `from` to a file of the site.
pub fn resolve(
    analysis: &Analysis,
    t: &links::Targets,
    from: &SourceFile,
    link: &Link,
) -> Option<LinkTo> {
    let site = &analysis.site;
    let (file, fragment) = if link.kind == LinkKind::Snippet {
        let rel = link.target.trim().trim_start_matches('/');
        let p = if rel.starts_with("snippets/") {
            rel.to_string()
        } else {
            format!("snippets/{rel}")
        };
        (
            site.file_by_path(&p)
                .or_else(|| site.file_by_path(&format!("_{p}")))
                .cloned(),
            None,
        )
    } else {
        match links::parse(&link.target) {
            LinkTarget::Fragment(f) => (site.file(from.id).cloned(), Some(f.to_string())),
            LinkTarget::Internal(l) => {
                let file =
                    links::candidates(&from.path, &l)
                        .iter()
                        .find_map(|c| match t.resolve(c) {
                            Resolved::Page(p) | Resolved::File(p) => site.file_by_path(&p).cloned(),
                            _ => None,
                        });
                (file, l.fragment.map(str::to_string))
            }
            _ => return None,
        }
    };
    let heading = match (&file, &fragment) {
        (Some(f), Some(frag)) if !frag.is_empty() => heading_range(f, frag),
        _ => None,
    };
    Some(LinkTo {
        range: link.target_range.range(),
        file,
        fragment,
        heading,
    })
}

/// The heading of `page` whose id is `fragment` (clean comparison).
pub fn heading_range(page: &SourceFile, fragment: &str) -> Option<Range<usize>> {
    let want = slug::clean(fragment);
    let ix = page.page_index();
    crate::model::anchors::heading_ids(ix)
        .into_iter()
        .zip(ix.headings.iter())
        .find(|(h, _)| h.id == want || h.also.contains(&want))
        .map(|(_, x)| x.range.range())
}

/// Each Markdown heading of a page with its clean id, in order (numbered
/// among the page's other anchors as the platform numbers them).
pub fn heading_ids(page: &SourceFile) -> Vec<(String, Range<usize>)> {
    let ix = page.page_index();
    crate::model::anchors::heading_ids(ix)
        .into_iter()
        .zip(ix.headings.iter())
        .map(|(h, x)| (h.id, x.range.range()))
        .collect()
}

/// The link under the cursor (in its target text, or anywhere in it).
pub fn link_at(analysis: &Analysis, file: FileId, offset: usize) -> Option<LinkTo> {
    let f = analysis.site.file(file)?;
    if !matches!(f.kind, FileKind::Page | FileKind::Snippet) {
        return None;
    }
    let ix = f.page_index();
    let link = ix
        .links
        .iter()
        .find(|l| l.target_range.start() <= offset && offset <= l.target_range.end())
        .or_else(|| {
            ix.links
                .iter()
                .find(|l| l.range.start() <= offset && offset < l.range.end())
        })?;
    resolve(analysis, &targets(analysis), f, link)
}

pub fn definition(analysis: &Analysis, file: FileId, offset: usize) -> Option<Location> {
    let to = link_at(analysis, file, offset)?;
    let f = to.file?;
    Some(Location {
        file: f.id,
        range: to.heading.unwrap_or(0..0),
    })
}

/// Hover on a link: the target page's title and description.
pub fn hover(analysis: &Analysis, file: FileId, offset: usize) -> Option<(String, Range<usize>)> {
    let to = link_at(analysis, file, offset)?;
    let f = to.file?;
    let mut md = String::new();
    if let Some(t) = f.title() {
        md.push_str(&format!("**{t}**\n\n"));
    }
    if let Some(d) = f
        .front_matter()
        .root
        .as_ref()
        .and_then(|r| r.get("description"))
        .and_then(|d| d.as_str())
    {
        md.push_str(&format!("{d}\n\n"));
    }
    if let Some(frag) = &to.fragment {
        md.push_str(&format!(
            "`#{frag}`{}\n\n",
            if to.heading.is_some() {
                ""
            } else {
                " (no such heading)"
            }
        ));
    }
    md.push_str(&format!("`{}`", f.path));
    Some((md, to.range))
}

/// Every link of a page that leads to a file the site reads.
pub fn document_links(analysis: &Analysis, file: FileId) -> Vec<(Range<usize>, FileId)> {
    let Some(f) = analysis.site.file(file) else {
        return Vec::new();
    };
    if !matches!(f.kind, FileKind::Page | FileKind::Snippet) {
        return Vec::new();
    }
    let t = targets(analysis);
    f.page_index()
        .links
        .iter()
        .filter_map(|l| {
            let to = resolve(analysis, &t, f, l)?;
            Some((to.range, to.file?.id))
        })
        .collect()
}

/// The links in every page body (and snippet) that lead to `page`; with
/// `fragment`, only those naming that anchor. Ranges are the link's path
/// (or, with a fragment, the fragment text).
pub fn inbound(
    analysis: &Analysis,
    page: &SourceFile,
    fragment: Option<&str>,
) -> Vec<(Location, Link)> {
    let want = fragment.map(slug::clean);
    links_into(analysis, page)
        .into_iter()
        .filter_map(|into| match &want {
            Some(w) => {
                let (range, written) = into.fragment?;
                (slug::clean(&written) == *w).then_some((
                    Location {
                        file: into.from,
                        range,
                    },
                    into.link,
                ))
            }
            None => Some((
                Location {
                    file: into.from,
                    range: into.link.target_range.range(),
                },
                into.link,
            )),
        })
        .collect()
}

/// A link into a page.
#[derive(Debug, Clone)]
pub struct LinkInto {
    pub from: FileId,
    pub link: Link,
    /// Its fragment: where it is written in `from`, and as written.
    pub fragment: Option<(Range<usize>, String)>,
}

/// Every link in a page body or snippet that resolves to `page`, by the
/// rules diagnostics use (so `/Page#x`, `./page.mdx#x` and
/// `%C3%BCber`-encoded forms are found when the platform resolves them).
pub fn links_into(analysis: &Analysis, page: &SourceFile) -> Vec<LinkInto> {
    links_into_from(analysis, page, None)
}

/// [`links_into`], reading the links of `from` only (the files the
/// reverse link index names) when given.
pub fn links_into_from(
    analysis: &Analysis,
    page: &SourceFile,
    from: Option<&[FileId]>,
) -> Vec<LinkInto> {
    use rayon::prelude::*;
    let t = targets(analysis);
    let files: Vec<&Arc<SourceFile>> = match from {
        Some(ids) => {
            let mut ids = ids.to_vec();
            ids.sort_unstable();
            ids.dedup();
            ids.iter()
                .filter_map(|id| analysis.site.file(*id))
                .collect()
        }
        None => analysis
            .site
            .files()
            .filter(|f| matches!(f.kind, FileKind::Page | FileKind::Snippet))
            .collect(),
    };
    files
        .par_iter()
        .flat_map_iter(|f| {
            let mut out = Vec::new();
            for l in &f.page_index().links {
                // Cheap filter before resolving: the file name must appear.
                if !mentions(l, page, f) {
                    continue;
                }
                let Some(to) = resolve(analysis, &t, f, l) else {
                    continue;
                };
                if to.file.as_ref().map(|x| x.id) != Some(page.id) {
                    continue;
                }
                let fragment = to
                    .fragment
                    .map(|written| (fragment_range(l, written.len()), written));
                out.push(LinkInto {
                    from: f.id,
                    link: l.clone(),
                    fragment,
                });
            }
            out
        })
        .collect()
}

/// Where a link's fragment (`len` bytes, after its `#`) is written: from
/// the `#` in the target when the target is written as read, else (an
/// attribute with character references) the end of the target's range.
fn fragment_range(l: &Link, len: usize) -> Range<usize> {
    let r = l.target_range.range();
    let trimmed = l.target.trim_end();
    match l.target.rfind('#') {
        Some(hash) if r.len() == l.target.len() && trimmed.len() == hash + 1 + len => {
            r.start + hash + 1..r.start + trimmed.len()
        }
        _ => r.end.saturating_sub(len).max(r.start)..r.end,
    }
}

fn mentions(l: &Link, page: &SourceFile, from: &SourceFile) -> bool {
    if l.target.starts_with('#') {
        return from.id == page.id;
    }
    let stem = strip_page_ext(page.path.rsplit('/').next().unwrap_or(&page.path));
    let decoded = slug::percent_decode(&l.target);
    decoded.contains(stem) || (stem == "index" && !decoded.contains('.'))
}

/// Where the cursor is in a page body, for completion.
#[derive(Debug, Clone, PartialEq, Eq)]
enum PageSlot {
    /// After `](` or `href="`: a page path (or `#` anchor).
    Link,
    /// After `![..](` or `src="`/`img="`: an image or file.
    Image,
    /// In `from '...'` or `<Snippet file="`: a snippet.
    Snippet { element: bool },
}

/// Completion in a page body: page paths with titles, then `#` headings of
/// the target page; image paths; snippet paths.
pub fn completions(
    analysis: &Analysis,
    file: FileId,
    tree: &PageTree,
    text: &str,
    offset: usize,
    incomplete: &mut bool,
) -> Option<Vec<CompletionItem>> {
    let f = analysis.site.file(file)?;
    let (slot, typed_start) = slot_at(tree, text, offset)?;
    let typed = text.get(typed_start..offset)?;
    let replace = typed_start..offset;
    let site = &analysis.site;
    let mut items = Vec::new();
    let style = if typed.starts_with('/') {
        links::Style::Absolute
    } else if typed.starts_with('.') {
        links::Style::Relative
    } else {
        links::Style::Absolute
    };
    if let (PageSlot::Link, Some(hash)) = (&slot, typed.find('#')) {
        // Headings of the page before `#` (or this page).
        let path = &typed[..hash];
        let page = if path.is_empty() {
            Some(f.clone())
        } else {
            let t = targets(analysis);
            let l = links::Internal {
                path,
                fragment: None,
                style: match links::parse(path) {
                    LinkTarget::Internal(i) => i.style,
                    _ => links::Style::Absolute,
                },
            };
            links::candidates(&f.path, &l)
                .iter()
                .find_map(|c| match t.resolve(c) {
                    Resolved::Page(p) => site.file_by_path(&p).cloned(),
                    _ => None,
                })
        };
        let page = page?;
        for (i, (id, r)) in heading_ids(&page).into_iter().enumerate() {
            let h = &page
                .page_index()
                .headings
                .iter()
                .find(|h| h.range.range() == r)?
                .text;
            items.push(CompletionItem {
                label: format!("#{id}"),
                kind: CompletionKind::Value,
                detail: Some(h.to_string()),
                documentation: None,
                insert_text: format!("{path}#{id}"),
                replace: replace.clone(),
                sort_text: Some(format!("{i:05}")),
                filter_text: Some(format!("{path}#{id}")),
            });
        }
        return Some(items);
    }
    match slot {
        PageSlot::Link => {
            // Ranked before the cap, as in docs.json: what was typed as the
            // start of a path segment first, then word starts, contained,
            // scattered; the best MAX_PAGE_ITEMS, the list then incomplete.
            let cap = super::completion_item::MAX_PAGE_ITEMS;
            let mut buckets: [Vec<(usize, &str, FileId)>; super::completion_item::RANKS] =
                Default::default();
            let absolute = style == links::Style::Absolute;
            let typed_key = typed.trim_start_matches('/');
            for (i, p) in site.page_names().enumerate() {
                let r = if absolute {
                    // `/v1/` typed: pages under the root's `v1` first, then
                    // those with a `v1` segment deeper down.
                    let rooted = typed.starts_with('/')
                        && p.key.len() >= typed_key.len()
                        && p.key.as_bytes()[..typed_key.len()]
                            .eq_ignore_ascii_case(typed_key.as_bytes());
                    if rooted {
                        Some(if p.key.len() == typed_key.len() { 0 } else { 1 })
                    } else {
                        super::completion_item::rank(typed_key, p.key)
                            .map(|r| if typed.starts_with('/') { r.max(2) } else { r })
                    }
                } else {
                    let written = crate::analysis::rules::write_like(&f.path, style, p.key);
                    super::completion_item::rank(typed, &written)
                };
                let Some(r) = r else { continue };
                let b = &mut buckets[r as usize];
                if b.len() < cap {
                    b.push((i, p.key, p.id));
                } else {
                    *incomplete = true;
                }
                if buckets[..2].iter().map(Vec::len).sum::<usize>() >= cap {
                    *incomplete |= i + 1 < site.page_names().len();
                    break;
                }
            }
            for (r, bucket) in buckets.iter().enumerate() {
                for &(i, key, id) in bucket {
                    if items.len() == cap {
                        *incomplete = true;
                        break;
                    }
                    let written = crate::analysis::rules::write_like(&f.path, style, key);
                    let title = site.file(id).and_then(|x| x.title().map(str::to_string));
                    items.push(CompletionItem {
                        label: written.clone(),
                        kind: CompletionKind::Page,
                        detail: title,
                        documentation: None,
                        insert_text: written.clone(),
                        replace: replace.clone(),
                        sort_text: Some(format!("{r}{i:06}")),
                        filter_text: Some(written),
                    });
                }
            }
        }
        PageSlot::Image => {
            let mut assets: Vec<&str> = site.assets().filter(|a| links::is_image_path(a)).collect();
            assets.sort_unstable();
            for a in assets.into_iter().take(500) {
                let written = crate::analysis::rules::write_like(&f.path, style, a);
                items.push(file_item(written, &replace));
            }
        }
        PageSlot::Snippet { element } => {
            let mut snippets: Vec<&str> = site
                .files()
                .filter(|x| x.kind == FileKind::Snippet)
                .map(|x| x.path.as_str())
                .collect();
            snippets.sort_unstable();
            for s in snippets {
                let written = if element {
                    s.strip_prefix("snippets/")
                        .or_else(|| s.strip_prefix("_snippets/"))
                        .unwrap_or(s)
                        .to_string()
                } else {
                    format!("/{s}")
                };
                items.push(file_item(written, &replace));
            }
        }
    }
    Some(items)
}

/// The slot the cursor is in, as the page reader saw it, and where the
/// typed target starts: a link destination, an `href`/`src`/`img` value,
/// `<Snippet file>`, an import's source.
fn slot_at(tree: &PageTree, text: &str, offset: usize) -> Option<(PageSlot, usize)> {
    match at_offset::at(tree, text, offset) {
        PageAt::Destination { start, image, .. } => Some((
            if image {
                PageSlot::Image
            } else {
                PageSlot::Link
            },
            start,
        )),
        PageAt::Tag(Tag {
            name,
            place: Place::AttrValue { attr, range },
            ..
        }) => {
            let slot = match attr.as_str() {
                "href" => PageSlot::Link,
                "src" | "img" => PageSlot::Image,
                "file" if name == "Snippet" => PageSlot::Snippet { element: true },
                _ => return None,
            };
            Some((slot, range.start))
        }
        PageAt::ImportSource(i) => {
            Some((PageSlot::Snippet { element: false }, i.source_range.start))
        }
        _ => None,
    }
}

/// A completion that inserts a file path as written.
fn file_item(written: String, replace: &std::ops::Range<usize>) -> CompletionItem {
    CompletionItem {
        label: written.clone(),
        kind: CompletionKind::File,
        detail: None,
        documentation: None,
        insert_text: written.clone(),
        replace: replace.clone(),
        sort_text: None,
        filter_text: Some(written),
    }
}
