//! The `LanguageServer` implementation: thin dispatch from protocol methods
//! to the world state and the `ide` functions.

use super::documents::Document;
use super::{convert, publish};
use crate::text::Encoding;
use std::sync::atomic::Ordering;
use tower_lsp_server::LanguageServer;
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::*;

// Where the server's state has always been found (`lsp::server::Backend`).
pub use super::backend::{Backend, DEFAULT_DEBOUNCE_MS, blocking};
use super::edit_caps::EditCaps;

impl LanguageServer for Backend {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        let enc = params
            .capabilities
            .general
            .as_ref()
            .and_then(|g| g.position_encodings.as_ref())
            .filter(|encs| encs.contains(&PositionEncodingKind::UTF8))
            .map_or(Encoding::Utf16, |_| Encoding::Utf8);
        let _ = self
            .edit_caps
            .set(EditCaps::from_client(&params.capabilities));
        if let Ok(mut e) = self.world.encoding.write() {
            *e = enc;
        }
        // Diagnostics go by one channel per document. Pull is offered only to
        // a client that says it pulls: VS Code's client, offered pull, pulls
        // only for documents shown in a tab, so a document opened without one
        // (or whose tab closed) would show no problems; its extension leaves
        // the capability out and gets everything pushed.
        let td = params.capabilities.text_document.as_ref();
        let pulls = td.and_then(|t| t.diagnostic.as_ref()).is_some();
        self.world.client_pulls.store(pulls, Ordering::Relaxed);
        let refresh = params
            .capabilities
            .workspace
            .as_ref()
            .and_then(|w| w.diagnostics.as_ref())
            .and_then(|d| d.refresh_support)
            .unwrap_or(false);
        self.refresh_support.store(refresh, Ordering::Relaxed);
        let mut roots = Vec::new();
        if let Some(folders) = &params.workspace_folders {
            roots.extend(folders.iter().filter_map(|f| convert::path(&f.uri)));
        }
        #[allow(deprecated)]
        if roots.is_empty()
            && let Some(uri) = &params.root_uri
        {
            roots.extend(convert::path(uri));
        }
        if let Ok(mut r) = self.world.workspace_roots.write() {
            *r = roots;
        }
        if let Some(opts) = &params.initialization_options {
            self.apply_settings(opts).await;
        }
        Ok(InitializeResult {
            offset_encoding: None,
            server_info: Some(ServerInfo {
                name: "docs-lsp".into(),
                version: Some(env!("CARGO_PKG_VERSION").into()),
            }),
            capabilities: ServerCapabilities {
                position_encoding: Some(match enc {
                    Encoding::Utf8 => PositionEncodingKind::UTF8,
                    Encoding::Utf16 => PositionEncodingKind::UTF16,
                }),
                text_document_sync: Some(TextDocumentSyncCapability::Options(
                    TextDocumentSyncOptions {
                        open_close: Some(true),
                        change: Some(TextDocumentSyncKind::INCREMENTAL),
                        save: Some(TextDocumentSyncSaveOptions::Supported(true)),
                        ..Default::default()
                    },
                )),
                execute_command_provider: Some(ExecuteCommandOptions {
                    commands: vec![super::assistant::ASK.into(), super::assistant::NEW.into()],
                    work_done_progress_options: Default::default(),
                }),
                code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
                completion_provider: Some(CompletionOptions {
                    trigger_characters: Some(vec![
                        "\"".into(),
                        "/".into(),
                        ":".into(),
                        " ".into(),
                        "<".into(),
                    ]),
                    ..Default::default()
                }),
                hover_provider: Some(HoverProviderCapability::Simple(true)),
                definition_provider: Some(OneOf::Left(true)),
                references_provider: Some(OneOf::Left(true)),
                rename_provider: Some(super::refactor::rename_provider()),
                document_symbol_provider: Some(OneOf::Left(true)),
                workspace_symbol_provider: Some(OneOf::Left(true)),
                folding_range_provider: Some(FoldingRangeProviderCapability::Simple(true)),
                document_link_provider: Some(DocumentLinkOptions {
                    resolve_provider: Some(false),
                    work_done_progress_options: Default::default(),
                }),
                diagnostic_provider: pulls.then(|| {
                    DiagnosticServerCapabilities::Options(DiagnosticOptions {
                        identifier: Some("docs-lsp".into()),
                        inter_file_dependencies: true,
                        workspace_diagnostics: false,
                        work_done_progress_options: Default::default(),
                    })
                }),
                workspace: Some(WorkspaceServerCapabilities {
                    workspace_folders: Some(WorkspaceFoldersServerCapabilities {
                        supported: Some(true),
                        change_notifications: Some(OneOf::Left(true)),
                    }),
                    file_operations: Some(super::refactor::file_operations()),
                }),
                ..Default::default()
            },
        })
    }

    async fn initialized(&self, _: InitializedParams) {
        let watchers = ["**/*.json", "**/*.mdx", "**/*.md", "**/*.yaml", "**/*.yml"]
            .iter()
            .map(|g| FileSystemWatcher {
                glob_pattern: GlobPattern::String((*g).into()),
                kind: None,
            })
            .collect();
        let reg = Registration {
            id: "docs-lsp-watch".into(),
            method: "workspace/didChangeWatchedFiles".into(),
            register_options: serde_json::to_value(DidChangeWatchedFilesRegistrationOptions {
                watchers,
            })
            .ok(),
        };
        let _ = self.client.register_capability(vec![reg]).await;
        if let Ok(items) = self
            .client
            .configuration(vec![ConfigurationItem {
                scope_uri: None,
                section: Some("docsLsp".into()),
            }])
            .await
            && let Some(v) = items.first().filter(|v| !v.is_null())
        {
            self.apply_settings(v).await;
        }
        self.index_workspace().await;
    }

    async fn shutdown(&self) -> Result<()> {
        Ok(())
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        let Some(path) = convert::path(&params.text_document.uri) else {
            return;
        };
        self.world.docs.insert(
            path.clone(),
            Document::new(&params.text_document.text, params.text_document.version),
        );
        // The edit state is recorded before any await; then the client may
        // be told to drop what was pushed for the file while it was closed.
        self.changed(&path);
        if let Some(site) = self.world.site_of(&path) {
            publish::forget(&self.client, &self.world, &site, &path).await;
        }
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        let Some(path) = convert::path(&params.text_document.uri) else {
            return;
        };
        let enc = self.world.encoding();
        // Applied synchronously, in arrival order, before any await.
        if let Some(mut doc) = self.world.docs.get_mut(&path) {
            for c in &params.content_changes {
                doc.apply(c, enc);
            }
            doc.version = params.text_document.version;
        } else {
            return;
        }
        self.changed(&path);
    }

    async fn did_save(&self, _: DidSaveTextDocumentParams) {}

    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        let Some(path) = convert::path(&params.text_document.uri) else {
            return;
        };
        self.world.docs.remove(&path);
        let site = self
            .world
            .reload_from_disk(&path)
            .or_else(|| self.world.site_of(&path));
        if let Some(site) = site {
            if site.loose {
                self.client
                    .publish_diagnostics(params.text_document.uri, Vec::new(), None)
                    .await;
                return;
            }
            publish::schedule(
                self.client.clone(),
                self.world.clone(),
                site,
                self.debounce(),
                self.can_refresh(),
            );
        }
    }

    async fn did_change_watched_files(&self, params: DidChangeWatchedFilesParams) {
        self.on_file_events(params, true).await;
    }

    async fn did_change_configuration(&self, params: DidChangeConfigurationParams) {
        self.apply_settings(&params.settings).await;
    }

    async fn did_change_workspace_folders(&self, params: DidChangeWorkspaceFoldersParams) {
        if let Ok(mut r) = self.world.workspace_roots.write() {
            r.retain(|p| {
                !params
                    .event
                    .removed
                    .iter()
                    .any(|f| convert::path(&f.uri).as_ref() == Some(p))
            });
            r.extend(
                params
                    .event
                    .added
                    .iter()
                    .filter_map(|f| convert::path(&f.uri)),
            );
        }
        self.index_workspace().await;
    }

    async fn execute_command(
        &self,
        params: ExecuteCommandParams,
    ) -> Result<Option<serde_json::Value>> {
        match params.command.as_str() {
            super::assistant::ASK => {
                let arg = params.arguments.into_iter().next().unwrap_or_default();
                self.ask(arg).await
            }
            super::assistant::NEW => {
                self.new_conversation().await;
                Ok(None)
            }
            other => Err(Error::invalid_params(format!("unknown command {other}"))),
        }
    }

    async fn completion(&self, p: CompletionParams) -> Result<Option<CompletionResponse>> {
        self.completion_impl(p).await
    }

    async fn hover(&self, p: HoverParams) -> Result<Option<Hover>> {
        self.hover_impl(p).await
    }

    async fn goto_definition(
        &self,
        p: GotoDefinitionParams,
    ) -> Result<Option<GotoDefinitionResponse>> {
        self.definition_impl(p).await
    }

    async fn document_symbol(
        &self,
        p: DocumentSymbolParams,
    ) -> Result<Option<DocumentSymbolResponse>> {
        self.document_symbol_impl(p).await
    }

    async fn symbol(&self, p: WorkspaceSymbolParams) -> Result<Option<WorkspaceSymbolResponse>> {
        self.workspace_symbol_impl(p).await
    }

    async fn folding_range(&self, p: FoldingRangeParams) -> Result<Option<Vec<FoldingRange>>> {
        self.folding_impl(p).await
    }

    async fn document_link(&self, p: DocumentLinkParams) -> Result<Option<Vec<DocumentLink>>> {
        self.document_link_impl(p).await
    }

    async fn code_action(&self, params: CodeActionParams) -> Result<Option<CodeActionResponse>> {
        let mut actions = self.code_action_impl(&params).await?;
        actions.extend(super::assistant::code_action(
            &params.text_document.uri,
            params.range,
        ));
        Ok(Some(actions))
    }

    async fn references(&self, p: ReferenceParams) -> Result<Option<Vec<Location>>> {
        self.references_impl(p).await
    }

    async fn prepare_rename(
        &self,
        p: TextDocumentPositionParams,
    ) -> Result<Option<PrepareRenameResponse>> {
        self.prepare_rename_impl(p).await
    }

    async fn rename(&self, p: RenameParams) -> Result<Option<WorkspaceEdit>> {
        self.rename_impl(p).await
    }

    async fn did_rename_files(&self, p: RenameFilesParams) {
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
        if !changes.is_empty() {
            // Published at once, not after a quiet moment: the editor has
            // already rewritten docs.json for the move, and until this
            // lands it would show the moved page as missing.
            self.on_file_events(DidChangeWatchedFilesParams { changes }, false)
                .await;
        }
    }

    async fn will_rename_files(&self, p: RenameFilesParams) -> Result<Option<WorkspaceEdit>> {
        self.will_rename_files_impl(p).await
    }

    async fn diagnostic(
        &self,
        params: DocumentDiagnosticParams,
    ) -> Result<DocumentDiagnosticReportResult> {
        let empty = || {
            DocumentDiagnosticReportResult::Report(DocumentDiagnosticReport::Full(
                RelatedFullDocumentDiagnosticReport {
                    related_documents: None,
                    full_document_diagnostic_report: FullDocumentDiagnosticReport {
                        result_id: None,
                        items: Vec::new(),
                    },
                },
            ))
        };
        let Some(path) = convert::path(&params.text_document.uri) else {
            return Ok(empty());
        };
        let site = match self.world.site_of(&path) {
            Some(site) => site,
            // Its site is still loading (in the background, from didOpen):
            // this pull waits for it rather than answer "no problems".
            None => match self.world.root_to_load(&path) {
                Some(root) => {
                    let w = self.world.clone();
                    blocking(move || w.load_for_documents(&root)).await?
                }
                None => return Ok(empty()),
            },
        };
        let enc = self.world.encoding();
        let world = self.world.clone();
        let items = blocking(move || {
            let _t = crate::timing::span("textDocument/diagnostic");
            let a = site.analysis();
            let rel = if site.loose {
                a.site
                    .files()
                    .next()
                    .map(|f| f.path.clone())
                    .unwrap_or_default()
            } else {
                site.rel(&path).unwrap_or_default()
            };
            let Some(file) = a.site.file_by_path(&rel) else {
                return Vec::new();
            };
            a.diagnostics
                .iter()
                .filter(|d| d.file == file.id && !site.suppress.silences(d, &file.path))
                .map(|d| {
                    convert::diagnostic(&a.site, file, d, enc, &world.bodies, |f| {
                        convert::uri(&if site.loose {
                            site.root.clone()
                        } else {
                            site.root.join(&f.path)
                        })
                    })
                })
                .collect::<Vec<_>>()
        })
        .await?;
        Ok(DocumentDiagnosticReportResult::Report(
            DocumentDiagnosticReport::Full(RelatedFullDocumentDiagnosticReport {
                related_documents: None,
                full_document_diagnostic_report: FullDocumentDiagnosticReport {
                    result_id: None,
                    items,
                },
            }),
        ))
    }
}
