//! Finding the platform's shared folder (real sites and specs in
//! `shared/corpus`) for the tests that read it. It lives outside the
//! repository, so a checkout may lack it: such a test then says so where
//! `cargo test` shows it, and fails when `DOCS_LSP_REQUIRE_CORPUS=1` (for
//! CI and machines that are meant to have it). `DOCS_LSP_SHARED=DIR` names
//! the shared folder when it is elsewhere.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Where the shared folder is looked for: `DOCS_LSP_SHARED`, else beside
/// the repository or beside the folder of its worktrees (`/work/wt/<name>`
/// finds `/work/shared`).
fn candidates() -> Vec<PathBuf> {
    if let Some(dir) = std::env::var_os("DOCS_LSP_SHARED").filter(|d| !d.is_empty()) {
        return vec![PathBuf::from(dir)];
    }
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    vec![here.join("../shared"), here.join("../../shared")]
}

/// `shared/<rel>` (a file or folder), or `None` after saying on stderr that
/// `test` did not run. Written with `writeln!` to the process's stderr:
/// `cargo test` captures `eprintln!` of a passing test, which would hide a
/// test that silently checked nothing.
///
/// # Panics
/// When it is missing and `DOCS_LSP_REQUIRE_CORPUS=1`.
pub fn shared(rel: &str, test: &str) -> Option<PathBuf> {
    let require = std::env::var_os("DOCS_LSP_REQUIRE_CORPUS").is_some_and(|v| v == "1");
    shared_in(&candidates(), rel, test, require, &mut std::io::stderr())
}

/// [`shared`] with its places, `DOCS_LSP_REQUIRE_CORPUS` and stderr given.
fn shared_in(
    places: &[PathBuf],
    rel: &str,
    test: &str,
    require: bool,
    say: &mut dyn Write,
) -> Option<PathBuf> {
    let tried: Vec<PathBuf> = places.iter().map(|p| p.join(rel)).collect();
    if let Some(found) = tried.iter().find(|p| p.exists()) {
        return Some(found.clone());
    }
    let tried: Vec<String> = tried.iter().map(|p| p.display().to_string()).collect();
    let tried = tried.join(" or ");
    assert!(
        !require,
        "{test}: shared/{rel} is missing (looked for {tried}) and DOCS_LSP_REQUIRE_CORPUS=1"
    );
    let _ = writeln!(
        say,
        "\n*** SKIPPED {test}: shared/{rel} is missing (looked for {tried}); \
         the test checked nothing. DOCS_LSP_REQUIRE_CORPUS=1 makes this a failure. ***\n"
    );
    None
}

#[test]
fn a_missing_shared_folder_is_a_skip_or_with_require_corpus_a_failure() {
    let t = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(t.path().join("b/corpus/sites")).unwrap();
    let places = [t.path().join("a"), t.path().join("b")];
    let mut said = Vec::new();
    assert_eq!(
        shared_in(&places, "corpus/sites", "found", true, &mut said),
        Some(t.path().join("b/corpus/sites"))
    );
    assert!(said.is_empty());
    assert_eq!(
        shared_in(&places, "corpus/specs", "skipped", false, &mut said),
        None
    );
    let said = String::from_utf8(said).unwrap();
    assert!(
        said.contains("*** SKIPPED skipped: shared/corpus/specs is missing"),
        "{said}"
    );
    let failed = std::panic::catch_unwind(|| {
        shared_in(&places, "corpus/specs", "fails", true, &mut Vec::new())
    });
    let msg = failed.unwrap_err();
    let msg = msg.downcast_ref::<String>().unwrap();
    assert!(
        msg.contains("fails: shared/corpus/specs is missing"),
        "{msg}"
    );
}
