//! Which specs a reference can use, and whether the spec files the site
//! names exist and parse.

use crate::analysis::nav_tree::{self, NavTree};
use crate::diagnostics::{Diagnostic, Fix, Severity, did_you_mean};
use crate::model::endpoint::{EndpointRef, Resolution, resolve_endpoint, resolve_spec_token};
use crate::model::nav::{SpecSource, openapi_of};
use crate::model::openapi::SpecIndex;
use crate::model::overlays::SpecOverlays;
use crate::model::paths;
use crate::model::site::{FileKind, Site, SourceFile};
use crate::syntax::tree::{FileId, Node};
use std::ops::Range;
use std::sync::Arc;

/// The specs an endpoint entry may resolve against, with their paths.
pub type SpecList<'a> = Vec<(&'a str, &'a SpecIndex)>;

/// Every spec file found in the site (used when nothing names one).
pub fn all_specs(site: &Site) -> Vec<&Arc<SourceFile>> {
    site.spec_files()
}

/// `files` with their endpoint indexes as the platform builds them (after
/// their overlays).
pub fn list<'a>(overlays: &'a SpecOverlays, files: &[&'a Arc<SourceFile>]) -> SpecList<'a> {
    files
        .iter()
        .filter(|f| f.text.is_ok())
        .map(|f| (f.path.as_str(), overlays.spec(f)))
        .collect()
}

/// [`resolve_endpoint`] against `list`, and when the reference names a spec
/// that none of the recognised specs is: the JSON/YAML file the token names,
/// read as a spec whatever its content looks like (a reference says what
/// the file is). The second value, when set, is the list the resolution's
/// indices refer to instead of `list`.
pub fn resolve<'a>(
    site: &'a Site,
    overlays: &'a SpecOverlays,
    r: &EndpointRef,
    from_dir: &str,
    list: &SpecList<'a>,
) -> (Resolution, Option<SpecList<'a>>) {
    let res = resolve_endpoint(r, from_dir, list);
    if res != Resolution::SpecNotFound || site.partial {
        return (res, None);
    }
    let Some(token) = r.spec else {
        return (res, None);
    };
    let mut files: Vec<&'a Arc<SourceFile>> = site
        .data_files()
        .filter(|f| matches!(f.kind, FileKind::Json | FileKind::Yaml) && f.text.is_ok())
        .collect();
    files.sort_by(|a, b| a.path.cmp(&b.path));
    let paths: Vec<&str> = files.iter().map(|f| f.path.as_str()).collect();
    let Some(i) = resolve_spec_token(token, from_dir, &paths) else {
        return (res, None);
    };
    let one: SpecList<'a> = vec![(files[i].path.as_str(), overlays.spec(files[i]))];
    (resolve_endpoint(r, from_dir, &one), Some(one))
}

/// `invalid-spec` when a reference names a file that is not a spec (see
/// [`resolve`]); `refused-spec` when the platform leaves the spec out of
/// its build (the reference has no API page); `None` when the spec reads
/// and is kept.
pub fn not_a_spec(at: (FileId, Range<usize>), path: &str, ix: &SpecIndex) -> Option<Diagnostic> {
    if let Some(e) = ix.errors.first() {
        return Some(Diagnostic::error(
            at.0,
            at.1,
            "invalid-spec",
            format!("spec \"{path}\" does not read as a spec: {}", e.message),
        ));
    }
    let r = ix.refused.as_ref()?;
    // Line 0: the refusal is its overlays' (`model::overlays`), not in the file.
    let why = if r.line == 0 {
        format!(
            "the platform cannot apply the overlays of \"{path}\" and leaves it out of the build ({})",
            r.message
        )
    } else {
        format!(
            "the platform's OpenAPI validator refuses \"{path}\" and leaves it out of the build ({path}:{}: {})",
            r.line, r.message
        )
    };
    Some(
        Diagnostic::error(at.0, at.1, REFUSED, format!("no API page: {why}"))
            .with_subject(path.to_string()),
    )
}

/// The code of a spec the platform leaves out of its build.
pub const REFUSED: &str = "refused-spec";

/// Every spec the platform refuses, at the place in it that is refused: a
/// warning (the platform warns and builds on); the references that lose
/// their API page are the errors. A spec its overlays break is reported at
/// the overlay ([`crate::model::overlays`]); one they mend is not refused.
pub fn check_spec_files(site: &Site, overlays: &SpecOverlays, out: &mut Vec<Diagnostic>) {
    out.extend(overlays.diagnostics.iter().cloned());
    for f in site.spec_files() {
        if f.text.is_err() || overlays.overlaid(f.id).is_some_and(|o| o.fault.is_some()) {
            continue;
        }
        let ix = overlays.spec(f);
        if let Some(r) = ix.refused.as_ref().filter(|_| ix.errors.is_empty()) {
            out.push(Diagnostic::warning(
                f.id,
                r.range.clone(),
                REFUSED,
                format!(
                    "the platform's OpenAPI validator refuses this spec and leaves it out of the build: {}; its endpoints get no API page",
                    r.message
                ),
            ));
        }
    }
}

/// The files named by `sources` that exist (URLs and missing files are
/// reported by [`check_sources`]); `None` if any source is a URL, since
/// endpoints under a remote spec cannot be checked.
pub fn named<'a>(site: &'a Site, sources: &[SpecSource]) -> Option<Vec<&'a Arc<SourceFile>>> {
    let mut out = Vec::new();
    for s in sources {
        if paths::is_url(&s.value) {
            return None;
        }
        if let Some(f) = paths::join("", &s.value).and_then(|p| site.file_by_path(&p)) {
            out.push(f);
        }
    }
    Some(out)
}

/// The spec files an endpoint entry resolves against: every spec when the
/// entry names one; else the nearest `openapi` up the navigation; else the
/// top-level `api.openapi`; else every spec of the site. `None` when the
/// applicable source is a URL (its endpoints cannot be checked). Diagnostics
/// and find-references share this rule.
pub fn entry_specs<'a>(
    site: &'a Site,
    inherited: &[SpecSource],
    r: &EndpointRef,
    api_sources: &[SpecSource],
    all_specs: &[&'a Arc<SourceFile>],
) -> Option<Vec<&'a Arc<SourceFile>>> {
    if r.spec.is_some() {
        Some(all_specs.to_vec())
    } else {
        unnamed_entry_specs(site, inherited, api_sources, all_specs)
    }
}

/// [`entry_specs`] for an entry that names no spec: the same for every
/// entry of one navigation element.
pub fn unnamed_entry_specs<'a>(
    site: &'a Site,
    inherited: &[SpecSource],
    api_sources: &[SpecSource],
    all_specs: &[&'a Arc<SourceFile>],
) -> Option<Vec<&'a Arc<SourceFile>>> {
    if !inherited.is_empty() {
        named(site, inherited)
    } else if !api_sources.is_empty() {
        named(site, api_sources)
    } else {
        Some(all_specs.to_vec())
    }
}

/// The top-level `api.openapi` sources.
pub fn api_sources(root: &Node) -> Vec<SpecSource> {
    root.get("api").map(openapi_of).unwrap_or_default()
}

/// Where a spec source is written, which decides what its problems do to
/// the build (the prebuild, @mintlify/prebuild 1.0.1339, read with
/// `tools/overlays/prebuild_verdict.mjs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SourceRole {
    /// An `openapi` of the navigation: endpoint pages are made from it,
    /// and a spec it names that is missing or refused stops the build
    /// ("Openapi file X referenced in docs.json exists but is invalid").
    Navigation,
    /// The top-level `api.openapi`: the prebuild warns ("Error validating
    /// OpenAPI file") and builds without the spec. A page that needs one
    /// of its endpoints is told on the page.
    Api,
}

/// Report spec sources that are URLs (not checked), missing, outside the
/// root, unreadable or not specs.
pub fn check_sources(
    site: &Site,
    overlays: &SpecOverlays,
    sources: &[SpecSource],
    role: SourceRole,
    out: &mut Vec<Diagnostic>,
) {
    if sources.is_empty() {
        return;
    }
    let spec_files = site.spec_files();
    let candidates: Vec<&str> = spec_files.iter().map(|f| f.path.as_str()).collect();
    // What the platform does with a spec it cannot use, by role.
    let note = match role {
        SourceRole::Navigation => "",
        SourceRole::Api => " (as `api.openapi`: the platform builds without it)",
    };
    let problem = |file, range: Range<usize>, code, message: String| match role {
        SourceRole::Navigation => Diagnostic::error(file, range, code, message),
        SourceRole::Api => Diagnostic::warning(file, range, code, message),
    };
    for s in sources {
        if paths::is_url(&s.value) {
            out.push(Diagnostic::new(
                s.file,
                s.range.clone(),
                Severity::Information,
                "url-spec-unchecked",
                format!(
                    "spec {} is a URL: it is not fetched, so its endpoints were not checked",
                    s.value
                ),
            ));
            continue;
        }
        let Some(path) = paths::join("", &s.value) else {
            out.push(problem(
                s.file,
                s.range.clone(),
                "missing-spec",
                format!(
                    "spec \"{}\" leads outside the docs root{note}: name a file inside it",
                    s.value
                ),
            ));
            continue;
        };
        let Some(f) = site.file_by_path(&path) else {
            let mut msg = format!("spec file \"{}\" does not exist{note}", s.value);
            if let Some(m) = did_you_mean(&path, candidates.iter().copied()) {
                msg.push_str(&format!("; did you mean \"{m}\"?"));
            }
            out.push(problem(s.file, s.range.clone(), "missing-spec", msg).with_subject(path));
            continue;
        };
        if let Err(e) = &f.text {
            out.push(Diagnostic::new(
                s.file,
                s.range.clone(),
                e.severity(),
                "file-unreadable",
                format!("spec \"{}\" {e}", s.value),
            ));
            continue;
        }
        let ix = overlays.spec(f);
        let fault = overlays.overlaid(f.id).and_then(|o| o.fault.as_ref());
        if let Some(e) = ix.errors.first() {
            out.push(problem(
                s.file,
                s.range.clone(),
                "invalid-spec",
                format!("spec \"{}\" does not parse{note}: {}", s.value, e.message),
            ));
            continue;
        }
        // Why the prebuild stops at the spec: overlays it cannot apply, else
        // the platform's validator refusing the spec.
        let refusal = match (fault, &ix.refused) {
            (Some(fault), _) => Some(format!(
                "the platform cannot apply the overlays of \"{}\" ({})",
                s.value, fault.message
            )),
            (None, Some(r)) => Some(format!(
                "the platform's OpenAPI validator refuses \"{}\" ({path}:{}: {})",
                s.value, r.line, r.message
            )),
            (None, None) => None,
        };
        if let Some(why) = refusal {
            let why = match role {
                // The prebuild stops: "Openapi file X ... exists but is invalid".
                SourceRole::Navigation => {
                    format!("{why}: the build stops (\"exists but is invalid\")")
                }
                SourceRole::Api => format!("{why}{note}"),
            };
            out.push(problem(s.file, s.range.clone(), REFUSED, why).with_subject(path.clone()));
        }
    }
}

/// The elements whose `openapi` generates their API pages (the prebuild's
/// bulk generation: no endpoint below the element takes that spec from
/// it, so every operation of the spec gets a page) with a spec that has
/// nothing to generate from: the prebuild throws and the build fails.
/// Only the first source of an element counts, as only it is generated.
pub fn check_generated(
    site: &Site,
    overlays: &SpecOverlays,
    tree: &NavTree,
    out: &mut Vec<Diagnostic>,
) {
    let Some(ix) = tree.index() else { return };
    // The specs with nothing to generate, by the source naming them (a
    // site names a few specs from thousands of elements): nearly always
    // none, and then no entry is read.
    let mut empty: rustc_hash::FxHashMap<&str, Option<(&'static str, &Arc<SourceFile>)>> =
        Default::default();
    let mut candidates = Vec::new();
    for (i, el) in ix.elements.iter().enumerate() {
        let Some(first) = el.openapi.first() else {
            continue;
        };
        let found = *empty.entry(first.value.as_str()).or_insert_with(|| {
            let f = *named(site, std::slice::from_ref(first))?.first()?;
            let spec = overlays.spec(f);
            // A spec that does not parse or that the platform refuses is
            // reported as such where it is named.
            let unusable = !spec.errors.is_empty()
                || spec.refused.is_some()
                || overlays.overlaid(f.id).is_some_and(|o| o.fault.is_some());
            if unusable {
                return None;
            }
            spec.generates_nothing().map(|thrown| (thrown, f))
        });
        if let Some((thrown, f)) = found {
            candidates.push((i, first, thrown, f));
        }
    }
    if candidates.is_empty() {
        return;
    }
    // An element with an endpoint listed by hand below it generates
    // nothing in bulk (the sidebar reads the same counts, from the same
    // kept lists of the tree).
    let listed = nav_tree::endpoints_listed(ix, tree.items());
    for (i, first, thrown, f) in candidates {
        if listed.get(i).is_some_and(|&n| n > 0) {
            continue;
        }
        out.push(
            Diagnostic::error(
                first.file,
                first.range.clone(),
                "empty-spec",
                format!(
                    "no endpoint here is listed by hand, so the platform generates a page for each operation of \"{}\", and it has none: the build fails (\"{thrown}\"); add its paths, or list the pages here instead of setting `openapi`",
                    first.value
                ),
            )
            .with_subject(f.path.clone()),
        );
    }
}

/// `missing-endpoint` for a reference not found in `spec` (or in any spec),
/// with the did-you-mean as a fix. `quote` wraps the replacement in JSON
/// quotes (navigation entries) or not (front matter values).
pub fn endpoint_not_found(
    at: (crate::syntax::tree::FileId, Range<usize>),
    r: &EndpointRef,
    spec: Option<&str>,
    suggestion: Option<String>,
    quote: bool,
) -> Diagnostic {
    let what = if r.webhook {
        format!("webhook {}", r.path)
    } else {
        format!("{} {}", r.method.to_ascii_uppercase(), r.path)
    };
    let mut msg = match spec {
        Some(s) => format!("{what} is not in {s}"),
        None => format!("{what} is in none of the site's specs"),
    };
    if let Some(sug) = &suggestion {
        msg.push_str(&format!("; did you mean \"{sug}\"?"));
    }
    let d = Diagnostic::error(at.0, at.1, "missing-endpoint", msg);
    match suggestion {
        Some(sug) => {
            let text = match r.spec {
                Some(sp) => format!("{sp} {sug}"),
                None => sug,
            };
            d.with_fix(Fix::Replace(if quote {
                format!("\"{text}\"")
            } else {
                text
            }))
        }
        None => d,
    }
}
