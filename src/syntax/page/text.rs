//! Small text helpers of the page reader: heading text as rendered, custom
//! heading ids, reference labels, ESM statements.

use super::{Import, Name, PageIndex};

/// `Title {#custom-id}` -> (`Title`, Some(`custom-id`)), as the platform's
/// preprocessing matches an ATX heading's text (`(.+?)\s*\{\s*#([^}]+?)\s*\}`
/// at the end of the line): the first `{` after which come `#`, an id
/// without `}`, and the final `}`. The id as written (trimmed); the
/// platform normalizes it (`model::slug::normalize_custom_id`).
pub(super) fn split_custom_id(raw: &str) -> (&str, Option<&str>) {
    let t = raw.trim_end();
    let Some(rest) = t.strip_suffix('}') else {
        return (t, None);
    };
    let from = rest.rfind('}').map_or(0, |i| i + 1);
    for (i, _) in rest[from..].match_indices('{') {
        let open = from + i;
        let text = rest[..open].trim_end();
        if let Some(id) = rest[open + 1..].trim_start().strip_prefix('#')
            && !id.is_empty()
            && !text.is_empty()
        {
            return (text, Some(id.trim()));
        }
    }
    (t, None)
}

/// A reference label as matched: case-folded, inner whitespace collapsed.
pub(super) fn normalize_label(label: &str) -> String {
    let mut out = String::with_capacity(label.len());
    for w in label.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&w.to_lowercase());
    }
    out
}

/// The plain text of inline Markdown/MDX as rendered: emphasis markers,
/// code backticks, link destinations, tags and expressions dropped, escapes
/// and common character references resolved.
pub(super) fn plain(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    let mut last = 0;
    let flush = |out: &mut String, from: usize, to: usize| out.push_str(&src[from..to]);
    while i < b.len() {
        let c = b[i];
        match c {
            b'\\' if i + 1 < b.len() && b[i + 1].is_ascii_punctuation() => {
                flush(&mut out, last, i);
                out.push(b[i + 1] as char);
                i += 2;
                last = i;
            }
            b'`' => {
                flush(&mut out, last, i);
                let mut n = i;
                while n < b.len() && b[n] == b'`' {
                    n += 1;
                }
                let run = &src[i..n];
                match src[n..].find(run) {
                    Some(j) => {
                        out.push_str(src[n..n + j].trim_matches(' '));
                        i = n + j + run.len();
                    }
                    None => {
                        out.push_str(run);
                        i = n;
                    }
                }
                last = i;
            }
            b'*' | b'~' => {
                flush(&mut out, last, i);
                i += 1;
                last = i;
            }
            b'_' => {
                let prev = if i == 0 { b' ' } else { b[i - 1] };
                let next = b.get(i + 1).copied().unwrap_or(b' ');
                if prev.is_ascii_alphanumeric() && next.is_ascii_alphanumeric() {
                    i += 1;
                } else {
                    flush(&mut out, last, i);
                    i += 1;
                    last = i;
                }
            }
            b'!' if b.get(i + 1) == Some(&b'[') => {
                flush(&mut out, last, i);
                i += 1;
                last = i;
            }
            b'[' => {
                flush(&mut out, last, i);
                i += 1;
                last = i;
            }
            b']' => {
                flush(&mut out, last, i);
                i += 1;
                // `](dest)` or `[ref]`: drop the destination.
                if b.get(i) == Some(&b'(')
                    && let Some(j) = src[i..].find(')')
                {
                    i += j + 1;
                } else if b.get(i) == Some(&b'[')
                    && let Some(j) = src[i..].find(']')
                {
                    i += j + 1;
                }
                last = i;
            }
            b'<' if b
                .get(i + 1)
                .is_some_and(|n| n.is_ascii_alphabetic() || *n == b'/' || *n == b'>') =>
            {
                flush(&mut out, last, i);
                i = src[i..].find('>').map_or(b.len(), |j| i + j + 1);
                last = i;
            }
            b'{' => {
                flush(&mut out, last, i);
                let e = super::js::skip_js(b, i + 1, b.len(), b'}').unwrap_or(b.len());
                // A string literal expression renders as its text.
                let inner = src[i + 1..e.min(b.len())].trim();
                if inner.len() >= 2
                    && (inner.starts_with('"') && inner.ends_with('"')
                        || inner.starts_with('\'') && inner.ends_with('\''))
                {
                    out.push_str(&inner[1..inner.len() - 1]);
                }
                i = (e + 1).min(b.len());
                last = i;
            }
            b'&' => {
                let rest = &src[i..];
                let ent = [
                    ("&amp;", "&"),
                    ("&lt;", "<"),
                    ("&gt;", ">"),
                    ("&quot;", "\""),
                    ("&apos;", "'"),
                    ("&nbsp;", "\u{a0}"),
                ]
                .into_iter()
                .find(|(e, _)| rest.starts_with(e));
                if let Some((e, r)) = ent {
                    flush(&mut out, last, i);
                    out.push_str(r);
                    i += e.len();
                    last = i;
                } else {
                    i += 1;
                }
            }
            _ => i += 1,
        }
    }
    flush(&mut out, last, b.len());
    let collapsed: Vec<&str> = out.split_whitespace().collect();
    collapsed.join(" ")
}

/// Read the imports and exports of the ESM block `text[start..end]` into
/// the index (whether the platform accepts the block is `acorn`'s verdict:
/// this reads what it can of a block being typed too).
pub(super) fn esm(
    text: &str,
    start: usize,
    end: usize,
    out: &mut PageIndex,
    names: &mut Vec<Name>,
) {
    let toks = tokens(text, start, end);
    let mut i = 0;
    while i < toks.len() {
        let (ts, te) = toks[i];
        let w = &text[ts..te];
        if w == "import" && is_stmt_start(text, ts) {
            let (next, _) = import(text, &toks, i, out, names);
            i = next.max(i + 1);
            continue;
        }
        if w == "export" && is_stmt_start(text, ts) {
            let mut j = i + 1;
            let word = |j: usize| toks.get(j).map(|&(s, e)| &text[s..e]);
            if word(j) == Some("async") {
                j += 1;
            }
            match word(j) {
                Some("const" | "let" | "var" | "function" | "class") => {
                    let mut k = j + 1;
                    if word(k) == Some("*") {
                        k += 1;
                    }
                    if let Some(n) = word(k)
                        && is_ident(n)
                    {
                        out.exports.push(n.to_string());
                        names.push(export_name(n, toks[k]));
                    }
                }
                Some("{") => {
                    let mut k = j + 1;
                    while let Some(n) = word(k) {
                        if n == "}" {
                            break;
                        }
                        if n == "as" {
                            // `A as B`: the exported name is B.
                            if let Some(b) = word(k + 1) {
                                out.exports.pop();
                                out.exports.push(b.to_string());
                                names.pop();
                                names.push(export_name(b, toks[k + 1]));
                            }
                            k += 2;
                            continue;
                        }
                        if is_ident(n) {
                            out.exports.push(n.to_string());
                            names.push(export_name(n, toks[k]));
                        }
                        k += 1;
                    }
                }
                _ => {}
            }
            i = j;
            continue;
        }
        i += 1;
    }
}

fn export_name(name: &str, (s, e): (usize, usize)) -> Name {
    Name {
        name: name.into(),
        range: (s..e).into(),
        import: None,
    }
}

fn is_stmt_start(text: &str, at: usize) -> bool {
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    text[line_start..at].trim().is_empty()
}

fn is_ident(s: &str) -> bool {
    let mut c = s.chars();
    c.next()
        .is_some_and(|f| f.is_alphabetic() || f == '_' || f == '$')
        && c.all(|x| x.is_alphanumeric() || x == '_' || x == '$')
}

/// Read the import at token `i`: (the token after it, where it stops
/// reading, if before its end).
fn import(
    text: &str,
    toks: &[(usize, usize)],
    i: usize,
    out: &mut PageIndex,
    names: &mut Vec<Name>,
) -> (usize, Option<usize>) {
    let word = |j: usize| toks.get(j).map(|&(s, e)| &text[s..e]);
    let at = |j: usize| toks.get(j).map_or(text.len(), |t| t.0);
    let is_str = |w: &str| w.len() >= 2 && (w.starts_with('"') || w.starts_with('\''));
    let start = toks[i].0;
    let mut j = i + 1;
    let mut default = None;
    let mut named = Vec::new();
    let mut imported = Vec::new();
    // The local names with where they are written.
    let mut locals: Vec<(usize, usize)> = Vec::new();
    // import "x" | import Clause from "x"
    if !word(j).is_some_and(is_str) {
        let mut clause = false;
        if let Some(w) = word(j)
            && is_ident(w)
            && w != "from"
        {
            default = Some(w.to_string());
            locals.push(toks[j]);
            j += 1;
            clause = true;
            if word(j) == Some(",") {
                j += 1;
                clause = false;
            }
        }
        if !clause {
            match word(j) {
                Some("{") => {
                    j += 1;
                    loop {
                        match word(j) {
                            Some("}") => break,
                            Some(n) if is_ident(n) || is_str(n) => {
                                let mut local = n;
                                let (ns, ne) = toks[j];
                                let mut local_at = toks[j];
                                j += 1;
                                if word(j) == Some("as") {
                                    match word(j + 1) {
                                        Some(b) if is_ident(b) => local = b,
                                        _ => return (j + 1, Some(at(j + 1))),
                                    }
                                    local_at = toks[j + 1];
                                    j += 2;
                                }
                                if local != "type" {
                                    named.push(local.to_string());
                                    locals.push(local_at);
                                    if is_ident(n) {
                                        imported.push((n.to_string(), ns..ne));
                                    }
                                }
                                match word(j) {
                                    Some(",") => j += 1,
                                    Some("}") => {}
                                    _ => return (j, Some(at(j))),
                                }
                            }
                            _ => return (j, Some(at(j))),
                        }
                    }
                    j += 1;
                }
                Some("*") => {
                    if word(j + 1) != Some("as") {
                        return (j + 1, Some(at(j + 1)));
                    }
                    match word(j + 2) {
                        Some(n) if is_ident(n) => {
                            named.push(n.to_string());
                            locals.push(toks[j + 2]);
                        }
                        _ => return (j + 2, Some(at(j + 2))),
                    }
                    j += 3;
                }
                _ => return (j, Some(at(j))),
            }
        }
        if word(j) != Some("from") {
            return (j, Some(at(j)));
        }
        j += 1;
    }
    match word(j) {
        Some(w) if is_str(w) => {
            let (s, e) = toks[j];
            let end = if word(j + 1) == Some(";") {
                toks[j + 1].1
            } else {
                e
            };
            // Without its closing quote (cut by the end of the block), the
            // source runs to the token's end.
            let closed = e >= s + 2 && text.as_bytes()[e - 1] == text.as_bytes()[s];
            let src = s + 1..if closed { e - 1 } else { e };
            let import = u32::try_from(out.imports.len()).ok();
            names.extend(locals.into_iter().map(|(s, e)| Name {
                name: text[s..e].into(),
                range: (s..e).into(),
                import,
            }));
            out.imports.push(Import {
                source: text[src.clone()].to_string(),
                source_range: src,
                default,
                named,
                imported,
                range: start..end,
            });
            (j + 1, None)
        }
        _ => (j, Some(at(j))),
    }
}

/// JavaScript-ish tokens of `text[start..end]`: identifiers, strings (with
/// quotes), single punctuation; comments and whitespace skipped.
fn tokens(text: &str, start: usize, end: usize) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut p = start;
    while p < end {
        let c = b[p];
        if c.is_ascii_whitespace() {
            p += 1;
        } else if c == b'/' && b.get(p + 1) == Some(&b'/') {
            p = memchr::memchr(b'\n', &b[p..end]).map_or(end, |i| p + i);
        } else if c == b'/' && b.get(p + 1) == Some(&b'*') {
            p = memchr::memmem::find(&b[p + 2..end], b"*/").map_or(end, |i| p + 2 + i + 2);
        } else if c == b'"' || c == b'\'' || c == b'`' {
            let mut q = p + 1;
            while q < end && b[q] != c {
                if b[q] == b'\\' {
                    q += 1;
                }
                q += 1;
            }
            let e = (q + 1).min(end);
            out.push((p, e));
            p = e;
        } else if c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c >= 0x80 {
            let mut q = p;
            while q < end
                && (b[q].is_ascii_alphanumeric() || b[q] == b'_' || b[q] == b'$' || b[q] >= 0x80)
            {
                q += 1;
            }
            out.push((p, q));
            p = q;
        } else {
            out.push((p, p + 1));
            p += 1;
        }
    }
    out
}
