//! Which sidebar nodes carry a problem: the diagnostics of an analysis by
//! file and place, asked for a page's whole file, an entry's range in
//! docs.json, or an operation's range in its spec. Only errors and
//! warnings mark a node.

use crate::diagnostics::{Diagnostic, Severity};
use crate::syntax::tree::{FileId, Node};
use rustc_hash::FxHashMap;
use serde::Serialize;
use std::ops::Range;

/// The worst problem a node carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mark {
    Error,
    Warning,
}

impl Mark {
    pub fn name(self) -> &'static str {
        match self {
            Mark::Error => "error",
            Mark::Warning => "warning",
        }
    }
}

/// The errors and warnings of one analysis, by file, in order of start.
#[derive(Debug, Default)]
pub struct Marks {
    by_file: FxHashMap<FileId, Vec<(Range<usize>, Mark)>>,
}

impl Marks {
    /// No node is marked.
    pub fn none() -> Marks {
        Marks::default()
    }

    pub fn new(diagnostics: &[Diagnostic]) -> Marks {
        let mut by_file: FxHashMap<FileId, Vec<(Range<usize>, Mark)>> = FxHashMap::default();
        for d in diagnostics {
            let mark = match d.severity {
                Severity::Error => Mark::Error,
                Severity::Warning => Mark::Warning,
                Severity::Information | Severity::Hint => continue,
            };
            by_file
                .entry(d.file)
                .or_default()
                .push((d.range.clone(), mark));
        }
        for list in by_file.values_mut() {
            list.sort_by_key(|(r, _)| r.start);
        }
        Marks { by_file }
    }

    pub fn is_empty(&self) -> bool {
        self.by_file.is_empty()
    }

    /// The worst problem anywhere in `file` (a page's own).
    pub fn of_file(&self, file: FileId) -> Option<Mark> {
        self.by_file.get(&file)?.iter().map(|(_, m)| *m).min()
    }

    /// The worst problem placed inside `node` (an entry's string).
    pub fn within(&self, node: &Node) -> Option<Mark> {
        self.in_range(node.file, &node.range)
    }

    /// The worst problem placed inside `range` of `file`.
    pub fn in_range(&self, file: FileId, range: &Range<usize>) -> Option<Mark> {
        let list = self.by_file.get(&file)?;
        let from = list.partition_point(|(r, _)| r.start < range.start);
        list[from..]
            .iter()
            .take_while(|(r, _)| r.start < range.end.max(range.start + 1))
            .filter(|(r, _)| r.end <= range.end)
            .map(|(_, m)| *m)
            .min()
    }

    /// The worse of two.
    pub fn worst(&self, a: Option<Mark>, b: Option<Mark>) -> Option<Mark> {
        match (a, b) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn diag(file: FileId, range: Range<usize>, severity: Severity) -> Diagnostic {
        Diagnostic {
            file,
            range,
            severity,
            code: "x",
            message: String::new(),
            fixes: Vec::new(),
            subject: None,
            related: Vec::new(),
        }
    }

    #[test]
    fn the_worst_inside_a_range() {
        let m = Marks::new(&[
            diag(1, 10..20, Severity::Warning),
            diag(1, 12..14, Severity::Error),
            diag(1, 30..40, Severity::Hint),
            diag(2, 0..1, Severity::Warning),
        ]);
        assert_eq!(m.in_range(1, &(10..20)), Some(Mark::Error));
        assert_eq!(m.in_range(1, &(11..20)), Some(Mark::Error));
        assert_eq!(m.in_range(1, &(15..25)), None);
        assert_eq!(m.in_range(1, &(30..40)), None);
        assert_eq!(m.of_file(2), Some(Mark::Warning));
        assert_eq!(m.of_file(3), None);
    }
}
