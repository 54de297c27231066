//! `cargo bench --bench json_tree`: the tolerant docs.json tree
//! (`syntax::json::tape`) against the alternatives, on a large docs.json
//! (`DOCS_LSP_BENCH_DOCS_JSON`, else `/tmp/gen25kn/docs.json` from
//! `gen_site.py --pages 25000 --versions 34`, else a generated 4 MB text):
//! reading it (the tape; the tape then a `rowan` green tree of the same
//! tokens, as rust-analyzer and taplo keep theirs; jsonc-parser's `Node`
//! tree, what the rules read), one cursor question at the far end of it, and
//! a request's whole question (the tape read around the cursor, then asked).

use docs_lsp::syntax::json::query;
use docs_lsp::syntax::json::tape::{Tape, TokenKind};
use std::sync::OnceLock;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    divan::main();
}

fn text() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| {
        let p = std::env::var("DOCS_LSP_BENCH_DOCS_JSON")
            .unwrap_or_else(|_| "/tmp/gen25kn/docs.json".into());
        std::fs::read_to_string(&p).unwrap_or_else(|_| {
            eprintln!("note: no {p}; a generated 4 MB navigation instead");
            let mut s = String::from("{\"navigation\": {\"groups\": [");
            while s.len() < 4_000_000 {
                s.push_str("{\"group\": \"G\", \"icon\": \"x\", \"pages\": [\"a/b/c\", \"d/e\", {\"group\": \"N\", \"pages\": [\"x\"]}]},\n");
            }
            s.push_str("{\"group\": \"Last\", \"pages\": [\"a\"]}]}}");
            s
        })
    })
}

/// A cursor inside the last page entry: the deepest, farthest place.
fn far_offset(t: &str) -> usize {
    t.rfind("\"pages\"")
        .and_then(|p| t[p..].find('[').map(|q| p + q))
        .and_then(|p| t[p..].find('"').map(|q| p + q + 2))
        .unwrap_or(t.len() / 2)
}

#[divan::bench]
fn read_tape() -> usize {
    Tape::read(divan::black_box(text())).tokens.len()
}

#[divan::bench]
fn read_tape_then_rowan() -> usize {
    let t = divan::black_box(text());
    let tape = Tape::read(t);
    rowan_tree(t, &tape).text_len().into()
}

#[divan::bench]
fn read_node_tree() -> usize {
    docs_lsp::syntax::json::parse(0, divan::black_box(text()))
        .root
        .map_or(0, |r| r.range.end)
}

#[divan::bench]
fn query_tape(bencher: divan::Bencher) {
    let t = text();
    let tape = Tape::read(t);
    let off = far_offset(t);
    bencher.bench(|| query::cursor(t, &tape, divan::black_box(off)).path.len());
}

/// A request's whole question, as completion asks it: from the parse of
/// the same text (the path from the `Node` tree, the innermost container's
/// own tokens taped), at the top of the file and at its far end.
#[divan::bench(args = ["top", "far"])]
fn request_from_parse(bencher: divan::Bencher, at: &str) {
    let t = text();
    let tree = docs_lsp::syntax::json::parse(0, t).root.expect("parses");
    let off = if at == "top" { 1 } else { far_offset(t) };
    bencher.bench(|| {
        query::cursor_in(t, divan::black_box(off), query::JsonTree::parsed(&tree))
            .path
            .len()
    });
}

/// The same on text that does not parse: taped from the top to where the
/// container around the cursor closes.
#[divan::bench(args = ["top", "far"])]
fn request_on_broken_text(bencher: divan::Bencher, at: &str) {
    let t = text();
    let off = if at == "top" { 1 } else { far_offset(t) };
    bencher.bench(|| {
        query::cursor_for(t, divan::black_box(off), (t, None))
            .path
            .len()
    });
}

/// The text with a key half typed near its end (`"ic"` with no colon): a
/// docs.json that does not parse, as while a writer types.
fn broken() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| {
        let t = text();
        let at = t.rfind("\"pages\"").unwrap_or(t.len() / 2);
        format!("{}\"ic\" {}", &t[..at], &t[at..])
    })
}

/// What a keystroke that breaks docs.json costs already: the parse that
/// fails (jsonc-parser's error path).
#[divan::bench]
fn parse_broken_text() -> usize {
    docs_lsp::syntax::json::parse(0, divan::black_box(broken()))
        .errors
        .len()
}

/// The tree recovered from the broken text, once per version, for the
/// editor features.
#[divan::bench]
fn recover_broken_text() -> usize {
    docs_lsp::syntax::json::recover::recover(0, divan::black_box(broken()))
        .map_or(0, |r| r.root.range.end)
}

/// A request's question from the recovered tree, at the top and far end.
#[divan::bench(args = ["top", "far"])]
fn request_from_recovered(bencher: divan::Bencher, at: &str) {
    let t = broken();
    let r = docs_lsp::syntax::json::recover::recover(0, t).expect("a tree");
    let off = if at == "top" { 1 } else { far_offset(t) };
    bencher.bench(|| {
        query::cursor_in(t, divan::black_box(off), query::JsonTree::recovered(&r))
            .path
            .len()
    });
}

/// What a rowan tree's cursor question starts with: the token at the
/// offset and its ancestors (the state machine over the innermost
/// container's children would come on top, as for the tape).
#[divan::bench]
fn query_rowan(bencher: divan::Bencher) {
    let t = text();
    let root = rowan::SyntaxNode::<Json>::new_root(rowan_tree(t, &Tape::read(t)));
    let off = far_offset(t);
    // A rowan node is not `Sync`: measured on this thread.
    bencher.bench_local(|| {
        root.token_at_offset((divan::black_box(off) as u32).into())
            .right_biased()
            .map_or(0, |tok| tok.parent_ancestors().count())
    });
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Json {}

impl rowan::Language for Json {
    type Kind = rowan::SyntaxKind;
    fn kind_from_raw(raw: rowan::SyntaxKind) -> Self::Kind {
        raw
    }
    fn kind_to_raw(kind: Self::Kind) -> rowan::SyntaxKind {
        kind
    }
}

const ROOT: rowan::SyntaxKind = rowan::SyntaxKind(0);
const CONTAINER: rowan::SyntaxKind = rowan::SyntaxKind(1);
const TOKEN: rowan::SyntaxKind = rowan::SyntaxKind(2);
const SPACE: rowan::SyntaxKind = rowan::SyntaxKind(3);

/// The tape's tokens as a lossless rowan green tree (whitespace as tokens,
/// a node per container), as a rowan-based reader would build it.
fn rowan_tree(text: &str, tape: &Tape) -> rowan::GreenNode {
    let mut b = rowan::GreenNodeBuilder::new();
    b.start_node(ROOT);
    let mut at = 0usize;
    // Unclosed containers: the token index where each ends.
    let mut open: Vec<(u32, bool)> = Vec::new();
    for (i, t) in tape.tokens.iter().enumerate() {
        while open
            .last()
            .is_some_and(|&(end, closed)| !closed && end as usize == i)
        {
            open.pop();
            b.finish_node();
        }
        let (s, e) = (t.start as usize, t.end as usize);
        if s > at {
            b.token(SPACE, &text[at..s]);
        }
        match t.kind {
            TokenKind::Open { closed, .. } => {
                b.start_node(CONTAINER);
                b.token(TOKEN, &text[s..e]);
                open.push((t.link, closed));
            }
            TokenKind::Close => {
                b.token(TOKEN, &text[s..e]);
                open.pop();
                b.finish_node();
            }
            _ => b.token(TOKEN, &text[s..e]),
        }
        at = e.max(at);
    }
    for _ in open {
        b.finish_node();
    }
    if at < text.len() {
        b.token(SPACE, &text[at..]);
    }
    b.finish_node();
    b.finish()
}
