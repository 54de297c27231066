//! Front matter's block structure, read from any text: what the `Node` tree
//! is recovered from while the YAML is half typed (`recover.rs`), and how
//! the cursor's own line is read (`query.rs`). Its keys sit where the YAML
//! reader's `Node` tree puts them whenever the YAML parses (tested on every
//! page of the real sites).
//!
//! Each line of the body is blank, a comment, a continuation of a value
//! opened above (a block scalar `|`/`>`, a flow collection `[`/`{` or a
//! quoted scalar left open, a plain scalar's deeper lines), or holds
//! nodes: `- ` items and a `key:` (`- - name: x` holds three). A node's
//! parent is found by indentation as block YAML nests: the nearest node
//! above it with a smaller column, or a key at the same column for an item
//! (`key:` / `- a`). Indentation is counted as js-yaml 3 (the platform's
//! reader) counts it: the spaces before the first tab. Nothing here fails:
//! any text is some outline.

use std::ops::Range;

/// What a node is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutlineKind {
    /// `key:`; `key` is the key as written (quotes included), `colon` the
    /// offset of its colon.
    Key { key: (u32, u32), colon: u32 },
    /// A `-` of a block sequence.
    Item,
    /// A line's text with no colon after it: a key being typed, or a stray
    /// scalar. It holds nothing.
    Text,
}

/// What a value left open at the end of its line makes of the lines after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Open {
    /// `|` or `>`: lines deeper than the node's column, and blank lines.
    Block,
    /// `[` or `{` not closed: lines until they are, `depth` deep so far;
    /// `mapping` when the outermost is a `{`.
    Flow { depth: i32, mapping: bool },
    /// A quoted scalar not closed: lines until its quote.
    Quote(u8),
}

/// One node of the outline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutlineNode {
    pub kind: OutlineKind,
    /// Column of the key's first byte or of the `-`, with tabs in the
    /// leading whitespace not counted (js-yaml 3).
    pub col: u32,
    /// Offset of its first byte (the `-`, the key or the text).
    pub start: u32,
    /// Index of the line in [`Outline::lines`].
    pub line: u32,
    /// The node holding this one (a key without a value on its line, or an
    /// item); `None` at the top level.
    pub parent: Option<u32>,
    /// For an item: how many items of the same sequence come before it.
    pub index: u32,
    /// The value written on the node's line after `key:` or `- `, comment
    /// excluded; `None` when there is none (the node may then hold nodes).
    pub value: Option<(u32, u32)>,
}

/// One line of the body.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineKind {
    Blank,
    Comment,
    /// Part of the value of that node, opened on a line above.
    Continues(u32),
    /// Holds the nodes from this index up to the next line's first.
    Nodes(u32),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line {
    /// Start of the line and end of its text (before `\r\n` or `\n`).
    pub start: u32,
    pub end: u32,
    pub kind: LineKind,
}

/// The block structure of a front matter body.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Outline {
    pub nodes: Vec<OutlineNode>,
    pub lines: Vec<Line>,
}

/// Where the first node of a new line goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Attach {
    /// Into the mapping or sequence held by that node (`None`: the top).
    Under(Option<u32>),
    /// It continues the value of that node (a plain scalar's next line).
    Inside(u32),
}

fn range(r: (u32, u32)) -> Range<usize> {
    r.0 as usize..r.1 as usize
}

impl OutlineNode {
    /// Whether lines below may hold nodes inside this one.
    pub fn holds(&self) -> bool {
        self.value.is_none() && !matches!(self.kind, OutlineKind::Text)
    }

    /// The key's range as written, quotes included.
    pub fn key_range(&self) -> Option<Range<usize>> {
        match self.kind {
            OutlineKind::Key { key, .. } => Some(range(key)),
            _ => None,
        }
    }

    /// The key's name: its text without quotes.
    pub fn key<'t>(&self, text: &'t str) -> Option<&'t str> {
        let k = text.get(self.key_range()?)?;
        let q = k.as_bytes().first().copied();
        Some(match q {
            Some(b'"' | b'\'') if k.len() >= 2 && k.ends_with(q.map_or('"', char::from)) => {
                &k[1..k.len() - 1]
            }
            _ => k,
        })
    }

    pub fn colon(&self) -> Option<usize> {
        match self.kind {
            OutlineKind::Key { colon, .. } => Some(colon as usize),
            _ => None,
        }
    }

    pub fn value_range(&self) -> Option<Range<usize>> {
        self.value.map(range)
    }
}

impl Outline {
    /// The outline of `text[body]` (offsets stay in `text`).
    pub fn read(text: &str, body: Range<usize>) -> Outline {
        let mut out = Outline::default();
        let end = body.end.min(text.len());
        let mut pos = body.start.min(end);
        // A value left open on a line above, and its node.
        let mut open: Option<(u32, Open)> = None;
        while pos < end {
            let stop = text[pos..end].find('\n').map_or(end, |i| pos + i);
            let line = text[pos..stop]
                .strip_suffix('\r')
                .unwrap_or(&text[pos..stop]);
            let kind = out.line_kind(line, pos, &text[stop.min(end)..end], &mut open);
            out.lines.push(Line {
                start: pos as u32,
                end: (pos + line.len()) as u32,
                kind,
            });
            pos = stop + 1;
        }
        out
    }

    /// What `line` (at offset `at`, before `after`, the rest of the body)
    /// is when nothing is left open above it, its nodes added under the
    /// nodes already here (the last one is the last above the line).
    pub(super) fn read_line(&mut self, line: &str, at: usize, after: &str) -> LineKind {
        let kind = self.line_kind(line, at, after, &mut None);
        self.lines.push(Line {
            start: at as u32,
            end: (at + line.len()) as u32,
            kind,
        });
        kind
    }

    /// What `line` (at offset `at`, before `after`, the rest of the body)
    /// is, its nodes added.
    fn line_kind(
        &mut self,
        line: &str,
        at: usize,
        after: &str,
        open: &mut Option<(u32, Open)>,
    ) -> LineKind {
        let lead = Lead::of(line);
        let blank = lead.rest(line).is_empty();
        if let Some((owner, how)) = *open {
            let owner_col = self.nodes[owner as usize].col as usize;
            // A `[` left open is most often being typed: a `key:` line no
            // deeper than its key ends it (its line is read as the next
            // key, as a reader of the half-typed text expects). Real
            // multi-line lists go on with items and closers.
            let ends = matches!(how, Open::Flow { mapping: false, .. });
            if ends && lead.indent <= owner_col && key_of(lead.rest(line)).is_some() {
                *open = None;
            }
        }
        if let Some((owner, how)) = *open {
            let owner_col = self.nodes[owner as usize].col as usize;
            match how {
                Open::Block if blank || lead.indent > owner_col => {
                    return LineKind::Continues(owner);
                }
                Open::Block => *open = None,
                Open::Flow { depth, mapping } => {
                    let depth = depth + flow_depth(line.as_bytes());
                    *open = (depth > 0).then_some((owner, Open::Flow { depth, mapping }));
                    return LineKind::Continues(owner);
                }
                Open::Quote(q) => {
                    if closes(line.as_bytes(), q, 0).is_some() {
                        *open = None;
                    }
                    return LineKind::Continues(owner);
                }
            }
        }
        let rest = lead.rest(line);
        if blank {
            return LineKind::Blank;
        }
        if rest.starts_with('#') {
            return LineKind::Comment;
        }
        let first = self.nodes.len() as u32;
        let last = first.checked_sub(1);
        let line_no = self.lines.len() as u32;
        let mut parent = match self.attach(last, lead.indent, rest.starts_with('-') && dash(rest)) {
            Attach::Under(p) => p,
            Attach::Inside(n) => return LineKind::Continues(n),
        };
        // The nodes of the line, left to right, each inside the one before.
        let mut i = lead.len;
        loop {
            let rest = &line[i..];
            let abs = |r: (usize, usize)| ((at + r.0) as u32, (at + r.1) as u32);
            let mut node = OutlineNode {
                kind: OutlineKind::Item,
                col: (i - lead.tabs) as u32,
                start: (at + i) as u32,
                line: line_no,
                parent,
                index: 0,
                value: None,
            };
            if dash(rest) {
                node.index = self.items_before(parent);
                self.nodes.push(node);
                parent = Some(self.nodes.len() as u32 - 1);
                i += 1 + (rest.len() - 1 - rest[1..].trim_start_matches([' ', '\t']).len());
                if i < line.len() && !line[i..].starts_with('#') {
                    continue;
                }
                break;
            }
            let value = match key_of(rest) {
                Some((k, c)) => {
                    node.kind = OutlineKind::Key {
                        key: abs((i, i + k)),
                        colon: (at + i + c) as u32,
                    };
                    value_span(line, i + c + 1)
                }
                None => {
                    let span = value_span(line, i);
                    match parent {
                        // `- a`, `- [a, b]`: the item's own value.
                        Some(p) if self.nodes[p as usize].line == line_no => {
                            let item = &mut self.nodes[p as usize];
                            item.value = span.map(abs);
                            *open = span
                                .and_then(|(s, e)| opens(&line[s..e], after))
                                .map(|o| (p, o));
                            break;
                        }
                        // A line of text alone is its own value: nothing nests in it.
                        _ => {
                            node.kind = OutlineKind::Text;
                            span.or(Some((i, i)))
                        }
                    }
                }
            };
            node.value = value.map(abs);
            *open = value
                .and_then(|(s, e)| opens(&line[s..e], after))
                .map(|o| (self.nodes.len() as u32, o));
            self.nodes.push(node);
            break;
        }
        LineKind::Nodes(first)
    }

    /// Where a line's first node at column `col` goes (`item`: it is a
    /// `-`), given the last node placed above it.
    pub fn attach(&self, last: Option<u32>, col: usize, item: bool) -> Attach {
        let mut at = last;
        while let Some(i) = at {
            let n = &self.nodes[i as usize];
            let c = n.col as usize;
            if c < col {
                return if n.holds() {
                    Attach::Under(Some(i))
                } else {
                    Attach::Inside(i)
                };
            }
            // `key:` with its sequence's dashes at its own column.
            if c == col && item && matches!(n.kind, OutlineKind::Key { .. }) && n.value.is_none() {
                return Attach::Under(Some(i));
            }
            at = n.parent;
        }
        Attach::Under(None)
    }

    fn items_before(&self, parent: Option<u32>) -> u32 {
        self.nodes
            .iter()
            .rev()
            .find(|n| n.parent == parent && n.kind == OutlineKind::Item)
            .map_or(0, |n| n.index + 1)
    }

    /// The nodes on line `line`, outermost first.
    pub fn nodes_on(&self, line: usize) -> &[OutlineNode] {
        match self.lines.get(line).map(|l| l.kind) {
            Some(LineKind::Nodes(first)) => {
                let first = first as usize;
                let n = self.nodes[first..]
                    .iter()
                    .take_while(|n| n.line as usize == line)
                    .count();
                &self.nodes[first..first + n]
            }
            _ => &[],
        }
    }
}

/// A line's leading whitespace: its length, how many of its bytes are in
/// and after the first tab (js-yaml 3 skips them), and the indentation.
struct Lead {
    len: usize,
    tabs: usize,
    indent: usize,
}

impl Lead {
    fn of(line: &str) -> Lead {
        let len = line.len() - line.trim_start_matches([' ', '\t']).len();
        let indent = line.bytes().take_while(|&b| b == b' ').count();
        Lead {
            len,
            tabs: len - indent,
            indent,
        }
    }

    fn rest<'l>(&self, line: &'l str) -> &'l str {
        &line[self.len..]
    }
}

/// The column of `pos` as js-yaml 3 counts it (tabs in its line's leading
/// whitespace not counted), and the start of its line.
pub(super) fn column(text: &str, pos: usize) -> (usize, usize) {
    let line_start = text[..pos].rfind('\n').map_or(0, |i| i + 1);
    let lead = Lead::of(&text[line_start..pos]);
    (pos - line_start - lead.tabs, line_start)
}

/// The value written on the line of `text` holding `from` (an offset just
/// after a `key:` or `-`): leading blanks and a comment left out.
pub(super) fn written_after(text: &str, from: usize) -> Option<Range<usize>> {
    let line_start = text[..from].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[from..].find('\n').map_or(text.len(), |i| from + i);
    let line = &text[line_start..line_end];
    let line = line.strip_suffix('\r').unwrap_or(line);
    value_span(line, from - line_start).map(|(s, e)| line_start + s..line_start + e)
}

/// Where the flow collection opened at `from` (`[` or `{`) closes: the
/// offset after its closer, or the end of `b` when it does not.
pub(super) fn flow_end(b: &[u8], from: usize) -> usize {
    let mut depth = 0;
    let mut i = from;
    while i < b.len() {
        match b[i] {
            b'[' | b'{' => depth += 1,
            b']' | b'}' => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            q @ (b'"' | b'\'') => match closes(b, q, i + 1) {
                Some(end) => {
                    i = end;
                    continue;
                }
                None => return b.len(),
            },
            b'#' if i > 0 && matches!(b[i - 1], b' ' | b'\t' | b'\n') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    b.len()
}

/// Whether `s` starts with a block sequence's `-`.
fn dash(s: &str) -> bool {
    s.strip_prefix('-')
        .is_some_and(|r| r.is_empty() || r.starts_with([' ', '\t']))
}

/// The length of the key of a `key: value` text and the offset of its
/// colon. A colon inside a plain key (`og:title`) is not followed by a
/// space; a quoted key ends at its quote.
fn key_of(s: &str) -> Option<(usize, usize)> {
    let b = s.as_bytes();
    let colon_at = |from: usize| {
        (from..b.len())
            .find(|&i| b[i] == b':' && matches!(b.get(i + 1), None | Some(b' ' | b'\t' | b'\r')))
    };
    match b.first()? {
        &q @ (b'"' | b'\'') => {
            let end = closes(b, q, 1)?;
            let c = end + s[end..].len() - s[end..].trim_start_matches([' ', '\t']).len();
            (b.get(c) == Some(&b':') && matches!(b.get(c + 1), None | Some(b' ' | b'\t')))
                .then_some((end, c))
        }
        b'[' | b'{' | b'#' | b'|' | b'>' => None,
        _ => {
            let c = colon_at(0)?;
            // A comment before the colon: no key.
            if s[..c].contains(" #") {
                return None;
            }
            let k = s[..c].trim_end_matches([' ', '\t']).len();
            (k > 0).then_some((k, c))
        }
    }
}

/// The value on `line` from `from`: leading blanks and a trailing comment
/// (` #`) left out; `None` when nothing is there.
fn value_span(line: &str, from: usize) -> Option<(usize, usize)> {
    let rest = line.get(from..)?;
    let s = from + rest.len() - rest.trim_start_matches([' ', '\t']).len();
    let b = line.as_bytes();
    if s >= line.len() || b[s] == b'#' {
        return None;
    }
    // A comment starts at ` #` outside quotes.
    let mut e = line.len();
    let mut i = s;
    while i < b.len() {
        match b[i] {
            q @ (b'"' | b'\'') if i == s || matches!(b[i - 1], b' ' | b'[' | b'{' | b',') => {
                match closes(b, q, i + 1) {
                    Some(end) => {
                        i = end;
                        continue;
                    }
                    None => break,
                }
            }
            b'#' if matches!(b[i - 1], b' ' | b'\t') => {
                e = i;
                break;
            }
            _ => {}
        }
        i += 1;
    }
    let e = s + line[s..e].trim_end_matches([' ', '\t']).len();
    Some((s, e))
}

/// What a value written on a key's or item's line leaves open.
fn opens(value: &str, after: &str) -> Option<Open> {
    let b = value.as_bytes();
    // A quote left open goes on over the next lines only when it closes
    // below where YAML lets a quoted scalar end (nothing but a comment
    // after it on its line); else it is being typed and ends at its line,
    // as an open string does in docs.json's tape.
    match b.first()? {
        b'|' | b'>' => value[1..]
            .trim_start_matches(['+', '-', '1', '2', '3', '4', '5', '6', '7', '8', '9'])
            .trim_start()
            .is_empty()
            .then_some(Open::Block),
        b'[' | b'{' => {
            let depth = flow_depth(b);
            (depth > 0).then_some(Open::Flow {
                depth,
                mapping: b[0] == b'{',
            })
        }
        &q @ (b'"' | b'\'') => {
            (closes(b, q, 1).is_none() && closes_at_line_end(after, q)).then_some(Open::Quote(q))
        }
        _ => None,
    }
}

/// Whether a quoted scalar left open closes in `after` with nothing but
/// blanks or a comment after its quote on that line.
fn closes_at_line_end(after: &str, q: u8) -> bool {
    closes(after.as_bytes(), q, 0).is_some_and(|end| {
        let rest = after[end..].split('\n').next().unwrap_or("").trim();
        rest.is_empty() || rest.starts_with('#')
    })
}

/// How many flow collections (`[`, `{`) `b` leaves open (negative when it
/// closes more than it opens), quoted text and comments skipped.
pub(super) fn flow_depth(b: &[u8]) -> i32 {
    let mut depth = 0;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'[' | b'{' => depth += 1,
            b']' | b'}' => depth -= 1,
            q @ (b'"' | b'\'') => match closes(b, q, i + 1) {
                Some(end) => {
                    i = end;
                    continue;
                }
                None => return depth,
            },
            b'#' if i > 0 && b[i - 1] == b' ' => return depth,
            _ => {}
        }
        i += 1;
    }
    depth
}

/// Where the quoted scalar opened by `q` closes in `b`, reading from
/// `from`: the offset after the closing quote.
pub(super) fn closes(b: &[u8], q: u8, from: usize) -> Option<usize> {
    let mut i = from;
    while i < b.len() {
        match b[i] {
            b'\\' if q == b'"' => i += 2,
            c if c == q => {
                if q == b'\'' && b.get(i + 1) == Some(&b'\'') {
                    i += 2;
                    continue;
                }
                return Some(i + 1);
            }
            _ => i += 1,
        }
    }
    None
}
