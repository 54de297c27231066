//! Bad input gets a clear diagnostic, never a panic, a hang or a read
//! outside the docs root.

use docs_lsp::cli::check::{self, Options};
use docs_lsp::cli::report::Format;
use std::path::Path;

fn site(dir: &Path, nav_pages: &str) {
    std::fs::write(
        dir.join("docs.json"),
        format!(r##"{{"theme":"mint","name":"H","colors":{{"primary":"#0D9373"}},"navigation":{{"pages":[{nav_pages}]}}}}"##),
    )
    .unwrap();
}

fn run(dir: &Path) -> (i32, String) {
    let mut buf = Vec::new();
    let code = check::run(
        dir,
        &Options {
            format: Format::Json,
            all: true,
            deny_warnings: false,
            ..Default::default()
        },
        &mut buf,
    );
    (code, String::from_utf8(buf).unwrap())
}

#[test]
fn binary_and_invalid_utf8_pages_get_a_diagnostic() {
    let t = tempfile::tempdir().unwrap();
    site(t.path(), r#""bin","latin1""#);
    std::fs::write(t.path().join("bin.mdx"), [0u8, 159, 146, 150, 0, 1, 2]).unwrap();
    std::fs::write(t.path().join("latin1.mdx"), b"---\ntitle: caf\xe9\n---\n").unwrap();
    let (code, out) = run(t.path());
    assert_eq!(code, 1);
    assert_eq!(out.matches("file-unreadable").count(), 2, "{out}");
    assert!(out.contains("not UTF-8"), "{out}");
}

#[test]
fn deep_nesting_and_huge_json_are_reported_not_crashed() {
    let t = tempfile::tempdir().unwrap();
    let deep = "[".repeat(100_000) + &"]".repeat(100_000);
    std::fs::write(t.path().join("docs.json"), &deep).unwrap();
    let (code, out) = run(t.path());
    assert_eq!(code, 1);
    assert!(out.contains("nesting deeper"), "{out}");
    // A 50 MB spec named by the navigation: over the size limit, reported.
    let t = tempfile::tempdir().unwrap();
    std::fs::write(
        t.path().join("docs.json"),
        r##"{"theme":"mint","name":"H","colors":{"primary":"#0D9373"},"navigation":{"groups":[{"group":"API","openapi":"big.json","pages":["GET /x"]}]}}"##,
    )
    .unwrap();
    let mut big = String::from("{\"openapi\":\"3.0.0\",\"x\":\"");
    big.push_str(&"a".repeat(50 * 1024 * 1024));
    big.push_str("\"}");
    std::fs::write(t.path().join("big.json"), big).unwrap();
    let (_, out) = run(t.path());
    assert!(
        out.contains("over the 34 MB limit") || out.contains("limit"),
        "{out}"
    );
}

#[test]
fn yaml_alias_bomb_in_front_matter() {
    let t = tempfile::tempdir().unwrap();
    site(t.path(), r#""bomb""#);
    let mut fm = String::from("---\na: &a [x, x, x, x, x, x, x, x, x, x]\n");
    let mut prev = 'a';
    for c in 'b'..='k' {
        fm.push_str(&format!("{c}: &{c} [*{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}]\n"));
        prev = c;
    }
    fm.push_str("---\n");
    std::fs::write(t.path().join("bomb.mdx"), fm).unwrap();
    let (code, out) = run(t.path());
    assert_eq!(code, 1);
    assert!(out.contains("alias"), "{out}");
}

#[cfg(unix)]
#[test]
fn symlinks_out_of_the_root_fifos_and_loops_are_not_followed() {
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(
        outside.path().join("secret.mdx"),
        "---\ntitle: SECRET\n---\n",
    )
    .unwrap();
    let t = tempfile::tempdir().unwrap();
    site(t.path(), r#""secret", "fifo", "loop/x""#);
    std::os::unix::fs::symlink(
        outside.path().join("secret.mdx"),
        t.path().join("secret.mdx"),
    )
    .unwrap();
    std::os::unix::fs::symlink(t.path(), t.path().join("loop")).unwrap();
    let fifo = t.path().join("fifo.mdx");
    let status = std::process::Command::new("mkfifo").arg(&fifo).status();
    let (code, out) = run(t.path());
    assert_eq!(code, 1);
    assert!(!out.contains("SECRET"));
    assert!(out.contains("page \\\"secret\\\" has no file"), "{out}");
    if status.is_ok_and(|s| s.success()) {
        assert!(out.contains("page \\\"fifo\\\" has no file"), "{out}");
    }
}

#[test]
fn ref_paths_escaping_the_root_are_refused() {
    let t = tempfile::tempdir().unwrap();
    std::fs::write(
        t.path().join("docs.json"),
        r##"{"theme":"mint","name":"H","colors":{"primary":"#0D9373"},"navigation":{"$ref":"../../etc/passwd"},"footer":{"$ref":"/etc/passwd"}}"##,
    )
    .unwrap();
    let (code, out) = run(t.path());
    assert_eq!(code, 1);
    assert!(out.contains("ref-outside-root"), "{out}");
    assert!(!out.contains("root:x:0"), "{out}");
}

#[test]
fn missing_path_and_no_docs_json_exit_2() {
    let t = tempfile::tempdir().unwrap();
    assert_eq!(run(&t.path().join("nope")).0, 2);
    assert_eq!(run(t.path()).0, 2);
}

/// A file event for a symlink that leads out of the root (directly, or
/// through a symlinked directory) does not read the target.
#[cfg(unix)]
#[test]
fn file_events_do_not_follow_symlinks_out_of_the_root() {
    use docs_lsp::lsp::world::World;
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(
        outside.path().join("secret.json"),
        r#"{"password":"hunter2"}"#,
    )
    .unwrap();
    let t = tempfile::tempdir().unwrap();
    site(t.path(), r#""index""#);
    std::os::unix::fs::symlink(outside.path().join("secret.json"), t.path().join("s.json"))
        .unwrap();
    std::os::unix::fs::symlink(outside.path(), t.path().join("dir")).unwrap();
    let world = World::default();
    let state = world.load_root(t.path());
    for p in [t.path().join("s.json"), t.path().join("dir/secret.json")] {
        world.reload_from_disk(&p);
        let (_, snap) = state.snapshot();
        for f in snap.files() {
            assert!(!f.text().contains("hunter2"), "{} was read", f.path);
        }
    }
}

/// `openapi` paths in docs.json and in front matter that leave the root
/// (relative or absolute) get a diagnostic and are never read.
#[test]
fn openapi_and_front_matter_paths_escaping_the_root_are_refused() {
    let outside = tempfile::tempdir().unwrap();
    let secret = outside.path().join("secret.json");
    std::fs::write(
        &secret,
        r#"{"openapi":"3.0.0","paths":{"/hunter2":{"get":{}}}}"#,
    )
    .unwrap();
    let t = tempfile::tempdir().unwrap();
    let rel = format!(
        "../{}/secret.json",
        outside.path().file_name().unwrap().to_string_lossy()
    );
    std::fs::write(
        t.path().join("docs.json"),
        format!(
            r##"{{"theme":"mint","name":"H","colors":{{"primary":"#0D9373"}},"navigation":{{"groups":[
              {{"group":"A","openapi":"{rel}","pages":["GET /hunter2"]}},
              {{"group":"B","openapi":"{}","pages":["page"]}},
              {{"group":"C","openapi":"../../../../../../etc/passwd","pages":["GET /x"]}}]}}}}"##,
            secret.display()
        ),
    )
    .unwrap();
    std::fs::write(
        t.path().join("page.mdx"),
        format!("---\ntitle: P\nopenapi: {rel} GET /hunter2\n---\n"),
    )
    .unwrap();
    let (code, out) = run(t.path());
    assert_eq!(code, 1, "{out}");
    // Reported as not found in the site, never as found in the outside file.
    assert!(!out.contains("file-unreadable"), "{out}");
    assert!(
        out.matches("leads outside the docs root").count() >= 2,
        "{out}"
    );
}

/// A 100,000-deep YAML spec and a YAML alias bomb in a spec are reported,
/// not crashed on or expanded.
#[test]
fn deep_yaml_and_alias_bomb_specs() {
    let t = tempfile::tempdir().unwrap();
    std::fs::write(
        t.path().join("docs.json"),
        r##"{"theme":"mint","name":"H","colors":{"primary":"#0D9373"},"navigation":{"groups":[{"group":"A","openapi":"deep.yaml","pages":["GET /x"]},{"group":"B","openapi":"bomb.yaml","pages":["GET /y"]}]}}"##,
    )
    .unwrap();
    let deep =
        "openapi: 3.0.0\nx: ".to_string() + &"[".repeat(100_000) + &"]".repeat(100_000) + "\n";
    std::fs::write(t.path().join("deep.yaml"), deep).unwrap();
    let mut bomb = String::from("openapi: 3.0.0\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
    for i in 1..30 {
        let p = i - 1;
        bomb.push_str(&format!(
            "a{i}: &a{i} [*a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}]\n"
        ));
    }
    bomb.push_str("paths: {}\n");
    std::fs::write(t.path().join("bomb.yaml"), bomb).unwrap();
    let start = std::time::Instant::now();
    let (code, out) = run(t.path());
    assert_eq!(code, 1, "{out}");
    assert!(
        start.elapsed() < std::time::Duration::from_secs(30),
        "too slow"
    );
    assert!(out.contains("recursion limit"), "{out}");
    assert!(out.contains("alias bomb"), "{out}");
}

/// A file that vanishes between listing and reading is an `Io` error (a
/// diagnostic), not a panic.
#[test]
fn a_file_that_vanished_is_an_io_error() {
    use docs_lsp::model::site::{FileKind, Unreadable};
    let t = tempfile::tempdir().unwrap();
    let p = t.path().join("gone.json");
    std::fs::write(&p, "{}").unwrap();
    std::fs::remove_file(&p).unwrap();
    let r = docs_lsp::workspace::load::read_file(&p, FileKind::Json, true);
    assert!(matches!(r, Err(Unreadable::Io(_))), "{r:?}");
}

/// Completion, hover and definition ask where the cursor is in docs.json
/// exactly while it is broken: the tolerant tree answers on hostile text
/// (deep nesting, a line-long open string, an open comment, binary bytes,
/// mismatched brackets) at any offset, without a panic and in bounded time.
#[test]
fn cursor_questions_on_hostile_docs_json() {
    use docs_lsp::syntax::json::query::cursor_for;
    let texts = [
        "[".repeat(200_000),
        "{\"a\":".repeat(100_000),
        "]}".repeat(100_000),
        format!("{{\"a\": \"{}", "x".repeat(1_000_000)),
        format!("{{/*{}", "*".repeat(1_000_000)),
        String::from_utf8_lossy(&(0..=255u8).cycle().take(500_000).collect::<Vec<_>>())
            .into_owned(),
        "{[}]".repeat(100_000),
    ];
    // Each text is about 1 MB and read five times: a reader that is not
    // linear would not end (CI's time limit), which no timing here decides.
    for t in &texts {
        for k in 0..=4 {
            let off = t.len() * k / 4;
            let c = cursor_for(t, off, (t.as_str(), None));
            assert!(
                c.replace.end <= t.len() && c.path.len() < 512,
                "{:?}",
                c.path.len()
            );
        }
    }
}
