//! What overlays the platform refuses, and what their actions do.

use super::apply::apply;
use super::*;
use serde_json::json;

fn overlay(text: &str) -> Result<Overlay, Invalid> {
    let parsed = crate::syntax::json::parse(0, text);
    parse(parsed.root.as_deref().expect("a tree"))
}

fn run(doc: Json, actions: Json) -> Result<Json, String> {
    let text =
        json!({"overlay": "1.1.0", "info": {"title": "t", "version": "1"}, "actions": actions})
            .to_string();
    let o = overlay(&text).map_err(|e| e.message)?;
    let mut doc = doc;
    apply(&mut doc, &o, |_, _| {}).map_err(|f| f.message)?;
    Ok(doc)
}

#[test]
fn updates_merge_append_and_replace() {
    let doc = json!({"paths": {"/a": {"get": {"tags": ["x"], "summary": "A"}}}});
    let out = run(
        doc,
        json!([
            {"target": "$.paths", "update": {"/new": {"post": {"summary": "N"}}}},
            {"target": "$.paths['/a'].get", "update": {"tags": ["y"], "summary": "B"}},
            {"target": "$.paths['/a'].get.summary", "update": "C"}
        ]),
    )
    .unwrap();
    assert_eq!(
        out,
        json!({"paths": {"/a": {"get": {"tags": ["x", "y"], "summary": "C"}}, "/new": {"post": {"summary": "N"}}}})
    );
}

#[test]
fn removes_deepest_and_last_first() {
    let doc = json!({"l": [1, 2, 3], "paths": {"/a": {"get": {}, "put": {}}}});
    let out = run(
        doc,
        json!([
            {"target": "$.l[0,2]", "remove": true},
            {"target": "$.paths.*.put", "remove": true},
            {"target": "$.nothing", "update": {"x": 1}}
        ]),
    )
    .unwrap();
    assert_eq!(out, json!({"l": [2], "paths": {"/a": {"get": {}}}}));
}

#[test]
fn failures_are_worded_as_the_platform_words_them() {
    let doc = json!({"a": {"b": 1}, "s": "x"});
    let bad = [
        (
            json!([{"target": "$[", "update": {}}]),
            "invalid JSONPath expression",
        ),
        (
            json!([{"target": "$.a", "update": {"b": {}}}]),
            "Cannot merge incompatible values at \"b\"",
        ),
        (json!([{"target": "$.a", "update": 3}]), "must be an object"),
        (
            json!([{"target": "$.s", "update": {}}]),
            "must be a primitive",
        ),
        (
            json!([{"target": "$", "remove": true}]),
            "root cannot be removed",
        ),
        (json!([{"target": "$.*", "update": {}}]), "mixed types"),
        (
            json!([{"target": "$.a", "copy": "$.*"}]),
            "must select exactly one node, but selected 2",
        ),
    ];
    for (actions, want) in bad {
        let got = run(doc.clone(), actions.clone()).unwrap_err();
        assert!(got.contains(want), "{actions}: {got}");
    }
}

#[test]
fn deeply_nested_targets_are_refused_not_overflowing() {
    for n in [1000, 100_000] {
        let target = format!("$[?{}@.a{}]", "(".repeat(n), ")".repeat(n));
        let got = run(
            json!({"a": {}}),
            json!([{"target": target, "remove": true}]),
        )
        .unwrap_err();
        assert!(got.contains("nested deeper"), "{got}");
    }
    // As deep as allowed still reads, and a descent through a deep
    // document returns.
    let target = format!("$[?{}@.a{}]", "(".repeat(31), ")".repeat(31));
    assert!(
        run(
            json!({"a": {}}),
            json!([{"target": target, "remove": true}])
        )
        .is_ok()
    );
    let mut deep = json!(1);
    for _ in 0..512 {
        deep = json!({ "k": deep });
    }
    let out = run(deep, json!([{"target": "$..k", "update": {"x": 1}}]));
    assert!(out.is_err(), "mixed objects and a number");
    // Brackets inside names do not count.
    let ok = run(
        json!({"[[[[": 1}),
        json!([{"target": format!("$['{}']", "[".repeat(40)), "remove": true}]),
    );
    assert!(ok.is_ok(), "{ok:?}");
}

#[test]
fn an_overlay_that_keeps_growing_the_spec_stops() {
    // The root copied into each of its two objects triples the
    // document per action.
    let actions = Json::Array(vec![json!({"target": "$.*", "copy": "$"}); 40]);
    let got = run(json!({"a": {}, "b": {}}), actions).unwrap_err();
    assert!(got.contains("exceeded the processing budget"), "{got}");
}

#[test]
fn the_schema_refuses_what_the_platform_refuses() {
    let ok = r#"{"overlay": "1.0.0", "info": {"title": "t", "version": "1"}, "extends": "a.yaml", "actions": [{"target": " $.x ", "remove": true}], "x-k": 1}"#;
    let o = overlay(ok).unwrap();
    assert_eq!(o.extends.as_deref(), Some("a.yaml"));
    assert_eq!(o.actions[0].target, "$.x");
    let bad = [
        (
            r#"{"overlay": "2.0.0", "info": {"title": "t", "version": "1"}, "actions": [{"target": "$", "remove": true}]}"#,
            "Unsupported Overlay Specification version",
        ),
        (
            r#"{"overlay": "1.0.0", "info": {"title": "t", "version": "1"}, "actions": []}"#,
            "at least one action",
        ),
        (
            r#"{"overlay": "1.0.0", "info": {"title": "t"}, "actions": [{"target": "$", "remove": true}]}"#,
            "info.version",
        ),
        (
            r#"{"overlay": "1.0.0", "info": {"title": "t", "version": "1"}, "actions": [{"target": "$"}]}"#,
            "has no effect",
        ),
        (
            r#"{"overlay": "1.0.0", "info": {"title": "t", "version": "1"}, "actions": [{"target": "$", "copy": "$.a"}]}"#,
            "requires Overlay Specification 1.1.0",
        ),
        (
            r#"{"overlay": "1.1", "info": {"title": "t", "version": "1"}, "actions": [{"target": "$", "update": {}, "copy": "$.a"}]}"#,
            "sets both",
        ),
        (
            r#"{"overlay": "1.1.0", "info": {"title": "t", "version": "1"}, "actions": [{"target": "$", "remove": true}], "extra": 1}"#,
            "Unknown field \"extra\"",
        ),
    ];
    for (text, want) in bad {
        let e = overlay(text).unwrap_err();
        assert!(e.message.contains(want), "{text}: {}", e.message);
    }
}
