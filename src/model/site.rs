//! A docs site as the analysis sees it: an immutable snapshot of its files,
//! read by the `workspace` layer. Parsed forms (JSON trees, front matter,
//! spec indexes) are computed once per file version and cached on the file,
//! so a new snapshot that shares unchanged files shares their parses.

use crate::syntax::frontmatter::{self, FrontMatter};
use crate::syntax::json;
use crate::syntax::tree::FileId;
use crate::text::LineIndex;
use rustc_hash::FxHashMap as HashMap;
use std::sync::{Arc, OnceLock};

/// Why a file that exists has no text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unreadable {
    /// Not valid UTF-8 (or a binary file).
    NotUtf8,
    /// Larger than the limit for its kind.
    TooLarge { bytes: u64, limit: u64 },
    /// The operating system refused or the file vanished while read.
    Io(String),
    /// A symlink or `..` path that leads outside the docs root.
    OutsideRoot,
}

impl Unreadable {
    /// A file too large for docs-lsp to read is its limit, not a fault of
    /// the site (the platform may well build it): a warning that it was not
    /// checked. A file that is not text, or cannot be read, breaks the page.
    pub fn severity(&self) -> crate::diagnostics::Severity {
        match self {
            Unreadable::TooLarge { .. } => crate::diagnostics::Severity::Warning,
            _ => crate::diagnostics::Severity::Error,
        }
    }
}

impl std::fmt::Display for Unreadable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unreadable::NotUtf8 => write!(f, "is not UTF-8 text (a binary file?)"),
            Unreadable::TooLarge { bytes, limit } => write!(
                f,
                "is {:.1} MB, over docs-lsp's {:.0} MB limit: it was not checked",
                *bytes as f64 / 1e6,
                *limit as f64 / 1e6
            ),
            Unreadable::Io(e) => write!(f, "could not be read: {e}"),
            Unreadable::OutsideRoot => write!(f, "leads outside the docs root"),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    DocsJson,
    Json,
    Yaml,
    Page,
    /// A file under `snippets/` that pages import or include (`.mdx`,
    /// `.md`, `.jsx`, `.tsx`, `.js`): read whole, never a page.
    Snippet,
}

/// Names the platform always leaves out of a site, at any depth (its
/// `DEFAULT_MINT_IGNORES`, `@mintlify/common` mintIgnore.js, matched without
/// regard to case as its `ignore` matcher does): tool folders and the
/// repository's own README, LICENSE, CHANGELOG and CONTRIBUTING pages.
pub fn platform_ignores_name(name: &str) -> bool {
    const NAMES: [&str; 12] = [
        ".git",
        ".github",
        ".claude",
        ".agents",
        ".idea",
        ".vscode",
        ".cursor",
        "node_modules",
        "readme.md",
        "license.md",
        "changelog.md",
        "contributing.md",
    ];
    NAMES.iter().any(|n| n.eq_ignore_ascii_case(name))
}

/// Whether the platform leaves `rel` out of the site: a path through an
/// ignored name, or a page under `.mintlify/` (where it keeps only JSON and
/// YAML files).
pub fn platform_ignores(rel: &str) -> bool {
    rel.split('/').any(platform_ignores_name)
        || (rel.starts_with(".mintlify/") || rel.contains("/.mintlify/"))
            && (rel.ends_with(".mdx") || rel.ends_with(".md"))
}

/// What a root-relative path is to the site; `None` for files it ignores.
pub fn kind_of(rel: &str) -> Option<FileKind> {
    let name = rel.rsplit('/').next().unwrap_or(rel);
    if platform_ignores(rel) {
        return None;
    }
    if rel == "docs.json" {
        Some(FileKind::DocsJson)
    } else if name.ends_with(".mdx") || name.ends_with(".md") {
        Some(if is_snippet(rel) {
            FileKind::Snippet
        } else {
            FileKind::Page
        })
    } else if is_snippet(rel)
        && (name.ends_with(".jsx") || name.ends_with(".tsx") || name.ends_with(".js"))
    {
        Some(FileKind::Snippet)
    } else if name.ends_with(".json") {
        Some(FileKind::Json)
    } else if name.ends_with(".yaml") || name.ends_with(".yml") {
        Some(FileKind::Yaml)
    } else {
        None
    }
}

/// Files under `snippets/` (and the older `_snippets/`) are included by
/// pages, never pages themselves.
pub fn is_snippet(rel: &str) -> bool {
    rel.starts_with("snippets/") || rel.starts_with("_snippets/")
}

/// One file of a site. `text` is the whole file, except for pages read from
/// disk in bulk, where only the front matter is kept (25,000 pages must fit
/// the memory budget): their body is read into the page index when loaded,
/// and body diagnostics come from that index (its byte offsets are into the
/// full text; the line index of a closed page covers its front matter only).
#[derive(Debug)]
pub struct SourceFile {
    pub id: FileId,
    /// Path relative to the docs root, with `/` separators.
    pub path: String,
    pub kind: FileKind,
    pub text: Result<Arc<str>, Unreadable>,
    lines: OnceLock<Arc<LineIndex>>,
    // Boxed: a page has no JSON parse, and 25,000 pages' structs add up.
    json: OnceLock<Box<json::Parsed>>,
    front: OnceLock<Box<FrontMatter>>,
    /// The page body's index (headings, links, elements, MDX syntax errors).
    page: OnceLock<crate::syntax::page::PageIndex>,
    anchors: OnceLock<crate::model::links::Anchors>,
    anchor_fingerprint: OnceLock<u64>,
    /// Where a page read in bulk came from: its body was dropped, and the
    /// protocol and report layers read it again to place a position in it.
    pub origin: Option<Arc<std::path::Path>>,
    spec: OnceLock<Arc<crate::model::openapi::SpecIndex>>,
    declares_spec: OnceLock<bool>,
    own_diagnostics: OnceLock<Vec<crate::diagnostics::Diagnostic>>,
    /// The previous version of this file whose JSON parse is done, until
    /// this version's parse is: a keystroke inside a string of a 4 MB
    /// docs.json is read from that tree ([`crate::syntax::reparse`]).
    reparse_base: std::sync::Mutex<Option<Arc<SourceFile>>>,
}

impl SourceFile {
    pub fn new(
        id: FileId,
        path: String,
        kind: FileKind,
        text: Result<Arc<str>, Unreadable>,
    ) -> Self {
        SourceFile {
            id,
            path,
            kind,
            text,
            lines: OnceLock::new(),
            json: OnceLock::new(),
            front: OnceLock::new(),
            page: OnceLock::new(),
            anchors: OnceLock::new(),
            anchor_fingerprint: OnceLock::new(),
            origin: None,
            spec: OnceLock::new(),
            declares_spec: OnceLock::new(),
            own_diagnostics: OnceLock::new(),
            reparse_base: Default::default(),
        }
    }

    pub fn text(&self) -> &str {
        match &self.text {
            Ok(t) => t,
            Err(_) => "",
        }
    }

    pub fn lines(&self) -> &LineIndex {
        self.lines
            .get_or_init(|| Arc::new(LineIndex::new(self.text())))
    }

    /// The line index of this text, already computed (by the editor
    /// document the text came from).
    pub fn with_lines(self, lines: Arc<LineIndex>) -> Self {
        let _ = self.lines.set(lines);
        self
    }

    pub fn json(&self) -> &json::Parsed {
        self.json.get_or_init(|| {
            let base = lock(&self.reparse_base).take();
            let edited = base.as_ref().and_then(|b| {
                let old = b.json.get()?;
                let _t = crate::timing::span("json reparse");
                crate::syntax::reparse::reparse(self.id, old, b.text(), self.text())
            });
            Box::new(edited.unwrap_or_else(|| json::parse(self.id, self.text())))
        })
    }

    /// Read this new version of a JSON file from `previous`'s tree if it
    /// can be (see [`crate::syntax::reparse`]): `previous` itself if its
    /// parse is done, else the version it would have been read from.
    pub fn follows(&self, previous: &Arc<SourceFile>) {
        if self.json.get().is_some() || previous.text.is_err() {
            return;
        }
        let base = if previous.json.get().is_some() {
            Some(previous.clone())
        } else {
            lock(&previous.reparse_base).clone()
        };
        *lock(&self.reparse_base) = base;
    }

    /// The ids a link's `#fragment` may name on this page (clean form,
    /// sorted), computed once per version.
    pub fn anchors(&self) -> &crate::model::links::Anchors {
        self.anchors
            .get_or_init(|| crate::model::links::anchors_of(self.page_index(), self.front_matter()))
    }

    /// A hash of what decides which anchors a link into this page finds:
    /// its anchors and the snippets it includes. Equal before and after an
    /// edit, links into the page need no new check.
    pub fn anchor_fingerprint(&self) -> u64 {
        *self.anchor_fingerprint.get_or_init(|| {
            use std::hash::{BuildHasher, Hash, Hasher};
            let mut h = rustc_hash::FxBuildHasher.build_hasher();
            let a = self.anchors();
            (&a.ids, a.incomplete).hash(&mut h);
            let ix = self.page_index();
            for i in &ix.imports {
                i.source.hash(&mut h);
            }
            for l in &ix.links {
                if l.kind == crate::syntax::page::LinkKind::Snippet {
                    l.target.hash(&mut h);
                }
            }
            h.finish()
        })
    }

    /// Remember where the text was read from (see [`SourceFile::origin`]).
    pub fn with_origin(mut self, path: &std::path::Path) -> Self {
        self.origin = Some(Arc::from(path));
        self
    }

    pub fn front_matter(&self) -> &FrontMatter {
        self.front
            .get_or_init(|| Box::new(frontmatter::parse(self.id, self.text())))
    }

    /// The index of this page's body, read once per file version. Pages read
    /// from disk in bulk get it from their full text when loaded (their body
    /// is not kept, see [`SourceFile::with_page_index`]).
    pub fn page_index(&self) -> &crate::syntax::page::PageIndex {
        self.page
            .get_or_init(|| crate::syntax::page::read(self.text()))
    }

    /// The page index of this file's full text, computed by the loader
    /// before the body was dropped.
    pub fn with_page_index(self, index: crate::syntax::page::PageIndex) -> Self {
        let _ = self.page.set(index);
        self
    }

    /// The endpoint index of this file read as an OpenAPI/AsyncAPI spec,
    /// built once per file version (a 13 MB spec is not re-read per keystroke).
    pub fn spec_index(&self) -> &Arc<crate::model::openapi::SpecIndex> {
        self.spec.get_or_init(|| {
            Arc::new(crate::model::openapi::SpecIndex::build(
                self.id,
                self.text(),
                self.is_yaml(),
            ))
        })
    }

    /// Whether this JSON/YAML file is an OpenAPI/AsyncAPI document by its
    /// top-level keys (see [`crate::model::openapi::declares_spec`]); once
    /// per file version.
    pub fn declares_spec(&self) -> bool {
        matches!(self.kind, FileKind::Json | FileKind::Yaml)
            && *self
                .declares_spec
                .get_or_init(|| crate::model::openapi::declares_spec(self.text(), self.is_yaml()))
    }

    /// Diagnostics that depend on this file alone, computed by `f` once per
    /// file version (the analysis decides what they are; the site keeps them).
    pub fn memo_diagnostics(
        &self,
        f: impl FnOnce() -> Vec<crate::diagnostics::Diagnostic>,
    ) -> &[crate::diagnostics::Diagnostic] {
        self.own_diagnostics.get_or_init(f)
    }

    /// The page's title from its front matter, if it has one.
    pub fn title(&self) -> Option<&str> {
        self.front_matter().root.as_ref()?.get("title")?.as_str()
    }

    pub fn is_yaml(&self) -> bool {
        self.path.ends_with(".yaml") || self.path.ends_with(".yml")
    }
}

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
}

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
struct PageIndex {
    /// Every key, sorted, in one buffer (one per key; its position is the
    /// ordinal): a lookup compares
    /// against memory that sits together (25,000 separately allocated keys
    /// made each lookup a cache miss), and the table holds only ordinals.
    keys: String,
    spans: Vec<(u32, u32)>,
    /// The file each key resolves to, by ordinal.
    ids: Vec<FileId>,
    /// Each key prepared for did-you-mean, by ordinal.
    prepared: Vec<crate::diagnostics::Prepared>,
    table: hashbrown::HashTable<u32>,
    /// Files whose key another file holds (`a.md` beside `a.mdx`).
    shadowed: Vec<FileId>,
}

impl std::fmt::Debug for PageIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PageIndex")
            .field("pages", &self.ids.len())
            .finish_non_exhaustive()
    }
}

impl PageIndex {
    fn hash(key: &str) -> u64 {
        use std::hash::BuildHasher;
        rustc_hash::FxBuildHasher.hash_one(key)
    }

    fn key(&self, ordinal: u32) -> &str {
        let (s, e) = self.spans[ordinal as usize];
        &self.keys[s as usize..e as usize]
    }

    fn ordinal(&self, key: &str) -> Option<u32> {
        self.table
            .find(Self::hash(key), |&o| self.key(o) == key)
            .copied()
    }

    fn push(&mut self, key: &str, id: FileId) {
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
    /// references), which depend on pages and specs only; with the overlays' key they were made under.
    pub page_diagnostics: OnceLock<(u64, Vec<crate::diagnostics::Diagnostic>)>,
    /// The MDX syntax errors of every page and snippet (pages only).
    pub syntax_diagnostics: OnceLock<Arc<Vec<crate::diagnostics::Diagnostic>>>,
    /// The pages' link diagnostics with the part of docs.json they were
    /// computed against (redirects, prefixes, remote specs): a docs.json
    /// keystroke that leaves that part alone reuses them.
    #[allow(clippy::type_complexity)]
    pub link_diagnostics: std::sync::Mutex<
        Option<(
            crate::model::links::DocsJsonPart,
            Arc<Vec<crate::diagnostics::Diagnostic>>,
        )>,
    >,
}

/// What depends on which files the site has and on its data files (specs,
/// snippets), not on the text of its pages: kept while the user types in a
/// page. Its `epoch` keys the per-file memos of [`SourceFile`].
#[derive(Debug)]
pub struct Shape {
    pub epoch: u64,
    /// The pages by key, for navigation entries, completion, did-you-mean.
    page_index: OnceLock<PageIndex>,
    /// Did-you-mean answers already given, by missing page key: an entry
    /// stays wrong over many keystrokes elsewhere.
    suggestions: std::sync::Mutex<HashMap<Box<str>, Option<Box<str>>>>,
    /// The site's files as link targets (with the pages its specs generate).
    pub link_files: OnceLock<Arc<crate::model::links::FileTargets>>,
    /// Files some page imports (they are snippets there).
    pub imported: OnceLock<rustc_hash::FxHashSet<FileId>>,
    /// For each page, the pages whose links read its anchors (from every
    /// link check of this shape; an edge may be stale, never missing).
    pub anchor_readers: std::sync::Mutex<rustc_hash::FxHashMap<FileId, Vec<FileId>>>,
    /// The last resolved docs.json, with the docs.json file it was resolved
    /// from (held, so compared by identity): a page keystroke does not
    /// resolve `$ref`s again.
    pub config: std::sync::Mutex<Option<(Arc<SourceFile>, crate::model::config::Config)>>,
    /// The navigation rules' outcome for the last docs.json tree (the
    /// analysis decides its type; it holds the tree, so a new tree is never
    /// taken for an old one).
    pub navigation: std::sync::Mutex<Option<Arc<dyn std::any::Any + Send + Sync>>>,
    pub overlays: crate::model::overlays::Memo, // discovered overlays, overlaid specs
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
    fn after_edit(cur: &Arc<Derived>, id: FileId, anchors_changed: bool) -> Derived {
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
            if let Some(previous) = self.data.get(&file.id) {
                file.follows(previous);
            }
            self.docs_json = Some(file.id);
        } else if self.keeps_shape(&file) {
            let anchors_changed = self
                .pages
                .get(&file.id)
                .is_none_or(|old| old.anchor_fingerprint() != file.anchor_fingerprint());
            self.derived = Arc::new(Derived::after_edit(&self.derived, file.id, anchors_changed));
        } else {
            self.derived = Arc::default();
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
            self.derived = Arc::default();
        }
    }

    pub fn remove_asset(&mut self, path: &str) {
        if self.assets.contains(path) {
            Arc::make_mut(&mut self.assets).remove(path);
            self.derived = Arc::default();
        }
    }

    /// The files the site serves but does not read, unsorted.
    pub fn assets(&self) -> impl Iterator<Item = &str> {
        self.assets.iter().map(|a| &**a)
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
            self.derived = Arc::default();
        }
    }

    /// What is derived from the pages and data files (not docs.json).
    pub fn derived(&self) -> &Derived {
        &self.derived
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

    fn page_index(&self) -> &PageIndex {
        self.derived.shape.page_index.get_or_init(|| {
            let _t = crate::timing::span("page index");
            let mut all: Vec<(&str, bool, FileId)> = self
                .pages
                .values()
                .map(|f| (strip_page_ext(&f.path), !f.path.ends_with(".mdx"), f.id))
                .collect();
            // `.mdx` wins over `.md` for one key.
            all.sort_unstable();
            let mut ix = PageIndex::default();
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
    /// for a did-you-mean; answers are remembered until the pages change.
    pub fn nearest_page(&self, key: &str) -> Option<String> {
        if let Some(hit) = crate::model::site::lock(&self.derived.shape.suggestions).get(key) {
            return hit.as_deref().map(str::to_string);
        }
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
        let mut memo = crate::model::site::lock(&self.derived.shape.suggestions);
        if memo.len() > 4096 {
            memo.clear();
        }
        memo.insert(key.into(), found.map(Into::into));
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

/// A page path without its `.mdx`/`.md` extension.
pub fn strip_page_ext(p: &str) -> &str {
    p.strip_suffix(".mdx")
        .or_else(|| p.strip_suffix(".md"))
        .unwrap_or(p)
}

/// A mutex's guard, also after a panic elsewhere poisoned it (the data
/// behind these locks stays consistent: each holder only reads or swaps).
pub fn lock<T>(m: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}
