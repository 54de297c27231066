//! The platform's OpenAPI 3.0 JSON Schema (`oas30.schema.json`), compiled
//! once into an arena of rules with the draft-04 keywords it uses, and
//! checked two ways: a fast yes/no for the common valid spec, and an
//! explanation (the deepest fault first) for a refused one.

use super::doc::{Doc, Ty};
use super::verdict::{Refusal, SpecPathSeg};
use regex::Regex;
use serde_json::Value as J;
use std::sync::LazyLock;

/// A JSON Schema compiled for speed: each schema object a [`CompiledNode`] in one
/// arena, `$ref`s turned into indices, patterns compiled once.
pub(super) struct CompiledSchema {
    rules: Vec<CompiledNode>,
}

type Id = u32;

#[derive(Default)]
struct CompiledNode {
    reference: Option<Id>,
    /// `type`: the allowed types (none: any).
    types: Vec<&'static str>,
    type_json: Option<J>,
    enumeration: Option<Vec<J>>,
    minimum: Option<(f64, bool)>,
    pattern: Option<(String, Regex)>,
    min_items: Option<u64>,
    unique_items: bool,
    items: Option<Id>,
    required: Vec<String>,
    properties: rustc_hash::FxHashMap<String, Id>,
    pattern_properties: Vec<(Matcher, Id)>,
    /// `additionalProperties`: `None` any, `Some(None)` none, else a schema.
    additional: Option<Option<Id>>,
    min_properties: Option<u64>,
    all_of: Vec<Id>,
    any_of: Vec<Id>,
    one_of: Vec<Id>,
    not: Option<Id>,
}

pub(super) static OAS30: LazyLock<CompiledSchema> = LazyLock::new(|| {
    let root: J = serde_json::from_str(include_str!("../oas30.schema.json"))
        .expect("the bundled OpenAPI 3.0 schema is JSON");
    CompiledSchema::compile(&root)
});

impl CompiledSchema {
    pub(super) const ROOT: Id = 0;

    fn compile(root: &J) -> CompiledSchema {
        let mut s = CompiledSchema { rules: Vec::new() };
        let mut defs = rustc_hash::FxHashMap::default();
        // The root first, then every definition, then what they hold.
        s.rules.push(CompiledNode::default());
        if let Some(d) = root.get("definitions").and_then(J::as_object) {
            for name in d.keys() {
                defs.insert(format!("#/definitions/{name}"), s.rules.len() as Id);
                s.rules.push(CompiledNode::default());
            }
            for (name, def) in d {
                let id = defs[&format!("#/definitions/{name}")];
                let rule = s.rule(def, &defs);
                s.rules[id as usize] = rule;
            }
        }
        let rule = s.rule(root, &defs);
        s.rules[0] = rule;
        s
    }

    fn add(&mut self, v: &J, defs: &rustc_hash::FxHashMap<String, Id>) -> Id {
        let r = self.rule(v, defs);
        self.rules.push(r);
        (self.rules.len() - 1) as Id
    }

    fn rule(&mut self, v: &J, defs: &rustc_hash::FxHashMap<String, Id>) -> CompiledNode {
        let mut r = CompiledNode::default();
        let Some(m) = v.as_object() else {
            return r;
        };
        if let Some(to) = m.get("$ref").and_then(J::as_str) {
            r.reference = defs.get(to).copied();
            return r;
        }
        let name = |t: &str| -> &'static str {
            match t {
                "object" => "object",
                "array" => "array",
                "string" => "string",
                "number" => "number",
                "integer" => "integer",
                "boolean" => "boolean",
                _ => "null",
            }
        };
        match m.get("type") {
            Some(J::String(t)) => r.types = vec![name(t)],
            Some(J::Array(ts)) => r.types = ts.iter().filter_map(J::as_str).map(name).collect(),
            _ => {}
        }
        r.type_json = m.get("type").cloned();
        r.enumeration = m.get("enum").and_then(J::as_array).cloned();
        r.minimum = m.get("minimum").and_then(J::as_f64).map(|n| {
            (
                n,
                m.get("exclusiveMinimum").and_then(J::as_bool) == Some(true),
            )
        });
        r.pattern = m
            .get("pattern")
            .and_then(J::as_str)
            .map(|p| (p.to_string(), Regex::new(p).expect("schema pattern")));
        r.min_items = m.get("minItems").and_then(J::as_u64);
        r.unique_items = m.get("uniqueItems").and_then(J::as_bool) == Some(true);
        r.items = m.get("items").map(|i| self.add(i, defs));
        r.required = m
            .get("required")
            .and_then(J::as_array)
            .map(|a| a.iter().filter_map(J::as_str).map(str::to_string).collect())
            .unwrap_or_default();
        if let Some(p) = m.get("properties").and_then(J::as_object) {
            for (k, v) in p {
                let id = self.add(v, defs);
                r.properties.insert(k.clone(), id);
            }
        }
        if let Some(p) = m.get("patternProperties").and_then(J::as_object) {
            for (k, v) in p {
                let id = self.add(v, defs);
                r.pattern_properties.push((Matcher::new(k), id));
            }
        }
        r.additional = match m.get("additionalProperties") {
            Some(J::Bool(false)) => Some(None),
            Some(v @ J::Object(_)) => Some(Some(self.add(v, defs))),
            _ => None,
        };
        r.min_properties = m.get("minProperties").and_then(J::as_u64);
        let list = |s: &mut Self, k: &str| -> Vec<Id> {
            m.get(k)
                .and_then(J::as_array)
                .map(|a| a.iter().map(|v| s.add(v, defs)).collect())
                .unwrap_or_default()
        };
        r.all_of = list(self, "allOf");
        r.any_of = list(self, "anyOf");
        r.one_of = list(self, "oneOf");
        r.not = m.get("not").map(|v| self.add(v, defs));
        r
    }
}

/// A `patternProperties` pattern: most are a prefix (`^x-`, `^\\/`) or a
/// whole key (`^\\$ref$`), tested without the regex engine (every key of a
/// big spec is tested against them).
enum Matcher {
    Prefix(String),
    Exact(String),
    Regex(Regex),
}

impl Matcher {
    fn new(p: &str) -> Matcher {
        let literal = |body: &str| -> Option<String> {
            let mut out = String::new();
            let mut chars = body.chars();
            while let Some(c) = chars.next() {
                match c {
                    '\\' => {
                        let n = chars.next()?;
                        if n.is_ascii_alphanumeric() {
                            return None;
                        }
                        out.push(n);
                    }
                    '.' | '*' | '+' | '?' | '(' | ')' | '[' | ']' | '{' | '}' | '|' | '^' | '$' => {
                        return None;
                    }
                    c => out.push(c),
                }
            }
            Some(out)
        };
        if let Some(body) = p.strip_prefix('^') {
            if let Some(exact) = body.strip_suffix('$').and_then(literal) {
                return Matcher::Exact(exact);
            }
            if let Some(prefix) = literal(body) {
                return Matcher::Prefix(prefix);
            }
        }
        Matcher::Regex(Regex::new(p).expect("schema pattern"))
    }

    fn matches(&self, k: &str) -> bool {
        match self {
            Matcher::Prefix(p) => k.starts_with(p.as_str()),
            Matcher::Exact(e) => k == e,
            Matcher::Regex(r) => r.is_match(k),
        }
    }
}

fn type_ok<D: Doc>(t: &str, d: &D) -> bool {
    match t {
        "object" => d.ty() == Ty::Object,
        "array" => d.ty() == Ty::Array,
        "string" => d.ty() == Ty::String,
        "number" => d.ty() == Ty::Number,
        "integer" => d.num().is_some_and(|n| n.is_finite() && n.fract() == 0.0),
        "boolean" => d.ty() == Ty::Bool,
        _ => d.ty() == Ty::Null,
    }
}

fn equal<D: Doc>(d: &D, j: &J) -> bool {
    match j {
        J::Null => d.ty() == Ty::Null,
        J::Bool(b) => d.boolean() == Some(*b),
        J::Number(n) => d.num() == n.as_f64(),
        J::String(s) => d.str_() == Some(s.as_str()),
        J::Array(a) => {
            d.ty() == Ty::Array && {
                let items = d.items();
                items.len() == a.len() && items.iter().zip(a).all(|(x, y)| equal(x, y))
            }
        }
        J::Object(m) => {
            d.ty() == Ty::Object
                && d.entries().count() == m.len()
                && m.iter().all(|(k, v)| d.get(k).is_some_and(|x| equal(x, v)))
        }
    }
}

/// Whether `d` matches rule `s` (no error built: the fast path).
pub(super) fn valid<D: Doc>(schema: &CompiledSchema, s: Id, d: &D) -> bool {
    explain_or_valid(schema, s, d, &mut None)
}

/// Why `d` does not match rule `s`, the deepest fault first; `None` when
/// it matches. `path` leads to `d`.
pub(super) fn explain<D: Doc>(
    schema: &CompiledSchema,
    s: Id,
    d: &D,
    path: &[SpecPathSeg],
) -> Option<Refusal> {
    let mut out = Some(Explain {
        path: path.to_vec(),
        found: None,
    });
    explain_or_valid(schema, s, d, &mut out);
    out?.found
}

struct Explain {
    path: Vec<SpecPathSeg>,
    found: Option<Refusal>,
}

impl Explain {
    fn fail(&mut self, at_key: Option<&str>, message: String) {
        let mut path = self.path.clone();
        if let Some(k) = at_key {
            path.push(SpecPathSeg::Key(k.to_string()));
        }
        self.found = Some(Refusal {
            path,
            at_key: at_key.is_some(),
            message,
        });
    }
}

/// Record a failure when explaining; `false` either way.
fn fail(e: &mut Option<Explain>, at_key: Option<&str>, message: impl FnOnce() -> String) -> bool {
    if let Some(e) = e {
        e.fail(at_key, message());
    }
    false
}

fn depth(r: &Refusal) -> usize {
    r.path.len() + usize::from(r.at_key)
}

/// `d` against `sub` one step down (`seg`), the step kept on the
/// explanation's path.
fn step<D: Doc>(
    schema: &CompiledSchema,
    sub: Id,
    d: &D,
    seg: impl FnOnce() -> SpecPathSeg,
    e: &mut Option<Explain>,
) -> bool {
    if let Some(ex) = e {
        ex.path.push(seg());
    }
    let ok = explain_or_valid(schema, sub, d, e);
    if let Some(ex) = e {
        ex.path.pop();
    }
    ok
}

fn explain_or_valid<D: Doc>(
    schema: &CompiledSchema,
    s: Id,
    d: &D,
    e: &mut Option<Explain>,
) -> bool {
    let r = &schema.rules[s as usize];
    if let Some(to) = r.reference {
        return explain_or_valid(schema, to, d, e);
    }
    if !r.types.is_empty() && !r.types.iter().any(|t| type_ok(t, d)) {
        return fail(e, None, || {
            let mut msg = format!(
                "must be {}, not {}",
                type_words(r.type_json.as_ref().unwrap_or(&J::Null)),
                shown_value(d)
            );
            if let Some(s) = d.str_()
                && s.contains('_')
                && s.chars().all(|c| c.is_ascii_digit() || c == '_')
            {
                msg.push_str(&format!(
                    " (js-yaml 4, which reads specs for the platform, takes `{s}` for a string: write {})",
                    s.replace('_', "")
                ));
            }
            msg
        });
    }
    if let Some(values) = &r.enumeration
        && !values.iter().any(|v| equal(d, v))
    {
        return fail(e, None, || {
            let shown: Vec<String> = values.iter().map(|v| v.to_string()).collect();
            format!("{} is not one of {}", shown_value(d), shown.join(", "))
        });
    }
    match d.ty() {
        Ty::Number => {
            if let Some((min, exclusive)) = r.minimum {
                let n = d.num().unwrap_or(0.0);
                if n < min || exclusive && n == min {
                    return fail(e, None, || {
                        format!(
                            "must be {} {min}",
                            if exclusive { "above" } else { "at least" }
                        )
                    });
                }
            }
        }
        Ty::String => {
            if let Some((p, re)) = &r.pattern
                && !re.is_match(d.str_().unwrap_or_default())
            {
                return fail(e, None, || format!("must match `{p}`"));
            }
        }
        Ty::Array => {
            let items = d.items();
            if let Some(min) = r.min_items
                && (items.len() as u64) < min
            {
                return fail(e, None, || {
                    format!(
                        "must have at least {min} item{}",
                        if min == 1 { "" } else { "s" }
                    )
                });
            }
            if r.unique_items {
                for (i, a) in items.iter().enumerate() {
                    if let Some(s) = a.str_()
                        && items[..i].iter().any(|b| b.str_() == Some(s))
                    {
                        if let Some(ex) = e {
                            ex.path.push(SpecPathSeg::Index(i));
                            ex.fail(None, format!("\"{s}\" is listed twice"));
                            ex.path.pop();
                        }
                        return false;
                    }
                }
            }
            if let Some(item_rule) = r.items {
                for (i, item) in items.iter().enumerate() {
                    if !step(schema, item_rule, item, || SpecPathSeg::Index(i), e) {
                        return false;
                    }
                }
            }
        }
        Ty::Object if !object(schema, r, d, e) => return false,
        _ => {}
    }
    for &sub in &r.all_of {
        if !explain_or_valid(schema, sub, d, e) {
            return false;
        }
    }
    if !r.any_of.is_empty() && !r.any_of.iter().any(|&sub| valid(schema, sub, d)) {
        return best_branch(schema, &r.any_of, d, e);
    }
    if !r.one_of.is_empty() {
        let matching = r
            .one_of
            .iter()
            .filter(|&&sub| valid(schema, sub, d))
            .count();
        if matching == 0 {
            return best_branch(schema, &r.one_of, d, e);
        }
        if matching > 1 {
            return fail(e, None, || {
                "matches more than one of the forms allowed here".into()
            });
        }
    }
    if let Some(not) = r.not
        && valid(schema, not, d)
    {
        return fail(e, None, || "is a form not allowed here".into());
    }
    true
}

/// The object keywords of `r` on the object `d`.
fn object<D: Doc>(
    schema: &CompiledSchema,
    r: &CompiledNode,
    d: &D,
    e: &mut Option<Explain>,
) -> bool {
    let merges = d.merges();
    if !merges {
        for k in &r.required {
            if d.get(k).is_none() {
                return fail(e, None, || format!("has no `{k}`, which is required here"));
            }
        }
    }
    let mut count = 0u64;
    for (k, v) in d.entries() {
        count += 1;
        let mut matched = false;
        if let Some(&sub) = r.properties.get(k) {
            matched = true;
            if !step(schema, sub, v, || SpecPathSeg::Key(k.to_string()), e) {
                return false;
            }
        }
        for (re, sub) in &r.pattern_properties {
            if re.matches(k) {
                matched = true;
                if !step(schema, *sub, v, || SpecPathSeg::Key(k.to_string()), e) {
                    return false;
                }
            }
        }
        if matched || merges || k == "<<" {
            continue;
        }
        match r.additional {
            Some(None) => {
                return fail(e, Some(k), || {
                    let mut msg = format!("`{k}` is not allowed here");
                    match crate::diagnostics::did_you_mean(
                        k,
                        r.properties.keys().map(String::as_str),
                    ) {
                        Some(s) => msg.push_str(&format!(" (did you mean `{s}`?)")),
                        None => msg
                            .push_str(" (only the keys OpenAPI 3.0 defines, and `x-` extensions)"),
                    }
                    msg
                });
            }
            Some(Some(sub)) if !step(schema, sub, v, || SpecPathSeg::Key(k.to_string()), e) => {
                return false;
            }
            _ => {}
        }
    }
    if let Some(min) = r.min_properties
        && count < min
    {
        return fail(e, None, || {
            format!(
                "must have at least {min} key{}",
                if min == 1 { "" } else { "s" }
            )
        });
    }
    true
}

/// The branch of a failed `oneOf`/`anyOf` whose fault lies deepest: the
/// form the writer meant (a Schema rather than a `$ref`).
fn best_branch<D: Doc>(
    schema: &CompiledSchema,
    branches: &[Id],
    d: &D,
    e: &mut Option<Explain>,
) -> bool {
    let Some(ex) = e else {
        return false;
    };
    // A `$ref` missing is what every non-reference fails the Reference
    // form on: any other fault at the same depth says more.
    let about_ref = |r: &Refusal| r.message.starts_with("has no `$ref`");
    let mut best: Option<Refusal> = None;
    for &b in branches {
        if let Some(r) = explain(schema, b, d, &ex.path)
            && best.as_ref().is_none_or(|x| {
                depth(&r) > depth(x) || depth(&r) == depth(x) && about_ref(x) && !about_ref(&r)
            })
        {
            best = Some(r);
        }
    }
    match best {
        Some(r) if depth(&r) > ex.path.len() || !about_ref(&r) => ex.found = Some(r),
        _ => ex.fail(None, "matches none of the forms allowed here".into()),
    }
    false
}

fn type_words(t: &J) -> String {
    let one = |t: &str| match t {
        "object" => "an object".to_string(),
        "array" => "a list".to_string(),
        "integer" => "a whole number".to_string(),
        "number" => "a number".to_string(),
        "string" => "a string".to_string(),
        "boolean" => "true or false".to_string(),
        other => other.to_string(),
    };
    match t {
        J::String(t) => one(t),
        J::Array(ts) => ts
            .iter()
            .filter_map(J::as_str)
            .map(one)
            .collect::<Vec<_>>()
            .join(" or "),
        _ => String::new(),
    }
}

fn shown_value<D: Doc>(d: &D) -> String {
    match d.ty() {
        Ty::String => format!("\"{}\"", d.str_().unwrap_or_default()),
        Ty::Number => d.num().map(|n| n.to_string()).unwrap_or_default(),
        Ty::Bool => d.boolean().map(|b| b.to_string()).unwrap_or_default(),
        Ty::Null => "null".into(),
        Ty::Array => "a list".into(),
        Ty::Object => "an object".into(),
    }
}
