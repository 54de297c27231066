//! Cursor questions on small pages with a `$0` cursor, the answer shown as
//! one line. The cases marked "was:" are those the editor's own readers
//! (before they asked the page reader) answered otherwise.

use super::*;
use crate::syntax::page::read_tree;
use expect_test::{Expect, expect};

fn show(src: &str) -> String {
    let offset = src.find("$0").expect("a $0 cursor");
    let text = src.replace("$0", "");
    let tree = read_tree(&text);
    match at(&tree, &text, offset) {
        PageAt::Code => "code".into(),
        PageAt::Tag(t) => {
            let place = match &t.place {
                Place::Name => "name".to_string(),
                Place::AttrName { range } => format!("prop name {:?}", &text[range.clone()]),
                Place::AttrValue { attr, range } => {
                    format!("value of {attr} {:?}", &text[range.clone()])
                }
                Place::Other => "expression".into(),
            };
            let attrs: Vec<&str> = t.attrs.iter().map(|a| a.0).collect();
            format!(
                "tag <{}{}> {place}; props {attrs:?}",
                if t.closing { "/" } else { "" },
                t.name
            )
        }
        PageAt::Destination { start, image, link } => format!(
            "{} destination, typed {:?}{}",
            if image { "image" } else { "link" },
            &text[start..offset],
            if link.is_some() { ", a whole link" } else { "" }
        ),
        PageAt::ImportSource(i) => format!("import source {:?}", i.source),
        PageAt::Expression => "expression".into(),
        PageAt::Text => "text".into(),
    }
}

fn check(cases: &[&str], expect: Expect) {
    let out: Vec<String> = cases.iter().map(|c| show(c)).collect();
    expect.assert_eq(&(out.join("\n") + "\n"));
}

#[test]
fn places_in_tags() {
    check(
        &[
            "x\n<Ca$0",
            "<$0",
            "<Card $0",
            "<Card title=\"a\" ho$0 />",
            "<Badge color=\"bl$0\">",
            "<Card title={x$0}>",
            "<Card {...pro$0ps}>",
            "<Card title=\"a\">\ntext $0",
            "a <5 and $0",
            "<Card\n  title=\"x\"\n  $0\n>",
            "<Card>\n</Ca$0",
            "<Snippet file=\"a$0\n\nmore\n",
        ],
        expect![[r#"
            tag <Ca> name; props []
            tag <> name; props []
            tag <Card> prop name ""; props []
            tag <Card> prop name "ho"; props ["title", "ho"]
            tag <Badge> value of color "bl"; props ["color"]
            tag <Card> expression; props ["title"]
            tag <Card> expression; props []
            text
            text
            tag <Card> prop name ""; props ["title"]
            tag </Ca> name; props []
            tag <Snippet> value of file "a"; props ["file"]
        "#]],
    );
}

#[test]
fn code_front_matter_and_math() {
    check(
        &[
            "```\n<Ca$0\n```",
            "`<Ca$0`",
            "---\ntitle: <Ca$0\n---\n",
            "---\ntitle: x\n---$0\n",
            "---\ntitle: x\n---\n$0<Card />",
            "```\nx\n```$0\n",
            "```\n<Ca\n```\n<Ca$0",
            // was: a tag (`$$` blocks were not code to the editor).
            "$$\n<Ca$0\n$$\n",
            // was: a tag (inline math was not code either).
            "Math $x <Ca$0$ here",
            // was: code (an odd count of backticks before the cursor on its
            // line); no run of one backtick closes the first.
            "`a`` <Ca$0\n",
            // was: a tag (an even count before the cursor); the runs of two
            // make one code span.
            "``x` `y <Ca$0``\n",
            // was: code (the fence was never closed); it ends with its list
            // item.
            "- a\n  ```\n  x\n- b <Ca$0\n",
            "- a\n  ```\n  <Ca$0\n- b\n",
            // A fence is still open on the next item's lines of the same item.
            "1. a\n   ~~~~\n   ~~~\n   <Ca$0\n",
        ],
        expect![[r#"
            code
            code
            code
            code
            text
            code
            tag <Ca> name; props []
            code
            code
            tag <Ca> name; props []
            code
            tag <Ca> name; props []
            code
            code
        "#]],
    );
}

#[test]
fn tags_over_lines_in_a_block_quote() {
    check(
        &[
            // was: not in a tag (the `>` of the next line ended it).
            "> <Card\n>   ti$0\n> />\n",
            // was: the tag `<T` inside the value.
            "> <Card\n>   title=\"<T$0\"\n> />\n",
            "> <Card\n>   title=\"x\"\n>   $0\n> >\n> text\n> </Card>\n",
            "> <Card title=\"x\">\n> te$0xt\n> </Card>\n",
        ],
        expect![[r#"
            tag <Card> prop name "ti"; props ["ti"]
            tag <Card> value of title "<T"; props ["title"]
            tag <Card> prop name ""; props ["title"]
            text
        "#]],
    );
}

#[test]
fn links_and_imports() {
    check(
        &[
            "See [x](/gu$0\n",
            "See [x](/guides/se$0tup) now",
            "![a](/img/lo$0",
            "<Card href=\"/guides/setup#$0\n",
            "import Note from '/sni$0\n",
            "import { A } from \"/snippets/a.mdx\"\n\nText {1 +$0 2}\n",
            // was: a link destination (the line's text was read, code or
            // not).
            "`[x](/gu$0`",
        ],
        expect![[r#"
            link destination, typed "/gu"
            link destination, typed "/guides/se", a whole link
            image destination, typed "/img/lo"
            tag <Card> value of href "/guides/setup#"; props ["href"]
            import source "/sni"
            expression
            code
        "#]],
    );
}

#[test]
fn names_in_scope() {
    let t = "---\ntitle: x\n---\nimport A from '/snippets/a.mdx'\nimport { B, C as D } from \"./c.jsx\"\nimport * as NS from './ns.js'\nexport const E = () => <div />;\nexport { F as G }\n\n```\nimport H from 'h'\n```\n";
    let tree = read_tree(t);
    let names: Vec<String> = tree
        .names
        .iter()
        .map(|n| {
            format!(
                "{} @{:?} {}",
                n.name,
                &t[n.range.range()],
                import_of(&tree, n).map_or("exported", |i| i.source.as_str())
            )
        })
        .collect();
    expect![[r#"
        A @"A" /snippets/a.mdx
        B @"B" ./c.jsx
        D @"D" ./c.jsx
        NS @"NS" ./ns.js
        E @"E" exported
        G @"G" exported"#]]
    .assert_eq(&names.join("\n"));
}
