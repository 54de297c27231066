//! What navigation entries point at: page files, endpoints in specs, spec
//! files; duplicates in one scope; pages that no navigation lists.

use super::specs;
use crate::diagnostics::{Diagnostic, Fix, Severity, did_you_mean};
use crate::model::endpoint::{EndpointRef, Resolution, parse_endpoint, resolve_endpoint};
use crate::model::nav::{Entry, NavIndex, Scope};
use crate::model::site::Site;
use crate::syntax::tree::{FileId, Node};
use rustc_hash::FxHashSet as HashSet;

pub fn check(site: &Site, root: &Node, ix: &NavIndex, out: &mut Vec<Diagnostic>) {
    let api_sources = specs::api_sources(root);
    // One pass over every named source: the candidate list for
    // did-you-mean is built once, not once per navigation element.
    let named: Vec<_> = api_sources
        .iter()
        .chain(ix.elements.iter().flat_map(|el| el.openapi.iter()))
        .cloned()
        .collect();
    specs::check_sources(site, &named, out);
    let all_specs = specs::all_specs(site);
    // Only needed for a did-you-mean, so only built when a page is missing.
    let page_paths: std::cell::OnceCell<Vec<&str>> = std::cell::OnceCell::new();
    let mut listed: HashSet<FileId> = HashSet::default();
    let mut seen: HashSet<(&Scope, String)> = HashSet::default();
    for e in &ix.entries {
        if let Some(r) = parse_endpoint(e.value) {
            endpoint(site, e, &r, &api_sources, &all_specs, out);
            let key = format!(
                "{} {} {}",
                r.spec.unwrap_or(""),
                r.method.to_ascii_uppercase(),
                r.path
            );
            if !seen.insert((&*e.scope, key)) {
                out.push(duplicate(e));
            }
            continue;
        }
        if is_endpoint_like(e.value) {
            out.push(Diagnostic::error(
                e.node.file,
                e.node.range.clone(),
                "invalid-endpoint",
                format!("\"{}\" is neither a page path nor an endpoint: write `METHOD /path` (e.g. `GET /users`) or a page path without spaces", e.value),
            ));
            continue;
        }
        let key = normalise_page(e.value);
        match site.page(e.value) {
            Some(f) => {
                listed.insert(f.id);
            }
            None => {
                let paths = page_paths
                    .get_or_init(|| site.pages_unsorted().map(|f| strip_ext(&f.path)).collect());
                out.push(missing_page(e, &key, paths));
            }
        }
        if !e.is_root_page && !seen.insert((&*e.scope, key)) {
            out.push(duplicate(e));
        }
    }
    for f in site.pages_unsorted() {
        if !listed.contains(&f.id) {
            out.push(
                Diagnostic::new(
                    f.id,
                    0..0,
                    Severity::Hint,
                    "orphan-page",
                    format!(
                        "no navigation lists \"{}\": it is reachable only by its URL",
                        strip_ext(&f.path)
                    ),
                )
                .with_subject(f.path.clone()),
            );
        }
    }
}

fn duplicate(e: &Entry) -> Diagnostic {
    Diagnostic::new(
        e.node.file,
        e.node.range.clone(),
        Severity::Warning,
        "duplicate-page",
        format!(
            "\"{}\" is listed twice in the same {}: remove one entry",
            e.value,
            scope_name(&e.scope)
        ),
    )
    .with_fix(Fix::Remove)
}

/// An endpoint entry against the spec it names or inherits: the nearest
/// `openapi` up the tree, else top-level `api.openapi`, else every spec in
/// the site.
fn endpoint(
    site: &Site,
    e: &Entry,
    r: &EndpointRef,
    api_sources: &[crate::model::nav::SpecSource],
    all_specs: &[&std::sync::Arc<crate::model::site::SourceFile>],
    out: &mut Vec<Diagnostic>,
) {
    // `None`: a URL spec, reported once where it is named.
    let Some(files) = specs::entry_specs(site, e, r, api_sources, all_specs) else {
        return;
    };
    if files.is_empty() {
        if e.inherited_openapi.is_empty() && api_sources.is_empty() {
            out.push(Diagnostic::error(
                e.node.file,
                e.node.range.clone(),
                "missing-endpoint",
                format!("\"{}\" is an endpoint but no OpenAPI spec is set: add `openapi` to a parent element", e.value),
            ));
        }
        return;
    }
    let list = specs::list(&files);
    // Offsets in `r` are relative to the string; the node range includes the quote.
    let at = |rr: &std::ops::Range<usize>| {
        e.node.range.start + 1 + rr.start..e.node.range.start + 1 + rr.end
    };
    match resolve_endpoint(r, "", &list) {
        Resolution::Found { .. } => {}
        Resolution::SpecNotFound => out.push(Diagnostic::error(
            e.node.file,
            r.spec_range.as_ref().map_or(e.node.range.clone(), at),
            "missing-spec",
            format!(
                "no spec file \"{}\" in this site",
                r.spec.unwrap_or_default()
            ),
        )),
        Resolution::NotFound { spec, suggestion } => {
            let spec_name = spec
                .and_then(|i| list.get(i))
                .map(|s| s.0)
                .or_else(|| (list.len() == 1).then(|| list[0].0));
            out.push(specs::endpoint_not_found(
                (e.node.file, e.node.range.clone()),
                r,
                spec_name,
                suggestion,
                true,
            ));
        }
    }
}

fn missing_page(e: &Entry, key: &str, page_paths: &[&str]) -> Diagnostic {
    let mut msg = format!("page \"{}\" has no file: create {key}.mdx", e.value);
    let suggestion = did_you_mean(key, page_paths.iter().copied());
    if let Some(s) = suggestion {
        msg.push_str(&format!(", or did you mean \"{s}\"?"));
    }
    let mut d = Diagnostic::error(e.node.file, e.node.range.clone(), "missing-page", msg)
        .with_subject(key.to_string())
        .with_fix(Fix::CreatePage(format!("{key}.mdx")));
    if let Some(s) = suggestion {
        d = d.with_fix(Fix::Replace(format!("\"{s}\"")));
    }
    d
}

fn scope_name(s: &Scope) -> String {
    let mut parts = Vec::new();
    if let Some(l) = &s.language {
        parts.push(format!("language \"{l}\""));
    }
    if let Some(v) = &s.version {
        parts.push(format!("version \"{v}\""));
    }
    if let Some(p) = &s.product {
        parts.push(format!("product \"{p}\""));
    }
    if parts.is_empty() {
        "navigation".into()
    } else {
        parts.join(", ")
    }
}

/// A page path as the site stores it: no leading `/`, no extension.
pub fn normalise_page(v: &str) -> String {
    strip_ext(v.trim_start_matches('/')).to_string()
}

fn strip_ext(p: &str) -> &str {
    p.strip_suffix(".mdx")
        .or_else(|| p.strip_suffix(".md"))
        .unwrap_or(p)
}

/// Page paths never hold a space; endpoint entries always do.
fn is_endpoint_like(v: &str) -> bool {
    v.trim().contains(' ')
}
