use super::*;
use crate::analysis::served_urls::served_urls;
use crate::model::links::{file_targets_of, targets_of};

/// The diagnostics' messages, a line each, for a snapshot.
fn messages(diags: &[crate::diagnostics::Diagnostic]) -> String {
    let lines: Vec<&str> = diags.iter().map(|d| d.message.as_str()).collect();
    lines.join("\n")
}

fn edit(docs: &str, entries: &[(&str, &str)]) -> String {
    let parsed = crate::syntax::json::parse(0, docs);
    let entries: Vec<(String, String)> = entries
        .iter()
        .map(|(s, d)| (s.to_string(), d.to_string()))
        .collect();
    let Some((range, text)) = redirect_edit(parsed.root.as_deref(), docs, &entries) else {
        return "no edit".into();
    };
    let mut out = docs.to_string();
    out.replace_range(range, &text);
    // The edited text still reads as JSON.
    assert!(
        serde_json::from_str::<serde_json::Value>(&out).is_ok(),
        "{out}"
    );
    out
}

#[test]
fn redirects_are_added_after_the_last_entry_into_an_empty_list_or_as_a_new_key() {
    let two = [("/a", "/b"), ("/c", "/")];
    expect_test::expect![[r#"
        {
          "name": "x",
          "redirects": [
            { "source": "/old", "destination": "/new" },
            { "source": "/a", "destination": "/b" },
            { "source": "/c", "destination": "/" }
          ]
        }"#]]
    .assert_eq(&edit(
        "{\n  \"name\": \"x\",\n  \"redirects\": [\n    { \"source\": \"/old\", \"destination\": \"/new\" }\n  ]\n}",
        &two,
    ));
    expect_test::expect![[r#"
        {
            "redirects": [
                { "source": "/a", "destination": "/b" },
                { "source": "/c", "destination": "/" }
            ]
        }"#]]
    .assert_eq(&edit("{\n    \"redirects\": []\n}", &two));
    expect_test::expect![[r#"
        {
          "redirects": [
            { "source": "/a", "destination": "/b" }
          ],
          "name": "x"
        }"#]]
    .assert_eq(&edit("{\n  \"name\": \"x\"\n}", &two[..1]));
    assert_eq!(edit("[]", &two[..1]), "no edit");
    assert_eq!(
        edit("{\"redirects\": {\"$ref\": \"r.json\"}}", &two[..1]),
        "no edit"
    );
}

#[test]
fn a_gone_url_is_reported_at_the_redirects_key_with_its_new_place() {
    let before = crate::analysis::analyze_texts(&[
        ("docs.json", "{}"),
        ("a.mdx", ""),
        ("b.mdx", ""),
        ("c.mdx", ""),
        ("old/x.mdx", ""),
        ("old/y.mdx", ""),
    ]);
    let docs = "{\"name\": \"x\", \"redirects\": [{\"source\": \"/old/:p*\", \"destination\": \"/new/:p*\"}]}";
    let now = crate::analysis::analyze_texts(&[
        ("docs.json", docs),
        ("a.mdx", ""),
        ("guides/b.mdx", ""),
        ("new/x.mdx", ""),
    ]);
    let old = served_urls(&before.site, &file_targets_of(&before.site));
    let targets = targets_of(&now.site, now.config.root.as_deref());
    let gone = gone_urls(&old, &targets);
    let urls: Vec<&str> = gone.iter().map(|g| g.served.url.as_str()).collect();
    assert_eq!(urls, ["b", "c", "old/y"]);
    let moved = HashMap::from([("b.mdx".to_string(), "guides/b".to_string())]);
    let diags = diagnostics(
        &now.site,
        now.config.root.as_deref(),
        "HEAD~1",
        &gone,
        &moved,
    );
    let at = docs.find("\"redirects\"").unwrap();
    assert!(diags.iter().all(|d| d.range == (at..at + 11)), "{diags:?}");
    expect_test::expect![[r#"
        `/b` served `b.mdx` at `HEAD~1`; the page moved to `/guides/b`, and no redirect covers the old URL: readers and search engines get a 404
        `/c` served `c.mdx` at `HEAD~1`; no page serves it now and no redirect covers it: readers and search engines get a 404
        `/old/y` served `old/y.mdx` at `HEAD~1`; its redirect leads to `/new/y`, which serves nothing: readers and search engines get a 404"#]]
    .assert_eq(&messages(&diags));
    let titles: Vec<String> = diags
        .iter()
        .flat_map(|d| &d.fixes)
        .map(|f| match f {
            Fix::Edit { title, .. } => title.clone(),
            other => format!("{other:?}"),
        })
        .collect();
    assert_eq!(
        titles,
        [
            "Add redirect /b -> /guides/b",
            "Add 2 redirects",
            "Add redirect /c -> /"
        ]
    );
}

#[test]
fn urls_gone_through_one_dropped_wildcard_are_one_diagnostic_whose_fix_restores_it() {
    let pages = [
        ("new.mdx", ""),
        ("new/a.mdx", ""),
        ("new/b.mdx", ""),
        ("new/c.mdx", ""),
        ("new/d.mdx", ""),
    ];
    let with = |docs: &'static str| {
        let mut files = vec![("docs.json", docs)];
        files.extend(pages);
        crate::analysis::analyze_texts(&files)
    };
    let before = with(
        "{\"redirects\": [{\"source\": \"/old/:p*\", \"destination\": \"/new/:p*\"}, {\"source\": \"/x\", \"destination\": \"/new\"}]}",
    );
    let docs = "{\"name\": \"x\", \"redirects\": []}";
    let now = with(docs);
    let old = crate::analysis::served_urls::urls_of(&before.site);
    let targets = targets_of(&now.site, now.config.root.as_deref());
    let gone = gone_urls(&old, &targets);
    // `/old` too: `:p*` takes zero segments.
    let urls: Vec<&str> = gone.iter().map(|g| g.served.url.as_str()).collect();
    assert_eq!(urls, ["old", "old/a", "old/b", "old/c", "old/d", "x"]);
    let diags = diagnostics(
        &now.site,
        now.config.root.as_deref(),
        "HEAD~1",
        &gone,
        &HashMap::new(),
    );
    expect_test::expect![[r#"
        `/x` redirected to `/new` at `HEAD~1`; no page serves it now and no redirect covers it: readers and search engines get a 404
        5 URLs redirected through `/old/:p*` at `HEAD~1` stop working (`/old` -> `/new`, `/old/a` -> `/new/a`, `/old/b` -> `/new/b`, and 2 more); no page serves them now and no redirect covers them: readers and search engines get a 404"#]]
    .assert_eq(&messages(&diags));
    // Every URL in the related information.
    let related: Vec<&str> = diags[1]
        .related
        .iter()
        .map(|r| r.message.as_str())
        .collect();
    assert_eq!(related.len(), 5, "{related:?}");
    assert_eq!(related[4], "`/old/d` -> `/new/d` at `HEAD~1`, gone now");
    // The pattern's fix writes the wildcard back; the fix for all of them
    // is two entries, not six.
    let fixes: Vec<(String, String)> = diags
        .iter()
        .flat_map(|d| &d.fixes)
        .map(|f| match f {
            Fix::Edit { title, text, .. } => (title.clone(), text.clone()),
            other => (format!("{other:?}"), String::new()),
        })
        .collect();
    expect_test::expect![[r#"
        [
            (
                "Add redirect /x -> /new",
                "\n  { \"source\": \"/x\", \"destination\": \"/new\" }\n",
            ),
            (
                "Add 2 redirects",
                "\n  { \"source\": \"/x\", \"destination\": \"/new\" },\n  { \"source\": \"/old/:p*\", \"destination\": \"/new/:p*\" }\n",
            ),
            (
                "Add redirect /old/:p* -> /new/:p*",
                "\n  { \"source\": \"/old/:p*\", \"destination\": \"/new/:p*\" }\n",
            ),
        ]
    "#]]
    .assert_debug_eq(&fixes);
}
