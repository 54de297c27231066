//! What the open documents of a site showed at the last look of
//! `super::view_refresh`, kept by the site's state (`super::world`).

use crate::model::site::Site;
use crate::syntax::tree::FileId;
use std::collections::HashMap;
use std::sync::Arc;

/// What the open documents of a site showed at the last look.
#[derive(Default)]
pub struct Shown {
    /// The change (`SiteState::generation`) looked at: an older look that
    /// finishes later does not overwrite a newer one.
    pub generation: u64,
    /// The snapshot looked at, to compare edited pages' titles with.
    pub site: Option<Arc<Site>>,
    /// What the translation lenses read of the navigation looked at
    /// (`analysis::translations::navigation_key`), when a lens was made.
    pub navigation: Option<u64>,
    pub pages: HashMap<FileId, Lenses>,
}

/// One open page's lenses.
#[derive(Clone, Default)]
pub struct Lenses {
    /// The inbound lens's (entries, links).
    pub inbound: Option<(usize, usize)>,
    pub translation: Option<String>,
    /// The files of the translation lens's languages: an edit of one may
    /// change what it says.
    pub translation_files: Vec<FileId>,
}
