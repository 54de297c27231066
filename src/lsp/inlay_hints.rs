//! `textDocument/inlayHint`: the `ide::inlay_hints` of the asked range
//! (page titles in docs.json, heading ids in pages), as the
//! `docsLsp.inlayHints.*` settings allow.

use super::api::Snapshot;
use crate::ide::inlay_hints;
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;

impl Snapshot {
    pub async fn inlay_hint_impl(&self, p: InlayHintParams) -> Result<Option<Vec<InlayHint>>> {
        let options = self.settings.inlay_hints;
        if !options.page_titles && !options.heading_ids {
            return Ok(Some(Vec::new()));
        }
        let (start, end) = (p.range.start, p.range.end);
        let Some((t, hints)) = self
            .in_document(&p.text_document.uri, move |t| {
                let range = t.offset(start)..t.offset(end);
                inlay_hints::inlay_hints(&t.analysis, t.file, range, options)
            })
            .await?
        else {
            return Ok(None);
        };
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
