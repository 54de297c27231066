//! `textDocument/inlayHint`: the `ide::inlay_hints` of the asked range
//! (page titles in docs.json, heading ids in pages), as the
//! `docsLsp.inlayHints.*` settings allow.

use super::api::Snapshot;
use super::backend::blocking;
use crate::ide::inlay_hints;
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;

impl Snapshot {
    pub async fn inlay_hint_impl(&self, p: InlayHintParams) -> Result<Option<Vec<InlayHint>>> {
        let options = self.settings.inlay_hints;
        if !options.page_titles && !options.heading_ids {
            return Ok(Some(Vec::new()));
        }
        let Some(t) = self.target(&p.text_document.uri).await else {
            return Ok(None);
        };
        let range = t.offset(p.range.start)..t.offset(p.range.end);
        let (t, hints) = blocking(move || {
            let h = inlay_hints::inlay_hints(&t.analysis, t.file, range, options);
            (t, h)
        })
        .await?;
        Ok(Some(
            hints
                .into_iter()
                .map(|h| InlayHint {
                    position: super::convert::position(&t.text, &t.lines, h.offset, t.enc),
                    label: InlayHintLabel::String(h.label),
                    // Neither a type nor a parameter name: no kind.
                    kind: None,
                    text_edits: None,
                    tooltip: h.tooltip.map(InlayHintTooltip::String),
                    padding_left: Some(true),
                    padding_right: None,
                    data: None,
                })
                .collect(),
        ))
    }
}
