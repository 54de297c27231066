//! Go to definition: a page entry to its file, an endpoint reference to its
//! method key in the spec (JSON or YAML), a file reference to the file, an
//! import's source in a page to the file it names.

use super::subject::{self, EndpointItem, Subject};
use crate::analysis::Analysis;
use crate::model::imports::{ImportTarget, import_target};
use crate::model::site::FileKind;
use crate::syntax::tree::FileId;

pub use super::location::Location;

pub fn definition(analysis: &Analysis, file: FileId, text: &str, offset: usize) -> Vec<Location> {
    if let Some(t) = import_source(analysis, file, offset) {
        return vec![t];
    }
    if let Some(t) = super::page_links::definition(analysis, file, offset) {
        return vec![t];
    }
    if let Some(t) = super::page_components::definition(analysis, file, text, offset) {
        return vec![t];
    }
    let Some(at) = subject::subject_at(analysis, file, text, offset) else {
        return Vec::new();
    };
    let target = match at.subject {
        Subject::Page { file: Some(f), .. } | Subject::File { file: Some(f), .. } => Location {
            file: f.id,
            range: 0..0,
        },
        Subject::Endpoint {
            target: Some(t), ..
        } => match t.added {
            Some((file, range)) => Location { file, range },
            None => Location {
                file: t.spec.id,
                range: match t.item {
                    EndpointItem::Operation(op) => op.method_range.clone(),
                    EndpointItem::Webhook(w) => w.range.clone(),
                },
            },
        },
        _ => return Vec::new(),
    };
    vec![target]
}

/// On the source of a page's `import ... from '...'`: the file it names, as
/// the `missing-snippet` rule resolves it (extension optional).
fn import_source(analysis: &Analysis, file: FileId, offset: usize) -> Option<Location> {
    let f = analysis.site.file(file)?;
    if !matches!(f.kind, FileKind::Page | FileKind::Snippet) {
        return None;
    }
    let imp = f
        .page_index()
        .imports
        .iter()
        .find(|i| i.source_range.start <= offset && offset <= i.source_range.end)?;
    let files = crate::model::links::targets_of(&analysis.site, None).files;
    match import_target(&files, &f.path, &imp.source) {
        ImportTarget::File(path) => Some(Location {
            file: analysis.site.file_by_path(&path)?.id,
            range: 0..0,
        }),
        ImportTarget::NotAFile | ImportTarget::Missing { .. } => None,
    }
}
