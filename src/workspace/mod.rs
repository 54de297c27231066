//! The file system side: finding docs roots, reading their files into a
//! [`crate::model::site::Site`] snapshot. The only layer (with `assistant`)
//! that does I/O.

pub mod bodies;
pub mod file_bytes;
pub mod git;
pub mod git_history;
pub mod kept_text;
pub mod load;
pub mod shared_indexes;
pub mod since;
pub mod suppress;
pub mod translation_sources;
