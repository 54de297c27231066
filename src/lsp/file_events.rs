//! File events (the watcher's, and moves the server expects): applied to
//! their sites as batches, then published.

use super::convert;
use super::publish::{self, When};
use super::world::World;
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

/// A batch of file events from the moment it is seen until its files are
/// read and its sites published. While any batch is being read, a publish
/// waiting for a quiet moment holds off (`World::file_events`).
pub(super) struct Batch {
    world: Arc<World>,
}

impl Batch {
    /// Count the batch as pending, synchronously (`super::notifications`).
    pub(super) fn begin(world: &Arc<World>) -> Self {
        world.file_events.fetch_add(1, Ordering::SeqCst);
        Batch {
            world: world.clone(),
        }
    }

    /// Read the batch's files, give each site one new snapshot for it, and
    /// schedule their publishes: after a quiet moment for the watcher's
    /// events (`burst`), else at once.
    pub(super) async fn read_and_publish(
        self,
        client: &Client,
        params: DidChangeWatchedFilesParams,
        burst: bool,
    ) {
        let touched = apply_file_events(&self.world, params).await;
        // Done reading: no longer pending (also when the task is dropped).
        let world = self.world.clone();
        drop(self);
        let refresh = world.caps().can_refresh();
        let when = if burst {
            When::Quiet(FILE_EVENTS_QUIET)
        } else {
            When::Analysed(Duration::from_millis(10))
        };
        for site in touched {
            publish::schedule(client, &world, site, when, refresh);
        }
    }
}

impl Drop for Batch {
    fn drop(&mut self) {
        self.world.file_events.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A batch of file events applied and published, for the task that applies
/// moves the server expects once they are seen (`super::refactor`).
pub(super) async fn file_events(
    world: &Arc<World>,
    client: &Client,
    params: DidChangeWatchedFilesParams,
    burst: bool,
) {
    Batch::begin(world)
        .read_and_publish(client, params, burst)
        .await;
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
