//! A panic in any message handler answers that message with an internal
//! error instead of ending the server. (The same wrapper also tells
//! [`super::serve`] when `exit` has been handled.)
//!
//! tower-lsp-server runs handlers inside the futures its `Server` polls; a
//! panic there unwinds through the message loop and the editor loses the
//! server (and with it every unsaved diagnostic and completion). Work that
//! runs on blocking threads already turns panics into errors
//! (`backend::blocking`); this layer covers everything else: the synchronous
//! part of a handler, its async glue, and notifications.

use futures::FutureExt;
use futures::future::BoxFuture;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::task::{Context, Poll};
use tokio::sync::Notify;
use tower::Service;
use tower_lsp_server::jsonrpc::{Error, Id, Request, Response};

/// Wraps the LSP service; see the module docs.
pub struct CatchPanic<S> {
    inner: S,
    exited: Arc<Notify>,
}

impl<S> CatchPanic<S> {
    /// `exited` is notified once an `exit` notification has been handled.
    pub fn new(inner: S, exited: Arc<Notify>) -> Self {
        CatchPanic { inner, exited }
    }
}

impl<S> Service<Request> for CatchPanic<S>
where
    S: Service<Request, Response = Option<Response>>,
    S::Future: Send + 'static,
    S::Error: Send + 'static,
{
    type Response = Option<Response>;
    type Error = S::Error;
    type Future = BoxFuture<'static, Result<Option<Response>, S::Error>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: Request) -> Self::Future {
        let id = req.id().cloned();
        let method = req.method().to_owned();
        // Unwind safety: after a panic the server goes on with whatever
        // state the handler left. Its shared state sits behind
        // poison-tolerant locks and is replaced whole on each change, so a
        // half-done handler leaves nothing half-written for the next one.
        let exited = (method == "exit").then(|| self.exited.clone());
        let fut = match std::panic::catch_unwind(AssertUnwindSafe(|| self.inner.call(req))) {
            Err(payload) => futures::future::ready(Ok(answer(id, &method, payload))).boxed(),
            Ok(fut) => AssertUnwindSafe(fut)
                .catch_unwind()
                .map(move |r| r.unwrap_or_else(|payload| Ok(answer(id, &method, payload))))
                .boxed(),
        };
        match exited {
            None => fut,
            Some(exited) => fut.inspect(move |_| exited.notify_one()).boxed(),
        }
    }
}

/// The error answer for a request (a notification gets none). The panic
/// message itself went to stderr (the editor's log) through the panic hook.
fn answer(
    id: Option<Id>,
    method: &str,
    payload: Box<dyn std::any::Any + Send>,
) -> Option<Response> {
    let what = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".into());
    eprintln!("docs-lsp: {method} failed: {what}; the server goes on");
    let id = id?;
    let mut err = Error::internal_error();
    err.message = format!("docs-lsp internal error in {method}: {what}").into();
    Some(Response::from_error(id, err))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::future::Future;
    use std::pin::Pin;
    use tower_lsp_server::jsonrpc::ErrorCode;

    /// Panics on `boom` (in `call`), `later` (in the future), answers
    /// anything else with `null`.
    struct Fragile;

    impl Service<Request> for Fragile {
        type Response = Option<Response>;
        type Error = std::convert::Infallible;
        type Future =
            Pin<Box<dyn Future<Output = Result<Option<Response>, Self::Error>> + Send + 'static>>;

        fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
            Poll::Ready(Ok(()))
        }

        fn call(&mut self, req: Request) -> Self::Future {
            assert_ne!(req.method(), "boom", "panicked in call");
            let id = req.id().cloned();
            let later = req.method() == "later";
            Box::pin(async move {
                tokio::task::yield_now().await;
                assert!(!later, "panicked in the future");
                Ok(id.map(|id| Response::from_ok(id, serde_json::Value::Null)))
            })
        }
    }

    fn request(method: &'static str, id: Option<i64>) -> Request {
        let b = Request::build(method);
        match id {
            Some(id) => b.id(id).finish(),
            None => b.finish(),
        }
    }

    #[tokio::test]
    async fn a_panicking_handler_answers_an_error_and_the_next_is_served() {
        let mut s = CatchPanic::new(Fragile, Arc::default());
        for (method, at) in [("boom", "in call"), ("later", "in the future")] {
            let r = s.call(request(method, Some(1))).await.unwrap().unwrap();
            let (id, result) = r.into_parts();
            assert_eq!(id, Id::Number(1));
            let e = result.expect_err("an error answer");
            assert_eq!(e.code, ErrorCode::InternalError);
            assert!(
                e.message.contains(method) && e.message.contains(at),
                "{e:?}"
            );
        }
        // A notification that panics gets no answer.
        assert_eq!(s.call(request("later", None)).await.unwrap(), None);
        // And the service goes on.
        let r = s.call(request("fine", Some(2))).await.unwrap().unwrap();
        assert!(r.is_ok());
    }
}
