//! `cargo bench --bench page`: the page-body reader (`syntax::page::read`)
//! next to pulldown-cmark (a CommonMark reader that knows no MDX) on the same
//! text, in MB/s; and re-reading one 2,000-line page (a keystroke).
//!
//! Text: every `.mdx` page of `../shared/corpus/sites` when present, else the
//! pages of `/tmp/gen25kb` (`gen_site.py --bodies`; or `DOCS_LSP_BENCH_PAGES`).

use divan::counter::BytesCount;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    divan::main();
}

fn pages() -> &'static [String] {
    static PAGES: OnceLock<Vec<String>> = OnceLock::new();
    PAGES.get_or_init(|| {
        let root = std::env::var("DOCS_LSP_BENCH_PAGES").map_or_else(
            |_| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/sites"),
            PathBuf::from,
        );
        let mut out = Vec::new();
        let mut stack = vec![root.clone()];
        while let Some(d) = stack.pop() {
            let Ok(rd) = std::fs::read_dir(&d) else {
                continue;
            };
            for e in rd.flatten() {
                let p = e.path();
                if p.is_dir() {
                    stack.push(p);
                } else if p.extension().is_some_and(|x| x == "mdx" || x == "md")
                    && let Ok(t) = std::fs::read_to_string(&p)
                {
                    out.push(t);
                }
            }
        }
        if out.is_empty() {
            eprintln!("note: no pages under {}", root.display());
        }
        out
    })
}

fn total() -> usize {
    pages().iter().map(String::len).sum()
}

#[divan::bench(sample_count = 10)]
fn reader(bencher: divan::Bencher) {
    bencher.counter(BytesCount::new(total())).bench(|| {
        pages()
            .iter()
            .map(|t| docs_lsp::syntax::page::read(t).links.len())
            .sum::<usize>()
    });
}

#[divan::bench(sample_count = 10)]
fn pulldown_cmark(bencher: divan::Bencher) {
    bencher.counter(BytesCount::new(total())).bench(|| {
        pages()
            .iter()
            .map(|t| pulldown_cmark::Parser::new(t).count())
            .sum::<usize>()
    });
}

/// One page of 2,000 lines (pages of the set joined), read again as after
/// a keystroke.
#[divan::bench]
fn page_of_2000_lines(bencher: divan::Bencher) {
    let mut page = String::new();
    let mut lines = 0;
    for t in pages() {
        if lines >= 2000 {
            break;
        }
        let body = &t[docs_lsp::syntax::page::body_start(t)..];
        page.push_str(body);
        page.push('\n');
        lines += body.lines().count() + 1;
    }
    bencher
        .counter(BytesCount::new(page.len()))
        .bench(|| docs_lsp::syntax::page::read(&page).links.len());
}
