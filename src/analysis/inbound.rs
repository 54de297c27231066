//! The reverse link index: which files' body links (pages and snippets)
//! lead to each page, for the "N inbound links" code lens and the page's
//! references (which then read only those files' links).
//!
//! Each page's outbound pages are a memoised query (`Memos::outbound`,
//! reading its file, the shape and the part of docs.json links read), so a
//! keystroke in one page resolves that page's links again and nothing else;
//! the counts for the whole site are summed from those values once per
//! snapshot (kept in `Memos::inbound` by what they were made from) and
//! read by every lens request of that snapshot.

use super::Analysis;
use super::memos::{DocsJsonValue, InboundCounts};
use super::reads::{self, Revisions};
use crate::model::links::{self, Resolved, Target};
use crate::model::memo::Reads;
use crate::model::site::{FileKind, Site, SourceFile, lock};
use crate::syntax::page::LinkKind;
use crate::syntax::tree::FileId;
use rayon::prelude::*;
use std::sync::Arc;

/// The key of the docs.json part this query reads, in
/// `Memos::docs_json_parts` (its own entry: the rules keep theirs).
const PART: u8 = 100;

/// The files whose body links lead to each page, once per link.
pub fn counts(analysis: &Analysis) -> Arc<InboundCounts> {
    let (site, root) = (&*analysis.site, analysis.config.root.as_deref());
    let memos = analysis.memos();
    let targets = links::targets_of(site, root);
    let part = memos
        .docs_json_parts
        .set(PART, &DocsJsonValue::Links(targets.docs_json_part()));
    let made_from = (site.files_revision(), site.derived().shape.epoch, part);
    if let Some(kept) = lock(&memos.inbound).as_ref()
        && kept.made_from == made_from
    {
        return kept.clone();
    }
    let mut revisions = Revisions::new(site, &memos.anchors);
    revisions.link_part = Some(part);
    let shape = site.derived().shape.epoch;
    let outbound = |f: &SourceFile| -> Arc<[FileId]> {
        let of = |k| revisions.of(k);
        memos
            .outbound
            .get(&f.id, of, |r: &mut Reads| {
                r.read(reads::file(f.id), f.revision);
                r.read(reads::SHAPE, shape);
                r.read(reads::LINK_PART, part);
                outbound_of(site, &targets, f)
            })
            .0
    };
    let per_file: Vec<(FileId, Arc<[FileId]>)> = links::served_bodies(site)
        .par_iter()
        .map(|f| (f.id, outbound(f)))
        .collect();
    let mut by_page = rustc_hash::FxHashMap::<FileId, Vec<FileId>>::default();
    for (from, to) in &per_file {
        for t in to.iter() {
            by_page.entry(*t).or_default().push(*from);
        }
    }
    let counts = Arc::new(InboundCounts { made_from, by_page });
    *lock(&memos.inbound) = Some(counts.clone());
    counts
}

/// The pages (other than `f`) that `f`'s links lead to, once per link, as
/// `ide::page_links::resolve` resolves them for references.
fn outbound_of(site: &Site, targets: &links::Targets, f: &SourceFile) -> Arc<[FileId]> {
    let mut out = Vec::new();
    for l in &f.page_index().links {
        if l.kind == LinkKind::Snippet {
            continue;
        }
        let Target::Internal(int) = links::parse(&l.target) else {
            continue;
        };
        let page = links::candidates(&f.path, &int)
            .iter()
            .find_map(|c| match targets.resolve(c) {
                Resolved::Page(p) | Resolved::File(p) => site.file_by_path(&p),
                _ => None,
            })
            .filter(|p| p.kind == FileKind::Page && p.id != f.id);
        if let Some(p) = page {
            out.push(p.id);
        }
    }
    out.into()
}
