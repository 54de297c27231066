//! Whether the platform accepts a spec, as its prebuild decides: it reads
//! each JSON/YAML file with js-yaml 4 (a duplicated key is a syntax error),
//! and `validate` of `@mintlify/common` refuses a spec with a `$ref` to
//! another file or a URL, one whose `openapi` is not a string naming 3.0,
//! 3.1 or 3.2, and one that does not match the OpenAPI JSON Schema of its
//! version (`@mintlify/openapi-parser`: ajv). A refused spec is left out of
//! the build: its endpoints get no API page.
//!
//! The 3.0 schema is the platform's own (`oas30.schema.json`, copied by
//! `tools/openapi-schema/extract.mjs`), checked here with the draft-04
//! keywords it uses (`format` is not checked). The 3.1 schema hardly looks
//! inside Schema objects (`type: objeto` passes it) and 3.2 is the newest
//! platform's: specs of those versions are held to the other rules only.
//!
//! Valid specs are the common case and can be large (13 MB): they are
//! checked without building an error, and only a refused one is walked
//! again to say where and why.

use regex::Regex;
use serde_json::Value as J;
use std::sync::LazyLock;

/// One step from the root of a document to a value.
#[derive(Debug, Clone, PartialEq)]
pub enum Seg {
    Key(String),
    Index(usize),
}

/// Why the platform refuses a spec, and where.
#[derive(Debug, Clone, PartialEq)]
pub struct Refusal {
    /// From the root to the value at fault.
    pub path: Vec<Seg>,
    /// The fault is the last key itself (a key the schema does not allow,
    /// a duplicated key), not its value.
    pub at_key: bool,
    pub message: String,
}

/// What the validator reads of a document: a `serde_json::Value` (JSON
/// specs) or a [`crate::syntax::tree::Node`] (YAML specs).
pub trait Doc {
    fn ty(&self) -> Ty;
    fn num(&self) -> Option<f64>;
    fn str_(&self) -> Option<&str>;
    fn boolean(&self) -> Option<bool>;
    fn items(&self) -> &[Self]
    where
        Self: Sized;
    fn entries(&self) -> impl Iterator<Item = (&str, &Self)>
    where
        Self: Sized;
    fn get(&self, key: &str) -> Option<&Self>
    where
        Self: Sized;
    /// Object members that cannot be known here (YAML `<<` merge keys,
    /// which this reader leaves unmerged): keys are not judged.
    fn merges(&self) -> bool;
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ty {
    Null,
    Bool,
    Number,
    String,
    Array,
    Object,
}

impl Doc for J {
    fn ty(&self) -> Ty {
        match self {
            J::Null => Ty::Null,
            J::Bool(_) => Ty::Bool,
            J::Number(_) => Ty::Number,
            J::String(_) => Ty::String,
            J::Array(_) => Ty::Array,
            J::Object(_) => Ty::Object,
        }
    }
    fn num(&self) -> Option<f64> {
        self.as_f64()
    }
    fn str_(&self) -> Option<&str> {
        self.as_str()
    }
    fn boolean(&self) -> Option<bool> {
        self.as_bool()
    }
    fn items(&self) -> &[Self] {
        self.as_array().map_or(&[], |v| v.as_slice())
    }
    fn entries(&self) -> impl Iterator<Item = (&str, &Self)> {
        self.as_object()
            .into_iter()
            .flat_map(|m| m.iter().map(|(k, v)| (k.as_str(), v)))
    }
    fn get(&self, key: &str) -> Option<&Self> {
        self.as_object()?.get(key)
    }
    fn merges(&self) -> bool {
        false
    }
}

impl Doc for crate::syntax::tree::Node {
    fn ty(&self) -> Ty {
        use crate::syntax::tree::Value as V;
        match &self.value {
            V::Null => Ty::Null,
            V::Bool(_) => Ty::Bool,
            V::Number(_) => Ty::Number,
            V::String(_) => Ty::String,
            V::Array(_) => Ty::Array,
            V::Object(_) => Ty::Object,
        }
    }
    fn num(&self) -> Option<f64> {
        match self.value {
            crate::syntax::tree::Value::Number(n) => Some(n),
            _ => None,
        }
    }
    fn str_(&self) -> Option<&str> {
        self.as_str()
    }
    fn boolean(&self) -> Option<bool> {
        self.as_bool()
    }
    fn items(&self) -> &[Self] {
        crate::syntax::tree::Node::items(self)
    }
    fn entries(&self) -> impl Iterator<Item = (&str, &Self)> {
        self.props().iter().map(|p| (p.key.as_str(), &p.value))
    }
    fn get(&self, key: &str) -> Option<&Self> {
        crate::syntax::tree::Node::get(self, key)
    }
    fn merges(&self) -> bool {
        self.props().iter().any(|p| p.key == "<<")
    }
}

/// The rules of the platform's `validate` on a document read without a
/// syntax error (duplicated keys are the reader's business).
pub fn check<D: Doc>(root: &D) -> Option<Refusal> {
    check_with(root, true)
}

/// [`check`], the walk for a `$ref` to another file left out when the
/// reader has seen there is none.
fn check_with<D: Doc>(root: &D, foreign_refs: bool) -> Option<Refusal> {
    if foreign_refs && let Some(r) = external_ref(root) {
        return Some(r);
    }
    let Some(version) = root.get("openapi") else {
        // An AsyncAPI document (validated by another package), or not a
        // spec at all: not this module's business.
        return None;
    };
    let Some(v) = version.str_() else {
        return Some(Refusal {
            path: vec![Seg::Key("openapi".into())],
            at_key: false,
            message: "`openapi` must be a string such as \"3.1.0\" (a YAML `3.1` is a number): the validator finds no supported version".into(),
        });
    };
    if !(v.starts_with("3.0") || v.starts_with("3.1") || v.starts_with("3.2")) {
        return Some(Refusal {
            path: vec![Seg::Key("openapi".into())],
            at_key: false,
            message: format!(
                "OpenAPI version \"{v}\" is not one the platform supports (3.0, 3.1, 3.2)"
            ),
        });
    }
    if !v.starts_with("3.0") {
        return None;
    }
    let schema = &*OAS30;
    if valid(schema, Schema::ROOT, root) {
        return None;
    }
    let mut r = explain(schema, Schema::ROOT, root, &[]).unwrap_or(Refusal {
        path: Vec::new(),
        at_key: false,
        message: "does not match the OpenAPI 3.0 schema".into(),
    });
    r.message = format!("{} (OpenAPI 3.0 schema)", r.message);
    Some(r)
}

/// A `$ref` that does not start with `#` (another file, a URL): the
/// platform refuses the whole spec ("External $ref references are not
/// allowed"). The path is built on the way back, for the one found.
fn external_ref<D: Doc>(node: &D) -> Option<Refusal> {
    fn find<D: Doc>(node: &D) -> Option<(Vec<Seg>, String)> {
        match node.ty() {
            Ty::Object => {
                for (k, v) in node.entries() {
                    if k == "$ref"
                        && let Some(r) = v.str_()
                        && !r.starts_with('#')
                    {
                        return Some((vec![Seg::Key(k.into())], r.to_string()));
                    }
                    if matches!(v.ty(), Ty::Object | Ty::Array)
                        && let Some((mut p, r)) = find(v)
                    {
                        p.push(Seg::Key(k.into()));
                        return Some((p, r));
                    }
                }
                None
            }
            Ty::Array => node.items().iter().enumerate().find_map(|(i, v)| {
                let (mut p, r) = find(v)?;
                p.push(Seg::Index(i));
                Some((p, r))
            }),
            _ => None,
        }
    }
    let (mut path, r) = find(node)?;
    path.reverse();
    Some(Refusal {
        path,
        at_key: false,
        message: format!(
            "`$ref: {r}` names another file or a URL: the platform allows only references inside the spec (`#/components/...`)"
        ),
    })
}

/// A JSON Schema compiled for speed: each schema object a [`Rule`] in one
/// arena, `$ref`s turned into indices, patterns compiled once.
struct Schema {
    rules: Vec<Rule>,
}

type Id = u32;

#[derive(Default)]
struct Rule {
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

static OAS30: LazyLock<Schema> = LazyLock::new(|| {
    let root: J = serde_json::from_str(include_str!("oas30.schema.json"))
        .expect("the bundled OpenAPI 3.0 schema is JSON");
    Schema::compile(&root)
});

impl Schema {
    const ROOT: Id = 0;

    fn compile(root: &J) -> Schema {
        let mut s = Schema { rules: Vec::new() };
        let mut defs = rustc_hash::FxHashMap::default();
        // The root first, then every definition, then what they hold.
        s.rules.push(Rule::default());
        if let Some(d) = root.get("definitions").and_then(J::as_object) {
            for name in d.keys() {
                defs.insert(format!("#/definitions/{name}"), s.rules.len() as Id);
                s.rules.push(Rule::default());
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

    fn rule(&mut self, v: &J, defs: &rustc_hash::FxHashMap<String, Id>) -> Rule {
        let mut r = Rule::default();
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
fn valid<D: Doc>(schema: &Schema, s: Id, d: &D) -> bool {
    explain_or_valid(schema, s, d, &mut None)
}

/// Why `d` does not match rule `s`, the deepest fault first; `None` when
/// it matches. `path` leads to `d`.
fn explain<D: Doc>(schema: &Schema, s: Id, d: &D, path: &[Seg]) -> Option<Refusal> {
    let mut out = Some(Explain {
        path: path.to_vec(),
        found: None,
    });
    explain_or_valid(schema, s, d, &mut out);
    out?.found
}

struct Explain {
    path: Vec<Seg>,
    found: Option<Refusal>,
}

impl Explain {
    fn fail(&mut self, at_key: Option<&str>, message: String) {
        let mut path = self.path.clone();
        if let Some(k) = at_key {
            path.push(Seg::Key(k.to_string()));
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
    schema: &Schema,
    sub: Id,
    d: &D,
    seg: impl FnOnce() -> Seg,
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

fn explain_or_valid<D: Doc>(schema: &Schema, s: Id, d: &D, e: &mut Option<Explain>) -> bool {
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
                            ex.path.push(Seg::Index(i));
                            ex.fail(None, format!("\"{s}\" is listed twice"));
                            ex.path.pop();
                        }
                        return false;
                    }
                }
            }
            if let Some(item_rule) = r.items {
                for (i, item) in items.iter().enumerate() {
                    if !step(schema, item_rule, item, || Seg::Index(i), e) {
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
fn object<D: Doc>(schema: &Schema, r: &Rule, d: &D, e: &mut Option<Explain>) -> bool {
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
            if !step(schema, sub, v, || Seg::Key(k.to_string()), e) {
                return false;
            }
        }
        for (re, sub) in &r.pattern_properties {
            if re.matches(k) {
                matched = true;
                if !step(schema, *sub, v, || Seg::Key(k.to_string()), e) {
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
            Some(Some(sub)) if !step(schema, sub, v, || Seg::Key(k.to_string()), e) => {
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
fn best_branch<D: Doc>(schema: &Schema, branches: &[Id], d: &D, e: &mut Option<Explain>) -> bool {
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

/// A path as the reader sees it: `paths./a.get.parameters[0].schema`.
pub fn show_path(path: &[Seg]) -> String {
    let mut out = String::new();
    for s in path {
        match s {
            Seg::Key(k) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(k);
            }
            Seg::Index(i) => out.push_str(&format!("[{i}]")),
        }
    }
    out
}

#[cfg(test)]
mod tests;

/// A JSON value that borrows its strings from the text where it can: a
/// 13 MB spec is read for validation without a string copy per key.
#[derive(Debug)]
pub enum B<'a> {
    Null,
    Bool(bool),
    Num(f64),
    Str(std::borrow::Cow<'a, str>),
    Arr(Vec<B<'a>>),
    Obj(Vec<(std::borrow::Cow<'a, str>, B<'a>)>),
}

impl Doc for B<'_> {
    fn ty(&self) -> Ty {
        match self {
            B::Null => Ty::Null,
            B::Bool(_) => Ty::Bool,
            B::Num(_) => Ty::Number,
            B::Str(_) => Ty::String,
            B::Arr(_) => Ty::Array,
            B::Obj(_) => Ty::Object,
        }
    }
    fn num(&self) -> Option<f64> {
        match self {
            B::Num(n) => Some(*n),
            _ => None,
        }
    }
    fn str_(&self) -> Option<&str> {
        match self {
            B::Str(s) => Some(s),
            _ => None,
        }
    }
    fn boolean(&self) -> Option<bool> {
        match self {
            B::Bool(b) => Some(*b),
            _ => None,
        }
    }
    fn items(&self) -> &[Self] {
        match self {
            B::Arr(a) => a,
            _ => &[],
        }
    }
    fn entries(&self) -> impl Iterator<Item = (&str, &Self)> {
        let members: &[(std::borrow::Cow<'_, str>, B<'_>)] = match self {
            B::Obj(m) => m,
            _ => &[],
        };
        members.iter().map(|(k, v)| (&**k, v))
    }
    fn get(&self, key: &str) -> Option<&Self> {
        match self {
            B::Obj(m) => m.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }
    fn merges(&self) -> bool {
        false
    }
}

/// A JSON text read as js-yaml 4 reads it: the value, or the path to the
/// first key an object repeats (js-yaml refuses the file: "duplicated
/// mapping key"). `None` when serde cannot read it (the caller's strict
/// reader has said why).
///
/// Values the 3.0 schema allows to be anything (`example`, `default`, an
/// Example's `value`, `x-` extensions: a third of GitHub's spec) are only
/// scanned, as `Null`, unless they hide a repeated key or a `$ref` to
/// another file: then the text is read again in full, to say where.
pub fn read_json(text: &str) -> Option<Result<B<'_>, Vec<Seg>>> {
    Some(read_json_seen(text)?.0)
}

/// [`read_json`], and whether a `$ref` to another file was seen.
fn read_json_seen(text: &str) -> Option<(Result<B<'_>, Vec<Seg>>, bool)> {
    let mut seen = Lean::default();
    let fast = read_json_with(text, Some(&mut seen))?;
    if seen.repeated || seen.foreign_ref && !skipped_only_refs(&seen) {
        return Some((read_json_with(text, None)?, true));
    }
    Some((fast, seen.foreign_ref))
}

/// Whether a foreign `$ref` seen was outside the skipped parts too: it is
/// in the tree, where [`check`] finds its path.
fn skipped_only_refs(seen: &Lean) -> bool {
    !seen.foreign_ref_skipped
}

fn read_json_with<'t>(
    text: &'t str,
    skipped: Option<&mut Lean<'t>>,
) -> Option<Result<B<'t>, Vec<Seg>>> {
    // serde_json's nesting limit (128) holds: a deeper spec is not judged.
    let mut de = serde_json::Deserializer::from_str(text);
    let skip = skipped.is_some();
    let mut sink = Lean::default();
    let seed = ReadSeed {
        skipped: skipped.unwrap_or(&mut sink),
        skip,
        names: false,
        variables: false,
    };
    let Read(v, dup) = serde::de::DeserializeSeed::deserialize(seed, &mut de).ok()?;
    de.end().ok()?;
    Some(match dup {
        Some(mut p) => {
            p.reverse();
            Err(p)
        }
        None => Ok(v),
    })
}

/// A value, and the path (innermost first) to its first repeated key.
struct Read<'a>(B<'a>, Option<Vec<Seg>>);

/// Maps of OpenAPI 3.0 whose keys are names the writer chose (a property
/// called `example` is a schema, not an example).
const NAME_MAPS: &[&str] = &[
    "paths",
    "schemas",
    "responses",
    "parameters",
    "examples",
    "requestBodies",
    "headers",
    "securitySchemes",
    "links",
    "callbacks",
    "properties",
    "content",
    "encoding",
    "variables",
    "scopes",
    "mapping",
];

struct ReadSeed<'s, 'de> {
    /// Where what is skipped reports a repeated key or a foreign `$ref`.
    skipped: &'s mut Lean<'de>,
    skip: bool,
    /// This value sits under a key of [`NAME_MAPS`].
    names: bool,
    /// This value is a map of server `variables`, or one of its variables
    /// (whose `default` is a string the schema checks).
    variables: bool,
}

impl<'de> serde::de::DeserializeSeed<'de> for ReadSeed<'_, 'de> {
    type Value = Read<'de>;
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Read<'de>, D::Error> {
        d.deserialize_any(self)
    }
}
/// A key, borrowed from the text when it holds no escape.
struct Key<'a>(std::borrow::Cow<'a, str>);

impl<'de> serde::Deserialize<'de> for Key<'de> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a key")
            }
            fn visit_borrowed_str<E>(self, v: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(std::borrow::Cow::Borrowed(v)))
            }
            fn visit_str<E>(self, v: &str) -> Result<Key<'de>, E> {
                Ok(Key(std::borrow::Cow::Owned(v.to_string())))
            }
        }
        d.deserialize_str(V)
    }
}

impl<'de> serde::de::Visitor<'de> for ReadSeed<'_, 'de> {
    type Value = Read<'de>;
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("JSON")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Read<'de>, E> {
        Ok(Read(B::Bool(v), None))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Read<'de>, E> {
        Ok(Read(B::Num(v as f64), None))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Read<'de>, E> {
        Ok(Read(B::Num(v as f64), None))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Read<'de>, E> {
        Ok(Read(B::Num(v), None))
    }
    fn visit_borrowed_str<E>(self, v: &'de str) -> Result<Read<'de>, E> {
        Ok(Read(B::Str(std::borrow::Cow::Borrowed(v)), None))
    }
    fn visit_str<E>(self, v: &str) -> Result<Read<'de>, E> {
        Ok(Read(B::Str(std::borrow::Cow::Owned(v.to_string())), None))
    }
    fn visit_unit<E>(self) -> Result<Read<'de>, E> {
        Ok(Read(B::Null, None))
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut a: A) -> Result<Read<'de>, A::Error> {
        let mut items = Vec::new();
        let mut dup = None;
        while let Some(Read(v, d)) = a.next_element_seed(ReadSeed {
            skipped: &mut *self.skipped,
            skip: self.skip,
            names: false,
            variables: false,
        })? {
            if dup.is_none()
                && let Some(mut p) = d
            {
                p.push(Seg::Index(items.len()));
                dup = Some(p);
            }
            items.push(v);
        }
        Ok(Read(B::Arr(items), dup))
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut a: A) -> Result<Read<'de>, A::Error> {
        let mut members: Vec<(std::borrow::Cow<'de, str>, B<'de>)> = Vec::new();
        let mut dup = None;
        while let Some(Key(k)) = a.next_key()? {
            if self.skip
                && !self.names
                && (k == "example"
                    || k == "default" && !self.variables
                    || k == "value"
                    || k.starts_with("x-"))
            {
                let before = self.skipped.foreign_ref;
                a.next_value_seed(LeanSeed {
                    lean: &mut *self.skipped,
                    is_ref: false,
                })?;
                if self.skipped.foreign_ref && !before {
                    self.skipped.foreign_ref_skipped = true;
                }
                members.push((k, B::Null));
                continue;
            }
            let is_ref = k == "$ref";
            let names = !self.names && NAME_MAPS.contains(&&*k);
            let Read(v, d) = a.next_value_seed(ReadSeed {
                skipped: &mut *self.skipped,
                skip: self.skip,
                names,
                variables: if self.names {
                    self.variables
                } else {
                    k == "variables"
                },
            })?;
            if is_ref
                && let B::Str(r) = &v
                && !r.starts_with('#')
            {
                self.skipped.foreign_ref = true;
            }
            if dup.is_none()
                && let Some(mut p) = d
            {
                p.push(Seg::Key(k.to_string()));
                dup = Some(p);
            }
            members.push((k, v));
        }
        if dup.is_none() {
            dup = repeated(&members).map(|k| vec![Seg::Key(k.to_string())]);
        }
        Ok(Read(B::Obj(members), dup))
    }
}

/// The first key `members` repeats.
fn repeated<'m>(members: &'m [(std::borrow::Cow<'_, str>, B<'_>)]) -> Option<&'m str> {
    if members.len() <= 16 {
        return members
            .iter()
            .enumerate()
            .find(|(i, (k, _))| members[..*i].iter().any(|(q, _)| q == k))
            .map(|(_, (k, _))| &**k);
    }
    let mut keys: Vec<&str> = members.iter().map(|(k, _)| &**k).collect();
    keys.sort_unstable();
    keys.windows(2).find(|w| w[0] == w[1]).map(|w| w[0])
}

/// [`check`] on a JSON text, with the repeated-key rule of js-yaml 4:
/// `Err` with the path of a repeated key, `Ok` with the refusal if any;
/// `None` when serde cannot read the text. A 3.0 spec is read into a tree
/// for its schema; others (3.1, 3.2, AsyncAPI) are scanned for a repeated
/// key or a foreign `$ref` without one, and read into a tree only to say
/// where a fault is.
pub fn judge_json(text: &str) -> Option<Result<Option<Refusal>, Vec<Seg>>> {
    let mut version: Option<String> = None;
    crate::syntax::json_skim::find_top_level(text, |k, v| {
        if k == "openapi" {
            version = Some(v.trim().chars().take(8).collect());
            return true;
        }
        false
    });
    let plain = |v: &String| v.starts_with("\"3.1") || v.starts_with("\"3.2");
    if version.as_ref().is_none_or(plain) {
        let mut lean = Lean::default();
        let mut de = serde_json::Deserializer::from_str(text);
        serde::de::DeserializeSeed::deserialize(
            LeanSeed {
                lean: &mut lean,
                is_ref: false,
            },
            &mut de,
        )
        .ok()?;
        de.end().ok()?;
        if !lean.repeated && !lean.foreign_ref {
            return Some(Ok(None));
        }
    }
    let (read, foreign_refs) = read_json_seen(text)?;
    Some(read.map(|doc| check_with(&doc, foreign_refs)))
}

/// What a scan without a tree found.
#[derive(Default)]
struct Lean<'de> {
    /// The keys of the objects being read, innermost last.
    keys: Vec<std::borrow::Cow<'de, str>>,
    repeated: bool,
    foreign_ref: bool,
    /// A foreign `$ref` was in a part [`read_json`] skipped (not in its tree).
    foreign_ref_skipped: bool,
}

struct LeanSeed<'a, 'de> {
    lean: &'a mut Lean<'de>,
    /// The value of a `$ref` key.
    is_ref: bool,
}

impl<'de> serde::de::DeserializeSeed<'de> for LeanSeed<'_, 'de> {
    type Value = ();
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> serde::de::Visitor<'de> for LeanSeed<'_, 'de> {
    type Value = ();
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("JSON")
    }
    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }
    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }
    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }
    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }
    fn visit_str<E>(self, v: &str) -> Result<(), E> {
        if self.is_ref && !v.starts_with('#') {
            self.lean.foreign_ref = true;
        }
        Ok(())
    }
    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut a: A) -> Result<(), A::Error> {
        while a
            .next_element_seed(LeanSeed {
                lean: &mut *self.lean,
                is_ref: false,
            })?
            .is_some()
        {}
        Ok(())
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut a: A) -> Result<(), A::Error> {
        let start = self.lean.keys.len();
        while let Some(Key(k)) = a.next_key()? {
            let is_ref = k == "$ref";
            let own = &self.lean.keys[start..];
            if !self.lean.repeated && own.len() <= 32 && own.contains(&k) {
                self.lean.repeated = true;
            }
            self.lean.keys.push(k);
            a.next_value_seed(LeanSeed {
                lean: &mut *self.lean,
                is_ref,
            })?;
        }
        // Big objects (`paths`, `components.schemas`): sorted once.
        if !self.lean.repeated && self.lean.keys.len() - start > 32 {
            let mut own: Vec<&str> = self.lean.keys[start..].iter().map(|k| &**k).collect();
            own.sort_unstable();
            self.lean.repeated = own.windows(2).any(|w| w[0] == w[1]);
        }
        self.lean.keys.truncate(start);
        Ok(())
    }
}
