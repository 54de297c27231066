//! References, renames and quick fixes. Edits are shown as the resulting
//! text of every changed file.

use super::{OPENAPI, PETS_YAML, moves};
use crate::analysis::Analysis;
use crate::ide::find_references::references;
use crate::ide::fixture::{site, with_cursor};
use crate::ide::rename::{
    Change, FileEdit, edits_for_moves, prepare_rename, redirect_edit, rename,
};
use expect_test::{Expect, expect};
use std::collections::BTreeMap;

/// What the changes do to each file they touch, as a line diff (a line of
/// context each side: what is not shown stays), then created and renamed
/// files. Overlapping edits fail the test.
pub(super) fn render(a: &Analysis, changes: &[Change]) -> String {
    let mut by_file: BTreeMap<String, Vec<&FileEdit>> = BTreeMap::new();
    let mut rest = Vec::new();
    for c in changes {
        match c {
            Change::Edit(e) => by_file
                .entry(a.site.file(e.file).unwrap().path.clone())
                .or_default()
                .push(e),
            Change::CreateFile { path, text } => rest.push(format!("+++ create {path}\n{text}")),
            Change::RenameFile { from, to } => rest.push(format!("+++ rename {from} -> {to}\n")),
        }
    }
    let mut out = String::new();
    for (path, mut edits) in by_file {
        edits.sort_by_key(|e| std::cmp::Reverse(e.range.start));
        let before = a.site.file_by_path(&path).unwrap().text();
        let mut text = before.to_string();
        let mut floor = usize::MAX;
        for e in edits {
            assert!(e.range.end <= floor, "overlapping edits in {path}");
            floor = e.range.start;
            text.replace_range(e.range.clone(), &e.new_text);
        }
        out.push_str(&format!("--- {path}\n"));
        let diff = similar::TextDiff::from_lines(before, &text);
        for hunk in diff.unified_diff().context_radius(1).iter_hunks() {
            // An empty line of context is " ": the expectations trim it.
            for line in hunk.to_string().lines() {
                out.push_str(line.trim_end());
                out.push('\n');
            }
        }
    }
    for r in rest {
        out.push_str(&r);
    }
    out
}

fn edits(a: &Analysis, e: Vec<FileEdit>) -> String {
    render(a, &e.into_iter().map(Change::Edit).collect::<Vec<_>>())
}

fn check_refs(files: &[(&str, &str)], expect: Expect) {
    let (a, id, text, off) = with_cursor(files);
    expect.assert_eq(&super::places(&a, &references(&a, id, &text, off)));
}

const NAV: &str = r#"{
  "name": "Acme",
  // Comments stay.
  "navigation": {
    "languages": [
      {"language": "en", "groups": [
        {"group": "Start", "root": "intro", "pages": ["intro", "/quickstart", "guides/auth"]},
        {"$ref": "./nav/more.json"}
      ]},
      {"language": "fr", "groups": [{"group": "Début", "pages": ["intro.mdx", "fr/intro"]}]}
    ]
  }
}"#;

const MORE: &str = r#"{
  "group": "More",
  "pages": [
    "/intro", // also here
    "guides/setup",
    "guidesx/other"
  ]
}"#;

fn nav_files() -> Vec<(&'static str, &'static str)> {
    vec![
        ("docs.json", NAV),
        ("nav/more.json", MORE),
        ("intro.mdx", "---\ntitle: Intro\n---\n# Hello\n"),
        ("quickstart.md", "---\ntitle: Quickstart\n---\n"),
        ("guides/auth.mdx", "---\ntitle: Auth\n---\n"),
        ("guides/setup.md", "---\ntitle: Setup\n---\n"),
        ("guidesx/other.mdx", "---\ntitle: Other\n---\n"),
        ("fr/intro.mdx", "---\ntitle: Intro FR\n---\n"),
    ]
}

fn with(
    files: Vec<(&'static str, &'static str)>,
    path: &'static str,
    text: &'static str,
) -> Vec<(&'static str, &'static str)> {
    let mut f: Vec<_> = files.into_iter().filter(|(p, _)| *p != path).collect();
    f.push((path, text));
    f
}

#[test]
fn references_from_page_file_and_entry() {
    check_refs(
        &with(
            nav_files(),
            "intro.mdx",
            "---\ntitle: Intro\n---\n# Hello\n\nBo$0dy\n",
        ),
        expect![[r#"
            docs.json 150..155 "intro"
            docs.json 169..174 "intro"
            docs.json 322..331 "intro.mdx"
            nav/more.json 39..45 "/intro""#]],
    );
    check_refs(
        &with(
            nav_files(),
            "docs.json",
            NAV.replace("\"/quick", "\"/qu$0ick").leak(),
        ),
        expect![[r#"docs.json 178..189 "/quickstart""#]],
    );
    // An entry whose page has no file: the entries with the same path.
    check_refs(
        &[(
            "docs.json",
            r#"{"navigation": {"pages": ["gho$0st", "/ghost", "other"]}}"#,
        )],
        expect![[r#"
            docs.json 27..32 "ghost"
            docs.json 36..42 "/ghost""#]],
    );
}

const API_NAV: &str = r#"{
  "navigation": {
    "tabs": [
      {"tab": "API", "openapi": "api/openapi.json", "groups": [{"group": "Users", "pages": ["GET /users", "post /users", "webhook newUser"]}]},
      {"tab": "Other", "groups": [{"group": "Explicit", "pages": ["api/openapi.json GET /users", "pets GET /pets"]}]}
    ]
  }
}"#;

#[test]
fn references_from_spec_operation() {
    let cursor = OPENAPI.replace(
        "\"get\": {\"summary\": \"List",
        "\"g$0et\": {\"summary\": \"List",
    );
    check_refs(
        &[
            ("docs.json", API_NAV),
            ("api/openapi.json", cursor.leak()),
            ("pets.yaml", PETS_YAML),
            ("users.mdx", "---\ntitle: Users\nopenapi: GET /users\n---\n"),
            (
                "list.mdx",
                "---\nopenapi: \"api/openapi.json get /users\"\n---\n",
            ),
            ("other.mdx", "---\nopenapi: POST /users\n---\n"),
        ],
        expect![[r#"
            docs.json 127..137 "GET /users"
            docs.json 245..272 "api/openapi.json GET /users"
            users.mdx 26..36 "GET /users"
            list.mdx 14..41 "api/openapi.json get /users""#]],
    );
    // The path key: every operation of the path.
    let cursor = OPENAPI.replace("\"/users\": {", "\"/us$0ers\": {");
    check_refs(
        &[
            ("docs.json", API_NAV),
            ("api/openapi.json", cursor.leak()),
            ("pets.yaml", PETS_YAML),
        ],
        expect![[r#"
            docs.json 127..137 "GET /users"
            docs.json 141..152 "post /users"
            docs.json 245..272 "api/openapi.json GET /users""#]],
    );
    // A webhook's name.
    let cursor = OPENAPI.replace("\"newUser\"", "\"new$0User\"");
    check_refs(
        &[("docs.json", API_NAV), ("api/openapi.json", cursor.leak())],
        expect![[r#"docs.json 156..171 "webhook newUser""#]],
    );
    // YAML spec, cursor on the method; and from the endpoint entry.
    check_refs(
        &[
            ("docs.json", API_NAV),
            ("api/openapi.json", OPENAPI),
            (
                "pets.yaml",
                PETS_YAML.replace("    get:", "    g$0et:").leak(),
            ),
            ("pets.mdx", "---\nopenapi: pets.yaml GET /pets\n---\n"),
        ],
        expect![[r#"
            docs.json 276..290 "pets GET /pets"
            pets.mdx 13..32 "pets.yaml GET /pets""#]],
    );
    check_refs(
        &[
            (
                "docs.json",
                API_NAV
                    .replace("\"post /users\"", "\"po$0st /users\"")
                    .leak(),
            ),
            ("api/openapi.json", OPENAPI),
        ],
        expect![[r#"docs.json 141..152 "post /users""#]],
    );
}

#[test]
fn will_rename_files() {
    let a = site(&nav_files());
    // An .mdx file: every style of entry follows, comments stay.
    expect![[r#"
        --- docs.json
        @@ -6,6 +6,6 @@
               {"language": "en", "groups": [
        -        {"group": "Start", "root": "intro", "pages": ["intro", "/quickstart", "guides/auth"]},
        +        {"group": "Start", "root": "start/intro", "pages": ["start/intro", "/quickstart", "guides/auth"]},
                 {"$ref": "./nav/more.json"}
               ]},
        -      {"language": "fr", "groups": [{"group": "Début", "pages": ["intro.mdx", "fr/intro"]}]}
        +      {"language": "fr", "groups": [{"group": "Début", "pages": ["start/intro.mdx", "fr/intro"]}]}
             ]
        --- nav/more.json
        @@ -3,3 +3,3 @@
           "pages": [
        -    "/intro", // also here
        +    "/start/intro", // also here
             "guides/setup",
    "#]]
    .assert_eq(&edits(&a, edits_for_moves(&a, &moves(&[("intro.mdx", "start/intro.mdx")]))));
    // An .md file, with a leading `/`.
    expect![[r#"
        --- docs.json
        @@ -6,3 +6,3 @@
               {"language": "en", "groups": [
        -        {"group": "Start", "root": "intro", "pages": ["intro", "/quickstart", "guides/auth"]},
        +        {"group": "Start", "root": "intro", "pages": ["intro", "/begin/quick", "guides/auth"]},
                 {"$ref": "./nav/more.json"}
    "#]]
    .assert_eq(&edits(&a, edits_for_moves(&a, &moves(&[("quickstart.md", "begin/quick.md")]))));
    // A folder: entries under it in docs.json and the `$ref` file; a
    // folder with the same prefix stays.
    expect![[r#"
        --- docs.json
        @@ -6,3 +6,3 @@
               {"language": "en", "groups": [
        -        {"group": "Start", "root": "intro", "pages": ["intro", "/quickstart", "guides/auth"]},
        +        {"group": "Start", "root": "intro", "pages": ["intro", "/quickstart", "how-to/auth"]},
                 {"$ref": "./nav/more.json"}
        --- nav/more.json
        @@ -4,3 +4,3 @@
             "/intro", // also here
        -    "guides/setup",
        +    "how-to/setup",
             "guidesx/other"
    "#]]
    .assert_eq(&edits(&a, edits_for_moves(&a, &moves(&[("guides", "how-to")]))));
    // Out of the page kinds: no edit.
    assert!(edits_for_moves(&a, &moves(&[("intro.mdx", "intro.txt")])).is_empty());
}

#[test]
fn prepare_and_rename_entry() {
    let files = with(
        nav_files(),
        "docs.json",
        NAV.replace("\"/quick", "\"/qu$0ick").leak(),
    );
    let (a, id, text, off) = with_cursor(&files);
    let (r, placeholder) = prepare_rename(&a, id, &text, off).unwrap();
    assert_eq!(
        (&text[r], placeholder.as_str()),
        ("/quickstart", "/quickstart")
    );
    let changes = rename(&a, id, &text, off, "start/quick").unwrap();
    expect![[r#"
        --- docs.json
        @@ -6,3 +6,3 @@
               {"language": "en", "groups": [
        -        {"group": "Start", "root": "intro", "pages": ["intro", "/quickstart", "guides/auth"]},
        +        {"group": "Start", "root": "intro", "pages": ["intro", "/start/quick", "guides/auth"]},
                 {"$ref": "./nav/more.json"}
        +++ rename quickstart.md -> start/quick.md
    "#]]
    .assert_eq(&render(&a, &changes));
    expect![[r#"Err("\"../x\" leads outside the docs root")"#]]
        .assert_eq(&format!("{:?}", rename(&a, id, &text, off, "../x")));
    expect![[r#"Err("a page \"intro\" already exists")"#]]
        .assert_eq(&format!("{:?}", rename(&a, id, &text, off, "/intro")));
    // Keys and values that are not page entries cannot be renamed.
    let files = with(
        nav_files(),
        "docs.json",
        NAV.replace("\"name\"", "\"na$0me\"").leak(),
    );
    let (a, id, text, off) = with_cursor(&files);
    assert_eq!(prepare_rename(&a, id, &text, off), None);
    assert!(rename(&a, id, &text, off, "x").is_err());
}

/// Not an assertion: prints the time of the edits for moving a folder of
/// 500 pages, and of references to one page, on a 25,000-page site (run
/// with `cargo test --release big_site_refactor -- --nocapture`).
#[test]
fn big_site_refactor_timing() {
    let n = 25_000;
    let sections = 50;
    let pages = super::many_pages(n, sections);
    let groups: Vec<String> = (0..sections)
        .map(|s| {
            let entries: Vec<String> = (0..n)
                .filter(|i| i % sections == s)
                .map(|i| format!("\"section{s}/page{i}\""))
                .collect();
            format!(
                "{{\"group\": \"Section {s}\", \"pages\": [{}]}}",
                entries.join(", ")
            )
        })
        .collect();
    let docs = format!(
        "{{\"name\": \"Big\", \"theme\": \"mint\", \"navigation\": {{\"groups\": [{}]}}}}",
        groups.join(",\n")
    );
    let mut files = super::borrowed(&pages);
    files.push(("docs.json", &docs));
    let a = site(&files);
    let mv = moves(&[("section7", "moved/section7")]);
    let median = |mut v: Vec<std::time::Duration>| {
        v.sort();
        v[v.len() / 2]
    };
    let mut times = Vec::new();
    let mut count = 0;
    for _ in 0..15 {
        let t = std::time::Instant::now();
        count = edits_for_moves(&a, &mv).len();
        times.push(t.elapsed());
    }
    assert_eq!(count, 500);
    let folder = median(times);
    let page = a.site.file_by_path("section7/page12507.mdx").unwrap().id;
    let mut times = Vec::new();
    for _ in 0..15 {
        let t = std::time::Instant::now();
        count = references(&a, page, "", 0).len();
        times.push(t.elapsed());
    }
    assert_eq!(count, 1);
    eprintln!(
        "{n} pages, {} bytes docs.json: folder of 500 pages moved: 500 edits, median {folder:?}; references to a page: median {:?}",
        docs.len(),
        median(times)
    );
}

#[test]
fn redirects_for_moves() {
    // No `redirects` yet: a new key at the end of the root object.
    let a = site(&nav_files());
    let e = redirect_edit(
        &a,
        &moves(&[("intro.mdx", "start/intro.mdx"), ("guides", "how-to")]),
    );
    expect![[r#"
        --- docs.json
        @@ -11,3 +11,7 @@
             ]
        -  }
        +  },
        +  "redirects": [
        +    { "source": "/intro", "destination": "/start/intro" },
        +    { "source": "/guides/:slug*", "destination": "/how-to/:slug*" }
        +  ]
         }
        \ No newline at end of file
    "#]]
    .assert_eq(&edits(&a, e.into_iter().collect()));
    // Appended to an existing array, in its indentation; a source already
    // redirected is left alone.
    let docs = r#"{
  "name": "Acme",
  "navigation": {"pages": ["intro", "quickstart"]},
  "redirects": [
    { "source": "/old", "destination": "/intro" },
    { "source": "/quickstart", "destination": "/intro" }
  ]
}"#;
    let a = site(&[
        ("docs.json", docs),
        ("intro.mdx", "---\ntitle: Intro\n---\n"),
        ("quickstart.md", "---\ntitle: Quickstart\n---\n"),
    ]);
    let e = redirect_edit(
        &a,
        &moves(&[
            ("intro.mdx", "start/intro.mdx"),
            ("quickstart.md", "begin/quick.md"),
        ]),
    );
    expect![[r#"
        --- docs.json
        @@ -5,3 +5,4 @@
             { "source": "/old", "destination": "/intro" },
        -    { "source": "/quickstart", "destination": "/intro" }
        +    { "source": "/quickstart", "destination": "/intro" },
        +    { "source": "/intro", "destination": "/start/intro" }
           ]
    "#]]
    .assert_eq(&edits(&a, e.into_iter().collect()));
    // An empty array is filled.
    let docs = "{\n  \"name\": \"Acme\",\n  \"navigation\": {\"pages\": [\"intro\"]},\n  \"redirects\": []\n}";
    let a = site(&[
        ("docs.json", docs),
        ("intro.mdx", "---\ntitle: Intro\n---\n"),
    ]);
    let e = redirect_edit(&a, &moves(&[("intro.mdx", "start/intro.mdx")]));
    expect![[r#"
        --- docs.json
        @@ -3,3 +3,5 @@
           "navigation": {"pages": ["intro"]},
        -  "redirects": []
        +  "redirects": [
        +    { "source": "/intro", "destination": "/start/intro" }
        +  ]
         }
        \ No newline at end of file
    "#]]
    .assert_eq(&edits(&a, e.into_iter().collect()));
}
