//! `docsLsp/translations` (what each language lacks against the default,
//! `analysis::translations`) and the translation code lens on
//! default-language pages (`ide::translation_lens`), answered from the last
//! finished analysis on a blocking thread. The git history is walked there
//! too, once per docs root and HEAD commit for every listed page
//! (`workspace::git_history::Cache`), not per lens.

use super::api::Snapshot;
use super::backend::{Backend, blocking};
use super::convert;
use crate::analysis::navigation_view::Origin;
use crate::analysis::translations::{self, State};
use crate::model::site::Site;
use crate::text::Encoding;
use crate::workspace::translation_sources::Disk;
use serde::{Deserialize, Serialize};
use std::path::Path;
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::{CodeLens, Command, Location, Position, Range, Uri};

/// The request's name, registered with the service in `lsp::service`.
pub const METHOD: &str = "docsLsp/translations";

/// The lens's command: the editor lists its argument's languages (a client
/// command; the server does not execute it).
pub const SHOW: &str = "docsLsp.showTranslations";

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct TranslationsParams {
    /// docs.json or any file of the site; without it, the first site.
    pub uri: Option<Uri>,
    /// Only this language.
    pub language: Option<String>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Translations {
    pub root: Option<Uri>,
    pub default_language: Option<String>,
    pub languages: Vec<LanguageReport>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LanguageReport {
    pub language: String,
    pub name: Option<&'static str>,
    pub pages: usize,
    pub translated: usize,
    pub problems: Vec<Problem>,
}

/// A page that does not read in a language, or reads out of date.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Problem {
    pub source: String,
    pub page: Option<String>,
    pub state: State,
    pub days: Option<u64>,
    /// The translation's file.
    pub uri: Option<Uri>,
    /// Its docs.json entry, or the language element that would list it.
    pub entry: Option<Location>,
}

/// One language of the lens's list, as the editors get it.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LensItem {
    pub language: String,
    pub state: State,
    pub label: String,
    pub uri: Option<Uri>,
    pub entry: Option<Location>,
}

impl Backend {
    pub async fn translations(&self, p: TranslationsParams) -> Result<Option<Translations>> {
        self.snapshot().translations_impl(p).await
    }
}

impl Snapshot {
    /// The report, or `null` when no site holds the document.
    pub async fn translations_impl(&self, p: TranslationsParams) -> Result<Option<Translations>> {
        let Some(site) = self.site_asked(p.uri.as_ref()) else {
            return Ok(None);
        };
        let enc = self.encoding();
        let snap = self.clone();
        blocking(move || {
            let analysis = site.last_analysis().unwrap_or_else(|| site.analysis());
            let root = &site.root;
            let ix = analysis.navigation.as_deref()?.index()?;
            let all = translations::listed_files(&analysis.site, ix);
            let sources = Disk {
                root,
                cache: Some((snap.history(), all)),
            };
            let report = translations::report(&analysis.site, ix, p.language.as_deref(), &sources);
            let s = &analysis.site;
            Some(Translations {
                root: convert::uri(root),
                default_language: report.default_language,
                languages: report
                    .languages
                    .into_iter()
                    .map(|l| LanguageReport {
                        name: crate::model::languages::name(&l.language),
                        language: l.language,
                        pages: l.pages,
                        translated: l.translated,
                        problems: l
                            .problems
                            .into_iter()
                            .map(|t| Problem {
                                uri: t.file.as_ref().and_then(|f| convert::uri(&root.join(f))),
                                entry: t.entry.as_ref().and_then(|o| location(s, root, o, enc)),
                                source: t.source,
                                page: t.page,
                                state: t.state,
                                days: t.days,
                            })
                            .collect(),
                    })
                    .collect(),
            })
        })
        .await
    }

    /// The translation lens of a default-language page, if it is one.
    pub async fn translation_lenses(&self, uri: &Uri) -> Result<Vec<CodeLens>> {
        let Some(path) = convert::path(uri) else {
            return Ok(Vec::new());
        };
        let site = match self.site_of(&path) {
            Some(site) => site,
            // A page opened before its site was read: the lens waits for
            // the load (an editor asks again only after an edit).
            None => match self.site_loaded(&path) {
                Some(load) => blocking(load).await?,
                None => return Ok(Vec::new()),
            },
        };
        let enc = self.encoding();
        let uri = uri.clone();
        let snap = self.clone();
        blocking(move || {
            let analysis = site.last_analysis().unwrap_or_else(|| site.analysis());
            let root = &site.root;
            let s = &analysis.site;
            let lens = crate::workspace::load::rel_path(root, &path)
                .and_then(|rel| s.file_id(&rel))
                .and_then(|id| {
                    super::translation_lens::lens_of(snap.history(), root, &analysis, id)
                });
            let Some(lens) = lens else {
                return Vec::new();
            };
            let items: Vec<LensItem> = lens
                .languages
                .into_iter()
                .map(|i| LensItem {
                    uri: i
                        .file
                        .and_then(|f| s.file(f))
                        .and_then(|f| convert::uri(&root.join(&f.path))),
                    entry: i.entry.as_ref().and_then(|o| location(s, root, o, enc)),
                    language: i.language,
                    state: i.state,
                    label: i.label,
                })
                .collect();
            let top = Range::new(Position::new(0, 0), Position::new(0, 0));
            vec![CodeLens {
                range: top,
                command: Some(Command {
                    title: lens.title.clone(),
                    command: SHOW.into(),
                    arguments: Some(vec![serde_json::json!({
                        "uri": uri,
                        "title": lens.title,
                        "languages": items,
                    })]),
                }),
                data: None,
            }]
        })
        .await
    }
}

/// A place in docs.json or a `$ref` file (kept whole: no page body).
fn location(site: &Site, root: &Path, o: &Origin, enc: Encoding) -> Option<Location> {
    let f = site.file(o.file)?;
    let text = f.text();
    let range = Range::new(
        convert::position(text, f.lines(), o.start, enc),
        convert::position(text, f.lines(), o.end, enc),
    );
    Some(Location::new(convert::uri(&root.join(&f.path))?, range))
}
