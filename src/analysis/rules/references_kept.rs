//! What the navigation references pass keeps for the next keystroke: each
//! entry's outcome and its context, so that an entry whose bytes no edit
//! since touched (docs.json's text history, what the memo table's text
//! reads are carried through) takes its previous outcome. The outcomes
//! are shared, not copied: they sit in fixed chunks behind `Arc`s, and a
//! keystroke copies the chunk of each entry it changed (one or none), so a
//! pass costs what changed and not the 55,000 entries of a large site.

use crate::diagnostics::Diagnostic;
use crate::model::nav::{Entry, EntryContext, NavIndex};
use crate::model::site::PageRef;
use crate::syntax::tree::FileId;
use std::sync::Arc;

/// What the references pass resolved, entry by entry (in
/// [`NavIndex::entries`] order), kept with its tree so that the next
/// keystroke's pass can take what did not change.
#[derive(Default)]
pub struct ResolvedReferences {
    pub(super) entries: Entries,
    /// Each entry's own diagnostics, by entry index in entry order (most
    /// entries have none: kept apart so that the entries stay small and
    /// `Copy`, and only these have ranges to move after an edit).
    pub(super) diags: Vec<(u32, Diagnostic)>,
    /// Whether each entry repeats an earlier one of its scope.
    pub(super) dup: Vec<bool>,
    /// The specs `api` names (value and directory), which an endpoint
    /// entry outside any `openapi` element resolves against: entries are
    /// kept only while they are the same.
    pub(super) api: Vec<(String, Option<String>)>,
}

/// The specs `api` names, as [`ResolvedReferences::api`] keeps them.
pub(super) fn api_key(sources: &[crate::model::nav::SpecSource]) -> Vec<(String, Option<String>)> {
    sources
        .iter()
        .map(|s| (s.value.clone(), s.directory.clone()))
        .collect()
}

/// How many entries share one chunk: a keystroke copies one chunk.
pub(super) const CHUNK: usize = 1024;

/// The entries' outcomes, in chunks shared between passes.
#[derive(Default, Clone)]
pub(super) struct Entries {
    chunks: Vec<Arc<Vec<ResolvedEntry>>>,
    len: usize,
}

impl Entries {
    /// The entries in chunks of [`CHUNK`] (the last may be shorter).
    pub(super) fn from_chunks(chunks: Vec<Vec<ResolvedEntry>>) -> Self {
        debug_assert!(chunks.iter().rev().skip(1).all(|c| c.len() == CHUNK));
        Entries {
            len: chunks.iter().map(Vec::len).sum(),
            chunks: chunks.into_iter().map(Arc::new).collect(),
        }
    }

    pub(super) fn len(&self) -> usize {
        self.len
    }

    pub(super) fn get(&self, i: usize) -> &ResolvedEntry {
        &self.chunks[i / CHUNK][i % CHUNK]
    }

    /// Entry `i` replaced (its chunk copied if another pass shares it).
    pub(super) fn set(&mut self, i: usize, r: ResolvedEntry) {
        Arc::make_mut(&mut self.chunks[i / CHUNK])[i % CHUNK] = r;
    }

    pub(super) fn iter(&self) -> impl Iterator<Item = &ResolvedEntry> {
        self.chunks.iter().flat_map(|c| c.iter())
    }
}

#[derive(Clone, Copy)]
pub(super) struct ResolvedEntry {
    /// In the context list of the pass's [`NavIndex`].
    pub(super) context: u32,
    pub(super) is_root_page: bool,
    pub(super) target: EntryTarget,
    /// The hash of the entry's duplicate text, 0 if it has none.
    pub(super) text_hash: u64,
    /// Which entries this one can repeat, by its duplicate class.
    pub(super) class: u64,
}

/// The previous pass, and how its tree's text was edited into this one.
///
/// An entry is kept when no edit since touched its bytes. Not as a text
/// read per entry ([`crate::model::memo::TextRead`]): a read's range is in
/// the offsets of the revision it was made at, so keeping 55,000 of them
/// current would copy every chunk on each keystroke, the copy that sharing
/// removed. The edits are few and the entries' ranges now are in this
/// pass's tree: the edited bytes are moved to this version's offsets
/// instead, and each entry's range is compared with them. The entries line
/// up one to one because every edit since was inside one string (the
/// history holds no other), which neither adds nor removes an entry.
#[derive(Clone, Copy)]
pub struct Earlier<'a> {
    pub resolved: &'a ResolvedReferences,
    /// The previous pass's entry contexts (its tree's index).
    pub contexts: &'a [EntryContext],
    /// The edits of docs.json since the previous pass's version, oldest
    /// first (docs.json's history, [`crate::model::memo::TextHistory`]).
    pub edits: &'a crate::model::memo::TextHistory,
    /// The file the edit is in (docs.json).
    pub file: FileId,
    /// Where what the pass keeps is counted.
    pub reused: &'a crate::analysis::reused::Reused,
}

impl Earlier<'_> {
    /// The entries of `ix` that are not the previous pass's entry at the
    /// same place with the same string in the same context (same scope,
    /// spec sources and kind); `None` when the entries do not line up.
    pub(super) fn changed(&self, ix: &NavIndex) -> Option<Vec<usize>> {
        let old = &self.resolved.entries;
        if old.len() != ix.entries.len() {
            return None;
        }
        let edited = edited_now(self.edits);
        // Closed ranges: an edit right at a string's quote counts for it
        // (an edit is inside one string; this only errs on the safe side).
        let touched = |n: &crate::syntax::tree::Node| {
            n.file != self.file
                || edited
                    .iter()
                    .any(|e| n.range.start <= e.end && e.start <= n.range.end)
        };
        // An entry lies inside the element holding it: the entries of an
        // element no edit touched are not read one by one (their nodes lie
        // all over the tree; an element's entries come in runs).
        let mut last_parent: Option<(usize, bool)> = None;
        let mut untouched = |e: &Entry| {
            let parent = match last_parent {
                Some((p, t)) if p == e.parent => t,
                _ => {
                    let t = ix.elements.get(e.parent).is_none_or(|el| touched(el.node));
                    last_parent = Some((e.parent, t));
                    t
                }
            };
            !parent || !touched(e.node)
        };
        // Entries of one element share their context: compare the contents
        // once per pair of contexts.
        let mut last: Option<(u32, u32, bool)> = None;
        let mut same_context = |o: &ResolvedEntry, e: &Entry| {
            let key = (o.context, e.context);
            if let Some((a, b, same)) = last
                && (a, b) == key
            {
                return same;
            }
            let same = match self.contexts.get(o.context as usize) {
                Some(c) => {
                    let e = ix.context(e);
                    c.scope == e.scope
                        && c.inherited_openapi.len() == e.inherited_openapi.len()
                        && c.inherited_openapi
                            .iter()
                            .zip(e.inherited_openapi.iter())
                            .all(|(x, y)| x.value == y.value && x.directory == y.directory)
                }
                None => false,
            };
            last = Some((key.0, key.1, same));
            same
        };
        Some(
            old.iter()
                .zip(&ix.entries)
                .enumerate()
                .filter(|(_, (o, e))| {
                    !(untouched(e)
                        && o.context == e.context
                        && o.is_root_page == e.is_root_page
                        && same_context(o, e))
                })
                .map(|(i, _)| i)
                .collect(),
        )
    }

    pub(super) fn moved(&self, d: &Diagnostic) -> Diagnostic {
        let mut d = d.clone();
        if d.file == self.file {
            d.map_ranges(|r| {
                self.edits
                    .iter()
                    .fold(r.clone(), |r, e| e.diff.map_range(&r))
            });
        }
        d
    }
}

/// The bytes each edit of `edits` (oldest first) wrote, in the offsets of
/// the text after the last: an edit's bytes moved by the ones after it,
/// and widened where a later edit overlaps them ([`crate::syntax::edit::TextDiff::carry`]).
fn edited_now(edits: &crate::model::memo::TextHistory) -> Vec<std::ops::Range<usize>> {
    let mut out: Vec<std::ops::Range<usize>> = Vec::with_capacity(edits.len());
    for e in edits {
        let d = e.diff;
        for r in &mut out {
            *r = d.carry(r);
        }
        out.push(d.start..d.new_end);
    }
    out
}

/// What one navigation entry names.
#[derive(Clone, Copy)]
pub(super) enum EntryTarget {
    /// A page, and its file if it exists.
    Page(Option<PageRef>),
    /// An endpoint (its duplicate key, from the entry and its context, is
    /// [`super::references::endpoint_key`]).
    Endpoint,
    /// Neither (reported).
    Invalid,
}
