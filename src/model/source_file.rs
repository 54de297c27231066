//! One file of a site, with its parses computed once per file version.

use super::anchors::{self, Anchors};
use super::file_kind::{FileKind, Unreadable};
use super::lock::lock;
use crate::syntax::edit::{EditedFrom, TextDiff};
use crate::syntax::frontmatter::{self, FrontMatter};
use crate::syntax::json;
use crate::syntax::tree::FileId;
use crate::text::LineIndex;
use std::sync::{Arc, OnceLock};

/// One file of a site. `text` is the whole file, except for pages read from
/// disk in bulk, where only the front matter is kept (25,000 pages must fit
/// the memory budget): their body is read into the page index when loaded,
/// and body diagnostics come from that index (its byte offsets are into the
/// full text; the line index of a closed page covers its front matter only).
#[derive(Debug)]
pub struct SourceFile {
    pub id: FileId,
    /// This version's revision, never another file's or version's: what
    /// memoised results that read the file record ([`crate::model::memo`]).
    pub revision: crate::model::memo::Revision,
    /// Path relative to the docs root, with `/` separators.
    pub path: String,
    pub kind: FileKind,
    pub text: Result<Arc<str>, Unreadable>,
    lines: OnceLock<Arc<LineIndex>>,
    // Boxed: a page has no JSON parse, and 25,000 pages' structs add up.
    json: OnceLock<Box<JsonParse>>,
    front: OnceLock<Box<FrontMatter>>,
    /// The page body's index (headings, links, elements, MDX syntax errors).
    page: OnceLock<Arc<crate::syntax::page::PageIndex>>,
    anchors: OnceLock<Anchors>,
    /// Where a page read in bulk came from: its body was dropped, and the
    /// protocol and report layers read it again to place a position in it.
    pub origin: Option<Arc<std::path::Path>>,
    spec: OnceLock<Arc<crate::model::openapi::SpecIndex>>,
    declares_spec: OnceLock<bool>,
    /// How this version is read from an earlier one's tree, until its
    /// parse is: boxed, as 25,000 pages never have one (two fields inline
    /// were 2.7 MiB more at the peak of reading the largest real site).
    reparse: std::sync::Mutex<Option<Box<ReparseFrom>>>,
}

/// How a docs.json version is read from an earlier one's tree: a keystroke
/// inside a string of a 4 MB docs.json is read from that tree
/// ([`crate::syntax::reparse`]).
#[derive(Debug, Default)]
struct ReparseFrom {
    /// The earlier version whose JSON parse is done, and where the texts
    /// differ when the editor said so.
    base: Option<(Arc<SourceFile>, Option<TextDiff>)>,
    /// The text this version was edited from, and where, as the editor
    /// said (until [`SourceFile::follows`] reads it): with it the reparse
    /// need not compare the texts.
    edited: Option<EditedFrom>,
    /// The version that followed this one, once one has: a request that
    /// reads an older analysis finds the tree of the editor's text through
    /// it ([`SourceFile::version_with_text`]).
    newer: std::sync::Weak<SourceFile>,
}

/// A JSON file's parse, and how its text was made from the versions its
/// tree was read from by one string edit each (empty when it was parsed
/// afresh): the history that a memoised value's reads of parts of the
/// text are checked against ([`crate::model::memo::TextRead`]).
#[derive(Debug)]
struct JsonParse {
    parsed: json::Parsed,
    history: Box<crate::model::memo::TextHistory>,
    mentions: Mentions,
    /// The tree read from the text when it does not parse, for the editor
    /// features; read on their first question.
    recovered: OnceLock<Option<json::recover::Recovered>>,
    /// For a text an edit broke, whose errors were read from the edited
    /// container alone: the clean version it was edited from, and where
    /// the texts differ. The next versions are read from that one.
    broken_from: Option<Box<(Arc<SourceFile>, TextDiff)>>,
}

/// Whether a JSON file's text holds, anywhere, the words that decide if a
/// whole pass runs: `"$ref"` (docs.json's tree is then resolved, copied),
/// `overlays` (the lists of spec overlays are then read) and `sourceRef`
/// (every object of the configuration is then looked through for
/// multi-repository references). Read once per fresh parse; a version read
/// from an earlier one's tree looks only around the edit, not through 4 MB
/// of text per keystroke.
///
/// A key can spell its letters as `\u` escapes (`"source\u0052ef"` is
/// `sourceRef` to a JSON parser): a text with any `\u` mentions every word.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mentions {
    refs: bool,
    overlays: bool,
    source_refs: bool,
    escapes: bool,
}

const REF_WORD: &[u8] = b"\"$ref\"";
const OVERLAYS_WORD: &[u8] = b"overlays";
const SOURCE_REF_WORD: &[u8] = b"sourceRef";
const ESCAPE_WORD: &[u8] = b"\\u";

impl Mentions {
    /// `"$ref"` may be a key.
    pub fn refs(&self) -> bool {
        self.refs || self.escapes
    }

    /// `overlays` may be a key.
    pub fn overlays(&self) -> bool {
        self.overlays || self.escapes
    }

    /// `sourceRef` may be a key.
    pub fn source_refs(&self) -> bool {
        self.source_refs || self.escapes
    }

    fn of(text: &str) -> Mentions {
        let has = |w: &[u8]| memchr::memmem::find(text.as_bytes(), w).is_some();
        Mentions {
            refs: has(REF_WORD),
            overlays: has(OVERLAYS_WORD),
            source_refs: has(SOURCE_REF_WORD),
            escapes: has(ESCAPE_WORD),
        }
    }

    /// The mentions of `new`, made from `old` (whose mentions these are)
    /// by replacing the bytes `diff` names: a word neither in the bytes
    /// around the old part nor around the new one is where it was, or was
    /// not anywhere.
    fn after(self, old: &str, new: &str, diff: &TextDiff) -> Mentions {
        let near = |text: &str, end: usize, w: &[u8]| {
            let from = diff.start.saturating_sub(w.len() - 1);
            let to = (end + w.len() - 1).min(text.len());
            memchr::memmem::find(&text.as_bytes()[from..to], w).is_some()
        };
        let one = |had: bool, w: &[u8]| {
            if had && near(old, diff.old_end, w) {
                // One may be gone: look again.
                memchr::memmem::find(new.as_bytes(), w).is_some()
            } else {
                had || near(new, diff.new_end, w)
            }
        };
        Mentions {
            refs: one(self.refs, REF_WORD),
            overlays: one(self.overlays, OVERLAYS_WORD),
            source_refs: one(self.source_refs, SOURCE_REF_WORD),
            escapes: one(self.escapes, ESCAPE_WORD),
        }
    }
}

impl SourceFile {
    pub fn new(
        id: FileId,
        path: String,
        kind: FileKind,
        text: Result<Arc<str>, Unreadable>,
    ) -> Self {
        SourceFile {
            id,
            revision: crate::model::memo::fresh_revision(),
            path,
            kind,
            text,
            lines: OnceLock::new(),
            json: OnceLock::new(),
            front: OnceLock::new(),
            page: OnceLock::new(),
            anchors: OnceLock::new(),
            origin: None,
            spec: OnceLock::new(),
            declares_spec: OnceLock::new(),
            reparse: Default::default(),
        }
    }

    pub fn text(&self) -> &str {
        match &self.text {
            Ok(t) => t,
            Err(_) => "",
        }
    }

    pub fn lines(&self) -> &LineIndex {
        self.lines
            .get_or_init(|| Arc::new(LineIndex::new(self.text())))
    }

    /// The line index of this text, already computed (by the editor
    /// document the text came from).
    pub fn with_lines(self, lines: Arc<LineIndex>) -> Self {
        let _ = self.lines.set(lines);
        self
    }

    /// This version, told the text it was edited from and where.
    /// Kept for docs.json alone (the one file read from its previous
    /// version's tree), until [`SourceFile::follows`] reads it.
    pub fn edited_from(self, edited: Option<EditedFrom>) -> Self {
        if self.kind == FileKind::DocsJson && edited.is_some() {
            *lock(&self.reparse) = Some(Box::new(ReparseFrom {
                edited,
                ..ReparseFrom::default()
            }));
        }
        self
    }

    pub fn json(&self) -> &json::Parsed {
        &self.json_parse().parsed
    }

    fn json_parse(&self) -> &JsonParse {
        if let Some(p) = self.json.get() {
            return p;
        }
        let parse = self.json.get_or_init(|| {
            // Kept until this parse is done: a version that follows this
            // one meanwhile is read from the same base (with both edits),
            // not parsed afresh. The link to a newer version stays.
            let base = lock(&self.reparse).as_ref().and_then(|r| r.base.clone());
            // A version an edit broke is read from the clean one its
            // errors were read against, through both edits.
            let base = base.and_then(|(b, diff)| match &b.json.get()?.broken_from {
                Some(clean) => Some((clean.0.clone(), diff.map(|d| clean.1.then(d)))),
                None => Some((b, diff)),
            });
            let edited = base.as_ref().and_then(|(b, diff)| {
                let old = b.json.get()?;
                let _t = crate::timing::span("json reparse");
                let (old_text, text) = (b.text(), self.text());
                if let Some(parsed) = crate::syntax::reparse::reparse_edited(
                    self.id,
                    &old.parsed,
                    old_text,
                    text,
                    *diff,
                ) {
                    let history = self.history_after(&old.history, b.revision, &parsed);
                    let mentions = match parsed.edit.as_ref() {
                        Some(e) => old.mentions.after(old_text, text, &e.diff),
                        None => Mentions::of(text),
                    };
                    return Some(JsonParse {
                        parsed,
                        history,
                        mentions,
                        recovered: OnceLock::new(),
                        broken_from: None,
                    });
                }
                let (parsed, diff) =
                    crate::syntax::reparse::broken_by_edit(&old.parsed, old_text, text, *diff)?;
                Some(JsonParse {
                    parsed,
                    history: Box::default(),
                    mentions: old.mentions.after(old_text, text, &diff),
                    recovered: OnceLock::new(),
                    broken_from: Some(Box::new((b.clone(), diff))),
                })
            });
            Box::new(edited.unwrap_or_else(|| JsonParse {
                parsed: json::parse(self.id, self.text()),
                mentions: Mentions::of(self.text()),
                history: Box::default(),
                recovered: OnceLock::new(),
                broken_from: None,
            }))
        });
        // Read: the earlier version need not stay alive for this one. Let go
        // only now that the parse is there, so a version that follows this
        // one finds either (`follows`).
        if let Some(r) = lock(&self.reparse).as_mut() {
            r.base = None;
        }
        parse
    }

    /// The JSON file's tree as the editor features read it: the parse, or
    /// when the text does not parse, the tree recovered from it
    /// ([`json::recover`]). `None` for a text holding no value.
    pub fn json_tree(&self) -> Option<json::query::JsonTree<'_>> {
        let p = self.json_parse();
        if let Some(root) = p.parsed.root.as_deref() {
            return Some(json::query::JsonTree::parsed(root));
        }
        p.recovered
            .get_or_init(|| {
                let _t = crate::timing::span("json recover");
                // From the clean version an edit broke, when the edit's
                // container can be read alone.
                p.broken_from
                    .as_deref()
                    .and_then(|(clean, diff)| {
                        let root = clean.json().root.as_deref()?;
                        json::recover::recover_edited(self.id, root, self.text(), diff)
                    })
                    .or_else(|| json::recover::recover(self.id, self.text()))
            })
            .as_ref()
            .map(json::query::JsonTree::recovered)
    }

    /// The history of this version read from `from`'s tree (whose
    /// history is `before`): that one's last edits and this one, at most
    /// [`crate::model::memo::HISTORY`].
    fn history_after(
        &self,
        before: &crate::model::memo::TextHistory,
        from: crate::model::memo::Revision,
        parsed: &json::Parsed,
    ) -> Box<crate::model::memo::TextHistory> {
        let Some(edit) = parsed.edit.as_ref() else {
            return Box::default();
        };
        let kept = before.len().min(crate::model::memo::HISTORY - 1);
        let mut history = Vec::with_capacity(kept + 1);
        history.extend_from_slice(&before[before.len() - kept..]);
        history.push(crate::model::memo::TextEdit {
            from,
            diff: edit.diff,
            renamed: edit.key.then(|| {
                let new = self
                    .text()
                    .get(edit.new_range.start + 1..edit.new_range.end - 1);
                (edit.old_key.as_str().into(), new.unwrap_or_default().into())
            }),
        });
        history.into()
    }

    /// Which of the words that decide a whole pass this JSON file's text
    /// holds (see [`Mentions`]; parses the file as JSON).
    pub fn json_mentions(&self) -> Mentions {
        self.json_parse().mentions
    }

    /// How this version's text was made from the versions before it, as
    /// far as its tree was read from theirs by one string edit each:
    /// oldest first, the last edit made this version.
    pub fn text_history(&self) -> &crate::model::memo::TextHistory {
        &self.json_parse().history
    }

    /// Read this new version of a JSON file from `previous`'s tree (the
    /// version it replaces, if any) if it
    /// can be (see [`crate::syntax::reparse`]): `previous` itself if its
    /// parse is done, else the version it would have been read from.
    ///
    /// Where the texts differ is known when the editor said how this text
    /// was edited from `previous`'s (and, for a base further back, how
    /// `previous`'s was from it).
    pub fn follows(self: &Arc<Self>, previous: Option<&Arc<SourceFile>>) {
        let edited = lock(&self.reparse).take().and_then(|r| r.edited);
        let Some(previous) = previous else {
            return;
        };
        if !Arc::ptr_eq(self, previous) {
            lock(&previous.reparse)
                .get_or_insert_with(Box::default)
                .newer = Arc::downgrade(self);
        }
        if self.json.get().is_some() || previous.text.is_err() {
            return;
        }
        let diff = edited
            .filter(|e| matches!(&previous.text, Ok(t) if std::ptr::addr_eq(Arc::as_ptr(t), Arc::as_ptr(&e.base))))
            .map(|e| e.diff);
        // Its base first: it lets go of it only once its parse is there.
        let previous_base = lock(&previous.reparse)
            .as_ref()
            .and_then(|r| r.base.clone());
        let base = if previous.json.get().is_some() {
            Some((previous.clone(), diff))
        } else {
            previous_base.map(|(b, before)| (b, before.zip(diff).map(|(a, b)| a.then(b))))
        };
        *lock(&self.reparse) = base.map(|base| {
            Box::new(ReparseFrom {
                base: Some(base),
                ..ReparseFrom::default()
            })
        });
    }

    /// The version of this file, this one or one that followed it, whose
    /// text is `text` (the editor's, when a request reads an analysis made
    /// before its last keystrokes); `None` when none is, or it is gone.
    pub fn version_with_text(self: &Arc<Self>, text: &str) -> Option<Arc<SourceFile>> {
        let mut cur = self.clone();
        // A request is at most a few keystrokes ahead of the analysis.
        for _ in 0..64 {
            let t = cur.text();
            if t.len() == text.len() && (t.as_ptr() == text.as_ptr() || t == text) {
                return Some(cur);
            }
            let newer = lock(&cur.reparse).as_ref()?.newer.upgrade()?;
            cur = newer;
        }
        None
    }

    /// The ids a link's `#fragment` may name on this page (clean form,
    /// sorted), computed once per version.
    pub fn anchors(&self) -> &Anchors {
        self.anchors
            .get_or_init(|| anchors::anchors_of(self.page_index(), self.front_matter()))
    }

    /// Remember where the text was read from (see [`SourceFile::origin`]).
    pub fn with_origin(mut self, path: &std::path::Path) -> Self {
        self.origin = Some(Arc::from(path));
        self
    }

    pub fn front_matter(&self) -> &FrontMatter {
        self.front
            .get_or_init(|| Box::new(frontmatter::parse(self.id, self.text())))
    }

    /// The front matter of this text, already parsed (by the loader, for a
    /// page with the same text as another: see [`FrontMatter::in_file`]).
    pub fn set_front_matter(&self, front: FrontMatter) {
        let _ = self.front.set(Box::new(front));
    }

    /// The index of this page's body, read once per file version. Pages read
    /// from disk in bulk get it from their full text when loaded (their body
    /// is not kept, see [`SourceFile::with_page_index`]).
    pub fn page_index(&self) -> &crate::syntax::page::PageIndex {
        self.page
            .get_or_init(|| Arc::new(crate::syntax::page::read(self.text())))
    }

    /// The page index of this file's full text, computed by the loader
    /// before the body was dropped.
    pub fn with_page_index(self, index: Arc<crate::syntax::page::PageIndex>) -> Self {
        let _ = self.page.set(index);
        self
    }

    /// The endpoint index of this file read as an OpenAPI/AsyncAPI spec,
    /// built once per file version (a 13 MB spec is not re-read per keystroke).
    pub fn spec_index(&self) -> &Arc<crate::model::openapi::SpecIndex> {
        self.spec.get_or_init(|| {
            Arc::new(crate::model::openapi::SpecIndex::build(
                self.id,
                self.text(),
                self.is_yaml(),
            ))
        })
    }

    /// Whether this JSON/YAML file is an OpenAPI/AsyncAPI document by its
    /// top-level keys (see [`crate::model::openapi::declares_spec`]); once
    /// per file version.
    pub fn declares_spec(&self) -> bool {
        matches!(self.kind, FileKind::Json | FileKind::Yaml)
            && *self
                .declares_spec
                .get_or_init(|| crate::model::openapi::declares_spec(self.text(), self.is_yaml()))
    }

    /// The page's title from its front matter, if it has one.
    pub fn title(&self) -> Option<&str> {
        self.front_matter().root.as_ref()?.get("title")?.as_str()
    }

    pub fn is_yaml(&self) -> bool {
        self.path.ends_with(".yaml") || self.path.ends_with(".yml")
    }
}

#[cfg(test)]
mod mentions_tests {
    use super::{Mentions, TextDiff};

    /// Edits that make, break, move and keep the words, against reading the
    /// whole new text.
    #[test]
    fn mentions_after_an_edit_are_the_new_texts() {
        #[rustfmt::skip]
        let pieces = [
            "\"$ref\"", "$ref", "\"", "overlays", "overlay", "s", "x", "\"$re", "f\"",
            "sourceRef", "source", "Ref", "\\", "u", "\\u",
        ];
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed >> 16) as usize % n
        };
        let (mut found, mut lost, mut escaped) = (0, 0, 0);
        for _ in 0..50_000 {
            let old: String = (0..next(6)).map(|_| pieces[next(pieces.len())]).collect();
            let start = next(old.len() + 1);
            let end = start + next(old.len() - start + 1);
            let insert = pieces[next(pieces.len())];
            let new = format!("{}{insert}{}", &old[..start], &old[end..]);
            let diff = TextDiff::replacement(start, end, insert.len());
            let (before, after) = (Mentions::of(&old), Mentions::of(&new));
            assert_eq!(before.after(&old, &new, &diff), after, "{old:?} -> {new:?}");
            found += usize::from(!before.refs && after.refs);
            lost += usize::from(before.overlays && !after.overlays);
            escaped += usize::from(!before.escapes && after.escapes && !after.source_refs);
            // Any `\u` stands for every word.
            assert_eq!(after.escapes, new.contains("\\u"));
            assert!(!after.escapes || (after.refs() && after.overlays() && after.source_refs()));
        }
        assert!(
            found > 100 && lost > 100 && escaped > 100,
            "{found} {lost} {escaped}"
        );
    }
}

#[cfg(test)]
mod version_tests {
    use super::{FileKind, SourceFile};
    use crate::model::site::Site;
    use std::sync::Arc;

    fn version(text: &str) -> Arc<SourceFile> {
        Arc::new(SourceFile::new(
            0,
            "docs.json".into(),
            FileKind::DocsJson,
            Ok(Arc::from(text)),
        ))
    }

    /// A request reading an older analysis finds the version of docs.json
    /// with the editor's text through the versions that followed, and its
    /// tree is the one read from that text, broken or not.
    #[test]
    fn the_version_with_the_editors_text_is_found_from_an_older_one() {
        let mut site = Site::new("s".into());
        let texts = [
            r#"{"name": "a", "navigation": {"pages": ["x"]}}"#,
            r#"{"name": "ab", "navigation": {"pages": ["x"]}}"#,
            r#"{"name": "ab", "navigation": {"pages": ["x", ""]}}"#,
            r#"{"name": "ab", "navigation": {"pages": ["x", "" "y"]}}"#,
        ];
        let versions: Vec<_> = texts.iter().map(|t| version(t)).collect();
        for v in &versions {
            site.insert(v.clone());
        }
        let first = &versions[0];
        assert!(first.json().root.is_some());
        for (i, t) in texts.iter().enumerate() {
            // Another allocation of the same text: found by its content.
            let editors = t.to_string();
            let found = first.version_with_text(&editors).expect("found");
            assert!(Arc::ptr_eq(&found, &versions[i]), "version {i}");
            let tree = found.json_tree().expect("a tree");
            let fresh = crate::syntax::json::parse(0, t).root.map(|r| (*r).clone());
            let whole = crate::syntax::json::recover::recover(0, t).map(|r| r.root);
            assert_eq!(Some(tree.root.clone()), fresh.or(whole), "version {i}");
        }
        assert!(first.version_with_text("{}").is_none());
        // The links do not keep the versions that followed alive.
        let first = first.clone();
        drop(site);
        drop(versions);
        assert!(first.version_with_text(texts[3]).is_none());
        assert!(first.version_with_text(texts[0]).is_some());
    }
}
