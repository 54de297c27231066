//! Fixture sites under tests/fixtures/check/<rule>/<pass|fail|warn…>, one test
//! each, so that a failing site never hides the others (`cargo test --test
//! fixture_sites -- <rule>` runs one rule's sites). `check` runs on each
//! site and its diagnostics are compared with `expected.txt` beside it
//! (`UPDATE_EXPECT=1 cargo test` rewrites them). A `pass*` site must have no
//! errors or warnings; a `warn*` site warnings but no error (exit 0, and 1
//! with `--deny warnings`); a `fail*` site at least one error.
//!
//! Where the platform's verdict is recorded beside a site (`platform.txt`,
//! written by tools/schema/fixture_verdicts.sh with the platform's own
//! validator), docs-lsp reports an error exactly when the platform refuses
//! the site. A site the validator accepts may still fail in the prebuild;
//! its `platform.txt` then says so in a `# ` note ("the build fails").

use docs_lsp::cli::check::{self, Options};
use docs_lsp::cli::report::Format;
use libtest_mimic::{Arguments, Failed, Trial};
use std::path::{Path, PathBuf};

fn main() {
    let args = Arguments::from_args();
    let sites = fixtures();
    let judged = sites
        .iter()
        .filter(|d| d.join("platform.txt").exists())
        .count();
    let mut trials: Vec<Trial> = sites
        .into_iter()
        .map(|dir| {
            let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/check");
            let name = dir.strip_prefix(&root).unwrap().display().to_string();
            Trial::test(name, move || site(&dir))
        })
        .collect();
    // Verdicts are the point of the fixtures: losing them silently (a
    // renamed file, a moved folder) must fail.
    trials.push(Trial::test("recorded_platform_verdicts", move || {
        if judged >= 60 {
            Ok(())
        } else {
            Err(format!("only {judged} fixtures have a recorded verdict").into())
        }
    }));
    libtest_mimic::run(&args, trials).exit();
}

/// Every check on one fixture site.
fn site(dir: &Path) -> Result<(), Failed> {
    let (out, code) = render(dir, false);
    // expect_file! panics with its diff (and rewrites under UPDATE_EXPECT);
    // the harness catches the panic as this site's failure.
    expect_test::expect_file![dir.join("expected.txt")].assert_eq(&out);
    let name = dir.file_name().unwrap().to_str().unwrap();
    let has = |s: &str| out.contains(&format!(" {s} "));
    let fail = |why: &str| -> Result<(), Failed> { Err(format!("{why}:\n{out}").into()) };
    if name.starts_with("pass") {
        if code != 0 || has("error") || has("warning") {
            return fail("a pass site must have no errors or warnings");
        }
        if render(dir, true).1 != 0 {
            return fail("a pass site must pass with --deny warnings");
        }
    } else if name.starts_with("warn") {
        // Warnings only: the check passes, unless warnings are denied.
        if code != 0 || has("error") || !has("warning") {
            return fail("a warn site must have warnings and no error");
        }
        if render(dir, true).1 != 1 {
            return fail("a warn site must fail with --deny warnings");
        }
    } else if code != 1 {
        return fail("a fail site must have an error");
    }
    if let Ok(verdict) = std::fs::read_to_string(dir.join("platform.txt")) {
        let refused = verdict.lines().any(|l| l.starts_with("REFUSED"));
        let accepted = verdict.lines().any(|l| l.starts_with("ACCEPTED"));
        if refused == accepted {
            return fail("platform.txt holds no verdict");
        }
        let prebuild_fails = verdict
            .lines()
            .any(|l| l.starts_with("# ") && l.contains("the build fails"));
        if (code == 1) != (refused || prebuild_fails) {
            let says = if refused { "REFUSED" } else { "ACCEPTED" };
            return fail(&format!("the platform says {says}, docs-lsp says"));
        }
    }
    Ok(())
}

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
fn render(dir: &Path, deny_warnings: bool) -> (String, i32) {
    let mut buf = Vec::new();
    let code = check::run(
        dir,
        &Options {
            format: Format::Json,
            all: true,
            deny_warnings,
            // As the binary run from the site's folder names them.
            relative_to: vec![dir.to_path_buf()],
            color: false,
            since: None,
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
