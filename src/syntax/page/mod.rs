//! The page-body reader: one pass over an MDX/Markdown page that yields its
//! index (headings, links of every form, imports and exports, JSX/HTML
//! elements) and the MDX syntax the platform's parser refuses.
//!
//! The reader is a hand-written scanner, not a Markdown parser: it knows the
//! block structure that decides what is code (fenced code; MDX has no
//! indented code), JSX tags, `{…}` expressions, ESM lines and the inline
//! forms of links, and nothing else. See `benches/page.rs` for its speed
//! next to pulldown-cmark and the `markdown` crate.
//!
//! Pure, no I/O, never panics: a panic inside is caught here and becomes one
//! [`MdxError`] for the page.

mod acorn;
pub mod at_offset;
mod js;
mod scan;
#[cfg(test)]
mod tests;
mod text;

/// Short strings (names, heading texts) kept inline: a 25,000-page site
/// holds about a million of them, each a heap allocation as a `String`.
pub use compact_str::CompactString;
pub use span::Span;
use std::ops::Range;

mod span {
    use std::ops::Range;

    /// A byte range of a page in 8 bytes instead of 16: a 25,000-page site
    /// holds about a million of them. Pages are far below 4 GiB (the
    /// reader's size limit), so offsets fit in `u32`.
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
    pub struct Span {
        start: u32,
        end: u32,
    }

    impl Span {
        pub fn start(self) -> usize {
            self.start as usize
        }
        pub fn end(self) -> usize {
            self.end as usize
        }
        pub fn range(self) -> Range<usize> {
            self.start()..self.end()
        }
        pub fn len(self) -> usize {
            self.end() - self.start()
        }
        pub fn is_empty(self) -> bool {
            self.start == self.end
        }
        pub fn contains(self, at: usize) -> bool {
            self.range().contains(&at)
        }
    }

    impl From<Range<usize>> for Span {
        fn from(r: Range<usize>) -> Span {
            let clamp = |x: usize| u32::try_from(x).unwrap_or(u32::MAX);
            Span {
                start: clamp(r.start),
                end: clamp(r.end),
            }
        }
    }

    impl From<Span> for Range<usize> {
        fn from(s: Span) -> Range<usize> {
            s.range()
        }
    }

    impl std::fmt::Debug for Span {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "{}..{}", self.start, self.end)
        }
    }
}

/// What one page holds, read once per page version from its full text
/// (front matter included; byte offsets are into the full text).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PageIndex {
    /// In document order, including headings inside components.
    pub headings: Vec<Heading>,
    /// Every link-like reference outside code, in document order.
    pub links: Vec<Link>,
    /// ESM imports.
    pub imports: Vec<Import>,
    /// Names of `export const X = …`, `export function X`, …
    pub exports: Vec<String>,
    /// Every JSX/HTML element opened in the body, in document order.
    pub elements: Vec<Element>,
    /// MDX syntax the platform's parser refuses. The platform stops at its
    /// first error; `errors[0]` is the one it reports (errors of its
    /// tokenizer first, in document order, then those of its tree).
    pub errors: Vec<MdxError>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Heading {
    pub level: u8,
    /// Plain text as rendered, without `{#id}`.
    pub text: CompactString,
    pub custom_id: Option<CompactString>,
    /// The heading line (marker to end of text, without the line break).
    pub range: Span,
    /// Inside a JSX element (`<Tab>`, `<Accordion>`, …).
    pub in_component: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkKind {
    /// `[text](target)`
    Markdown,
    /// `![alt](target)`
    Image,
    /// `[text][ref]`, `[ref][]`, `[ref]` resolved to its definition (the
    /// target is the definition's).
    Reference,
    /// `[ref]: target`
    Definition,
    /// `<a href>`, `<Card href>`, …
    Href,
    /// `<img src>`, `<video src>`, …
    Src,
    /// An `img=""` prop.
    Img,
    /// `<Snippet file="…" />`
    Snippet,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Link {
    pub kind: LinkKind,
    /// As written, not decoded.
    pub target: Box<str>,
    /// The target text only.
    pub target_range: Span,
    /// The whole link (for props: the attribute).
    pub range: Span,
    /// The component/tag name for prop links.
    pub element: Option<CompactString>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Import {
    pub source: String,
    /// The source text without its quotes.
    pub source_range: Range<usize>,
    pub default: Option<String>,
    /// Local names of named imports (`{ A, B as C }` gives `A`, `C`), and of
    /// `* as X`.
    pub named: Vec<String>,
    /// The names a named import asks the file to export (`{ A, B as C }`
    /// gives `A`, `B`), with their ranges.
    pub imported: Vec<(String, Range<usize>)>,
    pub range: Range<usize>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Element {
    /// Tag name as written (`Card`, `a`, `Tabs.Tab`); empty for fragments.
    pub name: CompactString,
    pub name_range: Span,
    pub attrs: Vec<Attr>,
    /// The whole element, open tag to end of close tag (to the end of the
    /// open tag when never closed).
    pub range: Span,
    /// End of the opening tag.
    pub open_end: u32,
    pub self_closing: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Attr {
    /// `...` for a spread (`{...props}`).
    pub name: CompactString,
    pub name_range: Span,
    pub value: AttrValue,
}

#[derive(Debug, Clone, PartialEq)]
pub enum AttrValue {
    None,
    /// A quoted value; `range` is inside the quotes, `value` as written.
    String {
        value: CompactString,
        range: Span,
    },
    /// `{…}`; `range` covers the braces.
    Expression {
        range: Span,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct MdxError {
    /// Starts where the platform's parser reports the error.
    pub range: Range<usize>,
    pub message: String,
    /// A mechanical fix: replace this range with this text.
    pub fix: Option<(Range<usize>, String)>,
}

impl Element {
    pub fn attr(&self, name: &str) -> Option<&Attr> {
        self.attrs.iter().find(|a| a.name == name)
    }
}

/// A page as the reader saw it, for questions about a cursor in one open
/// document: the index, and where the reader met what the index does not
/// keep (code, expressions, ESM, link destinations being typed, closing
/// tags) and the names the page's ESM brings into scope. Pages read in bulk
/// keep the index only ([`read`]).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PageTree {
    pub index: PageIndex,
    /// In the order the reader met them (not sorted).
    pub regions: Vec<Region>,
    /// Imported and exported names, in document order.
    pub names: Vec<Name>,
    /// The block structure, in document order: containers opened and
    /// ended, and the leaf blocks in them (what the CommonMark and GFM spec
    /// examples are checked against, `tests/commonmark_blocks.rs`).
    pub blocks: Vec<BlockMark>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BlockMark {
    pub kind: BlockKind,
    /// Where the block starts (for `End`: where its container was ended).
    pub at: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockKind {
    /// A block quote opens.
    Quote,
    /// A list item opens.
    Item,
    /// The innermost open block quote or list item ends.
    End,
    Paragraph,
    /// An ATX or setext heading of this level.
    Heading(u8),
    /// A fenced code or `$$` math block.
    Fence,
    Table,
    ThematicBreak,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Region {
    pub kind: RegionKind,
    pub span: Span,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RegionKind {
    /// The front matter, fences included.
    FrontMatter,
    /// A fenced code block or a `$$` math block, from its opening fence to
    /// the end of its closing fence (or where its container or the page
    /// ends it).
    Fence,
    /// A code span or inline math, its backticks (or `$`) included.
    CodeSpan,
    /// A `{…}` expression, braces included (to where the reader stopped
    /// when it is never closed).
    Expression,
    /// An ESM block (`import`/`export` lines up to a blank line).
    Esm,
    /// A link destination after `](`: the target text of a whole link, or
    /// what is being typed in one not yet closed (to the first space or
    /// `)`).
    Destination { image: bool },
    /// A closing tag `</name>` (`span` from `<` to after `>`, or to where
    /// the reader stopped).
    CloseTag { name: Span },
    /// A quoted attribute value whose quote is never closed: `span` is the
    /// value from after the quote to the end of its line, `name` the
    /// attribute's name. Its element is the one whose open tag holds it.
    OpenValue { name: Span },
}

/// A name the page's ESM brings into scope.
#[derive(Debug, Clone, PartialEq)]
pub struct Name {
    pub name: CompactString,
    /// Where the name is written.
    pub range: Span,
    /// The import that brings it (an index into `PageIndex::imports`), or
    /// `None` for a name the page exports (`export const X`).
    pub import: Option<u32>,
}

/// Read a page. Never panics.
pub fn read(text: &str) -> PageIndex {
    read_with(text, false).index
}

/// Read a page, keeping what cursor questions need ([`at_offset`]). Never
/// panics.
pub fn read_tree(text: &str) -> PageTree {
    read_with(text, true)
}

fn read_with(text: &str, tree: bool) -> PageTree {
    match std::panic::catch_unwind(|| scan::read(text, tree)) {
        Ok(tree) => tree,
        Err(_) => PageTree {
            index: PageIndex {
                errors: vec![MdxError {
                    range: 0..0,
                    message:
                        "docs-lsp could not read this page (an internal error); please report it"
                            .into(),
                    fix: None,
                }],
                ..PageIndex::default()
            },
            ..PageTree::default()
        },
    }
}

/// Where the body starts: after the front matter's closing fence line, or 0.
pub fn body_start(text: &str) -> usize {
    let bom = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let rest = &text[bom..];
    // The opening fence may end in spaces or tabs, as the platform's
    // front matter extension reads it (`---  ` opens front matter).
    let first = rest.split('\n').next().unwrap_or(rest);
    let fence = match first.trim_end_matches([' ', '\t', '\r']) {
        "---" if first.len() < rest.len() => "---",
        "+++" if first.len() < rest.len() => "+++",
        _ => return 0,
    };
    let mut pos = bom + rest.find('\n').map_or(rest.len(), |i| i + 1);
    while pos < text.len() {
        let end =
            memchr::memchr(b'\n', &text.as_bytes()[pos..]).map_or(text.len(), |i| pos + i + 1);
        let line = text[pos..end].trim_end();
        if line == fence {
            return end;
        }
        pos = end;
    }
    // Unclosed front matter: the front matter reader reports it.
    text.len()
}

/// The part of a heading's source that is its text, within the heading's
/// `range` as written in `source` (an ATX line or a setext paragraph):
/// after the `#` marker, before a closing `#` sequence and a custom id
/// `{#id}`; relative to the start of `source`. What a heading rename
/// replaces.
pub fn heading_text_range(source: &str) -> std::ops::Range<usize> {
    let trimmed_start = source.len() - source.trim_start().len();
    let rest = &source[trimmed_start..];
    let (start, end) = if rest.starts_with('#') {
        let marks = rest.len() - rest.trim_start_matches('#').len();
        let after = &rest[marks..];
        let ws = after.len() - after.trim_start_matches([' ', '\t']).len();
        let start = trimmed_start + marks + ws;
        let mut end = source.trim_end().len().max(start);
        // A closing sequence: `#`s preceded by whitespace (or alone).
        let t = &source[start..end];
        let closing = t.trim_end_matches('#');
        if closing.len() < t.len() && (closing.is_empty() || closing.ends_with([' ', '\t'])) {
            end = start + closing.trim_end().len();
        }
        (start, end)
    } else {
        // A setext heading: its paragraph lines.
        (trimmed_start, source.trim_end().len().max(trimmed_start))
    };
    let text = &source[start..end];
    let (kept, id) = text::split_custom_id(text);
    if id.is_some() {
        start..start + kept.len()
    } else {
        start..end
    }
}

/// The plain text a heading written as `source` (inline Markdown) shows,
/// without a custom id: what its id is made from.
pub fn heading_plain_text(source: &str) -> String {
    text::plain(text::split_custom_id(source).0)
}
