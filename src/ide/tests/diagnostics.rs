//! What the analysis reports, as the editor shows it: each diagnostic with
//! the text it covers and its related places.

use super::OPENAPI;
use crate::ide::fixture::site;
use expect_test::{Expect, expect};

/// The diagnostics of `codes`, one line each (`path range "text" code:
/// message`), each related place under it.
fn check(files: &[(&str, &str)], codes: &[&str], expect: Expect) {
    let a = site(files);
    let text_of = |id, r: &std::ops::Range<usize>| {
        let f = a.site.file(id).unwrap();
        format!("{} {r:?} {:?}", f.path, &f.text()[r.clone()])
    };
    let mut out = String::new();
    for d in a.diagnostics.iter().filter(|d| codes.contains(&d.code)) {
        out.push_str(&format!(
            "{} {}: {}\n",
            text_of(d.file, &d.range),
            d.code,
            d.message
        ));
        for r in &d.related {
            out.push_str(&format!(
                "  related {} {}\n",
                text_of(r.file, &r.range),
                r.message
            ));
        }
    }
    expect.assert_eq(&out);
}

/// A duplicate entry points at the first entry it repeats: a page written
/// two ways, an endpoint, a missing page, and an entry in a `$ref` file
/// repeating one of docs.json.
#[test]
fn duplicate_entries_point_at_the_first() {
    check(
        &[
            (
                "docs.json",
                r##"{"name": "x", "theme": "mint", "colors": {"primary": "#112233"},
 "navigation": {"groups": [
   {"group": "A", "openapi": "api/openapi.json", "pages": ["intro", "GET /users", "ghost"]},
   {"group": "B", "openapi": "api/openapi.json", "pages": ["other", "/intro", "GET /users", "ghost"]},
   {"$ref": "more.json"}
 ]}}"##,
            ),
            ("more.json", r#"{"group": "C", "pages": ["other"]}"#),
            ("intro.mdx", "---\ntitle: Intro\n---\n"),
            ("other.mdx", "---\ntitle: Other\n---\n"),
            ("api/openapi.json", OPENAPI),
        ],
        &["duplicate-page"],
        expect![[r#"
            docs.json 254..262 "\"/intro\"" duplicate-page: "/intro" is listed twice in the same navigation: remove one entry
              related docs.json 152..159 "\"intro\"" first listed here
            docs.json 264..276 "\"GET /users\"" duplicate-page: "GET /users" is listed twice in the same navigation: remove one entry
              related docs.json 161..173 "\"GET /users\"" first listed here
            docs.json 278..285 "\"ghost\"" duplicate-page: "ghost" is listed twice in the same navigation: remove one entry
              related docs.json 175..182 "\"ghost\"" first listed here
            more.json 25..32 "\"other\"" duplicate-page: "other" is listed twice in the same navigation: remove one entry
              related docs.json 245..252 "\"other\"" first listed here
        "#]],
    );
}

/// A problem in a `$ref` file that three languages reference is one
/// diagnostic, not one per reference; problems at different spots stay.
/// (Inside a language's `groups` they are `dropped-value` warnings: the
/// platform drops the invalid list, @mintlify/validation 0.1.878 accepts
/// this configuration.)
#[test]
fn a_shared_ref_file_problem_is_reported_once() {
    check(
        &[
            (
                "docs.json",
                r##"{"name": "x", "theme": "mint", "colors": {"primary": "#112233"},
 "navigation": {"languages": [
   {"language": "en", "groups": [{"$ref": "group.json"}]},
   {"language": "fr", "groups": [{"$ref": "group.json"}]},
   {"language": "de", "groups": [{"$ref": "group.json"}]}
 ]}}"##,
            ),
            (
                "group.json",
                r#"{"group": "G", "icon": {}, "tag": 5, "pages": ["intro"]}"#,
            ),
            ("intro.mdx", "---\ntitle: Intro\n---\n"),
        ],
        &["missing-key", "wrong-type", "dropped-value"],
        expect![[r#"
            group.json 15..21 "\"icon\"" dropped-value: missing required key `name` in `languages[0].groups[0].icon`: the platform drops `languages[0].groups` and builds as if it were not set
              related docs.json 128..152 "[{\"$ref\": \"group.json\"}]" what the platform drops
            group.json 34..35 "5" dropped-value: `languages[0].groups[0].tag` must be a string, found number: the platform drops `languages[0].groups` and builds as if it were not set
              related docs.json 128..152 "[{\"$ref\": \"group.json\"}]" what the platform drops
        "#]],
    );
}
