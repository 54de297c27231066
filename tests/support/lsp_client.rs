//! A minimal LSP client for in-process tests: the server runs over an
//! in-memory pipe; requests from the server are answered with `null`.
//! Included with `#[path]` by the tests that need it.

#![allow(dead_code)]

use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::sync::{mpsc, oneshot};

type Pending = Arc<Mutex<HashMap<i64, oneshot::Sender<Value>>>>;

pub struct Client {
    /// Every message the server sent, as received.
    pub received: Arc<Mutex<Vec<String>>>,
    out: mpsc::UnboundedSender<Value>,
    pending: Pending,
    next: i64,
}

impl Client {
    pub fn start() -> (Client, Arc<docs_lsp::lsp::world::World>) {
        let (client_end, server_end) = tokio::io::duplex(1 << 20);
        let (sr, sw) = tokio::io::split(server_end);
        let (cr, mut cw) = tokio::io::split(client_end);
        let (service, socket) = docs_lsp::lsp::service(docs_lsp::lsp::server::Backend::new);
        let world = service.inner().world.clone();
        tokio::spawn(docs_lsp::lsp::serve(sr, sw, service, socket));
        let (out, mut rx) = mpsc::unbounded_channel::<Value>();
        tokio::spawn(async move {
            while let Some(v) = rx.recv().await {
                let body = v.to_string();
                let msg = format!("Content-Length: {}\r\n\r\n{body}", body.len());
                if cw.write_all(msg.as_bytes()).await.is_err() {
                    break;
                }
            }
        });
        let pending: Pending = Default::default();
        let p = pending.clone();
        let received: Arc<Mutex<Vec<String>>> = Default::default();
        let rec = received.clone();
        let reply = out.clone();
        tokio::spawn(async move {
            let mut r = BufReader::new(cr);
            loop {
                let mut len = 0usize;
                loop {
                    let mut line = String::new();
                    if r.read_line(&mut line).await.unwrap_or(0) == 0 {
                        return;
                    }
                    let line = line.trim_end();
                    if line.is_empty() {
                        break;
                    }
                    if let Some(n) = line.strip_prefix("Content-Length: ") {
                        len = n.parse().unwrap();
                    }
                }
                let mut body = vec![0u8; len];
                if r.read_exact(&mut body).await.is_err() {
                    return;
                }
                rec.lock()
                    .unwrap()
                    .push(String::from_utf8_lossy(&body).into_owned());
                let v: Value = serde_json::from_slice(&body).unwrap();
                match (v.get("id").and_then(Value::as_i64), v.get("method")) {
                    // A request from the server: answer it with null.
                    (_, Some(_)) if v.get("id").is_some() => {
                        let _ = reply.send(json!({"jsonrpc":"2.0","id":v["id"],"result":null}));
                    }
                    (Some(id), None) => {
                        if let Some(tx) = p.lock().unwrap().remove(&id) {
                            let _ = tx.send(v);
                        }
                    }
                    _ => {}
                }
            }
        });
        (
            Client {
                received,
                out,
                pending,
                next: 1,
            },
            world,
        )
    }

    pub async fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next;
        self.next += 1;
        let (tx, rx) = oneshot::channel();
        self.pending.lock().unwrap().insert(id, tx);
        self.out
            .send(json!({"jsonrpc":"2.0","id":id,"method":method,"params":params}))
            .unwrap();
        tokio::time::timeout(std::time::Duration::from_secs(30), rx)
            .await
            .expect("an answer within 30 s")
            .unwrap()
    }

    /// Send a request without waiting: its id and the answer to come.
    pub fn send(&mut self, method: &str, params: Value) -> (i64, oneshot::Receiver<Value>) {
        let id = self.next;
        self.next += 1;
        let (tx, rx) = oneshot::channel();
        self.pending.lock().unwrap().insert(id, tx);
        self.out
            .send(json!({"jsonrpc":"2.0","id":id,"method":method,"params":params}))
            .unwrap();
        (id, rx)
    }

    pub fn notify(&self, method: &str, params: Value) {
        self.out
            .send(json!({"jsonrpc":"2.0","method":method,"params":params}))
            .unwrap();
    }
}
