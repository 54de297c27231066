//! Folding ranges: JSON objects, arrays and block comments that span lines,
//! and a page's front matter block. Read from the editor's text with a
//! bracket scan, so folding works while the document is broken.

use crate::analysis::Analysis;
use crate::model::site::FileKind;
use crate::syntax::frontmatter;
use crate::syntax::tree::FileId;

pub use super::outline_items::{FoldKind, FoldingRange};

pub fn folding_ranges(analysis: &Analysis, file: FileId, text: &str) -> Vec<FoldingRange> {
    let Some(f) = analysis.site.file(file) else {
        return Vec::new();
    };
    match f.kind {
        FileKind::DocsJson | FileKind::Json => json_folds(text),
        FileKind::Page => {
            let mut out: Vec<FoldingRange> = front_matter_fold(text).into_iter().collect();
            let ix = crate::syntax::page::read(text);
            out.extend(super::page_outline::folds(text, &ix));
            out.sort_by_key(|f| f.range.start);
            out
        }
        FileKind::Yaml | FileKind::Snippet => Vec::new(),
    }
}

fn json_folds(text: &str) -> Vec<FoldingRange> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    // (offset, line) of each open bracket.
    let mut stack: Vec<(usize, usize)> = Vec::new();
    let mut line = 0usize;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\n' => line += 1,
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' && b[i] != b'\n' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                if i < b.len() && b[i] == b'\n' {
                    line += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i + 1 < b.len() && b[i + 1] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let (start, start_line) = (i, line);
                i += 2;
                while i < b.len() && !(b[i] == b'*' && b.get(i + 1) == Some(&b'/')) {
                    if b[i] == b'\n' {
                        line += 1;
                    }
                    i += 1;
                }
                let end = (i + 2).min(b.len());
                if line > start_line {
                    out.push(FoldingRange {
                        range: start..end,
                        kind: FoldKind::Comment,
                    });
                }
                i = end;
                continue;
            }
            b'{' | b'[' => stack.push((i, line)),
            b'}' | b']' => {
                if let Some((start, start_line)) = stack.pop()
                    && line > start_line
                {
                    out.push(FoldingRange {
                        range: start..i + 1,
                        kind: FoldKind::Region,
                    });
                }
            }
            _ => {}
        }
        i += 1;
    }
    out.sort_by_key(|f| f.range.start);
    out
}

/// The front matter from its opening fence to the end of its closing one.
fn front_matter_fold(text: &str) -> Option<FoldingRange> {
    let body = frontmatter::parse(0, text).body?;
    let close_end = text[body.end..]
        .find('\n')
        .map_or(text.len(), |i| body.end + i);
    let start = if text.starts_with('\u{feff}') { 3 } else { 0 };
    Some(FoldingRange {
        range: start..close_end.max(body.end),
        kind: FoldKind::FrontMatter,
    })
}
