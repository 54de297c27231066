//! `docsLsp/translations` and the translation code lens through the
//! protocol: the report of the site a document is in, the lens on a
//! default-language page following edits of a translation, and the age by
//! the git history of a repository the test builds.

use crate::harness::*;
use serde_json::{Value, json};
use std::path::Path;

/// A git command whose commits carry `date` (the ages under test).
fn git(dir: &Path, date: &str, args: &[&str]) {
    crate::support::git::git_at(dir, Some(date), args)
}

/// The page's translation lens (other features' lenses, such as inbound
/// links, stand beside it).
async fn lens(h: &Harness, uri: &str) -> Value {
    let r = h
        .request(
            "textDocument/codeLens",
            json!({"textDocument": {"uri": uri}}),
        )
        .await
        .unwrap();
    r.as_array()
        .and_then(|a| {
            a.iter()
                .find(|l| l["command"]["command"] == "docsLsp.showTranslations")
        })
        .cloned()
        .unwrap_or(Value::Null)
}

fn labels(lens: &Value) -> Vec<String> {
    lens["command"]["arguments"][0]["languages"]
        .as_array()
        .unwrap_or_else(|| panic!("{lens:#}"))
        .iter()
        .map(|l| l["label"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn the_report_and_the_lens_follow_edits_of_a_translation() {
    run(async {
        let site = copy_site("tests/fixtures/translations/three-languages");
        let h = Harness::start(site.path(), json!({}), caps(false)).await;
        let text = std::fs::read_to_string(h.path("guide/copied.mdx")).unwrap();
        let uri = h.open("guide/copied.mdx", &text).await;
        h.wait_current_diagnostics(&uri).await;

        let r = h
            .request(
                "docsLsp/translations",
                json!({"uri": uri, "language": "fr"}),
            )
            .await
            .unwrap();
        assert_eq!(r["defaultLanguage"], "en", "{r:#}");
        let fr = &r["languages"][0];
        assert_eq!(
            (&fr["language"], &fr["name"]),
            (&json!("fr"), &json!("French"))
        );
        let states: Vec<&Value> = fr["problems"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| &p["state"])
            .collect();
        assert_eq!(states, ["untranslated", "fileMissing", "missing"], "{r:#}");
        assert_eq!(fr["problems"][0]["uri"], h.uri("fr/guide/copied.mdx"));
        // The page with no file points at its entry in docs.json.
        assert_eq!(fr["problems"][1]["entry"]["uri"], h.uri("docs.json"));

        let l = lens(&h, &uri).await;
        assert_eq!(l["range"], range(0, 0, 0, 0));
        assert_eq!(
            l["command"]["title"], "translated in 1 of 2 languages",
            "{l:#}"
        );
        assert_eq!(l["command"]["command"], "docsLsp.showTranslations");
        assert_eq!(
            labels(&l),
            [
                "fr (French): untranslated (same body)",
                "de (German): translated"
            ]
        );

        // The French copy is translated in the editor: the lens says so.
        let fr_text = std::fs::read_to_string(h.path("fr/guide/copied.mdx")).unwrap();
        let fr_uri = h.open("fr/guide/copied.mdx", &fr_text).await;
        let translated = fr_text.replace("Run the installer.", "Lancez l'installateur.");
        h.change(&fr_uri, vec![json!({"text": translated})]).await;
        h.wait_current_diagnostics(&fr_uri).await;
        let l = lens(&h, &uri).await;
        assert_eq!(
            l["command"]["title"], "translated in 2 of 2 languages",
            "{l:#}"
        );

        // No lens on a translation, none on a file of no site.
        assert_eq!(lens(&h, &fr_uri).await, Value::Null);
        assert_eq!(lens(&h, "file:///nowhere/a.mdx").await, Value::Null);
        assert_eq!(
            h.request(
                "docsLsp/translations",
                json!({"uri": "file:///nowhere/docs.json"})
            )
            .await,
            Ok(Value::Null)
        );
        h.shutdown().await;
    });
}

#[test]
fn the_lens_says_how_much_older_a_translation_is_by_the_git_history() {
    run(async {
        let site = copy_site("tests/fixtures/translations/three-languages");
        let dir = site.path();
        git(dir, "2024-03-01T10:00:00Z", &["init", "-q"]);
        git(dir, "2024-03-01T10:00:00Z", &["add", "."]);
        git(
            dir,
            "2024-03-01T10:00:00Z",
            &["commit", "-q", "-m", "pages"],
        );
        std::fs::write(
            dir.join("index.mdx"),
            "---\ntitle: Welcome\n---\n\nStart here, now.\n",
        )
        .unwrap();
        git(
            dir,
            "2024-03-04T10:00:00Z",
            &["commit", "-q", "-am", "index"],
        );
        let h = Harness::start(dir, json!({}), caps(false)).await;
        let uri = h.open_disk("index.mdx").await;
        h.wait_current_diagnostics(&uri).await;
        let l = lens(&h, &uri).await;
        assert_eq!(
            l["command"]["title"], "translated in 2 of 2 languages, 2 out of date",
            "{l:#}"
        );
        assert_eq!(
            labels(&l),
            [
                "fr (French): older by 3 days",
                "de (German): older by 3 days"
            ]
        );
        let item = &l["command"]["arguments"][0]["languages"][0];
        assert_eq!(item["uri"], h.uri("fr/index.mdx"));
        assert_eq!(item["state"], "older");
        h.shutdown().await;
    });
}
