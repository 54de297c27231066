//! Skipping JavaScript (an expression, JSX, a template literal) to its end
//! cheaply, where docs-lsp renders a heading's text and needs no verdict
//! (whether the platform accepts JavaScript is `acorn`'s).

/// Skip JavaScript from `p` to the `close` byte at depth 0 (strings,
/// template literals, comments, JSX and nested brackets skipped). Returns
/// the index of `close`, or `None` when the text ends first.
pub(super) fn skip_js(b: &[u8], p: usize, limit: usize, close: u8) -> Option<usize> {
    skip_js_at(b, p, limit, close, 0)
}

/// How deep JSX and expressions may nest inside each other before the
/// scanner stops looking (far beyond what a page writes; keeps the stack
/// bounded on hostile input).
const MAX_JS_DEPTH: u32 = 64;

fn skip_js_at(b: &[u8], mut p: usize, limit: usize, close: u8, nest: u32) -> Option<usize> {
    let start = p;
    let mut depth = 0usize;
    while p < limit {
        let c = b[p];
        match c {
            b'"' | b'\'' => {
                let mut q = p + 1;
                while q < limit && b[q] != c && b[q] != b'\n' {
                    if b[q] == b'\\' {
                        q += 1;
                    }
                    q += 1;
                }
                p = q + 1;
                continue;
            }
            b'`' => {
                p = skip_template(b, p + 1, limit)? + 1;
                continue;
            }
            b'/' if b.get(p + 1) == Some(&b'/') => {
                p = memchr::memchr(b'\n', &b[p..limit]).map_or(limit, |i| p + i);
                continue;
            }
            b'/' if b.get(p + 1) == Some(&b'*') => {
                p = memchr::memmem::find(&b[p + 2..limit], b"*/").map_or(limit, |i| p + 2 + i + 2);
                continue;
            }
            b'<' if jsx_may_start(b, start, p) => {
                if let Some(end) = skip_jsx(b, p, limit, nest + 1) {
                    p = end;
                    continue;
                }
            }
            b'{' | b'(' | b'[' => depth += 1,
            b'}' | b')' | b']' => {
                if depth == 0 {
                    if c == close {
                        return Some(p);
                    }
                } else {
                    depth -= 1;
                }
            }
            _ => {}
        }
        p += 1;
    }
    None
}

/// Whether a `<` at `p` stands where JavaScript expects an operand, so that
/// it can open JSX (`(<div>`, `= <>`, `return <X`), not compare (`a < b`).
fn jsx_may_start(b: &[u8], start: usize, p: usize) -> bool {
    let before = b[start..p].trim_ascii_end();
    let Some(&last) = before.last() else {
        return true;
    };
    if matches!(
        last,
        b'(' | b',' | b'=' | b':' | b'?' | b'[' | b'{' | b'}' | b';' | b'>' | b'&' | b'|' | b'!'
    ) {
        return true;
    }
    before.ends_with(b"return")
        && !before[..before.len() - 6]
            .last()
            .is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$'))
}

/// Skip a JSX element or fragment that starts at `p` (`b[p] == b'<'`): the
/// index just after it, or `None` when the text there does not read as one
/// (then the `<` is left to the caller as an operator). Inside JSX text,
/// quotes are literal characters: `<h2>Here you'll find</h2>` holds no
/// string.
fn skip_jsx(b: &[u8], p: usize, limit: usize, nest: u32) -> Option<usize> {
    if nest > MAX_JS_DEPTH {
        return None;
    }
    let is_name =
        |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.' | b'-' | b':');
    let mut q = p + 1;
    let name_start = q;
    if b.get(q) != Some(&b'>') {
        if !b
            .get(q)
            .is_some_and(|c| c.is_ascii_alphabetic() || matches!(c, b'_' | b'$'))
        {
            return None;
        }
        while q < limit && is_name(b[q]) {
            q += 1;
        }
    }
    let name = &b[name_start..q];
    // Attributes, up to `>` or `/>`.
    loop {
        while q < limit && b[q].is_ascii_whitespace() {
            q += 1;
        }
        if q >= limit {
            return None;
        }
        match b[q] {
            b'/' if !name.is_empty() => {
                return (b.get(q + 1) == Some(&b'>')).then_some(q + 2);
            }
            b'>' => {
                q += 1;
                break;
            }
            b'{' if !name.is_empty() => q = skip_js_at(b, q + 1, limit, b'}', nest + 1)? + 1,
            quote @ (b'"' | b'\'') if !name.is_empty() => {
                q = q + 1 + memchr::memchr(quote, &b[q + 1..limit])? + 1;
            }
            c if !name.is_empty() && (is_name(c) || c == b'=') => q += 1,
            _ => return None,
        }
    }
    // Children: text (quotes are text), `{expressions}`, elements, then the
    // closing tag of this element.
    while q < limit {
        match b[q] {
            b'{' => q = skip_js_at(b, q + 1, limit, b'}', nest + 1)? + 1,
            b'<' if b.get(q + 1) == Some(&b'/') => {
                let close = q + 2 + memchr::memchr(b'>', &b[q + 2..limit])?;
                return (b[q + 2..close].trim_ascii() == name).then_some(close + 1);
            }
            b'<' => q = skip_jsx(b, q, limit, nest + 1)?,
            _ => q += 1,
        }
    }
    None
}

/// Skip a template literal's body from `p` (after the backtick): the index
/// of the closing backtick.
fn skip_template(b: &[u8], mut p: usize, limit: usize) -> Option<usize> {
    while p < limit && b[p] != b'`' {
        if b[p] == b'\\' {
            p += 1;
        } else if b[p] == b'$' && b.get(p + 1) == Some(&b'{') {
            p = skip_js(b, p + 2, limit, b'}')?;
        }
        p += 1;
    }
    (p < limit).then_some(p)
}
