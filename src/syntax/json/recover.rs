//! docs.json's `Node` tree read from text that does not parse: the tree the
//! editor features query while a writer is half way through a key, a
//! value or a bracket.
//!
//! jsonc-parser has no error recovery, so the text is read as the tolerant
//! tape ([`Tape`]), and the tape's containers become `Node`s. Each
//! container's children are paired up by the same reading a cursor
//! question steps through ([`Frame`]), so that the path the cursor query
//! takes down this tree is the path it would read from the text itself
//! (`query::tests` checks both ways at every offset of broken texts):
//! - in an object, a container is the value of the key read last (a
//!   missing colon or comma does not detach it; with no key, of `""`), and
//!   a scalar is a member's value only after a key and its colon;
//! - in an array, every value is an item, at the index the commas and the
//!   values before it give (a missing comma counts, an empty slot between
//!   two commas is an empty `null`);
//! - a container that no bracket of its own closes ends where the bracket
//!   of an outer one closes it, or at the end of the text, and is listed
//!   in [`Recovered::unclosed`]: the cursor at its end is still inside it.
//!
//! The rules never read this tree: a docs.json that does not parse is an
//! error the platform refuses, and reported as that.

use super::members::{Frame, St, colon_at};
use super::tape::{Tape, Token, TokenKind};
use crate::syntax::tree::{FileId, Node, Prop, Value};
use std::borrow::Cow;
use std::sync::Arc;

/// A tree read from text that may not parse.
#[derive(Debug, Clone, PartialEq)]
pub struct Recovered {
    pub root: Node,
    /// Where the containers that no bracket of their own closes start, in
    /// text order.
    pub unclosed: Vec<usize>,
}

/// The tree of the first value in `text` (any text: `None` when it holds
/// no value at all, only whitespace, comments or stray closers).
pub fn recover(file: FileId, text: &str) -> Option<Recovered> {
    let tape = Tape::read(text);
    let mut b = Builder {
        text,
        tape: &tape,
        file,
        base: 0,
        unclosed: Vec::new(),
    };
    let mut i = 0;
    while i < tape.tokens.len() {
        if is_value(&tape.tokens[i]) {
            let root = b.value(i);
            return Some(Recovered {
                root,
                unclosed: b.unclosed,
            });
        }
        i = tape.next_sibling(i);
    }
    None
}

/// [`recover`] of `text`, edited by `diff` from a text that parsed as
/// `clean`, when the edit is strictly inside one container below the top
/// one and the tape reads that container's new text as one whole
/// container (its own bracket closes it, nothing in it is left open and
/// no closer in it closes nothing): that container recovered from its own
/// text, the rest `clean` with its ranges moved. The whole text's tape is
/// then the clean text's outside the container, so this is the tree of
/// the whole text, made in what the edited container costs. `None`:
/// recover the whole text.
pub fn recover_edited(
    file: FileId,
    clean: &Node,
    text: &str,
    diff: &crate::syntax::edit::TextDiff,
) -> Option<Recovered> {
    let edited = crate::syntax::reparse::EditedContainer::of(clean, text, diff)?;
    let (target, depth, own) = (edited.node, edited.depth, edited.text);
    let tape = Tape::read(own);
    // Read from the top, brackets past `MAX_DEPTH` are flat tokens.
    let opens = tape
        .tokens
        .iter()
        .filter(|t| matches!(t.kind, TokenKind::Open { .. }))
        .count();
    if depth + opens > crate::syntax::MAX_DEPTH {
        return None;
    }
    let whole = match tape.tokens.first() {
        Some(t) => {
            matches!(t.kind, TokenKind::Open { closed: true, .. })
                && t.link as usize == tape.tokens.len() - 1
                && tape.tokens[t.link as usize].end as usize == own.len()
        }
        None => false,
    };
    if !whole || tape.tokens.iter().any(|t| t.kind == TokenKind::Stray) {
        return None;
    }
    let mut b = Builder {
        text: own,
        tape: &tape,
        file,
        base: edited.range.start,
        unclosed: Vec::new(),
    };
    let with = b.value(0);
    let root = crate::syntax::reparse::spliced(clean, file, diff, target, &with);
    Some(Recovered {
        root,
        unclosed: b.unclosed,
    })
}

fn is_value(t: &Token) -> bool {
    matches!(
        t.kind,
        TokenKind::String { .. } | TokenKind::Word | TokenKind::Open { .. }
    )
}

struct Builder<'a> {
    text: &'a str,
    tape: &'a Tape,
    file: FileId,
    /// Where `text` starts in the file's text: added to every range.
    base: usize,
    unclosed: Vec<usize>,
}

impl Builder<'_> {
    /// The node of the value token at `i` (with its subtree).
    fn value(&mut self, i: usize) -> Node {
        let t = self.tape.tokens[i];
        let (start, end) = (t.start as usize, t.end as usize);
        let base = self.base;
        let at = |r: std::ops::Range<usize>| r.start + base..r.end + base;
        let value = match t.kind {
            TokenKind::Open { object, closed } => {
                let end = if closed {
                    self.tape.tokens[t.link as usize].end as usize
                } else {
                    // Listed before its children: the list stays in text
                    // order.
                    self.unclosed.push(start + self.base);
                    (self.tape.close_offset(i) as usize).min(self.text.len())
                };
                let value = self.children(i, object);
                return Node::new(self.file, at(start..end), value);
            }
            TokenKind::String { .. } => Value::String(Arc::from(string(self.text, &t).as_ref())),
            _ => word(&self.text[start..end]),
        };
        Node::new(self.file, at(start..end), value)
    }

    /// The members or items of the container opened at token `i`.
    fn children(&mut self, i: usize, object: bool) -> Value {
        let end = self.tape.children_end(Some(i));
        let mut frame = Frame::new(object);
        let mut keys = Vec::new();
        let mut props: Vec<Prop> = Vec::new();
        let mut items: Vec<Node> = Vec::new();
        let mut j = i + 1;
        while j < end {
            let t = self.tape.tokens[j];
            let before = frame.st;
            frame.step(&t, &mut keys, colon_at(&self.tape.tokens, j + 1));
            keys.clear();
            if is_value(&t) {
                let container = matches!(t.kind, TokenKind::Open { .. });
                if !object {
                    // Empty slots before it (`[1,,x]`) keep its index.
                    while items.len() < frame.index {
                        let at = t.start as usize + self.base;
                        items.push(Node::new(self.file, at..at, Value::Null));
                    }
                    items.push(self.value(j));
                } else if container || before == St::Value && frame.st == St::After {
                    let key = frame.key;
                    if container || key.is_some() {
                        let (key, key_range) = match key {
                            Some(k) => (
                                string(self.text, &k),
                                k.start as usize + self.base..k.end as usize + self.base,
                            ),
                            None => {
                                let at = t.start as usize + self.base;
                                (Cow::Borrowed(""), at..at)
                            }
                        };
                        props.push(Prop {
                            key: key.as_ref().into(),
                            key_range,
                            value: self.value(j),
                        });
                    }
                }
            }
            j = self.tape.next_sibling(j);
        }
        if object {
            Value::Object(props.into())
        } else {
            Value::Array(items.into())
        }
    }
}

/// A string token's value: its escapes decoded when it is a whole JSON
/// string, else its text between the quotes as written.
fn string<'a>(text: &'a str, t: &Token) -> Cow<'a, str> {
    let (start, end) = (t.start as usize, t.end as usize);
    match t.kind {
        TokenKind::String { terminated: true } => {
            let raw = &text[start..end];
            let between = &text[start + 1..end - 1];
            // Most strings (page paths, names) hold no escape: their text
            // is their value.
            if between.contains('\\') {
                serde_json::from_str::<String>(raw).map_or(Cow::Borrowed(between), Cow::Owned)
            } else {
                Cow::Borrowed(between)
            }
        }
        _ => Cow::Borrowed(text.get(start + 1..end).unwrap_or_default()),
    }
}

/// A bare word's value: a literal or a number as JSON reads them; a word
/// being typed (`tru`, `mint` without quotes) is read as `null`.
fn word(w: &str) -> Value {
    match w {
        "true" => Value::Bool(true),
        "false" => Value::Bool(false),
        // As the parser's tree reads a number (`1e400` is infinite).
        _ if w.starts_with(|c: char| c == '-' || c.is_ascii_digit()) => {
            w.parse::<f64>().map_or(Value::Null, Value::Number)
        }
        _ => Value::Null,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(n: &Node) -> String {
        match &n.value {
            Value::Object(props) => {
                let inner: Vec<String> = props
                    .iter()
                    .map(|p| format!("{:?}@{:?}: {}", p.key.as_str(), p.key_range, show(&p.value)))
                    .collect();
                format!("{{{}}}@{:?}", inner.join(", "), n.range)
            }
            Value::Array(items) => {
                let inner: Vec<String> = items.iter().map(show).collect();
                format!("[{}]@{:?}", inner.join(", "), n.range)
            }
            v => format!("{v:?}@{:?}", n.range),
        }
    }

    #[test]
    fn broken_texts_read_as_a_writer_means_them() {
        let cases = [
            // A document that parses reads as the parser reads it.
            r#"{"a": [1, "x", {"b": true}], "c": null}"#,
            // A key being typed, with no colon yet: not a member.
            r#"{"name": "x", "th"#,
            // A missing value, then the next member.
            "{\"a\": \n \"b\": 1}",
            // A missing comma between members and between items.
            r#"{"a": 1 "b": [1 2]}"#,
            // An empty slot, a container with no key, a missing colon.
            r#"{"p": [1,,{}], {"x": 1}, "q" {"y": 2}}"#,
            // Containers left open: to the end, or to an outer closer.
            r#"{"a": {"b": [{"c": "d"#,
            r#"{"a": [1, {"b": 2 ] "c": 3}"#,
            // Escapes decoded; an unterminated string read as written.
            "{\"k\\u0041\": \"v\\n\", \"u\": \"open\n}",
            // A word being typed, a stray closer, no value at all.
            r#"{"theme": mi ] }"#,
            "// only a comment\n ]",
        ];
        let out: Vec<String> = cases
            .iter()
            .map(|t| match recover(0, t) {
                Some(r) => format!("{} unclosed={:?}", show(&r.root), r.unclosed),
                None => "none".to_string(),
            })
            .collect();
        expect_test::expect![[r#"
            {"a"@1..4: [Number(1.0)@7..8, String("x")@10..13, {"b"@16..19: Bool(true)@21..25}@15..26]@6..27, "c"@29..32: Null@34..38}@0..39 unclosed=[]
            {"name"@1..7: String("x")@9..12}@0..17 unclosed=[0]
            {"b"@8..11: Number(1.0)@13..14}@0..15 unclosed=[]
            {"a"@1..4: Number(1.0)@6..7, "b"@8..11: [Number(1.0)@14..15, Number(2.0)@16..17]@13..18}@0..19 unclosed=[]
            {"p"@1..4: [Number(1.0)@7..8, Null@10..10, {}@10..12]@6..13, ""@15..15: {"x"@16..19: Number(1.0)@21..22}@15..23, "q"@25..28: {"y"@30..33: Number(2.0)@35..36}@29..37}@0..38 unclosed=[]
            {"a"@1..4: {"b"@7..10: [{"c"@14..17: String("d")@19..21}@13..21]@12..21}@6..21}@0..21 unclosed=[0, 6, 12, 13]
            {"a"@1..4: [Number(1.0)@7..8, {"b"@11..14: Number(2.0)@16..17}@10..18]@6..19, "c"@20..23: Number(3.0)@25..26}@0..27 unclosed=[10]
            {"kA"@1..10: String("v\n")@12..17, "u"@19..22: String("open")@24..29}@0..31 unclosed=[]
            {"theme"@1..8: Null@10..12}@0..16 unclosed=[]
            none"#]].assert_eq(&out.join("\n"));
    }

    /// Where the text parses, the recovered tree is the parser's tree.
    #[test]
    fn a_text_that_parses_is_read_as_the_parser_reads_it() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut n = 0;
        for dir in ["examples/site", "tests/fixtures/check"] {
            for e in ignore::WalkBuilder::new(root.join(dir)).build().flatten() {
                let Some(text) = e
                    .path()
                    .extension()
                    .is_some_and(|x| x == "json")
                    .then(|| std::fs::read_to_string(e.path()).ok())
                    .flatten()
                else {
                    continue;
                };
                let parsed = super::super::parse(0, &text);
                let clean = parsed.errors.is_empty() && parsed.lone_surrogates.is_empty();
                let (Some(tree), true) = (parsed.root, clean) else {
                    continue;
                };
                let r = recover(0, &text).expect("a value");
                assert_eq!(r.root, *tree, "{}", e.path().display());
                assert!(r.unclosed.is_empty());
                n += 1;
            }
        }
        assert!(n > 50, "{n}");
    }
}
