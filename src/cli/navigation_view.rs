//! `docs-lsp nav [PATH]`: the sidebar readers will see, as an indented tree
//! or JSON (`analysis::navigation_view`), for one language, version or
//! product or all of them, each page and API page marked with its worst
//! problem (the site is analysed as `check` analyses it).

use crate::analysis::navigation_view::{self, Filter, Marks, NavNode};
use crate::workspace::load::{self, FileIds};
use std::path::Path;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum NavFormat {
    #[default]
    Tree,
    Json,
}

/// The sidebar of every site under `path` (or of the site `path` is in,
/// found as `check` finds it); returns the exit status (0, or 2 when there
/// is no site).
pub fn run(path: &Path, filter: &Filter, format: NavFormat, out: &mut dyn std::io::Write) -> i32 {
    let roots = match super::roots_of(path) {
        Ok((roots, _)) => roots,
        Err(status) => return status,
    };
    let ids = FileIds::default();
    let mut sites: Vec<(String, Vec<NavNode>)> = Vec::new();
    for root in &roots {
        let site = load::load_site(root, root.display().to_string(), &ids);
        let analysis = crate::analysis::analyze(std::sync::Arc::new(site));
        let nodes = match &analysis.navigation {
            Some(tree) => {
                let marks = Marks::new(&analysis.diagnostics);
                navigation_view::navigation(&analysis.site, &analysis.config, tree, &marks, filter)
            }
            None => Vec::new(),
        };
        sites.push((root.display().to_string(), nodes));
        // Freeing the pages is not worth waiting for before the output.
        std::thread::spawn(move || drop(analysis));
    }
    let text = |nodes: &Vec<NavNode>| navigation_view::tree_text(nodes);
    super::print_per_root(&sites, format == NavFormat::Json, "navigation", text, out)
}
