//! `docsLsp/navigation`: the sidebar readers will see
//! (`analysis::navigation_view`), answered from the analysis of the newest
//! snapshot of the site a document belongs to (its navigation index, not
//! indexed again), with each node's docs.json range and page as LSP
//! locations, and the worst diagnostic of each page and API page (`mark`).
//!
//! The answer is one scope's sidebar in full and the rest of the site as a
//! skeleton: in each list of languages, versions or products, the one the
//! request names (the first where it names none, where readers land) with
//! its tree, the others with their label, node count and the scope that
//! opens them (`elided`). A site of 4 languages x 34 versions is 55,900
//! nodes; one version of one language is a few hundred, which the editor
//! shows as it is typed. `docs-lsp nav` prints the whole site.

use super::api::Snapshot;
use super::backend::{Backend, blocking};
use super::convert;
use crate::analysis::navigation_view::{self, Filter};
use serde::{Deserialize, Serialize};
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::Uri;

/// The request's name, registered with the service in `lsp::service`.
pub const METHOD: &str = "docsLsp/navigation";

/// The answer: the site's root folder, the scope opened (the language,
/// version and product chosen at each level) and the sidebar.
#[derive(Debug, Serialize)]
pub struct Navigation {
    pub root: Option<Uri>,
    pub scope: Filter,
    pub navigation: Vec<convert::LspNavNode>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct NavigationParams {
    /// docs.json or any file of the site; without it, the first site.
    pub uri: Option<Uri>,
    /// The scope to open (each optional: the first of its list).
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
    /// `{root, scope, navigation}`, or `null` when no site holds the
    /// document.
    pub async fn navigation_impl(&self, p: NavigationParams) -> Result<Option<Navigation>> {
        let Some(site) = self.site_asked(p.uri.as_ref()) else {
            return Ok(None);
        };
        let scope = Filter {
            language: p.language,
            version: p.version,
            product: p.product,
        };
        let enc = self.encoding();
        blocking(move || {
            // The newest snapshot's, waiting for an analysis under way: the
            // view asks right after a keystroke, and the analysis before it
            // would show the sidebar as it was (nothing would ask again).
            let analysis = site.analysis();
            let _t = crate::timing::span("navigation request");
            let (scope, nodes) = match &analysis.navigation {
                Some(tree) => {
                    let marks = navigation_view::Marks::new(&analysis.diagnostics);
                    navigation_view::scoped(&analysis.site, &analysis.config, tree, &marks, &scope)
                }
                // docs.json does not parse.
                None => (Filter::default(), Vec::new()),
            };
            let root = &site.root;
            Some(Navigation {
                root: convert::uri(root),
                scope,
                navigation: convert::nav_nodes(nodes, &analysis.site, root, enc),
            })
        })
        .await
    }
}
