//! The translation lens of one page as the server reads it: the analysis'
//! navigation index, the page bodies on disk and the git history's ages
//! (`workspace::translation_sources`), for the lens request
//! (`super::translations`) and for telling whether it changed
//! (`super::view_refresh`).

use crate::analysis::translations;
use crate::workspace::translation_sources::Disk;
use std::path::Path;

/// The translation lens of the page `id` of `analysis`, if it is a
/// default-language page with other languages beside it (its git ages from
/// `history`, walked once per HEAD).
pub fn lens_of(
    history: &crate::workspace::git_history::Cache,
    root: &Path,
    analysis: &crate::analysis::Analysis,
    id: crate::syntax::tree::FileId,
) -> Option<crate::ide::translation_lens::Lens> {
    let s = &analysis.site;
    let ix = analysis.navigation.as_deref()?.index()?;
    let sources = Disk {
        root,
        cache: Some((history, translations::listed_files(s, ix))),
    };
    crate::ide::translation_lens::lens(s, ix, id, &sources)
}
