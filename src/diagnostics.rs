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
    let lw = word.to_ascii_lowercase();
    let mut best: Option<(f64, &str)> = None;
    for c in candidates {
        let score = strsim::jaro_winkler(&lw, &c.to_ascii_lowercase());
        if score > best.map_or(0.0, |b| b.0) {
            best = Some((score, c));
        }
    }
    best.filter(|(s, c)| *s >= 0.85 && *c != word)
        .map(|(_, c)| c)
}
