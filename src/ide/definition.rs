//! Go to definition: a page entry to its file, an endpoint reference to its
//! method key in the spec (JSON or YAML), a file reference to the file.

use super::analysis::Analysis;
use super::at::{self, EndpointItem, Thing};
use crate::syntax::tree::FileId;
use std::ops::Range;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    pub file: FileId,
    pub range: Range<usize>,
}

pub fn definition(analysis: &Analysis, file: FileId, text: &str, offset: usize) -> Vec<Target> {
    if let Some(t) = super::page_links::definition(analysis, file, offset) {
        return vec![t];
    }
    if let Some(t) = super::page_components::definition(analysis, file, text, offset) {
        return vec![t];
    }
    let Some(at) = at::at(analysis, file, text, offset) else {
        return Vec::new();
    };
    let target = match at.thing {
        Thing::Page { file: Some(f), .. } | Thing::File { file: Some(f), .. } => Target {
            file: f.id,
            range: 0..0,
        },
        Thing::Endpoint {
            target: Some(t), ..
        } => Target {
            file: t.spec.id,
            range: match t.item {
                EndpointItem::Operation(op) => op.method_range.clone(),
                EndpointItem::Webhook(w) => w.range.clone(),
            },
        },
        _ => return Vec::new(),
    };
    vec![target]
}
