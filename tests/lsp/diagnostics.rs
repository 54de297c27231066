use crate::harness::*;
use serde_json::{Value, json};

fn severity(n: &Value) -> &'static str {
    match n.as_i64() {
        Some(1) => "error",
        Some(2) => "warning",
        Some(3) => "information",
        _ => "hint",
    }
}

fn line(rel: &str, d: &Value) -> String {
    let r = &d["range"];
    format!(
        "{rel}:{}:{}-{}:{} {} {} {}",
        r["start"]["line"],
        r["start"]["character"],
        r["end"]["line"],
        r["end"]["character"],
        severity(&d["severity"]),
        d["code"].as_str().unwrap_or(""),
        d["message"].as_str().unwrap_or("")
    )
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// Every fixture site of the checker: what the server pushes after indexing
/// (errors and warnings; hints only go to open documents) is what `check`
/// expects.
#[test]
fn pushed_diagnostics_match_the_checker_fixtures() {
    let base = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/check");
    let mut cases = Vec::new();
    for family in std::fs::read_dir(&base).unwrap() {
        // A family's notes (the platform's verdicts) sit beside its cases.
        for case in std::fs::read_dir(family.unwrap().path()).unwrap() {
            let case = case.unwrap().path();
            if case.is_dir() {
                cases.push(case);
            }
        }
    }
    cases.sort();
    assert!(cases.len() >= 10, "{cases:?}");
    let mut compared = 0;
    for case in cases {
        let rel = case.strip_prefix(env!("CARGO_MANIFEST_DIR")).unwrap();
        let expected: Vec<String> = std::fs::read_to_string(case.join("expected.txt"))
            .unwrap()
            .lines()
            .filter(|l| l.contains(" error ") || l.contains(" warning "))
            .filter(|l| !l.starts_with("exit"))
            .map(String::from)
            .collect();
        compared += expected.len();
        run(async {
            let site = copy_site(rel.to_str().unwrap());
            let h = Harness::start_default(site.path()).await;
            let root_uri = h.uri("");
            let got: Vec<String> = {
                let s = h.state.lock().unwrap();
                s.diagnostics
                    .iter()
                    .flat_map(|(u, p)| {
                        let rel = u.strip_prefix(&root_uri).unwrap_or(u).to_string();
                        let rel = rel.trim_start_matches('/').to_string();
                        p["diagnostics"]
                            .as_array()
                            .unwrap()
                            .iter()
                            .map(|d| line(&rel, d))
                            .collect::<Vec<_>>()
                    })
                    .collect()
            };
            assert_eq!(sorted(got), sorted(expected.clone()), "fixture {rel:?}");
            h.shutdown().await;
        });
    }
    assert!(compared >= 25, "only {compared} expected diagnostics");
}

fn codes(diags: &[Value]) -> Vec<String> {
    diags
        .iter()
        .map(|d| d["code"].as_str().unwrap_or("").to_string())
        .collect()
}

fn has_missing_page(diags: &[Value]) -> bool {
    diags.iter().any(|d| {
        d["code"] == "missing-page" && d["message"].as_str().unwrap().contains("instalation")
    })
}

async fn pull(h: &Harness, uri: &str) -> Vec<Value> {
    let r = h
        .request(
            "textDocument/diagnostic",
            json!({"textDocument": {"uri": uri}}),
        )
        .await
        .expect("pull diagnostics");
    assert_eq!(r["kind"], "full");
    r["items"].as_array().cloned().unwrap_or_default()
}

fn keyed(diags: &[Value]) -> Vec<String> {
    sorted(diags.iter().map(|d| d.to_string()).collect())
}

#[test]
fn push_equals_pull_and_fixes_clear_the_missing_page() {
    run(async {
        let site = copy_site("examples/site");
        let h = Harness::start(
            site.path(),
            json!({"diagnostics": {"debounceMs": 20}}),
            caps(false),
        )
        .await;
        let text = std::fs::read_to_string(h.path("docs.json")).unwrap();
        let uri = h.open("docs.json", &text).await;
        let pushed = h.wait_current_diagnostics(&uri).await;
        assert!(has_missing_page(&pushed), "{:?}", codes(&pushed));
        let missing = pushed.iter().find(|d| d["code"] == "missing-page").unwrap();
        assert_eq!(missing["range"], {
            let p = find_pos(&text, "\"guides/instalation\"", 0, false);
            let e = find_pos(&text, "\"guides/instalation\"", 20, false);
            json!({"start": p, "end": e})
        });
        assert_eq!(
            keyed(&pull(&h, &uri).await),
            keyed(&pushed),
            "pull equals push"
        );

        // Fix the typo in the editor: the diagnostic goes.
        let at = find_pos(&text, "instalation", 4, false);
        h.change(
            &uri,
            vec![json!({"range": {"start": at, "end": at}, "text": "l"})],
        )
        .await;
        let fixed = h.wait_current_diagnostics(&uri).await;
        assert!(!has_missing_page(&fixed), "{:?}", codes(&fixed));
        assert!(!fixed.is_empty(), "the other planted mistakes stay");
        assert_eq!(keyed(&pull(&h, &uri).await), keyed(&fixed));

        // Put it back, then create the page on disk: the file event clears it.
        let end = json!({"line": at["line"], "character": at["character"].as_u64().unwrap() + 1});
        h.change(
            &uri,
            vec![json!({"range": {"start": at, "end": end}, "text": ""})],
        )
        .await;
        let again = h.wait_current_diagnostics(&uri).await;
        assert!(has_missing_page(&again), "{:?}", codes(&again));
        std::fs::write(h.path("guides/instalation.mdx"), "---\ntitle: Typo\n---\n").unwrap();
        h.notify(
            "workspace/didChangeWatchedFiles",
            json!({"changes": [{"uri": h.uri("guides/instalation.mdx"), "type": 1}]}),
        )
        .await;
        let after = h.wait_diagnostics(&uri, |d, _| !has_missing_page(d)).await;
        assert_eq!(keyed(&pull(&h, &uri).await), keyed(&after));
        // And deleting it brings it back.
        std::fs::remove_file(h.path("guides/instalation.mdx")).unwrap();
        h.notify(
            "workspace/didChangeWatchedFiles",
            json!({"changes": [{"uri": h.uri("guides/instalation.mdx"), "type": 3}]}),
        )
        .await;
        h.wait_diagnostics(&uri, |d, _| has_missing_page(d)).await;
        h.shutdown().await;
    });
}

/// A client that pulls gets an open document's diagnostics by pull only (a
/// push too would show every problem twice, as Neovim does with two
/// namespaces), and is asked to pull again when files change on disk.
#[test]
fn pulling_clients_get_no_duplicate_push_and_a_refresh_on_disk_changes() {
    run(async {
        let site = copy_site("examples/site");
        let h = Harness::start(
            site.path(),
            json!({"diagnostics": {"debounceMs": 20}}),
            pulling_caps(),
        )
        .await;
        let offered = &h.init_result["capabilities"]["diagnosticProvider"];
        assert_eq!(offered["interFileDependencies"], true, "{offered:#}");
        let text = std::fs::read_to_string(h.path("docs.json")).unwrap();
        let uri = h.open("docs.json", &text).await;
        let pulled = pull(&h, &uri).await;
        assert!(has_missing_page(&pulled), "{:?}", codes(&pulled));
        // An edit, then a file created on disk: each triggers a publish round.
        let at = find_pos(&text, "\"theme\"", 0, false);
        h.change(
            &uri,
            vec![json!({"range": {"start": at, "end": at}, "text": " "})],
        )
        .await;
        let before = h.server_requests("workspace/diagnostic/refresh").len();
        std::fs::write(h.path("guides/instalation.mdx"), "---\ntitle: Typo\n---\n").unwrap();
        h.notify(
            "workspace/didChangeWatchedFiles",
            json!({"changes": [{"uri": h.uri("guides/instalation.mdx"), "type": 1}]}),
        )
        .await;
        h.wait_for("a diagnostic refresh request", |s| {
            let n = s
                .server_requests
                .iter()
                .filter(|(m, _)| m == "workspace/diagnostic/refresh")
                .count();
            (n > before).then_some(())
        })
        .await;
        assert!(!has_missing_page(&pull(&h, &uri).await));
        // docs.json was pushed while closed (indexing); once open, the only
        // push it gets is the one that empties that set.
        let pushes: Vec<Value> = h
            .notifications("textDocument/publishDiagnostics")
            .into_iter()
            .filter(|p| p["uri"] == uri.as_str())
            .collect();
        let opened_at = pushes
            .iter()
            .position(|p| p["diagnostics"].as_array().is_some_and(|d| d.is_empty()))
            .expect("an emptying push on open");
        assert!(
            pushes[opened_at..]
                .iter()
                .all(|p| p["diagnostics"].as_array().is_some_and(|d| d.is_empty())),
            "docs.json was pushed to a pulling client while open: {pushes:#?}"
        );
        h.shutdown().await;
    });
}

/// A site of `n` pages whose docs.json lists them all plus `missing-one`.
fn big_site(n: usize) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let mut pages = Vec::new();
    for i in 0..n {
        let rel = format!("section{}/page{i}", i / 100);
        std::fs::create_dir_all(dir.path().join(format!("section{}", i / 100))).unwrap();
        std::fs::write(
            dir.path().join(format!("{rel}.mdx")),
            format!("---\ntitle: Page {i}\n---\n"),
        )
        .unwrap();
        pages.push(json!(rel));
    }
    pages.push(json!("missing-one"));
    let docs = json!({"theme": "mint", "name": "Big", "colors": {"primary": "#000000"},
        "navigation": {"groups": [{"group": "All", "pages": pages}]}});
    std::fs::write(
        dir.path().join("docs.json"),
        serde_json::to_string_pretty(&docs).unwrap(),
    )
    .unwrap();
    dir
}

/// A server indexing `site` in the background, for a pulling or a pushed-to
/// client.
async fn start_indexing(site: &std::path::Path, pulling: bool) -> Harness {
    let caps = if pulling { pulling_caps() } else { caps(false) };
    Harness::start_indexing(site, json!({"diagnostics": {"debounceMs": 20}}), caps).await
}

/// The document's diagnostics for the newest text: pulled, or the push
/// for its current version.
async fn current_diagnostics(h: &Harness, uri: &str, pulling: bool) -> Vec<Value> {
    if pulling {
        pull(h, uri).await
    } else {
        h.wait_current_diagnostics(uri).await
    }
}

/// docs.json opened and edited while the site is still being indexed: the
/// load runs in the background, and the edits made meanwhile are not lost
/// (pushed and pulled diagnostics are those of the newest text).
#[test]
fn edits_made_while_the_site_loads_are_kept() {
    for pulling in [false, true] {
        run(async move {
            let site = big_site(3000);
            let h = start_indexing(site.path(), pulling).await;
            let text = std::fs::read_to_string(h.path("docs.json")).unwrap();
            let uri = h.open("docs.json", &text).await;
            // Rename the missing entry, one character at a time.
            let at = find_pos(&text, "missing-one", 8, false);
            let end = find_pos(&text, "missing-one", 11, false);
            h.change(
                &uri,
                vec![json!({"range": {"start": at, "end": end}, "text": ""})],
            )
            .await;
            for (i, c) in "two".chars().enumerate() {
                let p = find_pos(&text, "missing-one", 8 + i, false);
                h.change(
                    &uri,
                    vec![json!({"range": {"start": p, "end": p}, "text": c.to_string()})],
                )
                .await;
            }
            let diags = current_diagnostics(&h, &uri, pulling).await;
            let missing: Vec<&str> = diags
                .iter()
                .filter(|d| d["code"] == "missing-page")
                .map(|d| d["message"].as_str().unwrap())
                .collect();
            assert_eq!(missing.len(), 1, "pulling={pulling}: {missing:?}");
            assert!(
                missing[0].contains("missing-two"),
                "pulling={pulling}: {missing:?}"
            );
            h.shutdown().await;
        });
    }
}

/// A page opened while its site is still being indexed is checked against
/// the site once it loads, never on its own: on its own it cannot see the
/// site's spec, and said "the site has no OpenAPI spec file" (a false error
/// seen in Neovim on mintlify's docs). Its endpoint is looked up in the spec.
#[test]
fn a_page_opened_while_the_site_loads_is_checked_against_the_site() {
    for pulling in [false, true] {
        run(async move {
            let site = big_site(3000);
            std::fs::write(
                site.path().join("api.yaml"),
                "openapi: 3.0.0\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    get: {responses: {'200': {description: ok}}}\n",
            )
            .unwrap();
            let page = "---\ntitle: Op\nopenapi: /api.yaml GET /b\n---\n";
            std::fs::write(site.path().join("op.mdx"), page).unwrap();
            let h = start_indexing(site.path(), pulling).await;
            let uri = h.open("op.mdx", page).await;
            let diags = current_diagnostics(&h, &uri, pulling).await;
            let messages: Vec<&str> = diags
                .iter()
                .filter(|d| d["severity"] == 1)
                .map(|d| d["message"].as_str().unwrap())
                .collect();
            assert_eq!(messages.len(), 1, "pulling={pulling}: {messages:?}");
            assert!(
                messages[0].contains("GET /b is not in api.yaml"),
                "pulling={pulling}: {messages:?}"
            );
            // Every push for the page said the same: none from the page alone.
            for n in h.notifications("textDocument/publishDiagnostics") {
                assert!(
                    !n.to_string().contains("no OpenAPI spec"),
                    "pulling={pulling}: {n}"
                );
            }
            h.shutdown().await;
        });
    }
}

/// A file moved in the editor's explorer: the editor says so with
/// `workspace/didRenameFiles` right after the move, and the server takes it
/// as the file watcher's delete and create, without waiting for the watcher.
#[test]
fn a_did_rename_files_notification_moves_the_page_at_once() {
    run(async {
        let site = copy_site("examples/site");
        let h = Harness::start(
            site.path(),
            json!({"diagnostics": {"debounceMs": 20}}),
            caps(false),
        )
        .await;
        let ops = &h.init_result["capabilities"]["workspace"]["fileOperations"];
        assert!(ops["didRename"]["filters"].is_array(), "{ops:#}");
        let text = std::fs::read_to_string(h.path("docs.json")).unwrap();
        let uri = h.open("docs.json", &text).await;
        let before = h.wait_current_diagnostics(&uri).await;
        assert!(has_missing_page(&before), "{:?}", codes(&before));
        // `guides/instalation` is listed; a page moved onto that name fixes it.
        std::fs::rename(
            h.path("guides/installation.mdx"),
            h.path("guides/instalation.mdx"),
        )
        .unwrap();
        h.notify(
            "workspace/didRenameFiles",
            json!({"files": [{
                "oldUri": h.uri("guides/installation.mdx"),
                "newUri": h.uri("guides/instalation.mdx"),
            }]}),
        )
        .await;
        // No watcher event was sent: the notification alone moved the page.
        h.wait_diagnostics(&uri, |d, _| !has_missing_page(d)).await;
        h.shutdown().await;
    });
}

/// Non-empty pushed diagnostics by URI, as sorted lines.
fn non_empty(s: &State) -> std::collections::BTreeMap<String, Vec<String>> {
    s.diagnostics
        .iter()
        .filter_map(|(uri, p)| {
            let d = p["diagnostics"].as_array()?;
            (!d.is_empty()).then(|| (uri.clone(), sorted(d.iter().map(|d| line("", d)).collect())))
        })
        .collect()
}

/// A branch switch: 5,000 files created, deleted and changed on disk, told
/// in ten notifications sent back to back. One analysis follows (counted by
/// the server, no timing), no event is lost, and the diagnostics are those
/// of a fresh start on the new tree.
#[test]
fn branch_switch_of_5000_file_events_costs_one_analysis() {
    run(async {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let listed: Vec<String> = (0..5000).map(|i| format!("\"p/{i:04}\"")).collect();
        let docs = format!(
            r##"{{"name": "Switch", "theme": "mint", "colors": {{"primary": "#000000"}}, "navigation": {{"groups": [{{"group": "All", "pages": [{}]}}]}}}}"##,
            listed.join(",\n")
        );
        std::fs::write(root.join("docs.json"), &docs).unwrap();
        std::fs::create_dir_all(root.join("p")).unwrap();
        std::fs::create_dir_all(root.join("old")).unwrap();
        let page = |i: usize| root.join(format!("p/{i:04}.mdx"));
        let old = |i: usize| root.join(format!("old/{i:04}.mdx"));
        for i in 0..3000 {
            std::fs::write(page(i), "---\ntitle: Page\n---\n").unwrap();
        }
        for i in 0..2000 {
            std::fs::write(old(i), "---\ntitle: Old\n---\n").unwrap();
        }
        let h = Harness::start(
            root,
            json!({"diagnostics": {"debounceMs": 20}}),
            caps(false),
        )
        .await;
        let uri = h.open("docs.json", &docs).await;
        let missing = |d: &[Value]| d.iter().filter(|d| d["code"] == "missing-page").count();
        // The publish for the opened version: its analysis is done, so the
        // count below starts after it.
        let d = h.wait_current_diagnostics(&uri).await;
        assert_eq!(missing(&d), 2000);
        let site = h.world.site_of(&h.path("docs.json")).expect("the site");
        let before = site.analyses.load(std::sync::atomic::Ordering::SeqCst);

        // The switch: 2,000 pages created, 2,000 deleted, 1,000 changed
        // (their front matter now has an error).
        let mut events = Vec::new();
        for i in 3000..5000 {
            std::fs::write(page(i), "---\ntitle: New\n---\n").unwrap();
            events.push(json!({"uri": uri_of(&page(i)), "type": 1}));
        }
        for i in 0..2000 {
            std::fs::remove_file(old(i)).unwrap();
            events.push(json!({"uri": uri_of(&old(i)), "type": 3}));
        }
        for i in 0..1000 {
            std::fs::write(page(i), "---\ntitle: Page\npublic: \"yes\"\n---\n").unwrap();
            events.push(json!({"uri": uri_of(&page(i)), "type": 2}));
        }
        assert_eq!(events.len(), 5000);
        for batch in events.chunks(500) {
            h.notify(
                "workspace/didChangeWatchedFiles",
                json!({ "changes": batch }),
            )
            .await;
        }
        h.wait_diagnostics(&uri, |d, _| missing(d) == 0).await;
        let changed = h
            .wait_for("the changed pages' diagnostics", |s| {
                let m = non_empty(s);
                let pages = m.keys().filter(|u| u.contains("/p/")).count();
                (pages == 1000).then_some(m)
            })
            .await;
        let after = site.analyses.load(std::sync::atomic::Ordering::SeqCst);
        assert_eq!(after - before, 1, "analyses for one branch switch");
        assert!(
            !changed.keys().any(|u| u.contains("/old/")),
            "a deleted page still has diagnostics"
        );
        h.shutdown().await;

        // A fresh start on the new tree publishes the same.
        let fresh = Harness::start(
            root,
            json!({"diagnostics": {"debounceMs": 20}}),
            caps(false),
        )
        .await;
        fresh.open("docs.json", &docs).await;
        let again = fresh
            .wait_for("a fresh start's diagnostics", |s| {
                let m = non_empty(s);
                (m.keys().filter(|u| u.contains("/p/")).count() == 1000).then_some(m)
            })
            .await;
        assert_eq!(again, changed);
        fresh.shutdown().await;
    });
}

fn uri_of(p: &std::path::Path) -> String {
    uri(&canonical(p))
}

/// A duplicate navigation entry carries related information: where the
/// entry it repeats is, in docs.json or in the `$ref` file that holds it.
/// A problem in a `$ref` file three languages reference is pushed once.
#[test]
fn duplicates_point_at_the_first_entry_and_shared_refs_report_once() {
    run(async {
        let dir = tempfile::tempdir().unwrap();
        let w = |p: &str, t: &str| std::fs::write(dir.path().join(p), t).unwrap();
        w("intro.mdx", "---\ntitle: Intro\n---\n");
        w("other.mdx", "---\ntitle: Other\n---\n");
        w(
            "group.json",
            r#"{"group": "Shared", "pages": ["other", "intro", "ghost"]}"#,
        );
        let docs = r##"{"name": "x", "theme": "mint", "colors": {"primary": "#112233"},
 "navigation": {"languages": [
   {"language": "en", "groups": [{"group": "A", "pages": ["intro"]}, {"$ref": "group.json"}]},
   {"language": "fr", "groups": [{"$ref": "group.json"}]},
   {"language": "de", "groups": [{"$ref": "group.json"}]}
 ]}}"##;
        w("docs.json", docs);
        let h = Harness::start(dir.path(), json!({}), caps(false)).await;
        let uri = h.open("docs.json", docs).await;
        h.wait_current_diagnostics(&uri).await;
        let group = h.uri("group.json");
        let diags = h.wait_diagnostics(&group, |d, _| !d.is_empty()).await;

        // The group's page not written is read in three languages, and
        // reported once for the shared file.
        let missing: Vec<&Value> = diags
            .iter()
            .filter(|d| d["code"] == "missing-page")
            .collect();
        assert_eq!(missing.len(), 1, "{diags:#?}");

        // `intro` in group.json (for `en`) repeats `intro` of group A.
        let dup: Vec<&Value> = diags
            .iter()
            .filter(|d| d["code"] == "duplicate-page")
            .collect();
        assert_eq!(dup.len(), 1, "{diags:#?}");
        let related = &dup[0]["relatedInformation"];
        assert_eq!(related[0]["message"], "first listed here", "{related:#}");
        assert_eq!(related[0]["location"]["uri"], uri.as_str());
        let first = docs.find("[\"intro\"]").unwrap() + 1;
        assert_eq!(
            related[0]["location"]["range"]["start"],
            position_of(docs, first, false)
        );
        h.shutdown().await;
    });
}

/// A page first listed in a list the platform drops (its schema refuses
/// an icon there) is first listed where it is next kept: the duplicate's
/// related information points there, not into the dropped list
/// (`inside_dropped::repeats_kept`).
#[test]
fn a_duplicate_points_at_the_first_kept_entry_past_a_dropped_list() {
    run(async {
        let dir = tempfile::tempdir().unwrap();
        let w = |p: &str, t: &str| std::fs::write(dir.path().join(p), t).unwrap();
        w("index.mdx", "---\ntitle: Home\n---\n");
        w("quickstart.mdx", "---\ntitle: Quickstart\n---\n");
        let docs = r##"{"name": "x", "theme": "mint", "colors": {"primary": "#112233"},
 "navigation": {"tabs": [
   {"tab": "Guides", "groups": [{"group": "Start", "icon": "fa-house", "pages": ["index", "quickstart"]}]},
   {"tab": "Home", "pages": ["index", "quickstart", "quickstart"]}
 ]}}"##;
        w("docs.json", docs);
        let h = Harness::start(dir.path(), json!({}), caps(false)).await;
        let uri = h.open("docs.json", docs).await;
        let diags = h
            .wait_diagnostics(&uri, |d, _| d.iter().any(|d| d["code"] == "duplicate-page"))
            .await;
        let dup: Vec<&Value> = diags
            .iter()
            .filter(|d| d["code"] == "duplicate-page")
            .collect();
        // One repeat: the dropped group's entries count for nothing.
        assert_eq!(dup.len(), 1, "{diags:#?}");
        // Ranges hold the string's quotes.
        let kept_first = docs.find("\"quickstart\", \"quickstart\"").unwrap();
        let repeat = docs.rfind("\"quickstart\"").unwrap();
        assert_eq!(
            dup[0]["range"]["start"],
            position_of(docs, repeat, false),
            "{dup:#?}"
        );
        let related = &dup[0]["relatedInformation"];
        assert_eq!(related[0]["message"], "first listed here", "{related:#}");
        assert_eq!(related[0]["location"]["uri"], uri.as_str());
        assert_eq!(
            related[0]["location"]["range"]["start"],
            position_of(docs, kept_first, false),
            "{related:#}"
        );
        h.shutdown().await;
    });
}

/// A closed file's diagnostics are compared before they are converted
/// (`lsp::publish`): a change on disk that keeps a diagnostic's bytes and
/// message but moves it to another line still publishes it again, on the
/// line a fresh start would give.
#[test]
fn a_closed_page_whose_diagnostic_moves_a_line_is_published_again() {
    run(async {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let docs = r##"{"name": "Lines", "theme": "mint", "colors": {"primary": "#000000"}, "navigation": {"groups": [{"group": "All", "pages": ["a"]}]}}"##;
        std::fs::write(root.join("docs.json"), docs).unwrap();
        let page = root.join("a.mdx");
        // The link starts at the same byte in both texts, a line apart.
        std::fs::write(&page, "---\ntitle: A\n---\n\na\n[x](/nope)\n").unwrap();
        let h = Harness::start(
            root,
            json!({"diagnostics": {"debounceMs": 20}}),
            caps(false),
        )
        .await;
        h.open("docs.json", docs).await;
        let a = uri_of(&page);
        let line_of = |s: &State| {
            let d = s.diagnostics.get(&a)?["diagnostics"]
                .as_array()?
                .first()?
                .clone();
            d["range"]["start"]["line"].as_u64()
        };
        assert_eq!(h.wait_for("the link's diagnostic", line_of).await, 5);
        std::fs::write(&page, "---\ntitle: A\n---\n\nab[x](/nope)\n").unwrap();
        h.notify(
            "workspace/didChangeWatchedFiles",
            json!({"changes": [{"uri": a, "type": 2}]}),
        )
        .await;
        h.wait_for("the diagnostic on its new line", |s| {
            (line_of(s) == Some(4)).then_some(())
        })
        .await;
        h.shutdown().await;
    });
}
