//! Renaming a heading: its text, and every link to its anchor in the site
//! (same page, other pages in every form, components' `href`s, docs.json,
//! snippets), with the platform's ids and duplicate numbering.

use crate::ide::fixture::with_cursor;
use crate::ide::rename::{prepare_rename, rename};
use expect_test::{Expect, expect};

const DOCS: &str = r#"{
  "name": "Acme",
  "theme": "mint",
  "navbar": {"links": [{"label": "Setup", "href": "/guides/setup#install"}]},
  "redirects": [{"source": "/old", "destination": "/guides/setup#install"}],
  "navigation": {"groups": [{"group": "Start", "pages": ["index", "guides/setup", "guides/intro"]}]}
}"#;

/// Renames at `$0` to `new_name`: the prepared range's text, then each
/// changed file's resulting text (or the refusal).
fn check(files: &[(&str, &str)], new_name: &str, expect: Expect) {
    let (a, id, text, off) = with_cursor(files);
    let prepared = match prepare_rename(&a, id, &text, off) {
        Some((r, placeholder)) => format!("prepared {:?} = {placeholder:?}\n", &text[r]),
        None => "not renameable\n".to_string(),
    };
    let out = match rename(&a, id, &text, off, new_name) {
        Ok(changes) => super::refactor::render(&a, &changes),
        Err(e) => format!("refused: {e}\n"),
    };
    expect.assert_eq(&format!("{prepared}{out}"));
}

#[test]
fn every_link_form_follows() {
    check(
        &[
            ("docs.json", DOCS),
            (
                "guides/setup.mdx",
                "---\ntitle: Setup\n---\n\n## Inst$0all\n\nSee [above](#install).\n",
            ),
            (
                "guides/intro.mdx",
                "[a](./setup#install) [b](setup.mdx#install) [c](/guides/setup?x=1#install)\n\n<Card title=\"x\" href=\"/guides/setup#install\" />\n\n<a href=\"/guides/setup#install\">y</a>\n",
            ),
            (
                "index.mdx",
                "[a](/guides/setup#install) [other](/guides/intro#install) [no](/guides/setup#installing)\n",
            ),
            ("snippets/note.mdx", "[s](/guides/setup#install)\n"),
        ],
        "Install the CLI",
        expect![[r#"
            prepared "Install" = "Install"
            --- docs.json
            @@ -3,4 +3,4 @@
               "theme": "mint",
            -  "navbar": {"links": [{"label": "Setup", "href": "/guides/setup#install"}]},
            -  "redirects": [{"source": "/old", "destination": "/guides/setup#install"}],
            +  "navbar": {"links": [{"label": "Setup", "href": "/guides/setup#install-the-cli"}]},
            +  "redirects": [{"source": "/old", "destination": "/guides/setup#install-the-cli"}],
               "navigation": {"groups": [{"group": "Start", "pages": ["index", "guides/setup", "guides/intro"]}]}
            --- guides/intro.mdx
            @@ -1,5 +1,5 @@
            -[a](./setup#install) [b](setup.mdx#install) [c](/guides/setup?x=1#install)
            +[a](./setup#install-the-cli) [b](setup.mdx#install-the-cli) [c](/guides/setup?x=1#install-the-cli)

            -<Card title="x" href="/guides/setup#install" />
            +<Card title="x" href="/guides/setup#install-the-cli" />

            -<a href="/guides/setup#install">y</a>
            +<a href="/guides/setup#install-the-cli">y</a>
            --- guides/setup.mdx
            @@ -4,4 +4,4 @@

            -## Install
            +## Install the CLI

            -See [above](#install).
            +See [above](#install-the-cli).
            --- index.mdx
            @@ -1 +1 @@
            -[a](/guides/setup#install) [other](/guides/intro#install) [no](/guides/setup#installing)
            +[a](/guides/setup#install-the-cli) [other](/guides/intro#install) [no](/guides/setup#installing)
            --- snippets/note.mdx
            @@ -1 +1 @@
            -[s](/guides/setup#install)
            +[s](/guides/setup#install-the-cli)
        "#]],
    );
}

#[test]
fn a_duplicate_that_appears_renumbers_the_other_heading() {
    // `Install` becomes the first `Setup`: the one below becomes
    // `setup-2`, and its links follow it there.
    check(
        &[
            ("docs.json", DOCS),
            (
                "guides/setup.mdx",
                "## Inst$0all\n\n## Setup\n\n[i](#install) [s](#setup)\n",
            ),
            (
                "index.mdx",
                "[i](/guides/setup#install) [s](/guides/setup#setup)\n",
            ),
        ],
        "Setup",
        expect![[r#"
            prepared "Install" = "Install"
            --- docs.json
            @@ -3,4 +3,4 @@
               "theme": "mint",
            -  "navbar": {"links": [{"label": "Setup", "href": "/guides/setup#install"}]},
            -  "redirects": [{"source": "/old", "destination": "/guides/setup#install"}],
            +  "navbar": {"links": [{"label": "Setup", "href": "/guides/setup#setup"}]},
            +  "redirects": [{"source": "/old", "destination": "/guides/setup#setup"}],
               "navigation": {"groups": [{"group": "Start", "pages": ["index", "guides/setup", "guides/intro"]}]}
            --- guides/setup.mdx
            @@ -1,2 +1,2 @@
            -## Install
            +## Setup

            @@ -4,2 +4,2 @@

            -[i](#install) [s](#setup)
            +[i](#setup) [s](#setup-2)
            --- index.mdx
            @@ -1 +1 @@
            -[i](/guides/setup#install) [s](/guides/setup#setup)
            +[i](/guides/setup#setup) [s](/guides/setup#setup-2)
        "#]],
    );
}

#[test]
fn a_duplicate_that_disappears_renumbers_the_other_heading() {
    check(
        &[
            ("docs.json", DOCS),
            (
                "guides/setup.mdx",
                "## Set$0up\n\n## Setup\n\n[a](#setup) [b](#setup-2)\n",
            ),
            (
                "index.mdx",
                "[a](/guides/setup#setup) [b](/guides/setup#setup-2)\n",
            ),
        ],
        "Begin",
        expect![[r#"
            prepared "Setup" = "Setup"
            --- guides/setup.mdx
            @@ -1,2 +1,2 @@
            -## Setup
            +## Begin

            @@ -4,2 +4,2 @@

            -[a](#setup) [b](#setup-2)
            +[a](#begin) [b](#setup)
            --- index.mdx
            @@ -1 +1 @@
            -[a](/guides/setup#setup) [b](/guides/setup#setup-2)
            +[a](/guides/setup#begin) [b](/guides/setup#setup)
        "#]],
    );
}

#[test]
fn punctuation_non_ascii_and_encoded_fragments() {
    check(
        &[
            ("docs.json", DOCS),
            ("guides/setup.mdx", "## What's n$0ew?\n\n## Über uns\n"),
            (
                "index.mdx",
                "[a](/guides/setup#whats-new) [b](/guides/setup#what's-new) [c](/guides/setup#what’s-new)\n",
            ),
        ],
        "Über die Änderungen!",
        expect![[r#"
            prepared "What's new?" = "What's new?"
            --- guides/setup.mdx
            @@ -1,2 +1,2 @@
            -## What's new?
            +## Über die Änderungen!

            --- index.mdx
            @@ -1 +1 @@
            -[a](/guides/setup#whats-new) [b](/guides/setup#what's-new) [c](/guides/setup#what’s-new)
            +[a](/guides/setup#über-die-änderungen) [b](/guides/setup#über-die-änderungen) [c](/guides/setup#über-die-änderungen)
        "#]],
    );
    check(
        &[
            ("docs.json", DOCS),
            ("guides/setup.mdx", "## Über$0 uns\n"),
            (
                "index.mdx",
                "[a](/guides/setup#%C3%BCber-uns) [b](/guides/setup#über-uns)\n",
            ),
        ],
        "Über das Team",
        expect![[r#"
            prepared "Über uns" = "Über uns"
            --- guides/setup.mdx
            @@ -1 +1 @@
            -## Über uns
            +## Über das Team
            --- index.mdx
            @@ -1 +1 @@
            -[a](/guides/setup#%C3%BCber-uns) [b](/guides/setup#über-uns)
            +[a](/guides/setup#%C3%BCber-das-team) [b](/guides/setup#über-das-team)
        "#]],
    );
}

#[test]
fn inline_formatting_and_custom_ids() {
    check(
        &[
            ("docs.json", DOCS),
            ("guides/setup.mdx", "## Use **the$0 CLI** now ##\n"),
            ("index.mdx", "[a](/guides/setup#use-the-cli-now)\n"),
        ],
        "Use `mint` now",
        expect![[r#"
            prepared "Use **the CLI** now" = "Use **the CLI** now"
            --- guides/setup.mdx
            @@ -1 +1 @@
            -## Use **the CLI** now ##
            +## Use `mint` now ##
            --- index.mdx
            @@ -1 +1 @@
            -[a](/guides/setup#use-the-cli-now)
            +[a](/guides/setup#use-mint-now)
        "#]],
    );
    check(
        &[
            ("docs.json", DOCS),
            ("guides/setup.mdx", "## Ins$0tall {#install-step}\n"),
            ("index.mdx", "[a](/guides/setup#install-step)\n"),
        ],
        "Install the CLI",
        expect![[r#"
            prepared "Install" = "Install"
            --- guides/setup.mdx
            @@ -1 +1 @@
            -## Install {#install-step}
            +## Install the CLI {#install-step}
        "#]],
    );
}

#[test]
fn refusals() {
    let files = [
        ("docs.json", DOCS),
        ("guides/setup.mdx", "## Ins$0tall\n"),
        ("index.mdx", "[a](/guides/setup#install)\n"),
    ];
    check(
        &files,
        "!!!",
        expect![[r#"
        prepared "Install" = "Install"
        refused: "!!!" gives the heading no id (no letter or digit), so links to #install would lead nowhere
    "#]],
    );
    check(
        &files,
        "two\nlines",
        expect![[r#"
        prepared "Install" = "Install"
        refused: a heading is one line: the new text has a line break
    "#]],
    );
}
