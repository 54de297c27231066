//! Sidebar fixtures: each folder under tests/fixtures/nav is a site, and each
//! `nav*.txt` beside its docs.json the tree `docs-lsp nav` prints for it
//! (`UPDATE_EXPECT=1 cargo test --test nav_fixtures` rewrites them). The
//! file name carries the filter: `nav.txt` shows everything,
//! `nav@language=fr@version=v1.txt` only that language and version. How
//! each expectation was checked against the platform is in the site's
//! README.md.

use docs_lsp::analysis::navigation_view::{self as view, Filter, NavNode};
use docs_lsp::cli::navigation_view::{self as nav, NavFormat};
use libtest_mimic::{Arguments, Failed, Trial};
use std::path::{Path, PathBuf};

fn main() {
    let args = Arguments::from_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/nav");
    let mut trials = Vec::new();
    let mut sites: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("tests/fixtures/nav")
        .filter_map(|e| Some(e.ok()?.path()))
        .filter(|p| p.join("docs.json").exists())
        .collect();
    sites.sort();
    for site in sites {
        let mut expected: Vec<PathBuf> = std::fs::read_dir(&site)
            .unwrap()
            .filter_map(|e| Some(e.ok()?.path()))
            .filter(|p| {
                let name = p.file_name().unwrap().to_string_lossy();
                name.starts_with("nav") && name.ends_with(".txt")
            })
            .collect();
        expected.sort();
        for file in expected {
            let name = format!(
                "{}/{}",
                site.file_name().unwrap().to_string_lossy(),
                file.file_name().unwrap().to_string_lossy()
            );
            let site = site.clone();
            trials.push(Trial::test(name, move || check(&site, &file)));
        }
        let name = format!("{}/scopes", site.file_name().unwrap().to_string_lossy());
        trials.push(Trial::test(name, move || check_scopes(&site)));
    }
    // A renamed folder must not leave the sidebar untested.
    let count = trials.len();
    trials.push(Trial::test("some_fixtures", move || {
        if count >= 3 {
            Ok(())
        } else {
            Err(format!("only {count} sidebar fixtures").into())
        }
    }));
    libtest_mimic::run(&args, trials).exit();
}

/// The filter a file name asks for: `nav@language=fr@version=v1.txt`.
fn filter_of(file: &Path) -> Result<Filter, Failed> {
    let stem = file.file_stem().unwrap().to_string_lossy().to_string();
    let mut filter = Filter::default();
    for part in stem.split('@').skip(1) {
        let (key, value) = part
            .split_once('=')
            .ok_or_else(|| format!("{part}: not key=value"))?;
        let slot = match key {
            "language" => &mut filter.language,
            "version" => &mut filter.version,
            "product" => &mut filter.product,
            _ => return Err(format!("{key}: not language, version or product").into()),
        };
        *slot = Some(value.to_string());
    }
    Ok(filter)
}

fn check(site: &Path, file: &Path) -> Result<(), Failed> {
    let filter = filter_of(file)?;
    let mut out = Vec::new();
    let code = nav::run(site, &filter, NavFormat::Tree, &mut out);
    if code != 0 {
        return Err(format!("nav exited {code}").into());
    }
    let text = String::from_utf8(out)?;
    expect_test::expect_file![file].assert_eq(&text);
    // The JSON format is the same tree: as many nodes.
    let mut json = Vec::new();
    nav::run(site, &filter, NavFormat::Json, &mut json);
    let value: serde_json::Value = serde_json::from_slice(&json)?;
    let nodes = count(&value);
    if nodes != text.lines().count() {
        return Err(format!("json has {nodes} nodes, the tree {}", text.lines().count()).into());
    }
    Ok(())
}

fn count(v: &serde_json::Value) -> usize {
    match v {
        serde_json::Value::Array(items) => items.iter().map(count).sum(),
        serde_json::Value::Object(o) => 1 + o.get("children").map_or(0, count),
        _ => 0,
    }
}

/// The request's answer against the whole sidebar (the expectation above):
/// each language, version and product counts the nodes under it, and
/// opening its scope gives its whole subtree, as the analysis's memoised
/// navigation index is read.
fn check_scopes(site: &Path) -> Result<(), Failed> {
    let loaded = docs_lsp::workspace::load::load_site(
        site,
        site.display().to_string(),
        &docs_lsp::workspace::load::FileIds::default(),
    );
    let a = docs_lsp::analysis::analyze(std::sync::Arc::new(loaded));
    let tree = a.navigation.as_deref().ok_or("docs.json does not parse")?;
    let marks = view::Marks::new(&a.diagnostics);
    let whole = view::navigation(&a.site, &a.config, tree, &marks, &Filter::default());
    let mut scopes = Vec::new();
    every(&whole, &mut |n| {
        if let Some(scope) = &n.scope {
            scopes.push((scope.clone(), n.count, under(n), n.children.clone()));
        }
    });
    for (scope, count, nodes, expected) in scopes {
        if count != Some(nodes) {
            return Err(format!("{scope:?}: count {count:?}, {nodes} nodes under it").into());
        }
        let (opened, answer) = view::scoped(&a.site, &a.config, tree, &marks, &scope);
        let mut found = None;
        every(&answer, &mut |n| {
            if n.scope.as_ref() == Some(&scope) {
                found = Some(n.clone());
            }
        });
        let node = found.ok_or_else(|| format!("{scope:?}: not in its own answer"))?;
        // The whole subtree, but for the scopes below it left closed.
        let expected = view::tree_text(&cut(&expected, &node.children));
        if node.elided || view::tree_text(&node.children) != expected {
            return Err(format!(
                "{scope:?} opened as\n{}\nnot\n{expected}",
                view::tree_text(&node.children)
            )
            .into());
        }
        let named = |f: &Filter| [f.language.clone(), f.version.clone(), f.product.clone()];
        for (want, got) in named(&scope).into_iter().zip(named(&opened)) {
            if want.is_some() && want != got {
                return Err(format!("{scope:?}: the answer says it opened {opened:?}").into());
            }
        }
        // Elided nodes have no children; the rest of the answer is open.
        let mut shown = 0;
        every(&answer, &mut |n| {
            shown += 1;
            if n.elided && !n.children.is_empty() {
                shown = usize::MAX / 2;
            }
        });
        if shown > count_all(&whole) {
            return Err(format!("{scope:?}: an elided node has children").into());
        }
    }
    Ok(())
}

/// `whole` without the children of the nodes `answer` elides (matched by
/// position).
fn cut(whole: &[NavNode], answer: &[NavNode]) -> Vec<NavNode> {
    whole
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let mut n = n.clone();
            match answer.get(i) {
                Some(a) if a.elided => n.children.clear(),
                Some(a) => n.children = cut(&n.children, &a.children),
                None => {}
            }
            n
        })
        .collect()
}

fn every(nodes: &[NavNode], f: &mut impl FnMut(&NavNode)) {
    for n in nodes {
        f(n);
        every(&n.children, f);
    }
}

fn under(n: &NavNode) -> usize {
    n.children.iter().map(|c| 1 + under(c)).sum()
}

fn count_all(nodes: &[NavNode]) -> usize {
    nodes.iter().map(|n| 1 + under(n)).sum()
}
