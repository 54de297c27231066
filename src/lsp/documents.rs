//! Open documents: rope-backed text, edited incrementally. Edits are applied
//! synchronously in the order they arrive (before any `.await`).

use crate::syntax::edit::{EditedFrom, TextDiff};
use crate::text::{Encoding, LineIndex};
use dashmap::DashMap;
use dashmap::mapref::multiple::RefMulti;
use dashmap::mapref::one::{Ref, RefMut};
use ropey::Rope;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tower_lsp_server::ls_types as lsp;

/// The open documents by path: the editor's text, the only text of an open
/// file (a site's snapshot shares one version of it). Anyone may read one;
/// only the state's owner (`super::world`, for `super::notifications`)
/// opens, edits or closes them.
#[derive(Debug, Default)]
pub struct Documents(DashMap<PathBuf, Document>);

impl Documents {
    pub fn get(&self, path: &Path) -> Option<Ref<'_, PathBuf, Document>> {
        self.0.get(path)
    }

    pub fn contains_key(&self, path: &Path) -> bool {
        self.0.contains_key(path)
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = RefMulti<'_, PathBuf, Document>> {
        self.0.iter()
    }

    pub(super) fn insert(&self, path: PathBuf, doc: Document) {
        self.0.insert(path, doc);
    }

    pub(super) fn get_mut(&self, path: &Path) -> Option<RefMut<'_, PathBuf, Document>> {
        self.0.get_mut(path)
    }

    pub(super) fn remove(&self, path: &Path) {
        self.0.remove(path);
    }
}

#[derive(Debug, Clone)]
pub struct Document {
    pub rope: Rope,
    pub version: i32,
    /// The text and its line index for the current version, built on first
    /// use: requests between two edits (completion as the user pauses)
    /// must not flatten a 1.5 MB rope and re-index its lines each time.
    snapshot: std::sync::OnceLock<(Arc<str>, Arc<LineIndex>)>,
    /// The current text's line index, when an edit could keep the previous
    /// one (no line break removed or typed) instead of scanning the text.
    lines: Option<Arc<LineIndex>>,
    /// The last text handed out (by [`Document::shared`]) and where the
    /// edits since changed it: the next version's reparse reads this
    /// instead of comparing the texts. Taken by the one who hands the new
    /// text to the site ([`Document::take_edited`]).
    edited: Option<EditedFrom>,
}

impl Document {
    pub fn new(text: &str, version: i32) -> Self {
        Document {
            rope: Rope::from_str(text),
            version,
            snapshot: std::sync::OnceLock::new(),
            lines: None,
            edited: None,
        }
    }

    /// Apply one content change. A range past the end clamps to the end, so a
    /// confused client cannot make the server panic.
    pub fn apply(&mut self, change: &lsp::TextDocumentContentChangeEvent, enc: Encoding) {
        let (handed_out, lines) = match std::mem::take(&mut self.snapshot).into_inner() {
            Some((text, lines)) => (Some(text), Some(lines)),
            None => (None, self.lines.take()),
        };
        let edited = self.edited.take();
        match change.range {
            None => self.rope = Rope::from_str(&change.text),
            Some(r) => {
                let start = self.char_index(r.start, enc);
                let end = self.char_index(r.end, enc).max(start);
                let (at, old_end) = (self.rope.char_to_byte(start), self.rope.char_to_byte(end));
                let no_break = !change.text.contains('\n')
                    && !self.rope.slice(start..end).chars().any(|c| c == '\n');
                self.lines = lines
                    .filter(|_| no_break)
                    .map(|l| Arc::new(l.with_edit(at, old_end - at, change.text.len())));
                self.rope.remove(start..end);
                self.rope.insert(start, &change.text);
                let diff = TextDiff::replacement(at, old_end, change.text.len());
                self.edited = match handed_out {
                    Some(base) => Some(EditedFrom { base, diff }),
                    None => edited.map(|e| EditedFrom {
                        base: e.base,
                        diff: e.diff.then(diff),
                    }),
                };
            }
        }
    }

    /// The last text handed out and where the edits since changed it
    /// (the `edited` field), once.
    pub fn take_edited(&mut self) -> Option<EditedFrom> {
        self.edited.take()
    }

    /// LSP position -> char index in the rope.
    pub fn char_index(&self, pos: lsp::Position, enc: Encoding) -> usize {
        let rope = &self.rope;
        let line = pos.line as usize;
        if line >= rope.len_lines() {
            return rope.len_chars();
        }
        let line_start = rope.line_to_char(line);
        let line_slice = rope.line(line);
        // The line's length without its terminator (`\n` or `\r\n`, as in
        // `text::LineIndex`: a `\r` before that one is text).
        let mut line_chars = line_slice.len_chars();
        if line_chars > 0 && line_slice.char(line_chars - 1) == '\n' {
            line_chars -= 1;
        }
        if line_chars > 0 && line_slice.char(line_chars - 1) == '\r' {
            line_chars -= 1;
        }
        let col = pos.character as usize;
        let chars_in = match enc {
            Encoding::Utf16 => {
                let units = line_slice.char_to_utf16_cu(line_chars);
                line_slice.utf16_cu_to_char(col.min(units))
            }
            Encoding::Utf8 => {
                let bytes = line_slice.char_to_byte(line_chars);
                line_slice.byte_to_char(col.min(bytes))
            }
        };
        line_start + chars_in.min(line_chars)
    }

    pub fn text(&self) -> String {
        self.rope.to_string()
    }

    /// The current text, shared, and its line index.
    pub fn shared(&self) -> (Arc<str>, Arc<LineIndex>) {
        let (t, l) = self.snapshot.get_or_init(|| {
            let text = match &self.edited {
                Some(e) => edited_text(&self.rope, e),
                None => shared_text(&self.rope),
            };
            let lines = match &self.lines {
                Some(l) => {
                    debug_assert_eq!(**l, LineIndex::new(&text), "kept line index");
                    l.clone()
                }
                None => Arc::new(LineIndex::new(&text)),
            };
            (text, lines)
        });
        (t.clone(), l.clone())
    }
}

/// The rope's text in one allocation of its final size, written in place
/// (`to_string` grows a String chunk by chunk, and `Arc::from` copies it
/// once more: a second 4 MB copy per keystroke in a large docs.json).
fn shared_text(rope: &Rope) -> Arc<str> {
    concat(rope.len_bytes(), rope.chunks())
}

/// The rope's text made from the text last handed out, which holds all of
/// it but the edited bytes: its two sides are copied whole and only the
/// edited part is read from the rope. The rope's chunks are about a
/// kilobyte each, so walking 4 MB of them cost a keystroke in a large
/// docs.json more than the analysis's own parse (perf over 200 keystrokes:
/// the chunk copy and walk were 8% of the server's samples).
fn edited_text(rope: &Rope, edited: &EditedFrom) -> Arc<str> {
    let (base, d) = (&*edited.base, &edited.diff);
    let len = rope.len_bytes();
    // The diff covers every byte that differs, so the sides line up; a
    // mismatch would be a bug in the diff's bookkeeping, and the rope is
    // then read whole.
    let lines_up = d.start <= d.old_end
        && d.old_end <= base.len()
        && d.start <= d.new_end
        && d.new_end <= len
        && base.len() - d.old_end == len - d.new_end
        && base.is_char_boundary(d.start)
        && base.is_char_boundary(d.old_end)
        && [d.start, d.new_end]
            .iter()
            .all(|&b| rope.char_to_byte(rope.byte_to_char(b)) == b);
    if !lines_up {
        debug_assert!(false, "an edit's diff that does not fit its texts: {d:?}");
        return shared_text(rope);
    }
    let middle = rope.byte_slice(d.start..d.new_end);
    let parts = std::iter::once(&base[..d.start])
        .chain(middle.chunks())
        .chain(std::iter::once(&base[d.old_end..]));
    let text = concat(len, parts);
    debug_assert_eq!(*text, rope.to_string(), "the edited text is the rope's");
    text
}

/// `len` bytes written by `parts` (which must add up to it), as one shared
/// text.
fn concat<'a>(len: usize, parts: impl Iterator<Item = &'a str>) -> Arc<str> {
    let mut buf = Arc::<[u8]>::new_uninit_slice(len);
    let dst = Arc::get_mut(&mut buf).expect("just made, not shared");
    let mut at = 0;
    for chunk in parts {
        let bytes = chunk.as_bytes();
        let to = &mut dst[at..at + bytes.len()];
        // SAFETY: `to` is `bytes.len()` bytes of `dst` (the slice index
        // above checks the bounds), and a fresh allocation cannot overlap
        // a part.
        unsafe {
            std::ptr::copy_nonoverlapping(
                bytes.as_ptr(),
                to.as_mut_ptr().cast::<u8>(),
                bytes.len(),
            );
        }
        at += bytes.len();
    }
    assert_eq!(at, len, "the parts add up to the length");
    // SAFETY: every byte was written above (the parts cover `len` bytes,
    // checked), and they are the concatenation of `&str`s, so valid UTF-8;
    // `Arc<[u8]>` and `Arc<str>` have the same layout.
    unsafe {
        let bytes = buf.assume_init();
        Arc::from_raw(Arc::into_raw(bytes) as *const str)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_text_is_the_ropes_text() {
        for text in ["", "a", &"ünï \"cödé\" 🎉\n".repeat(20_000)] {
            let rope = Rope::from_str(text);
            assert!(text.len() < 1000 || rope.chunks().count() > 10);
            assert_eq!(&*shared_text(&rope), text);
        }
    }

    fn change(l1: u32, c1: u32, l2: u32, c2: u32, t: &str) -> lsp::TextDocumentContentChangeEvent {
        lsp::TextDocumentContentChangeEvent {
            range: Some(lsp::Range::new(
                lsp::Position::new(l1, c1),
                lsp::Position::new(l2, c2),
            )),
            range_length: None,
            text: t.into(),
        }
    }

    #[test]
    fn edits_in_both_encodings_with_emoji_cjk_crlf() {
        let mut d = Document::new("a😀b\r\n漢字x\n", 1);
        d.apply(&change(0, 3, 0, 4, "B"), Encoding::Utf16);
        assert_eq!(d.text(), "a😀B\r\n漢字x\n");
        d.apply(&change(1, 6, 1, 7, "X"), Encoding::Utf8);
        assert_eq!(d.text(), "a😀B\r\n漢字X\n");
        // Out of range clamps instead of panicking.
        d.apply(&change(0, 99, 9, 9, "!"), Encoding::Utf16);
        assert_eq!(d.text(), "a😀B!");
    }

    #[test]
    fn lines_end_where_the_line_index_says() {
        // Only `\n` (and `\r\n`) end a line, as in `text::LineIndex`:
        // U+2028, NEL and a lone `\r` are text, not line breaks.
        let mut d = Document::new("a\u{2028}b\u{85}c\rd\ne", 1);
        d.apply(&change(1, 0, 1, 1, "E"), Encoding::Utf16);
        assert_eq!(d.text(), "a\u{2028}b\u{85}c\rd\nE");
        // A `\r` before the `\r\n` terminator is text: column 99 clamps
        // after it.
        let mut d = Document::new("ab\r\r\nx", 1);
        d.apply(&change(0, 99, 0, 99, "!"), Encoding::Utf8);
        assert_eq!(d.text(), "ab\r!\r\nx");
    }

    /// Edits with and without line breaks, between and after snapshots:
    /// the line index kept across edits is the text's, and the text made
    /// from the last one handed out and the edits since is the rope's.
    #[test]
    fn kept_line_index_is_the_texts() {
        let mut d = Document::new(&"ab \"cd\" ü😀\r\n".repeat(50), 1);
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n) as u32
        };
        let mut kept = 0;
        for i in 0..2000 {
            let (line, col) = (next(60), next(12));
            let len = next(3);
            let text = ["x", "", "é", "\n", "a\r\nb", "😀"][next(6) as usize];
            d.apply(&change(line, col, line, col + len, text), Encoding::Utf16);
            kept += usize::from(d.lines.is_some());
            if i % 3 == 0 {
                let (t, lines) = d.shared();
                assert_eq!(*lines, LineIndex::new(&t), "edit {i}");
                assert_eq!(&*t, d.text());
            }
        }
        assert!(kept > 500, "kept {kept}");
    }
}
