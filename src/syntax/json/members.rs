//! How a left-to-right reader pairs keys, colons, values and commas in
//! one container of a text that may be broken: the state both the cursor
//! query (`query.rs`) and the recovering reader (`recover.rs`) step
//! through, so that the tree read from broken text and the cursor's path
//! in it agree on which key or index each child belongs to.

use super::tape::{Token, TokenKind};
use crate::syntax::cursor::{Seg, floor_boundary};
use std::ops::Range;

/// Where a container's reading stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum St {
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
pub(super) struct Frame {
    pub object: bool,
    pub st: St,
    /// The current key (the string token) of an object.
    pub key: Option<Token>,
    /// The current item of an array.
    pub index: usize,
}

impl Frame {
    /// A container's reading before its first child.
    pub fn new(object: bool) -> Frame {
        Frame {
            object,
            st: St::Start,
            key: None,
            index: 0,
        }
    }

    /// A child token before the cursor was read; `keyed` when a colon
    /// follows it (comments aside).
    pub fn step(&mut self, t: &Token, keys: &mut Vec<Token>, keyed: bool) {
        match t.kind {
            TokenKind::String { .. } | TokenKind::Word => {
                let string = matches!(t.kind, TokenKind::String { .. });
                if !self.object {
                    self.value_starts();
                    self.st = St::After;
                } else if self.st == St::Value && !(string && keyed) {
                    self.st = St::After;
                } else {
                    // A string where a key goes (also after a value: a
                    // missing comma; after a key: a missing value; or
                    // where a value goes but followed by a colon: the
                    // value not typed yet, `"a": ⏎ "b": 1`) starts a
                    // member.
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

    pub fn value_starts(&mut self) {
        if !self.object && self.st == St::After {
            // Two items without a comma between them.
            self.index += 1;
        }
    }

    pub fn seg(&self, text: &str) -> Seg {
        if self.object {
            Seg::Key(self.key.map(|k| inner(text, &k)).unwrap_or_default())
        } else {
            Seg::Index(self.index)
        }
    }
}

/// A string token's text between its quotes (a word's text as is).
pub(super) fn inner(text: &str, t: &Token) -> String {
    let (s, e) = (t.start as usize, t.end as usize);
    match t.kind {
        TokenKind::String { terminated } => slice(text, s + 1..e - usize::from(terminated)),
        _ => slice(text, s..e),
    }
}

/// The text of a range, tolerating ranges that are not on char boundaries.
pub(super) fn slice(text: &str, r: Range<usize>) -> String {
    let s = floor_boundary(text, r.start);
    let e = floor_boundary(text, r.end.max(s));
    text[s..e].to_string()
}

/// Whether a colon is the first token from index `i` on that is not a
/// comment: the string before it is a key.
pub(super) fn colon_at(toks: &[Token], i: usize) -> bool {
    toks.get(i..)
        .and_then(|rest| {
            rest.iter().find(|t| {
                !matches!(
                    t.kind,
                    TokenKind::LineComment | TokenKind::BlockComment { .. }
                )
            })
        })
        .is_some_and(|t| t.kind == TokenKind::Colon)
}
