//! Code actions: the quick fixes diagnostics carry, turned into edits, and
//! a few that need more than a replacement.
//!
//! - `Fix::CreatePage(path)`: create the page with a `title` from its path.
//! - `Fix::Replace(text)`: replace the diagnostic's range (did-you-mean of a
//!   page, endpoint, language code, key or enum value).
//! - `Fix::Edit`: replace a range of the file (MDX syntax fixes; removing
//!   a comment or trailing comma `JSON.parse` refuses, `json-strict`, with
//!   one more action removing all of them in the file at once).
//! - `Fix::Remove`: remove the array item or object member the diagnostic
//!   covers, with its comma, so the JSON stays valid (a duplicate entry,
//!   `expanded` on a top-level group).
//! - `nav-mixed-children` on an element holding both `pages` and `groups`:
//!   the `pages` move into a new first group of `groups`, labelled like the
//!   element. Other mixes (`tabs` beside `anchors`, ...) get no fix: which
//!   level should hold which is the author's call.
//! - `orphan-page` (offered anywhere in the page): "Add to navigation", after
//!   the last entry of the same folder in the first `pages` array holding
//!   one, else at the end of the first `pages` array.

use super::find_references::nav_index;
use super::lookup::page_key;
use super::rename::{Change, FileEdit};
use crate::analysis::Analysis;
use crate::diagnostics::{Diagnostic, Fix};
use crate::model::paths;
use crate::syntax::tree::{FileId, Node, Value};
use std::ops::Range;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ActionKind {
    QuickFix,
    Refactor,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Action {
    pub title: String,
    pub kind: ActionKind,
    /// The diagnostic the action fixes, to attach it.
    pub diagnostic_code: Option<&'static str>,
    pub diagnostic_range: Option<Range<usize>>,
    pub changes: Vec<Change>,
    pub preferred: bool,
}

/// Actions for `range` of `file`. `text` is the editor's text of `file`;
/// edits in it are computed on the last analysed text, which is the same
/// unless the document changed since.
pub fn code_actions(
    analysis: &Analysis,
    file: FileId,
    _text: &str,
    range: Range<usize>,
) -> Vec<Action> {
    let mut out = Vec::new();
    for d in analysis.diagnostics.iter().filter(|d| d.file == file) {
        let touches = d.range.start <= range.end && range.start <= d.range.end;
        if d.code == "orphan-page" {
            out.extend(add_to_navigation(analysis, d));
            continue;
        }
        if !touches {
            continue;
        }
        let replaces = d
            .fixes
            .iter()
            .filter(|f| matches!(f, Fix::Replace(_)))
            .count();
        for fix in &d.fixes {
            let action = match fix {
                Fix::CreatePage(path) => create_page(d, path),
                Fix::Replace(t) => Some(action(
                    d,
                    format!("Replace with {}", t.trim_matches('"')),
                    vec![edit(d.file, d.range.clone(), t.clone())],
                    replaces == 1 && d.fixes.len() == 1,
                )),
                Fix::Remove => remove_fix(analysis, d),
                Fix::Edit { title, range, text } => Some(action(
                    d,
                    title.clone(),
                    vec![edit(d.file, range.clone(), text.clone())],
                    d.fixes.len() == 1,
                )),
            };
            out.extend(action);
        }
        if d.code == "nav-mixed-children" {
            out.extend(regroup(analysis, d));
        }
        if d.code == crate::model::config::STRICT_JSON
            && !out.iter().any(|a| a.title.starts_with(STRICT_ALL))
        {
            out.extend(strict_json_all(analysis, d));
        }
    }
    out
}

const STRICT_ALL: &str = "Remove every comment and trailing comma";

/// Every comment and trailing comma of the file removed in one action, when
/// it has more than one (a JSONC file made strict JSON).
fn strict_json_all(analysis: &Analysis, d: &Diagnostic) -> Option<Action> {
    let mut edits: Vec<Range<usize>> = analysis
        .diagnostics
        .iter()
        .filter(|o| o.file == d.file && o.code == d.code)
        .flat_map(|o| &o.fixes)
        .filter_map(|f| match f {
            Fix::Edit { range, text, .. } if text.is_empty() => Some(range.clone()),
            _ => None,
        })
        .collect();
    edits.sort_by_key(|r| r.start);
    // Overlapping removals (cannot happen today) would make a broken edit.
    edits.dedup_by(|b, a| b.start < a.end);
    if edits.len() < 2 {
        return None;
    }
    let title = format!("{STRICT_ALL} ({})", edits.len());
    let changes = edits
        .into_iter()
        .map(|r| edit(d.file, r, String::new()))
        .collect();
    Some(action(d, title, changes, false))
}

fn edit(file: FileId, range: Range<usize>, new_text: String) -> Change {
    Change::Edit(FileEdit {
        file,
        range,
        new_text,
    })
}

fn action(d: &Diagnostic, title: String, changes: Vec<Change>, preferred: bool) -> Action {
    Action {
        title,
        kind: ActionKind::QuickFix,
        diagnostic_code: Some(d.code),
        diagnostic_range: Some(d.range.clone()),
        changes,
        preferred,
    }
}

/// `guides/getting-started.mdx` -> `Getting started`.
pub fn title_from_path(path: &str) -> String {
    let name = page_key(path).rsplit('/').next().unwrap_or_default();
    let words = name.replace(['-', '_'], " ");
    let words = words.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut c = words.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => "Untitled".into(),
    }
}

fn create_page(d: &Diagnostic, path: &str) -> Option<Action> {
    let path = paths::join("", path)?;
    let title = title_from_path(&path);
    let plain = title
        .chars()
        .all(|c| c.is_alphanumeric() || " .,()'".contains(c));
    let title = if plain {
        title
    } else {
        serde_json::to_string(&title).ok()?
    };
    Some(action(
        d,
        format!("Create {path}"),
        vec![Change::CreateFile {
            path,
            text: format!("---\ntitle: {title}\n---\n"),
        }],
        false,
    ))
}

/// The array items or object members of the container in `root` that holds
/// a child whose range (for a member: key start to value end) is `unit`:
/// the children's ranges, the index of that child, and the container.
fn container_of<'a>(
    root: &'a Node,
    unit: &Range<usize>,
) -> Option<(Vec<Range<usize>>, usize, &'a Node)> {
    let mut stack = vec![root];
    while let Some(n) = stack.pop() {
        if n.range.start > unit.start || n.range.end < unit.end {
            continue;
        }
        let units: Vec<Range<usize>> = match &n.value {
            Value::Array(items) => items.iter().map(|i| i.range.clone()).collect(),
            Value::Object(props) => props
                .iter()
                .map(|p| p.key_range.start..p.value.range.end)
                .collect(),
            _ => continue,
        };
        if let Some(i) = units.iter().position(|u| u == unit) {
            return Some((units, i, n));
        }
        match &n.value {
            Value::Array(items) => stack.extend(items.iter()),
            Value::Object(props) => stack.extend(props.iter().map(|p| &p.value)),
            _ => {}
        }
    }
    None
}

/// The first offset at or after `pos` that is neither whitespace nor in a
/// comment.
fn skip_trivia(text: &str, mut pos: usize) -> usize {
    let b = text.as_bytes();
    while pos < b.len() {
        match b[pos] {
            b' ' | b'\t' | b'\n' | b'\r' => pos += 1,
            b'/' if b.get(pos + 1) == Some(&b'/') => {
                pos = text[pos..].find('\n').map_or(b.len(), |i| pos + i);
            }
            b'/' if b.get(pos + 1) == Some(&b'*') => {
                pos = text[pos + 2..]
                    .find("*/")
                    .map_or(b.len(), |i| pos + 2 + i + 2);
            }
            _ => break,
        }
    }
    pos
}

fn blank(s: &str) -> bool {
    s.chars().all(|c| c == ' ' || c == '\t' || c == '\r')
}

/// The edits that remove child `i` of a container whose children span
/// `units`, keeping the JSON valid and everything else as it was: the
/// child's own trailing comma goes with it; the last child takes the comma
/// before it. A child alone on its line(s) takes its whole line; a comment
/// after it on the same line stays.
pub fn remove_child(text: &str, units: &[Range<usize>], i: usize) -> Vec<(Range<usize>, String)> {
    let u = units[i].clone();
    let after = skip_trivia(text, u.end);
    let own_comma = (text.as_bytes().get(after) == Some(&b',')).then_some(after);
    let mut end = own_comma.map_or(u.end, |c| c + 1);
    let line_start = text[..u.start].rfind('\n').map_or(0, |k| k + 1);
    let line_end = text[end..].find('\n').map_or(text.len(), |k| end + k);
    let alone = blank(&text[line_start..u.start]) && blank(&text[end..line_end]);
    let mut start = u.start;
    let mut out = Vec::new();
    if alone {
        start = line_start;
        end = (line_end + 1).min(text.len());
    } else if own_comma.is_some() {
        while matches!(text.as_bytes().get(end), Some(b' ' | b'\t')) {
            end += 1;
        }
    }
    if own_comma.is_none() && i > 0 {
        let prev = skip_trivia(text, units[i - 1].end);
        if text.as_bytes().get(prev) == Some(&b',') {
            if alone {
                out.push((prev..prev + 1, String::new()));
            } else {
                start = prev;
            }
        }
    }
    out.push((start..end, String::new()));
    out
}

fn remove_fix(analysis: &Analysis, d: &Diagnostic) -> Option<Action> {
    let f = analysis.site.file(d.file)?;
    let root = f.json().root.as_ref()?;
    let (units, i, _) = container_of(root, &d.range)?;
    let text = f.text();
    let what = match d.code {
        "duplicate-page" => "Remove the duplicate entry".to_string(),
        _ => format!(
            "Remove {}",
            text.get(d.range.clone())
                .unwrap_or("it")
                .split(':')
                .next()
                .unwrap_or("it")
                .trim()
        ),
    };
    let changes = remove_child(text, &units, i)
        .into_iter()
        .map(|(r, t)| edit(d.file, r, t))
        .collect();
    Some(action(d, what, changes, true))
}

/// Move an element's `pages` into a new first group of its `groups`.
fn regroup(analysis: &Analysis, d: &Diagnostic) -> Option<Action> {
    let f = analysis.site.file(d.file)?;
    let text = f.text();
    let root = f.json().root.as_ref()?;
    // The element: the object with a member whose key is the diagnostic's range.
    let mut element = None;
    root.walk(|n| {
        if element.is_none() && n.props().iter().any(|p| p.key_range == d.range) {
            element = Some(n);
        }
    });
    let el = element?;
    // A group cannot hold `groups`: the platform drops them, and moving its
    // pages there would lose those too.
    if el.get("group").is_some() {
        return None;
    }
    let pages = el.prop("pages")?;
    let groups = el.get("groups")?;
    let Value::Array(items) = &groups.value else {
        return None;
    };
    let label = [
        "group", "tab", "anchor", "dropdown", "product", "version", "language", "item",
    ]
    .iter()
    .find_map(|k| el.get(k).and_then(Node::as_str))
    .unwrap_or("Pages");
    let new_group = format!(
        "{{ \"group\": {}, \"pages\": {} }}",
        serde_json::to_string(label).ok()?,
        text.get(pages.value.range.clone())?
    );
    let insert = match items.first() {
        Some(first) => {
            let gap = text.get(groups.range.start + 1..first.range.start)?;
            let sep = if gap.chars().all(char::is_whitespace) && !gap.is_empty() {
                gap
            } else {
                " "
            };
            (
                first.range.start..first.range.start,
                format!("{new_group},{sep}"),
            )
        }
        None => (groups.range.start + 1..groups.range.start + 1, new_group),
    };
    let units: Vec<Range<usize>> = el
        .props()
        .iter()
        .map(|p| p.key_range.start..p.value.range.end)
        .collect();
    let i = el.props().iter().position(|p| p.key == "pages")?;
    let mut changes: Vec<Change> = remove_child(text, &units, i)
        .into_iter()
        .map(|(r, t)| edit(d.file, r, t))
        .collect();
    changes.push(edit(d.file, insert.0, insert.1));
    Some(Action {
        title: format!("Move `pages` into a new group \"{label}\" in `groups`"),
        kind: ActionKind::QuickFix,
        diagnostic_code: Some(d.code),
        diagnostic_range: Some(d.range.clone()),
        changes,
        preferred: false,
    })
}

/// "Add to navigation" for an orphan page.
fn add_to_navigation(analysis: &Analysis, d: &Diagnostic) -> Option<Action> {
    let page = analysis.site.file(d.file)?;
    let key = page_key(&page.path);
    let dir = paths::dir_of(key);
    let ix = nav_index(analysis)?;
    // A `pages` array holding a page of the same folder, and the last such
    // entry in it; else the first `pages` array.
    let sibling = ix.entries.iter().find(|e| {
        !e.is_root_page && !e.value.contains(' ') && paths::dir_of(page_key(e.value)) == dir
    });
    let array = match sibling {
        Some(e) => ix.elements[e.parent].node.get("pages")?,
        None => ix
            .elements
            .iter()
            .find_map(|el| el.node.get("pages").filter(|p| p.is_array()))?,
    };
    let f = analysis.site.file(array.file)?;
    let text = f.text();
    let items: Vec<&Node> = array
        .items()
        .iter()
        .filter(|n| n.file == array.file)
        .collect();
    let after = items
        .iter()
        .rev()
        .find(|n| {
            n.as_str()
                .is_some_and(|v| !v.contains(' ') && paths::dir_of(page_key(v)) == dir)
        })
        .or(items.last())
        .copied();
    let slash = sibling.is_some_and(|e| e.value.starts_with('/'));
    let value = serde_json::to_string(&format!("{}{key}", if slash { "/" } else { "" })).ok()?;
    let (at, insert) = match after {
        Some(n) => {
            let sep = separator(text, array, &items);
            (n.range.end, format!(",{sep}{value}"))
        }
        None => (array.range.start + 1, value),
    };
    Some(Action {
        title: format!("Add \"{key}\" to navigation"),
        kind: ActionKind::QuickFix,
        diagnostic_code: Some(d.code),
        diagnostic_range: Some(d.range.clone()),
        changes: vec![edit(array.file, at..at, insert)],
        preferred: true,
    })
}

/// What separates items of `array` after a comma: the whitespace between
/// the first two items, or before the first one when it sits on its own line.
fn separator<'a>(text: &'a str, array: &Node, items: &[&Node]) -> &'a str {
    let gap = match items {
        [a, b, ..] => {
            let comma = skip_trivia(text, a.range.end);
            text.get(comma + 1..b.range.start)
        }
        [a] => text.get(array.range.start + 1..a.range.start),
        [] => None,
    };
    match gap {
        Some(g) if !g.is_empty() && g.chars().all(char::is_whitespace) => g,
        _ => " ",
    }
}
