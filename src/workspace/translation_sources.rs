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

/// The files of the docs root `root`. History walks are walked once, or
/// (the server: a code lens per page) kept in a cache and made for every
/// path of a list, whatever a report asks, so that one walk per HEAD serves
/// each page's lens.
pub struct Disk<'a> {
    pub root: &'a Path,
    pub cache: Option<(&'a Cache, Vec<&'a str>)>,
}

impl Sources for Disk<'_> {
    fn whole_text(&self, page: &SourceFile) -> Option<Arc<str>> {
        load::read_file(page.origin.as_deref()?, FileKind::Page, true).ok()
    }

    fn last_changed(&self, paths: &[&str]) -> FxHashMap<String, i64> {
        let walk = match &self.cache {
            Some((cache, all)) => cache.last_changes(self.root, all),
            None => {
                git_history::last_changes(self.root, paths, git_history::MAX_COMMITS).map(Arc::new)
            }
        };
        let Some(walk) = walk else {
            return FxHashMap::default();
        };
        paths
            .iter()
            .filter_map(|p| Some((p.to_string(), *walk.time.get(*p)?)))
            .collect()
    }
}
