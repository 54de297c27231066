//! Renaming a heading of a page: its text changes, and every link to its
//! anchor in the site follows the new id (links on the same page, in other
//! pages and snippets in any form the platform resolves, `href`s and
//! redirect destinations in docs.json), as marksman does for Markdown.
//!
//! The new id is the platform's (`model::anchors::heading_ids`, which
//! numbers duplicates among all of the page's anchors). When the rename
//! makes or ends a duplicate, other headings' ids move too (`Setup` then
//! `setup-2`); their links are rewritten to keep pointing at the same
//! heading, rather than the rename being refused: a writer renaming a
//! heading means its readers to land where they landed before, and every
//! link is rewritten from what it named before the rename, so no link
//! can be taken twice. A heading with a custom id (`{#id}`) keeps its id.

use super::change::{Change, FileEdit};
use super::page_links::{self, LinkInto};
use crate::analysis::Analysis;
use crate::model::anchors::{self, HeadingId};
use crate::model::site::{FileKind, SourceFile};
use crate::model::slug;
use crate::syntax::page::{self, PageIndex};
use crate::syntax::tree::{FileId, Node, Value};
use std::collections::HashMap;
use std::ops::Range;

/// A heading under the cursor.
#[derive(Debug, Clone)]
pub struct HeadingAt {
    /// Its index among the page's Markdown headings.
    pub index: usize,
    /// Its text as written (inline Markdown, without `#`s or `{#id}`).
    pub range: Range<usize>,
    pub written: String,
}

/// The Markdown heading of a page under the cursor (anywhere on its line).
pub fn heading_at(
    analysis: &Analysis,
    file: FileId,
    text: &str,
    offset: usize,
) -> Option<HeadingAt> {
    let f = analysis.site.file(file)?;
    if f.kind != FileKind::Page {
        return None;
    }
    let ix = f.page_index();
    let index = ix
        .headings
        .iter()
        .position(|h| h.range.start() <= offset && offset <= h.range.end())?;
    let line = ix.headings[index].range.range();
    let source = text.get(line.clone())?;
    let r = page::heading_text_range(source);
    let written = source.get(r.clone())?.to_string();
    if written.is_empty() {
        return None;
    }
    Some(HeadingAt {
        index,
        range: line.start + r.start..line.start + r.end,
        written,
    })
}

/// The changes of renaming heading `h` of `file` to `new_name` (inline
/// Markdown, one line). Errors say why a rename is refused.
pub fn rename_heading(
    analysis: &Analysis,
    file: FileId,
    h: &HeadingAt,
    new_name: &str,
) -> Result<Vec<Change>, String> {
    let new_name = new_name.trim();
    if new_name.is_empty() {
        return Err("a heading needs text".into());
    }
    if new_name.contains(['\n', '\r']) {
        return Err("a heading is one line: the new text has a line break".into());
    }
    let f = analysis.site.file(file).ok_or("no such file")?;
    let mut out = vec![Change::Edit(FileEdit {
        file,
        range: h.range.clone(),
        new_text: new_name.to_string(),
    })];
    let renamed = renamed_ids(f.page_index(), h.index, new_name);
    if renamed.is_empty() {
        return Ok(out);
    }
    if let Some((old, _)) = renamed.iter().find(|(_, new)| new.is_empty()) {
        return Err(format!(
            "\"{new_name}\" gives the heading no id (no letter or digit), so links to #{old} would lead nowhere"
        ));
    }
    let written = |into: &LinkInto| -> Option<FileEdit> {
        let (range, as_written) = into.fragment.as_ref()?;
        let new = renamed.get(&slug::clean(as_written))?;
        Some(FileEdit {
            file: into.from,
            range: range.clone(),
            new_text: in_style_of(as_written, new),
        })
    };
    // The files whose links lead to the page, by the reverse link index,
    // and the page itself (its own `#x` links are not in the index).
    let index = crate::analysis::inbound::counts(analysis);
    let mut from = index.by_page.get(&file).cloned().unwrap_or_default();
    from.push(file);
    out.extend(
        page_links::links_into_from(analysis, f, Some(&from))
            .iter()
            .filter_map(written)
            .map(Change::Edit),
    );
    out.extend(
        docs_json_edits(analysis, f, &renamed)
            .into_iter()
            .map(Change::Edit),
    );
    Ok(out)
}

/// Every clean id of the page that the rename changes (a form of the
/// renamed heading's id, or of another heading whose numbering moves),
/// with the id it becomes: empty when the new text gives none.
fn renamed_ids(ix: &PageIndex, index: usize, new_name: &str) -> HashMap<String, String> {
    let before = anchors::heading_ids(ix);
    let mut after_ix = ix.clone();
    if let Some(h) = after_ix.headings.get_mut(index) {
        h.text = page::heading_plain_text(new_name).as_str().into();
    }
    let after = anchors::heading_ids(&after_ix);
    let mut out = HashMap::new();
    for (old, new) in before.iter().zip(after.iter()) {
        if old.custom || old.id.is_empty() || old.id == new.id {
            continue;
        }
        for form in forms(old) {
            out.entry(form.to_string())
                .or_insert_with(|| new.id.clone());
        }
    }
    out
}

fn forms(h: &HeadingId) -> impl Iterator<Item = &str> {
    std::iter::once(h.id.as_str()).chain(h.also.iter().map(String::as_str))
}

/// `new` (a clean id) written the way `old` was: percent-encoded when
/// `old` was, else as is.
fn in_style_of(old: &str, new: &str) -> String {
    if !old.contains('%') {
        return new.to_string();
    }
    let mut out = String::with_capacity(new.len() * 3);
    for c in new.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("%{b:02X}"));
            }
        }
    }
    out
}

/// The strings of docs.json (and its `$ref` files) that link to the page
/// with a fragment the rename changes: `href`s (navbar, footer, anchors,
/// cards) and redirect `destination`s written as root paths.
fn docs_json_edits(
    analysis: &Analysis,
    page: &SourceFile,
    renamed: &HashMap<String, String>,
) -> Vec<FileEdit> {
    let Some(root) = analysis.config.root.as_deref() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut stack: Vec<(&Node, Option<&str>)> = vec![(root, None)];
    while let Some((n, key)) = stack.pop() {
        match &n.value {
            Value::Object(members) => {
                stack.extend(members.iter().map(|m| (&m.value, Some(&*m.key))));
            }
            Value::Array(items) => stack.extend(items.iter().map(|i| (i, key))),
            Value::String(s) if matches!(key, Some("href" | "destination")) => {
                if let Some(e) = href_edit(analysis, page, renamed, n, s) {
                    out.push(e);
                }
            }
            _ => {}
        }
    }
    out
}

fn href_edit(
    analysis: &Analysis,
    page: &SourceFile,
    renamed: &HashMap<String, String>,
    n: &Node,
    s: &str,
) -> Option<FileEdit> {
    use crate::model::links::{self, Resolved, Target};
    let (path, fragment) = s.split_once('#')?;
    let new = renamed.get(&slug::clean(fragment))?;
    let Target::Internal(int) = links::parse(path) else {
        return None;
    };
    if !path.starts_with('/') {
        return None;
    }
    let t = links::targets_of(&analysis.site, analysis.config.root.as_deref());
    let hits = links::candidates("", &int)
        .iter()
        .any(|c| matches!(t.resolve(c), Resolved::Page(p) if p == page.path));
    // The string's content must be the value as written (no escapes) for
    // the fragment's place to be known.
    let content = super::find_references::string_content(n);
    if !hits || content.len() != s.len() {
        return None;
    }
    let start = content.start + path.len() + 1;
    Some(FileEdit {
        file: n.file,
        range: start..content.end,
        new_text: in_style_of(fragment, new),
    })
}

#[cfg(test)]
mod tests {
    use super::in_style_of;

    #[test]
    fn percent_encoded_fragments_stay_encoded() {
        assert_eq!(in_style_of("%C3%BCber", "über-uns"), "%C3%BCber-uns");
        assert_eq!(in_style_of("über", "über-uns"), "über-uns");
    }
}
