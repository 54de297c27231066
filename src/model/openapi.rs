//! The endpoint index of an OpenAPI (3.x, and Swagger 2.0 paths) or AsyncAPI
//! document: operations, webhooks and channels with the byte ranges of their
//! keys, so references in navigation and front matter can be checked and
//! linked to the spec text.
//!
//! Lookups follow the platform: the path is matched exactly as written in the
//! spec (`paths[endpoint]`), so `/a/` is not `/a` and `/u/{id}` is not
//! `/u/{user_id}`; only the method is case-insensitive.

use crate::diagnostics::did_you_mean;
use crate::syntax::tree::{FileId, Node, Value};
use crate::syntax::{SyntaxError, json, json_skim, yaml};
use std::ops::Range;

pub mod validate;

/// Operation keys of an OpenAPI path item, lower-case as the spec requires
/// (`query` is OpenAPI 3.2's). Other methods sit under a path item's
/// `additionalOperations` (3.2), by their name as sent (`COPY`).
pub const METHODS: [&str; 9] = [
    "get", "post", "put", "patch", "delete", "head", "options", "trace", "query",
];

/// Whether `m` can name an operation of `additionalOperations`: an HTTP
/// method token in upper case that is not one of [`METHODS`] (the
/// platform: "additionalOperations methods must be uppercase, must not
/// duplicate a fixed method, and cannot be WEBHOOK"), and a reference
/// names it exactly so.
pub fn is_additional_method(m: &str) -> bool {
    m.len() >= 2
        && m.bytes()
            .all(|b| b.is_ascii_uppercase() || b == b'-' || b == b'_')
        && !METHODS.iter().any(|f| f.eq_ignore_ascii_case(m))
        && m != "WEBHOOK"
}

#[derive(Debug, Clone, PartialEq)]
pub enum SpecKind {
    OpenApi { version: String },
    AsyncApi { version: String },
    Unknown,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Operation {
    /// Upper-case, e.g. `GET`.
    pub method: String,
    pub path: String,
    pub summary: Option<String>,
    pub description: Option<String>,
    pub operation_id: Option<String>,
    pub deprecated: bool,
    /// `x-hidden: true`: the platform builds the page but leaves it out of the navigation.
    pub hidden: bool,
    /// `x-excluded: true`: the platform builds no page for it.
    pub excluded: bool,
    /// Path-level parameters merged with the operation's own (which win).
    pub parameters: Vec<Param>,
    /// `x-mint: href`: the URL of the page the platform generates for it.
    pub href: Option<String>,
    /// The first of `tags`: the folder of its generated page.
    pub tag: Option<String>,
    /// The method key in the spec file.
    pub method_range: Range<usize>,
    /// Under `additionalOperations` (OpenAPI 3.2): named by its exact case.
    pub additional: bool,
    /// The path key in the spec file.
    pub path_range: Range<usize>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Param {
    pub name: String,
    /// The `in` field: `path`, `query`, `header` or `cookie`.
    pub location: String,
    pub required: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Webhook {
    pub name: String,
    /// Upper-case.
    pub method: String,
    pub summary: Option<String>,
    pub operation_id: Option<String>,
    /// The webhook's name key.
    pub range: Range<usize>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Channel {
    /// The channel id (the key under `channels`), which references use.
    pub name: String,
    pub address: Option<String>,
    pub title: Option<String>,
    pub summary: Option<String>,
    /// The channel's key.
    pub range: Range<usize>,
}

/// Where and why the platform refuses a spec.
#[derive(Debug, Clone, PartialEq)]
pub struct Refused {
    /// In the spec file.
    pub range: Range<usize>,
    /// 1-based, for messages shown elsewhere.
    pub line: usize,
    pub message: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct SpecIndex {
    pub kind: SpecKind,
    pub title: Option<String>,
    pub operations: Vec<Operation>,
    pub webhooks: Vec<Webhook>,
    pub channels: Vec<Channel>,
    /// Parse errors, or one "not an OpenAPI or AsyncAPI document" error.
    pub errors: Vec<SyntaxError>,
    /// Why the platform leaves this spec out of its build although it
    /// reads here (see [`validate`]). Its endpoints get no API page.
    pub refused: Option<Refused>,
    /// Operation indices by path: a site checks thousands of endpoint
    /// entries against a spec of over a thousand operations.
    by_path: rustc_hash::FxHashMap<String, Vec<usize>>,
}

impl SpecIndex {
    fn empty(errors: Vec<SyntaxError>) -> Self {
        SpecIndex {
            kind: SpecKind::Unknown,
            title: None,
            operations: Vec::new(),
            webhooks: Vec::new(),
            channels: Vec::new(),
            errors,
            refused: None,
            by_path: Default::default(),
        }
    }

    /// Read and index a spec; `is_yaml` comes from the file extension.
    /// YAML is read as the platform's js-yaml 4 reads it.
    pub fn build(file: FileId, text: &str, is_yaml: bool) -> SpecIndex {
        if is_yaml {
            let parsed = yaml::parse_spec(file, text);
            let mut index = Self::with_errors(parsed.root.as_ref(), parsed.errors);
            if index.errors.is_empty()
                && let Some(root) = &parsed.root
            {
                index.refused = repeated_key(root)
                    .or_else(|| swagger(root))
                    .or_else(|| validate::check(root).map(|r| place(root, r)))
                    .map(|e| refused(text, e));
            }
            return index;
        }
        // Fast path: read with serde_json (strict JSON, no positions) and
        // judge as the platform does, while the levels the index reads are
        // built beside it. JSONC or broken files take the full reader,
        // which also gives the error positions.
        let (pruned, judged) = if text.len() > 1 << 20 {
            // On a thread of its own, not a rayon task: the other workers
            // are waiting for this index (a page's front matter names the
            // spec), so a task queued beside it would run after it.
            std::thread::scope(|s| {
                let judged = s.spawn(|| validate::judge_json(text));
                let pruned = json_skim::parse_pruned(file, text, &index_keeps);
                (pruned, judged.join().ok().flatten())
            })
        } else {
            (
                json_skim::parse_pruned(file, text, &index_keeps),
                validate::judge_json(text),
            )
        };
        if let (Some(root), Some(judged)) = (pruned, judged) {
            let mut index = Self::from_node(&root);
            index.refused = match judged {
                Err(dup) => Some(duplicate(file, text, &dup)),
                Ok(found) => swagger(&root).or_else(|| {
                    let r = found?;
                    let full = json::parse(file, text).root;
                    Some(place(full.as_deref().unwrap_or(&root), r))
                }),
            }
            .map(|e| refused(text, e));
            return index;
        }
        let parsed = json::parse(file, text);
        Self::with_errors(parsed.root.as_deref(), parsed.errors)
    }

    fn with_errors(root: Option<&Node>, mut errors: Vec<SyntaxError>) -> SpecIndex {
        match root {
            Some(root) => {
                let mut index = Self::from_node(root);
                errors.append(&mut index.errors);
                index.errors = errors;
                index
            }
            None => Self::empty(errors),
        }
    }

    /// Index a spec tree (a full tree, or one pruned by [`index_keeps`]).
    pub fn from_node(root: &Node) -> SpecIndex {
        let version = |key| root.get(key).and_then(scalar_text);
        let kind = if let Some(version) = version("openapi").or_else(|| version("swagger")) {
            SpecKind::OpenApi { version }
        } else if let Some(version) = version("asyncapi") {
            SpecKind::AsyncApi { version }
        } else {
            let at = root.range.start;
            let end = root.range.end.min(at + 1);
            return Self::empty(vec![SyntaxError {
                range: at..end,
                message:
                    "not an OpenAPI or AsyncAPI document: no top-level `openapi` or `asyncapi` key"
                        .to_string(),
            }]);
        };
        let mut index = Self::empty(Vec::new());
        index.kind = kind;
        index.title = root
            .get("info")
            .and_then(|i| i.get("title"))
            .and_then(text_of);

        if let Some(paths) = root.get("paths") {
            for p in paths.props() {
                let item = resolve(root, &p.value);
                let shared = params(root, item.get("parameters"), &[]);
                for (method, op) in operations(item) {
                    index
                        .by_path
                        .entry(p.key.to_string())
                        .or_default()
                        .push(index.operations.len());
                    index.operations.push(Operation {
                        method: method.key.to_ascii_uppercase().to_string(),
                        path: p.key.to_string(),
                        summary: op.get("summary").and_then(text_of),
                        description: op.get("description").and_then(text_of),
                        operation_id: op.get("operationId").and_then(text_of),
                        deprecated: flag(op, "deprecated"),
                        hidden: flag(op, "x-hidden"),
                        excluded: flag(op, "x-excluded"),
                        parameters: params(root, op.get("parameters"), &shared),
                        href: op
                            .get("x-mint")
                            .and_then(|m| m.get("href"))
                            .and_then(text_of),
                        tag: op
                            .get("tags")
                            .and_then(|t| t.items().first())
                            .and_then(text_of),
                        method_range: method.key_range.clone(),
                        path_range: p.key_range.clone(),
                        additional: !METHODS.contains(&method.key.as_str()),
                    });
                }
            }
        }
        if let Some(hooks) = root.get("webhooks") {
            for h in hooks.props() {
                for (method, op) in operations(resolve(root, &h.value)) {
                    index.webhooks.push(Webhook {
                        name: h.key.to_string(),
                        method: method.key.to_ascii_uppercase().to_string(),
                        summary: op.get("summary").and_then(text_of),
                        operation_id: op.get("operationId").and_then(text_of),
                        range: h.key_range.clone(),
                    });
                }
            }
        }
        if let (SpecKind::AsyncApi { .. }, Some(channels)) = (&index.kind, root.get("channels")) {
            for c in channels.props() {
                let ch = resolve(root, &c.value);
                index.channels.push(Channel {
                    name: c.key.to_string(),
                    address: ch.get("address").and_then(text_of),
                    title: ch.get("title").and_then(text_of),
                    summary: ch.get("summary").and_then(text_of),
                    range: c.key_range.clone(),
                });
            }
        }
        index
    }

    pub fn is_openapi(&self) -> bool {
        matches!(self.kind, SpecKind::OpenApi { .. })
    }

    /// The operation `method path`: method in any case, path exact.
    pub fn find(&self, method: &str, path: &str) -> Option<&Operation> {
        self.position(method, path).map(|i| &self.operations[i])
    }

    /// Index into `operations` of `method path` (method in any case).
    pub fn position(&self, method: &str, path: &str) -> Option<usize> {
        self.by_path.get(path)?.iter().copied().find(|&i| {
            let op = &self.operations[i];
            if op.additional {
                op.method == method
            } else {
                op.method.eq_ignore_ascii_case(method)
            }
        })
    }

    /// The first webhook called `name` (exact, as the platform looks it up).
    pub fn find_webhook(&self, name: &str) -> Option<&Webhook> {
        self.webhooks.iter().find(|w| w.name == name)
    }

    pub fn find_channel(&self, id: &str) -> Option<&Channel> {
        self.channels.iter().find(|c| c.name == id)
    }

    /// A did-you-mean for an operation that is not in the spec, as
    /// `"METHOD /path"`, most telling first: the same path under another
    /// method, a trailing-slash or path-parameter-name variant, a case
    /// variant, then the closest by string similarity.
    pub fn suggest(&self, method: &str, path: &str) -> Option<String> {
        let same_method = |o: &&Operation| o.method.eq_ignore_ascii_case(method);
        let shape = path_shape(path);
        let lower = path.to_ascii_lowercase();
        let tiers: [&dyn Fn(&Operation) -> bool; 4] = [
            &|o| o.path == path,
            &|o| path_shape(&o.path) == shape,
            &|o| o.path.to_ascii_lowercase() == lower,
            &|o| path_shape(&o.path.to_ascii_lowercase()) == path_shape(&lower),
        ];
        // Of the path's other methods, one of the same kind first: PUT for
        // PATCH is a likelier slip than GET for PATCH.
        let family = |m: &str| match m.to_ascii_uppercase().as_str() {
            "PUT" | "PATCH" | "POST" => 1,
            "GET" | "HEAD" | "OPTIONS" => 2,
            _ => 3,
        };
        let same_family = |o: &&Operation| family(&o.method) == family(method);
        for tier in tiers {
            let mut hits = self.operations.iter().filter(|o| tier(o));
            let first = hits
                .clone()
                .find(same_method)
                .or_else(|| hits.clone().find(same_family))
                .or_else(|| hits.next());
            if let Some(o) = first.filter(|o| !(o.path == path && same_method(o))) {
                return Some(format!("{} {}", o.method, o.path));
            }
        }
        let wanted = format!("{} {}", method.to_ascii_uppercase(), path);
        let all: Vec<String> = self
            .operations
            .iter()
            .map(|o| format!("{} {}", o.method, o.path))
            .collect();
        did_you_mean(&wanted, all.iter().map(String::as_str)).map(str::to_string)
    }

    pub fn suggest_webhook(&self, name: &str) -> Option<String> {
        let names = self.webhooks.iter().map(|w| w.name.as_str());
        names
            .clone()
            .find(|n| n.eq_ignore_ascii_case(name) && *n != name)
            .or_else(|| did_you_mean(name, names))
            .map(str::to_string)
    }

    pub fn suggest_channel(&self, id: &str) -> Option<String> {
        let names = self.channels.iter().map(|c| c.name.as_str());
        names
            .clone()
            .find(|n| n.eq_ignore_ascii_case(id) && *n != id)
            .or_else(|| did_you_mean(id, names))
            .map(str::to_string)
    }
}

fn refused(text: &str, e: SyntaxError) -> Refused {
    let at = e.range.start.min(text.len());
    Refused {
        line: 1 + memchr::memchr_iter(b'\n', &text.as_bytes()[..at]).count(),
        range: e.range,
        message: e.message,
    }
}

/// A Swagger 2.0 document: the platform's prebuild takes only files with a
/// top-level `openapi` key for specs, so a reference to this one finds none.
fn swagger(tree: &Node) -> Option<SyntaxError> {
    let p = tree
        .prop("swagger")
        .filter(|_| tree.get("openapi").is_none())?;
    Some(SyntaxError {
        range: p.key_range.clone(),
        message: "a Swagger 2.0 document: the platform reads only OpenAPI 3 specs (a top-level `openapi` key)".into(),
    })
}

/// A refusal placed in its file's `tree`.
fn place(tree: &Node, r: validate::Refusal) -> SyntaxError {
    let at = validate::show_path(&r.path);
    SyntaxError {
        range: locate(tree, &r.path, r.at_key),
        message: if at.is_empty() {
            r.message
        } else {
            format!("`{at}`: {}", r.message)
        },
    }
}

/// The first key an object of `tree` repeats (js-yaml 4: "duplicated
/// mapping key"), at its second occurrence.
fn repeated_key(tree: &Node) -> Option<SyntaxError> {
    let mut found = None;
    tree.walk(|n| {
        if found.is_some() {
            return;
        }
        let props = n.props();
        for (i, p) in props.iter().enumerate() {
            if p.key != "<<" && props[..i].iter().any(|q| q.key == p.key) {
                found = Some(SyntaxError {
                    range: p.key_range.clone(),
                    message: format!("`{}` is repeated in this object: js-yaml, which the platform reads specs with, refuses a duplicated key", p.key),
                });
                return;
            }
        }
    });
    found
}

/// [`repeated_key`] of a JSON text, its path known.
fn duplicate(file: FileId, text: &str, path: &[validate::Seg]) -> SyntaxError {
    let key = match path.last() {
        Some(validate::Seg::Key(k)) => k.as_str(),
        _ => "",
    };
    let range = json::parse(file, text)
        .root
        .as_deref()
        .map(|root| {
            let parent = locate_node(root, &path[..path.len().saturating_sub(1)]);
            parent
                .props()
                .iter()
                .filter(|p| p.key == key)
                .nth(1)
                .map_or(parent.range.clone(), |p| p.key_range.clone())
        })
        .unwrap_or(0..0);
    SyntaxError {
        range,
        message: format!(
            "`{key}` is repeated in this object: js-yaml, which the platform reads specs with, refuses a duplicated key"
        ),
    }
}

/// The node at `path` (as far as it goes).
fn locate_node<'a>(tree: &'a Node, path: &[validate::Seg]) -> &'a Node {
    let mut cur = tree;
    for s in path {
        let next = match s {
            validate::Seg::Key(k) => cur.get(k),
            validate::Seg::Index(i) => cur.items().get(*i),
        };
        match next {
            Some(n) => cur = n,
            None => break,
        }
    }
    cur
}

/// Where a refusal at `path` is shown: the value, or its key.
fn locate(tree: &Node, path: &[validate::Seg], at_key: bool) -> Range<usize> {
    if at_key && let Some(validate::Seg::Key(k)) = path.last() {
        let parent = locate_node(tree, &path[..path.len() - 1]);
        if let Some(p) = parent.prop(k) {
            return p.key_range.clone();
        }
    }
    let n = locate_node(tree, path);
    // A whole object or list: its first line is enough.
    if n.is_object() || n.is_array() {
        return n.range.start..n.range.start + 1;
    }
    n.range.clone()
}

/// A path with parameter names and a trailing slash erased, so
/// `/u/{id}/` and `/u/{user_id}` compare equal when looking for suggestions.
fn path_shape(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut in_param = false;
    for c in path.chars() {
        match c {
            '{' => {
                in_param = true;
                out.push('{');
            }
            '}' => {
                in_param = false;
                out.push('}');
            }
            _ if in_param => {}
            _ => out.push(c),
        }
    }
    while out.len() > 1 && out.ends_with('/') {
        out.pop();
    }
    out
}

/// The method members of a path item, in file order, then those of its
/// `additionalOperations` (OpenAPI 3.2; keys that are no method token are
/// refused by the platform and left out here).
fn operations(item: &Node) -> impl Iterator<Item = (&crate::syntax::tree::Prop, &Node)> {
    let fixed = item
        .props()
        .iter()
        .filter(|p| METHODS.contains(&p.key.as_str()) && p.value.is_object());
    let additional = item
        .get("additionalOperations")
        .map(Node::props)
        .unwrap_or_default()
        .iter()
        .filter(|p| is_additional_method(&p.key) && p.value.is_object());
    fixed.chain(additional).map(|p| (p, &p.value))
}

fn text_of(n: &Node) -> Option<String> {
    n.as_str().map(str::to_string)
}

/// A version written as a string, or as a YAML number (`openapi: 3.1`).
fn scalar_text(n: &Node) -> Option<String> {
    match &n.value {
        Value::String(s) => Some(s.to_string()),
        Value::Number(x) => Some(format!("{x:?}")),
        _ => None,
    }
}

fn flag(n: &Node, key: &str) -> bool {
    n.get(key).and_then(Node::as_bool).unwrap_or(false)
}

/// Follow local `$ref`s (`#/components/...`) from `node`, a few hops at most
/// (a cycle stops there); external or broken refs leave the node as it is.
fn resolve<'a>(root: &'a Node, node: &'a Node) -> &'a Node {
    let mut cur = node;
    for _ in 0..8 {
        match cur
            .get("$ref")
            .and_then(Node::as_str)
            .and_then(|r| pointer(root, r))
        {
            Some(next) => cur = next,
            None => break,
        }
    }
    cur
}

/// A local JSON pointer `#/a/b~1c` in `root`.
fn pointer<'a>(root: &'a Node, reference: &str) -> Option<&'a Node> {
    let rest = reference.strip_prefix('#')?;
    let mut cur = root;
    for seg in rest.split('/').skip(1) {
        let seg = seg.replace("~1", "/").replace("~0", "~");
        cur = match &cur.value {
            Value::Object(_) => cur.get(&seg)?,
            Value::Array(items) => items.get(seg.parse::<usize>().ok()?)?,
            _ => return None,
        };
    }
    Some(cur)
}

/// Parameters of `list` (resolving `$ref`s) over `base`; an entry with the
/// same name and location replaces the base one, as OpenAPI specifies.
fn params(root: &Node, list: Option<&Node>, base: &[Param]) -> Vec<Param> {
    let mut out = base.to_vec();
    for item in list.map(Node::items).unwrap_or_default() {
        let p = resolve(root, item);
        let (Some(name), Some(location)) = (
            p.get("name").and_then(text_of),
            p.get("in").and_then(text_of),
        ) else {
            continue;
        };
        let param = Param {
            required: flag(p, "required") || location == "path",
            name,
            location,
        };
        match out
            .iter_mut()
            .find(|q| q.name == param.name && q.location == param.location)
        {
            Some(q) => *q = param,
            None => out.push(param),
        }
    }
    out
}

/// Whether a JSON or YAML text is an OpenAPI, Swagger or AsyncAPI document:
/// it has a top-level `openapi`, `swagger` or `asyncapi` key holding a
/// version (`3.1.0`, `2.0`), wherever that key sits (translation tools and
/// generators often sort keys: `components` first, `openapi` after 100 KB).
/// A `$ref` file of docs.json holding `"openapi": "spec.json"` is not one.
/// JSON is scanned without building values; YAML by its unindented lines.
/// A JSON text that does not read falls back to its first 4 KB naming a key.
pub fn declares_spec(text: &str, is_yaml: bool) -> bool {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let is_version = |v: &str| {
        let v = v.trim().trim_matches(|c| c == '"' || c == '\'');
        v.as_bytes().first().is_some_and(u8::is_ascii_digit)
    };
    let key_wanted = |k: &str| matches!(k, "openapi" | "swagger" | "asyncapi");
    if !is_yaml || text.trim_start().starts_with('{') {
        return match json_skim::find_top_level(text, |k, v| key_wanted(k) && is_version(v)) {
            Some(found) => found,
            None => {
                let mut end = text.len().min(4096);
                while !text.is_char_boundary(end) {
                    end -= 1;
                }
                let head = &text[..end];
                ["\"openapi\"", "\"asyncapi\"", "\"swagger\""]
                    .iter()
                    .any(|k| head.contains(k))
            }
        };
    }
    text.lines().any(|line| {
        let (key, rest) = match line.as_bytes().first() {
            Some(q @ (b'"' | b'\'')) => {
                let q = *q as char;
                let Some(end) = line[1..].find(q) else {
                    return false;
                };
                (&line[1..1 + end], &line[2 + end..])
            }
            Some(c) if c.is_ascii_alphabetic() => match line.find(':') {
                Some(i) => (&line[..i], &line[i..]),
                None => return false,
            },
            _ => return false,
        };
        let Some(value) = rest.trim_start().strip_prefix(':') else {
            return false;
        };
        let value = value.split(" #").next().unwrap_or(value);
        key_wanted(key.trim_end())
            && (value.is_empty() || value.starts_with([' ', '\t']))
            && is_version(value)
    })
}

/// Which members the index reads, for [`json_skim::parse_pruned`]: every
/// other member is skipped unparsed (schemas, responses, examples are ~95% of
/// a big spec).
pub fn index_keeps(p: &[&str]) -> bool {
    match p {
        [k] => matches!(
            *k,
            "openapi"
                | "swagger"
                | "asyncapi"
                | "info"
                | "paths"
                | "webhooks"
                | "channels"
                | "components"
        ),
        ["info", k] => *k == "title",
        ["paths" | "webhooks", _, rest @ ..] => path_item_keeps(rest),
        ["components", "pathItems"] => true,
        ["components", "pathItems", _, rest @ ..] => path_item_keeps(rest),
        ["components", "parameters"] | ["components", "parameters", _] => true,
        ["components", "parameters", _, k] => param_keeps(k),
        ["channels", _] => true,
        ["channels", _, k] => matches!(*k, "address" | "title" | "summary" | "$ref"),
        _ => false,
    }
}

fn path_item_keeps(rest: &[&str]) -> bool {
    match rest {
        [] | ["parameters"] | ["$ref"] | ["additionalOperations"] => true,
        ["parameters", k] => param_keeps(k),
        ["additionalOperations", _] => true,
        // An operation there keeps what a fixed one does.
        ["additionalOperations", _, rest @ ..] => {
            let mut as_fixed = vec!["get"];
            as_fixed.extend_from_slice(rest);
            path_item_keeps(&as_fixed)
        }
        [m] => METHODS.contains(m),
        [_, k] => matches!(
            *k,
            "summary"
                | "description"
                | "operationId"
                | "deprecated"
                | "parameters"
                | "x-hidden"
                | "x-excluded"
                | "x-mint"
                | "tags"
        ),
        [_, "parameters", k] => param_keeps(k),
        [_, "x-mint", k] => *k == "href",
        [_, "tags", _] => true,
        _ => false,
    }
}

fn param_keeps(k: &str) -> bool {
    matches!(k, "name" | "in" | "required" | "$ref")
}

#[cfg(test)]
mod tests {
    use super::declares_spec;

    #[test]
    fn a_spec_is_known_by_its_top_level_version_key_in_any_order() {
        let pad = format!("\"{}\"", "x".repeat(8192));
        let sorted = format!(r#"{{"components": {pad}, "openapi": "3.1.0"}}"#);
        let cases: [(&str, bool, bool); 12] = [
            (r#"{"openapi": "3.0.3", "paths": {}}"#, false, true),
            (&sorted, false, true),
            (r#"{"swagger": "2.0"}"#, false, true),
            (r#"{"asyncapi": "3.0.0"}"#, false, true),
            // A `$ref` file of docs.json naming a spec, a nested key.
            (
                r#"{"group": "API", "openapi": "api/spec.json"}"#,
                false,
                false,
            ),
            (r#"{"notes": {"openapi": "3.0.0"}}"#, false, false),
            (
                "components: {}\ninfo:\n  title: x\nopenapi: 3.1.0\n",
                true,
                true,
            ),
            ("\"openapi\": '3.0.0' # sorted\n", true, true),
            ("swagger: \"2.0\"\n", true, true),
            ("notes:\n  openapi: 3.0.0\n", true, false),
            ("group: API\nopenapi: api/spec.yaml\n", true, false),
            // JSON in a .yaml file.
            ("{\"info\": {}, \"openapi\": \"3.0.0\"}", true, true),
        ];
        for (text, yaml, want) in cases {
            assert_eq!(declares_spec(text, yaml), want, "{text:.80}");
        }
    }
}
