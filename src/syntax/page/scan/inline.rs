//! The inline layer: code spans, math, JSX tags, expressions and links in
//! the text of a paragraph, heading or table cell (or a line of tags and
//! expressions, read as flow). A line end skips the next line's container
//! prefix, as the platform's parser never sees it.

use super::super::js::{expression_error, object_error, skip_js};
use super::super::text;
use super::*;

impl<'a> Reader<'a> {
    /// Scan the text from `p` up to `limit`.
    pub(super) fn inline(&mut self, mut p: usize, limit: usize) {
        let b = self.b;
        while p < limit {
            match b[p] {
                b'\n' => p = self.after_nl(p).unwrap_or(p + 1),
                // An escape; before a line end, a hard break.
                b'\\' => p += if b.get(p + 1) == Some(&b'\n') { 1 } else { 2 },
                b'`' | b'$' => p = self.code_span(p, limit),
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
    fn tag_ws(&mut self, mut q: usize, limit: usize) -> Option<usize> {
        let b = self.b;
        while q < limit {
            match b[q] {
                b'\n' => q = self.after_nl(q)?,
                c if c.is_ascii_whitespace() => q += 1,
                _ => break,
            }
        }
        Some(q)
    }

    /// In a line of tags and expressions (flow), every line end between
    /// `from` and `to` is followed by a line that continues the containers;
    /// else the error is reported at the first that does not.
    fn lines_continue(&mut self, from: usize, to: usize) -> bool {
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

    fn expression_as(&mut self, p: usize, limit: usize, kind: Expr) -> (bool, usize) {
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
            let (matched, q) = self.match_containers(ls, end);
            if matched < self.containers.len() {
                // A line that opens a container ends the expression (the
                // platform then reports its own error); any other is lazy.
                if self.container_start(q, end, false).is_some() {
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
        let Some(close) = self.bracket_end(p, limit) else {
            return p + 1;
        };
        let b = self.b;
        // Inline: `](dest "title")`.
        if close + 1 < limit
            && b[close + 1] == b'('
            && let Some((ts, te, end)) = self.destination(close + 2, limit)
        {
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

    /// Something starting with `<` at `p`: a tag, or an error where the
    /// platform's parser stops (it reads every `<` followed by anything but
    /// whitespace as a tag).
    /// Returns where to go on, and whether a whole tag was read (no error).
    pub(super) fn tag(&mut self, p: usize, limit: usize) -> (usize, bool) {
        let b = self.b;
        let Some(&n) = b.get(p + 1).filter(|_| p + 1 < limit) else {
            self.err(
                p + 1..p + 1,
                "`<` at the end of the text starts no tag: write `&lt;` for a literal `<`".into(),
                Some((p..p + 1, "&lt;".into())),
            );
            return (p + 1, false);
        };
        if is_ws(n) || n == b'\n' || n == b'\r' {
            return (p + 1, false);
        }
        let errors = self.out.errors.len() + self.text_errors.len();
        let events = self.events.len();
        let end = self.tag_at(p, limit);
        let ok = errors == self.out.errors.len() + self.text_errors.len();
        if !ok {
            // The element stays in the index, but a tag the platform could
            // not read opens nothing that must be closed.
            self.events.truncate(events);
        }
        (end, ok)
    }

    fn tag_at(&mut self, p: usize, limit: usize) -> usize {
        let b = self.b;
        let n = b[p + 1];
        if n == b'/' {
            return self.close_tag(p, limit);
        }
        if n == b'>' {
            // Fragment `<>`.
            self.open_element(p, p + 1..p + 1, Vec::new(), p + 2, false);
            return p + 2;
        }
        if !is_name_start(n) {
            if n == b'!' && self.t[p..].starts_with("<!--") {
                let close = self.t[p..limit].find("-->").map(|i| p + i);
                let end = close.map_or(limit, |c| c + 3).max(p + 4);
                let inner = &self.t[p + 4..close.unwrap_or(end).max(p + 4)];
                self.err(
                    p + 1..end,
                    "HTML comments `<!-- -->` are not allowed in MDX: write `{/* comment */}`"
                        .into(),
                    Some((p..end, format!("{{/*{}*/}}", inner.replace("*/", "* /")))),
                );
                return end;
            }
            let ch = self.t[p + 1..].chars().next().unwrap_or(' ');
            self.err(
                p + 1..p + 1 + ch.len_utf8(),
                format!("`<{ch}` starts no tag (in MDX every `<` followed by a character starts one): write `&lt;` for a literal `<`"),
                Some((p..p + 1, "&lt;".into())),
            );
            return p + 1;
        }
        let ns = p + 1;
        let mut q = ns;
        while q < limit && is_name_char(b[q]) {
            q += 1;
        }
        // Member (`a.b`) and local (`a:b`) names.
        while q < limit && (b[q] == b'.' || b[q] == b':') {
            let sep = b[q];
            if q + 1 < limit && is_name_start(b[q + 1]) {
                q += 1;
                while q < limit && is_name_char(b[q]) {
                    q += 1;
                }
                continue;
            }
            let at = q + 1;
            if sep == b':' && b.get(at) == Some(&b'/') {
                // `<https://…>`: an autolink, which MDX does not have.
                let end = memchr::memchr(b'>', &b[q..limit]).map_or(at + 1, |i| q + i + 1);
                let url = &self.t[ns..end - 1];
                let good = !url.contains(char::is_whitespace);
                self.err(
                    at..end.max(at + 1),
                    "autolinks `<https://…>` are not allowed in MDX: write `[text](url)` or the bare URL".into(),
                    good.then(|| (p..end, format!("[{url}]({url})"))),
                );
                return end;
            }
            return self.tag_crash(p, at, limit);
        }
        let name_range = ns..q;
        if q < limit && !(b[q].is_ascii_whitespace() || matches!(b[q], b'/' | b'>' | b'{')) {
            if b[q] == b'@' {
                let end = memchr::memchr(b'>', &b[q..limit]).map_or(q + 1, |i| q + i + 1);
                let mail = &self.t[ns..end - 1];
                let good = !mail.contains(char::is_whitespace) && end > q + 1;
                self.err(
                    q..end.max(q + 1),
                    "email autolinks `<name@example.com>` are not allowed in MDX: write `[name@example.com](mailto:name@example.com)`".into(),
                    good.then(|| (p..end, format!("[{mail}](mailto:{mail})"))),
                );
                return end;
            }
            return self.tag_crash(p, q, limit);
        }
        let mut attrs = Vec::new();
        loop {
            q = match self.tag_ws(q, limit) {
                Some(q) => q,
                None => {
                    self.open_element(p, name_range, attrs, q, false);
                    return q;
                }
            };
            if q >= limit {
                let at = limit;
                self.err(
                    at..at,
                    format!(
                        "the tag `<{}` is never ended: add `>` (or `/>`)",
                        &self.t[name_range.clone()]
                    ),
                    None,
                );
                self.open_element(p, name_range, attrs, limit, false);
                return limit;
            }
            match b[q] {
                b'/' => {
                    let Some(g) = self.tag_ws(q + 1, limit) else {
                        self.open_element(p, name_range, attrs, q + 1, true);
                        return q + 1;
                    };
                    if b.get(g) == Some(&b'>') {
                        self.open_element(p, name_range, attrs, g + 1, true);
                        return g + 1;
                    }
                    self.open_element(p, name_range, attrs, g, true);
                    return self.tag_crash(p, g, limit);
                }
                b'>' => {
                    self.open_element(p, name_range, attrs, q + 1, false);
                    return q + 1;
                }
                b'{' => {
                    // `{...props}`: recorded as an attribute named `...`, so
                    // prop rules know that any prop may be given.
                    let (_, e) = self.expression_as(q, limit, Expr::Spread);
                    attrs.push(Attr {
                        name: "...".into(),
                        name_range: (q..q).into(),
                        value: AttrValue::Expression {
                            range: (q..e).into(),
                        },
                    });
                    q = e;
                }
                c if is_name_start(c) => {
                    let an = q;
                    while q < limit && (is_name_char(b[q]) || b[q] == b':') {
                        q += 1;
                    }
                    let attr_name = an..q;
                    let Some(mut r) = self.tag_ws(q, limit) else {
                        self.open_element(p, name_range, attrs, q, false);
                        return q;
                    };
                    let value = if r < limit && b[r] == b'=' {
                        let Some(v) = self.tag_ws(r + 1, limit) else {
                            self.open_element(p, name_range, attrs, r + 1, false);
                            return r + 1;
                        };
                        r = v;
                        if r < limit && (b[r] == b'"' || b[r] == b'\'') {
                            let quote = b[r];
                            match memchr::memchr(quote, &b[r + 1..limit]) {
                                Some(i) => {
                                    let vr = r + 1..r + 1 + i;
                                    if !self.lines_continue(r, r + 1 + i) {
                                        self.open_element(p, name_range, attrs, r + 1 + i, false);
                                        return r + 1 + i;
                                    }
                                    q = r + 2 + i;
                                    AttrValue::String {
                                        value: self.t[vr.clone()].into(),
                                        range: (vr).into(),
                                    }
                                }
                                None => {
                                    let at = limit;
                                    self.err(
                                        at..at,
                                        format!(
                                            "the value of `{}` opened by the quote at {} is never closed: add the closing `{}`",
                                            &self.t[attr_name.clone()],
                                            "its start",
                                            quote as char
                                        ),
                                        None,
                                    );
                                    self.open_element(p, name_range, attrs, limit, false);
                                    return limit;
                                }
                            }
                        } else if r < limit && b[r] == b'{' {
                            let (_, e) = self.expression_as(r, limit, Expr::Value);
                            q = e;
                            AttrValue::Expression {
                                range: (r..e).into(),
                            }
                        } else {
                            let mut e = r;
                            while e < limit
                                && !b[e].is_ascii_whitespace()
                                && b[e] != b'>'
                                && !(b[e] == b'/' && b.get(e + 1) == Some(&b'>'))
                            {
                                e += 1;
                            }
                            let raw = &self.t[r..e];
                            let fixable = e > r && !raw.contains(['"', '<', '{']);
                            self.err(
                                r..e.max(r + 1).min(b.len()),
                                format!(
                                    "attribute values must be quoted in MDX: write `{}=\"{raw}\"`",
                                    &self.t[attr_name.clone()]
                                ),
                                fixable.then(|| (r..e, format!("\"{raw}\""))),
                            );
                            q = e;
                            AttrValue::String {
                                value: raw.into(),
                                range: (r..e).into(),
                            }
                        }
                    } else {
                        AttrValue::None
                    };
                    attrs.push(Attr {
                        name: self.t[attr_name.clone()].into(),
                        name_range: (attr_name).into(),
                        value,
                    });
                }
                _ => {
                    self.open_element(p, name_range, attrs, q, false);
                    return self.tag_crash(p, q, limit);
                }
            }
        }
    }

    /// The platform's parser stops in the tag at `p` at the character `at`.
    fn tag_crash(&mut self, p: usize, at: usize, limit: usize) -> usize {
        let ch = self.t[at.min(self.b.len())..].chars().next();
        let end = at + ch.map_or(0, char::len_utf8);
        let shown = ch.map_or("the end of the text".to_string(), |c| format!("`{c}`"));
        let tag_end =
            memchr::memchr(b'>', &self.b[at.min(limit)..limit]).map_or(end, |i| at + i + 1);
        let note = if matches!(ch, Some('/' | '*')) {
            " (JavaScript comments are not allowed inside tags)"
        } else {
            ""
        };
        self.err(
            at..end,
            format!(
                "unexpected {shown} in the tag `{}`{note}: tags take `name=\"value\"` or `name={{expression}}` attributes; write `&lt;` for a literal `<`",
                &self.t[p..floor_char(self.t, tag_end.min(p + 40).max(at))].trim_end()
            ),
            None,
        );
        end.max(p + 1)
    }

    fn open_element(
        &mut self,
        p: usize,
        name_range: Range<usize>,
        attrs: Vec<Attr>,
        end: usize,
        self_closing: bool,
    ) {
        let name = CompactString::from(&self.t[name_range.clone()]);
        for a in &attrs {
            let AttrValue::String { value, range } = &a.value else {
                continue;
            };
            let kind = match (a.name.as_str(), name.as_str()) {
                ("file", "Snippet") => LinkKind::Snippet,
                ("href", _) => LinkKind::Href,
                ("src", _) => LinkKind::Src,
                ("img", _) => LinkKind::Img,
                _ => continue,
            };
            self.out.links.push(Link {
                kind,
                target: value.as_str().into(),
                target_range: *range,
                range: (a.name_range.start()..(range.end() + 1).min(self.b.len())).into(),
                element: Some(name.clone()),
            });
        }
        let mut attrs = attrs;
        attrs.shrink_to_fit();
        let idx = self.out.elements.len();
        self.out.elements.push(Element {
            name,
            name_range: name_range.into(),
            attrs,
            range: (p..end).into(),
            open_end: end as u32,
            self_closing,
        });
        self.events.push(Ev::Open { idx, self_closing });
    }

    fn close_tag(&mut self, p: usize, limit: usize) -> usize {
        let b = self.b;
        let Some(mut q) = self.tag_ws(p + 2, limit) else {
            return p + 2;
        };
        let ns = q;
        if q < limit && b[q] != b'>' && !is_name_start(b[q]) {
            return self.tag_crash(p, q, limit);
        }
        while q < limit && (is_name_char(b[q]) || b[q] == b'.' || b[q] == b':') {
            q += 1;
        }
        let name = ns..q;
        let Some(q) = self.tag_ws(q, limit) else {
            return name.end;
        };
        if q >= limit || b[q] != b'>' {
            return self.tag_crash(p, q, limit);
        }
        let end = q + 1;
        self.events.push(Ev::Close {
            name,
            start: p,
            end,
        });
        end
    }
}

/// What an expression is: in text or flow, an attribute's value
/// (`name={…}`, never empty), or a spread in a tag (`{...props}`, nothing
/// else).
#[derive(Clone, Copy)]
enum Expr {
    Text,
    Value,
    Spread,
}

impl Expr {
    /// The message for an expression the platform refuses, and whether
    /// escaping its brace is a fix.
    fn refusal(self, empty: bool) -> (&'static str, bool) {
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

/// The largest character boundary of `t` at or before `i`.
fn floor_char(t: &str, mut i: usize) -> usize {
    i = i.min(t.len());
    while !t.is_char_boundary(i) {
        i -= 1;
    }
    i
}
