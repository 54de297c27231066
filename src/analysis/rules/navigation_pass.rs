//! The navigation rules' pass over docs.json's navigation: the schema of
//! its elements, the navigation rules and the references of its entries,
//! as one memoised value (the memo table's `navigation` query): kept while
//! the resolved docs.json and the site's shape stay, and on a keystroke in
//! one string of docs.json recomputed from its last value (the entries and
//! subtrees the edit did not touch are kept).

use super::references::{self, Listing};
use super::{inside_dropped, navigation, references_kept};
use crate::analysis::nav_tree::NavTree;
use crate::analysis::reads::{self, Revisions};
use crate::analysis::reused::Reused;
use crate::analysis::schema_subtrees::SchemaSubtrees;
use crate::analysis::suggestions::Suggestions;
use crate::diagnostics::Diagnostic;
use crate::model::config::Config;
use crate::model::memo::{MemoTable, Shared, edits_since};
use crate::model::paths;
use crate::model::site::Site;
use crate::schema::{self, ValidateOptions};
use std::sync::Arc;

/// The navigation tree against the schema of its elements, reusing what
/// earlier checks found in the subtrees whose bytes did not change (when
/// the tree is docs.json's own parse, `memo`: its bytes are what the
/// memo's entries read).
fn navigation_schema(
    navigation: &crate::syntax::tree::Node,
    memo: Option<&dyn schema::SubtreeMemo>,
    reused: &Reused,
) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    if let Some(nav_schema) = schema::nav_element("navigation") {
        let opts = ValidateOptions {
            skip_keys_at_root: &[],
            ..ValidateOptions::docs_json()
        };
        if let Some(memo) = memo {
            let kept = schema::validate_reusing(navigation, nav_schema, &opts, memo, &mut found);
            Reused::add(&reused.schema_subtrees, kept);
        } else {
            schema::validate(navigation, nav_schema, &opts, &mut found);
        }
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
    found
}

fn is_label_message(m: &str) -> bool {
    [
        "group", "tab", "anchor", "dropdown", "product", "version", "language", "item",
    ]
    .iter()
    .any(|k| m.contains(&format!("`{k}`")))
}

/// The navigation query's value (compared by identity: too large to
/// compare, and nothing reads its revision).
pub type Outcome = Shared<NavigationOutcome>;

/// What the navigation rules found in one docs.json tree, with the pages
/// as they are: kept while the user types in a page.
pub struct NavigationOutcome {
    /// docs.json's tree and its navigation index.
    pub tree: Arc<NavTree>,
    /// The shape (its epoch) it was made on: a later pass starts from it
    /// only on the same shape (which pages exist is in `resolved`).
    shape: crate::model::memo::Revision,
    pub found: Vec<Diagnostic>,
    pub listing: Listing,
    pub remote: bool,
    /// Each entry's resolution, for the next keystroke's pass.
    resolved: references_kept::ResolvedReferences,
    /// docs.json's revision, when the tree is its own parse: a later pass
    /// keeps entries through the edits made since.
    docs_json: Option<crate::model::memo::Revision>,
    /// The listed overlays the entries were resolved under: entries are
    /// kept from the previous pass only while they are the same.
    overlays: u64,
}

impl std::fmt::Debug for NavigationOutcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NavigationOutcome")
            .field("tree", &self.tree)
            .field("found", &self.found.len())
            .finish_non_exhaustive()
    }
}

/// The navigation rules' outcome for the resolved docs.json `config` (its
/// tree `root`): the memo table's value while the resolved docs.json and the
/// shape stay, else computed (from the last value, on the same shape).
pub fn outcome(
    revisions: &Revisions,
    table: &MemoTable<(), Outcome>,
    subtrees: &SchemaSubtrees,
    suggestions: &Suggestions,
    reused: &Reused,
    config: &Config,
    root: &Arc<crate::syntax::tree::Node>,
) -> Arc<NavigationOutcome> {
    let site = revisions.site;
    let epoch = site.derived().shape.epoch;
    let (value, _) = table.get(
        &(),
        |k| revisions.of(k),
        |r| {
            // Without a resolved docs.json's revision nothing is kept.
            if let Some(config) = revisions.of(reads::CONFIG) {
                r.read(reads::CONFIG, config);
            } else {
                r.forget();
            }
            r.read(reads::SHAPE, epoch);
            let last = table.last(&()).filter(|p| p.0.shape == epoch);
            Shared(Arc::new(compute(
                site,
                subtrees,
                suggestions,
                reused,
                config,
                root,
                last.as_ref().map(|p| &*p.0),
            )))
        },
    );
    value.0
}

fn compute(
    site: &Site,
    subtrees: &SchemaSubtrees,
    suggestions: &Suggestions,
    reused: &Reused,
    config: &Config,
    root: &Arc<crate::syntax::tree::Node>,
    previous: Option<&NavigationOutcome>,
) -> NavigationOutcome {
    // With a part of docs.json unreadable (a broken `$ref`), "no navigation
    // lists this page" would be said of every page that part lists.
    let complete = !config
        .diagnostics
        .iter()
        .any(|d| d.severity == crate::diagnostics::Severity::Error || d.code == "file-unreadable");
    // docs.json's version when the tree is its own parse (no `$ref`s), and
    // how it was made from earlier versions: what the schema memo's
    // entries and the kept entries are checked against.
    let own = site.docs_json.and_then(|id| {
        let file = site.file(id)?;
        let parsed = file.json().root.as_ref()?;
        std::sync::Arc::ptr_eq(parsed, root).then_some((id, file))
    });
    // The previous pass, when this tree was made from its tree by edits in
    // strings (at least one: with docs.json as it was, the pass is made
    // again because something else the entries may read changed).
    let earlier = own.and_then(|(id, file)| {
        let previous = previous.filter(|p| p.overlays == config.overlays.key)?;
        let edits = edits_since(file.text_history(), previous.docs_json?, file.revision)?;
        (!edits.is_empty()).then(|| references_kept::Earlier {
            resolved: &previous.resolved,
            contexts: previous.tree.index().map_or(&[][..], |ix| &ix.contexts[..]),
            edits,
            file: id,
            reused,
        })
    });
    let unlisted = || Listing {
        listed: Default::default(),
        unlisted: site.pages_unsorted().map(|f| f.id).collect(),
    };
    // The schema memo's entries read docs.json's bytes.
    let subtrees =
        own.map(|(id, file)| subtrees.at(reads::file(id), file.revision, file.text_history()));
    // Multi-repository references are looked for through every object of
    // the configuration (0.4 ms per keystroke in a 4 MB docs.json), in
    // texts that name the key.
    let may_hold_source_refs = {
        let mentions = |id| {
            site.file(id)
                .is_none_or(|f| f.json_mentions().source_refs())
        };
        site.docs_json.is_none_or(mentions) || config.ref_files.iter().any(|&id| mentions(id))
    };
    let mut out = Vec::new();
    let mut tree = None;
    let (listing, remote) = match root.get("navigation") {
        Some(navigation) if navigation.is_object() => {
            // The schema pass and the rules/references pass read the same
            // tree and are independent: run them side by side.
            let memo = subtrees.as_ref().map(|m| m as &dyn schema::SubtreeMemo);
            let (found, (rules, listing_resolved, remote, indexed)) = rayon::join(
                || {
                    let _t = crate::timing::span("navigation schema");
                    navigation_schema(navigation, memo, reused)
                },
                || {
                    let _t = crate::timing::span("navigation rules+references");
                    let mut rules = Vec::new();
                    let indexed = {
                        let _t = crate::timing::span("nav index");
                        NavTree::after(root.clone(), previous.map(|p| &*p.tree))
                    };
                    // `navigation` is an object here, so it is indexed.
                    let empty = crate::model::nav::NavIndex::default();
                    let ix = indexed.index().unwrap_or(&empty);
                    // The navigation rules read the index, the references
                    // the tree (its index, and its kept lists for specs
                    // with nothing to generate): side by side, findings in
                    // their order.
                    let (nav_rules, (listing, resolved, references)) = rayon::join(
                        || {
                            let _t = crate::timing::span("nav rules");
                            let mut found = Vec::new();
                            navigation::check(ix, &mut found);
                            if may_hold_source_refs {
                                navigation::source_refs(root, ix, &mut found);
                            }
                            navigation::sources(site, ix, &mut found);
                            found
                        },
                        || {
                            let mut found = Vec::new();
                            let (listing, resolved) = if site.partial {
                                Default::default()
                            } else {
                                references::check(
                                    site,
                                    suggestions,
                                    &config.overlays,
                                    root,
                                    &indexed,
                                    complete,
                                    earlier,
                                    &mut found,
                                )
                            };
                            (listing, resolved, found)
                        },
                    );
                    rules.extend(nav_rules);
                    rules.extend(references);
                    let remote = ix
                        .elements
                        .iter()
                        .flat_map(|el| el.openapi.iter())
                        .any(|s| paths::is_url(&s.value));
                    (rules, (listing, resolved), remote, indexed)
                },
            );
            tree = Some(indexed);
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
            let mut rules = rules;
            inside_dropped::leave_out(navigation, &found, &mut rules);
            out.extend(found);
            out.extend(rules);
            (listing_resolved, remote)
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
            ((unlisted(), Default::default()), true)
        }
        // No navigation to read the specs of (a typo in the key, or being
        // typed): whether one is a URL is unknown.
        None => ((unlisted(), Default::default()), true),
    };
    let (listing, resolved) = listing;
    NavigationOutcome {
        tree: Arc::new(tree.unwrap_or_else(|| NavTree::new(root.clone()))),
        shape: site.derived().shape.epoch,
        found: out,
        listing,
        remote,
        resolved,
        docs_json: own.map(|(_, file)| file.revision),
        overlays: config.overlays.key,
    }
}
