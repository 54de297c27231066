//! Which schemas apply at a path of keys and indices: what completion and
//! hover ask.

use super::node::{AdditionalProperties, Schema};

/// One step down a value: an object key or an array index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PathSeg<'a> {
    Key(&'a str),
    Index(usize),
}

/// Schemas that apply at `path` below `schema`, following properties,
/// `additionalProperties`, items and `anyOf`. Each applicable schema comes
/// before its `anyOf` branches (the wrapper often carries the description);
/// no duplicates. Empty when nothing is known about the path.
pub fn schemas_at<'a>(schema: &'a Schema, path: &[PathSeg]) -> Vec<&'a Schema> {
    let mut current = schema.flatten();
    for seg in path {
        let mut next: Vec<&'a Schema> = Vec::new();
        for s in &current {
            let child = match seg {
                PathSeg::Key(k) => s.property(k).or(match s.additional_properties() {
                    AdditionalProperties::Schema(a) if s.property(k).is_none() => Some(a),
                    _ => None,
                }),
                PathSeg::Index(_) => s.items(),
            };
            for c in child.into_iter().flat_map(Schema::flatten) {
                if !c.is_never() && !next.iter().any(|n| std::ptr::eq(*n, c)) {
                    next.push(c);
                }
            }
        }
        current = next;
        if current.is_empty() {
            break;
        }
    }
    current
}
