//! All diagnostics of a site, by rule family.

mod broken_links;
mod components;
mod duplicates;
mod link_writing;
mod navigation;
mod pages;
mod redirects;
mod references;
mod references_kept;
mod snippets;
mod syntax;

pub use duplicates::DUPLICATES_REUSED;
pub use link_writing::{relative_path, write_like};
pub use references::{KEPT as REFERENCES_KEPT, Listing};

/// Rules' answers for the whole site, in [`crate::model::site::Memos::site`].
const PAGES: usize = 0;
const SYNTAX: usize = 1;
const LINKS: usize = 2;
/// docs.json's values per-file rules read, in [`crate::model::site::Memos::docs_json_parts`].
const LINK_PART: u8 = 0;
const OVERLAYS_PART: u8 = 1;

/// How many navigation subtrees the schema check took from the check
/// before (tests tell by it that reuse happens).
pub static SCHEMA_REUSED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
pub(crate) mod specs;

use crate::diagnostics::Diagnostic;
use crate::model::config::Config;
use crate::model::site::Site;
use crate::model::{nav, paths};
use crate::schema::{self, ValidateOptions};

/// Every diagnostic of the site into `out`; returns which pages the
/// navigation lists.
pub fn collect(site: &Site, config: &Config, out: &mut Vec<Diagnostic>) -> Listing {
    {
        let _t = crate::timing::span("pages");
        pages::check(site, &config.overlays, out);
    }
    {
        let _t = crate::timing::span("links");
        broken_links::check(site, config.root.as_deref(), out);
    }
    {
        let _t = crate::timing::span("mdx syntax");
        syntax::check(site, out);
    }
    specs::check_spec_files(site, &config.overlays, out);
    let unlisted = || Listing {
        listed: Default::default(),
        unlisted: site.pages_unsorted().map(|f| f.id).collect(),
    };
    let Some(root) = &config.root else {
        // docs.json does not parse: what specs it gives is unknown.
        out.retain(|d| !pages::may_be_in_a_remote_spec(site, d));
        return unlisted();
    };
    {
        let _t = crate::timing::span("schema");
        schema::validate(root, schema::docs(), &ValidateOptions::docs_json(), out);
    }
    let nav = navigation_memo(site, config, root);
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
    listing
}

/// The navigation tree against the schema of its elements, reusing what
/// the check before a keystroke found in the subtrees it did not touch.
fn navigation_schema(
    navigation: &crate::syntax::tree::Node,
    earlier: Option<(&schema::Memo, crate::syntax::reparse::TextDiff)>,
) -> (Vec<Diagnostic>, schema::Memo) {
    let mut found = Vec::new();
    let mut memo = schema::Memo::default();
    if let Some(nav_schema) = schema::nav_element("navigation") {
        let opts = ValidateOptions {
            skip_keys_at_root: &[],
            ..ValidateOptions::docs_json()
        };
        memo = schema::validate_reusing(navigation, nav_schema, &opts, earlier, &mut found);
        SCHEMA_REUSED.fetch_add(memo.reused(), std::sync::atomic::Ordering::Relaxed);
        // Labels are the navigation rules' business: their messages
        // say which element needs which label, and what the platform
        // drops when it falls back (a `dropped-value` here).
        found.retain(|d| {
            !((d.code == "missing-key"
                || d.code == "dropped-value" && d.message.starts_with("missing required key"))
                && is_label_message(&d.message)
                || (d.code == "invalid-enum"
                    || d.code == "dropped-value" && d.message.starts_with("invalid value"))
                    && d.message.contains(".language`"))
        });
    }
    (found, memo)
}

fn is_label_message(m: &str) -> bool {
    [
        "group", "tab", "anchor", "dropdown", "product", "version", "language", "item",
    ]
    .iter()
    .any(|k| m.contains(&format!("`{k}`")))
}

/// What the navigation rules found in one docs.json tree, with the pages
/// as they are: kept on the site's shape while the user types in a page.
struct NavigationOutcome {
    root: std::sync::Arc<crate::syntax::tree::Node>,
    complete: bool,
    found: Vec<Diagnostic>,
    listing: Listing,
    remote: bool,
    /// Each entry's resolution, for the next keystroke's pass.
    resolved: references_kept::Resolved,
    /// The schema check's results by subtree, for the next keystroke's.
    schema: schema::Memo,
    /// The listed overlays the entries were resolved under: entries are
    /// kept from the previous pass only while they are the same.
    overlays: u64,
}

/// The navigation rules' outcome for this docs.json tree, computed once per
/// tree and page set.
fn navigation_memo(
    site: &Site,
    config: &Config,
    root: &std::sync::Arc<crate::syntax::tree::Node>,
) -> std::sync::Arc<NavigationOutcome> {
    // With a part of docs.json unreadable (a broken `$ref`), "no navigation
    // lists this page" would be said of every page that part lists.
    let complete = !config
        .diagnostics
        .iter()
        .any(|d| d.severity == crate::diagnostics::Severity::Error || d.code == "file-unreadable");
    let memo = &site.derived().shape.navigation;
    let previous = crate::model::site::lock(memo)
        .clone()
        .and_then(|m| m.downcast::<NavigationOutcome>().ok());
    if let Some(hit) = &previous
        && std::sync::Arc::ptr_eq(&hit.root, root)
        && hit.complete == complete
    {
        return hit.clone();
    }
    // This tree made from the previous one by a keystroke in one string
    // (docs.json without `$ref`s: its parse is the resolved tree).
    let earlier = site.docs_json.and_then(|id| {
        let parsed = site.file(id)?.json();
        let edit = parsed.edit.as_ref()?;
        let previous = previous
            .as_ref()
            .filter(|p| p.overlays == config.overlays.key)?;
        (parsed
            .root
            .as_ref()
            .is_some_and(|r| std::sync::Arc::ptr_eq(r, root))
            && std::sync::Weak::as_ptr(&edit.from) == std::sync::Arc::as_ptr(&previous.root))
        .then_some(references_kept::Earlier {
            resolved: &previous.resolved,
            diff: &edit.diff,
            file: id,
        })
    });
    let unlisted = || Listing {
        listed: Default::default(),
        unlisted: site.pages_unsorted().map(|f| f.id).collect(),
    };
    let mut out = Vec::new();
    let (listing, remote, schema_memo) = match root.get("navigation") {
        Some(navigation) if navigation.is_object() => {
            // The schema pass and the rules/references pass read the same
            // tree and are independent: run them side by side.
            let schema_earlier = earlier
                .as_ref()
                .zip(previous.as_ref())
                .map(|(e, p)| (&p.schema, *e.diff));
            let ((found, schema_memo), (rules, listing_resolved, remote)) = rayon::join(
                || {
                    let _t = crate::timing::span("navigation schema");
                    navigation_schema(navigation, schema_earlier)
                },
                || {
                    let _t = crate::timing::span("navigation rules+references");
                    let mut rules = Vec::new();
                    let ix = {
                        let _t = crate::timing::span("nav index");
                        nav::index(navigation)
                    };
                    {
                        let _t = crate::timing::span("nav rules");
                        navigation::check(&ix, &mut rules);
                        navigation::source_refs(root, &ix, &mut rules);
                        navigation::sources(site, &ix, &mut rules);
                    }
                    let (listing, resolved) = if site.partial {
                        Default::default()
                    } else {
                        references::check(
                            site,
                            &config.overlays,
                            root,
                            &ix,
                            complete,
                            earlier,
                            &mut rules,
                        )
                    };
                    let remote = ix
                        .elements
                        .iter()
                        .flat_map(|el| el.openapi.iter())
                        .any(|s| paths::is_url(&s.value));
                    (rules, (listing, resolved), remote)
                },
            );
            // A list the platform drops is said once, by the navigation
            // rule that names what disappears (not also as an unknown key).
            let mut found = found;
            if rules.iter().any(|d| d.code == "nav-mixed-children") {
                let dropped: rustc_hash::FxHashSet<_> = rules
                    .iter()
                    .filter(|d| d.code == "nav-mixed-children")
                    .map(|d| (d.file, d.range.clone()))
                    .collect();
                found.retain(|d| {
                    !(d.code == "unknown-key" && dropped.contains(&(d.file, d.range.clone())))
                });
            }
            out.extend(found);
            out.extend(rules);
            (listing_resolved, remote, schema_memo)
        }
        // The root schema leaves `navigation` to this pass: a value that is
        // not an object is refused like any wrong type.
        Some(navigation) => {
            out.push(Diagnostic::error(
                navigation.file,
                navigation.range.clone(),
                "wrong-type",
                format!(
                    "`navigation` must be an object, found {}",
                    navigation.kind_name()
                ),
            ));
            (
                (unlisted(), Default::default()),
                true,
                schema::Memo::default(),
            )
        }
        // No navigation to read the specs of (a typo in the key, or being
        // typed): whether one is a URL is unknown.
        None => (
            (unlisted(), Default::default()),
            true,
            schema::Memo::default(),
        ),
    };
    let (listing, resolved) = listing;
    let outcome = std::sync::Arc::new(NavigationOutcome {
        root: root.clone(),
        complete,
        found: out,
        listing,
        remote,
        resolved,
        schema: schema_memo,
        overlays: config.overlays.key,
    });
    *crate::model::site::lock(memo) = Some(outcome.clone());
    outcome
}
