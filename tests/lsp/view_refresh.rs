//! Lenses and hints follow changes to other documents: the server asks the
//! client to refresh them (`workspace/codeLens/refresh`,
//! `workspace/inlayHint/refresh`) when a change elsewhere altered what an
//! open document shows, and not when it did not.

use super::harness::*;
use serde_json::{Value, json};
use tower_lsp_server::ls_types::ClientCapabilities;

const DOCS: &str = r##"{"$schema":"https://mintlify.com/docs.json","theme":"mint","name":"R","colors":{"primary":"#0D9373"},
"navigation":{"groups":[{"group":"G","pages":["a","b"]}]}}"##;

/// A client that shows lenses and hints and takes both refreshes, as VS Code.
fn refreshing_caps() -> ClientCapabilities {
    serde_json::from_value(json!({
        "window": {"workDoneProgress": true},
        "textDocument": {"codeLens": {}, "inlayHint": {}},
        "workspace": {
            "didChangeWatchedFiles": {"dynamicRegistration": true},
            "configuration": true,
            "codeLens": {"refreshSupport": true},
            "inlayHint": {"refreshSupport": true},
        },
    }))
    .unwrap()
}

fn site(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (p, t) in files {
        let path = dir.path().join(p);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, t).unwrap();
    }
    dir
}

async fn lens_titles(h: &Harness, uri: &str) -> Vec<String> {
    let lenses = h
        .request(
            "textDocument/codeLens",
            json!({"textDocument": {"uri": uri}}),
        )
        .await
        .unwrap();
    lenses
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["command"]["title"].as_str().unwrap_or("").to_string())
        .collect()
}

async fn hints(h: &Harness, docs: &str) -> Vec<String> {
    let v = h
        .request(
            "textDocument/inlayHint",
            json!({"textDocument": {"uri": docs}, "range": range(0, 0, 9, 0)}),
        )
        .await
        .unwrap();
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| match &x["label"] {
            Value::String(s) => s.clone(),
            l => l.to_string(),
        })
        .collect()
}

/// The three-language fixture with `guide/gone.mdx` open, its lens first
/// showing the one translation it has.
async fn three_languages_with_gone_open() -> (tempfile::TempDir, Harness, String) {
    let dir = copy_site("tests/fixtures/translations/three-languages");
    let h = Harness::start(dir.path(), json!({}), refreshing_caps()).await;
    let gone = h.open_disk("guide/gone.mdx").await;
    h.wait_current_diagnostics(&gone).await;
    let first = lens_titles(&h, &gone).await;
    assert!(
        first.iter().any(|t| t.starts_with("translated in 1 of 2")),
        "{first:?}"
    );
    (dir, h, gone)
}

async fn replace(h: &Harness, uri: &str, text: &str) {
    h.change(uri, vec![json!({"text": text})]).await;
    h.wait_current_diagnostics(uri).await;
}

async fn wait_requests(h: &Harness, method: &str, n: usize) {
    h.wait_for(&format!("{n} {method}"), |s| {
        let sent = s.server_requests.iter().filter(|(m, _)| m == method);
        (sent.count() >= n).then_some(())
    })
    .await;
}

#[test]
fn a_link_added_elsewhere_refreshes_the_lens_and_typing_does_not() {
    run(async {
        let b0 = "---\ntitle: B\n---\n\nNo links yet.\n";
        let dir = site(&[
            ("docs.json", DOCS),
            ("a.mdx", "---\ntitle: A\n---\n\nPage A.\n"),
            ("b.mdx", b0),
        ]);
        let h = Harness::start(dir.path(), json!({}), refreshing_caps()).await;
        let a = h.open_disk("a.mdx").await;
        h.wait_current_diagnostics(&a).await;
        let b = h.open_disk("b.mdx").await;
        h.wait_current_diagnostics(&b).await;
        assert_eq!(lens_titles(&h, &a).await, ["1 inbound link"]);
        const LENS: &str = "workspace/codeLens/refresh";
        let before = h.server_requests(LENS).len();

        // B links to A: A's lens changes without A being touched.
        let linked = "---\ntitle: B\n---\n\nSee [A](/a).\n";
        replace(&h, &b, linked).await;
        wait_requests(&h, LENS, before + 1).await;
        assert_eq!(lens_titles(&h, &a).await, ["2 inbound links"]);

        // Typing that changes no link: no refresh (the next one, from
        // removing the link, is the only one after it).
        for words in ["More", "More words", "More words here."] {
            replace(
                &h,
                &b,
                &format!("---\ntitle: B\n---\n\nSee [A](/a). {words}\n"),
            )
            .await;
        }
        replace(&h, &b, b0).await;
        wait_requests(&h, LENS, before + 2).await;
        assert_eq!(h.server_requests(LENS).len(), before + 2);
        assert_eq!(lens_titles(&h, &a).await, ["1 inbound link"]);
        h.shutdown().await;
    });
}

#[test]
fn a_title_edited_in_a_page_refreshes_docs_json_hints() {
    run(async {
        let dir = site(&[
            ("docs.json", DOCS),
            ("a.mdx", "---\ntitle: Alpha\n---\n\nPage A.\n"),
            ("b.mdx", "---\ntitle: Beta\n---\n\nPage B.\n"),
        ]);
        let h = Harness::start(dir.path(), json!({}), refreshing_caps()).await;
        let docs = h.open_disk("docs.json").await;
        h.wait_current_diagnostics(&docs).await;
        let b = h.open_disk("b.mdx").await;
        h.wait_current_diagnostics(&b).await;
        assert!(hints(&h, &docs).await.iter().any(|l| l.contains("Beta")));
        const HINTS: &str = "workspace/inlayHint/refresh";
        let before = h.server_requests(HINTS).len();
        // A body edit keeps the title: no refresh; the title edit after
        // it is the one refresh.
        replace(&h, &b, "---\ntitle: Beta\n---\n\nPage B, longer.\n").await;
        replace(&h, &b, "---\ntitle: Bravo\n---\n\nPage B, longer.\n").await;
        wait_requests(&h, HINTS, before + 1).await;
        assert_eq!(h.server_requests(HINTS).len(), before + 1);
        let now = hints(&h, &docs).await;
        assert!(now.iter().any(|l| l.contains("Bravo")), "{now:?}");
        h.shutdown().await;
    });
}

#[test]
fn a_translation_file_added_refreshes_the_translation_lens() {
    run(async {
        let (_dir, h, gone) = three_languages_with_gone_open().await;
        const LENS: &str = "workspace/codeLens/refresh";
        let before = h.server_requests(LENS).len();
        std::fs::write(
            h.path("fr/guide/gone.mdx"),
            "---\ntitle: Disparu\n---\n\nCette page est traduite.\n",
        )
        .unwrap();
        h.notify(
            "workspace/didChangeWatchedFiles",
            json!({"changes": [{"uri": h.uri("fr/guide/gone.mdx"), "type": 1}]}),
        )
        .await;
        wait_requests(&h, LENS, before + 1).await;
        let now = lens_titles(&h, &gone).await;
        assert!(
            now.iter().any(|t| t.starts_with("translated in 2 of 2")),
            "{now:?}"
        );
        h.shutdown().await;
    });
}

/// A client that declares no refresh support is never asked.
#[test]
fn no_refresh_without_the_clients_support() {
    run(async {
        let dir = site(&[
            ("docs.json", DOCS),
            ("a.mdx", "---\ntitle: A\n---\n\nPage A.\n"),
            ("b.mdx", "---\ntitle: B\n---\n\nNo links.\n"),
        ]);
        let h = Harness::start(dir.path(), json!({}), caps(false)).await;
        let a = h.open_disk("a.mdx").await;
        let b = h.open_disk("b.mdx").await;
        h.wait_current_diagnostics(&a).await;
        replace(&h, &b, "---\ntitle: B\n---\n\nSee [A](/a).\n").await;
        assert_eq!(lens_titles(&h, &a).await, ["2 inbound links"]);
        assert!(h.server_requests("workspace/codeLens/refresh").is_empty());
        h.shutdown().await;
    });
}

/// The translation lens follows docs.json's page lists, and a keystroke
/// that leaves them (a group's label) keeps it as it was.
#[test]
fn a_page_list_edited_in_docs_json_refreshes_the_translation_lens() {
    run(async {
        let (_dir, h, gone) = three_languages_with_gone_open().await;
        const LENS: &str = "workspace/codeLens/refresh";
        let docs = h.open_disk("docs.json").await;
        h.wait_current_diagnostics(&docs).await;
        let before = h.server_requests(LENS).len();
        let text = std::fs::read_to_string(h.path("docs.json")).unwrap();
        let relabelled = text.replace("\"Anleitung\"", "\"Anleitungen\"");
        replace(&h, &docs, &relabelled).await;
        // German no longer lists the page: one refresh, after this edit.
        replace(&h, &docs, &relabelled.replace("\"de/guide/gone\", ", "")).await;
        wait_requests(&h, LENS, before + 1).await;
        assert_eq!(h.server_requests(LENS).len(), before + 1);
        let now = lens_titles(&h, &gone).await;
        assert!(
            now.iter().any(|t| t.starts_with("translated in 0 of 2")),
            "{now:?}"
        );
        h.shutdown().await;
    });
}
