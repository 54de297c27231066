//! Questions about a cursor in a page, answered from what the reader saw
//! ([`PageTree`]): is it in code, in a JSX tag (its name, a prop's name or
//! value), in a link destination, in an import's source? Completion, hover
//! and definition ask here instead of reading the page text again, so they
//! agree with the diagnostics on what is code and what is a tag.

use super::{Element, Import, Link, PageTree, RegionKind};
use std::ops::Range;

/// Where a cursor is.
#[derive(Debug, Clone, PartialEq)]
pub enum PageAt<'a> {
    /// In the front matter, a fenced code or math block, a code span or
    /// inline math: no completion there.
    Code,
    /// In a JSX tag.
    Tag(Tag<'a>),
    /// In a link destination after `](` (closed or being typed).
    Destination {
        /// Where the destination starts.
        start: usize,
        image: bool,
        /// The whole link, when it is one.
        link: Option<&'a Link>,
    },
    /// In the source of an import, inside its quotes.
    ImportSource(&'a Import),
    /// In a `{…}` expression outside tags.
    Expression,
    /// Anywhere else.
    Text,
}

/// The tag around a cursor.
#[derive(Debug, Clone, PartialEq)]
pub struct Tag<'a> {
    /// As written; empty right after a lone `<`.
    pub name: &'a str,
    pub name_range: Range<usize>,
    pub closing: bool,
    /// The opening tag's element (`None` for a closing tag or a lone `<`).
    pub element: Option<&'a Element>,
    /// The props written in the tag (before and after the cursor), with
    /// the ranges of their names.
    pub attrs: Vec<(&'a str, Range<usize>)>,
    pub place: Place,
}

/// Where in a tag the cursor is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    /// In (or right after) the tag name.
    Name,
    /// Where a prop name goes (an empty range), or in one.
    AttrName { range: Range<usize> },
    /// In the quoted value of `attr` (`range`: inside the quotes; for a
    /// value never closed, to the end of its line).
    AttrValue { attr: String, range: Range<usize> },
    /// In an expression (`name={…}`, `{...props}`): nothing to offer.
    Other,
}

/// What is at `offset` of the page `tree` was read from (`text`).
pub fn at<'a>(tree: &'a PageTree, text: &'a str, offset: usize) -> PageAt<'a> {
    let code = tree.regions.iter().any(|r| {
        let inside = r.span.start() < offset && offset < r.span.end();
        match r.kind {
            RegionKind::FrontMatter | RegionKind::CodeSpan => inside,
            // A fence ends with its closing line's text: the cursor at its
            // end is still in it.
            RegionKind::Fence => inside || offset == r.span.end() && offset > r.span.start(),
            _ => false,
        }
    });
    if code {
        return PageAt::Code;
    }
    if let Some(tag) = tag_at(tree, text, offset) {
        return PageAt::Tag(tag);
    }
    if let Some(i) = tree
        .index
        .imports
        .iter()
        .find(|i| i.source_range.start <= offset && offset <= i.source_range.end)
    {
        return PageAt::ImportSource(i);
    }
    for r in &tree.regions {
        if let RegionKind::Destination { image } = r.kind
            && r.span.start() <= offset
            && offset <= r.span.end()
        {
            let link = tree
                .index
                .links
                .iter()
                .find(|l| l.target_range.start() == r.span.start());
            return PageAt::Destination {
                start: r.span.start(),
                image,
                link,
            };
        }
    }
    let expression = tree.regions.iter().any(|r| {
        r.kind == RegionKind::Expression && r.span.start() < offset && offset < r.span.end()
    });
    if expression {
        return PageAt::Expression;
    }
    PageAt::Text
}

/// The tag the cursor is in: an opening tag from its name up to before its
/// `>` (to where the reader stopped when it never ends), a closing tag, or
/// the name about to be typed after a lone `<`.
fn tag_at<'a>(tree: &'a PageTree, text: &'a str, offset: usize) -> Option<Tag<'a>> {
    let b = text.as_bytes();
    let inside = |start: usize, end: usize| {
        let ended = end > start && b.get(end - 1) == Some(&b'>');
        start < offset && (offset < end || !ended && offset == end)
    };
    // The innermost: the one opened last.
    let element = tree
        .index
        .elements
        .iter()
        .filter(|e| inside(e.range.start(), e.open_end as usize))
        .max_by_key(|e| e.range.start());
    if let Some(e) = element {
        return Some(open_tag(tree, text, e, offset));
    }
    for r in &tree.regions {
        if let RegionKind::CloseTag { name } = r.kind
            && inside(r.span.start(), r.span.end())
        {
            let place = if name.start() <= offset && offset <= name.end() {
                Place::Name
            } else {
                Place::AttrName {
                    range: offset..offset,
                }
            };
            return Some(Tag {
                name: &text[name.range()],
                name_range: name.range(),
                closing: true,
                element: None,
                attrs: Vec::new(),
                place,
            });
        }
    }
    // `<` just typed: what follows is no tag yet.
    (offset > 0 && b.get(offset - 1) == Some(&b'<')).then(|| Tag {
        name: "",
        name_range: offset..offset,
        closing: false,
        element: None,
        attrs: Vec::new(),
        place: Place::Name,
    })
}

fn open_tag<'a>(tree: &'a PageTree, text: &'a str, e: &'a Element, offset: usize) -> Tag<'a> {
    use super::AttrValue;
    let mut attrs: Vec<(&str, Range<usize>)> = e
        .attrs
        .iter()
        .filter(|a| a.name != "...")
        .map(|a| (&text[a.name_range.range()], a.name_range.range()))
        .collect();
    let open = e.range.start()..e.open_end as usize;
    let mut place = None;
    if e.name_range.start() <= offset && offset <= e.name_range.end() {
        place = Some(Place::Name);
    }
    for a in &e.attrs {
        if place.is_some() {
            break;
        }
        let n = a.name_range;
        if a.name != "..." && n.start() <= offset && offset <= n.end() {
            place = Some(Place::AttrName { range: n.range() });
            continue;
        }
        place = match &a.value {
            AttrValue::String { range, .. } if range.start() <= offset && offset <= range.end() => {
                Some(Place::AttrValue {
                    attr: a.name.to_string(),
                    range: range.range(),
                })
            }
            AttrValue::Expression { range } if range.start() < offset && offset < range.end() => {
                Some(Place::Other)
            }
            _ => None,
        };
    }
    // A value whose quote is never closed: its attribute is not among the
    // element's.
    for r in &tree.regions {
        if let RegionKind::OpenValue { name } = r.kind
            && open.contains(&name.start())
        {
            attrs.push((&text[name.range()], name.range()));
            if place.is_none() && r.span.start() <= offset && offset <= r.span.end() {
                place = Some(Place::AttrValue {
                    attr: text[name.range()].to_string(),
                    range: r.span.range(),
                });
            }
        }
    }
    Tag {
        name: &text[e.name_range.range()],
        name_range: e.name_range.range(),
        closing: false,
        element: Some(e),
        attrs,
        place: place.unwrap_or(Place::AttrName {
            range: offset..offset,
        }),
    }
}

/// The import that brings `n` (`None` for a name the page exports).
pub fn import_of<'a>(tree: &'a PageTree, n: &super::Name) -> Option<&'a Import> {
    n.import.and_then(|i| tree.index.imports.get(i as usize))
}

#[cfg(test)]
mod tests;
