//! Which specs a reference can use, and whether the spec files the site
//! names exist and parse.

use crate::diagnostics::{Diagnostic, Severity, did_you_mean};
use crate::model::nav::{SpecSource, openapi_of};
use crate::model::openapi::SpecIndex;
use crate::model::paths;
use crate::model::site::{Site, SourceFile};
use crate::syntax::tree::Node;
use std::sync::Arc;

/// The specs an endpoint entry may resolve against, with their paths.
pub type SpecList<'a> = Vec<(&'a str, &'a SpecIndex)>;

/// Every spec file found in the site (used when nothing names one).
pub fn all_specs(site: &Site) -> Vec<&Arc<SourceFile>> {
    site.spec_files()
}

pub fn list<'a>(files: &[&'a Arc<SourceFile>]) -> SpecList<'a> {
    files
        .iter()
        .filter(|f| f.text.is_ok())
        .map(|f| (f.path.as_str(), f.spec_index().as_ref()))
        .collect()
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

/// The top-level `api.openapi` sources.
pub fn api_sources(root: &Node) -> Vec<SpecSource> {
    root.get("api").map(openapi_of).unwrap_or_default()
}

/// Report spec sources that are URLs (not checked), missing, outside the
/// root, unreadable or not specs.
pub fn check_sources(site: &Site, sources: &[SpecSource], out: &mut Vec<Diagnostic>) {
    let candidates: Vec<&str> = site.spec_files().iter().map(|f| f.path.as_str()).collect();
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
            out.push(Diagnostic::error(
                s.file,
                s.range.clone(),
                "missing-spec",
                format!(
                    "spec \"{}\" leads outside the docs root: name a file inside it",
                    s.value
                ),
            ));
            continue;
        };
        let Some(f) = site.file_by_path(&path) else {
            let mut msg = format!("spec file \"{}\" does not exist", s.value);
            if let Some(m) = did_you_mean(&path, candidates.iter().copied()) {
                msg.push_str(&format!("; did you mean \"{m}\"?"));
            }
            out.push(
                Diagnostic::error(s.file, s.range.clone(), "missing-spec", msg).with_subject(path),
            );
            continue;
        };
        if let Err(e) = &f.text {
            out.push(Diagnostic::error(
                s.file,
                s.range.clone(),
                "file-unreadable",
                format!("spec \"{}\" {e}", s.value),
            ));
            continue;
        }
        let ix = f.spec_index();
        if let Some(e) = ix.errors.first() {
            out.push(Diagnostic::error(
                s.file,
                s.range.clone(),
                "invalid-spec",
                format!("spec \"{}\" does not parse: {}", s.value, e.message),
            ));
        }
    }
}
