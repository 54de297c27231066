//! Times building the endpoint index for the big corpus specs:
//! `cargo run --release --example spec_index_timing`.
use docs_lsp::model::openapi::SpecIndex;
use std::time::Instant;

fn main() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus/specs/");
    for f in [
        "github-api.github.com.json",
        "github-webhooks-api.github.com.json",
        "openai-openapi.yaml",
    ] {
        let Ok(text) = std::fs::read_to_string(format!("{dir}{f}")) else {
            println!("{f}: not found, skipped");
            continue;
        };
        let mut best = f64::MAX;
        let mut idx = None;
        for _ in 0..5 {
            let t = Instant::now();
            let i = SpecIndex::build(0, &text, f.ends_with(".yaml"));
            best = best.min(t.elapsed().as_secs_f64() * 1000.0);
            idx = Some(i);
        }
        let Some(idx) = idx else { continue };
        if !f.ends_with(".yaml") {
            let t = Instant::now();
            let full = docs_lsp::syntax::json::parse(0, &text).root;
            let full_ms = t.elapsed().as_secs_f64() * 1000.0;
            let same = full.map(|r| SpecIndex::from_node(&r)) == Some(idx.clone());
            println!(
                "  full-tree json::parse alone: {full_ms:.1} ms; same index from full tree: {same}"
            );
        }
        println!(
            "{f} ({:.1} MB): best of 5 {best:.1} ms; {} operations, {} webhooks, {} errors",
            text.len() as f64 / 1e6,
            idx.operations.len(),
            idx.webhooks.len(),
            idx.errors.len()
        );
    }
}
