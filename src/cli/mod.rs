//! Headless commands.

pub mod check;
pub mod navigation_view;
pub mod options;
pub mod report;
pub mod translations;

use crate::workspace::load;
use std::path::{Path, PathBuf};

/// The docs roots a command runs on: every one under `path`, else the site
/// `path` is in (found above it, as git finds a repository from a
/// subfolder), with whether it was found above. `Err` is the exit status
/// (2) after the reason has been printed.
pub fn roots_of(path: &Path) -> Result<(Vec<PathBuf>, bool), i32> {
    if !path.exists() {
        eprintln!("docs-lsp: {} does not exist", path.display());
        return Err(2);
    }
    let roots = load::discover_roots(path);
    if !roots.is_empty() {
        return Ok((roots, false));
    }
    match load::root_above(path) {
        Some(root) => Ok((vec![root], true)),
        None => {
            eprintln!(
                "docs-lsp: no docs.json found under {} or in any folder above it",
                path.display()
            );
            Err(2)
        }
    }
}
