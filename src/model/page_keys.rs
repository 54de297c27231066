//! The site's pages by key (the path without extension, as navigation
//! entries name a page), each with an ordinal that stands for it in
//! per-keystroke passes.

use crate::syntax::tree::FileId;

/// A page as completion lists it.
#[derive(Debug, Clone, Copy)]
pub struct PageName<'a> {
    /// The path without extension, as navigation entries name it.
    pub key: &'a str,
    pub id: FileId,
}

/// The site's pages by key. A key's position in `keys` (its ordinal)
/// stands for the page in per-keystroke passes: a number to hash and a bit
/// to set, instead of a path.
#[derive(Default)]
pub(super) struct PageKeys {
    /// Every key, sorted, in one buffer (one per key; its position is the
    /// ordinal): a lookup compares
    /// against memory that sits together (25,000 separately allocated keys
    /// made each lookup a cache miss), and the table holds only ordinals.
    pub(super) keys: String,
    pub(super) spans: Vec<(u32, u32)>,
    /// The file each key resolves to, by ordinal.
    pub(super) ids: Vec<FileId>,
    /// Each key prepared for did-you-mean, by ordinal.
    pub(super) prepared: Vec<crate::diagnostics::Prepared>,
    pub(super) table: hashbrown::HashTable<u32>,
    /// Files whose key another file holds (`a.md` beside `a.mdx`).
    pub(super) shadowed: Vec<FileId>,
}

impl std::fmt::Debug for PageKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PageKeys")
            .field("pages", &self.ids.len())
            .finish_non_exhaustive()
    }
}

impl PageKeys {
    pub(super) fn hash(key: &str) -> u64 {
        use std::hash::BuildHasher;
        rustc_hash::FxBuildHasher.hash_one(key)
    }

    pub(super) fn key(&self, ordinal: u32) -> &str {
        let (s, e) = self.spans[ordinal as usize];
        &self.keys[s as usize..e as usize]
    }

    pub(super) fn ordinal(&self, key: &str) -> Option<u32> {
        self.table
            .find(Self::hash(key), |&o| self.key(o) == key)
            .copied()
    }

    pub(super) fn push(&mut self, key: &str, id: FileId) {
        let ordinal = self.ids.len() as u32;
        let start = self.keys.len() as u32;
        self.keys.push_str(key);
        self.spans.push((start, self.keys.len() as u32));
        let (keys, spans) = (&self.keys, &self.spans);
        let key_of = |o: &u32| {
            let (s, e) = spans[*o as usize];
            Self::hash(&keys[s as usize..e as usize])
        };
        self.table.insert_unique(Self::hash(key), ordinal, key_of);
        self.ids.push(id);
        self.prepared.push(crate::diagnostics::Prepared::new(key));
    }
}

/// A navigation entry resolved to a page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageRef {
    pub id: FileId,
    /// Position of the page's key in [`Site::page_names`].
    pub ordinal: u32,
}

/// A page path as navigation lists it: no leading `/`, no extension.
pub fn page_key(v: &str) -> &str {
    super::paths::strip_page_ext(v.trim_start_matches('/'))
}
