//! The YAML reader's trees: ranges, types, limits.

use super::*;

#[test]
fn ranges_types_and_unicode() {
    let text = "title: \"Héllo\"\npublic: true\nn: 3\ngroups:\n  - admin\nopenapi: get /x # c\n";
    let p = parse(7, text, 10);
    assert!(p.errors.is_empty(), "{:?}", p.errors);
    let root = p.root.unwrap();
    let t = root.get("title").unwrap();
    assert_eq!(&text[t.range.start - 10..t.range.end - 10], "\"Héllo\"");
    assert_eq!(root.get("public").unwrap().as_bool(), Some(true));
    assert_eq!(root.get("n").unwrap().kind_name(), "integer");
    assert_eq!(
        root.get("groups").unwrap().items()[0].as_str(),
        Some("admin")
    );
    let o = root.get("openapi").unwrap();
    assert_eq!(&text[o.range.start - 10..o.range.end - 10], "get /x");
}

/// Each node's range as text, the way the rules' diagnostics show it:
/// absent values right after their `:` or `-` (not at the next token,
/// lines below), mappings from their first key, sequences from their
/// first `-`.
#[test]
fn absent_values_and_collections_start_where_they_are_written() {
    fn ranges(text: &str) -> Vec<String> {
        let root = parse(0, text, 0).root.unwrap();
        let mut out = Vec::new();
        root.walk(|n| out.push(format!("{:?} {:?}", n.range, &text[n.range.clone()])));
        out
    }
    let cases = [
        "title:\ndescription: x\n",
        "k:\n- \n- 3\n-\n",
        "k:\n-   # c\n  x: 1\n",
        "- - a\n  - b\n-\n  k:\n",
        "j: {a: , b}\n",
    ];
    let out: Vec<_> = cases
        .iter()
        .map(|t| format!("{t:?}\n  {}", ranges(t).join("\n  ")))
        .collect();
    expect_test::expect![[r#"
        "title:\ndescription: x\n"
          0..21 "title:\ndescription: x"
          6..6 ""
          20..21 "x"
        "k:\n- \n- 3\n-\n"
          0..11 "k:\n- \n- 3\n-"
          3..11 "- \n- 3\n-"
          4..4 ""
          8..9 "3"
          11..11 ""
        "k:\n-   # c\n  x: 1\n"
          0..17 "k:\n-   # c\n  x: 1"
          3..17 "-   # c\n  x: 1"
          13..17 "x: 1"
          16..17 "1"
        "- - a\n  - b\n-\n  k:\n"
          0..18 "- - a\n  - b\n-\n  k:"
          2..11 "- a\n  - b"
          4..5 "a"
          10..11 "b"
          16..18 "k:"
          18..18 ""
        "j: {a: , b}\n"
          0..10 "j: {a: , b"
          3..10 "{a: , b"
          6..6 ""
          10..10 """#]]
    .assert_eq(&out.join("\n"));
}

#[test]
fn plain_block_scalars_keep_braces_and_brackets() {
    let text = "/a/{id}: x]\nk: [a, b]\n";
    let root = parse(0, text, 0).root.unwrap();
    let p = &root.props()[0];
    assert_eq!(&text[p.key_range.clone()], "/a/{id}");
    assert_eq!(&text[p.value.range.clone()], "x]");
    let items = root.get("k").unwrap().items();
    assert_eq!(&text[items[1].range.clone()], "b");
}

#[test]
fn ranges_survive_non_ascii_in_block_scalars() {
    let text = "a: |\r\n  caf\u{e9} \u{2014} \u{1f600}\r\n  x\r\nkey: \u{e9}t\u{e9}\r\nb: >\n  \u{2014}\n\u{e9}: [v]\n";
    let root = parse(0, text, 0).root.unwrap();
    let key = root.prop("key").unwrap();
    assert_eq!(&text[key.key_range.clone()], "key");
    assert_eq!(&text[key.value.range.clone()], "\u{e9}t\u{e9}");
    let last = root.prop("\u{e9}").unwrap();
    assert_eq!(&text[last.key_range.clone()], "\u{e9}");
    assert_eq!(&text[last.value.items()[0].range.clone()], "v");
}

#[test]
fn alias_bomb_is_an_error() {
    let mut text = String::from("a: &a [x, x, x, x, x, x, x, x, x, x]\n");
    let mut prev = 'a';
    for c in 'b'..='k' {
        text.push_str(&format!(
            "{c}: &{c} [*{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}]\n"
        ));
        prev = c;
    }
    let p = parse(0, &text, 0);
    assert!(p.errors[0].message.contains("alias"), "{:?}", p.errors);
}

#[test]
fn specs_read_as_js_yaml_4() {
    // Typing: js-yaml 4.3.1 reads these (checked with it).
    let text = "a: 100_000\nb: 0x1F\nc: 0o17\nd: 017\ne: 1_0.5\nf: -.inf\ng: 12:30\nh: 0b101\n";
    let root = parse_spec(0, text).root.unwrap();
    let got: Vec<String> = root
        .props()
        .iter()
        .map(|p| format!("{}={:?}", p.key, p.value.value))
        .collect();
    expect_test::expect![[r#"
        [
            "a=String(\"100_000\")",
            "b=Number(31.0)",
            "c=Number(15.0)",
            "d=Number(17.0)",
            "e=String(\"1_0.5\")",
            "f=Number(-inf)",
            "g=String(\"12:30\")",
            "h=Number(5.0)",
        ]
    "#]]
    .assert_debug_eq(&got);
    // Front matter keeps its own typing.
    assert_eq!(
        parse(0, "b: 0x1F\n", 0)
            .root
            .unwrap()
            .get("b")
            .unwrap()
            .as_str(),
        Some("0x1F")
    );
}

#[test]
fn flow_collections_closed_at_their_key_column_read_as_js_yaml_4_does() {
    // Each loads in js-yaml 4.3.1; yaml-rust2 alone says "invalid indentation".
    let text = "paths:\n  /a:\n    get:\n      tags: [\n        x\n      ]\n      parameters: [\n      {name: n, in: query}\n      ]\n      responses: {\n  \"200\": {description: ok}\n      }\nnext: 1\n";
    assert!(!parse(0, text, 0).errors.is_empty());
    let p = parse_spec(0, text);
    assert!(p.errors.is_empty(), "{:?}", p.errors);
    let root = p.root.unwrap();
    let get = root
        .get("paths")
        .unwrap()
        .get("/a")
        .unwrap()
        .get("get")
        .unwrap();
    let param = &get.get("parameters").unwrap().items()[0];
    assert_eq!(&text[param.get("in").unwrap().range.clone()], "query");
    let ok = get
        .get("responses")
        .unwrap()
        .get("200")
        .unwrap()
        .get("description")
        .unwrap();
    assert_eq!(&text[ok.range.clone()], "ok");
    assert_eq!(root.get("next").unwrap().kind_name(), "integer");
    // A real indentation error stays one.
    assert!(!parse_spec(0, "a:\n  b: 1\n c: 2\n").errors.is_empty());
}

#[test]
fn syntax_error_is_reported() {
    let p = parse(0, "a: [1, 2\nb: }", 0);
    assert!(p.root.is_none());
    assert!(p.errors[0].message.starts_with("invalid YAML"));
}
