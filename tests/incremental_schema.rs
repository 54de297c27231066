//! The navigation's schema check reusing the subtrees a keystroke did not
//! touch (`schema::validate_reusing` through the analysis's memo table,
//! `analysis::schema_subtrees`) gives what a fresh check gives, on a
//! navigation large enough that its versions, tabs and groups are kept, with
//! schema faults planted throughout. Keystrokes are anywhere (in strings,
//! between tokens, ones that break the document), each checked against the
//! memo of the text before it. Seeded, so a failure names the seed.

#[path = "support/json_text.rs"]
mod json_text;
#[path = "support/rng.rs"]
mod rng;

use docs_lsp::analysis::schema_subtrees::SchemaSubtrees;
use docs_lsp::model::memo::{HISTORY, Revision, TextEdit, fresh_revision};
use docs_lsp::schema::{self, ValidateOptions};
use docs_lsp::syntax::reparse::TextDiff;
use rng::XorShift;

/// A group; every few carries a fault the schema refuses or warns of.
fn group(out: &mut String, v: usize, t: usize, g: usize) {
    let fault = match (v + t + g) % 7 {
        0 => r#", "icn": "book""#,
        1 => r#", "hidden": "yes""#,
        2 => r#", "expanded": 3"#,
        3 => r#", "tag": 7"#,
        _ => "",
    };
    out.push_str(&format!(r#"{{ "group": "G{g}"{fault}, "pages": ["#));
    for p in 0..60 {
        if p > 0 {
            out.push_str(", ");
        }
        if p == 17 && g.is_multiple_of(2) {
            // A nested group (the `anyOf` of page-or-group), faulty now and then.
            let bad = if g.is_multiple_of(4) {
                r#", "pages": "x""#
            } else {
                ""
            };
            out.push_str(&format!(
                r#"{{ "group": "N{g}"{bad}, "pages": ["v{v}/t{t}/n{g}/a", "v{v}/t{t}/n{g}/b"] }}"#
            ));
        } else {
            out.push_str(&format!(r#""v{v}/t{t}/g{g}/page-{p}""#));
        }
    }
    out.push_str("] }");
}

fn docs_json() -> String {
    let mut s = String::from("{\n  \"languages\": [\n");
    for (l, lang) in ["en", "fr"].iter().enumerate() {
        if l > 0 {
            s.push_str(",\n");
        }
        s.push_str(&format!("  {{ \"language\": \"{lang}\", \"versions\": [\n"));
        for v in 0..3 {
            if v > 0 {
                s.push_str(",\n");
            }
            let vfault = if v == 1 { r#", "defualt": true"# } else { "" };
            s.push_str(&format!(
                "    {{ \"version\": \"v{v}\"{vfault}, \"tabs\": [\n"
            ));
            for t in 0..3 {
                if t > 0 {
                    s.push_str(",\n");
                }
                // A tab a line: deleting or pasting a line moves the tabs
                // after it to other indices (other paths in messages).
                s.push_str(&format!("      {{ \"tab\": \"T{t}\", \"groups\": [ "));
                for g in 0..6 {
                    if g > 0 {
                        s.push_str(", ");
                    }
                    group(&mut s, v, t, g);
                }
                s.push_str(" ] }");
            }
            s.push_str("\n    ] }");
        }
        s.push_str("\n  ] }");
    }
    s.push_str("\n  ]\n}\n");
    s
}

const TYPED: &[&str] = &["x", "e", "/", " ", "1", "a"];
/// Characters that break the document or change its shape.
const SHAPING: &[&str] = &["\"", ",", "{", "]", ": 1", " ", "\n"];

/// Mostly a letter typed into or deleted from a string; now and then a
/// character anywhere, which may break the document, or a line cut or
/// pasted.
fn keystroke(rng: &mut XorShift, t: &str) -> String {
    if rng.below(10) == 0 {
        let starts: Vec<usize> = std::iter::once(0)
            .chain(t.match_indices('\n').map(|(i, _)| i + 1))
            .filter(|&i| i < t.len())
            .collect();
        let at = starts[rng.below(starts.len())];
        let end = t[at..].find('\n').map_or(t.len(), |i| at + i + 1);
        let mut out = t.to_string();
        if rng.below(2) == 0 {
            out.replace_range(at..end, "");
        } else {
            out.insert_str(at, &t[at..end]);
        }
        return out;
    }
    let anywhere = rng.below(8) == 0;
    let at = if anywhere {
        rng.below(t.len() + 1)
    } else {
        let offsets = json_text::string_offsets(t);
        offsets[rng.below(offsets.len())]
    };
    let mut out = t.to_string();
    if rng.below(2) == 0 && at < t.len() {
        out.replace_range(at..at + 1, "");
    } else if anywhere {
        out.insert_str(at, SHAPING[rng.below(SHAPING.len())]);
    } else {
        out.insert_str(at, TYPED[rng.below(TYPED.len())]);
    }
    out
}

/// The memo of one writer's session: the analysis's table, and the
/// history of the text as the editor's reparse records it.
struct Session {
    memo: SchemaSubtrees,
    revision: Revision,
    history: Vec<TextEdit>,
}

impl Session {
    fn new() -> Self {
        Session {
            memo: SchemaSubtrees::default(),
            revision: fresh_revision(),
            history: Vec::new(),
        }
    }

    /// The text `old` became `new`.
    fn edit(&mut self, old: &str, new: &str) {
        self.history.push(TextEdit {
            from: self.revision,
            diff: TextDiff::of(old, new),
            renamed: None,
        });
        if self.history.len() > HISTORY {
            self.history.remove(0);
        }
        self.revision = fresh_revision();
    }

    /// Checks `text` (the current version) through the memo and afresh,
    /// which must agree: what was found, and how many subtrees were
    /// reused; `None` when the text does not parse.
    fn check(&self, text: &str) -> Option<(Vec<String>, usize)> {
        let nav_schema = schema::nav_element("navigation").expect("navigation schema");
        let opts = ValidateOptions {
            skip_keys_at_root: &[],
            ..ValidateOptions::docs_json()
        };
        let root = docs_lsp::syntax::json::parse(0, text).root?;
        let mut found = Vec::new();
        let memo = self.memo.at(0, self.revision, &self.history);
        let reused = schema::validate_reusing(&root, nav_schema, &opts, &memo, &mut found);
        let mut fresh = Vec::new();
        schema::validate(&root, nav_schema, &opts, &mut fresh);
        let show = |ds: &[docs_lsp::diagnostics::Diagnostic]| {
            ds.iter()
                .map(|d| format!("{:?} {} {} {:?}", d.range, d.code, d.message, d.fixes))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            show(&found),
            show(&fresh),
            "reused check differs from a fresh one"
        );
        Some((show(&found), reused))
    }
}

#[test]
fn reused_schema_check_equals_fresh() {
    let start = docs_json();
    let first_session = Session::new();
    let (first, _) = first_session
        .check(&start)
        .expect("the generated navigation parses");
    assert!(start.len() > 100_000, "{} bytes", start.len());
    // The faults planted are found: the test compares something. (Wrong
    // types inside a tab's groups are `dropped-value` warnings: the
    // platform drops the tab's groups rather than refusing the site.)
    for code in ["unknown-key", "dropped-value"] {
        assert!(
            first.iter().any(|d| d.contains(code)),
            "no {code} in {first:#?}"
        );
    }
    assert!(
        first_session.memo.len() > 20,
        "{} subtrees kept",
        first_session.memo.len()
    );
    let mut reused = 0;
    for seed in 1..=40u64 {
        let mut rng = XorShift(seed.wrapping_mul(0x2545_F491_4F6C_DD1D) | 1);
        let mut session = Session::new();
        let mut text = start.clone();
        let mut good = start.clone();
        let mut parsed = session.check(&text).is_some();
        for step in 0..20 {
            // After a keystroke that broke the document, the writer undoes it.
            let next = if !parsed {
                good.clone()
            } else {
                keystroke(&mut rng, &text)
            };
            session.edit(&text, &next);
            let result =
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| session.check(&next)));
            let Ok(result) = result else {
                panic!(
                    "seed {seed}, step {step}: differs after editing {text_diff:?}",
                    text_diff = TextDiff::of(&text, &next)
                );
            };
            parsed = result.is_some();
            reused += result.map_or(0, |(_, n)| n);
            if parsed {
                good = next.clone();
            }
            text = next;
        }
    }
    // Not a test that passes by never reusing: most keystrokes leave all
    // but one version, tab and group of the navigation as they were.
    assert!(reused > 3_000, "only {reused} subtrees reused");
}

/// A letter typed into the first string after `marker`.
fn type_after(text: &str, marker: &str) -> String {
    let at = text.find(marker).expect("marker") + marker.len();
    let quote = at + text[at..].find('"').expect("a string after the marker") + 1;
    let mut out = text.to_string();
    out.insert(quote, 'x');
    out
}

/// A subtree kept inside one reused whole is not asked for while the
/// edits are elsewhere; when an edit then lands beside it, it is still
/// kept (its bytes did not change over those keystrokes), and the check
/// still equals a fresh one.
#[test]
fn a_nested_subtree_left_alone_for_keystrokes_is_still_kept() {
    let mut text = docs_json();
    let mut session = Session::new();
    session.check(&text).expect("parses");
    // Three keystrokes in the first language's first version: the second
    // language is reused whole, its tabs not asked for.
    for _ in 0..3 {
        let next = type_after(&text, r#""version": "v0""#);
        session.edit(&text, &next);
        text = next;
        let (_, reused) = session.check(&text).expect("parses");
        assert!(reused > 0);
    }
    // Now a keystroke inside the second language's second version: its
    // other versions and its other tabs are kept from three keystrokes ago.
    let fr = text.find(r#""language": "fr""#).expect("fr");
    let at = fr + text[fr..].find(r#""tab": "T1""#).expect("a tab");
    let next = format!(
        "{}{}",
        &text[..at],
        type_after(&text[at..], r#""tab": "T1""#)
    );
    session.edit(&text, &next);
    let (_, reused) = session.check(&next).expect("parses");
    // The other two versions of `fr`, two tabs of this version, the first
    // language: at least five subtrees.
    assert!(reused >= 5, "only {reused} subtrees reused");
}
