//! Links inside pages: what a link's target means and whether the site has
//! it. Pure: the targets are built from a site snapshot and its config.
//!
//! A target resolves the way the platform serves it:
//! - `./x` and `../x` are joined to the folder of the file that holds the
//!   link (the platform's `remarkResolveRelativeLinks`);
//! - `/x` is from the docs root;
//! - a bare `x` is resolved by the browser against the page's URL (its
//!   folder), while the platform's checker reads it from the root: either
//!   is accepted;
//! - the path is percent-decoded; `?query` is ignored; a trailing `/` is
//!   dropped; an empty path is the page itself;
//! - a path names a file (`/images/a.png`, `/guide.mdx`), a page without its
//!   extension (`/guide`), a folder's `index` page, a folder (accepted, as
//!   the platform's checker does), a page generated from an OpenAPI spec,
//!   or the source of a `redirects` entry (`:param` and `*` wildcards);
//! - nothing else: the platform serves a page at its file path only. A
//!   language code or version label leading a link is not dropped
//!   (`/fr/guide` is a 404 unless `fr/guide.mdx` exists or a redirect's
//!   source matches it), as `mint broken-links` (npm `@mintlify/link-rot`)
//!   also reports.

use super::paths;
use super::site::{FileKind, Site, SourceFile};

// The parts of link resolution, where the rules have always found them.
pub use super::anchors::{Anchors, anchors_of};
pub use super::link_targets::{DocsJsonPart, FileTargets, Redirect, Resolved, Targets};
pub use super::link_text::{
    Internal, Style, Target, candidates, is_image_path, is_page_path, not_served, parse,
    prepare_filename,
};
pub use super::redirects::{normalize_route, substitute, wildcard_match};

/// The link targets of a site snapshot with its docs.json (`root`: the
/// resolved tree, if it reads).
pub fn targets_of(site: &Site, root: Option<&crate::syntax::tree::Node>) -> Targets {
    let mut t = Targets::new(file_targets_of(site));
    let Some(root) = root else {
        // docs.json does not read: its redirects and specs are unknown.
        t.add_remote_dir("");
        return t;
    };
    if let Some(redirects) = root.get("redirects") {
        for r in redirects.items() {
            if let (Some(s), Some(d)) = (
                r.get("source").and_then(|n| n.as_str()),
                r.get("destination").and_then(|n| n.as_str()),
            ) {
                t.add_redirect(s, d);
            }
        }
    }
    if let Some(nav) = root.get("navigation") {
        // Only the specs given by URL matter here: a walk of the tree, not
        // a second navigation index (which costs a docs.json keystroke
        // several milliseconds on a 25,000-page site).
        remote_dirs(nav, &mut t);
    }
    // A spec in `api` (`api.openapi`, `api.asyncapi`) is only a default:
    // it generates pages for the endpoint entries the navigation lists, and
    // none without them. Other URLs there (`api.mdx.server`, a legacy
    // `baseUrl`) name no spec at all. Where the pages of entries outside
    // any `openapi` element go is not told by the prebuild (it leaves them
    // to the renderer): any path may be one.
    if let Some(api) = root.get("api") {
        let dirs = api_remote_dirs(api);
        if !dirs.is_empty() && root.get("navigation").is_some_and(lists_endpoint) {
            dirs.into_iter().for_each(|d| t.add_remote_dir(d));
        }
    }
    t
}

/// The `directory` of each spec that docs.json's `api` gives by URL (`""`
/// where it names none). The navigation matters to the link targets only
/// when there is one (see [`targets_of`]).
pub fn api_remote_dirs(api: &crate::syntax::tree::Node) -> Vec<&str> {
    ["openapi", "asyncapi"]
        .into_iter()
        .filter_map(|key| {
            let v = api.get(key)?;
            let mut url = false;
            v.walk(|n| url |= n.as_str().is_some_and(paths::is_url));
            url.then(|| v.get("directory").and_then(|d| d.as_str()).unwrap_or(""))
        })
        .collect()
}

/// The site's files as link targets (kept on the site's shape).
pub fn file_targets_of(site: &Site) -> std::sync::Arc<FileTargets> {
    site.derived()
        .shape
        .link_files
        .get_or_init(|| std::sync::Arc::new(file_targets(site)))
        .clone()
}

/// Where the platform puts the pages it generates from a spec whose
/// `openapi` gives no `directory`.
pub const GENERATED_DIR: &str = "api-reference";

/// Whether a navigation lists an endpoint entry (`"GET /users"`,
/// `"webhook name"`) anywhere.
fn lists_endpoint(nav: &crate::syntax::tree::Node) -> bool {
    let mut found = false;
    nav.walk(|n| {
        found = found
            || n.as_str()
                .is_some_and(|s| crate::model::endpoint::parse_endpoint(s).is_some());
    });
    found
}

/// The folders where the specs an `openapi` under `navigation` gives by URL
/// generate their pages: its `directory`, else `api-reference` (what the
/// platform's prebuild does).
fn remote_dirs(node: &crate::syntax::tree::Node, t: &mut Targets) {
    use crate::syntax::tree::Value;
    match &node.value {
        Value::Object(members) => {
            for (key, value) in members.iter().map(|m| (m.key.as_str(), &m.value)) {
                if key == "openapi" {
                    for s in crate::model::nav::openapi_of(node) {
                        if paths::is_url(&s.value) {
                            t.add_remote_dir(s.directory.as_deref().unwrap_or(GENERATED_DIR));
                        }
                    }
                }
                remote_dirs(value, t);
            }
        }
        Value::Array(items) => items.iter().for_each(|i| remote_dirs(i, t)),
        _ => {}
    }
}

/// The pages and snippets of a site whose bodies the platform reads (text
/// files it publishes): what the body checks run over.
pub fn served_bodies(site: &Site) -> Vec<&std::sync::Arc<SourceFile>> {
    site.files().filter(|f| is_served_body(f)).collect()
}

/// Whether the platform reads and publishes this file's body (see
/// [`served_bodies`]).
pub fn is_served_body(f: &SourceFile) -> bool {
    use FileKind;
    matches!(f.kind, FileKind::Page | FileKind::Snippet) && f.text.is_ok() && !not_served(&f.path)
}

fn file_targets(site: &Site) -> FileTargets {
    let _t = crate::timing::span("link targets");
    let mut ft = FileTargets::default();
    for f in site.files() {
        if !not_served(&f.path) {
            ft.add_file(&f.path);
        }
    }
    for a in site.assets() {
        ft.add_file(a);
    }
    // With the specs overlaid so far (the analysis makes them before links are checked): pages of
    // endpoints overlays add are targets; those of removed ones are kept (never a false error).
    let own = site
        .spec_files()
        .into_iter()
        .map(|s| s.spec_index().clone());
    for ix in own.chain(site.derived().shape.overlays.applied()) {
        if ix.refused.is_some() {
            // Left out of the platform's build: it generates no page.
            continue;
        }
        for op in &ix.operations {
            if op.excluded {
                continue;
            }
            ft.add_generated(
                op.summary.as_deref(),
                &op.method,
                &op.path,
                op.tag.as_deref(),
                op.href.as_deref(),
            );
        }
        for w in &ix.webhooks {
            let name = w.summary.clone().unwrap_or_else(|| w.name.clone());
            ft.add_generated(Some(&name), "webhook", &w.name, None, None);
        }
    }
    ft
}

#[cfg(test)]
mod tests;
