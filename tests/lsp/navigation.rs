//! `docsLsp/navigation` through the protocol: the sidebar of the site a
//! document is in, one scope open and the rest as a skeleton, with docs.json
//! ranges, following edits.

use crate::harness::*;
use serde_json::{Value, json};

/// The first node (depth first) with this kind and label.
fn find<'a>(nodes: &'a Value, kind: &str, label: &str) -> Option<&'a Value> {
    nodes.as_array()?.iter().find_map(|n| {
        if n["kind"] == kind && n["label"] == label {
            Some(n)
        } else {
            find(&n["children"], kind, label)
        }
    })
}

#[test]
fn navigation_answers_one_scope_and_the_skeleton_and_follows_edits() {
    run(async {
        let site = copy_site("tests/fixtures/nav/sidebar");
        let h = Harness::start(site.path(), json!({}), caps(false)).await;
        let text = std::fs::read_to_string(h.path("docs.json")).unwrap();
        let uri = h.open("docs.json", &text).await;
        h.wait_current_diagnostics(&uri).await;
        let ask = json!({"uri": uri, "language": "en", "version": "v2"});
        let r = h.request("docsLsp/navigation", ask.clone()).await.unwrap();
        let nav = &r["navigation"];
        assert_eq!(
            r["scope"],
            json!({"language": "en", "version": "v2"}),
            "{r:#}"
        );
        // The scope asked for is open; the rest of the site is a skeleton:
        // each other language and version with its node count and the
        // scope that opens it, and no children.
        let fr = find(nav, "language", "fr").unwrap_or_else(|| panic!("{r:#}"));
        assert_eq!(
            (&fr["elided"], &fr["count"], &fr["scope"], &fr["children"]),
            (
                &json!(true),
                &json!(7),
                &json!({"language": "fr"}),
                &Value::Null
            ),
            "{r:#}"
        );
        let v1 = find(nav, "version", "v1").unwrap_or_else(|| panic!("{r:#}"));
        assert_eq!(
            (&v1["elided"], &v1["count"], &v1["scope"]),
            (
                &json!(true),
                &json!(2),
                &json!({"language": "en", "version": "v1"})
            ),
            "{r:#}"
        );
        let en = find(nav, "language", "en").unwrap_or_else(|| panic!("{r:#}"));
        assert_eq!((&en["elided"], &en["count"]), (&Value::Null, &json!(23)));
        assert!(find(nav, "page", "Old home").is_none(), "{r:#}");
        let page = find(nav, "page", "Quickstart").unwrap_or_else(|| panic!("{r:#}"));
        assert_eq!(page["pageUri"], h.uri("en/v2/quickstart.mdx"));
        // Its range is the entry's string in docs.json.
        let start = find_pos(&text, "\"en/v2/quickstart\"", 0, false);
        let end = find_pos(&text, "\"en/v2/quickstart\"", 18, false);
        assert_eq!(page["source"]["uri"], uri);
        assert_eq!(page["source"]["range"], json!({"start": start, "end": end}));
        let hidden = find(nav, "page", "Secret page").unwrap_or_else(|| panic!("{r:#}"));
        assert_eq!(hidden["hidden"], true);
        let generated = find(nav, "endpoint", "Health").unwrap_or_else(|| panic!("{r:#}"));
        assert_eq!(
            (&generated["method"], &generated["generated"]),
            (&json!("GET"), &json!(true))
        );

        // A keystroke renames a group: the next answer has the new name.
        let edited = text.replacen("\"group\": \"Start\"", "\"group\": \"Begin\"", 1);
        h.change(&uri, vec![json!({"text": edited})]).await;
        h.wait_current_diagnostics(&uri).await;
        let r = h.request("docsLsp/navigation", ask).await.unwrap();
        assert!(find(&r["navigation"], "group", "Begin").is_some(), "{r:#}");
        assert!(find(&r["navigation"], "group", "Start").is_none(), "{r:#}");

        // Without a scope: the first language and version, as readers
        // land; a language alone opens its first version.
        let r = h
            .request("docsLsp/navigation", json!({"uri": uri}))
            .await
            .unwrap();
        assert_eq!(
            r["scope"],
            json!({"language": "en", "version": "v2"}),
            "{r:#}"
        );
        let r = h
            .request("docsLsp/navigation", json!({"uri": uri, "language": "fr"}))
            .await
            .unwrap();
        assert_eq!(
            r["scope"],
            json!({"language": "fr", "version": "v2"}),
            "{r:#}"
        );
        assert!(find(&r["navigation"], "page", "Accueil").is_some(), "{r:#}");
        assert!(
            find(&r["navigation"], "page", "Quickstart").is_none(),
            "{r:#}"
        );

        // A file of no site: no answer, not an error.
        let elsewhere = json!({"uri": "file:///nowhere/docs.json"});
        assert_eq!(
            h.request("docsLsp/navigation", elsewhere).await,
            Ok(Value::Null)
        );
        h.shutdown().await;
    });
}

/// The node with this kind and label whose method and path are these.
fn endpoint<'a>(nodes: &'a Value, label: &str, path: &str) -> Option<&'a Value> {
    nodes.as_array()?.iter().find_map(|n| {
        if n["kind"] == "endpoint" && n["label"] == label && n["apiPath"] == path {
            Some(n)
        } else {
            endpoint(&n["children"], label, path)
        }
    })
}

#[test]
fn navigation_shows_links_directories_channels_and_marks_endpoints() {
    run(async {
        let site = copy_site("tests/fixtures/nav/api-pages");
        let h = Harness::start(site.path(), json!({}), caps(false)).await;
        let text = std::fs::read_to_string(h.path("docs.json")).unwrap();
        let uri = h.open("docs.json", &text).await;
        h.wait_current_diagnostics(&uri).await;
        let ask = json!({"uri": uri});
        let r = h.request("docsLsp/navigation", ask.clone()).await.unwrap();
        let nav = &r["navigation"];
        // `global`'s links come first, each with its href.
        assert_eq!(nav[0]["kind"], "global", "{r:#}");
        let blog = find(nav, "anchor", "Blog").unwrap_or_else(|| panic!("{r:#}"));
        assert_eq!(blog["href"], "https://example.com/blog");
        // The directory readers get, where they get it: inherited, then
        // overridden; `none` shows none.
        let start = find(nav, "group", "Start").unwrap_or_else(|| panic!("{r:#}"));
        assert_eq!(start["directory"], "accordion", "{r:#}");
        let cards = find(nav, "group", "Cards").unwrap_or_else(|| panic!("{r:#}"));
        assert_eq!(cards["directory"], "card", "{r:#}");
        let plain = find(nav, "group", "No directory").unwrap_or_else(|| panic!("{r:#}"));
        assert_eq!(plain["directory"], Value::Null, "{r:#}");
        // AsyncAPI channels, generated under the tab that names the spec.
        let chat = find(nav, "channel", "Chat room").unwrap_or_else(|| panic!("{r:#}"));
        assert_eq!(
            (&chat["apiPath"], &chat["generated"]),
            (&json!("chatRoom"), &json!(true))
        );
        // Endpoint entries carry their diagnostics' mark: the repeated
        // `GET /users` a warning; `POST /users/{id}` none.
        let listed = find(nav, "group", "Listed").unwrap_or_else(|| panic!("{r:#}"));
        let users = endpoint(&listed["children"], "List users", "/users").unwrap();
        assert_eq!(users["mark"], "warning", "{r:#}");
        let update = endpoint(&listed["children"], "Update user page", "/users/{id}").unwrap();
        assert_eq!(update["mark"], Value::Null, "{r:#}");

        // A keystroke names an operation the spec lacks: that entry is
        // marked as an error; fixed, the mark goes.
        let broken = text.replacen("\"POST /users/{id}\"", "\"POST /users/{nope}\"", 1);
        h.change(&uri, vec![json!({"text": broken})]).await;
        h.wait_current_diagnostics(&uri).await;
        let r = h.request("docsLsp/navigation", ask.clone()).await.unwrap();
        let listed = find(&r["navigation"], "group", "Listed").unwrap_or_else(|| panic!("{r:#}"));
        let nope = endpoint(&listed["children"], "POST /users/{nope}", "/users/{nope}")
            .unwrap_or_else(|| panic!("{r:#}"));
        assert_eq!(nope["mark"], "error", "{r:#}");
        h.change(&uri, vec![json!({"text": text})]).await;
        h.wait_current_diagnostics(&uri).await;
        let r = h.request("docsLsp/navigation", ask).await.unwrap();
        let listed = find(&r["navigation"], "group", "Listed").unwrap_or_else(|| panic!("{r:#}"));
        let update = endpoint(&listed["children"], "Update user page", "/users/{id}").unwrap();
        assert_eq!(update["mark"], Value::Null, "{r:#}");
        h.shutdown().await;
    });
}
