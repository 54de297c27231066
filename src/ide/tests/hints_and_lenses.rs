//! Inlay hints (page titles in docs.json, heading ids in pages) and the
//! inbound-links lens, on fixture sites.

use crate::ide::fixture::site;
use crate::ide::inbound_lens::inbound_lens;
use crate::ide::inlay_hints::{HintOptions, inlay_hints};
use expect_test::{Expect, expect};

const DOCS: &str = r#"{
  "name": "Acme",
  "theme": "mint",
  "navigation": {"groups": [{"group": "Start", "pages": [
    "index",
    "guides/setup",
    "guides/untitled-page",
    "missing",
    "GET /users"
  ]}, {"group": "Again", "pages": ["guides/setup"]}]}
}"#;

fn files() -> Vec<(&'static str, &'static str)> {
    vec![
        ("docs.json", DOCS),
        (
            "index.mdx",
            "---\ntitle: Welcome\n---\n\n[a](/guides/setup) [b](guides/setup#whats-new) [c](#top)\n",
        ),
        (
            "guides/setup.mdx",
            "---\ntitle: Set up the CLI\nsidebarTitle: Setup\n---\n\n## Install\n\n## What's new?\n\n## Über uns\n\n## Install\n\n## Keep {#custom-one}\n\n###### Deep one\n\n[self](#install)\n",
        ),
        ("guides/untitled-page.mdx", "Text [s](/guides/setup).\n"),
        ("snippets/note.mdx", "[s](/guides/setup#install)\n"),
    ]
}

/// The hints of `path` in `range` (all of it when `None`): each hint's
/// line text up to its place, then its label.
fn check_hints(
    path: &str,
    range: Option<std::ops::Range<usize>>,
    options: HintOptions,
    expect: Expect,
) {
    let fs = files();
    let a = site(&fs);
    let f = a.site.file_by_path(path).unwrap();
    let text = f.text().to_string();
    let range = range.unwrap_or(0..text.len());
    let out: Vec<String> = inlay_hints(&a, f.id, range, options)
        .iter()
        .map(|h| {
            let line_start = text[..h.offset].rfind('\n').map_or(0, |i| i + 1);
            format!(
                "{:?} {} => {}",
                h.kind,
                &text[line_start..h.offset].trim(),
                h.label
            )
        })
        .collect();
    expect.assert_eq(&out.join("\n"));
}

#[test]
fn page_titles_beside_entries() {
    check_hints(
        "docs.json",
        None,
        HintOptions::default(),
        expect![[r#"
        PageTitle "index" => Welcome
        PageTitle "guides/setup" => Setup
        PageTitle "guides/untitled-page" => Untitled page
        PageTitle ]}, {"group": "Again", "pages": ["guides/setup" => Setup"#]],
    );
}

#[test]
fn heading_ids_where_a_writer_would_guess_another() {
    check_hints(
        "guides/setup.mdx",
        None,
        HintOptions::default(),
        expect![[r#"
        HeadingId ## What's new? => #whats-new
        HeadingId ## Install => #install-2"#]],
    );
}

#[test]
fn only_the_asked_range_and_the_settings() {
    let fs = files();
    let text = fs[2].1;
    // The second `Install` only (its hint needs the whole page's ids).
    let start = text.rfind("## Install").unwrap();
    check_hints(
        "guides/setup.mdx",
        Some(start..start + 5),
        HintOptions::default(),
        expect!["HeadingId ## Install => #install-2"],
    );
    let off = HintOptions {
        page_titles: false,
        heading_ids: false,
    };
    check_hints("guides/setup.mdx", None, off, expect![[r#""#]]);
    check_hints("docs.json", None, off, expect![[r#""#]]);
}

#[test]
fn inbound_lens_counts_entries_and_other_pages_links() {
    let fs = files();
    let a = site(&fs);
    let out: Vec<String> = [
        "index.mdx",
        "guides/setup.mdx",
        "guides/untitled-page.mdx",
        "snippets/note.mdx",
    ]
    .iter()
    .map(|p| {
        let id = a.site.file_by_path(p).unwrap().id;
        match inbound_lens(&a, id) {
            Some(l) => {
                let refs = crate::ide::find_references::page_inbound(&a, a.site.file(id).unwrap());
                assert_eq!(
                    refs.len(),
                    l.total(),
                    "{p}: the lens counts what its list shows"
                );
                format!(
                    "{p}: {} ({} entries, {} links)",
                    l.title(),
                    l.entries,
                    l.links
                )
            }
            None => format!("{p}: no lens"),
        }
    })
    .collect();
    expect![[r#"
        index.mdx: 1 inbound link (1 entries, 0 links)
        guides/setup.mdx: 6 inbound links (2 entries, 4 links)
        guides/untitled-page.mdx: 1 inbound link (1 entries, 0 links)
        snippets/note.mdx: no lens"#]]
    .assert_eq(&out.join("\n"));
}
