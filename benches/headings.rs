//! `cargo bench --bench headings`: the `ide` side of issue 29 part 4 on the
//! generated sites, from a finished analysis as the server answers:
//! inlay hints of the whole docs.json of `/tmp/gen25kn` (the 4 x 34 shape;
//! `DOCS_LSP_BENCH_SITE` overrides), and on `/tmp/gen25kb` (25,000 pages
//! with bodies; `DOCS_LSP_BENCH_BODIES`) the inbound-links lens (the reverse
//! link index gathered from the memoised per-page values, as after a
//! keystroke in a page) and a heading rename. Skipped with a note when a
//! site is absent. `bench/headings.mjs` times the same through the server.

use docs_lsp::analysis::{Analysis, analyze};
use docs_lsp::ide::inlay_hints::{HintOptions, inlay_hints};
use docs_lsp::workspace::load::{FileIds, load_site};
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    divan::main();
}

fn load(var: &str, default: &str) -> Option<Analysis> {
    let root = std::env::var(var).map_or_else(|_| PathBuf::from(default), PathBuf::from);
    if !root.join("docs.json").exists() {
        eprintln!("headings bench: no site at {}, skipped", root.display());
        return None;
    }
    let site = load_site(&root, root.display().to_string(), &FileIds::default());
    Some(analyze(Arc::new(site)))
}

fn nav_site() -> Option<&'static Analysis> {
    static A: OnceLock<Option<Analysis>> = OnceLock::new();
    A.get_or_init(|| load("DOCS_LSP_BENCH_SITE", "/tmp/gen25kn"))
        .as_ref()
}

fn bodies_site() -> Option<&'static Analysis> {
    static A: OnceLock<Option<Analysis>> = OnceLock::new();
    A.get_or_init(|| load("DOCS_LSP_BENCH_BODIES", "/tmp/gen25kb"))
        .as_ref()
}

#[divan::bench]
fn page_title_hints_whole_docs_json(b: divan::Bencher) {
    let Some(a) = nav_site() else { return };
    let Some(f) = a.site.file_by_path("docs.json") else {
        return;
    };
    let len = f.text().len();
    b.bench(|| inlay_hints(a, f.id, 0..len, HintOptions::default()).len());
}

/// The lens of a page, the reverse index gathered again each time (its
/// slot emptied, the per-page values kept): what a lens costs after a
/// keystroke in any page.
#[divan::bench]
fn inbound_lens_after_an_edit(b: divan::Bencher) {
    let Some(a) = bodies_site() else { return };
    let Some(f) = a.site.pages_unsorted().next() else {
        return;
    };
    b.bench(|| {
        *a.memos().inbound.lock().unwrap() = None;
        docs_lsp::ide::inbound_lens::inbound_lens(a, f.id).map(|l| l.total())
    });
}

#[divan::bench]
fn heading_rename(b: divan::Bencher) {
    let Some(a) = bodies_site() else { return };
    let Some(f) = a
        .site
        .pages_unsorted()
        .find(|f| !f.page_index().headings.is_empty())
    else {
        return;
    };
    // A page read in bulk keeps its index, not its text: read it as the
    // server's document would hold it.
    let root = std::env::var("DOCS_LSP_BENCH_BODIES").unwrap_or_else(|_| "/tmp/gen25kb".into());
    let Ok(text) = std::fs::read_to_string(PathBuf::from(root).join(&f.path)) else {
        return;
    };
    let at = f
        .page_index()
        .headings
        .last()
        .map_or(0, |h| h.range.start() + 3);
    b.bench(|| {
        docs_lsp::ide::rename::rename(a, f.id, &text, at, "When things go wrong").map(|c| c.len())
    });
}
