//! What a completion answer holds, and how candidates are ranked against
//! what was typed: shared by docs.json, page and icon completion, apart
//! from the features so they need not name each other.

use std::ops::Range;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CompletionKind {
    Key,
    Value,
    Page,
    Endpoint,
    File,
    Language,
    /// A component or HTML tag after `<` in a page.
    Component,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompletionItem {
    pub label: String,
    pub kind: CompletionKind,
    pub detail: Option<String>,
    pub documentation: Option<String>,
    pub insert_text: String,
    /// Byte range of the file that the insert text replaces.
    pub replace: Range<usize>,
    pub sort_text: Option<String>,
    /// Set when the replaced range starts with a quote, so that editors
    /// filter on the same text they replace.
    pub filter_text: Option<String>,
}

/// Most page items one answer holds (and endpoint items, apart); a
/// 25,000-page list costs the editor more than it helps, and the list is
/// marked incomplete so the editor asks again as the user types. 100 of
/// each keeps the answer near 25 KB: its transport, not its computation
/// (0.5 ms), was most of a completion's latency on a big site.
pub const MAX_PAGE_ITEMS: usize = 100;

/// Whether `candidate` could be what `typed` abbreviates: a case-insensitive
/// subsequence, as editors filter. A pre-filter only: editors filter again.
pub(crate) fn matches(typed: &str, candidate: &str) -> bool {
    // Byte-wise when the typed text is ASCII (nearly always): `to_lowercase`
    // per char made this the slowest part of completion on big sites.
    if typed.is_ascii() {
        let mut c = candidate.bytes();
        return typed.bytes().all(|t| c.any(|x| x.eq_ignore_ascii_case(&t)));
    }
    let mut chars = candidate.chars().flat_map(char::to_lowercase);
    typed
        .chars()
        .flat_map(char::to_lowercase)
        .all(|t| chars.any(|c| c == t))
}

/// How many match ranks [`rank`] tells apart.
pub(crate) const RANKS: usize = 5;

/// How well `candidate` matches what was `typed`, best first, or `None`:
/// 0 the same text (ignoring case), 1 `typed` starts a path segment (or the
/// whole text), 2 it starts a word (after `-`, `_`, `.`, a space, or at a
/// lower-to-upper case change), 3 it occurs elsewhere, 4 its characters
/// occur in order (scattered). Case-insensitive, as editors filter.
pub(crate) fn rank(typed: &str, candidate: &str) -> Option<u8> {
    if typed.is_empty() {
        return Some(1);
    }
    if !typed.is_ascii() {
        let (t, c) = (typed.to_lowercase(), candidate.to_lowercase());
        if t == c {
            return Some(0);
        }
        let best = c
            .match_indices(&t)
            .map(|(i, _)| match c[..i].chars().next_back() {
                None | Some('/') => 1,
                Some('-' | '_' | '.' | ' ') => 2,
                _ => 3,
            });
        return best
            .min()
            .or_else(|| matches(typed, candidate).then_some(4));
    }
    let (t, c) = (typed.as_bytes(), candidate.as_bytes());
    if t.len() == c.len() && t.eq_ignore_ascii_case(c) {
        return Some(0);
    }
    let mut best: Option<u8> = None;
    if c.len() >= t.len() {
        for i in 0..=c.len() - t.len() {
            if !c[i].eq_ignore_ascii_case(&t[0]) || !c[i..i + t.len()].eq_ignore_ascii_case(t) {
                continue;
            }
            let r = match i.checked_sub(1).map(|p| c[p]) {
                None | Some(b'/') => 1,
                Some(b'-' | b'_' | b'.' | b' ') => 2,
                Some(p) if p.is_ascii_lowercase() && c[i].is_ascii_uppercase() => 2,
                _ => 3,
            };
            if r == 1 {
                return Some(1);
            }
            best = Some(best.map_or(r, |b| b.min(r)));
        }
    }
    best.or_else(|| matches(typed, candidate).then_some(4))
}
