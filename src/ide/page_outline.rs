//! A page's outline from its page index (`syntax::page`): folding ranges for
//! heading sections and elements that span lines, and document symbols for
//! headings (nested by level) with the component blocks under them.

use super::outline_items::{FoldKind, FoldingRange, Symbol, SymbolKind};
use crate::syntax::page::{PageIndex, body_start};

fn line_end_before(text: &str, pos: usize) -> usize {
    // The end of the last non-blank line before `pos`.
    let t = &text[..pos.min(text.len())];
    t.trim_end().len()
}

/// Heading sections (to the line before the next heading of the same or a
/// higher level) and every element whose tags are on different lines.
pub fn folds(text: &str, ix: &PageIndex) -> Vec<FoldingRange> {
    let mut out = Vec::new();
    let spans_lines = |r: &std::ops::Range<usize>| {
        r.end <= text.len() && memchr::memchr(b'\n', &text.as_bytes()[r.start..r.end]).is_some()
    };
    for (i, h) in ix.headings.iter().enumerate() {
        let next = ix.headings[i + 1..]
            .iter()
            .find(|n| n.level <= h.level)
            .map_or(text.len(), |n| n.range.start());
        let end = line_end_before(text, next).max(h.range.end());
        let r = h.range.start()..end;
        if spans_lines(&r) {
            out.push(FoldingRange {
                range: r,
                kind: FoldKind::Region,
            });
        }
    }
    for el in &ix.elements {
        if !el.self_closing && spans_lines(&el.range.range()) {
            out.push(FoldingRange {
                range: el.range.range(),
                kind: FoldKind::Region,
            });
        }
    }
    out
}

/// Headings nested by level; components (capitalised elements that span
/// lines) under the heading whose section holds them.
pub fn symbols(text: &str, ix: &PageIndex) -> Vec<Symbol> {
    let start = body_start(text);
    // Flat list in document order, each with its level (components: 7).
    let mut flat: Vec<(u8, Symbol)> = Vec::new();
    for h in &ix.headings {
        flat.push((
            h.level,
            Symbol {
                name: h.text.to_string(),
                detail: h.custom_id.as_ref().map(|id| format!("#{id}")),
                kind: SymbolKind::Heading,
                range: h.range.range(),
                selection_range: h.range.range(),
                children: Vec::new(),
            },
        ));
    }
    for el in &ix.elements {
        if el.range.start() < start
            || !el.name.starts_with(|c: char| c.is_ascii_uppercase())
            || el.self_closing
        {
            continue;
        }
        let title = el
            .attrs
            .iter()
            .find_map(|a| match (&a.value, a.name.as_str()) {
                (
                    crate::syntax::page::AttrValue::String { value, .. },
                    "title" | "name" | "label",
                ) => Some(value.clone()),
                _ => None,
            });
        flat.push((
            7,
            Symbol {
                name: match title {
                    Some(t) => format!("<{}> {t}", el.name),
                    None => format!("<{}>", el.name),
                },
                detail: None,
                kind: SymbolKind::Component,
                range: el.range.range(),
                selection_range: el.name_range.range(),
                children: Vec::new(),
            },
        ));
    }
    flat.sort_by_key(|(_, s)| s.range.start);
    // Heading sections: a heading's range grows to its section's end.
    let n = flat.len();
    for i in 0..n {
        if flat[i].0 <= 6 {
            let lvl = flat[i].0;
            let next = flat[i + 1..]
                .iter()
                .find(|(l, _)| *l <= lvl)
                .map_or(text.len(), |(_, s)| s.range.start);
            let end = line_end_before(text, next).max(flat[i].1.range.end);
            flat[i].1.range.end = end;
        }
    }
    nest(flat)
}

/// Nest symbols by range containment (the input is in document order).
fn nest(flat: Vec<(u8, Symbol)>) -> Vec<Symbol> {
    let mut roots: Vec<Symbol> = Vec::new();
    let mut stack: Vec<Symbol> = Vec::new();
    for (_, s) in flat {
        while let Some(top) = stack.last() {
            if s.range.start >= top.range.start && s.range.end <= top.range.end {
                break;
            }
            let done = stack.pop().unwrap_or_else(|| unreachable!());
            match stack.last_mut() {
                Some(parent) => parent.children.push(done),
                None => roots.push(done),
            }
        }
        stack.push(s);
    }
    while let Some(done) = stack.pop() {
        match stack.last_mut() {
            Some(parent) => parent.children.push(done),
            None => roots.push(done),
        }
    }
    roots
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::page::read;
    use expect_test::expect;

    const PAGE: &str = "---\ntitle: x\n---\n\n# Intro\n\ntext\n\n## Setup\n\n<Steps>\n  <Step title=\"One\">\n    Do it.\n  </Step>\n</Steps>\n\n## Use {#use}\n\n<Card title=\"c\" />\n\n# Next\n";

    #[test]
    fn page_symbols() {
        let ix = read(PAGE);
        let out = crate::ide::tests::symbol_tree(PAGE, &symbols(PAGE, &ix));
        expect![[r###"
            Intro [Heading] 18..136 sel="# Intro"
              Setup [Heading] 33..101 sel="## Setup"
                <Steps> [Component] 43..101 sel="Steps"
                  <Step> One [Component] 53..92 sel="Step"
              Use [Heading] 103..136 sel="## Use {#use}"
            Next [Heading] 138..144 sel="# Next"
        "###]]
        .assert_eq(&out);
    }

    #[test]
    fn page_folds() {
        let ix = read(PAGE);
        let f: Vec<String> = folds(PAGE, &ix)
            .iter()
            .map(|f| format!("{:?} {}", f.range, &PAGE[f.range.start..f.range.start + 6]))
            .collect();
        expect![[r#"
            18..136 # Intr
            33..101 ## Set
            103..136 ## Use
            43..101 <Steps
            53..92 <Step "#]]
        .assert_eq(&f.join("\n"));
    }
}
