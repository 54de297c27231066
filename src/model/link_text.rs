//! A link target as written in a page, taken apart: external or internal,
//! its path, fragment and style, and what kind of file its path names.

use super::paths;
use super::slug;

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

pub(super) fn has_scheme(t: &str) -> bool {
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
pub(super) const PLATFORM_FILES: &[&str] = &[
    "llms.txt",
    "llms-full.txt",
    ".well-known/llms.txt",
    "sitemap.xml",
    "robots.txt",
    "skill.md",
];

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
