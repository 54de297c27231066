//! The server's state: docs roots with their latest snapshot, open
//! documents, and the cached analysis of each snapshot.
//!
//! A change (an edit, a file event) produces the next snapshot of its site
//! synchronously; analysis runs later on an immutable snapshot, and a result
//! is only used for the snapshot version it was computed from.

use super::client_caps::ClientCaps;
use super::documents::{Document, Documents};
use super::moves::PendingMoves;
use super::settings::Settings;
use crate::analysis::{self, Analysis};
use crate::model::site::{FileKind, Site, SourceFile};
use crate::text::Encoding;
use crate::workspace::load::{self, FileIds};
use crate::workspace::suppress::Suppressions;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};

/// The editor version of each open document, as of one snapshot: published
/// diagnostics carry the version of the text they were computed from, not
/// of whatever the editor holds by the time they are sent.
pub type DocVersions = Arc<HashMap<PathBuf, i32>>;

struct SiteSnapshot {
    version: u64,
    site: Arc<Site>,
    docs: DocVersions,
}

pub struct SiteState {
    pub root: PathBuf,
    /// A site made for a file outside every docs root: only what needs no
    /// site (syntax, schema) is reported for it.
    pub loose: bool,
    snapshot: Mutex<SiteSnapshot>,
    /// The newest analysis; held only to read or replace it, so requests
    /// never wait on an analysis being computed.
    analysis: Mutex<Option<(u64, Arc<Analysis>, DocVersions)>>,
    /// Held while an analysis is computed: one at a time, each of the
    /// newest snapshot, so results only ever get newer.
    computing: Mutex<()>,
    pub suppress: Suppressions,
    /// Diagnostics last published, per file, to publish only changes (the
    /// publish schedule's bookkeeping, `super::publish`).
    pub(super) published: Mutex<HashMap<PathBuf, (u64, Option<i32>)>>,
    /// Bumped on every change; a scheduled publish runs only if it is
    /// still the latest.
    generation: AtomicU64,
    /// Analyses computed so far (an observable count for tests: a burst of
    /// file events must cost one).
    pub analyses: AtomicU64,
    /// `docsLsp.since`: the URLs of a revision that stop working.
    pub since: super::since::Since,
    /// What open documents' lenses and hints last showed.
    pub(super) shown: Mutex<super::shown::Shown>,
}

impl SiteState {
    fn new(root: PathBuf, site: Site, loose: bool, docs: HashMap<PathBuf, i32>) -> Self {
        let suppress = if loose {
            Suppressions::default()
        } else {
            Suppressions::load(&root).unwrap_or_default()
        };
        SiteState {
            root,
            loose,
            snapshot: Mutex::new(SiteSnapshot {
                version: 0,
                site: Arc::new(site),
                docs: Arc::new(docs),
            }),
            analysis: Mutex::new(None),
            computing: Mutex::new(()),
            suppress,
            published: Mutex::new(HashMap::new()),
            generation: AtomicU64::new(0),
            analyses: AtomicU64::new(0),
            since: Default::default(),
            shown: Default::default(),
        }
    }

    pub fn snapshot(&self) -> (u64, Arc<Site>) {
        let g = lock(&self.snapshot);
        (g.version, g.site.clone())
    }

    /// The count of changes so far: a publish scheduled at one generation
    /// is dropped once a newer change arrived.
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::SeqCst)
    }

    /// Replace or remove one file, producing the next snapshot. `doc` is the
    /// open document the change came from, with its editor version (`None`
    /// once it is closed). Private to the state's owner: only a change
    /// (`super::notifications`) makes a new snapshot.
    fn update(&self, doc: Option<(&Path, Option<i32>)>, f: impl FnOnce(&mut Site)) {
        let mut g = lock(&self.snapshot);
        let mut site = (*g.site).clone();
        f(&mut site);
        if let Some((path, version)) = doc {
            let mut docs = (*g.docs).clone();
            match version {
                Some(v) => docs.insert(path.to_path_buf(), v),
                None => docs.remove(path),
            };
            g.docs = Arc::new(docs);
        }
        g.version += 1;
        g.site = Arc::new(site);
        self.generation.fetch_add(1, Ordering::SeqCst);
    }

    /// The analysis of the latest snapshot, computed now if needed. Blocking:
    /// call from a blocking thread.
    pub fn analysis(self: &Arc<Self>) -> Arc<Analysis> {
        self.analysis_and_versions().0
    }

    /// The analysis of the latest snapshot with the document versions it saw.
    pub fn analysis_and_versions(self: &Arc<Self>) -> (Arc<Analysis>, DocVersions) {
        if let Some(hit) = self.cached() {
            return hit;
        }
        // Computed on the analysis thread, whoever asks (and waited for by
        // a caller on another thread): see `super::analysis_thread`.
        let me = self.clone();
        super::analysis_thread::run(move || me.compute())
    }

    /// [`Self::analysis_and_versions`] on the analysis thread.
    fn compute(&self) -> (Arc<Analysis>, DocVersions) {
        let _one_at_a_time = lock(&self.computing);
        // Whoever held the lock may have analysed the newest snapshot.
        if let Some(hit) = self.cached() {
            return hit;
        }
        let (version, site, docs) = {
            let g = lock(&self.snapshot);
            (g.version, g.site.clone(), g.docs.clone())
        };
        // Starting from the last analysis's memo tables: what it computed
        // stands where what it read still holds.
        let previous = lock(&self.analysis).as_ref().map(|(_, a, _)| a.clone());
        let mut a = analysis::analyze_after(site, previous.as_deref());
        drop(previous);
        if !self.loose {
            let removed = self.since.diagnostics(&self.root, &a);
            a.diagnostics.extend(removed);
        }
        let a = Arc::new(a);
        self.analyses.fetch_add(1, Ordering::SeqCst);
        keep_freed_memory_for_edits();
        let old = lock(&self.analysis).replace((version, a.clone(), docs.clone()));
        // Freeing the previous analysis (a tree of a 4 MB docs.json and
        // its diagnostics) is not the caller's business: it waits for this.
        // Not on a rayon thread either: the next analysis's parallel passes
        // would find one of two workers busy freeing. On the analysis
        // thread, once it has answered (`analysis_thread`).
        if let Some(old) = old {
            super::analysis_thread::free(Box::new(old));
        }
        (a, docs)
    }

    /// Sets `docsLsp.since`; `true` when it changed, and the analysis of
    /// the latest snapshot is then made again when next asked for.
    fn set_since(&self, rev: Option<String>) -> bool {
        let changed = self.since.set_rev(rev);
        if changed {
            let old = lock(&self.analysis).take();
            if let Some(old) = old {
                super::analysis_thread::free(Box::new(old));
            }
        }
        changed
    }

    /// The analysis of the latest snapshot, if already computed.
    fn cached(&self) -> Option<(Arc<Analysis>, DocVersions)> {
        let version = lock(&self.snapshot).version;
        match lock(&self.analysis).as_ref() {
            Some((v, a, d)) if *v == version => Some((a.clone(), d.clone())),
            _ => None,
        }
    }

    /// The editor versions of open documents that the latest snapshot holds.
    pub fn doc_versions(&self) -> DocVersions {
        lock(&self.snapshot).docs.clone()
    }

    /// The last analysis computed, even if older than the latest snapshot:
    /// requests answer from what is ready instead of waiting.
    pub fn last_analysis(&self) -> Option<Arc<Analysis>> {
        lock(&self.analysis).as_ref().map(|(_, a, _)| a.clone())
    }

    pub fn rel(&self, path: &Path) -> Option<String> {
        load::rel_path(&self.root, path)
    }
}

pub use crate::model::site::lock;

/// The server's state, with one owner: open documents, the sites with their
/// snapshots, the client's capabilities and settings, the publish
/// schedule's counters, expected moves. Changes go through the sync
/// notification handlers (`super::notifications`), which alone call the
/// `pub(super)` mutators here; requests see it through a read-only
/// `super::api::Snapshot`.
#[derive(Default)]
pub struct World {
    pub ids: FileIds,
    /// Open documents, read-only outside the state's owner.
    pub docs: Documents,
    sites: RwLock<Vec<Arc<SiteState>>>,
    workspace_roots: RwLock<Vec<PathBuf>>,
    /// Set once, at `initialize`.
    caps: std::sync::OnceLock<ClientCaps>,
    /// `docsLsp.*` as last sent by the client (`super::settings`).
    settings: RwLock<Arc<Settings>>,
    /// File-event batches being read now: a publish waiting for a quiet
    /// moment after one batch does not analyse while a later one is read
    /// (its own publish follows).
    pub(super) file_events: std::sync::atomic::AtomicUsize,
    /// Moves of pages the server waits to see on disk (`super::moves`).
    pub(super) moves: Arc<PendingMoves>,
    /// Held while a docs root loads: indexing and a document opened before
    /// it finished would otherwise both read the site, and the second
    /// state pushed would shadow edits made to the first.
    loading: Mutex<()>,
    /// The whole text of pages read in bulk, for placing positions in them.
    pub bodies: crate::workspace::bodies::Bodies,
    /// The last git history walk of each docs root, by HEAD (the
    /// translations report and lens: an age is a pure function of the
    /// repository, so one walk serves every request until HEAD moves).
    pub history: crate::workspace::git_history::Cache,
}

impl World {
    /// What the client can do (the defaults until `initialize`).
    pub fn caps(&self) -> ClientCaps {
        self.caps.get().copied().unwrap_or_default()
    }

    pub(super) fn set_caps(&self, caps: ClientCaps) {
        let _ = self.caps.set(caps);
    }

    pub fn encoding(&self) -> Encoding {
        self.caps().encoding
    }

    /// The settings now in force.
    pub fn settings(&self) -> Arc<Settings> {
        self.settings
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Puts `settings` in force; the sites whose diagnostics they change.
    pub(super) fn set_settings(&self, settings: Settings) -> Vec<Arc<SiteState>> {
        let since = settings.since.clone();
        *self.settings.write().unwrap_or_else(|p| p.into_inner()) = Arc::new(settings);
        self.sites()
            .into_iter()
            .filter(|s| !s.loose && s.set_since(since.clone()))
            .collect()
    }

    pub fn workspace_roots(&self) -> Vec<PathBuf> {
        self.workspace_roots
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    pub(super) fn edit_workspace_roots(&self, f: impl FnOnce(&mut Vec<PathBuf>)) {
        f(&mut self
            .workspace_roots
            .write()
            .unwrap_or_else(|e| e.into_inner()));
    }

    /// The open document at `path`, read-only.
    pub fn with_document<R>(&self, path: &Path, f: impl FnOnce(&Document) -> R) -> Option<R> {
        self.docs.get(path).map(|d| f(&d))
    }

    /// The open document's text as shared with snapshots, and its line index.
    pub fn document_text(&self, path: &Path) -> Option<(Arc<str>, Arc<crate::text::LineIndex>)> {
        self.with_document(path, Document::shared)
    }

    pub fn open_documents(&self) -> usize {
        self.docs.len()
    }

    pub(super) fn open_document(&self, path: PathBuf, doc: Document) {
        self.docs.insert(path, doc);
    }

    /// Apply an editor's changes to an open document; false when it is not
    /// open.
    pub(super) fn edit_document(
        &self,
        path: &Path,
        changes: &[tower_lsp_server::ls_types::TextDocumentContentChangeEvent],
        version: i32,
    ) -> bool {
        let enc = self.encoding();
        let Some(mut doc) = self.docs.get_mut(path) else {
            return false;
        };
        for c in changes {
            doc.apply(c, enc);
        }
        doc.version = version;
        true
    }

    /// The open document's last text handed out and where the edits since
    /// changed it, once (for the version made of those edits).
    pub(super) fn take_document_edit(
        &self,
        path: &Path,
    ) -> Option<crate::syntax::edit::EditedFrom> {
        self.docs.get_mut(path)?.take_edited()
    }

    pub(super) fn close_document(&self, path: &Path) {
        self.docs.remove(path);
    }

    pub fn sites(&self) -> Vec<Arc<SiteState>> {
        self.sites.read().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// The site a file belongs to: the deepest docs root holding it.
    pub fn site_of(&self, path: &Path) -> Option<Arc<SiteState>> {
        self.sites()
            .into_iter()
            .filter(|s| !s.loose && path.starts_with(&s.root))
            .max_by_key(|s| s.root.components().count())
            .or_else(|| self.sites().into_iter().find(|s| s.loose && s.root == path))
    }

    pub fn in_workspace(&self, path: &Path) -> bool {
        self.workspace_roots
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .any(|r| path.starts_with(r))
    }

    /// Load a docs root from disk, with open documents overriding the disk.
    pub fn load_root(&self, root: &Path) -> Arc<SiteState> {
        let existing = || {
            self.sites()
                .into_iter()
                .find(|s| !s.loose && s.root == root)
        };
        if let Some(s) = existing() {
            return s;
        }
        let _one_at_a_time = lock(&self.loading);
        if let Some(s) = existing() {
            return s;
        }
        let mut site = load::load_site(root, root.display().to_string(), &self.ids);
        let mut versions = HashMap::new();
        for entry in self.docs.iter() {
            if let Some(rel) = load::rel_path(root, entry.key())
                && let Some(kind) = load::kind_of(&rel)
            {
                versions.insert(entry.key().clone(), entry.value().version);
                let id = self.ids.id(entry.key());
                // The document's shared snapshot, made here on the loading
                // thread: the first request on a 4 MB document would
                // otherwise flatten its rope and index its lines (~4 ms).
                let (text, lines) = entry.value().shared();
                site.insert(Arc::new(
                    SourceFile::new(id, rel, kind, Ok(text)).with_lines(lines),
                ));
            }
        }
        let state = Arc::new(SiteState::new(root.to_path_buf(), site, false, versions));
        state.set_since(self.settings().since.clone());
        let mut sites = self.sites.write().unwrap_or_else(|e| e.into_inner());
        // A file opened before its root loaded got a loose site; drop it.
        sites.retain(|s| !(s.loose && s.root.starts_with(root)));
        sites.push(state.clone());
        state
    }

    /// The docs root that a change to `path` must load first (see
    /// [`World::docs_root_of`]), when no site holds it yet. A page opened before its
    /// root loaded then waits for the root instead of being checked alone
    /// (where it cannot know the site's specs or pages).
    pub fn root_to_load(&self, path: &Path) -> Option<PathBuf> {
        // A file with a site needs no load, and one checked alone (a loose
        // site) was found to have no root when it opened: a docs.json that
        // appears later arrives through the file watcher. So the disk is
        // asked once per file, not on every keystroke.
        if self.site_of(path).is_some() {
            return None;
        }
        let is_docs_json = path.file_name().is_some_and(|n| n == "docs.json");
        if is_docs_json && !self.docs.contains_key(path) {
            return None;
        }
        if !is_docs_json && load::kind_of(&path.to_string_lossy()).is_none() {
            return None;
        }
        self.docs_root_of(path)
    }

    /// The docs root `path` belongs to, open documents counted: the same
    /// roots as `check` finds (a nested docs.json that is a stale copy of
    /// the root's does not cut its folder out; see [`load::root_of`]).
    pub fn docs_root_of(&self, path: &Path) -> Option<PathBuf> {
        load::root_of(
            path,
            |d| self.in_workspace(d),
            |d| {
                let docs_json = d.join("docs.json");
                self.docs.contains_key(&docs_json) || docs_json.is_file()
            },
        )
    }

    /// Load `root` (see [`World::load_root`]) for a document that changed
    /// while it was unloaded, keeping the edits that arrived meanwhile.
    pub fn load_for_documents(&self, root: &Path) -> Arc<SiteState> {
        let site = self.load_root(root);
        self.reconcile(&site);
        site
    }

    /// After a root loaded in the background: put in the open documents of
    /// that root whose edits arrived after the load read them.
    fn reconcile(&self, site: &SiteState) {
        let seen = site.doc_versions();
        let stale: Vec<PathBuf> = self
            .docs
            .iter()
            .filter(|d| {
                site.rel(d.key()).is_some() && seen.get(d.key()) != Some(&d.value().version)
            })
            .map(|d| d.key().clone())
            .collect();
        for path in stale {
            let doc = self.docs.get(&path).map(|d| (d.shared().0, d.version));
            if let Some((text, version)) = doc {
                self.set_file(&path, Some(text), Some(version));
            }
        }
    }

    /// Put the text of `path` (open document or disk) into its site's next
    /// snapshot; `None` removes the file. Returns the site it changed.
    pub fn set_file(
        &self,
        path: &Path,
        text: Option<Arc<str>>,
        version: Option<i32>,
    ) -> Option<Arc<SiteState>> {
        self.set_file_with_lines(path, text.map(|t| (t, None)), version, None)
    }

    /// [`World::set_file`] with the text's line index when the caller has
    /// one (an open document), so it is not computed twice per keystroke.
    pub fn set_file_with_lines(
        &self,
        path: &Path,
        text: Option<(Arc<str>, Option<Arc<crate::text::LineIndex>>)>,
        version: Option<i32>,
        edited: Option<crate::syntax::edit::EditedFrom>,
    ) -> Option<Arc<SiteState>> {
        let (text, lines) = match text {
            Some((t, l)) => (Some(t), l),
            None => (None, None),
        };
        let site = match self.site_of(path) {
            Some(s) => s,
            None => {
                // A docs.json opened inside the workspace but outside any
                // known root starts a root. Outside the workspace nothing is
                // read from disk: the file is checked on its own.
                if path.file_name().is_some_and(|n| n == "docs.json")
                    && text.is_some()
                    && self.in_workspace(path.parent()?)
                    && let Some(root) = self.docs_root_of(path)
                {
                    return Some(self.load_root(&root));
                }
                let text = text?;
                let name = path.file_name()?.to_string_lossy().into_owned();
                let kind = load::kind_of(&name)?;
                let mut site = Site::partial();
                site.insert(Arc::new(SourceFile::new(
                    self.ids.id(path),
                    name,
                    kind,
                    Ok(text),
                )));
                let docs = version
                    .map(|v| (path.to_path_buf(), v))
                    .into_iter()
                    .collect();
                let state = Arc::new(SiteState::new(path.to_path_buf(), site, true, docs));
                self.sites.write().ok()?.push(state.clone());
                return Some(state);
            }
        };
        if site.loose {
            let name = path.file_name()?.to_string_lossy().into_owned();
            let id = self.ids.id(path);
            site.update(Some((path, version)), |s| match &text {
                Some(t) => {
                    let kind = s.file(id).map_or(FileKind::Page, |f| f.kind);
                    s.insert(Arc::new(SourceFile::new(
                        id,
                        name.clone(),
                        kind,
                        Ok(t.clone()),
                    )));
                }
                None => s.remove(&name),
            });
            return Some(site);
        }
        let rel = site.rel(path)?;
        let kind = load::kind_of(&rel)?;
        let id = self.ids.id(path);
        site.update(Some((path, version)), |s| match text {
            Some(t) => {
                let f = SourceFile::new(id, rel.clone(), kind, Ok(t)).edited_from(edited);
                s.insert(Arc::new(match lines {
                    Some(l) => f.with_lines(l),
                    None => f,
                }))
            }
            None => s.remove(&rel),
        });
        Some(site)
    }

    /// The site of a file whose text comes from disk (not open in the
    /// editor, in a docs root that was loaded), and its path in the site.
    fn on_disk_only(&self, path: &Path) -> Option<(Arc<SiteState>, String)> {
        if self.docs.contains_key(path) {
            return None;
        }
        let site = self.site_of(path)?;
        if site.loose {
            return None;
        }
        let rel = site.rel(path)?;
        Some((site, rel))
    }

    /// Re-read a file from disk after a file event (open documents win).
    pub fn reload_from_disk(&self, path: &Path) -> Option<Arc<SiteState>> {
        let (site, rel) = self.on_disk_only(path)?;
        let Some(kind) = load::kind_of(&rel) else {
            // An image or download: a link target, never read.
            let exists = path.is_file();
            site.update(None, |s| {
                if exists {
                    s.insert_asset(&rel)
                } else {
                    s.remove_asset(&rel)
                }
            });
            return Some(site);
        };
        if !path.exists() {
            return self.set_file(path, None, None);
        }
        let id = self.ids.id(path);
        let read = if inside_root(&site, path) {
            load::read_file_indexed(path, kind, false)
        } else {
            (Err(crate::model::site::Unreadable::OutsideRoot), None)
        };
        // Not open (checked above): a closed document leaves the versions.
        site.update(Some((path, None)), |s| {
            let bulk = read.1.is_some();
            let file = load::source_file(id, rel.clone(), kind, read);
            s.insert(Arc::new(if bulk { file.with_origin(path) } else { file }))
        });
        Some(site)
    }

    /// [`World::reload_from_disk`] for a batch of file events (a branch
    /// switch sends thousands): files are read in parallel and each site
    /// gets one new snapshot for the whole batch, not one per file (each
    /// copies the page table). Returns the sites it changed.
    pub fn reload_many(&self, paths: &[PathBuf]) -> Vec<Arc<SiteState>> {
        use rayon::prelude::*;
        let read: Vec<_> = paths
            .par_iter()
            .filter_map(|path| {
                let (site, rel) = self.on_disk_only(path)?;
                let kind = load::kind_of(&rel)?;
                let id = self.ids.id(path);
                if !path.exists() {
                    return Some((site, path, rel, id, kind, None));
                }
                let text = if inside_root(&site, path) {
                    load::read_file(path, kind, false)
                } else {
                    Err(crate::model::site::Unreadable::OutsideRoot)
                };
                Some((site, path, rel, id, kind, Some(text)))
            })
            .collect();
        let mut sites: Vec<Arc<SiteState>> = Vec::new();
        for (site, ..) in &read {
            if !sites.iter().any(|s| Arc::ptr_eq(s, site)) {
                sites.push(site.clone());
            }
        }
        for site in &sites {
            let mine = read.iter().filter(|r| Arc::ptr_eq(&r.0, site));
            let mut g = lock(&site.snapshot);
            let mut next = (*g.site).clone();
            let mut docs = None;
            for (_, path, rel, id, kind, text) in mine {
                match text {
                    Some(t) => next.insert(Arc::new(SourceFile::new(
                        *id,
                        rel.clone(),
                        *kind,
                        t.clone(),
                    ))),
                    None => next.remove(rel),
                }
                // Not open (checked above): a closed document leaves the versions.
                if g.docs.contains_key(*path) {
                    docs.get_or_insert_with(|| (*g.docs).clone()).remove(*path);
                }
            }
            if let Some(d) = docs {
                g.docs = Arc::new(d);
            }
            g.version += 1;
            g.site = Arc::new(next);
            site.generation.fetch_add(1, Ordering::SeqCst);
        }
        sites
    }
}

/// From the first analysis on, freed memory is kept a quarter of a second
/// before it goes back to the system: each keystroke's analysis then reuses
/// what the last one freed instead of faulting in fresh zeroed pages (with
/// no delay, a keystroke in a 4 MB docs.json took ~8 ms more). Until then
/// (reading the site, the first analysis) it goes back at once: what a load
/// frees is not reused, and kept it made the peak ~30 MB higher. The binary
/// starts with no delay (`main.rs`); a quarter of a second, not the 1 s
/// tried first, kept edits as fast and the peak 20-30 MB lower
/// (`bench/side_by_side.sh` on a 4 MB docs.json).
fn keep_freed_memory_for_edits() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // `mi_option_purge_delay` in mimalloc's `mi_option_e` (v2 and v3);
        // the sys crate has no named constant for it. Harmless when mimalloc
        // is not the allocator (tests).
        const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;
        // SAFETY: sets a process-wide option; mimalloc allows it at any time.
        unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, 250) }
    });
}

/// Whether `path` really lies in `site`'s root: a symlink (of the file or of
/// a folder on its way) that leads out of the root is not read, as when the
/// root is loaded.
fn inside_root(site: &SiteState, path: &Path) -> bool {
    match (path.canonicalize(), site.root.canonicalize()) {
        (Ok(target), Ok(root)) => target.starts_with(root),
        _ => false,
    }
}
