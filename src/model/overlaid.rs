//! The overlays of a site's specs as an analysis holds them, and what is
//! kept of them per set of files; `model::overlays` makes them
//! (docs/overlays.md).

use super::lock::lock;
use super::openapi::SpecIndex;
use super::overlay::{Invalid, Overlay};
use super::source_file::SourceFile;
use crate::diagnostics::Diagnostic;
use crate::syntax::tree::FileId;
use rustc_hash::FxHashMap;
use std::ops::Range;
use std::sync::{Arc, Mutex, OnceLock};

/// What is kept per set of files (on the site's shape): the discovered
/// overlays, and the specs already overlaid by a list of overlays.
#[derive(Debug, Default)]
pub struct OverlaidMemo {
    pub(crate) discovered: OnceLock<Arc<Vec<Discovered>>>,
    /// By spec and the names of its overlays, in order.
    pub(crate) applied: Mutex<FxHashMap<AppliedKey, Arc<Overlaid>>>,
}

pub(crate) type AppliedKey = (FileId, Vec<String>);

impl OverlaidMemo {
    /// The endpoint indexes of the specs overlaid so far on this shape.
    pub fn applied(&self) -> Vec<Arc<SpecIndex>> {
        lock(&self.applied)
            .values()
            .map(|o| o.index.clone())
            .collect()
    }
}

/// A JSON/YAML file of the site that is an overlay document.
#[derive(Debug)]
pub struct Discovered {
    pub file: FileId,
    /// Its path, the key listed overlays and `extends` are compared by.
    pub location: String,
    pub parsed: Result<Overlay, Invalid>,
    /// `extends` resolved to a site path (`None` for a URL, or none given).
    pub extends: Option<String>,
}

/// A spec after its overlays.
#[derive(Debug)]
pub struct Overlaid {
    pub index: Arc<SpecIndex>,
    /// Per operation of `index`: where an overlay action added it (the
    /// others are where the spec file has them).
    pub added: Vec<Option<(FileId, Range<usize>)>>,
    /// Why the platform could not apply the overlays, where.
    pub fault: Option<Fault>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Fault {
    /// In an overlay file; for a listed overlay that cannot be loaded, its
    /// entry in docs.json when the fault was found (see `listed`).
    pub file: FileId,
    pub range: Range<usize>,
    /// The listed overlay (index among the spec's) that cannot be loaded:
    /// shown at its entry in the docs.json of the moment, since kept
    /// results outlive docs.json versions.
    pub listed: Option<usize>,
    /// The platform's error (`Overlay action 1 in overlay x.yaml (target: $.a): ...`).
    pub message: String,
}

/// The overlays of a site's specs for one docs.json.
#[derive(Debug, Default)]
pub struct SpecOverlays {
    pub(crate) by_spec: FxHashMap<FileId, Arc<Overlaid>>,
    /// A hash of the listed overlays: page results kept across docs.json
    /// keystrokes hold only while it is the same.
    pub key: u64,
    /// Findings about the overlays themselves (see `overlays::resolve`).
    pub diagnostics: Vec<Diagnostic>,
}

impl SpecOverlays {
    /// The endpoint index of `f` as the platform builds it: after its
    /// overlays, if it has any.
    pub fn spec<'a>(&'a self, f: &'a SourceFile) -> &'a SpecIndex {
        match self.by_spec.get(&f.id) {
            Some(o) => &o.index,
            None => f.spec_index(),
        }
    }

    /// No overlays: every spec as its file has it (for checks that do
    /// not look at what overlays change).
    pub fn none() -> &'static SpecOverlays {
        static NONE: OnceLock<SpecOverlays> = OnceLock::new();
        NONE.get_or_init(SpecOverlays::default)
    }

    pub fn overlaid(&self, spec: FileId) -> Option<&Overlaid> {
        self.by_spec.get(&spec).map(|o| &**o)
    }
}
