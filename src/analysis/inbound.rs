//! The reverse link index: which files' body links (pages and snippets)
//! lead to each page, for the "N inbound links" code lens and the page's
//! references (which then read only those files' links).
//!
//! Each page's outbound pages are a memoised query (`Memos::outbound`,
//! reading its file, the shape and the part of docs.json links read). The
//! index of the whole site is gathered from them once per shape (kept in
//! `Memos::inbound` with what it was made from) and, after page edits under
//! the same shape, patched from the edited pages' outbound values only
//! (`Site::edited_since`), so a keystroke costs the pages it edited, not
//! the site. The server builds it off the request path once a snapshot's
//! diagnostics are out (`lsp::view_refresh`); a lens asked before that
//! counts its one page ([`links_to`]) instead of waiting for the whole
//! index (~0.4 s on 25,000 pages).

use super::Analysis;
use super::memos::{DocsJsonValue, InboundCounts};
use super::reads::{self, Revisions};
use crate::model::links::{self, Resolved, Target};
use crate::model::memo::{Reads, Revision};
use crate::model::site::{FileKind, Site, SourceFile, lock};
use crate::syntax::page::{Link, LinkKind};
use crate::syntax::tree::FileId;
use rayon::prelude::*;
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// The key of the docs.json part this query reads, in
/// `Memos::docs_json_parts` (its own entry: the rules keep theirs).
const PART: u8 = 100;

/// What one file's outbound value reads, and how to compute it.
struct Query<'a> {
    site: &'a Site,
    analysis: &'a Analysis,
    targets: links::Targets,
    part: Revision,
    revisions: Revisions<'a>,
}

impl<'a> Query<'a> {
    fn new(analysis: &'a Analysis) -> Self {
        let site = &*analysis.site;
        let memos = analysis.memos();
        let targets = links::targets_of(site, analysis.config.root.as_deref());
        let part = memos
            .docs_json_parts
            .set(PART, &DocsJsonValue::Links(targets.docs_json_part()));
        let mut revisions = Revisions::new(site, &memos.anchors);
        revisions.link_part = Some(part);
        Query {
            site,
            analysis,
            targets,
            part,
            revisions,
        }
    }

    fn made_from(&self) -> (Revision, Revision, Revision) {
        let s = self.site;
        (s.files_revision(), s.derived().shape.epoch, self.part)
    }

    /// `f`'s outbound pages, from the memo table when its reads still hold.
    fn outbound(&self, f: &SourceFile) -> Arc<[FileId]> {
        let shape = self.site.derived().shape.epoch;
        let of = |k| self.revisions.of(k);
        self.analysis
            .memos()
            .outbound
            .get(&f.id, of, |r: &mut Reads| {
                r.read(reads::file(f.id), f.revision);
                r.read(reads::SHAPE, shape);
                r.read(reads::LINK_PART, self.part);
                outbound_of(self.site, &self.targets, f)
            })
            .0
    }
}

/// The files whose body links lead to each page, once per link: the kept
/// index when it is current, patched when only page texts changed since,
/// else gathered from every served body.
pub fn counts(analysis: &Analysis) -> Arc<InboundCounts> {
    let q = Query::new(analysis);
    if let Some(ready) = ready_with(&q) {
        return ready;
    }
    let per_file: FxHashMap<FileId, Arc<[FileId]>> = links::served_bodies(q.site)
        .par_iter()
        .map(|f| (f.id, q.outbound(f)))
        .collect();
    let mut by_page = FxHashMap::<FileId, Vec<FileId>>::default();
    for (from, to) in &per_file {
        for t in to.iter() {
            by_page.entry(*t).or_default().push(*from);
        }
    }
    for from in by_page.values_mut() {
        from.sort_unstable();
    }
    keep(
        analysis,
        q.made_from(),
        Arc::new(per_file),
        Arc::new(by_page),
    )
}

/// The index without gathering the whole site: the kept one when current,
/// or patched from it when only page texts changed since; `None` when it
/// must be gathered again ([`counts`]).
pub fn ready(analysis: &Analysis) -> Option<Arc<InboundCounts>> {
    ready_with(&Query::new(analysis))
}

fn ready_with(q: &Query) -> Option<Arc<InboundCounts>> {
    let made_from = q.made_from();
    let kept = lock(&q.analysis.memos().inbound).clone()?;
    if kept.made_from == made_from {
        return Some(kept);
    }
    let (files, shape, part) = kept.made_from;
    if (shape, part) != (made_from.1, made_from.2) {
        return None;
    }
    let edited = q.site.edited_since(files)?;
    let mut per_file = kept.outbound.clone();
    let mut by_page = kept.by_page.clone();
    for id in edited {
        let now: Arc<[FileId]> = match q.site.file(id).filter(|f| links::is_served_body(f)) {
            Some(f) => q.outbound(f),
            None => Arc::from([]),
        };
        let before = per_file.get(&id).cloned().unwrap_or_else(|| Arc::from([]));
        if before == now {
            continue;
        }
        let by_page = Arc::make_mut(&mut by_page);
        for t in before.iter() {
            if let Some(from) = by_page.get_mut(t) {
                if let Some(i) = from.iter().position(|f| *f == id) {
                    from.remove(i);
                }
                if from.is_empty() {
                    by_page.remove(t);
                }
            }
        }
        for t in now.iter() {
            let from = by_page.entry(*t).or_default();
            let at = from.partition_point(|f| *f <= id);
            from.insert(at, id);
        }
        Arc::make_mut(&mut per_file).insert(id, now);
    }
    Some(keep(q.analysis, made_from, per_file, by_page))
}

fn keep(
    analysis: &Analysis,
    made_from: (Revision, Revision, Revision),
    outbound: Arc<FxHashMap<FileId, Arc<[FileId]>>>,
    by_page: Arc<FxHashMap<FileId, Vec<FileId>>>,
) -> Arc<InboundCounts> {
    let counts = Arc::new(InboundCounts {
        made_from,
        outbound,
        by_page,
    });
    let mut kept = lock(&analysis.memos().inbound);
    // Another thread may have kept a newer one meanwhile: keep the newest.
    if kept.as_ref().is_none_or(|k| k.made_from.0 <= made_from.0) {
        *kept = Some(counts.clone());
    }
    counts
}

/// How many body links (once per linking file and link) lead to `page`:
/// from the index when it is ready, else by reading only the links that
/// could name the page, so the first lens of a big site does not wait for
/// the whole index.
pub fn links_to(analysis: &Analysis, page: FileId) -> usize {
    let q = Query::new(analysis);
    if let Some(ready) = ready_with(&q) {
        return ready.by_page.get(&page).map_or(0, Vec::len);
    }
    let Some(p) = q.site.file(page).filter(|p| p.kind == FileKind::Page) else {
        return 0;
    };
    let names = Names::of(&p.path);
    // On the asking thread, not rayon's pool: the whole index may be being
    // built there, and this must not queue behind it.
    links::served_bodies(q.site)
        .iter()
        .filter(|f| f.id != page)
        .map(|f| {
            f.page_index()
                .links
                .iter()
                .filter(|l| names.could_name(&l.target))
                .filter(|l| resolve(q.site, &q.targets, f, l) == Some(page))
                .count()
        })
        .sum()
}

/// The texts one of which a link must hold to lead to a page: a link's
/// candidates (`links::candidates`) join its decoded text to the linking
/// file's folder, and a page is found by an exact key (`link_targets`), so
/// the key's last segment comes from the link's text, unless the text is
/// percent-encoded or climbs (`..`, `.`) into the linking file's folders.
struct Names<'a> {
    stem: &'a str,
    /// An `index` page is also served at its folder.
    folder: Option<&'a str>,
}

impl<'a> Names<'a> {
    fn of(path: &'a str) -> Self {
        let key = path.rsplit_once('.').map_or(path, |(k, _)| k);
        let (dir, stem) = key.rsplit_once('/').unwrap_or(("", key));
        let folder = (stem == "index").then(|| dir.rsplit('/').next().unwrap_or(dir));
        Names { stem, folder }
    }

    fn could_name(&self, target: &str) -> bool {
        let path = target.split(['#', '?']).next().unwrap_or(target);
        path.contains(self.stem)
            || self.folder.is_some_and(|d| path.contains(d))
            || path.contains('%')
            || path.contains("..")
            || path.bytes().all(|b| b == b'.' || b == b'/')
    }
}

/// The pages (other than `f`) that `f`'s links lead to, once per link, as
/// `ide::page_links::resolve` resolves them for references.
fn outbound_of(site: &Site, targets: &links::Targets, f: &SourceFile) -> Arc<[FileId]> {
    f.page_index()
        .links
        .iter()
        .filter_map(|l| resolve(site, targets, f, l))
        .collect()
}

/// The page (other than `f`) that `f`'s link `l` leads to.
fn resolve(site: &Site, targets: &links::Targets, f: &SourceFile, l: &Link) -> Option<FileId> {
    if l.kind == LinkKind::Snippet {
        return None;
    }
    let Target::Internal(int) = links::parse(&l.target) else {
        return None;
    };
    links::candidates(&f.path, &int)
        .iter()
        .find_map(|c| match targets.resolve(c) {
            Resolved::Page(p) | Resolved::File(p) => site.file_by_path(&p),
            _ => None,
        })
        .filter(|p| p.kind == FileKind::Page && p.id != f.id)
        .map(|p| p.id)
}
