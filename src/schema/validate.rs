//! Validate a [`Node`] tree against a [`Schema`].
//!
//! Tuned to agree with the platform: an unknown key is a warning where the
//! platform's object drops it and an error where it is `.strict()`; a value
//! the platform `.catch()`es is dropped, so what is wrong with it is a
//! warning; refinements (`rules.rs`) are errors with the platform's message.
//! `anyOf` reports one branch only, and a `$ref` object can be opaque
//! (another module resolves and checks it).

use super::node::{Schema, Types};
use crate::diagnostics::{Diagnostic, Fix, Related, Severity, did_you_mean};
use crate::syntax::tree::{FileId, Node, Value};
use std::ops::Range;

mod objects;
pub(super) mod reusing;

/// How keys and strings are written in the file, for fix texts: a JSON fix
/// replaces a quoted token with a quoted token; a YAML fix is the bare text
/// (valid whether or not the original was quoted).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Syntax {
    Json,
    Yaml,
}

#[derive(Debug, Clone)]
pub struct ValidateOptions<'a> {
    /// Root keys whose values are not checked (still count as present).
    pub skip_keys_at_root: &'a [&'a str],
    /// Treat an object with a `$ref` key as valid without looking inside.
    pub opaque_refs: bool,
    /// Report keys the schema does not know (`unknown-key` warnings).
    pub unknown_keys: bool,
    /// Accept a number or boolean where only a string is allowed: YAML
    /// authors write `version: 2.0` and mean text.
    pub scalars_as_strings: bool,
    pub syntax: Syntax,
    /// How bad a value the schema refuses is: an error in docs.json (the
    /// platform's validator refuses the configuration and the site does
    /// not build), a warning in front matter (the page builds; the value
    /// is passed on as written and may be ignored).
    pub severity: Severity,
    /// A key with an empty value (`description:`) is null, which the
    /// platform's front matter reader treats as absent: not checked.
    pub null_is_absent: bool,
}

impl ValidateOptions<'static> {
    /// docs.json: navigation is checked by the navigation module.
    pub fn docs_json() -> Self {
        ValidateOptions {
            skip_keys_at_root: &["navigation"],
            opaque_refs: true,
            unknown_keys: true,
            scalars_as_strings: false,
            syntax: Syntax::Json,
            severity: Severity::Error,
            null_is_absent: false,
        }
    }

    /// Page front matter: any key is allowed.
    pub fn frontmatter() -> Self {
        ValidateOptions {
            skip_keys_at_root: &[],
            opaque_refs: false,
            unknown_keys: false,
            scalars_as_strings: true,
            syntax: Syntax::Yaml,
            severity: Severity::Warning,
            null_is_absent: true,
        }
    }
}

/// The code of what a `.catch()` drops.
pub const DROPPED: &str = "dropped-value";

/// The note by which a [`DROPPED`] diagnostic points at the value the
/// platform drops.
const DROPPED_NOTE: &str = "what the platform drops";

/// Whether `r` is a [`DROPPED`] diagnostic's pointer to what is dropped
/// (not a place the problem is at: the same problem reached through two
/// places of docs.json is one finding).
pub fn is_dropped_value(r: &Related) -> bool {
    r.message == DROPPED_NOTE
}

/// The values the platform drops (a navigation list below an element, an
/// invalid value a `.catch()` replaces by nothing), as the schema's
/// findings `found` point at them: what lies inside one never reaches the
/// build.
pub fn dropped_values(found: &[Diagnostic]) -> impl Iterator<Item = (FileId, &Range<usize>)> {
    found
        .iter()
        .filter(|d| d.code == DROPPED)
        .flat_map(|d| d.related.iter())
        .filter(|r| is_dropped_value(r))
        .map(|r| (r.file, &r.range))
}

/// Check `node` against `schema`, appending diagnostics to `out`.
pub fn validate(node: &Node, schema: &Schema, opts: &ValidateOptions, out: &mut Vec<Diagnostic>) {
    let mut v = Validator {
        opts,
        path: Vec::new(),
        steps: 0,
        reuse: None,
        no_catch: false,
    };
    v.node(SchemaAt::root(node, schema), out);
}

/// Past this many checked (node, schema) pairs, `anyOf` stops trying
/// branches and picks by shape alone, so pathological input stays linear.
pub(super) const STEP_BUDGET: usize = 200_000;
/// Deeper than the parsers allow; a guard against schema/anyOf nesting.
const MAX_DEPTH: usize = 2048;

pub(super) enum ValuePathSeg {
    Key(String),
    Index(usize),
}

pub(super) struct Validator<'o> {
    pub(super) opts: &'o ValidateOptions<'o>,
    pub(super) path: Vec<ValuePathSeg>,
    pub(super) steps: usize,
    /// Results kept across keystrokes (docs.json's navigation), if any.
    pub(super) reuse: Option<super::subtree_memo::Reuse<'o>>,
    /// Set for the next value checked: it is a key of an object the
    /// platform reads strictly, which does not fall back to a variant that
    /// drops an invalid key (a tab with `graphql` keeps no `.catch()`).
    pub(super) no_catch: bool,
}

/// A node being checked against a schema: the range of the key holding it
/// (where its missing-key errors go) and how deep it is. What every step of
/// the validator is given.
#[derive(Clone, Copy)]
pub(super) struct SchemaAt<'n> {
    pub node: &'n Node,
    pub schema: &'n Schema,
    pub holder: Option<&'n Range<usize>>,
    pub depth: usize,
}

impl<'n> SchemaAt<'n> {
    /// The top of a check.
    pub(super) fn root(node: &'n Node, schema: &'n Schema) -> Self {
        SchemaAt {
            node,
            schema,
            holder: None,
            depth: 0,
        }
    }

    /// The same node against a branch of its schema, a level down.
    pub(super) fn branch(self, schema: &'n Schema) -> Self {
        SchemaAt {
            schema,
            depth: self.depth + 1,
            ..self
        }
    }

    /// A child node (an item, a member held by key `holder`), a level down.
    pub(super) fn child(
        self,
        node: &'n Node,
        schema: &'n Schema,
        holder: Option<&'n Range<usize>>,
    ) -> Self {
        SchemaAt {
            node,
            schema,
            holder,
            depth: self.depth + 1,
        }
    }
}

impl Validator<'_> {
    /// `at.holder` is the range of the key that holds this node, where
    /// missing-key errors go.
    pub(super) fn node(&mut self, at: SchemaAt, out: &mut Vec<Diagnostic>) {
        let SchemaAt { node, .. } = at;
        if self.reuse.is_some() && super::subtree_memo::Reuse::keeps(node) {
            self.node_kept(at, out);
        } else {
            self.check(at, out);
        }
    }

    /// [`Validator::node`] without the memo.
    pub(super) fn check(&mut self, at: SchemaAt, out: &mut Vec<Diagnostic>) {
        let SchemaAt { schema, .. } = at;
        let no_catch = std::mem::take(&mut self.no_catch);
        if !schema.drops_invalid() || no_catch || self.opts.severity != Severity::Error {
            self.check_value(at, out);
            return;
        }
        // `.catch()`: the platform replaces an invalid value by nothing and
        // builds on. What would refuse it is a warning saying so.
        let from = out.len();
        self.check_value(at, out);
        if out[from..].iter().any(|d| d.severity == Severity::Error) {
            let node = at.node;
            for d in &mut out[from..] {
                if d.severity == Severity::Error {
                    d.severity = Severity::Warning;
                    d.code = DROPPED;
                    d.message.push_str(&format!(
                        ": the platform drops {} and builds as if it were not set",
                        self.subject()
                    ));
                    // Where that is, for the editor and for the passes that
                    // read what it holds ([`dropped_values`]).
                    d.related.push(Related {
                        file: node.file,
                        range: node.range.clone(),
                        message: DROPPED_NOTE.to_string(),
                    });
                }
            }
        }
    }

    fn check_value(&mut self, at: SchemaAt, out: &mut Vec<Diagnostic>) {
        let SchemaAt {
            node,
            schema,
            holder,
            depth,
        } = at;
        self.steps += 1;
        if depth > MAX_DEPTH {
            return;
        }
        if self.opts.opaque_refs && node.get("$ref").is_some() {
            return;
        }
        if schema.never {
            let range = holder.cloned().unwrap_or_else(|| node.range.clone());
            out.push(self.error(
                node,
                range,
                "invalid-value",
                format!("{} is not allowed here", self.subject()),
            ));
            return;
        }
        if !schema.any_of.is_empty() {
            // The platform's anyOf wrappers carry only a description.
            self.any_of(at, out);
            return;
        }
        if !self.type_ok(node, schema.types) {
            let found = found(node);
            let msg = format!(
                "{} must be {}, found {}",
                self.subject(),
                expected(schema.types),
                found
            );
            out.push(self.error(node, node.range.clone(), "wrong-type", msg));
            return;
        }
        if let Some(c) = &schema.const_value
            && !same(node, c)
        {
            let msg = format!("{} must be `{}`", self.subject(), plain(c));
            let d = self
                .error(node, node.range.clone(), "invalid-value", msg)
                .with_fix(Fix::Replace(self.fix_text(c)));
            out.push(d);
            return;
        }
        if !schema.enum_values.is_empty() && !schema.enum_values.iter().any(|e| same(node, e)) {
            out.push(self.invalid_enum(node, &schema.enum_values));
            return;
        }
        match &node.value {
            Value::String(s) => self.string(node, s, schema, out),
            Value::Array(items) => {
                self.counts(node, items.len() as u64, schema, out);
                if let Some(item_schema) = schema.items() {
                    for (i, item) in items.iter().enumerate() {
                        self.path.push(ValuePathSeg::Index(i));
                        self.node(at.child(item, item_schema, None), out);
                        self.path.pop();
                    }
                }
                self.rules(node, None, schema, out);
            }
            Value::Object(_) => {
                self.object(at, out);
                self.rules(node, None, schema, out);
            }
            _ => {}
        }
    }

    /// The platform's refinements on this value: the first one it breaks,
    /// with the platform's message. `text` is the string as the platform's
    /// checks see it (trimmed when the schema trims).
    fn rules(&self, node: &Node, text: Option<&str>, schema: &Schema, out: &mut Vec<Diagnostic>) {
        for rule in &schema.zod().rules {
            let Some(breach) = super::rules::check(rule, node, text) else {
                continue;
            };
            let message = rule.message.trim_end_matches('.');
            let msg = match (&rule.kind, &breach.at.value) {
                (super::rules::RefinementKind::Requires { when, then }, _) => format!(
                    "{}: {message}: `{then}` is required when `{when}` is set",
                    self.subject()
                ),
                // The platform's message names the repeated value.
                (super::rules::RefinementKind::Unique { .. }, Value::String(s))
                    if message.contains("{value}") =>
                {
                    format!("{}: {}", self.subject(), message.replace("{value}", s))
                }
                (super::rules::RefinementKind::Unique { .. }, Value::String(s)) => {
                    format!("{}: {message} (`{s}` is repeated)", self.subject())
                }
                (super::rules::RefinementKind::Unique { .. }, _) => {
                    format!("{}: {message}", self.subject())
                }
                _ => format!(
                    "{}: {message} (found `{}`)",
                    self.subject(),
                    text.unwrap_or_default()
                ),
            };
            let mut d = self.error(breach.at, breach.at.range.clone(), "invalid-value", msg);
            if let Some(fix) = breach.fix {
                d = d.with_fix(Fix::Replace(self.fix_text(&serde_json::Value::from(fix))));
            }
            out.push(d);
            return;
        }
    }

    /// The platform's own message for a failed `keyword` check, if its
    /// schema gives one.
    fn platform_message<'s>(schema: &'s Schema, keyword: &str) -> Option<&'s str> {
        schema
            .zod()
            .messages
            .iter()
            .find(|(k, _)| k == keyword)
            .map(|(_, m)| m.as_str())
    }

    fn string(&mut self, node: &Node, s: &str, schema: &Schema, out: &mut Vec<Diagnostic>) {
        // `.trim()` comes first in the platform's checks: `"  "` is empty.
        let s = if schema.zod().trim {
            s.trim_matches(super::rules::js_whitespace)
        } else {
            s
        };
        // JavaScript counts UTF-16 code units.
        let len = s.encode_utf16().count() as u64;
        if schema.min_length.is_some_and(|min| len < min)
            || schema.max_length.is_some_and(|max| len > max)
        {
            let own = Self::platform_message(schema, "minLength")
                .filter(|_| schema.min_length.is_some_and(|min| len < min))
                .or_else(|| Self::platform_message(schema, "maxLength"));
            let msg = match (schema.min_length, schema.max_length) {
                _ if own.is_some() => {
                    format!("{}: {}", self.subject(), own.unwrap_or_default())
                }
                (Some(1), _) if len == 0 => format!("{} must not be empty", self.subject()),
                (Some(min), _) if len < min => {
                    format!("{} must be at least {min} characters long", self.subject())
                }
                (_, Some(max)) => {
                    format!("{} must be at most {max} characters long", self.subject())
                }
                _ => format!("{} has the wrong length", self.subject()),
            };
            out.push(self.error(node, node.range.clone(), "invalid-value", msg));
            return;
        }
        if let Some(p) = &schema.pattern
            && p.is_match(s) == Some(false)
        {
            let (code, msg) = if self.is_color() {
                (
                    "invalid-color",
                    format!(
                        "{} must be a hex color like `#0D9373`, found `{s}`",
                        self.subject()
                    ),
                )
            } else if let Some(own) = Self::platform_message(schema, "pattern") {
                (
                    "invalid-value",
                    format!("{}: {own}, found `{s}`", self.subject()),
                )
            } else {
                (
                    "invalid-value",
                    format!("{} must match `{}`, found `{s}`", self.subject(), p.source),
                )
            };
            out.push(self.error(node, node.range.clone(), code, msg));
            return;
        }
        // zod's `.url()`: what `new URL()` parses.
        if schema.format.as_deref() == Some("uri") && url::Url::parse(s).is_err() {
            let why = Self::platform_message(schema, "format").unwrap_or("Invalid url");
            let msg = format!(
                "{} must be an absolute URL (the platform: \"{why}\"), found `{s}`",
                self.subject()
            );
            out.push(self.error(node, node.range.clone(), "invalid-value", msg));
            return;
        }
        self.rules(node, Some(s), schema, out);
    }

    /// `minItems`/`maxItems` of an array of `n` items, with the platform's
    /// message when its schema gives one ("At least one group must be
    /// specified").
    fn counts(&self, node: &Node, n: u64, schema: &Schema, out: &mut Vec<Diagnostic>) {
        let plural = |k: u64| if k == 1 { "item" } else { "items" };
        let (keyword, msg) = match (schema.min_items, schema.max_items) {
            (Some(min), _) if n < min => (
                "minItems",
                format!(
                    "{} must have at least {min} {}",
                    self.subject(),
                    plural(min)
                ),
            ),
            (_, Some(max)) if n > max => (
                "maxItems",
                format!("{} must have at most {max} {}", self.subject(), plural(max)),
            ),
            _ => return,
        };
        let msg = match Self::platform_message(schema, keyword) {
            Some(own) => format!("{msg} (the platform: \"{own}\")"),
            None => msg,
        };
        out.push(self.error(node, node.range.clone(), "invalid-value", msg));
    }

    pub(super) fn invalid_enum(&self, node: &Node, allowed: &[serde_json::Value]) -> Diagnostic {
        let strings: Vec<&str> = allowed.iter().filter_map(|v| v.as_str()).collect();
        let found = match &node.value {
            Value::String(s) => format!("`{s}`"),
            _ => found(node).to_string(),
        };
        let suggestion = node
            .as_str()
            .and_then(|s| did_you_mean(s, strings.iter().copied()));
        let mut msg = format!("invalid value {found} for {}", self.subject());
        if let Some(s) = suggestion {
            msg.push_str(&format!("; did you mean `{s}`?"));
        }
        if allowed.len() <= 12 {
            if suggestion.is_none() {
                msg.push('.');
            }
            let list: Vec<String> = allowed.iter().map(|v| format!("`{}`", plain(v))).collect();
            msg.push_str(&format!(" Allowed: {}", list.join(", ")));
        }
        let d = self.error(node, node.range.clone(), "invalid-enum", msg);
        match suggestion {
            Some(s) => d.with_fix(Fix::Replace(self.fix_text(&serde_json::Value::from(s)))),
            None => d,
        }
    }

    pub(super) fn type_ok(&self, node: &Node, types: Types) -> bool {
        type_fits(node, types)
            || self.opts.scalars_as_strings
                && types.contains(Types::STRING)
                && matches!(node.value, Value::Number(_) | Value::Bool(_))
    }

    pub(super) fn error(
        &self,
        node: &Node,
        range: Range<usize>,
        code: &'static str,
        msg: String,
    ) -> Diagnostic {
        Diagnostic::new(node.file, range, self.opts.severity, code, msg)
    }

    /// How messages name the current value: `` `colors.primary` ``.
    pub(super) fn subject(&self) -> String {
        if self.path.is_empty() {
            return "the value".to_string();
        }
        let mut s = String::from("`");
        for (i, seg) in self.path.iter().enumerate() {
            match seg {
                ValuePathSeg::Key(k) if i == 0 => s.push_str(k),
                ValuePathSeg::Key(k) => {
                    s.push('.');
                    s.push_str(k);
                }
                ValuePathSeg::Index(n) => s.push_str(&format!("[{n}]")),
            }
        }
        s.push('`');
        s
    }

    fn is_color(&self) -> bool {
        self.path.iter().any(
            |seg| matches!(seg, ValuePathSeg::Key(k) if k.to_ascii_lowercase().contains("color")),
        )
    }

    fn fix_text(&self, v: &serde_json::Value) -> String {
        match (self.opts.syntax, v) {
            (Syntax::Yaml, serde_json::Value::String(s)) => s.clone(),
            _ => v.to_string(),
        }
    }
}

/// Whether `node` has one of `types` (any type when empty); a number
/// without a fraction is an integer too.
pub(super) fn type_fits(node: &Node, types: Types) -> bool {
    if types.is_any() {
        return true;
    }
    match &node.value {
        Value::Null => types.contains(Types::NULL),
        Value::Bool(_) => types.contains(Types::BOOLEAN),
        Value::Number(n) => {
            types.contains(Types::NUMBER) || (types.contains(Types::INTEGER) && n.fract() == 0.0)
        }
        Value::String(_) => types.contains(Types::STRING),
        Value::Array(_) => types.contains(Types::ARRAY),
        Value::Object(_) => types.contains(Types::OBJECT),
    }
}

/// A node's type as messages name it: JSON has numbers, not integers.
pub(super) fn found(node: &Node) -> &'static str {
    match node.kind_name() {
        "integer" => "number",
        other => other,
    }
}

/// Whether a tree value equals a schema literal (scalars only).
pub(super) fn same(node: &Node, v: &serde_json::Value) -> bool {
    match (&node.value, v) {
        (Value::Null, serde_json::Value::Null) => true,
        (Value::Bool(a), serde_json::Value::Bool(b)) => a == b,
        (Value::Number(a), serde_json::Value::Number(b)) => b.as_f64() == Some(*a),
        (Value::String(a), serde_json::Value::String(b)) => **a == **b,
        _ => false,
    }
}

/// A literal as messages show it: strings without quotes.
fn plain(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// "a string", "a string or an object".
pub(super) fn expected(types: Types) -> String {
    let names: Vec<String> = types
        .names()
        .into_iter()
        .map(|n| match n {
            "object" | "array" | "integer" => format!("an {n}"),
            "null" => n.to_string(),
            _ => format!("a {n}"),
        })
        .collect();
    match names.len() {
        0 => "a value".to_string(),
        1 => names[0].clone(),
        _ => {
            let (last, rest) = names
                .split_last()
                .map_or((String::new(), &[][..]), |(l, r)| (l.clone(), r));
            format!("{} or {last}", rest.join(", "))
        }
    }
}
