//! Keystrokes in docs.json, analysed one by one as the server does (each
//! snapshot's docs.json read from the previous tree when the keystroke
//! stays in one string, and the navigation references pass taking what it
//! resolved before): every analysis equals a fresh one of the same texts.
//! The site has what the references pass tells apart: scopes (languages,
//! versions), duplicates, missing pages, endpoints with and without specs,
//! group roots. Seeded, so a failure names the seed.

#[path = "support/rng.rs"]
mod rng;

use docs_lsp::ide::analysis::{analyze, analyze_texts};
use docs_lsp::model::site::{FileKind, Site, SourceFile};
use rng::XorShift;
use std::sync::Arc;

const DOCS_JSON: &str = r##"{
  "$schema": "https://mintlify.com/docs.json",
  "theme": "mint",
  "name": "Incremental",
  "colors": { "primary": "#0D9373" },
  "navigation": {
    "languages": [
      {
        "language": "en",
        "versions": [
          {
            "version": "v1",
            "groups": [
              { "group": "Start", "root": "index", "pages": ["index", "guide", "guide", "missing", "GET /a", "GET /a", "POST /nope"] },
              { "group": "API", "openapi": "api.yaml", "pages": ["GET /a", "api.yaml GET /a", "DELETE /a", "guide.mdx"] }
            ]
          },
          {
            "version": "v2",
            "groups": [ { "group": "Start", "pages": ["index", "guide", "v2/new", "GET /a"] } ]
          }
        ]
      },
      {
        "language": "fr",
        "groups": [ { "group": "Début", "pages": ["fr/index", "index", "index", "gide"] } ]
      }
    ]
  }
}
"##;

const PAGE: &str = "---\ntitle: T\n---\n\n# Hi\n";
const SPEC: &str = "openapi: 3.0.0\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    get: {responses: {'200': {description: ok}}}\n";

fn files(docs: &str) -> Vec<(&str, &str)> {
    vec![
        ("docs.json", docs),
        ("index.mdx", PAGE),
        ("guide.mdx", PAGE),
        ("v2/new.mdx", PAGE),
        ("fr/index.mdx", PAGE),
        ("orphan.mdx", PAGE),
        ("api.yaml", SPEC),
    ]
}

/// Offsets inside strings (values and keys), found by a plain scan.
fn string_offsets(t: &str) -> Vec<usize> {
    let b = t.as_bytes();
    let (mut out, mut i, mut in_str) = (Vec::new(), 0, false);
    while i < b.len() {
        match b[i] {
            b'\\' if in_str => i += 1,
            b'"' => in_str = !in_str,
            _ if in_str && t.is_char_boundary(i) => out.push(i),
            _ => {}
        }
        i += 1;
    }
    out
}

/// Letters and characters that turn a page into an endpoint, a path into
/// another page, a label into another scope; now and then one that breaks
/// the document.
const TYPED: &[&str] = &["x", "e", "/", " ", "GET ", "a", "v", "1", "2"];
const BREAKING: &[&str] = &["\"", ",", "\\"];

fn keystroke(rng: &mut XorShift, t: &str) -> String {
    let offsets = string_offsets(t);
    let mut at = if offsets.is_empty() || rng.below(30) == 0 {
        rng.below(t.len() + 1)
    } else {
        offsets[rng.below(offsets.len())]
    };
    while !t.is_char_boundary(at) {
        at -= 1;
    }
    let mut out = t.to_string();
    if rng.below(2) == 0 && at < t.len() {
        let mut end = at + 1;
        while !t.is_char_boundary(end) {
            end += 1;
        }
        out.replace_range(at..end, "");
    } else {
        let s = if rng.below(30) == 0 {
            BREAKING[rng.below(BREAKING.len())]
        } else {
            TYPED[rng.below(TYPED.len())]
        };
        out.insert_str(at, s);
    }
    out
}

#[test]
fn docs_json_keystrokes_analysed_incrementally_equal_fresh() {
    let before =
        docs_lsp::ide::diagnostics::REFERENCES_KEPT.load(std::sync::atomic::Ordering::Relaxed);
    for seed in 1..=60u64 {
        let mut rng = XorShift(seed.wrapping_mul(0x2545_F491_4F6C_DD1D) | 1);
        let first = analyze_texts(&files(DOCS_JSON));
        let mut snapshot: Arc<Site> = first.site.clone();
        let mut text = DOCS_JSON.to_string();
        for step in 0..25 {
            text = keystroke(&mut rng, &text);
            let mut next = (*snapshot).clone();
            next.insert(Arc::new(SourceFile::new(
                0,
                "docs.json".into(),
                FileKind::DocsJson,
                Ok(Arc::from(text.as_str())),
            )));
            snapshot = Arc::new(next);
            let incremental = analyze(snapshot.clone());
            let fresh = analyze_texts(&files(&text));
            assert_eq!(
                incremental.diagnostics, fresh.diagnostics,
                "seed {seed}, step {step}, text:\n{text}"
            );
        }
    }
    let kept = docs_lsp::ide::diagnostics::REFERENCES_KEPT
        .load(std::sync::atomic::Ordering::Relaxed)
        - before;
    // Not a test that passes by never reusing. A keystroke in a value keeps
    // all other entries (about 20 here); one that renames a key like
    // `languages` changes which entries there are, and sequences stay so.
    assert!(kept > 4000, "only {kept} entry resolutions kept");
}
