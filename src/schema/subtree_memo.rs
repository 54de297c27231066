//! Validation results of large subtrees, kept from one keystroke to the
//! next. A keystroke in a 4 MB docs.json changes one string; every large
//! object or array that does not contain it has the same text as before
//! (at an offset shifted by the edit), hence the same subtree, hence the
//! same diagnostics: they are taken from the memo instead of being checked
//! again, the way rust-analyzer and tree-sitter reuse unchanged subtrees.
//!
//! What a subtree's check yields depends on more than its text: the schema
//! it is checked against, the path messages name it by, the key that holds
//! it, the depth, and (through `anyOf`'s step budget) how many steps came
//! before. The first four are part of an entry and compared; the last only
//! matters past [`super::validate::STEP_BUDGET`], so the memo is only used while a whole
//! check stays under it, and [`validate_reusing`] checks afresh otherwise.

use crate::diagnostics::Diagnostic;
use crate::syntax::reparse::TextDiff;
use crate::syntax::tree::Node;
use rustc_hash::FxHashMap;
use std::ops::Range;
use std::sync::Arc;

/// Subtrees smaller than this are checked again: their check costs less
/// than keeping their result.
const MIN_BYTES: usize = 4096;

/// The results of one check, by subtree.
#[derive(Debug, Default)]
pub struct SubtreeMemo {
    pub(super) entries: FxHashMap<SubtreeKey, SubtreeEntry>,
    /// The steps the whole check took; past [`super::validate::STEP_BUDGET`] the memo is not
    /// used.
    pub(super) steps: usize,
    /// How many subtrees this check took from the earlier memo.
    pub(super) reused: usize,
}

/// A subtree by where it is in the current text, and the schema it was
/// checked against (schemas live in a static registry: their address is
/// their identity).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct SubtreeKey {
    pub(super) start: usize,
    pub(super) end: usize,
    pub(super) schema: usize,
}

#[derive(Debug, Clone)]
pub(super) struct SubtreeEntry {
    /// How messages name the subtree (`` `tabs[0].groups` ``).
    pub(super) path: Box<str>,
    /// The holding key's range, relative to the subtree's start.
    pub(super) holder: Option<(isize, usize)>,
    pub(super) depth: usize,
    /// Checked as a key of a strict object (no `.catch()`).
    pub(super) no_catch: bool,
    pub(super) steps: usize,
    /// The subtree's start when `diags` were made: their ranges are in
    /// that text's offsets.
    pub(super) origin: usize,
    pub(super) diags: Arc<[Diagnostic]>,
}

impl SubtreeMemo {
    /// How many subtrees it keeps.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// How many subtrees the check that made it took from the one before.
    pub fn reused(&self) -> usize {
        self.reused
    }
}

/// What the validator keeps and looks up while it runs.
pub(super) struct Reuse<'m> {
    pub(super) earlier: Option<(&'m SubtreeMemo, TextDiff)>,
    pub(super) made: FxHashMap<SubtreeKey, SubtreeEntry>,
    pub(super) reused: usize,
}

/// An old range the edit did not touch, in the new text's offsets.
pub(super) fn unchanged_new(diff: &TextDiff, r: Range<usize>) -> Option<Range<usize>> {
    diff.untouched(&r)
}

/// A new range the edit did not touch, in the old text's offsets.
pub(super) fn unchanged_old(diff: &TextDiff, r: &Range<usize>) -> Option<Range<usize>> {
    if r.end <= diff.start {
        Some(r.clone())
    } else if r.start >= diff.new_end {
        let back = |at: usize| (at as isize - diff.delta()) as usize;
        Some(back(r.start)..back(r.end))
    } else {
        None
    }
}

impl Reuse<'_> {
    /// Whether `node` is one whose result is kept.
    pub(super) fn keeps(node: &Node) -> bool {
        node.range.len() >= MIN_BYTES
    }
}

pub(super) fn shifted(d: &Diagnostic, by: isize) -> Diagnostic {
    let mut d = d.clone();
    if by != 0 {
        d.map_ranges(|r| (r.start as isize + by) as usize..(r.end as isize + by) as usize);
    }
    d
}
