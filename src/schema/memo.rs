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
//! matters past [`STEP_BUDGET`], so the memo is only used while a whole
//! check stays under it, and [`validate_reusing`] checks afresh otherwise.

use super::Schema;
use super::validate::{STEP_BUDGET, ValidateOptions, Validator};
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
pub struct Memo {
    entries: FxHashMap<Key, Entry>,
    /// The steps the whole check took; past [`STEP_BUDGET`] the memo is not
    /// used.
    steps: usize,
    /// How many subtrees this check took from the earlier memo.
    reused: usize,
}

/// A subtree by where it is in the current text, and the schema it was
/// checked against (schemas live in a static registry: their address is
/// their identity).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    start: usize,
    end: usize,
    schema: usize,
}

#[derive(Debug, Clone)]
struct Entry {
    /// How messages name the subtree (`` `tabs[0].groups` ``).
    path: Box<str>,
    /// The holding key's range, relative to the subtree's start.
    holder: Option<(isize, usize)>,
    depth: usize,
    /// Checked as a key of a strict object (no `.catch()`).
    no_catch: bool,
    steps: usize,
    /// The subtree's start when `diags` were made: their ranges are in
    /// that text's offsets.
    origin: usize,
    diags: Arc<[Diagnostic]>,
}

impl Memo {
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
    earlier: Option<(&'m Memo, TextDiff)>,
    made: FxHashMap<Key, Entry>,
    reused: usize,
}

/// Check `node` against `schema` like [`super::validate`], reusing what
/// `earlier` (the memo of the check before `diff` was applied to the text)
/// found in the subtrees the edit did not touch. Returns the memo of this
/// check, for the next one.
pub fn validate_reusing(
    node: &Node,
    schema: &Schema,
    opts: &ValidateOptions,
    earlier: Option<(&Memo, TextDiff)>,
    out: &mut Vec<Diagnostic>,
) -> Memo {
    let earlier = earlier.filter(|(m, _)| m.steps <= STEP_BUDGET);
    let reusing = earlier.is_some();
    let start = out.len();
    let mut v = Validator {
        opts,
        path: Vec::new(),
        steps: 0,
        no_catch: false,
        reuse: Some(Reuse {
            earlier,
            made: FxHashMap::default(),
            reused: 0,
        }),
    };
    v.node(node, schema, None, 0, out);
    if reusing && v.steps > STEP_BUDGET {
        // Past the budget, `anyOf` decides by how many steps came before,
        // which a reused subtree does not replay: check afresh.
        out.truncate(start);
        return validate_reusing(node, schema, opts, None, out);
    }
    let steps = v.steps;
    let made = v.reuse.map(|r| (r.earlier, r.made, r.reused));
    let Some((earlier, made, reused)) = made else {
        return Memo::default();
    };
    let mut entries = FxHashMap::default();
    if let Some((old, diff)) = earlier {
        // Subtrees the edit did not touch keep their entries, at their new
        // offsets (also those inside a reused one, which were not visited).
        entries.reserve(old.entries.len() + made.len());
        for (k, e) in &old.entries {
            if let Some(r) = unchanged_new(&diff, k.start..k.end) {
                entries.insert(
                    Key {
                        start: r.start,
                        end: r.end,
                        schema: k.schema,
                    },
                    e.clone(),
                );
            }
        }
    }
    entries.extend(made);
    Memo {
        entries,
        steps,
        reused,
    }
}

/// An old range the edit did not touch, in the new text's offsets.
fn unchanged_new(diff: &TextDiff, r: Range<usize>) -> Option<Range<usize>> {
    if r.end <= diff.start {
        Some(r)
    } else if r.start >= diff.old_end {
        Some(diff.map(r.start)..diff.map(r.end))
    } else {
        None
    }
}

/// A new range the edit did not touch, in the old text's offsets.
fn unchanged_old(diff: &TextDiff, r: &Range<usize>) -> Option<Range<usize>> {
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

impl Validator<'_> {
    /// [`Validator::check`] through the memo: a large subtree the edit did
    /// not touch gives what it gave before; one checked now is kept.
    pub(super) fn node_kept(
        &mut self,
        node: &Node,
        schema: &Schema,
        holder: Option<&Range<usize>>,
        depth: usize,
        out: &mut Vec<Diagnostic>,
    ) {
        let path: Box<str> = self.subject().into();
        let holder_at = holder.map(|h| (h.start as isize - node.range.start as isize, h.len()));
        let schema_at = schema as *const Schema as usize;
        if let Some(reuse) = &mut self.reuse
            && let Some((old, diff)) = &reuse.earlier
            && let Some(was) = unchanged_old(diff, &node.range)
            && let Some(e) = old.entries.get(&Key {
                start: was.start,
                end: was.end,
                schema: schema_at,
            })
            && e.path == path
            && e.holder == holder_at
            && e.depth == depth
            && e.no_catch == self.no_catch
        {
            self.no_catch = false;
            reuse.reused += 1;
            self.steps += e.steps;
            let shift = node.range.start as isize - e.origin as isize;
            out.extend(e.diags.iter().map(|d| shifted(d, shift)));
            return;
        }
        let (steps, from, no_catch) = (self.steps, out.len(), self.no_catch);
        self.check(node, schema, holder, depth, out);
        let entry = Entry {
            path,
            holder: holder_at,
            depth,
            no_catch,
            steps: self.steps - steps,
            origin: node.range.start,
            diags: out[from..].into(),
        };
        if let Some(reuse) = &mut self.reuse {
            reuse.made.insert(
                Key {
                    start: node.range.start,
                    end: node.range.end,
                    schema: schema_at,
                },
                entry,
            );
        }
    }
}

fn shifted(d: &Diagnostic, by: isize) -> Diagnostic {
    let mut d = d.clone();
    if by != 0 {
        d.map_ranges(|r| (r.start as isize + by) as usize..(r.end as isize + by) as usize);
    }
    d
}
