//! The protocol layer: the only code that knows LSP. Thin glue from
//! tower-lsp-server to the world state and the `ide` functions.

pub mod analysis_thread;
pub mod api;
pub mod assistant;
pub mod backend;
pub mod client_caps;
pub mod convert;
pub mod documents;
pub mod features;
pub mod file_events;
pub mod inbound_lens;
pub mod inlay_hints;
pub mod moves;
pub mod navigation_view;
pub mod notifications;
pub mod panics;
pub mod publish;
pub mod refactor;
pub mod server;
pub mod settings;
pub mod shown;
pub mod since;
pub mod translation_lens;
pub mod translations;
pub mod view_refresh;
pub mod world;

use std::sync::Arc;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::sync::Notify;
use tower_lsp_server::{ClientSocket, LspService, Server};

/// Serve LSP over stdin/stdout until the client exits.
pub async fn serve_stdio() {
    let (service, socket) = service(server::Backend::new);
    serve(tokio::io::stdin(), tokio::io::stdout(), service, socket).await;
}

/// The service around the backend `init` makes: the protocol's methods
/// and ours (`docsLsp/navigation`, `docsLsp/translations`). The binary and
/// the tests build it here.
pub fn service(
    init: impl FnOnce(tower_lsp_server::Client) -> server::Backend,
) -> (LspService<server::Backend>, ClientSocket) {
    LspService::build(init)
        .custom_method(navigation_view::METHOD, server::Backend::navigation)
        .custom_method(translations::METHOD, server::Backend::translations)
        .finish()
}

/// Serve LSP on a byte stream pair until the client sends `exit` (or
/// closes the input). The real binary and the tests go through here.
///
/// On `exit` serving ends at once. tower-lsp-server's own loop would first
/// wait for every handler still running, and one that awaits an answer
/// from the client (a progress token, a refresh) never gets it once the
/// input is no longer read: the server would hang after `exit` when the
/// client quit during indexing.
pub async fn serve<I, O>(
    input: I,
    output: O,
    service: LspService<server::Backend>,
    socket: ClientSocket,
) where
    I: AsyncRead + Unpin,
    O: AsyncWrite,
{
    let exited = Arc::new(Notify::new());
    let service = panics::CatchPanic::new(service, exited.clone());
    tokio::select! {
        () = Server::new(input, output, socket).serve(service) => {}
        () = exited.notified() => {}
    }
}
