//! Which overlays the platform applies to which spec of a site, and the
//! endpoint index of each spec after them (docs/overlays.md).
//!
//! - Listed: every `openapi` object in docs.json (at any depth, `$ref`s
//!   resolved) may give `overlays: [...]` for its `source`; a listed list,
//!   even empty, replaces discovery for that spec. Two different lists for
//!   one source stop the build.
//! - Discovered: every JSON/YAML file with a top-level `overlay` key is an
//!   overlay; one whose `extends` resolves (against its own folder, or the
//!   root for `/x`) to a spec's path applies to it, in path order.
//!
//! A spec whose overlays cannot be read or applied is left out of the build
//! as a spec the validator refuses is; the overlaid spec is judged again.
//! Sites without overlays pay one scan of their non-spec data files per
//! set of files, and a substring search of docs.json.

use crate::diagnostics::Diagnostic;
use crate::model::openapi::{Refused, SpecIndex};
pub use crate::model::overlaid::{Discovered, Fault, Overlaid, OverlaidMemo, SpecOverlays};
use crate::model::overlay::{self, Overlay};
use crate::model::paths;
use crate::model::site::{FileKind, Site, SourceFile, lock};
use crate::syntax::tree::{FileId, Node};
use rustc_hash::FxHashMap;
use std::ops::Range;
use std::sync::Arc;

mod listed;

pub use listed::Listed;
use listed::{Lists, hash, listed};

/// Code of an overlay the platform cannot read or apply.
pub const INVALID: &str = "invalid-overlay";
/// Code of a listed overlay file that is not there.
pub const MISSING: &str = "missing-overlay";

/// The overlays of every spec of `site` for the resolved docs.json `root`.
pub fn resolve(site: &Site, root: Option<&Node>, ref_files: &[FileId]) -> Arc<SpecOverlays> {
    let _t = crate::timing::span("overlays");
    let memo = &site.derived().shape.overlays;
    let discovered = memo.discovered.get_or_init(|| Arc::new(discover(site)));
    let mentions = |id: FileId| site.file(id).is_some_and(|f| f.json_mentions().overlays());
    let listed = match root {
        Some(root)
            if site.docs_json.is_some_and(mentions) || ref_files.iter().any(|&f| mentions(f)) =>
        {
            listed(root)
        }
        _ => Lists::default(),
    };
    if discovered.is_empty() && listed.lists.is_empty() {
        return Arc::default();
    }
    let mut out = SpecOverlays {
        key: hash(&listed.lists),
        diagnostics: listed.conflicts,
        ..Default::default()
    };
    for d in discovered.iter() {
        match &d.parsed {
            Err(e) => out.diagnostics.push(Diagnostic::warning(
                d.file,
                e.range.clone(),
                INVALID,
                format!(
                    "the platform refuses this overlay (\"Error validating OpenAPI Overlay file\"): {}; it applies it to no spec",
                    e.message
                ),
            )),
            Ok(o) => {
                let Some(ext) = &d.extends else { continue };
                let unused = if !site.file_by_path(ext).is_some_and(|s| s.declares_spec()) {
                    format!("`extends` names \"{ext}\", which is not a spec of this site")
                } else if let Some(list) = listed.lists.get(ext.as_str())
                    && !list.iter().any(|l| l.path.as_deref() == Some(d.location.as_str()))
                {
                    format!("docs.json lists the overlays of \"{ext}\" and not this one, which replaces those found by `extends`")
                } else {
                    continue;
                };
                out.diagnostics.push(Diagnostic::warning(
                    d.file,
                    o.extends_range.clone(),
                    INVALID,
                    format!("{unused}: the platform applies this overlay to nothing"),
                ));
            }
        }
    }
    for spec in site.spec_files() {
        let key = spec.path.as_str();
        let chosen: Vec<Chosen> = match listed.lists.get(key) {
            Some(list) => list.iter().map(|l| Chosen::Listed(l.clone())).collect(),
            None => discovered
                .iter()
                .filter(|d| d.extends.as_deref() == Some(key) && d.parsed.is_ok())
                .map(|d| Chosen::Found(d.file))
                .collect(),
        };
        if chosen.is_empty() {
            continue;
        }
        for c in &chosen {
            // Left out, and said: a URL (not fetched here), or a listed file
            // with no JSON or YAML name (the prebuild reads any listed path;
            // docs-lsp keeps such files as assets, unread).
            let Chosen::Listed(l) = c else { continue };
            let why = match &l.path {
                None => format!("overlay {} is a URL: it is not fetched", l.value),
                Some(path) if site.has_asset(path) => format!(
                    "overlay file \"{}\" is not named .json, .yaml or .yml: the platform reads it, docs-lsp does not",
                    l.value
                ),
                Some(_) => continue,
            };
            out.diagnostics.push(Diagnostic::new(
                l.file,
                l.range.clone(),
                crate::diagnostics::Severity::Information,
                "url-overlay-unchecked",
                format!(
                    "{why}, so what it changes in \"{}\" was not checked",
                    spec.path
                ),
            ));
        }
        let names: Vec<String> = chosen.iter().map(|c| c.name(site)).collect();
        let cached = lock(&memo.applied).get(&(spec.id, names.clone())).cloned();
        let overlaid = cached.unwrap_or_else(|| {
            let o = Arc::new(apply_all(site, spec, &chosen, discovered));
            lock(&memo.applied).insert((spec.id, names), o.clone());
            o
        });
        if let Some(fault) = &overlaid.fault {
            let entry = fault.listed.and_then(|i| match chosen.get(i) {
                Some(Chosen::Listed(l)) => Some(l),
                _ => None,
            });
            let (file, range) = entry.map_or((fault.file, fault.range.clone()), |l| {
                (l.file, l.range.clone())
            });
            let missing = entry.is_some_and(|l| {
                l.path
                    .as_deref()
                    .is_some_and(|p| site.file_by_path(p).is_none())
            });
            out.diagnostics.push(Diagnostic::warning(
                file,
                range,
                if missing { MISSING } else { INVALID },
                format!(
                    "the platform cannot apply the overlays of \"{}\" and leaves that spec out of the build (its endpoints get no API page): {}",
                    spec.path, fault.message
                ),
            ));
        }
        out.by_spec.insert(spec.id, overlaid);
    }
    Arc::new(out)
}

/// An overlay chosen for a spec.
enum Chosen {
    Listed(Listed),
    Found(FileId),
}

impl Chosen {
    fn name(&self, site: &Site) -> String {
        match self {
            Chosen::Listed(l) => l.path.clone().unwrap_or_else(|| l.value.clone()),
            Chosen::Found(id) => site.file(*id).map(|f| f.path.clone()).unwrap_or_default(),
        }
    }
}

/// Every overlay document among the site's data files. Specs are not
/// looked into (a 13 MB spec is not read twice); the platform takes a
/// file for an overlay before it looks for `openapi`, and a file with both
/// keys is not met in practice.
fn discover(site: &Site) -> Vec<Discovered> {
    let mut out: Vec<Discovered> = site
        .data_files()
        .filter(|f| matches!(f.kind, FileKind::Json | FileKind::Yaml) && f.text.is_ok())
        // A spec is known by a look at its first keys (cached on the file);
        // only other files are scanned for `overlay`.
        .filter(|f| !f.declares_spec() && declares_overlay(f.text(), f.is_yaml()))
        .filter_map(|f| {
            let root = tree(f)?;
            if !overlay::is_overlay(&root) {
                return None;
            }
            let parsed = overlay::parse(&root);
            let extends = parsed
                .as_ref()
                .ok()
                .and_then(|o| o.extends.as_deref())
                .and_then(|e| paths::join(paths::dir_of(&f.path), e));
            Some(Discovered {
                file: f.id,
                location: f.path.clone(),
                parsed,
                extends,
            })
        })
        .collect();
    out.sort_by(|a, b| a.location.cmp(&b.location));
    out
}

/// A quick look for a top-level `overlay` key before a file is read whole.
fn declares_overlay(text: &str, is_yaml: bool) -> bool {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if !is_yaml || text.trim_start().starts_with('{') {
        return crate::syntax::json_skim::find_top_level(text, |k, _| k == "overlay")
            .unwrap_or_else(|| text.contains("\"overlay\""));
    }
    text.lines().any(|l| {
        let l = l.trim_end();
        ["overlay:", "\"overlay\":", "'overlay':"]
            .iter()
            .any(|k| l.starts_with(k))
    })
}

/// A data file's tree, as the platform's js-yaml reads JSON and YAML alike.
fn tree(f: &SourceFile) -> Option<Arc<Node>> {
    if f.is_yaml() {
        let parsed = crate::syntax::yaml::parse_spec(f.id, f.text());
        return parsed
            .errors
            .is_empty()
            .then_some(parsed.root?)
            .map(Arc::new);
    }
    let parsed = f.json();
    parsed
        .errors
        .is_empty()
        .then(|| parsed.root.clone())
        .flatten()
}

/// `spec` after `chosen`, in order (`applyOverlays`).
fn apply_all(
    site: &Site,
    spec: &SourceFile,
    chosen: &[Chosen],
    discovered: &[Discovered],
) -> Overlaid {
    let original = spec.spec_index().clone();
    let kept = |fault: Option<Fault>| Overlaid {
        added: vec![None; original.operations.len()],
        index: with_fault(&original, fault.as_ref()),
        fault,
    };
    // A spec that does not read, or that the platform does not take for
    // an OpenAPI spec (AsyncAPI, Swagger 2.0, a repeated key), gets none.
    if !original.errors.is_empty()
        || !original.is_openapi()
        || original.refused.as_ref().is_some_and(|r| !by_validator(r))
    {
        return kept(None);
    }
    let Some(mut doc) = spec_json(spec) else {
        return kept(None);
    };
    // Loaded first, as `resolveOverlaysForSpec` does before applying any.
    let mut loaded: Vec<(FileId, String, Overlay)> = Vec::new();
    for (i, c) in chosen.iter().enumerate() {
        match load(site, c, discovered) {
            Ok(x) => loaded.extend(x),
            Err(fault) => {
                let listed = fault.listed.map(|_| i);
                return kept(Some(Fault { listed, ..fault }));
            }
        }
    }
    let mut adders: FxHashMap<(String, String), (FileId, Range<usize>)> = FxHashMap::default();
    for (file, location, o) in &loaded {
        let mut before = endpoints(&doc);
        let applied = overlay::apply::apply(&mut doc, o, |i, now| {
            let after = endpoints(now);
            for e in after.difference(&before) {
                adders
                    .entry(e.clone())
                    .or_insert((*file, o.actions[i].range.clone()));
            }
            before = after;
        });
        if let Err(e) = applied {
            let range = o.actions.get(e.action).map_or(0..0, |a| a.range.clone());
            let target = o.actions.get(e.action).map_or("", |a| a.target.as_str());
            return kept(Some(Fault {
                file: *file,
                range,
                listed: None,
                message: format!(
                    "Overlay action {} in overlay {location} (target: {target}): {}",
                    e.action + 1,
                    e.message
                ),
            }));
        }
    }
    let text = serde_json::to_string(&doc).unwrap_or_default();
    let mut index = SpecIndex::build(spec.id, &text, false);
    // Positions: the spec's own where the endpoint came from it, the
    // adding action's otherwise.
    let mut added = Vec::with_capacity(index.operations.len());
    for op in &mut index.operations {
        match original.find(&op.method, &op.path) {
            Some(o) => {
                op.method_range = o.method_range.clone();
                op.path_range = o.path_range.clone();
                added.push(None);
            }
            None => {
                let at = adders.get(&(op.method.clone(), op.path.clone())).cloned();
                if let Some((_, r)) = &at {
                    op.method_range = r.start..r.start + 1;
                    op.path_range = op.method_range.clone();
                }
                added.push(at.or_else(|| loaded.first().map(|(f, _, _)| (*f, 0..0))));
            }
        }
    }
    for w in &mut index.webhooks {
        w.range = original
            .find_webhook(&w.name)
            .map_or(0..0, |o| o.range.clone());
    }
    let mut fault = None;
    if index.refused.is_some() {
        if original.refused.is_some() {
            // Refused before and after: the spec's own place says why.
            index.refused = original.refused.clone();
        } else if let (Some(r), Some((file, location, o))) = (&index.refused, loaded.last()) {
            let f = Fault {
                file: *file,
                range: o.actions.first().map_or(0..0, |a| a.range.clone()),
                listed: None,
                message: format!(
                    "after overlay {location}, the platform's OpenAPI validator refuses the spec: {}",
                    r.message
                ),
            };
            index.refused = with_fault(&original, Some(&f)).refused.clone();
            fault = Some(f);
        }
    }
    Overlaid {
        index: Arc::new(index),
        added,
        fault,
    }
}

/// A refusal of the platform's OpenAPI validator (not a Swagger document
/// or a repeated key, which keep a spec from being read at all).
fn by_validator(r: &Refused) -> bool {
    !r.message.contains("Swagger 2.0") && !r.message.contains("is repeated in this object")
}

/// `original`, refused for `fault` when there is one: at line 0, which
/// says the refusal is not in the spec's text.
fn with_fault(original: &Arc<SpecIndex>, fault: Option<&Fault>) -> Arc<SpecIndex> {
    let Some(f) = fault else {
        return original.clone();
    };
    let mut ix = (**original).clone();
    ix.refused = Some(Refused {
        range: 0..0,
        line: 0,
        message: f.message.clone(),
    });
    Arc::new(ix)
}

/// The spec as a JSON value, read as js-yaml reads it.
fn spec_json(spec: &SourceFile) -> Option<serde_json::Value> {
    if !spec.is_yaml()
        && let Ok(v) = serde_json::from_str(spec.text())
    {
        return Some(v);
    }
    let root = if spec.is_yaml() {
        crate::syntax::yaml::parse_spec(spec.id, spec.text()).root
    } else {
        crate::syntax::json::parse(spec.id, spec.text())
            .root
            .map(|r| (*r).clone())
    }?;
    Some(overlay::to_json(&root))
}

/// The operations and webhooks of a spec value, as `(METHOD, path)`.
fn endpoints(doc: &serde_json::Value) -> rustc_hash::FxHashSet<(String, String)> {
    let mut out = rustc_hash::FxHashSet::default();
    if let Some(paths) = doc.get("paths").and_then(|p| p.as_object()) {
        for (path, item) in paths {
            let Some(item) = item.as_object() else {
                continue;
            };
            for (m, op) in item {
                if op.is_object() && crate::model::openapi::METHODS.contains(&m.as_str()) {
                    out.insert((m.to_ascii_uppercase(), path.clone()));
                }
            }
            if let Some(more) = item.get("additionalOperations").and_then(|a| a.as_object()) {
                for m in more.keys() {
                    out.insert((m.clone(), path.clone()));
                }
            }
        }
    }
    out
}

/// A chosen overlay's document: the discovered one when its path is one,
/// else the file read again (`loadOverlay`), with the platform's errors.
fn load(
    site: &Site,
    c: &Chosen,
    discovered: &[Discovered],
) -> Result<Option<(FileId, String, Overlay)>, Fault> {
    let (path, at) = match c {
        Chosen::Found(id) => {
            let d = discovered.iter().find(|d| d.file == *id);
            return match d.map(|d| (&d.parsed, &d.location)) {
                Some((Ok(o), loc)) => Ok(Some((*id, loc.clone(), o.clone()))),
                _ => Err(Fault {
                    file: *id,
                    range: 0..0,
                    listed: None,
                    message: "the overlay does not read".into(),
                }),
            };
        }
        Chosen::Listed(l) => (l.path.clone(), l),
    };
    let fault = |message: String| Fault {
        file: at.file,
        range: at.range.clone(),
        listed: Some(0),
        message,
    };
    // A URL is fetched by the platform, not here: left out (reported by
    // [`resolve`]), so what it adds is not known.
    let Some(path) = path else {
        return Ok(None);
    };
    if let Some(d) = discovered.iter().find(|d| d.location == path) {
        return match &d.parsed {
            Ok(o) => Ok(Some((d.file, path, o.clone()))),
            Err(e) => Err(fault(e.message.clone())),
        };
    }
    if site.has_asset(&path) {
        return Ok(None);
    }
    let Some(f) = site.file_by_path(&path) else {
        return Err(fault(format!(
            "ENOENT: no such file or directory, open '{path}' (overlay file \"{}\" does not exist)",
            at.value
        )));
    };
    let root = tree(f)
        .ok_or_else(|| fault(format!("overlay file {path} does not read as JSON or YAML")))?;
    overlay::parse(&root)
        .map(|o| Some((f.id, path.clone(), o)))
        .map_err(|e| fault(e.message))
}
