use super::*;
use crate::diagnostics::{Diagnostic, Fix};
use expect_test::{Expect, expect};

mod corpus;
mod reusing;

/// Diagnostics as `code severity `range-text` message [=> fix]` lines.
pub(super) fn render(text: &str, diags: &[Diagnostic]) -> String {
    let mut out = String::new();
    for d in diags {
        let snippet = text.get(d.range.clone()).unwrap_or("<bad range>");
        out.push_str(&format!(
            "{} {} `{}` {}",
            d.code,
            d.severity.as_str(),
            snippet,
            d.message
        ));
        for f in &d.fixes {
            if let Fix::Replace(r) = f {
                out.push_str(&format!(" => {r}"));
            }
        }
        out.push('\n');
    }
    out
}

fn json_diags(schema: &Schema, opts: &ValidateOptions, text: &str) -> String {
    let parsed = crate::syntax::json::parse(0, text);
    let Some(root) = parsed.root else {
        return "<no root>".into();
    };
    let mut out = Vec::new();
    validate(&root, schema, opts, &mut out);
    render(text, &out)
}

fn check_docs(text: &str, expect: Expect) {
    expect.assert_eq(&json_diags(docs(), &ValidateOptions::docs_json(), text));
}

fn check_fm(text: &str, expect: Expect) {
    let parsed = crate::syntax::yaml::parse(0, text, 0);
    let Some(root) = parsed.root else {
        panic!("no yaml root");
    };
    let mut out = Vec::new();
    validate(
        &root,
        frontmatter(),
        &ValidateOptions::frontmatter(),
        &mut out,
    );
    expect.assert_eq(&render(text, &out));
}

const MINIMAL: &str = r##""theme": "mint", "name": "Acme", "colors": {"primary": "#0D9373"}, "navigation": {"pages": ["index"]}"##;

fn site(extra: &str) -> String {
    if extra.is_empty() {
        format!("{{{MINIMAL}}}")
    } else {
        format!("{{{MINIMAL}, {extra}}}")
    }
}

#[test]
fn data_loads() {
    assert!(docs().property("navigation").is_some());
    assert!(frontmatter().property("playground").is_some());
    for &kind in NAV_ELEMENTS {
        let s = nav_element(kind).unwrap_or_else(|| panic!("no nav element {kind}"));
        assert!(s.property_names().count() > 0, "{kind} has no properties");
    }
    assert!(nav_element("nope").is_none());
    let themes = docs()
        .property("theme")
        .map(Schema::enum_strings)
        .unwrap_or_default();
    for t in [
        "luma", "sequoia", "aspen", "almond", "linden", "willow", "palm", "maple", "mint",
    ] {
        assert!(themes.contains(&t), "theme {t} missing");
    }
}

#[test]
fn unknown_key() {
    check_docs(
        &site(r#""colour": 1, "api": {"baseUrl": "x"}"#),
        expect![[r#"
            unknown-key warning `"colour"` unknown key `colour`: the platform drops it; did you mean `colors`? => "colors"
            unknown-key warning `"baseUrl"` unknown key `baseUrl`: the platform drops it
        "#]],
    );
}

#[test]
fn minimal_site_is_clean() {
    check_docs(&site(""), expect![[""]]);
}

#[test]
fn wrong_type() {
    check_docs(
        r##"{"theme": "mint", "name": 3, "colors": {"primary": "#fff"}, "navigation": {}, "public": "yes"}"##,
        expect![[r#"
            wrong-type error `3` `name` must be a string, found number
            wrong-type error `"yes"` `public` must be a boolean, found string
        "#]],
    );
}

#[test]
fn integer_and_number() {
    // `boost` is a number: integers satisfy it.
    check_fm("boost: 2\n", expect![[""]]);
    check_fm("boost: 2.5\n", expect![[""]]);
    check_fm(
        "boost: fast\n",
        expect![[r#"
            wrong-type warning `fast` `boost` must be a number, found string
        "#]],
    );
}

#[test]
fn invalid_enum_with_did_you_mean() {
    check_docs(
        r##"{"theme": "mintt", "name": "A", "colors": {"primary": "#fff"}, "navigation": {}}"##,
        expect![[r#"
            invalid-enum error `"mintt"` invalid value `mintt` for `theme`; did you mean `mint`? Allowed: `mint`, `maple`, `palm`, `willow`, `linden`, `almond`, `aspen`, `luma`, `sequoia` => "mint"
        "#]],
    );
    check_docs(&site(r#""appearance": {"default": "dark"}"#), expect![[""]]);
    check_docs(
        &site(r#""appearance": {"default": "drak"}"#),
        expect![[r#"
        invalid-enum error `"drak"` invalid value `drak` for `appearance.default`; did you mean `dark`? Allowed: `system`, `light`, `dark` => "dark"
    "#]],
    );
}

#[test]
fn missing_required() {
    check_docs(
        r#"{"theme": "mint", "name": "A", "colors": {}}"#,
        expect![[r#"
            missing-key error `{` missing required key `navigation`
            missing-key error `"colors"` missing required key `primary` in `colors`
        "#]],
    );
    check_docs(
        &site(r#""banner": {"dismissible": true}"#),
        expect![[r#"
        missing-key error `"banner"` missing required key `content` in `banner`
    "#]],
    );
}

#[test]
fn colors_and_patterns() {
    check_docs(
        r##"{"theme": "mint", "name": "A", "colors": {"primary": "blue", "light": "#12345"}, "navigation": {}}"##,
        expect![[r##"
            invalid-color error `"blue"` `colors.primary` must be a hex color like `#0D9373`, found `blue`
            invalid-color error `"#12345"` `colors.light` must be a hex color like `#0D9373`, found `#12345`
        "##]],
    );
}

#[test]
fn min_length_min_items_const() {
    check_docs(
        r##"{"theme": "mint", "name": "", "colors": {"primary": "#fff"}, "navigation": {}}"##,
        expect![[r#"
            invalid-value error `""` `name` must not be empty
        "#]],
    );
    check_fm(
        "groups:\n  - includes: []\n",
        expect![[r#"
            invalid-value warning `[` `groups[0].includes` must have at least 1 item
        "#]],
    );
    check_fm(
        "related: true\n",
        expect![[r#"
            invalid-value warning `true` `related` must be `false` => false
        "#]],
    );
    check_fm("related: false\n", expect![[""]]);
}

#[test]
fn any_of_picks_one_branch() {
    // logo: string, or {light, dark, href}.
    check_docs(&site(r#""logo": "/logo.svg""#), expect![[""]]);
    check_docs(
        &site(r#""logo": {"light": "/l.svg"}"#),
        expect![[r#"
        missing-key error `"logo"` missing required key `dark` in `logo`
    "#]],
    );
    check_docs(
        &site(r#""logo": 3"#),
        expect![[r#"
            wrong-type error `3` `logo` must be a string or an object, found number
        "#]],
    );
    check_docs(
        &site(r#""logo": {"light": "/l.svg", "dark": "/d.svg", "hreff": "/"}"#),
        expect![[r#"
            unknown-key warning `"hreff"` unknown key `hreff`: the platform drops it; did you mean `href`? => "href"
        "#]],
    );
    // navbar.primary: a discriminated union on `type`.
    check_docs(
        &site(r#""navbar": {"primary": {"type": "github", "href": "https://github.com/x"}}"#),
        expect![[""]],
    );
    check_docs(
        &site(r#""navbar": {"primary": {"type": "gitlab", "href": "https://gitlab.com/x"}}"#),
        expect![[r#"
            invalid-enum error `"gitlab"` invalid value `gitlab` for `navbar.primary.type`. Allowed: `button`, `github`, `discord`
        "#]],
    );
    check_docs(
        &site(r#""navbar": {"primary": {"type": "button", "href": "/x"}}"#),
        expect![[r#"
            missing-key error `"primary"` missing required key `label` in `navbar.primary`
        "#]],
    );
}

#[test]
fn social_keys_and_values() {
    check_docs(
        &site(
            r#""footer": {"socials": {"x": "https://x.com/a", "githubb": "https://github.com/a"}}"#,
        ),
        expect![[r#"
            unknown-key error `"githubb"` unknown key `githubb` in `footer.socials`: the platform refuses unknown keys here: the build fails; did you mean `github`? => "github"
        "#]],
    );
}

#[test]
fn ref_objects_are_opaque_and_root_keys_skipped() {
    check_docs(&site(r#""api": {"$ref": "./api.json"}"#), expect![[""]]);
    check_docs(
        r##"{"theme": "mint", "name": "A", "colors": {"primary": "#fff"}, "navigation": {"tabs": 3}}"##,
        expect![[""]],
    );
}

#[test]
fn frontmatter_types() {
    check_fm(
        "title: Hi\npublic: \"yes\"\n",
        expect![[r#"
            wrong-type warning `"yes"` `public` must be a boolean, found string
        "#]],
    );
    check_fm(
        "public: true\ngroups: admin\n",
        expect![[r#"
            wrong-type warning `admin` `groups` must be an array, found string
        "#]],
    );
    check_fm(
        "playground: authh\n",
        expect![[r#"
            invalid-enum warning `authh` invalid value `authh` for `playground`; did you mean `auth`? Allowed: `interactive`, `simple`, `none`, `auth` => auth
        "#]],
    );
    check_fm(
        "playground: auth\ncustomKey: 1\nicon: {name: rocket, styl: solid}\n",
        expect![[""]],
    );
    // YAML authors write numbers where the platform wants text.
    check_fm("title: 404\nversion: 2.0\n", expect![[""]]);
}

#[test]
fn nav_elements() {
    let text = r#"{"group": "G", "pages": ["a", {"group": "H", "pages": [1]}], "icon": "x", "colour": "red"}"#;
    let schema = nav_element("group").unwrap_or_else(|| panic!("group"));
    expect![[r#"
        wrong-type error `1` `pages[1].pages[0]` must be a string or an object, found number
        unknown-key warning `"colour"` unknown key `colour`: the platform drops it
    "#]]
    .assert_eq(&json_diags(schema, &ValidateOptions::docs_json(), text));
    let tab = nav_element("tab").unwrap_or_else(|| panic!("tab"));
    expect![[""]].assert_eq(&json_diags(
        tab,
        &ValidateOptions::docs_json(),
        r#"{"tab": "T", "menu": [{"item": "I", "href": "/x"}]}"#,
    ));
}

#[test]
fn schemas_at_paths() {
    let at = |path: &[PathSeg]| {
        schemas_at(docs(), path)
            .iter()
            .filter_map(|s| s.description())
            .map(|d| d.chars().take(40).collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    };
    expect!["The primary color"].assert_eq(&at(&[PathSeg::Key("colors"), PathSeg::Key("primary")]));
    let link_type = schemas_at(
        docs(),
        &[
            PathSeg::Key("navbar"),
            PathSeg::Key("links"),
            PathSeg::Index(0),
            PathSeg::Key("type"),
        ],
    );
    let kinds: Vec<&str> = link_type.iter().flat_map(|s| s.enum_strings()).collect();
    expect!["github discord"].assert_eq(&kinds.join(" "));
    let theme = schemas_at(docs(), &[PathSeg::Key("theme")]);
    assert!(theme.iter().any(|s| s.enum_strings().contains(&"sequoia")));
    let names: Vec<&str> = docs()
        .property("logo")
        .map(|l| l.property_names().map(|(k, _)| k).collect())
        .unwrap_or_default();
    expect!["dark href light"].assert_eq(&names.join(" "));
    assert!(schemas_at(docs(), &[PathSeg::Key("nope"), PathSeg::Key("x")]).is_empty());
}

#[test]
fn deep_input_does_not_overflow() {
    let depth = 500;
    let text = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
    let text = format!(
        r##"{{"theme": "mint", "name": "A", "colors": {{"primary": "#fff"}}, "navigation": {{}}, "redirects": {text}}}"##
    );
    let out = json_diags(docs(), &ValidateOptions::docs_json(), &text);
    assert!(out.contains("wrong-type"), "{out}");
}

#[test]
fn an_empty_front_matter_value_is_absent() {
    // js-yaml 3 reads `description:` as null, which the platform treats as
    // if the key were not there.
    check_fm("description:\nsidebarTitle:\nicon:\n", expect![[""]]);
    check_fm(
        "description: 3\ntitle:\npublic: maybe\n",
        expect![[r#"
            wrong-type warning `maybe` `public` must be a boolean, found string
        "#]],
    );
}
