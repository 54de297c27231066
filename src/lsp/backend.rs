//! The server's state and what every handler uses: the settings, the world
//! of sites, and running work on a blocking thread.

use super::edit_caps::EditCaps;
use super::publish;
use super::settings::Settings;
use super::world::World;
use crate::workspace::load;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use tower_lsp_server::Client;
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::*;

pub struct Backend {
    pub client: Client,
    pub world: Arc<World>,
    /// `docsLsp.*` as last sent by the client (`super::settings`).
    settings: std::sync::RwLock<Arc<Settings>>,
    /// The assistant thread of this workspace.
    pub conversation: tokio::sync::Mutex<crate::assistant::client::Conversation>,
    pub asks: AtomicU64,
    pub edit_caps: std::sync::OnceLock<EditCaps>,
    /// The client accepts `workspace/diagnostic/refresh`.
    pub refresh_support: std::sync::atomic::AtomicBool,
    /// Moves the server waits to see on disk (`super::moves`), and whether a
    /// task is watching for them.
    pub moves: Arc<super::moves::PendingMoves>,
    pub moves_watched: Arc<std::sync::atomic::AtomicBool>,
}

pub use super::settings::DEFAULT_DEBOUNCE_MS;

impl Backend {
    pub fn new(client: Client) -> Self {
        Backend {
            client,
            world: Arc::new(World::default()),
            settings: Default::default(),
            conversation: Default::default(),
            asks: AtomicU64::new(1),
            refresh_support: Default::default(),
            edit_caps: Default::default(),
            moves: Default::default(),
            moves_watched: Default::default(),
        }
    }

    pub(super) fn debounce(&self) -> Duration {
        self.settings().debounce
    }

    /// The settings now in force.
    pub(super) fn settings(&self) -> Arc<Settings> {
        self.settings
            .read()
            .map(|s| s.clone())
            .unwrap_or_else(|p| p.into_inner().clone())
    }

    /// Take the settings the client sent; what cannot be used is said in
    /// the client's log (by name, never by value: it may be a key).
    pub(super) async fn apply_settings(&self, v: &serde_json::Value) {
        let (settings, ignored) = Settings::read(v);
        match self.settings.write() {
            Ok(mut s) => *s = Arc::new(settings),
            Err(p) => *p.into_inner() = Arc::new(settings),
        }
        for line in ignored {
            self.client.log_message(MessageType::WARNING, line).await;
        }
    }

    pub(super) fn changed(&self, path: &std::path::Path) {
        let _t = crate::timing::span("change");
        if let Some(root) = self.world.root_to_load(path) {
            // Reading a 25,000-page site must not hold up the messages
            // behind this one. Edits that arrive meanwhile wait in
            // `world.docs`; the load overlays them, and what came after it
            // read them is put in once it is done.
            let (world, client) = (self.world.clone(), self.client.clone());
            let (debounce, refresh) = (self.debounce(), self.can_refresh());
            tokio::spawn(async move {
                let w = world.clone();
                let Ok(site) =
                    tokio::task::spawn_blocking(move || w.load_for_documents(&root)).await
                else {
                    return;
                };
                publish::schedule(client.clone(), world, site, debounce, refresh);
                if refresh {
                    let _ = client.workspace_diagnostic_refresh().await;
                }
            });
            return;
        }
        let (text, version) = match self.world.docs.get(path) {
            Some(d) => {
                let (t, l) = d.shared();
                (Some((t, Some(l))), Some(d.version))
            }
            None => (None, None),
        };
        if let Some(site) = self.world.set_file_with_lines(path, text, version) {
            let refresh = self.can_refresh() && self.world.docs.len() > 1;
            publish::schedule(
                self.client.clone(),
                self.world.clone(),
                site,
                self.debounce(),
                refresh,
            );
        }
    }

    pub(super) async fn index_workspace(&self) {
        let roots: Vec<PathBuf> = self
            .world
            .workspace_roots
            .read()
            .map(|r| r.clone())
            .unwrap_or_default();
        let token = NumberOrString::String("docs-lsp/index".into());
        let progress_ok = self
            .client
            .create_work_done_progress(token.clone())
            .await
            .is_ok();
        let progress = if progress_ok {
            Some(
                self.client
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
            let world = self.world.clone();
            let root = root.clone();
            let Ok(site) = tokio::task::spawn_blocking(move || world.load_root(&root)).await else {
                continue;
            };
            publish::publish_now(&self.client, &self.world, &site, None).await;
        }
        if let Some(p) = progress {
            p.finish_with_message(format!("{} docs site(s)", found.len()))
                .await;
        }
        // Documents pulled before their site was indexed were answered empty.
        self.refresh_pulls().await;
    }

    /// Ask a pulling client to pull again after a change it did not make
    /// (indexing, files changed on disk).
    pub(super) async fn refresh_pulls(&self) {
        if self.can_refresh() {
            let _ = self.client.workspace_diagnostic_refresh().await;
        }
    }

    pub(super) fn can_refresh(&self) -> bool {
        self.world.client_pulls.load(Ordering::Relaxed)
            && self.refresh_support.load(Ordering::Relaxed)
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
