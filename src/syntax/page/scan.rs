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
        para: None,
        events: Vec::new(),
        saw_text: false,
        line_start: 0,
        tree_errors: Vec::new(),
        pe_cache: std::cell::Cell::new((0, 0)),
        table_row: false,
        in_table: false,
        last_line: usize::MAX,
    };
    r.run();
    r.finish();
    // Pages read in bulk keep their index for the session: without this,
    // the vectors' doubling slack was a fifth of the memory on a
    // 25,000-page site with bodies.
    let mut out = r.out;
    out.headings.shrink_to_fit();
    out.links.shrink_to_fit();
    out.imports.shrink_to_fit();
    out.exports.shrink_to_fit();
    out.elements.shrink_to_fit();
    out.errors.shrink_to_fit();
    out
}

/// A GFM table's delimiter row: `| --- | :-: |`, pipes at the ends optional.
fn is_delimiter_row(line: &str) -> bool {
    let t = line.trim();
    let t = t.strip_prefix('|').unwrap_or(t);
    let t = t.strip_suffix('|').unwrap_or(t);
    t.contains('-')
        && t.split('|').all(|cell| {
            let c = cell.trim();
            let c = c.strip_prefix(':').unwrap_or(c);
            let c = c.strip_suffix(':').unwrap_or(c);
            !c.is_empty() && c.bytes().all(|b| b == b'-')
        })
}

struct Fence {
    ch: u8,
    len: usize,
}

/// A `[text][ref]`/`[ref]` waiting for the definitions (which may follow).
struct RefUse {
    label: String,
    range: Range<usize>,
}

/// A tag met on the current line, applied once the line is known to be a
/// flow line (tags and expressions only) or paragraph text.
enum Ev {
    Open {
        idx: usize,
        self_closing: bool,
    },
    Close {
        name: Range<usize>,
        start: usize,
        end: usize,
    },
}

/// An element left open: its index, and whether it was opened by a flow
/// line (else it belongs to the paragraph it was opened in).
struct Open {
    idx: usize,
    flow: bool,
}

struct Reader<'a> {
    t: &'a str,
    b: &'a [u8],
    out: PageIndex,
    stack: Vec<Open>,
    refs: Vec<RefUse>,
    defs: HashMap<String, (String, Range<usize>)>,
    fence: Option<Fence>,
    /// Start of the paragraph being read (definitions and ESM cannot start
    /// inside one; a setext underline makes it a heading).
    para: Option<usize>,
    events: Vec<Ev>,
    /// The current line held text besides tags and expressions.
    saw_text: bool,
    /// Start of the current line's content.
    line_start: usize,
    /// Errors the platform finds when it builds the tree (tags left open or
    /// closed wrongly), after all the errors of its tokenizer.
    tree_errors: Vec<SyntaxError>,
    /// The last paragraph end found, and from where (tags in a long
    /// paragraph all ask for it).
    pe_cache: std::cell::Cell<(usize, usize)>,
    /// The line is a table row (`| a | b |`).
    table_row: bool,
    /// The paragraph is a GFM table (its second line was a delimiter row):
    /// each row's cells hold inline content only.
    in_table: bool,
    /// Where the previous line of the paragraph started.
    last_line: usize,
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

/// HTML elements that have no content, written `<br>` in HTML.
const VOID: &[&str] = &[
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
    "track", "wbr",
];

impl<'a> Reader<'a> {
    fn run(&mut self) {
        let mut pos = body_start(self.t);
        while pos < self.b.len() {
            pos = self.line(pos);
        }
        self.close_para();
        // Flow elements never closed: the innermost first, as the platform
        // reports it.
        while let Some(o) = self.stack.pop() {
            self.unclosed(o.idx, None);
        }
    }

    fn err(&mut self, range: Range<usize>, message: String, fix: Option<(Range<usize>, String)>) {
        self.out.errors.push(SyntaxError {
            range,
            message,
            fix,
        });
    }

    fn tree_err(
        &mut self,
        range: Range<usize>,
        message: String,
        fix: Option<(Range<usize>, String)>,
    ) {
        self.tree_errors.push(SyntaxError {
            range,
            message,
            fix,
        });
    }

    /// The element `idx` is never closed; `para` is the start of the
    /// paragraph (or table cell) it had to close in, the platform's
    /// position, with what it is called; else the error sits at the tag.
    fn unclosed(&mut self, idx: usize, para: Option<(usize, &str)>) {
        let e = &self.out.elements[idx];
        let name = e.name.clone();
        let open = e.range.start()..e.open_end as usize;
        let at = para.map_or(open.start, |(at, _)| at);
        let is_void = VOID.contains(&name.as_str());
        let (message, fix) = if is_void {
            let gt = open.end.saturating_sub(1);
            let fix = (self.b.get(gt) == Some(&b'>')).then(|| {
                let ws = self.t[..gt].len() - self.t[..gt].trim_end().len();
                (gt - ws..gt + 1, " />".to_string())
            });
            (
                format!("`<{name}>` must be closed in MDX: write `<{name} />`"),
                fix,
            )
        } else if let Some((_, "table cell")) = para {
            (
                format!(
                    "`<{name}>` is not closed before the end of its table cell: add `</{name}>` in the same cell"
                ),
                None,
            )
        } else if para.is_some() {
            (
                format!(
                    "`<{name}>` is not closed before the end of its paragraph: add `</{name}>` in the same paragraph, or put the opening and closing tags on lines of their own"
                ),
                None,
            )
        } else {
            (
                format!("`<{name}>` is never closed: add `</{name}>` (or write `<{name} />`)"),
                None,
            )
        };
        self.tree_err(at..open.end.max(at), message, fix);
    }

    /// A table row ends: its cells hold inline content, so an element it
    /// opened and left open is not closed, and the platform says so at the
    /// start of its cell (the `|` before it).
    fn close_row(&mut self, row_start: usize) {
        while let Some(o) = self.stack.last() {
            let at = self.out.elements[o.idx].range.start();
            if o.flow || at < row_start {
                break;
            }
            let cell = self.t[row_start..at]
                .rfind('|')
                .map_or(row_start, |i| row_start + i);
            let o = self.stack.pop().expect("checked");
            self.unclosed(o.idx, Some((cell, "table cell")));
        }
    }

    /// The current paragraph ends: elements opened in it must be closed.
    fn close_para(&mut self) {
        self.in_table = false;
        let Some(start) = self.para.take() else {
            return;
        };
        while self.stack.last().is_some_and(|o| !o.flow) {
            let o = self.stack.pop().expect("checked");
            self.unclosed(o.idx, Some((start, "paragraph")));
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
            self.close_para();
            return next;
        }

        // ESM: `import`/`export` at the start of a line, outside paragraphs.
        if indent_end == start
            && self.para.is_none()
            && (self.t[start..].starts_with("import ") || self.t[start..].starts_with("export "))
        {
            return self.esm(start);
        }

        let p = self.container_prefix(start, end);
        if p == end {
            self.close_para();
            return next;
        }
        if p > indent_end {
            // A list item or block quote starts a new block.
            self.close_para();
        }
        let c = self.b[p];

        // Code fence (and `$$` math, read like one).
        if c == b'`' || c == b'~' || c == b'$' {
            let mut q = p;
            while q < end && self.b[q] == c {
                q += 1;
            }
            let min = if c == b'$' { 2 } else { 3 };
            if q - p >= min && !(c == b'`' && self.b[q..end].contains(&b'`')) {
                self.close_para();
                self.fence = Some(Fence { ch: c, len: q - p });
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
                self.close_para();
                return self.heading(start, p, level as u8, q, end, next);
            }
        }

        // Setext underline.
        if let Some(ps) = self.para
            && (c == b'=' || c == b'-')
        {
            let mut q = p;
            while q < end && self.b[q] == c {
                q += 1;
            }
            if self.skip_ws(q, end) == end {
                let level = if c == b'=' { 1 } else { 2 };
                let pe = self.content_end(ps, start.saturating_sub(1).max(ps));
                let raw = self.t[ps..pe].trim();
                let (txt, id) = text::split_custom_id(raw);
                self.out.headings.push(Heading {
                    level,
                    text: text::plain(txt).as_str().into(),
                    custom_id: id.map(CompactString::from),
                    range: (ps..pe).into(),
                    in_component: !self.stack.is_empty(),
                });
                self.close_para();
                return next;
            }
        }

        // Link reference definition.
        if c == b'[' && self.para.is_none() && self.definition(p, end) {
            return next;
        }

        self.line_start = p;
        self.saw_text = false;
        if !self.in_table && self.para == Some(self.last_line) && is_delimiter_row(&self.t[p..end])
        {
            // A one-line paragraph followed by `|---|`: a table. Its header
            // row's cells end here.
            self.in_table = true;
            let header = self.last_line;
            self.close_row(header);
        }
        self.last_line = p;
        self.table_row = c == b'|';
        let after = self.inline(p, self.b.len(), true);
        let flow = (c == b'<' || c == b'{') && !self.saw_text;
        if flow {
            self.close_para();
        } else if self.para.is_none() {
            self.para = Some(p);
        }
        self.apply(flow);
        if self.in_table && !flow {
            self.close_row(p);
        }
        if after > next {
            self.next_line(after.saturating_sub(1).max(start))
        } else {
            next
        }
    }

    /// Apply the tags of the line just read.
    fn apply(&mut self, flow: bool) {
        for ev in std::mem::take(&mut self.events) {
            match ev {
                Ev::Open { idx, self_closing } => {
                    if !self_closing {
                        self.stack.push(Open { idx, flow });
                    }
                }
                Ev::Close { name, start, end } => self.close(name, start, end, flow),
            }
        }
    }

    fn close(&mut self, name_range: Range<usize>, start: usize, end: usize, flow: bool) {
        let name = &self.t[name_range];
        let shown = if name.is_empty() {
            "</>".to_string()
        } else {
            format!("</{name}>")
        };
        let Some(top) = self.stack.last() else {
            self.tree_err(
                start + 1..end.max(start + 2),
                format!("`{shown}` closes no open tag: remove it, or add the opening tag"),
                Some((start..end, String::new())),
            );
            return;
        };
        let top_name = self.out.elements[top.idx].name.clone();
        if top_name != name {
            let open = self.out.elements[top.idx].range.start();
            self.tree_err(
                start..end,
                format!(
                    "`{shown}` does not match the open `<{top_name}>` (opened before it, {open_desc}): close `<{top_name}>` first",
                    open_desc = "the innermost open tag"
                ),
                None,
            );
            let _ = open;
            // Recover: close up to the matching element if there is one.
            if let Some(i) = self
                .stack
                .iter()
                .rposition(|o| self.out.elements[o.idx].name == name)
            {
                for o in self.stack.drain(i..) {
                    self.out.elements[o.idx].range =
                        (self.out.elements[o.idx].range.start()..end).into();
                }
            }
            return;
        }
        if top.flow && !flow {
            self.tree_err(
                start..end,
                format!(
                    "`{shown}` closes `<{top_name}>`, which was opened on a line of its own, from inside a paragraph: put `{shown}` on a line of its own"
                ),
                None,
            );
        }
        let o = self.stack.pop().expect("checked");
        self.out.elements[o.idx].range = (self.out.elements[o.idx].range.start()..end).into();
    }

    fn heading(
        &mut self,
        line_start: usize,
        p: usize,
        level: u8,
        q: usize,
        end: usize,
        next: usize,
    ) -> usize {
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
        // The platform turns `## Title {#id}` into an element before parsing,
        // but only on a line indented by at most 3 spaces (no list or quote
        // marker): elsewhere `{#id}` is read as an expression, and fails.
        let id_applies = p - line_start <= 3 && self.b[line_start..p].iter().all(|&c| c == b' ');
        let (txt, id) = if id.is_some() && !id_applies {
            (raw, None)
        } else {
            (txt, id)
        };
        let in_component = !self.stack.is_empty();
        self.out.headings.push(Heading {
            level,
            text: text::plain(txt).as_str().into(),
            custom_id: id.map(CompactString::from),
            range: (p..end).into(),
            in_component,
        });
        if !id_applies && let (_, Some(bad)) = text::split_custom_id(raw) {
            let at = ts + raw.rfind(bad).unwrap_or(0);
            let hash = self.t[..at].rfind('#').unwrap_or(at);
            self.err(
                hash..te,
                format!(
                    "the custom heading id `{{#{bad}}}` only works on a heading line indented by at most 3 spaces, outside lists and quotes (here the platform reads it as an expression, which fails): unindent the heading"
                ),
                None,
            );
        }
        let scan_end = ts + txt.len();
        self.para = Some(ts);
        self.line_start = ts;
        self.table_row = false;
        self.inline(ts, scan_end, false);
        self.apply(false);
        self.close_para();
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
        // `[^1]: text` is a GFM footnote definition (the platform reads
        // pages with remark-gfm), not a link: its text is a paragraph.
        if label.trim().is_empty() || label.starts_with('^') {
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
            target: target.as_str().into(),
            target_range: (ts..te).into(),
            range: (p..end).into(),
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
            // A blank line ends the block once its JavaScript is complete
            // (the platform's parser tries there, and reads on when the
            // code is cut short).
            if self.skip_ws(next, nce) == nce
                && text::balance(self.b, start, block_end) != Err(block_end)
            {
                pos = next;
                break;
            }
            pos = next;
        }
        if let Some((at, message)) = text::esm(self.t, start, block_end, pos, &mut self.out) {
            let end = (at + 1).min(self.b.len()).max(at);
            self.err(at..end, message, None);
        }
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
                b'\\' => {
                    self.saw_text = true;
                    p += 2
                }
                b'`' | b'$' => {
                    self.saw_text = true;
                    p = self.code_span(p, limit)
                }
                b'<' => p = self.tag(p, limit),
                b'{' => p = self.expression(p, limit).1,
                b'[' => {
                    self.saw_text = true;
                    p = self.link(p, limit, false)
                }
                b'!' if p + 1 < limit && b[p + 1] == b'[' => {
                    self.saw_text = true;
                    p = self.link(p + 1, limit, true)
                }
                b' ' | b'\t' | b'\r' => p += 1,
                _ => {
                    self.saw_text = true;
                    p += 1
                }
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
        let m = b[p];
        let mut q = p;
        while q < limit && b[q] == m {
            q += 1;
        }
        let n = q - p;
        let mut pe = self.para_end(q, limit);
        if self.table_row {
            // Table cells are read one by one: no span runs past its row.
            pe = pe.min(self.line_end(q));
        }
        let mut s = q;
        while let Some(i) = memchr::memchr(m, &b[s..pe]) {
            let a = s + i;
            let mut e = a;
            while e < pe && b[e] == m {
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
            self.inline(p + 1, close, false);
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

    /// Where a construct at `p` that runs to the end of its text ends, as
    /// the platform sees it: the end of the file for a construct that starts
    /// a line (read as flow), else the end of its paragraph.
    fn text_end(&self, p: usize) -> usize {
        if p == self.line_start {
            return self.b.len();
        }
        let (from, end) = self.pe_cache.get();
        if from <= p && p < end {
            return end;
        }
        let end = self.para_end(p, self.b.len());
        self.pe_cache.set((p, end));
        end
    }

    /// A `{…}` expression at `p`: (closed, end after `}`).
    fn expression(&mut self, p: usize, limit: usize) -> (bool, usize) {
        match skip_js(self.b, p + 1, limit, b'}') {
            Some(e) => (true, e + 1),
            None => {
                let at = self.text_end(p);
                self.err(
                    at..at,
                    "this `{` opens an expression that is never closed: add the `}`, or write `\\{` for a literal brace".into(),
                    Some((p..p + 1, "\\{".into())),
                );
                (false, limit)
            }
        }
    }

    /// Something starting with `<` at `p`: a tag, or an error where the
    /// platform's parser stops (it reads every `<` followed by anything but
    /// whitespace as a tag).
    fn tag(&mut self, p: usize, limit: usize) -> usize {
        let b = self.b;
        let Some(&n) = b.get(p + 1) else {
            self.saw_text = true;
            self.err(
                p + 1..p + 1,
                "`<` at the end of the text starts no tag: write `&lt;` for a literal `<`".into(),
                Some((p..p + 1, "&lt;".into())),
            );
            return p + 1;
        };
        if is_ws(n) {
            self.saw_text = true;
            return p + 1;
        }
        let limit = limit.min(self.text_end(p));
        if n == b'\n' || n == b'\r' {
            self.saw_text = true;
            if p + 1 >= limit {
                // The paragraph ends right after the `<`.
                self.err(
                    p + 1..p + 1,
                    "`<` at the end of a paragraph starts no tag: write `&lt;` for a literal `<`"
                        .into(),
                    Some((p..p + 1, "&lt;".into())),
                );
            }
            return p + 1;
        }
        if n == b'/' {
            return self.close_tag(p, limit);
        }
        if n == b'>' {
            // Fragment `<>`.
            self.open_element(p, p + 1..p + 1, Vec::new(), p + 2, false);
            return p + 2;
        }
        if !is_name_start(n) {
            self.saw_text = true;
            if n == b'!' && self.t[p..].starts_with("<!--") {
                let end = self.t[p..limit].find("-->").map_or(limit, |i| p + i + 3);
                let inner = &self.t[p + 4..end.saturating_sub(3).max(p + 4)];
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
                self.saw_text = true;
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
                self.saw_text = true;
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
            while q < limit && b[q].is_ascii_whitespace() {
                q += 1;
            }
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
                    let mut g = q + 1;
                    while g < limit && b[g].is_ascii_whitespace() {
                        g += 1;
                    }
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
                    let (_, e) = self.expression(q, limit);
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
                                        value: self.t[vr.clone()].into(),
                                        range: (vr).into(),
                                    }
                                }
                                None => {
                                    let at = self.text_end(p);
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
                            let (_, e) = self.expression(r, limit);
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
        self.saw_text = true;
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
                &self.t[p..tag_end.min(p + 40).max(at)].trim_end()
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
        let mut q = p + 2;
        while q < limit && b[q].is_ascii_whitespace() {
            q += 1;
        }
        let ns = q;
        if q < limit && b[q] != b'>' && !is_name_start(b[q]) {
            return self.tag_crash(p, q, limit);
        }
        while q < limit && (is_name_char(b[q]) || b[q] == b'.' || b[q] == b':') {
            q += 1;
        }
        let name = ns..q;
        while q < limit && b[q].is_ascii_whitespace() {
            q += 1;
        }
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

    fn finish(&mut self) {
        // The platform stops at its first error: errors of the tree after
        // the first tokenizer error are likely its consequences.
        let first_tok = self.out.errors.iter().map(|e| e.range.start).min();
        let tree = std::mem::take(&mut self.tree_errors);
        self.out.errors.extend(
            tree.into_iter()
                .filter(|e| first_tok.is_none_or(|f| e.range.start < f)),
        );
        if !self.defs.is_empty() {
            for r in std::mem::take(&mut self.refs) {
                if let Some((target, tr)) = self.defs.get(&r.label) {
                    self.out.links.push(Link {
                        kind: LinkKind::Reference,
                        target: target.as_str().into(),
                        target_range: (tr.clone()).into(),
                        range: (r.range).into(),
                        element: None,
                    });
                }
            }
        }
        // Outer links were pushed after what their text holds.
        self.out.links.sort_by_key(|l| l.range.start());
    }
}

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
pub(super) fn jsx_may_start(b: &[u8], start: usize, p: usize) -> bool {
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
pub(super) fn skip_jsx(b: &[u8], p: usize, limit: usize, nest: u32) -> Option<usize> {
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
pub(super) fn skip_template(b: &[u8], mut p: usize, limit: usize) -> Option<usize> {
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
