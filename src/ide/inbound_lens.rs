//! The "N inbound links" code lens at the top of a page: the navigation
//! entries listing it and the links of other pages and snippets leading to
//! it. The count reads the analysis' reverse link index
//! (`analysis::inbound`, memoised; before it is built, the links that
//! could name the page), not the site's links; the places, the
//! lens's list, are the references of the page
//! ([`super::find_references::page_inbound`]), asked when the list is opened.

use crate::analysis::Analysis;
use crate::model::site::FileKind;
use crate::syntax::tree::FileId;

/// The lens of one page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InboundLens {
    /// Where the lens sits (the page's start) and where its references are
    /// asked from.
    pub offset: usize,
    /// Navigation entries listing the page.
    pub entries: usize,
    /// Links of other pages' bodies and snippets to it.
    pub links: usize,
}

impl InboundLens {
    pub fn total(&self) -> usize {
        self.entries + self.links
    }

    /// The lens's text: "3 inbound links", "1 inbound link".
    pub fn title(&self) -> String {
        let n = self.total();
        format!("{n} inbound link{}", if n == 1 { "" } else { "s" })
    }
}

/// The lens of `file`, if it is a page.
pub fn inbound_lens(analysis: &Analysis, file: FileId) -> Option<InboundLens> {
    let f = analysis.site.file(file)?;
    if f.kind != FileKind::Page {
        return None;
    }
    let links = crate::analysis::inbound::links_to(analysis, file);
    let entries = super::find_references::page_references(
        analysis,
        super::lookup::page_key(&f.path),
        Some(f),
    )
    .len();
    Some(InboundLens {
        offset: 0,
        entries,
        links,
    })
}
