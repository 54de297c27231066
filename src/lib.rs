//! docs-lsp: analysis and language server for docs.json documentation sites.
//!
//! Layers (see ARCHITECTURE.md): `text` and `syntax` read; `schema` is data;
//! `model` builds typed views; `analysis` is the database of a snapshot
//! and its rules; `workspace` does file I/O; `ide` answers
//! questions as plain data; `lsp` alone speaks the protocol; `assistant` talks
//! to the assistant endpoint; `cli` runs the headless commands.

pub mod analysis;
pub mod assistant;
pub mod cli;
pub mod diagnostics;
pub mod ide;
pub mod lsp;
pub mod model;
pub mod schema;
pub mod syntax;
pub mod text;
pub mod timing;
pub mod workspace;
