//! Choosing one `anyOf` branch to report, so a user sees the errors of the
//! branch they meant, never a pile from every branch.

use super::node::Schema;
use super::validate::{STEP_BUDGET, SchemaAt, Validator, ValuePathSeg, expected};
use crate::diagnostics::Diagnostic;
use crate::syntax::tree::{Node, Value};

/// How far a value is from a branch's shape, before any deep check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct ShapeDistance {
    /// Required keys absent, plus discriminating values (`const`/`enum`) and
    /// forbidden keys that do not fit.
    misfit: usize,
    /// Keys the branch does not list.
    unknown: usize,
}

impl Validator<'_> {
    pub(super) fn any_of(&mut self, at: SchemaAt, out: &mut Vec<Diagnostic>) {
        let SchemaAt { node, schema, .. } = at;
        // A branch keyed by a key (`{"sourceRef": "path"}` in a navigation
        // list) is the one every object holding that key as a string takes,
        // and no other object does. The platform checks those objects in a
        // pass of their own before the schema (`validateSourceRefDocsConfig`,
        // with no `.catch()` to drop them), and so do the navigation rules
        // (`analysis::rules::navigation::source_refs`): nothing is said of
        // them here. With another value the key names no reference: the
        // object is what its other keys make it.
        if let Value::Object(_) = &node.value
            && schema.any_of().any(|b| {
                b.zod()
                    .if_key
                    .as_deref()
                    .is_some_and(|k| node.get(k).is_some_and(|v| v.as_str().is_some()))
            })
        {
            return;
        }
        // `{"not": {}}` branches stand for "absent": a present value never fits.
        let typed: Vec<&Schema> = schema
            .any_of()
            .filter(|b| {
                !b.is_never() && b.zod().if_key.is_none() && self.type_ok(node, b.accepted_types())
            })
            .collect();
        if typed.is_empty() {
            let msg = format!(
                "{} must be {}, found {}",
                self.subject(),
                expected(schema.accepted_types()),
                super::validate::found(node)
            );
            out.push(self.error(node, node.range.clone(), "wrong-type", msg));
            return;
        }
        if let [only] = typed[..] {
            self.node(at.branch(only), out);
            return;
        }
        let shapes: Vec<(ShapeDistance, &Schema)> =
            typed.iter().map(|b| (shape(node, b, 0), *b)).collect();
        let mut fitting: Vec<&Schema> = shapes
            .iter()
            .filter(|(s, _)| s.misfit == 0)
            .map(|(_, b)| *b)
            .collect();
        if self.steps > STEP_BUDGET {
            fitting.truncate(1);
        }
        if let [only] = fitting[..] {
            self.node(at.branch(only), out);
            return;
        }
        if !fitting.is_empty() {
            // The platform takes the first branch that accepts the value,
            // dropping keys that branch does not know (a union of objects
            // that strip unknown keys): so the first branch without errors
            // is the one whose warnings are true. `fonts: {family, heading,
            // body}` is read as a font with `family`; `heading` and `body`
            // are what it ignores, not `family`. With errors in every
            // branch, the one with fewest errors, then fewest warnings, is
            // the one the user most likely meant.
            let mut best: Option<((usize, usize), Vec<Diagnostic>)> = None;
            for b in fitting {
                let mut tmp = Vec::new();
                self.node(at.branch(b), &mut tmp);
                // What the schema refuses (an error in docs.json, a
                // warning in front matter), not the keys it drops (those
                // are warnings; keys a strict object refuses are errors).
                let errors = tmp
                    .iter()
                    .filter(|d| d.severity == self.opts.severity)
                    .count();
                let score = (errors, tmp.len() - errors);
                if errors == 0 {
                    best = Some((score, tmp));
                    break;
                }
                if best.as_ref().is_none_or(|(s, _)| score < *s) {
                    best = Some((score, tmp));
                }
            }
            out.extend(best.map(|(_, d)| d).unwrap_or_default());
            return;
        }
        if let Some(d) = self.discriminator_error(node, &typed) {
            out.push(d);
            return;
        }
        let closest = shapes.iter().min_by_key(|(s, _)| *s).map(|(_, b)| *b);
        if let Some(b) = closest {
            self.node(at.branch(b), out);
        }
    }

    /// When every branch pins a value (`type: "github"` vs `"discord"`, or
    /// enums of strings) and the node's value fits none, one `invalid-enum`
    /// listing all of them says more than any single branch's error.
    fn discriminator_error(&mut self, node: &Node, branches: &[&Schema]) -> Option<Diagnostic> {
        let all_pinned = |s: &Schema| {
            s.flatten()
                .iter()
                .any(|f| !f.enum_values.is_empty() || f.const_value.is_some())
        };
        let allowed = |schemas: &mut dyn Iterator<Item = &Schema>| {
            let mut vals: Vec<serde_json::Value> = Vec::new();
            for s in schemas {
                for f in s.flatten() {
                    for v in f.enum_values.iter().chain(f.const_value.iter()) {
                        if !vals.contains(v) {
                            vals.push(v.clone());
                        }
                    }
                }
            }
            vals
        };
        match &node.value {
            Value::Object(props) => {
                for p in props.iter() {
                    let subs: Option<Vec<&Schema>> =
                        branches.iter().map(|b| b.property(&p.key)).collect();
                    let subs = subs?;
                    if !subs.iter().all(|s| all_pinned(s)) {
                        continue;
                    }
                    let vals = allowed(&mut subs.iter().copied());
                    if vals.iter().any(|v| super::validate::same(&p.value, v)) {
                        continue;
                    }
                    self.path.push(ValuePathSeg::Key(p.key.to_string()));
                    let d = self.invalid_enum(&p.value, &vals);
                    self.path.pop();
                    return Some(d);
                }
                None
            }
            Value::Array(_) => None,
            _ => {
                if !branches.iter().all(|b| all_pinned(b)) {
                    return None;
                }
                let vals = allowed(&mut branches.iter().copied());
                Some(self.invalid_enum(node, &vals))
            }
        }
    }
}

/// The shape distance of `node` from `b` (through nested `anyOf`, the
/// closest branch).
fn shape(node: &Node, b: &Schema, depth: usize) -> ShapeDistance {
    if !b.any_of.is_empty() && depth < 8 {
        return b
            .any_of()
            .filter(|s| !s.is_never())
            .map(|s| shape(node, s, depth + 1))
            .min()
            .unwrap_or(ShapeDistance {
                misfit: 1,
                unknown: 0,
            });
    }
    let pinned_misfit = |n: &Node, s: &Schema| {
        let bad_const = s
            .const_value
            .as_ref()
            .is_some_and(|c| !super::validate::same(n, c));
        let bad_enum =
            !s.enum_values.is_empty() && !s.enum_values.iter().any(|e| super::validate::same(n, e));
        usize::from(bad_const || bad_enum || s.is_never())
    };
    match &node.value {
        Value::Object(props) => {
            let missing = b.required.iter().filter(|r| node.prop(r).is_none()).count();
            let mut misfit = missing;
            let mut unknown = 0;
            for p in props.iter() {
                match b.property(&p.key) {
                    Some(s) => misfit += pinned_misfit(&p.value, s),
                    None if matches!(b.additional, super::node::Additional::Forbidden) => {
                        unknown += 1
                    }
                    None => {}
                }
            }
            ShapeDistance { misfit, unknown }
        }
        // Arrays of different item types (`groups`: names or rules) are told
        // apart by their items.
        Value::Array(items) => {
            let item_types = b
                .items()
                .map_or(super::node::Types::default(), Schema::accepted_types);
            let misfit = items
                .iter()
                .filter(|i| !super::validate::type_fits(i, item_types))
                .count();
            ShapeDistance { misfit, unknown: 0 }
        }
        _ => ShapeDistance {
            misfit: pinned_misfit(node, b),
            unknown: 0,
        },
    }
}
