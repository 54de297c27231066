//! `docs-lsp check --since REV` through the real binary, on a git repository
//! the test builds with the `git` command: pages moved, deleted and renamed,
//! with and without redirects (exact, wildcard, a chain, a broken chain), a
//! page moved inside a version folder; and what it says on bad input.

use std::path::Path;
use std::process::{Command, Stdio};
#[path = "support/git.rs"]
mod git_support;
use git_support::git;

fn write(root: &Path, files: &[(&str, &str)]) {
    for (p, text) in files {
        let p = root.join(p);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
}

fn page(title: &str, body: &str) -> String {
    format!("---\ntitle: {title}\n---\n\n{body}\n")
}

const LONG: &str =
    "Install the CLI.\n\nRun the first command.\nCheck the output.\nRead the logs.\nAsk for help.";

fn docs_json(pages: &[&str], redirects: &str) -> String {
    let pages: Vec<String> = pages.iter().map(|p| format!("\"{p}\"")).collect();
    format!(
        "{{\n  \"$schema\": \"https://mintlify.com/docs.json\",\n  \"theme\": \"mint\",\n  \"name\": \"T\",\n  \"colors\": {{ \"primary\": \"#0D9373\" }},\n  \"navigation\": {{ \"pages\": [{}] }},\n  \"redirects\": [{redirects}\n  ]\n}}\n",
        pages.join(", ")
    )
}

/// A repository whose docs site (in `docs/`) was tagged `before`, then
/// changed in one commit.
fn repo() -> tempfile::TempDir {
    let t = tempfile::tempdir().unwrap();
    let root = t.path();
    git(root, &["init", "-q"]);
    let old_pages = [
        "index",
        "moved",
        "renamed",
        "deleted",
        "deleted-redirected",
        "blog/post-1",
        "blog/post-2",
        "old-chain",
        "chain-end",
        "broken-chain",
        "v1/setup",
        "similar",
    ];
    let mut files: Vec<(String, String)> = old_pages
        .iter()
        .map(|p| {
            (
                format!("docs/{p}.mdx"),
                page(p, &format!("# {p}\n\n{LONG}\n\nOnly in {p}.")),
            )
        })
        .collect();
    // A redirect the change drops: its source stops working.
    let old_redirects = r#"
    { "source": "/legacy", "destination": "/chain-end" }"#;
    files.push((
        "docs/docs.json".into(),
        docs_json(&old_pages, old_redirects),
    ));
    // A site of its own below the docs root, unchanged: its pages are none
    // of the root's URLs, at REV as on disk.
    files.push(("docs/other/docs.json".into(), docs_json(&["start"], "")));
    files.push(("docs/other/start.mdx".into(), page("Start", "# Start")));
    files.push(("README.md".into(), "# repo\n".into()));
    let files: Vec<(&str, &str)> = files
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    write(root, &files);
    git(root, &["add", "-A"]);
    git(root, &["commit", "-q", "-m", "before"]);
    git(root, &["tag", "before"]);

    let d = root.join("docs");
    std::fs::create_dir_all(d.join("guides")).unwrap();
    std::fs::create_dir_all(d.join("articles")).unwrap();
    std::fs::create_dir_all(d.join("v1/install")).unwrap();
    for (from, to) in [
        ("moved", "guides/moved"),
        ("renamed", "new-name"),
        ("blog/post-1", "articles/post-1"),
        ("blog/post-2", "articles/post-2"),
        ("v1/setup", "v1/install/setup"),
        ("similar", "guides/alike"),
    ] {
        git(&d, &["mv", &format!("{from}.mdx"), &format!("{to}.mdx")]);
    }
    for gone in ["deleted", "deleted-redirected", "old-chain", "broken-chain"] {
        git(&d, &["rm", "-q", &format!("{gone}.mdx")]);
    }
    // Renamed and edited: told by its lines, as git tells a rename.
    let alike = page("similar", &format!("# similar\n\n{LONG}\n\nNow edited."));
    let v1 = page(
        "v1/setup",
        &format!("# v1/setup\n\n{LONG}\n\nOnly in v1/setup.\nOne more line."),
    );
    let redirects = r#"
    { "source": "/renamed", "destination": "/new-name" },
    { "source": "/deleted-redirected", "destination": "/" },
    { "source": "/blog/:slug*", "destination": "/articles/:slug*" },
    { "source": "/old-chain", "destination": "/mid-chain" },
    { "source": "/mid-chain", "destination": "/chain-end" },
    { "source": "/broken-chain", "destination": "/nowhere" }"#;
    let new_pages = [
        "index",
        "guides/moved",
        "new-name",
        "articles/post-1",
        "articles/post-2",
        "chain-end",
        "v1/install/setup",
        "guides/alike",
    ];
    write(
        root,
        &[
            ("docs/guides/alike.mdx", &alike),
            ("docs/v1/install/setup.mdx", &v1),
            ("docs/docs.json", &docs_json(&new_pages, redirects)),
        ],
    );
    git(root, &["add", "-A"]);
    git(root, &["commit", "-q", "-m", "after"]);
    t
}

/// `docs-lsp check ARGS` in `cwd`: (stdout, stderr, exit status).
fn check(cwd: &Path, args: &[&str]) -> (String, String, i32) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_docs-lsp"));
    cmd.arg("check").args(args).current_dir(cwd);
    for v in ["GITHUB_WORKSPACE", "NO_COLOR", "CLICOLOR", "CLICOLOR_FORCE"] {
        cmd.env_remove(v);
    }
    let out = cmd.stdin(Stdio::null()).output().unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn urls_that_stop_working_are_errors_with_their_new_place() {
    let t = repo();
    let (out, err, status) = check(t.path(), &["docs", "--since", "before"]);
    expect_test::expect_file!["fixtures/since/expected.txt"].assert_eq(&out);
    assert_eq!((err.as_str(), status), ("", 1));
    // A subfolder of the site, and the revision as a commit and as `HEAD~1`:
    // the same findings.
    let (sub, _, _) = check(&t.path().join("docs/guides"), &["--since", "HEAD~1"]);
    assert_eq!(
        sub.matches("error[url-removed]").count(),
        out.matches("error[url-removed]").count(),
        "{sub}"
    );
    assert!(!out.contains("/other/start"), "{out}");
    // Against the last commit nothing stopped working.
    let (now, _, status) = check(t.path(), &["docs", "--since", "HEAD"]);
    assert!(!now.contains("url-removed"), "{now}");
    assert_eq!(status, 0, "{now}");
}

#[test]
fn every_output_format_carries_them() {
    let t = repo();
    let (json, _, _) = check(t.path(), &["docs", "--since", "before", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let codes: Vec<&str> = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|d| d["code"].as_str())
        .collect();
    assert_eq!(
        codes.iter().filter(|c| **c == "url-removed").count(),
        6,
        "{json}"
    );
    let (gh, _, _) = check(
        t.path(),
        &["docs", "--since", "before", "--format", "github"],
    );
    let lines: Vec<&str> = gh.lines().filter(|l| l.contains("url-removed")).collect();
    assert_eq!(lines.len(), 6, "{gh}");
    assert!(
        lines
            .iter()
            .all(|l| l.starts_with("::error file=docs/docs.json,line=7,")),
        "{gh}"
    );
}

#[test]
fn bad_input_is_a_clear_error_never_a_panic() {
    let t = repo();
    let (_, err, status) = check(t.path(), &["docs", "--since", "no-such-branch"]);
    assert!(
        err.contains("cannot resolve revision `no-such-branch`"),
        "{err}"
    );
    assert_eq!(status, 2);

    // Not a git repository.
    let plain = tempfile::tempdir().unwrap();
    write(
        plain.path(),
        &[("docs.json", "{}"), ("index.mdx", "# Home\n")],
    );
    let (_, err, status) = check(plain.path(), &["--since", "HEAD"]);
    assert!(err.contains("is not in a git repository"), "{err}");
    assert_eq!(status, 2);

    // A shallow clone that lacks the revision says so.
    let shallow = tempfile::tempdir().unwrap();
    let url = format!("file://{}", t.path().display());
    git(shallow.path(), &["clone", "-q", "--depth", "1", &url, "c"]);
    let clone = shallow.path().join("c");
    let (_, err, status) = check(&clone, &["docs", "--since", "HEAD~1"]);
    assert!(err.contains("this is a shallow clone"), "{err}");
    assert_eq!(status, 2);

    // A site that did not exist at REV: nothing of it to compare.
    let (out, err, status) = check(t.path(), &["docs", "--since", "before"]);
    assert_eq!((err.as_str(), status), ("", 1), "{out}");
    git(t.path(), &["checkout", "-q", "-b", "empty", "before"]);
    git(t.path(), &["rm", "-q", "-r", "docs"]);
    git(t.path(), &["commit", "-q", "-m", "no site"]);
    git(t.path(), &["checkout", "-q", "main"]);
    let (out, err, status) = check(t.path(), &["docs", "--since", "empty"]);
    assert!(err.contains("had no docs.json at empty"), "{err}");
    assert!(!out.contains("url-removed"), "{out}");
    assert_eq!(status, 0, "{out}");

    // A binary page and a page over the size limit at REV: read as the
    // disk loader reads them (unreadable files), and still served URLs.
    write(t.path(), &[("docs/huge.mdx", "")]);
    std::fs::write(t.path().join("docs/binary.mdx"), b"\x00\xff\xfe binary").unwrap();
    std::fs::write(
        t.path().join("docs/huge.mdx"),
        "x".repeat(9 * 1024 * 1024).as_bytes(),
    )
    .unwrap();
    git(t.path(), &["add", "-A"]);
    git(t.path(), &["commit", "-q", "-m", "odd files"]);
    git(t.path(), &["rm", "-q", "docs/binary.mdx", "docs/huge.mdx"]);
    git(t.path(), &["commit", "-q", "-m", "odd files gone"]);
    let (out, err, status) = check(t.path(), &["docs", "--since", "HEAD~1"]);
    assert_eq!(err, "", "{out}");
    assert_eq!(status, 1, "{out}");
    for url in ["`/binary`", "`/huge`"] {
        assert!(out.contains(url), "{url} in {out}");
    }
}

/// What the revision served through wildcard redirect sources, and what its
/// ignore files in folders left out.
#[test]
fn wildcard_sources_and_folder_ignore_files_at_the_revision() {
    let t = tempfile::tempdir().unwrap();
    let root = t.path();
    git(root, &["init", "-q"]);
    let before = r#"
    { "source": "/old/:slug*", "destination": "/new/:slug*" },
    { "source": "/ext/*", "destination": "https://example.com/*" },
    { "source": "/gone-ext/:p", "destination": "https://example.com/:p" },
    { "source": "/kept/:slug", "destination": "/new/:slug" }"#;
    let pages = [
        "index",
        "new",
        "new/a",
        "new/b",
        "new/c",
        "new/d",
        "guides/public",
    ];
    let mut files: Vec<(String, String)> = pages
        .iter()
        .map(|p| (format!("{p}.mdx"), page(p, &format!("# {p}"))))
        .collect();
    files.push(("docs.json".into(), docs_json(&pages, before)));
    // Left out by the folder's own ignore file: never served.
    files.push(("guides/.gitignore".into(), "wip.mdx\n".into()));
    files.push(("guides/wip.mdx".into(), page("wip", "# wip")));
    let refs: Vec<(&str, &str)> = files
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    write(root, &refs);
    git(root, &["add", "-A", "-f"]);
    git(root, &["commit", "-q", "-m", "before"]);
    git(root, &["tag", "before"]);
    // Today: `/old/:slug*` and `/gone-ext/:p` dropped; `/ext/*` covered by
    // a wider source; the ignored page deleted.
    let after = r#"
    { "source": "/ext/:rest*", "destination": "https://example.com/:rest*" },
    { "source": "/kept/:slug", "destination": "/new/:slug" }"#;
    write(root, &[("docs.json", &docs_json(&pages, after))]);
    git(root, &["rm", "-q", "--cached", "guides/wip.mdx"]);
    std::fs::remove_file(root.join("guides/wip.mdx")).unwrap();
    git(root, &["add", "-A"]);
    git(root, &["commit", "-q", "-m", "after"]);

    let (out, err, status) = check(root, &["--since", "before"]);
    assert_eq!((err.as_str(), status), ("", 1), "{out}");
    let removed: Vec<&str> = out.lines().filter(|l| l.contains("url-removed")).collect();
    let has = |needle: &str| removed.iter().any(|l| l.contains(needle));
    // The URLs the dropped `/old/:slug*` answered, `/old` itself among
    // them (`:slug*` takes zero segments): one error, a few named.
    assert!(
        has(
            "5 URLs redirected through `/old/:slug*` at `before` stop working (`/old` -> `/new`, `/old/a` -> `/new/a`, `/old/b` -> `/new/b`, and 2 more)"
        ),
        "{out}"
    );
    assert!(
        out.contains("note: `/old/d` -> `/new/d` at `before`, gone now"),
        "{out}"
    );
    assert!(
        has(
            "`/gone-ext/:p` redirected to `https://example.com/:p` at `before`; no redirect source covers the URLs it matched"
        ),
        "{out}"
    );
    // Covered: `/ext/*` by `/ext/:rest*`, `/kept/a` by its own redirect.
    assert!(!has("`/ext/*`") && !has("`/kept/"), "{out}");
    // Ignored at the revision by `guides/.gitignore`: never served.
    assert!(!out.contains("guides/wip"), "{out}");
    assert_eq!(removed.len(), 2, "{out}");
    // JSON: every URL of the group in its related list.
    let (json, _, _) = check(root, &["--since", "before", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let grouped = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["message"].as_str().unwrap().starts_with("5 URLs"))
        .unwrap_or_else(|| panic!("{json}"));
    assert_eq!(
        grouped["related"].as_array().map(Vec::len),
        Some(5),
        "{json}"
    );
}
