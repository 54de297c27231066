//! References, renames and quick fixes. Edits are shown as the resulting
//! text of every changed file.

use super::{OPENAPI, PETS_YAML};
use crate::ide::analysis::Analysis;
use crate::ide::fixes::{code_actions, remove_child, title_from_path};
use crate::ide::fixture::{site, with_cursor};
use crate::ide::references::references;
use crate::ide::rename::{Change, FileEdit, edits_for_moves, prepare_rename, rename};
use expect_test::{Expect, expect};
use std::collections::BTreeMap;

/// The resulting text of each file the changes touch, then created and
/// renamed files. Overlapping edits fail the test.
fn render(a: &Analysis, changes: &[Change]) -> String {
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
        let mut text = a.site.file_by_path(&path).unwrap().text().to_string();
        let mut floor = usize::MAX;
        for e in edits {
            assert!(e.range.end <= floor, "overlapping edits in {path}");
            floor = e.range.start;
            text.replace_range(e.range.clone(), &e.new_text);
        }
        out.push_str(&format!("--- {path}\n{text}\n"));
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
    let out: Vec<String> = references(&a, id, &text, off)
        .iter()
        .map(|t| {
            let f = a.site.file(t.file).unwrap();
            format!("{} {:?} {}", f.path, t.range, &f.text()[t.range.clone()])
        })
        .collect();
    expect.assert_eq(&out.join("\n"));
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
            "---\ntitle: Intro\n---\n# Hel$0lo\n",
        ),
        expect![[r#"
            docs.json 150..155 intro
            docs.json 169..174 intro
            docs.json 322..331 intro.mdx
            nav/more.json 39..45 /intro"#]],
    );
    check_refs(
        &with(
            nav_files(),
            "docs.json",
            NAV.replace("\"/quick", "\"/qu$0ick").leak(),
        ),
        expect!["docs.json 178..189 /quickstart"],
    );
    // An entry whose page has no file: the entries with the same path.
    check_refs(
        &[(
            "docs.json",
            r#"{"navigation": {"pages": ["gho$0st", "/ghost", "other"]}}"#,
        )],
        expect![[r#"
            docs.json 27..32 ghost
            docs.json 36..42 /ghost"#]],
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
            docs.json 127..137 GET /users
            docs.json 245..272 api/openapi.json GET /users
            users.mdx 26..36 GET /users
            list.mdx 14..41 api/openapi.json get /users"#]],
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
            docs.json 127..137 GET /users
            docs.json 141..152 post /users
            docs.json 245..272 api/openapi.json GET /users"#]],
    );
    // A webhook's name.
    let cursor = OPENAPI.replace("\"newUser\"", "\"new$0User\"");
    check_refs(
        &[("docs.json", API_NAV), ("api/openapi.json", cursor.leak())],
        expect!["docs.json 156..171 webhook newUser"],
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
            docs.json 276..290 pets GET /pets
            pets.mdx 13..32 pets.yaml GET /pets"#]],
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
        expect!["docs.json 141..152 post /users"],
    );
}

fn moves(m: &[(&str, &str)]) -> Vec<(String, String)> {
    m.iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

#[test]
fn will_rename_files() {
    let a = site(&nav_files());
    // An .mdx file: every style of entry follows, comments stay.
    expect![[r#"
        --- docs.json
        {
          "name": "Acme",
          // Comments stay.
          "navigation": {
            "languages": [
              {"language": "en", "groups": [
                {"group": "Start", "root": "start/intro", "pages": ["start/intro", "/quickstart", "guides/auth"]},
                {"$ref": "./nav/more.json"}
              ]},
              {"language": "fr", "groups": [{"group": "Début", "pages": ["start/intro.mdx", "fr/intro"]}]}
            ]
          }
        }
        --- nav/more.json
        {
          "group": "More",
          "pages": [
            "/start/intro", // also here
            "guides/setup",
            "guidesx/other"
          ]
        }
    "#]]
    .assert_eq(&edits(&a, edits_for_moves(&a, &moves(&[("intro.mdx", "start/intro.mdx")]))));
    // An .md file, with a leading `/`.
    expect![[r#"
        --- docs.json
        {
          "name": "Acme",
          // Comments stay.
          "navigation": {
            "languages": [
              {"language": "en", "groups": [
                {"group": "Start", "root": "intro", "pages": ["intro", "/begin/quick", "guides/auth"]},
                {"$ref": "./nav/more.json"}
              ]},
              {"language": "fr", "groups": [{"group": "Début", "pages": ["intro.mdx", "fr/intro"]}]}
            ]
          }
        }
    "#]]
    .assert_eq(&edits(&a, edits_for_moves(&a, &moves(&[("quickstart.md", "begin/quick.md")]))));
    // A folder: entries under it in docs.json and the `$ref` file; a
    // folder with the same prefix stays.
    expect![[r#"
        --- docs.json
        {
          "name": "Acme",
          // Comments stay.
          "navigation": {
            "languages": [
              {"language": "en", "groups": [
                {"group": "Start", "root": "intro", "pages": ["intro", "/quickstart", "how-to/auth"]},
                {"$ref": "./nav/more.json"}
              ]},
              {"language": "fr", "groups": [{"group": "Début", "pages": ["intro.mdx", "fr/intro"]}]}
            ]
          }
        }
        --- nav/more.json
        {
          "group": "More",
          "pages": [
            "/intro", // also here
            "how-to/setup",
            "guidesx/other"
          ]
        }
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
        {
          "name": "Acme",
          // Comments stay.
          "navigation": {
            "languages": [
              {"language": "en", "groups": [
                {"group": "Start", "root": "intro", "pages": ["intro", "/start/quick", "guides/auth"]},
                {"$ref": "./nav/more.json"}
              ]},
              {"language": "fr", "groups": [{"group": "Début", "pages": ["intro.mdx", "fr/intro"]}]}
            ]
          }
        }
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

fn check_actions(files: &[(&str, &str)], path: &str, expect: Expect) {
    let a = site(files);
    let f = a.site.file_by_path(path).unwrap();
    let mut out = String::new();
    for act in code_actions(&a, f.id, f.text(), 0..f.text().len()) {
        out.push_str(&format!(
            "## {} ({:?}, {}{})\n{}",
            act.title,
            act.kind,
            act.diagnostic_code.unwrap_or("-"),
            if act.preferred { ", preferred" } else { "" },
            render(&a, &act.changes)
        ));
    }
    expect.assert_eq(&out);
}

#[test]
fn fix_missing_page_and_replacements() {
    check_actions(
        &[
            (
                "docs.json",
                r#"{"theme": "mnt", "colr": {}, "navigation": {"languages": [{"language": "frr", "pages": ["guides/getting-startd"]}]}}"#,
            ),
            ("guides/getting-started.mdx", "---\ntitle: x\n---\n"),
        ],
        "docs.json",
        expect![[r###"
            ## Replace with mint (QuickFix, invalid-enum, preferred)
            --- docs.json
            {"theme": "mint", "colr": {}, "navigation": {"languages": [{"language": "frr", "pages": ["guides/getting-startd"]}]}}
            ## Replace with colors (QuickFix, unknown-key, preferred)
            --- docs.json
            {"theme": "mnt", "colors": {}, "navigation": {"languages": [{"language": "frr", "pages": ["guides/getting-startd"]}]}}
            ## Replace with fr (QuickFix, unknown-language, preferred)
            --- docs.json
            {"theme": "mnt", "colr": {}, "navigation": {"languages": [{"language": "fr", "pages": ["guides/getting-startd"]}]}}
            ## Create guides/getting-startd.mdx (QuickFix, missing-page)
            +++ create guides/getting-startd.mdx
            ---
            title: Getting startd
            ---
            ## Replace with guides/getting-started (QuickFix, missing-page)
            --- docs.json
            {"theme": "mnt", "colr": {}, "navigation": {"languages": [{"language": "frr", "pages": ["guides/getting-started"]}]}}
        "###]],
    );
    assert_eq!(
        title_from_path("guides/getting-started.mdx"),
        "Getting started"
    );
    assert_eq!(title_from_path("a/api_keys"), "Api keys");
}

#[test]
fn fix_missing_endpoint() {
    check_actions(
        &[
            (
                "docs.json",
                r#"{"navigation": {"openapi": "api/openapi.json", "pages": ["GET /user"]}}"#,
            ),
            ("api/openapi.json", OPENAPI),
        ],
        "docs.json",
        expect![[r#"
            ## Replace with GET /users (QuickFix, missing-endpoint, preferred)
            --- docs.json
            {"navigation": {"openapi": "api/openapi.json", "pages": ["GET /users"]}}
        "#]],
    );
}

#[test]
fn fix_remove_duplicate_and_expanded() {
    check_actions(
        &[
            (
                "docs.json",
                r#"{
  "navigation": {
    "groups": [
      {
        "group": "Start",
        "expanded": true, // no effect here
        "pages": [
          "intro",
          // the same again
          "intro"
        ]
      }
    ]
  }
}"#,
            ),
            ("intro.mdx", "---\ntitle: Intro\n---\n"),
        ],
        "docs.json",
        expect![[r#"
            ## Remove "expanded" (QuickFix, nav-expanded-top-level, preferred)
            --- docs.json
            {
              "navigation": {
                "groups": [
                  {
                    "group": "Start",
                    // no effect here
                    "pages": [
                      "intro",
                      // the same again
                      "intro"
                    ]
                  }
                ]
              }
            }
            ## Remove the duplicate entry (QuickFix, duplicate-page, preferred)
            --- docs.json
            {
              "navigation": {
                "groups": [
                  {
                    "group": "Start",
                    "expanded": true, // no effect here
                    "pages": [
                      "intro"
                      // the same again
                    ]
                  }
                ]
              }
            }
        "#]],
    );
}

/// Remove item `i` of the first array or object in `json` and show the result.
fn removed(json: &str, i: usize) -> String {
    let root = crate::syntax::json::parse(0, json).root.unwrap();
    let mut target = None;
    root.walk(|n| {
        if target.is_none() && (n.is_array() || n.is_object() && n.range != root.range) {
            target = Some(n.clone());
        }
    });
    let n = target.unwrap_or_else(|| (*root).clone());
    let units: Vec<_> = match &n.value {
        crate::syntax::tree::Value::Array(items) => items.iter().map(|i| i.range.clone()).collect(),
        _ => n
            .props()
            .iter()
            .map(|p| p.key_range.start..p.value.range.end)
            .collect(),
    };
    let mut text = json.to_string();
    let mut edits = remove_child(json, &units, i);
    edits.sort_by_key(|e| std::cmp::Reverse(e.0.start));
    for (r, t) in edits {
        text.replace_range(r, &t);
    }
    assert!(
        crate::syntax::json::parse(0, &text).errors.is_empty(),
        "invalid JSON after removal:\n{text}"
    );
    text
}

#[test]
fn remove_child_keeps_json_valid() {
    let inline = r#"{"p": ["a", /* b */ "b", "c"]}"#;
    expect![[r#"{"p": [/* b */ "b", "c"]}"#]].assert_eq(&removed(inline, 0));
    expect![[r#"{"p": ["a", /* b */ "c"]}"#]].assert_eq(&removed(inline, 1));
    expect![[r#"{"p": ["a", /* b */ "b"]}"#]].assert_eq(&removed(inline, 2));
    expect![[r#"{"p": []}"#]].assert_eq(&removed(r#"{"p": ["a"]}"#, 0));
    let lines = "{\"p\": [\n  \"a\", // first\n  // about b\n  \"b\",\n  \"c\"\n]}";
    expect![[r#"
        {"p": [
          // first
          // about b
          "b",
          "c"
        ]}"#]]
    .assert_eq(&removed(lines, 0));
    expect![[r#"
        {"p": [
          "a", // first
          // about b
          "c"
        ]}"#]]
    .assert_eq(&removed(lines, 1));
    expect![[r#"
        {"p": [
          "a", // first
          // about b
          "b"
        ]}"#]]
    .assert_eq(&removed(lines, 2));
    expect![[r#"
        {"p": [
        ]}"#]]
    .assert_eq(&removed("{\"p\": [\n  \"a\"\n]}", 0));
    // Object members, a trailing comma (JSONC).
    expect![[r#"
        {"o": {
          "x": 1,
        }}"#]]
    .assert_eq(&removed("{\"o\": {\n  \"x\": 1,\n  \"y\": [2],\n}}", 1));
}

#[test]
fn fix_regroup_mixed_children() {
    check_actions(
        &[
            (
                "docs.json",
                r#"{
  "navigation": {
    "tabs": [
      {
        "tab": "Guides",
        "pages": ["intro"],
        "groups": [
          {"group": "More", "pages": ["more"]}
        ]
      }
    ]
  }
}"#,
            ),
            ("intro.mdx", "---\ntitle: Intro\n---\n"),
            ("more.mdx", "---\ntitle: More\n---\n"),
        ],
        "docs.json",
        expect![[r#"
            ## Move `pages` into a new group "Guides" in `groups` (QuickFix, nav-mixed-children)
            --- docs.json
            {
              "navigation": {
                "tabs": [
                  {
                    "tab": "Guides",
                    "groups": [
                      { "group": "Guides", "pages": ["intro"] },
                      {"group": "More", "pages": ["more"]}
                    ]
                  }
                ]
              }
            }
        "#]],
    );
}

#[test]
fn fix_add_to_navigation() {
    let docs = r#"{
  "navigation": {
    "groups": [
      {"group": "Start", "pages": ["intro"]},
      {"group": "Guides", "pages": [
        "/guides/auth",
        "/guides/setup",
        "other"
      ]}
    ]
  }
}"#;
    let files = [
        ("docs.json", docs),
        ("intro.mdx", "---\ntitle: Intro\n---\n"),
        ("other.mdx", "---\ntitle: Other\n---\n"),
        ("guides/auth.mdx", "---\ntitle: Auth\n---\n"),
        ("guides/setup.mdx", "---\ntitle: Setup\n---\n"),
        ("guides/new.mdx", "---\ntitle: New\n---\n"),
        ("lonely/page.md", "# no front matter\n"),
    ];
    check_actions(
        &files,
        "guides/new.mdx",
        expect![[r#"
            ## Add "guides/new" to navigation (QuickFix, orphan-page, preferred)
            --- docs.json
            {
              "navigation": {
                "groups": [
                  {"group": "Start", "pages": ["intro"]},
                  {"group": "Guides", "pages": [
                    "/guides/auth",
                    "/guides/setup",
                    "/guides/new",
                    "other"
                  ]}
                ]
              }
            }
        "#]],
    );
    // No sibling in the folder: the end of the first `pages` array.
    check_actions(
        &files,
        "lonely/page.md",
        expect![[r#"
            ## Add "lonely/page" to navigation (QuickFix, orphan-page, preferred)
            --- docs.json
            {
              "navigation": {
                "groups": [
                  {"group": "Start", "pages": ["intro", "lonely/page"]},
                  {"group": "Guides", "pages": [
                    "/guides/auth",
                    "/guides/setup",
                    "other"
                  ]}
                ]
              }
            }
        "#]],
    );
}

/// Not an assertion: prints the time of the edits for moving a folder of
/// 500 pages, and of references to one page, on a 25,000-page site (run
/// with `cargo test --release big_site_refactor -- --nocapture`).
#[test]
fn big_site_refactor_timing() {
    let n = 25_000;
    let sections = 50;
    let pages: Vec<(String, String)> = (0..n)
        .map(|i| {
            (
                format!("section{}/page{i}.mdx", i % sections),
                format!("---\ntitle: Page {i}\n---\n"),
            )
        })
        .collect();
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
    let mut files: Vec<(&str, &str)> = pages
        .iter()
        .map(|(p, t)| (p.as_str(), t.as_str()))
        .collect();
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
