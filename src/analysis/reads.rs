//! What the per-file rules read, named as keys of the memo tables
//! ([`crate::model::memo`]), and the revision each has in one snapshot. A
//! rule records its reads with these keys; the table checks them here.

use crate::model::memo::{Key, MemoTable, Revision};
use crate::model::site::Site;
use crate::syntax::tree::FileId;

const FILE: Key = 0;
const ANCHORS: Key = 1 << 32;
/// The site's shape (which files exist, data files, snippets).
pub const SHAPE: Key = 2 << 32;
/// Every file but docs.json (what a rule's answer for the whole site reads).
pub const FILES: Key = 3 << 32;
/// The part of docs.json that links read.
pub const LINK_PART: Key = 4 << 32;
/// The overlay lists of docs.json.
pub const OVERLAYS: Key = 5 << 32;
/// docs.json resolved (a memoised value: its revision is the one at which
/// it last changed).
pub const CONFIG: Key = 6 << 32;

/// One file's text.
pub fn file(id: FileId) -> Key {
    FILE | Key::from(id)
}

/// What links into one page find there.
pub fn anchors(id: FileId) -> Key {
    ANCHORS | Key::from(id)
}

/// What may change when file `id`'s text does (its text, its anchors).
pub fn of_file(id: FileId) -> [Key; 2] {
    [file(id), anchors(id)]
}

/// `key` read at `revision`, for a rule's list of what it reads.
pub fn dep(key: Key, revision: Revision) -> crate::model::memo::Dep {
    crate::model::memo::Dep { key, revision }
}

/// The revisions of one snapshot's inputs.
#[derive(Clone, Copy)]
pub struct Revisions<'a> {
    pub site: &'a Site,
    /// The anchors query's table (`Memos::anchors`), read for [`ANCHORS`].
    pub anchors: &'a MemoTable<FileId, u64>,
    pub link_part: Option<Revision>,
    pub overlays: Option<Revision>,
    pub config: Option<Revision>,
}

impl<'a> Revisions<'a> {
    pub fn new(site: &'a Site, anchors: &'a MemoTable<FileId, u64>) -> Self {
        Revisions {
            site,
            anchors,
            link_part: None,
            overlays: None,
            config: None,
        }
    }

    /// `key`'s revision now; `None` when it is gone (or not known here).
    pub fn of(&self, key: Key) -> Option<Revision> {
        let id = (key & 0xffff_ffff) as FileId;
        match key & !0xffff_ffff {
            FILE => self.site.file(id).map(|f| f.revision),
            ANCHORS => self.anchors(id),
            SHAPE => Some(self.site.derived().shape.epoch),
            FILES => Some(self.site.files_revision()),
            LINK_PART => self.link_part,
            OVERLAYS => self.overlays,
            CONFIG => self.config,
            _ => None,
        }
    }

    /// How text input `key`'s versions up to the current one were made
    /// (for reads of parts of docs.json).
    pub fn history_of(&self, key: Key) -> &'a crate::model::memo::TextHistory {
        if key & !0xffff_ffff != FILE {
            return &[];
        }
        self.site
            .file((key & 0xffff_ffff) as FileId)
            .map_or(&[], |f| f.text_history())
    }

    /// The revision at which page `id`'s anchors last changed: a new
    /// version of the page with the same anchors keeps it.
    pub fn anchors(&self, id: FileId) -> Option<Revision> {
        let f = self.site.file(id)?;
        let memo = self.anchors;
        let of = |k: Key| (k == file(id)).then_some(f.revision);
        let (_, changed_at) = memo.get(&id, of, |r| {
            r.read(file(id), f.revision);
            anchor_fingerprint(f)
        });
        Some(changed_at)
    }
}

/// A hash of what decides which anchors a link into page `f` finds: its
/// anchors and the snippets it includes. Equal before and after an edit,
/// links into the page need no new check (the anchors table's early
/// cutoff). Computed only by that table, which keeps it per file version.
fn anchor_fingerprint(f: &crate::model::site::SourceFile) -> u64 {
    use std::hash::{BuildHasher, Hash, Hasher};
    let mut h = rustc_hash::FxBuildHasher.build_hasher();
    let a = f.anchors();
    (&a.ids, a.incomplete).hash(&mut h);
    let ix = f.page_index();
    for i in &ix.imports {
        i.source.hash(&mut h);
    }
    for l in &ix.links {
        if l.kind == crate::syntax::page::LinkKind::Snippet {
            l.target.hash(&mut h);
        }
    }
    h.finish()
}
