//! Every front matter `openapi:` / `asyncapi:` reference in the corpus sites,
//! resolved by the platform's rules against the site's own specs. The set of
//! unresolved ones must be exactly the real errors listed in the corpus
//! README: anything else means a rule is wrong (a false alarm on a live site)
//! or a real error is missed.

use docs_lsp::model::endpoint::{
    Resolution, parse_asyncapi_ref, parse_endpoint, resolve_endpoint, resolve_spec_token,
};
use docs_lsp::model::openapi::{SpecIndex, SpecKind};
use docs_lsp::syntax::frontmatter;
use std::path::{Path, PathBuf};

#[path = "support/corpus.rs"]
mod corpus;

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name == "node_modules" {
            continue;
        }
        if p.is_dir() {
            walk(&p, out);
        } else {
            out.push(p);
        }
    }
}

fn rel(root: &Path, p: &Path) -> String {
    p.strip_prefix(root)
        .unwrap_or(p)
        .to_string_lossy()
        .replace('\\', "/")
}

/// Unresolved references of one site, as `page: value -> why`.
fn check_site(root: &Path) -> (usize, Vec<String>) {
    let mut files = Vec::new();
    walk(root, &mut files);
    let mut specs: Vec<(String, SpecIndex)> = Vec::new();
    for f in &files {
        let ext = f.extension().and_then(|e| e.to_str()).unwrap_or("");
        if !matches!(ext, "json" | "yaml" | "yml") {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(f) else {
            continue;
        };
        let idx = SpecIndex::build(0, &text, ext != "json");
        if idx.kind != SpecKind::Unknown {
            specs.push((rel(root, f), idx));
        }
    }
    let openapi: Vec<(&str, &SpecIndex)> = specs
        .iter()
        .filter(|s| s.1.is_openapi())
        .map(|(p, i)| (p.as_str(), i))
        .collect();
    let asyncapi: Vec<(&str, &SpecIndex)> = specs
        .iter()
        .filter(|s| !s.1.is_openapi())
        .map(|(p, i)| (p.as_str(), i))
        .collect();
    let (mut seen, mut bad) = (0, Vec::new());
    for f in &files {
        let ext = f.extension().and_then(|e| e.to_str()).unwrap_or("");
        if !matches!(ext, "mdx" | "md") {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(f) else {
            continue;
        };
        let Some(fm) = frontmatter::parse(0, &text).root else {
            continue;
        };
        let page = rel(root, f);
        let dir = page.rsplit_once('/').map_or("", |(d, _)| d);
        if let Some(v) = fm.get("openapi").and_then(|n| n.as_str()) {
            seen += 1;
            let why = match parse_endpoint(v) {
                None => Some("not an endpoint reference".to_string()),
                Some(r) => match resolve_endpoint(&r, dir, &openapi) {
                    Resolution::Found { .. } => None,
                    Resolution::SpecNotFound => Some("spec not found".to_string()),
                    Resolution::NotFound { spec, suggestion } => Some(format!(
                        "not in {} (did you mean {suggestion:?})",
                        spec.map_or("any spec", |s| openapi[s].0)
                    )),
                },
            };
            if let Some(why) = why {
                bad.push(format!("{page}: {v} -> {why}"));
            }
        }
        if let Some(v) = fm.get("asyncapi").and_then(|n| n.as_str()) {
            seen += 1;
            let found = parse_asyncapi_ref(v).is_some_and(|r| {
                let paths: Vec<&str> = asyncapi.iter().map(|s| s.0).collect();
                let cands: Vec<usize> = match r.spec {
                    Some(t) => resolve_spec_token(t, dir, &paths).into_iter().collect(),
                    None => (0..paths.len()).collect(),
                };
                cands
                    .iter()
                    .any(|&i| asyncapi[i].1.find_channel(r.channel).is_some())
            });
            if !found {
                bad.push(format!("{page}: asyncapi {v} -> unresolved"));
            }
        }
    }
    (seen, bad)
}

#[test]
fn corpus_front_matter_endpoints_resolve_except_known_errors() {
    let Some(corpus) = corpus::shared(
        "corpus/sites",
        "corpus_front_matter_endpoints_resolve_except_known_errors",
    ) else {
        return;
    };
    let sites = std::fs::read_dir(corpus).unwrap();
    let mut sites: Vec<PathBuf> = sites
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    sites.sort();
    let mut all = Vec::new();
    for site in &sites {
        let name = site
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("")
            .to_string();
        let (seen, bad) = check_site(site);
        eprintln!("{name}: {seen} references, {} unresolved", bad.len());
        all.extend(bad.into_iter().map(|b| format!("{name}/{b}")));
    }
    let mut got: Vec<String> = all
        .iter()
        .map(|b| b.split(" -> ").next().unwrap_or(b).to_string())
        .collect();
    got.sort();
    let mut want: Vec<String> = ["es", "fr", "zh"]
        .iter()
        .flat_map(|lang| {
            [("feedback-by-page", "feedback/by-page"), ("searches", "searches"), ("views", "views"), ("visitors", "visitors")]
                .map(|(page, path)| {
                    format!(
                        "mintlify__docs/{lang}/api/analytics/{page}.mdx: /{lang}/analytics.openapi.json GET /v1/analytics/{{projectId}}/{path}"
                    )
                })
        })
        .collect();
    want.push(
        "mem0ai__mem0/api-reference/memory/get-memory-export.mdx: post /v1/exports/get".to_string(),
    );
    want.sort();
    assert_eq!(
        got, want,
        "unresolved references differ from the corpus README's real errors:\n{all:#?}"
    );
    // The trailing-slash error gets the fix the README names.
    assert!(
        all.iter()
            .any(|b| b.contains("did you mean Some(\"POST /v1/exports/get/\")"))
    );
}

/// The pruned fast path must index every real JSON spec exactly as the full tree does.
#[test]
fn corpus_json_specs_fast_path_matches_full_tree() {
    let Some(corpus) = corpus::shared(
        "corpus/sites",
        "corpus_json_specs_fast_path_matches_full_tree",
    ) else {
        return;
    };
    let mut files = Vec::new();
    walk(&corpus, &mut files);
    let mut n = 0;
    for f in files
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "json"))
    {
        let Ok(text) = std::fs::read_to_string(f) else {
            continue;
        };
        let fast = SpecIndex::build(7, &text, false);
        if fast.kind == SpecKind::Unknown {
            continue;
        }
        let full = docs_lsp::syntax::json::parse(7, &text)
            .root
            .map(|r| SpecIndex::from_node(&r));
        assert_eq!(Some(&fast), full.as_ref(), "{}", f.display());
        n += 1;
    }
    // The corpus holds dozens: none means the walk found nothing.
    assert!(n > 0, "no JSON spec found in {}", corpus.display());
    eprintln!("{n} JSON specs: fast path == full tree");
}
