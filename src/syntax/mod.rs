//! Syntax: total readers (never fail, never panic) from text to a [`tree::Node`]
//! tree with byte ranges, plus the syntax errors found on the way.

pub mod cursor;
pub mod edit;
pub mod frontmatter;
pub mod json;
pub mod json_skim;
pub mod page;
pub mod reparse;
pub mod tree;
pub mod yaml;

use std::ops::Range;

/// A syntax error with the byte range it covers.
#[derive(Debug, Clone, PartialEq)]
pub struct SyntaxError {
    pub range: Range<usize>,
    pub message: String,
}

/// Deepest nesting any reader accepts. Real docs.json files nest about 15
/// levels and large specs under 60; anything deeper is hostile or broken and
/// would overflow the stack of a recursive reader.
pub const MAX_DEPTH: usize = 512;
