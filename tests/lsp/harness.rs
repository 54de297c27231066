//! An in-process LSP client for the real `Backend`: the service runs behind
//! `tower_lsp_server::Server` over an in-memory duplex pipe, and a client
//! task speaks JSON-RPC with Content-Length framing. The client answers the
//! server's requests, records every message the server sends, and a test
//! fails on a server request it does not know, on an unanswered request of
//! ours, on a server task that panicked, or on a server that does not exit.

#![allow(dead_code)] // each test module uses a different part

use std::collections::HashMap;
use std::future::Future;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicI64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use docs_lsp::lsp::server::Backend;
use docs_lsp::lsp::world::World;
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader, DuplexStream, WriteHalf};
use tokio::sync::{Notify, oneshot};
use tokio::task::JoinHandle;
use tower_lsp_server::ls_types::{ClientCapabilities, Uri};

/// Generous: the machine is slow and busy; no test asserts a duration.
pub const TIMEOUT: Duration = Duration::from_secs(60);

// ---------------------------------------------------------------------------
// Running a test: a runtime of its own whose threads carry a unique name, so
// a panic on any server thread (a spawned task, a blocking analysis) is
// attributed to this test and fails it.

static PANICS: OnceLock<Mutex<Vec<(String, String)>>> = OnceLock::new();
static RUNTIMES: AtomicUsize = AtomicUsize::new(0);
const THREAD_PREFIX: &str = "lsp-harness-";

fn panics() -> &'static Mutex<Vec<(String, String)>> {
    PANICS.get_or_init(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let name = std::thread::current().name().unwrap_or("").to_string();
            if name.starts_with(THREAD_PREFIX) {
                let msg = format!("{info}");
                if let Some(p) = PANICS.get() {
                    p.lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push((name, msg));
                }
            }
            previous(info);
        }));
        Mutex::new(Vec::new())
    })
}

/// Runs an async test on its own runtime; fails if a server thread panicked.
pub fn run<F: Future<Output = ()>>(f: F) {
    panics();
    let n = RUNTIMES.fetch_add(1, Ordering::SeqCst);
    let name = format!("{THREAD_PREFIX}{n}-");
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name(name.clone())
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(f);
    rt.shutdown_timeout(Duration::from_secs(10));
    let mine: Vec<_> = panics()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .filter(|(t, _)| t == &name)
        .cloned()
        .collect();
    assert!(mine.is_empty(), "server threads panicked: {mine:#?}");
}

// ---------------------------------------------------------------------------

#[derive(Default)]
pub struct State {
    /// Every message the server sent, in order (requests, responses,
    /// notifications), as parsed JSON.
    pub all: Vec<Value>,
    /// Raw bytes of every frame the server sent (for secret scans).
    pub raw: Vec<u8>,
    /// Notifications: (method, params).
    pub notifications: Vec<(String, Value)>,
    /// Latest `publishDiagnostics` params per URI.
    pub diagnostics: HashMap<String, Value>,
    /// Server requests: (method, params).
    pub server_requests: Vec<(String, Value)>,
    /// Server requests the client did not know how to answer.
    pub unexpected: Vec<Value>,
    /// Frames that did not parse.
    pub garbage: Vec<String>,
}

type Pending = Arc<Mutex<HashMap<i64, oneshot::Sender<Value>>>>;

pub struct Harness {
    writer: Arc<tokio::sync::Mutex<WriteHalf<DuplexStream>>>,
    next_id: AtomicI64,
    pending: Pending,
    pub state: Arc<Mutex<State>>,
    changed: Arc<Notify>,
    serve: Option<JoinHandle<()>>,
    reader: Option<JoinHandle<()>>,
    pub root: PathBuf,
    pub init_result: Value,
    versions: Mutex<HashMap<String, i32>>,
    closed: bool,
    /// The server's state, for timing-free counters (analyses per site).
    pub world: Arc<World>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

pub fn uri(path: &Path) -> String {
    Uri::from_file_path(path)
        .expect("absolute path")
        .as_str()
        .to_string()
}

/// Copies `src` (a fixture site, relative to the crate) into a new tempdir.
pub fn copy_site(src: &str) -> tempfile::TempDir {
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join(src);
    let dir = tempfile::tempdir().expect("tempdir");
    copy_dir(&from, dir.path());
    dir
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let p = e.path();
        if e.file_type().unwrap().is_dir() {
            copy_dir(&p, &to.join(e.file_name()));
        } else {
            std::fs::copy(&p, to.join(e.file_name())).unwrap();
        }
    }
}

/// A canonical root path (tempdirs may sit behind a symlink).
pub fn canonical(p: &Path) -> PathBuf {
    std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf())
}

async fn read_frame<R: tokio::io::AsyncBufRead + Unpin>(r: &mut R) -> Option<Vec<u8>> {
    let mut len = None;
    loop {
        let mut line = String::new();
        if r.read_line(&mut line).await.ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some((k, v)) = line.split_once(':')
            && k.eq_ignore_ascii_case("content-length")
        {
            len = v.trim().parse::<usize>().ok();
        }
    }
    let mut buf = vec![0; len?];
    r.read_exact(&mut buf).await.ok()?;
    Some(buf)
}

async fn write_frame(w: &tokio::sync::Mutex<WriteHalf<DuplexStream>>, v: &Value) {
    let body = serde_json::to_vec(v).unwrap();
    let mut w = w.lock().await;
    let head = format!("Content-Length: {}\r\n\r\n", body.len());
    // The server may be gone (a test of exit); the caller notices elsewhere.
    let _ = w.write_all(head.as_bytes()).await;
    let _ = w.write_all(&body).await;
    let _ = w.flush().await;
}

/// What the client answers to a server request, or None when it does not
/// know the method (the test then fails at shutdown).
fn answer(method: &str, params: &Value, settings: &Value) -> Option<Value> {
    match method {
        "workspace/configuration" => {
            let n = params["items"].as_array().map_or(1, |a| a.len());
            Some(Value::Array(vec![settings.clone(); n]))
        }
        "client/registerCapability"
        | "client/unregisterCapability"
        | "window/workDoneProgress/create" => Some(Value::Null),
        "window/showDocument" => Some(json!({ "success": true })),
        // The action whose title the test's settings name (as a user
        // clicking it), else none (the prompt dismissed).
        "window/showMessageRequest" => Some(
            params["actions"]
                .as_array()
                .and_then(|a| {
                    a.iter()
                        .find(|x| x["title"] == settings["harness"]["choose"])
                        .cloned()
                })
                .unwrap_or(Value::Null),
        ),
        "workspace/applyEdit" => Some(json!({ "applied": true })),
        "workspace/diagnostic/refresh"
        | "workspace/semanticTokens/refresh"
        | "workspace/codeLens/refresh"
        | "workspace/inlayHint/refresh" => Some(Value::Null),
        _ => None,
    }
}

impl Harness {
    /// Starts the server on `workspace`, runs `initialize` and `initialized`,
    /// and waits for the initial indexing to finish (its progress `end`).
    pub async fn start(workspace: &Path, init_options: Value, caps: ClientCapabilities) -> Harness {
        let h = Harness::start_indexing(workspace, init_options, caps).await;
        h.wait_progress_end("docs-lsp/index").await;
        h
    }

    /// Like [`Harness::start`], but returns as soon as `initialized` is
    /// sent, while the server is still indexing.
    pub async fn start_indexing(
        workspace: &Path,
        init_options: Value,
        caps: ClientCapabilities,
    ) -> Harness {
        let root = canonical(workspace);
        let world_slot: Arc<Mutex<Option<Arc<World>>>> = Arc::default();
        let (service, socket) = {
            let slot = world_slot.clone();
            docs_lsp::lsp::service(move |client| {
                let b = Backend::new(client);
                *lock(&slot) = Some(b.world.clone());
                b
            })
        };
        let (client_io, server_io) = tokio::io::duplex(1 << 20);
        let (sr, sw) = tokio::io::split(server_io);
        let serve = tokio::spawn(docs_lsp::lsp::serve(sr, sw, service, socket));
        let (cr, cw) = tokio::io::split(client_io);
        let writer = Arc::new(tokio::sync::Mutex::new(cw));
        let pending: Pending = Arc::default();
        let state: Arc<Mutex<State>> = Arc::default();
        let changed = Arc::new(Notify::new());
        let settings = init_options.clone();
        let reader = {
            let (writer, pending, state, changed) = (
                writer.clone(),
                pending.clone(),
                state.clone(),
                changed.clone(),
            );
            tokio::spawn(async move {
                let mut r = BufReader::new(cr);
                while let Some(frame) = read_frame(&mut r).await {
                    let msg: Value = match serde_json::from_slice(&frame) {
                        Ok(v) => v,
                        Err(_) => {
                            lock(&state)
                                .garbage
                                .push(String::from_utf8_lossy(&frame).into_owned());
                            continue;
                        }
                    };
                    {
                        let mut s = lock(&state);
                        s.raw.extend_from_slice(&frame);
                        s.raw.push(b'\n');
                        s.all.push(msg.clone());
                    }
                    let method = msg.get("method").and_then(Value::as_str).map(String::from);
                    let id = msg.get("id").cloned().filter(|i| !i.is_null());
                    match (method, id) {
                        (Some(m), Some(id)) => {
                            let params = msg.get("params").cloned().unwrap_or(Value::Null);
                            lock(&state)
                                .server_requests
                                .push((m.clone(), params.clone()));
                            let reply = match answer(&m, &params, &settings) {
                                Some(result) => {
                                    json!({"jsonrpc": "2.0", "id": id, "result": result})
                                }
                                None => {
                                    lock(&state).unexpected.push(msg.clone());
                                    json!({"jsonrpc": "2.0", "id": id,
                                        "error": {"code": -32601, "message": "not in the harness"}})
                                }
                            };
                            write_frame(&writer, &reply).await;
                        }
                        (Some(m), None) => {
                            let params = msg.get("params").cloned().unwrap_or(Value::Null);
                            let mut s = lock(&state);
                            if m == "textDocument/publishDiagnostics"
                                && let Some(u) = params["uri"].as_str()
                            {
                                s.diagnostics.insert(u.to_string(), params.clone());
                            }
                            s.notifications.push((m, params));
                        }
                        (None, Some(id)) => {
                            if let Some(tx) = id.as_i64().and_then(|i| lock(&pending).remove(&i)) {
                                let _ = tx.send(msg);
                            } else {
                                lock(&state)
                                    .garbage
                                    .push(format!("response to nothing: {msg}"));
                            }
                        }
                        (None, None) => lock(&state).garbage.push(msg.to_string()),
                    }
                    changed.notify_waiters();
                }
                changed.notify_waiters();
            })
        };
        let mut h = Harness {
            writer,
            next_id: AtomicI64::new(1),
            pending,
            state,
            changed,
            serve: Some(serve),
            reader: Some(reader),
            root: root.clone(),
            init_result: Value::Null,
            versions: Mutex::default(),
            closed: false,
            world: lock(&world_slot)
                .take()
                .expect("the service built its backend"),
        };
        let root_uri = uri(&root);
        let init = h
            .request(
                "initialize",
                json!({
                    "processId": null,
                    "rootUri": root_uri,
                    "workspaceFolders": [{"uri": root_uri, "name": "ws"}],
                    "capabilities": serde_json::to_value(&caps).unwrap(),
                    "initializationOptions": init_options,
                }),
            )
            .await
            .expect("initialize succeeds");
        h.init_result = init;
        h.notify("initialized", json!({})).await;
        h
    }

    /// A client offering nothing special (UTF-16 positions).
    pub async fn start_default(workspace: &Path) -> Harness {
        Harness::start(workspace, json!({}), ClientCapabilities::default()).await
    }

    pub async fn request(&self, method: &str, params: Value) -> Result<Value, Value> {
        let id = self.next_id.fetch_add(1, Ordering::SeqCst);
        let (tx, rx) = oneshot::channel();
        lock(&self.pending).insert(id, tx);
        write_frame(
            &self.writer,
            &json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}),
        )
        .await;
        let msg = tokio::time::timeout(TIMEOUT, rx)
            .await
            .unwrap_or_else(|_| panic!("no response to {method} within {TIMEOUT:?}"))
            .unwrap_or_else(|_| panic!("connection closed before the response to {method}"));
        match msg.get("error") {
            Some(e) => Err(e.clone()),
            None => Ok(msg.get("result").cloned().unwrap_or(Value::Null)),
        }
    }

    pub async fn notify(&self, method: &str, params: Value) {
        write_frame(
            &self.writer,
            &json!({"jsonrpc": "2.0", "method": method, "params": params}),
        )
        .await;
    }

    pub fn path(&self, rel: &str) -> PathBuf {
        self.root.join(rel)
    }

    pub fn uri(&self, rel: &str) -> String {
        uri(&self.path(rel))
    }

    /// Opens `rel` (relative to the workspace) with `text`; returns its URI.
    pub async fn open(&self, rel: &str, text: &str) -> String {
        let u = self.uri(rel);
        let lang = if rel.ends_with(".json") {
            "jsonc"
        } else if rel.ends_with(".yaml") || rel.ends_with(".yml") {
            "yaml"
        } else {
            "mdx"
        };
        lock(&self.versions).insert(u.clone(), 1);
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": u, "languageId": lang, "version": 1, "text": text}}),
        )
        .await;
        u
    }

    /// Opens `rel` with its text on disk.
    pub async fn open_disk(&self, rel: &str) -> String {
        let text = std::fs::read_to_string(self.path(rel)).expect("file on disk");
        self.open(rel, &text).await
    }

    /// Sends `changes` as the next version of `uri`; returns that version.
    pub async fn change(&self, uri: &str, changes: Vec<Value>) -> i32 {
        let version = {
            let mut v = lock(&self.versions);
            let e = v.entry(uri.to_string()).or_insert(1);
            *e += 1;
            *e
        };
        self.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": changes}),
        )
        .await;
        version
    }

    pub fn version(&self, uri: &str) -> Option<i32> {
        lock(&self.versions).get(uri).copied()
    }

    /// Waits until the condition over the recorded state holds.
    pub async fn wait_for<T>(&self, what: &str, mut f: impl FnMut(&State) -> Option<T>) -> T {
        let deadline = tokio::time::Instant::now() + TIMEOUT;
        loop {
            let notified = self.changed.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            if let Some(t) = f(&lock(&self.state)) {
                return t;
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                let s = lock(&self.state);
                let last: Vec<_> = s.notifications.iter().rev().take(8).collect();
                panic!("timed out waiting for {what}; last notifications: {last:#?}");
            }
        }
    }

    /// The latest diagnostics pushed for `uri` once `pred` holds for them.
    pub async fn wait_diagnostics(
        &self,
        uri: &str,
        mut pred: impl FnMut(&[Value], Option<i64>) -> bool,
    ) -> Vec<Value> {
        self.wait_for(&format!("diagnostics for {uri}"), |s| {
            let p = s.diagnostics.get(uri)?;
            let diags = p["diagnostics"].as_array().cloned().unwrap_or_default();
            pred(&diags, p["version"].as_i64()).then_some(diags)
        })
        .await
    }

    /// Diagnostics pushed for the current version of an open document.
    pub async fn wait_current_diagnostics(&self, uri: &str) -> Vec<Value> {
        let v = self.version(uri).map(i64::from);
        self.wait_diagnostics(uri, |_, pv| pv == v).await
    }

    pub async fn wait_progress_end(&self, token: &str) {
        self.wait_for(&format!("$/progress end of {token}"), |s| {
            s.notifications
                .iter()
                .any(|(m, p)| {
                    m == "$/progress" && p["token"] == token && p["value"]["kind"] == "end"
                })
                .then_some(())
        })
        .await
    }

    /// Waits for a notification `method` whose params satisfy `pred`.
    pub async fn wait_notification(&self, method: &str, pred: impl Fn(&Value) -> bool) -> Value {
        self.wait_for(&format!("notification {method}"), |s| {
            s.notifications
                .iter()
                .find(|(m, p)| m == method && pred(p))
                .map(|(_, p)| p.clone())
        })
        .await
    }

    pub fn notifications(&self, method: &str) -> Vec<Value> {
        lock(&self.state)
            .notifications
            .iter()
            .filter(|(m, _)| m == method)
            .map(|(_, p)| p.clone())
            .collect()
    }

    pub fn server_requests(&self, method: &str) -> Vec<Value> {
        lock(&self.state)
            .server_requests
            .iter()
            .filter(|(m, _)| m == method)
            .map(|(_, p)| p.clone())
            .collect()
    }

    /// Everything the server sent so far, as text.
    pub fn raw_text(&self) -> String {
        String::from_utf8_lossy(&lock(&self.state).raw).into_owned()
    }

    /// `shutdown`, then `exit`; fails on anything left over: a server request
    /// the client could not answer, a request of ours without a response,
    /// an unparsable frame, a server that does not stop, a panicked task.
    pub async fn shutdown(mut self) {
        let r = self.request("shutdown", Value::Null).await;
        assert_eq!(r, Ok(Value::Null), "shutdown answers null");
        self.notify("exit", Value::Null).await;
        self.closed = true;
        // The server ends its loop on `exit`; closing our write side also ends it.
        let _ = self.writer.lock().await.shutdown().await;
        let serve = self.serve.take().unwrap();
        match tokio::time::timeout(TIMEOUT, serve).await {
            Err(_) => panic!("the server did not stop after exit"),
            Ok(Err(e)) => panic!("the server task failed: {e}"),
            Ok(Ok(())) => {}
        }
        if let Some(r) = self.reader.take() {
            let _ = tokio::time::timeout(TIMEOUT, r).await;
        }
        self.check();
    }

    fn check(&self) {
        let s = lock(&self.state);
        assert!(
            s.unexpected.is_empty(),
            "server requests the harness could not answer: {:#?}",
            s.unexpected
        );
        assert!(s.garbage.is_empty(), "bad frames: {:#?}", s.garbage);
        let left: Vec<i64> = lock(&self.pending).keys().copied().collect();
        assert!(left.is_empty(), "requests without a response: {left:?}");
        let internal: Vec<&Value> = s
            .all
            .iter()
            .filter(|m| {
                m["error"]["message"]
                    .as_str()
                    .is_some_and(|e| e.contains("internal error"))
            })
            .collect();
        assert!(
            internal.is_empty(),
            "internal errors (panics): {internal:#?}"
        );
    }
}

impl Drop for Harness {
    fn drop(&mut self) {
        if !self.closed && !std::thread::panicking() {
            panic!("a test must end with Harness::shutdown()");
        }
    }
}

/// Client capabilities of a client that takes pushed diagnostics (it may
/// still pull), optionally offering UTF-8 positions (and progress,
/// showDocument).
pub fn caps(utf8: bool) -> ClientCapabilities {
    let mut v = json!({
        "window": {"workDoneProgress": true, "showDocument": {"support": true}},
        "workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true}, "configuration": true},
    });
    if utf8 {
        v["general"] = json!({"positionEncodings": ["utf-8", "utf-16"]});
    }
    serde_json::from_value(v).unwrap()
}

/// A client that pulls diagnostics and accepts refresh requests, as VS Code.
pub fn pulling_caps() -> ClientCapabilities {
    serde_json::from_value(json!({
        "window": {"workDoneProgress": true},
        "textDocument": {"diagnostic": {"dynamicRegistration": false}},
        "workspace": {
            "didChangeWatchedFiles": {"dynamicRegistration": true},
            "configuration": true,
            "diagnostics": {"refreshSupport": true},
        },
    }))
    .unwrap()
}

pub fn pos(line: u32, character: u32) -> Value {
    json!({"line": line, "character": character})
}

pub fn range(l1: u32, c1: u32, l2: u32, c2: u32) -> Value {
    json!({"start": pos(l1, c1), "end": pos(l2, c2)})
}

/// The position of byte `offset` of `text` in LSP terms (lines end at `\n`;
/// the text never holds a lone `\r`).
pub fn position_of(text: &str, offset: usize, utf8: bool) -> Value {
    let before = &text[..offset];
    let line = before.matches('\n').count() as u32;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    let seg = &text[start..offset];
    let col = if utf8 {
        seg.len()
    } else {
        seg.encode_utf16().count()
    };
    pos(line, col as u32)
}

/// Position of the first occurrence of `needle` in `text` (plus `delta` bytes).
pub fn find_pos(text: &str, needle: &str, delta: usize, utf8: bool) -> Value {
    let i = text
        .find(needle)
        .unwrap_or_else(|| panic!("{needle:?} in text"))
        + delta;
    position_of(text, i, utf8)
}
