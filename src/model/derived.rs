//! What a snapshot derives from its pages and data files but not from
//! docs.json, kept across snapshots while those files stay (`Site::derived`).

use super::docs_json::Config;
use super::link_targets::{DocsJsonPart, FileTargets};
use super::lock::lock;
use super::page_keys::PageKeys;
use super::source_file::SourceFile;
use crate::syntax::tree::FileId;
use rustc_hash::FxHashMap as HashMap;
use std::sync::{Arc, OnceLock};

/// Facts computed from the site's pages and data files, but not docs.json:
/// a docs.json edit keeps them all; an edit of a page's text keeps its
/// [`Shape`] and recomputes the aggregates below from per-file memos (only
/// the edited page, and pages whose links read its anchors, are checked
/// again); any other change starts afresh.
#[derive(Debug, Default)]
pub struct Derived {
    pub shape: Arc<Shape>,
    /// Where the aggregates can be updated from, after page text edits.
    base: std::sync::Mutex<Option<Base>>,
    /// Diagnostics of the pages (front matter, components, their `openapi`
    /// references), which depend on pages and specs only.
    pub page_diagnostics: OnceLock<(u64, Vec<crate::diagnostics::Diagnostic>)>,
    /// The MDX syntax errors of every page and snippet (pages only).
    pub syntax_diagnostics: OnceLock<Arc<Vec<crate::diagnostics::Diagnostic>>>,
    /// The pages' link diagnostics with the part of docs.json they were
    /// computed against (redirects, prefixes, remote specs): a docs.json
    /// keystroke that leaves that part alone reuses them.
    #[allow(clippy::type_complexity)]
    pub link_diagnostics:
        std::sync::Mutex<Option<(DocsJsonPart, Arc<Vec<crate::diagnostics::Diagnostic>>)>>,
}

/// What depends on which files the site has and on its data files (specs,
/// snippets), not on the text of its pages: kept while the user types in a
/// page. Its `epoch` keys the per-file memos of [`SourceFile`].
#[derive(Debug)]
pub struct Shape {
    pub epoch: u64,
    /// The pages by key, for navigation entries, completion, did-you-mean.
    pub(super) page_index: OnceLock<PageKeys>,
    /// Did-you-mean answers already given, by missing page key: an entry
    /// stays wrong over many keystrokes elsewhere.
    pub(super) suggestions: std::sync::Mutex<HashMap<Box<str>, Option<Box<str>>>>,
    /// The site's files as link targets (with the pages its specs generate).
    pub link_files: OnceLock<Arc<FileTargets>>,
    /// Files some page imports (they are snippets there).
    pub imported: OnceLock<rustc_hash::FxHashSet<FileId>>,
    /// For each page, the pages whose links read its anchors (from every
    /// link check of this shape; an edge may be stale, never missing).
    pub anchor_readers: std::sync::Mutex<rustc_hash::FxHashMap<FileId, Vec<FileId>>>,
    /// The last resolved docs.json, with the docs.json file it was resolved
    /// from (held, so compared by identity): a page keystroke does not
    /// resolve `$ref`s again.
    pub config: std::sync::Mutex<Option<(Arc<SourceFile>, Config)>>,
    /// The navigation rules' outcome for the last docs.json tree (the
    /// analysis decides its type; it holds the tree, so a new tree is never
    /// taken for an old one).
    pub navigation: std::sync::Mutex<Option<Arc<dyn std::any::Any + Send + Sync>>>,
    pub overlays: crate::model::overlaid::Memo, // discovered overlays, overlaid specs
}

/// A number no other shape or docs.json part has had.
pub fn next_epoch() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

impl Default for Shape {
    fn default() -> Self {
        Shape {
            epoch: next_epoch(),
            page_index: OnceLock::new(),
            suggestions: Default::default(),
            link_files: OnceLock::new(),
            imported: OnceLock::new(),
            anchor_readers: Default::default(),
            config: Default::default(),
            navigation: Default::default(),
            overlays: Default::default(),
        }
    }
}

/// How a [`Derived`] made for an edit of page texts gets its aggregates:
/// from an earlier one's, with the entries of the edited pages (and of the
/// pages whose links read anchors an edit changed) computed again.
#[derive(Debug, Clone)]
pub struct Base {
    pub derived: Arc<Derived>,
    pub edited: rustc_hash::FxHashSet<FileId>,
    pub anchors_changed: rustc_hash::FxHashSet<FileId>,
}

impl Derived {
    /// The derived facts after `id`'s text changed with the shape kept.
    pub(super) fn after_edit(cur: &Arc<Derived>, id: FileId, anchors_changed: bool) -> Derived {
        let computed = cur.page_diagnostics.get().is_some()
            || cur.syntax_diagnostics.get().is_some()
            || lock(&cur.link_diagnostics).is_some();
        let base = if computed {
            Some(Base {
                derived: cur.clone(),
                edited: Default::default(),
                anchors_changed: Default::default(),
            })
        } else {
            // Nothing was computed on `cur` (edits faster than analyses):
            // its base, with one more page edited.
            lock(&cur.base).clone()
        };
        let base = base.map(|mut b| {
            b.edited.insert(id);
            if anchors_changed {
                b.anchors_changed.insert(id);
            }
            b
        });
        Derived {
            shape: cur.shape.clone(),
            base: std::sync::Mutex::new(base),
            ..Derived::default()
        }
    }

    /// The nearest earlier aggregate `get` finds along the bases, with the
    /// pages edited since and those whose anchors changed.
    #[allow(clippy::type_complexity)]
    pub fn earlier<T>(
        &self,
        get: impl Fn(&Derived) -> Option<T>,
    ) -> Option<(
        T,
        rustc_hash::FxHashSet<FileId>,
        rustc_hash::FxHashSet<FileId>,
    )> {
        let mut base = lock(&self.base).clone()?;
        let (mut edited, mut anchors) = (base.edited.clone(), base.anchors_changed.clone());
        loop {
            if let Some(found) = get(&base.derived) {
                return Some((found, edited, anchors));
            }
            let next = lock(&base.derived.base).clone()?;
            edited.extend(next.edited.iter().copied());
            anchors.extend(next.anchors_changed.iter().copied());
            base = next;
        }
    }

    /// Forget the earlier aggregates once this one's are computed (they
    /// would otherwise be held along a chain of keystrokes).
    pub fn settle(&self) {
        lock(&self.base).take();
    }
}
