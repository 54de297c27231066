//! Front matter is read as the platform reads it: with js-yaml 3 (through
//! the `front-matter` package 4.0.2). tools/frontmatter-oracle ran that
//! reader on every case in tests/fixtures/frontmatter-oracle/cases and
//! recorded its verdicts in verdicts.json; here `check` must agree: a case
//! js-yaml 3 accepts has no front matter syntax error and reads to the same
//! values, and a case it refuses (the platform's build stops) is an error.

use docs_lsp::cli::check::{self, Options};
use docs_lsp::cli::report::Format;
use docs_lsp::syntax::frontmatter;
use docs_lsp::syntax::tree::{Node, Value};
use serde_json::Value as Json;
use std::collections::BTreeMap;
use std::path::Path;

/// Our tree as js-yaml's JSON (numbers compared as f64; a date js-yaml
/// reads as a Date is text here).
fn same(ours: &Node, theirs: &Json) -> bool {
    match (&ours.value, theirs) {
        (Value::Null, Json::Null) => true,
        (Value::Bool(a), Json::Bool(b)) => a == b,
        (Value::Number(a), Json::Number(b)) => Some(*a) == b.as_f64(),
        (Value::String(a), Json::String(b)) => **a == **b,
        (Value::String(a), Json::Object(o)) if o.contains_key("$date") => {
            o["$date"].as_str().is_some_and(|d| d.starts_with(&**a))
        }
        (Value::Array(a), Json::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| same(x, y))
        }
        (Value::Object(a), Json::Object(b)) => {
            a.len() == b.len()
                && a.iter()
                    .all(|p| b.get(p.key.as_str()).is_some_and(|v| same(&p.value, v)))
        }
        _ => false,
    }
}

#[test]
fn front_matter_is_read_as_js_yaml_3_reads_it() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/frontmatter-oracle");
    let verdicts: Json =
        serde_json::from_str(&std::fs::read_to_string(dir.join("verdicts.json")).unwrap()).unwrap();
    let cases = verdicts["cases"].as_object().unwrap();
    assert!(cases.len() >= 20);
    // Every case as a page of one site, so the page rules run too.
    let site = tempfile::tempdir().unwrap();
    let mut pages = Vec::new();
    for name in cases.keys() {
        std::fs::copy(dir.join("cases").join(name), site.path().join(name)).unwrap();
        pages.push(name.trim_end_matches(".mdx").to_string());
    }
    let docs = serde_json::json!({"theme": "mint", "name": "Oracle", "colors": {"primary": "#0D9373"},
        "navigation": {"pages": pages}});
    std::fs::write(site.path().join("docs.json"), docs.to_string()).unwrap();
    let mut buf = Vec::new();
    check::run(
        site.path(),
        &Options {
            format: Format::Json,
            all: true,
            deny_warnings: false,
            relative_to: vec![site.path().to_path_buf()],
            color: false,
            since: None,
        },
        &mut buf,
    );
    let report: Json = serde_json::from_slice(&buf).unwrap();
    let mut errors: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for d in report["diagnostics"].as_array().unwrap() {
        if d["severity"] == "error" {
            errors
                .entry(d["path"].as_str().unwrap().to_string())
                .or_default()
                .push(format!("{} {}", d["code"], d["message"]));
        }
    }
    let mut wrong = Vec::new();
    for (name, v) in cases {
        let text = std::fs::read_to_string(dir.join("cases").join(name)).unwrap();
        let ours = errors.get(name.as_str());
        if v["ok"] == true {
            let fm = frontmatter::parse(0, &text);
            if let Some(e) = ours {
                wrong.push(format!("{name}: js-yaml 3 accepts it, we say {e:?}"));
            } else if !fm.root.as_ref().is_some_and(|r| same(r, &v["attributes"])) {
                wrong.push(format!(
                    "{name}: read as {:?}, js-yaml 3 reads {}",
                    fm.root, v["attributes"]
                ));
            }
        } else if ours.is_none() {
            wrong.push(format!(
                "{name}: js-yaml 3 refuses it ({}), we accept it",
                v["error"]
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
