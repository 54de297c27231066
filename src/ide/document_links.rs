//! Document links: page entries, `openapi`/`asyncapi` values and `$ref`
//! values of docs.json (and `$ref` files) link to the file they name.

use super::lookup;
use super::subject::{self, Subject};
use crate::analysis::Analysis;
use crate::model::site::FileKind;
use crate::syntax::cursor::Seg;
use crate::syntax::tree::{FileId, Node, Value};
use std::ops::Range;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocumentLink {
    /// The string's content, without its quotes.
    pub range: Range<usize>,
    pub target: FileId,
}

/// Links of a file, from its last parse.
pub fn document_links(analysis: &Analysis, file: FileId) -> Vec<DocumentLink> {
    let Some(f) = analysis.site.file(file) else {
        return Vec::new();
    };
    if matches!(f.kind, FileKind::Page | FileKind::Snippet) {
        return super::page_links::document_links(analysis, file)
            .into_iter()
            .map(|(range, target)| DocumentLink { range, target })
            .collect();
    }
    if !matches!(f.kind, FileKind::DocsJson | FileKind::Json) {
        return Vec::new();
    }
    let (Some(base), Some(root)) = (
        lookup::base_path(analysis, file),
        f.json_tree().map(|t| t.root),
    ) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    // Iterative walk with the path of each node.
    let mut stack: Vec<(&Node, Vec<Seg>)> = vec![(root, base)];
    while let Some((n, path)) = stack.pop() {
        match &n.value {
            Value::String(s) => {
                let target = match subject::value_subject(analysis, f, path, s.to_string()) {
                    Subject::Page { file: Some(t), .. } | Subject::File { file: Some(t), .. } => {
                        t.id
                    }
                    _ => continue,
                };
                let r = &n.range;
                out.push(DocumentLink {
                    range: (r.start + 1).min(r.end)..r.end.saturating_sub(1).max(r.start),
                    target,
                });
            }
            _ => lookup::each_child(n, &path, |child| stack.push(child)),
        }
    }
    out.sort_by_key(|l| l.range.start);
    out
}
