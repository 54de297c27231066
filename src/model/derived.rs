//! What a snapshot derives from its pages and data files but not from
//! docs.json, kept across snapshots while those files stay (`Site::derived`).
//! The analysis's memo tables are the analysis's (`analysis::memos`).

use super::link_targets::FileTargets;
use super::memo::{Revision, fresh_revision};
use super::page_keys::PageKeys;
use crate::syntax::tree::FileId;
use std::sync::{Arc, OnceLock};

/// What a snapshot derives from its files but not from docs.json: its
/// [`Shape`], made afresh by any change but an edit of a page's text.
#[derive(Debug, Default)]
pub struct Derived {
    pub shape: Arc<Shape>,
}

/// What depends on which files the site has and on its data files (specs,
/// snippets), not on the text of its pages: kept while the user types in a
/// page. Its `epoch` (a revision) is what per-file rules read of it.
#[derive(Debug)]
pub struct Shape {
    pub epoch: Revision,
    /// The pages by key, for navigation entries, completion, did-you-mean.
    pub(super) page_index: OnceLock<PageKeys>,
    /// The site's files as link targets (with the pages its specs generate).
    pub(super) link_files: OnceLock<Arc<FileTargets>>,
    /// Files some page imports (they are snippets there): built by
    /// [`crate::model::imports::imported_files`]; until something asked for
    /// it, every page edit is taken as a new shape.
    pub(super) imported: OnceLock<rustc_hash::FxHashSet<FileId>>,
    pub overlays: crate::model::overlaid::OverlaidMemo, // discovered overlays, overlaid specs
}

impl Default for Shape {
    fn default() -> Self {
        Shape {
            epoch: fresh_revision(),
            page_index: OnceLock::new(),
            link_files: OnceLock::new(),
            imported: OnceLock::new(),
            overlays: Default::default(),
        }
    }
}
