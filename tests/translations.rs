//! `docs-lsp translations`: the fixture sites under tests/fixtures/translations
//! against their `expected.json` (`UPDATE_EXPECT=1` rewrites it), read from a
//! copy outside any git repository (this checkout is one, and the ages would
//! follow its commits); and the ages on a repository each test builds with
//! the `git` command.

use docs_lsp::cli::translations::{self, TranslationsFormat};
use docs_lsp::workspace::git_history;
use std::path::{Path, PathBuf};
use std::process::Command;
#[path = "support/git.rs"]
mod git_support;

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), target).unwrap();
        }
    }
}

fn report(site: &Path, language: Option<&str>, format: TranslationsFormat) -> String {
    let mut out = Vec::new();
    assert_eq!(translations::run(site, language, format, &mut out), 0);
    String::from_utf8(out).unwrap()
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/translations")
}

#[test]
fn fixture_sites_match_their_expected_report() {
    let mut checked = 0;
    for e in std::fs::read_dir(fixtures()).unwrap() {
        let site = e.unwrap().path();
        if !site.join("docs.json").exists() {
            continue;
        }
        let tmp = tempfile::tempdir().unwrap();
        // Not inside any repository: a test machine's /tmp is none.
        assert!(git_history::head(tmp.path()).is_none());
        copy_dir(&site, tmp.path());
        for (file, format) in [
            ("expected.json", TranslationsFormat::Json),
            ("expected.txt", TranslationsFormat::Text),
        ] {
            let actual = report(tmp.path(), None, format);
            let path = site.join(file);
            if std::env::var_os("UPDATE_EXPECT").is_some() {
                std::fs::write(&path, &actual).unwrap();
            }
            let expected = std::fs::read_to_string(&path).unwrap_or_default();
            assert_eq!(actual, expected, "{}", path.display());
            checked += 1;
        }
    }
    assert!(checked >= 2, "no translation fixtures");
}

#[test]
fn one_language_and_exit_status_through_the_binary() {
    let tmp = tempfile::tempdir().unwrap();
    copy_dir(&fixtures().join("three-languages"), tmp.path());
    let out = Command::new(env!("CARGO_BIN_EXE_docs-lsp"))
        .args(["translations", "--language", "de", "--format", "json"])
        .arg(tmp.path())
        .output()
        .unwrap();
    // A report: problems found are no failure.
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let langs = v["languages"].as_array().unwrap();
    assert_eq!(langs.len(), 1);
    assert_eq!(langs[0]["language"], "de");
    assert_eq!(langs[0]["problems"][0]["state"], "missing");
    assert_eq!(langs[0]["problems"][0]["source"], "guide/intro");
    // No site: exit 2.
    let empty = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_docs-lsp"))
        .arg("translations")
        .arg(empty.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// `git` with no user or system configuration, committing at `date`.
/// A git command whose commits carry `date` (the ages under test).
fn git(dir: &Path, date: &str, args: &[&str]) {
    git_support::git_at(dir, Some(date), args)
}

fn write(root: &Path, path: &str, text: &str) {
    let p = root.join(path);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, text).unwrap();
}

/// A repository whose docs root is `docs/`: every page committed on
/// 2024-01-01, the English intro changed ten days later, the French one
/// not since; an unrelated commit after; a German page never committed.
fn repository() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path();
    copy_dir(&fixtures().join("three-languages"), &repo.join("docs"));
    write(repo, "README.md", "a repository with docs in a folder\n");
    git(repo, "2024-01-01T12:00:00Z", &["init", "-q"]);
    git(repo, "2024-01-01T12:00:00Z", &["add", "."]);
    git(
        repo,
        "2024-01-01T12:00:00Z",
        &["commit", "-q", "-m", "pages"],
    );
    write(
        repo,
        "docs/guide/intro.mdx",
        "---\ntitle: Introduction\n---\n\nWhat the product does, and more.\n",
    );
    git(
        repo,
        "2024-01-11T13:00:00Z",
        &["commit", "-q", "-am", "intro: more"],
    );
    write(repo, "README.md", "changed\n");
    git(
        repo,
        "2024-01-12T12:00:00Z",
        &["commit", "-q", "-am", "readme"],
    );
    write(
        repo,
        "docs/de/guide/intro.mdx",
        "---\ntitle: Einführung\n---\n\nWas das Produkt tut.\n",
    );
    let docs = std::fs::read_to_string(repo.join("docs/docs.json")).unwrap();
    write(
        repo,
        "docs/docs.json",
        &docs.replace("\"de/index\", ", "\"de/index\", \"de/guide/intro\", "),
    );
    tmp
}

#[test]
fn a_translation_older_than_its_source_by_the_last_commit() {
    let tmp = repository();
    let docs = tmp.path().join("docs");
    let json: serde_json::Value =
        serde_json::from_str(&report(&docs, None, TranslationsFormat::Json)).unwrap();
    let problems = |lang: &str| -> Vec<serde_json::Value> {
        json["languages"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["language"] == lang)
            .unwrap()["problems"]
            .as_array()
            .unwrap()
            .clone()
    };
    let fr = problems("fr");
    let older: Vec<_> = fr.iter().filter(|p| p["state"] == "older").collect();
    assert_eq!(older.len(), 1, "{fr:?}");
    assert_eq!(older[0]["source"], "guide/intro");
    assert_eq!(older[0]["file"], "fr/guide/intro.mdx");
    assert_eq!(older[0]["days"], 10);
    // The German intro is not committed: its age is unknown, not older.
    let de = problems("de");
    assert!(de.iter().all(|p| p["state"] != "older"), "{de:?}");
    let text = report(&docs, Some("fr"), TranslationsFormat::Text);
    assert!(
        text.contains("older         fr/guide/intro.mdx (10 days older than guide/intro)"),
        "{text}"
    );
}

#[test]
fn one_walk_finds_each_last_change_and_stops_when_all_are_found() {
    let tmp = repository();
    let docs = tmp.path().join("docs");
    let paths = [
        "guide/intro.mdx",
        "fr/guide/intro.mdx",
        "de/guide/intro.mdx",
    ];
    let walk = git_history::last_changes(&docs, &paths, git_history::MAX_COMMITS).unwrap();
    assert_eq!(walk.time["guide/intro.mdx"], 1_704_978_000); // 2024-01-11T13:00Z
    assert_eq!(walk.time["fr/guide/intro.mdx"], 1_704_110_400); // 2024-01-01T12:00Z
    assert!(walk.unfound.contains("de/guide/intro.mdx"));
    assert_eq!(walk.walked, 3);
    // Found in the newest commits: the walk stops there.
    let walk = git_history::last_changes(&docs, &["guide/intro.mdx"], 100).unwrap();
    assert_eq!(walk.walked, 2);
    // Capped: not found within one commit, unknown.
    let walk = git_history::last_changes(&docs, &["fr/guide/intro.mdx"], 1).unwrap();
    assert!(walk.time.is_empty());
    assert_eq!(walk.walked, 1);
    // Kept by HEAD: a second ask reads nothing; a new commit walks again.
    let cache = git_history::Cache::default();
    let first = cache.last_changes(&docs, &paths).unwrap();
    let again = cache.last_changes(&docs, &paths).unwrap();
    assert!(std::sync::Arc::ptr_eq(&first, &again));
    git(tmp.path(), "2024-02-01T12:00:00Z", &["add", "."]);
    git(
        tmp.path(),
        "2024-02-01T12:00:00Z",
        &["commit", "-q", "-m", "de"],
    );
    let moved = cache.last_changes(&docs, &paths).unwrap();
    assert_eq!(moved.time["de/guide/intro.mdx"], 1_706_788_800);
    assert_ne!(moved.head, first.head);
    // Outside a repository: unknown, no error.
    let plain = tempfile::tempdir().unwrap();
    assert!(git_history::last_changes(plain.path(), &paths, 10).is_none());
}

/// A language whose code is blank (which the platform's schema refuses) is
/// named as such in the text report, not printed as an empty name.
#[test]
fn a_blank_language_code_is_named_as_such() {
    let tmp = tempfile::tempdir().unwrap();
    let docs = r##"{"theme": "mint", "name": "B", "colors": {"primary": "#0D9373"},
      "navigation": {"languages": [
        {"language": "en", "default": true, "pages": ["index", "guide"]},
        {"language": "", "pages": ["index"]},
        {"language": "  ", "pages": ["guide"]}
      ]}}"##;
    write(tmp.path(), "docs.json", docs);
    write(tmp.path(), "index.mdx", "---\ntitle: Home\n---\n\nHome.\n");
    write(
        tmp.path(),
        "guide.mdx",
        "---\ntitle: Guide\n---\n\nGuide.\n",
    );
    let text = report(tmp.path(), None, TranslationsFormat::Text);
    assert!(!text.lines().any(|l| l.starts_with(": ")), "{text}");
    assert!(text.contains("(no language code): "), "{text}");
    assert!(text.contains("\"  \" (blank language code): "), "{text}");
    assert!(
        text.starts_with("default language: en (English)\n"),
        "{text}"
    );
}
