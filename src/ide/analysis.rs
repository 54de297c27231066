//! One analysis of a site snapshot: the resolved config and every
//! diagnostic. `check` and the language server both go through here.

use crate::diagnostics::Diagnostic;
use crate::model::config::{self, Config};
use crate::model::nav;
use crate::model::site::Site;
use crate::syntax::tree::FileId;
use rustc_hash::FxHashSet;
use std::sync::{Arc, OnceLock};

#[derive(Debug, Clone)]
pub struct Analysis {
    pub site: Arc<Site>,
    pub config: Config,
    pub diagnostics: Vec<Diagnostic>,
    listed: OnceLock<FxHashSet<FileId>>,
}

impl Analysis {
    /// The page files some navigation entry lists; built once per analysis
    /// from the navigation index (completion asks on every keystroke).
    pub fn listed_pages(&self) -> &FxHashSet<FileId> {
        self.listed.get_or_init(|| {
            let Some(nav) = self.config.root.as_ref().and_then(|r| r.get("navigation")) else {
                return FxHashSet::default();
            };
            nav::index(nav)
                .entries
                .iter()
                .filter_map(|e| self.site.page(e.value).map(|f| f.id))
                .collect()
        })
    }
}

pub fn analyze(site: Arc<Site>) -> Analysis {
    let config = config::resolve(&site);
    let mut diagnostics = config.diagnostics.clone();
    super::diagnostics::collect(&site, &config, &mut diagnostics);
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
        listed: OnceLock::new(),
    }
}
