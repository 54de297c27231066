//! What an edit of the workspace is made of, as plain data: text edits,
//! created and renamed files. Below the features that make them (renames,
//! quick fixes), so none of them names another for it.

use crate::syntax::tree::FileId;
use std::ops::Range;

/// Replace `range` of `file` with `new_text`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileEdit {
    pub file: FileId,
    pub range: Range<usize>,
    pub new_text: String,
}

/// One change of a workspace edit. Paths are relative to the docs root.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    Edit(FileEdit),
    CreateFile { path: String, text: String },
    RenameFile { from: String, to: String },
}
