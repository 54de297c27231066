//! The endpoint index of an OpenAPI (3.x, and Swagger 2.0 paths) or AsyncAPI
//! document: operations, webhooks and channels with the byte ranges of their
//! keys, so references in navigation and front matter can be checked and
//! linked to the spec text.
//!
//! Lookups follow the platform: the path is matched exactly as written in the
//! spec (`paths[endpoint]`), so `/a/` is not `/a` and `/u/{id}` is not
//! `/u/{user_id}`; only the method is case-insensitive.
//!
//! Beside the index: `declares` (whether a file is a spec), `methods` (the
//! operation keys), `pruning` (what of a big spec the index reads),
//! `refused` (why the platform refuses a spec, placed in the file),
//! `suggest` (did-you-mean for a missing endpoint) and `acceptance` (the
//! platform's rules for a spec).

use crate::syntax::tree::{FileId, Node, Value};
use crate::syntax::{SyntaxError, json, json_skim, yaml};
use refused::{duplicate, place, refused, repeated_key, swagger};
use std::ops::Range;

pub mod acceptance;
mod declares;
mod methods;
mod pruning;
mod refused;
mod suggest;

pub use declares::declares_spec;
pub use methods::{METHODS, is_additional_method};
pub use pruning::index_keeps;
pub use refused::Refused;

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
    /// The name of the group its generated page goes in: the first tag's
    /// `x-group` in the spec's `tags`, else that tag.
    pub group: Option<String>,
    /// `x-mint: metadata`: what the generated page's front matter says.
    pub metadata: PageMetadata,
    /// The method key in the spec file.
    pub method_range: Range<usize>,
    /// Under `additionalOperations` (OpenAPI 3.2): named by its exact case.
    pub additional: bool,
    /// The path key in the spec file.
    pub path_range: Range<usize>,
    /// The operation's object in the spec file (what a diagnostic about
    /// it lies in).
    pub item_range: Range<usize>,
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
    /// `x-hidden`, `x-excluded`: as for an operation.
    pub hidden: bool,
    pub excluded: bool,
    /// As for an operation: the group of its generated page.
    pub tag: Option<String>,
    pub group: Option<String>,
    pub metadata: PageMetadata,
    /// The webhook's name key.
    pub range: Range<usize>,
}

/// The titles an operation's `x-mint: metadata` gives its generated page,
/// which override the ones the platform makes from the operation (only
/// strings are kept: the sidebar shows text).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PageMetadata {
    pub title: Option<String>,
    pub sidebar_title: Option<String>,
}

impl PageMetadata {
    fn of(op: &Node) -> PageMetadata {
        let meta = op.get("x-mint").and_then(|m| m.get("metadata"));
        let text = |k: &str| meta.and_then(|m| m.get(k)).and_then(text_of);
        PageMetadata {
            title: text("title"),
            sidebar_title: text("sidebarTitle"),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Channel {
    /// The channel id (the key under `channels`), which references use.
    pub name: String,
    pub address: Option<String>,
    pub title: Option<String>,
    pub summary: Option<String>,
    /// The name of its first tag: the group of its generated page.
    pub tag: Option<String>,
    /// The channel's key.
    pub range: Range<usize>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct SpecIndex {
    pub kind: SpecKind,
    pub title: Option<String>,
    pub operations: Vec<Operation>,
    pub webhooks: Vec<Webhook>,
    pub channels: Vec<Channel>,
    /// How many keys `paths` and `webhooks` hold (a path with no
    /// operation counts): the prebuild refuses to generate the pages of a
    /// spec with none ([`SpecIndex::generates_nothing`]).
    pub path_keys: usize,
    pub webhook_keys: usize,
    /// Parse errors, or one "not an OpenAPI or AsyncAPI document" error.
    pub errors: Vec<SyntaxError>,
    /// Why the platform leaves this spec out of its build although it
    /// reads here (see [`acceptance`]). Its endpoints get no API page.
    pub refused: Option<Refused>,
    /// Operation indices by path: a site checks thousands of endpoint
    /// entries against a spec of over a thousand operations.
    by_path: rustc_hash::FxHashMap<String, Vec<usize>>,
}

impl SpecIndex {
    /// Why the prebuild's page generation (`generateOpenApiPagesForDocsConfig`
    /// of @mintlify/scraping, which @mintlify/prebuild 1.0.1339 calls for an
    /// element whose `openapi` generates its pages) throws on this spec:
    /// its `openapi` is exactly `3.0.0` and it has no paths, or exactly
    /// `3.1.0` and it has neither paths nor webhooks. Other versions pass.
    pub fn generates_nothing(&self) -> Option<&'static str> {
        let SpecKind::OpenApi { version } = &self.kind else {
            return None;
        };
        match version.as_str() {
            "3.0.0" if self.path_keys == 0 => Some("No paths defined."),
            "3.1.0" if self.path_keys == 0 && self.webhook_keys == 0 => {
                Some("No paths or webhooks defined.")
            }
            _ => None,
        }
    }

    fn empty(errors: Vec<SyntaxError>) -> Self {
        SpecIndex {
            kind: SpecKind::Unknown,
            title: None,
            operations: Vec::new(),
            webhooks: Vec::new(),
            channels: Vec::new(),
            path_keys: 0,
            webhook_keys: 0,
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
                    .or_else(|| acceptance::check(root).map(|r| place(root, r)))
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
                let judged = s.spawn(|| acceptance::judge_json(text));
                let pruned = json_skim::parse_pruned(file, text, &index_keeps);
                (pruned, judged.join().ok().flatten())
            })
        } else {
            (
                json_skim::parse_pruned(file, text, &index_keeps),
                acceptance::judge_json(text),
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
        index.path_keys = root.get("paths").map_or(0, |p| p.props().len());
        index.webhook_keys = root.get("webhooks").map_or(0, |w| w.props().len());

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
                        tag: first_tag(op),
                        group: group_of(root, first_tag(op)),
                        metadata: PageMetadata::of(op),
                        method_range: method.key_range.clone(),
                        path_range: p.key_range.clone(),
                        item_range: op.range.clone(),
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
                        hidden: flag(op, "x-hidden"),
                        excluded: flag(op, "x-excluded"),
                        tag: first_tag(op),
                        group: group_of(root, first_tag(op)),
                        metadata: PageMetadata::of(op),
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
                    tag: ch
                        .get("tags")
                        .and_then(|t| t.items().first())
                        .map(|t| resolve(root, t))
                        .and_then(|t| t.get("name"))
                        .and_then(text_of),
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

fn first_tag(op: &Node) -> Option<String> {
    op.get("tags")
        .and_then(|t| t.items().first())
        .and_then(text_of)
}

/// A tag's display name as the platform's `getTagDisplayName` gives it:
/// the `x-group` of the first entry of the spec's `tags` with that name,
/// else the tag.
fn group_of(root: &Node, tag: Option<String>) -> Option<String> {
    let tag = tag?;
    let group = root
        .get("tags")
        .map(Node::items)
        .unwrap_or_default()
        .iter()
        .find(|t| t.get("name").and_then(Node::as_str) == Some(tag.as_str()))
        .and_then(|t| t.get("x-group"))
        .and_then(text_of);
    Some(group.unwrap_or(tag))
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
