//! Quick fixes: each action shown as the resulting text of every file it
//! changes.

use super::OPENAPI;
use super::refactor::render;
use crate::ide::fixes::{code_actions, remove_child, title_from_path};
use crate::ide::fixture::site;
use expect_test::{Expect, expect};

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
            @@ -1 +1 @@
            -{"theme": "mnt", "colr": {}, "navigation": {"languages": [{"language": "frr", "pages": ["guides/getting-startd"]}]}}
            \ No newline at end of file
            +{"theme": "mint", "colr": {}, "navigation": {"languages": [{"language": "frr", "pages": ["guides/getting-startd"]}]}}
            \ No newline at end of file
            ## Replace with colors (QuickFix, unknown-key, preferred)
            --- docs.json
            @@ -1 +1 @@
            -{"theme": "mnt", "colr": {}, "navigation": {"languages": [{"language": "frr", "pages": ["guides/getting-startd"]}]}}
            \ No newline at end of file
            +{"theme": "mnt", "colors": {}, "navigation": {"languages": [{"language": "frr", "pages": ["guides/getting-startd"]}]}}
            \ No newline at end of file
            ## Replace with fr (QuickFix, unknown-language, preferred)
            --- docs.json
            @@ -1 +1 @@
            -{"theme": "mnt", "colr": {}, "navigation": {"languages": [{"language": "frr", "pages": ["guides/getting-startd"]}]}}
            \ No newline at end of file
            +{"theme": "mnt", "colr": {}, "navigation": {"languages": [{"language": "fr", "pages": ["guides/getting-startd"]}]}}
            \ No newline at end of file
            ## Create guides/getting-startd.mdx (QuickFix, missing-page)
            +++ create guides/getting-startd.mdx
            ---
            title: Getting startd
            ---
            ## Replace with guides/getting-started (QuickFix, missing-page)
            --- docs.json
            @@ -1 +1 @@
            -{"theme": "mnt", "colr": {}, "navigation": {"languages": [{"language": "frr", "pages": ["guides/getting-startd"]}]}}
            \ No newline at end of file
            +{"theme": "mnt", "colr": {}, "navigation": {"languages": [{"language": "frr", "pages": ["guides/getting-started"]}]}}
            \ No newline at end of file
        "###]],
    );
    assert_eq!(
        title_from_path("guides/getting-started.mdx"),
        "Getting started"
    );
    assert_eq!(title_from_path("a/api_keys"), "Api keys");
}

#[test]
fn fix_endpoint_with_no_openapi_above_names_its_spec() {
    // The prebuild reads no `api.openapi` for entries: naming the spec in
    // the entry is what makes its page.
    check_actions(
        &[
            (
                "docs.json",
                r#"{"api": {"openapi": "api/openapi.json"}, "navigation": {"groups": [{"group": "G", "pages": ["GET /users"]}]}}"#,
            ),
            ("api/openapi.json", OPENAPI),
        ],
        "docs.json",
        expect![[r###"
            ## Replace with api/openapi.json GET /users (QuickFix, missing-page, preferred)
            --- docs.json
            @@ -1 +1 @@
            -{"api": {"openapi": "api/openapi.json"}, "navigation": {"groups": [{"group": "G", "pages": ["GET /users"]}]}}
            \ No newline at end of file
            +{"api": {"openapi": "api/openapi.json"}, "navigation": {"groups": [{"group": "G", "pages": ["api/openapi.json GET /users"]}]}}
            \ No newline at end of file
        "###]],
    );
}

#[test]
fn fix_missing_endpoint() {
    check_actions(
        &[
            (
                "docs.json",
                r#"{"navigation": {"groups": [{"group": "G", "openapi": "api/openapi.json", "pages": ["GET /user"]}]}}"#,
            ),
            ("api/openapi.json", OPENAPI),
        ],
        "docs.json",
        expect![[r###"
            ## Replace with GET /users (QuickFix, missing-endpoint, preferred)
            --- docs.json
            @@ -1 +1 @@
            -{"navigation": {"groups": [{"group": "G", "openapi": "api/openapi.json", "pages": ["GET /user"]}]}}
            \ No newline at end of file
            +{"navigation": {"groups": [{"group": "G", "openapi": "api/openapi.json", "pages": ["GET /users"]}]}}
            \ No newline at end of file
        "###]],
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
        expect![[r###"
            ## Remove "expanded" (QuickFix, nav-expanded-top-level, preferred)
            --- docs.json
            @@ -5,3 +5,3 @@
                     "group": "Start",
            -        "expanded": true, // no effect here
            +        // no effect here
                     "pages": [
            ## Remove the comment (QuickFix, json-strict, preferred)
            --- docs.json
            @@ -5,3 +5,3 @@
                     "group": "Start",
            -        "expanded": true, // no effect here
            +        "expanded": true,
                     "pages": [
            ## Remove every comment and trailing comma (2) (QuickFix, json-strict)
            --- docs.json
            @@ -5,6 +5,5 @@
                     "group": "Start",
            -        "expanded": true, // no effect here
            +        "expanded": true,
                     "pages": [
                       "intro",
            -          // the same again
                       "intro"
            ## Remove the comment (QuickFix, json-strict, preferred)
            --- docs.json
            @@ -8,3 +8,2 @@
                       "intro",
            -          // the same again
                       "intro"
            ## Remove the duplicate entry (QuickFix, duplicate-page, preferred)
            --- docs.json
            @@ -7,5 +7,4 @@
                     "pages": [
            -          "intro",
            -          // the same again
                       "intro"
            +          // the same again
                     ]
        "###]],
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
        expect![[r###"
            ## Move `pages` into a new group "Guides" in `groups` (QuickFix, nav-mixed-children)
            --- docs.json
            @@ -5,4 +5,4 @@
                     "tab": "Guides",
            -        "pages": ["intro"],
                     "groups": [
            +          { "group": "Guides", "pages": ["intro"] },
                       {"group": "More", "pages": ["more"]}
        "###]],
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
        expect![[r###"
            ## Add "guides/new" to navigation (QuickFix, orphan-page, preferred)
            --- docs.json
            @@ -7,2 +7,3 @@
                     "/guides/setup",
            +        "/guides/new",
                     "other"
        "###]],
    );
    // No sibling in the folder: the end of the first `pages` array.
    check_actions(
        &files,
        "lonely/page.md",
        expect![[r###"
            ## Add "lonely/page" to navigation (QuickFix, orphan-page, preferred)
            --- docs.json
            @@ -3,3 +3,3 @@
                 "groups": [
            -      {"group": "Start", "pages": ["intro"]},
            +      {"group": "Start", "pages": ["intro", "lonely/page"]},
                   {"group": "Guides", "pages": [
        "###]],
    );
}
