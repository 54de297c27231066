//! What navigation entries point at: page files, endpoints in specs, spec
//! files; duplicates in one scope; pages that no navigation lists.

use super::duplicates::{
    duplicate, duplicate_class, duplicate_text, first_listed, fx_hash, repeats, text_hash,
};
use super::references_kept::{
    self, CHUNK, Earlier, Entries, EntryTarget, ResolvedEntry, ResolvedReferences,
};
use super::specs;
use crate::analysis::nav_tree::NavTree;
use crate::analysis::reused::Reused;
use crate::analysis::suggestions::{Suggestions, nearest_page};
use crate::diagnostics::{Diagnostic, Fix, Severity};
use crate::model::endpoint::{EndpointRef, Resolution, parse_endpoint};
use crate::model::nav::{Entry, NavIndex, Scope};
use crate::model::page_keys::page_key;
use crate::model::site::{Site, strip_page_ext};
use crate::syntax::tree::{FileId, Node};
use rayon::prelude::*;
use rustc_hash::FxHashMap as HashMap;
use std::sync::Arc;

/// Which pages the navigation lists, found on the way (completion offers
/// the others first).
#[derive(Debug, Clone, Default)]
pub struct Listing {
    /// By page ordinal ([`Site::page_names`]).
    pub listed: Vec<bool>,
    pub unlisted: Vec<FileId>,
}

/// `complete`: the navigation was read whole (no `$ref` failed), so a page
/// it does not list is really unlisted.
#[allow(clippy::too_many_arguments)]
pub fn check(
    site: &Site,
    suggestions: &Suggestions,
    overlays: &crate::model::overlays::SpecOverlays,
    root: &Node,
    tree: &NavTree,
    complete: bool,
    earlier: Option<Earlier<'_>>,
    out: &mut Vec<Diagnostic>,
) -> (Listing, ResolvedReferences) {
    let empty = NavIndex::default();
    let ix = tree.index().unwrap_or(&empty);
    let api_sources = specs::api_sources(root);
    // One pass over the navigation's sources: the candidate list for
    // did-you-mean is built once, not once per navigation element.
    let named: Vec<_> = ix
        .elements
        .iter()
        .flat_map(|el| el.openapi.iter())
        .cloned()
        .collect();
    {
        let _t = crate::timing::span("references: sources");
        specs::check_sources(site, overlays, &api_sources, specs::SourceRole::Api, out);
        specs::check_sources(site, overlays, &named, specs::SourceRole::Navigation, out);
        specs::check_generated(site, overlays, tree, out);
    }
    let all_specs = specs::all_specs(site);
    // What each entry points at, in parallel (a page lookup per entry is
    // memory-bound; 25,000 of them per keystroke), then the passes that
    // need entry order (duplicates) sequentially.
    let t_resolve = crate::timing::span("references: resolve");
    // Entries the previous pass resolved in the same context keep its
    // outcome, shared (a keystroke in one string changes one entry, or
    // none): only the others are resolved.
    let api = references_kept::api_key(&api_sources);
    let changed = earlier
        .filter(|e| e.resolved.api == api)
        .and_then(|e| e.changed(ix));
    let earlier = earlier.filter(|_| changed.is_some());
    let changed: Vec<usize> = changed.unwrap_or_else(|| (0..ix.entries.len()).collect());
    if let Some(e) = &earlier {
        Reused::add(&e.reused.references, ix.entries.len() - changed.len());
    }
    // What endpoint entries of one element share (their spec files), once
    // per element rather than once per entry: 27,000 endpoint entries on a large site.
    let mut shared: HashMap<usize, ElementSpecs<'_>> = HashMap::default();
    for &i in &changed {
        let inherited = &ix.context(&ix.entries[i]).inherited_openapi;
        shared.entry(sources_id(inherited)).or_insert_with(|| {
            ElementSpecs::of(site, overlays, inherited, &api_sources, &all_specs)
        });
    }
    // Duplicates are found per scope: each context (one per run of entries
    // of one element) gets its scope's number, looked up by pointer first
    // and by value once per element, and each scope a hash of its value.
    let mut scope_ids: HashMap<*const Scope, u32> = HashMap::default();
    let mut scope_by_value: HashMap<&Scope, u32> = HashMap::default();
    let mut scope_hashes: Vec<u64> = Vec::new();
    let scopes: Vec<u32> = ix
        .contexts
        .iter()
        .map(|ctx| {
            *scope_ids.entry(Arc::as_ptr(&ctx.scope)).or_insert_with(|| {
                let next = scope_by_value.len() as u32;
                *scope_by_value.entry(&*ctx.scope).or_insert_with(|| {
                    scope_hashes.push(fx_hash(&*ctx.scope));
                    next
                })
            })
        })
        .collect();
    let class = |i: usize, r: &ResolvedEntry| {
        duplicate_class(
            &ix.entries[i],
            r,
            scope_hashes[scopes[r.context as usize] as usize],
        )
    };
    // One entry resolved, with its own diagnostics.
    let resolve = |i: usize| {
        let e = &ix.entries[i];
        let mut diags = Vec::new();
        let element = &shared[&sources_id(&ix.context(e).inherited_openapi)];
        let t = target(
            site,
            suggestions,
            e,
            element,
            &api_sources,
            &all_specs,
            &mut diags,
        );
        let h = duplicate_text(e, &t, ix).map_or(0, |k| text_hash(&k));
        let mut r = ResolvedEntry {
            context: e.context,
            is_root_page: e.is_root_page,
            target: t,
            text_hash: h,
            class: 0,
        };
        r.class = class(i, &r);
        (r, diags)
    };
    // The entries' outcomes and own diagnostics: the previous pass's, with
    // the changed entries' put in (and the diagnostics' ranges moved), or
    // all of them resolved, chunk by chunk (no copy of 55,000 outcomes).
    let (entries, entry_diags) = match earlier {
        Some(earlier) => {
            let fresh: Vec<(ResolvedEntry, Vec<Diagnostic>)> = changed
                .par_iter()
                .with_min_len(1024)
                .map(|&i| resolve(i))
                .collect();
            drop(t_resolve);
            let mut entries = earlier.resolved.entries.clone();
            let mut diags: Vec<(u32, Diagnostic)> = Vec::new();
            let mut old = earlier.resolved.diags.iter().peekable();
            for (&i, (r, new)) in changed.iter().zip(fresh) {
                while let Some((j, d)) = old.next_if(|(j, _)| (*j as usize) <= i) {
                    if *j as usize != i {
                        diags.push((*j, earlier.moved(d)));
                    }
                }
                entries.set(i, r);
                diags.extend(new.into_iter().map(|d| (i as u32, d)));
            }
            diags.extend(old.map(|(j, d)| (*j, earlier.moved(d))));
            (entries, diags)
        }
        None => {
            let chunks: Vec<(Vec<ResolvedEntry>, EntryDiagnostics)> = changed
                .par_chunks(CHUNK)
                .map(|c| {
                    let mut entries = Vec::with_capacity(c.len());
                    let mut diags = Vec::new();
                    for &i in c {
                        let (r, new) = resolve(i);
                        entries.push(r);
                        diags.extend(new.into_iter().map(|d| (i as u32, d)));
                    }
                    (entries, diags)
                })
                .collect();
            drop(t_resolve);
            let mut diags = Vec::new();
            let mut all = Vec::with_capacity(chunks.len());
            for (entries, d) in chunks {
                all.push(entries);
                diags.extend(d);
            }
            (Entries::from_chunks(all), diags)
        }
    };
    let _t_dup = crate::timing::span("references: duplicates+listing");
    let dup = repeats(
        ix,
        &entries,
        &scopes,
        site.page_names().len(),
        earlier.map(|e| (e.resolved, &changed[..], e.reused)),
    );
    let firsts = first_listed(ix, &entries, &scopes, &dup);
    // Redirects are read fresh on every pass (kept outcomes do not depend
    // on them), and only when some entry has no page.
    let mut redirect_targets = None;
    for (_, d) in &entry_diags {
        let covered = (d.code == "missing-page" && d.severity == Severity::Error)
            .then(|| {
                let t = redirect_targets
                    .get_or_insert_with(|| crate::model::links::targets_of(site, Some(root)));
                covered_by_redirect(d, t)
            })
            .flatten();
        out.push(covered.unwrap_or_else(|| d.clone()));
    }
    for (i, _) in dup.iter().enumerate().filter(|(_, d)| **d) {
        let e = &ix.entries[i];
        let first = firsts.get(&i).map(|&f| &ix.entries[f]);
        out.push(duplicate(e, first, &ix.context(e).scope));
    }
    let mut listed = vec![false; site.page_names().len()];
    for r in entries.iter() {
        if let EntryTarget::Page(Some(p)) = r.target {
            listed[p.ordinal as usize] = true;
        }
    }
    let orphan = |id: FileId, out: &mut Vec<Diagnostic>| {
        if !complete {
            return;
        }
        let Some(f) = site.file(id) else { return };
        out.push(
            Diagnostic::new(
                f.id,
                0..0,
                Severity::Hint,
                "orphan-page",
                format!(
                    "no navigation lists \"{}\": it is reachable only by its URL",
                    strip_page_ext(&f.path)
                ),
            )
            .with_subject(f.path.clone()),
        );
    };
    let mut unlisted = Vec::new();
    for (p, _) in site.page_names().zip(&listed).filter(|(_, l)| !**l) {
        unlisted.push(p.id);
        orphan(p.id, out);
    }
    for &id in site.shadowed_pages() {
        unlisted.push(id);
        orphan(id, out);
    }
    (
        Listing { listed, unlisted },
        ResolvedReferences {
            entries,
            diags: entry_diags,
            dup,
            api,
        },
    )
}

/// Entries' own diagnostics, by entry index.
type EntryDiagnostics = Vec<(u32, Diagnostic)>;

/// The spec context shared by the entries of one navigation element.
struct ElementSpecs<'s> {
    /// The spec files an entry that names no spec resolves against (see
    /// [`specs::entry_specs`]), with their indexes.
    files: Option<(
        Vec<&'s Arc<crate::model::site::SourceFile>>,
        specs::SpecList<'s>,
    )>,
    /// An `openapi` is set up the navigation.
    inherits: bool,
    overlays: &'s crate::model::overlays::SpecOverlays, // the specs after their overlays
}

impl<'s> ElementSpecs<'s> {
    fn of(
        site: &'s Site,
        overlays: &'s crate::model::overlays::SpecOverlays,
        inherited: &[crate::model::nav::SpecSource],
        api_sources: &[crate::model::nav::SpecSource],
        all_specs: &[&'s Arc<crate::model::site::SourceFile>],
    ) -> Self {
        let files = specs::unnamed_entry_specs(site, inherited, api_sources, all_specs).map(|f| {
            let list = specs::list(overlays, &f);
            (f, list)
        });
        ElementSpecs {
            files,
            inherits: !inherited.is_empty(),
            overlays,
        }
    }
}

/// One element's inherited spec sources, told apart for one pass (the
/// entries hold them alive meanwhile).
fn sources_id(s: &Arc<[crate::model::nav::SpecSource]>) -> usize {
    Arc::as_ptr(s) as *const crate::model::nav::SpecSource as usize
}

/// Resolve one entry and report what is wrong with it alone.
fn target(
    site: &Site,
    suggestions: &Suggestions,
    e: &Entry<'_>,
    element: &ElementSpecs<'_>,
    api_sources: &[crate::model::nav::SpecSource],
    all_specs: &[&Arc<crate::model::site::SourceFile>],
    out: &mut Vec<Diagnostic>,
) -> EntryTarget {
    if let Some(r) = parse_endpoint(e.value) {
        endpoint(site, e, &r, element, api_sources, all_specs, out);
        return EntryTarget::Endpoint;
    }
    // A page path may hold a space (`nodes/Epsilon Scaling` for
    // `nodes/Epsilon Scaling.mdx`, which the platform serves): only an
    // entry that starts like an endpoint and is not one is invalid.
    if is_endpoint_like(e.value) && site.page_ref(e.value).is_none() {
        out.push(Diagnostic::error(
            e.node.file,
            e.node.range.clone(),
            "invalid-endpoint",
            format!("\"{}\" is neither a page path nor an endpoint: write `METHOD /path` (e.g. `GET /users`) or a page path without spaces", e.value),
        ));
        return EntryTarget::Invalid;
    }
    let mut page = site.page_ref(e.value);
    let key = page_key(e.value);
    if page.is_none()
        && let Some(index) = site.page_ref(&format!("{key}/index"))
    {
        // The platform serves `x/index.mdx` at `/x`, so the entry works;
        // its prebuild finds no page metadata under `x` and titles the
        // entry from the path (`missing-nav-page`, a warning).
        out.push(index_page(e, key));
        page = Some(index);
    } else if page.is_none() {
        out.push(missing_page(site, suggestions, e, key));
    } else if key != e.value.trim_start_matches('/') {
        // The navigation names pages without their extension; the
        // platform looks for `page.mdx.mdx`.
        out.push(
            Diagnostic::warning(
                e.node.file,
                e.node.range.clone(),
                "page-extension",
                format!("write the page without its extension: \"{key}\""),
            )
            .with_fix(Fix::Replace(format!("\"{key}\""))),
        );
    }
    EntryTarget::Page(page)
}

/// An endpoint entry against the spec it names or inherits: the nearest
/// `openapi` up the tree, else top-level `api.openapi`, else every spec in
/// the site.
fn endpoint(
    site: &Site,
    e: &Entry,
    r: &EndpointRef,
    element: &ElementSpecs<'_>,
    api_sources: &[crate::model::nav::SpecSource],
    all_specs: &[&std::sync::Arc<crate::model::site::SourceFile>],
    out: &mut Vec<Diagnostic>,
) {
    // An entry naming its spec looks among every spec; the others share
    // their element's. `None`: a URL spec, reported once where it is named.
    let own;
    let (files, list) = if r.spec.is_some() {
        // An entry naming its spec is looked up among every spec: what it
        // inherits does not matter.
        let Some(files) = specs::entry_specs(site, &[], r, api_sources, all_specs) else {
            return;
        };
        let list = specs::list(element.overlays, &files);
        own = (files, list);
        (&own.0, &own.1)
    } else {
        if !element.inherits {
            // The prebuild generates a page for an entry from the `openapi`
            // of an element above it or the spec the entry names, nothing
            // else (`processNav`): here it keeps the text as a page path with
            // no file, and readers meet a 404.
            out.push(no_openapi_above(e, r, element));
            return;
        }
        let Some((files, list)) = &element.files else {
            return;
        };
        (files, list)
    };
    if files.is_empty() {
        return;
    }
    // Offsets in `r` are relative to the string; the node range includes the quote.
    let at = |rr: &std::ops::Range<usize>| {
        e.node.range.start + 1 + rr.start..e.node.range.start + 1 + rr.end
    };
    let (res, named) = specs::resolve(site, element.overlays, r, "", list);
    let list = named.as_ref().unwrap_or(list);
    match res {
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
            if let Some(d) = spec
                .and_then(|i| list.get(i))
                .and_then(|(p, ix)| specs::not_a_spec((e.node.file, e.node.range.clone()), p, ix))
            {
                out.push(d);
                return;
            }
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

/// An endpoint entry that names no spec, under no element with `openapi`:
/// the platform's page for it does not exist (`missing-nav-page` in its
/// build, a link to a 404 in the sidebar), whatever `api.openapi` says.
/// The fix names the spec in the entry, which the prebuild reads, when
/// exactly one spec the entry could mean has the operation.
fn no_openapi_above(e: &Entry, r: &EndpointRef, element: &ElementSpecs<'_>) -> Diagnostic {
    let holders: Vec<&str> = element
        .files
        .as_ref()
        .map(|(_, list)| {
            list.iter()
                .filter(|one| {
                    matches!(
                        crate::model::endpoint::resolve_endpoint(r, "", std::slice::from_ref(*one)),
                        Resolution::Found { .. }
                    )
                })
                .map(|(path, _)| *path)
                .collect()
        })
        .unwrap_or_default();
    let mut msg = format!(
        "\"{}\" has no page: no element above it sets `openapi`, and the platform's build generates an endpoint's page only from that or from a spec named in the entry (it does not read `api.openapi` for entries), so it takes this as a page path with no file",
        e.value
    );
    let fix = match holders.as_slice() {
        [spec] => {
            let entry = format!("{spec} {}", e.value.trim());
            msg.push_str(&format!(
                ": write \"{entry}\", or add `\"openapi\": \"{spec}\"` to the group"
            ));
            Some(Fix::Replace(
                serde_json::to_string(&entry).unwrap_or_default(),
            ))
        }
        _ => {
            msg.push_str(": add `openapi` to the group, or name the spec in the entry (`spec.json GET /path`)");
            None
        }
    };
    let mut d = Diagnostic::error(e.node.file, e.node.range.clone(), "missing-page", msg);
    if let Some(f) = fix {
        d = d.with_fix(f);
    }
    d
}

/// An entry `x` whose page is `x/index.mdx`.
fn index_page(e: &Entry, key: &str) -> Diagnostic {
    let title = crate::model::nav::slug_to_title(key);
    Diagnostic::warning(
        e.node.file,
        e.node.range.clone(),
        "missing-page",
        format!(
            "page \"{}\" has no file of its own: the platform serves {key}/index.mdx at /{key}, so the entry works, but the sidebar calls it \"{title}\" (made from the path), not by that page's title or icon; write \"{key}/index\"",
            e.value
        ),
    )
    .with_subject(key.to_string())
    .with_fix(Fix::Replace(format!("\"{key}/index\"")))
}

/// A page entry with no file whose path is a redirect's source is no 404:
/// the platform keeps the entry as a link to `/x` (`missing-nav-page`, a
/// warning in its build, titled from the path) and the redirect takes the
/// reader on. Said as a warning, with where the reader lands.
fn covered_by_redirect(
    d: &Diagnostic,
    targets: &crate::model::links::Targets,
) -> Option<Diagnostic> {
    use crate::model::links::Resolved as Link;
    let key = d.subject.as_deref()?;
    let Link::Redirect(i) = targets.resolve(key) else {
        return None;
    };
    let (lands, _) = targets.follow_link(key, i);
    let to = match lands {
        Link::Missing => return None,
        Link::Page(p) => format!("/{}", crate::model::site::strip_page_ext(&p)),
        Link::File(p) | Link::Folder(p) => format!("/{p}"),
        Link::Generated(p) => p,
        Link::Redirect(_) => targets.redirects()[i].destination.clone(),
    };
    let title = crate::model::nav::slug_to_title(key);
    let mut w = Diagnostic::warning(
        d.file,
        d.range.clone(),
        "missing-page",
        format!(
            "page \"{key}\" has no file, but a redirect takes readers from /{key} to {to}: the platform keeps the entry as that link and calls it \"{title}\" (made from the path); list the page it leads to, or keep this as a link on purpose"
        ),
    )
    .with_subject(key.to_string());
    w.fixes = d.fixes.clone();
    Some(w)
}

fn missing_page(site: &Site, suggestions: &Suggestions, e: &Entry, key: &str) -> Diagnostic {
    if crate::model::site::is_snippet(key) {
        // Files under snippets/ are included by pages; they are never
        // pages themselves, so "create the file" would not help.
        return Diagnostic::error(
            e.node.file,
            e.node.range.clone(),
            "missing-page",
            format!("\"{}\" is under snippets/: snippets are included by pages, not listed as pages; list a page that includes it", e.value),
        )
        .with_subject(key.to_string());
    }
    if crate::model::site::platform_ignores(&format!("{key}.md")) {
        // `.github/x`, `spikes/README`: the file may exist, but the
        // platform leaves it out of every site.
        return Diagnostic::error(
            e.node.file,
            e.node.range.clone(),
            "missing-page",
            format!("\"{}\" is not a page: the platform leaves tool folders (`.github/`, `.vscode/`, ...) and README, LICENSE, CHANGELOG and CONTRIBUTING files out of every site; move or rename it", e.value),
        )
        .with_subject(key.to_string());
    }
    let mut msg = format!("page \"{}\" has no file: create {key}.mdx", e.value);
    let suggestion = nearest_page(suggestions, site, key);
    if let Some(s) = &suggestion {
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

/// An entry that starts with an HTTP method or `webhook` and a space:
/// meant as an endpoint (`GET users`, a path without its `/`).
fn is_endpoint_like(v: &str) -> bool {
    v.trim().split_once(' ').is_some_and(|(first, _)| {
        first.eq_ignore_ascii_case("webhook")
            || crate::model::openapi::METHODS
                .iter()
                .any(|m| m.eq_ignore_ascii_case(first))
    })
}
