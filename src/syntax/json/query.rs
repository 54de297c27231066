//! Cursor questions over the tolerant tree ([`Tape`]): where the cursor is
//! in docs.json while it may not parse (what taplo's `query.rs` answers
//! over its tree). Completion, hover and definition ask this.
//!
//! The answer is read as a left-to-right reader would see the text up to
//! the cursor: in each container on the way down, its children before the
//! cursor are stepped through a small state machine (expecting a key, a
//! colon, a value, a comma), which gives the key or index of the next
//! level; the containers and values before them are skipped whole. So a
//! question costs the children of the containers around the cursor, not
//! the text.

use super::members::{Frame, St, colon_at, inner, slice};
use super::recover::Recovered;
use super::tape::{Tape, Token, TokenKind, string_end};
use crate::syntax::cursor::{Seg, Slot, floor_boundary};
use crate::syntax::tree::{Node, Value};
use std::ops::Range;

/// Where the cursor is in a JSON(C) text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsonCursor {
    /// Keys and indices from the root to the innermost open container.
    pub path: Vec<Seg>,
    pub slot: Slot,
    /// What is typed so far, from the token start (after a quote) to the
    /// cursor, unescaped only trivially (the raw text).
    pub partial: String,
    /// The byte range a completion replaces: the whole token including its
    /// quotes, or from the quote to the cursor when the string is open.
    pub replace: Range<usize>,
    pub in_quotes: bool,
    /// For a key: whether a `:` already follows it, so an insertion must
    /// not add another.
    pub has_colon: bool,
    /// Keys of the innermost object other than the one at the cursor, both
    /// before and after it.
    pub siblings: Vec<String>,
}

impl JsonCursor {
    /// The path of the value at the cursor (the container path plus the key
    /// or index), or of the object whose key is at the cursor.
    pub fn value_path(&self) -> Vec<Seg> {
        let mut p = self.path.clone();
        match &self.slot {
            Slot::Value { key } => p.push(Seg::Key(key.clone())),
            Slot::Item { index } => p.push(Seg::Index(*index)),
            Slot::Key | Slot::None => {}
        }
        p
    }
}

/// A docs.json tree a cursor question reads: the parse of a text, or the
/// tree recovered from a text that does not parse ([`Recovered`]).
#[derive(Debug, Clone, Copy)]
pub struct JsonTree<'a> {
    pub root: &'a Node,
    /// Where the containers no bracket of their own closes start, in text
    /// order (none in a parse).
    pub unclosed: &'a [usize],
}

impl<'a> JsonTree<'a> {
    pub fn parsed(root: &'a Node) -> Self {
        JsonTree {
            root,
            unclosed: &[],
        }
    }

    pub fn recovered(r: &'a Recovered) -> Self {
        JsonTree {
            root: &r.root,
            unclosed: &r.unclosed,
        }
    }

    /// Whether the cursor at `offset` is inside the container `n`: after
    /// its opening bracket, and before its closing one, or up to where an
    /// outer closer or the text's end ends it when it has none.
    fn holds(&self, n: &Node, offset: usize) -> bool {
        matches!(n.value, Value::Array(_) | Value::Object(_))
            && n.range.start < offset
            && (offset < n.range.end
                || offset == n.range.end && self.unclosed.binary_search(&n.range.start).is_ok())
    }

    /// Whether the node `n` ends before the cursor at `offset` (it neither
    /// holds it nor comes after it).
    fn ends_before(&self, n: &Node, offset: usize) -> bool {
        n.range.end < offset
            || n.range.end == offset && self.unclosed.binary_search(&n.range.start).is_err()
    }
}

/// Where the cursor is in the editor's `text`: from `tree` when it was read
/// from this same text (`tree.0`), else from a tolerant read of the text
/// up to the end of the container around the cursor (an editor's text no
/// parse has seen yet).
pub fn cursor_for(text: &str, offset: usize, tree: (&str, Option<JsonTree>)) -> JsonCursor {
    match tree {
        (t, Some(tree)) if t.len() == text.len() && (t.as_ptr() == text.as_ptr() || t == text) => {
            cursor_in(text, offset, tree)
        }
        _ => {
            let offset = floor_boundary(text, offset);
            cursor(text, &Tape::read_around(text, 0, offset, &[]), offset)
        }
    }
}

/// Where the cursor is in `text`, of which `tree` is the tree: the path
/// down to the innermost container around the cursor is read from the
/// tree (binary searches), and only that container's own tokens are read
/// as a tape, instead of a 4 MB docs.json. `tree` must come from exactly
/// `text`.
pub fn cursor_in(text: &str, offset: usize, tree: JsonTree) -> JsonCursor {
    let offset = floor_boundary(text, offset);
    let closed = |n: &&Node| {
        matches!(n.value, Value::Array(_) | Value::Object(_))
            && tree.unclosed.binary_search(&n.range.start).is_err()
    };
    if !tree.holds(tree.root, offset) {
        // Outside the tree (before it, after it, or in a value after it):
        // the tree is taped as its two brackets when it has them.
        let known: Vec<Range<usize>> = std::iter::once(tree.root)
            .filter(closed)
            .map(|n| n.range.clone())
            .collect();
        return cursor(text, &Tape::read_around(text, 0, offset, &known), offset);
    }
    let mut outer = Vec::new();
    let mut cur = tree.root;
    loop {
        // Members and items are in text order.
        let next = match &cur.value {
            Value::Object(props) => {
                let i = props.partition_point(|p| tree.ends_before(&p.value, offset));
                props
                    .get(i)
                    .filter(|p| tree.holds(&p.value, offset))
                    .map(|p| (Seg::Key(key_text(text, &p.key_range)), &p.value))
            }
            Value::Array(items) => {
                let i = items.partition_point(|n| tree.ends_before(n, offset));
                items
                    .get(i)
                    .filter(|n| tree.holds(n, offset))
                    .map(|n| (Seg::Index(i), n))
            }
            _ => None,
        };
        let Some((seg, child)) = next else { break };
        outer.push(seg);
        cur = child;
    }
    // Its child containers closed by their own brackets are known: taped
    // as their brackets only, so the question costs the container's
    // children, not its bytes.
    let children: Vec<Range<usize>> = (cur.props().iter().map(|p| &p.value))
        .chain(cur.items())
        .filter(closed)
        .map(|n| n.range.clone())
        .collect();
    let tape = Tape::read_around(text, cur.range.start, offset, &children);
    let mut c = cursor(text, &tape, offset);
    outer.append(&mut c.path);
    c.path = outer;
    c
}

/// A key's text between its quotes as written, as the tape reads it: up
/// to its line's end when its closing quote is missing (a recovered tree
/// holds such keys); empty for a member with no key.
fn key_text(text: &str, key: &Range<usize>) -> String {
    if key.is_empty() {
        return String::new();
    }
    let (close, _) = string_end(text.as_bytes(), key.start);
    slice(text, key.start + 1..close)
}

/// Whether the cursor at `offset` is in the token `t` (strictly after its
/// first byte; at its end for words, strings and line comments).
fn holds(t: &Token, offset: u32) -> bool {
    t.start < offset
        && match t.kind {
            TokenKind::Word | TokenKind::LineComment => offset <= t.end,
            TokenKind::String { terminated } => offset <= t.end - u32::from(terminated),
            TokenKind::BlockComment { terminated } => offset < t.end || !terminated,
            _ => false,
        }
}

/// Where the cursor at `offset` (clamped into the text and onto a char
/// boundary) is, in the text `tape` was read from (whole, or around
/// `offset`: [`Tape::read_around`]).
pub fn cursor(text: &str, tape: &Tape, offset: usize) -> JsonCursor {
    let offset = floor_boundary(text, offset);
    let at = offset.min(u32::MAX as usize) as u32;
    let toks = &tape.tokens;
    let mut frames: Vec<Frame> = Vec::new();
    // The innermost container (None: the top level), the next child to read
    // and where its children end.
    let mut i = 0usize;
    let mut end = tape.children_end(None);
    let mut keys: Vec<Token> = Vec::new();
    let mut hit: Option<usize> = None;
    while i < end {
        let t = &toks[i];
        if t.start >= at {
            break;
        }
        if holds(t, at) {
            hit = Some(i);
            break;
        }
        if let TokenKind::Open { object, .. } = t.kind
            && at <= tape.close_offset(i)
        {
            // The cursor is inside this container: go down.
            if let Some(f) = frames.last_mut() {
                f.value_starts();
            }
            frames.push(Frame::new(object));
            keys.clear();
            end = tape.children_end(Some(i));
            i += 1;
            continue;
        }
        if let Some(f) = frames.last_mut() {
            f.step(t, &mut keys, colon_at(toks, i + 1));
        }
        i = tape.next_sibling(i);
    }

    let top = frames.last().copied();
    let hit_kind = hit.map(|h| toks[h].kind);
    // The slot a token starting here would fill.
    let slot = match &top {
        None => Slot::None,
        Some(f) if f.object => match f.st {
            St::Start | St::After => Slot::Key,
            // `"a" "b"`: a missing value; the new string is a key.
            St::Colon if matches!(hit_kind, Some(TokenKind::String { .. })) => Slot::Key,
            St::Colon => Slot::None,
            St::Value => Slot::Value {
                key: f.key.map(|k| inner(text, &k)).unwrap_or_default(),
            },
        },
        Some(f) => Slot::Item {
            index: f.index + usize::from(f.st == St::After),
        },
    };
    let path = match frames.split_last() {
        Some((_, outer)) => outer.iter().map(|f| f.seg(text)).collect(),
        None => Vec::new(),
    };
    let mut c = JsonCursor {
        path,
        slot,
        partial: String::new(),
        replace: offset..offset,
        in_quotes: false,
        has_colon: false,
        siblings: Vec::new(),
    };
    // The first token after the cursor's.
    let mut next = i;
    if let Some(h) = hit {
        let t = &toks[h];
        let (start, tend) = (t.start as usize, t.end as usize);
        next = h + 1;
        match t.kind {
            TokenKind::LineComment | TokenKind::BlockComment { .. } => {
                c.slot = Slot::None;
                return c;
            }
            TokenKind::String { terminated } => {
                c.in_quotes = true;
                c.partial = slice(text, start + 1..offset);
                c.replace = start..if terminated { tend } else { offset };
            }
            _ => {
                c.partial = slice(text, start..offset);
                c.replace = start..tend;
            }
        }
    }
    if c.slot == Slot::Key {
        c.has_colon = colon_at(toks, next);
    }
    if top.is_some_and(|f| f.object) {
        c.siblings = keys.iter().map(|k| inner(text, k)).collect();
        // Keys after the cursor: strings followed by a colon, up to the
        // object's end.
        let mut j = next;
        while j < end {
            if let TokenKind::String { .. } = toks[j].kind
                && colon_at(toks, j + 1)
            {
                c.siblings.push(inner(text, &toks[j]));
            }
            j = tape.next_sibling(j);
        }
    }
    c
}

#[cfg(test)]
mod tests;
