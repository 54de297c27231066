//! The analysis' own diagnostic type: plain data, no protocol types.
//!
//! Every diagnostic carries a stable [`Code`]; `docs/diagnostics.md` lists
//! each code with an example that triggers it.

use crate::syntax::tree::FileId;
use std::ops::Range;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Error,
    Warning,
    Information,
    Hint,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Information => "information",
            Severity::Hint => "hint",
        }
    }
}

/// A stable diagnostic code, such as `missing-page`.
pub type Code = &'static str;

/// What a quick fix could do about a diagnostic: data the `ide` layer turns
/// into edits. Kept small on purpose; most diagnostics carry none.
#[derive(Debug, Clone, PartialEq)]
pub enum Fix {
    /// Replace the diagnostic's range with this text (a did-you-mean).
    Replace(String),
    /// Remove the diagnostic's range (a key, a duplicate entry).
    Remove,
    /// Create this page (path relative to the docs root, with extension).
    CreatePage(String),
    /// Replace `range` of the diagnostic's file with `text` (a mechanical
    /// syntax fix that touches more or less than the diagnostic's range).
    Edit {
        title: String,
        range: Range<usize>,
        text: String,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct Diagnostic {
    pub file: FileId,
    pub range: Range<usize>,
    pub severity: Severity,
    pub code: Code,
    pub message: String,
    pub fixes: Vec<Fix>,
    /// The path the diagnostic is about when that is not the file it sits in
    /// (the missing page of a navigation entry), so suppressions can match it.
    pub subject: Option<String>,
    /// Other places the diagnostic is about (the first entry of a
    /// duplicate): LSP related information, notes in `check`'s output.
    pub related: Vec<Related>,
}

/// A place a diagnostic points to besides its own range.
#[derive(Debug, Clone, PartialEq)]
pub struct Related {
    pub file: FileId,
    pub range: Range<usize>,
    /// What is there, as a note: "first listed here".
    pub message: String,
}

impl Diagnostic {
    pub fn new(
        file: FileId,
        range: Range<usize>,
        severity: Severity,
        code: Code,
        message: impl Into<String>,
    ) -> Self {
        Diagnostic {
            file,
            range,
            severity,
            code,
            message: message.into(),
            fixes: Vec::new(),
            subject: None,
            related: Vec::new(),
        }
    }

    pub fn error(
        file: FileId,
        range: Range<usize>,
        code: Code,
        message: impl Into<String>,
    ) -> Self {
        Self::new(file, range, Severity::Error, code, message)
    }

    pub fn warning(
        file: FileId,
        range: Range<usize>,
        code: Code,
        message: impl Into<String>,
    ) -> Self {
        Self::new(file, range, Severity::Warning, code, message)
    }

    pub fn with_subject(mut self, subject: impl Into<String>) -> Self {
        self.subject = Some(subject.into());
        self
    }

    pub fn with_fix(mut self, fix: Fix) -> Self {
        self.fixes.push(fix);
        self
    }

    pub fn with_related(
        mut self,
        file: FileId,
        range: Range<usize>,
        message: impl Into<String>,
    ) -> Self {
        self.related.push(Related {
            file,
            range,
            message: message.into(),
        });
        self
    }

    /// Its range, its fixes' ranges and those of its related places in its
    /// own file, through `f` (the text they point into was edited: a result
    /// kept across a keystroke moves with it).
    pub fn map_ranges(&mut self, f: impl Fn(&Range<usize>) -> Range<usize>) {
        self.range = f(&self.range);
        for fix in &mut self.fixes {
            if let Fix::Edit { range, .. } = fix {
                *range = f(range);
            }
        }
        for r in &mut self.related {
            if r.file == self.file {
                r.range = f(&r.range);
            }
        }
    }
}

/// The closest candidate to `word`, if one is close enough to suggest.
pub fn did_you_mean<'a, I: IntoIterator<Item = &'a str>>(
    word: &str,
    candidates: I,
) -> Option<&'a str> {
    nearest_by(word, candidates.into_iter().map(|c| (c, None)))
}

/// A candidate prepared once for many [`nearest`] questions: its lower-case
/// form and character counts.
#[derive(Debug, Clone)]
pub struct Prepared {
    pub lower: Box<str>,
    counts: CharCounts,
}

impl Prepared {
    pub fn new(candidate: &str) -> Self {
        let lower: Box<str> = candidate.to_ascii_lowercase().into();
        Prepared {
            counts: CharCounts::of(&lower),
            lower,
        }
    }
}

/// [`did_you_mean`] over prepared candidates: most are ruled out by a
/// bound from character counts before any Jaro-Winkler is computed (a
/// missing page is compared with every page of a 25,000-page site on the
/// keystroke that made it missing).
pub fn nearest<'a>(
    word: &str,
    candidates: impl Iterator<Item = (&'a str, &'a Prepared)>,
) -> Option<&'a str> {
    nearest_by(word, candidates.map(|(c, p)| (c, Some(p))))
}

/// Jaro-Winkler similarity, case-insensitive, at least 0.85, first best
/// wins. The comparator is prepared once for `word` and told the score to
/// beat, so most candidates are rejected early.
fn nearest_by<'a>(
    word: &str,
    candidates: impl Iterator<Item = (&'a str, Option<&'a Prepared>)>,
) -> Option<&'a str> {
    use rapidfuzz::distance::jaro_winkler::{Args, BatchComparator};
    const THRESHOLD: f64 = 0.85;
    let lw: String = word.to_ascii_lowercase();
    let word_counts = lw.is_ascii().then(|| CharCounts::of(&lw));
    let lw_chars: Vec<char> = lw.chars().collect();
    let cmp = BatchComparator::new(lw_chars.iter().copied());
    let mut best: Option<(f64, &str)> = None;
    for (c, prepared) in candidates {
        // Beat the best so far strictly (the first of equals stays); the
        // threshold itself may be met.
        let cutoff = best.map_or(THRESHOLD, |b| next_up(b.0));
        let score = match prepared {
            Some(p) => {
                if let Some(wc) = &word_counts
                    && p.lower.is_ascii()
                    && upper_bound(&lw, wc, &p.lower, &p.counts) < cutoff
                {
                    continue;
                }
                cmp.similarity_with_args(p.lower.chars(), &Args::default().score_cutoff(cutoff))
            }
            None => cmp.similarity_with_args(
                c.chars().map(|ch| ch.to_ascii_lowercase()),
                &Args::default().score_cutoff(cutoff),
            ),
        };
        if let Some(score) = score {
            best = Some((score, c));
        }
    }
    best.map(|(_, c)| c).filter(|c| *c != word)
}

/// How often each byte occurs, in 64 buckets (`b & 63`): the sum of
/// per-bucket minimums of two strings is at least the number of characters
/// they have in common, which bounds their Jaro similarity from above.
#[derive(Debug, Clone)]
struct CharCounts([u8; 64]);

impl CharCounts {
    fn of(s: &str) -> Self {
        let mut c = [0u8; 64];
        for b in s.bytes() {
            let i = (b & 63) as usize;
            c[i] = c[i].saturating_add(1);
        }
        CharCounts(c)
    }
}

/// An upper bound on the Jaro-Winkler similarity of two ASCII strings: as
/// if every common character matched in order, with the real common prefix.
fn upper_bound(a: &str, ca: &CharCounts, b: &str, cb: &CharCounts) -> f64 {
    if a.is_empty() || b.is_empty() {
        return if a.len() == b.len() { 1.0 } else { 0.0 };
    }
    let common: usize =
        ca.0.iter()
            .zip(&cb.0)
            .map(|(x, y)| (*x).min(*y) as usize)
            .sum();
    let m = common.min(a.len()).min(b.len()) as f64;
    if m == 0.0 {
        return 0.0;
    }
    let j = (m / a.len() as f64 + m / b.len() as f64 + 1.0) / 3.0;
    // The Winkler boost (for Jaro above 0.7) grows with Jaro, so the bound
    // takes it at the bound.
    if j > 0.7 {
        let prefix = a
            .bytes()
            .zip(b.bytes())
            .take(4)
            .take_while(|(x, y)| x == y)
            .count();
        j + 0.1 * prefix as f64 * (1.0 - j)
    } else {
        j
    }
}

/// The smallest float above `x` (a strict "greater than" for a cutoff that
/// is inclusive).
fn next_up(x: f64) -> f64 {
    f64::from_bits(x.to_bits() + 1)
}

#[cfg(test)]
mod nearest_tests {
    use super::*;

    /// The character-count bound never changes an answer: prepared and
    /// plain searches agree on mutated page paths.
    #[test]
    fn prefilter_keeps_the_answer() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let words = [
            "guides",
            "api",
            "intro",
            "Quickstart",
            "tab3",
            "group",
            "errors",
            "auth-12",
            "é",
        ];
        let mut pages: Vec<String> = Vec::new();
        for _ in 0..400 {
            let parts: Vec<&str> = (0..1 + next(3))
                .map(|_| words[next(words.len() as u64) as usize])
                .collect();
            pages.push(parts.join("/"));
        }
        let prepared: Vec<Prepared> = pages.iter().map(|p| Prepared::new(p)).collect();
        for i in 0..300 {
            let mut w: Vec<char> = pages[i % pages.len()].chars().collect();
            for _ in 0..next(4) {
                let at = next(w.len() as u64 + 1) as usize;
                match next(3) {
                    0 if at < w.len() => {
                        w.remove(at);
                    }
                    1 => w.insert(at.min(w.len()), (b'a' + next(26) as u8) as char),
                    _ if at + 1 < w.len() => w.swap(at, at + 1),
                    _ => {}
                }
            }
            let w: String = w.into_iter().collect();
            let plain = did_you_mean(&w, pages.iter().map(String::as_str));
            let fast = nearest(&w, pages.iter().map(String::as_str).zip(&prepared));
            assert_eq!(plain, fast, "{w}");
        }
    }
}
