//! Fixture sites under tests/fixtures/check/<rule>/<pass|fail>: `check` runs
//! on each and its diagnostics are compared with `expected.txt` beside it
//! (`UPDATE_EXPECT=1 cargo test` rewrites them). A `pass*` site must have no
//! errors or warnings; a `warn*` site warnings but no error (exit 0, and 1
//! with `--deny warnings`); a `fail*` site at least one error.

use docs_lsp::cli::check::{self, Options};
use docs_lsp::cli::report::Format;
use std::path::{Path, PathBuf};

fn fixtures() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/check");
    let mut out = Vec::new();
    for rule in std::fs::read_dir(&root).unwrap().flatten() {
        for case in std::fs::read_dir(rule.path()).unwrap().flatten() {
            if case.path().is_dir() {
                out.push(case.path());
            }
        }
    }
    out.sort();
    out
}

/// One line per diagnostic: `path:line:col-line:col severity code message`.
pub fn render(dir: &Path) -> (String, i32) {
    render_with(dir, false)
}

fn render_with(dir: &Path, deny_warnings: bool) -> (String, i32) {
    let mut buf = Vec::new();
    let code = check::run(
        dir,
        &Options {
            format: Format::Json,
            all: true,
            deny_warnings,
        },
        &mut buf,
    );
    let v: serde_json::Value = serde_json::from_slice(&buf).unwrap();
    let mut lines = String::new();
    for d in v["diagnostics"].as_array().unwrap() {
        let r = &d["range"];
        lines.push_str(&format!(
            "{}:{}:{}-{}:{} {} {} {}\n",
            d["path"].as_str().unwrap(),
            r["start"]["line"],
            r["start"]["character"],
            r["end"]["line"],
            r["end"]["character"],
            d["severity"].as_str().unwrap(),
            d["code"].as_str().unwrap(),
            d["message"].as_str().unwrap()
        ));
    }
    lines.push_str(&format!("exit {code}\n"));
    (lines, code)
}

#[test]
fn fixture_sites_match_their_snapshots() {
    for dir in fixtures() {
        let (out, code) = render(&dir);
        expect_test::expect_file![dir.join("expected.txt")].assert_eq(&out);
        let name = dir.file_name().unwrap().to_str().unwrap();
        let has = |s: &str| out.contains(&format!(" {s} "));
        if name.starts_with("pass") {
            assert_eq!(code, 0, "{}: {out}", dir.display());
            assert!(!has("error") && !has("warning"), "{}: {out}", dir.display());
        } else if name.starts_with("warn") {
            // Warnings only: the check passes, unless warnings are denied.
            assert_eq!(code, 0, "{}: {out}", dir.display());
            assert!(!has("error") && has("warning"), "{}: {out}", dir.display());
            assert_eq!(render_with(&dir, true).1, 1, "{}", dir.display());
        } else {
            assert_eq!(code, 1, "{}: {out}", dir.display());
        }
        if name.starts_with("pass") {
            assert_eq!(render_with(&dir, true).1, 0, "{}", dir.display());
        }
    }
}

/// Human output shows where a duplicate's first entry is, as a note.
#[test]
fn human_output_notes_the_first_entry_of_a_duplicate() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/check/nav-rules/fail");
    let mut buf = Vec::new();
    check::run(
        &dir,
        &Options {
            format: Format::Human,
            all: false,
            deny_warnings: false,
        },
        &mut buf,
    );
    let out = String::from_utf8(buf).unwrap();
    let dup = out
        .split("\n\n")
        .find(|b| b.starts_with("warning[duplicate-page]"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        dup.ends_with("   = note: first listed here: docs.json:11:59"),
        "{dup}"
    );
}
