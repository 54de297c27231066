//! Page files: unreadable files and front matter.

use crate::analysis::memos::{DocsJsonValue, Memos};
use crate::analysis::per_file;
use crate::analysis::reads::{self, Revisions};
use crate::diagnostics::Diagnostic;
use crate::model::endpoint::{Resolution, parse_asyncapi_ref, parse_endpoint, resolve_spec_token};
use crate::model::memo::Reads;
use crate::model::overlays::SpecOverlays;
use crate::model::paths;
use crate::model::site::{Site, SourceFile};
use crate::schema::{self, ValidateOptions};
use crate::syntax::tree::Node;

pub fn check(site: &Site, memos: &Memos, overlays: &SpecOverlays, out: &mut Vec<Diagnostic>) {
    // Pages and specs only (and the overlay lists docs.json gives): each
    // page's answer is kept while it, the shape and those lists stay.
    stale_docs_json(site, out);
    let mut revisions = Revisions::new(site, &memos.anchors);
    let overlays_revision = memos
        .docs_json_parts
        .set(super::OVERLAYS_PART, &DocsJsonValue::Overlays(overlays.key));
    revisions.overlays = Some(overlays_revision);
    let revisions = revisions;
    if !crate::model::imports::imported_files_made(site) {
        // Every page's check waits for the imported files (and the site's
        // link targets they are read with), which one thread makes: the
        // other core parses the front matters meanwhile instead of waiting
        // (crewAI `check`: 43 ms of the pass's 72 on one core). Once per
        // shape, never on a docs.json keystroke.
        use rayon::prelude::*;
        let pages: Vec<_> = site.pages_unsorted().collect();
        rayon::join(
            || crate::model::imports::imported_files(site),
            || {
                pages.par_iter().for_each(|f| {
                    f.front_matter();
                })
            },
        );
    }
    // Looked at only when a page is checked (not on a docs.json keystroke).
    let spec_files = std::sync::OnceLock::new();
    let specs = std::sync::OnceLock::new();
    let found = per_file::answer(
        site,
        memos,
        &revisions,
        per_file::Rule {
            table: &memos.pages,
            slot: &memos.site[super::PAGES],
            site_reads: vec![
                reads::dep(reads::SHAPE, site.derived().shape.epoch),
                reads::dep(reads::OVERLAYS, overlays_revision),
            ],
            // Pages are independent here: 25,000 of them with bodies take
            // two cores' worth of front matter and component checks.
            files: || site.pages_unsorted().collect(),
            includes: |f: &SourceFile| f.kind == crate::model::site::FileKind::Page,
            compute: |f: &SourceFile, _: &mut Reads| {
                let mut v = Vec::new();
                let spec_files = spec_files.get_or_init(|| super::specs::all_specs(site));
                let own = own_value(memos, &revisions, f);
                check_page(
                    site,
                    overlays,
                    f,
                    &own,
                    crate::model::imports::imported_files(site),
                    spec_files,
                    &specs,
                    &mut v,
                );
                v
            },
        },
    );
    out.extend(found.iter().cloned());
}

/// What of a page's diagnostics needs nothing but the page ([`own`]), from
/// the memo table: it reads its file only, so a new shape (a file added
/// elsewhere) re-checks each page against the site without validating its
/// front matter again. Kept also when empty, unlike the page's whole
/// answer: that is what spares the 25,000 front matter checks.
fn own_value(memos: &Memos, revisions: &Revisions, f: &SourceFile) -> std::sync::Arc<[Diagnostic]> {
    let of = |k| revisions.of(k);
    let (found, _) = memos.own.get(&f.id, of, |r| {
        r.read(reads::file(f.id), f.revision);
        let found = own(f);
        // Most pages have nothing to say: one shared empty value.
        if found.is_empty() {
            per_file::nothing()
        } else {
            found.into()
        }
    });
    found
}

/// One page's diagnostics (see [`check`]).
#[allow(clippy::too_many_arguments)]
fn check_page<'a>(
    site: &'a Site,
    overlays: &'a SpecOverlays,
    f: &SourceFile,
    own: &[Diagnostic],
    imported: &rustc_hash::FxHashSet<crate::syntax::tree::FileId>,
    spec_files: &[&'a std::sync::Arc<SourceFile>],
    specs: &std::sync::OnceLock<super::specs::SpecList<'a>>,
    out: &mut Vec<Diagnostic>,
) {
    // What depends on the page alone (`own`) is computed once per page
    // version; only the checks below see the rest of the site.
    out.extend_from_slice(own);
    super::components::check(site, f, imported, out);
    // A file checked on its own (outside any docs root, or before its
    // root loaded) has no site to look endpoints up in: saying "no
    // spec" would be a false error.
    if site.partial {
        return;
    }
    let Some(root) = f
        .text
        .is_ok()
        .then(|| f.front_matter().root.as_ref())
        .flatten()
    else {
        return;
    };
    if let Some(v) = root.get("openapi") {
        let specs = specs.get_or_init(|| super::specs::list(overlays, spec_files));
        openapi_value(site, overlays, f, v, paths::dir_of(&f.path), specs, out);
    }
    if let Some(v) = root.get("asyncapi") {
        let specs = specs.get_or_init(|| super::specs::list(overlays, spec_files));
        asyncapi_value(v, paths::dir_of(&f.path), specs, out);
    }
}

/// A docs.json below the docs root that is part of this site: the loader
/// found it a stale copy (the root lists pages under its folder, or its
/// entries resolve from the root, not from its own folder; a nested site of
/// its own is loaded as its own root). The platform builds the root's docs.json only, so this file has
/// no effect: one note on it, not an error per entry.
fn stale_docs_json(site: &Site, out: &mut Vec<Diagnostic>) {
    if site.partial {
        return;
    }
    for f in site.data_files() {
        if f.kind != crate::model::site::FileKind::Json || !f.path.ends_with("/docs.json") {
            continue;
        }
        let dir = crate::model::paths::dir_of(&f.path);
        out.push(Diagnostic::new(
            f.id,
            0..0,
            crate::diagnostics::Severity::Information,
            "nested-docs-json",
            format!(
                "this docs.json is a copy inside the root's site, not a site of its own (the root docs.json lists pages under `{dir}/`, or this file's entries name the root's pages): the platform builds only the root docs.json, so this file is not used (and not checked)"
            ),
        ));
    }
}

/// A page's diagnostics that need nothing but the page: unreadable file,
/// front matter syntax and schema, `groups` without `playground: auth`.
fn own(f: &SourceFile) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    if let Err(e) = &f.text {
        out.push(Diagnostic::new(
            f.id,
            0..0,
            e.severity(),
            "file-unreadable",
            format!("page {} {e}", f.path),
        ));
        return out;
    }
    let fm = f.front_matter();
    for e in &fm.errors {
        out.push(Diagnostic::error(
            f.id,
            e.range.clone(),
            "yaml-syntax",
            e.message.clone(),
        ));
    }
    if let Some(root) = &fm.root {
        // The platform builds a page whatever its front matter values are
        // (its reader passes them on as written): a value of the wrong
        // type or outside its choices is a warning saying so.
        let from = out.len();
        schema::validate(
            root,
            schema::frontmatter(),
            &ValidateOptions::frontmatter(),
            &mut out,
        );
        for d in &mut out[from..] {
            d.message.push_str(
                " (the page builds; the platform passes the value on as written and may ignore it)",
            );
        }
        groups_without_auth(root, &mut out);
        reader_differences(f.text(), root, &mut out);
    }
    out
}

/// Front matter keys yaml-rust2 reads but the platform's reader (js-yaml 3)
/// sees otherwise: a key set twice in one mapping, which js-yaml 3 refuses
/// (the build stops; yaml-rust2 keeps the last); and a key of a block
/// mapping indented with a tab, which js-yaml 3 accepts but strict readers
/// refuse (a warning; flow mappings, `{a: 1}`, may hold tabs as spacing).
fn reader_differences(text: &str, root: &Node, out: &mut Vec<Diagnostic>) {
    root.walk(|node| {
        let crate::syntax::tree::Value::Object(props) = &node.value else {
            return;
        };
        let flow = text.as_bytes().get(node.range.start) == Some(&b'{');
        let mut seen = rustc_hash::FxHashSet::default();
        for p in props.iter() {
            if !seen.insert(p.key.as_str()) {
                out.push(Diagnostic::error(
                    p.value.file,
                    p.key_range.clone(),
                    "yaml-duplicate-key",
                    format!(
                        "`{}` is set twice: front matter cannot repeat a key (the page fails to build); keep one",
                        p.key
                    ),
                ));
            }
            let key_at = p.key_range.start.min(text.len());
            let line_start = text[..key_at].rfind('\n').map_or(0, |i| i + 1);
            let indent = &text[line_start..key_at];
            if !flow && indent.contains('\t') && indent.trim_matches([' ', '\t']).is_empty() {
                // js-yaml 3, the platform's reader, accepts it (it counts
                // the spaces before the first tab as the indentation);
                // strict YAML readers and editors' YAML tools refuse it.
                out.push(Diagnostic::warning(
                    p.value.file,
                    line_start..key_at,
                    "yaml-tab-indent",
                    format!(
                        "this line is indented with a tab: the platform reads `{}` at an indentation of {} (it counts only the spaces before a tab), other YAML readers refuse the line; indent with spaces",
                        p.key,
                        indent.bytes().take_while(|&b| b == b' ').count()
                    ),
                ));
            }
        }
    });
}

/// `groups` limits who sees the playground only with `playground: auth`.
fn groups_without_auth(root: &crate::syntax::tree::Node, out: &mut Vec<Diagnostic>) {
    let Some(groups) = root.prop("groups") else {
        return;
    };
    if !groups.value.is_array() || root.get("playground").and_then(|p| p.as_str()) == Some("auth") {
        return;
    }
    out.push(Diagnostic::new(
        groups.value.file,
        groups.key_range.clone(),
        crate::diagnostics::Severity::Hint,
        "groups-without-auth",
        "`groups` limits the API playground only with `playground: auth`; add it, or the groups have no effect on the playground",
    ));
}

/// Where a sub-range of a scalar's text lands in the file: quoted YAML
/// scalars start one byte later.
fn sub_range(v: &Node, text_len: usize, r: &std::ops::Range<usize>) -> std::ops::Range<usize> {
    let quoted = v.range.len() >= text_len + 2;
    let base = v.range.start + usize::from(quoted);
    base + r.start..base + r.end
}

/// Whether `d` says a page's `openapi` endpoint is missing (or that the
/// site has no spec for it) while the page names no spec: such an endpoint
/// may be in a spec that docs.json gives by URL.
pub fn may_be_in_a_remote_spec(site: &Site, d: &Diagnostic) -> bool {
    if d.code != "missing-spec" && d.code != "missing-endpoint" {
        return false;
    }
    let Some(f) = site.file(d.file) else {
        return false;
    };
    if f.kind != crate::model::site::FileKind::Page || f.text.is_err() {
        return false;
    }
    f.front_matter()
        .root
        .as_ref()
        .and_then(|r| r.get("openapi"))
        .and_then(|v| v.as_str())
        .and_then(|s| parse_endpoint(s.trim()))
        .is_some_and(|r| r.spec.is_none())
}

/// Front matter `openapi: [spec] METHOD /path` (or `webhook name`), resolved
/// by the rules real sites rely on: a spec named without its extension, a
/// path relative to the page or (with a leading `/`) the root, any method
/// case, and a search of every spec when none is named.
fn openapi_value<'a>(
    site: &'a Site,
    overlays: &'a SpecOverlays,
    page: &SourceFile,
    v: &Node,
    dir: &str,
    specs: &super::specs::SpecList<'a>,
    out: &mut Vec<Diagnostic>,
) {
    let Some(s) = v.as_str() else { return };
    let Some(r) = parse_endpoint(s.trim()) else {
        // The platform cannot parse it (`parseOpenApiString` throws, its
        // caller logs and goes on): the page is shown as a plain page. A
        // reader meets a broken page only when there is nothing else on it.
        let has_body = page.front_matter().body.as_ref().is_some_and(|b| {
            let after = &page.text()[b.end.min(page.text().len())..];
            after
                .split_once('\n')
                .is_some_and(|(_, body)| !body.trim().is_empty())
        });
        let msg = format!(
            "`openapi: {s}` is not an endpoint: write `METHOD /path`, optionally after a spec file (`openapi.json GET /users`)"
        );
        out.push(if has_body {
            Diagnostic::warning(
                v.file,
                v.range.clone(),
                "invalid-endpoint",
                format!("{msg}; the platform ignores it and shows the page as a plain page"),
            )
        } else {
            Diagnostic::error(
                v.file,
                v.range.clone(),
                "invalid-endpoint",
                format!("{msg}; the page has nothing else to show"),
            )
        });
        return;
    };
    if paths::is_url(r.spec.unwrap_or_default()) {
        return;
    }
    let (res, named) = super::specs::resolve(site, overlays, &r, dir, specs);
    let specs = named.as_ref().unwrap_or(specs);
    if specs.is_empty() {
        out.push(Diagnostic::error(
            v.file,
            v.range.clone(),
            "missing-spec",
            "`openapi` names an endpoint but the site has no OpenAPI spec file",
        ));
        return;
    }
    let lead = s.len() - s.trim_start().len();
    let shift = |rr: &std::ops::Range<usize>| lead + rr.start..lead + rr.end;
    match res {
        Resolution::Found { .. } => {}
        Resolution::SpecNotFound => {
            let token = r.spec.unwrap_or_default();
            let near = crate::diagnostics::did_you_mean(
                token.trim_start_matches('/'),
                specs.iter().map(|(p, _)| *p),
            );
            let mut d = Diagnostic::error(
                v.file,
                r.spec_range
                    .as_ref()
                    .map_or(v.range.clone(), |sr| sub_range(v, s.len(), &shift(sr))),
                "missing-spec",
                format!(
                    "no spec \"{token}\" in this site (looked relative to the page and to the docs root){}",
                    near.map(|p| format!("; did you mean \"/{p}\"?"))
                        .unwrap_or_default()
                ),
            );
            if let Some(p) = near {
                d = d.with_fix(crate::diagnostics::Fix::Replace(format!("/{p}")));
            }
            out.push(d);
        }
        Resolution::NotFound { spec, .. }
            if let Some(d) = spec
                .and_then(|i| specs.get(i))
                .and_then(|(p, ix)| super::specs::not_a_spec((v.file, v.range.clone()), p, ix)) =>
        {
            out.push(d)
        }
        Resolution::NotFound { spec, suggestion } => out.push(super::specs::endpoint_not_found(
            (v.file, v.range.clone()),
            &r,
            spec.and_then(|i| specs.get(i)).map(|(p, _)| *p),
            suggestion,
            false,
        )),
    }
}

/// Front matter `asyncapi: [spec] channelId`.
fn asyncapi_value(v: &Node, dir: &str, specs: &super::specs::SpecList, out: &mut Vec<Diagnostic>) {
    let Some(s) = v.as_str() else { return };
    let Some(r) = parse_asyncapi_ref(s.trim()) else {
        return;
    };
    let asyncs: Vec<(&str, &crate::model::openapi::SpecIndex)> = specs
        .iter()
        .filter(|(_, ix)| matches!(ix.kind, crate::model::openapi::SpecKind::AsyncApi { .. }))
        .copied()
        .collect();
    let candidates: Vec<usize> = match r.spec {
        Some(tok) => {
            let paths: Vec<&str> = asyncs.iter().map(|x| x.0).collect();
            match resolve_spec_token(tok, dir, &paths) {
                Some(i) => vec![i],
                None => {
                    out.push(Diagnostic::error(
                        v.file,
                        v.range.clone(),
                        "missing-spec",
                        format!("no AsyncAPI spec \"{tok}\" in this site"),
                    ));
                    return;
                }
            }
        }
        None => (0..asyncs.len()).collect(),
    };
    if candidates.is_empty()
        || candidates
            .iter()
            .any(|&i| asyncs[i].1.find_channel(r.channel).is_some())
    {
        return;
    }
    let sug = candidates
        .iter()
        .find_map(|&i| asyncs[i].1.suggest_channel(r.channel));
    let mut msg = format!(
        "channel \"{}\" is not in {}",
        r.channel, asyncs[candidates[0]].0
    );
    if let Some(sg) = &sug {
        msg.push_str(&format!("; did you mean \"{sg}\"?"));
    }
    out.push(Diagnostic::error(
        v.file,
        v.range.clone(),
        "missing-endpoint",
        msg,
    ));
}
