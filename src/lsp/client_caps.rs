//! What the client said it can do, at `initialize`: read once, then fixed
//! for the session (`World::caps`).

use crate::text::Encoding;
use tower_lsp_server::ls_types::*;

/// The client's capabilities that change what the server does.
#[derive(Debug, Clone, Copy, Default)]
pub struct ClientCaps {
    /// Position columns: UTF-8 when the client offers it, else UTF-16.
    pub encoding: Encoding,
    /// The client pulls diagnostics (`textDocument/diagnostic`): open
    /// documents are then answered by pull only, or a client such as Neovim
    /// shows every problem twice (push and pull land in separate sets).
    /// Pull is offered only to a client that says it pulls: VS Code's
    /// client, offered pull, pulls only for documents shown in a tab, so a
    /// document opened without one would show no problems.
    pub pulls: bool,
    /// The client accepts `workspace/diagnostic/refresh`.
    pub refresh: bool,
    /// The client accepts `workspace/inlayHint/refresh` (asked when the
    /// inlay hint settings change, and when a change elsewhere altered a
    /// hint of an open document: `super::view_refresh`).
    pub inlay_hint_refresh: bool,
    /// The client asks for code lenses (`textDocument.codeLens`): the
    /// reverse link index is then built off the request path.
    pub code_lens: bool,
    /// The client accepts `workspace/codeLens/refresh` (asked when a change
    /// elsewhere altered a lens of an open document).
    pub code_lens_refresh: bool,
    pub edit: EditCaps,
}

impl ClientCaps {
    pub fn from_client(c: &ClientCapabilities) -> Self {
        let encoding = c
            .general
            .as_ref()
            .and_then(|g| g.position_encodings.as_ref())
            .filter(|encs| encs.contains(&PositionEncodingKind::UTF8))
            .map_or(Encoding::Utf16, |_| Encoding::Utf8);
        let pulls = c
            .text_document
            .as_ref()
            .and_then(|t| t.diagnostic.as_ref())
            .is_some();
        let refresh = c
            .workspace
            .as_ref()
            .and_then(|w| w.diagnostics.as_ref())
            .and_then(|d| d.refresh_support)
            .unwrap_or(false);
        let inlay_hint_refresh = c
            .workspace
            .as_ref()
            .and_then(|w| w.inlay_hint.as_ref())
            .and_then(|h| h.refresh_support)
            .unwrap_or(false);
        let code_lens = c
            .text_document
            .as_ref()
            .and_then(|t| t.code_lens.as_ref())
            .is_some();
        let code_lens_refresh = c
            .workspace
            .as_ref()
            .and_then(|w| w.code_lens.as_ref())
            .and_then(|l| l.refresh_support)
            .unwrap_or(false);
        ClientCaps {
            encoding,
            code_lens,
            code_lens_refresh,
            pulls,
            refresh,
            inlay_hint_refresh,
            edit: EditCaps::from_client(c),
        }
    }

    /// A pulling client is asked to pull again after a change it did not
    /// make (indexing, files changed on disk).
    pub fn can_refresh(&self) -> bool {
        self.pulls && self.refresh
    }
}

/// What workspace edits the client can apply (`workspace.workspaceEdit`).
#[derive(Debug, Clone, Copy, Default)]
pub struct EditCaps {
    pub document_changes: bool,
    pub create: bool,
    pub rename: bool,
}

impl EditCaps {
    pub fn from_client(c: &ClientCapabilities) -> Self {
        let we = c.workspace.as_ref().and_then(|w| w.workspace_edit.as_ref());
        let ops = we
            .and_then(|w| w.resource_operations.clone())
            .unwrap_or_default();
        EditCaps {
            document_changes: we.and_then(|w| w.document_changes).unwrap_or(false),
            create: ops.contains(&ResourceOperationKind::Create),
            rename: ops.contains(&ResourceOperationKind::Rename),
        }
    }
}
