//! `docsLsp.since`: the `url-removed` diagnostics in docs.json, their quick
//! fixes, and the setting changed while the server runs.

use crate::harness::*;
use crate::support::git::git;
use serde_json::{Value, json};

const DOCS: &str = "{\n  \"theme\": \"mint\",\n  \"name\": \"T\",\n  \"colors\": { \"primary\": \"#0D9373\" },\n  \"navigation\": { \"pages\": [\"index\", \"guides/b\"] }\n}\n";

/// A repository whose commit tagged `base` had pages `a` and `b`; in the
/// work tree `a` is deleted and `b` moved to `guides/b`.
fn repo() -> tempfile::TempDir {
    let t = tempfile::tempdir().unwrap();
    let root = t.path();
    let write = |p: &str, text: &str| {
        let p = root.join(p);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    };
    write("docs.json", &DOCS.replace("guides/b", "b\", \"a"));
    write("index.mdx", "---\ntitle: Home\n---\n\n# Home\n");
    write("a.mdx", "---\ntitle: A\n---\n\nAlpha.\n");
    write("b.mdx", "---\ntitle: B\n---\n\nBeta, a page of its own.\n");
    git(root, &["init", "-q"]);
    git(root, &["add", "-A"]);
    git(root, &["commit", "-q", "-m", "base"]);
    git(root, &["tag", "base"]);
    std::fs::create_dir_all(root.join("guides")).unwrap();
    std::fs::rename(root.join("b.mdx"), root.join("guides/b.mdx")).unwrap();
    std::fs::remove_file(root.join("a.mdx")).unwrap();
    write("docs.json", DOCS);
    t
}

fn of_code<'a>(diags: &'a [Value], code: &str) -> Vec<&'a Value> {
    diags.iter().filter(|d| d["code"] == code).collect()
}

/// `text` with the LSP edits applied (one line each, as the fixes write).
fn apply(text: &str, edits: &[Value]) -> String {
    let offset = |p: &Value| {
        let line = p["line"].as_u64().unwrap() as usize;
        let start: usize = text.split_inclusive('\n').take(line).map(str::len).sum();
        start + p["character"].as_u64().unwrap() as usize
    };
    let mut edits: Vec<(usize, usize, &str)> = edits
        .iter()
        .map(|e| {
            (
                offset(&e["range"]["start"]),
                offset(&e["range"]["end"]),
                e["newText"].as_str().unwrap(),
            )
        })
        .collect();
    edits.sort_by_key(|e| std::cmp::Reverse(e.0));
    let mut out = text.to_string();
    for (s, e, t) in edits {
        out.replace_range(s..e, t);
    }
    out
}

#[test]
fn removed_urls_are_diagnosed_in_docs_json_and_fixed_by_redirects() {
    run(async {
        let site = repo();
        let h = Harness::start(site.path(), json!({"since": "base"}), caps(true)).await;
        let uri = h.open("docs.json", DOCS).await;
        let diags = h
            .wait_diagnostics(&uri, |d, _| of_code(d, "url-removed").len() == 2)
            .await;
        let removed = of_code(&diags, "url-removed");
        let messages: Vec<&str> = removed
            .iter()
            .map(|d| d["message"].as_str().unwrap())
            .collect();
        assert!(
            messages[0].starts_with("`/a` served `a.mdx` at `base`; no page serves it"),
            "{messages:?}"
        );
        assert!(
            messages[1].contains("the page moved to `/guides/b`"),
            "{messages:?}"
        );
        // At the top of docs.json, which has no `redirects`.
        assert_eq!(removed[0]["range"], range(0, 0, 0, 1));
        assert_eq!(removed[0]["severity"], 1);

        let actions = h
            .request(
                "textDocument/codeAction",
                json!({"textDocument": {"uri": uri}, "range": range(0, 0, 0, 0),
                       "context": {"diagnostics": removed}}),
            )
            .await
            .unwrap();
        let titles: Vec<&str> = actions
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|a| a["title"].as_str())
            .collect();
        for t in [
            "Add redirect /a -> /",
            "Add redirect /b -> /guides/b",
            "Add 2 redirects",
        ] {
            assert!(titles.contains(&t), "{t} in {titles:?}");
        }
        let all = actions
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["title"] == "Add 2 redirects")
            .unwrap();
        let edits = all["edit"]["changes"][&uri].as_array().unwrap();
        let fixed = apply(DOCS, edits);
        let v: Value = serde_json::from_str(&fixed).unwrap_or_else(|e| panic!("{e}: {fixed}"));
        assert_eq!(
            v["redirects"],
            json!([{"source": "/a", "destination": "/"}, {"source": "/b", "destination": "/guides/b"}])
        );

        // A keystroke that leaves the redirects and the files as they are
        // reads nothing again: the revision is kept per commit, what stopped
        // working per file set and redirects.
        let site_state = h.world.site_of(&h.path("docs.json")).expect("the site");
        let counts = || {
            use std::sync::atomic::Ordering::SeqCst;
            (
                site_state.since.reads.load(SeqCst),
                site_state.since.compared.load(SeqCst),
            )
        };
        assert_eq!(counts(), (1, 1));
        let renamed = DOCS.replace("\"T\"", "\"Tee\"");
        h.change(&uri, vec![json!({"text": renamed})]).await;
        let diags = h.wait_current_diagnostics(&uri).await;
        assert_eq!(of_code(&diags, "url-removed").len(), 2, "{diags:#?}");
        assert_eq!(counts(), (1, 1));

        // With the redirects written, nothing stops working.
        h.change(&uri, vec![json!({"text": fixed})]).await;
        let diags = h.wait_current_diagnostics(&uri).await;
        assert!(of_code(&diags, "url-removed").is_empty(), "{diags:#?}");
        assert_eq!(counts(), (1, 2));

        // A revision that cannot be read says so, once, in docs.json; an
        // empty setting turns it off.
        h.notify(
            "workspace/didChangeConfiguration",
            json!({"settings": {"docsLsp": {"since": "no-such-branch"}}}),
        )
        .await;
        let diags = h
            .wait_diagnostics(&uri, |d, _| !of_code(d, "since-unavailable").is_empty())
            .await;
        let w = of_code(&diags, "since-unavailable");
        assert!(
            w[0]["message"]
                .as_str()
                .unwrap()
                .contains("cannot resolve revision `no-such-branch`"),
            "{w:#?}"
        );
        assert_eq!(w[0]["severity"], 2);
        h.notify(
            "workspace/didChangeConfiguration",
            json!({"settings": {"docsLsp": {"since": ""}}}),
        )
        .await;
        h.wait_diagnostics(&uri, |d, _| of_code(d, "since-unavailable").is_empty())
            .await;
        h.shutdown().await;
    });
}

/// The diagnostics of `uri`, pulled.
async fn pull(h: &Harness, uri: &str) -> Vec<Value> {
    let params = json!({"textDocument": {"uri": uri}});
    let report = h.request("textDocument/diagnostic", params).await.unwrap();
    report["items"].as_array().cloned().unwrap_or_default()
}

/// A pulling client that names the revision after starting: the next pull
/// has them.
#[test]
fn a_pulling_client_gets_them_once_the_setting_arrives() {
    run(async {
        let site = repo();
        let h = Harness::start(site.path(), json!({}), pulling_caps()).await;
        let uri = h.open("docs.json", DOCS).await;
        assert!(of_code(&pull(&h, &uri).await, "url-removed").is_empty());
        h.notify(
            "workspace/didChangeConfiguration",
            json!({"settings": {"docsLsp": {"since": "base"}}}),
        )
        .await;
        let items = pull(&h, &uri).await;
        assert_eq!(of_code(&items, "url-removed").len(), 2, "{items:#?}");
        h.shutdown().await;
    });
}

/// A wildcard redirect of the revision, dropped since: the URLs it
/// answered are diagnosed with their pattern, and its quick fix restores
/// each; a page its folder's ignore file left out then is no URL it served.
#[test]
fn wildcard_sources_and_folder_ignores_of_the_revision() {
    run(async {
        let t = tempfile::tempdir().unwrap();
        let root = t.path();
        let write = |p: &str, text: &str| {
            let p = root.join(p);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        };
        let with = DOCS.replace(
            "\n}\n",
            ",\n  \"redirects\": [{ \"source\": \"/old/:slug*\", \"destination\": \"/guides/:slug*\" }]\n}\n",
        );
        write("docs.json", &with);
        write("index.mdx", "---\ntitle: Home\n---\n\n# Home\n");
        write("guides/b.mdx", "---\ntitle: B\n---\n\nBeta.\n");
        write("guides/.gitignore", "draft.mdx\n");
        write(
            "guides/draft.mdx",
            "---\ntitle: Draft\n---\n\nNot published.\n",
        );
        git(root, &["init", "-q"]);
        git(root, &["add", "-A", "-f"]);
        git(root, &["commit", "-q", "-m", "base"]);
        git(root, &["tag", "base"]);
        std::fs::remove_file(root.join("guides/draft.mdx")).unwrap();
        write("docs.json", DOCS);
        let h = Harness::start(root, json!({"since": "base"}), caps(true)).await;
        let uri = h.open("docs.json", DOCS).await;
        let diags = h
            .wait_diagnostics(&uri, |d, _| !of_code(d, "url-removed").is_empty())
            .await;
        let removed = of_code(&diags, "url-removed");
        let messages: Vec<&str> = removed
            .iter()
            .map(|d| d["message"].as_str().unwrap())
            .collect();
        assert_eq!(removed.len(), 1, "{messages:#?}");
        assert!(
            messages[0]
                .starts_with("`/old/b` redirected to `/guides/b` through `/old/:slug*` at `base`"),
            "{messages:#?}"
        );
        h.shutdown().await;
    });
}
