//! Where the cursor is, in text that may not parse.
//!
//! Completion is asked for exactly while a document is broken (an
//! unterminated string, a missing comma, `"theme": ` with no value yet), and
//! jsonc-parser has no error recovery, so this is a separate one-pass byte
//! scanner that keeps a stack of open containers and never fails. It is
//! linear in the text before the cursor plus the rest of the enclosing
//! object, allocates nothing per container, and is total on any input.

use crate::syntax::tree::{Node, Value};
use std::ops::Range;

// The cursor's vocabulary and the front matter's cursor, where completion,
// hover and definition have always found them.
pub use super::cursor::{Seg, Slot, floor_boundary};
pub(crate) use super::front_matter_context::top_key;
pub use super::front_matter_context::{FrontMatterContext, front_matter_context};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsonContext {
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

impl JsonContext {
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

#[derive(Debug, Clone)]
struct Frame {
    is_object: bool,
    st: St,
    /// Current key (raw range between the quotes) for objects.
    key: Option<Range<usize>>,
    /// Current item index for arrays.
    index: usize,
    /// Where this frame's keys start in the shared key stack.
    keys_from: usize,
}

/// The context at `offset` (clamped into the text and onto a char boundary).
pub fn json_context(text: &str, offset: usize) -> JsonContext {
    scan_from(text, floor_boundary(text, offset), Vec::new(), 0)
}

/// [`json_context`] for a text that `tree` is the parse of: the scan starts
/// at the innermost container around the cursor, its ancestors taken from
/// the tree, instead of at the top of a 1.5 MB docs.json. `tree` must come
/// from exactly `text` (callers check that the texts are the same).
pub fn json_context_in(text: &str, offset: usize, tree: &Node) -> JsonContext {
    let offset = floor_boundary(text, offset);
    let mut stack: Vec<Frame> = Vec::new();
    let inside = |n: &Node| n.range.start < offset && offset < n.range.end;
    if !matches!(tree.value, Value::Array(_) | Value::Object(_)) || !inside(tree) {
        return json_context(text, offset);
    }
    let mut cur = tree;
    loop {
        // Members and items are in text order: find the one around the
        // cursor by binary search.
        let next = match &cur.value {
            Value::Object(props) => {
                let i = props.partition_point(|p| p.value.range.end <= offset);
                props
                    .get(i)
                    .filter(|p| is_container(&p.value) && inside(&p.value))
                    .map(|p| {
                        let k = p.key_range.start + 1..p.key_range.end.saturating_sub(1);
                        (
                            Frame {
                                is_object: true,
                                st: St::Value,
                                key: Some(k),
                                index: 0,
                                keys_from: 0,
                            },
                            &p.value,
                        )
                    })
            }
            Value::Array(items) => {
                let i = items.partition_point(|n| n.range.end <= offset);
                items
                    .get(i)
                    .filter(|n| is_container(n) && inside(n))
                    .map(|n| {
                        (
                            Frame {
                                is_object: false,
                                st: St::Start,
                                key: None,
                                index: i,
                                keys_from: 0,
                            },
                            n,
                        )
                    })
            }
            _ => None,
        };
        match next {
            Some((frame, child)) => {
                stack.push(frame);
                cur = child;
            }
            None => break,
        }
    }
    // Re-scan the innermost container from its opening bracket.
    scan_from(text, offset, stack, cur.range.start)
}

/// The context in the editor's `text`, from the file's last parse when it
/// was of the same text (`parsed`), else by a scan from the top.
pub fn json_context_for(text: &str, offset: usize, parsed: (&str, Option<&Node>)) -> JsonContext {
    match parsed {
        (t, Some(tree)) if t.len() == text.len() && (t.as_ptr() == text.as_ptr() || t == text) => {
            json_context_in(text, offset, tree)
        }
        _ => json_context(text, offset),
    }
}

fn is_container(n: &Node) -> bool {
    matches!(n.value, Value::Array(_) | Value::Object(_))
}

/// The scanner proper, from byte `i` with the containers in `stack` open.
fn scan_from(text: &str, offset: usize, mut stack: Vec<Frame>, mut i: usize) -> JsonContext {
    let b = text.as_bytes();
    let mut keys: Vec<Range<usize>> = Vec::new();
    // What the cursor sits in, once found: (token start, token end, kind).
    let mut hit: Option<Hit> = None;
    while i < b.len() {
        if i >= offset {
            break;
        }
        let c = b[i];
        match c {
            b' ' | b'\t' | b'\n' | b'\r' => i += 1,
            b'/' if b.get(i + 1) == Some(&b'/') => {
                let end = memchr_from(b, b'\n', i).unwrap_or(b.len());
                if offset <= end {
                    hit = Some(Hit::Comment);
                    break;
                }
                i = end;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let end = find_from(b, b"*/", i + 2).map_or(b.len(), |e| e + 2);
                if offset < end || end == b.len() {
                    hit = Some(Hit::Comment);
                    break;
                }
                i = end;
            }
            b'"' => {
                let (close, terminated) = string_end(b, i);
                let end = if terminated { close + 1 } else { close };
                if offset <= close {
                    hit = Some(Hit::Str {
                        start: i,
                        end,
                        terminated,
                    });
                    break;
                }
                on_value_or_key(&mut stack, &mut keys, i + 1..close, true);
                i = end;
            }
            b'{' | b'[' => {
                value_start(&mut stack);
                stack.push(Frame {
                    is_object: c == b'{',
                    st: St::Start,
                    key: None,
                    index: 0,
                    keys_from: keys.len(),
                });
                i += 1;
            }
            b'}' | b']' => {
                close(&mut stack, &mut keys, c == b'}');
                i += 1;
            }
            b':' => {
                if let Some(f) = stack.last_mut()
                    && f.is_object
                    && matches!(f.st, St::Colon | St::Start)
                {
                    f.st = St::Value;
                }
                i += 1;
            }
            b',' => {
                if let Some(f) = stack.last_mut() {
                    if f.is_object {
                        f.st = St::Start;
                        f.key = None;
                    } else {
                        f.index += 1;
                        f.st = St::Start;
                    }
                }
                i += 1;
            }
            _ => {
                let end = word_end(b, i);
                if offset <= end {
                    hit = Some(Hit::Word { start: i, end });
                    break;
                }
                on_value_or_key(&mut stack, &mut keys, i..i, false);
                i = end.max(i + 1);
            }
        }
    }

    let top = stack.last().cloned();
    // The slot a token starting here would fill.
    let slot = match &top {
        None => Slot::None,
        Some(f) if f.is_object => match f.st {
            St::Start | St::After => Slot::Key,
            St::Colon => match hit {
                // `"a" "b"`: a missing value; the new string is a key.
                Some(Hit::Str { .. }) => Slot::Key,
                _ => Slot::None,
            },
            St::Value => Slot::Value {
                key: f.key.clone().map(|r| raw(text, r)).unwrap_or_default(),
            },
        },
        Some(f) => Slot::Item {
            index: if f.st == St::After {
                f.index + 1
            } else {
                f.index
            },
        },
    };
    let mut ctx = JsonContext {
        path: path_of(text, &stack),
        slot,
        partial: String::new(),
        replace: offset..offset,
        in_quotes: false,
        has_colon: false,
        siblings: Vec::new(),
    };
    let resume = match hit {
        Some(Hit::Comment) => {
            ctx.slot = Slot::None;
            return ctx;
        }
        Some(Hit::Str {
            start,
            end,
            terminated,
        }) => {
            ctx.in_quotes = true;
            ctx.partial = text[start + 1..offset].to_string();
            ctx.replace = start..if terminated { end } else { offset };
            if terminated { end } else { line_end(b, offset) }
        }
        Some(Hit::Word { start, end }) => {
            ctx.partial = text[start..offset].to_string();
            ctx.replace = start..end;
            end
        }
        None => offset,
    };
    if ctx.slot == Slot::Key {
        ctx.has_colon = next_significant(b, resume) == Some(b':');
    }
    if let Some(f) = top.filter(|f| f.is_object) {
        ctx.siblings = keys[f.keys_from..]
            .iter()
            .map(|r| raw(text, r.clone()))
            .collect();
        forward_keys(text, resume, &mut ctx.siblings);
    }
    ctx
}

#[derive(Debug, Clone, Copy)]
enum Hit {
    Comment,
    Str {
        start: usize,
        end: usize,
        terminated: bool,
    },
    Word {
        start: usize,
        end: usize,
    },
}

/// A scalar or a key was read at the current level.
fn on_value_or_key(
    stack: &mut [Frame],
    keys: &mut Vec<Range<usize>>,
    inner: Range<usize>,
    is_string: bool,
) {
    let Some(f) = stack.last_mut() else { return };
    if f.is_object {
        match f.st {
            // A string where a key goes (also after a value: a missing
            // comma; or after a key: a missing value) starts a member.
            St::Start | St::After | St::Colon => {
                if is_string {
                    keys.push(inner.clone());
                    f.key = Some(inner);
                } else {
                    f.key = None;
                }
                f.st = St::Colon;
            }
            St::Value => f.st = St::After,
        }
    } else {
        value_start_array(f);
        f.st = St::After;
    }
}

fn value_start(stack: &mut [Frame]) {
    if let Some(f) = stack.last_mut()
        && !f.is_object
    {
        value_start_array(f);
    }
}

fn value_start_array(f: &mut Frame) {
    if f.st == St::After {
        // Two items without a comma between them.
        f.index += 1;
    }
}

/// Close the innermost container of the bracket's kind (a mismatched
/// bracket closes the unclosed containers inside it too).
fn close(stack: &mut Vec<Frame>, keys: &mut Vec<Range<usize>>, object: bool) {
    let Some(pos) = stack.iter().rposition(|f| f.is_object == object) else {
        return;
    };
    keys.truncate(stack[pos].keys_from);
    stack.truncate(pos);
    if let Some(f) = stack.last_mut() {
        f.st = St::After;
    }
}

fn path_of(text: &str, stack: &[Frame]) -> Vec<Seg> {
    // Each frame but the last contributes the step to its child container.
    let mut path = Vec::with_capacity(stack.len());
    for f in stack.iter().take(stack.len().saturating_sub(1)) {
        if f.is_object {
            path.push(Seg::Key(
                f.key.clone().map(|r| raw(text, r)).unwrap_or_default(),
            ));
        } else {
            path.push(Seg::Index(f.index));
        }
    }
    path
}

/// Keys of the object that continues at `from`, up to its closing brace.
fn forward_keys(text: &str, from: usize, out: &mut Vec<String>) {
    let b = text.as_bytes();
    let mut i = from;
    let mut depth = 0usize;
    while i < b.len() {
        match b[i] {
            b'"' => {
                let (close, terminated) = string_end(b, i);
                let end = if terminated { close + 1 } else { close };
                if depth == 0 && next_significant(b, end) == Some(b':') {
                    out.push(raw(text, i + 1..close));
                }
                i = end.max(i + 1);
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                i = memchr_from(b, b'\n', i).unwrap_or(b.len());
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i = find_from(b, b"*/", i + 2).map_or(b.len(), |e| e + 2);
            }
            b'{' | b'[' => {
                depth += 1;
                i += 1;
            }
            b'}' | b']' => {
                if depth == 0 {
                    return;
                }
                depth -= 1;
                i += 1;
            }
            _ => i += 1,
        }
    }
}

/// The end of the string that opens at `start`: (index of the closing quote
/// or of the line end / text end, whether it was closed). JSON strings hold
/// no raw newline, so an open string ends at its line.
fn string_end(b: &[u8], start: usize) -> (usize, bool) {
    let mut i = start + 1;
    while i < b.len() {
        match b[i] {
            b'"' => return (i, true),
            b'\\' => i += 2,
            b'\n' | b'\r' => return (i, false),
            _ => i += 1,
        }
    }
    (b.len(), false)
}

/// End of a bare word (a number, `true`, a half-typed key without quotes).
fn word_end(b: &[u8], start: usize) -> usize {
    let mut i = start;
    while i < b.len()
        && !matches!(
            b[i],
            b' ' | b'\t' | b'\n' | b'\r' | b'"' | b',' | b':' | b'{' | b'}' | b'[' | b']' | b'/'
        )
    {
        i += 1;
    }
    i
}

fn next_significant(b: &[u8], mut i: usize) -> Option<u8> {
    while i < b.len() {
        match b[i] {
            b' ' | b'\t' | b'\n' | b'\r' => i += 1,
            b'/' if b.get(i + 1) == Some(&b'/') => {
                i = memchr_from(b, b'\n', i).unwrap_or(b.len());
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i = find_from(b, b"*/", i + 2).map_or(b.len(), |e| e + 2);
            }
            c => return Some(c),
        }
    }
    None
}

fn line_end(b: &[u8], from: usize) -> usize {
    memchr_from(b, b'\n', from).unwrap_or(b.len())
}

fn memchr_from(b: &[u8], c: u8, from: usize) -> Option<usize> {
    b.get(from..)?
        .iter()
        .position(|&x| x == c)
        .map(|p| p + from)
}

fn find_from(b: &[u8], pat: &[u8], from: usize) -> Option<usize> {
    b.get(from..)?
        .windows(pat.len())
        .position(|w| w == pat)
        .map(|p| p + from)
}

/// The text of a range, tolerating ranges that are not on char boundaries.
fn raw(text: &str, r: Range<usize>) -> String {
    let s = floor_boundary(text, r.start);
    let e = floor_boundary(text, r.end.max(s));
    text[s..e].to_string()
}
