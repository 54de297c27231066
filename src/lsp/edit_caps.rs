//! What workspace edits the client can apply (`workspace.workspaceEdit`).

use tower_lsp_server::ls_types::*;

/// What the client can apply, from `workspace.workspaceEdit`.
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
