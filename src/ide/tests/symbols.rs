use super::{files, files_with};
use crate::ide::document_links::document_links;
use crate::ide::fixture::site;
use crate::ide::folding::folding_ranges;
use crate::ide::symbols::{document_symbols, workspace_symbols};
use expect_test::expect;

const NAV: &str = r#"{
  "name": "Acme",
  "navigation": {
    "languages": [
      {
        "language": "en",
        "tabs": [
          {"tab": "Guides", "groups": [{"group": "Start", "pages": ["intro", {"group": "Nested", "pages": ["quickstart"]}]}]},
          {"tab": "API", "openapi": "api/openapi.json", "pages": ["GET /users"]}
        ]
      }
    ],
    "global": {"anchors": [{"anchor": "Blog", "href": "https://x.y"}]}
  }
}"#;

#[test]
fn outline_of_docs_json() {
    let a = site(&files_with("docs.json", NAV));
    let id = a.site.docs_json.unwrap();
    let out = super::symbol_tree(NAV, &document_symbols(&a, id));
    expect![[r#"
        name [Key] 4..18 sel="\"name\""
        navigation [Navigation] 22..416 sel="\"navigation\""
          en [Language] 63..334 sel="\"en\""
            Guides [Tab] 119..234 sel="\"Guides\""
              Start [Group] 148..232 sel="\"Start\""
                intro [Page] 177..184 sel="\"intro\""
                Nested [Group] 186..230 sel="\"Nested\""
                  quickstart [Page] 216..228 sel="\"quickstart\""
            API [Tab] 246..316 sel="\"API\""
              GET /users [Endpoint] 302..314 sel="\"GET /users\""
          global [Global] 356..412 sel=""
            Blog [Anchor] 369..410 sel="\"Blog\""
    "#]]
    .assert_eq(&out);
}

/// While a key is half typed (docs.json does not parse), the outline and
/// the page links come from the tree recovered from the text: they do not
/// empty at each keystroke.
#[test]
fn outline_and_links_of_docs_json_being_typed() {
    let typed = NAV.replacen(r#""group": "Start", "#, r#""group": "Start", "ic" "#, 1);
    let typed: &'static str = Box::leak(typed.into_boxed_str());
    let mut f = files_with("docs.json", typed);
    f.push(("intro.mdx", "# Intro"));
    let a = site(&f);
    let id = a.site.docs_json.unwrap();
    assert!(a.site.file(id).unwrap().json().root.is_none(), "broken");
    let out = super::symbol_tree(typed, &document_symbols(&a, id));
    expect![[r#"
        name [Key] 4..18 sel="\"name\""
        navigation [Navigation] 22..421 sel="\"navigation\""
          en [Language] 63..339 sel="\"en\""
            Guides [Tab] 119..239 sel="\"Guides\""
              Start [Group] 148..237 sel="\"Start\""
                intro [Page] 182..189 sel="\"intro\""
                Nested [Group] 191..235 sel="\"Nested\""
                  quickstart [Page] 221..233 sel="\"quickstart\""
            API [Tab] 251..321 sel="\"API\""
              GET /users [Endpoint] 307..319 sel="\"GET /users\""
          global [Global] 361..417 sel=""
            Blog [Anchor] 374..415 sel="\"Blog\""
    "#]]
    .assert_eq(&out);
    let links: Vec<String> = document_links(&a, id)
        .iter()
        .map(|l| {
            format!(
                "{} -> {}",
                &typed[l.range.clone()],
                a.site.file(l.target).unwrap().path
            )
        })
        .collect();
    expect![[r#"
        intro -> intro.mdx
        quickstart -> quickstart.mdx
        api/openapi.json -> api/openapi.json"#]]
    .assert_eq(&links.join("\n"));
}

#[test]
fn outline_of_a_ref_file() {
    let mut f = files_with(
        "docs.json",
        r#"{"navigation": {"tabs": [{"tab": "T", "$ref": "t.json"}]}}"#,
    );
    let t = r#"{"groups": [{"group": "G", "pages": ["intro"]}]}"#;
    f.push(("t.json", t));
    let a = site(&f);
    let id = a.site.file_id("t.json").unwrap();
    let out = super::symbol_tree(t, &document_symbols(&a, id));
    expect![[r#"
        G [Group] 12..46 sel="\"G\""
          intro [Page] 37..44 sel="\"intro\""
    "#]]
    .assert_eq(&out);
}

#[test]
fn workspace_symbols_filter_cap_and_cancel() {
    let a = site(&files());
    let show = |q: &str| {
        workspace_symbols(&a, q, &|| false)
            .iter()
            .map(|s| {
                format!(
                    "{} [{:?}] {}",
                    s.name,
                    s.kind,
                    s.detail.as_deref().unwrap_or("-")
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    expect!["Authentication [Page] guides/auth"].assert_eq(&show("auth"));
    expect![[r#"
        Authentication [Page] guides/auth
        GET /users [Endpoint] List users
        GET /users/{id} [Endpoint] Get a user"#]]
    .assert_eq(&show("get"));
    assert!(workspace_symbols(&a, "", &|| true).is_empty());
}

#[test]
fn folding() {
    let a = site(&files_with("docs.json", NAV));
    let id = a.site.docs_json.unwrap();
    let text =
        "{\n  \"a\": [1, 2],\n  /* a\n   b */\n  \"b\": {\n    \"c\": [\n      1\n    ]\n  }\n";
    let folds: Vec<String> = folding_ranges(&a, id, text)
        .iter()
        .map(|f| format!("{:?} {:?}", f.kind, f.range))
        .collect();
    expect![[r#"
        Comment 19..31
        Region 39..69
        Region 50..65"#]]
    .assert_eq(&folds.join("\n"));
    let page = a.site.file_id("intro.mdx").unwrap();
    let t = a.site.file(page).unwrap().text().to_string();
    let folds = folding_ranges(&a, page, &t);
    expect![[r#"[FoldingRange { range: 0..51, kind: FrontMatter }] "---\ntitle: Introduction\ndescription: Start here\n---""#]].assert_eq(&format!("{folds:?} {:?}", &t[folds[0].range.clone()]));
    assert!(folding_ranges(&a, 9999, text).is_empty());
}

#[test]
fn links() {
    let mut f = files_with("docs.json", r#"{"navigation": {"$ref": "nav.json"}}"#);
    let nav = r#"{"openapi": "/api/openapi.json", "pages": ["intro", "missing", "GET /users", "guides/auth"]}"#;
    f.push(("nav.json", nav));
    let a = site(&f);
    let show = |path: &str, text: &str| {
        let id = a.site.file_id(path).unwrap();
        document_links(&a, id)
            .iter()
            .map(|l| {
                format!(
                    "{:?} {} -> {}",
                    l.range,
                    &text[l.range.clone()],
                    a.site.file(l.target).unwrap().path
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    expect!["25..33 nav.json -> nav.json"].assert_eq(&show(
        "docs.json",
        r#"{"navigation": {"$ref": "nav.json"}}"#,
    ));
    expect![[r#"
        13..30 /api/openapi.json -> api/openapi.json
        44..49 intro -> intro.mdx
        78..89 guides/auth -> guides/auth.mdx"#]]
    .assert_eq(&show("nav.json", nav));
    assert!(document_links(&a, 9999).is_empty());
}
