//! What of a file's bytes is kept as its text: a page read in bulk keeps
//! its front matter and the index of its body; a file the platform cannot
//! read as text is unreadable.

use crate::model::site::{FileKind, Unreadable};
use crate::syntax::page::PageIndex;
use std::sync::Arc;

/// A page read in bulk: the part of its text that is kept (its front
/// matter) and the index of its body.
pub type BulkPage = Result<(Arc<str>, Arc<PageIndex>), Unreadable>;

pub fn bulk_page(bytes: &[u8]) -> BulkPage {
    let text = text_of(bytes, FileKind::Page)?;
    let index = Arc::new(crate::syntax::page::read(text));
    Ok((Arc::from(front_matter_prefix(text)), index))
}

/// A file's bytes as text, if the platform reads them as text.
fn text_of(bytes: &[u8], kind: FileKind) -> Result<&str, Unreadable> {
    let text = std::str::from_utf8(bytes).map_err(|_| Unreadable::NotUtf8)?;
    readable_as(text, kind)?;
    Ok(text)
}

pub fn readable_as(text: &str, kind: FileKind) -> Result<(), Unreadable> {
    // A NUL byte is valid UTF-8: the platform's page parser (micromark)
    // reads it as U+FFFD and renders the page. Its YAML reader (js-yaml),
    // which reads specs and other data files, refuses one.
    if text.contains('\0') && !matches!(kind, FileKind::Page | FileKind::Snippet) {
        return Err(Unreadable::NotUtf8);
    }
    Ok(())
}

/// The leading part of a page that holds its front matter (up to and
/// including the closing fence line, and the body's first line with text),
/// or the whole page when the fence is not closed (so the
/// unclosed-front-matter diagnostic still sees it).
fn front_matter_prefix(text: &str) -> &str {
    let body = text.strip_prefix('\u{feff}').unwrap_or(text);
    if !body.starts_with("---") {
        return "";
    }
    let mut pos = text.find('\n').map_or(text.len(), |i| i + 1);
    while pos < text.len() {
        let end = text[pos..].find('\n').map_or(text.len(), |i| pos + i + 1);
        let line = text[pos..end].trim_end();
        if line == "---" || line == "..." {
            // And the body's first line with text, if any: whether the page
            // has a body of its own decides how bad an unusable front
            // matter `openapi` is.
            let mut at = end;
            while at < text.len() {
                let next = text[at..].find('\n').map_or(text.len(), |i| at + i + 1);
                if !text[at..next].trim().is_empty() {
                    return &text[..next];
                }
                at = next;
            }
            return &text[..end];
        }
        pos = end;
    }
    text
}
