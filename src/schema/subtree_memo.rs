//! Validation results of large subtrees, kept from one keystroke to the
//! next. A keystroke in a 4 MB docs.json changes one string; every large
//! object or array that does not contain it has the same text as before
//! (at an offset shifted by the edit), hence the same subtree, hence the
//! same diagnostics: they are taken from the memo instead of being checked
//! again, the way rust-analyzer and tree-sitter reuse unchanged subtrees.
//!
//! The memo is the analysis's memo table ([`crate::model::memo`]), behind
//! [`SubtreeMemo`]: the validator sits below the model, so it names what
//! it needs and the analysis gives it (an entry reads its subtree's bytes;
//! the table knows the text's history).
//!
//! What a subtree's check yields depends on more than its text: the schema
//! it is checked against, the path messages name it by, the key that holds
//! it, the depth, and (through `anyOf`'s step budget) how many steps came
//! before. The first two are its key; the next three are kept and
//! compared; the last only matters past [`super::validate::STEP_BUDGET`],
//! so the memo is only used while a whole check stays under it, and
//! [`super::validate_reusing`] checks afresh otherwise.

use crate::diagnostics::Diagnostic;
use crate::syntax::tree::Node;
use std::ops::Range;
use std::sync::Arc;

/// Subtrees smaller than this are checked again: their check costs less
/// than keeping their result.
const MIN_BYTES: usize = 4096;

/// Where the validator keeps the results of subtrees and finds them again.
pub trait SubtreeMemo: Sync {
    /// What checking the subtree `key` names gave, when it was kept and
    /// its bytes have not changed since; `range`: where the subtree is
    /// now (a kept one elsewhere is not this subtree).
    fn kept(&self, key: &SubtreeKey, range: &Range<usize>) -> Option<Subtree>;
    /// Keep what checking the subtree `key` names, now at `range`, gave.
    fn keep(&self, key: SubtreeKey, range: &Range<usize>, subtree: Subtree);
    /// The steps the last whole check took; `None` before the first.
    fn last_steps(&self) -> Option<usize>;
    /// A whole check took `steps`; `keep`: what it kept stands (else it
    /// went past the budget, where `anyOf` decided by the steps before
    /// each subtree, and what it kept must be forgotten).
    fn checked(&self, steps: usize, keep: bool);
}

/// A subtree by how messages name it (`` `tabs[0].groups` ``) and the
/// schema it was checked against (schemas live in a static registry: their
/// address is their identity).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SubtreeKey {
    pub path: Box<str>,
    pub schema: usize,
}

/// What checking one subtree gave, and what else decided it.
#[derive(Debug, Clone)]
pub struct Subtree {
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

/// Compared by identity: a subtree checked again is a new value (nothing
/// reads when it last changed).
impl PartialEq for Subtree {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.diags, &other.diags)
    }
}

/// What the validator keeps and looks up while it runs.
pub(super) struct Reuse<'m> {
    pub(super) memo: &'m dyn SubtreeMemo,
    /// Whether kept results are used (the last check stayed under the
    /// budget), or only kept.
    pub(super) lookup: bool,
    pub(super) reused: usize,
}

impl Reuse<'_> {
    /// Whether `node` is one whose result is kept.
    pub(super) fn keeps(node: &Node) -> bool {
        node.range.len() >= MIN_BYTES
    }
}

impl Subtree {
    /// Whether it was checked the way a subtree held by `holder` at
    /// `depth` is checked now.
    pub(super) fn fits(
        &self,
        holder: Option<(isize, usize)>,
        depth: usize,
        no_catch: bool,
    ) -> bool {
        self.holder == holder && self.depth == depth && self.no_catch == no_catch
    }

    /// Its diagnostics for the subtree now starting at `start`.
    pub(super) fn diagnostics_at(&self, start: usize) -> impl Iterator<Item = Diagnostic> + '_ {
        let by = start as isize - self.origin as isize;
        self.diags.iter().map(move |d| {
            let mut d = d.clone();
            if by != 0 {
                d.map_ranges(|r| (r.start as isize + by) as usize..(r.end as isize + by) as usize);
            }
            d
        })
    }
}
