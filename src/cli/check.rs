//! `docs-lsp check [PATH]`: the same analysis as the server, for CI.

pub use super::options::Options;
use super::report::{self, Format, Located, Summary};
use crate::analysis;
use crate::diagnostics::Severity;
use crate::text::Encoding;
use crate::workspace::bodies::{self, Bodies};
use crate::workspace::load::{self, FileIds};
use crate::workspace::since;
use crate::workspace::suppress::Suppressions;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The folders the binary writes paths relative to: the current folder, so
/// a path can be pasted into a shell or opened from a terminal; for the
/// GitHub format, first `GITHUB_WORKSPACE` when set, the checkout that
/// GitHub places annotations in (a workflow step may run from a subfolder).
pub fn display_bases(format: Format) -> Vec<PathBuf> {
    let mut bases = Vec::new();
    if format == Format::Github
        && let Some(ws) = std::env::var_os("GITHUB_WORKSPACE").filter(|w| !w.is_empty())
    {
        bases.push(PathBuf::from(ws));
    }
    if let Ok(cwd) = std::env::current_dir() {
        bases.push(cwd);
    }
    bases
}

/// Writes the paths of one docs root's files as [`Options::relative_to`]
/// says: each file relative to the first base that holds it (a site found
/// above the current folder has files both in and outside it).
/// Compared canonical, so a symlinked checkout or a `..` in PATH still
/// finds its base.
struct PathNamer {
    /// The root canonical, and as the user would write it absolute.
    canon: PathBuf,
    plain: PathBuf,
    bases: Vec<PathBuf>,
}

impl PathNamer {
    fn new(root: &Path, bases: &[PathBuf]) -> Self {
        let plain = std::path::absolute(root).unwrap_or_else(|_| root.to_path_buf());
        let canon = root.canonicalize().unwrap_or_else(|_| plain.clone());
        let bases = bases
            .iter()
            .map(|b| b.canonicalize().unwrap_or_else(|_| b.clone()))
            .collect();
        PathNamer {
            canon,
            plain,
            bases,
        }
    }

    /// The path of the root-relative `rel`.
    fn name(&self, rel: &str) -> String {
        let file = self.canon.join(rel);
        if let Some(name) = self.bases.iter().find_map(|b| load::rel_path(b, &file)) {
            return name;
        }
        // The canonical form on Unix; on Windows it would carry a `\\?\`
        // prefix that editors and terminals do not open.
        if cfg!(windows) {
            self.plain.join(rel).display().to_string()
        } else {
            file.display().to_string()
        }
    }
}

/// The docs roots below `root`, relative to it: read from git, `root`
/// leaves their files out as it does on disk. Those of `roots`, or for a
/// site found above PATH (whose nested sites PATH did not reach), those
/// below it.
fn nested_in(root: &Path, roots: &[PathBuf], summary: &Summary) -> Vec<String> {
    let below;
    let roots = if summary.found_above.is_some() {
        below = load::discover_roots(root);
        &below
    } else {
        roots
    };
    roots
        .iter()
        .filter(|r| *r != root)
        .filter_map(|r| load::rel_path(root, r))
        .collect()
}

/// Each diagnostic of `site` that `suppress` leaves, placed in its file's
/// text. Pages read in bulk keep only their front matter: a position in
/// the body is placed with the whole text, read again, once per file (the
/// diagnostics are taken by file, the files side by side).
fn locate(
    site: &crate::model::site::Site,
    diagnostics: Vec<crate::diagnostics::Diagnostic>,
    suppress: &Suppressions,
    names: &PathNamer,
) -> Vec<Located> {
    use rayon::prelude::*;
    let mut by_file: std::collections::BTreeMap<_, Vec<_>> = Default::default();
    for d in diagnostics {
        by_file.entry(d.file).or_default().push(d);
    }
    let mut by_file: Vec<_> = by_file.into_values().collect();
    bodies::by_shared_text(&mut by_file, |group| {
        group.first().and_then(|d| site.file(d.file)).map(|f| &**f)
    });
    let bodies = Bodies::default();
    let bodies = &bodies;
    by_file
        .into_par_iter()
        .flat_map_iter(|group| {
            let file = group.first().and_then(|d| site.file(d.file));
            let end = group.iter().map(|d| d.range.end).max().unwrap_or(0);
            let whole = file.and_then(|f| bodies.whole(f, end));
            group.into_iter().filter_map(move |d| {
                let file = file?;
                if suppress.silences(&d, &file.path) {
                    return None;
                }
                // Where its related places are (the first entry of a duplicate).
                let notes: Vec<String> = d
                    .related
                    .iter()
                    .filter_map(|r| {
                        let related = site.file(r.file)?;
                        let whole = bodies.whole(related, r.range.end);
                        let f = whole.as_ref().unwrap_or(related);
                        let lc = f.lines().line_col(f.text(), r.range.start, Encoding::Utf16);
                        Some(format!(
                            "{}: {}:{}:{}",
                            r.message,
                            names.name(&related.path),
                            lc.line + 1,
                            lc.col + 1
                        ))
                    })
                    .collect();
                // The kept text where it holds the range, as for any file;
                // the name is the file's own (a copy's whole text may be
                // another copy's).
                let name = names.name(&file.path);
                let file = match &whole {
                    Some(w) if d.range.end > file.text().len() => w,
                    _ => file,
                };
                Some(Located::new(name, file, d).with_notes(notes))
            })
        })
        .collect()
}

/// Run the check; returns the process exit status (0 clean, 1 errors, or
/// warnings with `deny_warnings`, 2 could not run).
pub fn run(path: &Path, opts: &Options, out: &mut dyn std::io::Write) -> i32 {
    let (roots, above) = match super::roots_of(path) {
        Ok(found) => found,
        Err(status) => return status,
    };
    let mut summary = Summary::default();
    if above {
        // PATH is inside a site (a subfolder, a page): the site it is in is
        // checked, and the output says so.
        summary.found_above = Some((
            path.display().to_string(),
            PathNamer::new(&roots[0], &opts.relative_to).name("docs.json"),
        ));
    }
    let ids = FileIds::default();
    let mut located = Vec::new();
    for root in &roots {
        let names = PathNamer::new(root, &opts.relative_to);
        let suppress = match Suppressions::load(root) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("docs-lsp: {e}");
                return 2;
            }
        };
        let baseline = match &opts.since {
            Some(rev) => match since::baseline(root, rev, &nested_in(root, &roots, &summary)) {
                Ok(b) => Some(b),
                Err(e) => {
                    eprintln!("docs-lsp: {e}");
                    return 2;
                }
            },
            None => None,
        };
        if let Some(b) = baseline.as_ref().filter(|b| !b.existed) {
            eprintln!(
                "docs-lsp: {} had no docs.json at {} ({}): no URL of it to compare",
                names.name("docs.json"),
                b.rev,
                &b.commit[..b.commit.len().min(12)]
            );
        }
        let site = load::load_site(root, root.display().to_string(), &ids);
        let mut analysis = analysis::analyze(Arc::new(site));
        if let Some(b) = &baseline {
            let removed = since::removed(b, root, &analysis);
            analysis.diagnostics.extend(removed);
        }
        summary.sites += 1;
        summary.files += analysis.site.files().count();
        let _l = crate::timing::span("check: locate");
        located.extend(locate(
            &analysis.site,
            std::mem::take(&mut analysis.diagnostics),
            &suppress,
            &names,
        ));
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
    if opts.format != Format::Human
        && let Some((asked, docs_json)) = &summary.found_above
    {
        // Machine formats keep stdout to themselves.
        eprintln!("docs-lsp: no docs.json in {asked}; checking the site of {docs_json}");
    }
    let _w = crate::timing::span("check: write");
    // Buffered: stdout's own buffer writes at each line end, 14,000 writes
    // for crewAI's report.
    let mut buffered = std::io::BufWriter::with_capacity(64 << 10, out);
    let res = report::write(&mut buffered, opts, &shown, &located, &summary)
        .and_then(|()| std::io::Write::flush(&mut buffered));
    drop(buffered);
    drop(_w);
    if let Err(e) = res
        && e.kind() != std::io::ErrorKind::BrokenPipe
    {
        eprintln!("docs-lsp: {e}");
        return 2;
    }
    if errors > 0 { 1 } else { 0 }
}
