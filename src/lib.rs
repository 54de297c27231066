//! docs-lsp: analysis and language server for docs.json documentation sites.
//!
//! Layers (see ARCHITECTURE.md): `text` and `syntax` read; `schema` is data;
//! `model` builds typed views; `workspace` does file I/O; `ide` answers
//! questions as plain data; `lsp` alone speaks the protocol; `assistant` talks
//! to the assistant endpoint.

pub mod assistant;
pub mod diagnostics;
pub mod syntax;
pub mod text;
