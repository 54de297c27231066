//! The scanner behind [`super::read`], in two layers as the platform's
//! parser (micromark) reads a page:
//!
//! - `block`: a line loop with CommonMark's container rules (block quotes
//!   and list items: their prefixes, lazy continuation, items ended by
//!   indentation, fences and tags ended with their container) and the leaf
//!   blocks MDX has (paragraphs, headings, fences, math, tables, definitions,
//!   ESM, and lines of JSX tags and expressions).
//! - `inline`: the text of a paragraph, heading or table cell, read once the
//!   block is known (code spans, JSX tags, expressions, links), where a line
//!   end skips the next line's container prefix; `tag` reads the JSX tags
//!   of both layers, `table` the rows of GFM tables.
//!
//! This file holds what both share: the reader's state, the elements left
//! open and the errors, in the order the platform finds them.

mod autolink;
mod block;
mod inline;
mod link_definition;
mod table;
mod tag;

use super::*;
use rustc_hash::FxHashMap as HashMap;

/// `tree`: keep what cursor questions need beyond the index (bulk reads
/// do not).
pub(super) fn read(t: &str, tree: bool) -> PageTree {
    let mut r = Reader {
        t,
        b: t.as_bytes(),
        out: PageIndex::default(),
        stack: Vec::new(),
        refs: Vec::new(),
        defs: HashMap::default(),
        containers: Vec::new(),
        fence: None,
        para: Vec::new(),
        table: None,
        events: Vec::new(),
        in_text: false,
        literal_from: 0,
        run_lines: Vec::new(),
        text_errors: Vec::new(),
        tree_errors: Vec::new(),
        tree,
        regions: Vec::new(),
        names: Vec::new(),
        blocks: Vec::new(),
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
    let mut names = r.names;
    if !tree {
        names = Vec::new();
    }
    PageTree {
        index: out,
        regions: r.regions,
        names,
        blocks: r.blocks,
    }
}

/// A block quote or list item the current line is inside.
#[derive(Clone, Copy)]
struct Container {
    kind: ContainerKind,
    /// Where it starts (its `>` or list marker): the platform reports an
    /// element left open in it there.
    start: usize,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum ContainerKind {
    Quote,
    Item {
        /// Columns of its prefix (indent, marker, spaces): the indentation
        /// a line needs to stay in the item.
        size: usize,
        /// The item started with a blank line.
        initial_blank: bool,
        /// … and a blank line followed: no further line belongs to it.
        further_blank: bool,
    },
}

impl ContainerKind {
    fn name(self) -> &'static str {
        match self {
            ContainerKind::Quote => "block quote",
            ContainerKind::Item { .. } => "list item",
        }
    }
}

/// An open fenced code block (or `$$` math block).
struct Fence {
    ch: u8,
    len: usize,
    /// Where its opening fence starts.
    start: usize,
}

/// A `[text][ref]`/`[ref]` waiting for the definitions (which may follow).
struct RefUse {
    label: String,
    range: Range<usize>,
}

/// A tag met in the text being read, applied once its block is known.
enum Ev {
    OpenElement {
        idx: usize,
        self_closing: bool,
    },
    Close {
        name: Range<usize>,
        start: usize,
        end: usize,
    },
}

/// An element left open: its index, whether it was opened by a flow line
/// (else it belongs to the text it was opened in), and how many containers
/// were open then (it must close inside the innermost of them).
struct OpenElement {
    idx: usize,
    flow: bool,
    depth: usize,
}

struct Reader<'a> {
    t: &'a str,
    b: &'a [u8],
    out: PageIndex,
    stack: Vec<OpenElement>,
    refs: Vec<RefUse>,
    defs: HashMap<String, (String, Range<usize>)>,
    containers: Vec<Container>,
    fence: Option<Fence>,
    /// The open paragraph's lines: (content start, content end); empty
    /// when no paragraph is open.
    para: Vec<(usize, usize)>,
    /// The open GFM table: the number of cells of its header row.
    table: Option<usize>,
    events: Vec<Ev>,
    /// The inline layer reads a paragraph, heading or table cell (whose
    /// errors the platform's parser finds after every error of the block
    /// layer), not a line of tags and expressions (flow).
    in_text: bool,
    /// No GFM autolink literal starts before this offset (it is inside a
    /// link label, or after a `[` never closed).
    literal_from: usize,
    /// Where each line after the first of the text being read starts its
    /// content (after its container prefix).
    run_lines: Vec<usize>,
    /// Errors of the platform's inline tokenizer, which runs once the whole
    /// block structure is read: reported after those of the block layer
    /// (`out.errors` while reading).
    text_errors: Vec<MdxError>,
    /// Errors the platform finds when it builds the tree (tags left open or
    /// closed wrongly), after all the errors of its tokenizer.
    /// … each with the tag it is about.
    tree_errors: Vec<(MdxError, Range<usize>)>,
    /// What cursor questions need beyond the index ([`PageTree`]), kept
    /// when `tree`.
    tree: bool,
    regions: Vec<Region>,
    names: Vec<Name>,
    blocks: Vec<BlockMark>,
}

pub(super) fn is_ws(c: u8) -> bool {
    c == b' ' || c == b'\t'
}

/// How many bytes the character at `q` takes if it can start a JSX name
/// (or attribute name), else 0. The platform's tag reader tests each UTF-16
/// code unit with `estree-util-is-identifier-name`: ASCII letters, `$`, `_`
/// and Unicode ID_Start, so `「` starts no name and no character beyond the
/// BMP (an emoji, a surrogate pair there) is part of one.
pub(super) fn name_start_len(b: &[u8], q: usize) -> usize {
    match b.get(q) {
        Some(&c) if c < 0x80 => usize::from(c.is_ascii_alphabetic() || c == b'_' || c == b'$'),
        Some(_) => non_ascii_len(b, q, unicode_ident::is_xid_start),
        None => 0,
    }
}

/// As [`name_start_len`], for a character inside a name: also digits, `-`,
/// Unicode ID_Continue and the zero-width joiners.
pub(super) fn name_char_len(b: &[u8], q: usize) -> usize {
    match b.get(q) {
        Some(&c) if c < 0x80 => {
            usize::from(c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c == b'-')
        }
        Some(_) => non_ascii_len(b, q, |ch| {
            unicode_ident::is_xid_continue(ch) || ch == '\u{200c}' || ch == '\u{200d}'
        }),
        None => 0,
    }
}

/// How many bytes the whitespace character at `q` takes (ASCII or Unicode
/// whitespace, which the platform's tag reader skips between attributes),
/// else 0.
pub(super) fn tag_space_len(b: &[u8], q: usize) -> usize {
    match b.get(q) {
        Some(&c) if c < 0x80 => usize::from(c.is_ascii_whitespace()),
        Some(_) => non_ascii_len(b, q, char::is_whitespace),
        None => 0,
    }
}

fn non_ascii_len(b: &[u8], q: usize, test: impl Fn(char) -> bool) -> usize {
    let end = (q + 4).min(b.len());
    let s = match std::str::from_utf8(&b[q..end]) {
        Ok(s) => s,
        Err(e) => std::str::from_utf8(&b[q..q + e.valid_up_to()]).unwrap_or(""),
    };
    match s.chars().next() {
        Some(ch) if u32::from(ch) <= 0xFFFF && test(ch) => ch.len_utf8(),
        _ => 0,
    }
}

/// Where the name whose characters run from `q` ends (before `limit`), the
/// bytes of `also` (`.`, `:`) taken too.
pub(super) fn name_end(b: &[u8], mut q: usize, limit: usize, also: &[u8]) -> usize {
    while q < limit {
        let n = match name_char_len(b, q) {
            0 if also.contains(&b[q]) => 1,
            n => n,
        };
        if n == 0 {
            break;
        }
        q += n;
    }
    q.min(limit)
}

/// Whether a text that starts with a front matter fence closes it (its
/// last line is the fence; [`body_start`] found no earlier one).
fn front_matter_closed(t: &str) -> bool {
    let t = t.strip_prefix('\u{feff}').unwrap_or(t);
    let Some(fence) = ["---", "+++"].into_iter().find(|f| t.starts_with(f)) else {
        return true;
    };
    let body = t.trim_end_matches(['\n', '\r']);
    body.rfind('\n')
        .is_some_and(|i| body[i + 1..].trim_end() == fence)
}

/// HTML elements that have no content, written `<br>` in HTML.
const VOID: &[&str] = &[
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
    "track", "wbr",
];

impl<'a> Reader<'a> {
    fn run(&mut self) {
        let mut pos = body_start(self.t);
        if pos == self.b.len() && !front_matter_closed(self.t) {
            // Front matter never closed is no front matter to the platform:
            // its `---` and what follows are the page's Markdown.
            pos = 0;
        }
        if pos > 0 {
            self.region(RegionKind::FrontMatter, 0..pos);
        }
        while pos < self.b.len() {
            pos = self.line(pos);
        }
        if let Some(f) = self.fence.take() {
            self.region(RegionKind::Fence, f.start..self.b.len());
        }
        self.close_para();
        self.exit_containers(0);
        // Flow elements never closed: the innermost first, as the platform
        // reports it.
        while let Some(o) = self.stack.pop() {
            self.unclosed(o.idx, None);
        }
    }

    fn region(&mut self, kind: RegionKind, span: Range<usize>) {
        if !self.tree {
            return;
        }
        self.regions.push(Region {
            kind,
            span: span.into(),
        });
    }

    fn block(&mut self, kind: BlockKind, at: usize) {
        if self.tree {
            self.blocks.push(BlockMark {
                kind,
                at: u32::try_from(at).unwrap_or(u32::MAX),
            });
        }
    }

    fn err(&mut self, range: Range<usize>, message: String, fix: Option<(Range<usize>, String)>) {
        let e = MdxError {
            range,
            message,
            fix,
        };
        if self.in_text {
            self.text_errors.push(e);
        } else {
            self.out.errors.push(e);
        }
    }

    /// An error of the tree about the tag at `tag`.
    fn tree_err(
        &mut self,
        tag: Range<usize>,
        range: Range<usize>,
        message: String,
        fix: Option<(Range<usize>, String)>,
    ) {
        self.tree_errors.push((
            MdxError {
                range,
                message,
                fix,
            },
            tag,
        ));
    }

    /// The element `idx` is never closed; `block` is where the block it had
    /// to close in starts (the platform's position) and what that block is
    /// called; without one, the error sits at the tag.
    fn unclosed(&mut self, idx: usize, block: Option<(usize, &str)>) {
        let e = &self.out.elements[idx];
        let name = e.name.clone();
        let open = e.range.start()..e.open_end as usize;
        let at = block.map_or(open.start, |(at, _)| at);
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
        } else {
            match block {
                Some((_, "table cell")) => (
                    format!(
                        "`<{name}>` is not closed before the end of its table cell: add `</{name}>` in the same cell"
                    ),
                    None,
                ),
                Some((_, "paragraph")) => (
                    format!(
                        "`<{name}>` is not closed before the end of its paragraph: add `</{name}>` in the same paragraph, or put the opening and closing tags on lines of their own"
                    ),
                    None,
                ),
                Some((_, "heading")) => (
                    format!(
                        "`<{name}>` is not closed before the end of its heading: add `</{name}>` on the heading's line"
                    ),
                    None,
                ),
                Some((_, what)) => (
                    format!(
                        "`<{name}>` is not closed before the end of its {what}: add `</{name}>` inside the {what} (a line with the same prefix or indentation)"
                    ),
                    None,
                ),
                None => (
                    format!("`<{name}>` is never closed: add `</{name}>` (or write `<{name} />`)"),
                    None,
                ),
            }
        };
        self.tree_err(open.clone(), at..open.end.max(at), message, fix);
    }

    /// Apply the tags of the text or flow line just read.
    fn apply(&mut self, flow: bool) {
        for ev in std::mem::take(&mut self.events) {
            match ev {
                Ev::OpenElement { idx, self_closing } => {
                    if !self_closing {
                        self.stack.push(OpenElement {
                            idx,
                            flow,
                            depth: self.containers.len(),
                        });
                    }
                }
                Ev::Close { name, start, end } => self.close(name, start, end, flow),
            }
        }
    }

    /// Elements opened in the text that ends here and still open: the
    /// platform says so at `start`, the start of that block.
    fn close_text(&mut self, start: usize, what: &str) {
        while self.stack.last().is_some_and(|o| !o.flow) {
            let o = self.stack.pop().expect("checked");
            self.unclosed(o.idx, Some((start, what)));
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
                start..end,
                start + 1..end.max(start + 2),
                format!("`{shown}` closes no open tag: remove it, or add the opening tag"),
                Some((start..end, String::new())),
            );
            return;
        };
        let top_name = self.out.elements[top.idx].name.clone();
        if top_name != name {
            self.tree_err(
                start..end,
                start..end,
                format!(
                    "`{shown}` does not match the open `<{top_name}>` (opened before it, the innermost open tag): close `<{top_name}>` first"
                ),
                None,
            );
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
                start..end,
                format!(
                    "`{shown}` closes `<{top_name}>`, which was opened on a line of its own, from inside a paragraph: put `{shown}` on a line of its own"
                ),
                None,
            );
        } else if top.depth < self.containers.len() {
            let what = self.containers[self.containers.len() - 1].kind.name();
            self.tree_err(
                start..end,
                start..end,
                format!(
                    "`{shown}` closes `<{top_name}>`, which was opened outside this {what}: close it where it was opened, or open it inside the {what}"
                ),
                None,
            );
        }
        let o = self.stack.pop().expect("checked");
        self.out.elements[o.idx].range = (self.out.elements[o.idx].range.start()..end).into();
    }

    fn finish(&mut self) {
        // The platform's parser stops at its first error: those of its block
        // tokenizer, then those of its inline tokenizer, then those of the
        // tree. Errors of the tree reported after the first tokenizer error
        // are likely its consequences, and so are those about a tag that
        // holds a tokenizer error (one read again as text after its flow
        // try failed).
        let text = std::mem::take(&mut self.text_errors);
        self.out.errors.extend(text);
        let first_tok = self.out.errors.iter().map(|e| e.range.start).min();
        let mut tok: Vec<usize> = self.out.errors.iter().map(|e| e.range.start).collect();
        tok.sort_unstable();
        let tree = std::mem::take(&mut self.tree_errors);
        self.out.errors.extend(
            tree.into_iter()
                .filter(|(e, tag)| {
                    first_tok.is_none_or(|f| e.range.start < f)
                        && tok
                            .get(tok.partition_point(|&t| t < tag.start))
                            .is_none_or(|&t| t >= tag.end)
                })
                .map(|(e, _)| e),
        );
        // A tag tried as a flow line and then read as text fails twice at
        // the same place: once is enough.
        if self.out.errors.len() > 1 {
            let mut seen = rustc_hash::FxHashSet::default();
            self.out
                .errors
                .retain(|e| seen.insert((e.range.start, e.message.clone())));
        }
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
        // Outer links were pushed after what their text holds; a
        // paragraph's elements after those of the flow line that ended it.
        self.out.links.sort_by_key(|l| l.range.start());
        self.out.elements.sort_by_key(|e| e.range.start());
    }
}
