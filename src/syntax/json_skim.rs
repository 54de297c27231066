//! A pruning JSON reader for big files of which only a few levels matter.
//!
//! A 13 MB OpenAPI spec takes ~180 ms through [`super::json::parse`] (full
//! AST, then a full [`Node`] copy), almost all of it spent on request and
//! response schemas that the endpoint index never looks at. This reader
//! builds the same [`Node`] tree with the same byte ranges, but for every
//! object member it asks `keep(path_of_keys)`; a member that is not kept
//! still appears (its key and range are real) with a `Null` value, and its
//! text is skipped by a byte scan. Array items do not add a path segment.
//!
//! It reads strict JSON only (comments and trailing commas are tolerated
//! where cheap) and gives up with `None` on anything surprising: callers
//! validate with a real parser first and fall back to [`super::json::parse`]
//! for error messages.

use super::MAX_DEPTH;
use super::tree::{FileId, Node, Prop, Value};

/// Parse `text`, keeping only members for which `keep(keys)` is true.
/// `None` when the text is not well-formed enough for this reader.
pub fn parse_pruned(file: FileId, text: &str, keep: &dyn Fn(&[&str]) -> bool) -> Option<Node> {
    let mut r = SkimReader {
        b: text.as_bytes(),
        text,
        i: 0,
        file,
        keep,
        path: Vec::new(),
    };
    r.ws();
    let root = r.value(0)?;
    r.ws();
    (r.i == r.b.len()).then_some(root)
}

/// Walk the top-level members of a JSON object document without building
/// any value: `f(key, value_text)` is called for each member in order until
/// it returns `true`. `Some(true)` when `f` stopped the walk, `Some(false)`
/// when every member was seen, `None` when the text is not an object or
/// breaks off before `f` stopped (a 13 MB spec whose `openapi` key comes
/// after `components` is read in one byte scan, not parsed).
pub fn find_top_level(text: &str, mut f: impl FnMut(&str, &str) -> bool) -> Option<bool> {
    let keep = |_: &[&str]| false;
    let mut r = SkimReader {
        b: text.as_bytes(),
        text,
        i: 0,
        file: 0,
        keep: &keep,
        path: Vec::new(),
    };
    r.ws();
    if r.peek()? != b'{' {
        return None;
    }
    r.i += 1;
    loop {
        r.ws();
        match r.peek()? {
            b'}' => return Some(false),
            b'"' => {}
            _ => return None,
        }
        let key = r.string()?;
        r.ws();
        if r.peek()? != b':' {
            return None;
        }
        r.i += 1;
        r.ws();
        let start = r.i;
        if !r.skip() {
            return None;
        }
        if f(&key, &text[start..r.i]) {
            return Some(true);
        }
        r.ws();
        match r.peek()? {
            b',' => r.i += 1,
            b'}' => return Some(false),
            _ => return None,
        }
    }
}

struct SkimReader<'t, 'k> {
    b: &'t [u8],
    text: &'t str,
    i: usize,
    file: FileId,
    keep: &'k dyn Fn(&[&str]) -> bool,
    path: Vec<String>,
}

impl SkimReader<'_, '_> {
    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    /// Skip whitespace and comments.
    fn ws(&mut self) {
        while let Some(c) = self.peek() {
            match c {
                b' ' | b'\t' | b'\n' | b'\r' => self.i += 1,
                b'/' if self.b.get(self.i + 1) == Some(&b'/') => {
                    while self.peek().is_some_and(|c| c != b'\n') {
                        self.i += 1;
                    }
                }
                b'/' if self.b.get(self.i + 1) == Some(&b'*') => {
                    self.i += 2;
                    while self.i < self.b.len()
                        && !(self.b[self.i] == b'*' && self.b.get(self.i + 1) == Some(&b'/'))
                    {
                        self.i += 1;
                    }
                    self.i = (self.i + 2).min(self.b.len());
                }
                _ => return,
            }
        }
    }

    fn value(&mut self, depth: usize) -> Option<Node> {
        if depth > MAX_DEPTH {
            return None;
        }
        let start = self.i;
        let value = match self.peek()? {
            b'{' => {
                self.i += 1;
                let mut props = Vec::new();
                loop {
                    self.ws();
                    match self.peek()? {
                        b'}' => {
                            self.i += 1;
                            break;
                        }
                        b'"' => {}
                        _ => return None,
                    }
                    let key_start = self.i;
                    let key = self.string()?;
                    let key_range = key_start..self.i;
                    self.ws();
                    if self.peek()? != b':' {
                        return None;
                    }
                    self.i += 1;
                    self.ws();
                    self.path.push(key);
                    let keep = {
                        let keys: Vec<&str> = self.path.iter().map(String::as_str).collect();
                        (self.keep)(&keys)
                    };
                    let value = if keep {
                        self.value(depth + 1)
                    } else {
                        let s = self.i;
                        self.skip()
                            .then(|| Node::new(self.file, s..self.i, Value::Null))
                    };
                    let key = self.path.pop()?;
                    props.push(Prop {
                        key: key.into(),
                        key_range,
                        value: value?,
                    });
                    self.ws();
                    match self.peek()? {
                        b',' => self.i += 1,
                        b'}' => {}
                        _ => return None,
                    }
                }
                Value::Object(props.into())
            }
            b'[' => {
                self.i += 1;
                let mut items = Vec::new();
                loop {
                    self.ws();
                    if self.peek()? == b']' {
                        self.i += 1;
                        break;
                    }
                    items.push(self.value(depth + 1)?);
                    self.ws();
                    match self.peek()? {
                        b',' => self.i += 1,
                        b']' => {}
                        _ => return None,
                    }
                }
                Value::Array(items.into())
            }
            b'"' => Value::String(self.string()?.into()),
            b't' => self.word("true", Value::Bool(true))?,
            b'f' => self.word("false", Value::Bool(false))?,
            b'n' => self.word("null", Value::Null)?,
            _ => {
                while self.peek().is_some_and(|c| {
                    c.is_ascii_digit() || matches!(c, b'-' | b'+' | b'.' | b'e' | b'E')
                }) {
                    self.i += 1;
                }
                let n: f64 = self.text.get(start..self.i)?.parse().ok()?;
                Value::Number(n)
            }
        };
        Some(Node::new(self.file, start..self.i, value))
    }

    fn word(&mut self, w: &str, v: Value) -> Option<Value> {
        if self.b.get(self.i..self.i + w.len())? == w.as_bytes() {
            self.i += w.len();
            Some(v)
        } else {
            None
        }
    }

    /// Skip one value of any kind without building it.
    fn skip(&mut self) -> bool {
        match self.peek() {
            Some(b'"') => self.skip_string(),
            Some(b'{' | b'[') => {
                let mut depth = 0usize;
                while let Some(c) = self.peek() {
                    match c {
                        b'"' => {
                            if !self.skip_string() {
                                return false;
                            }
                            continue;
                        }
                        b'{' | b'[' => depth += 1,
                        b'}' | b']' => {
                            depth = depth.saturating_sub(1);
                            if depth == 0 {
                                self.i += 1;
                                return true;
                            }
                        }
                        b'/' => {
                            let before = self.i;
                            self.ws();
                            if self.i != before {
                                continue;
                            }
                        }
                        _ => {}
                    }
                    self.i += 1;
                }
                false
            }
            Some(_) => {
                let s = self.i;
                while self.peek().is_some_and(|c| {
                    !matches!(c, b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r' | b'/')
                }) {
                    self.i += 1;
                }
                self.i > s
            }
            None => false,
        }
    }

    fn skip_string(&mut self) -> bool {
        self.i += 1;
        while let Some(c) = self.peek() {
            match c {
                b'"' => {
                    self.i += 1;
                    return true;
                }
                b'\\' => self.i += 2,
                _ => self.i += 1,
            }
        }
        false
    }

    /// Read a string literal at the cursor, decoding escapes.
    fn string(&mut self) -> Option<String> {
        let start = self.i + 1;
        if !self.skip_string() {
            return None;
        }
        let raw = self.text.get(start..self.i - 1)?;
        if !raw.contains('\\') {
            return Some(raw.to_string());
        }
        // Rare (keys and summaries with escapes): let serde_json decode it.
        serde_json::from_str(self.text.get(start - 1..self.i)?).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pruned_tree_has_real_ranges_and_null_for_skipped() {
        let text = r#"{"a": {"b": [1, {"c": "x\"y"}], "skip": {"d": "}]"}}, "e": true}"#;
        let keep = |p: &[&str]| p.last() != Some(&"skip");
        let root = parse_pruned(0, text, &keep).unwrap();
        let a = root.get("a").unwrap();
        assert_eq!(
            a.get("b").unwrap().items()[1].get("c").unwrap().as_str(),
            Some("x\"y")
        );
        let skip = a.prop("skip").unwrap();
        assert_eq!(&text[skip.key_range.clone()], "\"skip\"");
        assert_eq!(&text[skip.value.range.clone()], r#"{"d": "}]"}"#);
        assert_eq!(skip.value.value, Value::Null);
        assert_eq!(root.get("e").unwrap().as_bool(), Some(true));
    }

    #[test]
    fn matches_full_parser_when_everything_is_kept() {
        let text = "{ \"x\": [1.5, -2e3, null, false, {\"y\": \"\\u00e9\"}], // c\n \"z\": {} }";
        let full = super::super::json::parse(0, text).root.unwrap();
        assert_eq!(parse_pruned(0, text, &|_| true), Some((*full).clone()));
    }

    #[test]
    fn top_level_members_are_found_after_big_values() {
        let big = "x".repeat(10_000);
        let text = format!(
            r#"{{"components": {{"a": ["{big}", {{"openapi": 1}}]}}, "openapi": "3.1.0"}}"#
        );
        let mut seen = Vec::new();
        let found = find_top_level(&text, |k, v| {
            seen.push(k.to_string());
            k == "openapi" && v == "\"3.1.0\""
        });
        assert_eq!(found, Some(true));
        assert_eq!(seen, ["components", "openapi"]);
        assert_eq!(find_top_level(r#"{"a": 1}"#, |_, _| false), Some(false));
        assert_eq!(find_top_level("[1]", |_, _| true), None);
        assert_eq!(find_top_level(r#"{"a": [1"#, |_, _| false), None);
    }

    #[test]
    fn malformed_input_gives_none_without_panic() {
        for t in [
            "",
            "{",
            "{\"a\" 1}",
            "[1,",
            "\"abc",
            "{\"a\": tru}",
            "[1] 2",
            "{\"a\":\"\\",
        ] {
            assert_eq!(parse_pruned(0, t, &|_| true), None, "{t}");
            let _ = parse_pruned(0, t, &|_| false);
        }
    }
}
