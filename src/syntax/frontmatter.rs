//! The YAML front matter block at the top of an `.mdx`/`.md` page.

use super::tree::{FileId, Node};
use super::{SyntaxError, yaml};
use outline::{closes, flow_depth};
use std::ops::Range;

pub mod outline;
pub mod query;
pub mod recover;

#[derive(Debug, Clone, Default)]
pub struct FrontMatter {
    /// Byte range of the YAML between the fences; `None` when the page has
    /// no front matter.
    pub body: Option<Range<usize>>,
    pub root: Option<Node>,
    pub errors: Vec<SyntaxError>,
}

impl FrontMatter {
    /// This front matter as [`parse`] reads the same text in `file`.
    pub fn in_file(&self, file: FileId) -> FrontMatter {
        FrontMatter {
            body: self.body.clone(),
            root: self.root.as_ref().map(|r| r.in_file(file)),
            errors: self.errors.clone(),
        }
    }
}

/// Where the front matter's YAML is: from after a first line `---` (after
/// an optional BOM) up to the next line that is `---` or `...` (`closed`),
/// or to the end of the text. `None` when the page has no front matter.
pub fn body(text: &str) -> Option<(Range<usize>, bool)> {
    let start = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let rest = &text[start..];
    let first_end = rest.find('\n').unwrap_or(rest.len());
    if rest[..first_end].trim_end() != "---" {
        return None;
    }
    let body_start = start + (first_end + 1).min(rest.len());
    let mut pos = body_start;
    while pos < text.len() {
        let line_end = text[pos..].find('\n').map_or(text.len(), |i| pos + i);
        let line = text[pos..line_end].trim_end();
        if line == "---" || line == "..." {
            return Some((body_start..pos, true));
        }
        pos = line_end + 1;
    }
    Some((body_start..text.len(), false))
}

/// Find and parse the front matter ([`body`]).
pub fn parse(file: FileId, text: &str) -> FrontMatter {
    let Some((range, closed)) = body(text) else {
        return FrontMatter::default();
    };
    let (body_start, body_end) = (range.start, range.end);
    if !closed {
        let start = if text.starts_with('\u{feff}') { 3 } else { 0 };
        return FrontMatter {
            body: Some(body_start..text.len()),
            root: None,
            errors: vec![SyntaxError {
                range: start..start + 3,
                message: "front matter is not closed: add a line `---` after it".into(),
            }],
        };
    }
    let body = &text[body_start..body_end];
    if body.trim().is_empty() {
        return FrontMatter {
            body: Some(body_start..body_end),
            ..Default::default()
        };
    }
    let parsed = parse_as_js_yaml3(file, body, body_start);
    FrontMatter {
        body: Some(body_start..body_end),
        root: parsed.root,
        errors: parsed.errors,
    }
}

/// Read front matter as the platform does: it uses the `front-matter`
/// package (4.0.2), that is js-yaml 3, which accepts some text a YAML 1.2
/// reader refuses. Where yaml-rust2 fails, the text is rewritten in the
/// ways js-yaml 3 is lenient and read again; ranges are mapped back to the
/// original text. What js-yaml 3 refuses stays an error (the platform's
/// build stops on it). The cases and js-yaml 3's verdicts on them are in
/// tests/fixtures/frontmatter-oracle (made by tools/frontmatter-oracle).
///
/// The leniencies:
/// - a quoted value continued on a line indented no deeper than its key
///   (`description: "How to parse webhooks and monitor their` /
///   `deliveries"`): js-yaml 3 does not check indentation inside quotes;
/// - tabs in a line's leading whitespace: js-yaml 3 counts only the spaces
///   before the first tab as indentation and skips the rest;
/// - a tab as the separator after `key:` or `-`;
/// - tabs in the leading whitespace of a quoted scalar's or a flow
///   collection's continuation lines (js-yaml 3 folds or skips it);
/// - a flow collection whose lines (or closing `]`) are indented no deeper
///   than its key (`keywords: [` / `  'a',` / `]`);
/// - the first line's indentation: `front-matter` trims the YAML before
///   js-yaml reads it, so `  a: 1` / `b: 2` is one mapping of two keys
///   (yaml-rust2 ends the document after `a`, with no error, and `b` is
///   lost), and `  a: 1` / `  c: 3` is js-yaml's "bad indentation".
fn parse_as_js_yaml3(file: FileId, body: &str, base: usize) -> yaml::ParsedYaml {
    let mut parsed = parse_lenient(file, body, base);
    // A second document (a line indented less than the first key's, after
    // a comment: `# c` / `  a: 1` / `b: 2`) is where js-yaml 3 stops.
    if let Some(at) = parsed.next_document.take()
        && parsed.errors.is_empty()
    {
        // At the start of the line the first document ends before, as
        // js-yaml 3 says it.
        let rel = at.saturating_sub(base).min(body.len());
        let line = body[..rel].rfind('\n').map_or(0, |i| i + 1);
        let first = line + body[line..].len() - body[line..].trim_start_matches([' ', '\t']).len();
        let at = base + first.min(rel);
        parsed.root = None;
        parsed.errors.push(SyntaxError {
            range: at..at + 1,
            message: "invalid YAML: end of the stream or a document separator is expected (a line \
                      indented less than the keys above it)"
                .into(),
        });
    }
    parsed
}

fn parse_lenient(file: FileId, body: &str, base: usize) -> yaml::ParsedYaml {
    let strict = yaml::parse(file, body, base);
    // yaml-rust2 may also read a tab-indented line without an error, and
    // then read less than js-yaml 3 does (a first line `\ttitle: x` ends
    // its mapping there): such text is read leniently too.
    let first_indented = first_line_indented(body);
    if strict.errors.is_empty() && !tab_indented(body) && !first_indented {
        return strict;
    }
    let Some(lenient) = LenientText::rewrite(body) else {
        return strict;
    };
    let mut parsed = yaml::parse(file, &lenient.text, 0);
    if !parsed.errors.is_empty() {
        // What the trimmed text does not read is what the platform refuses,
        // though yaml-rust2 read the text as written without an error.
        if first_indented && strict.errors.is_empty() {
            for e in &mut parsed.errors {
                e.range = lenient.map_range(&e.range, base);
            }
            return parsed;
        }
        return strict;
    }
    if let Some(root) = &mut parsed.root {
        lenient.map_node(root, base);
    }
    parsed
}

/// Whether the first line that is not blank starts with blanks.
fn first_line_indented(body: &str) -> bool {
    body.lines()
        .find(|l| !l.trim().is_empty())
        .is_some_and(|l| l.starts_with([' ', '\t']))
}

/// Whether a line that is not blank has a tab in its leading whitespace.
fn tab_indented(body: &str) -> bool {
    body.lines().any(|l| {
        let rest = l.trim_start_matches([' ', '\t']);
        !rest.trim().is_empty() && l[..l.len() - rest.len()].contains('\t')
    })
}

/// Front matter text rewritten for js-yaml 3's leniencies, with the map
/// from its offsets back to the original's.
struct LenientText {
    text: String,
    /// Unchanged runs: (offset in `text`, offset in the original, length).
    runs: Vec<(usize, usize, usize)>,
}

impl LenientText {
    fn rewrite(body: &str) -> Option<LenientText> {
        let mut out = LenientText {
            text: String::with_capacity(body.len() + 16),
            runs: Vec::new(),
        };
        let mut changed = false;
        // Inside a quoted scalar left open on an earlier line: its quote
        // and the indentation its continuation lines need.
        let mut open: Option<(u8, usize)> = None;
        // Inside a flow collection (`keywords: [`) left open on an earlier
        // line: how deep, and the indentation its lines need (js-yaml 3
        // takes a closing `]` at column 0).
        let mut flow: Option<(i32, usize)> = None;
        let mut pos = 0;
        // Before the first line that is not blank.
        let mut first_content = true;
        for line in body.split_inclusive('\n') {
            let lead_len = line.len() - line.trim_start_matches([' ', '\t']).len();
            let lead = &line[..lead_len];
            let rest = &line[lead_len..];
            let blank = rest.trim().is_empty();
            let spaces = lead.bytes().take_while(|&b| b == b' ').count();
            let mut indent = spaces;
            if let Some((_, need)) = open.or(flow.map(|(_, n)| (b' ', n))) {
                // A continuation line's leading whitespace is no indentation
                // to js-yaml 3 (a quoted scalar folds it, a flow collection
                // skips it, tabs included); yaml-rust2 refuses the tabs.
                let kept = if lead.contains('\t') && !blank {
                    changed = true;
                    spaces
                } else {
                    lead_len
                };
                if !blank && spaces < need {
                    out.insert(&" ".repeat(need - spaces));
                    changed = true;
                    indent = need;
                }
                out.keep(body, pos, kept);
                out.skip(lead_len - kept);
            } else if first_content && !blank {
                // `front-matter` trims the YAML: the first line starts at
                // column 0 whatever its indentation.
                out.skip(lead_len);
                changed |= lead_len > 0;
                indent = 0;
            } else if lead.contains('\t') && !blank {
                out.keep(body, pos, spaces);
                out.skip(lead_len - spaces);
                changed = true;
            } else {
                out.keep(body, pos, lead_len);
            }
            first_content &= blank;
            let rest_at = pos + lead_len;
            match (open, flow) {
                (Some((q, _)), _) => {
                    if closes(rest.as_bytes(), q, 0).is_some() {
                        open = None;
                    }
                    out.keep(body, rest_at, rest.len());
                }
                (None, Some((depth, need))) => {
                    let depth = depth + flow_depth(rest.as_bytes());
                    flow = (depth > 0).then_some((depth, need));
                    out.keep(body, rest_at, rest.len());
                }
                (None, None) => {
                    let (tab_at, opens, depth) = scan_line(rest.as_bytes());
                    if depth > 0 {
                        flow = Some((depth, indent + 1));
                    }
                    if let Some(t) = tab_at {
                        out.keep(body, rest_at, t);
                        out.insert(" ");
                        out.skip(1);
                        out.keep(body, rest_at + t + 1, rest.len() - t - 1);
                        changed = true;
                    } else {
                        out.keep(body, rest_at, rest.len());
                    }
                    open = opens.map(|q| (q, indent + 1));
                }
            }
            pos += line.len();
        }
        changed.then_some(out)
    }

    fn keep(&mut self, body: &str, at: usize, len: usize) {
        if len == 0 {
            return;
        }
        self.runs.push((self.text.len(), at, len));
        self.text.push_str(&body[at..at + len]);
    }

    fn insert(&mut self, s: &str) {
        self.text.push_str(s);
    }

    fn skip(&mut self, _len: usize) {}

    /// The original offset of `at` in the rewritten text (inserted text
    /// maps to where it was inserted).
    fn map(&self, at: usize) -> usize {
        let i = self.runs.partition_point(|r| r.0 <= at);
        if i == 0 {
            return self.runs.first().map_or(0, |r| r.1);
        }
        let (norm, orig, len) = self.runs[i - 1];
        orig + (at - norm).min(len)
    }

    fn map_range(&self, r: &std::ops::Range<usize>, base: usize) -> std::ops::Range<usize> {
        let start = base + self.map(r.start);
        let end = (base + self.map(r.end)).max(start);
        start..end
    }

    fn map_node(&self, n: &mut Node, base: usize) {
        n.range = self.map_range(&n.range, base);
        match &mut n.value {
            super::tree::Value::Array(items) => {
                for i in std::sync::Arc::make_mut(items).iter_mut() {
                    self.map_node(i, base);
                }
            }
            super::tree::Value::Object(props) => {
                for p in std::sync::Arc::make_mut(props).iter_mut() {
                    p.key_range = self.map_range(&p.key_range, base);
                    self.map_node(&mut p.value, base);
                }
            }
            _ => {}
        }
    }
}

/// One line after its indentation, outside any open quote: where a tab
/// separates `key:` or `-` from its value (to be read as a space), and the
/// quote of a value left open at the end of the line.
fn scan_line(b: &[u8]) -> (Option<usize>, Option<u8>, i32) {
    let mut tab = None;
    let mut i = 0;
    // A value starts after `- ` or `key: `; a quote there opens a scalar.
    loop {
        let value_start = match b.get(i) {
            Some(b'-') if matches!(b.get(i + 1), Some(b' ' | b'\t')) => Some(i + 1),
            Some(b'"' | b'\'') => {
                // A quoted key: find its end, then expect `:`.
                let q = b[i];
                match closes(b, q, i + 1) {
                    Some(end) => {
                        let mut j = end;
                        while b.get(j) == Some(&b' ') {
                            j += 1;
                        }
                        (b.get(j) == Some(&b':')).then_some(j + 1)
                    }
                    None => return (tab, Some(q), 0),
                }
            }
            Some(_) => {
                // A plain key up to `: ` / `:\t` / `:` at the end.
                let mut j = i;
                let mut found = None;
                while j < b.len() {
                    if b[j] == b':'
                        && matches!(b.get(j + 1), None | Some(b' ' | b'\t' | b'\r' | b'\n'))
                    {
                        found = Some(j + 1);
                        break;
                    }
                    if b[j] == b'#' && j > i && b[j - 1] == b' ' {
                        break;
                    }
                    j += 1;
                }
                found
            }
            None => None,
        };
        let Some(mut v) = value_start else {
            return (tab, None, 0);
        };
        if b.get(v) == Some(&b'\t') && tab.is_none() {
            tab = Some(v);
        }
        while matches!(b.get(v), Some(b' ' | b'\t')) {
            v += 1;
        }
        match b.get(v) {
            Some(&q @ (b'"' | b'\'')) => {
                return match closes(b, q, v + 1) {
                    Some(_) => (tab, None, 0),
                    None => (tab, Some(q), 0),
                };
            }
            Some(b'[' | b'{') => return (tab, None, flow_depth(&b[v..])),
            // `- key: value` or `- - x`: look at what follows.
            Some(_) if b[i] == b'-' => i = v,
            _ => return (tab, None, 0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_block_and_offsets() {
        let text = "---\ntitle: Hi\n---\n# Body\n";
        let fm = parse(0, text);
        let t = fm.root.unwrap().get("title").unwrap().clone();
        assert_eq!(&text[t.range], "Hi");
        assert!(parse(0, "# no front matter").body.is_none());
        assert!(!parse(0, "---\ntitle: x\n").errors.is_empty());
    }

    /// `front-matter` trims the YAML: a first line indented is at column 0
    /// (both keys are read, where yaml-rust2 alone ends after the first),
    /// and a line indented less than the keys above it after a comment is
    /// js-yaml 3's error, at that line (tests/frontmatter_oracle.rs has the
    /// platform's verdicts).
    #[test]
    fn the_first_lines_indentation_is_trimmed_as_front_matter_does() {
        let text = "---\n  title: T\nmode: wide\n---\n";
        let root = parse(0, text).root.unwrap();
        let keys: Vec<_> = root
            .props()
            .iter()
            .map(|p| &text[p.key_range.clone()])
            .collect();
        assert_eq!(keys, ["title", "mode"]);
        assert_eq!(&text[root.get("mode").unwrap().range.clone()], "wide");
        let text = "---\n# c\n  title: T\nmode: wide\n---\n";
        let fm = parse(0, text);
        assert!(fm.root.is_none());
        assert_eq!(fm.errors.len(), 1, "{:?}", fm.errors);
        assert_eq!(&text[fm.errors[0].range.clone()], "m");
    }
}
