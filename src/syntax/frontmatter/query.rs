//! Where the cursor is in a page's front matter, in YAML that may not parse
//! (completion is asked for while a line is half typed): the block lines of
//! the front matter's body, each read as indentation, a `-` and a `key:`,
//! are its tolerant outline; a line's mapping, its path and its sibling
//! keys are found through the lines above and below by indentation.
//! Completion, hover and definition ask this.

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

/// Where the cursor at `offset` is in the front matter, or `None` outside
/// it. Read line by line, by indentation (block YAML, as front matter is
/// written), so that it works while the YAML is broken.
pub fn cursor(text: &str, offset: usize) -> Option<FrontMatterCursor> {
    let offset = floor_boundary(text, offset);
    // The fences as the front matter's reader finds them.
    let (body, _) = super::body(text)?;
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
            Some(FrontMatterCursor {
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
) -> FrontMatterCursor {
    let vstart = vstart.min(offset);
    let vend = vstart + text[vstart..line_stop].trim_end().len();
    let typed = &text[vstart..offset];
    let partial = typed.trim_start_matches(['"', '\'']).to_string();
    FrontMatterCursor {
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

#[cfg(test)]
mod tests;
