//! What a snapshot derives from its pages and data files but not from
//! docs.json, kept across snapshots while those files stay (`Site::derived`),
//! and the memo tables carried across every snapshot (`Site::memos`).

use super::docs_json::Config;
use super::link_targets::{DocsJsonPart, FileTargets};
use super::memo::{MemoTable, Revision, fresh_revision};
use super::page_keys::PageKeys;
use super::source_file::SourceFile;
use crate::diagnostics::Diagnostic;
use crate::syntax::tree::FileId;
use rustc_hash::FxHashMap as HashMap;
use std::sync::{Arc, OnceLock};

/// What a snapshot derives from its files but not from docs.json: its
/// [`Shape`], made afresh by any change but an edit of a page's text.
#[derive(Debug, Default)]
pub struct Derived {
    pub shape: Arc<Shape>,
}

/// The memo tables of the analysis's per-file rules ([`crate::model::memo`]),
/// carried from each snapshot of a docs root to the next whatever changed:
/// an entry is checked against what it read when it is asked for, so no
/// change has to say what it made stale.
#[derive(Debug, Default)]
pub struct Memos {
    /// Each page's own diagnostics (front matter, components, `openapi`).
    pub pages: MemoTable<FileId, Arc<[Diagnostic]>>,
    /// Each page's and snippet's MDX syntax errors.
    pub syntax: MemoTable<FileId, Arc<[Diagnostic]>>,
    /// Each page's and snippet's link diagnostics.
    pub links: MemoTable<FileId, Arc<[Diagnostic]>>,
    /// What links into a page find there (its anchor fingerprint): links
    /// read this, so an edit that leaves a page's anchors alone keeps the
    /// results of the pages linking into it.
    pub anchors: MemoTable<FileId, u64>,
    /// Values of docs.json that per-file rules read, compared by value
    /// (the link part, the overlay lists' key).
    pub docs_json_parts: MemoTable<u8, DocsJsonValue>,
    /// Each page's and snippet's outbound pages (`analysis::inbound`).
    pub outbound: MemoTable<FileId, Arc<[FileId]>>,
    /// The inbound link counts of the whole site, summed from `outbound`.
    pub inbound: std::sync::Mutex<Option<Arc<InboundCounts>>>,
    /// A whole rule's answer for the site, by rule.
    pub site: [std::sync::Mutex<Option<Arc<SiteAnswer>>>; 3],
    /// How many per-file values were computed (not taken from the table):
    /// tests tell by it that an edit recomputes what it touched only.
    pub computed: std::sync::atomic::AtomicUsize,
    /// The shape (its epoch) at which entries of gone files were dropped.
    pub pruned_at: std::sync::atomic::AtomicU64,
}

/// A per-file rule's answer for the whole site: its per-file values
/// (those with something to say), made at one `Site::files_revision` under
/// what every per-file value reads of the whole site. The next snapshot of
/// the same shape asks the table again for the files edited since (and
/// their indexed readers) only.
#[derive(Debug)]
pub struct SiteAnswer {
    pub files_revision: Revision,
    pub reads: Box<[super::memo::Dep]>,
    pub by_file: std::collections::BTreeMap<FileId, Arc<[Diagnostic]>>,
    pub all: Arc<Vec<Diagnostic>>,
}

/// The body links of other files that lead to each page (the file of
/// each, once per link), with what they were gathered at (files revision,
/// shape epoch, links' docs.json part).
#[derive(Debug)]
pub struct InboundCounts {
    pub made_from: (Revision, Revision, Revision),
    pub by_page: rustc_hash::FxHashMap<FileId, Vec<FileId>>,
}

/// A docs.json value a per-file rule reads.
#[derive(Debug, Clone, PartialEq)]
pub enum DocsJsonValue {
    Links(DocsJsonPart),
    Overlays(u64),
}

/// What depends on which files the site has and on its data files (specs,
/// snippets), not on the text of its pages: kept while the user types in a
/// page. Its `epoch` (a revision) is what per-file rules read of it.
#[derive(Debug)]
pub struct Shape {
    pub epoch: Revision,
    /// The pages by key, for navigation entries, completion, did-you-mean.
    pub(super) page_index: OnceLock<PageKeys>,
    /// Did-you-mean answers already given, by missing page key: an entry
    /// stays wrong over many keystrokes elsewhere.
    pub(super) suggestions: std::sync::Mutex<HashMap<Box<str>, Option<Box<str>>>>,
    /// The site's files as link targets (with the pages its specs generate).
    pub link_files: OnceLock<Arc<FileTargets>>,
    /// Files some page imports (they are snippets there).
    pub imported: OnceLock<rustc_hash::FxHashSet<FileId>>,
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

impl Default for Shape {
    fn default() -> Self {
        Shape {
            epoch: fresh_revision(),
            page_index: OnceLock::new(),
            suggestions: Default::default(),
            link_files: OnceLock::new(),
            imported: OnceLock::new(),
            config: Default::default(),
            navigation: Default::default(),
            overlays: Default::default(),
        }
    }
}
