//! One analysis of a site snapshot: the resolved config and every
//! diagnostic. `check` and the language server both go through here.

use super::diagnostics::Listing;
use crate::diagnostics::Diagnostic;
use crate::model::config::{self, Config};
use crate::model::site::Site;
use crate::syntax::tree::FileId;
use rustc_hash::FxHashSet;
use std::sync::Arc;

#[derive(Debug, Clone)]
pub struct Analysis {
    pub site: Arc<Site>,
    pub config: Config,
    pub diagnostics: Vec<Diagnostic>,
    listing: Listing,
}

impl Analysis {
    /// The page files some navigation entry lists.
    pub fn listed_pages(&self) -> &FxHashSet<FileId> {
        &self.listing.listed
    }

    /// The pages no navigation entry lists.
    pub fn unlisted_pages(&self) -> &[FileId] {
        &self.listing.unlisted
    }
}

pub fn analyze(site: Arc<Site>) -> Analysis {
    let config = config::resolve(&site);
    let mut diagnostics = config.diagnostics.clone();
    let listing = super::diagnostics::collect(&site, &config, &mut diagnostics);
    diagnostics.sort_by(|a, b| {
        (a.file, a.range.start, a.range.end, a.code).cmp(&(
            b.file,
            b.range.start,
            b.range.end,
            b.code,
        ))
    });
    diagnostics.dedup();
    Analysis {
        site,
        config,
        diagnostics,
        listing,
    }
}
