//! Checking an object: its keys against the schema's properties (known,
//! unknown, theme-only, repeated), and which branch of a union it is.

use super::{DROPPED, SchemaAt, Validator, ValuePathSeg};
use crate::diagnostics::{Diagnostic, Fix, Severity, did_you_mean};
use crate::schema::node::AdditionalProperties;
use crate::syntax::tree::{Node, Value};

impl Validator<'_> {
    pub(super) fn object(&mut self, at: SchemaAt, out: &mut Vec<Diagnostic>) {
        let SchemaAt {
            node,
            schema,
            holder,
            ..
        } = at;
        let props = node.props();
        let missing: Vec<&str> = schema
            .required
            .iter()
            .filter(|r| node.prop(r).is_none())
            .map(String::as_str)
            .collect();
        if !missing.is_empty() {
            let list = missing
                .iter()
                .map(|k| format!("`{k}`"))
                .collect::<Vec<_>>()
                .join(", ");
            let noun = if missing.len() == 1 { "key" } else { "keys" };
            let at = if self.path.is_empty() {
                String::new()
            } else {
                format!(" in {}", self.subject())
            };
            // Keep the range small: the key holding the object, else its
            // opening brace.
            let range = holder
                .cloned()
                .unwrap_or(node.range.start..(node.range.start + 1).min(node.range.end));
            out.push(self.error(
                node,
                range,
                "missing-key",
                format!("missing required {noun} {list}{at}"),
            ));
        }
        let at_root = self.path.is_empty();
        // A tab with `graphql` is strict, and holds fewer keys than tabs do.
        let strict_keys = schema.strict_keys(node);
        let strict = schema.is_strict() || strict_keys.is_some();
        let alternatives = &schema.zod().alternatives;
        let several = alternatives
            .iter()
            .filter(|k| node.prop(k).is_some())
            .nth(1)
            .is_some();
        // The values of those alternatives, held until all are checked.
        let mut held: Vec<(&str, Vec<Diagnostic>)> = Vec::new();
        let shadowed = Shadowed::new(props);
        for (i, p) in props.iter().enumerate() {
            // `JSON.parse` keeps the last value of a repeated key: the
            // platform never sees an earlier one (a `duplicate-key` warning
            // says it is ignored).
            if shadowed.is(i) {
                continue;
            }
            if at_root && self.opts.skip_keys_at_root.contains(&p.key.as_str()) {
                continue;
            }
            if self.opts.null_is_absent && p.value.value == Value::Null {
                continue;
            }
            if let Some(keys) = strict_keys
                && !keys.iter().any(|k| *k == *p.key)
            {
                let names: Vec<&str> = keys.iter().map(String::as_str).collect();
                self.unknown_key(node, p, &names, true, out);
                continue;
            }
            let known = schema.property(&p.key);
            let sub = match (known, schema.additional_properties()) {
                (Some(s), _) => Some(s),
                (None, AdditionalProperties::Schema(a)) => {
                    if let Some(names) = schema.property_names_schema() {
                        let allowed = names.enum_strings();
                        // A record's keys are checked (`z.record(z.enum(...))`):
                        // another key is refused, as in a strict object.
                        if !allowed.is_empty() && !allowed.contains(&p.key.as_str()) {
                            self.unknown_key(node, p, &allowed, true, out);
                            continue;
                        }
                    }
                    Some(a)
                }
                (None, AdditionalProperties::Forbidden) => {
                    let names: Vec<&str> = schema.property_names().map(|(k, _)| k).collect();
                    self.unknown_key(node, p, &names, strict, out);
                    None
                }
                (None, AdditionalProperties::Allowed) => None,
            };
            let Some(sub) = sub else { continue };
            let themes = &sub.zod().themes;
            if let Some(theme) = node.get("theme").and_then(Node::as_str)
                && !themes.is_empty()
                && !themes.iter().any(|t| t == theme)
            {
                self.theme_key(node, p, themes, theme, out);
                continue;
            }
            let alternative = several && alternatives.iter().any(|k| *k == *p.key);
            let mut own = Vec::new();
            self.path.push(ValuePathSeg::Key(p.key.to_string()));
            self.no_catch = strict_keys.is_some();
            let found = if alternative { &mut own } else { &mut *out };
            self.node(at.child(&p.value, sub, Some(&p.key_range)), found);
            self.no_catch = false;
            self.path.pop();
            if alternative {
                held.push((p.key.as_str(), own));
            }
        }
        if !held.is_empty() {
            Self::alternatives(alternatives, held, out);
        }
    }

    /// The platform takes the first of `order` whose value is valid and
    /// drops the others: what is wrong with those is a warning. When none
    /// is valid it refuses the object, and every error stands.
    fn alternatives(
        order: &[String],
        held: Vec<(&str, Vec<Diagnostic>)>,
        out: &mut Vec<Diagnostic>,
    ) {
        let valid = |diags: &[Diagnostic]| !diags.iter().any(|d| d.severity == Severity::Error);
        let kept = order.iter().find_map(|k| {
            held.iter()
                .find(|(h, d)| *h == k.as_str() && valid(d))
                .map(|(h, _)| *h)
        });
        for (key, mut found) in held {
            if let Some(kept) = kept.filter(|kept| *kept != key) {
                for d in found.iter_mut().filter(|d| d.severity == Severity::Error) {
                    d.severity = Severity::Warning;
                    d.code = DROPPED;
                    d.message.push_str(&format!(
                        ": the platform builds from `{kept}`, which is valid, and drops `{key}`"
                    ));
                }
            }
            out.extend(found);
        }
    }

    /// A key only some themes' configurations have (`variations`), with
    /// another theme: the platform's schema for that theme does not list
    /// it, and drops it.
    fn theme_key(
        &self,
        node: &Node,
        p: &crate::syntax::tree::Prop,
        themes: &[String],
        theme: &str,
        out: &mut Vec<Diagnostic>,
    ) {
        if !self.opts.unknown_keys {
            return;
        }
        let list = themes
            .iter()
            .map(|t| format!("`{t}`"))
            .collect::<Vec<_>>()
            .join(", ");
        let msg = format!(
            "`{}` is read only with theme {list}, not `{theme}`: the platform drops it",
            p.key
        );
        out.push(Diagnostic::new(
            node.file,
            p.key_range.clone(),
            Severity::Warning,
            "unknown-key",
            msg,
        ));
    }

    /// A key the schema does not list. `strict`: the platform's object is
    /// `.strict()` and refuses it ("Unrecognized key(s) in object"): an
    /// error; otherwise the platform drops it: a warning.
    fn unknown_key(
        &self,
        node: &Node,
        p: &crate::syntax::tree::Prop,
        names: &[&str],
        strict: bool,
        out: &mut Vec<Diagnostic>,
    ) {
        // A string `sourceRef` makes the platform check every object holding
        // the key in a pass of its own, which the navigation rules follow
        // (`sourceRef` anywhere but in a navigation list is an error there).
        if !self.opts.unknown_keys || p.key == "sourceRef" && p.value.as_str().is_some() {
            return;
        }
        let suggestion = did_you_mean(&p.key, names.iter().copied());
        let mut msg = if strict {
            let at = if self.path.is_empty() {
                String::new()
            } else {
                format!(" in {}", self.subject())
            };
            format!(
                "unknown key `{}`{at}: the platform refuses unknown keys here: the build fails",
                p.key
            )
        } else {
            format!("unknown key `{}`: the platform drops it", p.key)
        };
        if let Some(s) = suggestion {
            msg.push_str(&format!("; did you mean `{s}`?"));
        }
        let severity = if strict {
            self.opts.severity
        } else {
            Severity::Warning
        };
        let mut d = Diagnostic::new(node.file, p.key_range.clone(), severity, "unknown-key", msg);
        if let Some(s) = suggestion {
            d = d.with_fix(Fix::Replace(self.fix_text(&serde_json::Value::from(s))));
        }
        out.push(d);
    }
}

/// Which properties of an object a later one with the same key overrides.
struct Shadowed(Option<rustc_hash::FxHashSet<usize>>);

impl Shadowed {
    fn new(props: &[crate::syntax::tree::Prop]) -> Shadowed {
        // Most objects hold a few keys: comparing each with the later ones
        // costs less than a set, and nothing when no key repeats.
        if props.len() <= 16 {
            let repeats = props
                .iter()
                .enumerate()
                .any(|(i, p)| props[i + 1..].iter().any(|q| q.key == p.key));
            if !repeats {
                return Shadowed(None);
            }
        }
        let mut last: rustc_hash::FxHashMap<&str, usize> = rustc_hash::FxHashMap::default();
        for (i, p) in props.iter().enumerate() {
            last.insert(p.key.as_str(), i);
        }
        let shadowed: rustc_hash::FxHashSet<usize> = props
            .iter()
            .enumerate()
            .filter(|(i, p)| last.get(p.key.as_str()) != Some(i))
            .map(|(i, _)| i)
            .collect();
        Shadowed((!shadowed.is_empty()).then_some(shadowed))
    }

    fn is(&self, i: usize) -> bool {
        self.0.as_ref().is_some_and(|s| s.contains(&i))
    }
}
