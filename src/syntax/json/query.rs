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

use super::tape::{Tape, Token, TokenKind};
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

/// Where a container's reading stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum St {
    /// Object: expecting a key. Array: expecting an item.
    Start,
    /// Object: a key was read, expecting `:`.
    Colon,
    /// Object: expecting the member value.
    Value,
    /// A value was read, expecting `,` or the closing bracket.
    After,
}

#[derive(Debug, Clone, Copy)]
struct Frame {
    object: bool,
    st: St,
    /// The current key (the string token) of an object.
    key: Option<Token>,
    /// The current item of an array.
    index: usize,
}

impl Frame {
    /// A child token before the cursor was read.
    fn step(&mut self, t: &Token, keys: &mut Vec<Token>) {
        match t.kind {
            TokenKind::String { .. } | TokenKind::Word => {
                let string = matches!(t.kind, TokenKind::String { .. });
                if !self.object {
                    self.value_starts();
                    self.st = St::After;
                } else if self.st == St::Value {
                    self.st = St::After;
                } else {
                    // A string where a key goes (also after a value: a
                    // missing comma; or after a key: a missing value)
                    // starts a member.
                    self.key = string.then_some(*t);
                    if string {
                        keys.push(*t);
                    }
                    self.st = St::Colon;
                }
            }
            TokenKind::Open { closed, .. } => {
                self.value_starts();
                if closed {
                    self.st = St::After;
                }
            }
            TokenKind::Colon => {
                if self.object && matches!(self.st, St::Colon | St::Start) {
                    self.st = St::Value;
                }
            }
            TokenKind::Comma => {
                if self.object {
                    self.key = None;
                } else {
                    self.index += 1;
                }
                self.st = St::Start;
            }
            TokenKind::Close
            | TokenKind::LineComment
            | TokenKind::BlockComment { .. }
            | TokenKind::Stray => {}
        }
    }

    fn value_starts(&mut self) {
        if !self.object && self.st == St::After {
            // Two items without a comma between them.
            self.index += 1;
        }
    }

    fn seg(&self, text: &str) -> Seg {
        if self.object {
            Seg::Key(self.key.map(|k| inner(text, &k)).unwrap_or_default())
        } else {
            Seg::Index(self.index)
        }
    }
}

/// Where the cursor is in the editor's `text`: from the file's last parse
/// when it was of this same text (`parsed`), else from a tolerant read of
/// the text up to the end of the container around the cursor.
pub fn cursor_for(text: &str, offset: usize, parsed: (&str, Option<&Node>)) -> JsonCursor {
    match parsed {
        (t, Some(tree)) if t.len() == text.len() && (t.as_ptr() == text.as_ptr() || t == text) => {
            cursor_in(text, offset, tree)
        }
        _ => {
            let offset = floor_boundary(text, offset);
            cursor(text, &Tape::read_around(text, 0, offset, &[]), offset)
        }
    }
}

/// Where the cursor is in `text`, of which `tree` is the parse: the path
/// down to the innermost container around the cursor is read from the
/// tree (binary searches), and only that container's own tokens are read
/// as a tape, instead of a 4 MB docs.json. `tree` must come from exactly
/// `text`.
pub fn cursor_in(text: &str, offset: usize, tree: &Node) -> JsonCursor {
    let offset = floor_boundary(text, offset);
    let inside = |n: &Node| n.range.start < offset && offset < n.range.end;
    let container = |n: &Node| matches!(n.value, Value::Array(_) | Value::Object(_));
    if !container(tree) || !inside(tree) {
        return cursor(text, &Tape::read_around(text, 0, offset, &[]), offset);
    }
    let mut outer = Vec::new();
    let mut cur = tree;
    loop {
        // Members and items are in text order.
        let next = match &cur.value {
            Value::Object(props) => {
                let i = props.partition_point(|p| p.value.range.end <= offset);
                props
                    .get(i)
                    .filter(|p| container(&p.value) && inside(&p.value))
                    .map(|p| {
                        let k = p.key_range.start + 1..p.key_range.end.saturating_sub(1);
                        (Seg::Key(slice(text, k)), &p.value)
                    })
            }
            Value::Array(items) => {
                let i = items.partition_point(|n| n.range.end <= offset);
                items
                    .get(i)
                    .filter(|n| container(n) && inside(n))
                    .map(|n| (Seg::Index(i), n))
            }
            _ => None,
        };
        let Some((seg, child)) = next else { break };
        outer.push(seg);
        cur = child;
    }
    // Its child containers are known: taped as their brackets only, so
    // the question costs the container's children, not its bytes.
    let children: Vec<Range<usize>> = match &cur.value {
        Value::Object(props) => props
            .iter()
            .map(|p| &p.value)
            .filter(|n| container(n))
            .map(|n| n.range.clone())
            .collect(),
        _ => cur
            .items()
            .iter()
            .filter(|n| container(n))
            .map(|n| n.range.clone())
            .collect(),
    };
    let tape = Tape::read_around(text, cur.range.start, offset, &children);
    let mut c = cursor(text, &tape, offset);
    outer.append(&mut c.path);
    c.path = outer;
    c
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
            frames.push(Frame {
                object,
                st: St::Start,
                key: None,
                index: 0,
            });
            keys.clear();
            end = tape.children_end(Some(i));
            i += 1;
            continue;
        }
        if let Some(f) = frames.last_mut() {
            f.step(t, &mut keys);
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
        c.has_colon = significant(toks, next).is_some_and(|t| t.kind == TokenKind::Colon);
    }
    if top.is_some_and(|f| f.object) {
        c.siblings = keys.iter().map(|k| inner(text, k)).collect();
        // Keys after the cursor: strings followed by a colon, up to the
        // object's end.
        let mut j = next;
        while j < end {
            if let TokenKind::String { .. } = toks[j].kind
                && significant(toks, j + 1).is_some_and(|t| t.kind == TokenKind::Colon)
            {
                c.siblings.push(inner(text, &toks[j]));
            }
            j = tape.next_sibling(j);
        }
    }
    c
}

/// The first token from index `i` on that is not a comment.
fn significant(toks: &[Token], i: usize) -> Option<&Token> {
    toks.get(i..)?.iter().find(|t| {
        !matches!(
            t.kind,
            TokenKind::LineComment | TokenKind::BlockComment { .. }
        )
    })
}

/// A string token's text between its quotes (a word's text as is).
fn inner(text: &str, t: &Token) -> String {
    let (s, e) = (t.start as usize, t.end as usize);
    match t.kind {
        TokenKind::String { terminated } => slice(text, s + 1..e - usize::from(terminated)),
        _ => slice(text, s..e),
    }
}

/// The text of a range, tolerating ranges that are not on char boundaries.
fn slice(text: &str, r: Range<usize>) -> String {
    let s = floor_boundary(text, r.start);
    let e = floor_boundary(text, r.end.max(s));
    text[s..e].to_string()
}

#[cfg(test)]
mod tests;
