//! A `Node` tree for front matter the YAML reader refuses (a key half typed,
//! a quote or a `[` left open), so that the cursor questions go down the
//! same kind of tree whether the YAML parses or not, as docs.json's do
//! (`json/recover.rs`).
//!
//! The tree is the outline's (`outline.rs`): its keys become members, its
//! `-` items the items of a list, and a value is the text written after
//! `key:` or `-` (with the lines that continue it) as a string, or the
//! nodes below it. Text on a line of its own under a key with nothing
//! after its colon is that key's value (`description:` / `  "The text"`),
//! as YAML reads it; any other text (a key with no colon yet) is no node.
//! Wherever the YAML parses, the keys of this tree are the YAML tree's, at
//! the same ranges and paths (`tests/frontmatter_outline.rs`).

use super::outline::{LineKind, Outline, OutlineKind};
use crate::syntax::tree::{FileId, Node, Prop, Value};
use std::ops::Range;

/// The tree of `text`'s front matter read as `outline`; `None` when it has
/// no node.
pub fn recover(file: FileId, text: &str, outline: &Outline) -> Option<Node> {
    let n = outline.nodes.len();
    // Each node's children, in order, and where its written value ends
    // with the lines that continue it.
    let mut children: Vec<Vec<u32>> = vec![Vec::new(); n];
    let mut top = Vec::new();
    for (i, node) in outline.nodes.iter().enumerate() {
        match node.parent {
            Some(p) => children[p as usize].push(i as u32),
            None => top.push(i as u32),
        }
    }
    let mut value_end: Vec<Option<usize>> = outline
        .nodes
        .iter()
        .map(|n| n.value_range().map(|v| v.end))
        .collect();
    for line in &outline.lines {
        if let LineKind::Continues(owner) = line.kind {
            let end = &mut value_end[owner as usize];
            let last = text[line.start as usize..line.end as usize].trim_end();
            if !last.is_empty() {
                *end = Some(end.unwrap_or(0).max(line.start as usize + last.len()));
            }
        }
    }
    let build = OutlineToTree {
        file,
        text,
        outline,
        children,
        value_end,
    };
    build.holding(&top)
}

struct OutlineToTree<'a> {
    file: FileId,
    text: &'a str,
    outline: &'a Outline,
    children: Vec<Vec<u32>>,
    value_end: Vec<Option<usize>>,
}

impl OutlineToTree<'_> {
    /// The value of node `i`: what is written after its `key:` or `-`, or
    /// what its children make, or nothing (an empty range after the
    /// indicator).
    fn value(&self, i: u32) -> Node {
        let node = &self.outline.nodes[i as usize];
        if let Some(v) = self.written(i) {
            return v;
        }
        let after = match node.kind {
            OutlineKind::Key { colon, .. } => colon as usize + 1,
            _ => node.start as usize + 1,
        };
        self.holding(&self.children[i as usize])
            .unwrap_or_else(|| Node::new(self.file, after..after, Value::Null))
    }

    /// The text written as node `i`'s value, over the lines continuing it.
    fn written(&self, i: u32) -> Option<Node> {
        let v = self.outline.nodes[i as usize].value_range()?;
        let end = self.value_end[i as usize].unwrap_or(v.end).max(v.end);
        Some(self.string(v.start..end))
    }

    fn string(&self, range: Range<usize>) -> Node {
        Node::new(
            self.file,
            range.clone(),
            Value::String(self.text[range].into()),
        )
    }

    /// What `nodes` (the children of one node, or the top level) make: a
    /// mapping of their keys, else a list of their items, else the value
    /// on a line of its own (at the top level, the document's one scalar).
    fn holding(&self, nodes: &[u32]) -> Option<Node> {
        let of = |kind: fn(&OutlineKind) -> bool| -> Vec<u32> {
            nodes
                .iter()
                .copied()
                .filter(|&c| kind(&self.outline.nodes[c as usize].kind))
                .collect()
        };
        let keys = of(|k| matches!(k, OutlineKind::Key { .. }));
        if !keys.is_empty() {
            let props: Vec<Prop> = keys
                .iter()
                .map(|&c| {
                    let n = &self.outline.nodes[c as usize];
                    Prop {
                        key: n.key(self.text).unwrap_or_default().into(),
                        key_range: n.key_range().unwrap_or_default(),
                        value: self.value(c),
                    }
                })
                .collect();
            let start = props[0].key_range.start;
            let end = props
                .iter()
                .map(|p| p.value.range.end)
                .max()
                .unwrap_or(start);
            return Some(Node::new(
                self.file,
                start..end,
                Value::Object(props.into()),
            ));
        }
        let items = of(|k| *k == OutlineKind::Item);
        if !items.is_empty() {
            let values: Vec<Node> = items.iter().map(|&c| self.value(c)).collect();
            let start = self.outline.nodes[items[0] as usize].start as usize;
            let end = values.iter().map(|v| v.range.end).max().unwrap_or(start);
            return Some(Node::new(
                self.file,
                start..end,
                Value::Array(values.into()),
            ));
        }
        let text = *of(|k| *k == OutlineKind::Text).first()?;
        self.written(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tree as `path = text` lines: each key and item with its value's
    /// text (`{…}`/`[…]` for a mapping or list, `~` for nothing).
    fn show(text: &str, n: &Node, path: &str, out: &mut Vec<String>) {
        match &n.value {
            Value::Object(props) => {
                out.push(format!("{path} = {{…}} {:?}", n.range));
                for p in props.iter() {
                    show(text, &p.value, &format!("{path}.{}", p.key), out);
                }
            }
            Value::Array(items) => {
                out.push(format!("{path} = […] {:?}", n.range));
                for (i, it) in items.iter().enumerate() {
                    show(text, it, &format!("{path}[{i}]"), out);
                }
            }
            Value::Null => out.push(format!("{path} = ~ {:?}", n.range)),
            _ => out.push(format!("{path} = {:?}", &text[n.range.clone()])),
        }
    }

    #[test]
    fn half_typed_front_matter() {
        let cases = [
            "---\ntitle: x\nsideb\n---\n",
            "---\nicon:\n  name: x\n  sty\n---\n",
            "---\nkeywords: [a, b\ntitle: \"Hel\n---\n",
            "---\ndescription: |\n  some\n  text\nmode:\n---\n",
            "---\ncontextual:\n  options:\n    - copy\n    - title: x\n      ic\n---\n",
            "---\ndescription:\n  \"The sl\n---\n",
            "---\n<Card title=\"x\">\n  Contact\n",
        ];
        let out: Vec<String> = cases
            .iter()
            .map(|t| {
                let (body, _) = super::super::body(t).unwrap();
                let mut lines = Vec::new();
                match recover(0, t, &Outline::read(t, body)) {
                    Some(root) => show(t, &root, "", &mut lines),
                    None => lines.push("none".into()),
                }
                format!("{t:?}\n  {}", lines.join("\n  "))
            })
            .collect();
        expect_test::expect![[r#"
            "---\ntitle: x\nsideb\n---\n"
               = {…} 4..12
              .title = "x"
            "---\nicon:\n  name: x\n  sty\n---\n"
               = {…} 4..19
              .icon = {…} 12..19
              .icon.name = "x"
            "---\nkeywords: [a, b\ntitle: \"Hel\n---\n"
               = {…} 4..31
              .keywords = "[a, b"
              .title = "\"Hel"
            "---\ndescription: |\n  some\n  text\nmode:\n---\n"
               = {…} 4..38
              .description = "|\n  some\n  text"
              .mode = ~ 38..38
            "---\ncontextual:\n  options:\n    - copy\n    - title: x\n      ic\n---\n"
               = {…} 4..52
              .contextual = {…} 18..52
              .contextual.options = […] 31..52
              .contextual.options[0] = "copy"
              .contextual.options[1] = {…} 44..52
              .contextual.options[1].title = "x"
            "---\ndescription:\n  \"The sl\n---\n"
               = {…} 4..26
              .description = "\"The sl"
            "---\n<Card title=\"x\">\n  Contact\n"
               = "<Card title=\"x\">\n  Contact""#]]
        .assert_eq(&out.join("\n"));
    }
}
