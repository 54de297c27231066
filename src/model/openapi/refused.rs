//! Why the platform refuses a spec, placed in its file: a repeated key
//! (js-yaml), a Swagger 2.0 document, or a [`acceptance::Refusal`] located by
//! its path.

use super::acceptance;
use crate::syntax::tree::{FileId, Node};
use crate::syntax::{SyntaxError, json};
use std::ops::Range;

/// Where and why the platform refuses a spec.
#[derive(Debug, Clone, PartialEq)]
pub struct Refused {
    /// In the spec file.
    pub range: Range<usize>,
    /// 1-based, for messages shown elsewhere.
    pub line: usize,
    pub message: String,
}

pub(super) fn refused(text: &str, e: SyntaxError) -> Refused {
    let at = e.range.start.min(text.len());
    Refused {
        line: 1 + memchr::memchr_iter(b'\n', &text.as_bytes()[..at]).count(),
        range: e.range,
        message: e.message,
    }
}

/// A Swagger 2.0 document: the platform's prebuild takes only files with a
/// top-level `openapi` key for specs, so a reference to this one finds none.
pub(super) fn swagger(tree: &Node) -> Option<SyntaxError> {
    let p = tree
        .prop("swagger")
        .filter(|_| tree.get("openapi").is_none())?;
    Some(SyntaxError {
        range: p.key_range.clone(),
        message: "a Swagger 2.0 document: the platform reads only OpenAPI 3 specs (a top-level `openapi` key)".into(),
    })
}

/// A refusal placed in its file's `tree`.
pub(super) fn place(tree: &Node, r: acceptance::Refusal) -> SyntaxError {
    let at = acceptance::show_path(&r.path);
    SyntaxError {
        range: locate(tree, &r.path, r.at_key),
        message: if at.is_empty() {
            r.message
        } else {
            format!("`{at}`: {}", r.message)
        },
    }
}

/// The first key an object of `tree` repeats (js-yaml 4: "duplicated
/// mapping key"), at its second occurrence.
pub(super) fn repeated_key(tree: &Node) -> Option<SyntaxError> {
    let mut found = None;
    tree.walk(|n| {
        if found.is_some() {
            return;
        }
        let props = n.props();
        for (i, p) in props.iter().enumerate() {
            if p.key != "<<" && props[..i].iter().any(|q| q.key == p.key) {
                found = Some(SyntaxError {
                    range: p.key_range.clone(),
                    message: format!("`{}` is repeated in this object: js-yaml, which the platform reads specs with, refuses a duplicated key", p.key),
                });
                return;
            }
        }
    });
    found
}

/// [`repeated_key`] of a JSON text, its path known.
pub(super) fn duplicate(file: FileId, text: &str, path: &[acceptance::SpecPathSeg]) -> SyntaxError {
    let key = match path.last() {
        Some(acceptance::SpecPathSeg::Key(k)) => k.as_str(),
        _ => "",
    };
    let range = json::parse(file, text)
        .root
        .as_deref()
        .map(|root| {
            let parent = locate_node(root, &path[..path.len().saturating_sub(1)]);
            parent
                .props()
                .iter()
                .filter(|p| p.key == key)
                .nth(1)
                .map_or(parent.range.clone(), |p| p.key_range.clone())
        })
        .unwrap_or(0..0);
    SyntaxError {
        range,
        message: format!(
            "`{key}` is repeated in this object: js-yaml, which the platform reads specs with, refuses a duplicated key"
        ),
    }
}

/// The node at `path` (as far as it goes).
fn locate_node<'a>(tree: &'a Node, path: &[acceptance::SpecPathSeg]) -> &'a Node {
    let mut cur = tree;
    for s in path {
        let next = match s {
            acceptance::SpecPathSeg::Key(k) => cur.get(k),
            acceptance::SpecPathSeg::Index(i) => cur.items().get(*i),
        };
        match next {
            Some(n) => cur = n,
            None => break,
        }
    }
    cur
}

/// Where a refusal at `path` is shown: the value, or its key.
fn locate(tree: &Node, path: &[acceptance::SpecPathSeg], at_key: bool) -> Range<usize> {
    if at_key && let Some(acceptance::SpecPathSeg::Key(k)) = path.last() {
        let parent = locate_node(tree, &path[..path.len() - 1]);
        if let Some(p) = parent.prop(k) {
            return p.key_range.clone();
        }
    }
    let n = locate_node(tree, path);
    // A whole object or list: its first line is enough.
    if n.is_object() || n.is_array() {
        return n.range.start..n.range.start + 1;
    }
    n.range.clone()
}
