//! YAML to a [`Node`] tree, on `yaml-rust2`'s event parser, with byte ranges.
//!
//! Aliases are expanded with a budget (an alias bomb becomes an error, not a
//! hang), nesting is capped at [`MAX_DEPTH`], and plain scalars are typed by
//! the YAML 1.2 core schema, as the platform's YAML reader does.

use super::tree::{FileId, Node, Prop, Value};
use super::{MAX_DEPTH, SyntaxError};
use std::collections::HashMap;
use yaml_rust2::parser::{Event, Parser};
use yaml_rust2::scanner::{Marker, TScalarStyle};

/// How many nodes alias expansion may create in one document.
const ALIAS_BUDGET: usize = 100_000;

#[derive(Debug, Clone, Default)]
pub struct Parsed {
    pub root: Option<Node>,
    pub errors: Vec<SyntaxError>,
}

enum Frame {
    Seq {
        start: usize,
        anchor: usize,
        items: Vec<Node>,
    },
    Map {
        start: usize,
        anchor: usize,
        props: Vec<Prop>,
        key: Option<(String, std::ops::Range<usize>)>,
    },
}

/// Parse the first YAML document of `text`. Offsets in the result are
/// shifted by `base` (front matter is parsed out of a larger file).
pub fn parse(file: FileId, text: &str, base: usize) -> Parsed {
    let pos = Positions::new(text);
    let mut parser = Parser::new_from_str(text);
    let mut stack: Vec<Frame> = Vec::new();
    let mut anchors: HashMap<usize, Node> = HashMap::new();
    let mut budget = ALIAS_BUDGET;
    let mut errors = Vec::new();
    let mut root = None;
    loop {
        let (ev, mark) = match parser.next_token() {
            Ok(x) => x,
            Err(e) => {
                let at = pos.byte(e.marker()).min(text.len());
                let end = next_char(text, at);
                errors.push(SyntaxError {
                    range: base + at..base + end,
                    message: format!("invalid YAML: {}", e.info()),
                });
                break;
            }
        };
        let at = pos.byte(&mark).min(text.len());
        let done: Option<(Node, usize)> = match ev {
            Event::StreamEnd | Event::DocumentEnd => break,
            Event::Nothing | Event::StreamStart | Event::DocumentStart => None,
            Event::Scalar(s, style, anchor, _tag) => {
                // A one-line plain scalar is its own source text; this is
                // exact where the scan below would stop at `}` `]` `,`, which
                // end a plain scalar only in flow context (`/a/{id}` keys).
                let end = if style == TScalarStyle::Plain
                    && text.get(at..).is_some_and(|t| t.starts_with(s.as_str()))
                {
                    at + s.len()
                } else {
                    scalar_end(text, at, style)
                };
                let value = if style == TScalarStyle::Plain {
                    plain_value(&s)
                } else {
                    Value::String(s.into())
                };
                Some((Node::new(file, base + at..base + end, value), anchor))
            }
            Event::Alias(id) => {
                let node = match anchors.get(&id) {
                    Some(n) => {
                        let size = count(n);
                        if size > budget {
                            errors.push(SyntaxError {
                                range: base + at..base + next_char(text, at),
                                message: "YAML aliases expand to too many nodes (an alias bomb?): \
                                          the document was not read further"
                                    .into(),
                            });
                            break;
                        }
                        budget -= size;
                        let mut n = n.clone();
                        n.range = base + at..base + next_char(text, at);
                        n
                    }
                    None => Node::new(file, base + at..base + at, Value::Null),
                };
                Some((node, 0))
            }
            Event::SequenceStart(anchor, _) | Event::MappingStart(anchor, _) => {
                if stack.len() >= MAX_DEPTH {
                    errors.push(SyntaxError {
                        range: base + at..base + next_char(text, at),
                        message: format!(
                            "nesting deeper than {MAX_DEPTH} levels: the file was not read further"
                        ),
                    });
                    break;
                }
                stack.push(if matches!(ev, Event::SequenceStart(..)) {
                    Frame::Seq {
                        start: at,
                        anchor,
                        items: Vec::new(),
                    }
                } else {
                    Frame::Map {
                        start: at,
                        anchor,
                        props: Vec::new(),
                        key: None,
                    }
                });
                None
            }
            Event::SequenceEnd | Event::MappingEnd => match stack.pop() {
                Some(Frame::Seq {
                    start,
                    anchor,
                    items,
                }) => {
                    let end = items.last().map_or(at, |n| n.range.end - base).max(start);
                    Some((
                        Node::new(file, base + start..base + end, Value::Array(items.into())),
                        anchor,
                    ))
                }
                Some(Frame::Map {
                    start,
                    anchor,
                    props,
                    ..
                }) => {
                    let end = props
                        .last()
                        .map_or(at, |p| p.value.range.end - base)
                        .max(start);
                    Some((
                        Node::new(file, base + start..base + end, Value::Object(props.into())),
                        anchor,
                    ))
                }
                None => None,
            },
        };
        let Some((node, anchor)) = done else { continue };
        if anchor != 0 {
            anchors.insert(anchor, node.clone());
        }
        match stack.last_mut() {
            None => {
                root = Some(node);
            }
            Some(Frame::Seq { items, .. }) => items.push(node),
            Some(Frame::Map { props, key, .. }) => match key.take() {
                None => {
                    let k = match &node.value {
                        Value::String(s) => s.to_string(),
                        Value::Number(_) | Value::Bool(_) | Value::Null => {
                            text[node.range.start - base..node.range.end - base].to_string()
                        }
                        _ => String::new(),
                    };
                    *key = Some((k, node.range));
                }
                Some((k, key_range)) => props.push(Prop {
                    key: k.into(),
                    key_range,
                    value: node,
                }),
            },
        }
    }
    if !errors.is_empty() {
        root = None;
    }
    Parsed { root, errors }
}

fn count(n: &Node) -> usize {
    let mut c = 0;
    n.walk(|_| c += 1);
    c
}

fn next_char(text: &str, at: usize) -> usize {
    text[at..].chars().next().map_or(at, |c| at + c.len_utf8())
}

/// YAML 1.2 core schema typing of a plain scalar.
fn plain_value(s: &str) -> Value {
    match s {
        "" | "~" | "null" | "Null" | "NULL" => Value::Null,
        "true" | "True" | "TRUE" => Value::Bool(true),
        "false" | "False" | "FALSE" => Value::Bool(false),
        _ => {
            let numeric = s
                .bytes()
                .all(|b| b.is_ascii_digit() || b"+-.eE_".contains(&b))
                && s.bytes().any(|b| b.is_ascii_digit());
            match s.parse::<f64>() {
                Ok(n) if numeric => Value::Number(n),
                _ => Value::String(s.into()),
            }
        }
    }
}

/// Where a scalar that starts at `at` ends in the source. yaml-rust2 gives
/// only start marks; quoted scalars end at their closing quote, plain ones at
/// the end of the line, a comment or a flow indicator.
fn scalar_end(text: &str, at: usize, style: TScalarStyle) -> usize {
    let b = text.as_bytes();
    let mut i = at;
    match style {
        TScalarStyle::DoubleQuoted => {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            (i + 1).min(b.len())
        }
        TScalarStyle::SingleQuoted => {
            i += 1;
            while i < b.len() {
                if b[i] == b'\'' {
                    if b.get(i + 1) == Some(&b'\'') {
                        i += 2;
                        continue;
                    }
                    break;
                }
                i += 1;
            }
            (i + 1).min(b.len())
        }
        _ => {
            while i < b.len() && b[i] != b'\n' && b[i] != b'\r' {
                if b[i] == b'#' && i > at && b[i - 1] == b' ' {
                    break;
                }
                if style == TScalarStyle::Plain && matches!(b[i], b',' | b']' | b'}') {
                    break;
                }
                if style == TScalarStyle::Plain
                    && b[i] == b':'
                    && matches!(b.get(i + 1), None | Some(b' ' | b'\n' | b'\r'))
                {
                    break;
                }
                i += 1;
            }
            while i > at && b[i - 1] == b' ' {
                i -= 1;
            }
            i
        }
    }
}

/// Byte offsets of `yaml-rust2` markers. `Marker::index` cannot be used: it
/// counts characters, except on block scalar (`|`, `>`) lines where it adds
/// byte lengths, so it drifts after non-ASCII text in a block scalar. The
/// line (1-based, `\r\n`, `\n` or `\r`) and the column (0-based, in chars)
/// of a token start are exact, so offsets come from those.
struct Positions<'t> {
    text: &'t str,
    ascii: bool,
    line_starts: Vec<usize>,
}

impl<'t> Positions<'t> {
    fn new(text: &'t str) -> Self {
        let b = text.as_bytes();
        let mut line_starts = vec![0];
        let mut i = 0;
        while i < b.len() {
            match b[i] {
                b'\r' if b.get(i + 1) == Some(&b'\n') => {
                    i += 2;
                    line_starts.push(i);
                }
                b'\r' | b'\n' => {
                    i += 1;
                    line_starts.push(i);
                }
                _ => i += 1,
            }
        }
        Positions {
            text,
            ascii: text.is_ascii(),
            line_starts,
        }
    }

    fn byte(&self, mark: &Marker) -> usize {
        let len = self.text.len();
        let line = mark.line().saturating_sub(1);
        let Some(&start) = self.line_starts.get(line) else {
            return len;
        };
        let line_end = self.line_starts.get(line + 1).copied().unwrap_or(len);
        if self.ascii {
            return (start + mark.col()).min(line_end);
        }
        self.text[start..line_end]
            .char_indices()
            .nth(mark.col())
            .map_or(line_end, |(i, _)| start + i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_types_and_unicode() {
        let text =
            "title: \"Héllo\"\npublic: true\nn: 3\ngroups:\n  - admin\nopenapi: get /x # c\n";
        let p = parse(7, text, 10);
        assert!(p.errors.is_empty(), "{:?}", p.errors);
        let root = p.root.unwrap();
        let t = root.get("title").unwrap();
        assert_eq!(&text[t.range.start - 10..t.range.end - 10], "\"Héllo\"");
        assert_eq!(root.get("public").unwrap().as_bool(), Some(true));
        assert_eq!(root.get("n").unwrap().kind_name(), "integer");
        assert_eq!(
            root.get("groups").unwrap().items()[0].as_str(),
            Some("admin")
        );
        let o = root.get("openapi").unwrap();
        assert_eq!(&text[o.range.start - 10..o.range.end - 10], "get /x");
    }

    #[test]
    fn plain_block_scalars_keep_braces_and_brackets() {
        let text = "/a/{id}: x]\nk: [a, b]\n";
        let root = parse(0, text, 0).root.unwrap();
        let p = &root.props()[0];
        assert_eq!(&text[p.key_range.clone()], "/a/{id}");
        assert_eq!(&text[p.value.range.clone()], "x]");
        let items = root.get("k").unwrap().items();
        assert_eq!(&text[items[1].range.clone()], "b");
    }

    #[test]
    fn ranges_survive_non_ascii_in_block_scalars() {
        let text = "a: |\r\n  caf\u{e9} \u{2014} \u{1f600}\r\n  x\r\nkey: \u{e9}t\u{e9}\r\nb: >\n  \u{2014}\n\u{e9}: [v]\n";
        let root = parse(0, text, 0).root.unwrap();
        let key = root.prop("key").unwrap();
        assert_eq!(&text[key.key_range.clone()], "key");
        assert_eq!(&text[key.value.range.clone()], "\u{e9}t\u{e9}");
        let last = root.prop("\u{e9}").unwrap();
        assert_eq!(&text[last.key_range.clone()], "\u{e9}");
        assert_eq!(&text[last.value.items()[0].range.clone()], "v");
    }

    #[test]
    fn alias_bomb_is_an_error() {
        let mut text = String::from("a: &a [x, x, x, x, x, x, x, x, x, x]\n");
        let mut prev = 'a';
        for c in 'b'..='k' {
            text.push_str(&format!(
                "{c}: &{c} [*{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}]\n"
            ));
            prev = c;
        }
        let p = parse(0, &text, 0);
        assert!(p.errors[0].message.contains("alias"), "{:?}", p.errors);
    }

    #[test]
    fn syntax_error_is_reported() {
        let p = parse(0, "a: [1, 2\nb: }", 0);
        assert!(p.root.is_none());
        assert!(p.errors[0].message.starts_with("invalid YAML"));
    }
}
