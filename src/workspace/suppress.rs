//! `.docs-lsp.json` in a docs root: rules silenced for path patterns.
//!
//! ```json
//! { "ignore": [ { "rules": ["missing-page"], "paths": ["api/generated/**"] } ] }
//! ```
//! A pattern matches the file a diagnostic sits in, or the path it is about
//! (the missing page of a navigation entry). `"rules": ["*"]` silences all.

use crate::diagnostics::Diagnostic;
use globset::{Glob, GlobSet, GlobSetBuilder};
use std::path::Path;

pub const FILE_NAME: &str = ".docs-lsp.json";

#[derive(Debug, Default, Clone)]
pub struct Suppressions {
    entries: Vec<(Vec<String>, GlobSet)>,
}

impl Suppressions {
    /// Read the root's `.docs-lsp.json`; a missing file means no
    /// suppressions, a broken one is an error the caller reports.
    pub fn load(root: &Path) -> Result<Suppressions, String> {
        match std::fs::read_to_string(root.join(FILE_NAME)) {
            Ok(text) => Self::parse(&text),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Suppressions::default()),
            Err(e) => Err(format!("{FILE_NAME}: {e}")),
        }
    }

    pub fn parse(text: &str) -> Result<Suppressions, String> {
        let parsed = crate::syntax::json::parse(0, text);
        if let Some(e) = parsed.errors.first() {
            return Err(format!("{FILE_NAME}: {}", e.message));
        }
        let mut entries = Vec::new();
        let Some(root) = parsed.root else {
            return Ok(Suppressions::default());
        };
        for item in root.get("ignore").map(|n| n.items()).unwrap_or_default() {
            let rules: Vec<String> = item
                .get("rules")
                .map(|r| {
                    r.items()
                        .iter()
                        .filter_map(|n| n.as_str().map(String::from))
                        .collect()
                })
                .unwrap_or_default();
            let mut b = GlobSetBuilder::new();
            for p in item.get("paths").map(|p| p.items()).unwrap_or_default() {
                let Some(p) = p.as_str() else { continue };
                let glob = Glob::new(p.trim_start_matches('/'))
                    .map_err(|e| format!("{FILE_NAME}: bad pattern {p:?}: {e}"))?;
                b.add(glob);
            }
            let set = b.build().map_err(|e| format!("{FILE_NAME}: {e}"))?;
            entries.push((rules, set));
        }
        Ok(Suppressions { entries })
    }

    /// Whether `d`, sitting in the file at `file_path`, is silenced.
    pub fn silences(&self, d: &Diagnostic, file_path: &str) -> bool {
        self.entries.iter().any(|(rules, set)| {
            rules.iter().any(|r| r == "*" || r == d.code)
                && (set.is_match(file_path)
                    || d.subject
                        .as_deref()
                        .is_some_and(|s| set.is_match(s.trim_start_matches('/'))))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_rule_and_subject() {
        let s = Suppressions::parse(
            r#"{"ignore": [{"rules": ["missing-page"], "paths": ["gen/**"]}]}"#,
        )
        .unwrap();
        let d = Diagnostic::error(0, 0..1, "missing-page", "x").with_subject("gen/a/b");
        assert!(s.silences(&d, "docs.json"));
        let d2 = Diagnostic::error(0, 0..1, "missing-page", "x").with_subject("guides/a");
        assert!(!s.silences(&d2, "docs.json"));
        let d3 = Diagnostic::error(0, 0..1, "json-syntax", "x").with_subject("gen/a");
        assert!(!s.silences(&d3, "docs.json"));
    }
}
