//! Completion in docs.json (and `$ref` files), and in page front matter.
//!
//! The cursor context comes from the tolerant tree (`syntax::json::query`;
//! the text is usually broken while typing); what the place may hold comes from the schema, and
//! site-specific values (pages, endpoints, files, languages) from the site
//! snapshot and the last good resolved configuration.
//!
//! Keys are inserted as `"key": ` plus an empty value of the key's type
//! (`""`, `[]`, `{}`, `true`, `0`; nothing when the type is mixed), or as
//! `"key"` alone when a `:` already follows. No snippet syntax, so any
//! client can apply the text as is.

use super::lookup::{self, Spec, ValuePlace};
use crate::analysis::Analysis;
use crate::model::languages::LANGUAGES;
use crate::model::nav;
use crate::model::paths;
use crate::model::site::{FileKind, SourceFile};
use crate::schema::{self, Schema, Types};
use crate::syntax::cursor::{Seg, Slot};
use crate::syntax::json::query::JsonCursor;
use crate::syntax::tree::FileId;
use std::collections::HashSet;

use super::completion_item::matches;
pub use super::completion_item::{CompletionItem, CompletionKind, MAX_PAGE_ITEMS};
use super::completion_item::{RANKS, rank};

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CompletionList {
    /// In no particular order: editors sort by `sort_text`, then `label`.
    pub items: Vec<CompletionItem>,
    /// Some candidates were left out; ask again after more typing.
    pub incomplete: bool,
}

/// Completions at `offset` of `text`, the editor's current text of `file`.
pub fn completions(
    analysis: &Analysis,
    file: FileId,
    text: &str,
    offset: usize,
) -> Vec<CompletionItem> {
    completion_list(analysis, file, text, offset).items
}

/// [`completions`], with whether the list was cut short.
pub fn completion_list(
    analysis: &Analysis,
    file: FileId,
    text: &str,
    offset: usize,
) -> CompletionList {
    let mut list = CompletionList::default();
    let Some(f) = analysis.site.file(file) else {
        return list;
    };
    if matches!(f.kind, FileKind::Page | FileKind::Snippet) {
        // The editor's text read once for both: where the cursor is is what
        // the page reader sees there.
        let tree = crate::syntax::page::read_tree(text);
        let incomplete = &mut list.incomplete;
        if let Some(items) = super::page_links::completions(
            analysis, file, &tree, text, offset, incomplete,
        )
        .or_else(|| {
            super::page_components::completions(analysis, file, &tree, text, offset, incomplete)
        }) {
            list.items = items;
            return list;
        }
    }
    list.items = match f.kind {
        FileKind::Page => front_matter(analysis, f, text, offset, &mut list.incomplete),
        FileKind::DocsJson | FileKind::Json => {
            docs_json(analysis, f, text, offset, &mut list.incomplete)
        }
        FileKind::Yaml | FileKind::Snippet => Vec::new(),
    };
    list
}

fn docs_json(
    analysis: &Analysis,
    f: &std::sync::Arc<SourceFile>,
    text: &str,
    offset: usize,
    incomplete: &mut bool,
) -> Vec<CompletionItem> {
    let Some(mut full) = lookup::base_path(analysis, f.id) else {
        return Vec::new();
    };
    let ctx = lookup::json_cursor(f, text, offset);
    full.extend(ctx.path.iter().cloned());
    let mut out = Vec::new();
    match &ctx.slot {
        Slot::Key => keys(&ctx, &full, &mut out),
        Slot::Value { .. } | Slot::Item { .. } => {
            let mut vp = full.clone();
            vp.extend(ctx.value_path().into_iter().skip(ctx.path.len()));
            values(analysis, f, &ctx, &vp, &mut out, incomplete);
        }
        Slot::None => {}
    }
    out
}

/// Keys the object at `path` may have that it does not have yet.
fn keys(ctx: &JsonCursor, path: &[Seg], out: &mut Vec<CompletionItem>) {
    let schemas = lookup::schemas_at(path);
    let element = lookup::nav_element_at(path).filter(|(_, used)| *used == path.len());
    // One kind of child per navigation element: once it has one child list,
    // offer no other.
    let has_child_list = element.is_some()
        && ctx
            .siblings
            .iter()
            .any(|k| nav::CHILD_KEYS.contains(&k.as_str()));
    let mut seen: HashSet<&str> = HashSet::new();
    for s in &schemas {
        for (name, prop) in s.property_names() {
            if prop.is_never()
                || ctx.siblings.iter().any(|k| k == name)
                || has_child_list && nav::CHILD_KEYS.contains(&name)
                || !seen.insert(name)
            {
                continue;
            }
            let label = name.to_string();
            let insert = key_insert(name, prop, ctx.has_colon);
            out.push(CompletionItem {
                detail: lookup::type_line(&[prop]),
                documentation: prop.description().map(str::to_string),
                filter_text: ctx.in_quotes.then(|| format!("\"{name}\"")),
                kind: CompletionKind::Key,
                // Required keys first.
                sort_text: Some(if s.is_required(name) { "0" } else { "1" }.into()),
                label,
                insert_text: insert,
                replace: ctx.replace.clone(),
            });
        }
    }
    out.retain(|i| matches(&ctx.partial, &i.label));
}

fn key_insert(name: &str, prop: &Schema, has_colon: bool) -> String {
    let quoted = json_string(name);
    if has_colon {
        return quoted;
    }
    let t = prop.accepted_types();
    let value = if !prop.enum_strings().is_empty() || t == Types::STRING {
        "\"\""
    } else if t == Types::ARRAY {
        "[]"
    } else if t == Types::OBJECT {
        "{}"
    } else if t == Types::BOOLEAN {
        "true"
    } else if t == Types::INTEGER || t == Types::NUMBER {
        "0"
    } else {
        ""
    };
    format!("{quoted}: {value}")
}

fn values(
    analysis: &Analysis,
    f: &SourceFile,
    ctx: &JsonCursor,
    vp: &[Seg],
    out: &mut Vec<CompletionItem>,
    incomplete: &mut bool,
) {
    match lookup::value_place(vp) {
        ValuePlace::PagesItem => {
            pages(analysis, ctx, out, incomplete);
            // A 1,200-operation spec is as long a list as a big site's pages:
            // cap it the same way and let the editor ask again as the user types.
            endpoints_in_nav(analysis, ctx, vp, out, incomplete);
        }
        ValuePlace::RootPage => pages(analysis, ctx, out, incomplete),
        ValuePlace::OpenApiFile => spec_files(analysis, ctx, true, out),
        ValuePlace::AsyncApiFile => spec_files(analysis, ctx, false, out),
        ValuePlace::Ref => ref_files(analysis, f, ctx, out),
        ValuePlace::Language => {
            for (code, name) in LANGUAGES {
                if matches(&ctx.partial, code) {
                    out.push(value_item(ctx, code, CompletionKind::Language, Some(name)));
                }
            }
        }
        ValuePlace::Icon => {
            // An icon object's own `library` wins over the site's.
            let own = analysis.config.root.as_deref().and_then(|root| {
                let along = lookup::nodes_along(root, &vp[..vp.len() - 1]);
                (along.len() == vp.len()).then_some(())?;
                along.last()?.get("library")?.as_str()
            });
            let library = own.unwrap_or_else(|| super::icons::site_library(analysis));
            for icon in super::icons::icon_items(library, &ctx.partial, incomplete) {
                let mut it = value_item(ctx, icon.name, CompletionKind::Value, Some(&icon.detail));
                it.documentation = icon.documentation;
                it.sort_text = Some(icon.rank.to_string());
                out.push(it);
            }
        }
        ValuePlace::Other => schema_values(&lookup::schemas_at(vp), ctx, out),
    }
}

fn schema_values(schemas: &[&Schema], ctx: &JsonCursor, out: &mut Vec<CompletionItem>) {
    let mut seen = HashSet::new();
    let mut bool_ok = false;
    for s in schemas {
        bool_ok |= s.accepted_types().contains(Types::BOOLEAN);
        for (v, doc) in s.documented_values() {
            if seen.insert(v) && matches(&ctx.partial, v) {
                let mut it = value_item(ctx, v, CompletionKind::Value, None);
                it.documentation = doc.map(str::to_string);
                out.push(it);
            }
        }
    }
    if bool_ok && !ctx.in_quotes {
        for b in ["true", "false"] {
            if matches(&ctx.partial, b) {
                out.push(CompletionItem {
                    label: b.into(),
                    kind: CompletionKind::Value,
                    detail: None,
                    documentation: None,
                    insert_text: b.into(),
                    replace: ctx.replace.clone(),
                    sort_text: None,
                    filter_text: None,
                });
            }
        }
    }
}

/// A string value, inserted with its quotes over the whole token.
fn value_item(
    ctx: &JsonCursor,
    value: &str,
    kind: CompletionKind,
    detail: Option<&str>,
) -> CompletionItem {
    let insert = json_string(value);
    CompletionItem {
        label: value.to_string(),
        kind,
        detail: detail.map(str::to_string),
        documentation: None,
        filter_text: ctx.in_quotes.then(|| insert.clone()),
        insert_text: insert,
        replace: ctx.replace.clone(),
        sort_text: None,
    }
}

/// Every page of the site, best match first: an exact page, then pages
/// one of whose path segments starts with what was typed, then word-start
/// matches, then other contiguous ones, then scattered ones; within a
/// rank, pages no navigation lists yet come first. Only the best
/// [`MAX_PAGE_ITEMS`] are built (the list is then incomplete and the editor
/// asks again as the user types), and they are ranked before the cap, so
/// `in` finds `introduction` on a site of any size.
fn pages(
    analysis: &Analysis,
    ctx: &JsonCursor,
    out: &mut Vec<CompletionItem>,
    incomplete: &mut bool,
) {
    let site = &analysis.site;
    let typed = ctx.partial.as_str();
    // (rank, listed) -> pages, each bucket capped at MAX_PAGE_ITEMS.
    let mut buckets: [Vec<(&str, FileId)>; 2 * RANKS] = Default::default();
    let mut dropped = false;
    fn put<'a>(
        (buckets, dropped): (&mut [Vec<(&'a str, FileId)>], &mut bool),
        rank: u8,
        listed: bool,
        key: &'a str,
        id: FileId,
    ) {
        let b = &mut buckets[2 * rank as usize + usize::from(listed)];
        if b.len() < MAX_PAGE_ITEMS {
            b.push((key, id));
        } else {
            *dropped = true;
        }
    }
    // Unlisted pages first (few, known from the analysis).
    for id in analysis.unlisted_pages() {
        let Some(f) = site.file(*id) else { continue };
        let key = lookup::page_key(&f.path);
        if let Some(r) = rank(typed, key) {
            put((&mut buckets, &mut dropped), r, false, key, *id);
        }
    }
    // Then the listed ones, in key order. Once the pages that rank as a
    // segment prefix or better fill the list, nothing later can enter it
    // but an exact page, looked up first.
    let exact = site
        .page_ref(typed)
        .filter(|r| analysis.is_listed(r.ordinal as usize));
    if let Some((r, f)) = exact.and_then(|r| Some((r, site.file(r.id)?))) {
        let key = lookup::page_key(&f.path);
        put((&mut buckets, &mut dropped), 0, true, key, r.id);
    }
    let full =
        |b: &[Vec<(&str, FileId)>]| b[..4].iter().map(Vec::len).sum::<usize>() >= MAX_PAGE_ITEMS;
    if !full(&buckets) {
        for (i, p) in site.page_names().enumerate() {
            if !analysis.is_listed(i) || exact.is_some_and(|r| r.id == p.id) {
                continue;
            }
            if let Some(r) = rank(typed, p.key) {
                put((&mut buckets, &mut dropped), r, true, p.key, p.id);
                if r <= 1 && full(&buckets) {
                    dropped |= i + 1 < site.page_names().len();
                    break;
                }
            }
        }
    } else if analysis.lists_any_page() {
        dropped = true;
    }
    let mut kept = 0;
    for (b, bucket) in buckets.iter().enumerate() {
        for (key, id) in bucket {
            if kept == MAX_PAGE_ITEMS {
                dropped = true;
                break;
            }
            kept += 1;
            let title = site.file(*id).and_then(|f| f.title());
            let mut item = value_item(ctx, key, CompletionKind::Page, title);
            item.sort_text = Some(format!("{}{}", b / 2, b % 2));
            out.push(item);
        }
    }
    *incomplete |= dropped;
}

/// `METHOD /path` entries from the spec the place inherits, or from every
/// OpenAPI spec of the site (spec-prefixed when there are several): the
/// best [`MAX_PAGE_ITEMS`] by [`rank`].
fn endpoints_in_nav(
    analysis: &Analysis,
    ctx: &JsonCursor,
    vp: &[Seg],
    out: &mut Vec<CompletionItem>,
    incomplete: &mut bool,
) {
    let site = &analysis.site;
    let start = out.len();
    let mut found = Ranked::default();
    let inherited = lookup::inherited_openapi(analysis, vp);
    if !inherited.is_empty() {
        for src in &inherited {
            if let Some(file) = lookup::spec_file(site, &src.value) {
                let spec = Spec {
                    file,
                    index: lookup::spec_index(&analysis.config.overlays, file),
                };
                endpoint_items(&spec, None, ctx, &mut found);
            }
        }
    } else {
        let specs: Vec<Spec> = lookup::specs(site, &analysis.config.overlays)
            .into_iter()
            .filter(Spec::is_openapi)
            .collect();
        let several = specs.len() > 1;
        for spec in &specs {
            let prefix = several.then_some(spec.file.path.as_str());
            endpoint_items(spec, prefix, ctx, &mut found);
        }
    }
    *incomplete |= found.dropped;
    for (r, bucket) in found.buckets.iter().enumerate() {
        for (label, detail) in bucket {
            if out.len() >= start + MAX_PAGE_ITEMS {
                *incomplete = true;
                return;
            }
            let mut item = value_item(ctx, label, CompletionKind::Endpoint, detail.as_deref());
            item.sort_text = Some(format!("{r}2"));
            out.push(item);
        }
    }
}

/// Endpoint labels by rank, each rank capped at [`MAX_PAGE_ITEMS`].
#[derive(Default)]
struct Ranked {
    buckets: [Vec<(String, Option<String>)>; RANKS],
    dropped: bool,
}

fn endpoint_items(spec: &Spec, prefix: Option<&str>, ctx: &JsonCursor, found: &mut Ranked) {
    let pre = prefix.map(|p| format!("{p} ")).unwrap_or_default();
    let ops = spec.index.operations.iter().filter(|o| !o.excluded);
    let ops = ops.map(|op| (&*op.method, &*op.path, op.summary.as_deref()));
    let hooks = spec.index.webhooks.iter();
    let hooks = hooks.map(|w| ("webhook", &*w.name, w.summary.as_deref()));
    for (first, second, detail) in ops.chain(hooks) {
        // Labels are only built for what matches (a spec has thousands).
        if !matches_parts(&ctx.partial, &[&pre, first, " ", second]) {
            continue;
        }
        let label = format!("{pre}{first} {second}");
        let Some(r) = rank(&ctx.partial, &label) else {
            continue;
        };
        let b = &mut found.buckets[r as usize];
        if b.len() < MAX_PAGE_ITEMS {
            b.push((label, detail.map(str::to_string)));
        } else {
            found.dropped = true;
        }
    }
}

/// Spec files for `openapi` (OpenAPI specs) or `asyncapi` values.
fn spec_files(analysis: &Analysis, ctx: &JsonCursor, openapi: bool, out: &mut Vec<CompletionItem>) {
    for spec in lookup::specs(&analysis.site, &analysis.config.overlays) {
        if spec.is_openapi() != openapi
            || matches!(spec.index.kind, crate::model::openapi::SpecKind::Unknown)
        {
            continue;
        }
        if matches(&ctx.partial, &spec.file.path) {
            out.push(value_item(
                ctx,
                &spec.file.path,
                CompletionKind::File,
                spec.index.title.as_deref(),
            ));
        }
    }
}

/// JSON files for `$ref`, relative to the file that holds the `$ref`.
fn ref_files(
    analysis: &Analysis,
    from: &SourceFile,
    ctx: &JsonCursor,
    out: &mut Vec<CompletionItem>,
) {
    let dir = paths::dir_of(&from.path);
    let mut files: Vec<&SourceFile> = analysis
        .site
        .data_files()
        .map(|f| &**f)
        .filter(|f| f.kind == FileKind::Json && f.id != from.id)
        .collect();
    files.sort_by(|a, b| a.path.cmp(&b.path));
    for f in files {
        let rel = lookup::relative(dir, &f.path);
        if matches(&ctx.partial, &rel) {
            out.push(value_item(ctx, &rel, CompletionKind::File, None));
        }
    }
}

fn front_matter(
    analysis: &Analysis,
    f: &std::sync::Arc<SourceFile>,
    text: &str,
    offset: usize,
    incomplete: &mut bool,
) -> Vec<CompletionItem> {
    let Some(fc) = lookup::front_matter_cursor(f, text, offset) else {
        return Vec::new();
    };
    let schema = schema::frontmatter();
    let mut out = Vec::new();
    let item = |label: String, kind, detail: Option<String>, insert: String| CompletionItem {
        label,
        kind,
        detail,
        documentation: None,
        insert_text: insert,
        replace: fc.replace.clone(),
        sort_text: None,
        filter_text: None,
    };
    // The schema path of the mapping the cursor is in (nested mappings and
    // lists of them: `icon:` then `  style: `).
    let mut path: Vec<schema::PathSeg> = fc
        .path
        .iter()
        .map(|s| match s {
            Seg::Key(k) => schema::PathSeg::Key(k),
            Seg::Index(i) => schema::PathSeg::Index(*i),
        })
        .collect();
    match &fc.slot {
        Slot::Key => {
            let mut seen = HashSet::new();
            for s in schema::schemas_at(schema, &path) {
                for (name, prop) in s.property_names() {
                    if prop.is_never() || fc.present.iter().any(|k| k == name) || !seen.insert(name)
                    {
                        continue;
                    }
                    if matches(&fc.partial, name) {
                        let mut it = item(
                            name.to_string(),
                            CompletionKind::Key,
                            lookup::type_line(&[prop]),
                            format!("{name}: "),
                        );
                        it.documentation = prop.description().map(str::to_string);
                        out.push(it);
                    }
                }
            }
        }
        Slot::Value { key } => {
            let typed = &text[fc.replace.start.min(text.len())..];
            let quote = typed.chars().next().filter(|c| *c == '"' || *c == '\'');
            let wrap = |v: &str| match quote {
                Some(q) => format!("{q}{v}{q}"),
                None => v.to_string(),
            };
            if key == "openapi" && !fc.in_list && path.is_empty() {
                let specs: Vec<Spec> = lookup::specs(&analysis.site, &analysis.config.overlays)
                    .into_iter()
                    .filter(Spec::is_openapi)
                    .collect();
                let several = specs.len() > 1;
                for spec in &specs {
                    let pre = if several {
                        format!("{} ", spec.file.path)
                    } else {
                        String::new()
                    };
                    // Operations, then webhooks: each is an endpoint the
                    // page may name.
                    let operations = spec
                        .index
                        .operations
                        .iter()
                        .filter(|o| !o.excluded)
                        .map(|o| (format!("{pre}{} {}", o.method, o.path), &o.summary));
                    let webhooks = spec
                        .index
                        .webhooks
                        .iter()
                        .map(|w| (format!("{pre}webhook {}", w.name), &w.summary));
                    for (label, summary) in operations.chain(webhooks) {
                        if matches(&fc.partial, &label) {
                            let ins = wrap(&label);
                            out.push(item(label, CompletionKind::Endpoint, summary.clone(), ins));
                        }
                    }
                }
            } else if !fc.in_list
                && super::icons::is_icon_value(
                    Some(key),
                    match fc.path.last() {
                        Some(Seg::Key(k)) => Some(k.as_str()),
                        _ => None,
                    },
                )
            {
                // An icon object's own `library` (in the last parse) wins.
                let own = f.front_matter().root.as_ref().and_then(|root| {
                    let along = lookup::nodes_along(root, &fc.path);
                    (along.len() == fc.path.len() + 1).then_some(())?;
                    along.last()?.get("library")?.as_str()
                });
                let library = own.unwrap_or_else(|| super::icons::site_library(analysis));
                for icon in super::icons::icon_items(library, &fc.partial, incomplete) {
                    let mut it = item(
                        icon.name.to_string(),
                        CompletionKind::Value,
                        Some(icon.detail),
                        wrap(icon.name),
                    );
                    it.documentation = icon.documentation;
                    it.sort_text = Some(icon.rank.to_string());
                    out.push(it);
                }
            } else {
                path.push(schema::PathSeg::Key(key.as_str()));
                if fc.in_list {
                    path.push(schema::PathSeg::Index(0));
                }
                let schemas = schema::schemas_at(schema, &path);
                let mut bool_ok = false;
                let mut seen = HashSet::new();
                for s in &schemas {
                    bool_ok |= s.accepted_types().contains(Types::BOOLEAN);
                    for (v, doc) in s.documented_values() {
                        if seen.insert(v) && matches(&fc.partial, v) {
                            let mut it = item(v.to_string(), CompletionKind::Value, None, wrap(v));
                            it.documentation = doc.map(str::to_string);
                            out.push(it);
                        }
                    }
                }
                if bool_ok && quote.is_none() {
                    for b in ["true", "false"] {
                        if matches(&fc.partial, b) {
                            out.push(item(b.into(), CompletionKind::Value, None, b.into()));
                        }
                    }
                }
            }
        }
        _ => {}
    }
    out
}

/// [`matches`] against the concatenation of `parts`, without building it.
fn matches_parts(typed: &str, parts: &[&str]) -> bool {
    if typed.is_ascii() {
        let mut c = parts.iter().flat_map(|p| p.bytes());
        return typed.bytes().all(|t| c.any(|x| x.eq_ignore_ascii_case(&t)));
    }
    matches(typed, &parts.concat())
}

fn json_string(s: &str) -> String {
    if s.bytes().all(|b| b >= 0x20 && b != b'"' && b != b'\\') {
        return format!("\"{s}\"");
    }
    serde_json::to_string(s).unwrap_or_else(|_| format!("\"{s}\""))
}
