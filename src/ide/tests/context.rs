//! Cursor contexts in half-typed JSONC and front matter.

use crate::ide::context::*;

fn ctx(src: &str) -> JsonContext {
    let off = src.find("$0").expect("cursor");
    let text = src.replace("$0", "");
    json_context(&text, off)
}

fn show(c: &JsonContext) -> String {
    let path: Vec<String> = c
        .path
        .iter()
        .map(|s| match s {
            Seg::Key(k) => k.clone(),
            Seg::Index(i) => i.to_string(),
        })
        .collect();
    format!(
        "path={} slot={:?} partial={:?} replace={:?} quotes={} colon={} siblings={:?}",
        path.join("."),
        c.slot,
        c.partial,
        c.replace,
        c.in_quotes,
        c.has_colon,
        c.siblings
    )
}

#[test]
fn contexts() {
    let cases = [
        r#"{"name": "x", "th$0"#,
        r#"{"name": "x", "th$0": "mint", "logo": 1}"#,
        r#"{"theme": $0}"#,
        r#"{"theme": "ma$0 }"#,
        r#"{"navigation": {"groups": [{"group": "A", "pages": ["intro", "gu$0"#,
        "{\"navigation\": {\"pages\": [\"a\" \"b\" $0]}}",
        "{\"a\": 1\n $0\n \"b\": 2}",
        "{\"a\": [1, {\"x\": 2}, $0]}",
        "{ // \"c$0\n}",
        "{\"a\": tr$0}",
        "$0",
        "{\"a\": {\"b\": 1}} $0",
    ];
    let out: Vec<String> = cases.iter().map(|c| show(&ctx(c))).collect();
    expect_test::expect![[r#"
        path= slot=Key partial="th" replace=14..17 quotes=true colon=false siblings=["name"]
        path= slot=Key partial="th" replace=14..18 quotes=true colon=true siblings=["name", "logo"]
        path= slot=Value { key: "theme" } partial="" replace=10..10 quotes=false colon=false siblings=["theme"]
        path= slot=Value { key: "theme" } partial="ma" replace=10..13 quotes=true colon=false siblings=["theme"]
        path=navigation.groups.0.pages slot=Item { index: 1 } partial="gu" replace=61..64 quotes=true colon=false siblings=[]
        path=navigation.pages slot=Item { index: 2 } partial="" replace=34..34 quotes=false colon=false siblings=[]
        path= slot=Key partial="" replace=9..9 quotes=false colon=false siblings=["a", "b"]
        path=a slot=Item { index: 2 } partial="" replace=20..20 quotes=false colon=false siblings=[]
        path= slot=None partial="" replace=7..7 quotes=false colon=false siblings=[]
        path= slot=Value { key: "a" } partial="tr" replace=6..8 quotes=false colon=false siblings=["a"]
        path= slot=None partial="" replace=0..0 quotes=false colon=false siblings=[]
        path= slot=None partial="" replace=16..16 quotes=false colon=false siblings=[]"#]]
    .assert_eq(&out.join("\n"));
}

#[test]
fn never_panics() {
    let texts = [
        "{\"é\": \"ü",
        "[[[[",
        "}}}]]]",
        "\"",
        "{\"a\\",
        "/*",
        "{'a': 1}",
    ];
    for t in texts {
        for off in 0..t.len() + 3 {
            let _ = json_context(t, off);
            let _ = front_matter_context(t, off);
        }
    }
    let t = "---\ntitlé: x\n  - a\n-\n: \n";
    for off in 0..t.len() + 3 {
        let _ = front_matter_context(t, off);
    }
    // Indentation in every shape: nested mappings, lists, tabs, keys with
    // colons, a deeper line under a key with a value, unclosed fences.
    let pieces = [
        "a:", " b: c", "  - d", "    e: f", "-", "- g: ", "\t\th:", "og:t: x", "  ", "# c", "é: ü",
        "   - - x", ":", "k:v",
    ];
    let mut seed = 7u64;
    for _ in 0..300 {
        let mut t = String::from("---\n");
        for _ in 0..6 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            t.push_str(pieces[(seed >> 33) as usize % pieces.len()]);
            t.push('\n');
        }
        if !seed.is_multiple_of(3) {
            t.push_str("---\n");
        }
        for off in 0..t.len() + 2 {
            let _ = front_matter_context(&t, off);
        }
    }
}

#[test]
fn front_matter() {
    let cases = [
        "---\ntitle: Hi\nplay$0\n---\nbody",
        "---\ntitle: Hi\nplayground: au$0\n---\n",
        "---\nopenapi: \"GET /u$0\"\n---\n",
        "---\ngroups:\n  - ad$0\n---\n",
        "---\ntitle: x\n---\nbo$0dy",
        // Nested mappings and lists of them.
        "---\nicon:\n  name: x\n  style: so$0\n---\n",
        "---\nicon:\n  name: x\n  $0\n---\n",
        "---\ngraphql:\n  source: a\n  kind: $0\n---\n",
        "---\ncontextual:\n  options:\n    - copy\n    - cl$0\n---\n",
        "---\ncontextual:\n  options:\n  - copy\n  - title: x\n    description: y\n  - title: z\n    icon: $0\n  display: toc\n---\n",
        "---\ncontextual:\n  options:\n    - title: x\n      ic$0\n---\n",
        "---\nog:title: x\nog:de$0\n---\n",
        "---\ntitle: x\n  sty$0\n---\n",
        "---\n# mo$0\n---\n",
    ];
    let out: Vec<String> = cases
        .iter()
        .map(|src| {
            let off = src.find("$0").unwrap();
            let text = src.replace("$0", "");
            format!("{:?}", front_matter_context(&text, off))
        })
        .collect();
    expect_test::expect![[r#"
        Some(FrontMatterContext { path: [], slot: Key, partial: "play", replace: 14..18, in_list: false, present: ["title"] })
        Some(FrontMatterContext { path: [], slot: Value { key: "playground" }, partial: "au", replace: 26..28, in_list: false, present: ["title"] })
        Some(FrontMatterContext { path: [], slot: Value { key: "openapi" }, partial: "GET /u", replace: 13..21, in_list: false, present: [] })
        Some(FrontMatterContext { path: [], slot: Value { key: "groups" }, partial: "ad", replace: 16..18, in_list: true, present: [] })
        None
        Some(FrontMatterContext { path: [Key("icon")], slot: Value { key: "style" }, partial: "so", replace: 29..31, in_list: false, present: ["name"] })
        Some(FrontMatterContext { path: [Key("icon")], slot: Key, partial: "", replace: 22..22, in_list: false, present: ["name"] })
        Some(FrontMatterContext { path: [Key("graphql")], slot: Value { key: "kind" }, partial: "", replace: 33..33, in_list: false, present: ["source"] })
        Some(FrontMatterContext { path: [Key("contextual")], slot: Value { key: "options" }, partial: "cl", replace: 44..46, in_list: true, present: [] })
        Some(FrontMatterContext { path: [Key("contextual"), Key("options"), Index(2)], slot: Value { key: "icon" }, partial: "", replace: 91..91, in_list: false, present: ["title"] })
        Some(FrontMatterContext { path: [Key("contextual"), Key("options"), Index(0)], slot: Key, partial: "ic", replace: 48..50, in_list: false, present: ["title"] })
        Some(FrontMatterContext { path: [], slot: Key, partial: "og:de", replace: 16..21, in_list: false, present: ["og:title"] })
        None
        None"#]].assert_eq(&out.join("\n"));
}

#[test]
fn big_document_is_fast() {
    let mut s = String::from("{\"navigation\": {\"groups\": [");
    while s.len() < 1_500_000 {
        s.push_str("{\"group\": \"G\", \"icon\": \"x\", \"pages\": [\"a/b/c\", \"d/e\", {\"group\": \"N\", \"pages\": [\"x\"]}]},\n");
    }
    s.push_str("{\"group\": \"Last\", \"pages\": [\"");
    let off = s.len();
    s.push_str("\"]}]}}");
    let t = std::time::Instant::now();
    let c = json_context(&s, off);
    let el = t.elapsed();
    eprintln!("json_context on {} bytes: {:?}", s.len(), el);
    assert!(matches!(c.slot, Slot::Item { index: 0 }));
    assert_eq!(c.path.len(), 4);
}

/// Starting from the innermost container of the parse gives the same
/// context as scanning from the top, at every offset of real documents.
#[test]
fn context_from_the_tree_equals_the_full_scan() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut texts = vec![
        "{}".to_string(),
        "[[], {\"a\": [1, {\"b\": {}}]}, \"x\"]".to_string(),
        "// c\n{ \"a\": /* x */ { \"b\": [ {\"c\": 1}, ], }, \"d\": [\"p\", \"q\"] }".to_string(),
    ];
    for dir in ["examples/site", "tests/fixtures/check"] {
        for e in ignore::WalkBuilder::new(root.join(dir)).build().flatten() {
            if e.path().extension().is_some_and(|x| x == "json")
                && let Ok(t) = std::fs::read_to_string(e.path())
            {
                texts.push(t);
            }
        }
    }
    let mut compared = 0;
    for t in &texts {
        let Some(tree) = crate::syntax::json::parse(0, t).root else {
            continue;
        };
        for off in 0..=t.len() + 1 {
            assert_eq!(
                json_context_in(t, off, &tree),
                json_context(t, off),
                "offset {off} of {t:.80?}"
            );
            compared += 1;
        }
    }
    assert!(compared > 1000, "{compared}");
}
