//! The `LanguageServer` implementation: thin dispatch from protocol methods
//! to the world state and the `ide` functions.

use super::api::notify;
use super::client_caps::ClientCaps;
use super::convert;
use super::notifications::*;
use crate::text::Encoding;
use tower_lsp_server::LanguageServer;
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::*;

// Where the server's state has always been found (`lsp::server::Backend`).
pub use super::backend::{Backend, DEFAULT_DEBOUNCE_MS, blocking};

impl LanguageServer for Backend {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        // The state is set up before any await, as a change is.
        let caps = ClientCaps::from_client(&params.capabilities);
        self.world.set_caps(caps);
        // Diagnostics go by one channel per document: pull for a client
        // that says it pulls (`ClientCaps::pulls`), push otherwise.
        let (enc, pulls) = (caps.encoding, caps.pulls);
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
        self.world.edit_workspace_roots(|r| *r = roots);
        if let Some(opts) = params.initialization_options {
            notify::<ApplySettings>(&self.world, &self.client, opts).await;
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
                code_lens_provider: Some(CodeLensOptions {
                    resolve_provider: Some(false),
                }),
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
            && let Some(v) = items.into_iter().next().filter(|v| !v.is_null())
        {
            notify::<ApplySettings>(&self.world, &self.client, v).await;
        }
        super::backend::index_workspace(&self.world, &self.client).await;
    }

    async fn shutdown(&self) -> Result<()> {
        Ok(())
    }

    // Changes: applied by `super::notifications` before any await.

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        notify::<DidOpen>(&self.world, &self.client, params).await;
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        notify::<DidChange>(&self.world, &self.client, params).await;
    }

    async fn did_save(&self, _: DidSaveTextDocumentParams) {}

    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        notify::<DidClose>(&self.world, &self.client, params).await;
    }

    async fn did_change_watched_files(&self, params: DidChangeWatchedFilesParams) {
        notify::<FileEvents>(&self.world, &self.client, (params, true)).await;
    }

    async fn did_change_configuration(&self, params: DidChangeConfigurationParams) {
        notify::<ApplySettings>(&self.world, &self.client, params.settings).await;
    }

    async fn did_change_workspace_folders(&self, params: DidChangeWorkspaceFoldersParams) {
        notify::<DidChangeWorkspaceFolders>(&self.world, &self.client, params).await;
    }

    async fn did_rename_files(&self, p: RenameFilesParams) {
        notify::<DidRenameFiles>(&self.world, &self.client, p).await;
    }

    // Requests: answered from a read-only `Snapshot` (`super::api`), except
    // the assistant's command, which keeps its conversation here.

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
        self.snapshot().completion_impl(p).await
    }

    async fn hover(&self, p: HoverParams) -> Result<Option<Hover>> {
        self.snapshot().hover_impl(p).await
    }

    async fn goto_definition(
        &self,
        p: GotoDefinitionParams,
    ) -> Result<Option<GotoDefinitionResponse>> {
        self.snapshot().definition_impl(p).await
    }

    async fn document_symbol(
        &self,
        p: DocumentSymbolParams,
    ) -> Result<Option<DocumentSymbolResponse>> {
        self.snapshot().document_symbol_impl(p).await
    }

    async fn symbol(&self, p: WorkspaceSymbolParams) -> Result<Option<WorkspaceSymbolResponse>> {
        self.snapshot().workspace_symbol_impl(p).await
    }

    async fn folding_range(&self, p: FoldingRangeParams) -> Result<Option<Vec<FoldingRange>>> {
        self.snapshot().folding_impl(p).await
    }

    async fn document_link(&self, p: DocumentLinkParams) -> Result<Option<Vec<DocumentLink>>> {
        self.snapshot().document_link_impl(p).await
    }

    async fn code_action(&self, params: CodeActionParams) -> Result<Option<CodeActionResponse>> {
        let mut actions = self.snapshot().code_action_impl(&params).await?;
        actions.extend(super::assistant::code_action(
            &params.text_document.uri,
            params.range,
        ));
        Ok(Some(actions))
    }

    /// Each feature's lenses, in its own module.
    async fn code_lens(&self, p: CodeLensParams) -> Result<Option<Vec<CodeLens>>> {
        let uri = &p.text_document.uri;
        let lenses = self.snapshot().translation_lenses(uri).await?;
        Ok(Some(lenses))
    }

    async fn references(&self, p: ReferenceParams) -> Result<Option<Vec<Location>>> {
        self.snapshot().references_impl(p).await
    }

    async fn prepare_rename(
        &self,
        p: TextDocumentPositionParams,
    ) -> Result<Option<PrepareRenameResponse>> {
        self.snapshot().prepare_rename_impl(p).await
    }

    async fn rename(&self, p: RenameParams) -> Result<Option<WorkspaceEdit>> {
        let answer = self.snapshot().rename_impl(p).await;
        // The moves the answer expects, watched for by the state's owner.
        super::refactor::watch_moves(&self.world, &self.client);
        answer
    }

    async fn will_rename_files(&self, p: RenameFilesParams) -> Result<Option<WorkspaceEdit>> {
        let answer = self.snapshot().will_rename_files_impl(p).await;
        // The moves the answer expects, watched for by the state's owner.
        super::refactor::watch_moves(&self.world, &self.client);
        answer
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
        let Some(items) = self.snapshot().diagnostics_impl(path).await? else {
            return Ok(empty());
        };
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
