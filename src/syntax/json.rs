//! JSONC (comments, trailing commas) to a [`Node`] tree, on `jsonc-parser`.

use super::tree::{FileId, Node, Prop, Value};
use super::{MAX_DEPTH, SyntaxError};
use jsonc_parser::ast;
use jsonc_parser::{CollectOptions, ParseOptions};

/// The result of reading a JSON(C) text: a tree when it parses, and errors.
#[derive(Debug, Clone, Default)]
pub struct Parsed {
    pub root: Option<std::sync::Arc<Node>>,
    pub errors: Vec<SyntaxError>,
}

/// Parse JSONC the way docs.json is written: comments and trailing commas
/// are fine; missing commas, single quotes and bare words are errors.
pub fn parse(file: FileId, text: &str) -> Parsed {
    if let Some(err) = too_deep(text) {
        return Parsed {
            root: None,
            errors: vec![err],
        };
    }
    let opts = ParseOptions {
        allow_comments: true,
        allow_trailing_commas: true,
        allow_loose_object_property_names: false,
        allow_missing_commas: false,
        allow_single_quoted_strings: false,
        allow_hexadecimal_numbers: false,
        allow_unary_plus_numbers: false,
        ..Default::default()
    };
    match jsonc_parser::parse_to_ast(text, &CollectOptions::default(), &opts) {
        Ok(res) => Parsed {
            root: res.value.map(|v| std::sync::Arc::new(convert(file, v))),
            errors: Vec::new(),
        },
        Err(e) => {
            let r = e.range();
            let end = if r.end > r.start {
                r.end
            } else {
                next_boundary(text, r.start)
            };
            Parsed {
                root: None,
                errors: vec![SyntaxError {
                    range: r.start..end,
                    message: format!("invalid JSON: {}", e.kind()),
                }],
            }
        }
    }
}

fn next_boundary(text: &str, at: usize) -> usize {
    let mut e = (at + 1).min(text.len());
    while e < text.len() && !text.is_char_boundary(e) {
        e += 1;
    }
    e
}

/// Nesting depth check before the recursive parser runs, so 100,000 nested
/// arrays give a diagnostic instead of a stack overflow.
fn too_deep(text: &str) -> Option<SyntaxError> {
    let b = text.as_bytes();
    let (mut depth, mut i) = (0usize, 0usize);
    while i < b.len() {
        match b[i] {
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                    i += 1;
                }
                i += 1;
            }
            b'[' | b'{' => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Some(SyntaxError {
                        range: i..i + 1,
                        message: format!(
                            "nesting deeper than {MAX_DEPTH} levels: the file was not read further"
                        ),
                    });
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    None
}

fn convert(file: FileId, v: ast::Value<'_>) -> Node {
    match v {
        ast::Value::StringLit(s) => Node::new(
            file,
            s.range.start..s.range.end,
            Value::String(s.value.into_owned()),
        ),
        ast::Value::NumberLit(n) => Node::new(
            file,
            n.range.start..n.range.end,
            Value::Number(n.value.parse().unwrap_or(f64::NAN)),
        ),
        ast::Value::BooleanLit(b) => {
            Node::new(file, b.range.start..b.range.end, Value::Bool(b.value))
        }
        ast::Value::NullKeyword(n) => Node::new(file, n.range.start..n.range.end, Value::Null),
        ast::Value::Array(a) => Node::new(
            file,
            a.range.start..a.range.end,
            Value::Array(a.elements.into_iter().map(|e| convert(file, e)).collect()),
        ),
        ast::Value::Object(o) => Node::new(
            file,
            o.range.start..o.range.end,
            Value::Object(
                o.properties
                    .into_iter()
                    .map(|p| {
                        let (key, key_range) = match p.name {
                            ast::ObjectPropName::String(s) => {
                                (s.value.into_owned(), s.range.start..s.range.end)
                            }
                            ast::ObjectPropName::Word(w) => {
                                (w.value.to_string(), w.range.start..w.range.end)
                            }
                        };
                        Prop {
                            key,
                            key_range,
                            value: convert(file, p.value),
                        }
                    })
                    .collect(),
            ),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_and_trailing_commas_parse_with_ranges() {
        let text = "{ // c\n \"a\": [1, \"x\",], /* b */ \"b\": true, }";
        let p = parse(0, text);
        assert!(p.errors.is_empty(), "{:?}", p.errors);
        let root = p.root.unwrap();
        let a = root.prop("a").unwrap();
        assert_eq!(&text[a.key_range.clone()], "\"a\"");
        assert_eq!(&text[a.value.items()[1].range.clone()], "\"x\"");
    }

    #[test]
    fn errors_have_ranges_and_deep_nesting_is_refused() {
        let p = parse(0, "{\"a\": 1 \"b\": 2}");
        assert!(p.root.is_none());
        assert_eq!(p.errors.len(), 1);
        let deep = "[".repeat(100_000) + &"]".repeat(100_000);
        let p = parse(0, &deep);
        assert!(p.errors[0].message.contains("nesting deeper"));
    }
}
