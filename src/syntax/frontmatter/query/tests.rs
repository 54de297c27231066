//! Cursors in half-typed front matter.

use super::cursor;

/// Each case (a text with a `$0` cursor) and the cursor read there.
fn cursors(cases: &[&str]) -> Vec<String> {
    cases
        .iter()
        .map(|src| {
            let off = src.find("$0").unwrap();
            let text = src.replace("$0", "");
            format!("{src:?}\n  {:?}", cursor(&text, off))
        })
        .collect()
}

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
        // An item's `-` alone on its line, its mapping on the lines below.
        "---\ncontextual:\n  options:\n    -\n      title: x\n      ic$0\n---\n",
        "---\ncontextual:\n  options:\n    -\r\n      title: x\r\n      icon: $0\r\n---\r\n",
    ];
    let out = cursors(&cases);
    expect_test::expect![[r#"
        "---\ntitle: Hi\nplay$0\n---\nbody"
          Some(FrontMatterCursor { path: [], slot: Key, partial: "play", replace: 14..18, in_list: false, present: ["title"], key: None })
        "---\ntitle: Hi\nplayground: au$0\n---\n"
          Some(FrontMatterCursor { path: [], slot: Value { key: "playground" }, partial: "au", replace: 26..28, in_list: false, present: ["title"], key: None })
        "---\nopenapi: \"GET /u$0\"\n---\n"
          Some(FrontMatterCursor { path: [], slot: Value { key: "openapi" }, partial: "GET /u", replace: 13..21, in_list: false, present: [], key: None })
        "---\ngroups:\n  - ad$0\n---\n"
          Some(FrontMatterCursor { path: [], slot: Value { key: "groups" }, partial: "ad", replace: 16..18, in_list: true, present: [], key: None })
        "---\ntitle: x\n---\nbo$0dy"
          None
        "---\nicon:\n  name: x\n  style: so$0\n---\n"
          Some(FrontMatterCursor { path: [Key("icon")], slot: Value { key: "style" }, partial: "so", replace: 29..31, in_list: false, present: ["name"], key: None })
        "---\nicon:\n  name: x\n  $0\n---\n"
          Some(FrontMatterCursor { path: [Key("icon")], slot: Key, partial: "", replace: 22..22, in_list: false, present: ["name"], key: None })
        "---\ngraphql:\n  source: a\n  kind: $0\n---\n"
          Some(FrontMatterCursor { path: [Key("graphql")], slot: Value { key: "kind" }, partial: "", replace: 33..33, in_list: false, present: ["source"], key: None })
        "---\ncontextual:\n  options:\n    - copy\n    - cl$0\n---\n"
          Some(FrontMatterCursor { path: [Key("contextual")], slot: Value { key: "options" }, partial: "cl", replace: 44..46, in_list: true, present: [], key: None })
        "---\ncontextual:\n  options:\n  - copy\n  - title: x\n    description: y\n  - title: z\n    icon: $0\n  display: toc\n---\n"
          Some(FrontMatterCursor { path: [Key("contextual"), Key("options"), Index(2)], slot: Value { key: "icon" }, partial: "", replace: 91..91, in_list: false, present: ["title"], key: None })
        "---\ncontextual:\n  options:\n    - title: x\n      ic$0\n---\n"
          Some(FrontMatterCursor { path: [Key("contextual"), Key("options"), Index(0)], slot: Key, partial: "ic", replace: 48..50, in_list: false, present: ["title"], key: None })
        "---\nog:title: x\nog:de$0\n---\n"
          Some(FrontMatterCursor { path: [], slot: Key, partial: "og:de", replace: 16..21, in_list: false, present: ["og:title"], key: None })
        "---\ntitle: x\n  sty$0\n---\n"
          None
        "---\n# mo$0\n---\n"
          None
        "---\ncontextual:\n  options:\n    -\n      title: x\n      ic$0\n---\n"
          Some(FrontMatterCursor { path: [Key("contextual"), Key("options"), Index(0)], slot: Key, partial: "ic", replace: 54..56, in_list: false, present: ["title"], key: None })
        "---\ncontextual:\n  options:\n    -\r\n      title: x\r\n      icon: $0\r\n---\r\n"
          Some(FrontMatterCursor { path: [Key("contextual"), Key("options"), Index(0)], slot: Value { key: "icon" }, partial: "", replace: 62..62, in_list: false, present: ["title"], key: None })"#]].assert_eq(&out.join("\n"));
}

/// Front matter as it is while being typed, each with its cursor.
#[test]
fn half_typed_front_matter() {
    let cases = [
        // A key with no colon yet, top level and nested.
        "---\ntitle: x\nsideb$0\n---\n",
        "---\nicon:\n  name: x\n  sty$0\n---\n",
        // A value being typed, with and without its opening quote.
        "---\nmode: wi$0\n---\n",
        "---\nmode: \"cen$0\n---\n",
        // Nothing typed after the colon yet: the blank after it stays.
        "---\nmode:$0 \n---\n",
        // List items, indented and at the key's column.
        "---\ngroups:\n- admin\n- $0\n---\n",
        "---\ncontextual:\n  options:\n    - title: x\n    - co$0\n---\n",
        // Flow sequences: on the key's line, over lines, after it closed.
        "---\ngroups: [admin, us$0\n---\n",
        "---\nkeywords: [\n  'a',\n  'b$0'\n]\n---\n",
        "---\nkeywords:\n  [a, $0\n---\n",
        "---\ngroups: [admin]$0\n---\n",
        // Comments: a comment line, a comment after a value.
        "---\n# ti$0\ntitle: x\n---\n",
        "---\nmode: wide # la$0\n---\n",
        // Tabs: js-yaml 3 counts only the spaces before a tab, so `\tsty`
        // is a top-level key, not one of `icon`'s.
        "---\n\ttit$0\n---\n",
        "---\nicon:\n\tsty$0\n---\n",
        // A block scalar's text, and the key after it.
        "---\ndescription: |\n  some te$0xt\ntitle: x\n---\n",
        "---\ndescription: >\n  text\n\nti$0\n---\n",
        // A quoted value continued on the next line (as written in real
        // sites), and a quote left open while the next key is typed.
        "---\ndescription: \"Get notified\nwhen it$0 happens\"\ntitle: x\n---\n",
        "---\ntitle: \"Hel\nsideb$0\n---\n",
        // A quoted value on the line after its key.
        "---\ndescription:\n  \"The sl$0\"\n---\n",
        // A quoted key being typed, at the top and under a key.
        "---\ntitle: x\n\"og:t$0\n---\n",
        "---\nseo:\n  \"og:t$0\n---\n",
        // CRLF, a BOM, quoted keys.
        "---\r\nicon:\r\n  name: x\r\n  st$0\r\n---\r\n",
        "\u{feff}---\ntitle: x\nsideb$0\n---\n",
        "---\n\"og:title\": x\nog$0\n---\n",
        "---\n\"og:ti$0tle\": x\n---\n",
        // An unclosed fence.
        "---\ntitle: x\nmo$0",
        "---\nmode: $0",
        // Items of a list of mappings are separate mappings.
        "---\nintegration:\n  - support: core\n  - cat$0\n---\n",
        "---\nintegration:\n  - support: core\n  - category: x\n    su$0\n---\n",
    ];
    let out = cursors(&cases);
    expect_test::expect![[r#"
        "---\ntitle: x\nsideb$0\n---\n"
          Some(FrontMatterCursor { path: [], slot: Key, partial: "sideb", replace: 13..18, in_list: false, present: ["title"], key: None })
        "---\nicon:\n  name: x\n  sty$0\n---\n"
          Some(FrontMatterCursor { path: [Key("icon")], slot: Key, partial: "sty", replace: 22..25, in_list: false, present: ["name"], key: None })
        "---\nmode: wi$0\n---\n"
          Some(FrontMatterCursor { path: [], slot: Value { key: "mode" }, partial: "wi", replace: 10..12, in_list: false, present: [], key: None })
        "---\nmode: \"cen$0\n---\n"
          Some(FrontMatterCursor { path: [], slot: Value { key: "mode" }, partial: "cen", replace: 10..14, in_list: false, present: [], key: None })
        "---\nmode:$0 \n---\n"
          Some(FrontMatterCursor { path: [], slot: Value { key: "mode" }, partial: "", replace: 9..9, in_list: false, present: [], key: None })
        "---\ngroups:\n- admin\n- $0\n---\n"
          Some(FrontMatterCursor { path: [], slot: Value { key: "groups" }, partial: "", replace: 22..22, in_list: true, present: [], key: None })
        "---\ncontextual:\n  options:\n    - title: x\n    - co$0\n---\n"
          Some(FrontMatterCursor { path: [Key("contextual")], slot: Value { key: "options" }, partial: "co", replace: 48..50, in_list: true, present: [], key: None })
        "---\ngroups: [admin, us$0\n---\n"
          Some(FrontMatterCursor { path: [], slot: Value { key: "groups" }, partial: "us", replace: 20..22, in_list: true, present: [], key: None })
        "---\nkeywords: [\n  'a',\n  'b$0'\n]\n---\n"
          Some(FrontMatterCursor { path: [], slot: Value { key: "keywords" }, partial: "b", replace: 25..28, in_list: true, present: [], key: None })
        "---\nkeywords:\n  [a, $0\n---\n"
          Some(FrontMatterCursor { path: [], slot: Value { key: "keywords" }, partial: "", replace: 20..20, in_list: true, present: [], key: None })
        "---\ngroups: [admin]$0\n---\n"
          None
        "---\n# ti$0\ntitle: x\n---\n"
          None
        "---\nmode: wide # la$0\n---\n"
          None
        "---\n\ttit$0\n---\n"
          Some(FrontMatterCursor { path: [], slot: Key, partial: "tit", replace: 5..8, in_list: false, present: [], key: None })
        "---\nicon:\n\tsty$0\n---\n"
          Some(FrontMatterCursor { path: [], slot: Key, partial: "sty", replace: 11..14, in_list: false, present: ["icon"], key: None })
        "---\ndescription: |\n  some te$0xt\ntitle: x\n---\n"
          None
        "---\ndescription: >\n  text\n\nti$0\n---\n"
          Some(FrontMatterCursor { path: [], slot: Key, partial: "ti", replace: 27..29, in_list: false, present: ["description"], key: None })
        "---\ndescription: \"Get notified\nwhen it$0 happens\"\ntitle: x\n---\n"
          None
        "---\ntitle: \"Hel\nsideb$0\n---\n"
          Some(FrontMatterCursor { path: [], slot: Key, partial: "sideb", replace: 16..21, in_list: false, present: ["title"], key: None })
        "---\ndescription:\n  \"The sl$0\"\n---\n"
          Some(FrontMatterCursor { path: [], slot: Value { key: "description" }, partial: "The sl", replace: 19..27, in_list: false, present: [], key: None })
        "---\ntitle: x\n\"og:t$0\n---\n"
          Some(FrontMatterCursor { path: [], slot: Key, partial: "og:t", replace: 13..18, in_list: false, present: ["title"], key: None })
        "---\nseo:\n  \"og:t$0\n---\n"
          Some(FrontMatterCursor { path: [Key("seo")], slot: Key, partial: "og:t", replace: 11..16, in_list: false, present: [], key: None })
        "---\r\nicon:\r\n  name: x\r\n  st$0\r\n---\r\n"
          Some(FrontMatterCursor { path: [Key("icon")], slot: Key, partial: "st", replace: 25..27, in_list: false, present: ["name"], key: None })
        "\u{feff}---\ntitle: x\nsideb$0\n---\n"
          Some(FrontMatterCursor { path: [], slot: Key, partial: "sideb", replace: 16..21, in_list: false, present: ["title"], key: None })
        "---\n\"og:title\": x\nog$0\n---\n"
          Some(FrontMatterCursor { path: [], slot: Key, partial: "og", replace: 18..20, in_list: false, present: ["og:title"], key: None })
        "---\n\"og:ti$0tle\": x\n---\n"
          Some(FrontMatterCursor { path: [], slot: Key, partial: "og:ti", replace: 4..14, in_list: false, present: [], key: Some(5..13) })
        "---\ntitle: x\nmo$0"
          Some(FrontMatterCursor { path: [], slot: Key, partial: "mo", replace: 13..15, in_list: false, present: ["title"], key: None })
        "---\nmode: $0"
          Some(FrontMatterCursor { path: [], slot: Value { key: "mode" }, partial: "", replace: 10..10, in_list: false, present: [], key: None })
        "---\nintegration:\n  - support: core\n  - cat$0\n---\n"
          Some(FrontMatterCursor { path: [], slot: Value { key: "integration" }, partial: "cat", replace: 39..42, in_list: true, present: [], key: None })
        "---\nintegration:\n  - support: core\n  - category: x\n    su$0\n---\n"
          Some(FrontMatterCursor { path: [Key("integration"), Index(1)], slot: Key, partial: "su", replace: 55..57, in_list: false, present: ["category"], key: None })"#]].assert_eq(&out.join("\n"));
}
