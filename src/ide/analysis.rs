//! One analysis of a site snapshot: the resolved config and every
//! diagnostic. `check` and the language server both go through here.

use crate::diagnostics::Diagnostic;
use crate::model::config::{self, Config};
use crate::model::site::Site;
use std::sync::Arc;

#[derive(Debug, Clone)]
pub struct Analysis {
    pub site: Arc<Site>,
    pub config: Config,
    pub diagnostics: Vec<Diagnostic>,
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
    }
}
