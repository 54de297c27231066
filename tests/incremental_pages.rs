//! Incremental equals fresh for page texts: a site whose pages link to each
//! other's headings, import snippets and use components; random sequences of
//! page rewrites (headings renamed, links retargeted, imports and syntax
//! errors added or removed, front matter broken and mended), analysed at random points, each analysis equal
//! to a fresh analysis of the same texts. After an edit of a page's text the
//! analysis reuses the memoised answer (`model::memo`) of every page whose
//! reads it did not touch, so this is what keeps that reuse honest.
//!
//! Seeded xorshift, so a failure names the seed that reproduces it.

#[path = "support/rng.rs"]
mod rng;

use docs_lsp::analysis::{analyze_after, analyze_texts};
use docs_lsp::model::site::{FileKind, Site, SourceFile, kind_of};
use rng::XorShift;
use std::sync::Arc;

const DOCS_JSON: &str = r##"{"$schema":"https://mintlify.com/docs.json","theme":"mint","name":"F","colors":{"primary":"#0D9373"},
"redirects":[{"source":"/old","destination":"/a"},{"source":"/gone","destination":"/nowhere"}],
"navigation":{"groups":[{"group":"G","pages":["a","b","c","guide/d","guide/e"]}]}}"##;

const PAGES: [&str; 5] = ["a.mdx", "b.mdx", "c.mdx", "guide/d.mdx", "guide/e.mdx"];
const HEADINGS: [&str; 5] = ["Intro", "Setup", "Usage", "FAQ", "Limits"];
const TARGETS: [&str; 9] = [
    "/a", "/b", "/c", "/guide/d", "../a", "./e", "/old", "/gone", "/missing",
];

/// A page text drawn from the vocabularies above.
fn page(rng: &mut XorShift, path: &str) -> String {
    // Front matter that the page's own checks (kept per page version)
    // find fine, outside the schema, or not YAML.
    let mut s = match rng.below(4) {
        0 => format!("---\ntitle: {path}\nmode: sideways\n---\n\n"),
        1 => format!("---\ntitle: [{path}\n---\n\n"),
        _ => format!("---\ntitle: {path}\n---\n\n"),
    };
    if rng.below(3) == 0 {
        s.push_str("import Tip from '/snippets/tip.mdx';\n\n");
    }
    // A page may import another page (it is then a snippet there: its
    // text is part of its importer's, and an edit of it is a new shape),
    // and name an export that page may or may not have.
    if path != "guide/e.mdx" && rng.below(3) == 0 {
        s.push_str("import { Widget } from '/guide/e.mdx';\n\n");
    }
    if path == "guide/e.mdx" && rng.below(2) == 0 {
        s.push_str("export const Widget = () => null;\n\n");
    }
    for _ in 0..1 + rng.below(3) {
        s.push_str(&format!("## {}\n\n", HEADINGS[rng.below(HEADINGS.len())]));
    }
    for _ in 0..rng.below(4) {
        let t = TARGETS[rng.below(TARGETS.len())];
        let frag = match rng.below(3) {
            0 => String::new(),
            _ => format!("#{}", HEADINGS[rng.below(HEADINGS.len())].to_lowercase()),
        };
        s.push_str(&format!(
            "See [x]({t}{frag}) and [here](#{}).\n\n",
            ["intro", "faq", "nope"][rng.below(3)]
        ));
    }
    match rng.below(6) {
        0 => s.push_str("<Card title=\"t\" href=\"/b#setup\">x</Card>\n"),
        1 => s.push_str("<Unknown />\n"),
        2 => s.push_str("<Note>unclosed\n"),
        3 => s.push_str("<Tip />\n"),
        _ => {}
    }
    s
}

fn initial() -> Vec<(String, String)> {
    let mut files = vec![
        ("docs.json".to_string(), DOCS_JSON.to_string()),
        (
            "snippets/tip.mdx".to_string(),
            "## Tip heading\n\nA [tip](/a#intro).\n".to_string(),
        ),
    ];
    for p in PAGES {
        files.push((
            p.to_string(),
            format!("---\ntitle: {p}\n---\n\n## Intro\n\n## Setup\n"),
        ));
    }
    files
}

fn fresh(files: &[(String, String)]) -> Vec<docs_lsp::diagnostics::Diagnostic> {
    let pairs: Vec<(&str, &str)> = files
        .iter()
        .map(|(p, t)| (p.as_str(), t.as_str()))
        .collect();
    analyze_texts(&pairs).diagnostics
}

#[test]
fn page_edit_sequences_incremental_equals_fresh() {
    for seed in 1..=150u64 {
        let mut rng = XorShift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let mut files = initial();
        let pairs: Vec<(&str, &str)> = files
            .iter()
            .map(|(p, t)| (p.as_str(), t.as_str()))
            .collect();
        let mut last = analyze_texts(&pairs);
        let mut snapshot: Arc<Site> = last.site.clone();
        let steps = 1 + rng.below(12);
        for step in 0..steps {
            // Mostly pages; now and then the snippet, whose text is part of
            // the pages that import it.
            let which = if rng.below(8) == 0 {
                1
            } else {
                2 + rng.below(PAGES.len())
            };
            let path = files[which].0.clone();
            let text = if which == 1 {
                format!(
                    "## {}\n\nA [tip](/b#{}).\n",
                    HEADINGS[rng.below(5)],
                    ["setup", "faq"][rng.below(2)]
                )
            } else {
                page(&mut rng, &path)
            };
            files[which].1 = text.clone();
            let mut next = (*snapshot).clone();
            let kind = kind_of(&path).unwrap_or(FileKind::Page);
            next.insert(Arc::new(SourceFile::new(
                which as u32,
                path.clone(),
                kind,
                Ok(Arc::from(text.as_str())),
            )));
            snapshot = Arc::new(next);
            if rng.below(2) == 0 || step + 1 == steps {
                last = analyze_after(snapshot.clone(), Some(&last));
                let want = fresh(&files);
                assert_eq!(
                    last.diagnostics, want,
                    "seed {seed} step {step}: incremental != fresh after editing {path}"
                );
            }
        }
    }
}

/// The reuse the test above keeps honest happens: after an edit of one
/// page's text, the per-file rules (page checks, MDX syntax, links) run on
/// that page alone, and on the pages linking into it only when its anchors
/// changed.
#[test]
fn a_page_edit_checks_that_page_again_not_the_site() {
    use std::sync::atomic::Ordering::Relaxed;
    let mut files = initial();
    // Every page links to `a`'s headings.
    for (path, text) in files.iter_mut().skip(3) {
        text.push_str(&format!("\nSee [a](/a#setup) from {path}.\n"));
    }
    let pairs: Vec<(&str, &str)> = files
        .iter()
        .map(|(p, t)| (p.as_str(), t.as_str()))
        .collect();
    let mut last = analyze_texts(&pairs);
    let mut edit = |files: &mut Vec<(String, String)>, text: String| {
        let site = &last.site;
        files[2].1 = text.clone();
        let mut next = Site::clone(site);
        next.insert(Arc::new(SourceFile::new(
            2,
            files[2].0.clone(),
            FileKind::Page,
            Ok(Arc::from(text.as_str())),
        )));
        let before = last.memos().computed.load(Relaxed);
        last = analyze_after(Arc::new(next), Some(&last));
        assert_eq!(last.diagnostics, fresh(files));
        last.memos().computed.load(Relaxed) - before
    };
    // Same headings: the page's three rules, nothing else.
    let text = format!("{}\nMore words.\n", files[2].1);
    assert_eq!(edit(&mut files, text), 3);
    // `a`'s `Setup` heading renamed: its three, and the links of the five
    // files linking into it (four pages, the snippet's `/a#intro`).
    let text = files[2].1.replace("## Setup", "## Install");
    assert_eq!(edit(&mut files, text), 3 + 5);
}
