//! Which page removed since a revision became which page added since: a
//! move is told by content, as git tells a rename.
//!
//! First, identical bytes (a `git mv`, a folder moved whole): among several
//! new pages with the same bytes, the one with the same file name, else
//! the first by path. Then, for the pages left, git's rename rule on
//! lines (gix is built here without its diff feature): the lines two pages
//! share over the lines of the longer, at least one half (git's default
//! `-M50%` counts bytes of common chunks over the larger size), the most
//! alike pairs first. Each new page is the new place of one old page.

use rustc_hash::{FxHashMap, FxHasher};
use std::collections::HashMap;
use std::hash::{Hash, Hasher};

/// Above this many (removed x added) pairs, only identical pages count as
/// moved: comparing lines pair by pair would take longer than the check.
const SIMILARITY_PAIRS: usize = 250_000;

/// The least share of common lines for a move (git's default, `-M50%`).
const SIMILAR: f64 = 0.5;

/// For each removed page (path, bytes) that moved, the added page's path.
pub fn moves(
    removed: &[(String, Vec<u8>)],
    added: &[(String, Vec<u8>)],
) -> HashMap<String, String> {
    let mut out = HashMap::new();
    let mut taken = vec![false; added.len()];
    let mut by_bytes: FxHashMap<&[u8], Vec<usize>> = FxHashMap::default();
    for (i, (_, bytes)) in added.iter().enumerate() {
        by_bytes.entry(bytes.as_slice()).or_default().push(i);
    }
    let name = |p: &str| p.rsplit('/').next().unwrap_or(p).to_string();
    let mut left: Vec<(&String, &Vec<u8>)> = Vec::new();
    for (old, bytes) in removed {
        let candidates = by_bytes.get(bytes.as_slice()).map_or(&[][..], |v| v);
        let free = candidates.iter().copied().filter(|&i| !taken[i]);
        let pick = free
            .clone()
            .find(|&i| name(&added[i].0) == name(old))
            .or_else(|| free.min_by(|&a, &b| added[a].0.cmp(&added[b].0)));
        match pick {
            Some(i) => {
                taken[i] = true;
                out.insert(old.clone(), added[i].0.clone());
            }
            None => left.push((old, bytes)),
        }
    }
    let free: Vec<usize> = (0..added.len()).filter(|&i| !taken[i]).collect();
    if left.len().saturating_mul(free.len()) > SIMILARITY_PAIRS {
        return out;
    }
    // Every pair scored, then the best pairs taken first: a page is the
    // new place of the old page most like it, not of the first one asked.
    let theirs: Vec<FxHashMap<u64, usize>> =
        free.iter().map(|&i| line_counts(&added[i].1)).collect();
    let mut pairs = Vec::new();
    for (o, (_, bytes)) in left.iter().enumerate() {
        let mine = line_counts(bytes);
        for (f, lines) in theirs.iter().enumerate() {
            let score = similarity(&mine, lines);
            if score >= SIMILAR {
                pairs.push((score, o, f));
            }
        }
    }
    pairs.sort_by(|a, b| {
        b.0.total_cmp(&a.0)
            .then_with(|| left[a.1].0.cmp(left[b.1].0))
            .then_with(|| added[free[a.2]].0.cmp(&added[free[b.2]].0))
    });
    let mut placed = vec![false; left.len()];
    for (_, o, f) in pairs {
        let i = free[f];
        if placed[o] || taken[i] {
            continue;
        }
        placed[o] = true;
        taken[i] = true;
        out.insert(left[o].0.clone(), added[i].0.clone());
    }
    out
}

/// How often each line with a letter or digit occurs, by hash: lines of
/// punctuation alone (front matter fences, closing braces) are in every
/// page and would make two short pages alike.
fn line_counts(bytes: &[u8]) -> FxHashMap<u64, usize> {
    let mut counts = FxHashMap::default();
    for line in bytes.split(|b| *b == b'\n') {
        let line = line.trim_ascii();
        if !line.iter().any(|b| b.is_ascii_alphanumeric() || *b >= 0x80) {
            continue;
        }
        let mut h = FxHasher::default();
        line.hash(&mut h);
        *counts.entry(h.finish()).or_insert(0) += 1;
    }
    counts
}

/// The lines two pages share over the lines of the longer one (git's
/// rename score: bytes copied over the larger size).
fn similarity(a: &FxHashMap<u64, usize>, b: &FxHashMap<u64, usize>) -> f64 {
    let total = a.values().sum::<usize>().max(b.values().sum::<usize>());
    if total == 0 {
        return 0.0;
    }
    let common: usize = a
        .iter()
        .map(|(k, n)| (*n).min(b.get(k).copied().unwrap_or(0)))
        .sum();
    common as f64 / total as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(p: &str, text: &str) -> (String, Vec<u8>) {
        (p.to_string(), text.as_bytes().to_vec())
    }

    #[test]
    fn identical_pages_then_similar_ones_are_moves() {
        let body = "# A\n\nOne.\nTwo.\nThree.\nFour.\n";
        let removed = [
            page("a.mdx", body),
            page("b.mdx", "# B\n\nalpha\nbeta\ngamma\ndelta\n"),
            page("c.mdx", "---\ntitle: C\n---\n\nnothing like the rest\n"),
            page("v1/x.mdx", body),
        ];
        let added = [
            page("guides/a.mdx", body),
            page("v2/x.mdx", body),
            page("guides/b.mdx", "# B\n\nalpha\nbeta\ngamma\nepsilon\n"),
            page("z.mdx", "---\ntitle: Z\n---\n"),
        ];
        let m = moves(&removed, &added);
        assert_eq!(m.get("a.mdx").map(String::as_str), Some("guides/a.mdx"));
        // Same bytes as `a`: the page with its file name.
        assert_eq!(m.get("v1/x.mdx").map(String::as_str), Some("v2/x.mdx"));
        assert_eq!(m.get("b.mdx").map(String::as_str), Some("guides/b.mdx"));
        assert_eq!(m.get("c.mdx"), None);
        assert_eq!(m.len(), 3);
    }
}
