use super::*;
use expect_test::{Expect, expect};
use std::fmt::Write;

/// The index as lines: `kind text@range`, ranges shown as the text they cover.
fn render(src: &str) -> String {
    let ix = read(src);
    let mut s = String::new();
    for h in &ix.headings {
        let _ = writeln!(
            s,
            "h{} {:?}{}{} @{:?}",
            h.level,
            h.text,
            h.custom_id
                .as_ref()
                .map(|i| format!(" #{i}"))
                .unwrap_or_default(),
            if h.in_component {
                " (in component)"
            } else {
                ""
            },
            &src[h.range.range()]
        );
    }
    for l in &ix.links {
        let _ = writeln!(
            s,
            "{:?}{} {:?} @{:?}",
            l.kind,
            l.element
                .as_ref()
                .map(|e| format!("<{e}>"))
                .unwrap_or_default(),
            &src[l.target_range.range()],
            &src[l.range.range()]
        );
        assert_eq!(&*l.target, &src[l.target_range.range()]);
    }
    for i in &ix.imports {
        let _ = writeln!(
            s,
            "import default={:?} named={:?} from {:?} @{:?}",
            i.default,
            i.named,
            &src[i.source_range.clone()],
            &src[i.range.clone()]
        );
    }
    for e in &ix.exports {
        let _ = writeln!(s, "export {e}");
    }
    for e in &ix.elements {
        let attrs: Vec<String> = e
            .attrs
            .iter()
            .map(|a| match &a.value {
                AttrValue::None => a.name.to_string(),
                AttrValue::String { value, .. } => format!("{}={value:?}", a.name),
                AttrValue::Expression { range } => format!("{}={}", a.name, &src[range.range()]),
            })
            .collect();
        let whole = &src[e.range.range()];
        let _ = writeln!(
            s,
            "<{}{}{}> {} lines{}",
            &src[e.name_range.range()],
            if attrs.is_empty() { "" } else { " " },
            attrs.join(" "),
            whole.lines().count(),
            if e.self_closing { " self-closing" } else { "" }
        );
    }
    for e in &ix.errors {
        let _ = writeln!(
            s,
            "error @{:?}: {}{}",
            &src[e.range.clone()],
            e.message,
            e.fix
                .as_ref()
                .map(|(r, t)| format!(" [fix {:?} -> {t:?}]", &src[r.clone()]))
                .unwrap_or_default()
        );
    }
    s
}

fn check(src: &str, expect: Expect) {
    expect.assert_eq(&render(src));
}

#[test]
fn headings() {
    check(
        r####"---
title: "# not a heading"
---
# One
## Two **bold** and `code` {#custom}
### [Link text](/x) <Icon icon="a" /> ###
Setext
======
<Tabs>
  <Tab title="A">
    ## Inside
  </Tab>
</Tabs>
#NoSpace
####### seven
"####,
        expect![[r####"
            h1 "One" @"# One"
            h2 "Two bold and code" #custom @"## Two **bold** and `code` {#custom}"
            h3 "Link text" @"### [Link text](/x) <Icon icon=\"a\" /> ###"
            h1 "Setext" @"Setext"
            h2 "Inside" (in component) @"## Inside"
            Markdown "/x" @"[Link text](/x)"
            <Icon icon="a"> 1 lines self-closing
            <Tabs> 5 lines
            <Tab title="A"> 3 lines
        "####]],
    );
}

#[test]
fn code_is_not_read() {
    check(
        r####"Text `[not](/a) <b` and ``double ` [x](/b)``.

```mdx
# not a heading
[not](/c) <5 <!-- x -->
```

  ~~~~
  [no](/d)
  ~~~~

    [indented is not code in MDX](/e)
"####,
        expect![[r#"
            Markdown "/e" @"[indented is not code in MDX](/e)"
        "#]],
    );
}

#[test]
fn links_of_every_form() {
    check(
        r####"See [a](/a "title"), ![img](/img.png), [b](<./b c.mdx>), [c][ref], [ref][], [ref].
[![badge](/badge.svg)](https://x.y/z)

[ref]: /defined#anchor
[unused]: ./unused

<a href="/html">x</a> <img src="/i.png" />
<Card title="C" href="/card" img="/card.png" />
<Frame><img src='/framed.png' /></Frame>
<Snippet file="snippet.mdx" />
Not a link: [just brackets] and [x] (y).
"####,
        expect![[r#"
            Markdown "/a" @"[a](/a \"title\")"
            Image "/img.png" @"![img](/img.png)"
            Markdown "./b c.mdx" @"[b](<./b c.mdx>)"
            Reference "/defined#anchor" @"[c][ref]"
            Reference "/defined#anchor" @"[ref][]"
            Reference "/defined#anchor" @"[ref]"
            Markdown "https://x.y/z" @"[![badge](/badge.svg)](https://x.y/z)"
            Image "/badge.svg" @"![badge](/badge.svg)"
            Definition "/defined#anchor" @"[ref]: /defined#anchor"
            Definition "./unused" @"[unused]: ./unused"
            Href<a> "/html" @"href=\"/html\""
            Src<img> "/i.png" @"src=\"/i.png\""
            Href<Card> "/card" @"href=\"/card\""
            Img<Card> "/card.png" @"img=\"/card.png\""
            Src<img> "/framed.png" @"src='/framed.png'"
            Snippet<Snippet> "snippet.mdx" @"file=\"snippet.mdx\""
            <a href="/html"> 1 lines
            <img src="/i.png"> 1 lines self-closing
            <Card title="C" href="/card" img="/card.png"> 1 lines self-closing
            <Frame> 1 lines
            <img src="/framed.png"> 1 lines self-closing
            <Snippet file="snippet.mdx"> 1 lines self-closing
        "#]],
    );
}

#[test]
fn footnotes_are_not_links() {
    check(
        r####"See the note[^1] and [^note].

[^1]: In contrast to the rest.
[^note]: See [the guide](/guide).

[ref]: /defined
"####,
        expect![[r#"
            Markdown "/guide" @"[the guide](/guide)"
            Definition "/defined" @"[ref]: /defined"
        "#]],
    );
}

#[test]
fn imports_and_exports() {
    check(
        r####"---
title: x
---
import Intro from '/snippets/intro.mdx';
import { A, B as C } from "/snippets/ab.jsx"
import D, {
  E,
} from '/snippets/de.mdx';

export const Banner = ({ title }) => {
  return <div>{title}</div>;
};

export function Helper() {}

Text mentioning import x from 'y' is not ESM.
"####,
        expect![[r#"
            import default=Some("Intro") named=[] from "/snippets/intro.mdx" @"import Intro from '/snippets/intro.mdx';"
            import default=None named=["A", "C"] from "/snippets/ab.jsx" @"import { A, B as C } from \"/snippets/ab.jsx\""
            import default=Some("D") named=["E"] from "/snippets/de.mdx" @"import D, {\n  E,\n} from '/snippets/de.mdx';"
            export Banner
            export Helper
        "#]],
    );
}

#[test]
fn multi_line_tags_and_expressions() {
    check(
        r####"<Card
  title="Multi"
  href="/multi"
  icon={<Icon />}
  {...rest}
>
  Body with {props.value} and {`template ${x}`}.
</Card>
<Step title="W&B" />
<>fragment</>
"####,
        expect![[r#"
            Href<Card> "/multi" @"href=\"/multi\""
            <Card title="Multi" href="/multi" icon={<Icon />} ...={...rest}> 8 lines
            <Step title="W&B"> 1 lines self-closing
            <> 1 lines
        "#]],
    );
}

#[test]
fn never_panics_on_odd_input() {
    for src in [
        "",
        "<",
        "{",
        "[",
        "![",
        "`",
        "---",
        "---\n",
        "<a href=",
        "<a href=\"",
        "[x](",
        "[x]: ",
        "import",
        "import {",
        "export const",
        "<!--",
        "<https://",
        "\u{feff}---\ntitle: é\n---\n# é",
        "é<é>é{é}[é](é)",
        "<Tab title {Note that this is text} =\"親子モード\">",
        "a <!-- 親",
        "import x from '親",
        "| a |\n| - |\n| x \\",
        "</",
        "</>",
        "<>",
        "\\",
        "#",
        "=\n=",
    ] {
        // `read` turns a panic into an error for the page: the scanner
        // itself must not panic.
        let ix = read(src);
        assert!(
            !ix.errors
                .iter()
                .any(|e| e.message.contains("internal error")),
            "the reader panicked on {src:?}"
        );
        let _ = render(src);
    }
}

/// `line:column` (1-based, columns in characters) of a byte offset.
fn line_col(src: &str, at: usize) -> String {
    let at = at.min(src.len());
    let before = &src[..at];
    let line = before.matches('\n').count() + 1;
    let col = before[before.rfind('\n').map_or(0, |i| i + 1)..]
        .chars()
        .count()
        + 1;
    format!("{line}:{col}")
}

/// The reader's verdict in the oracle's form: `ok`, or the line:column of
/// the first error (the one the platform reports).
pub(crate) fn verdict(src: &str) -> String {
    match read(src).errors.first() {
        None => "ok".into(),
        Some(e) => format!("error {}", line_col(src, e.range.start)),
    }
}

/// Every fixture page of `tests/fixtures/mdx` gets the verdict the
/// platform's parser gave (`<case>.expected`, written by
/// `tools/mdx-oracle/oracle.mjs --write`): ok, or an error at the same place.
#[test]
fn fixtures_agree_with_the_platform() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mdx");
    let mut cases: Vec<_> = std::fs::read_dir(&dir)
        .expect("fixture folder")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "mdx"))
        .collect();
    cases.sort();
    assert!(cases.len() > 20);
    let mut bad = Vec::new();
    for case in cases {
        let src = std::fs::read_to_string(&case).expect("fixture");
        let expected = std::fs::read_to_string(case.with_extension("expected"))
            .expect("an .expected file next to every fixture (run the oracle)");
        // `error L:C message`: compare the verdict and the place.
        let want: String = expected
            .split_whitespace()
            .take(2)
            .collect::<Vec<_>>()
            .join(" ");
        let got = verdict(&src);
        let name = case.file_name().unwrap().to_string_lossy().into_owned();
        assert_eq!(
            name.starts_with("ok-"),
            want == "ok",
            "{name}: name it ok-/err- after its verdict"
        );
        if got != want {
            bad.push(format!(
                "{name}: platform {want}, docs-lsp {got} {:?}",
                read(&src).errors.first().map(|e| &e.message)
            ));
        }
        // Every error's fix must apply cleanly and the fixed page must not
        // fail at the same place for the same reason.
        for e in read(&src).errors {
            if let Some((r, _)) = &e.fix {
                assert!(
                    r.end <= src.len()
                        && src.is_char_boundary(r.start)
                        && src.is_char_boundary(r.end)
                );
            }
        }
    }
    assert!(bad.is_empty(), "disagreements:\n{}", bad.join("\n"));
}

#[test]
fn containers() {
    check(
        r####"> <Tooltip
>   tip="use <T> or a|b here"
> >
>   [inside](/quoted)
> </Tooltip>

- item with `code
- next` item and [a link](/item)
  ```js
  const open = "<fence>";
- the fence ended with its item: [after](/after-fence)

> quoted paragraph
lazy line with [a link](/lazy)

<Card
  title="flow"
>
</Card>
"####,
        expect![[r#"
            Markdown "/quoted" @"[inside](/quoted)"
            Markdown "/item" @"[a link](/item)"
            Markdown "/after-fence" @"[after](/after-fence)"
            Markdown "/lazy" @"[a link](/lazy)"
            <Tooltip tip="use <T> or a|b here"> 5 lines
            <Card title="flow"> 4 lines
        "#]],
    );
}

#[test]
fn tables_split_cells_at_every_pipe() {
    check(
        r####"| Syntax | Meaning |
| --- | --- |
| `a|b` | [c](/c) \| <b>x</b> |
"####,
        expect![[r#"
            Markdown "/c" @"[c](/c)"
            <b> 1 lines
        "#]],
    );
}

/// Definitions as CommonMark reads them: over lines, and not when
/// something follows the destination or title on its line.
#[test]
fn definitions_over_lines() {
    check(
        "[a]:\n  /a\n  \"A\n  title\"\n[b\nc]: /bc 't'\n[d]: /d \"t\" more\n\n[e]: <e>(x)\n\n> [f]:\n> /f\n\n[a] [b c] [d] [f]\n",
        expect![[r#"
            Definition "/a" @"[a]:\n  /a\n  \"A\n  title\""
            Definition "/bc" @"[b\nc]: /bc 't'"
            Definition "/f" @"[f]:\n> /f"
            Reference "/a" @"[a]"
            Reference "/bc" @"[b c]"
            Reference "/f" @"[f]"
            <e> 1 lines
            error @"[e]: <e>": `<e>` is not closed before the end of its paragraph: add `</e>` in the same paragraph, or put the opening and closing tags on lines of their own
        "#]],
    );
}

/// A tab that a container's prefix takes in part leaves the rest of its
/// columns to the next container (CommonMark spec example 9): `baz` is an
/// item in `bar`'s, not its sibling.
#[test]
fn tabs_taken_in_part() {
    let blocks = |src: &str| {
        read_tree(src)
            .blocks
            .iter()
            .map(|b| format!("{:?}", b.kind))
            .collect::<Vec<_>>()
            .join(" ")
    };
    expect!["Item Paragraph Item Paragraph Item Paragraph End End End"]
        .assert_eq(&blocks(" - foo\n   - bar\n\t - baz\n"));
    // In a block quote, `>` takes one column of the tab after it.
    expect!["Quote Item Paragraph End Item Paragraph End End"]
        .assert_eq(&blocks(">\t- a\n>\t  b\n>\t- c\n"));
}
