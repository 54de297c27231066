//! docs.json after `$ref` resolution: one tree whose nodes keep the file
//! they came from, so diagnostics and edits land in the right file.

pub use super::docs_json::Config;
use super::file_kind::FileKind;
use super::paths;
use super::site::Site;
use crate::diagnostics::Diagnostic;
use crate::syntax::tree::{FileId, Node, Prop, Value};

/// Resolve the site's docs.json. Syntax errors of docs.json and of every
/// `$ref` file are reported here, once per file.
pub fn resolve(site: &Site) -> Config {
    let mut cfg = Config::default();
    let Some(id) = site.docs_json else { return cfg };
    let Some(file) = site.file(id) else {
        return cfg;
    };
    if let Err(e) = &file.text {
        cfg.diagnostics.push(Diagnostic::new(
            id,
            0..0,
            e.severity(),
            "file-unreadable",
            format!("docs.json {e}"),
        ));
        return cfg;
    }
    let parsed = file.json();
    for e in &parsed.errors {
        cfg.diagnostics.push(Diagnostic::error(
            id,
            e.range.clone(),
            "json-syntax",
            e.message.clone(),
        ));
    }
    overridden_keys(id, parsed, &mut cfg.diagnostics);
    lone_surrogates(id, parsed, &mut cfg.diagnostics);
    strict_json(id, file.text(), parsed, "docs.json", &mut cfg.diagnostics);
    if parsed.root.is_none() && parsed.errors.is_empty() {
        cfg.diagnostics.push(Diagnostic::error(
            id,
            0..0,
            "json-syntax",
            "docs.json is empty: it must hold an object with the site's settings (`name`, `theme`, `colors`, `navigation`)",
        ));
    }
    if let Some(root) = &parsed.root {
        let mut r = Resolver {
            site,
            cfg: &mut cfg,
            stack: vec![file.path.clone()],
        };
        // Resolution rebuilds the tree; without a `$ref` anywhere the parse
        // is the answer (saves copying a 1.5 MB docs.json per keystroke).
        cfg.root = Some(if file.json_mentions().refs() {
            std::sync::Arc::new(r.node(root, ""))
        } else {
            root.clone()
        });
    }
    cfg
}

/// A key set twice in one object: JSON readers keep the last value, so the
/// earlier one is silently ignored.
fn overridden_keys(file: FileId, parsed: &crate::syntax::json::Parsed, out: &mut Vec<Diagnostic>) {
    for (range, key) in &parsed.overridden_keys {
        out.push(Diagnostic::warning(
            file,
            range.clone(),
            "duplicate-key",
            format!("`{key}` is set again later in this object: this value is ignored (the last one is used); remove one"),
        ));
    }
}

/// Half a surrogate pair escaped alone (`"\ud83d"`): `JSON.parse` accepts
/// it and the site builds, but it is no character: where the string is
/// shown a reader sees a replacement character.
fn lone_surrogates(file: FileId, parsed: &crate::syntax::json::Parsed, out: &mut Vec<Diagnostic>) {
    for range in &parsed.lone_surrogates {
        out.push(Diagnostic::warning(
            file,
            range.clone(),
            "json-lone-surrogate",
            r"half of a UTF-16 surrogate pair without its other half: the platform accepts it (JSON.parse reads it) but it is no character, and shows as a replacement character; write the whole pair (`\ud83d\ude00`) or the character itself",
        ));
    }
}

/// What the tolerant reader accepted and `JSON.parse` refuses: the
/// platform reads docs.json and `$ref` files with `JSON.parse`, so each
/// comment, trailing comma and byte order mark fails the build ("docs.json
/// has invalid JSON", "contains invalid JSON"). Each is an error whose fix
/// removes it.
fn strict_json(
    file: FileId,
    text: &str,
    parsed: &crate::syntax::json::Parsed,
    what: &str,
    out: &mut Vec<Diagnostic>,
) {
    use crate::diagnostics::Fix;
    use crate::syntax::json::LenientKind;
    for l in &parsed.lenient {
        let (thing, title) = match l.kind {
            LenientKind::Comment => ("a comment", "Remove the comment"),
            LenientKind::TrailingComma => ("a trailing comma", "Remove the trailing comma"),
            LenientKind::ByteOrderMark => ("a byte order mark", "Remove the byte order mark"),
        };
        let removed = match l.kind {
            LenientKind::Comment => whole_line(text, l.range.clone()),
            _ => l.range.clone(),
        };
        out.push(
            Diagnostic::error(
                file,
                l.range.clone(),
                STRICT_JSON,
                format!(
                    "{thing}: the platform reads {what} as strict JSON (`JSON.parse`), which refuses it: the build fails; remove it"
                ),
            )
            .with_fix(Fix::Edit {
                title: title.into(),
                range: removed,
                text: String::new(),
            }),
        );
    }
}

/// The code of [`strict_json`]'s diagnostics.
pub const STRICT_JSON: &str = "json-strict";

/// A comment alone on its line goes with its line (indentation and line
/// break); one after a value goes with the spaces before it.
fn whole_line(text: &str, r: std::ops::Range<usize>) -> std::ops::Range<usize> {
    let before = &text[..r.start];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let lead = &text[line_start..r.start];
    let after = &text[r.end..];
    let rest_of_line = after.find('\n').map_or(after, |i| &after[..i]);
    if lead.trim().is_empty() && rest_of_line.trim().is_empty() {
        let end = r.end + after.find('\n').map_or(after.len(), |i| i + 1);
        return line_start..end;
    }
    let spaces = lead.len() - lead.trim_end().len();
    r.start - spaces..r.end
}

struct Resolver<'a> {
    site: &'a Site,
    cfg: &'a mut Config,
    /// Files on the current `$ref` chain, to find cycles.
    stack: Vec<String>,
}

impl Resolver<'_> {
    fn node(&mut self, node: &Node, dir: &str) -> Node {
        match &node.value {
            Value::Array(items) => Node::new(
                node.file,
                node.range.clone(),
                Value::Array(items.iter().map(|n| self.node(n, dir)).collect()),
            ),
            Value::Object(props) => match node.prop("$ref") {
                Some(r) if r.value.as_str().is_some() => self.reference(node, r, props, dir),
                _ => Node::new(
                    node.file,
                    node.range.clone(),
                    Value::Object(
                        props
                            .iter()
                            .map(|p| Prop {
                                key: p.key.clone(),
                                key_range: p.key_range.clone(),
                                value: self.node(&p.value, dir),
                            })
                            .collect(),
                    ),
                ),
            },
            _ => node.clone(),
        }
    }

    /// `{"$ref": "./file.json", ...siblings}`: the referenced content, with
    /// the sibling keys overriding it.
    fn reference(&mut self, holder: &Node, r: &Prop, props: &[Prop], dir: &str) -> Node {
        let target = r.value.as_str().unwrap_or_default();
        let siblings: Vec<Prop> = props
            .iter()
            .filter(|p| p.key != "$ref")
            .map(|p| Prop {
                key: p.key.clone(),
                key_range: p.key_range.clone(),
                value: self.node(&p.value, dir),
            })
            .collect();
        // An unresolved reference keeps its `$ref` key, so later rules can
        // tell it apart (and stay quiet) instead of reporting the hole.
        let fallback = |mut siblings: Vec<Prop>| {
            siblings.insert(0, r.clone());
            Node::new(
                holder.file,
                holder.range.clone(),
                Value::Object(siblings.into()),
            )
        };
        let vr = r.value.range.clone();
        let Some(path) = paths::join(dir, target) else {
            self.cfg.diagnostics.push(Diagnostic::error(
                r.value.file,
                vr,
                "ref-outside-root",
                format!("`$ref` \"{target}\" leads outside the docs root: only files inside it can be referenced"),
            ));
            return fallback(siblings);
        };
        if self.stack.contains(&path) {
            let chain = self.stack.join(" -> ");
            self.cfg.diagnostics.push(Diagnostic::error(
                r.value.file,
                vr,
                "ref-cycle",
                format!("`$ref` cycle: {chain} -> {path}; remove one of the references"),
            ));
            return fallback(siblings);
        }
        let Some(file) = self
            .site
            .file_by_path(&path)
            .filter(|f| f.kind != FileKind::Page)
        else {
            let mut d = Diagnostic::error(
                r.value.file,
                vr,
                "missing-ref",
                format!("`$ref` file \"{target}\" does not exist (looked for {path})"),
            );
            d.subject = Some(path);
            self.cfg.diagnostics.push(d);
            return fallback(siblings);
        };
        if let Err(e) = &file.text {
            self.cfg.diagnostics.push(Diagnostic::new(
                r.value.file,
                vr,
                e.severity(),
                "file-unreadable",
                format!("`$ref` file \"{target}\" {e}"),
            ));
            return fallback(siblings);
        }
        let first_use = !self.cfg.ref_files.contains(&file.id);
        if first_use {
            self.cfg.ref_files.push(file.id);
        }
        let parsed = file.json();
        if first_use {
            for e in &parsed.errors {
                self.cfg.diagnostics.push(Diagnostic::error(
                    file.id,
                    e.range.clone(),
                    "json-syntax",
                    e.message.clone(),
                ));
            }
            overridden_keys(file.id, parsed, &mut self.cfg.diagnostics);
            lone_surrogates(file.id, parsed, &mut self.cfg.diagnostics);
            strict_json(
                file.id,
                file.text(),
                parsed,
                "`$ref` files",
                &mut self.cfg.diagnostics,
            );
        }
        let Some(root) = &parsed.root else {
            if !parsed.errors.is_empty() {
                self.cfg.diagnostics.push(Diagnostic::error(
                    r.value.file,
                    vr,
                    "invalid-ref",
                    format!(
                        "`$ref` file \"{target}\" is not valid JSON; fix the errors reported in it"
                    ),
                ));
            }
            return fallback(siblings);
        };
        self.stack.push(path.clone());
        let content = self.node(root, paths::dir_of(&path));
        self.stack.pop();
        match content.value {
            Value::Object(base) => {
                let mut base = base.to_vec();
                for s in siblings {
                    match base.iter_mut().find(|p| p.key == s.key) {
                        Some(p) => *p = s,
                        None => base.push(s),
                    }
                }
                Node::new(content.file, content.range, Value::Object(base.into()))
            }
            _ if siblings.is_empty() => content,
            _ => {
                self.cfg.diagnostics.push(Diagnostic::warning(
                    r.value.file,
                    vr,
                    "invalid-ref",
                    format!(
                        "`$ref` file \"{target}\" holds {}, so the keys beside `$ref` cannot override it",
                        content.kind_name()
                    ),
                ));
                content
            }
        }
    }
}
