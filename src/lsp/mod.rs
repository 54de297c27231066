//! The protocol layer: the only code that knows LSP. Thin glue from
//! tower-lsp-server to the world state and the `ide` functions.

pub mod assistant;
pub mod convert;
pub mod documents;
pub mod features;
pub mod panics;
pub mod publish;
pub mod refactor;
pub mod server;
pub mod world;

use tower_lsp_server::{LspService, Server};

/// Serve LSP over stdin/stdout until the client exits.
pub async fn serve_stdio() {
    let (service, socket) = LspService::new(server::Backend::new);
    Server::new(tokio::io::stdin(), tokio::io::stdout(), socket)
        .serve(panics::CatchPanic(service))
        .await;
}
