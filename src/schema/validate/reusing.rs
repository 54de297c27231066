//! Validation that reuses the memo of the check before a keystroke: a large
//! subtree the edit did not touch replays what it found then.

use super::{STEP_BUDGET, ValidateOptions, Validator};
use crate::diagnostics::Diagnostic;
use crate::schema::node::Schema;
use crate::schema::subtree_memo::{
    Reuse, SubtreeEntry, SubtreeKey, SubtreeMemo, shifted, unchanged_new, unchanged_old,
};
use crate::syntax::reparse::TextDiff;
use crate::syntax::tree::Node;
use rustc_hash::FxHashMap;
use std::ops::Range;

/// Check `node` against `schema` like [`super::validate`], reusing what
/// `earlier` (the memo of the check before `diff` was applied to the text)
/// found in the subtrees the edit did not touch. Returns the memo of this
/// check, for the next one.
pub fn validate_reusing(
    node: &Node,
    schema: &Schema,
    opts: &ValidateOptions,
    earlier: Option<(&SubtreeMemo, TextDiff)>,
    out: &mut Vec<Diagnostic>,
) -> SubtreeMemo {
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
        return SubtreeMemo::default();
    };
    let mut entries = FxHashMap::default();
    if let Some((old, diff)) = earlier {
        // Subtrees the edit did not touch keep their entries, at their new
        // offsets (also those inside a reused one, which were not visited).
        entries.reserve(old.entries.len() + made.len());
        for (k, e) in &old.entries {
            if let Some(r) = unchanged_new(&diff, k.start..k.end) {
                entries.insert(
                    SubtreeKey {
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
    SubtreeMemo {
        entries,
        steps,
        reused,
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
            && let Some(e) = old.entries.get(&SubtreeKey {
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
        let entry = SubtreeEntry {
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
                SubtreeKey {
                    start: node.range.start,
                    end: node.range.end,
                    schema: schema_at,
                },
                entry,
            );
        }
    }
}
