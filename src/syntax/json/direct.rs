use super::{FileId, Lenient, LenientKind, MAX_DEPTH, Node, ParseOptions, Prop, Value};
use jsonc_parser::tokens::Token;
use jsonc_parser::{Scanner, ScannerOptions};

fn scanner<'a>(text: &'a str, o: &ParseOptions) -> Scanner<'a> {
    Scanner::new(
        text,
        &ScannerOptions {
            allow_single_quoted_strings: o.allow_single_quoted_strings,
            allow_hexadecimal_numbers: o.allow_hexadecimal_numbers,
            allow_unary_plus_numbers: o.allow_unary_plus_numbers,
            allow_bare_decimal_point_numbers: o.allow_bare_decimal_point_numbers,
            allow_non_finite_numbers: o.allow_non_finite_numbers,
            allow_extended_string_escapes: o.allow_extended_string_escapes,
        },
    )
}

/// The tree, as jsonc-parser's AST would give it.
pub fn build(file: FileId, text: &str, o: &ParseOptions) -> Option<Node> {
    build_checked(file, text, o).map(|b| b.root)
}

pub struct Built {
    pub root: Node,
    /// The first string (or key) holding a raw control character.
    pub raw: Option<std::ops::Range<usize>>,
    /// Keys set again later in their object.
    pub overridden: Vec<(std::ops::Range<usize>, String)>,
    /// Comments and trailing commas, in text order.
    pub lenient: Vec<Lenient>,
}

/// The tree, with what strict JSON readers would object to or read
/// differently, found on the way.
pub fn build_checked(file: FileId, text: &str, o: &ParseOptions) -> Option<Built> {
    let mut b = TreeBuilder {
        scanner: scanner(text, o),
        text,
        file,
        depth: 0,
        raw: None,
        overridden: Vec::new(),
        lenient: Vec::new(),
        failed: false,
    };
    let first = b.next()?;
    let root = b.value(first)?;
    // Only comments may follow the value.
    match b.next() {
        None if b.at_end() => Some(Built {
            root,
            raw: b.raw,
            overridden: b.overridden,
            lenient: b.lenient,
        }),
        _ => None,
    }
}

/// The first string token holding a raw control character, scanning
/// until the text ends or stops scanning.
pub fn first_string_with_control_char(
    text: &str,
    o: &ParseOptions,
) -> Option<std::ops::Range<usize>> {
    let mut s = scanner(text, o);
    while let Ok(Some(t)) = s.scan() {
        let r = s.token_start()..s.token_end();
        if matches!(t, Token::String(_)) && has_control_char(&text[r.clone()]) {
            return Some(r);
        }
    }
    None
}

fn has_control_char(raw: &str) -> bool {
    raw.bytes().any(|b| b < 0x20)
}

struct TreeBuilder<'a> {
    scanner: Scanner<'a>,
    text: &'a str,
    file: FileId,
    /// Open arrays and objects; past [`MAX_DEPTH`] the document is
    /// left to the AST path, which refuses it with a diagnostic.
    depth: usize,
    /// The first string with a raw control character.
    raw: Option<std::ops::Range<usize>>,
    overridden: Vec<(std::ops::Range<usize>, String)>,
    lenient: Vec<Lenient>,
    /// The scanner stopped on an error (rather than at the end).
    failed: bool,
}

impl<'a> TreeBuilder<'a> {
    /// The next token that is not a comment (each comment is noted);
    /// `None` at the end or on a scanner error.
    fn next(&mut self) -> Option<Token<'a>> {
        loop {
            match self.scanner.scan() {
                Ok(Some(Token::CommentLine(_) | Token::CommentBlock(_))) => {
                    self.lenient.push(Lenient {
                        range: self.range(),
                        kind: LenientKind::Comment,
                    });
                }
                Ok(t) => return t,
                Err(_) => {
                    self.failed = true;
                    return None;
                }
            }
        }
    }

    /// After [`TreeBuilder::next`] gave `None`: whether the text ended
    /// (rather than the scanner failing).
    fn at_end(&self) -> bool {
        !self.failed
    }

    /// A `,` just read, then `close`: a trailing comma.
    fn comma_then(&mut self, close: Token<'a>) -> Option<Token<'a>> {
        let comma = self.range();
        let t = self.next()?;
        if t == close {
            self.lenient.push(Lenient {
                range: comma,
                kind: LenientKind::TrailingComma,
            });
        }
        Some(t)
    }

    fn range(&self) -> std::ops::Range<usize> {
        self.scanner.token_start()..self.scanner.token_end()
    }

    /// The range of the string token just read, noting a raw control
    /// character in it.
    fn string_range(&mut self) -> std::ops::Range<usize> {
        let r = self.range();
        if self.raw.is_none() && has_control_char(&self.text[r.clone()]) {
            self.raw = Some(r.clone());
        }
        r
    }

    fn value(&mut self, t: Token<'a>) -> Option<Node> {
        if matches!(t, Token::OpenBrace | Token::OpenBracket) {
            self.depth += 1;
            if self.depth > MAX_DEPTH {
                return None;
            }
            let v = self.container(t);
            self.depth -= 1;
            return v;
        }
        let file = self.file;
        Some(match t {
            Token::String(s) => Node::new(file, self.string_range(), Value::String(s.into())),
            Token::Number(n) => Node::new(
                file,
                self.range(),
                Value::Number(n.parse().unwrap_or(f64::NAN)),
            ),
            Token::Boolean(b) => Node::new(file, self.range(), Value::Bool(b)),
            Token::Null => Node::new(file, self.range(), Value::Null),
            _ => return None,
        })
    }

    fn container(&mut self, t: Token<'a>) -> Option<Node> {
        let file = self.file;
        Some(match t {
            Token::OpenBracket => {
                let start = self.scanner.token_start();
                let mut items = Vec::new();
                let mut t = self.next()?;
                loop {
                    if t == Token::CloseBracket {
                        break;
                    }
                    items.push(self.value(t)?);
                    match self.next()? {
                        Token::Comma => t = self.comma_then(Token::CloseBracket)?,
                        Token::CloseBracket => break,
                        _ => return None,
                    }
                }
                Node::new(
                    file,
                    start..self.scanner.token_end(),
                    Value::Array(items.into()),
                )
            }
            Token::OpenBrace => {
                let start = self.scanner.token_start();
                let mut props = Vec::new();
                let mut seen: Option<rustc_hash::FxHashMap<compact_str::CompactString, usize>> =
                    None;
                let mut t = self.next()?;
                loop {
                    let key = match t {
                        Token::CloseBrace => break,
                        Token::String(k) => compact_str::CompactString::from(&*k),
                        _ => return None,
                    };
                    let key_range = self.string_range();
                    if self.next()? != Token::Colon {
                        return None;
                    }
                    let v = self.next()?;
                    let value = self.value(v)?;
                    // Objects are small; a hostile one with many keys
                    // is checked by hash.
                    let earlier = if props.len() < 32 {
                        props.iter().rposition(|p: &Prop| p.key == key)
                    } else {
                        let seen = seen.get_or_insert_with(|| {
                            props
                                .iter()
                                .enumerate()
                                .map(|(i, p): (usize, &Prop)| (p.key.clone(), i))
                                .collect::<rustc_hash::FxHashMap<compact_str::CompactString, usize>>()
                        });
                        seen.insert(key.clone(), props.len())
                    };
                    if let Some(i) = earlier {
                        let p: &Prop = &props[i];
                        self.overridden
                            .push((p.key_range.clone(), p.key.to_string()));
                    }
                    props.push(Prop {
                        key,
                        key_range,
                        value,
                    });
                    match self.next()? {
                        Token::Comma => t = self.comma_then(Token::CloseBrace)?,
                        Token::CloseBrace => break,
                        _ => return None,
                    }
                }
                Node::new(
                    file,
                    start..self.scanner.token_end(),
                    Value::Object(props.into()),
                )
            }
            _ => return None,
        })
    }
}
