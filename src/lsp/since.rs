//! `docsLsp.since`: the `url-removed` diagnostics in the editor, as
//! `check --since` reports them, added to each analysis of a docs root.
//!
//! Reading the site at the revision costs about what loading it does, so
//! it is done once per commit the setting names (the [`Baseline`], kept per
//! docs root and commit) on the blocking thread that analyses, never on the
//! message loop: requests answer from the last analysis meanwhile. What the
//! revision names (`origin/main` moves on a fetch) is looked up again at
//! most every [`RESOLVE_EVERY`]. What stopped working depends on the files
//! and on docs.json's redirects: it is kept while the site's file set (its
//! link targets) and those stay, so a keystroke pays only for placing the
//! diagnostics in the new text.

use crate::analysis::Analysis;
use crate::analysis::removed_urls;
use crate::diagnostics::Diagnostic;
use crate::model::link_targets::{DocsJsonPart, FileTargets};
use crate::model::links::targets_of;
use crate::model::lock::lock;
use crate::workspace::load;
use crate::workspace::since::{Baseline, Findings, baseline, findings};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long what a revision names is taken as known.
pub const RESOLVE_EVERY: Duration = Duration::from_secs(5);

/// The code of the warning when the revision cannot be read.
pub const UNAVAILABLE: &str = "since-unavailable";

/// One docs root's `since` state.
#[derive(Default)]
pub struct Since {
    inner: Mutex<Inner>,
    /// Revisions read so far (an observable count for tests: one per
    /// commit, not per keystroke).
    pub reads: std::sync::atomic::AtomicU64,
    /// Findings computed so far (tests: not again while the file set and
    /// the redirects stay).
    pub compared: std::sync::atomic::AtomicU64,
}

#[derive(Default)]
struct Inner {
    rev: Option<String>,
    /// What `rev` named when last looked up, and when.
    resolved: Option<(Instant, Result<String, String>)>,
    /// The baseline of one commit, or why it could not be read.
    baseline: Option<(String, Result<Arc<Baseline>, String>)>,
    /// The last findings, with what they were computed from.
    findings: Option<Kept>,
}

struct Kept {
    commit: String,
    files: Arc<FileTargets>,
    part: DocsJsonPart,
    found: Arc<Findings>,
}

impl Since {
    /// Sets the revision; `true` when it changed (the analysis must be
    /// made again).
    pub fn set_rev(&self, rev: Option<String>) -> bool {
        let mut g = lock(&self.inner);
        if g.rev == rev {
            return false;
        }
        *g = Inner {
            rev,
            ..Inner::default()
        };
        true
    }

    /// The `url-removed` diagnostics of `analysis`, the docs root `root`
    /// now (or a `since-unavailable` warning saying why there are none).
    /// Blocking: reads git the first time a commit is asked for. The state
    /// is locked only to read and store what was found, never while git is
    /// read: a new setting (on the message loop) never waits for a read.
    pub fn diagnostics(&self, root: &Path, analysis: &Analysis) -> Vec<Diagnostic> {
        let (rev, resolved) = {
            let g = lock(&self.inner);
            let Some(rev) = g.rev.clone() else {
                return Vec::new();
            };
            let fresh = g
                .resolved
                .as_ref()
                .filter(|(at, _)| at.elapsed() < RESOLVE_EVERY)
                .map(|(_, c)| c.clone());
            (rev, fresh)
        };
        // Stores `f`'s change unless the setting changed meanwhile.
        let store = |f: &mut dyn FnMut(&mut Inner)| {
            let mut g = lock(&self.inner);
            if g.rev.as_deref() == Some(rev.as_str()) {
                f(&mut g);
            }
        };
        let resolved = resolved.unwrap_or_else(|| {
            let commit = crate::workspace::git::resolve(root, &rev)
                .map(|(_, id)| id.to_string())
                .map_err(|e| e.to_string());
            store(&mut |g| g.resolved = Some((Instant::now(), commit.clone())));
            commit
        });
        let commit = match resolved {
            Ok(c) => c,
            Err(e) => return unavailable(analysis, &rev, &e),
        };
        let known = lock(&self.inner)
            .baseline
            .clone()
            .filter(|(c, _)| *c == commit);
        let base = match known {
            Some((_, b)) => b,
            None => {
                let nested: Vec<String> = load::discover_roots(root)
                    .iter()
                    .filter(|r| r.as_path() != root)
                    .filter_map(|r| load::rel_path(root, r))
                    .collect();
                let read = baseline(root, &rev, &nested)
                    .map(Arc::new)
                    .map_err(|e| e.to_string());
                self.reads.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                store(&mut |g| {
                    g.baseline = Some((commit.clone(), read.clone()));
                    g.findings = None;
                });
                read
            }
        };
        let base = match base {
            Ok(b) => b,
            Err(e) => return unavailable(analysis, &rev, &e),
        };
        let root_node = analysis.config.root.as_deref();
        let targets = targets_of(&analysis.site, root_node);
        let part = targets.docs_json_part();
        let kept = lock(&self.inner)
            .findings
            .as_ref()
            .filter(|k| {
                k.commit == commit && Arc::ptr_eq(&k.files, &targets.files) && k.part == part
            })
            .map(|k| k.found.clone());
        let found = kept.unwrap_or_else(|| {
            let found = Arc::new(findings(&base, root, &analysis.site, &targets));
            self.compared
                .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            store(&mut |g| {
                g.findings = Some(Kept {
                    commit: commit.clone(),
                    files: targets.files.clone(),
                    part: part.clone(),
                    found: found.clone(),
                });
            });
            found
        });
        removed_urls::diagnostics(
            &analysis.site,
            root_node,
            &base.rev,
            &found.gone,
            &found.moved,
        )
    }
}

/// A warning at the top of docs.json: the revision cannot be read.
fn unavailable(analysis: &Analysis, rev: &str, why: &str) -> Vec<Diagnostic> {
    let site = &analysis.site;
    let Some(file) = site.docs_json.and_then(|id| site.file(id)) else {
        return Vec::new();
    };
    let start = file.json().root.as_deref().map_or(0, |r| r.range.start);
    let end = (start + 1).min(file.text().len());
    vec![Diagnostic::warning(
        file.id,
        start..end.max(start),
        UNAVAILABLE,
        format!(
            "docsLsp.since is `{rev}`, which cannot be read: {why}; URLs removed since it are not checked"
        ),
    )]
}
