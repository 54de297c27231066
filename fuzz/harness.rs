//! What each fuzz target checks, as plain functions of the input bytes.
//!
//! Shared by the cargo-fuzz targets (`fuzz/fuzz_targets/*.rs`) and by
//! `tests/fuzz_regressions.rs`, which replays every saved crashing input
//! through the same code, so a fixed crash stays fixed under `cargo test`.
//! Each function panics when a property fails.

#![allow(dead_code)]

use docs_lsp::analysis::{Analysis, analyze_after};
use docs_lsp::assistant::stream::{Answer, StreamEvent, StreamParser};
use docs_lsp::lsp::documents::Document;
use docs_lsp::model::openapi::SpecIndex;
use docs_lsp::model::site::{Site, SourceFile};
use docs_lsp::syntax::tree::FileId;
use docs_lsp::text::{Encoding, LineIndex};
use docs_lsp::workspace::load::kind_of;
use std::sync::Arc;
use tower_lsp_server::ls_types as lsp;

pub const TARGETS: &[&str] = &[
    "jsonc",
    "frontmatter",
    "yaml",
    "openapi",
    "stream",
    "edits",
    "lsp_bytes",
];

/// Run the target called `name` on `data`.
pub fn run(name: &str, data: &[u8]) {
    match name {
        "jsonc" => jsonc(data),
        "frontmatter" => frontmatter(data),
        "yaml" => yaml(data),
        "openapi" => openapi(data),
        "stream" => stream(data),
        "edits" => edits(data),
        "lsp_bytes" => lsp_bytes(data),
        _ => panic!("unknown fuzz target {name}"),
    }
}

fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

pub const DOCS_JSON: &str = r##"{"$schema":"https://mintlify.com/docs.json","theme":"mint","name":"F","colors":{"primary":"#0D9373"},"navigation":{"groups":[{"group":"G","pages":["index",{"group":"API","openapi":"api.yaml","pages":["GET /a"]}]}]}}"##;
/// A docs.json whose navigation versions are large enough that the
/// schema check keeps them across edits, one version a line (the edits'
/// positions reach the first 12 lines), with schema faults in them.
pub fn large_docs_json() -> String {
    let mut versions = Vec::new();
    for v in 0..10 {
        let fault = match v % 3 {
            0 => r#","icn":"book""#,
            1 => r#","hidden":"yes""#,
            _ => "",
        };
        let pages: Vec<String> = (0..300)
            .map(|p| match p % 50 {
                0 => r#""index""#.to_string(),
                1 => r#""GET /a""#.to_string(),
                _ => format!(r#""v{v}/page-{p}""#),
            })
            .collect();
        versions.push(format!(
            r#"{{"version":"v{v}"{fault},"groups":[{{"group":"G","openapi":"api.yaml","pages":[{}]}}]}}"#,
            pages.join(",")
        ));
    }
    format!(
        "{{\"$schema\":\"https://mintlify.com/docs.json\",\"theme\":\"mint\",\"name\":\"F\",\"colors\":{{\"primary\":\"#0D9373\"}},\"navigation\":{{\"versions\":[\n{}\n]}}}}\n",
        versions.join(",\n")
    )
}

pub const PAGE: &str = "---\ntitle: Index\ndescription: d\nopenapi: GET /a\n---\n\n# Hi\n";
pub const SPEC: &str = "openapi: 3.0.0\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    get: {responses: {'200': {description: ok}}}\n";

/// An analysed in-memory site; every file gets a fresh `SourceFile` (no cached parses).
pub fn site(files: &[(&str, &str)]) -> Analysis {
    docs_lsp::analysis::analyze_texts(files)
}

/// Ask the editor features something at a point derived from the text.
fn poke(a: &Analysis, file: FileId, text: &str) {
    let mut offset = text.len() / 2;
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    for o in [0, offset, text.len()] {
        let _ = docs_lsp::ide::completion::completions(a, file, text, o);
        let _ = docs_lsp::ide::hover::hover(a, file, text, o);
    }
    let _ = docs_lsp::ide::symbols::document_symbols(a, file);
    let _ = docs_lsp::ide::folding::folding_ranges(a, file, text);
}

/// docs.json: the reader, then the whole analysis of a site whose docs.json
/// is the input, and the editor features on it.
pub fn jsonc(data: &[u8]) {
    let t = text(data);
    let _ = docs_lsp::syntax::json::parse(0, &t);
    docs_lsp::syntax::json::assert_direct_agrees(&t);
    // Keystrokes read from the previous tree agree with a fresh parse.
    for k in 1..4 {
        let mut at = t.len() * k / 4;
        while !t.is_char_boundary(at) {
            at -= 1;
        }
        let mut typed = t.clone();
        typed.insert(at, 'x');
        docs_lsp::syntax::reparse::assert_reparse_agrees(&t, &typed);
        docs_lsp::syntax::reparse::assert_reparse_agrees(&typed, &t);
        // A quote or bracket typed there: the errors read from the edited
        // container alone are a fresh parse's.
        for c in ['"', '}', ':'] {
            let mut broken = t.clone();
            broken.insert(at, c);
            if docs_lsp::syntax::json::parse(0, &broken).root.is_none() {
                docs_lsp::syntax::reparse::assert_broken_agrees(&t, &broken, None);
            }
        }
    }
    // The cursor's questions: total, and the same answer whether the path
    // comes from the parse, from the tree recovered from the text, or the
    // whole text is taped.
    use docs_lsp::syntax::json::query::JsonTree;
    let tape = docs_lsp::syntax::json::tape::Tape::read(&t);
    let tree = docs_lsp::syntax::json::parse(0, &t).root;
    let recovered = docs_lsp::syntax::json::recover::recover(0, &t);
    for k in 0..=8 {
        let off = t.len() * k / 8;
        let whole = docs_lsp::syntax::json::query::cursor(&t, &tape, off);
        let parsed = (t.as_str(), tree.as_deref().map(JsonTree::parsed));
        assert_eq!(
            docs_lsp::syntax::json::query::cursor_for(&t, off, parsed),
            whole
        );
        if let Some(r) = &recovered {
            let from = (t.as_str(), Some(JsonTree::recovered(r)));
            assert_eq!(
                docs_lsp::syntax::json::query::cursor_for(&t, off, from),
                whole
            );
        }
        assert_eq!(
            docs_lsp::syntax::json::query::cursor_for(&t, off, (t.as_str(), None)),
            whole
        );
    }
    let a = site(&[("docs.json", &t), ("index.mdx", PAGE), ("api.yaml", SPEC)]);
    poke(&a, 0, &t);
}

/// A page's front matter: the reader, then schema validation and the page
/// rules through the analysis.
pub fn frontmatter(data: &[u8]) {
    let t = text(data);
    let _ = docs_lsp::syntax::frontmatter::parse(0, &t);
    let a = site(&[
        ("docs.json", DOCS_JSON),
        ("index.mdx", &t),
        ("api.yaml", SPEC),
    ]);
    poke(&a, 1, &t);
}

/// The YAML reader, at offset 0 and as if embedded after a prefix.
pub fn yaml(data: &[u8]) {
    let t = text(data);
    let _ = docs_lsp::syntax::yaml::parse(0, &t, 0);
    let _ = docs_lsp::syntax::yaml::parse(0, &t, 4);
}

/// The OpenAPI/AsyncAPI endpoint index, read as JSON and as YAML, and the
/// site analysis with the input as the navigation's spec.
pub fn openapi(data: &[u8]) {
    let t = text(data);
    for is_yaml in [false, true] {
        let idx = SpecIndex::build(0, &t, is_yaml);
        let _ = idx.find("get", "/a");
        let _ = idx.suggest("get", "/a");
    }
    let a = site(&[
        ("docs.json", DOCS_JSON),
        ("index.mdx", PAGE),
        ("api.yaml", &t),
    ]);
    poke(&a, 2, &t);
}

fn parse_pieces(pieces: &[&[u8]]) -> (Vec<StreamEvent>, Answer) {
    let mut parser = StreamParser::new();
    let mut events = Vec::new();
    for p in pieces {
        events.extend(parser.feed(p));
    }
    events.extend(parser.finish());
    let mut answer = Answer::default();
    for e in &events {
        answer.apply(e);
    }
    (events, answer)
}

/// The answer stream: the first two bytes choose two cut points; the rest
/// parsed whole and in three pieces gives the same events and answer.
pub fn stream(data: &[u8]) {
    if data.len() < 2 {
        return;
    }
    let body = &data[2..];
    let a = (data[0] as usize * 7) % (body.len() + 1);
    let b = (data[1] as usize * 13) % (body.len() + 1);
    let (a, b) = (a.min(b), a.max(b));
    let whole = parse_pieces(&[body]);
    let split = parse_pieces(&[&body[..a], &body[a..b], &body[b..]]);
    assert_eq!(whole, split, "cut at {a} and {b}");
}

/// Where an LSP position lands in a plain string, by the rules of the
/// server's line index (`text::LineIndex`, which hover, completion and
/// diagnostics use): lines end at `\n` (a `\r` before it belongs to the
/// terminator; a lone `\r`, U+2028 or NEL is text), a column past the end of
/// the line clamps to it, a line past the end clamps to the end of the text.
/// A column inside a character (an invalid position) rounds down to the
/// character's start.
fn model_offset(text: &str, pos: lsp::Position, enc: Encoding) -> usize {
    let idx = LineIndex::new(text);
    if pos.line as usize >= idx.line_count() {
        return text.len();
    }
    let range = idx.line_range(text, pos.line as usize);
    let want = pos.character as usize;
    let mut units = 0usize;
    for (i, ch) in text[range.clone()].char_indices() {
        let n = match enc {
            Encoding::Utf8 => ch.len_utf8(),
            Encoding::Utf16 => ch.len_utf16(),
        };
        if units + n > want {
            return range.start + i;
        }
        units += n;
    }
    range.end
}

const PIECES: &[&str] = &[
    "",
    "a",
    "\n",
    "\r\n",
    "\"",
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "😀",
    "漢",
    "é",
    "\r",
    "\t",
    "\"pages\"",
    "---\n",
    "title: ",
    "openapi",
    "GET /a",
    "$ref",
    " ",
    "\u{2028}",
    "\u{85}",
];

/// A text to insert: bytes pick known pieces or literal characters.
fn insert_text(bytes: &[u8]) -> String {
    let mut s = String::new();
    for &b in bytes {
        if (b as usize) < PIECES.len() * 4 {
            s.push_str(PIECES[b as usize % PIECES.len()]);
        } else {
            s.push(b as char);
        }
    }
    s
}

/// One edit decoded from 8 bytes plus its text.
pub struct Edit {
    pub change: lsp::TextDocumentContentChangeEvent,
    pub enc: Encoding,
}

/// Decode edits from bytes: a header byte (encoding, full replace, text
/// length), two lines and two columns, then the text bytes.
pub fn decode_edits(mut data: &[u8]) -> Vec<Edit> {
    let mut out = Vec::new();
    while data.len() >= 5 && out.len() < 64 {
        let h = data[0];
        let enc = if h & 1 == 0 {
            Encoding::Utf16
        } else {
            Encoding::Utf8
        };
        let full = h & 0x0e == 0x0e;
        let len = ((h >> 4) as usize).min(data.len() - 5);
        let (l1, c1, l2, c2) = (data[1] % 12, data[2] % 40, data[3] % 12, data[4] % 40);
        let t = insert_text(&data[5..5 + len]);
        data = &data[5 + len..];
        let (s, e) = (
            lsp::Position::new(l1 as u32, c1 as u32),
            lsp::Position::new(l2 as u32, c2 as u32),
        );
        let (s, e) = if (l1, c1) <= (l2, c2) { (s, e) } else { (e, s) };
        out.push(Edit {
            change: lsp::TextDocumentContentChangeEvent {
                range: if full {
                    None
                } else {
                    Some(lsp::Range::new(s, e))
                },
                range_length: None,
                text: t,
            },
            enc,
        });
    }
    out
}

/// Apply `edits` to a rope document and to a plain string model; the texts
/// agree after every edit. Returns the final text.
pub fn apply_checked(initial: &str, edits: &[Edit]) -> String {
    let mut doc = Document::new(initial, 1);
    let mut model = initial.to_string();
    for (i, e) in edits.iter().enumerate() {
        match e.change.range {
            None => model = e.change.text.clone(),
            Some(r) => {
                let s = model_offset(&model, r.start, e.enc);
                let end = model_offset(&model, r.end, e.enc).max(s);
                model.replace_range(s..end, &e.change.text);
            }
        }
        let before = doc.text();
        doc.apply(&e.change, e.enc);
        assert_eq!(
            doc.text(),
            model,
            "edit {i} {:?} in {:?} of {before:?} inserting {:?}",
            e.change.range,
            e.enc,
            e.change.text
        );
    }
    model
}

/// Incremental edits: the first byte picks the file (docs.json, the page or
/// the spec), the rest are edits. The rope text equals the plain model after
/// each edit; then the analysis of a snapshot made the way the server makes
/// it (the previous snapshot with the edited file replaced, other files'
/// cached parses shared) equals a fresh analysis of the final texts.
pub fn edits(data: &[u8]) {
    if data.is_empty() {
        return;
    }
    let large;
    let (which, docs_json, every) = match data[0] as usize % 4 {
        3 => {
            large = large_docs_json();
            (0, large.as_str(), 1)
        }
        n => (n, DOCS_JSON, 3),
    };
    let files = [
        ("docs.json", docs_json),
        ("index.mdx", PAGE),
        ("api.yaml", SPEC),
    ];
    let edits = decode_edits(&data[1..]);
    let final_text = apply_checked(files[which].1, &edits);
    incremental_equals_fresh_every(&files, which, &edits, &final_text, every);
}

/// Analyse the site, then replace file `which` with each intermediate text
/// as the server does (clone the snapshot, insert a new `SourceFile` with
/// the same id) analysing as it goes; the last analysis must equal a fresh
/// one of the final texts.
pub fn incremental_equals_fresh(
    files: &[(&str, &str)],
    which: usize,
    edits: &[Edit],
    final_text: &str,
) {
    incremental_equals_fresh_every(files, which, edits, final_text, 3);
}

/// [`incremental_equals_fresh`], analysing every `every`th snapshot (every
/// one: each analysis may take what the one before it kept). Returns the
/// last incremental analysis, whose memo tables count what was reused.
pub fn incremental_equals_fresh_every(
    files: &[(&str, &str)],
    which: usize,
    edits: &[Edit],
    final_text: &str,
    every: usize,
) -> Analysis {
    let mut analysed = site(files);
    let mut snapshot: Arc<Site> = analysed.site.clone();
    let mut doc = Document::new(files[which].1, 1);
    let (path, _) = files[which];
    let id = which as FileId;
    let kind = kind_of(path).expect("known kind");
    for (i, e) in edits.iter().enumerate() {
        doc.apply(&e.change, e.enc);
        let mut next = (*snapshot).clone();
        next.insert(Arc::new(SourceFile::new(
            id,
            path.to_string(),
            kind,
            Ok(Arc::from(doc.text())),
        )));
        snapshot = Arc::new(next);
        // Analyse some intermediate snapshots, so caches get filled with
        // parses of texts that are later replaced.
        if i % every == 0 {
            analysed = analyze_after(snapshot.clone(), Some(&analysed));
        }
    }
    let last = analyze_after(snapshot, Some(&analysed));
    drop(analysed);
    let mut fresh_files: Vec<(&str, &str)> = files.to_vec();
    fresh_files[which].1 = final_text;
    let fresh = site(&fresh_files);
    assert_eq!(last.diagnostics, fresh.diagnostics, "incremental != fresh");
    last
}

/// Raw bytes into the language server over an in-memory pipe. The first
/// byte chooses the mode: raw bytes as they are, or the rest split at NUL
/// bytes into message bodies, each framed with a correct Content-Length
/// after an `initialize` handshake. The server must neither panic nor hang.
/// The handshake names a workspace folder that does not exist, so that a
/// `docs.json` opened elsewhere (`file:///docs.json`) does not make the
/// server index the whole disk, which it would do for a client that asks.
pub fn lsp_bytes(data: &[u8]) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(async {
        let result =
            tokio::time::timeout(std::time::Duration::from_secs(10), serve_bytes(data)).await;
        assert!(result.is_ok(), "the server hung");
    });
    rt.shutdown_timeout(std::time::Duration::from_secs(1));
}

fn frame(body: &[u8]) -> Vec<u8> {
    let mut v = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    v.extend_from_slice(body);
    v
}

async fn serve_bytes(data: &[u8]) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tower_lsp_server::LspService;

    let input: Vec<u8> = match data.first() {
        Some(b) if b & 1 == 1 => {
            let mut v = frame(
                br#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{"general":{"positionEncodings":["utf-8","utf-16"]}},"workspaceFolders":[{"uri":"file:///nonexistent/docs-lsp-fuzz","name":"f"}]}}"#,
            );
            v.extend(frame(
                br#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
            ));
            for body in data[1..].split(|&b| b == 0) {
                v.extend(frame(body));
            }
            v
        }
        _ => data.get(1..).unwrap_or_default().to_vec(),
    };
    let (client_end, server_end) = tokio::io::duplex(1 << 16);
    let (server_read, server_write) = tokio::io::split(server_end);
    let (mut client_read, mut client_write) = tokio::io::split(client_end);
    let (service, socket) = LspService::new(docs_lsp::lsp::server::Backend::new);
    let server = tokio::spawn(docs_lsp::lsp::serve(
        server_read,
        server_write,
        service,
        socket,
    ));
    let reader = tokio::spawn(async move {
        let mut buf = vec![0u8; 1 << 16];
        while let Ok(n) = client_read.read(&mut buf).await {
            if n == 0 {
                break;
            }
        }
    });
    let _ = client_write.write_all(&input).await;
    let _ = client_write.shutdown().await;
    drop(client_write);
    // The server ends when its input ends; a panic inside it is a failure.
    if let Err(e) = server.await
        && e.is_panic()
    {
        std::panic::resume_unwind(e.into_panic());
    }
    reader.abort();
}
