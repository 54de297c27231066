//! The YAML front matter block at the top of an `.mdx`/`.md` page.

use super::tree::{FileId, Node};
use super::{SyntaxError, yaml};
use std::ops::Range;

#[derive(Debug, Clone, Default)]
pub struct FrontMatter {
    /// Byte range of the YAML between the fences; `None` when the page has
    /// no front matter.
    pub body: Option<Range<usize>>,
    pub root: Option<Node>,
    pub errors: Vec<SyntaxError>,
}

/// Find and parse the front matter: a first line `---` (after an optional
/// BOM), up to the next line that is `---` or `...`.
pub fn parse(file: FileId, text: &str) -> FrontMatter {
    let start = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let rest = &text[start..];
    let first_end = rest.find('\n').unwrap_or(rest.len());
    if rest[..first_end].trim_end() != "---" {
        return FrontMatter::default();
    }
    let body_start = start + (first_end + 1).min(rest.len());
    let mut pos = body_start;
    let mut body_end = None;
    while pos < text.len() {
        let line_end = text[pos..].find('\n').map_or(text.len(), |i| pos + i);
        let line = text[pos..line_end].trim_end();
        if line == "---" || line == "..." {
            body_end = Some(pos);
            break;
        }
        pos = line_end + 1;
    }
    let Some(body_end) = body_end else {
        return FrontMatter {
            body: Some(body_start..text.len()),
            root: None,
            errors: vec![SyntaxError {
                range: start..start + 3,
                message: "front matter is not closed: add a line `---` after it".into(),
            }],
        };
    };
    let body = &text[body_start..body_end];
    if body.trim().is_empty() {
        return FrontMatter {
            body: Some(body_start..body_end),
            ..Default::default()
        };
    }
    let parsed = yaml::parse(file, body, body_start);
    FrontMatter {
        body: Some(body_start..body_end),
        root: parsed.root,
        errors: parsed.errors,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_block_and_offsets() {
        let text = "---\ntitle: Hi\n---\n# Body\n";
        let fm = parse(0, text);
        let t = fm.root.unwrap().get("title").unwrap().clone();
        assert_eq!(&text[t.range], "Hi");
        assert!(parse(0, "# no front matter").body.is_none());
        assert!(!parse(0, "---\ntitle: x\n").errors.is_empty());
    }
}
