//! Cursors in half-typed front matter.

use super::cursor;

#[test]
fn never_panics() {
    for t in ["{\"é\": \"ü", "[[[[", "\"", "---", "---\n", "---\r\n:\r\n"] {
        for off in 0..t.len() + 3 {
            let _ = cursor(t, off);
        }
    }
    let t = "---\ntitlé: x\n  - a\n-\n: \n";
    for off in 0..t.len() + 3 {
        let _ = cursor(t, off);
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
            let _ = cursor(&t, off);
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
            format!("{:?}", cursor(&text, off))
        })
        .collect();
    expect_test::expect![[r#"
        Some(FrontMatterCursor { path: [], slot: Key, partial: "play", replace: 14..18, in_list: false, present: ["title"] })
        Some(FrontMatterCursor { path: [], slot: Value { key: "playground" }, partial: "au", replace: 26..28, in_list: false, present: ["title"] })
        Some(FrontMatterCursor { path: [], slot: Value { key: "openapi" }, partial: "GET /u", replace: 13..21, in_list: false, present: [] })
        Some(FrontMatterCursor { path: [], slot: Value { key: "groups" }, partial: "ad", replace: 16..18, in_list: true, present: [] })
        None
        Some(FrontMatterCursor { path: [Key("icon")], slot: Value { key: "style" }, partial: "so", replace: 29..31, in_list: false, present: ["name"] })
        Some(FrontMatterCursor { path: [Key("icon")], slot: Key, partial: "", replace: 22..22, in_list: false, present: ["name"] })
        Some(FrontMatterCursor { path: [Key("graphql")], slot: Value { key: "kind" }, partial: "", replace: 33..33, in_list: false, present: ["source"] })
        Some(FrontMatterCursor { path: [Key("contextual")], slot: Value { key: "options" }, partial: "cl", replace: 44..46, in_list: true, present: [] })
        Some(FrontMatterCursor { path: [Key("contextual"), Key("options"), Index(2)], slot: Value { key: "icon" }, partial: "", replace: 91..91, in_list: false, present: ["title"] })
        Some(FrontMatterCursor { path: [Key("contextual"), Key("options"), Index(0)], slot: Key, partial: "ic", replace: 48..50, in_list: false, present: ["title"] })
        Some(FrontMatterCursor { path: [], slot: Key, partial: "og:de", replace: 16..21, in_list: false, present: ["og:title"] })
        None
        None"#]].assert_eq(&out.join("\n"));
}
