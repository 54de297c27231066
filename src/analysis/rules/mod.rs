//! All diagnostics of a site, by rule family.

mod broken_links;
mod components;
mod duplicates;
mod inside_dropped;
pub(crate) mod link_part;
mod link_writing;
mod navigation;
pub(crate) mod navigation_pass;
mod pages;
mod redirects;
mod references;
mod references_kept;
mod snippets;
mod syntax;

pub use link_writing::{relative_path, write_like};
pub use references::Listing;

/// Rules' answers for the whole site, in [`super::memos::Memos::site`].
const PAGES: usize = 0;
const SYNTAX: usize = 1;
const LINKS: usize = 2;
/// docs.json's values per-file rules read, in [`super::memos::Memos::docs_json_parts`].
const LINK_PART: u8 = 0;
const OVERLAYS_PART: u8 = 1;

pub(crate) mod specs;

use super::memos::Memos;
use super::nav_tree::NavTree;
use super::reads::Revisions;
use crate::diagnostics::Diagnostic;
use crate::model::config::Config;
use crate::model::paths;
use crate::schema::{self, ValidateOptions};
use std::sync::Arc;

/// Every diagnostic of the site into `out`; returns which pages the
/// navigation lists, and docs.json's navigation index (none when docs.json
/// does not parse).
pub fn collect(
    memos: &Memos,
    revisions: &Revisions,
    config: &Config,
    out: &mut Vec<Diagnostic>,
) -> (Listing, Option<Arc<NavTree>>) {
    let site = revisions.site;
    {
        let _t = crate::timing::span("pages");
        pages::check(site, memos, &config.overlays, out);
    }
    {
        let _t = crate::timing::span("links");
        broken_links::check(site, memos, config.root.as_deref(), out);
    }
    {
        let _t = crate::timing::span("mdx syntax");
        syntax::check(site, memos, out);
    }
    specs::check_spec_files(site, &config.overlays, out);
    let unlisted = || Listing {
        listed: Default::default(),
        unlisted: site.pages_unsorted().map(|f| f.id).collect(),
    };
    let Some(root) = &config.root else {
        // docs.json does not parse: what specs it gives is unknown.
        out.retain(|d| !pages::may_be_in_a_remote_spec(site, d));
        return (unlisted(), None);
    };
    {
        let _t = crate::timing::span("schema");
        schema::validate(root, schema::docs(), &ValidateOptions::docs_json(), out);
    }
    let nav = navigation_pass::outcome(
        revisions,
        &memos.navigation,
        &memos.schema_subtrees,
        &memos.suggestions,
        &memos.reused,
        config,
        root,
    );
    out.extend(nav.found.iter().cloned());
    let (listing, remote_in_navigation) = (nav.listing.clone(), nav.remote);
    // Pages are checked against the site's local specs only (and without
    // docs.json, so that their results survive docs.json keystrokes). An
    // endpoint that names no spec may be in a spec docs.json gives by URL,
    // which is not fetched (or in one docs.json gives where it cannot be
    // read now): it cannot be called missing.
    if remote_in_navigation
        || specs::api_sources(root)
            .iter()
            .any(|s| paths::is_url(&s.value))
    {
        out.retain(|d| !pages::may_be_in_a_remote_spec(site, d));
    }
    (listing, Some(nav.tree.clone()))
}
