//! Components in page bodies, for the editor: completion after `<` (the
//! platform's components, what the page imports or defines, what an imported
//! snippet exports, HTML tags), then a tag's props with types and docs, then a
//! prop's allowed values; hover on a component or prop; go to definition on an
//! imported component.
//!
//! Where the cursor is (a tag's name, a prop's name or value, code) is what
//! the page reader saw in the editor's text (`syntax::page::at_offset`), and
//! the names in scope are those of the page's ESM as the reader read it.

use super::completion_item::{CompletionItem, CompletionKind};
use super::location::Location;
use crate::analysis::Analysis;
use crate::model::imports::{ImportTarget, import_target};
use crate::model::site::{FileKind, SourceFile};
use crate::schema::components::{Component, ComponentProp, PropKind, components};
use crate::syntax::page::at_offset::{self, PageAt, Place, Tag};
use crate::syntax::page::{PageTree, read_tree};
use crate::syntax::tree::FileId;
use std::ops::Range;

/// The names the page brings into scope: (name, import source or `None`
/// for `export const`, where it is written).
fn local_names(tree: &PageTree) -> impl Iterator<Item = (&str, Option<&str>, Range<usize>)> {
    tree.names.iter().map(|n| {
        let source = at_offset::import_of(tree, n).map(|i| i.source.as_str());
        (n.name.as_str(), source, n.range.range())
    })
}

/// The file an import source names, if the site reads it (as the
/// `missing-snippet` rule resolves it: [`import_target`]).
pub(crate) fn resolve_import<'a>(
    analysis: &'a Analysis,
    page: &SourceFile,
    source: &str,
) -> Option<&'a std::sync::Arc<SourceFile>> {
    let files = crate::model::links::targets_of(&analysis.site, None).files;
    match import_target(&files, &page.path, source) {
        ImportTarget::File(path) => analysis.site.file_by_path(&path),
        ImportTarget::NotAFile | ImportTarget::Missing { .. } => None,
    }
}

/// Where a file's text exports `name` (`export const X`, `export function
/// X`, `export { X }`).
fn export_range(text: &str, name: &str) -> Option<Range<usize>> {
    read_tree(text)
        .names
        .iter()
        .find(|n| n.import.is_none() && n.name == name)
        .map(|n| n.range.range())
}

fn prop_insert(p: Option<&ComponentProp>, name: &str) -> String {
    match p.map(|p| p.kind) {
        Some(PropKind::Boolean) => name.to_string(),
        Some(PropKind::String) | None => format!("{name}=\"\""),
        Some(PropKind::Number | PropKind::Other) => {
            if p.is_some_and(|p| !p.values.is_empty())
                && p.is_some_and(|p| p.kind == PropKind::String)
            {
                format!("{name}=\"\"")
            } else {
                format!("{name}={{}}")
            }
        }
    }
}

fn prop_detail(p: &ComponentProp) -> String {
    let mut d = if p.ty.is_empty() {
        "any".to_string()
    } else {
        p.ty.clone()
    };
    if p.required {
        d.push_str(", required");
    }
    if let Some(def) = &p.default {
        d.push_str(&format!(", default {def}"));
    }
    d
}

fn prop_doc(p: &ComponentProp) -> String {
    let mut md = p.doc.clone();
    if !p.values.is_empty() && !p.doc.contains('`') {
        let vals: Vec<String> = p.values.iter().map(|v| format!("`{v}`")).collect();
        if !md.is_empty() {
            md.push_str("\n\n");
        }
        md.push_str(&format!("One of {}.", vals.join(", ")));
    }
    md
}

fn component_doc(c: &Component) -> String {
    let mut md = format!("**<{}>**", c.name);
    if let Some(a) = &c.alias_of {
        md.push_str(&format!(" (another name of `{a}`)"));
    }
    if !c.doc.is_empty() {
        md.push_str(&format!("\n\n{}", c.doc));
    }
    let documented: Vec<&ComponentProp> = c.props.iter().filter(|p| p.documented).collect();
    if !documented.is_empty() {
        md.push_str("\n\nProps:");
        for p in documented {
            md.push_str(&format!("\n- `{}`: {}", p.name, prop_detail(p)));
        }
    }
    if let Some(page) = &c.docs_page {
        md.push_str(&format!("\n\nDocs: `/{page}`"));
    }
    md
}

/// Completions in a page body, or `None` when the cursor is not in a tag (the
/// front matter and links answer then).
pub fn completions(
    analysis: &Analysis,
    file: FileId,
    tree: &PageTree,
    text: &str,
    offset: usize,
    incomplete: &mut bool,
) -> Option<Vec<CompletionItem>> {
    let f = analysis.site.file(file)?;
    if !matches!(f.kind, FileKind::Page | FileKind::Snippet) {
        return None;
    }
    let PageAt::Tag(ctx) = at_offset::at(tree, text, offset) else {
        return None;
    };
    let comps = components();
    let mut out = Vec::new();
    match &ctx.place {
        Place::Name => {
            let partial = &text[ctx.name_range.start..offset];
            let replace = ctx.name_range.clone();
            // Sorted by how well the name matches what was typed (a name
            // that starts with it first: `<Ca` wants `Card` and `Callout`
            // before a snippet that merely contains the letters), then by
            // where it comes from. At an equal match a built-in component
            // comes before what the page imports or defines: the page's own
            // names are a few the writer wrote at its top and knows, while
            // the built-in components are the vocabulary they look up (and a
            // snippet named `CardGrid` must not push `Card` down).
            let item = |label: String, detail: String, doc: Option<String>, tier: u8| {
                let rank = super::completion_item::rank(partial, &label)?;
                Some(CompletionItem {
                    insert_text: label.clone(),
                    sort_text: Some(format!("{rank}{tier}")),
                    label,
                    kind: CompletionKind::Component,
                    detail: Some(detail),
                    documentation: doc,
                    replace: replace.clone(),
                    filter_text: None,
                })
            };
            let mut seen = std::collections::HashSet::new();
            for (name, source, _) in local_names(tree) {
                if seen.insert(name.to_string()) {
                    let detail = match source {
                        Some(s) => format!("imported from {s}"),
                        None => "defined in this page".to_string(),
                    };
                    out.extend(item(name.to_string(), detail, None, 2));
                }
                // What an imported snippet exports.
                if let Some(src) = source
                    && let Some(sf) = resolve_import(analysis, f, src)
                {
                    for e in &sf.page_index().exports {
                        if seen.insert(e.clone()) {
                            out.extend(item(e.clone(), format!("exported by {src}"), None, 2));
                        }
                    }
                }
            }
            for c in comps.all() {
                if seen.insert(c.name.clone()) {
                    let tier = if c.docs_page.is_some() || !c.props.is_empty() {
                        0
                    } else {
                        1
                    };
                    out.extend(item(
                        c.name.clone(),
                        "built-in component".into(),
                        Some(component_doc(c)),
                        tier,
                    ));
                }
            }
            if partial.is_empty() || partial.starts_with(|c: char| c.is_ascii_lowercase()) {
                for h in comps.html() {
                    if seen.insert(h.to_string()) {
                        out.extend(item(h.to_string(), "HTML element".into(), None, 3));
                    }
                }
            }
        }
        Place::AttrName { range } => {
            if ctx.closing {
                return Some(out);
            }
            let c = comps.get(ctx.name)?;
            let partial = &text[range.start..offset];
            for p in &c.props {
                if p.name == "children"
                    || ctx.attrs.iter().any(|(n, r)| *n == p.name && *r != *range)
                    || !prefix_match(partial, &p.name)
                {
                    continue;
                }
                let sort = if p.required {
                    "0"
                } else if p.documented {
                    "1"
                } else {
                    "2"
                };
                out.push(CompletionItem {
                    label: p.name.clone(),
                    kind: CompletionKind::Key,
                    detail: Some(prop_detail(p)),
                    documentation: Some(prop_doc(p)).filter(|d| !d.is_empty()),
                    insert_text: prop_insert(Some(p), &p.name),
                    replace: range.clone(),
                    sort_text: Some(sort.into()),
                    filter_text: None,
                });
            }
        }
        Place::AttrValue { attr, range } => {
            let c = comps.get(ctx.name)?;
            let p = c.prop(attr)?;
            let partial = &text[range.start..offset];
            // The `icon` prop names an icon of the site's library (or an
            // image, or an SVG expression).
            if p.name == "icon" && p.ty.split('|').any(|t| t.trim() == "string") {
                let library = super::icons::site_library(analysis);
                for icon in super::icons::icon_items(library, partial, incomplete) {
                    out.push(CompletionItem {
                        label: icon.name.to_string(),
                        kind: CompletionKind::Value,
                        detail: Some(icon.detail),
                        documentation: icon.documentation,
                        insert_text: icon.name.to_string(),
                        replace: range.clone(),
                        sort_text: Some(icon.rank.to_string()),
                        filter_text: None,
                    });
                }
            }
            for v in &p.values {
                if prefix_match(partial, v) {
                    out.push(CompletionItem {
                        label: v.clone(),
                        kind: CompletionKind::Value,
                        detail: Some(format!("{} of <{}>", p.name, c.name)),
                        documentation: None,
                        insert_text: v.clone(),
                        replace: range.clone(),
                        sort_text: None,
                        filter_text: None,
                    });
                }
            }
        }
        Place::Other => {}
    }
    Some(out)
}

fn prefix_match(typed: &str, candidate: &str) -> bool {
    let mut c = candidate.bytes();
    typed.bytes().all(|t| c.any(|x| x.eq_ignore_ascii_case(&t)))
}

/// The tag around `offset` (for hover and definition: the cursor may be
/// anywhere on a name, or on the `<` itself).
fn tag_on<'a>(tree: &'a PageTree, text: &'a str, offset: usize) -> Option<Tag<'a>> {
    let on = |at| match at_offset::at(tree, text, at) {
        PageAt::Tag(t) => Some(t),
        _ => None,
    };
    on(offset).or_else(|| {
        (text.as_bytes().get(offset) == Some(&b'<'))
            .then(|| on(offset + 1))
            .flatten()
    })
}

/// Hover on a component name or a prop of a built-in component.
pub fn hover(
    analysis: &Analysis,
    file: FileId,
    text: &str,
    offset: usize,
) -> Option<(String, Range<usize>)> {
    let f = analysis.site.file(file)?;
    if !matches!(f.kind, FileKind::Page | FileKind::Snippet) {
        return None;
    }
    let tree = read_tree(text);
    let ctx = tag_on(&tree, text, offset)?;
    let comps = components();
    if ctx.name_range.contains(&offset) || ctx.name_range.end == offset {
        if let Some(c) = comps.get(ctx.name) {
            return Some((component_doc(c), ctx.name_range));
        }
        let base = ctx.name.split('.').next().unwrap_or("");
        let (_, source, _) = local_names(&tree).find(|n| n.0 == base)?;
        let md = match source {
            Some(s) => format!("**<{}>**\n\nImported from `{s}`", ctx.name),
            None => format!("**<{}>**\n\nDefined in this page", ctx.name),
        };
        return Some((md, ctx.name_range));
    }
    let (name, range) = ctx
        .attrs
        .iter()
        .find(|(_, r)| r.contains(&offset) || r.end == offset)?;
    let c = comps.get(ctx.name)?;
    let p = c.prop(name)?;
    let mut md = format!("**{}**: {}", p.name, prop_detail(p));
    let doc = prop_doc(p);
    if !doc.is_empty() {
        md.push_str(&format!("\n\n{doc}"));
    }
    Some((md, range.clone()))
}

/// Go to definition on an imported component: the file it comes from (at its
/// `export`, when the file defines it by name), or on a component the page
/// defines: its `export`.
pub fn definition(
    analysis: &Analysis,
    file: FileId,
    text: &str,
    offset: usize,
) -> Option<Location> {
    let f = analysis.site.file(file)?;
    if !matches!(f.kind, FileKind::Page | FileKind::Snippet) {
        return None;
    }
    let tree = read_tree(text);
    let ctx = tag_on(&tree, text, offset)?;
    if !(ctx.name_range.contains(&offset) || ctx.name_range.end == offset) {
        return None;
    }
    let base = ctx.name.split('.').next().unwrap_or("");
    let (_, source, range) = local_names(&tree).find(|n| n.0 == base)?;
    match source {
        None => Some(Location { file, range }),
        Some(src) => {
            let sf = resolve_import(analysis, f, src)?;
            let range = export_range(sf.text(), base).unwrap_or(0..0);
            Some(Location { file: sf.id, range })
        }
    }
}
