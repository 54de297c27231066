//! Site-relative path arithmetic. Paths are `/`-separated and relative to
//! the docs root; nothing here may produce a path above the root.

/// The folder part of a site-relative path (`a/b/c.json` -> `a/b`).
pub fn dir_of(path: &str) -> &str {
    path.rfind('/').map_or("", |i| &path[..i])
}

/// Join `rel` onto the folder `base` and normalise `.` and `..`. A leading
/// `/` means the docs root. `None` when the result would leave the root or
/// `rel` is absolute in the OS sense (a drive letter, `~`) or a URL.
pub fn join(base: &str, rel: &str) -> Option<String> {
    if is_url(rel) || rel.starts_with('~') || rel.contains('\\') || rel.get(1..3) == Some(":/") {
        return None;
    }
    let (start, rel) = match rel.strip_prefix('/') {
        Some(r) => ("", r),
        None => (base, rel),
    };
    let mut parts: Vec<&str> = start.split('/').filter(|s| !s.is_empty()).collect();
    push_segments(&mut parts, rel)?;
    Some(parts.join("/"))
}

/// Walk `rel`'s `/`-separated segments onto `parts`: `.` and empty ones
/// stay, `..` takes the last part off. `None` when it climbs above `parts`.
pub fn push_segments<'a>(parts: &mut Vec<&'a str>, rel: &'a str) -> Option<()> {
    for seg in rel.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            s => parts.push(s),
        }
    }
    Some(())
}

pub fn is_url(s: &str) -> bool {
    s.starts_with("http://") || s.starts_with("https://")
}

/// A page path without its `.mdx`/`.md` extension.
pub fn strip_page_ext(p: &str) -> &str {
    p.strip_suffix(".mdx")
        .or_else(|| p.strip_suffix(".md"))
        .unwrap_or(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn join_normalises_and_refuses_escape() {
        assert_eq!(join("a/b", "./c.json").as_deref(), Some("a/b/c.json"));
        assert_eq!(join("a/b", "../c.json").as_deref(), Some("a/c.json"));
        assert_eq!(join("a/b", "/x/y.json").as_deref(), Some("x/y.json"));
        assert_eq!(join("a", "../../etc/passwd"), None);
        assert_eq!(join("", "https://x.y/spec.json"), None);
        assert_eq!(dir_of("a/b/c.json"), "a/b");
        assert_eq!(dir_of("c.json"), "");
    }
}
