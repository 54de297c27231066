//! Components in page bodies: completion, hover, definition.

use super::files_with;
use crate::ide::completion::{CompletionItem, completions};
use crate::ide::definition::definition;
use crate::ide::fixture::with_cursor;
use crate::ide::hover::hover;
use expect_test::{Expect, expect};

fn render(items: &[CompletionItem]) -> String {
    super::completion_lines(items).join("\n")
}

fn page(text: &'static str) -> Vec<(&'static str, &'static str)> {
    let mut f = files_with("guides/page.mdx", text);
    f.push((
        "shared/widgets.mdx",
        "export const Widget = () => <div />;\nexport function Gadget() { return null }\n",
    ));
    f
}

fn check(text: &'static str, expect: Expect) {
    let (a, id, text, off) = with_cursor(&page(text));
    expect.assert_eq(&render(&completions(&a, id, &text, off)));
}

fn check_hover(text: &'static str, expect: Expect) {
    let (a, id, text, off) = with_cursor(&page(text));
    let out = match hover(&a, id, &text, off) {
        Some(h) => format!("{:?} {}\n{}", h.range, &text[h.range.clone()], h.markdown),
        None => "none".into(),
    };
    expect.assert_eq(&out);
}

#[test]
fn components_after_lt() {
    check(
        "---\ntitle: x\n---\n\n<Acc$0\n",
        expect![[r#"
            Accordion [Component] built-in component -> Accordion @19..22 sort=10
            AccordionGroup [Component] built-in component -> AccordionGroup @19..22 sort=10
            DynamicCustomComponent [Component] built-in component -> DynamicCustomComponent @19..22 sort=41"#]],
    );
}

#[test]
fn imported_defined_and_snippet_exported_components() {
    let (a, id, text, off) = with_cursor(&page(
        "import { Widget } from '/shared/widgets.mdx'\nimport Other from './other.mdx'\nexport const Mine = () => <span />;\n\n<$0",
    ));
    let mut items = completions(&a, id, &text, off);
    let total = items.len();
    // With nothing typed every name matches alike (rank 1): the page's own
    // names come after the built-in components (tier 2).
    items.retain(|i| i.sort_text.as_deref() == Some("12"));
    expect![[r#"
        Gadget [Component] exported by /shared/widgets.mdx -> Gadget @115..115 sort=12
        Mine [Component] defined in this page -> Mine @115..115 sort=12
        Other [Component] imported from ./other.mdx -> Other @115..115 sort=12
        Widget [Component] imported from /shared/widgets.mdx -> Widget @115..115 sort=12"#]]
    .assert_eq(&render(&items));
    // Then the built-in components and the HTML tags.
    assert!(total > 150, "{total}");
}

#[test]
fn props_with_types_skip_written_ones() {
    check(
        "<Accordion title=\"x\" de$0>\n</Accordion>\n",
        expect![[r#"
            defaultOpen [Key] boolean, default false -> defaultOpen @21..23 sort=1
            description [Key] string -> description="" @21..23 sort=1"#]],
    );
}

#[test]
fn enum_values_of_a_prop() {
    check(
        "Text <Badge color=\"$0\">New</Badge>\n",
        expect![[r#"
            blue [Value] color of <Badge> -> blue @19..19
            gray [Value] color of <Badge> -> gray @19..19
            green [Value] color of <Badge> -> green @19..19
            orange [Value] color of <Badge> -> orange @19..19
            purple [Value] color of <Badge> -> purple @19..19
            red [Value] color of <Badge> -> red @19..19
            surface [Value] color of <Badge> -> surface @19..19
            surface-destructive [Value] color of <Badge> -> surface-destructive @19..19
            white [Value] color of <Badge> -> white @19..19
            white-destructive [Value] color of <Badge> -> white-destructive @19..19
            yellow [Value] color of <Badge> -> yellow @19..19"#]],
    );
}

#[test]
fn nothing_in_code_or_content() {
    check("```mdx\n<Acc$0\n```\n", expect![""]);
    check("<Card title=\"x\">\n  some te$0xt\n</Card>\n", expect![""]);
}

#[test]
fn hover_component_and_prop() {
    check_hover(
        "<Ste$0ps>\n</Steps>\n",
        expect![[r#"
            1..6 Steps
            **<Steps>**

            Create numbered step-by-step procedures with the steps component to guide users through sequential tasks, tutorials, and setup workflows.

            Props:
            - `children`: ReactElement<StepProps>[], required
            - `titleSize`: string, default p

            Docs: `/components/steps`"#]],
    );
    check_hover(
        "<Tab tit$0le=\"A\">x</Tab>\n",
        expect![[r#"
            5..10 title
            **title**: string, required

            The title of the tab. Short titles are easier to navigate. Tabs with matching titles synchronize their selections."#]],
    );
}

#[test]
fn definition_of_imported_and_defined_components() {
    let (a, id, text, off) = with_cursor(&page(
        "import { Widget } from '/shared/widgets.mdx'\n\n<Wid$0get />\n",
    ));
    expect![[r#"shared/widgets.mdx 13..19 "Widget""#]]
        .assert_eq(&super::places(&a, &definition(&a, id, &text, off)));
}

/// Go to definition on the source of an import: the file it names,
/// root-absolute or relative, with or without its extension (as the
/// `missing-snippet` rule resolves it); nothing on a package or a file the
/// site lacks.
#[test]
fn definition_of_an_import_source() {
    let def = |text: &'static str| {
        let mut files = page(text);
        files.push(("snippets/intro.mdx", "Intro text\n"));
        files.push(("snippets/button.jsx", "export const Button = () => null;\n"));
        let (a, id, text, off) = with_cursor(&files);
        definition(&a, id, &text, off)
            .iter()
            .map(|t| format!("{} {:?}", a.site.file(t.file).unwrap().path, t.range))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let cases = [
        "import Intro from '/snippets/in$0tro.mdx'\n",
        "import Intro from \"/snippets/intro$0\"\n",
        "import { Button } from '/snippets/$0button'\n",
        "import { Widget } from '../shared/widg$0ets.mdx'\n",
        "import { Widget } from '../shared/widgets$0'\n",
        "import X from 'rea$0ct'\n",
        "import X from '/snippets/gh$0ost'\n",
    ];
    let out: Vec<String> = cases.iter().map(|c| def(c)).collect();
    expect![[r#"
        snippets/intro.mdx 0..0
        snippets/intro.mdx 0..0
        snippets/button.jsx 0..0
        shared/widgets.mdx 0..0
        shared/widgets.mdx 0..0


    "#]]
    .assert_eq(&(out.join("\n") + "\n"));
}

/// `<Ca` offers what starts with `Ca` first, and at an equal match the
/// built-in components before what the page imports.
#[test]
fn component_names_rank_prefix_then_built_in() {
    let mut files = page(
        "import { Cascade } from '/snippets/cascade.mdx'\nimport MyCard from '/snippets/my-card.mdx'\n\n<Ca$0\n",
    );
    files.push(("snippets/cascade.mdx", "export const Cascade = 1;\n"));
    files.push(("snippets/my-card.mdx", "Card\n"));
    let (a, id, text, off) = with_cursor(&files);
    let mut items = completions(&a, id, &text, off);
    items.sort_by(|a, b| (&a.sort_text, &a.label).cmp(&(&b.sort_text, &b.label)));
    let top: Vec<String> = items
        .iter()
        .take(8)
        .map(|i| format!("{} {}", i.sort_text.as_deref().unwrap_or("-"), i.label))
        .collect();
    expect![[r#"
        10 Callout
        10 Card
        10 CardGroup
        12 Cascade
        22 MyCard"#]]
    .assert_eq(&top.join("\n"));
}
