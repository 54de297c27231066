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
        for f in snap.files.values() {
            assert!(!f.text().contains("hunter2"), "{} was read", f.path);
        }
    }
}
