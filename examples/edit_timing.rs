//! Times one docs.json edit on a generated site, phase by phase:
//! `cargo run --release --example edit_timing -- /tmp/gen25k`
use docs_lsp::model::site::{FileKind, SourceFile};
use docs_lsp::workspace::load::{self, FileIds};
use std::sync::Arc;
use std::time::Instant;

fn main() {
    let root = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "/tmp/gen25k".into());
    let root = std::path::Path::new(&root);
    let ids = FileIds::default();
    let t = Instant::now();
    let site = load::load_site(root, "bench".into(), &ids);
    println!("load: {:?}", t.elapsed());
    let site = Arc::new(site);
    let t = Instant::now();
    let a = docs_lsp::ide::analysis::analyze(site.clone());
    println!(
        "first analysis: {:?} ({} diagnostics)",
        t.elapsed(),
        a.diagnostics.len()
    );
    let id = site.docs_json.unwrap();
    let text = site.file(id).unwrap().text().to_string();
    for i in 0..5 {
        let t = Instant::now();
        let mut s = (*site).clone();
        let edited = text.replacen("\"group\": \"", &format!("\"group\": \"x{i}"), 1);
        s.insert(Arc::new(SourceFile::new(
            id,
            "docs.json".into(),
            FileKind::DocsJson,
            Ok(edited.into()),
        )));
        let clone = t.elapsed();
        let t2 = Instant::now();
        let a = docs_lsp::ide::analysis::analyze(Arc::new(s));
        println!(
            "edit {i}: clone {:?}, analysis {:?} ({} diags)",
            clone,
            t2.elapsed(),
            a.diagnostics.len()
        );
    }
}
