//! Conversions between the analysis' byte offsets and LSP positions, in the
//! negotiated encoding. The only place positions change units.

use crate::diagnostics::{Diagnostic, Severity};
use crate::model::site::{Site, SourceFile};
use crate::text::{Encoding, LineCol, LineIndex};
use crate::workspace::bodies::Bodies;
use std::ops::Range;
use std::path::Path;
use tower_lsp_server::ls_types as lsp;

pub fn position(text: &str, idx: &LineIndex, offset: usize, enc: Encoding) -> lsp::Position {
    let lc = idx.line_col(text, offset, enc);
    lsp::Position::new(lc.line, lc.col)
}

/// `r` in `file` of a snapshot. A page read in bulk keeps only its front
/// matter: a position in its body is placed with the whole text, which
/// `bodies` (the server state's reader) has for that version of the page.
pub fn range(file: &SourceFile, r: &Range<usize>, enc: Encoding, bodies: &Bodies) -> lsp::Range {
    if let Some(whole) = bodies.whole(file, r.end) {
        return range(&whole, r, enc, bodies);
    }
    let text = file.text();
    let idx = file.lines();
    lsp::Range::new(
        position(text, idx, r.start, enc),
        position(text, idx, r.end, enc),
    )
}

pub fn offset(text: &str, idx: &LineIndex, pos: lsp::Position, enc: Encoding) -> usize {
    idx.offset(
        text,
        LineCol {
            line: pos.line,
            col: pos.character,
        },
        enc,
    )
}

pub fn severity(s: Severity) -> lsp::DiagnosticSeverity {
    match s {
        Severity::Error => lsp::DiagnosticSeverity::ERROR,
        Severity::Warning => lsp::DiagnosticSeverity::WARNING,
        Severity::Information => lsp::DiagnosticSeverity::INFORMATION,
        Severity::Hint => lsp::DiagnosticSeverity::HINT,
    }
}

/// `d` as LSP wants it. Its related places are in files of `site`, which
/// `uri_of` names.
pub fn diagnostic(
    site: &Site,
    file: &SourceFile,
    d: &Diagnostic,
    enc: Encoding,
    bodies: &Bodies,
    uri_of: impl Fn(&SourceFile) -> Option<lsp::Uri>,
) -> lsp::Diagnostic {
    let related: Vec<lsp::DiagnosticRelatedInformation> = d
        .related
        .iter()
        .filter_map(|r| {
            let f = site.file(r.file)?;
            Some(lsp::DiagnosticRelatedInformation {
                location: lsp::Location::new(uri_of(f)?, range(f, &r.range, enc, bodies)),
                message: r.message.clone(),
            })
        })
        .collect();
    lsp::Diagnostic {
        range: range(file, &d.range, enc, bodies),
        severity: Some(severity(d.severity)),
        code: Some(lsp::NumberOrString::String(d.code.to_string())),
        source: Some("docs-lsp".into()),
        message: d.message.clone(),
        tags: (d.code == "orphan-page").then(|| vec![lsp::DiagnosticTag::UNNECESSARY]),
        related_information: (!related.is_empty()).then_some(related),
        ..Default::default()
    }
}

pub fn uri(path: &Path) -> Option<lsp::Uri> {
    lsp::Uri::from_file_path(path)
}

pub fn path(uri: &lsp::Uri) -> Option<std::path::PathBuf> {
    uri.to_file_path().map(|p| p.into_owned())
}

/// A sidebar node as the `docsLsp/navigation` answer gives it: the
/// analysis's node with its `source` (where docs.json writes it) as a
/// location and its page as a `pageUri`. Serialised straight to the answer:
/// going through `serde_json::Value` cost 300 ms for the 55,000 nodes of
/// the 4 x 34 site.
pub type LspNavNode = crate::analysis::navigation_view::NavNode<lsp::Location, lsp::Uri>;

/// The sidebar's nodes for the answer. docs.json and `$ref` files keep
/// their whole text, so their ranges need no page body.
pub fn nav_nodes(
    nodes: Vec<crate::analysis::navigation_view::NavNode>,
    site: &Site,
    root: &Path,
    enc: Encoding,
) -> Vec<LspNavNode> {
    // Every source is in docs.json or one of a few `$ref` files: a URI is
    // made once per file, not once per node.
    let mut uris = rustc_hash::FxHashMap::default();
    let mut places = |n: &crate::analysis::navigation_view::NavNode| {
        let source = n.source.as_ref().and_then(|o| {
            let f = site.file(o.file)?;
            let text = f.text();
            let r = lsp::Range::new(
                position(text, f.lines(), o.start, enc),
                position(text, f.lines(), o.end, enc),
            );
            let file_uri = uris
                .entry(o.file)
                .or_insert_with(|| uri(&root.join(&f.path)))
                .clone()?;
            Some(lsp::Location::new(file_uri, r))
        });
        (source, n.page.as_ref().and_then(|p| uri(&root.join(p))))
    };
    nodes
        .into_iter()
        .map(|n| n.map_places(&mut places))
        .collect()
}
