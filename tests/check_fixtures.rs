//! The `check` command's output formats, on fixture sites. Each fixture
//! site's own test (its snapshot, its platform verdict) is in
//! `tests/fixture_sites.rs`, one test per site.

use docs_lsp::cli::check::{self, Options};
use docs_lsp::cli::report::Format;
use std::path::Path;

#[test]
fn human_output_notes_the_first_entry_of_a_duplicate() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/check/nav-rules/fail");
    let mut buf = Vec::new();
    check::run(
        &dir,
        &Options {
            format: Format::Human,
            relative_to: vec![dir.clone()],
            ..Options::default()
        },
        &mut buf,
    );
    let out = String::from_utf8(buf).unwrap();
    let dup = out
        .split("\n\n")
        .find(|b| b.contains("warning[duplicate-page]"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        dup.ends_with("   = note: first listed here: docs.json:11:59"),
        "{dup}"
    );
}
// The binary itself: how it names files, finds the site and prints.

use std::process::{Command, Stdio};

/// A repository with a docs site in `docs/`: an error and a warning in
/// `docs/admins/page.mdx`, an error in `docs/docs.json`, and a stale copy of
/// docs.json in `docs/ja/` (a translation tool's), which is no site.
fn repo() -> tempfile::TempDir {
    let t = tempfile::tempdir().unwrap();
    let docs_json = r##"{"theme":"mint","name":"T","colors":{"primary":"#0D9373"},
"navigation":{"pages":["index","admins/page","admins/gone","ja/index"]}}"##;
    for (p, text) in [
        ("docs/docs.json", docs_json),
        ("docs/ja/docs.json", docs_json),
        ("docs/index.mdx", "---\ntitle: Home\n---\n\n# Home\n"),
        ("docs/ja/index.mdx", "---\ntitle: Home\n---\n\n# Home\n"),
        (
            "docs/admins/page.mdx",
            "---\ntitle: Admins\n---\n\nSee [this](/index#nope) and [that](/nowhere).\n",
        ),
        ("docs/ja/sub/empty.txt", ""),
        ("other/empty.txt", ""),
    ] {
        let p = t.path().join(p);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    t
}

/// Runs `docs-lsp check ARGS` in `cwd` with stdout a pipe and the colour
/// and GitHub variables cleared, then `env` set; (stdout, stderr, exit).
fn bin(cwd: &Path, args: &[&str], env: &[(&str, &str)]) -> (String, String, i32) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_docs-lsp"));
    cmd.arg("check").args(args).current_dir(cwd);
    for v in ["GITHUB_WORKSPACE", "NO_COLOR", "CLICOLOR", "CLICOLOR_FORCE"] {
        cmd.env_remove(v);
    }
    cmd.envs(env.iter().copied());
    let out = cmd.stdin(Stdio::null()).output().unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap(),
    )
}

/// The `path` of every diagnostic of a JSON report, sorted, deduplicated.
fn json_paths(out: &str) -> Vec<String> {
    let v: serde_json::Value = serde_json::from_str(out).unwrap();
    let mut paths: Vec<String> = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["path"].as_str().unwrap().to_string())
        .collect();
    paths.dedup();
    paths.sort();
    paths.dedup();
    paths
}

/// The `file=` of every GitHub annotation, sorted, deduplicated.
fn github_files(out: &str) -> Vec<String> {
    let mut files: Vec<String> = out
        .lines()
        .filter_map(|l| {
            l.split_once(" file=")?
                .1
                .split_once(',')
                .map(|f| f.0.to_string())
        })
        .collect();
    files.sort();
    files.dedup();
    files
}

/// The files of the human report's `-->` lines, sorted, deduplicated.
fn human_files(out: &str) -> Vec<String> {
    let mut files: Vec<String> = out
        .lines()
        .filter_map(|l| {
            let at = l.trim_start().strip_prefix("--> ")?;
            // path:line:col
            let mut parts = at.rsplitn(3, ':');
            parts.next()?;
            parts.next()?;
            parts.next().map(str::to_string)
        })
        .collect();
    files.sort();
    files.dedup();
    files
}

#[test]
fn paths_are_relative_to_the_current_folder_in_every_format() {
    let t = repo();
    let top = t.path();
    let want = ["docs/admins/page.mdx", "docs/docs.json"];
    // From the repository's root, as a GitHub workflow step runs it.
    let (out, err, code) = bin(top, &["docs", "--format", "github"], &[]);
    assert_eq!(
        (code, github_files(&out)),
        (1, want.map(String::from).to_vec()),
        "{out}{err}"
    );
    let (out, _, _) = bin(top, &["docs", "--format", "json"], &[]);
    assert_eq!(json_paths(&out), want);
    let (out, _, _) = bin(top, &["docs"], &[]);
    assert_eq!(human_files(&out), want, "{out}");
    // PATH `.` holds the docs root below it: the same names.
    let (out, _, _) = bin(top, &[".", "--format", "json"], &[]);
    assert_eq!(json_paths(&out), want);

    // From the site's folder: relative to it; GitHub's paths stay relative
    // to the checkout it was given.
    let docs = top.join("docs");
    let (out, _, _) = bin(&docs, &["--format", "json"], &[]);
    assert_eq!(json_paths(&out), ["admins/page.mdx", "docs.json"]);
    let ws = [("GITHUB_WORKSPACE", top.to_str().unwrap())];
    let (out, _, _) = bin(&docs, &["--format", "github"], &ws);
    assert_eq!(github_files(&out), want);
    // Without it, GitHub's paths are relative to the current folder too.
    let (out, _, _) = bin(&docs, &["--format", "github"], &[]);
    assert_eq!(github_files(&out), ["admins/page.mdx", "docs.json"]);

    // Files outside the current folder (and GITHUB_WORKSPACE) keep an
    // absolute path, which still opens.
    let abs = top.canonicalize().unwrap();
    let abs_want = want.map(|w| abs.join(w).display().to_string()).to_vec();
    let other = top.join("other");
    let elsewhere = [("GITHUB_WORKSPACE", other.to_str().unwrap())];
    let (out, _, _) = bin(&other, &["../docs", "--format", "github"], &elsewhere);
    assert_eq!(github_files(&out), abs_want);
    let (out, _, _) = bin(&other, &["../docs", "--format", "json"], &[]);
    assert_eq!(json_paths(&out), abs_want);
    let (out, _, _) = bin(&other, &["../docs"], &[]);
    assert_eq!(human_files(&out), abs_want, "{out}");
    for f in abs_want {
        assert!(Path::new(&f).is_file(), "{f}");
    }
}

#[test]
fn a_folder_inside_a_site_checks_the_site_it_is_in() {
    let t = repo();
    let top = t.path();
    let abs = top.canonicalize().unwrap();
    let site_json = abs.join("docs/docs.json").display().to_string();
    // Run in a subfolder, as git is: the nearest site above.
    let admins = top.join("docs/admins");
    let (out, err, code) = bin(&admins, &[], &[]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.starts_with(&format!(
            "note: no docs.json in the current folder or below it: checking the site of {site_json}"
        )),
        "{out}"
    );
    assert_eq!(
        human_files(&out),
        [site_json.clone(), "page.mdx".to_string()]
    );
    // A subfolder given as PATH; machine formats say it on stderr only.
    let (out, err, code) = bin(top, &["docs/admins", "--format", "json"], &[]);
    assert_eq!(code, 1);
    assert_eq!(json_paths(&out), ["docs/admins/page.mdx", "docs/docs.json"]);
    assert!(err.contains("no docs.json in docs/admins"), "{err}");
    // A page given as PATH.
    let (out, _, code) = bin(top, &["docs/admins/page.mdx", "--format", "json"], &[]);
    assert_eq!((code, json_paths(&out).len()), (1, 2), "{out}");
    // Under a language folder's stale copy of docs.json: the site above
    // (the copy is no site), as the editor decides for a file there.
    let (out, _, _) = bin(&top.join("docs/ja/sub"), &["--format", "json"], &[]);
    assert_eq!(
        json_paths(&out),
        [
            abs.join("docs/admins/page.mdx").display().to_string(),
            site_json
        ]
    );
}

/// Runs `docs-lsp check ARGS` in `cwd` with stdout a terminal (a
/// pseudo-terminal this test reads), TERM set and the colour variables
/// cleared, then `env` set: what it printed.
#[cfg(unix)]
fn on_terminal(cwd: &Path, args: &[&str], env: &[(&str, &str)]) -> String {
    use std::io::Read;
    use std::os::fd::FromRawFd;
    // SAFETY: plain libc calls on a descriptor this function owns; the
    // name `ptsname` returns is copied before any other pty call.
    let (master, slave) = unsafe {
        let fd = libc::posix_openpt(libc::O_RDWR | libc::O_NOCTTY);
        assert!(fd >= 0, "posix_openpt");
        assert_eq!(libc::grantpt(fd), 0);
        assert_eq!(libc::unlockpt(fd), 0);
        let name = std::ffi::CStr::from_ptr(libc::ptsname(fd))
            .to_str()
            .unwrap()
            .to_string();
        let master = std::fs::File::from_raw_fd(fd);
        let slave = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(name)
            .unwrap();
        (master, slave)
    };
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_docs-lsp"));
    cmd.arg("check").args(args).current_dir(cwd);
    for v in ["GITHUB_WORKSPACE", "NO_COLOR", "CLICOLOR", "CLICOLOR_FORCE"] {
        cmd.env_remove(v);
    }
    cmd.env("TERM", "xterm-256color").envs(env.iter().copied());
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(slave)
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Drop `cmd`: it holds the parent's copy of the terminal's other end,
    // and the reader sees the end only once every copy is closed.
    drop(cmd);
    // Read while the child writes: a terminal holds only a few KB.
    let reader = std::thread::spawn(move || {
        let mut master = master;
        let mut out = Vec::new();
        let mut buf = [0u8; 4096];
        // Linux answers EIO, not 0, once the other end is closed.
        while let Ok(n) = master.read(&mut buf) {
            if n == 0 {
                break;
            }
            out.extend_from_slice(&buf[..n]);
        }
        out
    });
    child.wait().unwrap();
    String::from_utf8(reader.join().unwrap()).unwrap()
}

/// `1m` (bold) then `31m` (red): how anstyle writes an error's style.
const RED: &str = "\x1b[1m\x1b[31m";
const YELLOW: &str = "\x1b[1m\x1b[33m";
const DIM: &str = "\x1b[2m";

#[test]
fn human_output_is_coloured_on_a_terminal_unless_told_otherwise() {
    let t = repo();
    let top = t.path();
    // A pipe: no colour; CLICOLOR_FORCE asks for it anyway, NO_COLOR wins.
    let (plain, _, _) = bin(top, &["docs"], &[]);
    assert!(!plain.contains('\x1b'), "{plain}");
    let (forced, _, _) = bin(top, &["docs"], &[("CLICOLOR_FORCE", "1")]);
    assert!(forced.contains(&format!("{RED}error")), "{forced}");
    assert!(forced.contains(&format!("{YELLOW}warning")), "{forced}");
    assert!(forced.contains(&format!("{DIM}[broken-link]")), "{forced}");
    let none = [("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")];
    assert!(!bin(top, &["docs"], &none).0.contains('\x1b'));
    // Machine formats never.
    let (json, _, _) = bin(
        top,
        &["docs", "--format", "json"],
        &[("CLICOLOR_FORCE", "1")],
    );
    assert!(!json.contains('\x1b'), "{json}");
    // Without the colour codes, the same text.
    let stripped = forced
        .split('\x1b')
        .enumerate()
        .map(|(i, part)| {
            if i == 0 {
                part
            } else {
                part.split_once('m').unwrap().1
            }
        })
        .collect::<String>();
    assert_eq!(stripped, plain);
    #[cfg(unix)]
    {
        let tty = on_terminal(top, &["docs"], &[]);
        assert!(tty.contains(&format!("{RED}error")), "{tty}");
        let tty = on_terminal(top, &["docs"], &[("NO_COLOR", "1")]);
        assert!(tty.contains("error[") && !tty.contains('\x1b'), "{tty}");
    }
}

#[test]
fn human_output_lists_errors_before_warnings_and_ends_with_the_counts() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/check/links/fail");
    let (out, _, code) = bin(&dir, &[], &[]);
    assert_eq!(code, 1);
    let heads: Vec<&str> = out
        .lines()
        .filter_map(|l| l.split_once('[').map(|h| h.0))
        .filter(|h| ["error", "warning"].contains(h))
        .collect();
    let errors = heads.iter().filter(|h| **h == "error").count();
    let warnings = heads.len() - errors;
    // The fixture mixes them in every file.
    assert!(errors > 2 && warnings > 2, "{out}");
    assert!(heads[..errors].iter().all(|h| *h == "error"), "{heads:?}");
    // Within a severity, in file order.
    let files = |sev: &str| -> Vec<String> {
        let mut in_sev = false;
        let mut files = Vec::new();
        for l in out.lines() {
            if let Some((h, _)) = l.split_once('[') {
                in_sev = h == sev;
            }
            if in_sev && let Some(f) = human_files(l).pop() {
                files.push(f);
            }
        }
        files
    };
    for sev in ["error", "warning"] {
        let f = files(sev);
        assert!(f.is_sorted() && !f.is_empty(), "{sev}: {f:?}");
    }
    let json: serde_json::Value =
        serde_json::from_str(&bin(&dir, &["--format", "json"], &[]).0).unwrap();
    let in_files = json_paths(&bin(&dir, &["--format", "json"], &[]).0).len();
    let files_checked = json["summary"]["files"].as_u64().unwrap();
    assert_eq!(
        out.lines().last().unwrap(),
        format!(
            "{errors} errors, {warnings} warnings in {in_files} files ({files_checked} files checked in 1 docs site)"
        )
    );
    assert_eq!(json["summary"]["errors"], errors);
    // A clean site says so.
    let clean = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/check/links/pass");
    let (out, _, code) = bin(&clean, &[], &[]);
    assert_eq!(code, 0);
    assert!(out.starts_with("no errors or warnings ("), "{out}");
}
