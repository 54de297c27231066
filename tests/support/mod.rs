//! A tiny HTTP/1.1 server on 127.0.0.1 for the assistant client tests: it
//! records each request and plays a scripted reply, so failures such as a
//! stall or a cut stream can be staged byte by byte without the network.

#![allow(dead_code)] // each test binary uses a different part of it

pub mod git;
pub mod rng;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

pub const KEY: &str = "mint_dsc_SECRET0123456789abcdef";

#[derive(Debug, Clone)]
pub struct Recorded {
    pub method: String,
    pub path: String,
    /// Header names lowercased.
    pub headers: HashMap<String, String>,
    pub body: serde_json::Value,
}

/// One step of a scripted reply.
#[derive(Debug, Clone)]
pub enum Step {
    /// Status line and headers; `chunked` selects chunked transfer encoding,
    /// otherwise the body ends when the connection closes.
    Head {
        status: u16,
        headers: Vec<(String, String)>,
        chunked: bool,
    },
    /// Body bytes (one chunk when chunked).
    Body(Vec<u8>),
    Sleep(Duration),
    /// Writes the terminating chunk (chunked replies) and closes.
    End,
    /// Closes abruptly, without the terminating chunk.
    Cut,
    /// Never writes again (keeps the connection open for a long while).
    Hang,
}

pub fn head(status: u16) -> Step {
    Step::Head {
        status,
        headers: vec![
            ("content-type".into(), "text/event-stream".into()),
            ("x-vercel-ai-ui-message-stream".into(), "v1".into()),
        ],
        chunked: true,
    }
}

pub fn sse(json: &str) -> Step {
    Step::Body(format!("data: {json}\n\n").into_bytes())
}

pub fn fixture(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/streams")
        .join(name);
    std::fs::read(path).expect("fixture exists")
}

/// A whole successful reply streaming `bytes` in pieces of `piece` bytes.
pub fn stream_reply(bytes: &[u8], piece: usize) -> Vec<Step> {
    let mut steps = vec![head(200)];
    steps.extend(bytes.chunks(piece).map(|c| Step::Body(c.to_vec())));
    steps.push(Step::End);
    steps
}

/// A reply with `status`, a short body, and extra headers.
pub fn status_reply(status: u16, extra: &[(&str, &str)], body: &str) -> Vec<Step> {
    let mut headers = vec![("content-type".to_string(), "application/json".to_string())];
    headers.extend(extra.iter().map(|(k, v)| (k.to_string(), v.to_string())));
    vec![
        Step::Head {
            status,
            headers,
            chunked: false,
        },
        Step::Body(body.as_bytes().to_vec()),
        Step::End,
    ]
}

pub struct Server {
    pub addr: SocketAddr,
    pub requests: Arc<Mutex<Vec<Recorded>>>,
    /// When the first body byte of any reply was written.
    pub first_body_write: Arc<Mutex<Option<Instant>>>,
}

impl Server {
    pub fn base_url(&self) -> String {
        format!("http://{}", self.addr)
    }

    pub fn requests(&self) -> Vec<Recorded> {
        self.requests.lock().unwrap().clone()
    }
}

/// Starts a server that answers the n-th request (0-based) with `script(n)`.
pub async fn start<F>(script: F) -> Server
where
    F: Fn(usize, &Recorded) -> Vec<Step> + Send + Sync + 'static,
{
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let requests = Arc::new(Mutex::new(Vec::new()));
    let first_body_write = Arc::new(Mutex::new(None));
    let script = Arc::new(script);
    let (reqs, first) = (requests.clone(), first_body_write.clone());
    tokio::spawn(async move {
        let mut n = 0;
        // Bounded: no test sends more than a handful of requests.
        while n < 32 {
            let Ok((socket, _)) = listener.accept().await else {
                return;
            };
            let (reqs, first, script) = (reqs.clone(), first.clone(), script.clone());
            let index = n;
            n += 1;
            tokio::spawn(async move {
                handle(socket, index, reqs, first, script).await;
            });
        }
    });
    Server {
        addr,
        requests,
        first_body_write,
    }
}

async fn read_request(socket: &mut TcpStream) -> Option<Recorded> {
    let mut buf = Vec::new();
    let mut tmp = [0u8; 4096];
    let head_end = loop {
        if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break i + 4;
        }
        let n = socket.read(&mut tmp).await.ok()?;
        if n == 0 {
            return None;
        }
        buf.extend_from_slice(&tmp[..n]);
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).to_string();
    let mut lines = head.split("\r\n");
    let mut first = lines.next()?.split(' ');
    let method = first.next()?.to_string();
    let path = first.next()?.to_string();
    let headers: HashMap<String, String> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let len: usize = headers
        .get("content-length")
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let mut body = buf[head_end..].to_vec();
    while body.len() < len {
        let n = socket.read(&mut tmp).await.ok()?;
        if n == 0 {
            break;
        }
        body.extend_from_slice(&tmp[..n]);
    }
    let body = serde_json::from_slice(&body).unwrap_or(serde_json::Value::Null);
    Some(Recorded {
        method,
        path,
        headers,
        body,
    })
}

async fn handle<F>(
    mut socket: TcpStream,
    index: usize,
    reqs: Arc<Mutex<Vec<Recorded>>>,
    first: Arc<Mutex<Option<Instant>>>,
    script: Arc<F>,
) where
    F: Fn(usize, &Recorded) -> Vec<Step> + Send + Sync + 'static,
{
    let Some(request) = read_request(&mut socket).await else {
        return;
    };
    reqs.lock().unwrap().push(request.clone());
    let mut chunked = false;
    for step in script(index, &request) {
        let result = match step {
            Step::Head {
                status,
                headers,
                chunked: c,
            } => {
                chunked = c;
                let mut text = format!("HTTP/1.1 {status} Status\r\nconnection: close\r\n");
                for (k, v) in headers {
                    text.push_str(&format!("{k}: {v}\r\n"));
                }
                if chunked {
                    text.push_str("transfer-encoding: chunked\r\n");
                }
                text.push_str("\r\n");
                socket.write_all(text.as_bytes()).await
            }
            Step::Body(bytes) => {
                let mut out = Vec::new();
                if chunked {
                    out.extend_from_slice(format!("{:x}\r\n", bytes.len()).as_bytes());
                    out.extend_from_slice(&bytes);
                    out.extend_from_slice(b"\r\n");
                } else {
                    out = bytes;
                }
                first.lock().unwrap().get_or_insert_with(Instant::now);
                let r = socket.write_all(&out).await;
                let _ = socket.flush().await;
                r
            }
            Step::Sleep(d) => {
                tokio::time::sleep(d).await;
                Ok(())
            }
            Step::End => {
                if chunked {
                    let _ = socket.write_all(b"0\r\n\r\n").await;
                }
                let _ = socket.shutdown().await;
                return;
            }
            Step::Cut => {
                let _ = socket.shutdown().await;
                return;
            }
            Step::Hang => {
                tokio::time::sleep(Duration::from_secs(30)).await;
                return;
            }
        };
        if result.is_err() {
            return;
        }
    }
}
