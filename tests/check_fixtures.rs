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

/// Fixtures with the platform's verdict recorded beside them (`platform.txt`,
/// written by tools/schema/fixture_verdicts.sh with the platform's own
/// validator): docs-lsp reports an error exactly when the platform refuses
/// the site. A site the validator accepts may still fail in the prebuild;
/// its `platform.txt` then says so in a `# ` note ("the build fails").
#[test]
fn fixtures_agree_with_the_recorded_platform_verdict() {
    let mut judged = 0;
    for dir in fixtures() {
        let Ok(verdict) = std::fs::read_to_string(dir.join("platform.txt")) else {
            continue;
        };
        judged += 1;
        let refused = verdict.lines().any(|l| l.starts_with("REFUSED"));
        let accepted = verdict.lines().any(|l| l.starts_with("ACCEPTED"));
        assert!(refused != accepted, "{}: no verdict", dir.display());
        let prebuild_fails = verdict
            .lines()
            .any(|l| l.starts_with("# ") && l.contains("the build fails"));
        let (out, code) = render(&dir);
        let errors = code == 1;
        assert_eq!(
            errors,
            refused || prebuild_fails,
            "{}: the platform says {}, docs-lsp says\n{out}",
            dir.display(),
            if refused { "REFUSED" } else { "ACCEPTED" }
        );
    }
    assert!(
        judged >= 60,
        "only {judged} fixtures have a recorded verdict"
    );
}
