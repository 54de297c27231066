//! A panic in a request's analysis work (everything `ide` does runs through
//! `lsp::server::blocking`) answers that request with an internal error; the
//! runtime, and so the server, goes on.

use docs_lsp::lsp::server::blocking;
use tower_lsp_server::jsonrpc::ErrorCode;

#[tokio::test]
async fn a_panic_in_blocking_work_is_an_error_answer() {
    let r: tower_lsp_server::jsonrpc::Result<u32> = blocking(|| panic!("boom in a handler")).await;
    let e = r.expect_err("the panic becomes an error");
    assert_eq!(e.code, ErrorCode::InternalError);
    assert!(e.message.contains("docs-lsp internal error"), "{e:?}");
    // The next request is served.
    assert_eq!(blocking(|| 7u32).await.unwrap(), 7);
}
