//! The server as tower-lsp-server holds it: the client, the state's one
//! owner (`World`), the assistant's conversation; what opens a snapshot for
//! a request; indexing; running work on a blocking thread.

use super::api::Snapshot;
use super::publish;
use super::world::World;
use crate::workspace::load;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;
use tower_lsp_server::Client;
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::*;

pub struct Backend {
    pub client: Client,
    pub world: Arc<World>,
    /// The assistant thread of this workspace.
    pub conversation: tokio::sync::Mutex<crate::assistant::client::Conversation>,
    pub asks: AtomicU64,
}

pub use super::settings::DEFAULT_DEBOUNCE_MS;

impl Backend {
    pub fn new(client: Client) -> Self {
        Backend {
            client,
            world: Arc::new(World::default()),
            conversation: Default::default(),
            asks: AtomicU64::new(1),
        }
    }

    /// The read-only view a request is answered from (`super::api`).
    pub(super) fn snapshot(&self) -> Snapshot {
        Snapshot::new(&self.world, &self.client)
    }
}

/// Load every docs root under the workspace roots, publishing each as it
/// is read, with progress shown to the client.
pub(super) async fn index_workspace(world: &Arc<World>, client: &Client) {
    let roots: Vec<PathBuf> = world.workspace_roots();
    let token = NumberOrString::String("docs-lsp/index".into());
    let progress_ok = client
        .create_work_done_progress(token.clone())
        .await
        .is_ok();
    let progress = if progress_ok {
        Some(
            client
                .progress(token, "Indexing docs sites")
                .with_percentage(0)
                .begin()
                .await,
        )
    } else {
        None
    };
    let found = {
        let roots = roots.clone();
        tokio::task::spawn_blocking(move || {
            let _t = crate::timing::span("discover roots");
            roots
                .iter()
                .flat_map(|r| load::discover_roots(r))
                .collect::<Vec<_>>()
        })
        .await
        .unwrap_or_default()
    };
    let total = found.len().max(1);
    for (i, root) in found.iter().enumerate() {
        if let Some(p) = &progress {
            p.report_with_message(format!("{}", root.display()), (i * 100 / total) as u32)
                .await;
        }
        let w = world.clone();
        let root = root.clone();
        let Ok(site) = tokio::task::spawn_blocking(move || w.load_root(&root)).await else {
            continue;
        };
        publish::publish_now(client, world, &site, None).await;
    }
    if let Some(p) = progress {
        p.finish_with_message(format!("{} docs site(s)", found.len()))
            .await;
    }
    // Documents pulled before their site was indexed were answered empty.
    if world.caps().can_refresh() {
        let _ = client.workspace_diagnostic_refresh().await;
    }
}

pub(super) fn internal(e: impl std::fmt::Display) -> Error {
    let mut err = Error::internal_error();
    err.message = format!("docs-lsp internal error: {e}").into();
    err
}

/// Run `f` on a blocking thread; a panic in it answers the request with an
/// error instead of taking the server down.
pub async fn blocking<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Result<T> {
    tokio::task::spawn_blocking(f).await.map_err(internal)
}
