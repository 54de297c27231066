//! `--since REV`: what a docs root served at a git revision
//! ([`Baseline`], read once per commit) against what it serves now
//! ([`removed`]: the `url-removed` diagnostics). The reading is here; what
//! is served, where a URL leads and what moved are the analysis' plain
//! functions (`analysis::served_urls`, `removed_urls`, `page_moves`).

use super::file_bytes;
use super::git::{self, AtRevision, GitError};
use super::load::FileIds;
use crate::analysis::Analysis;
use crate::analysis::served_urls::{Served, route_of, served_urls, urls_of};
use crate::analysis::{page_moves, removed_urls};
use crate::diagnostics::Diagnostic;
use crate::model::links::{Targets, targets_of};
use crate::model::site::{FileKind, Site, strip_page_ext};
use std::collections::HashMap;
use std::path::Path;

/// The URLs a docs root served at a revision.
pub struct Baseline {
    /// The revision as the user named it, and the commit it resolved to.
    pub rev: String,
    pub commit: String,
    /// `false` when the docs root (its docs.json) did not exist then.
    pub existed: bool,
    pub urls: Vec<Served>,
    at: AtRevision,
}

/// Reads `root` at `rev` (leaving out the nested docs roots `nested`,
/// root-relative) and lists the URLs it served.
pub fn baseline(root: &Path, rev: &str, nested: &[String]) -> Result<Baseline, GitError> {
    let _t = crate::timing::span("since: read the revision");
    let mut at = git::site_at(root, rev, nested, &FileIds::default(), git::Pages::Listed)?;
    let site = at.site.take();
    let existed = site.is_some();
    let urls = site.as_ref().map(urls_of).unwrap_or_default();
    // The old site's parses are not needed past its URLs: freed elsewhere.
    std::thread::spawn(move || drop(site));
    Ok(Baseline {
        rev: rev.to_string(),
        commit: at.commit.clone(),
        existed,
        urls,
        at,
    })
}

/// What of a baseline stopped working on a site, and where the gone pages
/// went.
#[derive(Debug, Clone, Default)]
pub struct Findings {
    pub gone: Vec<removed_urls::Gone>,
    /// For a gone page's file, the URL its page moved to.
    pub moved: HashMap<String, String>,
}

/// The `url-removed` diagnostics of `analysis` (the docs root `root` now)
/// against `baseline`.
pub fn removed(baseline: &Baseline, root: &Path, analysis: &Analysis) -> Vec<Diagnostic> {
    let root_node = analysis.config.root.as_deref();
    let targets = targets_of(&analysis.site, root_node);
    let found = findings(baseline, root, &analysis.site, &targets);
    removed_urls::diagnostics(
        &analysis.site,
        root_node,
        &baseline.rev,
        &found.gone,
        &found.moved,
    )
}

/// The URLs of `baseline` that lead nowhere on `site` (whose link targets
/// are `targets`), and the new places of their pages: those a page added
/// since has the content of (read from git and from the disk under `root`).
pub fn findings(baseline: &Baseline, root: &Path, site: &Site, targets: &Targets) -> Findings {
    let _t = crate::timing::span("since: compare");
    let gone = removed_urls::gone_urls(&baseline.urls, targets);
    if gone.is_empty() {
        return Findings::default();
    }
    let now = served_urls(site, &targets.files);
    let added = removed_urls::added_pages(&baseline.urls, &now, targets);
    let old = baseline
        .at
        .page_bytes(gone.iter().filter_map(|g| g.served.page.as_deref()));
    let new: Vec<(String, Vec<u8>)> = added
        .iter()
        .filter_map(|s| {
            let page = s.page.as_ref()?;
            let bytes = file_bytes::read_bytes(&root.join(page), FileKind::Page).ok()?;
            Some((page.clone(), bytes))
        })
        .collect();
    let moved = page_moves::moves(&old, &new)
        .into_iter()
        .map(|(from, to)| {
            let url = route_of(strip_page_ext(&to)).to_string();
            (from, url)
        })
        .collect();
    Findings { gone, moved }
}
