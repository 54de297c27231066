//! `cargo run --release --example mdx_verdicts -- LIST [ORACLE.jsonl]`: the page reader's
//! verdict on every page named in LIST (one path a line), as `tools/mdx-oracle/oracle.mjs
//! --jsonl` gives the platform's; with the oracle's output, prints the pages where the two
//! disagree and the agreement figures.
use std::collections::HashMap;

fn verdict(src: &str) -> Option<(usize, usize)> {
    let e = docs_lsp::syntax::page::read(src)
        .errors
        .into_iter()
        .next()?;
    let before = &src[..e.range.start.min(src.len())];
    let line = before.matches('\n').count() + 1;
    let col = before[before.rfind('\n').map_or(0, |i| i + 1)..]
        .chars()
        .count()
        + 1;
    Some((line, col))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let list = std::fs::read_to_string(&args[1]).expect("list");
    let mut oracle: HashMap<String, Option<(usize, usize)>> = HashMap::new();
    if let Some(o) = args.get(2) {
        for l in std::fs::read_to_string(o).expect("oracle").lines() {
            let v: serde_json::Value = serde_json::from_str(l).expect("json");
            let f = v["file"].as_str().unwrap_or_default().to_string();
            let pos = if v["ok"].as_bool() == Some(true) {
                None
            } else {
                Some((
                    v["line"].as_u64().unwrap_or(0) as usize,
                    v["column"].as_u64().unwrap_or(0) as usize,
                ))
            };
            oracle.insert(f, pos);
        }
    }
    let (mut n, mut same, mut both_err, mut verdict_only) = (0, 0, 0, 0);
    for f in list.lines().filter(|l| !l.is_empty()) {
        let Ok(src) = std::fs::read_to_string(f) else {
            continue;
        };
        let mine = verdict(&src);
        if args.len() < 3 {
            println!("{f}\t{mine:?}");
            continue;
        }
        let Some(theirs) = oracle.get(f) else {
            continue;
        };
        n += 1;
        if *theirs == mine {
            same += 1;
            both_err += usize::from(mine.is_some());
        } else {
            if theirs.is_some() == mine.is_some() {
                verdict_only += 1;
            }
            let msg = docs_lsp::syntax::page::read(&src)
                .errors
                .first()
                .map(|e| e.message.clone());
            println!("DIFF {f}: platform {theirs:?}, docs-lsp {mine:?} {msg:?}");
        }
    }
    if args.len() >= 3 {
        println!(
            "pages {n}: same verdict and place {same} (of which errors {both_err}); same verdict, other place {verdict_only}; different verdict {}",
            n - same - verdict_only
        );
    }
}
