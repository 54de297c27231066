use super::{files, files_with};
use crate::ide::completion::{CompletionItem, completions};
use crate::ide::fixture::{edited, with_cursor};
use expect_test::{Expect, expect};

fn render(items: &[CompletionItem]) -> String {
    super::completion_lines(items).join("\n")
}

/// Completion in the docs.json given as `edited` (with `$0`) over the
/// analysis of `files` (the last good parse).
fn check_edit(files: &[(&str, &str)], path: &str, text: &str, expect: Expect) {
    let (a, id, text, off) = edited(files, path, text);
    expect.assert_eq(&render(&completions(&a, id, &text, off)));
}

fn check(files: &[(&str, &str)], expect: Expect) {
    let (a, id, text, off) = with_cursor(files);
    expect.assert_eq(&render(&completions(&a, id, &text, off)));
}

#[test]
fn root_keys_skip_present_ones() {
    let (a, id, text, off) = edited(
        &files(),
        "docs.json",
        r#"{"name": "x", "theme": "mint", "nav$0"#,
    );
    let items = completions(&a, id, &text, off);
    let labels: Vec<&str> = items.iter().map(|i| i.label.as_str()).collect();
    assert!(!labels.contains(&"name") && !labels.contains(&"theme"));
    expect![[r#"
        navigation [Key] object -> "navigation": {} @31..35 sort=0
        navbar [Key] object -> "navbar": {} @31..35 sort=1"#]]
    .assert_eq(&render(&items));
}

#[test]
fn group_keys_obey_one_kind_rule() {
    let text = r#"{"navigation": {"groups": [{"group": "A", "pages": [], $0}]}}"#;
    let (a, id, text, off) = edited(&files(), "docs.json", text);
    let items = completions(&a, id, &text, off);
    let labels: Vec<&str> = items.iter().map(|i| i.label.as_str()).collect();
    for k in ["groups", "tabs", "anchors", "pages", "group"] {
        assert!(!labels.contains(&k), "{k} offered: {labels:?}");
    }
    expect!["asyncapi boost directory expanded hidden icon openapi public root sdk searchable tag"]
        .assert_eq(&labels.join(" "));
}

#[test]
fn group_without_children_offers_child_lists() {
    let text = r#"{"navigation": {"groups": [{"group": "A", "$0"}]}}"#;
    let (a, id, text, off) = edited(&files(), "docs.json", text);
    let items = completions(&a, id, &text, off);
    let labels: Vec<&str> = items.iter().map(|i| i.label.as_str()).collect();
    expect![
        "asyncapi boost directory expanded hidden icon openapi pages public root sdk searchable tag"
    ]
    .assert_eq(&labels.join(" "));
}

#[test]
fn key_after_missing_comma() {
    check_edit(
        &files(),
        "docs.json",
        "{\"name\": \"x\"\n  \"them$0\n}",
        expect![[
            r#"theme [Key] string: `mint`, `maple`, `palm`, `willow`, `linden`, `almond`, `aspen`, `luma`, `sequoia` -> "theme": "" @15..20 sort=0"#
        ]],
    );
}

#[test]
fn key_with_colon_inserts_only_the_key() {
    check_edit(
        &files(),
        "docs.json",
        r#"{"them$0": "mint"}"#,
        expect![[
            r#"theme [Key] string: `mint`, `maple`, `palm`, `willow`, `linden`, `almond`, `aspen`, `luma`, `sequoia` -> "theme" @1..7 sort=0"#
        ]],
    );
}

#[test]
fn empty_theme_value() {
    check_edit(
        &files(),
        "docs.json",
        r#"{"theme": $0"#,
        expect![[r#"
        almond [Value] - -> "almond" @10..10
        aspen [Value] - -> "aspen" @10..10
        linden [Value] - -> "linden" @10..10
        luma [Value] - -> "luma" @10..10
        maple [Value] - -> "maple" @10..10
        mint [Value] - -> "mint" @10..10
        palm [Value] - -> "palm" @10..10
        sequoia [Value] - -> "sequoia" @10..10
        willow [Value] - -> "willow" @10..10"#]],
    );
}

#[test]
fn nested_enum_and_boolean() {
    check_edit(
        &files(),
        "docs.json",
        r#"{"api": {"playground": {"display": "$0"}}}"#,
        expect![[r#"
            auth [Value] - -> "auth" @35..37
            interactive [Value] - -> "interactive" @35..37
            none [Value] - -> "none" @35..37
            simple [Value] - -> "simple" @35..37"#]],
    );
}

#[test]
fn boolean_values() {
    check_edit(
        &files(),
        "docs.json",
        r#"{"interaction": {"drilldown": $0}}"#,
        expect![[r#"
            false [Value] - -> false @30..30
            true [Value] - -> true @30..30"#]],
    );
}

#[test]
fn pages_unlisted_first_in_unterminated_string() {
    check_edit(
        &files(),
        "docs.json",
        r#"{"navigation": {"tabs": [{"tab": "Guides", "groups": [{"group": "Start", "pages": ["intro", "$0"#,
        expect![[r#"
            guides/auth [Page] Authentication -> "guides/auth" @92..93 sort=10
            unlisted [Page] - -> "unlisted" @92..93 sort=10
            intro [Page] Introduction -> "intro" @92..93 sort=11
            quickstart [Page] Quickstart -> "quickstart" @92..93 sort=11
            GET /users [Endpoint] List users -> "GET /users" @92..93 sort=12
            GET /users/{id} [Endpoint] Get a user -> "GET /users/{id}" @92..93 sort=12
            POST /users [Endpoint] Create a user -> "POST /users" @92..93 sort=12
            webhook newUser [Endpoint] A user signed up -> "webhook newUser" @92..93 sort=12"#]],
    );
}

#[test]
fn endpoints_from_inherited_openapi() {
    let text = r#"{
  "name": "Acme",
  "theme": "mint",
  "navigation": {
    "tabs": [
      {"tab": "Guides", "groups": [{"group": "Start", "pages": ["intro", "quickstart"]}]},
      {"tab": "API", "openapi": "api/openapi.json", "groups": [{"group": "Users", "pages": ["GET /users", "GET$0"]}]}
    ]
  }
}"#;
    check_edit(
        &files(),
        "docs.json",
        text,
        expect![[r#"
            GET /users [Endpoint] List users -> "GET /users" @268..273 sort=12
            GET /users/{id} [Endpoint] Get a user -> "GET /users/{id}" @268..273 sort=12
            guides/auth [Page] Authentication -> "guides/auth" @268..273 sort=40"#]],
    );
}

#[test]
fn endpoints_are_spec_prefixed_without_inherited_openapi_and_several_specs() {
    let f = files_with("api/pets.yaml", super::PETS_YAML);
    check_edit(
        &f,
        "docs.json",
        r#"{"navigation": {"pages": ["intro", "pets$0"]}}"#,
        expect![[r#"
            api/pets.yaml GET /pets [Endpoint] List pets -> "api/pets.yaml GET /pets" @35..41 sort=12
            api/openapi.json GET /users [Endpoint] List users -> "api/openapi.json GET /users" @35..41 sort=42
            api/openapi.json GET /users/{id} [Endpoint] Get a user -> "api/openapi.json GET /users/{id}" @35..41 sort=42
            api/openapi.json POST /users [Endpoint] Create a user -> "api/openapi.json POST /users" @35..41 sort=42"#]],
    );
}

#[test]
fn language_codes_with_names() {
    check_edit(
        &files(),
        "docs.json",
        r#"{"navigation": {"languages": [{"language": "f$0", "pages": []}]}}"#,
        expect![[r#"
            fi [Language] Finnish -> "fi" @43..46
            fr [Language] French -> "fr" @43..46
            fr-CA [Language] French (Canada) -> "fr-CA" @43..46
            fr-ca [Language] French (Canada) -> "fr-ca" @43..46"#]],
    );
}

#[test]
fn openapi_value_offers_spec_files() {
    let f = files_with("api/pets.yaml", super::PETS_YAML);
    check_edit(
        &f,
        "docs.json",
        r#"{"navigation": {"tabs": [{"tab": "A", "openapi": "$0"}]}}"#,
        expect![[r#"
            api/openapi.json [File] Acme API -> "api/openapi.json" @49..51
            api/pets.yaml [File] Pets -> "api/pets.yaml" @49..51"#]],
    );
}

#[test]
fn ref_paths_are_relative_to_the_holder() {
    let mut f = files();
    f.retain(|(p, _)| *p != "docs.json");
    f.push((
        "docs.json",
        r#"{"name": "x", "navigation": {"$ref": "nav/main.json"}}"#,
    ));
    f.push((
        "nav/main.json",
        r#"{"tabs": [{"tab": "T", "$ref": "tabs/t.json"}]}"#,
    ));
    f.push(("nav/tabs/t.json", r#"{"pages": ["intro"]}"#));
    check_edit(
        &f,
        "docs.json",
        r#"{"name": "x", "navigation": {"$ref": "$0"}}"#,
        expect![[r#"
            ./api/openapi.json [File] - -> "./api/openapi.json" @37..39
            ./nav/main.json [File] - -> "./nav/main.json" @37..39
            ./nav/tabs/t.json [File] - -> "./nav/tabs/t.json" @37..39"#]],
    );
    check_edit(
        &f,
        "nav/main.json",
        r#"{"tabs": [{"tab": "T", "$ref": "./$0"}]}"#,
        expect![[r#"
            ../api/openapi.json [File] - -> "../api/openapi.json" @31..35
            ./tabs/t.json [File] - -> "./tabs/t.json" @31..35"#]],
    );
    // Inside a `$ref` file, keys come from the place it is used at.
    check_edit(
        &f,
        "nav/tabs/t.json",
        r#"{"pages": ["intro"], "ic$0"}"#,
        expect![[r#"
            directory [Key] string: `none`, `accordion`, `card` -> "directory": "" @21..25 sort=1
            icon [Key] string | object -> "icon":  @21..25 sort=1"#]],
    );
}

#[test]
fn front_matter_keys_values_and_endpoints() {
    check(
        &files_with("new.mdx", "---\ntitle: New\nplay$0\n---\n"),
        expect![
            "playground [Key] string: `interactive`, `simple`, `none`, `auth` -> playground:  @15..19"
        ],
    );
    check(
        &files_with("new.mdx", "---\nplayground: $0\n---\n"),
        expect![[r#"
            auth [Value] - -> auth @16..16
            interactive [Value] - -> interactive @16..16
            none [Value] - -> none @16..16
            simple [Value] - -> simple @16..16"#]],
    );
    check(
        &files_with("new.mdx", "---\npublic: $0\n---\n"),
        expect![[r#"
            false [Value] - -> false @12..12
            true [Value] - -> true @12..12"#]],
    );
    check(
        &files_with("new.mdx", "---\nopenapi: \"GET /users$0\"\n---\n"),
        expect![[r#"
            GET /users [Endpoint] List users -> "GET /users" @13..25
            GET /users/{id} [Endpoint] Get a user -> "GET /users/{id}" @13..25"#]],
    );
}

#[test]
fn front_matter_openapi_is_prefixed_with_several_specs() {
    let mut f = files_with("api/pets.yaml", super::PETS_YAML);
    f.push(("new.mdx", "---\nopenapi: pe$0\n---\n"));
    check(
        &f,
        expect![[r#"
        api/openapi.json GET /users [Endpoint] List users -> api/openapi.json GET /users @13..15
        api/openapi.json GET /users/{id} [Endpoint] Get a user -> api/openapi.json GET /users/{id} @13..15
        api/openapi.json POST /users [Endpoint] Create a user -> api/openapi.json POST /users @13..15
        api/openapi.json webhook newUser [Endpoint] A user signed up -> api/openapi.json webhook newUser @13..15
        api/pets.yaml GET /pets [Endpoint] List pets -> api/pets.yaml GET /pets @13..15"#]],
    );
}

#[test]
fn nothing_for_unknown_files_and_bad_offsets() {
    let (a, id, text, _) = edited(&files(), "docs.json", r#"{"a": "é$0"}"#);
    for off in [0, 1, 8, 9, 10, 1000, usize::MAX] {
        let _ = completions(&a, id, &text, off);
    }
    assert!(completions(&a, 9999, &text, 3).is_empty());
    assert!(completions(&a, id, "", usize::MAX).is_empty());
    let body = completions(&a, 1, "---\ntitle: x\n---\nbody", 20);
    assert!(body.is_empty());
}

/// Not an assertion: prints completion latency on a 25,000-page site (run
/// with `cargo test --release big_site -- --nocapture`).
#[test]
fn big_site_timing() {
    let n = 25_000;
    let pages = super::many_pages(n, 50);
    let listed: Vec<String> = pages
        .iter()
        .take(n / 2)
        .map(|(p, _)| format!("\"{}\"", p.trim_end_matches(".mdx")))
        .collect();
    let docs = format!(
        "{{\"name\": \"Big\", \"theme\": \"mint\", \"navigation\": {{\"groups\": [{{\"group\": \"All\", \"openapi\": \"api/openapi.json\", \"pages\": [{}]}}]}}}}",
        listed.join(", ")
    );
    let mut files = super::borrowed(&pages);
    files.push(("docs.json", &docs));
    files.push(("api/openapi.json", super::OPENAPI));
    let analysis = crate::ide::fixture::site(&files);
    let id = analysis.site.docs_json.unwrap_or_default();
    let cursor = docs.find("\"pages\": [").unwrap_or(0) + 10;
    let mut times = Vec::new();
    let mut count = 0;
    for i in 0..30 {
        let t = std::time::Instant::now();
        let items = completions(&analysis, id, &docs, cursor + 1);
        assert!(items.len() <= crate::ide::completion::MAX_PAGE_ITEMS + 10);
        times.push(t.elapsed());
        count = items.len();
        if i == 0 {
            assert!(items.iter().any(|it| it.label == "GET /users"));
        }
    }
    let typed = {
        let t = std::time::Instant::now();
        let items = completions(&analysis, id, &docs, cursor + 12);
        (t.elapsed(), items.len())
    };
    times.sort();
    eprintln!(
        "completion on {n} pages ({} bytes docs.json): {count} items, median {:?}, max {:?} (first {:?}); with an 11-char prefix: {} items in {:?}",
        docs.len(),
        times[times.len() / 2],
        times[times.len() - 1],
        times[0],
        typed.1,
        typed.0
    );
}

/// A site holding `pages` (empty page files) and a docs.json whose only
/// page entry is the cursor's string, `"<typed>$0`.
fn ranked(pages: &[&str], typed: &str) -> Vec<CompletionItem> {
    let files: Vec<(String, String)> = pages
        .iter()
        .map(|p| (format!("{p}.mdx"), String::new()))
        .chain([(
            "docs.json".to_string(),
            r#"{"navigation": {"pages": []}}"#.to_string(),
        )])
        .collect();
    let files = super::borrowed(&files);
    let text = format!(r#"{{"navigation": {{"pages": ["{typed}$0"]}}}}"#);
    let (a, id, text, off) = edited(&files, "docs.json", &text);
    let mut items = completions(&a, id, &text, off);
    items.sort_by(|a, b| (&a.sort_text, &a.label).cmp(&(&b.sort_text, &b.label)));
    items
}

fn labels_with_rank(items: &[CompletionItem]) -> String {
    let line =
        |i: &CompletionItem| format!("{} {}", i.sort_text.as_deref().unwrap_or("-"), i.label);
    items.iter().map(line).collect::<Vec<_>>().join("\n")
}

#[test]
fn pages_ranked_exact_then_segment_prefix_then_word_start_then_contained_then_scattered() {
    let pages = [
        "identity",
        "pricing",
        "mobile-integration",
        "guides/setupInstall",
        "guides/introduction",
        "introduction",
        "in",
        "api/indexing",
    ];
    expect![[r#"
        00 in
        10 api/indexing
        10 guides/introduction
        10 introduction
        20 guides/setupInstall
        20 mobile-integration
        30 pricing
        40 identity"#]]
    .assert_eq(&labels_with_rank(&ranked(&pages, "in")));
    // Case does not matter; a typed `/` matches across segments.
    expect![[r#"
        10 guides/introduction
        40 guides/setupInstall"#]]
    .assert_eq(&labels_with_rank(&ranked(&pages, "Guides/IN")));
}

#[test]
fn pages_ranked_before_the_cap() {
    // 300 pages that hold `i` and `n` somewhere sort before `introduction`
    // (`a...` < `i`): the best 100 still hold it, first.
    let many: Vec<String> = (0..300).map(|i| format!("a/zi{i:03}n")).collect();
    let mut pages: Vec<&str> = many.iter().map(String::as_str).collect();
    pages.push("introduction");
    let items = ranked(&pages, "in");
    assert_eq!(items.len(), crate::ide::completion::MAX_PAGE_ITEMS);
    expect![[r#"
        10 introduction
        40 a/zi000n"#]]
    .assert_eq(&labels_with_rank(&items[..2]));
}

/// `mode:` offers the layouts the platform documents, each with its
/// documentation (suggestions: any string is still accepted).
#[test]
fn front_matter_mode_values_with_docs() {
    let (a, id, text, off) = with_cursor(&files_with("new.mdx", "---\nmode: $0\n---\n"));
    let items = completions(&a, id, &text, off);
    expect![[r#"
        assistant [Value] - -> assistant @10..10
        center [Value] - -> center @10..10
        custom [Value] - -> custom @10..10
        frame [Value] - -> frame @10..10
        wide [Value] - -> wide @10..10"#]]
    .assert_eq(&render(&items));
    let wide = items.iter().find(|i| i.label == "wide").unwrap();
    assert!(
        wide.documentation
            .as_deref()
            .is_some_and(|d| d.starts_with("Wide mode hides the side panel")),
        "{wide:?}"
    );
    let (a, id, text, off) = with_cursor(&files_with(
        "new.mdx",
        "---\nicon:\n  name: x\n  style: \"so$0\"\n---\n",
    ));
    expect![[r#"
        sharp-duotone-solid [Value] - -> "sharp-duotone-solid" @29..33
        sharp-solid [Value] - -> "sharp-solid" @29..33
        solid [Value] - -> "solid" @29..33"#]]
    .assert_eq(&render(&completions(&a, id, &text, off)));
}

/// An item of a flow sequence (`[copy, cl`) is offered the list's values,
/// replacing only that item, on its line and on the list's later lines.
#[test]
fn front_matter_flow_sequence_items() {
    for src in [
        "---\ncontextual:\n  options: [copy, cl$0]\n---\n",
        "---\ncontextual:\n  options: [\n    copy,\n    cl$0\n---\n",
    ] {
        let (a, id, text, off) = with_cursor(&files_with("new.mdx", src));
        let items = completions(&a, id, &text, off);
        let start = text[..off].rfind(['[', ',', ' ']).unwrap() + 1;
        assert!(!items.is_empty(), "{src:?}");
        for i in &items {
            assert!(i.label.starts_with("cl"), "{src:?}: {i:?}");
            assert_eq!(i.replace, start..off, "{src:?}: {i:?}");
        }
    }
}

/// Every front matter key (at any depth, in lists of objects too) whose
/// schema names its values offers them all: walked from the schema data,
/// each place written as the block YAML an author types.
#[test]
fn every_front_matter_enum_offers_its_values() {
    use crate::schema::{self, Schema, Types};
    #[derive(Clone, Debug)]
    enum SchemaStep {
        Key(String),
        Item,
    }
    fn walk(s: &Schema, path: &mut Vec<SchemaStep>, out: &mut Vec<(Vec<SchemaStep>, Vec<String>)>) {
        if path.len() > 6 {
            return;
        }
        let values: Vec<String> = s
            .documented_values()
            .into_iter()
            .map(|(v, _)| v.to_string())
            .collect();
        if !values.is_empty()
            && s.accepted_types().contains(Types::STRING)
            && !path.is_empty()
            && !out
                .iter()
                .any(|(p, _)| format!("{p:?}") == format!("{path:?}"))
        {
            out.push((path.clone(), values));
        }
        for (name, prop) in s.property_names() {
            path.push(SchemaStep::Key(name.to_string()));
            walk(prop, path, out);
            path.pop();
        }
        for b in s.flatten() {
            if let Some(items) = b.items() {
                path.push(SchemaStep::Item);
                walk(items, path, out);
                path.pop();
            }
        }
    }
    let mut places = Vec::new();
    walk(schema::frontmatter(), &mut Vec::new(), &mut places);
    // The platform's own enums and the documented suggestions (`mode`).
    let shown: Vec<String> = places
        .iter()
        .map(|(p, _)| {
            p.iter()
                .map(|s| match s {
                    SchemaStep::Key(k) => k.clone(),
                    SchemaStep::Item => "[]".into(),
                })
                .collect::<Vec<_>>()
                .join(".")
        })
        .collect();
    expect![[r#"
        contextual.display
        contextual.options.[]
        contextual.options.[].icon.library
        contextual.options.[].icon.style
        graphql.kind
        icon.library
        icon.style
        iconType
        mode
        playground"#]]
    .assert_eq(&shown.join("\n"));
    for (path, values) in &places {
        // Block YAML for the path, the cursor where the value goes.
        let mut yaml = String::from("---\ntitle: x\n");
        let mut col = 0;
        let mut dash = false;
        for (i, step) in path.iter().enumerate() {
            let last = i + 1 == path.len();
            match step {
                SchemaStep::Key(k) => {
                    let lead = if dash {
                        format!("{}- ", " ".repeat(col - 2))
                    } else {
                        " ".repeat(col)
                    };
                    dash = false;
                    yaml.push_str(&format!("{lead}{k}:{}\n", if last { " $0" } else { "" }));
                    col += 2;
                }
                SchemaStep::Item => {
                    dash = true;
                    col += 2;
                    if last {
                        yaml.push_str(&format!("{}- $0\n", " ".repeat(col - 2)));
                    }
                }
            }
        }
        yaml.push_str("---\n");
        let (a, id, text, off) =
            with_cursor(&files_with("new.mdx", Box::leak(yaml.into_boxed_str())));
        let got: Vec<String> = completions(&a, id, &text, off)
            .into_iter()
            .map(|i| i.label)
            .collect();
        for v in values {
            assert!(got.contains(v), "`{v}` not offered at\n{text}\ngot {got:?}");
        }
    }
}
