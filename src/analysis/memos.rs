//! The analysis's memo tables: every value it reuses across keystrokes is
//! one of their entries, with what computing it read
//! ([`crate::model::memo`]). They are the analysis's, not the site's: an
//! [`super::Analysis`] holds them and the next analysis of the same docs
//! root starts from them.

use super::rules::navigation_pass::Outcome;
use crate::diagnostics::Diagnostic;
use crate::model::docs_json::Config;
use crate::model::link_targets::DocsJsonPart;
use crate::model::memo::{MemoTable, Revision, Shared};
use crate::syntax::tree::FileId;
use std::sync::Arc;

/// The analysis's memo tables ([`crate::model::memo`]), carried from each
/// analysis of a docs root to the next whatever changed ([`super::analyze_after`]):
/// an entry is checked against what it read when it is asked for, so no
/// change has to say what it made stale.
#[derive(Debug, Default)]
pub struct Memos {
    /// docs.json resolved (`$ref`s, overlays): reads docs.json and the
    /// shape, so a page keystroke does not resolve it again.
    pub config: MemoTable<(), Shared<Config>>,
    /// The navigation rules' outcome: reads the resolved docs.json and the
    /// shape.
    pub navigation: MemoTable<(), Outcome>,
    /// The navigation schema check's results of large subtrees: each reads
    /// its subtree's bytes in docs.json.
    pub schema_subtrees: super::schema_subtrees::SchemaSubtrees,
    /// Each page's diagnostics (front matter, components, `openapi`).
    pub pages: MemoTable<FileId, Arc<[Diagnostic]>>,
    /// What of them needs the page alone (unreadable file, front matter
    /// syntax and schema): reads its file only.
    pub own: MemoTable<FileId, Arc<[Diagnostic]>>,
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
    /// docs.json's part of the link targets: reads parts of docs.json's
    /// text ([`super::rules::link_part`]).
    pub link_part: MemoTable<(), Shared<DocsJsonPart>, crate::model::memo::TextReads>,
    /// Each page's and snippet's outbound pages (`analysis::inbound`).
    pub outbound: MemoTable<FileId, Arc<[FileId]>>,
    /// The inbound link counts of the whole site, summed from `outbound`.
    pub inbound: std::sync::Mutex<Option<Arc<InboundCounts>>>,
    /// A whole rule's answer for the site, by rule.
    pub site: [std::sync::Mutex<Option<Arc<SiteAnswer>>>; 3],
    /// How many per-file values were computed (not taken from the table):
    /// tests tell by it that an edit recomputes what it touched only.
    pub computed: std::sync::atomic::AtomicUsize,
    /// Did-you-mean answers for missing page keys
    /// ([`super::suggestions::nearest_page`]):
    /// an entry stays wrong over many keystrokes elsewhere. Reads the shape.
    pub suggestions: super::suggestions::Suggestions,
    /// The shape (its epoch) at which entries of gone files were dropped.
    pub pruned_at: std::sync::atomic::AtomicU64,
    /// How much the paths inside the navigation entry kept.
    pub reused: super::reused::Reused,
}

/// A per-file rule's answer for the whole site: its per-file values
/// (those with something to say), made at one `Site::files_revision` under
/// what every per-file value reads of the whole site. The next snapshot of
/// the same shape asks the table again for the files edited since (and
/// their indexed readers) only.
#[derive(Debug)]
pub struct SiteAnswer {
    pub files_revision: Revision,
    pub reads: Box<[crate::model::memo::Dep]>,
    pub by_file: std::collections::BTreeMap<FileId, Arc<[Diagnostic]>>,
    pub all: Arc<Vec<Diagnostic>>,
}

/// The body links of other files that lead to each page (the file of
/// each, once per link, sorted), with what they were gathered at (files
/// revision, shape epoch, links' docs.json part) and each file's outbound
/// pages they were gathered from (to patch them after page edits).
#[derive(Debug)]
pub struct InboundCounts {
    pub made_from: (Revision, Revision, Revision),
    pub outbound: Arc<rustc_hash::FxHashMap<FileId, Arc<[FileId]>>>,
    pub by_page: Arc<rustc_hash::FxHashMap<FileId, Vec<FileId>>>,
}

/// A docs.json value a per-file rule reads.
#[derive(Debug, Clone, PartialEq)]
pub enum DocsJsonValue {
    Links(DocsJsonPart),
    Overlays(u64),
}
