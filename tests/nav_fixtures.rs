//! Sidebar fixtures: each folder under tests/fixtures/nav is a site, and each
//! `nav*.txt` beside its docs.json the tree `docs-lsp nav` prints for it
//! (`UPDATE_EXPECT=1 cargo test --test nav_fixtures` rewrites them). The
//! file name carries the filter: `nav.txt` shows everything,
//! `nav@language=fr@version=v1.txt` only that language and version. How
//! each expectation was checked against the platform is in the site's
//! README.md.

use docs_lsp::analysis::navigation_view::Filter;
use docs_lsp::cli::nav::{self, Format};
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
    let code = nav::run(site, &filter, Format::Tree, &mut out);
    if code != 0 {
        return Err(format!("nav exited {code}").into());
    }
    let text = String::from_utf8(out)?;
    expect_test::expect_file![file].assert_eq(&text);
    // The JSON format is the same tree: as many nodes.
    let mut json = Vec::new();
    nav::run(site, &filter, Format::Json, &mut json);
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
