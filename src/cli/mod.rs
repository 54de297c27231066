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

/// Prints one report per docs root, as `nav` and `translations` do: a single
/// site's report alone, several each under a `# root` line (text) or in a
/// `{"root": ..., key: ...}` object (JSON). Returns the exit status: 2 when
/// the output cannot be written, 0 when it is closed (`| head`).
pub fn print_per_root<T: serde::Serialize>(
    sites: &[(String, T)],
    json: bool,
    key: &str,
    text: impl Fn(&T) -> String,
    out: &mut dyn std::io::Write,
) -> i32 {
    let printed = match sites {
        [(_, only)] if json => pretty_json(only),
        [(_, only)] => text(only),
        _ if json => pretty_json(
            &sites
                .iter()
                .map(|(root, r)| serde_json::json!({"root": root, key: r}))
                .collect::<Vec<_>>(),
        ),
        _ => sites
            .iter()
            .map(|(root, r)| format!("# {root}\n{}", text(r)))
            .collect(),
    };
    match out.write_all(printed.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            eprintln!("docs-lsp: {e}");
            2
        }
        _ => 0,
    }
}

fn pretty_json<T: serde::Serialize>(v: &T) -> String {
    let mut s = serde_json::to_string_pretty(v).unwrap_or_default();
    s.push('\n');
    s
}
