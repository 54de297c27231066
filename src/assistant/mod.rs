//! Client for the documentation assistant's message endpoint.
//!
//! `stream` decodes the answer stream, `client` sends a question and drives
//! the stream, `cli` is the `docs-lsp ask` command. Nothing here knows about
//! LSP: the language server maps its settings onto [`client::AssistantSettings`].

pub mod cli;
pub mod client;
pub mod error;
pub mod stream;
