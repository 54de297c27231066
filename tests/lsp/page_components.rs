//! Components in a page through the protocol: completion after `<`, of props
//! and of prop values, and hover, on a page opened in the editor.

use crate::harness::*;
use serde_json::{Value, json};

fn at(uri: &str, p: Value) -> Value {
    json!({"textDocument": {"uri": uri}, "position": p})
}

fn labels(r: &Value) -> Vec<String> {
    let items = r["items"]
        .as_array()
        .or(r.as_array())
        .cloned()
        .unwrap_or_default();
    items
        .iter()
        .filter_map(|i| i["label"].as_str().map(str::to_string))
        .collect()
}

#[test]
fn completion_and_hover_of_components_in_a_page() {
    run(async {
        let site = copy_site("examples/site");
        let h = Harness::start(site.path(), json!({}), caps(false)).await;
        let text = "---\ntitle: Components\n---\n\n<Car\n\n<Badge color=\"\" >New</Badge>\n\n<Accordion title=\"x\" >\nBody\n</Accordion>\n";
        let uri = h.open("guides/components.mdx", text).await;
        h.wait_current_diagnostics(&uri).await;

        let r = h
            .request(
                "textDocument/completion",
                at(&uri, find_pos(text, "<Car", 4, false)),
            )
            .await
            .unwrap();
        let l = labels(&r);
        assert!(
            l.iter().any(|x| x == "Card") && l.iter().any(|x| x == "CardGroup"),
            "{l:?}"
        );

        let r = h
            .request(
                "textDocument/completion",
                at(&uri, find_pos(text, "color=\"", 7, false)),
            )
            .await
            .unwrap();
        let l = labels(&r);
        assert!(
            l.iter().any(|x| x == "blue") && l.iter().any(|x| x == "surface-destructive"),
            "{l:?}"
        );

        let r = h
            .request(
                "textDocument/completion",
                at(&uri, find_pos(text, "title=\"x\" ", 10, false)),
            )
            .await
            .unwrap();
        let l = labels(&r);
        assert!(l.iter().any(|x| x == "defaultOpen"), "{l:?}");
        assert!(
            !l.iter().any(|x| x == "title"),
            "title is written already: {l:?}"
        );

        let hover = h
            .request(
                "textDocument/hover",
                at(&uri, find_pos(text, "<Accordion", 3, false)),
            )
            .await
            .unwrap();
        let md = hover["contents"]["value"].as_str().unwrap_or("");
        assert!(
            md.contains("**<Accordion>**") && md.contains("`title`"),
            "{hover:#}"
        );
        h.shutdown().await;
    });
}

/// The page's imports through the protocol: go to definition on an import's
/// source opens the file (relative or root-absolute, extension left out),
/// and `<Ca` lists `Card` and `Callout` before an imported `Cascade`.
#[test]
fn import_sources_and_component_ranking() {
    run(async {
        let site = copy_site("examples/site");
        std::fs::create_dir_all(site.path().join("snippets")).unwrap();
        std::fs::write(
            site.path().join("snippets/cascade.mdx"),
            "export const Cascade = () => <div />;\n",
        )
        .unwrap();
        std::fs::write(site.path().join("guides/note.mdx"), "A note.\n").unwrap();
        let h = Harness::start(site.path(), json!({}), caps(false)).await;
        let text = "---\ntitle: Imports\n---\nimport { Cascade } from '/snippets/cascade'\nimport Note from './note.mdx'\n\n<Ca\n";
        let uri = h.open("guides/imports.mdx", text).await;
        h.wait_current_diagnostics(&uri).await;

        for (needle, file) in [
            ("/snippets/cas", "snippets/cascade.mdx"),
            ("./no", "guides/note.mdx"),
        ] {
            let r = h
                .request(
                    "textDocument/definition",
                    at(&uri, find_pos(text, needle, needle.len(), false)),
                )
                .await
                .unwrap();
            let got = r[0]["uri"].as_str().or(r["uri"].as_str()).unwrap_or("");
            assert_eq!(got, h.uri(file), "{needle}: {r:#}");
        }

        let r = h
            .request(
                "textDocument/completion",
                at(&uri, find_pos(text, "<Ca\n", 3, false)),
            )
            .await
            .unwrap();
        let mut items = r["items"]
            .as_array()
            .or(r.as_array())
            .cloned()
            .unwrap_or_default();
        // As editors order them: by sort text, then label.
        items.sort_by_key(|i| {
            (
                i["sortText"].as_str().unwrap_or("").to_string(),
                i["label"].as_str().unwrap_or("").to_string(),
            )
        });
        let order: Vec<&str> = items.iter().filter_map(|i| i["label"].as_str()).collect();
        let at_ = |n: &str| order.iter().position(|l| *l == n).unwrap_or(usize::MAX);
        assert!(
            at_("Callout") < at_("Cascade") && at_("Card") < at_("Cascade"),
            "{order:?}"
        );
        h.shutdown().await;
    });
}
