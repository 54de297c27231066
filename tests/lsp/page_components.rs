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
