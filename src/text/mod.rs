//! Line index: byte offsets <-> line/column in UTF-8 or UTF-16 units.
//!
//! Everything inside the analysis works on byte offsets; conversion to
//! editor positions happens only at the edges (the LSP layer and `check`).

use std::ops::Range;

/// Which unit a column counts. LSP negotiates this (`positionEncoding`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Encoding {
    Utf8,
    #[default]
    Utf16,
}

/// A zero-based line and column (column in the chosen [`Encoding`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct LineCol {
    pub line: u32,
    pub col: u32,
}

/// Start offsets of every line of a text. `\r\n` and `\n` both end a line
/// (a lone `\r` is treated as text, as most editors do for JSON).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LineIndex {
    starts: Vec<usize>,
    len: usize,
}

impl LineIndex {
    pub fn new(text: &str) -> Self {
        // memchr: this runs on the 1.5 MB docs.json of every keystroke.
        let mut starts = Vec::with_capacity(text.len() / 32 + 1);
        starts.push(0);
        starts.extend(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1));
        LineIndex {
            starts,
            len: text.len(),
        }
    }

    /// The index of the text with `text[at..at + removed]` replaced by
    /// `inserted` bytes, when neither holds a line break (the caller's
    /// word): the lines after the edit move by the same amount. A keystroke
    /// in a 4 MB document shifts 70,000 numbers instead of scanning 4 MB.
    pub fn with_edit(&self, at: usize, removed: usize, inserted: usize) -> LineIndex {
        // Lines starting after the edit; a line starting at `at` starts
        // before it (the edit is inside that line, not before its start).
        let first_after = self.starts.partition_point(|&s| s <= at);
        let mut starts = self.starts.clone();
        for s in &mut starts[first_after..] {
            *s = *s - removed + inserted;
        }
        LineIndex {
            starts,
            len: self.len - removed + inserted,
        }
    }

    pub fn line_count(&self) -> usize {
        self.starts.len()
    }

    /// Byte range of a line without its terminator.
    pub fn line_range(&self, text: &str, line: usize) -> Range<usize> {
        let start = self.starts.get(line).copied().unwrap_or(self.len);
        let mut end = self.starts.get(line + 1).copied().unwrap_or(self.len);
        let bytes = text.as_bytes();
        if end > start && bytes.get(end - 1) == Some(&b'\n') {
            end -= 1;
        }
        if end > start && bytes.get(end - 1) == Some(&b'\r') {
            end -= 1;
        }
        start..end
    }

    /// Byte offset -> line/column. Offsets past the end clamp to the end;
    /// offsets inside a multi-byte character round down to its start.
    pub fn line_col(&self, text: &str, offset: usize, enc: Encoding) -> LineCol {
        let offset = offset.min(self.len);
        let line = match self.starts.binary_search(&offset) {
            Ok(l) => l,
            Err(l) => l - 1,
        };
        let start = self.starts[line];
        let mut o = offset;
        while o > start && !text.is_char_boundary(o) {
            o -= 1;
        }
        let seg = &text[start..o];
        let col = match enc {
            Encoding::Utf8 => seg.len(),
            Encoding::Utf16 => seg.chars().map(char::len_utf16).sum(),
        };
        LineCol {
            line: line as u32,
            col: col as u32,
        }
    }

    /// Line/column -> byte offset. A column past the end of the line clamps to
    /// the end of the line (before its terminator); a line past the end
    /// clamps to the end of the text. Never panics.
    pub fn offset(&self, text: &str, pos: LineCol, enc: Encoding) -> usize {
        let line = pos.line as usize;
        if line >= self.starts.len() {
            return self.len;
        }
        let range = self.line_range(text, line);
        let seg = &text[range.clone()];
        let want = pos.col as usize;
        let mut units = 0usize;
        for (i, ch) in seg.char_indices() {
            if units >= want {
                return range.start + i;
            }
            units += match enc {
                Encoding::Utf8 => ch.len_utf8(),
                Encoding::Utf16 => ch.len_utf16(),
            };
        }
        range.end
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_and_utf8_columns_with_emoji_cjk_crlf() {
        let text = "a😀b\r\n漢字x\n";
        let idx = LineIndex::new(text);
        let b = text.find('b').unwrap();
        assert_eq!(
            idx.line_col(text, b, Encoding::Utf16),
            LineCol { line: 0, col: 3 }
        );
        assert_eq!(
            idx.line_col(text, b, Encoding::Utf8),
            LineCol { line: 0, col: 5 }
        );
        let x = text.find('x').unwrap();
        assert_eq!(
            idx.line_col(text, x, Encoding::Utf16),
            LineCol { line: 1, col: 2 }
        );
        assert_eq!(
            idx.offset(text, LineCol { line: 1, col: 2 }, Encoding::Utf16),
            x
        );
        assert_eq!(
            idx.offset(text, LineCol { line: 1, col: 6 }, Encoding::Utf8),
            x
        );
        // Past the end of line 0 clamps before "\r\n".
        assert_eq!(
            idx.offset(text, LineCol { line: 0, col: 99 }, Encoding::Utf16),
            b + 1
        );
        assert_eq!(
            idx.offset(text, LineCol { line: 9, col: 0 }, Encoding::Utf16),
            text.len()
        );
    }
}
