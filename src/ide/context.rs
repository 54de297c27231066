//! Where the cursor is, in text that may not parse.
//!
//! Completion is asked for exactly while a document is broken (an
//! unterminated string, a missing comma, `"theme": ` with no value yet), and
//! jsonc-parser has no error recovery, so this is a separate one-pass byte
//! scanner that keeps a stack of open containers and never fails. It is
//! linear in the text before the cursor plus the rest of the enclosing
//! object, allocates nothing per container, and is total on any input.

use crate::syntax::frontmatter;
use crate::syntax::tree::{Node, Value};
use std::ops::Range;

/// One step of a JSON path.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Seg {
    Key(String),
    Index(usize),
}

/// What kind of place the cursor is at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Slot {
    /// Where an object key is (or goes).
    Key,
    /// The value of the object member `key`.
    Value { key: String },
    /// Item `index` of an array.
    Item { index: usize },
    /// Nowhere useful: a comment, between a key and its colon, outside any
    /// container.
    None,
}

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

/// `offset` clamped to the text and moved back onto a char boundary.
pub fn floor_boundary(text: &str, offset: usize) -> usize {
    let mut o = offset.min(text.len());
    while !text.is_char_boundary(o) {
        o -= 1;
    }
    o
}

/// Where the cursor is in a page's front matter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FrontMatterContext {
    /// Keys and indices from the front matter's root to the mapping the
    /// cursor's key (or the list holding its item) belongs to: empty at the
    /// top level, `[icon]` in `icon:\n  style: |`, `[contextual, options,
    /// 0]` in `contextual:\n  options:\n    - title: x\n      icon: |`.
    pub path: Vec<Seg>,
    pub slot: Slot,
    /// What is typed so far (without an opening quote).
    pub partial: String,
    pub replace: Range<usize>,
    /// Whether the value is a `- item` of a list under `key`.
    pub in_list: bool,
    /// Keys of the same mapping present on other lines.
    pub present: Vec<String>,
}

/// One line of front matter as block YAML lays it out.
#[derive(Debug, Clone, Copy)]
struct FmLine<'a> {
    /// Column of the `-` of a sequence item.
    dash: Option<usize>,
    /// Column where the line's content starts (after `- `).
    col: usize,
    /// `key:` at `col`, and whether a value follows it on the line.
    key: Option<(&'a str, bool)>,
    /// Where the key's colon is, from the line start.
    colon: usize,
}

fn fm_line(line: &str) -> Option<FmLine<'_>> {
    let trimmed = line.trim_start_matches([' ', '\t']);
    if trimmed.is_empty() || trimmed.starts_with('#') {
        return None;
    }
    let indent = line.len() - trimmed.len();
    let (dash, rest) = match trimmed.strip_prefix('-') {
        Some(r) if r.is_empty() || r.starts_with([' ', '\t']) => {
            (Some(indent), r.trim_start_matches([' ', '\t']))
        }
        _ => (None, trimmed),
    };
    let col = line.len() - rest.len();
    let key = yaml_key(rest);
    Some(FmLine {
        dash,
        col,
        key: key.map(|(k, _, v)| (k, v)),
        colon: key.map_or(0, |(_, c, _)| col + c),
    })
}

/// `key` of a `key: value` (or `key:`) text, where its colon is, and
/// whether a value follows. A colon inside the key (`og:title`) is not
/// followed by a space.
fn yaml_key(s: &str) -> Option<(&str, usize, bool)> {
    let c = s.char_indices().find_map(|(i, ch)| {
        (ch == ':'
            && s[i + 1..]
                .chars()
                .next()
                .is_none_or(|n| n == ' ' || n == '\t'))
        .then_some(i)
    })?;
    let k = s[..c].trim();
    if k.is_empty() || k.starts_with(['"', '\'', '{', '[']) {
        return None;
    }
    let value = s[c + 1..].trim();
    Some((k, c, !value.is_empty() && !value.starts_with('#')))
}

/// The keys and indices leading to the mapping at column `col` that holds
/// the line at `lines[at]` (`item`: the line starts an item of a sequence
/// whose dashes are at that column), read upwards by indentation. `None`
/// when the layout is not block YAML (a deeper line under a key that has a
/// value).
fn fm_path(lines: &[FmLine], at: usize, col: usize, item: Option<usize>) -> Option<Vec<Seg>> {
    // Innermost first; reversed at the end.
    let mut segs: Vec<Seg> = Vec::new();
    // Either in a mapping at `col`, or in a sequence with dashes at `seq`
    // (counting its items above the cursor).
    let mut col = col;
    let mut seq: Option<usize> = None;
    if let Some(d) = item {
        segs.push(Seg::Index(0));
        seq = Some(d);
    }
    for l in lines[..at].iter().rev() {
        if let Some(d) = seq {
            if l.dash == Some(d) {
                if let Some(Seg::Index(n)) = segs.last_mut() {
                    *n += 1;
                }
                continue;
            }
            // The key holding the sequence: above it, at most as deep
            // (`key:\n- a` is block YAML too).
            match l.key {
                Some((k, false)) if l.col <= d => {
                    segs.push(Seg::Key(k.to_string()));
                    seq = None;
                    col = l.col;
                    if let Some(d) = l.dash {
                        segs.push(Seg::Index(0));
                        seq = Some(d);
                    }
                }
                _ if l.col <= d || l.dash.is_some_and(|x| x < d) => return None,
                _ => {}
            }
            continue;
        }
        if col == 0 {
            break;
        }
        if l.dash.is_some_and(|d| d < col) && l.col == col {
            // `- first: x` above `  second: |`: the item's mapping.
            segs.push(Seg::Index(0));
            seq = l.dash;
            continue;
        }
        if l.col < col || l.dash.is_some_and(|d| d < col) {
            match l.key {
                Some((k, false)) => {
                    segs.push(Seg::Key(k.to_string()));
                    col = l.col;
                    if let Some(d) = l.dash {
                        segs.push(Seg::Index(0));
                        seq = Some(d);
                    }
                }
                _ => return None,
            }
        }
    }
    if seq.is_some() || col != 0 {
        // A sequence or an indented mapping with nothing holding it.
        return None;
    }
    segs.reverse();
    Some(segs)
}

/// The keys of the mapping at column `col` around `lines[at]`: lines at
/// that column up to where the mapping ends, above and below.
fn fm_siblings(lines: &[FmLine], at: usize, col: usize) -> Vec<String> {
    let in_mapping = |l: &FmLine| l.col >= col && l.dash.is_none_or(|d| d >= col);
    let mut out = Vec::new();
    let mut take = |l: &FmLine| {
        if l.col == col
            && let Some((k, _)) = l.key
        {
            out.push(k.to_string());
        }
    };
    for l in lines[..at].iter().rev() {
        if !in_mapping(l) {
            // The `- key:` starting this item belongs to it.
            if l.dash.is_some() && l.col == col {
                take(l);
            }
            break;
        }
        take(l);
    }
    for l in &lines[at + 1..] {
        if !in_mapping(l) {
            break;
        }
        take(l);
    }
    out
}

/// The front matter context at `offset`, or `None` outside the front matter.
/// Read line by line, by indentation (block YAML, as front matter is
/// written), so that it works while the YAML is broken.
pub fn front_matter_context(text: &str, offset: usize) -> Option<FrontMatterContext> {
    let offset = floor_boundary(text, offset);
    // Front matter is small; parsing it again is cheaper than a second
    // fence finder that could disagree with the real one.
    let body = frontmatter::parse(0, text).body?;
    if offset < body.start || offset > body.end {
        return None;
    }
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let line_stop = text[offset..]
        .find('\n')
        .map_or(text.len(), |i| offset + i)
        .min(body.end.max(offset));
    let line = &text[line_start..line_stop];
    let mut lines: Vec<FmLine> = Vec::new();
    let mut at = None;
    for (start, l) in lines_in(text, body.clone()) {
        if start == line_start {
            if l.trim_start().starts_with('#') {
                return None;
            }
            at = Some(lines.len());
            // The cursor's line, even blank (where a key is being typed).
            lines.push(fm_line(l).unwrap_or(FmLine {
                dash: None,
                col: l.len(),
                key: None,
                colon: 0,
            }));
        } else if let Some(fl) = fm_line(l) {
            lines.push(fl);
        }
    }
    let at = match at {
        Some(i) => i,
        // The cursor on the closing fence's line, or past the last line.
        None => {
            lines.push(FmLine {
                dash: None,
                col: 0,
                key: None,
                colon: 0,
            });
            lines.len() - 1
        }
    };
    let here = lines[at];
    let col = offset - line_start;
    if here.dash.is_some_and(|d| col <= d) {
        return None;
    }
    match here.key {
        // `key: |`, or `- key: |` in a list of mappings.
        Some((key, _)) if here.colon < col => {
            let rest = &line[here.colon + 1..];
            let vstart = line_start + here.colon + 1 + (rest.len() - rest.trim_start().len());
            let path = fm_path(&lines, at, here.col, here.dash)?;
            Some(value_ctx(
                text,
                path,
                key.to_string(),
                vstart.min(offset),
                offset,
                line_stop,
                false,
                fm_siblings(&lines, at, here.col),
            ))
        }
        // `- item` of the list under the key above (its earlier items,
        // and what they hold, skipped).
        None if here.dash.is_some() => {
            let d = here.dash.unwrap_or(0);
            let pi = lines[..at].iter().rposition(|l| {
                l.dash != Some(d) && (l.col <= d || l.dash.is_some_and(|x| x < d))
            })?;
            let parent = lines[pi];
            let (key, false) = parent.key? else {
                return None;
            };
            if parent.col > d {
                return None;
            }
            let path = fm_path(&lines, pi, parent.col, parent.dash)?;
            Some(value_ctx(
                text,
                path,
                key.to_string(),
                line_start + here.col.min(line.len()),
                offset,
                line_stop,
                true,
                fm_siblings(&lines, pi, parent.col),
            ))
        }
        // A key being typed, in the mapping at its column.
        _ => {
            let kcol = here.col.min(col);
            let path = fm_path(&lines, at, kcol, here.dash)?;
            let stop = match here.key {
                Some(_) => line_start + here.colon,
                None => line_stop,
            };
            let from = line_start + kcol;
            Some(FrontMatterContext {
                path,
                slot: Slot::Key,
                partial: text[from..offset].to_string(),
                replace: from..text[from..stop.max(from)].trim_end().len() + from,
                in_list: false,
                present: fm_siblings(&lines, at, kcol),
            })
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn value_ctx(
    text: &str,
    path: Vec<Seg>,
    key: String,
    vstart: usize,
    offset: usize,
    line_stop: usize,
    in_list: bool,
    present: Vec<String>,
) -> FrontMatterContext {
    let vstart = vstart.min(offset);
    let vend = vstart + text[vstart..line_stop].trim_end().len();
    let typed = &text[vstart..offset];
    let partial = typed.trim_start_matches(['"', '\'']).to_string();
    FrontMatterContext {
        path,
        slot: Slot::Value { key },
        partial,
        replace: vstart..vend.max(offset),
        in_list,
        present,
    }
}

fn lines_in(text: &str, r: Range<usize>) -> impl Iterator<Item = (usize, &str)> {
    let mut pos = r.start;
    std::iter::from_fn(move || {
        if pos >= r.end {
            return None;
        }
        let end = text[pos..r.end].find('\n').map_or(r.end, |i| pos + i);
        let item = (pos, &text[pos..end]);
        pos = end + 1;
        Some(item)
    })
}

/// `key` of a top-level `key: ...` line.
pub(crate) fn top_key(line: &str) -> Option<&str> {
    if line.starts_with([' ', '\t', '-', '#']) {
        return None;
    }
    let c = line.find(':')?;
    let k = line[..c].trim();
    (!k.is_empty() && !k.contains(' ')).then_some(k)
}
