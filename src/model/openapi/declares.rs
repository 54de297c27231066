//! Whether a file is a spec at all, told from its top-level keys without
//! reading it whole: a site's JSON and YAML files are sorted into specs and
//! the rest before any is indexed.

use crate::syntax::json_skim;

/// Whether a JSON or YAML text is an OpenAPI, Swagger or AsyncAPI document:
/// it has a top-level `openapi`, `swagger` or `asyncapi` key holding a
/// version (`3.1.0`, `2.0`), wherever that key sits (translation tools and
/// generators often sort keys: `components` first, `openapi` after 100 KB).
/// A `$ref` file of docs.json holding `"openapi": "spec.json"` is not one.
/// JSON is scanned without building values; YAML by its unindented lines.
/// A JSON text that does not read falls back to its first 4 KB naming a key.
pub fn declares_spec(text: &str, is_yaml: bool) -> bool {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let is_version = |v: &str| {
        let v = v.trim().trim_matches(|c| c == '"' || c == '\'');
        v.as_bytes().first().is_some_and(u8::is_ascii_digit)
    };
    let key_wanted = |k: &str| matches!(k, "openapi" | "swagger" | "asyncapi");
    if !is_yaml || text.trim_start().starts_with('{') {
        return match json_skim::find_top_level(text, |k, v| key_wanted(k) && is_version(v)) {
            Some(found) => found,
            None => {
                let mut end = text.len().min(4096);
                while !text.is_char_boundary(end) {
                    end -= 1;
                }
                let head = &text[..end];
                ["\"openapi\"", "\"asyncapi\"", "\"swagger\""]
                    .iter()
                    .any(|k| head.contains(k))
            }
        };
    }
    text.lines().any(|line| {
        let (key, rest) = match line.as_bytes().first() {
            Some(q @ (b'"' | b'\'')) => {
                let q = *q as char;
                let Some(end) = line[1..].find(q) else {
                    return false;
                };
                (&line[1..1 + end], &line[2 + end..])
            }
            Some(c) if c.is_ascii_alphabetic() => match line.find(':') {
                Some(i) => (&line[..i], &line[i..]),
                None => return false,
            },
            _ => return false,
        };
        let Some(value) = rest.trim_start().strip_prefix(':') else {
            return false;
        };
        let value = value.split(" #").next().unwrap_or(value);
        key_wanted(key.trim_end())
            && (value.is_empty() || value.starts_with([' ', '\t']))
            && is_version(value)
    })
}

#[cfg(test)]
mod tests {
    use super::declares_spec;

    #[test]
    fn a_spec_is_known_by_its_top_level_version_key_in_any_order() {
        let pad = format!("\"{}\"", "x".repeat(8192));
        let sorted = format!(r#"{{"components": {pad}, "openapi": "3.1.0"}}"#);
        let cases: [(&str, bool, bool); 12] = [
            (r#"{"openapi": "3.0.3", "paths": {}}"#, false, true),
            (&sorted, false, true),
            (r#"{"swagger": "2.0"}"#, false, true),
            (r#"{"asyncapi": "3.0.0"}"#, false, true),
            // A `$ref` file of docs.json naming a spec, a nested key.
            (
                r#"{"group": "API", "openapi": "api/spec.json"}"#,
                false,
                false,
            ),
            (r#"{"notes": {"openapi": "3.0.0"}}"#, false, false),
            (
                "components: {}\ninfo:\n  title: x\nopenapi: 3.1.0\n",
                true,
                true,
            ),
            ("\"openapi\": '3.0.0' # sorted\n", true, true),
            ("swagger: \"2.0\"\n", true, true),
            ("notes:\n  openapi: 3.0.0\n", true, false),
            ("group: API\nopenapi: api/spec.yaml\n", true, false),
            // JSON in a .yaml file.
            ("{\"info\": {}, \"openapi\": \"3.0.0\"}", true, true),
        ];
        for (text, yaml, want) in cases {
            assert_eq!(declares_spec(text, yaml), want, "{text:.80}");
        }
    }
}
