//! Where the cursor is in a page's front matter, in YAML that may not parse
//! (completion is asked for while a line is half typed): questions to the
//! front matter's `Node` tree, the YAML reader's, or when the YAML does not
//! parse the one recovered from its outline (`recover.rs`). The query goes
//! down the tree to the last key or item that starts above the cursor's
//! line (the nodes that line can belong to, by its indentation) and reads
//! the cursor's own line as text; the keys of the mapping it is in come
//! from the tree. Completion, hover and definition ask this.

use super::FrontMatter;
use super::outline::{
    Attach, LineKind, Outline, OutlineKind, OutlineNode, column, flow_end, written_after,
};
use crate::syntax::cursor::{Seg, Slot, floor_boundary};
use crate::syntax::tree::{Node, Value};
use crate::syntax::yaml::line_dashes;
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
    cursor_in(text, offset, &super::parse(0, text))
}

/// [`cursor`] in `text`, whose front matter reads as `front`.
pub fn cursor_in(text: &str, offset: usize, front: &FrontMatter) -> Option<FrontMatterCursor> {
    let offset = floor_boundary(text, offset);
    let body = front.body.clone()?;
    if offset < body.start || offset > body.end {
        return None;
    }
    let recovered;
    let root = match &front.root {
        Some(root) => Some(root),
        None => {
            recovered = super::recover::recover(0, text, &Outline::read(text, body.clone()));
            recovered.as_ref()
        }
    };
    let line_start = text[..offset]
        .rfind('\n')
        .map_or(0, |i| i + 1)
        .max(body.start);
    // The cursor on the closing fence's line, or past the last line, is on
    // a blank line of its own.
    let in_body = line_start < body.end;
    let line_end = if in_body {
        let end = text[line_start..body.end]
            .find('\n')
            .map_or(body.end, |i| line_start + i);
        line_start + text[line_start..end].trim_end_matches('\r').len()
    } else {
        offset
    };
    let line = text.get(line_start..line_end.max(offset))?;
    let blank = line.trim_matches([' ', '\t']).is_empty();
    let mut around = AroundCursor {
        text,
        root,
        outline: Outline::default(),
        line: line_start..line_end,
    };
    let (last, continued) = around.above();
    let kind = match continued {
        Some(owner) if in_body => LineKind::Continues(owner),
        _ if !in_body => LineKind::Blank,
        _ => {
            let after = text.get(line_end..body.end).unwrap_or("");
            around
                .outline
                .read_line(&text[line_start..line_end], line_start, after)
        }
    };
    match kind {
        LineKind::Comment => None,
        LineKind::Continues(owner) => {
            let owner_node = &around.outline.nodes[owner as usize];
            let col = offset - line_start;
            if blank && col <= owner_node.col as usize {
                blank_line(&around, last, offset, line_start)
            } else {
                flow_item(&around, owner_node, offset)
            }
        }
        LineKind::Blank => blank_line(&around, last, offset, line_start),
        LineKind::Nodes(_) => on_nodes(&around, 0, offset, line_end),
    }
}

/// The cursor's line and the nodes of the tree above it it can belong to.
struct AroundCursor<'a> {
    text: &'a str,
    root: Option<&'a Node>,
    /// The keys and items from the root down to the last one that starts
    /// above the cursor's line, each inside the one before (and a value on
    /// a line of its own under the last, when it has one), then the nodes
    /// of the cursor's line.
    outline: Outline,
    /// The cursor's line (its text, without the line break).
    line: Range<usize>,
}

/// A line index no node of the tree is on: only the cursor's line is read.
const ABOVE: u32 = u32::MAX;

impl<'a> AroundCursor<'a> {
    /// Goes down the tree to the last key or item that starts above the
    /// cursor's line; the last node placed, and that node when its value
    /// goes on over the cursor's line (a block scalar's text, a quoted
    /// scalar or a flow collection over several lines).
    fn above(&mut self) -> (Option<u32>, Option<u32>) {
        let limit = self.line.start;
        let text = self.text;
        let mut container = match self.root {
            Some(root) => root,
            None => return (None, None),
        };
        let mut parent = None;
        let mut last = None;
        // A document that is one scalar (text with no colon): the lines
        // below it that are deeper go on with it.
        if !matches!(container.value, Value::Object(_) | Value::Array(_)) {
            let start = container.range.start;
            if start >= limit {
                return (None, None);
            }
            let at = self.push_text(start, None);
            return (Some(at), (extent(text, container) > limit).then_some(at));
        }
        while let Some((node, value)) = self.last_entry(container, parent, limit) {
            self.outline.nodes.push(node);
            let at = self.outline.nodes.len() as u32 - 1;
            last = Some(at);
            parent = Some(at);
            let node = &self.outline.nodes[at as usize];
            if node.value.is_none() && block(text, value, node.start as usize) {
                container = value;
                continue;
            }
            // Nothing after `key:` on its line, and the value on a line of
            // its own below it (`description:` / `  "The text"`).
            if node.value.is_none() && !matches!(value.value, Value::Null) {
                let start = value.range.start;
                if start < limit && start > node.start as usize {
                    last = Some(self.push_text(start, parent));
                }
            }
            let continued = (value.range.start < limit && extent(text, value) > limit)
                .then_some(last)
                .flatten();
            return (last, continued);
        }
        (last, None)
    }

    /// A value on a line of its own starting at `start`, under `parent`, as
    /// the outline reads it: text that holds nothing; its index.
    fn push_text(&mut self, start: usize, parent: Option<u32>) -> u32 {
        let (col, _) = column(self.text, start);
        let written = written_after(self.text, start);
        self.outline.nodes.push(OutlineNode {
            kind: OutlineKind::Text,
            col: col as u32,
            start: start as u32,
            line: ABOVE,
            parent,
            index: 0,
            value: written.map(|w| (w.start as u32, w.end as u32)),
        });
        self.outline.nodes.len() as u32 - 1
    }

    /// The last key or item of `container` that starts before `limit`, as
    /// an outline node under `parent`, and its value.
    fn last_entry(
        &self,
        container: &'a Node,
        parent: Option<u32>,
        limit: usize,
    ) -> Option<(OutlineNode, &'a Node)> {
        let text = self.text;
        let b = text.as_bytes();
        let node = |kind, start: usize, index: usize| {
            let (col, _) = column(text, start);
            OutlineNode {
                kind,
                col: col as u32,
                start: start as u32,
                line: ABOVE,
                parent,
                index: index as u32,
                value: None,
            }
        };
        match &container.value {
            Value::Object(props) => {
                let p = props.iter().rev().find(|p| p.key_range.start < limit)?;
                let mut colon = p.key_range.end;
                while matches!(b.get(colon), Some(b' ' | b'\t')) {
                    colon += 1;
                }
                let kind = OutlineKind::Key {
                    key: (p.key_range.start as u32, p.key_range.end as u32),
                    colon: colon as u32,
                };
                let mut n = node(kind, p.key_range.start, 0);
                n.value = self.written(&p.value, colon + 1, p.key_range.start);
                Some((n, &p.value))
            }
            Value::Array(items) => {
                // Each item's `-`: at the sequence's column, on the item's
                // line or on a line above it (`-` / `  key: x`).
                let (col, _) = column(text, container.range.start);
                let mut floor = container.range.start;
                let mut found = None;
                for (i, item) in items.iter().enumerate() {
                    let Some(dash) = dash_of(text, item.range.start, col, floor) else {
                        break;
                    };
                    if dash >= limit {
                        break;
                    }
                    found = Some((i, dash, item));
                    floor = dash + 1;
                }
                let (i, dash, item) = found?;
                let mut n = node(OutlineKind::Item, dash, i);
                n.value = self.written(item, dash + 1, dash);
                Some((n, item))
            }
            _ => None,
        }
    }

    /// What is written after `key:` or `-` (ending at `after`) on its line,
    /// when it is the value (a mapping or a list begun on that line holds
    /// nodes instead).
    fn written(&self, value: &Node, after: usize, start: usize) -> Option<(u32, u32)> {
        let w = written_after(self.text, after)?;
        if block(self.text, value, start) && value.range.start < w.end {
            return None;
        }
        Some((w.start as u32, w.end as u32))
    }

    /// The keys of the mapping at `path` on lines other than the cursor's,
    /// but the key starting at `except` (whose value is typed).
    fn present(&self, path: &[Seg], except: Option<usize>) -> Vec<String> {
        let mut at = self.root;
        for seg in path {
            at = at.and_then(|n| match seg {
                Seg::Key(k) => n.get(k),
                Seg::Index(i) => n.items().get(*i),
            });
        }
        let on_line = |r: &Range<usize>| r.start >= self.line.start && r.start <= self.line.end;
        at.map(|n| {
            n.props()
                .iter()
                .filter(|p| !on_line(&p.key_range) && Some(p.key_range.start) != except)
                .map(|p| p.key.to_string())
                .collect()
        })
        .unwrap_or_default()
    }
}

/// Whether `value` (of a key or item starting at `start`) is a block
/// mapping or sequence written below or after it, whose keys and items are
/// nodes of their own (not a flow collection, not an alias's copy).
fn block(text: &str, value: &Node, start: usize) -> bool {
    matches!(value.value, Value::Object(_) | Value::Array(_))
        && value.range.start > start
        && !matches!(
            text.as_bytes().get(value.range.start),
            Some(b'[' | b'{' | b'*')
        )
}

/// Where `value` ends in the text: a flow collection at its closer (its
/// range ends at its last item), anything else at its range's end.
fn extent(text: &str, value: &Node) -> usize {
    match text.as_bytes().get(value.range.start) {
        Some(b'[' | b'{') => flow_end(text.as_bytes(), value.range.start),
        _ => value.range.end,
    }
}

/// The `-` at column `col` of the item whose value starts at `value`: on
/// its line or a line above, not before `floor`.
fn dash_of(text: &str, value: usize, col: usize, floor: usize) -> Option<usize> {
    let mut line_start = text[..value.min(text.len())]
        .rfind('\n')
        .map_or(0, |i| i + 1);
    loop {
        let dash = line_dashes(text, line_start)
            .filter(|&d| d >= floor && d <= value)
            .find(|&d| column(text, d).0 == col);
        if dash.is_some() {
            return dash;
        }
        if line_start <= floor || line_start == 0 {
            return None;
        }
        line_start = text[..line_start - 1].rfind('\n').map_or(0, |i| i + 1);
    }
}

/// A key being typed on a blank line, in the mapping its column puts it in.
fn blank_line(
    around: &AroundCursor,
    last: Option<u32>,
    offset: usize,
    line_start: usize,
) -> Option<FrontMatterCursor> {
    let text = around.text;
    let outline = &around.outline;
    let col = text[line_start..offset]
        .bytes()
        .take_while(|&b| b == b' ')
        .count();
    let Attach::Under(parent) = outline.attach(last, col, false) else {
        return None;
    };
    let path = path_to(text, outline, parent);
    Some(FrontMatterCursor {
        present: around.present(&path, None),
        path,
        slot: Slot::Key,
        partial: String::new(),
        replace: offset..offset,
        in_list: false,
        key: None,
    })
}

/// The cursor on a line of nodes: in a key, a value or an item.
fn on_nodes(
    around: &AroundCursor,
    line: usize,
    offset: usize,
    line_end: usize,
) -> Option<FrontMatterCursor> {
    let (text, outline) = (around.text, &around.outline);
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
                return flow_item(around, here, offset);
            }
            let after = colon as usize + 1;
            let vstart = here.value_range().map_or_else(
                || after + text[after..line_end].len() - text[after..line_end].trim_start().len(),
                |v| v.start,
            );
            let vend = here.value_range().map_or(vstart, |v| v.end);
            Some(value(
                around,
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
                around,
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
            flow_item(around, here, offset)
        }
        // `key:` with its quoted value on the next line (closed there: an
        // open quote may as well be a quoted key being typed).
        OutlineKind::Text if quoted_value_of_parent(text, outline, here) => {
            let holder = &outline.nodes[here.parent? as usize];
            let v = here.value_range()?;
            Some(value(around, holder, holder.parent, v, offset, false))
        }
        // A key being typed: before its colon, or a text with none yet.
        _ => {
            let from = (here.start as usize).min(offset);
            let stop = match here.kind {
                OutlineKind::Key { key, .. } => key.1 as usize,
                _ => here.value_range().map_or(line_end, |v| v.end),
            }
            .max(offset);
            let path = path_to(text, outline, here.parent);
            Some(FrontMatterCursor {
                present: around.present(&path, None),
                path,
                slot: Slot::Key,
                partial: text[from..offset]
                    .trim_start_matches(['"', '\''])
                    .to_string(),
                replace: from..stop,
                in_list: false,
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
    around: &AroundCursor,
    key: &OutlineNode,
    parent: Option<u32>,
    written: Range<usize>,
    offset: usize,
    in_list: bool,
) -> FrontMatterCursor {
    let (text, outline) = (around.text, &around.outline);
    let vstart = written.start.min(offset);
    // Nothing written yet: the blanks after the colon stay.
    let vend = if written.is_empty() {
        vstart
    } else {
        written.end
    };
    let partial = text[vstart..offset].trim_start_matches(['"', '\'']);
    let path = path_to(text, outline, parent);
    FrontMatterCursor {
        present: around.present(&path, Some(key.start as usize)),
        path,
        slot: Slot::Value {
            key: key.key(text).unwrap_or_default().to_string(),
        },
        partial: partial.to_string(),
        replace: vstart..vend.max(offset),
        in_list,
        key: None,
    }
}

/// The cursor in the flow collection that is `owner`'s value (`key: [a, b`,
/// on its line or the lines after it): an item of that list, when the
/// cursor is in the list itself and not in a collection inside it.
fn flow_item(
    around: &AroundCursor,
    owner: &OutlineNode,
    offset: usize,
) -> Option<FrontMatterCursor> {
    let (text, outline) = (around.text, &around.outline);
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
    Some(value(around, owner, owner.parent, start..end, offset, true))
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

/// A key's range without its quotes.
fn unquoted(text: &str, r: Range<usize>) -> Range<usize> {
    let quoted = text[r.clone()].starts_with(['"', '\'']) && r.len() >= 2;
    if quoted { r.start + 1..r.end - 1 } else { r }
}

#[cfg(test)]
mod tests;
