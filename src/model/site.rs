//! A docs site as the analysis sees it: an immutable snapshot of its files,
//! read by the `workspace` layer. Parsed forms (JSON trees, front matter,
//! spec indexes) are computed once per file version and cached on the file,
//! so a new snapshot that shares unchanged files shares their parses.

use super::page_keys::PageKeys;
use crate::syntax::tree::FileId;
use rustc_hash::FxHashMap as HashMap;
use std::sync::Arc;

// What the site is made of, where other layers have always found it.
pub use super::derived::{Derived, Shape};
pub use super::file_kind::{
    FileKind, Unreadable, is_snippet, kind_of, platform_ignores, platform_ignores_name,
};
pub use super::lock::lock;
pub use super::page_keys::{PageName, PageRef};
pub use super::paths::strip_page_ext;
pub use super::source_file::SourceFile;

/// A snapshot of one docs root.
///
/// Snapshots are made per keystroke, so their parts are shared: the page
/// table (25,000 files on a large site) sits behind an `Arc` and is copied
/// only when a page is added, removed or edited; docs.json lives outside it,
/// so typing in docs.json copies a handful of pointers. What is derived from
/// the pages and data files alone is cached on [`Derived`], kept across
/// snapshots until one of those files changes.
#[derive(Debug, Clone, Default)]
pub struct Site {
    /// Display name of the docs root (its path as the user gave it).
    pub name: String,
    pages: Arc<HashMap<FileId, Arc<SourceFile>>>,
    /// docs.json, `$ref` files, specs: few, so copied per snapshot.
    data: HashMap<FileId, Arc<SourceFile>>,
    by_path: Arc<HashMap<String, FileId>>,
    /// Every other file of the site (images, downloads, ...), by path: link
    /// targets, never read.
    assets: Arc<rustc_hash::FxHashSet<Box<str>>>,
    pub docs_json: Option<FileId>,
    /// Only some of the site's files are known (a file opened outside every
    /// docs root): rules that need the whole site (does this page exist?)
    /// are skipped rather than reporting everything as missing.
    pub partial: bool,
    derived: Arc<Derived>,
    /// Changes with every change to the files but docs.json (a revision):
    /// what a rule's answer for the whole site reads of its pages.
    files_revision: crate::model::memo::Revision,
    /// The page text edits since the shape was made, newest first: what
    /// changed between two snapshots of one shape.
    edits: Option<Arc<Edit>>,
    /// `files_revision` where `edits` starts (when the shape was made).
    shape_base: crate::model::memo::Revision,
}

/// One page text edit, in a snapshot's history.
#[derive(Debug)]
struct Edit {
    /// The snapshot's `files_revision` after it.
    revision: crate::model::memo::Revision,
    file: FileId,
    /// How many edits come before it.
    depth: usize,
    before: Option<Arc<Edit>>,
}

/// The most page text edits a snapshot's history holds.
const MAX_HISTORY: usize = 4096;

impl Site {
    pub fn new(name: String) -> Self {
        Site {
            name,
            ..Site::default()
        }
    }

    /// A site of loose files (see [`Site::partial`]).
    pub fn partial() -> Self {
        Site {
            partial: true,
            ..Site::default()
        }
    }

    pub fn file(&self, id: FileId) -> Option<&Arc<SourceFile>> {
        self.data.get(&id).or_else(|| self.pages.get(&id))
    }

    pub fn file_id(&self, path: &str) -> Option<FileId> {
        self.by_path.get(path).copied()
    }

    pub fn file_by_path(&self, path: &str) -> Option<&Arc<SourceFile>> {
        self.by_path.get(path).and_then(|id| self.file(*id))
    }

    /// Every file: data files (docs.json, JSON, YAML) first, then pages.
    pub fn files(&self) -> impl Iterator<Item = &Arc<SourceFile>> {
        self.data.values().chain(self.pages.values())
    }

    /// Data files: docs.json, `$ref` files, specs, other JSON and YAML.
    pub fn data_files(&self) -> impl Iterator<Item = &Arc<SourceFile>> {
        self.data.values()
    }

    pub fn insert(&mut self, file: Arc<SourceFile>) {
        if self.by_path.get(&file.path) != Some(&file.id) {
            self.drop_path(&file.path);
            Arc::make_mut(&mut self.by_path).insert(file.path.clone(), file.id);
        }
        if file.kind == FileKind::DocsJson {
            file.follows(self.data.get(&file.id));
            self.docs_json = Some(file.id);
        } else if self.keeps_shape(&file) {
            // The shape stays: what read the page is checked against its
            // revision when asked for.
            self.files_revision = crate::model::memo::fresh_revision();
            let depth = self.edits.as_ref().map_or(0, |e| e.depth + 1);
            if depth >= MAX_HISTORY {
                // A long session of typing in pages: start the history
                // afresh here (an answer older than this asks every file).
                self.edits = None;
                self.shape_base = self.files_revision;
            } else {
                self.edits = Some(Arc::new(Edit {
                    revision: self.files_revision,
                    file: file.id,
                    depth,
                    before: self.edits.take(),
                }));
            }
        } else {
            self.new_shape();
        }
        if file.kind == FileKind::Page {
            Arc::make_mut(&mut self.pages).insert(file.id, file);
        } else {
            self.data.insert(file.id, file);
        }
    }

    pub fn remove(&mut self, path: &str) {
        self.drop_path(path);
    }

    /// Whether `file` replaces a page's text without changing what the
    /// shape holds: same path, still readable, the same imports, and no
    /// other page imports it (a snippet's text is part of its importers).
    fn keeps_shape(&self, file: &SourceFile) -> bool {
        if file.kind != FileKind::Page || self.by_path.get(&file.path) != Some(&file.id) {
            return false;
        }
        let Some(old) = self.pages.get(&file.id) else {
            return false;
        };
        let imported = self.derived.shape.imported.get();
        old.kind == FileKind::Page
            && old.text.is_ok()
            && file.text.is_ok()
            && imported.is_some_and(|i| !i.contains(&file.id))
            && old.page_index().imports.iter().map(|i| &i.source).eq(file
                .page_index()
                .imports
                .iter()
                .map(|i| &i.source))
    }

    /// A file the site serves but does not read (an image, a download).
    pub fn insert_asset(&mut self, path: &str) {
        if !self.assets.contains(path) {
            Arc::make_mut(&mut self.assets).insert(path.into());
            self.new_shape();
        }
    }

    pub fn remove_asset(&mut self, path: &str) {
        if self.assets.contains(path) {
            Arc::make_mut(&mut self.assets).remove(path);
            self.new_shape();
        }
    }

    /// The files the site serves but does not read, unsorted.
    pub fn assets(&self) -> impl Iterator<Item = &str> {
        self.assets.iter().map(|a| &**a)
    }

    /// Whether `path` is a file the site serves but does not read.
    pub fn has_asset(&self, path: &str) -> bool {
        self.assets.contains(path)
    }

    fn drop_path(&mut self, path: &str) {
        let Some(id) = self.by_path.get(path).copied() else {
            return;
        };
        Arc::make_mut(&mut self.by_path).remove(path);
        if self.data.remove(&id).is_none() && self.pages.contains_key(&id) {
            Arc::make_mut(&mut self.pages).remove(&id);
        }
        if self.docs_json == Some(id) {
            self.docs_json = None;
        } else {
            self.new_shape();
        }
    }

    /// What is derived from the pages and data files (not docs.json).
    pub fn derived(&self) -> &Derived {
        &self.derived
    }

    /// A new shape: which files exist or a data file changed.
    fn new_shape(&mut self) {
        self.derived = Arc::default();
        self.files_revision = crate::model::memo::fresh_revision();
        self.edits = None;
        self.shape_base = self.files_revision;
    }

    /// The pages whose text changed since this snapshot's history had
    /// `files_revision` `since` under the same shape (each once, in no
    /// order); `None` when `since` is not in its history.
    pub fn edited_since(&self, since: crate::model::memo::Revision) -> Option<Vec<FileId>> {
        let mut out = Vec::new();
        let mut at = self.edits.as_deref();
        loop {
            match at {
                Some(e) if e.revision == since => break,
                Some(e) if e.revision > since => {
                    if !out.contains(&e.file) {
                        out.push(e.file);
                    }
                    at = e.before.as_deref();
                }
                Some(_) => return None,
                None if self.shape_base == since => break,
                None => return None,
            }
        }
        Some(out)
    }

    /// A revision that changes with any change to the site's files but
    /// docs.json.
    pub fn files_revision(&self) -> crate::model::memo::Revision {
        self.files_revision
    }

    /// The page file a navigation entry names: `guides/intro` is
    /// `guides/intro.mdx` or `guides/intro.md`; a leading `/` and an explicit
    /// extension are tolerated as the platform tolerates them.
    pub fn page(&self, entry: &str) -> Option<&Arc<SourceFile>> {
        self.page_id(entry).and_then(|id| self.pages.get(&id))
    }

    /// [`Site::page`] without touching the file (one lookup).
    pub fn page_id(&self, entry: &str) -> Option<FileId> {
        self.page_ref(entry).map(|r| r.id)
    }

    /// The page an entry names, with its key's ordinal: one lookup by key,
    /// no allocation (this runs for every entry of a 25,000-page navigation
    /// on every keystroke).
    pub fn page_ref(&self, entry: &str) -> Option<PageRef> {
        let p = entry.trim_start_matches('/');
        let ix = self.page_index();
        if p.ends_with(".mdx") || p.ends_with(".md") {
            // An explicit extension names that very file.
            let id = self
                .by_path
                .get(p)
                .copied()
                .filter(|id| self.pages.contains_key(id))?;
            let ordinal = ix.ordinal(strip_page_ext(p))?;
            return Some(PageRef { id, ordinal });
        }
        let ordinal = ix.ordinal(p)?;
        Some(PageRef {
            id: ix.ids[ordinal as usize],
            ordinal,
        })
    }

    fn page_index(&self) -> &PageKeys {
        self.derived.shape.page_index.get_or_init(|| {
            let _t = crate::timing::span("page index");
            let mut all: Vec<(&str, bool, FileId)> = self
                .pages
                .values()
                .map(|f| (strip_page_ext(&f.path), !f.path.ends_with(".mdx"), f.id))
                .collect();
            // `.mdx` wins over `.md` for one key.
            all.sort_unstable();
            let mut ix = PageKeys::default();
            ix.ids.reserve(all.len());
            for (key, _, id) in all {
                if !ix.ids.is_empty() && ix.key(ix.ids.len() as u32 - 1) == key {
                    ix.shadowed.push(id);
                    continue;
                }
                ix.push(key, id);
            }
            ix
        })
    }

    /// Page files that no key resolves to (`a.md` beside `a.mdx`).
    pub fn shadowed_pages(&self) -> &[FileId] {
        &self.page_index().shadowed
    }

    /// The page nearest to a missing page key (Jaro-Winkler, at least 0.85),
    /// for a did-you-mean (the analysis keeps its answers:
    /// `analysis::memos::Memos::nearest_page`).
    pub fn nearest_page(&self, key: &str) -> Option<String> {
        let ix = self.page_index();
        // A page moved to another folder keeps its name: when exactly one
        // page has this file name, that is the answer, however far its
        // folder is from the one written.
        let name = key.rsplit('/').next().unwrap_or(key);
        let mut same_name = (0..ix.ids.len() as u32)
            .map(|o| ix.key(o))
            .filter(|k| k.rsplit('/').next() == Some(name));
        let moved = match (same_name.next(), same_name.next()) {
            (Some(only), None) if key.contains('/') || only.contains('/') => Some(only),
            _ => None,
        };
        let near = crate::diagnostics::nearest(
            key,
            (0..ix.ids.len() as u32).map(|o| (ix.key(o), &ix.prepared[o as usize])),
        );
        // A near miss in the same folder is a typo in the name; else a page
        // of the same name elsewhere was moved.
        fn folder(k: &str) -> &str {
            k.rsplit_once('/').map_or("", |(d, _)| d)
        }
        let found = match near {
            Some(n) if folder(n) == folder(key) => Some(n),
            _ => moved.or(near),
        };
        found.map(str::to_string)
    }

    /// Every page by key (`.mdx` over `.md` for one key), sorted by key;
    /// built once until the pages change. A page's position here is its
    /// [`PageRef::ordinal`].
    pub fn page_names(&self) -> impl ExactSizeIterator<Item = PageName<'_>> {
        let ix = self.page_index();
        (0..ix.ids.len()).map(move |o| PageName {
            key: ix.key(o as u32),
            id: ix.ids[o],
        })
    }

    pub fn page_count(&self) -> usize {
        self.pages.len()
    }

    /// All pages, in no particular order (for passes that sort later).
    pub fn pages_unsorted(&self) -> impl Iterator<Item = &Arc<SourceFile>> {
        self.pages.values()
    }

    /// All pages, sorted by path for stable output.
    pub fn pages(&self) -> Vec<&Arc<SourceFile>> {
        let mut v: Vec<_> = self.pages.values().collect();
        v.sort_by(|a, b| a.path.cmp(&b.path));
        v
    }

    /// Spec candidates: JSON/YAML files with a top-level `openapi`,
    /// `swagger` or `asyncapi` version key, in any key order; used when
    /// nothing in the site names a spec.
    pub fn spec_files(&self) -> Vec<&Arc<SourceFile>> {
        let mut v: Vec<_> = self.data.values().filter(|f| f.declares_spec()).collect();
        v.sort_by(|a, b| a.path.cmp(&b.path));
        v
    }
}
