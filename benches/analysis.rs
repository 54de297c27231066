//! `cargo bench --bench analysis`: check of real and generated sites, the
//! spec index of the 13 MB GitHub spec, and the analysis after one docs.json
//! edit. Sites outside the repository are used when present
//! (`../shared/corpus`, and `/tmp/gen25k` from `gen_site.py --pages 25000`,
//! or `DOCS_LSP_BENCH_SITE`); absent ones are skipped with a note.

use docs_lsp::analysis::{analyze, analyze_after};
use docs_lsp::model::openapi::SpecIndex;
use docs_lsp::model::site::{FileKind, Site, SourceFile};
use docs_lsp::workspace::load::{FileIds, load_site};
use std::path::{Path, PathBuf};
use std::sync::Arc;

// As in the binary.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    // As the server tunes it for keystrokes (src/lsp/world.rs).
    unsafe { libmimalloc_sys::mi_option_set(15, 250) };
    divan::main();
}

fn shared() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared")
}

fn generated() -> Option<PathBuf> {
    let p = std::env::var("DOCS_LSP_BENCH_SITE")
        .map_or_else(|_| PathBuf::from("/tmp/gen25k"), PathBuf::from);
    if p.join("docs.json").is_file() {
        return Some(p);
    }
    eprintln!(
        "note: no generated site at {} (gen_site.py); skipped",
        p.display()
    );
    None
}

fn load(root: &Path) -> Arc<Site> {
    Arc::new(load_site(root, "bench".into(), &FileIds::default()))
}

/// Load and analyse, as `check` does.
#[divan::bench(args = ["examples/site", "corpus:mintlify__docs", "corpus:langgenius__dify-docs", "generated"])]
fn check_site(bencher: divan::Bencher, which: &str) {
    let root = match which {
        "generated" => match generated() {
            Some(p) => p,
            None => return,
        },
        w if w.starts_with("corpus:") => shared().join("corpus/sites").join(&w[7..]),
        w => Path::new(env!("CARGO_MANIFEST_DIR")).join(w),
    };
    if !root.is_dir() {
        eprintln!("note: {} absent; skipped", root.display());
        return;
    }
    bencher.bench(|| analyze(load(&root)).diagnostics.len());
}

/// The endpoint index of GitHub's 13 MB REST spec.
#[divan::bench(sample_count = 10)]
fn spec_index_github(bencher: divan::Bencher) {
    let Ok(text) =
        std::fs::read_to_string(shared().join("corpus/specs/github-api.github.com.json"))
    else {
        return;
    };
    bencher.bench(|| SpecIndex::build(0, &text, false).operations.len());
}

/// What a keystroke in docs.json costs on the generated site: a new
/// snapshot with the edited docs.json, analysed (other files' parses cached).
#[divan::bench(sample_count = 20)]
fn analysis_after_docs_json_edit(bencher: divan::Bencher) {
    let Some(root) = generated() else { return };
    let site = load(&root);
    let first = analyze(site.clone());
    let id = site.docs_json.expect("docs.json");
    let text = site.file(id).expect("docs.json").text().to_string();
    let mut n = 0u64;
    bencher.bench_local(|| {
        n += 1;
        let edited = text.replacen("\"group\": \"", &format!("\"group\": \"x{n}"), 1);
        let mut s = (*site).clone();
        s.insert(Arc::new(SourceFile::new(
            id,
            "docs.json".into(),
            FileKind::DocsJson,
            Ok(edited.into()),
        )));
        analyze_after(Arc::new(s), Some(&first)).diagnostics.len()
    });
}

/// A keystroke in docs.json as the server analyses it: a letter typed
/// into (then deleted from) a page entry in the middle of the file, each
/// snapshot following the previous one (the incremental read and the kept
/// navigation references), against `analysis_after_docs_json_edit` above.
#[divan::bench(sample_count = 40)]
fn analysis_after_docs_json_keystroke(bencher: divan::Bencher) {
    let Some(root) = generated() else { return };
    let mut site = load(&root);
    let mut last = analyze(site.clone());
    let id = site.docs_json.expect("docs.json");
    let text = site.file(id).expect("docs.json").text().to_string();
    let mid = text.len() / 2;
    let list = mid + text[mid..].find("\"pages\": [").expect("a pages list");
    let at = list + 10 + text[list + 10..].find('"').expect("a page entry") + 1;
    let mut typed = text.clone();
    typed.insert(at, 'x');
    let mut n = 0u64;
    bencher.bench_local(|| {
        n += 1;
        let next_text = if n % 2 == 1 { &typed } else { &text };
        let mut s = (*site).clone();
        s.insert(Arc::new(SourceFile::new(
            id,
            "docs.json".into(),
            FileKind::DocsJson,
            Ok(next_text.as_str().into()),
        )));
        site = Arc::new(s);
        last = analyze_after(site.clone(), Some(&last));
        last.diagnostics.len()
    });
}

/// Parsing the generated site's 1.5 MB docs.json into a tree.
#[divan::bench(sample_count = 20)]
fn parse_docs_json(bencher: divan::Bencher) {
    let Some(root) = generated() else { return };
    let text = std::fs::read_to_string(root.join("docs.json")).expect("docs.json");
    bencher.bench(|| docs_lsp::syntax::json::parse(0, &text).root.is_some());
}

/// A keystroke inside a string in the middle of the generated site's
/// docs.json, read from the previous tree (`syntax::reparse`), against
/// `parse_docs_json` above.
#[divan::bench(sample_count = 20)]
fn reparse_docs_json_keystroke(bencher: divan::Bencher) {
    let Some(root) = generated() else { return };
    let text = std::fs::read_to_string(root.join("docs.json")).expect("docs.json");
    let old = docs_lsp::syntax::json::parse(0, &text);
    // Just inside the first string value on the middle line.
    let mid = text.len() / 2;
    let line = mid + text[mid..].find('\n').expect("lines");
    let quote = line + text[line..].find(": \"").expect("a string value") + 3;
    let mut typed = text.clone();
    typed.insert(quote, 'x');
    bencher.bench(|| {
        docs_lsp::syntax::reparse::reparse(0, &old, &text, &typed)
            .expect("read incrementally")
            .root
            .is_some()
    });
}

/// jsonc-parser alone (no conversion to the analysis tree), for comparison.
#[divan::bench(sample_count = 20)]
fn parse_docs_json_ast_only(bencher: divan::Bencher) {
    let Some(root) = generated() else { return };
    let text = std::fs::read_to_string(root.join("docs.json")).expect("docs.json");
    bencher.bench(|| {
        jsonc_parser::parse_to_ast(&text, &Default::default(), &Default::default())
            .map(|r| r.value.is_some())
            .unwrap_or(false)
    });
}

/// A did-you-mean for a missing page among 25,000 (a new key each time, as
/// when the user types a path).
#[divan::bench(sample_count = 20)]
fn nearest_page_25k(bencher: divan::Bencher) {
    let Some(root) = generated() else { return };
    let site = load(&root);
    let _ = site.nearest_page("warm");
    let mut n = 0u64;
    bencher.bench_local(|| {
        n += 1;
        site.nearest_page(&format!("tab3/group4/limitz-{n}"))
    });
}

/// The bodies site (`gen_site.py --pages 25000 --versions 34 --bodies
/// --broken-links 40`), from `DOCS_LSP_BENCH_BODIES` or
/// `/tmp/links-gen25kb`.
fn bodies_site() -> Option<PathBuf> {
    let p = std::env::var("DOCS_LSP_BENCH_BODIES")
        .map_or_else(|_| PathBuf::from("/tmp/links-gen25kb"), PathBuf::from);
    if p.join("docs.json").is_file() {
        return Some(p);
    }
    eprintln!("note: no site with bodies at {}; skipped", p.display());
    None
}

/// Moving a page that 500 pages link to (root-absolute and relative): the
/// edits `workspace/willRenameFiles` answers with, navigation and page
/// bodies, on the 25,000-page site with bodies.
#[divan::bench(sample_count = 10)]
fn move_page_with_500_inbound_links(bencher: divan::Bencher) {
    let Some(root) = bodies_site() else { return };
    let site = load(&root);
    let pages: Vec<Arc<SourceFile>> = site.pages().into_iter().cloned().collect();
    let target = pages[0].path.clone();
    let key = target
        .trim_end_matches(".mdx")
        .trim_end_matches(".md")
        .to_string();
    let mut s = (*site).clone();
    for (i, p) in pages[1..=500].iter().enumerate() {
        let link = if i % 2 == 0 {
            format!("/{key}")
        } else {
            let up = "../".repeat(p.path.matches('/').count());
            format!("{up}{key}")
        };
        let text = format!(
            "---\ntitle: Linking {i}\n---\n\nSee [the target]({link}) and [again]({link}#intro).\n"
        );
        s.insert(Arc::new(SourceFile::new(
            p.id,
            p.path.clone(),
            FileKind::Page,
            Ok(text.into()),
        )));
    }
    let analysis = analyze(Arc::new(s));
    let moves = vec![(target.clone(), format!("moved/{target}"))];
    let n = docs_lsp::ide::rename::edits_for_moves(&analysis, &moves).len();
    assert!(n >= 500, "{n} edits");
    bencher.bench_local(|| docs_lsp::ide::rename::edits_for_moves(&analysis, &moves).len());
}

/// The navigation index of a generated docs.json (the 4 MB 4 x 34 site with
/// `DOCS_LSP_BENCH_SITE=/tmp/gen25kn`): made again on every keystroke.
#[divan::bench(sample_count = 40)]
fn nav_index(bencher: divan::Bencher) {
    let Some(root) = generated() else { return };
    let text = std::fs::read_to_string(root.join("docs.json")).expect("docs.json");
    let parsed = docs_lsp::syntax::json::parse(0, &text);
    let nav = parsed
        .root
        .as_ref()
        .and_then(|r| r.get("navigation"))
        .expect("a navigation");
    let n = docs_lsp::model::nav::index(nav).entries.len();
    bencher.bench(|| {
        docs_lsp::model::nav::index_sized(nav, Some(n))
            .entries
            .len()
    });
}
