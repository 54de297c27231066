//! Links in page bodies in the editor: definition, hover, document links,
//! references and completion, on a small site with `$0` cursors.

use crate::ide::completion::completions;
use crate::ide::definition::definition;
use crate::ide::document_links::document_links;
use crate::ide::find_references::references;
use crate::ide::fixture::with_cursor;
use crate::ide::hover::hover;
use expect_test::{Expect, expect};

const DOCS: &str = r#"{"navigation": {"pages": ["index", "guides/setup", "guides/intro"]}}"#;
const SETUP: &str = "---\ntitle: Setup\ndescription: Install and configure.\n---\n\n## Install the CLI\n\n## Overview\n\n## Overview\n";
const INTRO: &str = "---\ntitle: Intro\n---\n\nSee [setup](./setup#install-the-cli) and [again](/guides/setup#overview-2).\n";

fn files(index: &'static str) -> Vec<(&'static str, &'static str)> {
    vec![
        ("docs.json", DOCS),
        ("guides/setup.mdx", SETUP),
        ("guides/intro.mdx", INTRO),
        ("snippets/note.mdx", "Read [setup](/guides/setup).\n"),
        ("index.mdx", index),
    ]
}

fn check_def(index: &'static str, expect: Expect) {
    let (a, id, text, off) = with_cursor(&files(index));
    expect.assert_eq(&super::places(&a, &definition(&a, id, &text, off)));
}

#[test]
fn definition_goes_to_the_file_or_the_heading() {
    check_def(
        "[a](/guides/se$0tup)\n",
        expect![[r#"guides/setup.mdx 0..0 """#]],
    );
    check_def(
        "[a](/guides/setup#overv$0iew-2)\n",
        expect![[r###"guides/setup.mdx 91..102 "## Overview""###]],
    );
    check_def(
        "## Local\n\n[a](#lo$0cal)\n",
        expect![[r###"index.mdx 0..8 "## Local""###]],
    );
    check_def(
        "<Snippet file=\"no$0te.mdx\" />\n",
        expect![[r#"snippets/note.mdx 0..0 """#]],
    );
}

#[test]
fn hover_shows_title_and_description() {
    let (a, id, text, off) = with_cursor(&files("[a](guides/set$0up#install-the-cli)\n"));
    let h = hover(&a, id, &text, off).unwrap();
    expect![[r#"
        **Setup**

        Install and configure.

        `#install-the-cli`

        `guides/setup.mdx`"#]]
    .assert_eq(&h.markdown);
}

#[test]
fn document_links_of_a_page() {
    let (a, id, _, _) = with_cursor(&files(
        "[a](/guides/setup) [b](/guides/intro#x) [c](/nope)$0\n",
    ));
    let out: Vec<String> = document_links(&a, id)
        .iter()
        .map(|l| format!("{:?} -> {}", l.range, a.site.file(l.target).unwrap().path))
        .collect();
    expect![[r#"
        [
            "4..17 -> guides/setup.mdx",
            "23..38 -> guides/intro.mdx",
        ]
    "#]]
    .assert_debug_eq(&out);
}

#[test]
fn references_include_body_links_and_anchor_links() {
    let show = |index: &'static str, at: &str| {
        let mut fs = files(index);
        for f in fs.iter_mut() {
            if f.0 == at {
                f.1 = Box::leak(
                    f.1.replacen("## Overview\n", "## Over$0view\n", 1)
                        .into_boxed_str(),
                );
            }
        }
        let (a, id, text, off) = with_cursor(&fs);
        super::places(&a, &references(&a, id, &text, off))
    };
    // The page: navigation entries and every body link (snippets too).
    expect![[r#"
        docs.json 36..48 "guides/setup"
        guides/intro.mdx 34..57 "./setup#install-the-cli"
        guides/intro.mdx 71..95 "/guides/setup#overview-2"
        snippets/note.mdx 13..26 "/guides/setup"
        index.mdx 4..17 "/guides/setup""#]]
    .assert_eq(&show("[a](/guides/se$0tup)\n", "-"));
    // A heading: the links to its anchor (the first `Overview` is `#overview`).
    expect![[r#"index.mdx 18..26 "overview""#]].assert_eq(&show(
        "[a](/guides/setup#overview) [b](guides/setup#Overview)\n",
        "guides/setup.mdx",
    ));
}

fn labels(index: &'static str) -> String {
    let (a, id, text, off) = with_cursor(&files(index));
    let mut v: Vec<String> = completions(&a, id, &text, off)
        .iter()
        .map(|c| format!("{} {:?}", c.insert_text, c.detail))
        .collect();
    v.sort();
    v.join("\n")
}

#[test]
fn completion_of_pages_headings_and_snippets() {
    expect![[r#"
        /guides/intro Some("Intro")
        /guides/setup Some("Setup")
        /index None"#]]
    .assert_eq(&labels("See [x](/$0\n"));
    expect![[r#"
        /guides/setup#install-the-cli Some("Install the CLI")
        /guides/setup#overview Some("Overview")
        /guides/setup#overview-2 Some("Overview")"#]]
    .assert_eq(&labels("<Card href=\"/guides/setup#$0\n"));
    expect![[r#"/snippets/note.mdx None"#]].assert_eq(&labels("import Note from '/sni$0\n"));
    expect![[r#"note.mdx None"#]].assert_eq(&labels("<Snippet file=\"$0\n"));
}

/// Moving a page or a folder rewrites the links to it in every page body
/// and snippet, in the style each was written in.
#[test]
fn moves_rewrite_body_links() {
    use crate::ide::rename::{Change, edits_for_moves};
    let (a, _, _, _) = with_cursor(&files(
        "[a](/guides/setup#install-the-cli) [b](guides/setup.mdx) [c](/guides/intro)$0\n",
    ));
    let show = |moves: &[(&str, &str)]| {
        let changes: Vec<Change> = edits_for_moves(&a, &super::moves(moves))
            .into_iter()
            .map(Change::Edit)
            .collect();
        super::refactor::render(&a, &changes)
    };
    expect![[r#"
        --- docs.json
        @@ -1 +1 @@
        -{"navigation": {"pages": ["index", "guides/setup", "guides/intro"]}}
        \ No newline at end of file
        +{"navigation": {"pages": ["index", "start/install", "guides/intro"]}}
        \ No newline at end of file
        --- guides/intro.mdx
        @@ -4,2 +4,2 @@

        -See [setup](./setup#install-the-cli) and [again](/guides/setup#overview-2).
        +See [setup](../start/install#install-the-cli) and [again](/start/install#overview-2).
        --- index.mdx
        @@ -1 +1 @@
        -[a](/guides/setup#install-the-cli) [b](guides/setup.mdx) [c](/guides/intro)
        +[a](/start/install#install-the-cli) [b](start/install.mdx) [c](/guides/intro)
        --- snippets/note.mdx
        @@ -1 +1 @@
        -Read [setup](/guides/setup).
        +Read [setup](/start/install).
    "#]]
    .assert_eq(&show(&[("guides/setup.mdx", "start/install.mdx")]));
    expect![[r#"
        --- docs.json
        @@ -1 +1 @@
        -{"navigation": {"pages": ["index", "guides/setup", "guides/intro"]}}
        \ No newline at end of file
        +{"navigation": {"pages": ["index", "docs/setup", "docs/intro"]}}
        \ No newline at end of file
        --- guides/intro.mdx
        @@ -4,2 +4,2 @@

        -See [setup](./setup#install-the-cli) and [again](/guides/setup#overview-2).
        +See [setup](./setup#install-the-cli) and [again](/docs/setup#overview-2).
        --- index.mdx
        @@ -1 +1 @@
        -[a](/guides/setup#install-the-cli) [b](guides/setup.mdx) [c](/guides/intro)
        +[a](/docs/setup#install-the-cli) [b](docs/setup.mdx) [c](/docs/intro)
        --- snippets/note.mdx
        @@ -1 +1 @@
        -Read [setup](/guides/setup).
        +Read [setup](/docs/setup).
    "#]]
    .assert_eq(&show(&[("guides", "docs")]));
}

/// Renaming a heading: the links to its anchor follow the new id.
#[test]
fn renaming_a_heading_moves_its_anchors() {
    use crate::ide::rename::{prepare_rename, rename};
    let mut fs = files("[a](/guides/setup#install-the-cli) [b](/guides/setup#overview-2)\n");
    fs[1].1 = "---\ntitle: Setup\n---\n\n## Install the C$0LI\n\n## Overview\n\n## Overview\n";
    let (a, id, text, off) = with_cursor(&fs);
    let (r, old) = prepare_rename(&a, id, &text, off).unwrap();
    assert_eq!(
        (&text[r], old.as_str()),
        ("Install the CLI", "Install the CLI")
    );
    let changes = rename(&a, id, &text, off, "Get the CLI").unwrap();
    expect![[r#"
        --- guides/intro.mdx
        @@ -4,2 +4,2 @@

        -See [setup](./setup#install-the-cli) and [again](/guides/setup#overview-2).
        +See [setup](./setup#get-the-cli) and [again](/guides/setup#overview-2).
        --- guides/setup.mdx
        @@ -4,3 +4,3 @@

        -## Install the CLI
        +## Get the CLI

        --- index.mdx
        @@ -1 +1 @@
        -[a](/guides/setup#install-the-cli) [b](/guides/setup#overview-2)
        +[a](/guides/setup#get-the-cli) [b](/guides/setup#overview-2)
    "#]]
    .assert_eq(&super::refactor::render(&a, &changes));
}

/// Link completion ranks before its cap, as docs.json completion does: on a
/// site of 300 pages, `in` offers the pages one of whose path segments
/// starts with `in` first (`/introduction` among them), then those that
/// contain it; only the best 100 are built.
#[test]
fn link_completion_ranks_before_the_cap() {
    let names: Vec<String> = (0..300).map(|i| format!("guides/setting-{i}")).collect();
    let mut files: Vec<(String, String)> = names
        .iter()
        .map(|n| (format!("{n}.mdx"), "# x\n".to_string()))
        .collect();
    files.push((
        "zz/introduction.mdx".into(),
        "---\ntitle: Intro\n---\n".into(),
    ));
    files.push(("zz/install.mdx".into(), "# x\n".into()));
    files.push((
        "docs.json".into(),
        r#"{"navigation": {"pages": []}}"#.into(),
    ));
    files.push(("index.mdx".into(), "See [x](in$0\n".into()));
    let refs = super::borrowed(&files);
    let (a, id, text, off) = with_cursor(&refs);
    let mut incomplete = false;
    let items = crate::ide::page_links::completions(
        &a,
        id,
        &crate::syntax::page::read_tree(&text),
        &text,
        off,
        &mut incomplete,
    )
    .unwrap_or_default();
    let mut sorted: Vec<_> = items.iter().collect();
    sorted.sort_by(|x, y| x.sort_text.cmp(&y.sort_text));
    let first: Vec<&str> = sorted
        .iter()
        .take(3)
        .map(|c| c.insert_text.as_str())
        .collect();
    assert_eq!(first, ["/index", "/zz/install", "/zz/introduction"]);
    assert_eq!(sorted[3].insert_text, "/guides/setting-0");
    assert_eq!(items.len(), 100);
    assert!(incomplete);
}

/// A leading `/` anchors what was typed at the root: `/v1/` offers the
/// pages under `v1/` before those with a `v1` segment deeper down.
#[test]
fn link_completion_with_a_leading_slash_prefers_the_root() {
    let files = [
        ("docs.json", r#"{"navigation": {"pages": []}}"#),
        ("de/v1/a.mdx", "# a\n"),
        ("v1/b.mdx", "# b\n"),
        ("index.mdx", "See [x](/v1/$0\n"),
    ];
    let (a, id, text, off) = with_cursor(&files);
    let mut incomplete = false;
    let mut items = crate::ide::page_links::completions(
        &a,
        id,
        &crate::syntax::page::read_tree(&text),
        &text,
        off,
        &mut incomplete,
    )
    .unwrap_or_default();
    items.sort_by(|x, y| x.sort_text.cmp(&y.sort_text));
    let got: Vec<&str> = items.iter().map(|c| c.insert_text.as_str()).collect();
    assert_eq!(got, ["/v1/b", "/de/v1/a"]);
}
