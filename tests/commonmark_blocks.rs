//! The page reader's block structure on the CommonMark spec's examples
//! (0.31.2, `tests/fixtures/commonmark/spec-0.31.2.txt`, from the npm
//! package `commonmark-spec`) and table examples of our own in the same
//! format (`gfm-tables.txt`, GFM's reading): for each example, the blocks the reader records
//! (`PageTree::blocks`: block quotes, list items, paragraphs, headings and
//! their levels, fenced code, tables, thematic breaks) against the blocks of
//! the expected HTML. Inline content is not compared (no HTML renderer).
//!
//! MDX deliberately differs from CommonMark, and the platform's parser with
//! it; skipped, and counted as such:
//! - the sections "Indented code blocks" (MDX has no indented code),
//!   "HTML blocks" and "Raw HTML" (`<` starts JSX; there is no HTML) and
//!   "Autolinks" (`<https://…>` is refused);
//! - in every other section, an example whose expected HTML has indented
//!   code (more `<pre>`s than fenced blocks in the Markdown); one the
//!   reader refuses as MDX (it reports an MDX syntax error: a `<` or `{`
//!   that is no tag or expression, an HTML comment; the platform's parser
//!   throws on those pages, so they have no block structure to compare);
//!   one with a tag (raw HTML to CommonMark, JSX to MDX); one that starts
//!   with `---` (front matter to the platform);
//! - the examples of [`MDX_DIFFERS`], where the platform's parser was run
//!   and reads the blocks as the reader does, not as CommonMark: the test
//!   checks that the reader still gives the platform's outline there.
//!
//! The figures per section are a snapshot: a change that makes an example
//! pass or fail shows here.
//!
//! Then every example, none skipped, against the blocks the platform's
//! parser reads (`*.platform.tsv`, written by `tools/mdx-oracle/outline.mjs`
//! with `getAST` of @mintlify/common): the same outline, or both refuse the
//! page.

use docs_lsp::syntax::page::{BlockKind, read_tree};
use expect_test::expect;
use std::collections::BTreeMap;
use std::fmt::Write;

/// Sections MDX changes, with why.
const SKIPPED_SECTIONS: &[(&str, &str)] = &[
    ("Indented code blocks", "MDX has no indented code"),
    ("HTML blocks", "`<` starts JSX in MDX"),
    ("Raw HTML", "`<` starts JSX in MDX"),
    ("Autolinks", "MDX refuses `<https://…>`"),
];

/// Examples where the platform's parser (`getAST` of @mintlify/common,
/// `tools/mdx-oracle`'s version, run on each example's Markdown on
/// 2026-11-26) gives other blocks than CommonMark, and the reader gives the
/// platform's: (number, the platform's outline, why). MDX turns off
/// indented code, and with it CommonMark's limit of three columns of
/// indentation before a block starts: an indented line starts its block.
const MDX_DIFFERS: &[(usize, &str, &str)] = &[
    (
        49,
        "p hr",
        "`    ***` after a paragraph is a thematic break",
    ),
    (70, "p h1", "`    # bar` after a paragraph is a heading"),
    (87, "h2", "`    ---` under `Foo` makes it a setext heading"),
    (
        238,
        "quote[ p ] item[ p ]",
        "`    - bar` after a quoted paragraph starts a list item, not a lazy line",
    ),
    (
        278,
        "item[ p ] item[ code ] item[ p ]",
        "`      baz` in an item is a paragraph, not indented code",
    ),
    (
        312,
        "item[ p ] item[ p ] item[ p ] item[ p ] item[ p ]",
        "`    - e` is a fifth item, not a lazy line of the fourth",
    ),
];

struct Example {
    section: String,
    number: usize,
    markdown: String,
    html: String,
}

/// The examples of a spec text, as the spec's own `spec_tests.py` and the
/// `commonmark-spec` package read them: a fence of 32 backticks and
/// `example`, the Markdown, a line `.`, the HTML; `→` stands for a tab.
fn examples(spec: &str, first: usize) -> Vec<Example> {
    let fence = "`".repeat(32);
    let mut out = Vec::new();
    let mut section = String::new();
    let mut lines = spec.lines();
    let mut number = first;
    while let Some(line) = lines.next() {
        if line.starts_with('#') && !line.starts_with("#!") {
            let title = line.trim_start_matches('#');
            if title.starts_with(' ') && line.len() - title.len() <= 6 {
                section = title.trim().to_string();
            }
            continue;
        }
        if !(line.starts_with(&fence) && line[fence.len()..].trim_start().starts_with("example")) {
            continue;
        }
        let (mut markdown, mut html) = (String::new(), String::new());
        let mut in_html = false;
        for l in lines.by_ref() {
            if l == fence {
                break;
            }
            if l == "." && !in_html {
                in_html = true;
                continue;
            }
            let target = if in_html { &mut html } else { &mut markdown };
            target.push_str(l);
            target.push('\n');
        }
        out.push(Example {
            section: section.clone(),
            number,
            markdown: markdown.replace('→', "\t"),
            html: html.replace('→', "\t"),
        });
        number += 1;
    }
    out
}

/// The blocks the reader records for `markdown`, one word each.
fn reader_outline(markdown: &str) -> String {
    let tree = read_tree(markdown);
    let words: Vec<String> = tree
        .blocks
        .iter()
        .map(|b| match b.kind {
            BlockKind::Quote => "quote[".into(),
            BlockKind::Item => "item[".into(),
            BlockKind::End => "]".into(),
            BlockKind::Paragraph => "p".into(),
            BlockKind::Heading(n) => format!("h{n}"),
            BlockKind::Fence => "code".into(),
            BlockKind::Table => "table".into(),
            BlockKind::ThematicBreak => "hr".into(),
        })
        .collect();
    words.join(" ")
}

/// The blocks of the expected HTML, in the same words. Lists (`<ul>`,
/// `<ol>`) are not blocks the reader records, their items are; the text of
/// a tight item (no `<p>`) is its paragraph.
fn html_outline(html: &str) -> String {
    let mut words: Vec<String> = Vec::new();
    let mut text = false;
    let mut skip_to: Option<String> = None;
    let flush = |words: &mut Vec<String>, text: &mut bool| {
        if std::mem::take(text) {
            words.push("p".into());
        }
    };
    let mut rest = html;
    while let Some(c) = rest.chars().next() {
        if c != '<' {
            if skip_to.is_none() && !c.is_whitespace() {
                text = true;
            }
            rest = &rest[c.len_utf8()..];
            continue;
        }
        let end = rest.find('>').map_or(rest.len(), |i| i + 1);
        let tag = &rest[1..end.saturating_sub(1).max(1)];
        rest = &rest[end..];
        let closing = tag.starts_with('/');
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(char::is_ascii_alphanumeric)
            .collect();
        if let Some(s) = &skip_to {
            if closing && *s == name {
                skip_to = None;
            }
            continue;
        }
        match (name.as_str(), closing) {
            ("blockquote", false) => {
                flush(&mut words, &mut text);
                words.push("quote[".into());
            }
            ("li", false) => {
                flush(&mut words, &mut text);
                words.push("item[".into());
            }
            ("blockquote" | "li", true) => {
                flush(&mut words, &mut text);
                words.push("]".into());
            }
            ("ul" | "ol", _) => flush(&mut words, &mut text),
            ("hr", _) => {
                flush(&mut words, &mut text);
                words.push("hr".into());
            }
            ("p" | "h1" | "h2" | "h3" | "h4" | "h5" | "h6" | "pre" | "table", false) => {
                flush(&mut words, &mut text);
                words.push(match name.as_str() {
                    "pre" => "code".into(),
                    n => n.to_string(),
                });
                skip_to = Some(name);
            }
            // Inline: the text of a tight item or a paragraph.
            _ => text = true,
        }
    }
    flush(&mut words, &mut text);
    words.join(" ")
}

#[derive(Default)]
struct Tally {
    pass: usize,
    fail: Vec<usize>,
    indented_code: usize,
    not_mdx: usize,
    tag: usize,
    front_matter: usize,
    mdx_differs: usize,
}

fn run(examples: &[Example]) -> String {
    let mut by_section: BTreeMap<(usize, &str), Tally> = BTreeMap::new();
    let mut order = Vec::new();
    let mut skipped_sections: BTreeMap<&str, usize> = BTreeMap::new();
    for ex in examples {
        if SKIPPED_SECTIONS.iter().any(|(s, _)| *s == ex.section) {
            *skipped_sections.entry(&ex.section).or_default() += 1;
            continue;
        }
        let pos = match order.iter().position(|s| *s == ex.section) {
            Some(i) => i,
            None => {
                order.push(ex.section.clone());
                order.len() - 1
            }
        };
        let t = by_section.entry((pos, &ex.section)).or_default();
        if let Some((_, platform, why)) = MDX_DIFFERS.iter().find(|d| d.0 == ex.number) {
            let reader = reader_outline(&ex.markdown);
            assert_eq!(reader, *platform, "example {}: {why}", ex.number);
            assert_ne!(reader, html_outline(&ex.html), "example {}", ex.number);
            t.mdx_differs += 1;
            continue;
        }
        let fences = ex.markdown.matches("```").count() + ex.markdown.matches("~~~").count();
        if ex.html.matches("<pre").count() > fences.div_ceil(2) {
            t.indented_code += 1;
            continue;
        }
        let tree = read_tree(&ex.markdown);
        if !tree.index.errors.is_empty() {
            t.not_mdx += 1;
            continue;
        }
        if !tree.index.elements.is_empty() {
            t.tag += 1;
            continue;
        }
        if ex.markdown.starts_with("---\n") {
            t.front_matter += 1;
            continue;
        }
        if reader_outline(&ex.markdown) == html_outline(&ex.html) {
            t.pass += 1;
        } else {
            t.fail.push(ex.number);
        }
    }
    let mut s = String::new();
    let (mut pass, mut compared) = (0, 0);
    for ((_, section), t) in &by_section {
        let n = t.pass + t.fail.len();
        pass += t.pass;
        compared += n;
        let _ = write!(s, "{section}: {}/{n}", t.pass);
        let skipped = [
            (t.mdx_differs, "MDX differs"),
            (t.indented_code, "indented code"),
            (t.not_mdx, "not MDX"),
            (t.tag, "tag"),
            (t.front_matter, "front matter"),
        ];
        let skipped: Vec<String> = skipped
            .iter()
            .filter(|(n, _)| *n > 0)
            .map(|(n, what)| format!("{n} {what}"))
            .collect();
        if !skipped.is_empty() {
            let _ = write!(s, " (skipped: {})", skipped.join(", "));
        }
        if !t.fail.is_empty() {
            let _ = write!(s, "; fail {:?}", t.fail);
        }
        s.push('\n');
    }
    for (section, n) in &skipped_sections {
        let _ = writeln!(s, "{section}: skipped ({n})");
    }
    let _ = writeln!(s, "total: {pass}/{compared}");
    s
}

fn fixture(name: &str) -> String {
    let path = format!(
        "{}/tests/fixtures/commonmark/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn outlines_read_the_html_and_the_reader_alike() {
    // The comparison itself, on known shapes, so that a broken outline
    // cannot pass every example by saying nothing.
    assert_eq!(
        html_outline(
            "<ul>\n<li>a\n<blockquote>\n<p>b</p>\n</blockquote>\n</li>\n<li></li>\n</ul>\n<h2>c <em>d</em></h2>\n<pre><code>x\n</code></pre>\n<hr />\n"
        ),
        "item[ p quote[ p ] ] item[ ] h2 code hr"
    );
    assert_eq!(
        reader_outline("- a\n  > b\n-\n\n## c *d*\n```\nx\n```\n***\n"),
        "item[ p quote[ p ] ] item[ ] h2 code hr"
    );
    assert_eq!(reader_outline("| a |\n| - |\n| b |\n"), "table");
}

#[test]
fn commonmark_spec_blocks() {
    let spec = fixture("spec-0.31.2.txt");
    let all = examples(&spec, 1);
    assert_eq!(all.len(), 652, "the 0.31.2 spec has 652 examples");
    expect![[r#"
        Tabs: 4/4 (skipped: 7 indented code)
        Backslash escapes: 10/10 (skipped: 1 indented code, 2 not MDX)
        Entity and numeric character references: 15/15 (skipped: 1 indented code, 1 not MDX)
        Precedence: 1/1
        Thematic breaks: 17/17 (skipped: 1 MDX differs, 1 indented code)
        ATX headings: 16/16 (skipped: 1 MDX differs, 1 indented code)
        Setext headings: 21/21 (skipped: 1 MDX differs, 2 indented code, 1 tag, 2 front matter)
        Fenced code blocks: 29/29
        Link reference definitions: 24/24 (skipped: 1 indented code, 2 not MDX)
        Paragraphs: 7/7 (skipped: 1 indented code)
        Blank lines: 1/1
        Block quotes: 20/20 (skipped: 1 MDX differs, 4 indented code)
        List items: 33/33 (skipped: 1 MDX differs, 14 indented code)
        Lists: 22/22 (skipped: 1 MDX differs, 2 indented code, 1 not MDX)
        Inlines: 1/1
        Code spans: 20/20 (skipped: 2 not MDX)
        Emphasis and strong emphasis: 127/127 (skipped: 4 not MDX, 1 tag)
        Links: 83/83 (skipped: 7 not MDX)
        Images: 22/22
        Hard line breaks: 13/13 (skipped: 2 not MDX)
        Soft line breaks: 2/2
        Textual content: 3/3
        Autolinks: skipped (19)
        HTML blocks: skipped (44)
        Indented code blocks: skipped (12)
        Raw HTML: skipped (20)
        total: 491/491
    "#]]
    .assert_eq(&run(&all));
}

#[test]
fn gfm_table_blocks() {
    let spec = fixture("gfm-tables.txt");
    let all = examples(&spec, 1);
    assert_eq!(all.len(), 9);
    expect![[r#"
        Tables: 9/9
        total: 9/9
    "#]]
    .assert_eq(&run(&all));
}

/// The reader's outline against the platform's for every example of a spec
/// (`error` when the reader reports an MDX syntax error): how many agree,
/// and the numbers of those that do not.
fn against_platform(spec: &str, first: usize, platform: &str) -> String {
    let want: BTreeMap<usize, &str> = platform
        .lines()
        .filter_map(|l| {
            let (n, outline) = l.split_once('\t')?;
            Some((n.parse().ok()?, outline))
        })
        .collect();
    let all = examples(spec, first);
    assert_eq!(want.len(), all.len(), "one platform outline per example");
    let mut differ = Vec::new();
    for ex in &all {
        let tree = read_tree(&ex.markdown);
        let reader = if tree.index.errors.is_empty() {
            reader_outline(&ex.markdown)
        } else {
            "error".into()
        };
        if want.get(&ex.number) != Some(&reader.as_str()) {
            differ.push(ex.number);
        }
    }
    format!(
        "agree {}/{}; differ {differ:?}",
        all.len() - differ.len(),
        all.len()
    )
}

#[test]
fn commonmark_and_gfm_examples_as_the_platform_reads_them() {
    expect!["agree 652/652; differ []"].assert_eq(&against_platform(
        &fixture("spec-0.31.2.txt"),
        1,
        &fixture("spec-0.31.2.platform.tsv"),
    ));
    expect![[r#"agree 9/9; differ []"#]].assert_eq(&against_platform(
        &fixture("gfm-tables.txt"),
        1,
        &fixture("gfm-tables.platform.tsv"),
    ));
}
