//! Replays every input a fuzz target once crashed on (saved under
//! `tests/fixtures/fuzz-regressions/<target>/`) through the same functions
//! the targets call (`fuzz/harness.rs`), plus a few hand-made seeds.

#[path = "../fuzz/harness.rs"]
mod harness;

use std::path::PathBuf;

fn replay(target: &str) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/fuzz-regressions")
        .join(target);
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_default();
    inputs.retain(|p| p.is_file() && p.file_name().is_some_and(|n| n != ".gitkeep"));
    inputs.sort();
    for input in inputs {
        let data = std::fs::read(&input).unwrap();
        let result = std::panic::catch_unwind(|| harness::run(target, &data));
        assert!(result.is_ok(), "{target}: {} fails again", input.display());
    }
}

#[test]
fn every_target_is_replayed() {
    for t in harness::TARGETS {
        assert!(
            PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("tests/fixtures/fuzz-regressions")
                .join(t)
                .is_dir(),
            "no regression directory for {t}"
        );
    }
}

#[test]
fn jsonc() {
    replay("jsonc");
    harness::jsonc(harness::DOCS_JSON.as_bytes());
}

#[test]
fn frontmatter() {
    replay("frontmatter");
    harness::frontmatter(harness::PAGE.as_bytes());
}

#[test]
fn yaml() {
    replay("yaml");
    harness::yaml(harness::SPEC.as_bytes());
}

#[test]
fn openapi() {
    replay("openapi");
    harness::openapi(harness::SPEC.as_bytes());
}

#[test]
fn stream() {
    replay("stream");
    harness::stream(b"\x05\x09data: {\"type\":\"text-delta\",\"id\":\"0\",\"delta\":\"h\xc3\xa9\"}\r\n\r\ndata: [DONE]\n\n");
}

#[test]
fn edits() {
    replay("edits");
    harness::edits(b"\x00\x10\x00\x05\x00\x06x\x21\x01\x00\x03\x02\x0b");
}

#[test]
fn lsp_bytes() {
    replay("lsp_bytes");
    harness::lsp_bytes(b"\x01{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"workspace/symbol\",\"params\":{\"query\":\"a\"}}\x00{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"shutdown\"}\x00{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}");
    harness::lsp_bytes(
        b"\x00Content-Length: 5\r\n\r\n{}}}}Content-Length: 99999999999999999999\r\n\r\n",
    );
}
