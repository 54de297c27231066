//! The tree recovered from the front matter's outline (what the cursor
//! questions go down while the YAML does not parse) and the YAML reader's
//! `Node` tree (what the rules and the cursor questions read when it does)
//! agree: wherever the front matter parses, every key of the YAML tree is a
//! key of the recovered tree at the same range and under the same path,
//! and the recovered tree has no key the YAML tree lacks. Checked on the
//! fixtures' pages and, when `../shared/corpus` is there, on every page of
//! the real sites.

use docs_lsp::syntax::cursor::Seg;
use docs_lsp::syntax::frontmatter::{self, outline::Outline, query, recover};
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
/// recovered tree keeps them as their collection's text.
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

fn recovered_keys(
    text: &str,
    body: std::ops::Range<usize>,
) -> Vec<(Vec<Seg>, String, std::ops::Range<usize>)> {
    let mut out = Vec::new();
    if let Some(root) = recover::recover(0, text, &Outline::read(text, body)) {
        keys(text, &root, &mut Vec::new(), &mut out);
    }
    out
}

/// The pages whose recovered and YAML trees disagree, and how many parsed.
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
        let mut got = recovered_keys(&text, body.clone());
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
fn recovered_keys_are_the_yaml_trees_keys_on_the_fixtures() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let (parsed, wrong) = disagreements(&dir);
    assert!(parsed > 100, "{parsed}");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn recovered_keys_are_the_yaml_trees_keys_on_the_corpus() {
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

/// The cursor questions answered from the YAML tree and from the tree
/// recovered from the outline of the same text are the same, at every
/// offset of each front matter that parses (on the fixtures and the first
/// 400 distinct ones of the corpus): a half-typed line changes which tree
/// the query goes down, never what the lines above it mean.
#[test]
fn the_query_answers_alike_from_either_tree() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    pages(&root.join("tests/fixtures"), &mut files);
    let fixtures = files.len();
    pages(&root.join("../shared/corpus/sites"), &mut files);
    let mut seen = std::collections::HashSet::new();
    let (mut asked, mut wrong) = (0, Vec::new());
    for (i, f) in files.iter().enumerate() {
        let Ok(text) = std::fs::read_to_string(f) else {
            continue;
        };
        let Some((body, _)) = frontmatter::body(&text) else {
            continue;
        };
        if !seen.insert(text[..body.end].to_string()) || (i >= fixtures && seen.len() > 400) {
            continue;
        }
        let parsed = frontmatter::parse(0, &text);
        if parsed.root.is_none() || text[body.clone()].contains('\t') {
            continue;
        }
        let unparsed = frontmatter::FrontMatter {
            root: None,
            ..parsed.clone()
        };
        for off in body.start..=body.end {
            if !text.is_char_boundary(off) {
                continue;
            }
            asked += 1;
            let a = query::cursor_in(&text, off, &parsed);
            let b = query::cursor_in(&text, off, &unparsed);
            if a != b && wrong.len() < 10 {
                wrong.push(format!("{} at {off}:\n  {a:?}\n  {b:?}", f.display()));
            }
        }
    }
    // The fixtures alone (CI has no corpus) give a few thousand offsets.
    assert!(asked > 2_000, "{asked}");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
