//! File events (the watcher's, and moves the server expects): applied to
//! their sites as batches, then published.

use super::backend::Backend;
use super::world::World;
use super::{convert, publish};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;
use tower_lsp_server::Client;
use tower_lsp_server::ls_types::*;

/// How long the server waits after a batch of file events for the next one
/// before it analyses: editors split a branch switch's events into many
/// notifications.
const FILE_EVENTS_QUIET: Duration = Duration::from_millis(50);

impl Backend {
    /// File events applied, and their sites published: after a quiet moment
    /// for the watcher's events (`burst`: a branch switch sends thousands in
    /// many notifications, which then cost one analysis), else at once.
    pub(super) async fn on_file_events(&self, params: DidChangeWatchedFilesParams, burst: bool) {
        file_events(&self.client, &self.world, self.can_refresh(), params, burst).await;
    }
}

/// [`Backend::on_file_events`] for tasks that do not hold the backend (the
/// watch for expected moves, `super::moves`).
pub(super) async fn file_events(
    client: &Client,
    world: &Arc<World>,
    refresh: bool,
    params: DidChangeWatchedFilesParams,
    burst: bool,
) {
    world.file_events.fetch_add(1, Ordering::SeqCst);
    let touched = apply_file_events(world, params).await;
    world.file_events.fetch_sub(1, Ordering::SeqCst);
    for site in touched {
        if burst {
            publish::schedule_quiet(
                client.clone(),
                world.clone(),
                site,
                FILE_EVENTS_QUIET,
                refresh,
            );
        } else {
            publish::schedule(
                client.clone(),
                world.clone(),
                site,
                Duration::from_millis(10),
                refresh,
            );
        }
    }
}

/// The sites a batch of file events changed, each given one new snapshot
/// for the whole batch.
async fn apply_file_events(
    world: &Arc<World>,
    params: DidChangeWatchedFilesParams,
) -> Vec<Arc<super::world::SiteState>> {
    let mut touched = Vec::new();
    let mut reload: Vec<PathBuf> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for ev in params.changes {
        let Some(path) = convert::path(&ev.uri) else {
            continue;
        };
        if !world.in_workspace(&path) {
            continue;
        }
        if path.file_name().is_some_and(|n| n == "docs.json")
            && ev.typ == FileChangeType::CREATED
            && world
                .site_of(&path)
                .is_none_or(|s| s.root != path.parent().unwrap_or(&path))
        {
            // A stale copy of docs.json in a subfolder starts no root:
            // it is a file of the root above it.
            if let Some(root) = world
                .docs_root_of(&path)
                .filter(|r| world.site_of(&path).is_none_or(|s| s.root != *r))
            {
                let world = world.clone();
                let root = root.to_path_buf();
                if let Ok(site) = tokio::task::spawn_blocking(move || world.load_root(&root)).await
                {
                    touched.push(site);
                }
                continue;
            }
        }
        // An earlier batch's publish waits while this one is read
        // (`World::file_events`), and is stale once it is applied.
        if seen.insert(path.clone()) {
            reload.push(path);
        }
    }
    if !reload.is_empty() {
        let world = world.clone();
        if let Ok(sites) = tokio::task::spawn_blocking(move || world.reload_many(&reload)).await {
            touched.extend(sites);
        }
    }
    touched.dedup_by(|a, b| Arc::ptr_eq(a, b));
    touched
}
