//! The stream parser against the recorded streams, whole and split at every
//! byte boundary: the answer must not depend on how the network cut the bytes.

use docs_lsp::assistant::stream::{Answer, SourceKind, StreamParser};
use std::path::PathBuf;

fn fixture(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/streams")
        .join(name);
    std::fs::read(path).expect("fixture exists")
}

fn parse_pieces(pieces: &[&[u8]]) -> Answer {
    let mut parser = StreamParser::new();
    let mut answer = Answer::default();
    for piece in pieces {
        for event in parser.feed(piece) {
            answer.apply(&event);
        }
    }
    for event in parser.finish() {
        answer.apply(&event);
    }
    answer
}

/// Every two-piece split gives the same answer as the whole stream; so does a
/// byte-at-a-time feed and the same stream with CRLF line ends.
fn assert_split_invariant(bytes: &[u8]) -> Answer {
    let whole = parse_pieces(&[bytes]);
    for cut in 0..=bytes.len() {
        let split = parse_pieces(&[&bytes[..cut], &bytes[cut..]]);
        assert_eq!(split, whole, "split at byte {cut}");
    }
    let singles: Vec<&[u8]> = bytes.chunks(1).collect();
    assert_eq!(parse_pieces(&singles), whole, "byte at a time");
    let crlf = String::from_utf8_lossy(bytes).replace('\n', "\r\n");
    let crlf = crlf.as_bytes();
    for cut in 0..=crlf.len() {
        let split = parse_pieces(&[&crlf[..cut], &crlf[cut..]]);
        assert_eq!(split, whole, "CRLF split at byte {cut}");
    }
    whole
}

#[test]
fn endpoint_answer() {
    let answer = assert_split_invariant(&fixture("endpoint-answer.sse"));
    assert_eq!(
        answer.text(),
        "A tab may hold anchors or groups, but not both at the same level. Move the groups into an anchor."
    );
    assert_eq!(answer.parts.len(), 1);
    assert_eq!(answer.thread_id.as_deref(), Some("thread_8f2c1e"));
    assert!(answer.finished && answer.done && !answer.is_incomplete());
    assert!(answer.error.is_none() && answer.warnings.is_empty());
    assert!(answer.sources.is_empty());
}

#[test]
fn all_chunk_types() {
    let answer = assert_split_invariant(&fixture("all-chunk-types.sse"));
    assert_eq!(
        answer.text(),
        "Add the page path to a `pages` array under `navigation.groups[]` in docs.json."
    );
    // Reasoning and tool input are not part of the answer text.
    assert_eq!(answer.parts.len(), 1);
    assert_eq!(answer.thread_id.as_deref(), Some("thread_42"));
    assert!(answer.finished && answer.done);
    assert!(answer.error.is_none() && answer.warnings.is_empty());
    assert_eq!(answer.sources.len(), 2);
    assert_eq!(answer.sources[0].kind, SourceKind::Url);
    assert_eq!(
        answer.sources[0].url.as_deref(),
        Some("https://example.com/essentials/navigation")
    );
    assert_eq!(answer.sources[0].title.as_deref(), Some("Navigation"));
    assert_eq!(answer.sources[1].kind, SourceKind::Document);
    assert_eq!(answer.sources[1].id.as_deref(), Some("src_2"));
    assert_eq!(
        answer.sources[1].filename.as_deref(),
        Some("essentials/navigation.mdx")
    );
}

/// The SDK's client rejects a delta without `text-start`; we keep its text
/// (losing words helps no one) and tolerate the unknown `bogus` chunk. There
/// is no `finish`, so the answer is marked incomplete.
#[test]
fn bad_missing_text_start() {
    let answer = assert_split_invariant(&fixture("bad-missing-text-start.sse"));
    assert_eq!(answer.text(), "x");
    assert!(answer.done && !answer.finished && answer.is_incomplete());
    assert!(answer.thread_id.is_none() && answer.warnings.is_empty());
}

/// A `text-delta` without `delta` is skipped with a warning; `finish` without
/// a thread id completes the answer with no thread; the missing `[DONE]` does
/// not matter since `finish` arrived.
#[test]
fn bad_schema_no_done() {
    let answer = assert_split_invariant(&fixture("bad-schema-no-done.sse"));
    assert_eq!(answer.text(), "");
    assert_eq!(answer.parts.len(), 1);
    assert!(answer.finished && !answer.done && !answer.is_incomplete());
    assert!(answer.thread_id.is_none());
    assert_eq!(answer.warnings.len(), 1);
}

#[test]
fn garbage_never_panics() {
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let alphabet = b"data: {}[]\"\r\n:\xEF\xBB\xBF\xFFtype,finish\\";
    for _ in 0..300 {
        let len = (seed % 200) as usize;
        let mut bytes = Vec::with_capacity(len);
        for _ in 0..len {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            bytes.push(alphabet[(seed % alphabet.len() as u64) as usize]);
        }
        let _ = parse_pieces(&[&bytes]);
    }
}
