//! The items of an outline as the editor shows them: folding ranges and
//! document symbols. `folding` and `symbols` answer with them; `page_outline`
//! builds a page's.

use std::ops::Range;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FoldKind {
    /// An object or array.
    Region,
    Comment,
    FrontMatter,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FoldingRange {
    /// From the opening bracket to the closing one (inclusive of both);
    /// the protocol layer turns this into lines.
    pub range: Range<usize>,
    pub kind: FoldKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SymbolKind {
    /// A top-level docs.json key other than `navigation`.
    Key,
    Navigation,
    Global,
    Language,
    Version,
    Product,
    Tab,
    Anchor,
    Dropdown,
    Group,
    /// A menu item of a tab.
    Item,
    Page,
    Endpoint,
    /// A heading of a page.
    Heading,
    /// A component block of a page.
    Component,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Symbol {
    pub name: String,
    pub detail: Option<String>,
    pub kind: SymbolKind,
    /// The whole element.
    pub range: Range<usize>,
    /// The part to highlight: the label value, or the entry.
    pub selection_range: Range<usize>,
    pub children: Vec<Symbol>,
}
