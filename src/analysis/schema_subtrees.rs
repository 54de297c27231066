//! The schema check's memo of large subtrees ([`SubtreeMemo`]) as a memo
//! table: an entry per subtree (its path and schema) reads the subtree's
//! bytes ([`Part::Bytes`]), so it holds while no edit since touched them,
//! however many keystrokes ago it was made; the text's history moves its
//! range ([`crate::model::memo::TextRead`]). A subtree inside a reused
//! one is not asked for on that keystroke and still holds when an edit
//! inside the outer one asks again.

use crate::model::memo::{Key, MemoTable, Part, Reads, Revision, TextHistory, TextRead, TextReads};
use crate::schema::{Subtree, SubtreeKey, SubtreeMemo};
use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};

/// How many checks pass between two sweeps of entries that no longer
/// hold (a subtree's path names another subtree after one before it was
/// removed; its entry is never asked for again).
const SWEEP_EVERY: usize = 16;

/// The schema subtree memo of one docs root, carried from analysis to
/// analysis with the other tables ([`super::memos::Memos`]).
#[derive(Debug, Default)]
pub struct SchemaSubtrees {
    table: MemoTable<SubtreeKey, Subtree, TextReads>,
    /// The steps of the last whole check, plus one (0: none yet).
    last_steps: AtomicUsize,
    checks: AtomicUsize,
}

impl SchemaSubtrees {
    /// The memo as a check of text input `file` at `revision` sees it
    /// (`history`: how the versions up to that one were made).
    pub fn at<'a>(
        &'a self,
        file: Key,
        revision: Revision,
        history: &'a TextHistory,
    ) -> SubtreesAt<'a> {
        SubtreesAt {
            memo: self,
            file,
            revision,
            history,
        }
    }

    /// How many subtrees it keeps.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }
}

/// [`SchemaSubtrees`] at one version of the text checked.
pub struct SubtreesAt<'a> {
    memo: &'a SchemaSubtrees,
    file: Key,
    revision: Revision,
    history: &'a TextHistory,
}

impl SubtreesAt<'_> {
    fn revision_of(&self, key: Key) -> Option<Revision> {
        (key == self.file).then_some(self.revision)
    }
}

impl SubtreeMemo for SubtreesAt<'_> {
    fn kept(&self, key: &SubtreeKey, range: &Range<usize>) -> Option<Subtree> {
        let (kept, _) = self.memo.table.kept_where(
            key,
            |k| self.revision_of(k),
            |_| self.history,
            // Its bytes, where they are now, are this subtree's.
            |_, reads| matches!(reads, [TextRead { part: Part::Bytes(r), .. }] if r == range),
        )?;
        Some(kept)
    }

    fn keep(&self, key: SubtreeKey, range: &Range<usize>, subtree: Subtree) {
        let mut reads = Reads::default();
        reads.read_text(self.file, self.revision, Part::Bytes(range.clone()));
        self.memo.table.store(key, subtree, reads);
    }

    fn last_steps(&self) -> Option<usize> {
        self.memo.last_steps.load(Ordering::Relaxed).checked_sub(1)
    }

    fn checked(&self, steps: usize, keep: bool) {
        self.memo
            .last_steps
            .store(steps.saturating_add(1), Ordering::Relaxed);
        if !keep {
            self.memo.table.retain(|_| false);
        } else if self.memo.checks.fetch_add(1, Ordering::Relaxed) % SWEEP_EVERY == SWEEP_EVERY - 1
        {
            self.memo
                .table
                .retain_holding(|k| self.revision_of(k), |_| self.history);
        }
    }
}
