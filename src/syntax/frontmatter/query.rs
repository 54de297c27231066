//! Where the cursor is in a page's front matter, in YAML that may not parse
//! (completion is asked for while a line is half typed): questions to the
//! front matter's outline (`outline.rs`), the block structure read from any
//! text. The node on the cursor's line gives the slot; its parents give the
//! path; the keys they hold give the sibling keys. Completion, hover and
//! definition ask this.

use super::outline::{Attach, LineKind, Outline, OutlineKind, OutlineNode};
use crate::syntax::cursor::{Seg, Slot, floor_boundary};
use std::ops::Range;

/// Where the cursor is in a page's front matter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FrontMatterCursor {
    /// Keys and indices from the front matter's root to the mapping the
    /// cursor's key (or the list holding its item) belongs to: empty at the
    /// top level, `[icon]` in `icon:\n  style: |`, `[contextual, options,
    /// 0]` in `contextual:\n  options:\n    - title: x\n      icon: |`.
    pub path: Vec<Seg>,
    pub slot: Slot,
    /// What is typed so far (without an opening quote).
    pub partial: String,
    pub replace: Range<usize>,
    /// Whether the value is an item of a list under `key` (`- item` or an
    /// item of `[a, b]`).
    pub in_list: bool,
    /// Keys of the same mapping present on other lines.
    pub present: Vec<String>,
    /// On a key slot, the key written on the cursor's line (its name,
    /// without quotes), for hover.
    pub key: Option<Range<usize>>,
}

/// Where the cursor at `offset` is in the front matter, or `None` outside
/// it or where nothing can be typed (a comment, a block scalar's text).
pub fn cursor(text: &str, offset: usize) -> Option<FrontMatterCursor> {
    let offset = floor_boundary(text, offset);
    let (body, _) = super::body(text)?;
    if offset < body.start || offset > body.end {
        return None;
    }
    cursor_in(text, offset, &Outline::read(text, body))
}

/// [`cursor`] on the outline of the front matter holding `offset`.
pub fn cursor_in(text: &str, offset: usize, outline: &Outline) -> Option<FrontMatterCursor> {
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    // The cursor on the closing fence's line, or past the last line, is on
    // a blank line of its own.
    let at = outline
        .line_at(offset)
        .filter(|&i| outline.lines[i].start as usize == line_start);
    let line_end = at.map_or(offset, |i| outline.lines[i].end as usize);
    let line = text.get(line_start..line_end.max(offset))?;
    let blank = line.trim_matches([' ', '\t']).is_empty();
    let kind = at.map_or(LineKind::Blank, |i| outline.lines[i].kind);
    let last = outline.last_before(at.unwrap_or(outline.lines.len()));
    match kind {
        LineKind::Comment => None,
        LineKind::Continues(owner) => {
            let owner_node = &outline.nodes[owner as usize];
            let col = offset - line_start;
            if blank && col <= owner_node.col as usize {
                blank_line(text, outline, last, offset, line_start)
            } else {
                flow_item(text, outline, owner_node, offset)
            }
        }
        LineKind::Blank => blank_line(text, outline, last, offset, line_start),
        LineKind::Nodes(_) => on_nodes(text, outline, at?, offset, line_end),
    }
}

/// A key being typed on a blank line, in the mapping its column puts it in.
fn blank_line(
    text: &str,
    outline: &Outline,
    last: Option<u32>,
    offset: usize,
    line_start: usize,
) -> Option<FrontMatterCursor> {
    let col = text[line_start..offset]
        .bytes()
        .take_while(|&b| b == b' ')
        .count();
    let Attach::Under(parent) = outline.attach(last, col, false) else {
        return None;
    };
    Some(FrontMatterCursor {
        path: path_to(text, outline, parent),
        slot: Slot::Key,
        partial: String::new(),
        replace: offset..offset,
        in_list: false,
        present: present(text, outline, parent, usize::MAX),
        key: None,
    })
}

/// The cursor on a line of nodes: in a key, a value or an item.
fn on_nodes(
    text: &str,
    outline: &Outline,
    line: usize,
    offset: usize,
    line_end: usize,
) -> Option<FrontMatterCursor> {
    let nodes = outline.nodes_on(line);
    let first = nodes.first()?;
    if first.kind == OutlineKind::Item && offset <= first.start as usize {
        return None;
    }
    let here = nodes.last()?;
    // In a comment after the line's value or key.
    let written_end = here
        .value_range()
        .map(|v| v.end)
        .or(here.colon().map(|c| c + 1))
        .unwrap_or(here.start as usize);
    if text[written_end.min(offset)..offset].contains('#') {
        return None;
    }
    match here.kind {
        OutlineKind::Key { colon, .. } if (colon as usize) < offset => {
            if let Some(v) = here.value_range()
                && text[v.clone()].starts_with(['[', '{'])
                && v.start < offset
            {
                return flow_item(text, outline, here, offset);
            }
            let after = colon as usize + 1;
            let vstart = here.value_range().map_or_else(
                || after + text[after..line_end].len() - text[after..line_end].trim_start().len(),
                |v| v.start,
            );
            let vend = here.value_range().map_or(vstart, |v| v.end);
            Some(value(
                text,
                outline,
                here,
                here.parent,
                vstart..vend,
                offset,
                false,
            ))
        }
        // `- item` of the list under the key holding the item.
        OutlineKind::Item => {
            let holder = &outline.nodes[here.parent? as usize];
            holder.key_range()?;
            let dash_end = here.start as usize + 1;
            let rest = &text[dash_end..line_end];
            let vstart = here.value_range().map_or_else(
                || dash_end + rest.len() - rest.trim_start().len(),
                |v| v.start,
            );
            let vend = here.value_range().map_or(vstart, |v| v.end);
            Some(value(
                text,
                outline,
                holder,
                holder.parent,
                vstart..vend,
                offset,
                true,
            ))
        }
        // `key:` with its list on the next line (`  [a, b`).
        OutlineKind::Text
            if here.value_range().is_some_and(|v| v.start < offset)
                && text[here.start as usize..].starts_with('[') =>
        {
            flow_item(text, outline, here, offset)
        }
        // `key:` with its quoted value on the next line (closed there: an
        // open quote may as well be a quoted key being typed).
        OutlineKind::Text if quoted_value_of_parent(text, outline, here) => {
            let holder = &outline.nodes[here.parent? as usize];
            let v = here.value_range()?;
            Some(value(
                text,
                outline,
                holder,
                holder.parent,
                v,
                offset,
                false,
            ))
        }
        // A key being typed: before its colon, or a text with none yet.
        _ => {
            let from = (here.start as usize).min(offset);
            let stop = match here.kind {
                OutlineKind::Key { key, .. } => key.1 as usize,
                _ => here.value_range().map_or(line_end, |v| v.end),
            }
            .max(offset);
            Some(FrontMatterCursor {
                path: path_to(text, outline, here.parent),
                slot: Slot::Key,
                partial: text[from..offset]
                    .trim_start_matches(['"', '\''])
                    .to_string(),
                replace: from..stop,
                in_list: false,
                present: present(text, outline, here.parent, here.line as usize),
                key: here.key_range().map(|r| unquoted(text, r)),
            })
        }
    }
}

/// Whether a text node is a quoted scalar, closed on its line, under a
/// key with no value of its own: that key's value.
fn quoted_value_of_parent(text: &str, outline: &Outline, n: &OutlineNode) -> bool {
    let b = text.as_bytes();
    let Some(v) = n.value_range() else {
        return false;
    };
    let holder = n.parent.map(|p| &outline.nodes[p as usize]);
    match b.get(v.start) {
        Some(&q @ (b'"' | b'\'')) => {
            holder.is_some_and(|h| h.key_range().is_some())
                && super::outline::closes(&b[..v.end], q, v.start + 1).is_some()
        }
        _ => false,
    }
}

/// The value of `key` (a node with a key) being typed in `written`.
fn value(
    text: &str,
    outline: &Outline,
    key: &OutlineNode,
    parent: Option<u32>,
    written: Range<usize>,
    offset: usize,
    in_list: bool,
) -> FrontMatterCursor {
    let vstart = written.start.min(offset);
    // Nothing written yet: the blanks after the colon stay.
    let vend = if written.is_empty() {
        vstart
    } else {
        written.end
    };
    let partial = text[vstart..offset].trim_start_matches(['"', '\'']);
    FrontMatterCursor {
        path: path_to(text, outline, parent),
        slot: Slot::Value {
            key: key.key(text).unwrap_or_default().to_string(),
        },
        partial: partial.to_string(),
        replace: vstart..vend.max(offset),
        in_list,
        present: present(text, outline, parent, key.line as usize),
        key: None,
    }
}

/// The cursor in the flow collection that is `owner`'s value (`key: [a, b`,
/// on its line or the lines after it): an item of that list, when the
/// cursor is in the list itself and not in a collection inside it.
fn flow_item(
    text: &str,
    outline: &Outline,
    owner: &OutlineNode,
    offset: usize,
) -> Option<FrontMatterCursor> {
    let v = owner.value_range()?;
    // `key:` with its list on the next line (`  [a,`): the key's list.
    let owner = match owner.kind {
        OutlineKind::Text => &outline.nodes[owner.parent? as usize],
        _ => owner,
    };
    owner.key_range()?;
    let b = text.as_bytes();
    if !text[v.clone()].starts_with('[') || offset <= v.start {
        return None;
    }
    // Openers between the value's start and the cursor; where the item
    // under the cursor starts.
    let mut depth = 0i32;
    let mut item = v.start + 1;
    let mut i = v.start;
    while i < offset {
        match b[i] {
            b'[' | b'{' => {
                depth += 1;
                item = i + 1;
            }
            b']' | b'}' => depth -= 1,
            b',' => item = i + 1,
            b'#' if i > 0 && matches!(b[i - 1], b' ' | b'\t' | b'\n') => {
                // A comment runs to its line's end.
                i = text[i..].find('\n').map_or(text.len(), |n| i + n);
                continue;
            }
            q @ (b'"' | b'\'') => match super::outline::closes(b, q, i + 1) {
                Some(end) if end <= offset => {
                    i = end;
                    continue;
                }
                _ => break,
            },
            _ => {}
        }
        if depth <= 0 {
            return None;
        }
        i += 1;
    }
    let start = item + text[item..offset].len() - text[item..offset].trim_start().len();
    // Inside a quoted item continued from an earlier line: its text.
    if depth != 1 || text[start..offset].contains('\n') {
        return None;
    }
    let end = text[start..]
        .find([',', ']', '}', '\n', '\r', '#'])
        .map_or(text.len(), |e| start + e);
    let end = start + text[start..end].trim_end().len();
    Some(value(
        text,
        outline,
        owner,
        owner.parent,
        start..end,
        offset,
        true,
    ))
}

/// The keys and indices from the root to the mapping or sequence `parent`
/// holds.
fn path_to(text: &str, outline: &Outline, mut parent: Option<u32>) -> Vec<Seg> {
    let mut segs = Vec::new();
    while let Some(p) = parent {
        let n = &outline.nodes[p as usize];
        segs.push(match n.kind {
            OutlineKind::Item => Seg::Index(n.index as usize),
            _ => Seg::Key(n.key(text).unwrap_or_default().to_string()),
        });
        parent = n.parent;
    }
    segs.reverse();
    segs
}

/// The keys `parent` holds on lines other than `line`.
fn present(text: &str, outline: &Outline, parent: Option<u32>, line: usize) -> Vec<String> {
    outline
        .keys_under(text, parent)
        .into_iter()
        .filter(|(n, _)| n.line as usize != line)
        .map(|(_, k)| k.to_string())
        .collect()
}

/// A key's range without its quotes.
fn unquoted(text: &str, r: Range<usize>) -> Range<usize> {
    let quoted = text[r.clone()].starts_with(['"', '\'']) && r.len() >= 2;
    if quoted { r.start + 1..r.end - 1 } else { r }
}

#[cfg(test)]
mod tests;
