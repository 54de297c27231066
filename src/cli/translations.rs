//! `docs-lsp translations [PATH]`: what each language lacks against the
//! default language (`analysis::translations`), as text or JSON. A report:
//! it exits 0 whatever it finds (2 when there is no site).

use crate::analysis::translations::{self, Report, State};
use crate::ide::translation_lens::days;
use crate::model::nav;
use crate::workspace::load::{self, FileIds};
use crate::workspace::translation_sources::Disk;
use std::path::Path;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum TranslationsFormat {
    #[default]
    Text,
    Json,
}

/// The report of every site under `path` (or of the site `path` is in,
/// found as `check` finds it); returns the exit status.
pub fn run(
    path: &Path,
    language: Option<&str>,
    format: TranslationsFormat,
    out: &mut dyn std::io::Write,
) -> i32 {
    let roots = match super::roots_of(path) {
        Ok((roots, _)) => roots,
        Err(status) => return status,
    };
    let ids = FileIds::default();
    let mut sites: Vec<(String, Report)> = Vec::new();
    for root in &roots {
        let site = load::load_site(root, root.display().to_string(), &ids);
        let config = crate::analysis::resolve(&site);
        let navigation = config.root.as_deref().and_then(|doc| doc.get("navigation"));
        let report = match navigation.filter(|n| n.is_object()) {
            Some(navigation) => {
                let sources = Disk { root, cache: None };
                translations::report(&site, &nav::index(navigation), language, &sources)
            }
            None => Report::default(),
        };
        sites.push((root.display().to_string(), report));
        // Freeing the pages is not worth waiting for before the output.
        std::thread::spawn(move || drop((site, config)));
    }
    super::print_per_root(
        &sites,
        format == TranslationsFormat::Json,
        "translations",
        text,
        out,
    )
}

/// One line a language (`fr (French): 3 of 5 pages translated`), then one
/// a page that does not read in it or reads out of date.
pub fn text(report: &Report) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let Some(default) = &report.default_language else {
        out.push_str("no `languages` list with more than one language in the navigation\n");
        return out;
    };
    let _ = writeln!(out, "default language: {}", named(default));
    for l in &report.languages {
        let _ = writeln!(
            out,
            "{}: {} of {} pages translated",
            named(&l.language),
            l.translated,
            l.pages
        );
        for t in &l.problems {
            let page = t.file.as_deref().or(t.page.as_deref()).unwrap_or("");
            let _ = match t.state {
                State::Missing => writeln!(out, "  missing       {}", t.source),
                State::FileMissing => writeln!(out, "  file missing  {page} (for {})", t.source),
                State::Untranslated => {
                    writeln!(out, "  untranslated  {page} (same body as {})", t.source)
                }
                State::Older => writeln!(
                    out,
                    "  older         {page} ({} older than {})",
                    days(t.days.unwrap_or(0)),
                    t.source
                ),
                State::UpToDate | State::Translated => Ok(()),
            };
        }
    }
    out
}

fn named(code: &str) -> String {
    crate::model::languages::label(code)
}
