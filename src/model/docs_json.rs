//! The resolved docs.json: one tree whose nodes keep the file they came
//! from (built by `config::resolve`).

use crate::diagnostics::Diagnostic;
use crate::syntax::tree::{FileId, Node};

/// The resolved configuration of a site.
#[derive(Debug, Clone, Default)]
pub struct Config {
    /// Shared with the parse of docs.json when nothing was referenced.
    pub root: Option<std::sync::Arc<Node>>,
    /// Files pulled in through `$ref`, in the order they were first used.
    pub ref_files: Vec<FileId>,
    pub diagnostics: Vec<Diagnostic>,
    /// The overlays of the site's specs under this configuration (set by
    /// the analysis, [`crate::model::overlays::resolve`]).
    pub overlays: std::sync::Arc<crate::model::overlaid::SpecOverlays>,
}
