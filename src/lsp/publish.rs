//! Pushing diagnostics: per site as soon as the newest change's analysis is
//! ready (bursts coalesce), computed on a blocking thread from an immutable
//! snapshot, and sent only for files whose set changed.

use super::convert;
use super::world::{SiteState, World, lock};
use crate::analysis::Analysis;
use crate::diagnostics::{Diagnostic, Severity};
use crate::model::site::Site;
use crate::text::Encoding;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;
use tower_lsp_server::Client;
use tower_lsp_server::ls_types as lsp;

/// When a scheduled publish runs.
#[derive(Debug, Clone, Copy)]
pub enum When {
    /// As soon as the analysis of this change is ready, and no sooner than
    /// this long after the change (0 by default: a keystroke's diagnostics
    /// appear the moment they exist). The analysis starts at once.
    Analysed(Duration),
    /// For file events: the analysis too waits until this long has passed
    /// without a newer change, so a burst of events (a branch switch
    /// changing thousands of files, sent as many notifications) costs one
    /// analysis, and the message loop stays free meanwhile.
    Quiet(Duration),
}

/// The one publish schedule: publish `site`'s diagnostics `when` says.
/// Superseded by any later change to the site, so a burst coalesces: one
/// analysis runs at a time, always of the newest snapshot, and only the
/// newest change publishes. With `refresh`, a pulling client is also asked
/// to pull again (the change may alter other open documents' diagnostics).
pub fn schedule(
    client: &Client,
    world: &Arc<World>,
    site: Arc<SiteState>,
    when: When,
    refresh: bool,
) {
    let generation = site.generation();
    let changed_at = tokio::time::Instant::now();
    // A change that lands before the analysis starts makes it unnecessary.
    let analysed = match when {
        When::Analysed(_) => {
            let site = site.clone();
            Some(super::analysis_thread::spawn(move || {
                if site.generation() == generation {
                    let _ = site.analysis();
                }
            }))
        }
        When::Quiet(_) => None,
    };
    let (client, world) = (client.clone(), world.clone());
    tokio::spawn(async move {
        match when {
            When::Analysed(debounce) => {
                if let Some(a) = analysed {
                    let _ = a.await;
                }
                tokio::time::sleep_until(changed_at + debounce).await;
            }
            When::Quiet(quiet) => {
                tokio::time::sleep(quiet).await;
                if world.file_events.load(Ordering::SeqCst) > 0 {
                    return;
                }
            }
        }
        if site.generation() != generation {
            return;
        }
        publish_now(&client, &world, &site, Some(generation)).await;
        if refresh {
            let _ = client.workspace_diagnostic_refresh().await;
        }
    });
}

/// Publish now. With `generation`, results are dropped if the site changed
/// meanwhile (a newer publish is scheduled): never a stale result over a
/// newer one.
pub async fn publish_now(
    client: &Client,
    world: &Arc<World>,
    site: &Arc<SiteState>,
    generation: Option<u64>,
) {
    let _t = crate::timing::span("publish");
    let (w, s) = (world.clone(), site.clone());
    // One blocking call: the analysis is usually ready (it started at the
    // change), and converting its diagnostics needs no other thread. Each
    // file's list is sent as soon as it is made, open documents first: on
    // a site's first publish, placing the positions of 1,600 pages' lists
    // takes ~0.1 s that the document in front of the user need not wait.
    let (tx, mut made) = tokio::sync::mpsc::unbounded_channel();
    let making = tokio::task::spawn_blocking(move || {
        let (analysis, docs) = s.analysis_and_versions();
        changed_batches(&w, &s, &analysis, &docs, generation, &mut |batch| {
            let _ = tx.send(batch);
        });
    });
    // What was recorded as published is always sent: dropping it here would
    // make a later publish of the same set skip it. The list ends when the
    // blocking call does (its sender dropped), panicking or not.
    while let Some((uri, diags, version)) = made.recv().await {
        client.publish_diagnostics(uri, diags, version).await;
    }
    let _ = making.await;
    // Lenses and hints of open documents that this change altered.
    super::view_refresh::after_publish(client, world, site);
}

/// One file's diagnostics as LSP publishes them.
type FileDiagnostics = (lsp::Uri, Vec<lsp::Diagnostic>, Option<i32>);

/// Diagnostics per file as LSP wants them, for the files whose set changed
/// since the last publish, each handed to `send` once made: the emptied
/// lists, then the open documents', then the rest. Hints and information
/// are sent only for open documents: a 25,000-page site would otherwise
/// flood the client with "not in navigation" hints for files nobody is
/// looking at.
fn changed_batches(
    world: &World,
    site: &SiteState,
    analysis: &Analysis,
    docs: &HashMap<PathBuf, i32>,
    generation: Option<u64>,
    send: &mut dyn FnMut(FileDiagnostics),
) {
    let caps = world.caps();
    let enc = caps.encoding;
    let mut per_file: HashMap<PathBuf, Vec<&Diagnostic>> = HashMap::new();
    for d in &analysis.diagnostics {
        let Some(file) = analysis.site.file(d.file) else {
            continue;
        };
        let path = if site.loose {
            site.root.clone()
        } else {
            site.root.join(&file.path)
        };
        if site.suppress.silences(d, &file.path) {
            continue;
        }
        if d.severity > Severity::Warning && !docs.contains_key(&path) {
            continue;
        }
        per_file.entry(path).or_default().push(d);
    }
    let mut published = lock(&site.published);
    // A batch that will be dropped as stale must not record itself as
    // published: the newer publish would then skip a version it never sent.
    if generation.is_some_and(|g| g != site.generation()) {
        return;
    }
    // Files that had diagnostics and now have none get an empty list.
    if caps.pulls {
        per_file.retain(|path, _| !docs.contains_key(path));
    } else {
        for path in docs.keys() {
            if site.rel(path).is_some() || (site.loose && &site.root == path) {
                per_file.entry(path.clone()).or_default();
            }
        }
    }
    let cleared: Vec<PathBuf> = published
        .keys()
        .filter(|p| !per_file.contains_key(*p))
        .cloned()
        .collect();
    for p in cleared {
        published.remove(&p);
        if let Some(uri) = convert::uri(&p) {
            send((uri, Vec::new(), None));
        }
    }
    let uri_of = |f: &crate::model::site::SourceFile| {
        convert::uri(&if site.loose {
            site.root.clone()
        } else {
            site.root.join(&f.path)
        })
    };
    let mut per_file: Vec<_> = per_file.into_iter().collect();
    per_file.sort_by_key(|(path, _)| !docs.contains_key(path));
    for (path, diags) in per_file {
        // Compared before converting: placing a position in the body of a
        // page read in bulk reads the page again, and a docs.json keystroke
        // on crewAI (2,361 diagnostics in 1,590 files) read all 1,590 pages
        // per publish to send none of them.
        let h = digest(&analysis.site, &diags, enc);
        let version = docs.get(&path).copied();
        // An open document gets a publish for each new version (clients wait
        // for it); other files only when their set changed.
        if published.get(&path) == Some(&(h, version)) {
            continue;
        }
        published.insert(path.clone(), (h, version));
        if let Some(uri) = convert::uri(&path) {
            let diags = diags
                .iter()
                .filter_map(|d| {
                    let file = analysis.site.file(d.file)?;
                    Some(convert::diagnostic(
                        &analysis.site,
                        file,
                        d,
                        enc,
                        &world.bodies,
                        uri_of,
                    ))
                })
                .collect();
            send((uri, diags, version));
        }
    }
}

/// What a file's published diagnostics are made from: each diagnostic's
/// range, message, code and severity, its related places, and the version
/// (revision) of every file a position is placed in, whose text gives the
/// lines and columns. Equal digests mean equal LSP diagnostics.
fn digest(site: &Site, diags: &[&Diagnostic], enc: Encoding) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    matches!(enc, Encoding::Utf8).hash(&mut h);
    let revision = |id| site.file(id).map(|f| f.revision);
    for d in diags {
        (revision(d.file), &d.range, d.severity, d.code, &d.message).hash(&mut h);
        for r in &d.related {
            (r.file, revision(r.file), &r.range, &r.message).hash(&mut h);
        }
    }
    h.finish()
}

/// Forget what was published for a file, on open: a pushing client gets it
/// again; a pulling client is to get an empty push (the URI returned), so
/// what was pushed while the file was closed does not stand beside what it
/// now pulls.
pub fn forget(world: &World, site: &SiteState, path: &std::path::Path) -> Option<lsp::Uri> {
    let had = lock(&site.published).remove(path).is_some();
    if had && world.caps().pulls {
        convert::uri(path)
    } else {
        None
    }
}
