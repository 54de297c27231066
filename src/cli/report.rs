//! Printing diagnostics: human (like rustc), JSON (LSP positions), GitHub
//! workflow annotations.

use crate::diagnostics::{Diagnostic, Severity};
use crate::model::site::SourceFile;
use crate::text::{Encoding, LineCol};
use std::io::Write;

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Human,
    Json,
    Github,
}

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

pub fn write(
    out: &mut dyn Write,
    format: Format,
    shown: &[&Located],
    all: &[Located],
) -> std::io::Result<()> {
    match format {
        Format::Human => human(out, shown, all),
        Format::Json => json(out, shown, all),
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

fn human(out: &mut dyn Write, shown: &[&Located], all: &[Located]) -> std::io::Result<()> {
    for l in shown {
        let d = &l.diag;
        writeln!(out, "{}[{}]: {}", d.severity.as_str(), d.code, d.message)?;
        let line_no = (l.start.line + 1).to_string();
        let pad = " ".repeat(line_no.len());
        writeln!(
            out,
            "{pad}--> {}:{}:{}",
            l.path,
            l.start.line + 1,
            l.start.col + 1
        )?;
        if !l.line_text.is_empty() {
            let (s, e) = l.under;
            let shown_line: String = l.line_text.chars().take(200).collect();
            writeln!(out, "{pad} |")?;
            writeln!(out, "{line_no} | {shown_line}")?;
            let lead: String = l.line_text[..s.min(l.line_text.len())]
                .chars()
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            let width = l
                .line_text
                .get(s..e)
                .map_or(1, |t| t.chars().count().max(1));
            if lead.chars().count() < 200 {
                writeln!(out, "{pad} | {lead}{}", "^".repeat(width.min(200)))?;
            }
        }
        for n in &l.notes {
            writeln!(out, "{pad} = note: {n}")?;
        }
        writeln!(out)?;
    }
    let c = counts(all);
    let hidden = all.len() - shown.len();
    write!(out, "{} error(s), {} warning(s)", c[0], c[1])?;
    if hidden > 0 {
        write!(
            out,
            "; {} information and {} hint(s) not shown (--all shows them)",
            c[2], c[3]
        )?;
    } else if c[2] + c[3] > 0 {
        write!(out, ", {} information, {} hint(s)", c[2], c[3])?;
    }
    writeln!(out)
}

fn json(out: &mut dyn Write, shown: &[&Located], all: &[Located]) -> std::io::Result<()> {
    let pos = |p: LineCol| serde_json::json!({"line": p.line, "character": p.col});
    let diags: Vec<serde_json::Value> = shown
        .iter()
        .map(|l| {
            serde_json::json!({
                "path": l.path,
                "range": {"start": pos(l.start), "end": pos(l.end)},
                "severity": l.diag.severity.as_str(),
                "code": l.diag.code,
                "message": l.diag.message,
            })
        })
        .collect();
    let c = counts(all);
    let doc = serde_json::json!({
        "diagnostics": diags,
        "summary": {"errors": c[0], "warnings": c[1], "information": c[2], "hints": c[3], "shown": shown.len()},
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
