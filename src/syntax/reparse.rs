//! Reading an edited JSON text from the tree of its previous version, when
//! the edit stays inside one string, value or key (typing a page path, a
//! label or a key: most keystrokes in docs.json). The new tree is the old one with that
//! string's value replaced and every later range moved by the edit's
//! length; no byte of the 4 MB text around it is read again.
//!
//! Why this is the same tree a fresh parse gives: the old and new texts
//! differ only inside the string's quotes (common prefix and suffix), the
//! new content holds no quote, backslash or control character, so the
//! tokens before the string, the string token itself (one unescaped
//! string) and the tokens after it are read exactly as before. Anything
//! else (an edit touching a key, a quote, a comma, an escape; a document
//! with errors) is parsed afresh. `tests` and the `jsonc` fuzz target
//! compare both on random edits.

use super::json::Parsed;
use super::tree::{FileId, Node, Prop, Value};
use std::ops::Range;
use std::sync::Arc;

// Where the keystroke code has always found them.
pub use super::edit::{StringEdit, TextDiff};

/// The tree of `new_text` from the parse of `old_text`, if the texts differ
/// inside one string value or key only (see the module comment); `None`
/// means "parse afresh".
pub fn reparse(file: FileId, old: &Parsed, old_text: &str, new_text: &str) -> Option<Parsed> {
    reparse_edited(file, old, old_text, new_text, None)
}

/// [`reparse`], told where the texts differ (`edited`: what the editor's
/// changes said, so that two 4 MB texts need not be compared). A diff
/// that cannot be one of these texts is not used.
pub fn reparse_edited(
    file: FileId,
    old: &Parsed,
    old_text: &str,
    new_text: &str,
    edited: Option<TextDiff>,
) -> Option<Parsed> {
    if !old.errors.is_empty() {
        return None;
    }
    let root = old.root.as_ref()?;
    let diff = diff_of(old_text, new_text, edited);
    let target = string_holding(root, diff.start, diff.old_end)?;
    let old_range = match target {
        EditedString::Value(n) => n.range.clone(),
        EditedString::Key(obj, i) => obj.props()[i].key_range.clone(),
    };
    let new_range = old_range.start..diff.map(old_range.end);
    // Inside the quotes of the new token.
    let content = new_text.get(new_range.start + 1..new_range.end - 1)?;
    if content.bytes().any(|b| b == b'"' || b == b'\\' || b < 0x20) {
        return None;
    }
    if let EditedString::Key(obj, i) = target {
        // Which keys of the object are set twice must stay as it was: the
        // old key and the new one are each the only one of their name.
        let old_key = &obj.props()[i].key;
        let others = || obj.props().iter().enumerate().filter(|(j, _)| *j != i);
        if others().any(|(_, p)| p.key == *old_key || p.key == content) {
            return None;
        }
    }
    let new_root = shifted(root, file, &diff, Replaced::String(target, content));
    Some(Parsed {
        root: Some(Arc::new(new_root)),
        errors: Vec::new(),
        overridden_keys: old
            .overridden_keys
            .iter()
            .map(|(r, k)| (diff.map_range(r), k.clone()))
            .collect(),
        lenient: old
            .lenient
            .iter()
            .map(|l| super::json::Lenient {
                range: diff.map_range(&l.range),
                kind: l.kind,
            })
            .collect(),
        lone_surrogates: old
            .lone_surrogates
            .iter()
            .map(|r| diff.map_range(r))
            .collect(),
        edit: Some(StringEdit {
            key: matches!(target, EditedString::Key(..)),
            old_key: match target {
                EditedString::Key(obj, i) => obj.props()[i].key.clone(),
                EditedString::Value(_) => Default::default(),
            },
            old_range,
            new_range,
            diff,
        }),
    })
}

/// Where `old_text` and `new_text` differ: `edited` (the editor's word)
/// when it can be a diff of these texts, else found by comparing them.
fn diff_of(old_text: &str, new_text: &str, edited: Option<TextDiff>) -> TextDiff {
    let fits = |d: &TextDiff| {
        d.start <= d.old_end
            && d.start <= d.new_end
            && d.old_end <= old_text.len()
            && d.new_end <= new_text.len()
            && old_text.len() - d.old_end == new_text.len() - d.new_end
    };
    let diff = edited
        .filter(fits)
        .unwrap_or_else(|| TextDiff::of(old_text, new_text));
    debug_assert!(
        old_text.as_bytes()[..diff.start] == new_text.as_bytes()[..diff.start]
            && old_text.as_bytes()[diff.old_end..] == new_text.as_bytes()[diff.new_end..],
        "the editor's diff leaves the texts equal around it"
    );
    diff
}

/// The parse of `new_text`, an edit of `old_text` (whose parse `old` is
/// clean) that breaks it, read from the innermost container around the
/// edit alone ([`super::json::errors_in_container`]): a key being typed in
/// a 4 MB docs.json costs its object, not the text. `None` when the edit is
/// not strictly inside a container below the top one, or its errors cannot
/// be told from that container: parse afresh. With the parse, where the
/// texts differ.
pub fn broken_by_edit(
    old: &Parsed,
    old_text: &str,
    new_text: &str,
    edited: Option<TextDiff>,
) -> Option<(Parsed, TextDiff)> {
    if !old.errors.is_empty() || !old.lone_surrogates.is_empty() {
        return None;
    }
    let root = old.root.as_deref()?;
    let diff = diff_of(old_text, new_text, edited);
    let edited = EditedContainer::of(root, new_text, &diff)?;
    let (range, container) = (edited.range.clone(), edited.text);
    // Half a surrogate pair is rewritten before a parse (`json::parse`).
    if container.contains("\\u") {
        return None;
    }
    let errors = super::json::errors_in_container(container, edited.depth)?;
    let parsed = Parsed {
        root: None,
        errors: errors
            .into_iter()
            .map(|e| super::SyntaxError {
                range: e.range.start + range.start..e.range.end + range.start,
                message: e.message,
            })
            .collect(),
        ..Parsed::default()
    };
    Some((parsed, diff))
}

/// The innermost container below the top one of a clean tree whose
/// brackets hold an edit strictly (they are not edited), and its new text:
/// what a broken text's errors and tree are read from.
pub struct EditedContainer<'a, 't> {
    /// The container in the clean tree.
    pub node: &'a Node,
    /// How deep it is (1: a child of the top).
    pub depth: usize,
    /// Where it is in the new text, and its text there.
    pub range: Range<usize>,
    pub text: &'t str,
}

impl<'a, 't> EditedContainer<'a, 't> {
    /// The container of `root` around `diff` in `new_text`, if there is one.
    pub fn of(root: &'a Node, new_text: &'t str, diff: &TextDiff) -> Option<Self> {
        let (node, depth) = container_around(root, diff)?;
        let range = node.range.start..diff.map(node.range.end);
        let text = new_text.get(range.clone())?;
        Some(EditedContainer {
            node,
            depth,
            range,
            text,
        })
    }
}

/// The innermost container below the top one `root` whose brackets hold
/// the edit `diff` strictly (its brackets are not edited), and how deep it
/// is (1: a child of the top).
fn container_around<'a>(root: &'a Node, diff: &TextDiff) -> Option<(&'a Node, usize)> {
    let around = |n: &Node| {
        matches!(n.value, Value::Array(_) | Value::Object(_))
            && n.range.start < diff.start
            && diff.old_end < n.range.end
    };
    if !around(root) {
        return None;
    }
    let (mut cur, mut depth) = (root, 0usize);
    loop {
        let next = match &cur.value {
            Value::Array(items) => items.get(items.partition_point(|n| n.range.end <= diff.start)),
            Value::Object(props) => props
                .get(props.partition_point(|p| p.value.range.end <= diff.start))
                .map(|p| &p.value),
            _ => None,
        };
        match next.filter(|n| around(n)) {
            Some(n) => {
                cur = n;
                depth += 1;
            }
            None => return (depth > 0).then_some((cur, depth)),
        }
    }
}

/// The string token an edit falls in.
#[derive(Clone, Copy)]
enum EditedString<'a> {
    Value(&'a Node),
    /// The key of the `usize`th member of an object.
    Key(&'a Node, usize),
}

/// The string value or key whose content (between its quotes) holds
/// `start..end`, if there is one.
fn string_holding(root: &Node, start: usize, end: usize) -> Option<EditedString<'_>> {
    let inside = |r: &Range<usize>| r.start < start && end < r.end;
    let mut cur = root;
    if !inside(&cur.range) {
        return None;
    }
    loop {
        // Children are in text order: the one that may hold `start` is the
        // first that does not end before it.
        let next = match &cur.value {
            Value::String(_) => return Some(EditedString::Value(cur)),
            Value::Array(items) => items.get(items.partition_point(|n| n.range.end <= start)),
            Value::Object(props) => {
                let i = props.partition_point(|p| p.value.range.end <= start);
                match props.get(i) {
                    Some(p) if inside(&p.key_range) => return Some(EditedString::Key(cur, i)),
                    p => p.map(|p| &p.value),
                }
            }
            _ => None,
        };
        cur = next.filter(|n| inside(&n.range))?;
    }
}

/// What an edit replaces in the tree it is read from.
#[derive(Clone, Copy)]
enum Replaced<'a> {
    /// A string value or key, by this content.
    String(EditedString<'a>, &'a str),
    /// A node, by this one (already in the new text's offsets).
    Node(&'a Node, &'a Node),
}

/// `root` for a text edited by `diff` strictly inside its node `target`,
/// with `target` replaced by `with`: the nodes before the edit shared, the
/// ones after it with their ranges moved.
pub fn spliced(root: &Node, file: FileId, diff: &TextDiff, target: &Node, with: &Node) -> Node {
    shifted(root, file, diff, Replaced::Node(target, with))
}

/// A copy of `n` for the new text: ranges mapped by `diff`, what the edit
/// `replaced` replaced.
///
/// On one thread: copying the top levels of a 4 MB navigation in parallel
/// gained nothing (`cargo bench --bench analysis reparse`: 0.90-0.96 ms in
/// parallel, 0.86-0.95 ms on one thread), and in the server the call waits
/// for the pool's threads, which a loaded machine may not run for
/// milliseconds (the `json reparse` span, 400 keystrokes: p50 1.70 -> 1.50 ms,
/// p90 3.0-3.6 -> 1.8 ms).
fn shifted(n: &Node, file: FileId, diff: &TextDiff, replaced: Replaced<'_>) -> Node {
    // Whole before the edit: the same node, shared (its lists are `Arc`s).
    if n.range.end <= diff.start && n.file == file {
        return n.clone();
    }
    match replaced {
        Replaced::String(EditedString::Value(t), content) if std::ptr::eq(n, t) => {
            return Node::new(
                file,
                diff.map_range(&n.range),
                Value::String(content.into()),
            );
        }
        Replaced::Node(t, with) if std::ptr::eq(n, t) => return with.clone(),
        _ => {}
    }
    let value = match &n.value {
        Value::Array(items) => Value::Array(
            items
                .iter()
                .map(|c| shifted(c, file, diff, replaced))
                .collect(),
        ),
        Value::Object(props) => {
            let edited_key = match replaced {
                Replaced::String(EditedString::Key(obj, i), content) if std::ptr::eq(n, obj) => {
                    Some((i, content))
                }
                _ => None,
            };
            Value::Object(
                props
                    .iter()
                    .enumerate()
                    .map(|(i, p)| Prop {
                        key: match edited_key {
                            Some((k, content)) if k == i => content.into(),
                            _ => p.key.clone(),
                        },
                        key_range: diff.map_range(&p.key_range),
                        value: shifted(&p.value, file, diff, replaced),
                    })
                    .collect(),
            )
        }
        v => v.clone(),
    };
    Node::new(file, diff.map_range(&n.range), value)
}

/// For the fuzzer and tests: panics if reading `new_text` from the tree of
/// `old_text` gives anything but what a fresh parse gives. Returns whether
/// the incremental read applied.
#[doc(hidden)]
pub fn assert_reparse_agrees(old_text: &str, new_text: &str) -> bool {
    let old = super::json::parse(0, old_text);
    let Some(inc) = reparse(0, &old, old_text, new_text) else {
        return false;
    };
    let fresh = super::json::parse(0, new_text);
    // Compared as printed: `NaN` is a number JSONC reads, and NaN != NaN.
    assert_eq!(
        format!("{:?}", inc.root),
        format!("{:?}", fresh.root),
        "trees differ"
    );
    assert_eq!(inc.errors, fresh.errors, "errors differ");
    assert_eq!(
        inc.overridden_keys, fresh.overridden_keys,
        "overridden keys differ"
    );
    assert_eq!(
        inc.lenient, fresh.lenient,
        "comments and trailing commas differ"
    );
    true
}

/// For the fuzzer and tests: panics if the errors of `new_text` read from
/// the edited container of the clean `old_text` ([`broken_by_edit`], told
/// `edited` if given) are not what a fresh parse gives. Returns whether
/// they were read so.
#[doc(hidden)]
pub fn assert_broken_agrees(old_text: &str, new_text: &str, edited: Option<TextDiff>) -> bool {
    let old = super::json::parse(0, old_text);
    let Some((inc, _)) = broken_by_edit(&old, old_text, new_text, edited) else {
        return false;
    };
    let fresh = super::json::parse(0, new_text);
    assert!(fresh.root.is_none(), "a fresh parse reads a tree");
    assert_eq!(inc.errors, fresh.errors, "errors differ");
    true
}
