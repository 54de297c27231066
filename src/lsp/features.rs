//! Requests answered by the `ide` layer: completion, hover, definition,
//! symbols, folding, links. Each finds the file's site, takes the analysis
//! that is ready (computing one only if none exists yet), runs the `ide`
//! function on a blocking thread and converts the plain result.

use super::api::Snapshot;
use super::backend::blocking;
use super::convert;
use super::world::SiteState;
use crate::analysis::Analysis;
use crate::ide::{completion, definition, document_links, folding, hover, symbols};
use crate::model::site::SourceFile;
use crate::syntax::tree::FileId;
use crate::text::{Encoding, LineIndex};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;

/// What a request about one document needs.
pub struct DocumentRequest {
    pub site: Arc<SiteState>,
    pub analysis: Arc<Analysis>,
    pub file: FileId,
    pub text: Arc<str>,
    /// Built once per request: conversions for a thousand completion items
    /// must not re-scan a 1.5 MB document each.
    pub lines: Arc<LineIndex>,
    pub enc: Encoding,
}

impl DocumentRequest {
    pub(crate) fn offset(&self, pos: Position) -> usize {
        convert::offset(&self.text, &self.lines, pos, self.enc)
    }
    pub(crate) fn range(&self, r: &std::ops::Range<usize>) -> Range {
        Range::new(
            convert::position(&self.text, &self.lines, r.start, self.enc),
            convert::position(&self.text, &self.lines, r.end, self.enc),
        )
    }
    pub(crate) fn path_of(&self, f: &SourceFile) -> PathBuf {
        if self.site.loose {
            self.site.root.clone()
        } else {
            self.site.root.join(&f.path)
        }
    }
}

impl Snapshot {
    pub(crate) async fn target(&self, uri: &Uri) -> Option<DocumentRequest> {
        let path = convert::path(uri)?;
        let site = self.site_of(&path)?;
        let s = site.clone();
        let analysis = match site.last_analysis() {
            Some(a) => a,
            None => tokio::task::spawn_blocking(move || s.analysis())
                .await
                .ok()?,
        };
        let file = file_id(&site, &analysis, &path)?;
        let (text, lines) = match self.document_text(&path) {
            Some(d) => d,
            None => {
                let text: Arc<str> = Arc::from(analysis.site.file(file)?.text());
                let lines = Arc::new(LineIndex::new(&text));
                (text, lines)
            }
        };
        Some(DocumentRequest {
            site,
            analysis,
            file,
            text,
            lines,
            enc: self.encoding(),
        })
    }

    /// The document at `uri`, with `f` run on it on a blocking thread;
    /// `None` for a document no site holds.
    pub(crate) async fn in_document<R: Send + 'static>(
        &self,
        uri: &Uri,
        f: impl FnOnce(&DocumentRequest) -> R + Send + 'static,
    ) -> Result<Option<(DocumentRequest, R)>> {
        let Some(t) = self.target(uri).await else {
            return Ok(None);
        };
        let (t, r) = blocking(move || {
            let r = f(&t);
            (t, r)
        })
        .await?;
        Ok(Some((t, r)))
    }

    /// [`Snapshot::in_document`] with the cursor's byte offset.
    pub(crate) async fn at_cursor<R: Send + 'static>(
        &self,
        uri: &Uri,
        position: Position,
        f: impl FnOnce(&DocumentRequest, usize) -> R + Send + 'static,
    ) -> Result<Option<(DocumentRequest, R)>> {
        self.in_document(uri, move |t| f(t, t.offset(position)))
            .await
    }

    /// [`Snapshot::at_cursor`] for an editor feature that answers from the
    /// analysis, the document and the cursor's offset alone.
    pub(crate) async fn feature_at<R: Send + 'static>(
        &self,
        at: &TextDocumentPositionParams,
        feature: fn(&Analysis, FileId, &str, usize) -> R,
    ) -> Result<Option<(DocumentRequest, R)>> {
        self.at_cursor(&at.text_document.uri, at.position, move |t, offset| {
            feature(&t.analysis, t.file, &t.text, offset)
        })
        .await
    }

    pub(crate) fn location(
        &self,
        t: &DocumentRequest,
        file: FileId,
        r: &std::ops::Range<usize>,
    ) -> Option<Location> {
        let f = t.analysis.site.file(file)?;
        let path = t.path_of(f);
        // A closed page holds only its front matter; ranges stay valid in it.
        let range = if file == t.file {
            t.range(r)
        } else {
            convert::range(f, r, t.enc, self.bodies())
        };
        Some(Location::new(convert::uri(&path)?, range))
    }

    pub async fn completion_impl(&self, p: CompletionParams) -> Result<Option<CompletionResponse>> {
        let tdp = p.text_document_position;
        let Some((t, list)) = self
            .at_cursor(&tdp.text_document.uri, tdp.position, |t, offset| {
                let _t = crate::timing::span("completion");
                completion::completion_list(&t.analysis, t.file, &t.text, offset)
            })
            .await?
        else {
            return Ok(None);
        };
        // Items share a handful of ranges (usually one): convert each once.
        let mut ranges: Vec<(std::ops::Range<usize>, Range)> = Vec::new();
        let mut range_of = |r: &std::ops::Range<usize>| {
            if let Some((_, lr)) = ranges.iter().find(|(b, _)| b == r) {
                return *lr;
            }
            let lr = t.range(r);
            ranges.push((r.clone(), lr));
            lr
        };
        let items = list
            .items
            .into_iter()
            .map(|c| CompletionItem {
                label: c.label,
                kind: Some(match c.kind {
                    completion::CompletionKind::Key => CompletionItemKind::PROPERTY,
                    completion::CompletionKind::Value => CompletionItemKind::VALUE,
                    completion::CompletionKind::Page => CompletionItemKind::FILE,
                    completion::CompletionKind::Endpoint => CompletionItemKind::FUNCTION,
                    completion::CompletionKind::File => CompletionItemKind::FILE,
                    completion::CompletionKind::Language => CompletionItemKind::ENUM_MEMBER,
                    completion::CompletionKind::Component => CompletionItemKind::CLASS,
                }),
                detail: c.detail,
                documentation: c.documentation.map(|d| {
                    Documentation::MarkupContent(MarkupContent {
                        kind: MarkupKind::Markdown,
                        value: d,
                    })
                }),
                sort_text: c.sort_text,
                filter_text: c.filter_text,
                text_edit: Some(CompletionTextEdit::Edit(TextEdit::new(
                    range_of(&c.replace),
                    c.insert_text,
                ))),
                ..Default::default()
            })
            .collect();
        Ok(Some(CompletionResponse::List(CompletionList {
            is_incomplete: list.incomplete,
            items,
        })))
    }

    pub async fn hover_impl(&self, p: HoverParams) -> Result<Option<Hover>> {
        let at = &p.text_document_position_params;
        let Some((t, h)) = self.feature_at(at, hover::hover).await? else {
            return Ok(None);
        };
        Ok(h.map(|h| Hover {
            contents: HoverContents::Markup(MarkupContent {
                kind: MarkupKind::Markdown,
                value: h.markdown,
            }),
            range: Some(t.range(&h.range)),
        }))
    }

    pub async fn definition_impl(
        &self,
        p: GotoDefinitionParams,
    ) -> Result<Option<GotoDefinitionResponse>> {
        let at = &p.text_document_position_params;
        let Some((t, targets)) = self.feature_at(at, definition::definition).await? else {
            return Ok(None);
        };
        let locs: Vec<Location> = targets
            .iter()
            .filter_map(|d| self.location(&t, d.file, &d.range))
            .collect();
        Ok((!locs.is_empty()).then_some(GotoDefinitionResponse::Array(locs)))
    }

    pub async fn document_symbol_impl(
        &self,
        p: DocumentSymbolParams,
    ) -> Result<Option<DocumentSymbolResponse>> {
        let Some((t, syms)) = self
            .in_document(&p.text_document.uri, |t| {
                symbols::document_symbols(&t.analysis, t.file)
            })
            .await?
        else {
            return Ok(None);
        };
        fn conv(t: &DocumentRequest, s: symbols::Symbol) -> DocumentSymbol {
            #[allow(deprecated)]
            DocumentSymbol {
                name: if s.name.is_empty() {
                    " ".into()
                } else {
                    s.name
                },
                detail: s.detail,
                kind: match s.kind {
                    symbols::SymbolKind::Page => SymbolKind::FILE,
                    symbols::SymbolKind::Endpoint => SymbolKind::FUNCTION,
                    symbols::SymbolKind::Group => SymbolKind::NAMESPACE,
                    symbols::SymbolKind::Key => SymbolKind::PROPERTY,
                    symbols::SymbolKind::Language => SymbolKind::ENUM_MEMBER,
                    symbols::SymbolKind::Heading => SymbolKind::STRING,
                    symbols::SymbolKind::Component => SymbolKind::CLASS,
                    _ => SymbolKind::MODULE,
                },
                tags: None,
                deprecated: None,
                range: t.range(&s.range),
                selection_range: t.range(&s.selection_range),
                children: Some(s.children.into_iter().map(|c| conv(t, c)).collect()),
            }
        }
        let out: Vec<DocumentSymbol> = syms.into_iter().map(|s| conv(&t, s)).collect();
        Ok(Some(DocumentSymbolResponse::Nested(out)))
    }

    pub async fn workspace_symbol_impl(
        &self,
        p: WorkspaceSymbolParams,
    ) -> Result<Option<WorkspaceSymbolResponse>> {
        let mut out = Vec::new();
        // `$/cancelRequest` drops this future; the guard then stops the
        // search on its blocking thread too.
        let cancel = tokio_util::sync::CancellationToken::new();
        let _guard = cancel.clone().drop_guard();
        for site in self.sites().into_iter().filter(|s| !s.loose) {
            let q = p.query.clone();
            let s = site.clone();
            let c = cancel.clone();
            let (analysis, found) = blocking(move || {
                let a = s.last_analysis().unwrap_or_else(|| s.analysis());
                let f = symbols::workspace_symbols(&a, &q, &|| c.is_cancelled());
                (a, f)
            })
            .await?;
            let enc = self.encoding();
            for w in found {
                let Some(f) = analysis.site.file(w.file) else {
                    continue;
                };
                let Some(uri) = convert::uri(&site.root.join(&f.path)) else {
                    continue;
                };
                #[allow(deprecated)]
                out.push(SymbolInformation {
                    name: w.name,
                    kind: if matches!(w.kind, symbols::SymbolKind::Endpoint) {
                        SymbolKind::FUNCTION
                    } else {
                        SymbolKind::FILE
                    },
                    tags: None,
                    deprecated: None,
                    location: Location::new(uri, convert::range(f, &w.range, enc, self.bodies())),
                    container_name: w.detail,
                });
            }
        }
        Ok(Some(WorkspaceSymbolResponse::Flat(out)))
    }

    pub async fn folding_impl(&self, p: FoldingRangeParams) -> Result<Option<Vec<FoldingRange>>> {
        let Some((t, folds)) = self
            .in_document(&p.text_document.uri, |t| {
                folding::folding_ranges(&t.analysis, t.file, &t.text)
            })
            .await?
        else {
            return Ok(None);
        };
        Ok(Some(
            folds
                .iter()
                .map(|f| {
                    let r = t.range(&f.range);
                    FoldingRange {
                        start_line: r.start.line,
                        start_character: None,
                        end_line: r.end.line,
                        end_character: None,
                        kind: Some(match f.kind {
                            folding::FoldKind::Comment => FoldingRangeKind::Comment,
                            _ => FoldingRangeKind::Region,
                        }),
                        collapsed_text: None,
                    }
                })
                .collect(),
        ))
    }

    pub async fn document_link_impl(
        &self,
        p: DocumentLinkParams,
    ) -> Result<Option<Vec<DocumentLink>>> {
        let Some((t, found)) = self
            .in_document(&p.text_document.uri, |t| {
                document_links::document_links(&t.analysis, t.file)
            })
            .await?
        else {
            return Ok(None);
        };
        Ok(Some(
            found
                .iter()
                .filter_map(|l| {
                    let f = t.analysis.site.file(l.target)?;
                    Some(DocumentLink {
                        range: t.range(&l.range),
                        target: convert::uri(&t.path_of(f)),
                        tooltip: Some(f.path.clone()),
                        data: None,
                    })
                })
                .collect(),
        ))
    }

    /// The diagnostics of one document, for a pull; `None` when no site
    /// holds it.
    pub async fn diagnostics_impl(&self, path: PathBuf) -> Result<Option<Vec<Diagnostic>>> {
        let site = match self.site_of(&path) {
            Some(site) => site,
            // Its site is still loading (in the background, from didOpen):
            // this pull waits for it rather than answer "no problems".
            None => match self.site_loaded(&path) {
                Some(load) => blocking(load).await?,
                None => return Ok(None),
            },
        };
        let snap = self.clone();
        let items = blocking(move || {
            let _t = crate::timing::span("textDocument/diagnostic");
            let a = site.analysis();
            let rel = if site.loose {
                a.site
                    .files()
                    .next()
                    .map(|f| f.path.clone())
                    .unwrap_or_default()
            } else {
                site.rel(&path).unwrap_or_default()
            };
            let Some(file) = a.site.file_by_path(&rel) else {
                return Vec::new();
            };
            a.diagnostics
                .iter()
                .filter(|d| d.file == file.id && !site.suppress.silences(d, &file.path))
                .map(|d| {
                    convert::diagnostic(&a.site, file, d, snap.encoding(), snap.bodies(), |f| {
                        convert::uri(&if site.loose {
                            site.root.clone()
                        } else {
                            site.root.join(&f.path)
                        })
                    })
                })
                .collect::<Vec<_>>()
        })
        .await?;
        Ok(Some(items))
    }
}

fn file_id(site: &SiteState, analysis: &Analysis, path: &Path) -> Option<FileId> {
    if site.loose {
        return analysis.site.files().next().map(|f| f.id);
    }
    let rel = site.rel(path)?;
    analysis.site.file_id(&rel)
}
