//! `check` on copies of the real sites in ../shared/corpus: no error that is
//! not a real one, and every real error the corpus README lists.

use docs_lsp::cli::check::{self, Options};
use docs_lsp::cli::report::Format;
use std::path::Path;

#[path = "support/corpus.rs"]
mod corpus;

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap().flatten() {
        let t = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &t);
        } else {
            std::fs::copy(e.path(), t).unwrap();
        }
    }
}

/// (code, path) of every error and warning.
fn findings(corpus: &Path, site: &str) -> Vec<(String, String, String)> {
    let src = corpus.join(site);
    let tmp = tempfile::tempdir().unwrap();
    copy_dir(&src, tmp.path());
    let mut buf = Vec::new();
    check::run(
        tmp.path(),
        &Options {
            format: Format::Json,
            all: false,
            deny_warnings: false,
            relative_to: vec![tmp.path().to_path_buf()],
            color: false,
            since: None,
        },
        &mut buf,
    );
    let v: serde_json::Value = serde_json::from_slice(&buf).unwrap();
    v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["severity"].as_str().unwrap().to_string(),
                d["code"].as_str().unwrap().to_string(),
                d["path"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn count(f: &[(String, String, String)], sev: &str, code: &str) -> usize {
    f.iter().filter(|(s, c, _)| s == sev && c == code).count()
}

fn errors(f: &[(String, String, String)]) -> usize {
    f.iter().filter(|(s, _, _)| s == "error").count()
}

#[test]
fn corpus_sites_report_exactly_the_real_errors() {
    let Some(corpus) = corpus::shared(
        "corpus/sites",
        "corpus_sites_report_exactly_the_real_errors",
    ) else {
        return;
    };
    let findings = |site| findings(&corpus, site);
    // mintlify__docs: 12 front matter endpoints missing from the es/fr/zh analytics specs.
    // And `<PreviewButton>` used without its import on ai/skillmd.mdx (and its
    // 3 translations): the platform drops the block (read by hand: the other
    // ai/ pages import it from /snippets/previewbutton.jsx, this one does not).
    // And the translated tooltips' `href="/es/api-reference"` (fr, zh alike):
    // no such page or folder, and the `/es/api-reference/*` redirect needs
    // a segment after the slash; `mint broken-links` reports them too (the
    // English `/api-reference` is a folder and a redirect source).
    let f = findings("mintlify__docs");
    assert_eq!(count(&f, "error", "missing-endpoint"), 12, "{f:?}");
    assert_eq!(count(&f, "error", "unknown-component"), 4, "{f:?}");
    assert_eq!(count(&f, "error", "broken-link"), 3, "{f:?}");
    assert_eq!(errors(&f), 19, "{f:?}");
    for (_, _, p) in f.iter().filter(|x| x.1 == "broken-link") {
        assert!(p.ends_with("/components/tooltips.mdx"), "{p}");
    }
    for (_, _, p) in f.iter().filter(|x| x.1 == "unknown-component") {
        assert!(p.ends_with("ai/skillmd.mdx"), "{p}");
    }
    for (_, _, p) in f.iter().filter(|x| x.1 == "missing-endpoint") {
        assert!(
            p.starts_with("es/api/analytics/")
                || p.starts_with("fr/api/analytics/")
                || p.starts_with("zh/api/analytics/"),
            "{p}"
        );
    }
    // mem0: the trailing-slash endpoint and 2 duplicates.
    let f = findings("mem0ai__mem0");
    assert_eq!(errors(&f), 1, "{f:?}");
    assert_eq!(count(&f, "error", "missing-endpoint"), 1);
    assert!(
        f.iter()
            .any(|x| x.2 == "api-reference/memory/get-memory-export.mdx")
    );
    assert_eq!(count(&f, "warning", "duplicate-page"), 2);
    // trigger.dev: 1 duplicate; meilisearch: 1 duplicate (`POST /render-template`).
    // trigger.dev also writes `<Warn>` (no such component: `<Warning>`) and uses
    // `<ScrapingWarning />` on config/extensions/puppeteer.mdx, `<UsefulNextSteps />`
    // on guides/community/sveltekit.mdx and `<SoftLimit />` on limits.mdx without
    // the imports its other pages have (read by hand): the platform drops them.
    let f = findings("triggerdotdev__trigger.dev");
    assert_eq!(
        (
            errors(&f),
            count(&f, "error", "unknown-component"),
            count(&f, "warning", "duplicate-page")
        ),
        (4, 4, 1),
        "{f:?}"
    );
    // meilisearch also imports a generated code sample that its pipeline
    // had not generated at this commit (the page does not build), and uses
    // `<RouteHighlighter>` on capabilities/analytics/advanced/events_endpoint.mdx
    // without importing snippets/route_highlighter.mdx, which defines it (read
    // by hand: no page imports that snippet): the platform drops the block.
    let f = findings("meilisearch__documentation");
    assert_eq!(
        (
            errors(&f),
            count(&f, "error", "unknown-component"),
            count(&f, "warning", "duplicate-page")
        ),
        (2, 1, 1),
        "{f:?}"
    );
    assert!(f.iter().any(|x| x.1 == "missing-snippet"
        && x.2 == "capabilities/conversational_search/getting_started/setup.mdx"));
    // dify: the same page in two products is normal; no duplicates. Two plugin
    // guides (in en/ja/zh) use `<CheckList>`/`<CheckListItem>`, which neither
    // the platform nor the site defines: 8 unknown components per language.
    let f = findings("langgenius__dify-docs");
    assert_eq!(
        (
            errors(&f),
            count(&f, "error", "unknown-component"),
            count(&f, "warning", "duplicate-page")
        ),
        (24, 24, 0),
        "{f:?}"
    );
    // JochemBruijninckx: 12 links to `concepts/{employees,shifts,demands}`,
    // pages that live under `entities/` (no redirect): real 404s.
    let f = findings("JochemBruijninckx__docs");
    assert_eq!(
        (errors(&f), count(&f, "error", "broken-link"), f.len()),
        (12, 12, 12),
        "{f:?}"
    );
    // Terminal49: two same-page anchors to headings since renamed
    // (`#listing-all-parties` is now `## List all parties`).
    let f = findings("Terminal49__API");
    assert_eq!(
        (errors(&f), count(&f, "warning", "missing-anchor"), f.len()),
        (0, 2, 2),
        "{f:?}"
    );
}
