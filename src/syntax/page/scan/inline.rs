//! The inline layer: code spans, math, JSX tags, expressions and links in
//! the text of a paragraph, heading or table cell (or a line of tags and
//! expressions, read as flow). A line end skips the next line's container
//! prefix, as the platform's parser never sees it.

use super::super::acorn;
use super::super::text;
use super::autolink;
use super::*;

/// The bytes an inline construct (or a line end) starts at: the scan
/// skips the others in a tight loop.
static INLINE_START: [bool; 256] = {
    let mut table = [false; 256];
    let starts = b"hHwW\n\\`$<{[!";
    let mut i = 0;
    while i < starts.len() {
        table[starts[i] as usize] = true;
        i += 1;
    }
    table
};

impl<'a> Reader<'a> {
    /// Scan the text from `p` up to `limit`.
    pub(super) fn inline(&mut self, mut p: usize, limit: usize) {
        let b = self.b;
        let start = p;
        while p < limit {
            // Most of a page's text is bytes no construct starts at.
            while !INLINE_START[usize::from(b[p])] {
                p += 1;
                if p == limit {
                    return;
                }
            }
            match b[p] {
                // A GFM autolink literal takes its characters first (its path
                // may hold backticks, braces, brackets); none is read inside
                // an open `[` (micromark's `previousUnbalanced`). Most `h`
                // and `w` of prose start none: the next three bytes tell,
                // before the place of the line ends is looked up.
                b'h' | b'H' | b'w' | b'W'
                    if self.in_text
                        && p >= self.literal_from
                        && autolink::may_start(&b[p..limit]) =>
                {
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
            self.err(ls..ls, lazy_message(what), None);
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

    /// Where the expression opened at `p` ends, as the platform finds it:
    /// at each `}` it hands the text before it to acorn, and the first `}`
    /// where that text is one whole expression closes it. When none does,
    /// it reports where the last try failed (with no `}`, the end). In a
    /// line of tags and expressions in a container (flow), a line that does
    /// not continue the containers stops it first.
    fn expression_end(&mut self, p: usize, limit: usize, kind: Expr) -> (bool, usize) {
        let b = self.b;
        let mut from = p + 1;
        let mut lines_from = p;
        let mut crash: Option<acorn::JsRefusal> = None;
        loop {
            let brace = memchr::memchr(b'}', &b[from..limit]).map(|i| from + i);
            let upto = brace.unwrap_or(limit);
            // What follows stops the platform (it throws): nothing after
            // is read, and a flow line is not tried again as text.
            if let Some((nl, lazy)) = self.broken_line(lines_from, upto) {
                if !lazy {
                    // The containers end there: the expression meets the
                    // end of its text, on the next line.
                    self.expression_unclosed(p, nl + 1, crash, kind);
                }
                return (true, limit);
            }
            lines_from = upto;
            let Some(c) = brace else {
                self.expression_unclosed(p, limit, crash, kind);
                return (true, limit);
            };
            match self.expression_fault(p + 1, c, kind) {
                None => return (true, c + 1),
                Some(r) if r.thrown => {
                    self.expression_refused(p, c, r, kind);
                    return (true, c + 1);
                }
                Some(r) => crash = Some(r),
            }
            from = c + 1;
        }
    }

    /// The platform's error for the expression at `p` that no `}` before
    /// `end` closes: the last refusal, or the end of its text.
    fn expression_unclosed(
        &mut self,
        p: usize,
        end: usize,
        crash: Option<acorn::JsRefusal>,
        kind: Expr,
    ) {
        match crash {
            Some(r) => self.expression_refused(p, end, r, kind),
            None => self.err(
                end..end,
                "this `{` opens an expression that is never closed: add the `}`, or write `\\{` for a literal brace".into(),
                Some((p..p + 1, "\\{".into())),
            ),
        }
    }

    fn expression_refused(&mut self, p: usize, end: usize, r: acorn::JsRefusal, kind: Expr) {
        let at = p + 1 + r.at;
        let (message, fix) = kind.refusal(r.thrown && r.reason == "Unexpected empty expression");
        let end = (at + 1).min(end.max(at));
        self.err(
            at..end,
            format!("{message} ({})", r.reason),
            fix.then(|| (p..p + 1, "\\{".into())),
        );
    }

    /// In a line of tags and expressions in a container (flow), the first
    /// line end in `from..to` after which the line does not continue the
    /// containers: (that line end, whether the line is lazy, reported
    /// then) or `None`. A line that opens a container instead ends them.
    fn broken_line(&mut self, from: usize, to: usize) -> Option<(usize, bool)> {
        if self.in_text || self.containers.is_empty() {
            return None;
        }
        let mut at = from;
        while let Some(i) = memchr::memchr(b'\n', &self.b[at..to]) {
            let nl = at + i;
            let ls = nl + 1;
            if ls >= self.b.len() {
                // The empty line after a last line end: blank, it continues
                // list items, and is lazy in a block quote.
                return match self
                    .containers
                    .iter()
                    .find(|c| c.kind == ContainerKind::Quote)
                {
                    Some(quote) => {
                        self.err(ls..ls, lazy_message(quote.kind.name()), None);
                        Some((nl, true))
                    }
                    None => Some((nl, false)),
                };
            }
            let end = self.content_end(ls, self.line_end(ls.min(self.b.len())));
            let (matched, q, col) = self.match_containers_col(ls, end);
            if matched < self.containers.len() {
                if self.container_start(q, end, false, col).is_some() {
                    return Some((nl, false));
                }
                let reported = self.after_nl(nl).is_none();
                return Some((nl, reported));
            }
            at = ls;
        }
        None
    }

    /// Where the platform's parser refuses the expression `start..end` (the
    /// text inside the braces), read as `kind`.
    fn expression_fault(&self, start: usize, end: usize, kind: Expr) -> Option<acorn::JsRefusal> {
        let b = self.b;
        // The platform's JavaScript parser sees the lines without their
        // container prefixes (a `>` would read as an operator): blanked,
        // so that offsets stay the page's.
        let masked;
        let src = if !self.containers.is_empty() && b[start..end].contains(&b'\n') {
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
            // Only ASCII prefix bytes were blanked.
            masked = String::from_utf8(m).unwrap_or_default();
            masked.as_str()
        } else {
            &self.t[start..end]
        };
        match kind {
            Expr::Text if acorn::is_empty(src) => Ok(()),
            Expr::Text => acorn::expression(src),
            Expr::Value => acorn::value(src),
            Expr::Spread => acorn::spread(src),
        }
        .err()
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

/// The error for a line in the middle of a tag or expression that does not
/// continue its containers.
fn lazy_message(what: &str) -> String {
    format!(
        "a tag or expression that runs over several lines in a {what} needs each of its lines to continue the {what} (a `>` prefix in a block quote, the item's indentation in a list): this line does not"
    )
}
