//! Printing diagnostics: human (like rustc, coloured on a terminal), JSON
//! (LSP positions), GitHub workflow annotations. Paths are whatever
//! [`super::check`] named the files (relative to the current folder).

use super::options::Options;
// Where the binary and the tests find it.
pub use super::options::Format;
use crate::diagnostics::{Diagnostic, Severity};
use crate::model::site::SourceFile;
use crate::text::{Encoding, LineCol};
use anstyle::{AnsiColor, Style};
use std::io::Write;

/// A diagnostic with its path and positions worked out.
pub struct Located {
    pub path: String,
    pub diag: Diagnostic,
    /// UTF-16 positions, as LSP counts them.
    pub start: LineCol,
    pub end: LineCol,
    /// The first source line of the range and the byte span of the range in it.
    line_text: String,
    under: (usize, usize),
    /// Notes printed under it in human output (where the first entry of a
    /// duplicate is).
    notes: Vec<String>,
}

impl Located {
    pub fn new(path: String, file: &SourceFile, diag: Diagnostic) -> Self {
        let text = file.text();
        let idx = file.lines();
        let start = idx.line_col(text, diag.range.start, Encoding::Utf16);
        let end = idx.line_col(text, diag.range.end, Encoding::Utf16);
        let lr = idx.line_range(text, start.line as usize);
        let line_text = text.get(lr.clone()).unwrap_or("").to_string();
        let s = diag.range.start.clamp(lr.start, lr.end) - lr.start;
        let e = diag.range.end.clamp(lr.start, lr.end) - lr.start;
        Located {
            path,
            diag,
            start,
            end,
            line_text,
            under: (s, e.max(s)),
            notes: Vec::new(),
        }
    }

    pub fn with_notes(mut self, notes: Vec<String>) -> Self {
        self.notes = notes;
        self
    }
}

/// Totals beside the diagnostics, for the human summary.
#[derive(Debug, Default)]
pub struct Summary {
    pub sites: usize,
    pub files: usize,
    /// PATH held no docs root and the site was found above it: PATH as
    /// given and the path of the docs.json found.
    pub found_above: Option<(String, String)>,
}

pub fn write(
    out: &mut dyn Write,
    opts: &Options,
    shown: &[&Located],
    all: &[Located],
    summary: &Summary,
) -> std::io::Result<()> {
    match opts.format {
        Format::Human => human(out, &Palette::new(opts.color), shown, all, summary),
        Format::Json => json(out, shown, all, summary),
        Format::Github => github(out, shown),
    }
}

fn counts(all: &[Located]) -> [usize; 4] {
    let mut c = [0; 4];
    for l in all {
        c[l.diag.severity as usize] += 1;
    }
    c
}

/// The human format's styles, as rustc colours its messages; all plain
/// (writing nothing) without colour.
struct Palette {
    severity: [Style; 4],
    code: Style,
    message: Style,
    gutter: Style,
    note: Style,
    clean: Style,
}

impl Palette {
    fn new(color: bool) -> Self {
        let plain = Style::new();
        let pick = |s: Style| if color { s } else { plain };
        let fg = |c: AnsiColor| pick(Style::new().fg_color(Some(c.into())).bold());
        Palette {
            severity: [
                fg(AnsiColor::Red),
                fg(AnsiColor::Yellow),
                fg(AnsiColor::Cyan),
                fg(AnsiColor::Green),
            ],
            code: pick(Style::new().dimmed()),
            message: pick(Style::new().bold()),
            gutter: fg(AnsiColor::BrightBlue),
            note: fg(AnsiColor::Cyan),
            clean: fg(AnsiColor::Green),
        }
    }
}

/// One count with its noun, plural when it is not one.
fn count_of(n: usize, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

/// Like rustc, errors before warnings (then information and hints): all of
/// a run's errors first, in file and position order, then its warnings the
/// same way. What fails the check comes first and is not buried under a
/// long tail of warnings; a file's problems of one severity stay together.
/// The summary line with the counts is last, where a terminal leaves the
/// eye.
fn human(
    out: &mut dyn Write,
    p: &Palette,
    shown: &[&Located],
    all: &[Located],
    summary: &Summary,
) -> std::io::Result<()> {
    if let Some((asked, docs_json)) = &summary.found_above {
        let asked = if asked == "." {
            "the current folder".to_string()
        } else {
            asked.clone()
        };
        writeln!(
            out,
            "{n}note{n:#}: no docs.json in {asked} or below it: checking the site of {docs_json}, \
             the nearest above\n",
            n = p.note
        )?;
    }
    let mut ordered = shown.to_vec();
    // Stable: the file and position order holds within a severity.
    ordered.sort_by_key(|l| l.diag.severity);
    for l in ordered {
        let d = &l.diag;
        let sev = p.severity[d.severity as usize];
        let (code, msg, g) = (p.code, p.message, p.gutter);
        writeln!(
            out,
            "{sev}{}{sev:#}{code}[{}]{code:#}{msg}: {}{msg:#}",
            d.severity.as_str(),
            d.code,
            d.message
        )?;
        let line_no = (l.start.line + 1).to_string();
        let pad = " ".repeat(line_no.len());
        writeln!(
            out,
            "{pad}{g}-->{g:#} {}:{}:{}",
            l.path,
            l.start.line + 1,
            l.start.col + 1
        )?;
        if !l.line_text.is_empty() {
            let (s, e) = l.under;
            let shown_line: String = l.line_text.chars().take(200).collect();
            writeln!(out, "{pad} {g}|{g:#}")?;
            writeln!(out, "{g}{line_no} |{g:#} {shown_line}")?;
            let lead: String = l.line_text[..s.min(l.line_text.len())]
                .chars()
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            let width = l
                .line_text
                .get(s..e)
                .map_or(1, |t| t.chars().count().max(1));
            if lead.chars().count() < 200 {
                writeln!(
                    out,
                    "{pad} {g}|{g:#} {lead}{sev}{}{sev:#}",
                    "^".repeat(width.min(200))
                )?;
            }
        }
        // A grouped diagnostic may hold a thousand places: the first few
        // here, every one in the JSON output and the editor.
        for note in l.notes.iter().take(MAX_NOTES) {
            writeln!(out, "{pad} {g}={g:#} {n}note{n:#}: {note}", n = p.note)?;
        }
        if l.notes.len() > MAX_NOTES {
            writeln!(
                out,
                "{pad} {g}={g:#} {n}note{n:#}: and {} more (`--format json` lists every one)",
                l.notes.len() - MAX_NOTES,
                n = p.note
            )?;
        }
        writeln!(out)?;
    }
    let c = counts(all);
    let hidden = all.len() - shown.len();
    if hidden > 0 {
        writeln!(
            out,
            "{n}note{n:#}: {} information and {} not shown (--all shows them)",
            c[2],
            count_of(c[3], "hint"),
            n = p.note
        )?;
    }
    let checked = format!(
        "{} checked in {}",
        count_of(summary.files, "file"),
        count_of(summary.sites, "docs site")
    );
    if c[0] + c[1] == 0 {
        let ok = p.clean;
        write!(out, "{ok}no errors or warnings{ok:#}")?;
    } else {
        let files: std::collections::HashSet<&str> = all
            .iter()
            .filter(|l| l.diag.severity <= Severity::Warning)
            .map(|l| l.path.as_str())
            .collect();
        let (e, w) = (p.severity[0], p.severity[1]);
        let (e, w) = (
            if c[0] > 0 { e } else { Style::new() },
            if c[1] > 0 { w } else { Style::new() },
        );
        write!(
            out,
            "{e}{}{e:#}, {w}{}{w:#} in {}",
            count_of(c[0], "error"),
            count_of(c[1], "warning"),
            count_of(files.len(), "file")
        )?;
    }
    write!(out, " ({checked})")?;
    if hidden == 0 && c[2] + c[3] > 0 {
        write!(out, "; {} information, {}", c[2], count_of(c[3], "hint"))?;
    }
    writeln!(out)
}

/// How many related places the text output shows under one diagnostic.
const MAX_NOTES: usize = 10;

fn json(
    out: &mut dyn Write,
    shown: &[&Located],
    all: &[Located],
    summary: &Summary,
) -> std::io::Result<()> {
    let pos = |p: LineCol| serde_json::json!({"line": p.line, "character": p.col});
    let diags: Vec<serde_json::Value> = shown
        .iter()
        .map(|l| {
            let mut d = serde_json::json!({
                "path": l.path,
                "range": {"start": pos(l.start), "end": pos(l.end)},
                "severity": l.diag.severity.as_str(),
                "code": l.diag.code,
                "message": l.diag.message,
            });
            // Its related places as the text output's notes ("first listed
            // here: docs.json:3:5"; each URL of a grouped `url-removed`).
            if !l.notes.is_empty() {
                d["related"] = serde_json::json!(l.notes);
            }
            d
        })
        .collect();
    let c = counts(all);
    let doc = serde_json::json!({
        "diagnostics": diags,
        "summary": {"errors": c[0], "warnings": c[1], "information": c[2], "hints": c[3], "shown": shown.len(),
            "files": summary.files, "sites": summary.sites},
    });
    writeln!(
        out,
        "{}",
        serde_json::to_string_pretty(&doc).unwrap_or_default()
    )
}

fn github(out: &mut dyn Write, shown: &[&Located]) -> std::io::Result<()> {
    for l in shown {
        let level = match l.diag.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            _ => "notice",
        };
        writeln!(
            out,
            "::{level} file={},line={},col={},endLine={},endColumn={},title={}::{}",
            escape_prop(&l.path),
            l.start.line + 1,
            l.start.col + 1,
            l.end.line + 1,
            l.end.col + 1,
            l.diag.code,
            escape_data(&l.diag.message)
        )?;
    }
    Ok(())
}

fn escape_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

fn escape_prop(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}
