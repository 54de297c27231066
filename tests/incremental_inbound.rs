//! The reverse link index (`analysis::inbound`) patched after page edits
//! equals the index of a fresh analysis of the same texts, and a page's
//! count read without the index (`inbound::links_to` before it is built:
//! only the links that could name the page) equals the index's, over
//! random sequences of page rewrites whose links reach pages in every form
//! the resolver accepts (absolute, relative, bare, climbing, folders of
//! `index` pages, percent-encoded, `.md`, with fragments and queries).
//!
//! Seeded xorshift, so a failure names the seed that reproduces it.

#[path = "support/rng.rs"]
mod rng;

use docs_lsp::analysis::{Analysis, analyze_after, analyze_texts, inbound};
use docs_lsp::model::site::{FileKind, Site, SourceFile, kind_of};
use rng::XorShift;
use std::collections::BTreeMap;
use std::sync::Arc;

const DOCS_JSON: &str = r##"{"$schema":"https://mintlify.com/docs.json","theme":"mint","name":"F","colors":{"primary":"#0D9373"},
"redirects":[{"source":"/old","destination":"/a"}],
"navigation":{"groups":[{"group":"G","pages":["index","a","b","guide/index","guide/d","guide/deep/e"]}]}}"##;

const PAGES: [&str; 6] = [
    "index.mdx",
    "a.mdx",
    "b.mdx",
    "guide/index.mdx",
    "guide/d.mdx",
    "guide/deep/e.mdx",
];
const TARGETS: [&str; 22] = [
    "/a",
    "/b",
    "a",
    "./b",
    "../a",
    "../../b",
    "/guide",
    "/guide/",
    "./",
    ".",
    "..",
    "../..",
    "/",
    "/gu%69de/d",
    "/guide/d.md",
    "/guide/d.mdx",
    "deep/e",
    "/guide/deep/../d",
    "/old",
    "/A",
    "/missing",
    "https://example.com/a",
];

fn page(rng: &mut XorShift) -> String {
    let mut s = String::from("---\ntitle: T\n---\n\n## Intro\n\n");
    for _ in 0..rng.below(5) {
        let t = TARGETS[rng.below(TARGETS.len())];
        let tail = ["", "#intro", "?x=1"][rng.below(3)];
        s.push_str(&format!("See [x]({t}{tail}).\n\n"));
    }
    s
}

/// Each page's linking files by path, from `analysis`'s index.
fn by_path(a: &Analysis) -> BTreeMap<String, Vec<String>> {
    let counts = inbound::counts(a);
    let name = |id| a.site.file(id).map(|f| f.path.clone()).unwrap_or_default();
    counts
        .by_page
        .iter()
        .map(|(p, from)| {
            let mut from: Vec<String> = from.iter().map(|f| name(*f)).collect();
            from.sort();
            (name(*p), from)
        })
        .collect()
}

fn analyse_fresh(files: &[(String, String)]) -> Analysis {
    let pairs: Vec<(&str, &str)> = files
        .iter()
        .map(|(p, t)| (p.as_str(), t.as_str()))
        .collect();
    analyze_texts(&pairs)
}

#[test]
fn patched_index_and_one_page_counts_equal_a_fresh_index() {
    for seed in 1..=120u64 {
        let mut rng = XorShift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let mut files = vec![("docs.json".to_string(), DOCS_JSON.to_string())];
        for p in PAGES {
            files.push((p.to_string(), page(&mut rng)));
        }
        let mut last = analyse_fresh(&files);
        let _ = inbound::counts(&last);
        let mut snapshot: Arc<Site> = last.site.clone();
        for step in 0..1 + rng.below(10) {
            let which = 1 + rng.below(PAGES.len());
            let path = files[which].0.clone();
            let text = page(&mut rng);
            files[which].1 = text.clone();
            let mut next = (*snapshot).clone();
            next.insert(Arc::new(SourceFile::new(
                which as u32,
                path.clone(),
                kind_of(&path).unwrap_or(FileKind::Page),
                Ok(Arc::from(text.as_str())),
            )));
            snapshot = Arc::new(next);
            if rng.below(2) == 0 {
                continue;
            }
            last = analyze_after(snapshot.clone(), Some(&last));
            // Only page texts changed since the kept index: it is patched,
            // not gathered again.
            assert!(
                inbound::ready(&last).is_some(),
                "seed {seed} step {step}: the index was not patched"
            );
            let fresh = analyse_fresh(&files);
            let want = by_path(&fresh);
            assert_eq!(
                by_path(&last),
                want,
                "seed {seed} step {step}: patched != fresh after editing {path}"
            );
            // One page at a time, on an analysis with no index yet.
            let unindexed = analyse_fresh(&files);
            for f in unindexed.site.files().filter(|f| f.kind == FileKind::Page) {
                let n = want.get(&f.path).map_or(0, Vec::len);
                assert_eq!(
                    inbound::links_to(&unindexed, f.id),
                    n,
                    "seed {seed} step {step}: one-page count of {} (texts: {files:?})",
                    f.path
                );
            }
            assert!(inbound::ready(&unindexed).is_none());
        }
    }
}

/// Links that name their page by no text of its path: they climb into the
/// linking file's folders or are percent-encoded.
#[test]
fn links_that_climb_or_are_encoded_are_counted_before_the_index() {
    let files: Vec<(String, String)> = [
        ("docs.json", DOCS_JSON),
        ("index.mdx", "[up](../..) is out of the root"),
        ("a.mdx", "[home](./)"),
        ("b.mdx", "[d](/gu%69de/%64etails)"),
        ("guide/index.mdx", "[e](deep/e)"),
        ("guide/details.mdx", "[self](./details)"),
        (
            "guide/deep/e.mdx",
            "[folder](..) [again](../deep/..) [same folder](.) [root](../..)",
        ),
    ]
    .iter()
    .map(|(p, t)| (p.to_string(), t.to_string()))
    .collect();
    let want = by_path(&analyse_fresh(&files));
    let a = analyse_fresh(&files);
    let got: BTreeMap<String, usize> = a
        .site
        .files()
        .filter(|f| f.kind == FileKind::Page)
        .map(|f| (f.path.clone(), inbound::links_to(&a, f.id)))
        .filter(|(_, n)| *n > 0)
        .collect();
    let want: BTreeMap<String, usize> = want.into_iter().map(|(p, v)| (p, v.len())).collect();
    assert_eq!(got, want);
    assert_eq!(want.get("guide/index.mdx"), Some(&2), "{want:?}");
    assert_eq!(want.get("guide/details.mdx"), Some(&1), "{want:?}");
    assert_eq!(want.get("index.mdx"), Some(&2), "{want:?}");
}
