//! Hover: what a key means (schema description, type, allowed values), what
//! a page entry is (title, description), what an endpoint does (method,
//! path, summary, parameters), which language a code names.

use super::lookup;
use super::subject::{self, EndpointItem, EndpointTarget, Subject};
use crate::analysis::Analysis;
use crate::schema::{self, PathSeg};
use crate::syntax::tree::FileId;
use std::ops::Range;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HoverInfo {
    pub markdown: String,
    /// The hovered token's byte range.
    pub range: Range<usize>,
}

pub fn hover(analysis: &Analysis, file: FileId, text: &str, offset: usize) -> Option<HoverInfo> {
    if let Some((markdown, range)) = super::page_links::hover(analysis, file, offset) {
        return Some(HoverInfo { markdown, range });
    }
    if let Some((markdown, range)) = super::page_components::hover(analysis, file, text, offset) {
        return Some(HoverInfo { markdown, range });
    }
    let at = subject::subject_at(analysis, file, text, offset)?;
    let markdown = match &at.subject {
        Subject::Key { path } => {
            let key = match path.last() {
                Some(crate::syntax::cursor::Seg::Key(k)) => k.as_str(),
                _ => return None,
            };
            key_doc(key, &lookup::schemas_at(path))?
        }
        Subject::FrontMatterKey { key } => {
            let schemas = schema::schemas_at(schema::frontmatter(), &[PathSeg::Key(key)]);
            key_doc(key, &schemas)?
        }
        Subject::Page { file, .. } => {
            let f = file.as_ref()?;
            let fm = f.front_matter().root.as_ref();
            let mut md = String::new();
            if let Some(t) = f.title() {
                md.push_str(&format!("**{t}**\n\n"));
            }
            if let Some(d) = fm
                .and_then(|r| r.get("description"))
                .and_then(|d| d.as_str())
            {
                md.push_str(&format!("{d}\n\n"));
            }
            md.push_str(&format!("`{}`", f.path));
            md
        }
        Subject::Endpoint { target, .. } => endpoint_doc(target.as_ref()?),
        Subject::Language { code } => {
            let name = subject::language_name(code)?;
            format!("**{code}**: {name}")
        }
        Subject::File { file, .. } => format!("`{}`", file.as_ref()?.path),
        Subject::Value { .. } => return None,
    };
    Some(HoverInfo {
        markdown,
        range: at.range,
    })
}

fn key_doc(key: &str, schemas: &[&crate::schema::Schema]) -> Option<String> {
    if schemas.is_empty() {
        return None;
    }
    let mut md = format!("**{key}**");
    if let Some(t) = lookup::type_line(schemas) {
        md.push_str(&format!(": {t}"));
    }
    if let Some(d) = lookup::description(schemas) {
        md.push_str(&format!("\n\n{d}"));
    }
    Some(md)
}

fn endpoint_doc(t: &EndpointTarget) -> String {
    let mut md = String::new();
    match &t.item {
        EndpointItem::Operation(op) => {
            md.push_str(&format!("**{}** `{}`", op.method, op.path));
            if op.deprecated {
                md.push_str(" (deprecated)");
            }
            if let Some(s) = &op.summary {
                md.push_str(&format!("\n\n{s}"));
            }
            if let Some(d) = op
                .description
                .as_ref()
                .filter(|d| Some(*d) != op.summary.as_ref())
            {
                md.push_str(&format!("\n\n{d}"));
            }
            if !op.parameters.is_empty() {
                md.push_str("\n\nParameters:");
                for p in &op.parameters {
                    let req = if p.required { ", required" } else { "" };
                    md.push_str(&format!("\n- `{}` ({}{req})", p.name, p.location));
                }
            }
        }
        EndpointItem::Webhook(w) => {
            md.push_str(&format!("**webhook** `{}` ({})", w.name, w.method));
            if let Some(s) = &w.summary {
                md.push_str(&format!("\n\n{s}"));
            }
        }
    }
    md.push_str(&format!("\n\n*{}*", t.spec.path));
    md
}
