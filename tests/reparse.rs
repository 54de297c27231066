//! Reading an edited docs.json from its previous tree equals a fresh parse,
//! over random keystrokes (seeded): most inside string values, where the
//! incremental read applies, and some anywhere else, where it must decline
//! or still agree.

#[path = "support/json_text.rs"]
mod json_text;
#[path = "support/rng.rs"]
mod rng;

use docs_lsp::syntax::json::recover::{recover, recover_edited};
use docs_lsp::syntax::reparse::{TextDiff, assert_broken_agrees, assert_reparse_agrees};
use rng::XorShift;

/// Comments, trailing commas, escapes, a repeated key, non-ASCII text,
/// numbers and nesting: what the incremental read must carry over.
const TRICKY: &str = r##"{
  // a comment with "quotes"
  "$schema": "https://mintlify.com/docs.json",
  "name": "Ünïcode \"site\" \u00e9",
  "theme": "mint",
  "theme": "maple",
  "colors": { "primary": "#0D9373", },
  "n": [1, 2.5, -3e2, true, false, null],
  /* block */ "navigation": {
    "languages": [
      { "language": "en", "groups": [ { "group": "Start", "pages": ["index", "guides/a", "GET /users/{id}"] } ] },
      { "language": "fr", "groups": [ { "group": "Début", "root": "fr/index", "pages": ["fr/index", "fr/a\\b", ""] } ] }
    ],
  },
}
"##;

fn texts() -> Vec<String> {
    let example = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/site/docs.json"
    ))
    .expect("examples/site/docs.json");
    vec![example, TRICKY.to_string()]
}

const TYPED: &[&str] = &[
    "x", "/", "-", " ", "é", "ß", "GET ", "\"", "\\", "\n", "{", ",", "}", "//", "*/", "\t",
];

fn edit(rng: &mut XorShift, t: &str, inside: bool) -> String {
    let mut at = if inside {
        let c = json_text::string_offsets(t);
        if c.is_empty() {
            0
        } else {
            c[rng.below(c.len())]
        }
    } else {
        rng.below(t.len() + 1)
    };
    while !t.is_char_boundary(at) {
        at -= 1;
    }
    let mut out = t.to_string();
    if rng.below(3) == 0 {
        // Delete one character (or a few).
        let mut end = at + 1 + rng.below(3);
        end = end.min(t.len());
        while !t.is_char_boundary(end) {
            end += 1;
        }
        out.replace_range(at..end, "");
    } else {
        // Mostly letters: what typing a page path is.
        let s = if rng.below(4) == 0 {
            TYPED[rng.below(TYPED.len())]
        } else {
            "abcxyz"
                .get(rng.below(6)..)
                .and_then(|s| s.get(..1))
                .unwrap_or("a")
        };
        out.insert_str(at, s);
    }
    out
}

#[test]
fn keystrokes_inside_strings_read_incrementally_equal_fresh() {
    let mut applied = 0;
    let mut tried = 0;
    for (i, base) in texts().iter().enumerate() {
        for seed in 1..=400u64 {
            let mut rng =
                XorShift((seed + 1000 * i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
            let mut t = base.clone();
            // A few keystrokes in a row, each read from the one before.
            for _ in 0..4 {
                let inside = rng.below(5) != 0;
                let next = edit(&mut rng, &t, inside);
                let ok = std::panic::catch_unwind(|| assert_reparse_agrees(&t, &next));
                assert!(
                    ok.is_ok(),
                    "seed {seed}, text {i}:\n--- before\n{t}\n--- after\n{next}"
                );
                tried += 1;
                applied += ok.unwrap_or(false) as usize;
                t = next;
            }
        }
    }
    // Not a test that passes by declining (a broken document is parsed
    // afresh, and so is what follows).
    assert!(
        applied * 2 > tried,
        "only {applied} of {tried} keystrokes read incrementally"
    );
}

/// Typing a letter anywhere inside any string (value or key) without
/// escapes, of a valid document, is read incrementally.
#[test]
fn a_letter_typed_in_any_string_value_is_read_incrementally() {
    for t in texts() {
        let parsed = docs_lsp::syntax::json::parse(0, &t);
        let mut values = Vec::new();
        parsed.root.as_ref().expect("parses").walk(|n| {
            // An escape is read afresh (the value differs from the text).
            if n.as_str().is_some() && !t[n.range.clone()].contains('\\') {
                values.push(n.range.clone());
            }
        });
        parsed.root.as_ref().expect("parses").walk(|n| {
            for p in n.props() {
                // A key typed into another key's name is read afresh
                // (which keys repeat changes).
                if !t[p.key_range.clone()].contains('\\') && p.key != "theme" {
                    values.push(p.key_range.clone());
                }
            }
        });
        assert!(values.len() > 10);
        for r in values {
            for at in [r.start + 1, r.end - 1] {
                let mut next = t.clone();
                next.insert(at, 'q');
                assert!(assert_reparse_agrees(&t, &next), "not incremental at {at}");
            }
        }
    }
}

#[test]
fn text_diff_finds_the_changed_part() {
    let d = TextDiff::of("abcdef", "abXYef");
    assert_eq!((d.start, d.old_end, d.new_end), (2, 4, 4));
    let d = TextDiff::of("aaaa", "aaaaa");
    assert_eq!(d.new_end - d.start, 1);
    assert_eq!(d.old_end, d.start);
    let d = TextDiff::of("same", "same");
    assert_eq!((d.start, d.old_end, d.new_end), (4, 4, 4));
    let long_a = "x".repeat(300) + "1" + &"y".repeat(300);
    let long_b = "x".repeat(300) + "22" + &"y".repeat(300);
    let d = TextDiff::of(&long_a, &long_b);
    assert_eq!((d.start, d.old_end, d.new_end), (300, 301, 302));
    assert_eq!(d.map(400), 401);
    assert_eq!(d.map(10), 10);
}

/// A key edit that changes which keys repeat (a key becoming another's
/// name, or a repeated key renamed) still agrees with a fresh parse.
#[test]
fn key_edits_that_change_repeated_keys_agree() {
    for (old, new) in [
        (r#"{"a": 1, "ab": 2}"#, r#"{"a": 1, "a": 2}"#),
        (r#"{"a": 1, "a": 2}"#, r#"{"a": 1, "ax": 2}"#),
        (r#"{"a": 1, "a": 2}"#, r#"{"ax": 1, "a": 2}"#),
        (
            r#"{"x": {"k": 1}, "k": 2, "kk": 3}"#,
            r#"{"x": {"k": 1}, "k": 2, "k": 3}"#,
        ),
    ] {
        assert_reparse_agrees(old, new);
        assert_reparse_agrees(new, old);
    }
    // Not every key edit is declined.
    assert!(assert_reparse_agrees(
        r#"{"x": {"k": 1}, "k": 2, "kk": 3}"#,
        r#"{"x": {"k": 1}, "k": 2, "kkz": 3}"#
    ));
}

/// A document large enough that its top levels are copied in parallel
/// (`reparse::shifted`, over 256 KB): keystrokes in keys and values before,
/// inside and after its large containers agree with a fresh parse.
#[test]
fn keystrokes_in_a_large_document_agree() {
    let mut versions = Vec::new();
    for v in 0..40 {
        let groups: Vec<String> = (0..20)
            .map(|g| {
                let pages: Vec<String> =
                    (0..20).map(|p| format!("\"v{v}/g{g}/page-{p}\"")).collect();
                format!(r#"{{"group": "G{g}", "pages": [{}]}}"#, pages.join(", "))
            })
            .collect();
        versions.push(format!(
            r#"{{"version": "v{v}", "groups": [{}]}}"#,
            groups.join(",\n")
        ));
    }
    let t = format!(
        r#"{{"name": "big", "navigation": {{"versions": [{}]}}, "footer": {{"x": "end"}}}}"#,
        versions.join(",\n")
    );
    assert!(t.len() > 280_000, "{} bytes", t.len());
    let mut edited = 0;
    for needle in [
        "\"big\"",
        "\"v0/g0/page-0\"",
        "\"G7\"",
        "\"v20/g10/page-10\"",
        "\"version\"",
        "\"v39/g19/page-19\"",
        "\"end\"",
    ] {
        let at = t.find(needle).expect("in the text") + 2;
        let mut next = t.clone();
        next.insert(at, 'q');
        assert!(
            assert_reparse_agrees(&t, &next),
            "not incremental at {needle}"
        );
        edited += 1;
    }
    assert_eq!(edited, 7);
}

/// Keystrokes that break a clean document (a quote, a comma, a bracket, a
/// colon, a word typed or deleted anywhere; one to three in a row, each
/// read from the clean text through all of them, as the server reads
/// them): where the errors are read from the edited container alone, they
/// are the errors of a fresh parse, and where the tree the editor features
/// read is made from that container, it is the whole text's.
#[test]
fn errors_read_from_the_edited_container_equal_fresh() {
    const BREAKING: &[&str] = &[
        "\"", ",", "{", "}", "[", "]", ":", "x", "\"\"", "//", "/*", "\n", "\\",
    ];
    let (mut applied, mut broken, mut recovered) = (0, 0, 0);
    for (i, base) in texts().iter().enumerate() {
        for seed in 1..=600u64 {
            let mut rng =
                XorShift((seed + 7000 * i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
            let mut t = base.clone();
            let mut diff: Option<TextDiff> = None;
            for _ in 0..1 + rng.below(3) {
                let mut at = rng.below(t.len() + 1);
                while !t.is_char_boundary(at) {
                    at -= 1;
                }
                let mut next = t.clone();
                if rng.below(3) == 0 && at < t.len() {
                    let mut end = at + 1;
                    while !t.is_char_boundary(end) {
                        end += 1;
                    }
                    next.replace_range(at..end, "");
                } else {
                    next.insert_str(at, BREAKING[rng.below(BREAKING.len())]);
                }
                let step = TextDiff::of(&t, &next);
                diff = Some(diff.map_or(step, |d| d.then(step)));
                t = next;
            }
            if docs_lsp::syntax::json::parse(0, &t).errors.is_empty() {
                continue;
            }
            broken += 1;
            // Told where, as the editor tells it, and not told.
            for told in [diff, None] {
                let ok = std::panic::catch_unwind(|| assert_broken_agrees(base, &t, told));
                assert!(ok.is_ok(), "seed {seed}, text {i}:\n{t}");
                applied += ok.unwrap_or(false) as usize;
            }
            // The tree the editor features read, from the edited container.
            let clean = docs_lsp::syntax::json::parse(0, base).root.expect("clean");
            let diff = diff.expect("edited");
            if let Some(r) = recover_edited(0, &clean, &t, &diff) {
                let whole = recover(0, &t).expect("a tree");
                assert_eq!(r, whole, "seed {seed}, text {i}:\n{t}");
                recovered += 1;
            }
        }
    }
    // Not a test that passes by declining: random breaks are often at
    // the top level or leave a string or bracket open to the end (read
    // afresh); many are read from their container.
    assert!(
        applied >= 150 && recovered >= 150,
        "{applied} of {} broken texts read from the container, {recovered} trees",
        broken * 2
    );
}
