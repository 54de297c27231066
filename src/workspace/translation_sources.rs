//! What the translations report reads from disk
//! ([`crate::analysis::translations::Sources`]): the whole text of a page
//! read in bulk, and when files last changed by the git history.

use super::git_history::{self, Cache};
use super::load;
use crate::analysis::translations::Sources;
use crate::model::file_kind::FileKind;
use crate::model::site::SourceFile;
use rustc_hash::FxHashMap;
use std::path::Path;
use std::sync::Arc;

/// The files of the docs root `root`; history walks are kept in `cache`
/// when one is given (the server: a code lens per page), else walked once.
pub struct Disk<'a> {
    pub root: &'a Path,
    pub cache: Option<&'a Cache>,
}

impl Sources for Disk<'_> {
    fn whole_text(&self, page: &SourceFile) -> Option<Arc<str>> {
        load::read_file(page.origin.as_deref()?, FileKind::Page, true).ok()
    }

    fn last_changed(&self, paths: &[&str]) -> FxHashMap<String, i64> {
        let walk = match self.cache {
            Some(cache) => cache.last_changes(self.root, paths),
            None => {
                git_history::last_changes(self.root, paths, git_history::MAX_COMMITS).map(Arc::new)
            }
        };
        walk.map(|w| w.time.clone()).unwrap_or_default()
    }
}
