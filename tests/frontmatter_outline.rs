//! The front matter's outline (the tree the cursor questions walk) and the
//! YAML reader's `Node` tree (the one the rules read) agree: wherever the
//! front matter parses, every key of the `Node` tree is a key node of the
//! outline at the same range and under the same path, and the outline has
//! no key the `Node` tree lacks. Checked on the fixtures' pages and, when
//! `../shared/corpus` is there, on every page of the real sites.

use docs_lsp::syntax::cursor::Seg;
use docs_lsp::syntax::frontmatter::{self, outline::Outline};
use docs_lsp::syntax::tree::{Node, Value};
use std::path::{Path, PathBuf};

fn pages(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        match e.file_type() {
            Ok(t) if t.is_dir() => pages(&p, out),
            Ok(t) if t.is_file() && p.extension().is_some_and(|x| x == "mdx" || x == "md") => {
                out.push(p)
            }
            _ => {}
        }
    }
}

/// Every key of the tree: its path (keys and indices above it), its name
/// and its range.
/// Keys inside flow collections (`{a: 1}`) are not block structure: the
/// outline keeps them as their collection's text.
fn keys(
    text: &str,
    n: &Node,
    path: &mut Vec<Seg>,
    out: &mut Vec<(Vec<Seg>, String, std::ops::Range<usize>)>,
) {
    if text[n.range.clone()].starts_with(['{', '[']) {
        return;
    }
    match &n.value {
        Value::Object(props) => {
            for p in props.iter() {
                out.push((path.clone(), p.key.to_string(), p.key_range.clone()));
                path.push(Seg::Key(p.key.to_string()));
                keys(text, &p.value, path, out);
                path.pop();
            }
        }
        Value::Array(items) => {
            for (i, it) in items.iter().enumerate() {
                path.push(Seg::Index(i));
                keys(text, it, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

fn outline_keys(text: &str, o: &Outline) -> Vec<(Vec<Seg>, String, std::ops::Range<usize>)> {
    o.nodes
        .iter()
        .filter_map(|n| {
            let mut path = Vec::new();
            let mut p = n.parent;
            while let Some(i) = p {
                let up = &o.nodes[i as usize];
                path.push(match up.key(text) {
                    Some(k) => Seg::Key(k.to_string()),
                    None => Seg::Index(up.index as usize),
                });
                p = up.parent;
            }
            path.reverse();
            Some((path, n.key(text)?.to_string(), n.key_range()?))
        })
        .collect()
}

/// The pages whose outline and `Node` tree disagree, and how many parsed.
fn disagreements(dir: &Path) -> (usize, Vec<String>) {
    let mut files = Vec::new();
    pages(dir, &mut files);
    let mut parsed = 0;
    let mut wrong = Vec::new();
    for f in files {
        let Ok(text) = std::fs::read_to_string(&f) else {
            continue;
        };
        let fm = frontmatter::parse(0, &text);
        let (Some(root), Some(body)) = (&fm.root, &fm.body) else {
            continue;
        };
        // A tab in a line's indentation: the `Node` tree misreads some of
        // these (tests/fixtures/check/frontmatter/fail/tabbed.mdx: it has
        // `title` only, where js-yaml 3 reads four keys, as the outline
        // does); the rules warn about every such line (`yaml-tab-indent`).
        if text[body.clone()].contains("\n\t") || text[body.clone()].starts_with('\t') {
            continue;
        }
        // Aliases copy a subtree to another place: its keys are not
        // written there, so the trees need not agree.
        if text[body.clone()].contains('*') && text[body.clone()].contains('&') {
            continue;
        }
        parsed += 1;
        let mut want = Vec::new();
        keys(&text, root, &mut Vec::new(), &mut want);
        let mut got = outline_keys(&text, &Outline::read(&text, body.clone()));
        want.sort_by_key(|k| k.2.start);
        got.sort_by_key(|k| k.2.start);
        if want != got {
            let first = want
                .iter()
                .zip(&got)
                .find(|(a, b)| a != b)
                .map(|(a, b)| format!("{a:?} / {b:?}"))
                .unwrap_or_else(|| format!("{} keys / {} keys", want.len(), got.len()));
            wrong.push(format!("{}: {first}", f.display()));
        }
    }
    (parsed, wrong)
}

#[test]
fn outline_keys_are_the_yaml_trees_keys_on_the_fixtures() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let (parsed, wrong) = disagreements(&dir);
    assert!(parsed > 100, "{parsed}");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn outline_keys_are_the_yaml_trees_keys_on_the_corpus() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/sites");
    if !dir.exists() {
        return;
    }
    let (parsed, wrong) = disagreements(&dir);
    assert!(parsed > 1000, "{parsed}");
    assert!(
        wrong.is_empty(),
        "{} of {parsed}:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
