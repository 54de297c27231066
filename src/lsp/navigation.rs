//! `docsLsp/navigation`: the sidebar readers will see
//! (`analysis::navigation_view`), answered from the last finished analysis
//! of the site a document belongs to, with each node's docs.json range and
//! page as LSP locations.

use super::api::Snapshot;
use super::backend::{Backend, blocking};
use super::convert;
use crate::analysis::navigation_view::{self, Filter};
use serde::{Deserialize, Serialize};
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::Uri;

/// The request's name, registered with the service in `lsp::service`.
pub const METHOD: &str = "docsLsp/navigation";

/// The answer: the site's root folder and its sidebar.
#[derive(Debug, Serialize)]
pub struct Navigation {
    pub root: Option<Uri>,
    pub navigation: Vec<convert::NavNode>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct NavigationParams {
    /// docs.json or any file of the site; without it, the first site.
    pub uri: Option<Uri>,
    pub language: Option<String>,
    pub version: Option<String>,
    pub product: Option<String>,
}

impl Backend {
    pub async fn navigation(&self, p: NavigationParams) -> Result<Option<Navigation>> {
        self.snapshot().navigation_impl(p).await
    }
}

impl Snapshot {
    /// `{root, navigation}`, or `null` when no site holds the document.
    pub async fn navigation_impl(&self, p: NavigationParams) -> Result<Option<Navigation>> {
        let site = match &p.uri {
            Some(uri) => convert::path(uri).and_then(|path| self.site_of(&path)),
            None => self.sites().into_iter().next(),
        };
        let Some(site) = site else {
            return Ok(None);
        };
        let filter = Filter {
            language: p.language,
            version: p.version,
            product: p.product,
        };
        let enc = self.encoding();
        blocking(move || {
            let analysis = site.last_analysis().unwrap_or_else(|| site.analysis());
            let _t = crate::timing::span("navigation request");
            let nodes = navigation_view::navigation(&analysis.site, &analysis.config, &filter);
            let root = &site.root;
            Some(Navigation {
                root: convert::uri(root),
                navigation: convert::nav_nodes(nodes, &analysis.site, root, enc),
            })
        })
        .await
    }
}
