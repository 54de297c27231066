//! The inline layer: code spans, math, JSX tags, expressions and links in
//! the text of a paragraph, heading or table cell (or a line of tags and
//! expressions, read as flow). A line end skips the next line's container
//! prefix, as the platform's parser never sees it.

use super::super::js::{expression_error, object_error, skip_js};
use super::super::text;
use super::autolink;
use super::*;

impl<'a> Reader<'a> {
    /// Scan the text from `p` up to `limit`.
    pub(super) fn inline(&mut self, mut p: usize, limit: usize) {
        let b = self.b;
        let start = p;
        while p < limit {
            match b[p] {
                // A GFM autolink literal takes its characters first (its path
                // may hold backticks, braces, brackets); none is read inside
                // an open `[` (micromark's `previousUnbalanced`).
                b'h' | b'H' | b'w' | b'W' if self.in_text && p >= self.literal_from => {
                    let prev =
                        (p != start && self.run_lines.binary_search(&p).is_err()).then(|| b[p - 1]);
                    p = autolink::literal_end(b, p, limit, prev).unwrap_or(p + 1);
                }
                b'\n' => p = self.after_nl(p).unwrap_or(p + 1),
                // An escape; before a line end, a hard break.
                b'\\' => p += if b.get(p + 1) == Some(&b'\n') { 1 } else { 2 },
                c @ (b'`' | b'$') => {
                    let e = self.code_span(p, limit);
                    // Closed when it ends past its opening run (only
                    // asked for a tree: bulk reads keep no code spans).
                    if self.tree && b.get(e - 1) == Some(&c) && b[p..e].iter().any(|&x| x != c) {
                        self.region(RegionKind::CodeSpan, p..e);
                    }
                    p = e;
                }
                b'<' => p = self.tag(p, limit).0,
                b'{' => p = self.expression(p, limit).1,
                b'[' => p = self.link(p, limit, false),
                b'!' if p + 1 < limit && b[p + 1] == b'[' => p = self.link(p + 1, limit, true),
                _ => p += 1,
            }
        }
    }

    /// After the line end at `q`: where the next line's content starts,
    /// past its container prefix. In a line of tags and expressions (flow),
    /// a line that does not continue every container (a lazy line) stops
    /// the platform's parser: `None`, with the error.
    pub(super) fn after_nl(&mut self, q: usize) -> Option<usize> {
        if self.in_text {
            return Some(self.next_content(q));
        }
        if self.containers.is_empty() || q + 1 >= self.b.len() {
            return Some(q + 1);
        }
        let ls = q + 1;
        let end = self.content_end(ls, self.line_end(ls));
        let (matched, p) = self.match_containers(ls, end);
        if matched < self.containers.len() {
            let what = self.containers[matched].kind.name();
            self.err(
                ls..ls,
                format!(
                    "a tag or expression that runs over several lines in a {what} needs each of its lines to continue the {what} (a `>` prefix in a block quote, the item's indentation in a list): this line does not"
                ),
                None,
            );
            return None;
        }
        Some(p)
    }

    /// Whitespace in a tag from `q`, over line ends (past the next line's
    /// container prefix); `None` when a lazy line stopped the platform.
    pub(super) fn tag_ws(&mut self, mut q: usize, limit: usize) -> Option<usize> {
        let b = self.b;
        while q < limit {
            match b[q] {
                b'\n' => q = self.after_nl(q)?,
                _ => match tag_space_len(b, q) {
                    0 => break,
                    n => q += n,
                },
            }
        }
        Some(q)
    }

    /// In a line of tags and expressions (flow), every line end between
    /// `from` and `to` is followed by a line that continues the containers;
    /// else the error is reported at the first that does not.
    pub(super) fn lines_continue(&mut self, from: usize, to: usize) -> bool {
        if self.in_text || self.containers.is_empty() {
            return true;
        }
        let mut at = from;
        while let Some(i) = memchr::memchr(b'\n', &self.b[at..to]) {
            if self.after_nl(at + i).is_none() {
                return false;
            }
            at += i + 1;
        }
        true
    }

    /// A `{…}` expression in text at `p`: (closed, end after `}`).
    pub(super) fn expression(&mut self, p: usize, limit: usize) -> (bool, usize) {
        self.expression_as(p, limit, Expr::Text)
    }

    /// A `{…}` expression at the start of a line (flow): where it ends, and
    /// whether it was read whole. One the platform's JavaScript parser
    /// refuses stops it: reported, and the line is taken as read.
    pub(super) fn flow_expression(&mut self, p: usize) -> (usize, bool) {
        let (closed, end) = self.expression_as(p, self.b.len(), Expr::Text);
        (end, closed)
    }

    pub(super) fn expression_as(&mut self, p: usize, limit: usize, kind: Expr) -> (bool, usize) {
        let (closed, end) = self.expression_end(p, limit, kind);
        self.region(RegionKind::Expression, p..end);
        (closed, end)
    }

    fn expression_end(&mut self, p: usize, limit: usize, kind: Expr) -> (bool, usize) {
        let b = self.b;
        match skip_js(b, p + 1, limit, b'}') {
            Some(e) => {
                if self.lines_continue(p, e)
                    && let Some(at) = self.expression_fault(p + 1, e, kind)
                    && !self.lazy_after(p)
                {
                    let empty = b[p + 1..e].iter().all(u8::is_ascii_whitespace);
                    let (message, fix) = kind.refusal(empty);
                    let end = (at + 1).min(e.max(at));
                    self.err(
                        at..end,
                        message.into(),
                        fix.then(|| (p..p + 1, "\\{".into())),
                    );
                }
                (true, e + 1)
            }
            None if self.lazy_after(p) => (false, limit),
            None => {
                // The platform's parser tries the expression at each `}` that
                // follows and, when none of them ends one, reports where the
                // last try failed; with no `}` at all, the end of the text.
                let fault = memchr::memrchr(b'}', &b[p + 1..limit])
                    .and_then(|i| self.expression_fault(p + 1, p + 1 + i, kind));
                let message = match fault {
                    Some(_) => kind.refusal(false).0,
                    None => {
                        "this `{` opens an expression that is never closed: add the `}`, or write `\\{` for a literal brace"
                    }
                };
                let at = fault.unwrap_or(limit);
                self.err(at..at, message.into(), Some((p..p + 1, "\\{".into())));
                (false, limit)
            }
        }
    }

    /// An expression at `p` in a line of tags and expressions (flow) that the
    /// platform cannot end reads on through the rest of the page; in a
    /// container, it stops at the first line that does not continue it.
    /// True when that happened (the error is reported at that line).
    fn lazy_after(&mut self, p: usize) -> bool {
        if self.in_text || self.containers.is_empty() {
            return false;
        }
        let mut at = p;
        while let Some(i) = memchr::memchr(b'\n', &self.b[at..]) {
            let ls = at + i + 1;
            let end = self.content_end(ls, self.line_end(ls.min(self.b.len())));
            let (matched, q, col) = self.match_containers_col(ls, end);
            if matched < self.containers.len() {
                // A line that opens a container ends the expression (the
                // platform then reports its own error); any other is lazy.
                if self.container_start(q, end, false, col).is_some() {
                    return false;
                }
                return self.after_nl(at + i).is_none();
            }
            at = ls;
        }
        false
    }

    /// Where the platform's parser refuses the expression `start..end` (the
    /// text inside the braces), read as `kind`.
    fn expression_fault(&self, start: usize, end: usize, kind: Expr) -> Option<usize> {
        let b = self.b;
        // The platform's JavaScript parser sees the lines without their
        // container prefixes (a `>` would read as an operator).
        let masked;
        let (src, base) = if !self.containers.is_empty() && b[start..end].contains(&b'\n') {
            let mut m = b[start..end].to_vec();
            let mut at = start;
            while let Some(i) = memchr::memchr(b'\n', &b[at..end]) {
                let nl = at + i;
                let content = self.next_content(nl).min(end);
                for x in &mut m[nl + 1 - start..content - start] {
                    *x = b' ';
                }
                at = nl + 1;
            }
            masked = m;
            (&masked[..], start)
        } else {
            (&b[..end], 0)
        };
        let (s, e) = (start - base, end - base);
        let first = (s..e).find(|&i| !src[i].is_ascii_whitespace());
        let found = match kind {
            Expr::Text => expression_error(src, s, e),
            Expr::Value => match first {
                None => Some(s),
                Some(_) => expression_error(src, s, e),
            },
            Expr::Spread => match first {
                None => Some(s),
                Some(f) if src[f..e].starts_with(b"...") => expression_error(src, f + 3, e),
                Some(f) if src[f..e].starts_with(b"/") => None,
                // Read as `({…})`: an object that fails, or one that is not a
                // lone spread.
                Some(f) => object_error(src, s, e).or(Some(f)),
            },
        };
        found.map(|at| at + base)
    }

    /// Where the content of the line after the line end at `q` starts, past
    /// the prefixes of the containers it continues.
    fn next_content(&self, q: usize) -> usize {
        if self.in_text {
            let i = self.run_lines.partition_point(|&s| s <= q);
            return self.run_lines.get(i).copied().unwrap_or(q + 1);
        }
        let ls = q + 1;
        let end = self.content_end(ls, self.line_end(ls.min(self.b.len())));
        self.match_containers(ls, end).1
    }

    /// A code span (or inline math) opened by the run of backticks (or `$`)
    /// at `p`: its end, or just past the run when no run of the same length
    /// closes it before `limit`.
    fn code_span(&self, p: usize, limit: usize) -> usize {
        let b = self.b;
        let m = b[p];
        let mut q = p;
        while q < limit && b[q] == m {
            q += 1;
        }
        let n = q - p;
        let mut s = q;
        while let Some(i) = memchr::memchr(m, &b[s..limit]) {
            let a = s + i;
            let mut e = a;
            while e < limit && b[e] == m {
                e += 1;
            }
            if e - a == n {
                return e;
            }
            s = e;
        }
        q
    }

    /// `[`…`]` from `p` (at `[`): the index of the matching `]`.
    pub(super) fn bracket_end(&self, p: usize, limit: usize) -> Option<usize> {
        let b = self.b;
        let pe = limit;
        let mut depth = 0usize;
        let mut q = p;
        while q < pe {
            match b[q] {
                b'\\' => q += 1,
                b'[' => depth += 1,
                b']' => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(q);
                    }
                }
                b'`' => {
                    let e = self.code_span(q, pe);
                    q = e;
                    continue;
                }
                _ => {}
            }
            q += 1;
        }
        None
    }

    /// A link or image whose `[` is at `p`. Returns where to go on.
    fn link(&mut self, p: usize, limit: usize, image: bool) -> usize {
        let start = if image { p - 1 } else { p };
        // No autolink literal starts inside a label, nor after one never
        // closed.
        let Some(close) = self.bracket_end(p, limit) else {
            self.literal_from = self.literal_from.max(limit);
            return p + 1;
        };
        self.literal_from = self.literal_from.max(close);
        let b = self.b;
        // Inline: `](dest "title")`.
        let dest = if close + 1 < limit && b[close + 1] == b'(' {
            let dest = self.destination(close + 2, limit);
            // Where the destination is, also in one not (yet) closed: what
            // was typed after `](` up to a space or `)`.
            if self.tree {
                let span = dest.map_or_else(
                    || {
                        let s = close + 2;
                        let n = b[s..limit]
                            .iter()
                            .position(|&c| c <= b' ' || c == b')')
                            .unwrap_or(limit - s);
                        s..s + n
                    },
                    |(ts, te, _)| ts..te,
                );
                self.region(RegionKind::Destination { image }, span);
            }
            dest
        } else {
            None
        };
        if let Some((ts, te, end)) = dest {
            self.inline(p + 1, close);
            self.out.links.push(Link {
                kind: if image {
                    LinkKind::Image
                } else {
                    LinkKind::Markdown
                },
                target: self.t[ts..te].into(),
                target_range: (ts..te).into(),
                range: (start..end).into(),
                element: None,
            });
            return end;
        }
        // Reference: `[text][ref]`, `[ref][]`, `[ref]`.
        if close + 1 < limit
            && b[close + 1] == b'['
            && let Some(c2) = self.bracket_end(close + 1, limit)
        {
            let label = if c2 == close + 2 {
                &self.t[p + 1..close]
            } else {
                &self.t[close + 2..c2]
            };
            self.refs.push(RefUse {
                label: text::normalize_label(label),
                range: start..c2 + 1,
            });
            self.inline(p + 1, close);
            return c2 + 1;
        }
        if close > p + 1 {
            self.refs.push(RefUse {
                label: text::normalize_label(&self.t[p + 1..close]),
                range: start..close + 1,
            });
        }
        // The text goes on being scanned (it may hold tags, code, links).
        p + 1
    }

    /// A link destination after `(` at `p`: (target start, target end, end
    /// after `)`).
    fn destination(&self, p: usize, limit: usize) -> Option<(usize, usize, usize)> {
        let b = self.b;
        let mut q = p;
        while q < limit && (is_ws(b[q]) || b[q] == b'\n' || b[q] == b'\r') {
            q += 1;
        }
        let (ts, te);
        if q < limit && b[q] == b'<' {
            let mut e = q + 1;
            while e < limit && b[e] != b'>' && b[e] != b'\n' {
                if b[e] == b'\\' {
                    e += 1;
                }
                e += 1;
            }
            if e >= limit || b[e] != b'>' {
                return None;
            }
            ts = q + 1;
            te = e;
            q = e + 1;
        } else {
            let mut depth = 0usize;
            let s = q;
            while q < limit {
                match b[q] {
                    b'\\' => q += 1,
                    b'(' => depth += 1,
                    b')' => {
                        if depth == 0 {
                            break;
                        }
                        depth -= 1;
                    }
                    c if c <= b' ' => break,
                    _ => {}
                }
                q += 1;
            }
            q = q.min(limit);
            ts = s;
            te = q;
        }
        while q < limit && (is_ws(b[q]) || b[q] == b'\n' || b[q] == b'\r') {
            q += 1;
        }
        if q < limit && matches!(b[q], b'"' | b'\'' | b'(') {
            let close = if b[q] == b'(' { b')' } else { b[q] };
            let mut e = q + 1;
            while e < limit && b[e] != close {
                if b[e] == b'\\' {
                    e += 1;
                }
                e += 1;
            }
            if e >= limit {
                return None;
            }
            q = e + 1;
            while q < limit && (is_ws(b[q]) || b[q] == b'\n' || b[q] == b'\r') {
                q += 1;
            }
        }
        if q < limit && b[q] == b')' {
            Some((ts, te, q + 1))
        } else {
            None
        }
    }
}

/// What an expression is: in text or flow, an attribute's value
/// (`name={…}`, never empty), or a spread in a tag (`{...props}`, nothing
/// else).
#[derive(Clone, Copy)]
pub(super) enum Expr {
    Text,
    Value,
    Spread,
}

impl Expr {
    /// The message for an expression the platform refuses, and whether
    /// escaping its brace is a fix.
    pub(super) fn refusal(self, empty: bool) -> (&'static str, bool) {
        match self {
            Expr::Text => (
                "the platform's JavaScript parser (acorn) cannot read this expression, and the page fails to build: write `\\{` for a literal brace, or fix the JavaScript",
                true,
            ),
            Expr::Value if empty => (
                "an attribute value `{}` cannot be empty: give it a value or remove the attribute",
                false,
            ),
            Expr::Value => (
                "the platform's JavaScript parser (acorn) cannot read this attribute value, and the page fails to build: fix the JavaScript, or quote a plain value",
                false,
            ),
            Expr::Spread => (
                "an expression alone in a tag must be a spread, `{...props}`: write `name={…}` for a value",
                false,
            ),
        }
    }
}
