//! Icon names: completion of `icon` values from the site's icon library.

use super::files_with;
use crate::ide::completion::{CompletionItem, completion_list};
use crate::ide::fixture::{edited, with_cursor};
use expect_test::{Expect, expect};

/// The first items as an editor orders them (sort text, then label), and
/// whether the list is incomplete.
fn render(items: &[CompletionItem], incomplete: bool) -> String {
    let mut out = super::completion_lines(items);
    out.truncate(5);
    out.push(format!("({} items, incomplete: {incomplete})", items.len()));
    out.join("\n")
}

fn check(files: &[(&str, &str)], expect: Expect) {
    let (a, id, text, off) = with_cursor(files);
    let l = completion_list(&a, id, &text, off);
    expect.assert_eq(&render(&l.items, l.incomplete));
}

const DOCS_LUCIDE: &str = r#"{"name": "x", "theme": "mint", "icons": {"library": "lucide"},
 "navigation": {"groups": [{"group": "A", "pages": ["intro"]}]}}"#;

#[test]
fn front_matter_icon_from_the_default_library() {
    check(
        &files_with("new.mdx", "---\ntitle: x\nicon: hous$0\n---\n"),
        expect![[r#"
            house [Value] Font Awesome icon: solid, regular -> house @19..23 sort=1
            house-chimney [Value] Font Awesome icon: solid -> house-chimney @19..23 sort=1
            house-chimney-crack [Value] Font Awesome icon: solid -> house-chimney-crack @19..23 sort=1
            house-chimney-medical [Value] Font Awesome icon: solid -> house-chimney-medical @19..23 sort=1
            house-chimney-user [Value] Font Awesome icon: solid -> house-chimney-user @19..23 sort=1
            (33 items, incomplete: false)"#]],
    );
}

/// With nothing typed, the first 100 names and a list marked incomplete (the
/// editor asks again as the user types).
#[test]
fn a_long_icon_list_is_capped() {
    check(
        &files_with("new.mdx", "---\ntitle: x\nicon: $0\n---\n"),
        expect![[r#"
            0 [Value] Font Awesome icon: solid -> 0 @19..19 sort=1
            1 [Value] Font Awesome icon: solid -> 1 @19..19 sort=1
            2 [Value] Font Awesome icon: solid -> 2 @19..19 sort=1
            3 [Value] Font Awesome icon: solid -> 3 @19..19 sort=1
            4 [Value] Font Awesome icon: solid -> 4 @19..19 sort=1
            (100 items, incomplete: true)"#]],
    );
}

#[test]
fn front_matter_icon_from_the_site_library_and_an_object_own_library() {
    let mut f = files_with("docs.json", DOCS_LUCIDE);
    f.push(("new.mdx", "---\ntitle: x\nicon: \"rock$0\"\n---\n"));
    check(
        &f,
        expect![[r#"
            rocket [Value] Lucide icon -> "rocket" @19..25 sort=1
            rocking-chair [Value] Lucide icon -> "rocking-chair" @19..25 sort=1
            alarm-clock [Value] Lucide icon -> "alarm-clock" @19..25 sort=4
            alarm-clock-check [Value] Lucide icon -> "alarm-clock-check" @19..25 sort=4
            alarm-clock-minus [Value] Lucide icon -> "alarm-clock-minus" @19..25 sort=4
            (23 items, incomplete: false)"#]],
    );
    // `library: tabler` of the icon object wins over the site's lucide.
    let mut f = files_with("docs.json", DOCS_LUCIDE);
    f.push((
        "new.mdx",
        "---\ntitle: x\nicon:\n  library: tabler\n  name: brand-git$0\n---\n",
    ));
    check(
        &f,
        expect![[r#"
            brand-git [Value] Tabler icon: outline -> brand-git @45..54 sort=0
            brand-github [Value] Tabler icon: outline, filled -> brand-github @45..54 sort=1
            brand-github-copilot [Value] Tabler icon: outline -> brand-github-copilot @45..54 sort=1
            brand-gitlab [Value] Tabler icon: outline -> brand-gitlab @45..54 sort=1
            brand-campaignmonitor [Value] Tabler icon: outline -> brand-campaignmonitor @45..54 sort=4
            (8 items, incomplete: false)"#]],
    );
}

#[test]
fn docs_json_icon_keys_of_navigation_elements() {
    let (a, id, text, off) = edited(
        &files_with("docs.json", DOCS_LUCIDE),
        "docs.json",
        r#"{"name": "x", "theme": "mint", "icons": {"library": "lucide"},
 "navigation": {"groups": [{"group": "A", "icon": "rock$0", "pages": ["intro"]}]}}"#,
    );
    let l = completion_list(&a, id, &text, off);
    expect![[r#"
        rocket [Value] Lucide icon -> "rocket" @113..119 sort=1
        rocking-chair [Value] Lucide icon -> "rocking-chair" @113..119 sort=1
        alarm-clock [Value] Lucide icon -> "alarm-clock" @113..119 sort=4
        alarm-clock-check [Value] Lucide icon -> "alarm-clock-check" @113..119 sort=4
        alarm-clock-minus [Value] Lucide icon -> "alarm-clock-minus" @113..119 sort=4
        (23 items, incomplete: false)"#]]
    .assert_eq(&render(&l.items, l.incomplete));
    // The object form: `name`, with the object's `library` (as the last
    // parse has it).
    check(
        &files_with(
            "docs.json",
            r#"{"name": "x", "navigation": {"tabs": [{"tab": "T", "icon": {"library": "tabler", "name": "brand-git$0"}}]}}"#,
        ),
        expect![[r#"
            brand-git [Value] Tabler icon: outline -> "brand-git" @89..100 sort=0
            brand-github [Value] Tabler icon: outline, filled -> "brand-github" @89..100 sort=1
            brand-github-copilot [Value] Tabler icon: outline -> "brand-github-copilot" @89..100 sort=1
            brand-gitlab [Value] Tabler icon: outline -> "brand-gitlab" @89..100 sort=1
            brand-campaignmonitor [Value] Tabler icon: outline -> "brand-campaignmonitor" @89..100 sort=4
            (8 items, incomplete: false)"#]],
    );
}

#[test]
fn component_icon_prop() {
    check(
        &files_with(
            "new.mdx",
            "---\ntitle: x\n---\n\n<Card title=\"A\" icon=\"gith$0\">\n</Card>\n",
        ),
        expect![[r#"
            github [Value] Font Awesome icon: brands -> github @40..44 sort=1
            github-alt [Value] Font Awesome icon: brands -> github-alt @40..44 sort=1
            square-github [Value] Font Awesome icon: brands -> square-github @40..44 sort=2
            person-walking-with-cane [Value] Font Awesome icon: solid -> person-walking-with-cane @40..44 sort=4
            (4 items, incomplete: false)"#]],
    );
    // Nothing for a path or a URL.
    check(
        &files_with("new.mdx", "<Card icon=\"/images/$0\">\n</Card>\n"),
        expect!["(0 items, incomplete: false)"],
    );
}
