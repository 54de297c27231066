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

impl std::fmt::Display for Unreadable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unreadable::NotUtf8 => write!(f, "is not UTF-8 text (a binary file?)"),
            Unreadable::TooLarge { bytes, limit } => write!(
                f,
                "is {:.1} MB, over the {:.0} MB limit",
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
}

/// One file of a site. `text` is the whole file, except for pages read from
/// disk in bulk, where only the front matter is kept (diagnostics never
/// point past it, and 25,000 pages must fit the memory budget).
#[derive(Debug)]
pub struct SourceFile {
    pub id: FileId,
    /// Path relative to the docs root, with `/` separators.
    pub path: String,
    pub kind: FileKind,
    pub text: Result<Arc<str>, Unreadable>,
    lines: OnceLock<LineIndex>,
    json: OnceLock<json::Parsed>,
    front: OnceLock<FrontMatter>,
    spec: OnceLock<Arc<crate::model::openapi::SpecIndex>>,
    own_diagnostics: OnceLock<Vec<crate::diagnostics::Diagnostic>>,
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
            spec: OnceLock::new(),
            own_diagnostics: OnceLock::new(),
        }
    }

    pub fn text(&self) -> &str {
        match &self.text {
            Ok(t) => t,
            Err(_) => "",
        }
    }

    pub fn lines(&self) -> &LineIndex {
        self.lines.get_or_init(|| LineIndex::new(self.text()))
    }

    pub fn json(&self) -> &json::Parsed {
        self.json.get_or_init(|| json::parse(self.id, self.text()))
    }

    pub fn front_matter(&self) -> &FrontMatter {
        self.front
            .get_or_init(|| frontmatter::parse(self.id, self.text()))
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
#[derive(Debug, Clone, Default)]
pub struct Site {
    /// Display name of the docs root (its path as the user gave it).
    pub name: String,
    pub files: HashMap<FileId, Arc<SourceFile>>,
    pub by_path: HashMap<String, FileId>,
    pub docs_json: Option<FileId>,
    /// Only some of the site's files are known (a file opened outside every
    /// docs root): rules that need the whole site (does this page exist?)
    /// are skipped rather than reporting everything as missing.
    pub partial: bool,
}

impl Site {
    pub fn file(&self, id: FileId) -> Option<&Arc<SourceFile>> {
        self.files.get(&id)
    }

    pub fn file_by_path(&self, path: &str) -> Option<&Arc<SourceFile>> {
        self.by_path.get(path).and_then(|id| self.files.get(id))
    }

    pub fn insert(&mut self, file: Arc<SourceFile>) {
        self.by_path.insert(file.path.clone(), file.id);
        if file.kind == FileKind::DocsJson {
            self.docs_json = Some(file.id);
        }
        self.files.insert(file.id, file);
    }

    pub fn remove(&mut self, path: &str) {
        if let Some(id) = self.by_path.remove(path) {
            self.files.remove(&id);
            if self.docs_json == Some(id) {
                self.docs_json = None;
            }
        }
    }

    /// The page file a navigation entry names: `guides/intro` is
    /// `guides/intro.mdx` or `guides/intro.md`; a leading `/` and an explicit
    /// extension are tolerated as the platform tolerates them.
    pub fn page(&self, entry: &str) -> Option<&Arc<SourceFile>> {
        let p = entry.trim_start_matches('/');
        if p.ends_with(".mdx") || p.ends_with(".md") {
            return self.file_by_path(p).filter(|f| f.kind == FileKind::Page);
        }
        // One buffer for both candidates: this runs for every entry of a
        // 25,000-page navigation on every keystroke.
        let mut buf = String::with_capacity(p.len() + 4);
        buf.push_str(p);
        buf.push_str(".mdx");
        if let Some(f) = self.file_by_path(&buf).filter(|f| f.kind == FileKind::Page) {
            return Some(f);
        }
        buf.pop();
        self.file_by_path(&buf).filter(|f| f.kind == FileKind::Page)
    }

    /// All pages, in no particular order (for passes that sort later).
    pub fn pages_unsorted(&self) -> impl Iterator<Item = &Arc<SourceFile>> {
        self.files.values().filter(|f| f.kind == FileKind::Page)
    }

    /// All pages, sorted by path for stable output.
    pub fn pages(&self) -> Vec<&Arc<SourceFile>> {
        let mut v: Vec<_> = self
            .files
            .values()
            .filter(|f| f.kind == FileKind::Page)
            .collect();
        v.sort_by(|a, b| a.path.cmp(&b.path));
        v
    }

    /// Spec candidates: JSON/YAML files whose first bytes name `openapi` or
    /// `asyncapi` at the top level; used when nothing in the site names a spec.
    pub fn spec_files(&self) -> Vec<&Arc<SourceFile>> {
        let mut v: Vec<_> = self
            .files
            .values()
            .filter(|f| matches!(f.kind, FileKind::Json | FileKind::Yaml) && looks_like_spec(f))
            .collect();
        v.sort_by(|a, b| a.path.cmp(&b.path));
        v
    }
}

fn looks_like_spec(f: &SourceFile) -> bool {
    let t = f.text();
    let mut end = t.len().min(4096);
    while !t.is_char_boundary(end) {
        end -= 1;
    }
    let head = &t[..end];
    if f.kind == FileKind::Json {
        head.contains("\"openapi\"")
            || head.contains("\"asyncapi\"")
            || head.contains("\"swagger\"")
    } else {
        head.lines().any(|l| {
            l.starts_with("openapi:") || l.starts_with("asyncapi:") || l.starts_with("swagger:")
        })
    }
}
