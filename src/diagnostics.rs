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
}

/// The closest candidate to `word`, if one is close enough to suggest.
pub fn did_you_mean<'a, I: IntoIterator<Item = &'a str>>(
    word: &str,
    candidates: I,
) -> Option<&'a str> {
    nearest_by(word, candidates.into_iter().map(|c| (c, None)))
}

/// [`did_you_mean`] over candidates given with their lower-case forms
/// (computed once by a caller that asks many times).
pub fn nearest<'a>(
    word: &str,
    candidates: impl Iterator<Item = (&'a str, &'a str)>,
) -> Option<&'a str> {
    nearest_by(word, candidates.map(|(c, l)| (c, Some(l))))
}

/// Jaro-Winkler similarity, case-insensitive, at least 0.85, first best
/// wins. The comparator is prepared once for `word` and told the score to
/// beat, so most candidates are rejected early (25,000 page paths per
/// missing page).
fn nearest_by<'a>(
    word: &str,
    candidates: impl Iterator<Item = (&'a str, Option<&'a str>)>,
) -> Option<&'a str> {
    use rapidfuzz::distance::jaro_winkler::{Args, BatchComparator};
    const THRESHOLD: f64 = 0.85;
    let lw: Vec<char> = word.chars().map(|c| c.to_ascii_lowercase()).collect();
    let cmp = BatchComparator::new(lw.iter().copied());
    let mut best: Option<(f64, &str)> = None;
    for (c, lower) in candidates {
        // Beat the best so far strictly (the first of equals stays); the
        // threshold itself may be met.
        let cutoff = best.map_or(THRESHOLD, |b| next_up(b.0));
        let score = match lower {
            Some(l) => cmp.similarity_with_args(l.chars(), &Args::default().score_cutoff(cutoff)),
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

/// The smallest float above `x` (a strict "greater than" for a cutoff that
/// is inclusive).
fn next_up(x: f64) -> f64 {
    f64::from_bits(x.to_bits() + 1)
}
