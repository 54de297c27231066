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

    /// The diff of a replacement of `old[start..old_end]` by `new_len`
    /// bytes: what an editor's change says, without comparing the texts.
    pub fn replacement(start: usize, old_end: usize, new_len: usize) -> TextDiff {
        TextDiff {
            start,
            old_end,
            new_end: start + new_len,
        }
    }

    /// This diff followed by `next` (a diff of the text this one made),
    /// as one diff: not always the smallest (bytes changed and changed
    /// back stay in it), but everything outside it is equal.
    pub fn then(self, next: TextDiff) -> TextDiff {
        // The changed bytes of both, in the middle text's offsets.
        let start = self.start.min(next.start);
        let end = self.new_end.max(next.old_end);
        TextDiff {
            start,
            old_end: end + self.old_end - self.new_end,
            new_end: end + next.new_end - next.old_end,
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

    /// Range `r` of the old text in the new text's offsets, widened where
    /// the edit overlaps it: a start inside the edit goes to the edit's
    /// start, an end inside it to the edit's new end (so that bytes written
    /// by an earlier edit stay covered when a later one overlaps them).
    pub fn carry(&self, r: &Range<usize>) -> Range<usize> {
        let through = |at: usize, inside: usize| {
            if at <= self.start {
                at
            } else if at >= self.old_end {
                self.map(at)
            } else {
                inside
            }
        };
        let start = through(r.start, self.start);
        start..through(r.end, self.new_end).max(start)
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

/// The text a version was edited from, and where: what an editor's
/// changes say, handed to the version made of them so that its reparse
/// need not compare the two texts ([`crate::syntax::reparse`]).
#[derive(Debug, Clone)]
pub struct EditedFrom {
    /// The earlier text (the very allocation: a version is told apart
    /// from another with the same bytes).
    pub base: std::sync::Arc<str>,
    pub diff: TextDiff,
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

#[cfg(test)]
mod tests {
    use super::TextDiff;

    /// A small deterministic generator (no test may depend on chance).
    fn next(seed: &mut u64) -> usize {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        (*seed >> 16) as usize
    }

    fn replace(text: &str, seed: &mut u64) -> (String, TextDiff) {
        let start = next(seed) % (text.len() + 1);
        let end = start + next(seed) % (text.len() - start + 1).min(4);
        let insert = ["", "a", "b", "ab", "\"x"][next(seed) % 5];
        let new = format!("{}{insert}{}", &text[..start], &text[end..]);
        (new, TextDiff::replacement(start, end, insert.len()))
    }

    /// A range before an edit stays, one after it moves, and one the edit
    /// overlaps is widened to what the edit wrote.
    #[test]
    fn carried_ranges_move_or_widen() {
        // `old[10..14]` became 2 bytes: `new[10..12]`.
        let d = TextDiff::replacement(10, 14, 2);
        assert_eq!(d.carry(&(2..5)), 2..5);
        assert_eq!(d.carry(&(20..25)), 18..23);
        assert_eq!(d.carry(&(8..12)), 8..12);
        assert_eq!(d.carry(&(12..20)), 10..18);
        assert_eq!(d.carry(&(11..13)), 10..12);
        assert_eq!(d.carry(&(5..30)), 5..28);
    }

    /// Two replacements as one diff hold every byte that changed: the
    /// texts agree before its start and after its ends.
    #[test]
    fn replacements_followed_cover_what_changed() {
        let mut seed = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..20_000 {
            let len = next(&mut seed) % 12;
            let text: String = (0..len)
                .map(|_| ["a", "b", "\""][next(&mut seed) % 3])
                .collect();
            let (mid, first) = replace(&text, &mut seed);
            let (new, second) = replace(&mid, &mut seed);
            let both = first.then(second);
            let least = TextDiff::of(&text, &new);
            assert_eq!(text[..both.start], new[..both.start], "{text:?} -> {new:?}");
            assert_eq!(
                text[both.old_end..],
                new[both.new_end..],
                "{text:?} -> {new:?}"
            );
            // Not the smallest (of two equal bytes, which one changed is
            // a choice), but the same length change.
            assert!(both.start <= both.old_end && both.start <= both.new_end);
            assert_eq!(both.delta(), least.delta());
        }
    }
}
