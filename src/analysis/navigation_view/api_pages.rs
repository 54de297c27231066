//! The API pages the platform's prebuild makes from specs, as the sidebar
//! shows them: their titles (`processOpenApiPath`, `processOpenApiWebhook`
//! and `processAsyncApiChannel` of @mintlify/scraping, with
//! `prepareStringToBeValidFilename`, `generateUniqueFilenameWithoutExtension`
//! and `slugToTitle` of @mintlify/common) and the groups an element's
//! `openapi` or `asyncapi` generates. Checked against the prebuild by
//! `.ci/sidebar-diff` (tools/nav-order/sidebar-diff.mjs).

use super::nav_node::{NavNode, NodeKind, Origin};
use crate::model::nav::slug_to_title;
use crate::model::openapi::{Channel, Operation, PageMetadata, SpecIndex, Webhook};
use rustc_hash::FxHashSet;

/// Where the prebuild writes pages when the `openapi`/`asyncapi` names no
/// `directory` (`DEFAULT_OUTPUT_DIR`).
const DEFAULT_DIRECTORY: &str = "api-reference";
/// The group of untagged operations (`DEFAULT_API_GROUP_NAME`).
const DEFAULT_API_GROUP: &str = "API Reference";
/// The group of untagged channels (`DEFAULT_WEBSOCKETS_GROUP_NAME`).
const DEFAULT_WEBSOCKETS_GROUP: &str = "Websockets";
/// The order the prebuild visits a path item's methods in
/// (`Object.values(OpenAPIV3.HttpMethods)`), not the order written; other
/// methods (`query`, `additionalOperations`) get no generated page.
const METHOD_ORDER: [&str; 8] = [
    "GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE",
];

/// The generated groups, in the order the prebuild makes them (a group
/// when its first page comes, also for a page it leaves out of the
/// sidebar), each with the file names given in it so far (a set: a spec of
/// a thousand operations in one tag would compare each name with all).
#[derive(Default)]
struct Groups {
    nodes: Vec<NavNode>,
    slugs: Vec<FxHashSet<String>>,
}

impl Groups {
    fn group(&mut self, name: &str, origin: &Option<Origin>) -> usize {
        if let Some(g) = self.nodes.iter().position(|g| g.label == name) {
            return g;
        }
        let mut g = NavNode::new(NodeKind::Group, name.to_string());
        g.generated = true;
        g.source = origin.clone();
        self.nodes.push(g);
        self.slugs.push(FxHashSet::default());
        self.nodes.len() - 1
    }
}

/// The groups an element's `openapi` (the spec `ix` of file `spec`)
/// generates when no endpoint under it is listed by hand: one per
/// operation's group (its first tag's `x-group`, else the tag, else "API
/// Reference"), operations by path and then method, webhooks after them;
/// `x-excluded` ones make no page and `x-hidden` ones a page the sidebar
/// leaves out.
pub fn openapi_groups(
    ix: &SpecIndex,
    spec: &str,
    directory: Option<&str>,
    origin: Option<Origin>,
) -> Vec<NavNode> {
    let mut groups = Groups::default();
    let out_dir = directory.unwrap_or(DEFAULT_DIRECTORY);
    // By path in the order written, each path's methods in the prebuild's
    // order.
    let mut paths: Vec<Vec<&Operation>> = Vec::new();
    let mut seen = rustc_hash::FxHashMap::default();
    for op in ix
        .operations
        .iter()
        .filter(|op| !op.additional && !op.excluded)
    {
        let at = *seen.entry(op.path.as_str()).or_insert_with(|| {
            paths.push(Vec::new());
            paths.len() - 1
        });
        paths[at].push(op);
    }
    let method_order = |op: &&Operation| METHOD_ORDER.iter().position(|m| *m == op.method);
    for ops in &mut paths {
        ops.retain(|op| method_order(op).is_some());
        ops.sort_by_key(method_order);
    }
    // The pages' names matter only to a label that reads one (each is
    // made unique among its group's): a spec whose operations all have a
    // summary and no href, and no webhooks, needs none (a thousand
    // operations' names were most of a request's time).
    let names = ix.webhooks.iter().any(|w| !w.excluded)
        || paths.iter().flatten().any(|op| label_reads_slug(op));
    for op in paths.into_iter().flatten() {
        let g = groups.group(op.group.as_deref().unwrap_or(DEFAULT_API_GROUP), &origin);
        let slug = match names {
            true => unique(&groups.slugs[g], &operation_base(op, out_dir)),
            false => String::new(),
        };
        if op.hidden {
            continue;
        }
        let mut page = NavNode::new(NodeKind::Endpoint, operation_label(op, &slug));
        page.method = Some(op.method.clone());
        page.api_path = Some(op.path.clone());
        page.spec = Some(spec.to_string());
        page.generated = true;
        page.source = origin.clone();
        if names {
            groups.slugs[g].insert(slug);
        }
        groups.nodes[g].children.push(page);
    }
    for w in ix.webhooks.iter().filter(|w| !w.excluded) {
        let g = groups.group(w.group.as_deref().unwrap_or(DEFAULT_API_GROUP), &origin);
        let slug = unique(&groups.slugs[g], &webhook_base(w, out_dir));
        if w.hidden {
            continue;
        }
        let mut page = NavNode::new(NodeKind::Endpoint, webhook_label(w, &slug));
        page.method = Some("WEBHOOK".to_string());
        page.api_path = Some(w.name.clone());
        page.spec = Some(spec.to_string());
        page.generated = true;
        page.source = origin.clone();
        groups.slugs[g].insert(slug);
        groups.nodes[g].children.push(page);
    }
    groups.nodes
}

/// The groups an element's `asyncapi` spec generates: one per channel's
/// first tag ("Websockets" for untagged ones), a page per channel titled
/// by its `title`, else its id in sentence case.
pub fn asyncapi_groups(
    ix: &SpecIndex,
    spec: &str,
    directory: Option<&str>,
    origin: Option<Origin>,
) -> Vec<NavNode> {
    let mut groups = Groups::default();
    let out_dir = directory.unwrap_or(DEFAULT_DIRECTORY);
    for c in &ix.channels {
        let group = c.tag.as_deref().unwrap_or(DEFAULT_WEBSOCKETS_GROUP);
        let g = groups.group(group, &origin);
        let title = c.title.as_deref().unwrap_or(&c.name);
        let base = join(&[
            out_dir,
            &valid_filename(Some(group)).unwrap_or_default(),
            &valid_filename(Some(title)).unwrap_or_default(),
        ]);
        let slug = unique(&groups.slugs[g], &base);
        groups.slugs[g].insert(slug);
        let mut page = NavNode::new(NodeKind::Channel, channel_title(c));
        page.api_path = Some(c.name.clone());
        page.spec = Some(spec.to_string());
        page.generated = true;
        page.source = origin.clone();
        groups.nodes[g].children.push(page);
    }
    groups.nodes
}

fn channel_title(c: &Channel) -> String {
    match &c.title {
        Some(t) if *t != c.name => t.clone(),
        _ => camel_to_sentence_case(&c.name),
    }
}

/// `camelToSentenceCase` of @mintlify/common: split before each capital,
/// lower case, the first word capitalised, joined by spaces.
fn camel_to_sentence_case(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 4);
    for (i, ch) in s.chars().enumerate() {
        if ch.is_ascii_uppercase() && i > 0 {
            out.push(' ');
        }
        if i == 0 {
            out.extend(ch.to_uppercase());
        } else {
            out.extend(ch.to_lowercase());
        }
    }
    out
}

/// The sidebar label of an operation's page, `slug` its file name: the
/// page's `sidebarTitle`, else its `title`. The title is the summary (an
/// empty one too), else the title of the file name; with an `x-mint` href
/// and a summary, the sidebar title is the href's file name's title; the
/// `x-mint` metadata's titles win over both.
pub fn operation_label(op: &Operation, slug: &str) -> String {
    let sidebar = match (&op.href, &op.summary) {
        (Some(_), Some(s)) if !s.is_empty() => Some(slug_to_title(slug)),
        _ => None,
    };
    let title = || op.summary.clone().unwrap_or_else(|| slug_to_title(slug));
    label(&op.metadata, sidebar, title)
}

/// Whether an operation's label reads its file name (no summary, or an
/// `x-mint` href): only then must the names of a spec's pages be made.
fn label_reads_slug(op: &Operation) -> bool {
    op.summary.is_none() || op.href.is_some()
}

/// A webhook page's label: the title of its file name (from its summary,
/// else its name), unless `x-mint` metadata gives one.
pub fn webhook_label(w: &Webhook, slug: &str) -> String {
    label(&w.metadata, None, || slug_to_title(slug))
}

fn label(meta: &PageMetadata, sidebar: Option<String>, title: impl FnOnce() -> String) -> String {
    meta.sidebar_title
        .clone()
        .or(sidebar)
        .or_else(|| meta.title.clone())
        .unwrap_or_else(title)
}

/// The file name (no extension) of an operation's page where nothing else
/// is generated beside it: a listed `METHOD /path` entry.
pub fn operation_slug(op: &Operation) -> String {
    operation_base(op, DEFAULT_DIRECTORY).to_lowercase()
}

pub fn webhook_slug(w: &Webhook) -> String {
    webhook_base(w, DEFAULT_DIRECTORY).to_lowercase()
}

/// The file name an operation's page would get before it is made unique:
/// its `x-mint` href, else `{directory}/{tag}/{summary or method-path}`.
fn operation_base(op: &Operation, out_dir: &str) -> String {
    if let Some(href) = &op.href {
        return href_base(href);
    }
    let title = valid_filename(op.summary.as_deref()).unwrap_or_else(|| {
        format!(
            "{}-{}",
            op.method.to_ascii_lowercase(),
            valid_filename(Some(&op.path)).unwrap_or_else(|| "undefined".into())
        )
    });
    let folder = valid_filename(op.tag.as_deref()).unwrap_or_default();
    join(&[out_dir, &folder, &title])
}

fn webhook_base(w: &Webhook, out_dir: &str) -> String {
    let title = valid_filename(w.summary.as_deref())
        .or_else(|| valid_filename(Some(&w.name)))
        .unwrap_or_else(|| "undefined".into());
    let folder = valid_filename(w.tag.as_deref()).unwrap_or_default();
    join(&[out_dir, &folder, &title])
}

/// An `x-mint` href as a page's file name: its folder and its name without
/// extension (`posix.parse`).
fn href_base(href: &str) -> String {
    let slug = href.trim_start_matches('/');
    let (dir, file) = slug.rsplit_once('/').unwrap_or(("", slug));
    let name = match file.rfind('.') {
        Some(dot) if dot > 0 => &file[..dot],
        _ => file,
    };
    join(&[dir, name])
}

/// `generateUniqueFilenameWithoutExtension`: `base`, else `base-1`,
/// `base-2`, ... until one is not in `taken`; lower case.
fn unique(taken: &FxHashSet<String>, base: &str) -> String {
    let mut name = base.to_string();
    let mut n = 0;
    while taken.contains(&name) {
        n += 1;
        name = format!("{base}-{n}");
    }
    name.to_lowercase()
}

/// `posix.join` of the non-empty parts.
fn join(parts: &[&str]) -> String {
    let mut out: Vec<&str> = Vec::new();
    for seg in parts.iter().flat_map(|p| p.split('/')) {
        match seg {
            "" | "." => {}
            ".." => {
                out.pop();
            }
            s => out.push(s),
        }
    }
    out.join("/")
}

/// `prepareStringToBeValidFilename` of @mintlify/common: nothing for no or
/// an empty text; else spaces to dashes, each path parameter to a dash,
/// one leading and one trailing dash dropped, `{}(),.'` newlines and
/// slashes removed, double dashes halved, lower case.
pub fn valid_filename(s: Option<&str>) -> Option<String> {
    let s = s.filter(|s| !s.is_empty())?;
    let s = s.replace(' ', "-");
    let mut out = String::with_capacity(s.len());
    let mut rest = s.as_str();
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        out.push_str(&rest[..open]);
        out.push('-');
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    let out = out.strip_prefix('-').unwrap_or(&out);
    let out = out.strip_suffix('-').unwrap_or(out);
    let out: String = out
        .chars()
        .filter(|c| !matches!(c, '{' | '}' | '(' | ')' | ',' | '.' | '\'' | '\n' | '/'))
        .collect();
    Some(out.replace("--", "-").to_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_as_the_prebuild_writes_them() {
        let f = |s| valid_filename(Some(s)).unwrap();
        assert_eq!(f("/users/{id}"), "users");
        assert_eq!(f("/users/{id}/pets"), "users-pets");
        assert_eq!(f("Create a user"), "create-a-user");
        assert_eq!(valid_filename(Some("")), None);
    }

    #[test]
    fn repeated_names_are_numbered() {
        let taken: FxHashSet<String> = ["a/b".to_string(), "a/b-1".to_string()]
            .into_iter()
            .collect();
        assert_eq!(unique(&taken, "a/b"), "a/b-2");
        assert_eq!(unique(&taken, "a/C"), "a/c");
    }

    #[test]
    fn ids_in_sentence_case() {
        assert_eq!(
            camel_to_sentence_case("chatRoomUpdates"),
            "Chat room updates"
        );
        assert_eq!(camel_to_sentence_case("orders"), "Orders");
    }

    #[test]
    fn href_names() {
        assert_eq!(href_base("/custom/page.v2"), "custom/page");
        assert_eq!(href_base("top"), "top");
    }
}
