//! Pushing diagnostics: per site as soon as the newest change's analysis is
//! ready (bursts coalesce), computed on a blocking thread from an immutable
//! snapshot, and sent only for files whose set changed.

use super::convert;
use super::world::{SiteState, World, lock};
use crate::diagnostics::Severity;
use crate::ide::analysis::Analysis;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;
use tower_lsp_server::Client;
use tower_lsp_server::ls_types as lsp;

/// Publish `site`'s diagnostics as soon as the analysis of this change is
/// ready, and no sooner than `debounce` after the change (0 by default: a
/// keystroke's diagnostics appear the moment they exist). Superseded by any
/// later change to the site, so a burst of keystrokes coalesces: one
/// analysis runs at a time, always of the newest snapshot, and only the
/// newest change publishes. With `refresh`, a pulling client is also asked
/// to pull again (the change may alter other open documents' diagnostics).
pub fn schedule(
    client: Client,
    world: Arc<World>,
    site: Arc<SiteState>,
    debounce: Duration,
    refresh: bool,
) {
    let generation = site.generation.load(Ordering::SeqCst);
    let changed_at = tokio::time::Instant::now();
    // A change that lands before the analysis starts makes it unnecessary.
    let analysed = {
        let site = site.clone();
        tokio::task::spawn_blocking(move || {
            if site.generation.load(Ordering::SeqCst) == generation {
                let _ = site.analysis();
            }
        })
    };
    tokio::spawn(async move {
        let _ = analysed.await;
        tokio::time::sleep_until(changed_at + debounce).await;
        if site.generation.load(Ordering::SeqCst) != generation {
            return;
        }
        publish_now(&client, &world, &site, Some(generation)).await;
        if refresh {
            let _ = client.workspace_diagnostic_refresh().await;
        }
    });
}

/// [`schedule`] for file events: the analysis too waits until `quiet` has
/// passed without a newer change, so a burst of events (a branch switch
/// changing thousands of files, sent as many notifications) costs one
/// analysis, and the message loop stays free meanwhile.
pub fn schedule_quiet(
    client: Client,
    world: Arc<World>,
    site: Arc<SiteState>,
    quiet: Duration,
    refresh: bool,
) {
    let generation = site.generation.load(Ordering::SeqCst);
    tokio::spawn(async move {
        tokio::time::sleep(quiet).await;
        if site.generation.load(Ordering::SeqCst) != generation
            || world.file_events.load(Ordering::SeqCst) > 0
        {
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
    // change), and converting its diagnostics needs no other thread.
    let Ok(batches) = tokio::task::spawn_blocking(move || {
        let (analysis, docs) = s.analysis_and_versions();
        changed_batches(&w, &s, &analysis, &docs, generation)
    })
    .await
    else {
        return;
    };
    // What was recorded as published is always sent: dropping it here would
    // make a later publish of the same set skip it.
    for (uri, diags, version) in batches {
        client.publish_diagnostics(uri, diags, version).await;
    }
}

/// Diagnostics per file as LSP wants them, for the files whose set changed
/// since the last publish. Hints and information are sent only for open
/// documents: a 25,000-page site would otherwise flood the client with
/// "not in navigation" hints for files nobody is looking at.
fn changed_batches(
    world: &World,
    site: &SiteState,
    analysis: &Analysis,
    docs: &HashMap<PathBuf, i32>,
    generation: Option<u64>,
) -> Vec<(lsp::Uri, Vec<lsp::Diagnostic>, Option<i32>)> {
    let enc = world.encoding();
    let mut per_file: HashMap<PathBuf, Vec<lsp::Diagnostic>> = HashMap::new();
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
        let uri_of = |f: &crate::model::site::SourceFile| {
            convert::uri(&if site.loose {
                site.root.clone()
            } else {
                site.root.join(&f.path)
            })
        };
        per_file.entry(path).or_default().push(convert::diagnostic(
            &analysis.site,
            file,
            d,
            enc,
            &world.bodies,
            uri_of,
        ));
    }
    let mut published = lock(&site.published);
    // A batch that will be dropped as stale must not record itself as
    // published: the newer publish would then skip a version it never sent.
    if generation.is_some_and(|g| g != site.generation.load(Ordering::SeqCst)) {
        return Vec::new();
    }
    let mut out = Vec::new();
    // Files that had diagnostics and now have none get an empty list.
    if world.client_pulls.load(Ordering::Relaxed) {
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
            out.push((uri, Vec::new(), None));
        }
    }
    for (path, diags) in per_file {
        let h = digest(&diags);
        let version = docs.get(&path).copied();
        // An open document gets a publish for each new version (clients wait
        // for it); other files only when their set changed.
        if published.get(&path) == Some(&(h, version)) {
            continue;
        }
        published.insert(path.clone(), (h, version));
        if let Some(uri) = convert::uri(&path) {
            out.push((uri, diags, version));
        }
    }
    out
}

fn digest(diags: &[lsp::Diagnostic]) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    for d in diags {
        (
            d.range.start.line,
            d.range.start.character,
            d.range.end.line,
            d.range.end.character,
        )
            .hash(&mut h);
        d.message.hash(&mut h);
    }
    h.finish()
}

/// Forget what was published for a file, on open: a pushing client gets it
/// again; a pulling client gets an empty push, so what was pushed while the
/// file was closed does not stand beside what it now pulls.
pub async fn forget(client: &Client, world: &World, site: &SiteState, path: &std::path::Path) {
    let had = lock(&site.published).remove(path).is_some();
    if had
        && world.client_pulls.load(Ordering::Relaxed)
        && let Some(uri) = convert::uri(path)
    {
        client.publish_diagnostics(uri, Vec::new(), None).await;
    }
}
