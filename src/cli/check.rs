//! `docs-lsp check [PATH]`: the same analysis as the server, for CI.

use super::report::{self, Format, Located};
use crate::diagnostics::Severity;
use crate::ide::analysis;
use crate::text::Encoding;
use crate::workspace::load::{self, FileIds};
use crate::workspace::suppress::Suppressions;
use std::path::Path;
use std::sync::Arc;

pub struct Options {
    pub format: Format,
    pub all: bool,
    /// `--deny warnings`: a warning fails the check as an error does.
    pub deny_warnings: bool,
}

/// Run the check; returns the process exit status (0 clean, 1 errors, or
/// warnings with `deny_warnings`, 2 could not run).
pub fn run(path: &Path, opts: &Options, out: &mut dyn std::io::Write) -> i32 {
    if !path.exists() {
        eprintln!("docs-lsp: {} does not exist", path.display());
        return 2;
    }
    let roots = load::discover_roots(path);
    if roots.is_empty() {
        eprintln!("docs-lsp: no docs.json found under {}", path.display());
        return 2;
    }
    let ids = FileIds::default();
    let mut located = Vec::new();
    for root in &roots {
        let prefix = load::rel_path(path, root).unwrap_or_default();
        let join = |p: &str| {
            if prefix.is_empty() {
                p.to_string()
            } else {
                format!("{prefix}/{p}")
            }
        };
        let suppress = match Suppressions::load(root) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("docs-lsp: {e}");
                return 2;
            }
        };
        let site = load::load_site(root, root.display().to_string(), &ids);
        let mut analysis = analysis::analyze(Arc::new(site));
        for d in std::mem::take(&mut analysis.diagnostics) {
            let Some(file) = analysis.site.file(d.file) else {
                continue;
            };
            if suppress.silences(&d, &file.path) {
                continue;
            }
            // Pages read in bulk keep only their front matter: a position
            // in the body is placed with the whole text, read again.
            let whole = load::whole_text(file, d.range.end);
            // Where its related places are (the first entry of a duplicate).
            let notes: Vec<String> = d
                .related
                .iter()
                .filter_map(|r| {
                    let f = analysis.site.file(r.file)?;
                    let whole = load::whole_text(f, r.range.end);
                    let f = whole.as_ref().unwrap_or(f);
                    let lc = f.lines().line_col(f.text(), r.range.start, Encoding::Utf16);
                    Some(format!(
                        "{}: {}:{}:{}",
                        r.message,
                        join(&f.path),
                        lc.line + 1,
                        lc.col + 1
                    ))
                })
                .collect();
            let file = whole.as_ref().unwrap_or(file);
            located.push(Located::new(join(&file.path), file, d).with_notes(notes));
        }
        // Freeing 25,000 parsed pages takes a tenth of the run: it happens on
        // another thread while the report is written, and the process may
        // exit before it ends.
        std::thread::spawn(move || drop(analysis));
    }
    located.sort_by(|a, b| (&a.path, a.start, a.diag.code).cmp(&(&b.path, b.start, b.diag.code)));
    let fails = if opts.deny_warnings {
        Severity::Warning
    } else {
        Severity::Error
    };
    let errors = located.iter().filter(|l| l.diag.severity <= fails).count();
    let shown: Vec<&Located> = located
        .iter()
        .filter(|l| opts.all || l.diag.severity <= Severity::Warning)
        .collect();
    let res = report::write(out, opts.format, &shown, &located);
    if let Err(e) = res
        && e.kind() != std::io::ErrorKind::BrokenPipe
    {
        eprintln!("docs-lsp: {e}");
        return 2;
    }
    if errors > 0 { 1 } else { 0 }
}
