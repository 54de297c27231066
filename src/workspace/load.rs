//! Reading docs roots from disk.

use crate::model::site::{FileKind, Site, SourceFile, Unreadable};
use crate::syntax::tree::FileId;
use ignore::WalkBuilder;
use rayon::prelude::*;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::Mutex;

/// JSON and YAML files above this size are not parsed (a 50 MB file would
/// stall an editor); the largest real spec we know is 13 MB.
pub const MAX_DATA_FILE: u64 = 32 * 1024 * 1024;
/// Pages above this size are not read.
pub const MAX_PAGE_FILE: u64 = 8 * 1024 * 1024;

/// Stable file ids for a session: a path keeps its id across snapshots so
/// cached parses (whose nodes carry the id) stay valid.
#[derive(Debug, Default)]
pub struct FileIds {
    map: Mutex<HashMap<PathBuf, FileId>>,
}

impl FileIds {
    pub fn id(&self, path: &Path) -> FileId {
        let mut map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        let next = map.len() as FileId;
        *map.entry(path.to_path_buf()).or_insert(next)
    }
}

/// Every folder under `path` (or `path` itself) that holds a `docs.json`,
/// skipping what `.gitignore` ignores and dependency folders.
pub fn discover_roots(path: &Path) -> Vec<PathBuf> {
    let mut roots = Vec::new();
    for entry in walker(path).build().flatten() {
        if entry.file_name() == "docs.json"
            && entry.file_type().is_some_and(|t| t.is_file())
            && let Some(dir) = entry.path().parent()
        {
            roots.push(dir.to_path_buf());
        }
    }
    roots.sort();
    roots
}

fn walker(path: &Path) -> WalkBuilder {
    let mut b = WalkBuilder::new(path);
    b.hidden(true)
        .git_ignore(true)
        .git_exclude(false)
        .git_global(false)
        .require_git(false)
        .follow_links(false)
        .add_custom_ignore_filename(".mintignore")
        .filter_entry(|e| e.file_name() != "node_modules");
    b
}

/// What a root-relative path is to the site (defined with the site model,
/// which `ide` uses without going through loading).
pub use crate::model::site::kind_of;

/// The path of `file` relative to `root` with `/` separators, if inside it.
pub fn rel_path(root: &Path, file: &Path) -> Option<String> {
    let rel = file.strip_prefix(root).ok()?;
    let parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    Some(parts.join("/"))
}

/// The files of the docs root `root`, excluding nested docs roots.
pub fn list_files(root: &Path) -> Vec<(PathBuf, String, FileKind)> {
    list_all(root).0
}

/// [`list_files`], and the paths of the root's other files (images and
/// downloads: link targets, never read).
pub fn list_all(root: &Path) -> (Vec<(PathBuf, String, FileKind)>, Vec<String>) {
    let canon_root = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
    let nested_root = {
        let root = root.to_path_buf();
        move |dir: &Path| dir != root && dir.join("docs.json").is_file()
    };
    let mut out = Vec::new();
    let mut assets = Vec::new();
    let mut b = walker(root);
    b.filter_entry(move |e| {
        e.file_name() != "node_modules"
            && !(e.file_type().is_some_and(|t| t.is_dir()) && nested_root(e.path()))
    });
    for entry in b.build().flatten() {
        let Some(ft) = entry.file_type() else {
            continue;
        };
        // Only regular files (or symlinks to them): a FIFO or device named
        // `.mdx` would block a read forever.
        if !ft.is_file() && !ft.is_symlink() {
            continue;
        }
        let Some(rel) = rel_path(root, entry.path()) else {
            continue;
        };
        let Some(kind) = kind_of(&rel) else {
            assets.push(rel);
            continue;
        };
        if ft.is_symlink() {
            // A symlinked file counts only if it stays inside the root.
            match entry.path().canonicalize() {
                Ok(target) if target.starts_with(&canon_root) && target.is_file() => {}
                _ => continue,
            }
        }
        out.push((entry.path().to_path_buf(), rel, kind));
    }
    (out, assets)
}

/// Read one file with the limits for its kind. Pages keep only their front
/// matter unless `whole` is set.
pub fn read_file(path: &Path, kind: FileKind, whole: bool) -> Result<Arc<str>, Unreadable> {
    let limit = if kind == FileKind::Page {
        MAX_PAGE_FILE
    } else {
        MAX_DATA_FILE
    };
    let meta = std::fs::metadata(path).map_err(|e| Unreadable::Io(e.kind().to_string()))?;
    if !meta.is_file() {
        return Err(Unreadable::Io("not a regular file".into()));
    }
    if meta.len() > limit {
        return Err(Unreadable::TooLarge {
            bytes: meta.len(),
            limit,
        });
    }
    // The limit holds even if the file grows between the check and the read.
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    std::io::Read::read_to_end(
        &mut std::io::Read::take(
            std::fs::File::open(path).map_err(|e| Unreadable::Io(e.kind().to_string()))?,
            limit + 1,
        ),
        &mut bytes,
    )
    .map_err(|e| Unreadable::Io(e.kind().to_string()))?;
    if bytes.len() as u64 > limit {
        return Err(Unreadable::TooLarge {
            bytes: bytes.len() as u64,
            limit,
        });
    }
    let text = String::from_utf8(bytes).map_err(|_| Unreadable::NotUtf8)?;
    if text.contains('\0') {
        return Err(Unreadable::NotUtf8);
    }
    if kind == FileKind::Page && !whole {
        return Ok(Arc::from(front_matter_prefix(&text)));
    }
    Ok(Arc::from(text))
}

/// The leading part of a page that holds its front matter (up to and
/// including the closing fence line), or the whole page when the fence is not
/// closed (so the unclosed-front-matter diagnostic still sees it).
fn front_matter_prefix(text: &str) -> &str {
    let body = text.strip_prefix('\u{feff}').unwrap_or(text);
    if !body.starts_with("---") {
        return "";
    }
    let mut pos = text.find('\n').map_or(text.len(), |i| i + 1);
    while pos < text.len() {
        let end = text[pos..].find('\n').map_or(text.len(), |i| pos + i + 1);
        let line = text[pos..end].trim_end();
        if line == "---" || line == "..." {
            return &text[..end];
        }
        pos = end;
    }
    text
}

/// A file of a site read from disk: pages keep their front matter and
/// the index of their body (read once from the whole text, then dropped).
pub fn read_source(path: &Path, id: FileId, rel: String, kind: FileKind) -> SourceFile {
    if kind == FileKind::Page {
        return match read_file(path, kind, true) {
            Ok(whole) => {
                let ix = crate::syntax::page::read(&whole);
                let front: Arc<str> = Arc::from(front_matter_prefix(&whole));
                SourceFile::new(id, rel, kind, Ok(front))
                    .with_page_index(ix)
                    .with_origin(path)
            }
            Err(e) => SourceFile::new(id, rel, kind, Err(e)),
        };
    }
    SourceFile::new(id, rel, kind, read_file(path, kind, false))
}

/// The file with its whole text when `file` is a page read in bulk (its
/// body dropped) and `offset` lies past what it kept: read again from disk
/// (a few recent ones are kept), for placing a position in the body.
pub fn whole_text(file: &SourceFile, offset: usize) -> Option<Arc<SourceFile>> {
    if offset <= file.text().len() {
        return None;
    }
    let origin = file.origin.as_ref()?;
    static CACHE: std::sync::Mutex<Vec<(FileId, usize, Arc<SourceFile>)>> =
        std::sync::Mutex::new(Vec::new());
    let key = (file.id, file.text().as_ptr() as usize);
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, _, f)) = cache.iter().find(|(i, p, _)| (*i, *p) == key) {
        return Some(f.clone());
    }
    let text = read_file(origin, file.kind, true).ok()?;
    let whole = Arc::new(SourceFile::new(
        file.id,
        file.path.clone(),
        file.kind,
        Ok(text),
    ));
    if cache.len() >= 64 {
        cache.remove(0);
    }
    cache.push((key.0, key.1, whole.clone()));
    Some(whole)
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

/// Read a whole docs root into a snapshot, in parallel.
pub fn load_site(root: &Path, name: String, ids: &FileIds) -> Site {
    let _t = crate::timing::span("load site");
    let (files, assets) = list_all(root);
    let read = || -> Vec<SourceFile> {
        files
            .into_par_iter()
            .map(|(path, rel, kind)| read_source(&path, ids.id(&path), rel, kind))
            .collect()
    };
    let loaded = match io_pool() {
        Some(pool) => pool.install(read),
        None => read(),
    };
    let mut site = Site::new(name);
    for f in loaded {
        site.insert(Arc::new(f));
    }
    for a in assets {
        site.insert_asset(&a);
    }
    site
}
