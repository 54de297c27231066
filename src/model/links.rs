//! Links inside pages: what a link's target means and whether the site has
//! it. Pure: the targets are built from a site snapshot and its config.
//!
//! A target resolves the way the platform serves it:
//! - `./x` and `../x` are joined to the folder of the file that holds the
//!   link (the platform's `remarkResolveRelativeLinks`);
//! - `/x` is from the docs root;
//! - a bare `x` is resolved by the browser against the page's URL (its
//!   folder), while the platform's checker reads it from the root: either
//!   is accepted;
//! - the path is percent-decoded; `?query` is ignored; a trailing `/` is
//!   dropped; an empty path is the page itself;
//! - a path names a file (`/images/a.png`, `/guide.mdx`), a page without its
//!   extension (`/guide`), a folder's `index` page, a folder (accepted, as
//!   the platform's checker does), a page generated from an OpenAPI spec,
//!   or the source of a `redirects` entry (`:param` and `*` wildcards);
//! - nothing else: the platform serves a page at its file path only. A
//!   language code or version label leading a link is not dropped
//!   (`/fr/guide` is a 404 unless `fr/guide.mdx` exists or a redirect's
//!   source matches it), as `mint broken-links` (npm `@mintlify/link-rot`)
//!   also reports.

use crate::model::paths;
use crate::model::slug;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// A link target as written, taken apart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target<'a> {
    /// `https://…`, `mailto:…`, `//host/…`: never fetched, never checked.
    External,
    /// Nothing to check: empty, `data:`, a template (`{x}`), a bare `?q`.
    Skip,
    /// `#x`: an anchor on the same page.
    Fragment(&'a str),
    Internal(Internal<'a>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Internal<'a> {
    /// The path part as written (no query, no fragment).
    pub path: &'a str,
    pub fragment: Option<&'a str>,
    pub style: Style,
}

/// How a path was written; rewriting keeps it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// `/a/b`
    Absolute,
    /// `./b`, `../b`
    Relative,
    /// `b`, `a/b`
    Bare,
}

/// Take a target apart. Everything with a URL scheme is external (as
/// `URL.canParse` decides on the platform).
pub fn parse(target: &str) -> Target<'_> {
    let t = target.trim();
    if t.is_empty() || t.starts_with('{') || t.contains("{{") || t.starts_with("data:") {
        return Target::Skip;
    }
    if t.starts_with("//") || has_scheme(t) {
        return Target::External;
    }
    if let Some(f) = t.strip_prefix('#') {
        return Target::Fragment(f);
    }
    let (before_hash, fragment) = match t.find('#') {
        Some(i) => (&t[..i], Some(&t[i + 1..])),
        None => (t, None),
    };
    let path = before_hash.split('?').next().unwrap_or("");
    if path.is_empty() {
        return match fragment {
            Some(f) => Target::Fragment(f),
            None => Target::Skip,
        };
    }
    let style = if path.starts_with('/') {
        Style::Absolute
    } else if path.starts_with("./") || path.starts_with("../") || path == "." || path == ".." {
        Style::Relative
    } else {
        Style::Bare
    };
    Target::Internal(Internal {
        path,
        fragment,
        style,
    })
}

fn has_scheme(t: &str) -> bool {
    let Some(colon) = t.find(':') else {
        return false;
    };
    // `https\://x` is `https://x`: CommonMark unescapes a backslash before
    // punctuation in a link destination.
    let scheme = t[..colon].strip_suffix('\\').unwrap_or(&t[..colon]);
    !scheme.is_empty()
        && scheme.as_bytes()[0].is_ascii_alphabetic()
        && scheme
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'+' || b == b'-' || b == b'.')
}

/// The site paths (root-relative, decoded, no leading or trailing `/`) a
/// link from the file at `from` may mean, most likely first. Empty when the
/// link leaves the docs root.
pub fn candidates(from: &str, link: &Internal<'_>) -> Vec<String> {
    let decoded = if link.path.contains('%') {
        std::borrow::Cow::Owned(slug::percent_decode(link.path))
    } else {
        std::borrow::Cow::Borrowed(link.path)
    };
    let dir = paths::dir_of(from);
    let mut out = Vec::with_capacity(2);
    let mut push = |p: Option<String>| {
        if let Some(mut p) = p {
            while p.ends_with('/') {
                p.pop();
            }
            if !out.contains(&p) {
                out.push(p);
            }
        }
    };
    match link.style {
        Style::Absolute => push(paths::join("", &decoded)),
        Style::Relative => push(paths::join(dir, &decoded)),
        Style::Bare => {
            push(paths::join(dir, &decoded));
            push(paths::join("", &decoded));
        }
    }
    out
}

/// Files the platform serves on every site without a file in the
/// repository (its docs: ai/llmstxt, optimize/seo, ai/skillmd): a link to
/// one is not broken. A file of the site at the same path wins.
const PLATFORM_FILES: &[&str] = &[
    "llms.txt",
    "llms-full.txt",
    ".well-known/llms.txt",
    "sitemap.xml",
    "robots.txt",
    "skill.md",
];

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
    /// page is matched against them).
    wildcard_redirects: Vec<(usize, String)>,
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
                .entry(crate::model::site::strip_page_ext(path).into())
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

    pub fn add_redirect(&mut self, source: &str, destination: &str) {
        let i = self.redirects.len();
        let src = normalize_route(source);
        if source.contains('#') {
            // Browsers do not send the fragment: no request ever matches
            // such a source (it stays listed for the redirect checks).
        } else if src.contains(':') || src.contains('*') {
            self.wildcard_redirects.push((i, src));
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
        for (i, source) in &self.wildcard_redirects {
            if wildcard_match(source, path).is_some() {
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

/// The destination of a redirect from `source` (a pattern) for `path`,
/// with the source's `:name` captures (`:name*` takes the rest) put in;
/// `None` when `path` does not match or the destination names a capture
/// the source does not have.
pub fn substitute(source: &str, path: &str, destination: &str) -> Option<String> {
    let caps = wildcard_match(source, path)?;
    let mut named: Vec<(&str, String)> = Vec::new();
    let mut anonymous: Vec<String> = Vec::new();
    let b = source.as_bytes();
    let (mut i, mut k) = (0, 0);
    while i < b.len() {
        match b[i] {
            b':' if b
                .get(i + 1)
                .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_') =>
            {
                let start = i + 1;
                i = start;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                let mut value = caps.get(k)?.to_string();
                k += 1;
                if b.get(i) == Some(&b'*') {
                    value.push_str(caps.get(k)?);
                    k += 1;
                    i += 1;
                }
                named.push((&source[start..i], value));
            }
            b'*' => {
                anonymous.push(caps.get(k)?.to_string());
                k += 1;
                i += 1;
            }
            _ => i += 1,
        }
    }
    let mut anonymous = anonymous.into_iter();
    let mut out = String::with_capacity(destination.len());
    let d = destination.as_bytes();
    let mut i = 0;
    while i < d.len() {
        if d[i] == b':'
            && d.get(i + 1)
                .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
        {
            let start = i + 1;
            i = start;
            while i < d.len() && (d[i].is_ascii_alphanumeric() || d[i] == b'_') {
                i += 1;
            }
            let name = &destination[start..i];
            let (_, value) = named
                .iter()
                .find(|(n, _)| *n == name || n.strip_suffix('*') == Some(name))?;
            out.push_str(value);
            if matches!(d.get(i), Some(b'*' | b'+' | b'?')) {
                i += 1;
            }
            continue;
        }
        if d[i] == b'*' {
            out.push_str(&anonymous.next()?);
            i += 1;
            continue;
        }
        let ch = destination[i..].chars().next()?;
        out.push(ch);
        i += ch.len_utf8();
    }
    Some(out)
}

/// A route as the redirect table keys it: decoded, no leading or trailing `/`.
pub fn normalize_route(p: &str) -> String {
    let p = p.split(['#', '?']).next().unwrap_or("");
    let d = slug::percent_decode(p);
    d.trim_matches('/').to_string()
}

/// Match `path` against a redirect source with `:param` (one segment) and
/// `*` (anything) wildcards; the captures in order.
pub fn wildcard_match<'p>(pattern: &str, path: &'p str) -> Option<Vec<&'p str>> {
    fn go<'p>(pat: &[u8], pi: usize, path: &'p str, si: usize, caps: &mut Vec<&'p str>) -> bool {
        if pi == pat.len() {
            return si == path.len();
        }
        match pat[pi] {
            b'*' => {
                for end in (si..=path.len()).rev() {
                    if !path.is_char_boundary(end) {
                        continue;
                    }
                    caps.push(&path[si..end]);
                    if go(pat, pi + 1, path, end, caps) {
                        return true;
                    }
                    caps.pop();
                }
                false
            }
            b':' if pat
                .get(pi + 1)
                .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_') =>
            {
                let mut pe = pi + 1;
                while pe < pat.len() && (pat[pe].is_ascii_alphanumeric() || pat[pe] == b'_') {
                    pe += 1;
                }
                let seg_end = path[si..].find('/').map_or(path.len(), |i| si + i);
                if seg_end == si {
                    return false;
                }
                for end in (si + 1..=seg_end).rev() {
                    if !path.is_char_boundary(end) {
                        continue;
                    }
                    caps.push(&path[si..end]);
                    if go(pat, pe, path, end, caps) {
                        return true;
                    }
                    caps.pop();
                }
                false
            }
            c => {
                if path.as_bytes().get(si) == Some(&c) {
                    go(pat, pi + 1, path, si + 1, caps)
                } else {
                    false
                }
            }
        }
    }
    let mut caps = Vec::new();
    go(pattern.as_bytes(), 0, path, 0, &mut caps).then_some(caps)
}

/// `prepareStringToBeValidFilename` of the platform: how a summary, tag or
/// path becomes a generated page's file name.
pub fn prepare_filename(s: &str) -> Option<String> {
    let s = s.replace(' ', "-");
    // Path parameters `{x}` to `-`.
    let mut t = String::with_capacity(s.len());
    let mut rest = s.as_str();
    while let Some(open) = rest.find('{') {
        match rest[open..].find('}') {
            Some(close) => {
                t.push_str(&rest[..open]);
                t.push('-');
                rest = &rest[open + close + 1..];
            }
            None => break,
        }
    }
    t.push_str(rest);
    let t = t.strip_prefix('-').unwrap_or(&t);
    let t = t.strip_suffix('-').unwrap_or(t);
    let t: String = t.chars().filter(|c| !"{}(),.'\n/".contains(*c)).collect();
    let t = t.replace("--", "-");
    Some(t.to_lowercase())
}

/// Files the platform never publishes: `README.md`, `LICENSE.md`,
/// `CHANGELOG.md`, `CONTRIBUTING.md` anywhere (its default ignores) and
/// `.md` pages named `readme`, `license`, `contributing` or `contribute`.
/// Their links are not checked and links to them are broken.
pub fn not_served(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path).to_ascii_lowercase();
    matches!(
        name.as_str(),
        "readme.md" | "license.md" | "changelog.md" | "contributing.md" | "contribute.md"
    )
}

pub fn is_page_path(p: &str) -> bool {
    p.ends_with(".mdx") || p.ends_with(".md")
}

/// Whether a resolved file may be shown as an image (`![x](...)`, `src`).
pub fn is_image_path(p: &str) -> bool {
    let lower = p.to_ascii_lowercase();
    [
        ".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp", ".avif", ".ico", ".bmp", ".mp4", ".webm",
        ".mov",
    ]
    .iter()
    .any(|e| lower.ends_with(e))
}

/// The link targets of a site snapshot with its docs.json (`root`: the
/// resolved tree, if it reads).
pub fn targets_of(
    site: &crate::model::site::Site,
    root: Option<&crate::syntax::tree::Node>,
) -> Targets {
    let files = site
        .derived()
        .shape
        .link_files
        .get_or_init(|| std::sync::Arc::new(file_targets(site)))
        .clone();
    let mut t = Targets::new(files);
    let Some(root) = root else {
        // docs.json does not read: its redirects and specs are unknown.
        t.add_remote_dir("");
        return t;
    };
    if let Some(redirects) = root.get("redirects") {
        for r in redirects.items() {
            if let (Some(s), Some(d)) = (
                r.get("source").and_then(|n| n.as_str()),
                r.get("destination").and_then(|n| n.as_str()),
            ) {
                t.add_redirect(s, d);
            }
        }
    }
    if let Some(nav) = root.get("navigation") {
        // Only the specs given by URL matter here: a walk of the tree, not
        // a second navigation index (which costs a docs.json keystroke
        // several milliseconds on a 25,000-page site).
        remote_dirs(nav, &mut t);
    }
    // A spec in `api` (`api.openapi`, `api.asyncapi`) is only a default:
    // it generates pages for the endpoint entries the navigation lists, and
    // none without them. Other URLs there (`api.mdx.server`, a legacy
    // `baseUrl`) name no spec at all. Where the pages of entries outside
    // any `openapi` element go is not told by the prebuild (it leaves them
    // to the renderer): any path may be one.
    if let Some(api) = root.get("api")
        && root.get("navigation").is_some_and(lists_endpoint)
    {
        for key in ["openapi", "asyncapi"] {
            if let Some(v) = api.get(key) {
                let mut url = false;
                v.walk(|n| url |= n.as_str().is_some_and(paths::is_url));
                if url {
                    let dir = v.get("directory").and_then(|d| d.as_str());
                    t.add_remote_dir(dir.unwrap_or(""));
                }
            }
        }
    }
    t
}

/// Where the platform puts the pages it generates from a spec whose
/// `openapi` gives no `directory`.
pub const GENERATED_DIR: &str = "api-reference";

/// Whether a navigation lists an endpoint entry (`"GET /users"`,
/// `"webhook name"`) anywhere.
fn lists_endpoint(nav: &crate::syntax::tree::Node) -> bool {
    let mut found = false;
    nav.walk(|n| {
        found |= n
            .as_str()
            .is_some_and(|s| crate::model::endpoint::parse_endpoint(s).is_some());
    });
    found
}

/// The folders where the specs an `openapi` under `navigation` gives by URL
/// generate their pages: its `directory`, else `api-reference` (what the
/// platform's prebuild does).
fn remote_dirs(node: &crate::syntax::tree::Node, t: &mut Targets) {
    use crate::syntax::tree::Value;
    match &node.value {
        Value::Object(members) => {
            for (key, value) in members.iter().map(|m| (m.key.as_str(), &m.value)) {
                if key == "openapi" {
                    for s in crate::model::nav::openapi_of(node) {
                        if paths::is_url(&s.value) {
                            t.add_remote_dir(s.directory.as_deref().unwrap_or(GENERATED_DIR));
                        }
                    }
                }
                remote_dirs(value, t);
            }
        }
        Value::Array(items) => items.iter().for_each(|i| remote_dirs(i, t)),
        _ => {}
    }
}

/// The pages and snippets of a site whose bodies the platform reads (text
/// files it publishes): what the body checks run over.
pub fn served_bodies(
    site: &crate::model::site::Site,
) -> Vec<&std::sync::Arc<crate::model::site::SourceFile>> {
    site.files().filter(|f| is_served_body(f)).collect()
}

/// Whether the platform reads and publishes this file's body (see
/// [`served_bodies`]).
pub fn is_served_body(f: &crate::model::site::SourceFile) -> bool {
    use crate::model::site::FileKind;
    matches!(f.kind, FileKind::Page | FileKind::Snippet) && f.text.is_ok() && !not_served(&f.path)
}

fn file_targets(site: &crate::model::site::Site) -> FileTargets {
    let _t = crate::timing::span("link targets");
    let mut ft = FileTargets::default();
    for f in site.files() {
        if !not_served(&f.path) {
            ft.add_file(&f.path);
        }
    }
    for a in site.assets() {
        ft.add_file(a);
    }
    // With the specs overlaid so far (the analysis makes them before links are checked): pages of
    // endpoints overlays add are targets; those of removed ones are kept (never a false error).
    let own = site
        .spec_files()
        .into_iter()
        .map(|s| s.spec_index().clone());
    for ix in own.chain(site.derived().shape.overlays.applied()) {
        if ix.refused.is_some() {
            // Left out of the platform's build: it generates no page.
            continue;
        }
        for op in &ix.operations {
            if op.excluded {
                continue;
            }
            ft.add_generated(
                op.summary.as_deref(),
                &op.method,
                &op.path,
                op.tag.as_deref(),
                op.href.as_deref(),
            );
        }
        for w in &ix.webhooks {
            let name = w.summary.clone().unwrap_or_else(|| w.name.clone());
            ft.add_generated(Some(&name), "webhook", &w.name, None, None);
        }
    }
    ft
}

#[cfg(test)]
mod tests;

/// The anchors of one page: the clean ids its `#fragments` may name.
#[derive(Debug, Default, Clone)]
pub struct Anchors {
    /// Sorted, clean form.
    pub ids: Box<[crate::syntax::page::CompactString]>,
    /// Some ids cannot be known here (a JSX heading without an `id`, a
    /// `mode: custom` page): a fragment not among `ids` is not reported.
    pub incomplete: bool,
}

impl Anchors {
    pub fn has(&self, fragment: &str) -> bool {
        fragment.is_empty() || self.incomplete || slug::has_anchor(&self.ids, fragment)
    }
}

/// Components whose headings stay out of the table of contents (their ids
/// exist all the same).
const TOC_EXCLUDED: &[&str] = &[
    "Accordion",
    "AccordionGroup",
    "Expandable",
    "Update",
    "Prompt",
];
/// Components that do not pass an `id` prop to the page.
const WITHOUT_ID: &[&str] = &[
    "Info",
    "Warning",
    "Note",
    "Tip",
    "Check",
    "Danger",
    "Callout",
    "AccordionGroup",
    "Card",
    "CardGroup",
    "Tabs",
    "CodeGroup",
    "Column",
    "Columns",
    "CustomCode",
    "CustomComponent",
    "DynamicCustomComponent",
    "Expandable",
    "Frame",
    "GitHub",
    "Github",
    "Icon",
    "Latex",
    "Mermaid",
    "Panel",
    "Popup",
    "Prompt",
    "RequestExample",
    "ResponseExample",
    "SnippetGroup",
    "Steps",
    "Tile",
    "Tooltip",
    "Tree",
    "FileTree",
    "Variation",
    "Visibility",
    "MDX",
    "Badge",
    "Color",
    "ZoomImage",
    "Snippet",
];

/// The anchors of a page from its index (the platform's rules: see
/// [`slug`]).
pub fn anchors_of(
    ix: &crate::syntax::page::PageIndex,
    front: &crate::syntax::frontmatter::FrontMatter,
) -> Anchors {
    use crate::syntax::page::AttrValue;
    use slug::AnchorSource as S;
    let mode = front
        .root
        .as_ref()
        .and_then(|r| r.get("mode"))
        .and_then(|m| m.as_str());
    if matches!(mode, Some("custom") | Some("frame")) {
        return Anchors {
            ids: Box::new([]),
            incomplete: true,
        };
    }
    let excluded_ranges: Vec<std::ops::Range<usize>> = ix
        .elements
        .iter()
        .filter(|e| TOC_EXCLUDED.contains(&e.name.as_str()))
        .map(|e| e.range.range())
        .collect();
    let excluded = |at: usize| excluded_ranges.iter().any(|r| r.start < at && at < r.end);
    fn str_attr<'e>(e: &'e crate::syntax::page::Element, name: &str) -> Option<&'e str> {
        e.attrs
            .iter()
            .find(|a| a.name == name)
            .and_then(|a| match &a.value {
                AttrValue::String { value, .. } => Some(value.as_str()),
                _ => None,
            })
    }
    /// Elements that can give the page an id.
    fn relevant(e: &crate::syntax::page::Element) -> bool {
        matches!(
            e.name.as_str(),
            "h1" | "h2"
                | "h3"
                | "h4"
                | "Heading"
                | "Accordion"
                | "View"
                | "Tab"
                | "Update"
                | "ParamField"
                | "Param"
                | "ResponseField"
        ) || (!WITHOUT_ID.contains(&e.name.as_str()) && e.attrs.iter().any(|a| a.name == "id"))
    }
    let mut incomplete = false;
    let mut sources: Vec<S> = Vec::with_capacity(ix.headings.len() + 4);
    let mut els = ix.elements.iter().filter(|e| relevant(e)).peekable();
    let mut hs = ix.headings.iter().peekable();
    loop {
        // Headings and elements in document order.
        let take_heading = match (hs.peek(), els.peek()) {
            (None, None) => break,
            (Some(_), None) => true,
            (None, Some(_)) => false,
            (Some(h), Some(e)) => h.range.start() <= e.range.start(),
        };
        if take_heading {
            let h = hs.next().unwrap();
            sources.push(S::Heading {
                level: h.level,
                text: &h.text,
                custom_id: h.custom_id.as_deref(),
                excluded: excluded(h.range.start()),
            });
            continue;
        }
        let e = els.next().unwrap();
        let name = e.name.as_str();
        let id = str_attr(e, "id");
        if id.is_none() && e.attrs.iter().any(|a| a.name == "id") {
            // `id={expression}`: not known here.
            incomplete = true;
        }
        match name {
            "ParamField" | "Param" | "ResponseField" => {
                if let Some(p) = ["query", "path", "body", "header", "name"]
                    .iter()
                    .find_map(|k| str_attr(e, k))
                {
                    sources.push(S::Param { name: p });
                }
                continue;
            }
            "h1" | "h2" | "h3" | "h4" | "Heading" => {
                match id {
                    Some(id) => sources.push(S::JsxHeading {
                        text: "",
                        id: Some(id),
                        excluded: excluded(e.range.start()),
                    }),
                    None => incomplete = true,
                }
                continue;
            }
            _ => {}
        }
        if let Some(id) = id {
            sources.push(S::ElementId {
                id,
                cleaned: matches!(name, "Step" | "Update"),
            });
            continue;
        }
        match name {
            "Accordion" | "View" => {
                if let Some(t) = str_attr(e, "title") {
                    sources.push(S::Titled {
                        kind: if name == "View" {
                            slug::TitledKind::View
                        } else {
                            slug::TitledKind::Accordion
                        },
                        title: t,
                    });
                }
            }
            "Tab" => {
                if let Some(t) = str_attr(e, "title") {
                    sources.push(S::Tab { title: t });
                }
            }
            "Update" => {
                if let Some(l) = str_attr(e, "label") {
                    sources.push(S::Update { label: l });
                }
            }
            _ => {}
        }
    }
    let ids = slug::page_anchors(sources);
    Anchors {
        ids: ids.into_boxed_slice(),
        incomplete,
    }
}
