//! What the platform makes of a file by its path: a page, docs.json, a
//! spec, a snippet, or a file it never publishes.

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
