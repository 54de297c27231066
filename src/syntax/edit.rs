//! How one version of a text became the next: the changed bytes between
//! two texts, and the string edit a tree was made by (`reparse`).

use std::ops::Range;

/// Where two texts differ: `old[start..old_end]` became
/// `new[start..new_end]`; the rest is equal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextDiff {
    pub start: usize,
    pub old_end: usize,
    pub new_end: usize,
}

impl TextDiff {
    /// The common prefix and suffix of two texts (memcmp-speed: a 4 MB
    /// document is compared in well under a millisecond).
    pub fn of(old: &str, new: &str) -> TextDiff {
        let (a, b) = (old.as_bytes(), new.as_bytes());
        let max = a.len().min(b.len());
        let start = common_prefix(&a[..max], &b[..max]);
        let tail = max - start;
        let suffix = common_suffix(&a[a.len() - tail..], &b[b.len() - tail..]);
        TextDiff {
            start,
            old_end: a.len() - suffix,
            new_end: b.len() - suffix,
        }
    }

    /// The shift of offsets at or after `old_end`.
    pub fn delta(&self) -> isize {
        self.new_end as isize - self.old_end as isize
    }

    /// An offset of the old text in the new one (offsets inside the
    /// changed part stay where they are).
    pub fn map(&self, at: usize) -> usize {
        if at >= self.old_end {
            (at as isize + self.delta()) as usize
        } else {
            at
        }
    }

    pub fn map_range(&self, r: &Range<usize>) -> Range<usize> {
        self.map(r.start)..self.map(r.end)
    }

    /// Range `r` of the old text in the new text's offsets, when the edit
    /// left its bytes alone: what a result read from those bytes may be
    /// kept by (the schema memo, the memo table's text reads).
    pub fn untouched(&self, r: &Range<usize>) -> Option<Range<usize>> {
        if r.end <= self.start {
            Some(r.clone())
        } else if r.start >= self.old_end {
            Some(self.map_range(r))
        } else {
            None
        }
    }
}

const CHUNK: usize = 64;

fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    let mut i = 0;
    while i + CHUNK <= a.len() && a[i..i + CHUNK] == b[i..i + CHUNK] {
        i += CHUNK;
    }
    i + a[i..]
        .iter()
        .zip(&b[i..])
        .take_while(|(x, y)| x == y)
        .count()
}

fn common_suffix(a: &[u8], b: &[u8]) -> usize {
    let (la, lb) = (a.len(), b.len());
    let mut n = 0;
    while n + CHUNK <= la && a[la - n - CHUNK..la - n] == b[lb - n - CHUNK..lb - n] {
        n += CHUNK;
    }
    n + a[..la - n]
        .iter()
        .rev()
        .zip(b[..lb - n].iter().rev())
        .take_while(|(x, y)| x == y)
        .count()
}

/// What an incremental read changed, for passes that keep results of the
/// previous tree (see `analysis::rules`): the string (value or key) at `old_range`
/// in the previous tree now reads `new_range` in this one.
#[derive(Debug, Clone)]
pub struct StringEdit {
    /// The edited string is a key (else a value).
    pub key: bool,
    /// The edited key as it was (empty for a value): whether a pass's
    /// answer depends on a key is told by its name before and after.
    pub old_key: compact_str::CompactString,
    pub old_range: Range<usize>,
    pub new_range: Range<usize>,
    pub diff: TextDiff,
}
