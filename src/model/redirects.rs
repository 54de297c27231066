//! The `redirects` of docs.json: matching a path against a source with
//! `:param` and `*` wildcards, and writing the destination it leads to.

use super::slug;

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
