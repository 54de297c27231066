//! Validation that reuses what earlier checks kept ([`SubtreeMemo`]): a
//! large subtree whose bytes did not change replays what it found then.

use super::{STEP_BUDGET, SchemaAt, ValidateOptions, Validator};
use crate::diagnostics::Diagnostic;
use crate::schema::node::Schema;
use crate::schema::subtree_memo::{Reuse, Subtree, SubtreeKey, SubtreeMemo};
use crate::syntax::tree::Node;

/// Check `node` against `schema` like [`super::validate`], reusing what
/// `memo` kept of the subtrees whose bytes did not change, and keeping
/// what this check finds there for the next one. Returns how many
/// subtrees it reused.
pub fn validate_reusing(
    node: &Node,
    schema: &Schema,
    opts: &ValidateOptions,
    memo: &dyn SubtreeMemo,
    out: &mut Vec<Diagnostic>,
) -> usize {
    let start = out.len();
    let mut v = Validator {
        opts,
        path: Vec::new(),
        steps: 0,
        no_catch: false,
        reuse: Some(Reuse {
            memo,
            lookup: memo.last_steps().is_some_and(|s| s <= STEP_BUDGET),
            reused: 0,
        }),
    };
    v.node(SchemaAt::root(node, schema), out);
    let mut reused = v.reuse.map_or(0, |r| r.reused);
    let mut steps = v.steps;
    // Past the budget, what this check kept was found with `anyOf`
    // deciding by the steps before each subtree: none of it stands.
    let over = steps > STEP_BUDGET;
    if over && reused > 0 {
        // Past the budget, `anyOf` decides by how many steps came before,
        // which a reused subtree does not replay: check afresh.
        out.truncate(start);
        let mut v = Validator {
            opts,
            path: Vec::new(),
            steps: 0,
            no_catch: false,
            reuse: None,
        };
        v.node(SchemaAt::root(node, schema), out);
        (steps, reused) = (v.steps, 0);
    }
    memo.checked(steps, !over);
    reused
}

impl Validator<'_> {
    /// [`Validator::check`] through the memo: a large subtree whose bytes
    /// did not change gives what it gave before; one checked now is kept.
    pub(super) fn node_kept(&mut self, at: SchemaAt, out: &mut Vec<Diagnostic>) {
        let (node, depth) = (at.node, at.depth);
        let key = SubtreeKey {
            path: self.subject().into(),
            schema: at.schema as *const Schema as usize,
        };
        let holder_at = at
            .holder
            .map(|h| (h.start as isize - node.range.start as isize, h.len()));
        if let Some(reuse) = &mut self.reuse
            && reuse.lookup
            && let Some(kept) = reuse.memo.kept(&key, &node.range)
            && kept.fits(holder_at, depth, self.no_catch)
        {
            self.no_catch = false;
            reuse.reused += 1;
            self.steps += kept.steps;
            out.extend(kept.diagnostics_at(node.range.start));
            return;
        }
        let (steps, from, no_catch) = (self.steps, out.len(), self.no_catch);
        self.check(at, out);
        if let Some(reuse) = &self.reuse {
            let made = Subtree {
                holder: holder_at,
                depth,
                no_catch,
                steps: self.steps - steps,
                origin: node.range.start,
                diags: out[from..].into(),
            };
            reuse.memo.keep(key, &node.range, made);
        }
    }
}
