//! A place in a file that an editor request answers with (definition,
//! references): kept apart from the features that make it, so they can
//! name it without naming each other.

use crate::syntax::tree::FileId;
use std::ops::Range;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    pub file: FileId,
    pub range: Range<usize>,
}
