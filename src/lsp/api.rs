//! The two kinds of handler, as types (after ruff's server:
//! `SyncNotificationHandler` and `BackgroundDocumentRequestHandler` in
//! `ruff_server/src/server/api.rs`).
//!
//! - A change (didOpen, didChange, didClose, file events, settings,
//!   workspace folders) is a [`SyncNotification`]: its `apply` is a plain
//!   function given the state's owner ([`World`]), so it runs to its end,
//!   making the next snapshot, before the handler reaches any `.await` and
//!   before tower-lsp-server reads the next message. What must wait (telling
//!   the client, reading files) is the [`Followup`] it returns, run after.
//! - A request (completion, hover, definition, references, diagnostics
//!   pull, code actions, ...) gets a [`Snapshot`]: a read-only view of the
//!   state with no way to the `World`'s mutators, so it cannot change
//!   documents or sites, whatever it awaits.

use super::client_caps::ClientCaps;
use super::moves;
use super::settings::Settings;
use super::world::{SiteState, World};
use crate::text::{Encoding, LineIndex};
use crate::workspace::bodies::Bodies;
use futures::future::BoxFuture;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tower_lsp_server::Client;

/// What a change leaves to do once it is applied: messages to the client,
/// files to read. Runs after `apply`, so it may await.
pub type Followup = Option<BoxFuture<'static, ()>>;

/// A notification that changes the state. Not async by construction: the
/// change is applied in arrival order, before any `.await`
/// (ARCHITECTURE.md).
pub trait SyncNotification {
    type Params;
    fn apply(world: &Arc<World>, client: &Client, params: Self::Params) -> Followup;
}

/// Apply `N` now, then run what it left to do.
pub async fn notify<N: SyncNotification>(world: &Arc<World>, client: &Client, params: N::Params) {
    if let Some(after) = N::apply(world, client, params) {
        after.await;
    }
}

/// The read-only view a request is answered from: sites (whose snapshots
/// are immutable), open documents' texts, the client's capabilities and
/// the settings as of when the request arrived. The `World` inside is
/// private to this module, so its mutators are out of a handler's reach:
///
/// ```compile_fail,E0616
/// fn close(s: &docs_lsp::lsp::api::Snapshot) {
///     let _ = &s.world;
/// }
/// ```
#[derive(Clone)]
pub struct Snapshot {
    world: Arc<World>,
    pub client: Client,
    pub caps: ClientCaps,
    pub settings: Arc<Settings>,
}

impl Snapshot {
    pub fn new(world: &Arc<World>, client: &Client) -> Self {
        Snapshot {
            caps: world.caps(),
            settings: world.settings(),
            world: world.clone(),
            client: client.clone(),
        }
    }

    pub fn encoding(&self) -> Encoding {
        self.caps.encoding
    }

    pub fn site_of(&self, path: &Path) -> Option<Arc<SiteState>> {
        self.world.site_of(path)
    }

    pub fn sites(&self) -> Vec<Arc<SiteState>> {
        self.world.sites()
    }

    /// The site a custom request (`docsLsp/navigation`, `docsLsp/translations`)
    /// asks about: the one holding its document, or the first site when it
    /// names none (a client may ask before any document is open).
    pub fn site_asked(
        &self,
        uri: Option<&tower_lsp_server::ls_types::Uri>,
    ) -> Option<Arc<SiteState>> {
        match uri {
            Some(uri) => super::convert::path(uri).and_then(|path| self.site_of(&path)),
            None => self.sites().into_iter().next(),
        }
    }

    /// The open document's text (as its site's latest snapshot shares it)
    /// and line index.
    pub fn document_text(&self, path: &Path) -> Option<(Arc<str>, Arc<LineIndex>)> {
        self.world.document_text(path)
    }

    /// Read the open document at `path`.
    pub fn with_document<R>(
        &self,
        path: &Path,
        f: impl FnOnce(&super::documents::Document) -> R,
    ) -> Option<R> {
        self.world.with_document(path, f)
    }

    pub fn in_workspace(&self, path: &Path) -> bool {
        self.world.in_workspace(path)
    }

    pub fn workspace_roots(&self) -> Vec<PathBuf> {
        self.world.workspace_roots()
    }

    /// The reader of bulk-loaded pages' bodies, for placing positions.
    pub fn bodies(&self) -> &Bodies {
        &self.world.bodies
    }

    /// The git history walks kept for the translations report and lens.
    pub fn history(&self) -> &crate::workspace::git_history::Cache {
        &self.world.history
    }

    /// The site of `path`, waiting for the load of its root that a change
    /// started (a pull for a document opened before its site was indexed
    /// must not answer "no problems"). Loading is idempotent: this joins
    /// that load, or does it if it has not begun; it changes no document.
    pub fn site_loaded(
        &self,
        path: &Path,
    ) -> Option<impl FnOnce() -> Arc<SiteState> + Send + use<>> {
        let root = self.world.root_to_load(path)?;
        let world = self.world.clone();
        Some(move || world.load_for_documents(&root))
    }

    /// Wait for `e` to be seen on disk (`super::moves`). The state's owner
    /// watches for it once the request is answered (`refactor::watch_moves`)
    /// and applies the move as a file event when it is seen.
    pub fn expect_moves(&self, e: moves::Expected) {
        self.world
            .moves
            .expect(e, std::time::Instant::now() + moves::EXPECT_FOR);
    }
}
