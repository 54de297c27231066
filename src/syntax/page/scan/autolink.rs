//! GFM autolink literals (`https://…`, `www.…`) as the platform's parser
//! reads them (micromark-extension-gfm-autolink-literal): a text construct
//! that takes its characters before any other could start in them. Its path
//! runs to a space or `<`, through backticks, braces, brackets and dollars,
//! so `http://localhost:`<port>`` opens no code span at its first backtick
//! (and `<port>` is a tag), and `https://x.dev/{a b}` holds no expression.
//! Email literals are left out: they can hold no character the reader looks
//! at.

/// Whether an autolink literal may start at the first byte of `rest`: its
/// first three bytes read `htt` or `www` (any case). A cheap test before
/// [`literal_end`], which reads the rest.
#[inline]
pub(super) fn may_start(rest: &[u8]) -> bool {
    // `| 0x20` lowers an ASCII letter and maps no other byte onto one of
    // these letters.
    match rest {
        [a, b, c, ..] if a | 0x20 == b'h' => b | 0x20 == b't' && c | 0x20 == b't',
        [a, b, c, ..] if a | 0x20 == b'w' => b | 0x20 == b'w' && c | 0x20 == b'w',
        _ => false,
    }
}

/// Where the autolink literal that starts at `p` ends (before `limit`, on
/// its line), if one does: `http://`/`https://` after a character that is no
/// ASCII letter, or `www.` after the start of the text, whitespace or one of
/// `(*_~[]`; then a domain and a path. `prev` is the character before `p`
/// in the text (`None` at its start or after a line end).
pub(super) fn literal_end(b: &[u8], p: usize, limit: usize, prev: Option<u8>) -> Option<usize> {
    let lower = |i: usize| b.get(i).filter(|_| i < limit).map(u8::to_ascii_lowercase);
    let domain_start = match b[p].to_ascii_lowercase() {
        b'h' => {
            if prev.is_some_and(|c| c.is_ascii_alphabetic()) {
                return None;
            }
            let mut q = p;
            for &c in b"http" {
                if lower(q) != Some(c) {
                    return None;
                }
                q += 1;
            }
            if lower(q) == Some(b's') {
                q += 1;
            }
            if b[q..limit.min(b.len())].starts_with(b"://") {
                q += 3;
            } else {
                return None;
            }
            // Something must follow that is no space, control or punctuation.
            match char_at(b, q, limit) {
                Some(c) if !c.is_control() && !c.is_whitespace() && !is_punctuation(c) => q,
                _ => return None,
            }
        }
        b'w' => {
            if prev.is_some_and(|c| !(is_space(c) || b"(*_~[]".contains(&c))) {
                return None;
            }
            if (0..3).any(|i| lower(p + i) != Some(b'w')) || lower(p + 3) != Some(b'.') {
                return None;
            }
            // `www.` then the end of the text is no link.
            if p + 4 >= limit {
                return None;
            }
            p
        }
        _ => return None,
    };
    let path = domain_end(b, domain_start, limit)?;
    Some(path_end(b, path, limit))
}

/// The end of a domain from `p`: letters, digits, `-`, and `.`/`_` that are
/// not trailing punctuation; `None` when it is empty or has an underscore in
/// one of its last two segments.
fn domain_end(b: &[u8], mut p: usize, limit: usize) -> Option<usize> {
    let (mut seen, mut under_last, mut under_last_last) = (false, false, false);
    while p < limit {
        let c = b[p];
        if c == b'.' || c == b'_' {
            if trail_end(b, p, limit).is_some() {
                break;
            }
            if c == b'_' {
                under_last = true;
            } else {
                under_last_last = under_last;
                under_last = false;
            }
            p += 1;
            continue;
        }
        match char_at(b, p, limit) {
            Some(ch) if ch.is_whitespace() || (ch != '-' && is_punctuation(ch)) => break,
            Some(ch) => {
                seen = true;
                p += ch.len_utf8();
            }
            None => break,
        }
    }
    (seen && !under_last && !under_last_last).then_some(p)
}

/// The end of a path from `p`: up to whitespace or `<`, less trailing
/// punctuation; `(`/`)` balanced.
fn path_end(b: &[u8], mut p: usize, limit: usize) -> usize {
    let (mut open, mut close) = (0usize, 0usize);
    while p < limit {
        let c = b[p];
        match c {
            b'(' => open += 1,
            b')' if close < open => close += 1,
            b'!' | b'"' | b'&' | b'\'' | b')' | b'*' | b',' | b'.' | b':' | b';' | b'<' | b'?'
            | b']' | b'_' | b'~' => {
                if trail_end(b, p, limit).is_some() {
                    return p;
                }
                if c == b')' {
                    close += 1;
                }
            }
            _ => match char_at(b, p, limit) {
                Some(ch) if ch.is_whitespace() => return p,
                Some(ch) => {
                    p += ch.len_utf8();
                    continue;
                }
                None => return p,
            },
        }
        p += 1;
    }
    p
}

/// Whether the punctuation from `p` is trailing: a run of `!"')*,.:;?_~`,
/// character references (`&amp;`) and `]` (not before `(` or `[`), then the
/// end, whitespace or `<`. Where that end is.
fn trail_end(b: &[u8], mut p: usize, limit: usize) -> Option<usize> {
    loop {
        if p >= limit {
            return Some(p);
        }
        match b[p] {
            b'!' | b'"' | b'\'' | b')' | b'*' | b',' | b'.' | b':' | b';' | b'?' | b'_' | b'~' => {
                p += 1
            }
            b'&' => {
                let n = b[p + 1..limit]
                    .iter()
                    .take_while(|c| c.is_ascii_alphabetic())
                    .count();
                if n == 0 || b.get(p + 1 + n) != Some(&b';') || p + 1 + n >= limit {
                    return None;
                }
                p += n + 2;
            }
            b']' => {
                p += 1;
                // Before what could start a resource or reference: the end.
                if let Some(b'(' | b'[') = b.get(p).filter(|_| p < limit) {
                    return Some(p - 1);
                }
            }
            b'<' => return Some(p),
            _ => match char_at(b, p, limit) {
                Some(ch) if ch.is_whitespace() => return Some(p),
                _ => return None,
            },
        }
    }
}

fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r')
}

/// The character at `p`, if `p` is before `limit` and starts one.
fn char_at(b: &[u8], p: usize, limit: usize) -> Option<char> {
    if p >= limit {
        return None;
    }
    let end = (p + 4).min(limit);
    let s = match std::str::from_utf8(&b[p..end]) {
        Ok(s) => s,
        Err(e) if e.valid_up_to() > 0 => std::str::from_utf8(&b[p..p + e.valid_up_to()]).ok()?,
        Err(_) => return None,
    };
    s.chars().next()
}

/// Unicode punctuation or symbol as micromark tests it (`\p{P}|\p{S}`):
/// exact for ASCII; beyond it, anything that is no letter, digit or
/// whitespace (marks aside, close enough for a domain's first character).
fn is_punctuation(c: char) -> bool {
    if c.is_ascii() {
        c.is_ascii_punctuation()
    } else {
        !c.is_alphanumeric() && !c.is_whitespace()
    }
}
