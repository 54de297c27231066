//! The changes: each notification that changes the state, as a
//! [`SyncNotification`] whose `apply` makes the next snapshot before anything
//! awaits (`super::api`). The publish each change needs is put on the
//! schedule (`super::publish`) from here.

use super::api::{Followup, SyncNotification};
use super::documents::Document;
use super::publish::{self, When};
use super::settings::Settings;
use super::world::World;
use super::{convert, file_events};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;
use tower_lsp_server::Client;
use tower_lsp_server::ls_types::*;

pub struct DidOpen;
pub struct DidChange;
pub struct DidClose;
/// The watcher's file events (`burst`: wait for a quiet moment, as a
/// branch switch sends thousands in many notifications), or the editor's
/// own renames (published at once).
pub struct FileEvents;
pub struct DidRenameFiles;
/// `docsLsp.*` settings, from `initializationOptions`, the configuration
/// request or `didChangeConfiguration`.
pub struct ApplySettings;
pub struct DidChangeWorkspaceFolders;

impl SyncNotification for DidOpen {
    type Params = DidOpenTextDocumentParams;
    fn apply(world: &Arc<World>, client: &Client, params: Self::Params) -> Followup {
        let doc = params.text_document;
        let path = convert::path(&doc.uri)?;
        world.open_document(path.clone(), Document::new(&doc.text, doc.version));
        changed(world, client, &path);
        // What was pushed for the file while it was closed is dropped: a
        // pushing client gets it again, a pulling one an emptying push.
        let site = world.site_of(&path)?;
        let uri = publish::forget(world, &site, &path)?;
        let client = client.clone();
        Some(Box::pin(async move {
            client.publish_diagnostics(uri, Vec::new(), None).await;
        }))
    }
}

impl SyncNotification for DidChange {
    type Params = DidChangeTextDocumentParams;
    fn apply(world: &Arc<World>, client: &Client, params: Self::Params) -> Followup {
        let path = convert::path(&params.text_document.uri)?;
        let version = params.text_document.version;
        if world.edit_document(&path, &params.content_changes, version) {
            changed(world, client, &path);
        }
        None
    }
}

impl SyncNotification for DidClose {
    type Params = DidCloseTextDocumentParams;
    fn apply(world: &Arc<World>, client: &Client, params: Self::Params) -> Followup {
        let path = convert::path(&params.text_document.uri)?;
        world.close_document(&path);
        let site = world
            .reload_from_disk(&path)
            .or_else(|| world.site_of(&path))?;
        if site.loose {
            let client = client.clone();
            let uri = params.text_document.uri;
            return Some(Box::pin(async move {
                client.publish_diagnostics(uri, Vec::new(), None).await;
            }));
        }
        let when = When::Analysed(world.settings().debounce);
        publish::schedule(client, world, site, when, world.caps().can_refresh());
        None
    }
}

impl SyncNotification for FileEvents {
    type Params = (DidChangeWatchedFilesParams, bool);
    fn apply(world: &Arc<World>, client: &Client, (params, burst): Self::Params) -> Followup {
        // The batch counts as pending from here: a publish waiting for a
        // quiet moment holds off until it is read (off the message loop: a
        // branch switch reads thousands of files).
        let batch = file_events::Batch::begin(world);
        let client = client.clone();
        Some(Box::pin(async move {
            batch.read_and_publish(&client, params, burst).await;
        }))
    }
}

impl SyncNotification for DidRenameFiles {
    type Params = RenameFilesParams;
    fn apply(world: &Arc<World>, client: &Client, p: Self::Params) -> Followup {
        // The same as the watcher's delete and create, without its delay
        // (a moved folder is left to the watcher, which lists its files).
        let mut changes = Vec::new();
        for f in &p.files {
            let (Ok(old), Ok(new)) = (f.old_uri.parse::<Uri>(), f.new_uri.parse::<Uri>()) else {
                continue;
            };
            if convert::path(&new).is_some_and(|p| p.is_file()) {
                changes.push(FileEvent::new(old, FileChangeType::DELETED));
                changes.push(FileEvent::new(new, FileChangeType::CREATED));
            }
        }
        if changes.is_empty() {
            return None;
        }
        // Published at once, not after a quiet moment: the editor has
        // already rewritten docs.json for the move, and until this lands
        // it would show the moved page as missing.
        FileEvents::apply(
            world,
            client,
            (DidChangeWatchedFilesParams { changes }, false),
        )
    }
}

impl SyncNotification for ApplySettings {
    type Params = serde_json::Value;
    fn apply(world: &Arc<World>, client: &Client, v: Self::Params) -> Followup {
        let (settings, ignored) = Settings::read(&v);
        // Hints shown under the old settings are asked again.
        let hints_changed =
            world.settings().inlay_hints != settings.inlay_hints && world.caps().inlay_hint_refresh;
        // A new `since` changes the sites' diagnostics: published again.
        for site in world.set_settings(settings) {
            publish::schedule(
                client,
                world,
                site,
                When::Analysed(Duration::ZERO),
                world.caps().can_refresh(),
            );
        }
        if ignored.is_empty() && !hints_changed {
            return None;
        }
        // What cannot be used is said in the client's log (by name, never by
        // value: it may be a key).
        let client = client.clone();
        Some(Box::pin(async move {
            for line in ignored {
                client.log_message(MessageType::WARNING, line).await;
            }
            if hints_changed {
                let _ = client.inlay_hint_refresh().await;
            }
        }))
    }
}

impl SyncNotification for DidChangeWorkspaceFolders {
    type Params = DidChangeWorkspaceFoldersParams;
    fn apply(world: &Arc<World>, client: &Client, params: Self::Params) -> Followup {
        let event = params.event;
        world.edit_workspace_roots(|roots| {
            roots.retain(|p| {
                !event
                    .removed
                    .iter()
                    .any(|f| convert::path(&f.uri).as_ref() == Some(p))
            });
            roots.extend(event.added.iter().filter_map(|f| convert::path(&f.uri)));
        });
        let (world, client) = (world.clone(), client.clone());
        Some(Box::pin(async move {
            super::backend::index_workspace(&world, &client).await;
        }))
    }
}

/// An open document changed (or opened): its text goes into its site's next
/// snapshot, and that site's publish is scheduled.
fn changed(world: &Arc<World>, client: &Client, path: &Path) {
    let _t = crate::timing::span("change");
    let refresh = world.caps().can_refresh();
    let debounce = world.settings().debounce;
    if let Some(root) = world.root_to_load(path) {
        // Reading a 25,000-page site must not hold up the messages behind
        // this one. Edits that arrive meanwhile wait in the open documents;
        // the load overlays them, and what came after it read them is put
        // in once it is done.
        let (world, client) = (world.clone(), client.clone());
        tokio::spawn(async move {
            let w = world.clone();
            let Ok(site) = tokio::task::spawn_blocking(move || w.load_for_documents(&root)).await
            else {
                return;
            };
            publish::schedule(&client, &world, site, When::Analysed(debounce), refresh);
            if refresh {
                let _ = client.workspace_diagnostic_refresh().await;
            }
        });
        return;
    }
    let (text, version) = match world.with_document(path, |d| (d.shared(), d.version)) {
        Some(((t, l), v)) => (Some((t, Some(l))), Some(v)),
        None => (None, None),
    };
    let edited = world.take_document_edit(path);
    if let Some(site) = world.set_file_with_lines(path, text, version, edited) {
        // Other open documents' diagnostics may change with this one.
        let refresh = refresh && world.open_documents() > 1;
        publish::schedule(client, world, site, When::Analysed(debounce), refresh);
    }
}
