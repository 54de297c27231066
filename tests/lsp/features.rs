//! Completion, hover, definition and symbols through the protocol, on the
//! example site.

use crate::harness::*;
use serde_json::{Value, json};

async fn setup() -> (tempfile::TempDir, Harness, String, String) {
    let site = copy_site("examples/site");
    let h = Harness::start(site.path(), json!({}), caps(false)).await;
    let text = std::fs::read_to_string(h.path("docs.json")).unwrap();
    let uri = h.open("docs.json", &text).await;
    h.wait_current_diagnostics(&uri).await;
    (site, h, uri, text)
}

/// A request about a whole document (symbols, links, folding).
async fn of_document(h: &Harness, method: &str, uri: &str) -> Value {
    h.request(method, json!({"textDocument": {"uri": uri}}))
        .await
        .unwrap()
}

/// The document's links include one to the quickstart page.
async fn links_to_quickstart(h: &Harness, uri: &str) {
    let links = of_document(h, "textDocument/documentLink", uri).await;
    let to = h.uri("guides/quickstart.mdx");
    let found = links.as_array().unwrap().iter().any(|l| l["target"] == to);
    assert!(found, "{links:#}");
}

fn at(uri: &str, p: Value) -> Value {
    json!({"textDocument": {"uri": uri}, "position": p})
}

#[test]
fn completion_in_pages_lists_unlisted_pages_first_and_endpoints() {
    run(async {
        let (_site, h, uri, text) = setup().await;
        let p = find_pos(&text, "\"api/overview\"", 1, false);
        let r = h
            .request("textDocument/completion", at(&uri, p))
            .await
            .unwrap();
        let mut items = r["items"].as_array().cloned().unwrap_or_default();
        items.sort_by_key(|i| {
            i["sortText"]
                .as_str()
                .or(i["label"].as_str())
                .unwrap_or("")
                .to_string()
        });
        let labels: Vec<&str> = items.iter().filter_map(|i| i["label"].as_str()).collect();
        let idx = |l: &str| labels.iter().position(|x| *x == l);
        let installation = idx("guides/installation").unwrap_or_else(|| panic!("{labels:?}"));
        let index = idx("index").unwrap_or_else(|| panic!("{labels:?}"));
        assert!(installation < index, "unlisted first: {labels:?}");
        assert!(
            labels.iter().any(|l| l.starts_with("GET /pets")),
            "endpoints: {labels:?}"
        );
        // Completion edits replace the string's content.
        let edit = &items[installation]["textEdit"];
        assert!(edit["range"]["start"]["line"].is_u64(), "{edit:#}");
        h.shutdown().await;
    });
}

#[test]
fn hover_definition_and_symbols() {
    run(async {
        let (_site, h, uri, text) = setup().await;
        let p = find_pos(&text, "guides/quickstart", 3, false);
        let hover = h
            .request("textDocument/hover", at(&uri, p.clone()))
            .await
            .unwrap();
        let md = hover["contents"]["value"].as_str().unwrap_or("");
        assert!(md.contains("Quickstart"), "{hover:#}");

        let def = h
            .request("textDocument/definition", at(&uri, p))
            .await
            .unwrap();
        let loc = &def[0];
        assert_eq!(loc["uri"], h.uri("guides/quickstart.mdx"), "{def:#}");

        let syms = of_document(&h, "textDocument/documentSymbol", &uri).await;
        let mut names = Vec::new();
        fn walk(v: &Value, out: &mut Vec<String>) {
            for s in v.as_array().into_iter().flatten() {
                out.push(s["name"].as_str().unwrap_or("").to_string());
                walk(&s["children"], out);
            }
        }
        walk(&syms, &mut names);
        for want in ["Guides", "Get started", "API reference", "Pets"] {
            assert!(
                names.iter().any(|n| n.contains(want)),
                "{want} in {names:?}"
            );
        }

        let ws = h
            .request("workspace/symbol", json!({"query": "Quickstart"}))
            .await
            .unwrap();
        let found = ws.as_array().unwrap();
        assert!(
            found
                .iter()
                .any(|s| s["location"]["uri"] == h.uri("guides/quickstart.mdx")),
            "{ws:#}"
        );

        links_to_quickstart(&h, &uri).await;
        let folds = of_document(&h, "textDocument/foldingRange", &uri).await;
        assert!(folds.as_array().unwrap().len() >= 5, "{folds:#}");
        h.shutdown().await;
    });
}

/// While docs.json does not parse (a key half typed), the outline, the
/// links, hover and completion answer from the tree recovered from the
/// text, through the server.
#[test]
fn a_half_typed_key_keeps_outline_links_hover_and_completion() {
    run(async {
        let (_site, h, uri, text) = setup().await;
        let at_pages = text.find("\"pages\"").unwrap();
        let typed = format!("{}\"ic\" {}", &text[..at_pages], &text[at_pages..]);
        h.change(&uri, vec![json!({"text": typed})]).await;
        let diags = h.wait_current_diagnostics(&uri).await;
        assert!(
            diags
                .iter()
                .any(|d| d["severity"] == 1 && d["source"] == "docs-lsp"),
            "the syntax error: {diags:#?}"
        );
        let syms = of_document(&h, "textDocument/documentSymbol", &uri).await;
        let names = syms.to_string();
        for want in ["Guides", "Get started", "guides/quickstart", "Pets"] {
            assert!(names.contains(want), "{want} in {syms:#}");
        }
        links_to_quickstart(&h, &uri).await;
        let p = find_pos(&typed, "guides/quickstart", 3, false);
        let hover = h.request("textDocument/hover", at(&uri, p)).await.unwrap();
        let md = hover["contents"]["value"].as_str().unwrap_or("");
        assert!(md.contains("Quickstart"), "{hover:#}");
        let p = find_pos(&typed, "\"api/overview\"", 1, false);
        let r = h
            .request("textDocument/completion", at(&uri, p))
            .await
            .unwrap();
        let labels = r["items"].to_string();
        assert!(labels.contains("guides/installation"), "{r:#}");
        h.shutdown().await;
    });
}

/// Moving a page can add a `redirects` entry from its old path, so that
/// links from outside keep working: `docsLsp.links.addRedirectOnMove`
/// "always" puts it in the willRenameFiles edit, "ask" asks once the move
/// is done and applies it if the user agrees, "never" does neither.
#[test]
fn a_moved_page_gets_a_redirect_as_the_setting_says() {
    run(async {
        let redirect =
            "{ \"source\": \"/guides/quickstart\", \"destination\": \"/guides/getting-started\" }";
        for (setting, choose) in [("always", ""), ("ask", "Add redirects"), ("never", "")] {
            let site = copy_site("examples/site");
            let settings = json!({
                "links": {"addRedirectOnMove": setting},
                "harness": {"choose": choose},
            });
            let h = Harness::start(site.path(), settings, caps(false)).await;
            let params_again = || {
                json!({"files": [{
                    "oldUri": h.uri("guides/quickstart.mdx"),
                    "newUri": h.uri("guides/getting-started.mdx"),
                }]})
            };
            let params = params_again();
            let edit = h
                .request("workspace/willRenameFiles", params)
                .await
                .expect("willRenameFiles");
            let text = edit.to_string();
            assert!(
                text.contains("guides/getting-started"),
                "{setting}: {edit:#}"
            );
            assert_eq!(
                text.contains("\\\"source\\\": \\\"/guides/quickstart\\\""),
                setting == "always",
                "{setting}: {edit:#}"
            );
            if setting == "ask" {
                // Asked once the move is made, not when it is announced.
                std::fs::rename(
                    h.path("guides/quickstart.mdx"),
                    h.path("guides/getting-started.mdx"),
                )
                .unwrap();
                h.notify("workspace/didRenameFiles", params_again()).await;
                let applied = h
                    .wait_for("the redirect applied after the question", |s| {
                        s.server_requests
                            .iter()
                            .find(|(m, _)| m == "workspace/applyEdit")
                            .map(|(_, p)| p.clone())
                    })
                    .await;
                let asked = h.server_requests("window/showMessageRequest");
                assert_eq!(asked.len(), 1, "{asked:#?}");
                let edits = &applied["edit"]["changes"][h.uri("docs.json")];
                assert!(
                    edits.to_string().contains(&redirect.replace('"', "\\\"")),
                    "{applied:#}"
                );
            } else {
                assert!(h.server_requests("window/showMessageRequest").is_empty());
            }
            h.shutdown().await;
        }
    });
}

/// A client that applies a rename's file operation itself (as Neovim and
/// VS Code do), in the given redirect mode.
async fn start_renaming_client(site: &std::path::Path, setting: &str, choose: &str) -> Harness {
    let mut caps = caps(false);
    caps.workspace.get_or_insert_default().workspace_edit = Some(
        serde_json::from_value(json!({
            "documentChanges": true,
            "resourceOperations": ["create", "rename", "delete"],
        }))
        .unwrap(),
    );
    let settings = json!({
        "links": {"addRedirectOnMove": setting},
        "harness": {"choose": choose},
    });
    Harness::start(site, settings, caps).await
}

/// Opens docs.json and renames its `guides/quickstart` entry to
/// `guides/getting-started`: (its URI, its text, the rename's edit).
async fn open_and_rename_quickstart(h: &Harness) -> (String, String, Value) {
    let text = std::fs::read_to_string(h.path("docs.json")).unwrap();
    let uri = h.open("docs.json", &text).await;
    h.wait_current_diagnostics(&uri).await;
    let edit = h
        .request(
            "textDocument/rename",
            json!({
                "textDocument": {"uri": uri},
                "position": find_pos(&text, "guides/quickstart", 3, false),
                "newName": "guides/getting-started",
            }),
        )
        .await
        .expect("rename");
    (uri, text, edit)
}

/// Renaming a page through its navigation entry, in an editor that applies
/// the move and reports it by no event (core Neovim sends neither file-watch
/// events nor `didRenameFiles`): the server sees the move on disk, so no
/// `missing-page` stays for the new path, and the redirect is offered then.
#[test]
fn renaming_an_entry_moves_the_page_with_no_event_from_the_client() {
    run(async {
        let site = copy_site("examples/site");
        let h = start_renaming_client(site.path(), "ask", "Add redirects").await;
        let (uri, text, edit) = open_and_rename_quickstart(&h).await;
        let ops = edit["documentChanges"]
            .as_array()
            .expect("document changes");
        assert!(
            ops.iter().any(
                |o| o["kind"] == "rename" && o["newUri"] == h.uri("guides/getting-started.mdx")
            ),
            "{edit:#}"
        );
        assert!(
            !edit.to_string().contains("\\\"source\\\""),
            "ask mode puts no redirect in the rename: {edit:#}"
        );
        // Applied as core Neovim applies it: the buffer edited, the file
        // moved on disk, and nothing said about the move.
        let renamed = text.replacen("guides/quickstart", "guides/getting-started", 1);
        h.change(&uri, vec![json!({"text": renamed})]).await;
        let diags = h.wait_current_diagnostics(&uri).await;
        assert!(
            diags.iter().any(|d| d["code"] == "missing-page"
                && d["message"].to_string().contains("getting-started")),
            "before the move the new path is missing: {diags:#?}"
        );
        std::fs::rename(
            h.path("guides/quickstart.mdx"),
            h.path("guides/getting-started.mdx"),
        )
        .unwrap();
        h.wait_diagnostics(&uri, |d, _| {
            !d.iter()
                .any(|d| d["message"].to_string().contains("getting-started"))
        })
        .await;
        let applied = h
            .wait_for("the redirect offered once the move is seen", |s| {
                s.server_requests
                    .iter()
                    .find(|(m, _)| m == "workspace/applyEdit")
                    .map(|(_, p)| p.clone())
            })
            .await;
        assert!(
            applied.to_string().contains("/guides/getting-started"),
            "{applied:#}"
        );
        // Opening the moved page keeps the entry resolved.
        h.open_disk("guides/getting-started.mdx").await;
        let v = h.change(&uri, vec![json!({"text": renamed.clone()})]).await;
        let diags = h
            .wait_diagnostics(&uri, |_, pv| pv == Some(i64::from(v)))
            .await;
        assert!(
            !diags
                .iter()
                .any(|d| d["message"].to_string().contains("getting-started")),
            "{diags:#?}"
        );
        h.shutdown().await;
    });
}

/// "always": the redirect comes with the rename's own edit.
#[test]
fn renaming_an_entry_with_redirects_always_puts_the_redirect_in_the_edit() {
    run(async {
        let site = copy_site("examples/site");
        let h = start_renaming_client(site.path(), "always", "").await;
        let (_, _, edit) = open_and_rename_quickstart(&h).await;
        let s = edit.to_string();
        assert!(
            s.contains("/guides/quickstart") && s.contains("destination"),
            "{edit:#}"
        );
        h.shutdown().await;
    });
}

/// A move announced by `willRenameFiles` and then not made is never offered
/// a redirect (answering "Add redirects" would point at no page); a move
/// announced and made is.
#[test]
fn no_redirect_is_offered_for_a_move_that_did_not_happen() {
    run(async {
        let site = copy_site("examples/site");
        let h = start_renaming_client(site.path(), "ask", "Add redirects").await;
        let announce =
            |old: &str, new: &str| json!({"files": [{"oldUri": h.uri(old), "newUri": h.uri(new)}]});
        // Announced, not made.
        h.request(
            "workspace/willRenameFiles",
            announce("guides/quickstart.mdx", "guides/start.mdx"),
        )
        .await
        .expect("willRenameFiles");
        // Announced and made.
        h.request(
            "workspace/willRenameFiles",
            announce("guides/installation.mdx", "guides/install.mdx"),
        )
        .await
        .expect("willRenameFiles");
        std::fs::rename(
            h.path("guides/installation.mdx"),
            h.path("guides/install.mdx"),
        )
        .unwrap();
        h.notify(
            "workspace/didRenameFiles",
            announce("guides/installation.mdx", "guides/install.mdx"),
        )
        .await;
        h.wait_for("the redirect for the move made", |s| {
            s.server_requests
                .iter()
                .any(|(m, _)| m == "workspace/applyEdit")
                .then_some(())
        })
        .await;
        let asked = h.server_requests("window/showMessageRequest");
        assert_eq!(asked.len(), 1, "{asked:#?}");
        let question = asked[0].to_string();
        assert!(question.contains("/guides/install"), "{question}");
        assert!(!question.contains("/guides/start"), "{question}");
        h.shutdown().await;
    });
}

/// References from a navigation entry: the entries and every link to the
/// page, as from the page itself.
#[test]
fn references_from_a_navigation_entry_include_links_to_the_page() {
    run(async {
        let site = copy_site("examples/site");
        let install = site.path().join("guides/installation.mdx");
        let mut body = std::fs::read_to_string(&install).unwrap();
        body.push_str("\nThen read [the quickstart](/guides/quickstart).\n");
        std::fs::write(&install, body).unwrap();
        let h = Harness::start(site.path(), json!({}), caps(false)).await;
        let text = std::fs::read_to_string(h.path("docs.json")).unwrap();
        let uri = h.open("docs.json", &text).await;
        h.wait_current_diagnostics(&uri).await;
        let refs = |p: Value, u: String| {
            let h = &h;
            async move {
                let r = h
                    .request(
                        "textDocument/references",
                        json!({
                            "textDocument": {"uri": u},
                            "position": p,
                            "context": {"includeDeclaration": true},
                        }),
                    )
                    .await
                    .unwrap();
                let mut v: Vec<String> = r
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|l| format!("{} {}", l["uri"], l["range"]["start"]["line"]))
                    .collect();
                v.sort();
                v
            }
        };
        let from_entry = refs(find_pos(&text, "guides/quickstart", 3, false), uri.clone()).await;
        assert!(
            from_entry
                .iter()
                .any(|l| l.contains("guides/installation.mdx")),
            "{from_entry:#?}"
        );
        let page = h.open_disk("guides/quickstart.mdx").await;
        let from_page = refs(pos(0, 0), page).await;
        assert_eq!(from_entry, from_page);
        h.shutdown().await;
    });
}

/// A setting of the wrong type is named in the client's log (never its
/// value: it may be a key) and left at its default; the others apply.
#[test]
fn a_wrong_setting_is_logged_by_name_and_the_rest_apply() {
    run(async {
        let site = copy_site("examples/site");
        let settings = json!({
            "links": {"addRedirectOnMove": "always"},
            "diagnostics": {"debounceMs": "soon"},
            "assistant": {"apiKey": {"value": "sk-never-logged"}},
        });
        let h = start_renaming_client(site.path(), "", "").await;
        h.notify(
            "workspace/didChangeConfiguration",
            json!({"settings": {"docsLsp": settings}}),
        )
        .await;
        // The key's line is the last of the ignored settings' lines.
        let logged = h
            .wait_notification("window/logMessage", |p| {
                p["message"]
                    .as_str()
                    .is_some_and(|m| m.contains("docsLsp.assistant.apiKey"))
            })
            .await;
        assert!(!h.raw_text().contains("sk-never-logged"), "{logged:#}");
        assert!(
            h.notifications("window/logMessage")
                .iter()
                .any(|p| p.to_string().contains("docsLsp.diagnostics.debounceMs")),
            "the wrong debounce setting is named"
        );
        // "always" still applies: the redirect comes with the rename.
        let (_, _, edit) = open_and_rename_quickstart(&h).await;
        assert!(edit.to_string().contains("destination"), "{edit:#}");
        h.shutdown().await;
    });
}

/// Front matter values through the protocol: `mode:` offers the documented
/// layouts with their documentation, and an enum inside a nested mapping
/// (`icon:` then `style:`) offers its values.
#[test]
fn front_matter_mode_and_nested_enum_values() {
    run(async {
        let site = copy_site("examples/site");
        let h = Harness::start(site.path(), json!({}), caps(false)).await;
        let text = "---\ntitle: Modes\nmode: \nicon:\n  name: rocket\n  style: \n---\n# Modes\n";
        let uri = h.open("guides/modes.mdx", text).await;
        h.wait_current_diagnostics(&uri).await;
        let items = |r: &Value| {
            r["items"]
                .as_array()
                .or(r.as_array())
                .cloned()
                .unwrap_or_default()
        };

        let r = h
            .request(
                "textDocument/completion",
                at(&uri, find_pos(text, "mode: ", 6, false)),
            )
            .await
            .unwrap();
        let wide = items(&r)
            .into_iter()
            .find(|i| i["label"] == "wide")
            .unwrap_or_else(|| panic!("{r:#}"));
        let doc = wide["documentation"]["value"]
            .as_str()
            .or(wide["documentation"].as_str())
            .unwrap_or("");
        assert!(doc.contains("hides the side panel"), "{wide:#}");

        let r = h
            .request(
                "textDocument/completion",
                at(&uri, find_pos(text, "style: ", 7, false)),
            )
            .await
            .unwrap();
        let labels: Vec<String> = items(&r)
            .iter()
            .filter_map(|i| i["label"].as_str().map(str::to_string))
            .collect();
        assert!(
            labels.iter().any(|l| l == "solid") && labels.iter().any(|l| l == "duotone"),
            "{labels:?}"
        );
        h.shutdown().await;
    });
}

/// Icon names through the protocol, from the library docs.json sets
/// (`icons.library: lucide`): in docs.json `icon` keys, in front matter
/// `icon:`, and in a component's `icon="`; the answer is capped and marked
/// incomplete while little is typed.
#[test]
fn icon_names_from_the_site_library() {
    run(async {
        let dir = tempfile::tempdir().unwrap();
        let docs = r##"{"name": "x", "theme": "mint", "colors": {"primary": "#112233"},
 "icons": {"library": "lucide"},
 "navigation": {"groups": [{"group": "A", "icon": "rock", "pages": ["index"]}]}}"##;
        std::fs::write(dir.path().join("docs.json"), docs).unwrap();
        let page = "---\ntitle: Home\nicon: \n---\n\n<Card title=\"A\" icon=\"rock\">\n</Card>\n";
        std::fs::write(dir.path().join("index.mdx"), page).unwrap();
        let h = Harness::start(dir.path(), json!({}), caps(false)).await;
        let docs_uri = h.open("docs.json", docs).await;
        h.wait_current_diagnostics(&docs_uri).await;
        let page_uri = h.open("index.mdx", page).await;
        h.wait_current_diagnostics(&page_uri).await;

        let complete = |uri: String, p: Value| {
            let h = &h;
            async move {
                h.request("textDocument/completion", at(&uri, p))
                    .await
                    .unwrap()
            }
        };
        let labels = |r: &Value| -> Vec<String> {
            r["items"]
                .as_array()
                .or(r.as_array())
                .into_iter()
                .flatten()
                .filter_map(|i| i["label"].as_str().map(str::to_string))
                .collect()
        };
        let r = complete(docs_uri.clone(), find_pos(docs, "\"rock\"", 5, false)).await;
        assert!(labels(&r).contains(&"rocket".to_string()), "{r:#}");
        let r = complete(page_uri.clone(), find_pos(page, "icon=\"rock", 10, false)).await;
        assert!(labels(&r).contains(&"rocket".to_string()), "{r:#}");
        let r = complete(page_uri.clone(), find_pos(page, "icon: ", 6, false)).await;
        assert_eq!(labels(&r).len(), 100, "{r:#}");
        assert_eq!(r["isIncomplete"], true, "{r:#}");
        h.shutdown().await;
    });
}
