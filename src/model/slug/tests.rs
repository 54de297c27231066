use super::*;

fn expected() -> serde_json::Value {
    serde_json::from_str(include_str!("../../../tests/fixtures/slug/expected.json")).unwrap()
}

/// Every title of `tests/fixtures/slug/cases.json` gets the id the
/// platform's `slugify` + `cleanHeadingId` give it.
#[test]
fn titles_match_the_platform() {
    let exp = expected();
    let mut wrong = Vec::new();
    for (title, id) in exp["titles"].as_object().unwrap() {
        let ours = clean(&slugify(title));
        if ours != id.as_str().unwrap() {
            wrong.push(format!("{title:?}: platform {id}, ours {ours:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn duplicates_are_numbered() {
    let mut s = Slugger::default();
    let got: Vec<String> = ["Overview", "Overview", "Overview", "Overview-2", "A", ""]
        .iter()
        .map(|t| s.slug(t))
        .collect();
    assert_eq!(
        got,
        [
            "overview",
            "overview-2",
            "overview-3",
            "overview-2-1",
            "a",
            ""
        ]
    );
}

#[test]
fn custom_ids_and_components() {
    assert_eq!(normalize_custom_id(" spaced id "), "spaced-id");
    assert_eq!(normalize_custom_id("a:b?"), "ab");
    assert_eq!(component_id("How do I: reset?", 0), "how-do-i-reset");
    assert_eq!(component_id("How do I: reset?", 1), "how-do-i-reset-1");
    assert_eq!(param_field_id("limit", 0), "param-limit");
    assert_eq!(param_field_id("userId", 1), "param-user-id-1");
    assert!(has_anchor(&["über-uns".into()], "%C3%BCber-uns"));
    assert!(has_anchor(&["whats-new".into()], "what's-new"));
}

#[test]
fn smart_quotes_give_a_second_id() {
    let a = page_anchors([AnchorSource::Heading {
        level: 2,
        text: "What's new",
        custom_id: None,
        excluded: false,
    }]);
    assert_eq!(a, vec![Box::from("whats-new"), Box::from("what’s-new")]);
}
