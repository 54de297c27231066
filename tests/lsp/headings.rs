//! Around headings, through the protocol: renaming a heading rewrites the
//! links to it across the site, inlay hints (page titles in docs.json,
//! heading ids in pages, each turned off by its setting), the inbound-links
//! code lens and the command listing them.

use crate::harness::*;
use serde_json::{Value, json};
use std::collections::BTreeMap;

const SITE: &str = "tests/fixtures/headings/site";

/// Byte offset of an LSP position (UTF-16 columns) in `text`.
fn offset(text: &str, p: &Value) -> usize {
    let line = p["line"].as_u64().unwrap() as usize;
    let col = p["character"].as_u64().unwrap() as usize;
    let start: usize = text.split_inclusive('\n').take(line).map(str::len).sum();
    let mut units = 0;
    for (i, c) in text[start..].char_indices() {
        if units >= col {
            return start + i;
        }
        units += c.len_utf16();
    }
    text.len()
}

/// Every file a `WorkspaceEdit` (`changes` form) touches, with its edits
/// applied to the text on disk.
fn applied(h: &Harness, edit: &Value) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for (uri, edits) in edit["changes"].as_object().expect("changes") {
        let rel = [
            "docs.json",
            "index.mdx",
            "guides/setup.mdx",
            "guides/faq.mdx",
            "snippets/tip.mdx",
        ]
        .into_iter()
        .find(|r| h.uri(r) == *uri)
        .unwrap_or_else(|| panic!("an edit outside the site: {uri}"));
        let mut text = std::fs::read_to_string(h.path(rel)).unwrap();
        let mut edits: Vec<(usize, usize, String)> = edits
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                (
                    offset(&text, &e["range"]["start"]),
                    offset(&text, &e["range"]["end"]),
                    e["newText"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        edits.sort_by_key(|e| std::cmp::Reverse(e.0));
        for (s, e, t) in edits {
            text.replace_range(s..e, &t);
        }
        out.insert(rel.to_string(), text);
    }
    out
}

#[test]
fn renaming_a_heading_rewrites_every_link_to_it() {
    run(async {
        let site = copy_site(SITE);
        let h = Harness::start(site.path(), json!({}), caps(false)).await;
        let text = std::fs::read_to_string(h.path("guides/setup.mdx")).unwrap();
        let uri = h.open("guides/setup.mdx", &text).await;
        h.wait_current_diagnostics(&uri).await;
        let at = find_pos(&text, "## Install", 5, false);
        let prepared = h
            .request(
                "textDocument/prepareRename",
                json!({"textDocument": {"uri": uri}, "position": at}),
            )
            .await
            .unwrap();
        assert_eq!(prepared["placeholder"], "Install", "{prepared:#}");
        assert_eq!(
            prepared["range"]["start"],
            find_pos(&text, "Install", 0, false)
        );
        let edit = h
            .request(
                "textDocument/rename",
                json!({"textDocument": {"uri": uri}, "position": at, "newName": "Get the CLI"}),
            )
            .await
            .unwrap();
        let files = applied(&h, &edit);
        let setup = &files["guides/setup.mdx"];
        assert!(setup.contains("## Get the CLI\n"), "{setup}");
        // The second `Install` was `install-2`; with no duplicate left it is
        // `install`, and the link to it follows.
        assert!(setup.ends_with("## Install\n"), "{setup}");
        let faq = &files["guides/faq.mdx"];
        assert!(
            faq.contains(
                "[installing](setup#get-the-cli) or [the second install](/guides/setup#install)"
            ),
            "{faq}"
        );
        let index = &files["index.mdx"];
        assert_eq!(
            index.matches("/guides/setup#get-the-cli").count(),
            2,
            "{index}"
        );
        assert!(files["snippets/tip.mdx"].contains("/guides/setup#get-the-cli"));
        assert!(files["docs.json"].contains("\"href\": \"/guides/setup#get-the-cli\""));
        // Not a heading: a page body's text is not renameable.
        let body = find_pos(&text, "Run the installer", 2, false);
        let none = h
            .request(
                "textDocument/prepareRename",
                json!({"textDocument": {"uri": uri}, "position": body}),
            )
            .await
            .unwrap();
        assert_eq!(none, Value::Null);
        // A new text without a letter or digit is refused with the reason.
        let refused = h
            .request(
                "textDocument/rename",
                json!({"textDocument": {"uri": uri}, "position": at, "newName": "???"}),
            )
            .await
            .unwrap_err();
        assert!(
            refused["message"].as_str().unwrap().contains("no id"),
            "{refused:#}"
        );
        h.shutdown().await;
    });
}

fn labels(hints: &Value) -> Vec<String> {
    hints
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["label"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn inlay_hints_and_their_settings() {
    run(async {
        let site = copy_site(SITE);
        for (settings, want_ids, want_titles) in [
            (
                json!({}),
                vec!["#whats-new", "#install-2"],
                vec!["Welcome", "Setup", "Frequently asked"],
            ),
            (
                json!({"inlayHints": {"headingIds": false}}),
                vec![],
                vec!["Welcome", "Setup", "Frequently asked"],
            ),
            (
                json!({"inlayHints": {"pageTitles": false}}),
                vec!["#whats-new", "#install-2"],
                vec![],
            ),
        ] {
            let h = Harness::start(site.path(), settings.clone(), caps(false)).await;
            let page = h.open_disk("guides/setup.mdx").await;
            h.wait_current_diagnostics(&page).await;
            let all = range(0, 0, 100, 0);
            let hints = h
                .request(
                    "textDocument/inlayHint",
                    json!({"textDocument": {"uri": page}, "range": all}),
                )
                .await
                .unwrap();
            assert_eq!(labels(&hints), want_ids, "{settings}: {hints:#}");
            if let Some(first) = hints.as_array().unwrap().first() {
                // After the heading's text, on its line.
                assert_eq!(first["position"], pos(9, 14), "{first:#}");
            }
            // Only the asked range: the first heading's lines hold none.
            let top = h
                .request(
                    "textDocument/inlayHint",
                    json!({"textDocument": {"uri": page}, "range": range(0, 0, 6, 0)}),
                )
                .await
                .unwrap();
            assert_eq!(labels(&top), Vec::<String>::new());
            let docs = h.open_disk("docs.json").await;
            h.wait_current_diagnostics(&docs).await;
            let hints = h
                .request(
                    "textDocument/inlayHint",
                    json!({"textDocument": {"uri": docs}, "range": all}),
                )
                .await
                .unwrap();
            assert_eq!(labels(&hints), want_titles, "{settings}: {hints:#}");
            h.shutdown().await;
        }
    });
}

#[test]
fn the_inbound_links_lens_and_its_list() {
    run(async {
        let site = copy_site(SITE);
        let h = Harness::start(site.path(), json!({}), caps(false)).await;
        let page = h.open_disk("guides/setup.mdx").await;
        h.wait_current_diagnostics(&page).await;
        let lenses = h
            .request(
                "textDocument/codeLens",
                json!({"textDocument": {"uri": page}}),
            )
            .await
            .unwrap();
        let lens = &lenses[0];
        // One navigation entry; two links of index.mdx (Markdown and a
        // Card's href), two of the FAQ, one of a snippet. Its own link to
        // `#whats-new` is not inbound; docs.json's navbar href is no entry.
        assert_eq!(lens["command"]["title"], "6 inbound links", "{lenses:#}");
        assert_eq!(lens["command"]["command"], "docsLsp.showReferences");
        assert_eq!(lens["command"]["arguments"][0], page);
        assert_eq!(lens["range"]["start"], pos(0, 0));
        let places = h
            .request(
                "workspace/executeCommand",
                json!({"command": "docsLsp.inboundLinks", "arguments": [page]}),
            )
            .await
            .unwrap();
        let mut files: Vec<String> = places
            .as_array()
            .unwrap()
            .iter()
            .map(|l| {
                l["uri"]
                    .as_str()
                    .unwrap()
                    .rsplit('/')
                    .next()
                    .unwrap()
                    .to_string()
            })
            .collect();
        files.sort();
        assert_eq!(
            files,
            [
                "docs.json",
                "faq.mdx",
                "faq.mdx",
                "index.mdx",
                "index.mdx",
                "tip.mdx"
            ],
            "{places:#}"
        );
        // A docs.json has no lens; a file of no site neither.
        let docs = h.open_disk("docs.json").await;
        let none = h
            .request(
                "textDocument/codeLens",
                json!({"textDocument": {"uri": docs}}),
            )
            .await
            .unwrap();
        assert_eq!(none, json!([]));
        h.shutdown().await;
    });
}
