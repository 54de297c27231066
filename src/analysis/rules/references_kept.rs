//! What the navigation references pass keeps for the next keystroke: each
//! entry's outcome, with the address of its string and its context, so that
//! an entry the edit did not touch takes its previous outcome.

use crate::diagnostics::Diagnostic;
use crate::model::nav::{Entry, EntryContext, NavIndex};
use crate::model::site::PageRef;
use crate::syntax::tree::FileId;
use std::sync::Arc;

/// What the references pass resolved, entry by entry (in
/// [`NavIndex::entries`] order), kept with its tree so that the next
/// keystroke's pass can take what did not change.
#[derive(Default)]
pub struct Resolved {
    pub(super) entries: Vec<ResolvedEntry>,
    /// The entries' contexts, as [`NavIndex::contexts`] had them.
    pub(super) contexts: Vec<EntryContext>,
    /// Whether each entry repeats an earlier one of its scope.
    pub(super) dup: Vec<bool>,
}

pub(super) struct ResolvedEntry {
    /// Where the entry's string lives: strings a keystroke did not touch
    /// are shared between the trees ([`crate::syntax::reparse`]), so the
    /// same address means the same text (the tree holding it is alive
    /// while this is compared).
    pub(super) value: usize,
    /// In [`Resolved::contexts`].
    pub(super) context: u32,
    pub(super) is_root_page: bool,
    pub(super) target: EntryTarget,
    pub(super) diags: Vec<Diagnostic>,
    /// The hash of [`duplicate_text`], 0 if it has none.
    pub(super) text_hash: u64,
    /// Which entries this one can repeat, by [`duplicate_class`].
    pub(super) class: u64,
}

/// The previous pass, and how its tree's text was edited into this one.
#[derive(Clone, Copy)]
pub struct Earlier<'a> {
    pub resolved: &'a Resolved,
    pub diff: &'a crate::syntax::reparse::TextDiff,
    /// The file the edit is in (docs.json).
    pub file: FileId,
}

impl Earlier<'_> {
    /// For each entry of `ix`, the previous outcome if the entry is the
    /// same string in the same context (same scope, spec sources and
    /// kind), with its ranges moved by the edit.
    pub(super) fn kept(&self, ix: &NavIndex) -> Vec<bool> {
        let old = &self.resolved.entries;
        if old.len() != ix.entries.len() {
            return Vec::new();
        }
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
            let (c, e) = (&self.resolved.contexts[o.context as usize], ix.context(e));
            let same = c.scope == e.scope
                && c.inherited_openapi.len() == e.inherited_openapi.len()
                && c.inherited_openapi
                    .iter()
                    .zip(e.inherited_openapi.iter())
                    .all(|(x, y)| x.value == y.value && x.directory == y.directory);
            last = Some((key.0, key.1, same));
            same
        };
        old.iter()
            .zip(&ix.entries)
            .map(|(o, e)| {
                o.value == e.value.as_ptr() as usize
                    && o.is_root_page == e.is_root_page
                    && same_context(o, e)
            })
            .collect()
    }

    /// Entry `i`'s previous outcome, its ranges moved by the edit.
    pub(super) fn take(&self, i: usize) -> (EntryTarget, Vec<Diagnostic>, u64) {
        let o = &self.resolved.entries[i];
        (
            o.target.clone(),
            o.diags.iter().map(|d| self.moved(d)).collect(),
            o.text_hash,
        )
    }

    pub(super) fn moved(&self, d: &Diagnostic) -> Diagnostic {
        let mut d = d.clone();
        if d.file == self.file {
            d.map_ranges(|r| self.diff.map_range(r));
        }
        d
    }
}

/// What one navigation entry names.
#[derive(Clone)]
pub(super) enum EntryTarget {
    /// A page, and its file if it exists.
    Page(Option<PageRef>),
    /// An endpoint, by the key that makes two entries duplicates.
    Endpoint(Arc<str>),
    /// Neither (reported).
    Invalid,
}
