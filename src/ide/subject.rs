//! What the token under the cursor is about: a docs.json key, a page entry,
//! an endpoint reference, a file reference, a language code, a front matter
//! key. Hover and go-to-definition both start here, and both work on the
//! editor's text through the tolerant tree (`syntax::json::query`), so they
//! keep working while the document is broken.

use super::lookup::{self, Spec, ValuePlace};
use crate::analysis::Analysis;
use crate::model::endpoint::{self, Resolution};
use crate::model::languages;
use crate::model::openapi::{Operation, Webhook};
use crate::model::paths;
use crate::model::site::{FileKind, SourceFile};
use crate::syntax::cursor::{Seg, Slot};
use crate::syntax::tree::FileId;
use std::ops::Range;
use std::sync::Arc;

#[derive(Debug)]
pub enum Subject<'a> {
    /// A docs.json key; `path` ends with the key.
    Key {
        path: Vec<Seg>,
    },
    /// A docs.json string value that is none of the below; `path` leads to it.
    Value {
        path: Vec<Seg>,
        value: String,
    },
    Page {
        entry: String,
        file: Option<&'a Arc<SourceFile>>,
    },
    Endpoint {
        value: String,
        target: Option<EndpointTarget<'a>>,
    },
    /// An `openapi`, `asyncapi` or `$ref` value.
    File {
        value: String,
        file: Option<&'a Arc<SourceFile>>,
    },
    Language {
        code: String,
    },
    FrontMatterKey {
        key: String,
    },
}

#[derive(Debug)]
pub enum EndpointItem<'a> {
    Operation(&'a Operation),
    Webhook(&'a Webhook),
}

#[derive(Debug)]
pub struct EndpointTarget<'a> {
    pub spec: &'a SourceFile,
    pub item: EndpointItem<'a>,
    /// An operation an overlay adds: the overlay file and its action.
    pub added: Option<(FileId, std::ops::Range<usize>)>,
}

#[derive(Debug)]
pub struct SubjectAt<'a> {
    pub subject: Subject<'a>,
    /// The token's byte range in the file.
    pub range: Range<usize>,
}

pub fn subject_at<'a>(
    analysis: &'a Analysis,
    file: FileId,
    text: &str,
    offset: usize,
) -> Option<SubjectAt<'a>> {
    let f = analysis.site.file(file)?;
    match f.kind {
        FileKind::Page => front_matter(analysis, f, text, offset),
        FileKind::DocsJson | FileKind::Json => docs_json(analysis, f, text, offset),
        FileKind::Yaml | FileKind::Snippet => None,
    }
}

fn docs_json<'a>(
    analysis: &'a Analysis,
    f: &Arc<SourceFile>,
    text: &str,
    offset: usize,
) -> Option<SubjectAt<'a>> {
    let mut full = lookup::base_path(analysis, f.id)?;
    let ctx = lookup::json_cursor(f, text, offset);
    if ctx.replace.is_empty() {
        return None;
    }
    let token = text.get(ctx.replace.clone())?;
    let value = unquote(token);
    full.extend(ctx.path.iter().cloned());
    let range = ctx.replace.clone();
    let subject = match &ctx.slot {
        Slot::Key => {
            full.push(Seg::Key(value));
            Subject::Key { path: full }
        }
        Slot::Value { .. } | Slot::Item { .. } => {
            full.extend(ctx.value_path().into_iter().skip(ctx.path.len()));
            value_subject(analysis, f, full, value)
        }
        Slot::None => return None,
    };
    Some(SubjectAt { subject, range })
}

pub(crate) fn value_subject<'a>(
    analysis: &'a Analysis,
    f: &SourceFile,
    vp: Vec<Seg>,
    value: String,
) -> Subject<'a> {
    let site = &analysis.site;
    let place = lookup::value_place(&vp);
    match place {
        ValuePlace::PagesItem | ValuePlace::RootPage => {
            if endpoint::parse_endpoint(&value).is_some() {
                let inherited: Vec<&SourceFile> = lookup::inherited_openapi(analysis, &vp)
                    .iter()
                    .filter_map(|s| lookup::spec_file(site, &s.value))
                    .map(|f| &**f)
                    .collect();
                let target = resolve_endpoint(analysis, &value, "", &inherited);
                return Subject::Endpoint { value, target };
            }
            let file = site.page(&value);
            Subject::Page { entry: value, file }
        }
        ValuePlace::OpenApiFile | ValuePlace::AsyncApiFile => {
            let file = lookup::spec_file(site, &value);
            Subject::File { value, file }
        }
        ValuePlace::Ref => {
            let file = paths::join(paths::dir_of(&f.path), &value)
                .and_then(|p| site.file_by_path(&p))
                .filter(|t| t.kind != FileKind::Page);
            Subject::File { value, file }
        }
        ValuePlace::Language => Subject::Language { code: value },
        ValuePlace::Other | ValuePlace::Icon => Subject::Value { path: vp, value },
    }
}

/// The operation (or webhook) an endpoint reference names. With specs
/// inherited from the navigation, only those are searched; otherwise every
/// spec of the site, as the platform does.
pub fn resolve_endpoint<'a>(
    analysis: &'a Analysis,
    value: &str,
    from_dir: &str,
    inherited: &[&'a SourceFile],
) -> Option<EndpointTarget<'a>> {
    let r = endpoint::parse_endpoint(value)?;
    let overlays = &analysis.config.overlays;
    let specs: Vec<Spec<'a>> = if inherited.is_empty() || r.spec.is_some() {
        lookup::specs(&analysis.site, overlays)
    } else {
        inherited
            .iter()
            .map(|f| Spec {
                file: f,
                index: lookup::spec_index(overlays, f),
            })
            .collect()
    };
    let pairs: Vec<(&str, &crate::model::openapi::SpecIndex)> = specs
        .iter()
        .map(|s| (s.file.path.as_str(), s.index))
        .collect();
    let (res, named) =
        crate::analysis::rules::specs::resolve(&analysis.site, overlays, &r, from_dir, &pairs);
    match res {
        Resolution::Found { spec, item } => {
            let (file, index) = match named {
                // The token named a file not recognised as a spec.
                Some(one) => {
                    let (path, index) = *one.get(spec)?;
                    (analysis.site.file_by_path(path)?.as_ref(), index)
                }
                None => {
                    let s = specs.get(spec)?;
                    (s.file, s.index)
                }
            };
            let added = overlays
                .overlaid(file.id)
                .filter(|_| !r.webhook)
                .and_then(|o| o.added.get(item).cloned().flatten());
            let item = if r.webhook {
                EndpointItem::Webhook(index.webhooks.get(item)?)
            } else {
                EndpointItem::Operation(index.operations.get(item)?)
            };
            Some(EndpointTarget {
                spec: file,
                item,
                added,
            })
        }
        _ => None,
    }
}

fn front_matter<'a>(
    analysis: &'a Analysis,
    f: &Arc<SourceFile>,
    text: &str,
    offset: usize,
) -> Option<SubjectAt<'a>> {
    let fc = lookup::front_matter_cursor(f, text, offset)?;
    match &fc.slot {
        Slot::Key if fc.path.is_empty() => {
            let range = fc.key.clone()?;
            Some(SubjectAt {
                subject: Subject::FrontMatterKey {
                    key: text.get(range.clone())?.to_string(),
                },
                range,
            })
        }
        Slot::Value { key } if key == "openapi" && !fc.in_list && fc.path.is_empty() => {
            let raw = text.get(fc.replace.clone())?;
            let value = raw.trim().trim_matches(['"', '\'']).to_string();
            let target = resolve_endpoint(analysis, &value, paths::dir_of(&f.path), &[]);
            Some(SubjectAt {
                subject: Subject::Endpoint { value, target },
                range: fc.replace.clone(),
            })
        }
        _ => None,
    }
}

fn unquote(token: &str) -> String {
    let inner = token.strip_prefix('"').unwrap_or(token);
    let inner = inner.strip_suffix('"').unwrap_or(inner);
    // Decode escapes when the token is a complete JSON string.
    serde_json::from_str::<String>(&format!("\"{inner}\"")).unwrap_or_else(|_| inner.to_string())
}

/// A language code's name, for hover.
pub fn language_name(code: &str) -> Option<&'static str> {
    languages::name(code)
}
