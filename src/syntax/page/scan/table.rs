//! GFM tables: the delimiter row that makes the line above a table's
//! header, the header's cells counted as micromark counts them, and each
//! row's cells read as text on their own.

use super::*;

impl<'a> Reader<'a> {
    /// A table row `start..end`: each cell's text is read on its own (a
    /// `|` ends a cell wherever it is, in a code span too, unless escaped).
    pub(super) fn row(&mut self, start: usize, end: usize) {
        let b = self.b;
        let mut cell = start;
        let mut pipe = start;
        let mut q = start;
        if q < end && b[q] == b'|' {
            q += 1;
            cell = q;
        }
        loop {
            let at_end = q >= end;
            if at_end || b[q] == b'|' {
                // An escape may have stepped past the end.
                let q = q.min(end);
                let (cs, ce) = (self.skip_ws(cell, q), q);
                let mut ce2 = ce;
                while ce2 > cs && is_ws(b[ce2 - 1]) {
                    ce2 -= 1;
                }
                if ce2 > cs {
                    self.read_text(&[(cs, ce2)], pipe, "table cell");
                }
                if at_end {
                    break;
                }
                pipe = q;
                cell = q + 1;
            } else if b[q] == b'\\' {
                q += 1;
            }
            q += 1;
        }
    }
}

/// The cells of a GFM delimiter row (`| --- | :-: |`), or `None` when the
/// line is not one: each cell `-`s with optional `:` at either end, at
/// least one `|` or `:` in the row.
pub(super) fn delimiter_row(line: &[u8]) -> Option<usize> {
    let mut cells = 0;
    let mut seen = false;
    let mut q = 0;
    let n = line.len();
    let ws = |q: &mut usize| {
        while *q < n && is_ws(line[*q]) {
            *q += 1;
        }
    };
    ws(&mut q);
    if q < n && line[q] == b'|' {
        seen = true;
        q += 1;
    }
    loop {
        ws(&mut q);
        if q >= n {
            break;
        }
        if line[q] == b':' {
            seen = true;
            q += 1;
        }
        if q >= n || line[q] != b'-' {
            return None;
        }
        while q < n && line[q] == b'-' {
            q += 1;
        }
        if q < n && line[q] == b':' {
            seen = true;
            q += 1;
        }
        cells += 1;
        ws(&mut q);
        if q >= n {
            break;
        }
        if line[q] != b'|' {
            return None;
        }
        seen = true;
        q += 1;
    }
    (seen && cells > 0).then_some(cells)
}

/// The cells of a line read as a table's header row, as micromark's GFM
/// table counts them (`\|` does not split), or `None` when it cannot be
/// one.
pub(super) fn header_cells(line: &[u8]) -> Option<usize> {
    let mut size = 0;
    let mut size_b = 0;
    let mut seen = false;
    let mut q = 0;
    let n = line.len();
    if q < n && line[q] != b'|' {
        seen = true;
        size_b += 1;
    }
    while q < n {
        let c = line[q];
        if is_ws(c) {
            q += 1;
            continue;
        }
        size_b += 1;
        if seen {
            seen = false;
            size += 1;
        }
        if c == b'|' {
            seen = true;
            q += 1;
            continue;
        }
        // Data up to whitespace or an unescaped `|`.
        while q < n && line[q] != b'|' && !is_ws(line[q]) {
            if line[q] == b'\\' && q + 1 < n && matches!(line[q + 1], b'\\' | b'|') {
                q += 1;
            }
            q += 1;
        }
    }
    (size_b > 1).then_some(size)
}
