//! Renames that keep navigation right: moving page files or folders of
//! pages (the edits `workspace/willRenameFiles` answers with), and renaming
//! a page entry (the file moves, every entry listing it follows).
//!
//! Edits replace only a string's content, so formatting and comments
//! elsewhere stay. Entries keep their style: no extension unless the entry
//! wrote one, a leading `/` if it had one.

use super::find_references::{nav_index, string_content};
use super::heading_rename;
use super::lookup::page_key;
use super::subject::{self, Subject};
use crate::analysis::Analysis;
use crate::model::paths;
use crate::model::site::FileKind;
use crate::syntax::tree::FileId;
use std::collections::HashMap;
use std::ops::Range;

pub use super::change::{Change, FileEdit};

fn is_page_path(p: &str) -> bool {
    p.ends_with(".mdx") || p.ends_with(".md")
}

fn json_content(s: &str) -> String {
    let q = serde_json::to_string(s).unwrap_or_default();
    q[1..q.len() - 1].to_string()
}

/// The entry `old` rewritten to name `new_path` (a page path with its
/// extension), in `old`'s style.
fn restyle(old: &str, new_path: &str) -> String {
    let slash = if old.starts_with('/') { "/" } else { "" };
    let body = if is_page_path(old.trim_start_matches('/')) {
        new_path
    } else {
        page_key(new_path)
    };
    format!("{slash}{body}")
}

/// The edits of navigation entries when files or folders move. `moves` are
/// `(old, new)` paths relative to the docs root: a path ending in `.md` or
/// `.mdx` is a page file, anything else a folder (every entry under it
/// moves). A page moved to a name that is not a page, or out of the root
/// (`None` from the caller), gets no edit. One pass over the entries.
pub fn edits_for_moves(analysis: &Analysis, moves: &[(String, String)]) -> Vec<FileEdit> {
    let Some(ix) = nav_index(analysis) else {
        return Vec::new();
    };
    let site = &analysis.site;
    // Page moves by the key entries use; the file, when the site has it.
    let mut files: HashMap<&str, (Option<FileId>, &str)> = HashMap::new();
    let mut folders: Vec<(String, &str)> = Vec::new();
    for (old, new) in moves {
        let old = old.trim_matches('/');
        if is_page_path(old) {
            if is_page_path(new) {
                let id = site
                    .file_by_path(old)
                    .filter(|f| f.kind == FileKind::Page)
                    .map(|f| f.id);
                files
                    .entry(page_key(old))
                    .or_insert((id, new.trim_matches('/')));
            }
        } else if !old.is_empty() {
            folders.push((format!("{old}/"), new.trim_matches('/')));
        }
    }
    let mut out = Vec::new();
    for e in &ix.entries {
        let v = e.value;
        if v.trim().contains(' ') {
            continue; // an endpoint
        }
        let new_value = if let Some((id, new)) = files.get(page_key(v)) {
            let same = match id {
                Some(id) => site.page(v).is_some_and(|p| p.id == *id),
                None => true,
            };
            if !same {
                continue;
            }
            restyle(v, new)
        } else if let Some((prefix, new)) = folders
            .iter()
            .find(|(p, _)| v.trim_start_matches('/').starts_with(p.as_str()))
        {
            let slash = if v.starts_with('/') { "/" } else { "" };
            let rest = &v.trim_start_matches('/')[prefix.len()..];
            if new.is_empty() {
                format!("{slash}{rest}")
            } else {
                format!("{slash}{new}/{rest}")
            }
        } else {
            continue;
        };
        if new_value != v {
            out.push(FileEdit {
                file: e.node.file,
                range: string_content(e.node),
                new_text: json_content(&new_value),
            });
        }
    }
    out.extend(body_link_edits(analysis, &files, &folders));
    out.sort_by_key(|e| (e.file, e.range.start));
    out
}

/// The links in page bodies (and snippets) to the moved pages, rewritten
/// to the new paths in the style they were written in (root-absolute,
/// `./`/`../` relative or bare; extension, fragment and query kept).
fn body_link_edits(
    analysis: &Analysis,
    files: &HashMap<&str, (Option<FileId>, &str)>,
    folders: &[(String, &str)],
) -> Vec<FileEdit> {
    use crate::model::links::{self, Resolved, Style, Target};
    use rayon::prelude::*;
    if files.is_empty() && folders.is_empty() {
        return Vec::new();
    }
    let site = &analysis.site;
    let targets = links::targets_of(site, analysis.config.root.as_deref());
    // Names a link must mention to possibly lead to a moved page.
    let names: Vec<&str> = files
        .keys()
        .map(|k| k.rsplit('/').next().unwrap_or(k))
        .chain(folders.iter().map(|(p, _)| {
            let p = p.trim_end_matches('/');
            p.rsplit('/').next().unwrap_or(p)
        }))
        .collect();
    let new_key = |page_path: &str| -> Option<String> {
        let key = crate::model::site::strip_page_ext(page_path);
        if let Some((_, new)) = files.get(key) {
            return Some(crate::model::site::strip_page_ext(new).to_string());
        }
        folders.iter().find_map(|(prefix, new)| {
            let rest = key.strip_prefix(prefix.as_str())?;
            Some(if new.is_empty() {
                rest.to_string()
            } else {
                format!("{new}/{rest}")
            })
        })
    };
    let pages: Vec<&std::sync::Arc<crate::model::site::SourceFile>> = site
        .files()
        .filter(|f| matches!(f.kind, FileKind::Page | FileKind::Snippet))
        .collect();
    pages
        .par_iter()
        .flat_map_iter(|f| {
            let mut out = Vec::new();
            for l in &f.page_index().links {
                if !names.iter().any(|n| l.target.contains(n)) {
                    continue;
                }
                let Target::Internal(int) = links::parse(&l.target) else {
                    continue;
                };
                let Some(page) =
                    links::candidates(&f.path, &int).iter().find_map(|c| {
                        match targets.resolve(c) {
                            Resolved::Page(p) => Some(p),
                            _ => None,
                        }
                    })
                else {
                    continue;
                };
                let Some(new) = new_key(&page) else { continue };
                let ext = [".mdx", ".md"]
                    .iter()
                    .find(|e| int.path.ends_with(**e))
                    .map_or("", |e| *e);
                let written = match int.style {
                    Style::Absolute => format!("/{new}{ext}"),
                    style => {
                        let rel = crate::analysis::rules::relative_path(
                            crate::model::paths::dir_of(&f.path),
                            &format!("{new}{ext}"),
                        );
                        if style == Style::Relative && !rel.starts_with("../") {
                            format!("./{rel}")
                        } else {
                            rel
                        }
                    }
                };
                let lead = l.target.len() - l.target.trim_start().len();
                let start = l.target_range.start() + lead;
                if written != int.path {
                    out.push(FileEdit {
                        file: f.id,
                        range: start..start + int.path.len(),
                        new_text: written,
                    });
                }
            }
            out
        })
        .collect()
}

/// The page entry under the cursor: its content range and value.
fn page_entry_at(
    analysis: &Analysis,
    file: FileId,
    text: &str,
    offset: usize,
) -> Option<(Range<usize>, String, Option<String>)> {
    let a = subject::subject_at(analysis, file, text, offset)?;
    let Subject::Page { entry, file } = a.subject else {
        return None;
    };
    let mut r = a.range;
    let tok = text.get(r.clone())?;
    if tok.starts_with('"') {
        r.start += 1;
    }
    if tok.len() > 1 && tok.ends_with('"') {
        r.end -= 1;
    }
    Some((r, entry, file.map(|f| f.path.clone())))
}

/// What a rename at `offset` would rename: a page entry (the range of the
/// string's content, and the entry as placeholder) or a Markdown heading of
/// a page (its text as written; the links to its anchor follow:
/// [`super::heading_rename`]). Nothing else can be renamed (keys, endpoint
/// entries, spec files): `None`.
pub fn prepare_rename(
    analysis: &Analysis,
    file: FileId,
    text: &str,
    offset: usize,
) -> Option<(Range<usize>, String)> {
    if let Some(h) = heading_rename::heading_at(analysis, file, text, offset) {
        return Some((h.range, h.written));
    }
    page_entry_at(analysis, file, text, offset).map(|(r, v, _)| (r, v))
}

/// Rename the page entry at `offset` to `new_name` (a page path as the
/// navigation writes it): the page file moves, keeping its extension, and
/// every entry that lists it is rewritten. For an entry whose page has no
/// file, only the entries change. Errors say why a rename is refused.
pub fn rename(
    analysis: &Analysis,
    file: FileId,
    text: &str,
    offset: usize,
    new_name: &str,
) -> Result<Vec<Change>, String> {
    if let Some(h) = heading_rename::heading_at(analysis, file, text, offset) {
        return heading_rename::rename_heading(analysis, file, &h, new_name);
    }
    let (_, entry, page) =
        page_entry_at(analysis, file, text, offset).ok_or("only page entries can be renamed")?;
    let wanted = new_name.trim();
    if wanted.is_empty() || wanted.contains(char::is_whitespace) {
        return Err(format!("\"{wanted}\" is not a page path (no spaces)"));
    }
    let new_key = paths::join("", page_key(wanted))
        .filter(|k| !k.is_empty())
        .ok_or_else(|| format!("\"{wanted}\" leads outside the docs root"))?;
    let site = &analysis.site;
    let Some(old_path) = page else {
        // No file: rewrite the entries naming the same page.
        let key = page_key(&entry).to_string();
        let ix = nav_index(analysis).ok_or("no navigation")?;
        return Ok(ix
            .entries
            .iter()
            .filter(|e| page_key(e.value) == key && !e.value.contains(' '))
            .map(|e| {
                let ext = [".mdx", ".md"]
                    .into_iter()
                    .find(|x| e.value.ends_with(x))
                    .unwrap_or("");
                let slash = if e.value.starts_with('/') { "/" } else { "" };
                Change::Edit(FileEdit {
                    file: e.node.file,
                    range: string_content(e.node),
                    new_text: json_content(&format!("{slash}{new_key}{ext}")),
                })
            })
            .collect());
    };
    let ext = if old_path.ends_with(".mdx") {
        "mdx"
    } else {
        "md"
    };
    let new_path = format!("{new_key}.{ext}");
    if new_path == old_path {
        return Ok(Vec::new());
    }
    if site.page(&new_key).is_some() || site.file_by_path(&new_path).is_some() {
        return Err(format!("a page \"{new_key}\" already exists"));
    }
    let mut out = vec![Change::RenameFile {
        from: old_path.clone(),
        to: new_path.clone(),
    }];
    out.extend(
        edits_for_moves(analysis, &[(old_path, new_path)])
            .into_iter()
            .map(Change::Edit),
    );
    Ok(out)
}

/// The `redirects` entries that keep a moved page's old URL working (links
/// from outside the site, bookmarks, search results), as one insertion into
/// docs.json: appended to its `redirects` array, or a new `redirects` key at
/// the end of the root object. A page move gives `/old` -> `/new`; a folder
/// move `/old/:slug*` -> `/new/:slug*`. Sources docs.json already redirects
/// are left alone; `redirects` kept in a `$ref` file is not edited (`None`).
pub fn redirect_edit(analysis: &Analysis, moves: &[(String, String)]) -> Option<FileEdit> {
    let root = analysis.config.root.as_deref()?;
    let docs_json = analysis.site.file_by_path("docs.json")?;
    if root.file != docs_json.id {
        return None;
    }
    let text = docs_json.text();
    let existing: Vec<String> = root
        .get("redirects")
        .map(|r| {
            r.items()
                .iter()
                .filter_map(|i| i.get("source")?.as_str())
                .map(|s| s.trim_matches('/').to_string())
                .collect()
        })
        .unwrap_or_default();
    let mut entries = Vec::new();
    for (old, new) in moves {
        let (old, new) = (old.trim_matches('/'), new.trim_matches('/'));
        let (source, destination) = if is_page_path(old) {
            if !is_page_path(new) {
                continue;
            }
            (page_key(old).to_string(), page_key(new).to_string())
        } else if !old.is_empty() && !new.is_empty() {
            (format!("{old}/:slug*"), format!("{new}/:slug*"))
        } else {
            continue;
        };
        if source == destination || existing.contains(&source) {
            continue;
        }
        entries.push(format!(
            "{{ \"source\": \"/{}\", \"destination\": \"/{}\" }}",
            json_content(&source),
            json_content(&destination)
        ));
    }
    if entries.is_empty() {
        return None;
    }
    let indent_of = |at: usize| -> String {
        let line = text[..at].rfind('\n').map_or(0, |i| i + 1);
        text[line..at]
            .chars()
            .take_while(|c| *c == ' ' || *c == '\t')
            .collect()
    };
    use crate::syntax::tree::Value;
    match root.get("redirects").map(|r| (r, &r.value)) {
        Some((r, Value::Array(items))) if r.file == root.file => match items.last() {
            Some(last) => {
                let ind = indent_of(last.range.start);
                let new_text: String = entries.iter().map(|e| format!(",\n{ind}{e}")).collect();
                Some(FileEdit {
                    file: root.file,
                    range: last.range.end..last.range.end,
                    new_text,
                })
            }
            None => {
                let ind = indent_of(r.range.start);
                let body: Vec<String> = entries.iter().map(|e| format!("{ind}  {e}")).collect();
                Some(FileEdit {
                    file: root.file,
                    range: r.range.start + 1..r.range.end - 1,
                    new_text: format!("\n{}\n{ind}", body.join(",\n")),
                })
            }
        },
        Some(_) => None,
        None => {
            let Value::Object(members) = &root.value else {
                return None;
            };
            let last = members.last()?;
            let ind = indent_of(last.value.range.start);
            let body: Vec<String> = entries.iter().map(|e| format!("{ind}  {e}")).collect();
            Some(FileEdit {
                file: root.file,
                range: last.value.range.end..last.value.range.end,
                new_text: format!(",\n{ind}\"redirects\": [\n{}\n{ind}]", body.join(",\n")),
            })
        }
    }
}
