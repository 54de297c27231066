//! Inlay hints: in docs.json (and its `$ref` files), beside each page
//! entry, the title readers will see in the sidebar (the navigation view's
//! rule, [`navigation_view::page_label`]); in a page, beside a heading, the
//! id the platform gives it when a writer would guess another (punctuation
//! dropped, non-ASCII kept, a duplicate's number). Only the asked range is
//! computed.

use crate::analysis::Analysis;
use crate::analysis::navigation_view;
use crate::model::anchors;
use crate::model::site::FileKind;
use crate::syntax::tree::FileId;
use std::ops::Range;

/// What a hint shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HintKind {
    /// A page's title beside its navigation entry.
    PageTitle,
    /// A heading's id beside the heading.
    HeadingId,
}

/// One hint: `label` shown at `offset` (after the entry or the heading).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InlayHint {
    pub offset: usize,
    pub label: String,
    pub kind: HintKind,
    /// Said on hover (for heading ids; a title needs no more words).
    pub tooltip: Option<String>,
}

/// Which hints to give (the `docsLsp.inlayHints.*` settings).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HintOptions {
    pub page_titles: bool,
    pub heading_ids: bool,
}

impl Default for HintOptions {
    fn default() -> Self {
        HintOptions {
            page_titles: true,
            heading_ids: true,
        }
    }
}

/// The hints of `file` whose place lies in `range`.
pub fn inlay_hints(
    analysis: &Analysis,
    file: FileId,
    range: Range<usize>,
    options: HintOptions,
) -> Vec<InlayHint> {
    let Some(f) = analysis.site.file(file) else {
        return Vec::new();
    };
    match f.kind {
        FileKind::Page if options.heading_ids => heading_hints(analysis, file, range),
        FileKind::DocsJson | FileKind::Json if options.page_titles => {
            title_hints(analysis, file, range)
        }
        _ => Vec::new(),
    }
}

/// The sidebar title beside each page entry of `file` in `range`.
fn title_hints(analysis: &Analysis, file: FileId, range: Range<usize>) -> Vec<InlayHint> {
    let Some(ix) = super::find_references::nav_index(analysis) else {
        return Vec::new();
    };
    let site = &analysis.site;
    ix.entries
        .iter()
        .filter(|e| e.node.file == file)
        .filter(|e| range.start <= e.node.range.end && e.node.range.start <= range.end)
        // Endpoints and missing pages: the first has its own title, the
        // second a diagnostic already.
        .filter(|e| crate::model::endpoint::parse_endpoint(e.value).is_none())
        .filter(|e| site.page(e.value).is_some())
        .map(|e| InlayHint {
            offset: e.node.range.end,
            label: navigation_view::page_label(site, e.value),
            tooltip: None,
            kind: HintKind::PageTitle,
        })
        .collect()
}

/// The platform's id beside each heading of the page in `range` whose id
/// differs from the naive guess (lower case, spaces to dashes).
fn heading_hints(analysis: &Analysis, file: FileId, range: Range<usize>) -> Vec<InlayHint> {
    let Some(f) = analysis.site.file(file) else {
        return Vec::new();
    };
    let ix = f.page_index();
    let visible = |h: &crate::syntax::page::Heading| {
        range.start <= h.range.end() && h.range.start() <= range.end
    };
    if !ix.headings.iter().any(visible) {
        return Vec::new();
    }
    // The numbering of duplicates depends on every anchor before a
    // heading: ids are made for the whole page, hints for what is shown.
    anchors::heading_ids(ix)
        .into_iter()
        .zip(ix.headings.iter())
        .filter(|(id, h)| visible(h) && !id.custom && !id.id.is_empty())
        .filter(|(id, h)| id.id != naive_id(&h.text))
        .map(|(id, h)| InlayHint {
            offset: h.range.end(),
            tooltip: Some(format!(
                "Links to this heading use #{} (the platform's id for \"{}\")",
                id.id, h.text
            )),
            label: format!("#{}", id.id),
            kind: HintKind::HeadingId,
        })
        .collect()
}

/// The id a writer would guess for a heading: lower case, whitespace runs
/// to one dash.
fn naive_id(text: &str) -> String {
    text.split_whitespace()
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join("-")
}
