//! The "N inbound links" code lens of a page (`ide::inbound_lens`) and the
//! server command that lists them. The lens's command is the client's
//! `docsLsp.showReferences` (`[uri, position]`): VS Code's extension and
//! the Neovim plugin ask the server's `docsLsp.inboundLinks` for the places
//! (the page's references, `ide::find_references::page_inbound`) when it is
//! clicked and show them (VS Code's references peek, Neovim's location
//! list). The count is cheap (the reverse link index); the places, which
//! read other files to be placed, are made only when asked for.

use super::api::Snapshot;
use crate::ide::{find_references, inbound_lens};
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::*;

/// The client-side command a lens runs: `[uri, position]`.
pub const SHOW_REFERENCES: &str = "docsLsp.showReferences";
/// The server command answering a page's inbound places: `[uri]` (or
/// `{uri}`), answered with `Location[]`.
pub const INBOUND_LINKS: &str = "docsLsp.inboundLinks";

impl Snapshot {
    pub async fn inbound_lens_impl(&self, p: &CodeLensParams) -> Result<Vec<CodeLens>> {
        let uri = p.text_document.uri.clone();
        let Some((t, Some(lens))) = self
            .in_document(&uri, |t| inbound_lens::inbound_lens(&t.analysis, t.file))
            .await?
        else {
            return Ok(Vec::new());
        };
        let at = t.range(&(lens.offset..lens.offset)).start;
        Ok(vec![CodeLens {
            range: Range::new(at, at),
            command: Some(Command {
                title: lens.title(),
                command: SHOW_REFERENCES.into(),
                arguments: Some(vec![
                    serde_json::to_value(uri.as_str()).unwrap_or_default(),
                    serde_json::to_value(at).unwrap_or_default(),
                ]),
            }),
            data: None,
        }])
    }

    /// `docsLsp.inboundLinks`: the navigation entries and other pages'
    /// links leading to the page at `uri`.
    pub async fn inbound_links_impl(
        &self,
        arg: serde_json::Value,
    ) -> Result<Option<serde_json::Value>> {
        let uri = arg
            .get("uri")
            .or(Some(&arg))
            .and_then(|u| u.as_str())
            .and_then(|u| u.parse::<Uri>().ok())
            .ok_or_else(|| Error::invalid_params("expected a document uri"))?;
        let Some((t, found)) = self
            .in_document(&uri, |t| {
                t.analysis
                    .site
                    .file(t.file)
                    .filter(|f| f.kind == crate::model::site::FileKind::Page)
                    .map(|f| find_references::page_inbound(&t.analysis, f))
                    .unwrap_or_default()
            })
            .await?
        else {
            return Ok(Some(serde_json::Value::Array(Vec::new())));
        };
        let mut found = found;
        found.sort_by_key(|l| (l.file, l.range.start));
        let places: Vec<Location> = found
            .iter()
            .filter_map(|l| self.location(&t, l.file, &l.range))
            .collect();
        Ok(Some(serde_json::to_value(places).unwrap_or_default()))
    }
}
