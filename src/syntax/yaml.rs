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
pub struct ParsedYaml {
    pub root: Option<Node>,
    pub errors: Vec<SyntaxError>,
    /// Where the text goes on after the first document (which alone is
    /// read): a second one, or text yaml-rust2 ends the first at without
    /// an error (a line indented less than the first document's top level).
    pub next_document: Option<usize>,
}

enum YamlFrame {
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
pub fn parse(file: FileId, text: &str, base: usize) -> ParsedYaml {
    parse_events(file, text, base, text, &[], plain_value)
}

/// Parse a spec as the platform's prebuild reads it, with js-yaml 4: plain
/// scalars typed by its core schema (`0x1F`, `0o17`, `.inf` are numbers,
/// `100_000` a string), and flow collections whose lines are indented no
/// deeper than their key (`tags: [` ... `]` with `]` under `tags`), which
/// js-yaml reads and yaml-rust2 refuses ("invalid indentation"). Such a text
/// is read again with those lines indented (flow content ignores
/// indentation, so the values are the same); ranges stay in `text`.
pub fn parse_spec(file: FileId, text: &str) -> ParsedYaml {
    let parsed = parse_events(file, text, 0, text, &[], js_yaml4_value);
    if !parsed
        .errors
        .iter()
        .any(|e| e.message.contains("indentation"))
    {
        return parsed;
    }
    match indent_flow_lines(text) {
        Some((shifted, added)) => {
            let again = parse_events(file, &shifted, 0, text, &added, js_yaml4_value);
            if again.errors.is_empty() {
                again
            } else {
                parsed
            }
        }
        None => parsed,
    }
}

/// `text` with every line that starts inside a flow collection (`[`/`{`
/// opened on an earlier line and not closed) indented one column deeper
/// than the line that opened the outermost one; with the spaces added to
/// each line. `None` when no line needed it.
fn indent_flow_lines(text: &str) -> Option<(String, Vec<usize>)> {
    let mut out = String::with_capacity(text.len() + 256);
    let mut added = Vec::new();
    let mut depth = 0usize;
    // The indentation of the line where the outermost open collection began.
    let mut opener_indent = 0usize;
    let mut any = false;
    for line in text.split_inclusive('\n') {
        let indent = line.len() - line.trim_start_matches(' ').len();
        let mut pad = 0;
        if depth > 0 && !line.trim().is_empty() && indent <= opener_indent {
            pad = opener_indent + 1 - indent;
            any = true;
        }
        added.push(pad);
        out.extend(std::iter::repeat_n(' ', pad));
        out.push_str(line);
        // Brackets outside quotes and comments (a quoted scalar spanning
        // lines is rare in specs: each line is read on its own).
        let b = line.as_bytes();
        let mut i = 0;
        let mut quote: Option<u8> = None;
        while i < b.len() {
            let c = b[i];
            match quote {
                Some(q) => {
                    if c == b'\\' && q == b'"' {
                        i += 1;
                    } else if c == q {
                        quote = None;
                    }
                }
                None => match c {
                    b'"' | b'\''
                        if depth > 0
                            || i == 0
                            || matches!(b[i - 1], b' ' | b':' | b'[' | b'{' | b',') =>
                    {
                        quote = Some(c)
                    }
                    b'#' if i == 0 || b[i - 1] == b' ' => break,
                    b'[' | b'{'
                        if depth > 0 || i == 0 || matches!(b[i - 1], b' ' | b'[' | b'{' | b',') =>
                    {
                        if depth == 0 {
                            opener_indent = indent;
                        }
                        depth += 1;
                    }
                    b']' | b'}' if depth > 0 => depth -= 1,
                    _ => {}
                },
            }
            i += 1;
        }
    }
    any.then_some((out, added))
}

/// The events of `text` to a tree. `source` is the text as written and
/// `added[line]` the spaces [`indent_flow_lines`] put before that line of
/// `text`: every range is in `source`.
fn parse_events(
    file: FileId,
    text: &str,
    base: usize,
    source: &str,
    added: &[usize],
    typing: fn(&str) -> Value,
) -> ParsedYaml {
    let pos = Positions::new(source, added);
    let mut parser = Parser::new_from_str(text);
    let text = source;
    let mut stack: Vec<YamlFrame> = Vec::new();
    let mut anchors: HashMap<usize, Node> = HashMap::new();
    let mut budget = ALIAS_BUDGET;
    let mut errors = Vec::new();
    let mut root = None;
    let mut next_document = None;
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
            Event::StreamEnd => break,
            Event::DocumentEnd => {
                // Anything but the stream's end: a second document, or
                // text that cannot start one.
                next_document = match parser.next_token() {
                    Ok((Event::StreamEnd, _)) => None,
                    Ok((_, mark)) => Some(base + pos.byte(&mark).min(text.len())),
                    Err(e) => Some(base + pos.byte(e.marker()).min(text.len())),
                };
                break;
            }
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
                let absent = s.is_empty() && style == TScalarStyle::Plain;
                let value = if style == TScalarStyle::Plain {
                    typing(&s)
                } else {
                    Value::String(s.into())
                };
                // An absent value (`key:`, `-` with nothing after them) is
                // marked where the next token starts, lines below: it is
                // put right after its `:` or `-` instead.
                let range = match stack.last() {
                    Some(frame) if absent => {
                        let at = frame.absent_value_at(text, base).unwrap_or(at);
                        at..at
                    }
                    _ => at..end,
                };
                Some((
                    Node::new(file, base + range.start..base + range.end, value),
                    anchor,
                ))
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
                    YamlFrame::Seq {
                        start: dash_before(text, at).unwrap_or(at),
                        anchor,
                        items: Vec::new(),
                    }
                } else {
                    YamlFrame::Map {
                        start: at,
                        anchor,
                        props: Vec::new(),
                        key: None,
                    }
                });
                None
            }
            Event::SequenceEnd | Event::MappingEnd => match stack.pop() {
                Some(YamlFrame::Seq {
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
                Some(YamlFrame::Map {
                    start,
                    anchor,
                    props,
                    ..
                }) => {
                    let end = props
                        .last()
                        .map_or(at, |p| p.value.range.end - base)
                        .max(start);
                    // A block mapping is marked at its first key's colon:
                    // it starts at that key.
                    let start = props
                        .first()
                        .map_or(start, |p| p.key_range.start - base)
                        .min(start);
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
            Some(YamlFrame::Seq { items, .. }) => items.push(node),
            Some(YamlFrame::Map { props, key, .. }) => match key.take() {
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
    ParsedYaml {
        root,
        errors,
        next_document,
    }
}

impl YamlFrame {
    /// Where the absent value that comes next in this collection is: right
    /// after its key's `:`, or after its item's `-`. `None` when that
    /// indicator is not where it is looked for (flow collections, keys
    /// that are themselves absent).
    fn absent_value_at(&self, text: &str, base: usize) -> Option<usize> {
        let b = text.as_bytes();
        match self {
            YamlFrame::Map {
                key: Some((_, key)),
                ..
            } => {
                let colon = skip_blanks(b, key.end - base);
                (b.get(colon) == Some(&b':')).then_some(colon + 1)
            }
            YamlFrame::Seq { start, items, .. } => {
                let from = items.last().map_or(*start, |n| n.range.end - base);
                let dash = skip_blanks_and_comments(b, from);
                (b.get(dash) == Some(&b'-')).then_some(dash + 1)
            }
            YamlFrame::Map { key: None, .. } => None,
        }
    }
}

fn skip_blanks(b: &[u8], mut i: usize) -> usize {
    while matches!(b.get(i), Some(b' ' | b'\t')) {
        i += 1;
    }
    i
}

/// The first byte from `i` that is not a blank, a line break or part of a
/// comment.
fn skip_blanks_and_comments(b: &[u8], mut i: usize) -> usize {
    loop {
        match b.get(i) {
            Some(b' ' | b'\t' | b'\r' | b'\n') => i += 1,
            Some(b'#') => {
                while !matches!(b.get(i), None | Some(b'\n')) {
                    i += 1;
                }
            }
            _ => return i,
        }
    }
}

/// The `-` of a block sequence that yaml-rust2 marks after it (at its first
/// item's value, `key:` / `- x` marked at `x`, or at the end of the dash's
/// line when the item is on the lines below): the last of the dashes that
/// open the marker's line before it (`- - x` holds two).
fn dash_before(text: &str, at: usize) -> Option<usize> {
    if matches!(text.as_bytes().get(at), Some(b'-' | b'[' | b'{')) {
        return None;
    }
    let at = at.min(text.len());
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    line_dashes(text, line_start).take_while(|&d| d < at).last()
}

/// The `-`s that open the line starting at `line_start` (`- - a` has two),
/// as offsets: a `-` followed by a blank or the line's end, after blanks.
pub(crate) fn line_dashes(text: &str, line_start: usize) -> impl Iterator<Item = usize> + '_ {
    let b = text.as_bytes();
    let mut i = line_start;
    std::iter::from_fn(move || {
        while matches!(b.get(i), Some(b' ' | b'\t')) {
            i += 1;
        }
        let at = i;
        let dash = b.get(at) == Some(&b'-')
            && matches!(b.get(at + 1), None | Some(b' ' | b'\t' | b'\r' | b'\n'));
        dash.then(|| {
            i += 1;
            at
        })
    })
}

fn count(n: &Node) -> usize {
    let mut c = 0;
    n.walk(|_| c += 1);
    c
}

fn next_char(text: &str, at: usize) -> usize {
    text[at..].chars().next().map_or(at, |c| at + c.len_utf8())
}

/// js-yaml 4's core schema for a plain scalar: YAML 1.2 integers in
/// decimal, `0x`, `0o` and `0b` (no `_`: `100_000` is a string), floats
/// with `.inf` and `.nan`.
fn js_yaml4_value(s: &str) -> Value {
    let unsigned = s.strip_prefix(['-', '+']).unwrap_or(s);
    let negative = s.starts_with('-');
    let radix = |p: &str, r: u32| {
        unsigned
            .strip_prefix(p)
            .filter(|d| !d.is_empty() && !d.contains('_'))
            .and_then(|d| u64::from_str_radix(d, r).ok())
            .map(|n| Value::Number(if negative { -(n as f64) } else { n as f64 }))
    };
    if let Some(v) = radix("0x", 16)
        .or_else(|| radix("0o", 8))
        .or_else(|| radix("0b", 2))
    {
        return v;
    }
    match unsigned {
        ".inf" | ".Inf" | ".INF" => {
            return Value::Number(if negative {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            });
        }
        ".nan" | ".NaN" | ".NAN" if s == unsigned => return Value::Number(f64::NAN),
        _ => {}
    }
    if s.contains('_') {
        return Value::String(s.into());
    }
    plain_value(s)
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
    /// Spaces put before each line of the text the parser read (see
    /// [`parse_spec`]).
    added: &'t [usize],
}

impl<'t> Positions<'t> {
    fn new(text: &'t str, added: &'t [usize]) -> Self {
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
            added,
        }
    }

    fn byte(&self, mark: &Marker) -> usize {
        let len = self.text.len();
        let line = mark.line().saturating_sub(1);
        let Some(&start) = self.line_starts.get(line) else {
            return len;
        };
        let line_end = self.line_starts.get(line + 1).copied().unwrap_or(len);
        let col = mark
            .col()
            .saturating_sub(self.added.get(line).copied().unwrap_or(0));
        if self.ascii {
            return (start + col).min(line_end);
        }
        self.text[start..line_end]
            .char_indices()
            .nth(col)
            .map_or(line_end, |(i, _)| start + i)
    }
}

#[cfg(test)]
mod tests;
