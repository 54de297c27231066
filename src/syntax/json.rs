//! JSONC (comments, trailing commas) to a [`Node`] tree, on `jsonc-parser`.
//!
//! The platform reads docs.json (and `$ref` files) with `JSON.parse`, which
//! refuses comments, trailing commas and a byte order mark. This reader
//! accepts them, so that a document being edited keeps its tree for
//! completion and the other checks, and lists each one ([`Parsed::lenient`])
//! for the configuration to report as an error.

use super::tree::{FileId, Node, Prop, Value};
use super::{MAX_DEPTH, SyntaxError};
use jsonc_parser::ast;
use jsonc_parser::{CollectOptions, ParseOptions};

/// The result of reading a JSON(C) text: a tree when it parses, and errors.
#[derive(Debug, Clone, Default)]
pub struct Parsed {
    pub root: Option<std::sync::Arc<Node>>,
    pub errors: Vec<SyntaxError>,
    /// Keys set again later in the same object (their ranges, and the
    /// key): the later value is the one JSON readers keep.
    pub overridden_keys: Vec<(std::ops::Range<usize>, String)>,
    /// Set when this tree was made from the previous version's by one
    /// string edit ([`super::reparse`]): what passes over the old tree
    /// may keep.
    pub edit: Option<super::edit::StringEdit>,
    /// What this reader accepted and `JSON.parse` refuses, in text order
    /// (only for a document without syntax errors).
    pub lenient: Vec<Lenient>,
    /// Escapes of half a UTF-16 surrogate pair (`"\ud83d"` with no low
    /// half after it), in text order. `JSON.parse` accepts them (a
    /// JavaScript string may hold one); a Rust string cannot, so the tree
    /// holds U+FFFD there, as a page shows such a string.
    pub lone_surrogates: Vec<std::ops::Range<usize>>,
}

/// Something strict JSON refuses that this reader let through.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lenient {
    /// What to remove to make the text strict JSON.
    pub range: std::ops::Range<usize>,
    pub kind: LenientKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LenientKind {
    /// `// ...` or `/* ... */`.
    Comment,
    /// A `,` before `]` or `}`.
    TrailingComma,
    /// U+FEFF at the start of the file.
    ByteOrderMark,
}

/// Parse JSONC the way docs.json is written: comments, trailing commas and
/// a byte order mark are read (and listed in [`Parsed::lenient`]); missing
/// commas, single quotes, bare words, `NaN`, `.5` and `\x41` are errors.
pub fn parse(file: FileId, text: &str) -> Parsed {
    // jsonc-parser refuses a byte order mark; read it as three spaces
    // (offsets stay the same) and list it.
    if let Some(rest) = text.strip_prefix('\u{feff}') {
        let mut parsed = parse(file, &format!("   {rest}"));
        if parsed.errors.is_empty() {
            parsed.lenient.insert(
                0,
                Lenient {
                    range: 0..'\u{feff}'.len_utf8(),
                    kind: LenientKind::ByteOrderMark,
                },
            );
        }
        return parsed;
    }
    // jsonc-parser reads strings into Rust strings, which cannot hold half
    // a surrogate pair: read each such escape as `\ufffd` (the same six
    // bytes, so offsets stay the same) and list it.
    if text.contains("\\u")
        && let Some((same_length, at)) = lone_surrogates(text)
    {
        let mut parsed = parse(file, &same_length);
        parsed.lone_surrogates = at;
        return parsed;
    }
    let opts = options();
    // The common case, a document that parses, is built straight from the
    // tokens; anything else (errors, or forms the builder leaves to the
    // parser) goes through jsonc-parser's AST, which words the errors.
    if let Some(built) = direct::build_checked(file, text, &opts) {
        return Parsed {
            root: Some(std::sync::Arc::new(built.root)),
            errors: built
                .raw
                .map(|r| raw_control_char(text, r))
                .into_iter()
                .collect(),
            overridden_keys: built.overridden,
            edit: None,
            lenient: built.lenient,
            lone_surrogates: Vec::new(),
        };
    }
    if let Some(err) = too_deep(text) {
        return Parsed {
            root: None,
            errors: vec![err],
            overridden_keys: Vec::new(),
            edit: None,
            lenient: Vec::new(),
            lone_surrogates: Vec::new(),
        };
    }
    let mut parsed = parse_via_ast(file, text, &opts);
    control_char_first(text, &mut parsed.errors, &opts);
    parsed
}

/// An unclosed string runs on to the next quote, lines later, and the
/// parser complains there; the line break inside the string is where the
/// writer's mistake is: that string's error goes first when it comes
/// before the parser's.
fn control_char_first(text: &str, errors: &mut Vec<SyntaxError>, opts: &ParseOptions) {
    if let Some(r) = direct::first_string_with_control_char(text, opts)
        && errors.first().is_none_or(|e| r.start <= e.range.start)
    {
        errors.insert(0, raw_control_char(text, r));
    }
}

/// jsonc-parser's error, worded and ranged as docs-lsp reports it.
fn invalid_json(text: &str, e: &jsonc_parser::errors::ParseError) -> SyntaxError {
    let r = e.range();
    let end = if r.end > r.start {
        r.end
    } else {
        next_boundary(text, r.start)
    };
    SyntaxError {
        range: r.start..end,
        message: format!("invalid JSON: {}", e.kind()),
    }
}

/// `text` with each escape of a lone UTF-16 surrogate (`\ud800`-`\udfff`
/// not part of a high-low pair) written `\ufffd`, and where they are;
/// `None` when there is none. Only string contents are read (not comments,
/// not an escaped backslash followed by `u`).
fn lone_surrogates(text: &str) -> Option<(String, Vec<std::ops::Range<usize>>)> {
    let b = text.as_bytes();
    let unit = |at: usize| -> Option<u16> {
        let hex = b.get(at..at + 6)?;
        if hex[0] != b'\\' || hex[1] != b'u' {
            return None;
        }
        u16::from_str_radix(std::str::from_utf8(&hex[2..]).ok()?, 16).ok()
    };
    let mut found = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    if b[i] != b'\\' {
                        i += 1;
                        continue;
                    }
                    match unit(i) {
                        Some(0xD800..=0xDBFF) => {
                            if unit(i + 6).is_some_and(|lo| (0xDC00..=0xDFFF).contains(&lo)) {
                                i += 12;
                            } else {
                                found.push(i..i + 6);
                                i += 6;
                            }
                        }
                        Some(0xDC00..=0xDFFF) => {
                            found.push(i..i + 6);
                            i += 6;
                        }
                        Some(_) => i += 6,
                        // Any other escape: the backslash and what it escapes.
                        None => i += 2,
                    }
                }
                i += 1;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i < b.len() && !(b[i] == b'*' && b.get(i + 1) == Some(&b'/')) {
                    i += 1;
                }
                i += 2;
            }
            _ => i += 1,
        }
    }
    if found.is_empty() {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut from = 0;
    for r in &found {
        out.push_str(&text[from..r.start]);
        out.push_str("\\ufffd");
        from = r.end;
    }
    out.push_str(&text[from..]);
    Some((out, found))
}

/// JSON strings cannot hold raw control characters (a line break, a tab):
/// they must be escaped (`\n`, `\t`). jsonc-parser reads them; the
/// platform's JSON parser does not.
fn raw_control_char(text: &str, string: std::ops::Range<usize>) -> SyntaxError {
    let at = text[string.clone()]
        .bytes()
        .position(|b| b < 0x20)
        .map_or(string.start, |i| string.start + i);
    let what = match text.as_bytes().get(at) {
        Some(b'\n' | b'\r') => "a line break: close the string on its line, or write \\n",
        Some(b'\t') => "a tab: write \\t",
        _ => "a control character: escape it as \\u00XX",
    };
    SyntaxError {
        // Up to the character, so the range stays on the string's line.
        range: string.start..at.max(next_boundary(text, string.start)),
        message: format!("invalid JSON: a string cannot hold {what}"),
    }
}

fn options() -> ParseOptions {
    ParseOptions {
        allow_comments: true,
        allow_trailing_commas: true,
        allow_loose_object_property_names: false,
        allow_missing_commas: false,
        allow_single_quoted_strings: false,
        allow_hexadecimal_numbers: false,
        allow_unary_plus_numbers: false,
        // What `JSON.parse` refuses and no editor writes by habit: errors.
        allow_bare_decimal_point_numbers: false,
        allow_non_finite_numbers: false,
        allow_extended_string_escapes: false,
    }
}

/// For the fuzzer and tests: panics if the direct builder and the AST path
/// disagree on `text` (a different tree, or a tree for a rejected document);
/// whether the direct builder took it.
#[doc(hidden)]
pub fn assert_direct_agrees(text: &str) -> bool {
    let opts = options();
    let reference = parse_via_ast(0, text, &opts);
    let Some(tree) = direct::build(0, text, &opts) else {
        return false;
    };
    assert!(
        reference.errors.is_empty(),
        "direct builder accepted a rejected document: {text:?}"
    );
    // Compared as printed: `NaN` is a number JSONC reads, and NaN != NaN.
    assert_eq!(
        format!("{:?}", reference.root.as_deref()),
        format!("{:?}", Some(&tree)),
        "trees differ: {text:?}"
    );
    true
}

/// Parse through jsonc-parser's AST (the reference the direct builder
/// must agree with).
fn parse_via_ast(file: FileId, text: &str, opts: &ParseOptions) -> Parsed {
    match jsonc_parser::parse_to_ast(text, &CollectOptions::default(), opts) {
        Ok(res) => Parsed {
            root: res.value.map(|v| std::sync::Arc::new(convert(file, v))),
            errors: Vec::new(),
            overridden_keys: Vec::new(),
            edit: None,
            lenient: Vec::new(),
            lone_surrogates: Vec::new(),
        },
        Err(e) => Parsed {
            root: None,
            errors: vec![invalid_json(text, &e)],
            overridden_keys: Vec::new(),
            edit: None,
            lenient: Vec::new(),
            lone_surrogates: Vec::new(),
        },
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
    let at = nesting(text, 0).too_deep?;
    Some(SyntaxError {
        range: at..at + 1,
        message: format!("nesting deeper than {MAX_DEPTH} levels: the file was not read further"),
    })
}

/// How [`too_deep`] reads brackets through `text`, starting `depth` deep.
struct Nesting {
    /// Where a bracket first went deeper than [`MAX_DEPTH`].
    too_deep: Option<usize>,
    /// How deep the end of the text is.
    depth: usize,
    /// Whether the text ends inside a string or a block comment.
    open: bool,
}

fn nesting(text: &str, mut depth: usize) -> Nesting {
    let b = text.as_bytes();
    let mut i = 0usize;
    let mut open = false;
    while i < b.len() {
        match b[i] {
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                open = i >= b.len();
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
                open = i + 1 >= b.len();
                i += 1;
            }
            b'[' | b'{' => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Nesting {
                        too_deep: Some(i),
                        depth,
                        open,
                    };
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    Nesting {
        too_deep: None,
        depth,
        open,
    }
}

/// The syntax errors of a text that parsed cleanly before an edit strictly
/// inside one of its containers, `depth` brackets deep, read from that
/// container's new text (`container`) alone; `None` when that cannot be
/// told from it (the container's text parses, or it leaves a string,
/// comment or bracket open at its end, or its error depends on where the
/// text ends), so the whole text is parsed.
///
/// Why these are the whole text's errors: the text before the container
/// is the clean text's, so the parser and [`too_deep`] reach the container
/// in the same state as before; inside it they read the same tokens as
/// from `container` alone; an error found there, before its end and not
/// about the text ending, is the first error of both. The container
/// closing where it did before, with no string or comment open, the rest
/// is read as before: no string with a raw control character or nesting
/// past [`MAX_DEPTH`] after it.
pub fn errors_in_container(container: &str, depth: usize) -> Option<Vec<SyntaxError>> {
    let n = nesting(container, depth);
    if n.too_deep.is_some() || n.open || n.depth != depth {
        return None;
    }
    let opts = options();
    let e = jsonc_parser::parse_to_ast(container, &CollectOptions::default(), &opts).err()?;
    use jsonc_parser::errors::ParseErrorKind as K;
    if matches!(
        e.kind(),
        K::UnterminatedArray
            | K::UnterminatedObject
            | K::UnterminatedCommentBlock
            | K::MultipleRootJsonValues
            | K::String(jsonc_parser::ParseStringErrorKind::UnterminatedStringLiteral)
    ) {
        return None;
    }
    let mut errors = vec![invalid_json(container, &e)];
    control_char_first(container, &mut errors, &opts);
    Some(errors)
}

fn convert(file: FileId, v: ast::Value<'_>) -> Node {
    match v {
        ast::Value::StringLit(s) => Node::new(
            file,
            s.range.start..s.range.end,
            Value::String(s.value.into()),
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
                            key: key.into(),
                            key_range,
                            value: convert(file, p.value),
                        }
                    })
                    .collect(),
            ),
        ),
    }
}

/// A tree built directly from jsonc-parser's tokens, without its AST: half
/// the allocations of parse-then-convert, for the 1.5 MB docs.json that is
/// re-read on every keystroke. Returns `None` for anything but a well-formed
/// document, which then takes the AST path.
mod direct;
mod members;
pub mod query;
pub mod recover;
pub mod tape;

#[cfg(test)]
mod tests {
    use super::*;

    /// The direct builder agrees with jsonc-parser's AST on every document
    /// it accepts, and declines every document the parser rejects.
    #[test]
    fn direct_builder_matches_the_ast() {
        let mut texts: Vec<String> = [
            "{}",
            "[]",
            " {\"a\": 1, \"b\": [true, false, null, -1.5e3, \"x\\n\\u00e9\"],} ",
            "{\"a\": {\"a\": {\"b\": []}}, \"a\": 2}",
            "// lead\n{ /* c */ \"k\" /* d */ : /* e */ \"v\" /* f */ } // tail",
            "\u{feff}{\"bom\": 1}",
            "[1,]",
            "NaN",
            "[NaN, Infinity, -Infinity]",
            "[,]",
            "[1,,2]",
            "{,}",
            "{\"a\" 1}",
            "{\"a\": 1 \"b\": 2}",
            "{a: 1}",
            "{'a': 1}",
            "[0x1F, +1, .5, 5., Infinity, NaN, -Infinity]",
            "[\"\\x41\\v\"]",
            "1 2",
            "\"s\"",
            "",
            "   // only a comment",
            "[1] ]",
            "{\"a\": [1, 2}",
            "{\"unterminated",
            "[/* open comment",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        for dir in ["examples/site", "tests/fixtures/check"] {
            let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
            for entry in ignore::WalkBuilder::new(root).build().flatten() {
                let p = entry.path();
                if p.extension().is_some_and(|e| e == "json")
                    && let Ok(t) = std::fs::read_to_string(p)
                {
                    texts.push(t);
                }
            }
        }
        // Every prefix of a real docs.json: documents as they are typed.
        let docs = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/site/docs.json"),
        )
        .unwrap();
        for (i, _) in docs.char_indices().step_by(7) {
            texts.push(docs[..i].to_string());
            texts.push(format!(
                "{}{}",
                &docs[..i],
                &docs[(i + 1).min(docs.len())..]
            ));
        }
        let opts = options();
        let mut accepted = 0;
        for t in &texts {
            if assert_direct_agrees(t) {
                accepted += 1;
                continue;
            }
            let reference = parse_via_ast(0, t, &opts);
            assert!(
                !reference.errors.is_empty() || reference.root.is_none() || t.contains('\''),
                "declined a good document: {t:?}"
            );
        }
        assert!(
            accepted > 20,
            "only {accepted} documents took the direct path"
        );
    }

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

    /// What `JSON.parse` refuses and this reader accepts is listed, each
    /// with the range to remove.
    #[test]
    fn comments_trailing_commas_and_a_bom_are_listed() {
        let text = "\u{feff}{ // c\n \"a\": [1, \"x\",], /* b */ \"b\": {\"c\": 1,}, }";
        let p = parse(0, text);
        assert!(p.errors.is_empty(), "{:?}", p.errors);
        let found: Vec<(LenientKind, &str)> = p
            .lenient
            .iter()
            .map(|l| (l.kind, &text[l.range.clone()]))
            .collect();
        assert_eq!(
            found,
            vec![
                (LenientKind::ByteOrderMark, "\u{feff}"),
                (LenientKind::Comment, "// c"),
                (LenientKind::TrailingComma, ","),
                (LenientKind::Comment, "/* b */"),
                (LenientKind::TrailingComma, ","),
                (LenientKind::TrailingComma, ","),
            ]
        );
        // The commas are the ones before a closing bracket.
        let commas: Vec<usize> = p
            .lenient
            .iter()
            .filter(|l| l.kind == LenientKind::TrailingComma)
            .map(|l| l.range.start)
            .collect();
        for c in commas {
            assert!(matches!(
                text[c + 1..].trim_start().as_bytes()[0],
                b']' | b'}'
            ));
        }
        assert!(parse(0, "{\"a\": [1, 2]}").lenient.is_empty());
        // Numbers and escapes JSON.parse refuses are syntax errors.
        for bad in ["[NaN]", "[.5]", "[5.]", "[\"\\x41\"]", "[Infinity]"] {
            assert!(!parse(0, bad).errors.is_empty(), "{bad}");
        }
    }

    #[test]
    fn lone_surrogate_escapes_are_read_as_json_parse_reads_them() {
        // (text, the escapes listed, the strings of the tree)
        let cases: &[(&str, &[&str], &[&str])] = &[
            (r#"["\ud83d"]"#, &[r"\ud83d"], &["\u{fffd}"]),
            (r#"["a\uDC00b"]"#, &[r"\uDC00"], &["a\u{fffd}b"]),
            // A high half then a low one is one character.
            (r#"["\ud83d\ude00"]"#, &[], &["\u{1f600}"]),
            (
                r#"["\ud83d\ud83d\ude00"]"#,
                &[r"\ud83d"],
                &["\u{fffd}\u{1f600}"],
            ),
            // An escaped backslash then `u` is text; comments are no strings.
            (r#"["\\ud83d"] // "\ud83d""#, &[], &[r"\ud83d"]),
            // In a key too.
            (r#"{"\udfff": 1}"#, &[r"\udfff"], &[]),
        ];
        for (text, listed, strings) in cases {
            let p = parse(0, text);
            assert!(p.errors.is_empty(), "{text}: {:?}", p.errors);
            let found: Vec<&str> = p.lone_surrogates.iter().map(|r| &text[r.clone()]).collect();
            assert_eq!(&found, listed, "{text}");
            let root = p.root.unwrap_or_else(|| panic!("{text}: no tree"));
            let got: Vec<&str> = root.items().iter().filter_map(Node::as_str).collect();
            assert_eq!(&got, strings, "{text}");
        }
        // Other escapes JSON.parse refuses stay errors.
        assert!(!parse(0, r#"["\ud83"]"#).errors.is_empty());
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
