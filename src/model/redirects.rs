//! The `redirects` of docs.json: matching a path against a source with
//! `:param` and `*` wildcards, and writing the destination it leads to.

use super::slug;

/// A piece of a redirect pattern, read as the platform's redirects (Next.js,
/// path-to-regexp 6) read it: `:name` is one segment (or the part of one up
/// to the literal after it), `:name*` zero or more segments, `:name+` one or
/// more, `:name?` zero or one; a modified parameter takes the `/` before it
/// with it (`/docs/:slug*` matches `/docs`). A bare `*` (the platform's
/// "partial wildcard", `/articles/concepts-*`) is any text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Piece<'a> {
    Literal(&'a str),
    Param {
        name: &'a str,
        /// `*`, `+`, `?`, or none.
        modifier: Option<u8>,
        /// The `/` before it belongs to it (present only with a segment).
        slash: bool,
    },
    Star,
}

impl Piece<'_> {
    /// Whether the piece may take no segment at all.
    pub fn optional(&self) -> bool {
        matches!(
            self,
            Piece::Param {
                modifier: Some(b'*' | b'?'),
                ..
            }
        )
    }
}

fn name_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// `pattern` as its pieces, in order.
pub fn pieces(pattern: &str) -> Vec<Piece<'_>> {
    let b = pattern.as_bytes();
    let mut out = Vec::new();
    let (mut i, mut lit) = (0, 0);
    while i < b.len() {
        let param = b[i] == b':' && b.get(i + 1).copied().is_some_and(name_byte);
        if !param && b[i] != b'*' {
            i += 1;
            continue;
        }
        let mut literal = &pattern[lit..i];
        if param {
            let start = i + 1;
            let mut e = start;
            while e < b.len() && name_byte(b[e]) {
                e += 1;
            }
            let modifier = b
                .get(e)
                .copied()
                .filter(|c| matches!(c, b'*' | b'+' | b'?'));
            let slash = modifier.is_some() && literal.ends_with('/');
            if slash {
                literal = &literal[..literal.len() - 1];
            }
            if !literal.is_empty() {
                out.push(Piece::Literal(literal));
            }
            out.push(Piece::Param {
                name: &pattern[start..e],
                modifier,
                slash,
            });
            i = e + usize::from(modifier.is_some());
        } else {
            if !literal.is_empty() {
                out.push(Piece::Literal(literal));
            }
            out.push(Piece::Star);
            i += 1;
        }
        lit = i;
    }
    if lit < b.len() {
        out.push(Piece::Literal(&pattern[lit..]));
    }
    out
}

/// The text every path `pattern` matches starts with (its leading literal
/// piece, or nothing): a cheap test that rules out most paths before
/// [`wildcard_match`] reads the pattern.
pub fn literal_prefix(pattern: &str) -> &str {
    match pieces(pattern).first() {
        Some(Piece::Literal(l)) => l,
        _ => "",
    }
}

/// The destination of a redirect from `source` (a pattern) for `path`,
/// with the source's `:name` captures put in (an empty `:name*` takes the
/// `/` before it away, as path-to-regexp's `compile` does); `None` when
/// `path` does not match or the destination names a capture the source
/// does not have.
pub fn substitute(source: &str, path: &str, destination: &str) -> Option<String> {
    let caps = wildcard_match(source, path)?;
    let mut named: Vec<(&str, &str)> = Vec::new();
    let mut anonymous: Vec<&str> = Vec::new();
    for (piece, value) in pieces(source)
        .into_iter()
        .filter(|p| !matches!(p, Piece::Literal(_)))
        .zip(caps)
    {
        match piece {
            Piece::Param { name, .. } => named.push((name, value)),
            _ => anonymous.push(value),
        }
    }
    let mut anonymous = anonymous.into_iter();
    let mut out = String::with_capacity(destination.len());
    for piece in pieces(destination) {
        match piece {
            Piece::Literal(l) => out.push_str(l),
            Piece::Param { name, slash, .. } => {
                // A plain `:name` given several segments keeps them (Next.js
                // joins an array parameter with `/`).
                let (_, value) = named.iter().find(|(n, _)| *n == name)?;
                if slash && !value.is_empty() {
                    out.push('/');
                }
                out.push_str(value);
            }
            Piece::Star => out.push_str(anonymous.next()?),
        }
    }
    Some(out)
}

/// A route as the redirect table keys it: decoded, no leading or trailing `/`.
pub fn normalize_route(p: &str) -> String {
    // A `?` right after a parameter's name is its modifier (`/docs/:slug?`),
    // not a query.
    let b = p.as_bytes();
    let is_modifier = |i: usize| {
        let name = b[..i].iter().rev().take_while(|c| name_byte(**c)).count();
        name > 0 && i > name && b[i - name - 1] == b':'
    };
    let end = (0..b.len())
        .find(|&i| b[i] == b'#' || (b[i] == b'?' && !is_modifier(i)))
        .unwrap_or(b.len());
    let p = &p[..end];
    let d = slug::percent_decode(p);
    d.trim_matches('/').to_string()
}

/// Match `path` against a redirect source (see [`Piece`]); the captures in
/// order, one per parameter and `*` (a `:name*` that took no segment: "").
pub fn wildcard_match<'p>(pattern: &str, path: &'p str) -> Option<Vec<&'p str>> {
    fn go<'p>(ps: &[Piece<'_>], path: &'p str, si: usize, caps: &mut Vec<&'p str>) -> bool {
        let Some((piece, rest)) = ps.split_first() else {
            return si == path.len();
        };
        let attempt = |from: usize, end: usize, caps: &mut Vec<&'p str>| {
            if !path.is_char_boundary(end) {
                return false;
            }
            caps.push(&path[from..end]);
            if go(rest, path, end, caps) {
                return true;
            }
            caps.pop();
            false
        };
        match *piece {
            Piece::Literal(l) => path[si..].starts_with(l) && go(rest, path, si + l.len(), caps),
            Piece::Star => (si..=path.len()).rev().any(|end| attempt(si, end, caps)),
            Piece::Param {
                modifier, slash, ..
            } => {
                let from = if slash {
                    if !path[si..].starts_with('/') {
                        return piece.optional() && attempt(si, si, caps);
                    }
                    si + 1
                } else {
                    si
                };
                let many = matches!(modifier, Some(b'*' | b'+'));
                // Segments are never empty: the capture runs to its first
                // `//` (or, for one segment, its first `/`).
                let limit = if many {
                    path[from..].find("//").map_or(path.len(), |i| from + i)
                } else {
                    path[from..].find('/').map_or(path.len(), |i| from + i)
                };
                let found = (from + 1..=limit)
                    .rev()
                    .filter(|&end| {
                        !path[from..end].starts_with('/') && !path[from..end].ends_with('/')
                    })
                    .any(|end| attempt(from, end, caps));
                found || (piece.optional() && attempt(si, si, caps))
            }
        }
    }
    let ps = pieces(pattern);
    let mut caps = Vec::new();
    go(&ps, path, 0, &mut caps).then_some(caps)
}

#[cfg(test)]
mod tests {
    use super::{substitute, wildcard_match as m};

    #[test]
    fn every_path_a_pattern_matches_starts_with_its_literal_prefix() {
        use super::literal_prefix as prefix;
        assert_eq!(prefix("docs/:slug*"), "docs");
        assert_eq!(prefix("docs/:slug"), "docs/");
        assert_eq!(prefix("articles/concepts-*"), "articles/concepts-");
        assert_eq!(prefix(":slug*"), "");
        assert_eq!(prefix("a:/b"), "a:/b");
        let patterns = [
            "docs/:slug*",
            "docs/:slug+",
            "docs/:slug?",
            "docs/:slug",
            "docs/:id.json",
            "a/:x*/b",
            "articles/concepts-*",
            ":slug*",
            "*",
            "a:/b",
        ];
        let paths = [
            "",
            "docs",
            "docs/",
            "docs/a",
            "docs/a/b",
            "docsx",
            "docs/7.json",
            "a/b",
            "a/1/2/b",
            "articles/concepts-x/y",
            "a:/b",
        ];
        let mut matched = 0;
        for p in patterns {
            for path in paths {
                if m(p, path).is_some() {
                    matched += 1;
                    assert!(path.starts_with(prefix(p)), "{p} {path}");
                }
            }
        }
        assert!(matched > 10, "{matched}");
    }

    #[test]
    fn a_starred_parameter_takes_zero_or_more_segments() {
        // path-to-regexp 6 (Next.js): `/docs/:slug*` matches `/docs` too.
        assert_eq!(m("docs/:slug*", "docs"), Some(vec![""]));
        assert_eq!(m("docs/:slug*", "docs/a"), Some(vec!["a"]));
        assert_eq!(m("docs/:slug*", "docs/a/b/c"), Some(vec!["a/b/c"]));
        assert_eq!(m("docs/:slug*", "docsx"), None);
        assert_eq!(m("docs/:slug*", "docs/"), None);
        assert_eq!(m("docs/:slug*", "docs/a//b"), None);
        assert_eq!(m(":slug*", ""), Some(vec![""]));
        assert_eq!(m("a/:x*/b", "a/b"), Some(vec![""]));
        assert_eq!(m("a/:x*/b", "a/1/2/b"), Some(vec!["1/2"]));
    }

    #[test]
    fn plus_takes_one_or_more_and_question_mark_zero_or_one() {
        assert_eq!(m("docs/:slug+", "docs"), None);
        assert_eq!(m("docs/:slug+", "docs/a/b"), Some(vec!["a/b"]));
        assert_eq!(m("docs/:slug?", "docs"), Some(vec![""]));
        assert_eq!(m("docs/:slug?", "docs/a"), Some(vec!["a"]));
        assert_eq!(m("docs/:slug?", "docs/a/b"), None);
        // Read from a source as written: the `?` is kept, a query is not.
        assert_eq!(super::normalize_route("/docs/:slug?"), "docs/:slug?");
        assert_eq!(super::normalize_route("/docs/page?x=1#a"), "docs/page");
    }

    #[test]
    fn a_plain_parameter_takes_one_segment_or_its_part() {
        assert_eq!(m("docs/:slug", "docs"), None);
        assert_eq!(m("docs/:slug", "docs/a/b"), None);
        assert_eq!(m("docs/:id.json", "docs/7.json"), Some(vec!["7"]));
        assert_eq!(
            m("articles/concepts-*", "articles/concepts-x/y"),
            Some(vec!["x/y"])
        );
        assert_eq!(m("articles/concepts-*", "articles/other"), None);
    }

    #[test]
    fn destinations_take_the_captures() {
        // Source, path, destination, what the path is redirected to. What
        // the source does not capture cannot be told (`None`); an empty
        // starred capture takes its slash away in the destination.
        let cases = [
            ("docs/:slug*", "docs/welcome", "/:slug*", Some("/welcome")),
            ("docs/:slug*", "docs/a/b", "/:slug*", Some("/a/b")),
            ("blog/:slug", "blog/x", "/guides/:slug", Some("/guides/x")),
            ("legacy/*", "legacy/a/b", "/guides/*", Some("/guides/a/b")),
            ("old", "old", "/new", Some("/new")),
            ("blog/:slug", "blog/x", "/:other", None),
            ("blog/:slug", "news/x", "/:slug", None),
            ("beta/:slug*", "beta", "v2/:slug*", Some("v2")),
            ("beta/:slug*", "beta/a/b", "v2/:slug*", Some("v2/a/b")),
            ("beta/:slug*", "beta", "v2/:slug*/end", Some("v2/end")),
            ("old/:a/:b", "old/x/y", "new/:b/:a", Some("new/y/x")),
            (
                "old/article-*",
                "old/article-12",
                "new/article-*",
                Some("new/article-12"),
            ),
            ("old/:a", "old/x", "new/:b", None),
        ];
        for (source, path, destination, to) in cases {
            let got = substitute(source, path, destination);
            assert_eq!(got.as_deref(), to, "{source} {path} {destination}");
        }
    }
}
