//! What a link may point at on a site (its files, pages, folders, generated
//! API pages, redirects) and whether one target is there.

use super::link_text::{PLATFORM_FILES, has_scheme, is_page_path, prepare_filename};
use super::paths;
use super::redirects::{literal_prefix, normalize_route, substitute, wildcard_match};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// What a link's path resolved to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resolved {
    /// A page file (path with extension).
    Page(String),
    /// Any other file (image, snippet, spec, ...).
    File(String),
    /// A folder.
    Folder(String),
    /// A page the platform generates from an OpenAPI spec.
    Generated(String),
    /// The source of a `redirects` entry (its index).
    Redirect(usize),
    Missing,
}

/// The part of docs.json that page links resolve against (see
/// [`Targets::docs_json_part`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocsJsonPart {
    redirects: Vec<(String, String)>,
    remote_dirs: Vec<Box<str>>,
}

/// One `redirects` entry of docs.json.
#[derive(Debug, Clone)]
pub struct Redirect {
    pub source: String,
    pub destination: String,
}

/// Everything a link in a page may point to: the site's files (built once
/// per set of files, shared across docs.json keystrokes) and what docs.json
/// adds (redirects, the folders of specs given by URL).
#[derive(Debug, Default, Clone)]
pub struct Targets {
    pub files: std::sync::Arc<FileTargets>,
    /// The folders (`directory`, `api-reference` by default) where specs
    /// given by URL (not read here) generate their pages: a link into one
    /// may name such a page. `""` (the whole site) when docs.json does not
    /// read.
    remote_dirs: Vec<Box<str>>,
    redirects: Vec<Redirect>,
    exact_redirects: HashMap<Box<str>, usize>,
    /// Wildcard sources (their index, normalised once: every link of every
    /// page is matched against them), with the length of the literal text
    /// every path they match starts with ([`literal_prefix`]).
    wildcard_redirects: Vec<(usize, String, usize)>,
}

/// The files of a site as link targets, and the pages its specs generate.
#[derive(Debug, Default)]
pub struct FileTargets {
    /// Every file of the site (root-relative, with extension).
    files: HashSet<Box<str>>,
    /// Page keys (without extension) to their file path.
    pages: HashMap<Box<str>, Box<str>>,
    folders: HashSet<Box<str>>,
    /// Generated API pages: full paths (`x-mint: href`, default folder) and
    /// file names, for pages whose folder the navigation decides.
    generated: HashSet<Box<str>>,
    generated_names: HashSet<Box<str>>,
}

impl FileTargets {
    pub fn add_file(&mut self, path: &str) {
        self.files.insert(path.into());
        if is_page_path(path) {
            self.pages
                .entry(paths::strip_page_ext(path).into())
                .and_modify(|p| {
                    // `.mdx` wins over `.md` for one key.
                    if path.ends_with(".mdx") {
                        *p = path.into();
                    }
                })
                .or_insert_with(|| path.into());
        }
        let mut dir = paths::dir_of(path);
        while !dir.is_empty() && self.folders.insert(dir.into()) {
            dir = paths::dir_of(dir);
        }
    }

    /// A page generated from a spec operation: its title-derived file name,
    /// or its `x-mint: href`.
    pub fn add_generated(
        &mut self,
        summary: Option<&str>,
        method: &str,
        path: &str,
        tag: Option<&str>,
        href: Option<&str>,
    ) {
        if let Some(h) = href {
            let h = h.trim_matches('/');
            self.generated.insert(h.to_ascii_lowercase().into());
            self.generated.insert(h.into());
            return;
        }
        let name = summary.and_then(prepare_filename).unwrap_or_else(|| {
            format!(
                "{}-{}",
                method.to_ascii_lowercase(),
                prepare_filename(path).unwrap_or_default()
            )
        });
        let folder = tag.and_then(prepare_filename).unwrap_or_default();
        let full = if folder.is_empty() {
            format!("api-reference/{name}")
        } else {
            format!("api-reference/{folder}/{name}")
        };
        self.generated.insert(full.into());
        self.generated_names.insert(name.into());
    }

    pub fn has_file(&self, path: &str) -> bool {
        self.files.contains(path)
    }

    /// Whether some file of the site lives in this folder (or under it);
    /// `""` is the root.
    pub fn has_folder(&self, dir: &str) -> bool {
        dir.is_empty() || self.folders.contains(dir)
    }

    /// The page file a page key names (`a/b` -> `a/b.mdx`).
    pub fn page_file(&self, key: &str) -> Option<&str> {
        self.pages.get(key).map(|p| &**p)
    }

    /// Every page key, unsorted.
    pub fn page_keys(&self) -> impl Iterator<Item = &str> {
        self.pages.keys().map(|k| &**k)
    }

    /// The paths of the pages generated from specs at a known path (an
    /// `x-mint: href`, or the default folder), unsorted.
    pub fn generated_pages(&self) -> impl Iterator<Item = &str> {
        self.generated.iter().map(|k| &**k)
    }

    /// Every file, unsorted.
    pub fn files(&self) -> impl Iterator<Item = &str> {
        self.files.iter().map(|k| &**k)
    }

    fn resolve_file(&self, path: &str) -> Option<Resolved> {
        if path.is_empty() {
            // The site's root: its `index` page, or the first page of the
            // navigation, which the platform serves there.
            return Some(Resolved::Page(
                self.pages.get("index").map_or("", |p| p).to_string(),
            ));
        }
        if self.files.contains(path) {
            return Some(if is_page_path(path) {
                Resolved::Page(path.to_string())
            } else {
                Resolved::File(path.to_string())
            });
        }
        if let Some(p) = self.pages.get(path) {
            return Some(Resolved::Page(p.to_string()));
        }
        let index = format!("{path}/index");
        if let Some(p) = self.pages.get(index.as_str()) {
            return Some(Resolved::Page(p.to_string()));
        }
        // Every published page is also served as Markdown at its URL plus
        // `.md` (the platform's Markdown export), so `./setup.md` reaches
        // `setup.mdx`.
        if let Some(p) = path.strip_suffix(".md").and_then(|k| self.pages.get(k)) {
            return Some(Resolved::Page(p.to_string()));
        }
        if self.generated.contains(path)
            || self.generated.contains(path.to_ascii_lowercase().as_str())
        {
            return Some(Resolved::Generated(path.to_string()));
        }
        let name = path.rsplit('/').next().unwrap_or(path);
        if self.generated_names.contains(name) {
            return Some(Resolved::Generated(path.to_string()));
        }
        None
    }
}

impl Targets {
    pub fn new(files: std::sync::Arc<FileTargets>) -> Self {
        Targets {
            files,
            ..Targets::default()
        }
    }

    /// The targets of the site's `files` with a docs.json part taken from
    /// earlier targets ([`Self::docs_json_part`]): the same targets as
    /// those, when the files are the same.
    pub fn with_part(files: std::sync::Arc<FileTargets>, part: &DocsJsonPart) -> Self {
        let mut t = Targets::new(files);
        for (source, destination) in &part.redirects {
            t.add_redirect(source, destination);
        }
        // Already as `add_remote_dir` keeps them: trimmed, sorted, unique.
        t.remote_dirs = part.remote_dirs.clone();
        t
    }

    pub fn add_redirect(&mut self, source: &str, destination: &str) {
        let i = self.redirects.len();
        let src = normalize_route(source);
        if source.contains('#') {
            // Browsers do not send the fragment: no request ever matches
            // such a source (it stays listed for the redirect checks).
        } else if src.contains(':') || src.contains('*') {
            let prefix = literal_prefix(&src).len();
            self.wildcard_redirects.push((i, src, prefix));
        } else {
            self.exact_redirects.entry(src.into()).or_insert(i);
        }
        self.redirects.push(Redirect {
            source: source.to_string(),
            destination: destination.to_string(),
        });
    }

    /// A folder where a spec given by URL generates its pages (`""`: any).
    pub fn add_remote_dir(&mut self, dir: &str) {
        let dir: Box<str> = dir.trim_matches('/').into();
        if !self.remote_dirs.contains(&dir) {
            self.remote_dirs.push(dir);
            self.remote_dirs.sort_unstable();
        }
    }

    /// Whether `path` (a site path) lies where a spec given by URL may
    /// generate a page.
    pub fn in_remote_dir(&self, path: &str) -> bool {
        self.remote_dirs.iter().any(|d| {
            d.is_empty()
                || path
                    .strip_prefix(&**d)
                    .is_some_and(|rest| rest.starts_with('/'))
        })
    }

    /// What of docs.json these targets hold: equal parts resolve every
    /// page link the same way.
    pub fn docs_json_part(&self) -> DocsJsonPart {
        DocsJsonPart {
            redirects: self
                .redirects
                .iter()
                .map(|r| (r.source.clone(), r.destination.clone()))
                .collect(),
            remote_dirs: self.remote_dirs.clone(),
        }
    }

    pub fn redirects(&self) -> &[Redirect] {
        &self.redirects
    }

    /// Resolve one candidate path (see [`candidates`]).
    pub fn resolve(&self, path: &str) -> Resolved {
        self.resolve_here(path).unwrap_or(Resolved::Missing)
    }

    fn resolve_here(&self, path: &str) -> Option<Resolved> {
        if let Some(r) = self.files.resolve_file(path) {
            return Some(r);
        }
        if let Some(&i) = self.exact_redirects.get(path) {
            return Some(Resolved::Redirect(i));
        }
        for (i, source, prefix) in &self.wildcard_redirects {
            // Most links start otherwise than most sources: told apart
            // without reading the pattern (crewAI: 21 wildcard sources, each
            // tried for every link that names no file, was a third of the
            // links pass).
            if path.starts_with(&source[..*prefix]) && wildcard_match(source, path).is_some() {
                return Some(Resolved::Redirect(*i));
            }
        }
        if self.files.folders.contains(path) {
            return Some(Resolved::Folder(path.to_string()));
        }
        if PLATFORM_FILES.contains(&path) {
            return Some(Resolved::Generated(path.to_string()));
        }
        // "Add `.md` to any page's URL to view a Markdown version" (the
        // platform's markdown export).
        if let Some(page) = path.strip_suffix(".md")
            && let Some(Resolved::Page(_)) = self.files.resolve_file(page)
        {
            return Some(Resolved::Generated(path.to_string()));
        }
        None
    }

    /// Where a redirect's destination leads (following further redirects,
    /// up to a cycle: `Missing`), with the number of redirects followed
    /// after this one and the last one followed.
    pub fn follow(&self, i: usize) -> (Resolved, usize, usize) {
        let mut seen = vec![i];
        let mut current = i;
        loop {
            let r = &self.redirects[current];
            let dest = r.destination.split(['#', '?']).next().unwrap_or("");
            if paths::is_url(dest) || has_scheme(dest) || dest.contains(':') || dest.contains('*') {
                // A URL or a wildcard destination: not checked.
                return (
                    Resolved::Generated(dest.to_string()),
                    seen.len() - 1,
                    current,
                );
            }
            let dest = normalize_route(dest);
            match self.resolve(&dest) {
                // A page a spec given by URL may generate there (not
                // fetched here): links to it pass, and so does this.
                Resolved::Missing if self.in_remote_dir(&dest) => {
                    return (Resolved::Generated(dest), seen.len() - 1, current);
                }
                Resolved::Redirect(j) => {
                    if seen.contains(&j) {
                        return (Resolved::Missing, seen.len(), current);
                    }
                    seen.push(j);
                    current = j;
                }
                other => return (other, seen.len() - 1, current),
            }
        }
    }
}

impl Targets {
    /// Where a reader who follows a link to `path` ends up, when `path`
    /// is the source of redirect `i`: its `:param` and `*` captures carried
    /// into the destination, further redirects followed. `Generated` when
    /// that cannot be told (a URL, a destination naming what the source
    /// does not capture); `Missing` for a page that is not there or a loop.
    pub fn follow_link(&self, path: &str, i: usize) -> (Resolved, String) {
        let mut path = path.to_string();
        let mut current = i;
        for _ in 0..16 {
            let r = &self.redirects[current];
            let dest = r.destination.split(['#', '?']).next().unwrap_or("");
            if paths::is_url(dest) || has_scheme(dest) {
                return (Resolved::Generated(dest.to_string()), dest.to_string());
            }
            let Some(dest) = substitute(&normalize_route(&r.source), &path, dest) else {
                return (Resolved::Generated(path.clone()), path);
            };
            let dest = normalize_route(&dest);
            match self.resolve(&dest) {
                Resolved::Redirect(j) => {
                    current = j;
                    path = dest;
                }
                other => return (other, dest),
            }
        }
        (Resolved::Missing, path)
    }
}
