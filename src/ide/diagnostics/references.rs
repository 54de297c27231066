//! What navigation entries point at: page files, endpoints in specs, spec
//! files; duplicates in one scope; pages that no navigation lists.

use crate::diagnostics::{Diagnostic, Fix, Severity, did_you_mean};
use crate::model::nav::{Entry, NavIndex, Scope};
use crate::model::site::Site;
use crate::syntax::tree::Node;
use std::collections::{HashMap, HashSet};

pub fn check(site: &Site, _root: &Node, ix: &NavIndex, out: &mut Vec<Diagnostic>) {
    let page_paths: Vec<String> = site
        .pages()
        .iter()
        .map(|f| strip_ext(&f.path).to_string())
        .collect();
    let mut listed: HashSet<String> = HashSet::new();
    let mut seen: HashMap<(Scope, String), ()> = HashMap::new();
    for e in &ix.entries {
        if is_endpoint_like(e.value) {
            continue;
        }
        let key = normalise_page(e.value);
        match site.page(e.value) {
            Some(f) => {
                listed.insert(f.path.clone());
            }
            None => out.push(missing_page(e, &key, &page_paths)),
        }
        if !e.is_root_page && seen.insert((e.scope.clone(), key.clone()), ()).is_some() {
            out.push(
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
                .with_fix(Fix::Remove),
            );
        }
    }
    for f in site.pages() {
        if !listed.contains(&f.path) {
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

fn missing_page(e: &Entry, key: &str, page_paths: &[String]) -> Diagnostic {
    let mut msg = format!("page \"{}\" has no file: create {key}.mdx", e.value);
    let suggestion = did_you_mean(key, page_paths.iter().map(String::as_str));
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
