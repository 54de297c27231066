//! Folding ranges: JSON objects, arrays and block comments that span lines,
//! and a page's front matter block. Read from the editor's text through
//! the tolerant tape, so folding works while the document is broken.

use crate::analysis::Analysis;
use crate::model::site::FileKind;
use crate::syntax::frontmatter;
use crate::syntax::json::tape::{Tape, TokenKind};
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

/// Containers and block comments that span lines, from the tolerant tape
/// of the text (so folding stays while the document is broken): a
/// container its own bracket closes, a comment that ends.
fn json_folds(text: &str) -> Vec<FoldingRange> {
    let tape = Tape::read(text);
    let line_starts: Vec<usize> = memchr::memchr_iter(b'\n', text.as_bytes()).collect();
    let line = |offset: u32| line_starts.partition_point(|&n| n < offset as usize);
    let mut out = Vec::new();
    for t in &tape.tokens {
        let (range, kind) = match t.kind {
            TokenKind::Open { closed: true, .. } => {
                let close = &tape.tokens[t.link as usize];
                (t.start..close.end, FoldKind::Region)
            }
            TokenKind::BlockComment { terminated: true } => (t.start..t.end, FoldKind::Comment),
            _ => continue,
        };
        if line(range.start) < line(range.end.saturating_sub(1)) {
            out.push(FoldingRange {
                range: range.start as usize..range.end as usize,
                kind,
            });
        }
    }
    out
}

/// The front matter from its opening fence to the end of its closing one.
fn front_matter_fold(text: &str) -> Option<FoldingRange> {
    // Where it is, not its YAML: the fences alone.
    let (body, _) = frontmatter::body(text)?;
    let close_end = text[body.end..]
        .find('\n')
        .map_or(text.len(), |i| body.end + i);
    let start = if text.starts_with('\u{feff}') { 3 } else { 0 };
    Some(FoldingRange {
        range: start..close_end.max(body.end),
        kind: FoldKind::FrontMatter,
    })
}
