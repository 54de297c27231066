//! The database of a site snapshot: the resolved config and every
//! diagnostic, by the rules of `rules/`. `check` and the language server both
//! go through here; `ide` reads it, and nothing here reads `ide`.

pub mod inbound;
pub mod memos;
pub mod nav_tree;
pub mod navigation_view;
pub mod page_moves;
pub mod per_file;
pub mod reads;
pub mod removed_urls;
pub mod reused;
pub mod rules;
pub mod schema_subtrees;
pub mod served_urls;
pub mod suggestions;
pub mod translations;

use crate::diagnostics::Diagnostic;
use crate::model::config::{self, Config};
use crate::model::site::Site;
use crate::syntax::tree::FileId;
use rules::Listing;
use std::sync::Arc;

#[derive(Debug, Clone)]
pub struct Analysis {
    pub site: Arc<Site>,
    pub config: Config,
    pub diagnostics: Vec<Diagnostic>,
    /// docs.json's tree with its navigation index, as the navigation rules
    /// read it (none when docs.json does not parse): the sidebar reads it.
    pub navigation: Option<Arc<nav_tree::NavTree>>,
    listing: Listing,
    /// What the next analysis of this docs root starts from.
    memos: Arc<memos::Memos>,
}

impl Analysis {
    /// The memo tables this analysis filled (and the ones before it).
    pub fn memos(&self) -> &memos::Memos {
        &self.memos
    }

    /// Whether some navigation entry lists the page of this ordinal
    /// ([`crate::model::site::Site::page_names`]).
    pub fn is_listed(&self, ordinal: usize) -> bool {
        self.listing.listed.get(ordinal).copied().unwrap_or(false)
    }

    /// Whether the navigation lists any page at all.
    pub fn lists_any_page(&self) -> bool {
        self.listing.listed.contains(&true)
    }

    /// The pages no navigation entry lists.
    pub fn unlisted_pages(&self) -> &[FileId] {
        &self.listing.unlisted
    }
}

/// An analysed in-memory site from `(path, text)` pairs, each file given a
/// fresh parse; files whose kind is unknown are skipped, as loading does.
/// For tests, fuzzing and benchmarks: the same analysis without a disk.
pub fn analyze_texts(files: &[(&str, &str)]) -> Analysis {
    let mut site = Site::default();
    for (i, (path, text)) in files.iter().enumerate() {
        if let Some(kind) = crate::model::site::kind_of(path) {
            site.insert(Arc::new(crate::model::site::SourceFile::new(
                i as FileId,
                path.to_string(),
                kind,
                Ok(Arc::from(*text)),
            )));
        }
    }
    analyze(Arc::new(site))
}

/// The analysis of `site` from scratch.
pub fn analyze(site: Arc<Site>) -> Analysis {
    analyze_after(site, None)
}

/// The analysis of `site`, reusing what `previous` (an analysis of an
/// earlier snapshot of the same docs root) computed where what it read
/// still holds: its memo tables are this one's. Equal to [`analyze`]'s
/// (`tests/incremental*.rs`).
pub fn analyze_after(site: Arc<Site>, previous: Option<&Analysis>) -> Analysis {
    let _t = crate::timing::span("analysis");
    let memos = previous.map_or_else(Default::default, |p| p.memos.clone());
    let (config, config_revision) = {
        let _t = crate::timing::span("parse+resolve");
        resolve_memo(&site, &memos)
    };
    let mut diagnostics = config.diagnostics.clone();
    let mut revisions = reads::Revisions::new(&site, &memos.anchors);
    revisions.config = Some(config_revision);
    let (listing, navigation) = rules::collect(&memos, &revisions, &config, &mut diagnostics);
    forget_gone_files(&site, &memos);
    let config = Config::clone(&config);
    diagnostics.sort_by(|a, b| {
        (a.file, a.range.start, a.range.end, a.code).cmp(&(
            b.file,
            b.range.start,
            b.range.end,
            b.code,
        ))
    });
    let diagnostics = once_each(diagnostics);
    Analysis {
        site,
        config,
        diagnostics,
        navigation,
        listing,
        memos,
    }
}

/// Drops the memo entries of files the site no longer has, once per shape
/// (files come and go only with a new shape).
fn forget_gone_files(site: &Site, memos: &memos::Memos) {
    let epoch = site.derived().shape.epoch;
    if memos
        .pruned_at
        .swap(epoch, std::sync::atomic::Ordering::Relaxed)
        == epoch
    {
        return;
    }
    let here = |id: &FileId| site.file(*id).is_some();
    memos.pages.retain(here);
    memos.own.retain(here);
    memos.syntax.retain(here);
    memos.links.retain(here);
    memos.anchors.retain(here);
    memos.outbound.retain(here);
}

/// `sorted` (by file, range and code) with each finding once. A node of a
/// `$ref` file that several places of docs.json reference is checked once
/// per place, and the schema's messages name the place
/// (`languages[0].groups[0].icon`, then `languages[1].groups[0].icon`, ...):
/// one problem at one spot, which an editor would show once per reference.
/// The first stays (the first place, in navigation order).
fn once_each(sorted: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let key = |d: &Diagnostic| (d.file, d.range.start, d.range.end, d.code);
    let mut out: Vec<Diagnostic> = Vec::with_capacity(sorted.len());
    // Where the run of diagnostics with the same key starts in `out`.
    let mut run = 0;
    for d in sorted {
        if out.get(run).is_none_or(|k| key(k) != key(&d)) {
            run = out.len();
        } else if out[run..].iter().any(|k| same_finding(k, &d)) {
            continue;
        }
        out.push(d);
    }
    out
}

/// The same problem, whatever path through docs.json led to it: equal but
/// for the paths in backticks, of which only the last step (the key at that
/// spot) counts.
fn same_finding(a: &Diagnostic, b: &Diagnostic) -> bool {
    a.severity == b.severity
        && a.fixes == b.fixes
        && places(a).eq(places(b))
        && a.subject == b.subject
        && (a.message == b.message || last_steps(&a.message) == last_steps(&b.message))
}

/// A diagnostic's related places but what the schema says is dropped
/// (named by path too: `languages[0].groups`, then `languages[1].groups`).
fn places(d: &Diagnostic) -> impl Iterator<Item = &crate::diagnostics::Related> {
    d.related
        .iter()
        .filter(|r| !crate::schema::is_dropped_value(r))
}

/// `message` with each `` `a[0].b.c` `` written `` `c` ``.
fn last_steps(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    for (i, part) in message.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        // Odd parts are inside backticks.
        out.push_str(if i % 2 == 1 {
            part.rsplit(['.', ']']).next().unwrap_or(part)
        } else {
            part
        });
    }
    out
}

/// docs.json resolved (`$ref`s, overlays), for what needs the config
/// without the diagnostics (`docs-lsp nav`).
pub fn resolve(site: &Site) -> Config {
    let mut config = config::resolve(site);
    config.overlays =
        crate::model::overlays::resolve(site, config.root.as_deref(), &config.ref_files);
    config
}

/// docs.json resolved, from the memo table while docs.json and the shape
/// (which holds the `$ref` files and specs) stay, and the revision at which
/// it last changed (what the navigation query reads of it).
fn resolve_memo(site: &Site, memos: &memos::Memos) -> (Arc<Config>, crate::model::memo::Revision) {
    let docs_json = site.docs_json.and_then(|id| site.file(id));
    let epoch = site.derived().shape.epoch;
    let of = |k| match k {
        reads::SHAPE => Some(epoch),
        k => docs_json
            .filter(|f| reads::file(f.id) == k)
            .map(|f| f.revision),
    };
    let (config, revision) = memos.config.get(&(), of, |r| {
        match docs_json {
            Some(f) => r.read(reads::file(f.id), f.revision),
            // Nothing to resolve: not worth keeping.
            None => r.forget(),
        }
        r.read(reads::SHAPE, epoch);
        crate::model::memo::Shared(Arc::new(resolve(site)))
    });
    (config.0, revision)
}
