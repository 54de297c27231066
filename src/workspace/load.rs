//! Reading docs roots from disk.

use super::file_bytes::{ReadBuffers, read_bytes};
use super::kept_text::{bulk_page, readable_as};
use super::shared_indexes::SharedIndexes;
use crate::model::lock::lock;
use crate::model::site::{FileKind, Site, SourceFile, Unreadable};
use crate::syntax::page::PageIndex;
use crate::syntax::tree::FileId;
use ignore::WalkBuilder;
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::Mutex;

/// Stable file ids for a session: a path keeps its id across snapshots so
/// cached parses (whose nodes carry the id) stay valid.
#[derive(Debug, Default)]
pub struct FileIds {
    map: Mutex<rustc_hash::FxHashMap<PathBuf, FileId>>,
}

impl FileIds {
    pub fn id(&self, path: &Path) -> FileId {
        let mut map = lock(&self.map);
        if let Some(&id) = map.get(path) {
            return id;
        }
        let next = map.len() as FileId;
        map.insert(path.to_path_buf(), next);
        next
    }
}

/// Every docs root under `path` (or `path` itself): each folder holding a
/// `docs.json`, skipping what `.gitignore` ignores and dependency folders,
/// except a nested docs.json that is a stale copy (see [`is_own_site`]):
/// its folder stays part of the docs root above it.
pub fn discover_roots(path: &Path) -> Vec<PathBuf> {
    let found = Mutex::new(Vec::new());
    let mut w = walker(path);
    w.hidden(true);
    walk_parallel(w, |entry| {
        if entry.file_name() == "docs.json"
            && entry.file_type().is_some_and(|t| t.is_file())
            && let Some(dir) = entry.path().parent()
        {
            lock(&found).push(dir.to_path_buf());
        }
    });
    let mut found = found.into_inner().unwrap_or_else(|e| e.into_inner());
    found.sort();
    // Sorted, so every root's ancestors were decided before it.
    let mut roots: Vec<PathBuf> = Vec::new();
    for dir in found {
        let parent = roots
            .iter()
            .filter(|r| dir.starts_with(r))
            .max_by_key(|r| r.components().count());
        if parent.is_none_or(|p| is_own_site(p, &dir)) {
            roots.push(dir);
        }
    }
    roots
}

/// The docs root a file belongs to: of the folders from `path` up that hold
/// a docs.json (`has_docs_json`) and are inside the workspace (`inside`),
/// the outermost, or the deepest nested one below it that is a site of its
/// own ([`is_own_site`]). The editor and `check` agree on roots this way.
pub fn root_of(
    path: &Path,
    inside: impl Fn(&Path) -> bool,
    has_docs_json: impl Fn(&Path) -> bool,
) -> Option<PathBuf> {
    let mut chain: Vec<&Path> = path
        .ancestors()
        .skip(1)
        .take_while(|d| inside(d))
        .filter(|d| has_docs_json(d))
        .collect();
    chain.reverse();
    let mut chain = chain.into_iter();
    let mut root = chain.next()?;
    for dir in chain {
        if is_own_site(root, dir) {
            root = dir;
        }
    }
    Some(root.to_path_buf())
}

/// The docs root that `path` (a folder or file with no docs.json at or
/// below it) lies in, looked for upward as git looks for `.git`: the
/// folders from `path` to the filesystem root that hold a docs.json,
/// decided as [`root_of`] decides for a file the editor opens. So the
/// nearest site of its own wins, and a stale copy of docs.json in a
/// language folder leads to the site above it rather than being checked
/// as a site. `None` when no folder above holds a docs.json.
pub fn root_above(path: &Path) -> Option<PathBuf> {
    // Absolute, so the walk does not stop at the first component of a
    // relative PATH (`.`, `guides`).
    let path = path.canonicalize().ok()?;
    // `root_of` starts from the parent of what it is given: a name below
    // `path` makes it start at `path` itself.
    root_of(
        &path.join("docs.json"),
        |_| true,
        |d| d.join("docs.json").is_file(),
    )
}

/// Whether the docs.json in `dir`, a folder below the docs root `parent`,
/// makes a site of its own. The platform builds the root's docs.json only:
/// when the parent's navigation lists a page under `dir` (`ja/home` for
/// `ja/`), the folder belongs to the parent, and its docs.json is a stale
/// copy (translation tools leave one in each language folder). Only a
/// folder the parent lists nothing under can be a site of its own: it is
/// when its own entries resolve from its folder at least as often as from
/// the parent's (or neither way), as a site nested in a subfolder of a
/// repository does.
pub fn is_own_site(parent: &Path, dir: &Path) -> bool {
    if let Some(prefix) = rel_path(parent, dir).filter(|p| !p.is_empty())
        && parent_lists_under(parent, &format!("{prefix}/"))
    {
        return false;
    }
    let Some(entries) = page_entries(dir, &dir.join("docs.json")) else {
        return true;
    };
    let exists = |base: &Path, entry: &str| {
        let key = crate::model::site::strip_page_ext(entry.trim_start_matches('/'));
        !key.is_empty()
            && !key.contains("..")
            && (base.join(format!("{key}.mdx")).is_file()
                || base.join(format!("{key}.md")).is_file())
    };
    let (mut own, mut above) = (0usize, 0usize);
    for e in &entries {
        own += usize::from(exists(dir, e));
        above += usize::from(exists(parent, e));
    }
    own >= above
}

/// Whether the navigation of the docs root `root` (its docs.json and the
/// `$ref` files it pulls in) lists a page whose path starts with `prefix`.
fn parent_lists_under(root: &Path, prefix: &str) -> bool {
    page_entries(root, &root.join("docs.json")).is_some_and(|entries| {
        entries
            .iter()
            .any(|e| e.trim_start_matches('/').starts_with(prefix))
    })
}

/// Every string in a `pages` array (and every group `root`) of the
/// configuration in `file`, following `$ref`s inside `root`; `None` when
/// `file` cannot be read as JSON. Raw: no navigation rules, no schema.
fn page_entries(root: &Path, file: &Path) -> Option<Vec<String>> {
    fn walk(
        root: &Path,
        file: &Path,
        depth: usize,
        seen: &mut Vec<PathBuf>,
        out: &mut Vec<String>,
    ) -> Option<()> {
        if depth > 16 || seen.iter().any(|s| s == file) {
            return Some(());
        }
        seen.push(file.to_path_buf());
        let text = read_file(file, FileKind::Json, true).ok()?;
        let parsed = crate::syntax::json::parse(0, &text);
        let node = parsed.root.as_deref()?;
        let dir = file.parent().unwrap_or(root);
        let mut refs = Vec::new();
        node.walk(|n| {
            for p in n.props() {
                match (p.key.as_str(), &p.value.value) {
                    ("pages", crate::syntax::tree::Value::Array(items)) => {
                        out.extend(items.iter().filter_map(|i| i.as_str()).map(str::to_string))
                    }
                    ("root", crate::syntax::tree::Value::String(s)) => out.push(s.to_string()),
                    ("$ref", crate::syntax::tree::Value::String(s)) => refs.push(s.clone()),
                    _ => {}
                }
            }
        });
        for r in refs {
            let target = dir.join(&*r);
            // Only inside the root, as the platform reads `$ref`s.
            if let (Ok(t), Ok(rt)) = (target.canonicalize(), root.canonicalize())
                && t.starts_with(rt)
            {
                let _ = walk(root, &t, depth + 1, seen, out);
            }
        }
        Some(())
    }
    let mut out = Vec::new();
    walk(root, file, 0, &mut Vec::new(), &mut out)?;
    Some(out)
}

/// Files of a docs root, as the platform walks them: every file,
/// dot-files too (`quickstarts/.NET.mdx` is a page), except what `.gitignore`
/// and `.mintignore` leave out and the platform's default ignores
/// ([`crate::model::site::platform_ignores`]). Docs roots are looked for
/// outside hidden folders only.
fn walker(path: &Path) -> WalkBuilder {
    let mut b = WalkBuilder::new(path);
    b.hidden(false)
        .git_ignore(true)
        .git_exclude(false)
        .git_global(false)
        .require_git(false)
        .follow_links(false)
        .add_custom_ignore_filename(".mintignore")
        .filter_entry(|e| {
            !crate::model::site::platform_ignores_name(&e.file_name().to_string_lossy())
        });
    b
}

/// What a root-relative path is to the site (defined with the site model,
/// which `ide` uses without going through loading).
pub use crate::model::site::kind_of;

/// The path of `file` relative to `root` with `/` separators, if inside it.
pub fn rel_path(root: &Path, file: &Path) -> Option<String> {
    let rel = file.strip_prefix(root).ok()?;
    // Already in its plain form (as every path a walk of the root gives):
    // taken as it is, not split and joined again.
    if let Some(plain) = rel.to_str().filter(|r| {
        std::path::MAIN_SEPARATOR == '/' && r.split('/').all(|c| !c.is_empty() && c != ".")
    }) {
        return Some(plain.to_string());
    }
    let parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    Some(parts.join("/"))
}

/// The files of the docs root `root`, excluding nested docs roots (a
/// nested docs.json that is a stale copy does not make one: its folder's
/// files are the root's, see [`is_own_site`]).
pub fn list_files(root: &Path) -> Vec<(PathBuf, String, FileKind)> {
    list_all(root).0
}

/// [`list_files`], and the paths of the root's other files (images and
/// downloads: link targets, never read).
pub fn list_all(root: &Path) -> (Vec<(PathBuf, String, FileKind)>, Vec<String>) {
    let found = Mutex::new((Vec::new(), Vec::new()));
    walk_files(
        root,
        |path, rel, kind| lock(&found).0.push((path, rel, kind)),
        |rel| lock(&found).1.push(rel),
    );
    let (mut out, mut assets) = found.into_inner().unwrap_or_else(|e| e.into_inner());
    // In path order, whichever thread found each.
    out.sort_unstable_by(|a, b| a.1.cmp(&b.1));
    assets.sort_unstable();
    (out, assets)
}

/// Walk the files of the docs root `root` (see [`list_files`]) on several
/// threads, giving each file the site reads to `file` (its path, its path
/// relative to the root, its kind) and each other file's relative path to
/// `asset`, in no particular order.
fn walk_files(
    root: &Path,
    file: impl Fn(PathBuf, String, FileKind) + Sync,
    asset: impl Fn(String) + Sync,
) {
    let canon_root = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
    let nested_root = {
        let root = root.to_path_buf();
        move |dir: &Path| dir != root && dir.join("docs.json").is_file() && is_own_site(&root, dir)
    };
    let mut b = walker(root);
    b.filter_entry(move |e| {
        let dir = e.file_type().is_some_and(|t| t.is_dir());
        let ignored = crate::model::site::platform_ignores_name(&e.file_name().to_string_lossy());
        !(ignored || dir && nested_root(e.path()))
    });
    walk_parallel(b, |entry| {
        let Some(ft) = entry.file_type() else {
            return;
        };
        // Only regular files (or symlinks to them): a FIFO or device named
        // `.mdx` would block a read forever.
        if !ft.is_file() && !ft.is_symlink() {
            return;
        }
        let Some(rel) = rel_path(root, entry.path()) else {
            return;
        };
        let Some(kind) = kind_of(&rel) else {
            asset(rel);
            return;
        };
        if ft.is_symlink() {
            // A symlinked file counts only if it stays inside the root.
            match entry.path().canonicalize() {
                Ok(target) if target.starts_with(&canon_root) && target.is_file() => {}
                _ => return,
            }
        }
        file(entry.into_path(), rel, kind);
    });
}

/// Visit every entry `b` walks, on several threads: a 25,000-file site's
/// folders are read in a fraction of one thread's time (the walk comes
/// before anything else of `check` can start), and more threads than cores
/// wait on a cold disk side by side.
fn walk_parallel(mut b: WalkBuilder, visit: impl Fn(ignore::DirEntry) + Sync) {
    b.threads(WALK_THREADS);
    b.build_parallel().run(|| {
        let visit = &visit;
        Box::new(move |entry| {
            if let Ok(entry) = entry {
                visit(entry);
            }
            ignore::WalkState::Continue
        })
    });
}

/// Threads for walking a docs root's folders.
const WALK_THREADS: usize = 4;

/// How many files the walk hands to a reading thread at once: enough that
/// handing them over costs little, few enough that a cold disk is read by
/// every reading thread side by side (25,000 pages are 780 batches).
const READ_BATCH: usize = 32;

/// Read one file with the limits for its kind. Pages keep only their front
/// matter unless `whole` is set.
pub fn read_file(path: &Path, kind: FileKind, whole: bool) -> Result<Arc<str>, Unreadable> {
    read_file_indexed(path, kind, whole).0
}

/// [`read_file`], and for a page whose body is dropped, the index of its
/// body read from the full text first.
pub fn read_file_indexed(
    path: &Path,
    kind: FileKind,
    whole: bool,
) -> (Result<Arc<str>, Unreadable>, Option<Arc<PageIndex>>) {
    read_file_sharing(path, kind, whole, None)
}

/// [`read_file_indexed`], taking the kept text and the body index from
/// `shared` when another page of the same load has the same bytes (a page
/// read through the load's `buffers`).
fn read_file_sharing(
    path: &Path,
    kind: FileKind,
    whole: bool,
    shared: Option<(&SharedIndexes, &ReadBuffers)>,
) -> (Result<Arc<str>, Unreadable>, Option<Arc<PageIndex>>) {
    if let (Some((shared, buffers)), FileKind::Page, false) = (shared, kind, whole) {
        return match buffers.shared_page(path, shared) {
            Ok((text, index)) => (Ok(text), Some(index)),
            Err(e) => (Err(e), None),
        };
    }
    match read_bytes(path, kind) {
        Ok(bytes) => read_bytes_as(bytes, kind, whole, None),
        Err(e) => (Err(e), None),
    }
}

/// What a file of `kind` holding `bytes` is to the site: its kept text and,
/// for a page whose body is dropped, its body's index. The disk loader and
/// a docs root read from git (`workspace::git`) both read files through it
/// (with [`super::file_bytes::size_limit`]), so a revision is read as the disk would be.
pub fn read_bytes_as(
    bytes: Vec<u8>,
    kind: FileKind,
    whole: bool,
    shared: Option<&SharedIndexes>,
) -> (Result<Arc<str>, Unreadable>, Option<Arc<PageIndex>>) {
    if kind == FileKind::Page && !whole {
        let read = match shared {
            Some(shared) => shared.page(&bytes),
            None => bulk_page(&bytes),
        };
        return match read {
            Ok((text, index)) => (Ok(text), Some(index)),
            Err(e) => (Err(e), None),
        };
    }
    let text = String::from_utf8(bytes).map_err(|_| Unreadable::NotUtf8);
    match text.and_then(|t| readable_as(&t, kind).map(|()| t)) {
        Ok(text) => (Ok(Arc::from(text)), None),
        Err(e) => (Err(e), None),
    }
}

/// A new [`SourceFile`] of what [`read_file_indexed`] read.
pub fn source_file(
    id: FileId,
    rel: String,
    kind: FileKind,
    (text, index): (Result<Arc<str>, Unreadable>, Option<Arc<PageIndex>>),
) -> SourceFile {
    let file = SourceFile::new(id, rel, kind, text);
    match index {
        Some(index) => file.with_page_index(index),
        None => file,
    }
}

/// Threads for reading files. Reading waits on the disk far more than it
/// computes: with the file cache cold, 25,000 pages took 2.5 s on two
/// threads (one per core) and 1.1 s on sixteen.
fn io_pool() -> Option<&'static rayon::ThreadPool> {
    static POOL: std::sync::OnceLock<Option<rayon::ThreadPool>> = std::sync::OnceLock::new();
    POOL.get_or_init(|| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(16)
            .thread_name(|i| format!("docs-lsp-read-{i}"))
            .build()
            .ok()
    })
    .as_ref()
}

/// Read a whole docs root into a snapshot, in parallel: each file is read
/// as soon as the walk finds it (the walk of crewAI's 3,700 folders kept
/// a core idle a tenth of `check` before reading could start).
pub fn load_site(root: &Path, name: String, ids: &FileIds) -> Site {
    let _t = crate::timing::span("load site");
    let walk = crate::timing::span("load: walk and read");
    let shared = SharedIndexes::default();
    let buffers = ReadBuffers::default();
    let (loaded, assets) = (Mutex::new(Vec::new()), Mutex::new(Vec::new()));
    let read = |path: PathBuf, rel: String, kind: FileKind| {
        let read = read_file_sharing(&path, kind, false, Some((&shared, &buffers)));
        let bulk = read.1.is_some();
        let file = source_file(ids.id(&path), rel, kind, read);
        let file = if bulk { file.with_origin(&path) } else { file };
        lock(&loaded).push(file);
    };
    let asset = |rel| lock(&assets).push(rel);
    match io_pool() {
        // The walk's threads hand the files to the reading pool in batches:
        // a job per file (25,000 jobs, each waking a sleeping reader) made
        // the 25,000-page site's `check` 1009 -> 1114 ms (15 rounds, warm).
        Some(pool) => pool.in_place_scope(|scope| {
            let read = &read;
            let pending = Mutex::new(Vec::with_capacity(READ_BATCH));
            let hand_over = |batch: Vec<(PathBuf, String, FileKind)>| {
                scope.spawn(move |_| {
                    for (path, rel, kind) in batch {
                        read(path, rel, kind);
                    }
                })
            };
            walk_files(
                root,
                |path, rel, kind| {
                    let full = {
                        let mut pending = lock(&pending);
                        pending.push((path, rel, kind));
                        (pending.len() >= READ_BATCH).then(|| {
                            std::mem::replace(&mut *pending, Vec::with_capacity(READ_BATCH))
                        })
                    };
                    if let Some(batch) = full {
                        hand_over(batch);
                    }
                },
                asset,
            );
            hand_over(std::mem::take(&mut *lock(&pending)));
        }),
        None => walk_files(root, read, asset),
    }
    drop(walk);
    let mut loaded = loaded.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut assets = assets.into_inner().unwrap_or_else(|e| e.into_inner());
    // In path order, whichever thread read each, as the site was always
    // given them.
    loaded.sort_unstable_by(|a, b| a.path.cmp(&b.path));
    assets.sort_unstable();
    let loaded: Vec<Arc<SourceFile>> = loaded.into_iter().map(Arc::new).collect();
    // Neither needs the other: the snapshot's tables are filled on one core
    // while the other parses the shared front matters.
    let (site, ()) = rayon::join(
        || site_of_shared(name, &loaded, assets),
        || share_front_matters(&loaded),
    );
    drop((shared, buffers));
    give_back_readers_memory();
    site
}

/// Has each reading thread take back what other threads freed of its
/// memory. mimalloc frees a block made on another thread into that
/// thread's list, and only the owning thread, when it next allocates,
/// makes the block (and a page it empties) usable again. The reading pool
/// then sits idle until the next load, so what the load made on it and
/// others freed (the shared indexes' 28 MB of page texts on crewAI, the
/// read buffers, transient parses) stayed resident for the whole session:
/// the server's peak on crewAI fell from a median of 173 to 148 MiB with
/// this (lspbench, `--edits 20`, side by side).
fn give_back_readers_memory() {
    if let Some(pool) = io_pool() {
        // SAFETY: `mi_collect` only walks the calling thread's own heap and
        // purges free memory; it takes no pointers. It is harmless when
        // mimalloc is not the global allocator (tests), whose heaps are
        // then empty.
        pool.broadcast(|_| unsafe { libmimalloc_sys::mi_collect(true) });
    }
}

/// Pages read in bulk whose kept text (their front matter) is the same
/// have their front matter parsed once: the others get a copy in their own
/// file ([`crate::syntax::frontmatter::FrontMatter::in_file`]). A site that
/// copies its pages per version and language (crewAI: 24,803 pages) then
/// parses a few thousand front matters instead of every page's, which was a
/// tenth of `check`. A page whose text no other page has is parsed when
/// asked, as before.
fn share_front_matters(files: &[Arc<SourceFile>]) {
    let _t = crate::timing::span("shared front matter");
    let mut by_text: rustc_hash::FxHashMap<&str, Vec<usize>> = Default::default();
    for (i, f) in files.iter().enumerate() {
        if let (FileKind::Page, Some(_), Ok(text)) = (f.kind, &f.origin, &f.text) {
            by_text.entry(text).or_default().push(i);
        }
    }
    let groups: Vec<Vec<usize>> = by_text.into_values().filter(|g| g.len() > 1).collect();
    groups.par_iter().for_each(|group| {
        let first = files[group[0]].front_matter();
        for &i in &group[1..] {
            files[i].set_front_matter(first.in_file(files[i].id));
        }
    });
}

/// The snapshot of a docs root's files read (and the paths of its other
/// files).
pub fn site_of(name: String, files: Vec<SourceFile>, assets: Vec<String>) -> Site {
    let files: Vec<Arc<SourceFile>> = files.into_iter().map(Arc::new).collect();
    site_of_shared(name, &files, assets)
}

/// [`site_of`] of files already shared.
fn site_of_shared(name: String, files: &[Arc<SourceFile>], assets: Vec<String>) -> Site {
    let _t = crate::timing::span("load: site_of");
    let mut site = Site::new(name);
    for f in files {
        site.insert(f.clone());
    }
    for a in assets {
        site.insert_asset(&a);
    }
    site
}

#[cfg(test)]
mod tests;
