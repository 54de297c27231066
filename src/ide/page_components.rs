//! Components in page bodies, for the editor: completion after `<` (the
//! platform's components, what the page imports or defines, what an imported
//! snippet exports, HTML tags), then a tag's props with types and docs, then a
//! prop's allowed values; hover on a component or prop; go to definition on an
//! imported component.
//!
//! The cursor context is read around the cursor only: back to the tag's `<`
//! (at most [`LOOK_BACK`] bytes) and forward to its end. Whether the cursor is
//! in a fenced code block is a line-start scan from the top of the page
//! (memchr over newlines, no parse); imports and exports are the page's
//! `import`/`export` lines.

use super::analysis::Analysis;
use super::completion::{CompletionItem, CompletionKind};
use super::definition::Target;
use super::imports::{ImportTarget, import_target};
use crate::model::site::{FileKind, SourceFile};
use crate::schema::components::{Component, Prop, PropKind, components};
use crate::syntax::tree::FileId;
use std::ops::Range;

/// How far back from the cursor a tag's `<` is looked for.
const LOOK_BACK: usize = 8 * 1024;

/// Where in a tag the cursor is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Place {
    /// In (or right after) the tag name.
    Name,
    /// Where a prop name goes, or in one.
    AttrName { range: Range<usize> },
    /// In the quoted value of `attr`.
    AttrValue { attr: String, range: Range<usize> },
    /// In an expression or elsewhere: nothing to offer.
    Other,
}

/// The tag around the cursor.
#[derive(Debug, Clone)]
pub(crate) struct TagCtx {
    pub name: String,
    pub name_range: Range<usize>,
    pub closing: bool,
    /// Names of the props written in the tag (before and after the cursor).
    pub attrs: Vec<(String, Range<usize>)>,
    pub place: Place,
}

fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-' | b':' | b'$')
}

/// Is `offset` inside a fenced code block, inline code, or the front matter?
pub(crate) fn in_code(text: &str, offset: usize) -> bool {
    let b = text.as_bytes();
    let offset = offset.min(b.len());
    let mut start = 0;
    // Front matter.
    if text.starts_with("---") {
        let mut pos = text.find('\n').map_or(b.len(), |i| i + 1);
        loop {
            if pos >= b.len() {
                return true;
            }
            let end = memchr::memchr(b'\n', &b[pos..]).map_or(b.len(), |i| pos + i);
            if text[pos..end].trim_end() == "---" {
                if offset <= end {
                    return true;
                }
                start = (end + 1).min(b.len());
                break;
            }
            pos = end + 1;
        }
    }
    let mut fence: Option<(u8, usize)> = None;
    let mut line = start;
    while line <= offset && line < b.len() {
        let end = memchr::memchr(b'\n', &b[line..]).map_or(b.len(), |i| line + i);
        let s = &text[line..end];
        let t = s.trim_start();
        let c = t.as_bytes().first().copied();
        if let Some(c @ (b'`' | b'~')) = c {
            let n = t.bytes().take_while(|&x| x == c).count();
            match fence {
                None if n >= 3 => {
                    fence = Some((c, n));
                }
                Some((fc, fnum)) if fc == c && n >= fnum && t[n..].trim().is_empty() => {
                    if offset <= end {
                        return true;
                    }
                    fence = None;
                }
                _ => {}
            }
        }
        if offset <= end {
            if fence.is_some() {
                return true;
            }
            // Inline code: an odd number of backticks before the cursor on this line.
            return s[..offset - line].bytes().filter(|&x| x == b'`').count() % 2 == 1;
        }
        line = end + 1;
    }
    fence.is_some()
}

/// The tag the cursor is in, read around the cursor.
pub(crate) fn tag_at(text: &str, offset: usize) -> Option<TagCtx> {
    let b = text.as_bytes();
    if offset > b.len() || !text.is_char_boundary(offset) {
        return None;
    }
    let floor = offset.saturating_sub(LOOK_BACK);
    let mut p = offset;
    while p > floor {
        p -= 1;
        match b[p] {
            b'<' => {
                let next = b.get(p + 1).copied();
                let starts =
                    p + 1 == offset || next.is_some_and(|c| c.is_ascii_alphabetic() || c == b'/');
                if !starts {
                    continue;
                }
                return match scan(text, p, offset) {
                    Scan::Inside(ctx) => (!in_code(text, p)).then_some(ctx),
                    Scan::Closed => None,
                    Scan::NotATag => continue,
                };
            }
            // A blank line ends any tag: the cursor is in content.
            b'\n' if p > 0 && b[p - 1] == b'\n' => return None,
            _ => {}
        }
    }
    None
}

enum Scan {
    Inside(TagCtx),
    Closed,
    NotATag,
}

/// Read the tag starting at `lt` up to its end, noting where `offset` falls.
fn scan(text: &str, lt: usize, offset: usize) -> Scan {
    let b = text.as_bytes();
    let mut i = lt + 1;
    let closing = b.get(i) == Some(&b'/');
    if closing {
        i += 1;
    }
    let ns = i;
    while i < b.len() && is_name_byte(b[i]) {
        i += 1;
    }
    let name_range = ns..i;
    let name = text[name_range.clone()].to_string();
    let mut place = (offset >= ns && offset <= i).then_some(Place::Name);
    if place.is_none()
        && !name.is_empty()
        && !b
            .get(i)
            .is_some_and(|c| c.is_ascii_whitespace() || matches!(c, b'>' | b'/' | b'{'))
    {
        return Scan::NotATag;
    }
    let mut attrs = Vec::new();
    let limit = (offset + LOOK_BACK).min(b.len());
    loop {
        // Whitespace between props.
        while i < limit && b[i].is_ascii_whitespace() {
            i += 1;
        }
        if place.is_none() && offset <= i && offset > name_range.end {
            place = Some(Place::AttrName {
                range: offset..offset,
            });
        }
        if i >= limit {
            break;
        }
        match b[i] {
            b'>' => {
                if place.is_none() {
                    return Scan::Closed;
                }
                break;
            }
            b'/' if b.get(i + 1) == Some(&b'>') => {
                if place.is_none() {
                    return Scan::Closed;
                }
                break;
            }
            b'{' => {
                let start = i;
                i = skip_expression(b, i, limit);
                if place.is_none() && offset > start && offset < i {
                    place = Some(Place::Other);
                }
            }
            c if is_name_byte(c) => {
                let s = i;
                while i < limit && is_name_byte(b[i]) {
                    i += 1;
                }
                let aname = text[s..i].to_string();
                if place.is_none() && offset >= s && offset <= i {
                    place = Some(Place::AttrName { range: s..i });
                }
                attrs.push((aname.clone(), s..i));
                let mut j = i;
                while j < limit && b[j].is_ascii_whitespace() {
                    j += 1;
                }
                if b.get(j) == Some(&b'=') {
                    j += 1;
                    while j < limit && b[j].is_ascii_whitespace() {
                        j += 1;
                    }
                    match b.get(j) {
                        Some(&q @ (b'"' | b'\'')) => {
                            let vs = j + 1;
                            let mut k = vs;
                            while k < limit && b[k] != q {
                                k += 1;
                            }
                            if place.is_none() && offset >= vs && offset <= k {
                                place = Some(Place::AttrValue {
                                    attr: aname,
                                    range: vs..k,
                                });
                            }
                            i = (k + 1).min(limit);
                        }
                        Some(b'{') => {
                            let start = j;
                            i = skip_expression(b, j, limit);
                            if place.is_none() && offset > start && offset < i {
                                place = Some(Place::Other);
                            }
                        }
                        _ => i = j,
                    }
                }
            }
            _ => {
                // Not JSX (`<5`, `a < b`): the cursor is not in a tag.
                if place.is_none() {
                    return Scan::NotATag;
                }
                break;
            }
        }
    }
    match place {
        Some(place) => Scan::Inside(TagCtx {
            name,
            name_range,
            closing,
            attrs,
            place,
        }),
        None => Scan::Closed,
    }
}

/// Past the `{...}` starting at `i` (strings and nested braces skipped).
fn skip_expression(b: &[u8], mut i: usize, limit: usize) -> usize {
    let mut depth = 0usize;
    while i < limit {
        match b[i] {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            q @ (b'"' | b'\'' | b'`') => {
                i += 1;
                while i < limit && b[i] != q {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            _ => {}
        }
        i += 1;
    }
    limit
}

/// One name a page brings into scope.
#[derive(Debug, Clone)]
pub(crate) struct LocalName {
    pub name: String,
    /// The import's source (`/snippets/x.mdx`), or `None` for `export const`.
    pub source: Option<String>,
    /// Where the name is written in the page.
    pub range: Range<usize>,
}

/// The names a page's `import`/`export` lines bring into scope.
pub(crate) fn local_names(text: &str) -> Vec<LocalName> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut line = 0;
    let mut in_fence = false;
    while line < b.len() {
        let end = memchr::memchr(b'\n', &b[line..]).map_or(b.len(), |i| line + i);
        let s = &text[line..end];
        if s.trim_start().starts_with("```") {
            in_fence = !in_fence;
        } else if !in_fence && (s.starts_with("import ") || s.starts_with("export ")) {
            // An import may span lines: read to its `from '...'`.
            let stmt_end = if s.starts_with("import ") && !s.contains(" from ") && s.contains('{') {
                text[line..].find('}').map_or(end, |i| {
                    let close = line + i;
                    memchr::memchr(b'\n', &b[close..]).map_or(b.len(), |j| close + j)
                })
            } else {
                end
            };
            parse_esm(text, line, stmt_end, &mut out);
            line = stmt_end + 1;
            continue;
        }
        line = end + 1;
    }
    out
}

fn ident_ranges(text: &str, range: Range<usize>) -> Vec<Range<usize>> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = range.start;
    while i < range.end {
        if b[i].is_ascii_alphabetic() || b[i] == b'_' || b[i] == b'$' {
            let s = i;
            while i < range.end && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'$') {
                i += 1;
            }
            out.push(s..i);
        } else {
            i += 1;
        }
    }
    out
}

fn parse_esm(text: &str, start: usize, end: usize, out: &mut Vec<LocalName>) {
    let s = &text[start..end];
    if let Some(rest) = s.strip_prefix("export ") {
        let rest = rest.trim_start();
        for kw in ["const ", "let ", "var ", "function ", "default function "] {
            if let Some(after) = rest.strip_prefix(kw) {
                let name_start = start + (s.len() - after.len());
                let n = after
                    .bytes()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == b'_' || *c == b'$')
                    .count();
                if n > 0 {
                    out.push(LocalName {
                        name: after[..n].to_string(),
                        source: None,
                        range: name_start..name_start + n,
                    });
                }
                return;
            }
        }
        return;
    }
    // import A, { B, C as D } from "source"
    let Some(from) = s.rfind(" from ") else {
        return;
    };
    let src = s[from + 6..].trim().trim_end_matches(';').trim();
    let source = src.trim_matches(|c| c == '"' || c == '\'').to_string();
    let clause = start + 7..start + from;
    let ctext = &text[clause.clone()];
    for r in ident_ranges(text, clause) {
        let w = &text[r.clone()];
        if w == "as" {
            // `B as D`: D is the name in scope, not B.
            out.pop();
            continue;
        }
        if w == "type" && ctext.contains('{') {
            continue;
        }
        out.push(LocalName {
            name: w.to_string(),
            source: Some(source.clone()),
            range: r,
        });
    }
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

/// What `export const X` / `export function X` a file's text defines.
fn exports_of(text: &str) -> Vec<LocalName> {
    local_names(text)
        .into_iter()
        .filter(|n| n.source.is_none())
        .collect()
}

fn prop_insert(p: Option<&Prop>, name: &str) -> String {
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

fn prop_detail(p: &Prop) -> String {
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

fn prop_doc(p: &Prop) -> String {
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
    let documented: Vec<&Prop> = c.props.iter().filter(|p| p.documented).collect();
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
    text: &str,
    offset: usize,
    incomplete: &mut bool,
) -> Option<Vec<CompletionItem>> {
    let f = analysis.site.file(file)?;
    if !matches!(f.kind, FileKind::Page | FileKind::Snippet) {
        return None;
    }
    let ctx = tag_at(text, offset)?;
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
                let rank = super::completion::rank(partial, &label)?;
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
            for n in local_names(text) {
                if seen.insert(n.name.clone()) {
                    let detail = match &n.source {
                        Some(s) => format!("imported from {s}"),
                        None => "defined in this page".to_string(),
                    };
                    out.extend(item(n.name.clone(), detail, None, 2));
                }
                // What an imported snippet exports.
                if let Some(src) = &n.source
                    && let Some(sf) = resolve_import(analysis, f, src)
                {
                    for e in exports_of(sf.text()) {
                        if seen.insert(e.name.clone()) {
                            out.extend(item(e.name, format!("exported by {src}"), None, 2));
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
            let c = comps.get(&ctx.name)?;
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
            let c = comps.get(&ctx.name)?;
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

/// The tag around `offset` read whole (for hover and definition: the cursor
/// may be anywhere on a name).
fn tag_on(text: &str, offset: usize) -> Option<TagCtx> {
    // `tag_at` reads up to the cursor and the names it is on, whole.
    tag_at(text, offset).or_else(|| {
        // On the `<` itself or just before the name.
        let next = text.get(offset..)?.as_bytes();
        (next.first() == Some(&b'<'))
            .then(|| tag_at(text, offset + 1))
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
    let ctx = tag_on(text, offset)?;
    let comps = components();
    if ctx.name_range.contains(&offset) || ctx.name_range.end == offset {
        if let Some(c) = comps.get(&ctx.name) {
            return Some((component_doc(c), ctx.name_range));
        }
        let base = ctx.name.split('.').next().unwrap_or("");
        let n = local_names(text).into_iter().find(|n| n.name == base)?;
        let md = match &n.source {
            Some(s) => format!("**<{}>**\n\nImported from `{s}`", ctx.name),
            None => format!("**<{}>**\n\nDefined in this page", ctx.name),
        };
        return Some((md, ctx.name_range));
    }
    let (name, range) = ctx
        .attrs
        .iter()
        .find(|(_, r)| r.contains(&offset) || r.end == offset)?;
    let c = comps.get(&ctx.name)?;
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
pub fn definition(analysis: &Analysis, file: FileId, text: &str, offset: usize) -> Option<Target> {
    let f = analysis.site.file(file)?;
    if !matches!(f.kind, FileKind::Page | FileKind::Snippet) {
        return None;
    }
    let ctx = tag_on(text, offset)?;
    if !(ctx.name_range.contains(&offset) || ctx.name_range.end == offset) {
        return None;
    }
    let base = ctx.name.split('.').next().unwrap_or("");
    let n = local_names(text).into_iter().find(|n| n.name == base)?;
    match &n.source {
        None => Some(Target {
            file,
            range: n.range,
        }),
        Some(src) => {
            let sf = resolve_import(analysis, f, src)?;
            let range = exports_of(sf.text())
                .into_iter()
                .find(|e| e.name == base)
                .map_or(0..0, |e| e.range);
            Some(Target { file: sf.id, range })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn place(src: &str) -> Option<(String, Place)> {
        let off = src.find("$0").unwrap();
        let text = src.replace("$0", "");
        tag_at(&text, off).map(|c| (c.name, c.place))
    }

    #[test]
    fn cursor_places() {
        assert_eq!(place("x\n<Ca$0").map(|p| p.0), Some("Ca".into()));
        assert!(matches!(place("<$0").map(|p| p.1), Some(Place::Name)));
        assert!(matches!(
            place("<Card $0").map(|p| p.1),
            Some(Place::AttrName { .. })
        ));
        assert!(matches!(
            place("<Card title=\"a\" ho$0 />").map(|p| p.1),
            Some(Place::AttrName { .. })
        ));
        assert!(matches!(
            place("<Badge color=\"bl$0\">").map(|p| p.1),
            Some(Place::AttrValue { .. })
        ));
        assert!(matches!(
            place("<Card title={x$0}>").map(|p| p.1),
            Some(Place::Other)
        ));
        assert_eq!(place("<Card title=\"a\">\ntext $0"), None);
        assert_eq!(place("a <5 and $0"), None);
        assert_eq!(place("```\n<Ca$0\n```"), None);
        assert_eq!(place("`<Ca$0`"), None);
        assert_eq!(place("---\ntitle: <Ca$0\n---\n"), None);
        assert!(matches!(
            place("<Card\n  title=\"x\"\n  $0\n>").map(|p| p.1),
            Some(Place::AttrName { .. })
        ));
    }

    #[test]
    fn names_in_scope() {
        let t = "---\ntitle: x\n---\nimport A from '/snippets/a.mdx'\nimport { B, C as D } from \"./c.jsx\"\nexport const E = () => <div />;\n\n```\nimport F from 'f'\n```\n";
        let names: Vec<String> = local_names(t).into_iter().map(|n| n.name).collect();
        assert_eq!(names, vec!["A", "B", "D", "E"]);
    }
}
