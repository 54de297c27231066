//! `cargo bench --bench navigation`: the `docsLsp/navigation` answer on a
//! generated site (`/tmp/gen25kn`, the 4 x 34 shape of `gen_site.py`, or
//! `DOCS_LSP_BENCH_SITE`), from a finished analysis as the server answers
//! it: the view alone, and the view converted to the request's JSON; the
//! whole sidebar (`docs-lsp nav`), and one scope open with the rest as a
//! skeleton (the request's answer). Skipped with a note when the
//! site is absent. The budget is 50 ms.

use docs_lsp::analysis::navigation_view::{Filter, Marks, navigation, scoped};
use docs_lsp::analysis::{Analysis, analyze};
use docs_lsp::text::Encoding;
use docs_lsp::workspace::load::{FileIds, load_site};
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    divan::main();
}

fn analysis() -> Option<&'static Analysis> {
    static A: OnceLock<Option<Analysis>> = OnceLock::new();
    A.get_or_init(|| {
        let root = std::env::var("DOCS_LSP_BENCH_SITE")
            .map_or_else(|_| PathBuf::from("/tmp/gen25kn"), PathBuf::from);
        if !root.join("docs.json").exists() {
            eprintln!("navigation bench: no site at {}, skipped", root.display());
            return None;
        }
        let site = load_site(&root, root.display().to_string(), &FileIds::default());
        Some(analyze(Arc::new(site)))
    })
    .as_ref()
}

fn scope(which: &str) -> Filter {
    let mut words = which.split(' ').skip(1);
    Filter {
        language: words.next().map(String::from),
        version: words.next().map(String::from),
        product: None,
    }
}

/// The nodes the server answers: the whole site (`docs-lsp nav`'s), or one
/// scope open and the rest as a skeleton (`docsLsp/navigation`'s), with
/// the scope's first language and version, or fr v20.
fn view_of(a: &Analysis, which: &str) -> Vec<docs_lsp::analysis::navigation_view::NavNode> {
    let tree = a.navigation.as_deref().expect("docs.json parses");
    // Made per request, as the server makes it.
    let marks = Marks::new(&a.diagnostics);
    if which == "whole site" {
        navigation(&a.site, &a.config, tree, &marks, &Filter::default())
    } else {
        scoped(&a.site, &a.config, tree, &marks, &scope(which)).1
    }
}

const WHICH: [&str; 3] = ["whole site", "scoped", "scoped fr v20"];

#[divan::bench(args = WHICH)]
fn view(b: divan::Bencher, which: &str) {
    let Some(a) = analysis() else { return };
    b.bench(|| view_of(a, which));
}

#[divan::bench(args = WHICH)]
fn request(b: divan::Bencher, which: &str) {
    let Some(a) = analysis() else { return };
    let root = PathBuf::from("/tmp/site");
    b.bench(|| {
        let nodes = view_of(a, which);
        let answer = docs_lsp::lsp::convert::nav_nodes(nodes, &a.site, &root, Encoding::Utf16);
        // What tower-lsp-server does with the answer, then writes.
        serde_json::to_value(&answer).and_then(|v| serde_json::to_vec(&v).map(|b| b.len()))
    });
}
