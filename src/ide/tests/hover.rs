use super::{PETS_YAML, files, files_with};
use crate::ide::definition::definition;
use crate::ide::fixture::{edited, with_cursor};
use crate::ide::hover::hover;
use expect_test::{Expect, expect};

fn check_hover(files: &[(&str, &str)], expect: Expect) {
    let (a, id, text, off) = with_cursor(files);
    let out = match hover(&a, id, &text, off) {
        Some(h) => format!("{:?} {}\n{}", h.range, &text[h.range.clone()], h.markdown),
        None => "none".into(),
    };
    expect.assert_eq(&out);
}

fn check_def(files: &[(&str, &str)], expect: Expect) {
    let (a, id, text, off) = with_cursor(files);
    expect.assert_eq(&super::places(&a, &definition(&a, id, &text, off)));
}

const DOCS_CURSOR: fn(&'static str) -> Vec<(&'static str, &'static str)> =
    |docs| files_with("docs.json", docs);

#[test]
fn hover_key() {
    check_hover(
        &DOCS_CURSOR(r#"{"the$0me": "mint", "navigation": {"pages": ["intro"]}}"#),
        expect![[r#"
            1..8 "theme"
            **theme**: string: `mint`, `maple`, `palm`, `willow`, `linden`, `almond`, `aspen`, `luma`, `sequoia`

            Visual theme for the site. Learn more in [available themes](https://www.mintlify.com/docs/themes)."#]],
    );
    check_hover(
        &DOCS_CURSOR(
            r#"{"navigation": {"groups": [{"group": "A", "exp$0anded": true, "pages": []}]}}"#,
        ),
        expect![[r#"
            42..52 "expanded"
            **expanded**: boolean

            Whether the group is expanded by default"#]],
    );
}

#[test]
fn hover_page_endpoint_language() {
    check_hover(
        &DOCS_CURSOR(r#"{"navigation": {"pages": ["in$0tro"]}}"#),
        expect![[r#"
            26..33 "intro"
            **Introduction**

            Start here

            `intro.mdx`"#]],
    );
    check_hover(
        &DOCS_CURSOR(
            r#"{"navigation": {"openapi": "api/openapi.json", "pages": ["GET /users/{i$0d}"]}}"#,
        ),
        expect![[r#"
            57..74 "GET /users/{id}"
            **GET** `/users/{id}`

            Get a user

            Parameters:
            - `id` (path, required)

            *api/openapi.json*"#]],
    );
    check_hover(
        &DOCS_CURSOR(r#"{"navigation": {"languages": [{"language": "f$0r", "pages": []}]}}"#),
        expect![[r#"
            43..47 "fr"
            **fr**: French"#]],
    );
}

#[test]
fn hover_front_matter() {
    check_hover(
        &files_with(
            "new.mdx",
            "---\nplay$0ground: auth\nopenapi: POST /users\n---\n",
        ),
        expect![[r#"
            4..14 playground
            **playground**: string: `interactive`, `simple`, `none`, `auth`"#]],
    );
    check_hover(
        &files_with("new.mdx", "---\nopenapi: POST /us$0ers\n---\n"),
        expect![[r#"
            13..24 POST /users
            **POST** `/users`

            Create a user

            *api/openapi.json*"#]],
    );
}

#[test]
fn hover_works_while_broken() {
    let (a, id, text, off) = edited(
        &files(),
        "docs.json",
        r#"{"navigation": {"pages": ["quick$0start" "intro""#,
    );
    let h = hover(&a, id, &text, off).map(|h| h.markdown);
    expect![[r#"Some("**Quickstart**\n\n`quickstart.mdx`")"#]].assert_eq(&format!("{h:?}"));
}

#[test]
fn definitions() {
    check_def(
        &DOCS_CURSOR(r#"{"navigation": {"pages": ["guides/au$0th"]}}"#),
        expect![[r#"guides/auth.mdx 0..0 """#]],
    );
    check_def(
        &DOCS_CURSOR(
            r#"{"navigation": {"openapi": "/api/openapi.json", "pages": ["POST /us$0ers"]}}"#,
        ),
        expect![[r#"api/openapi.json 198..204 "\"post\"""#]],
    );
    let mut f = files_with("api/pets.yaml", PETS_YAML);
    f.retain(|(p, _)| *p != "docs.json");
    f.push((
        "docs.json",
        r#"{"navigation": {"pages": ["api/pets.yaml GET /p$0ets"]}}"#,
    ));
    check_def(&f, expect![[r#"api/pets.yaml 70..73 "get""#]]);
    check_def(
        &files_with("new.mdx", "---\nopenapi: webhook new$0User\n---\n"),
        expect![[r#"api/openapi.json 398..407 "\"newUser\"""#]],
    );
    let mut f = files();
    f.retain(|(p, _)| *p != "docs.json");
    let nav = r#"{"tabs": [{"tab": "T", "openapi": "api/open$0api.json", "pages": []}]}"#;
    let mut g = f.clone();
    g.push((
        "docs.json",
        r#"{"navigation": {"$ref": "nav/m$0ain.json"}}"#,
    ));
    g.push(("nav/main.json", "{}"));
    check_def(&g, expect![[r#"nav/main.json 0..0 """#]]);
    f.push(("docs.json", r#"{"navigation": {"$ref": "nav/main.json"}}"#));
    f.push(("nav/main.json", nav));
    check_def(&f, expect![[r#"api/openapi.json 0..0 """#]]);
}

#[test]
fn nothing_on_unknown_files_or_offsets() {
    let (a, id, text, _) = with_cursor(&DOCS_CURSOR(r#"{"navigation": {"pages": ["in$0tro"]}}"#));
    for off in [0, 5, 1000, usize::MAX] {
        let _ = hover(&a, id, &text, off);
        let _ = definition(&a, id, &text, off);
    }
    assert!(hover(&a, 4242, &text, 3).is_none());
    assert!(definition(&a, 4242, &text, 3).is_empty());
}
