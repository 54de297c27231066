//! The tree recovered from a docs.json that does not parse, on the real
//! sites' docs.json files in ../shared/corpus: where the text parses it is
//! the parser's tree, and where a writer's keystroke broke it (one quote,
//! comma, colon or bracket removed, or a key typed with no colon), a cursor
//! question down the recovered tree answers what the whole text's tape
//! answers, at offsets all through the file.

#[path = "support/corpus.rs"]
mod corpus;

use docs_lsp::syntax::json::query::{JsonTree, cursor, cursor_in};
use docs_lsp::syntax::json::recover::recover;
use docs_lsp::syntax::json::tape::Tape;

/// Texts made from `t` as typing breaks it, at places spread through it.
fn broken_variants(t: &str) -> Vec<String> {
    let places: Vec<(usize, char)> = t
        .char_indices()
        .filter(|(_, c)| matches!(c, '"' | ',' | ':' | '}' | ']' | '{' | '['))
        .collect();
    let mut out = Vec::new();
    for k in 0..12 {
        let (p, _) = places[places.len() * k / 12 + places.len() / 24];
        let mut cut = t.to_string();
        cut.remove(p);
        out.push(cut);
    }
    // A key started with no colon yet, before a member.
    for k in 1..4 {
        if let Some(p) = t[t.len() * k / 4..]
            .find(",\n")
            .map(|p| p + t.len() * k / 4 + 1)
        {
            out.push(format!("{}\"ke\" {}", &t[..p], &t[p..]));
        }
    }
    out
}

#[test]
fn recovered_trees_answer_as_the_whole_tape_on_real_docs_json() {
    let Some(sites) = corpus::shared("corpus/sites", "recovered_trees_answer_as_the_whole_tape")
    else {
        return;
    };
    let mut asked = 0usize;
    let mut files = 0usize;
    for site in std::fs::read_dir(&sites).unwrap().flatten() {
        let Ok(text) = std::fs::read_to_string(site.path().join("docs.json")) else {
            continue;
        };
        files += 1;
        let parsed = docs_lsp::syntax::json::parse(0, &text);
        if let (Some(tree), true) = (&parsed.root, parsed.errors.is_empty()) {
            let r = recover(0, &text).expect("a tree");
            assert_eq!(&r.root, tree.as_ref(), "{}", site.path().display());
        }
        for t in broken_variants(&text) {
            let whole = Tape::read(&t);
            let Some(r) = recover(0, &t) else { continue };
            let step = 1 + t.len() / 700;
            for off in (0..=t.len()).step_by(step) {
                let expected = cursor(&t, &whole, off);
                let got = cursor_in(&t, off, JsonTree::recovered(&r));
                assert_eq!(got, expected, "{} at {off}", site.path().display());
                asked += 1;
            }
        }
    }
    assert!(
        files >= 7 && asked > 50_000,
        "{files} files, {asked} questions"
    );
}
