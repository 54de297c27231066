//! The scanner behind [`super::read`]: a line loop for block structure (front
//! matter, code fences, headings, definitions, ESM) and an inline loop for
//! the rest (code spans, JSX tags, expressions, links), which may run over
//! line ends (a tag's attributes, an expression, a link's text).

use super::text;
use super::*;
use rustc_hash::FxHashMap as HashMap;

pub(super) fn read(t: &str) -> PageIndex {
    let mut r = Reader {
        t,
        b: t.as_bytes(),
        out: PageIndex::default(),
        stack: Vec::new(),
        refs: Vec::new(),
        defs: HashMap::default(),
        fence: None,
        in_para: false,
        para_start: 0,
    };
    r.run();
    r.finish();
    r.out
}

struct Fence {
    ch: u8,
    len: usize,
}

/// A `[text][ref]`/`[ref]` waiting for the definitions (which may follow).
struct RefUse {
    label: String,
    range: Range<usize>,
    /// Shortcut `[ref]` (only a link when the definition exists; it always
    /// needs one, but the others are also only links when defined).
    _shortcut: bool,
}

struct Reader<'a> {
    t: &'a str,
    b: &'a [u8],
    out: PageIndex,
    /// Open elements: indexes into `out.elements`.
    stack: Vec<usize>,
    refs: Vec<RefUse>,
    defs: HashMap<String, (String, Range<usize>)>,
    fence: Option<Fence>,
    /// The previous line was paragraph text (a setext underline or lazy
    /// continuation may follow; definitions and ESM cannot start).
    in_para: bool,
    para_start: usize,
}

fn is_ws(c: u8) -> bool {
    c == b' ' || c == b'\t'
}

fn is_name_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_' || c == b'$' || c >= 0x80
}

fn is_name_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c == b'-' || c >= 0x80
}

impl<'a> Reader<'a> {
    fn run(&mut self) {
        let mut pos = body_start(self.t);
        while pos < self.b.len() {
            pos = self.line(pos);
        }
    }

    fn line_end(&self, pos: usize) -> usize {
        memchr::memchr(b'\n', &self.b[pos..]).map_or(self.b.len(), |i| pos + i)
    }

    fn next_line(&self, pos: usize) -> usize {
        let e = self.line_end(pos);
        (e + 1).min(self.b.len()).max(e)
    }

    /// Content end of a line (before `\r\n` / `\n`).
    fn content_end(&self, start: usize, le: usize) -> usize {
        if le > start && self.b[le - 1] == b'\r' {
            le - 1
        } else {
            le
        }
    }

    fn skip_ws(&self, mut p: usize, end: usize) -> usize {
        while p < end && is_ws(self.b[p]) {
            p += 1;
        }
        p
    }

    /// After whitespace, blockquote markers and list markers.
    fn container_prefix(&self, start: usize, end: usize) -> usize {
        let mut p = self.skip_ws(start, end);
        loop {
            if p < end && self.b[p] == b'>' {
                p = self.skip_ws(p + 1, end);
                continue;
            }
            if p + 1 < end && matches!(self.b[p], b'-' | b'*' | b'+') && is_ws(self.b[p + 1]) {
                // `- - -` is a thematic break, not lists; harmless here.
                p = self.skip_ws(p + 1, end);
                continue;
            }
            let mut q = p;
            while q < end && q - p < 9 && self.b[q].is_ascii_digit() {
                q += 1;
            }
            if q > p && q + 1 < end && matches!(self.b[q], b'.' | b')') && is_ws(self.b[q + 1]) {
                p = self.skip_ws(q + 1, end);
                continue;
            }
            return p;
        }
    }

    /// Read the line starting at `start`; returns where the next line starts
    /// (a construct running over line ends moves it further).
    fn line(&mut self, start: usize) -> usize {
        let le = self.line_end(start);
        let next = (le + 1).min(self.b.len()).max(le);
        let end = self.content_end(start, le);
        let indent_end = self.skip_ws(start, end);

        if let Some(f) = &self.fence {
            let p = self.container_prefix(start, end);
            let (ch, len) = (f.ch, f.len);
            let mut q = p;
            while q < end && self.b[q] == ch {
                q += 1;
            }
            if q - p >= len && self.skip_ws(q, end) == end {
                self.fence = None;
            }
            return next;
        }
        if indent_end == end {
            self.in_para = false;
            return next;
        }

        // ESM: `import`/`export` at the start of a line, outside paragraphs.
        if indent_end == start
            && !self.in_para
            && (self.t[start..].starts_with("import ") || self.t[start..].starts_with("export "))
        {
            return self.esm(start);
        }

        let p = self.container_prefix(start, end);
        if p == end {
            self.in_para = false;
            return next;
        }
        let c = self.b[p];

        // Code fence.
        if c == b'`' || c == b'~' {
            let mut q = p;
            while q < end && self.b[q] == c {
                q += 1;
            }
            if q - p >= 3 && !(c == b'`' && self.b[q..end].contains(&b'`')) {
                self.fence = Some(Fence { ch: c, len: q - p });
                self.in_para = false;
                return next;
            }
        }

        // ATX heading.
        if c == b'#' {
            let mut q = p;
            while q < end && self.b[q] == b'#' {
                q += 1;
            }
            let level = q - p;
            if level <= 6 && (q == end || is_ws(self.b[q])) {
                self.in_para = false;
                return self.heading(p, level as u8, q, end, next);
            }
        }

        // Setext underline.
        if self.in_para && (c == b'=' || c == b'-') {
            let mut q = p;
            while q < end && self.b[q] == c {
                q += 1;
            }
            if self.skip_ws(q, end) == end {
                let level = if c == b'=' { 1 } else { 2 };
                let ps = self.para_start;
                let pe = self.content_end(ps, start.saturating_sub(1).max(ps));
                let raw = self.t[ps..pe].trim();
                let (txt, id) = text::split_custom_id(raw);
                self.out.headings.push(Heading {
                    level,
                    text: text::plain(txt),
                    custom_id: id.map(str::to_string),
                    range: ps..pe,
                    in_component: !self.stack.is_empty(),
                });
                self.in_para = false;
                return next;
            }
        }

        // Link reference definition.
        if c == b'[' && !self.in_para && self.definition(p, end) {
            return next;
        }

        let starts_para = c != b'<' && c != b'{';
        if starts_para && !self.in_para {
            self.para_start = p;
        }
        let after = self.inline(p, self.b.len(), true);
        self.in_para = starts_para;
        if after > next {
            self.next_line(after.saturating_sub(1).max(start))
        } else {
            next
        }
    }

    fn heading(&mut self, p: usize, level: u8, q: usize, end: usize, next: usize) -> usize {
        let ts = self.skip_ws(q, end);
        let mut te = end;
        while te > ts && is_ws(self.b[te - 1]) {
            te -= 1;
        }
        // Closing sequence of `#`s.
        let mut ce = te;
        while ce > ts && self.b[ce - 1] == b'#' {
            ce -= 1;
        }
        if ce < te && (ce == ts || is_ws(self.b[ce - 1])) {
            te = ce;
            while te > ts && is_ws(self.b[te - 1]) {
                te -= 1;
            }
        }
        let raw = &self.t[ts..te];
        let (txt, id) = text::split_custom_id(raw);
        let in_component = !self.stack.is_empty();
        self.out.headings.push(Heading {
            level,
            text: text::plain(txt),
            custom_id: id.map(str::to_string),
            range: p..end,
            in_component,
        });
        let scan_end = ts + txt.len();
        self.inline(ts, scan_end, false);
        next
    }

    /// `[label]: destination "title"` at `p`; false when it is not one.
    fn definition(&mut self, p: usize, end: usize) -> bool {
        let Some(close) = self.bracket_end(p, end) else {
            return false;
        };
        if close + 1 >= end || self.b[close + 1] != b':' {
            return false;
        }
        let label = &self.t[p + 1..close];
        if label.trim().is_empty() {
            return false;
        }
        let ds = self.skip_ws(close + 2, end);
        if ds >= end {
            return false;
        }
        let (ts, te) = if self.b[ds] == b'<' {
            match memchr::memchr(b'>', &self.b[ds..end]) {
                Some(i) => (ds + 1, ds + i),
                None => return false,
            }
        } else {
            let mut q = ds;
            while q < end && !is_ws(self.b[q]) {
                q += 1;
            }
            (ds, q)
        };
        let target = self.t[ts..te].to_string();
        let key = text::normalize_label(label);
        self.out.links.push(Link {
            kind: LinkKind::Definition,
            target: target.clone(),
            target_range: ts..te,
            range: p..end,
            element: None,
        });
        self.defs.entry(key).or_insert((target, ts..te));
        true
    }

    /// ESM block from `start` to the next blank line.
    fn esm(&mut self, start: usize) -> usize {
        let mut pos = start;
        let mut block_end;
        loop {
            let le = self.line_end(pos);
            block_end = self.content_end(pos, le);
            let next = (le + 1).min(self.b.len()).max(le);
            if next >= self.b.len() {
                pos = next;
                break;
            }
            let ne = self.line_end(next);
            let nce = self.content_end(next, ne);
            if self.skip_ws(next, nce) == nce {
                pos = next;
                break;
            }
            pos = next;
        }
        super::text::esm(self.t, start, block_end, &mut self.out);
        self.in_para = false;
        pos
    }

    /// Scan inline content from `p` up to `limit`; in flow mode (`flow`)
    /// it stops at the end of the line unless a construct runs over it.
    /// Returns where it stopped.
    fn inline(&mut self, mut p: usize, limit: usize, flow: bool) -> usize {
        let b = self.b;
        while p < limit {
            let c = b[p];
            match c {
                b'\n' if flow => return p + 1,
                b'\\' => p += 2,
                b'`' => p = self.code_span(p, limit),
                b'<' => p = self.tag(p, limit),
                b'{' => p = self.expression(p, limit).1,
                b'[' => p = self.link(p, limit, false),
                b'!' if p + 1 < limit && b[p + 1] == b'[' => p = self.link(p + 1, limit, true),
                _ => p += 1,
            }
        }
        p.min(limit)
    }

    /// End of the paragraph holding `p` (the next blank line), capped.
    fn para_end(&self, p: usize, limit: usize) -> usize {
        let mut q = p;
        while q < limit {
            let le = match memchr::memchr(b'\n', &self.b[q..limit]) {
                Some(i) => q + i,
                None => return limit,
            };
            let ns = le + 1;
            let ne = self.line_end(ns.min(limit)).min(limit);
            let nce = self.content_end(ns.min(ne), ne);
            if ns >= limit || self.skip_ws(ns, nce) == nce {
                return le;
            }
            q = ns;
        }
        limit
    }

    fn code_span(&self, p: usize, limit: usize) -> usize {
        let b = self.b;
        let mut q = p;
        while q < limit && b[q] == b'`' {
            q += 1;
        }
        let n = q - p;
        let pe = self.para_end(q, limit);
        let mut s = q;
        while let Some(i) = memchr::memchr(b'`', &b[s..pe]) {
            let a = s + i;
            let mut e = a;
            while e < pe && b[e] == b'`' {
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
    fn bracket_end(&self, p: usize, limit: usize) -> Option<usize> {
        let b = self.b;
        let pe = self.para_end(p, limit);
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
            self.inline(p + 1, close, false);
            self.out.links.push(Link {
                kind: if image {
                    LinkKind::Image
                } else {
                    LinkKind::Markdown
                },
                target: self.t[ts..te].to_string(),
                target_range: ts..te,
                range: start..end,
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
                _shortcut: false,
            });
            self.inline(p + 1, close, false);
            return c2 + 1;
        }
        if close > p + 1 {
            self.refs.push(RefUse {
                label: text::normalize_label(&self.t[p + 1..close]),
                range: start..close + 1,
                _shortcut: true,
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

    /// A `{…}` expression at `p`: (closed, end after `}`).
    fn expression(&mut self, p: usize, limit: usize) -> (bool, usize) {
        match skip_js(self.b, p + 1, limit, b'}') {
            Some(e) => (true, e + 1),
            None => {
                self.out.errors.push(SyntaxError {
                    range: p..p + 1,
                    message: "this `{` opens an expression that is never closed: add the `}`, or write `\\{` for a literal brace".into(),
                    fix: None,
                });
                (false, limit)
            }
        }
    }

    /// Something starting with `<` at `p`.
    fn tag(&mut self, p: usize, limit: usize) -> usize {
        let b = self.b;
        let n = b.get(p + 1).copied().unwrap_or(b' ');
        if n == b'/' {
            return self.close_tag(p, limit);
        }
        if n == b'!' && self.t[p..].starts_with("<!--") {
            let end = self.t[p..limit].find("-->").map_or(limit, |i| p + i + 3);
            let inner = &self.t[p + 4..end.saturating_sub(3).max(p + 4)];
            self.out.errors.push(SyntaxError {
                range: p..end,
                message: "HTML comments are not allowed in MDX: write `{/* comment */}`".into(),
                fix: Some((p..end, format!("{{/*{}*/}}", inner.replace("*/", "* /")))),
            });
            return end;
        }
        if n == b'>' {
            // Fragment `<>`.
            self.open_element(p, p + 1..p + 1, Vec::new(), p + 2, false);
            return p + 2;
        }
        if !is_name_start(n) {
            if is_ws(n) || n == b'\n' || n == b'\r' || n == b'=' || p + 1 >= b.len() {
                return p + 1;
            }
            self.out.errors.push(SyntaxError {
                range: p..p + 1,
                message: "`<` starts no tag here: write `&lt;` for a literal `<`".into(),
                fix: Some((p..p + 1, "&lt;".into())),
            });
            return p + 1;
        }
        let ns = p + 1;
        let mut q = ns;
        while q < limit && (is_name_char(b[q]) || b[q] == b'.' || b[q] == b':') {
            q += 1;
        }
        let name_range = ns..q;
        if b.get(q) == Some(&b'/') && b.get(q + 1) == Some(&b'/') {
            // `<https://…>`: an autolink, which MDX does not have.
            let end = memchr::memchr(b'>', &b[q..limit]).map_or(q, |i| q + i + 1);
            let url = &self.t[ns..end.saturating_sub(1).max(ns)];
            self.out.errors.push(SyntaxError {
                range: p..end,
                message: "autolinks `<https://…>` are not allowed in MDX: write `[url](url)`"
                    .into(),
                fix: (end > q).then(|| (p..end, format!("[{url}]({url})"))),
            });
            return end;
        }
        let mut attrs = Vec::new();
        loop {
            while q < limit && b[q].is_ascii_whitespace() {
                q += 1;
            }
            if q >= limit {
                // Unclosed tag at the end of the text.
                self.open_element(p, name_range, attrs, limit, false);
                return limit;
            }
            match b[q] {
                b'/' if b.get(q + 1) == Some(&b'>') => {
                    self.open_element(p, name_range, attrs, q + 2, true);
                    return q + 2;
                }
                b'>' => {
                    self.open_element(p, name_range, attrs, q + 1, false);
                    return q + 1;
                }
                b'{' => {
                    // `{...props}`: recorded as an attribute named `...`, so
                    // prop rules know that any prop may be given.
                    let (_, e) = self.expression(q, limit);
                    attrs.push(Attr {
                        name: "...".into(),
                        name_range: q..q,
                        value: AttrValue::Expression { range: q..e },
                    });
                    q = e;
                }
                c if is_name_start(c) => {
                    let an = q;
                    while q < limit && (is_name_char(b[q]) || b[q] == b':') {
                        q += 1;
                    }
                    let name_range = an..q;
                    let mut r = q;
                    while r < limit && b[r].is_ascii_whitespace() {
                        r += 1;
                    }
                    let value = if r < limit && b[r] == b'=' {
                        r += 1;
                        while r < limit && b[r].is_ascii_whitespace() {
                            r += 1;
                        }
                        if r < limit && (b[r] == b'"' || b[r] == b'\'') {
                            let quote = b[r];
                            match memchr::memchr(quote, &b[r + 1..limit]) {
                                Some(i) => {
                                    let vr = r + 1..r + 1 + i;
                                    q = r + 2 + i;
                                    AttrValue::String {
                                        value: self.t[vr.clone()].to_string(),
                                        range: vr,
                                    }
                                }
                                None => {
                                    self.out.errors.push(SyntaxError {
                                        range: r..r + 1,
                                        message: "this attribute value's quote is never closed"
                                            .into(),
                                        fix: None,
                                    });
                                    q = limit;
                                    AttrValue::None
                                }
                            }
                        } else if r < limit && b[r] == b'{' {
                            let (_, e) = self.expression(r, limit);
                            q = e;
                            AttrValue::Expression { range: r..e }
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
                            self.out.errors.push(SyntaxError {
                                range: r..e.max(r + 1).min(b.len()),
                                message: format!(
                                    "attribute values must be quoted in MDX: write `\"{raw}\"`"
                                ),
                                fix: (e > r).then(|| (r..e, format!("\"{raw}\""))),
                            });
                            q = e;
                            AttrValue::String {
                                value: raw.to_string(),
                                range: r..e,
                            }
                        }
                    } else {
                        AttrValue::None
                    };
                    attrs.push(Attr {
                        name: self.t[name_range.clone()].to_string(),
                        name_range,
                        value,
                    });
                }
                _ => {
                    self.out.errors.push(SyntaxError {
                        range: q..q + 1,
                        message: format!(
                            "unexpected `{}` in the tag `<{}>`",
                            self.t[q..].chars().next().unwrap_or(' '),
                            &self.t[name_range.clone()]
                        ),
                        fix: None,
                    });
                    q += 1;
                }
            }
        }
    }

    fn open_element(
        &mut self,
        p: usize,
        name_range: Range<usize>,
        attrs: Vec<Attr>,
        end: usize,
        self_closing: bool,
    ) {
        let name = self.t[name_range.clone()].to_string();
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
                target: value.clone(),
                target_range: range.clone(),
                range: a.name_range.start..(range.end + 1).min(self.b.len()),
                element: Some(name.clone()),
            });
        }
        let idx = self.out.elements.len();
        self.out.elements.push(Element {
            name,
            name_range,
            attrs,
            range: p..end,
            self_closing,
        });
        if !self_closing {
            self.stack.push(idx);
        }
    }

    fn close_tag(&mut self, p: usize, limit: usize) -> usize {
        let b = self.b;
        let mut q = p + 2;
        while q < limit && b[q].is_ascii_whitespace() {
            q += 1;
        }
        let ns = q;
        while q < limit && (is_name_char(b[q]) || b[q] == b'.' || b[q] == b':') {
            q += 1;
        }
        let name = &self.t[ns..q];
        while q < limit && b[q].is_ascii_whitespace() {
            q += 1;
        }
        let end = if q < limit && b[q] == b'>' { q + 1 } else { q };
        if let Some(pos) = self
            .stack
            .iter()
            .rposition(|&i| self.out.elements[i].name == name)
        {
            for &i in &self.stack[pos..] {
                self.out.elements[i].range.end = end;
            }
            self.stack.truncate(pos);
        }
        end.max(p + 2)
    }

    fn finish(&mut self) {
        if !self.defs.is_empty() {
            for r in std::mem::take(&mut self.refs) {
                if let Some((target, tr)) = self.defs.get(&r.label) {
                    self.out.links.push(Link {
                        kind: LinkKind::Reference,
                        target: target.clone(),
                        target_range: tr.clone(),
                        range: r.range,
                        element: None,
                    });
                }
            }
        }
        // Outer links were pushed after what their text holds.
        self.out.links.sort_by_key(|l| l.range.start);
    }
}

/// Skip JavaScript from `p` to the `close` byte at depth 0 (strings,
/// template literals, comments and nested brackets skipped). Returns the
/// index of `close`, or `None` when the text ends first.
pub(super) fn skip_js(b: &[u8], mut p: usize, limit: usize, close: u8) -> Option<usize> {
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
                let mut q = p + 1;
                while q < limit && b[q] != b'`' {
                    if b[q] == b'\\' {
                        q += 1;
                    } else if b[q] == b'$' && b.get(q + 1) == Some(&b'{') {
                        q = skip_js(b, q + 2, limit, b'}')?;
                    }
                    q += 1;
                }
                p = q + 1;
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
