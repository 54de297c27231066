//! Findings inside what the platform drops. The schema's `.catch()`
//! replaces an invalid navigation list below an element by nothing (a
//! `dropped-value` warning says so, pointing at the list): its pages,
//! endpoints and specs never reach the build, so what the navigation rules
//! find in it is not an error of the site.
//!
//! A `$ref` file's nodes can sit at several places of the resolved tree,
//! with the same ranges: a finding in one is left out only when it lies in
//! a dropped value at every place the file is read.
//!
//! A repeat (`duplicate-page`) is between entries: it stands while two of
//! the entries it links are kept, and then points at the first kept one.

use crate::diagnostics::Diagnostic;
use crate::schema;
use crate::syntax::tree::{FileId, Node, Value};
use rustc_hash::{FxHashMap, FxHashSet};
use std::ops::Range;

/// One place a file's nodes are read at in the resolved tree: the node
/// where the tree enters the file, whether all of it is dropped there, and
/// the dropped values of the file inside it.
struct Reading {
    range: Range<usize>,
    dropped: bool,
    inner: Vec<Range<usize>>,
}

impl Reading {
    fn drops(&self, r: &Range<usize>) -> bool {
        self.dropped || self.inner.iter().any(|d| contains(d, r))
    }
}

fn contains(outer: &Range<usize>, r: &Range<usize>) -> bool {
    outer.start <= r.start && r.end <= outer.end
}

/// `rules` (findings in `navigation`) without those inside what the
/// schema's findings `found` say the platform drops.
pub(super) fn leave_out(navigation: &Node, found: &[Diagnostic], rules: &mut Vec<Diagnostic>) {
    let dropped: FxHashSet<(FileId, usize, usize)> = schema::dropped_values(found)
        .map(|(f, r)| (f, r.start, r.end))
        .collect();
    if dropped.is_empty() {
        return;
    }
    let readings = readings(navigation, &dropped);
    // Read somewhere, and dropped everywhere it is read.
    let gone = |file: FileId, r: &Range<usize>| {
        let mut at = readings
            .get(&file)
            .into_iter()
            .flatten()
            .filter(|w| contains(&w.range, r))
            .peekable();
        at.peek().is_some() && at.all(|w| w.drops(r))
    };
    rules.retain(|d| d.code == DUPLICATE || !gone(d.file, &d.range));
    repeats_kept(rules, &gone);
}

const DUPLICATE: &str = "duplicate-page";

/// Where an entry is: its file and range.
type EntryAt = (FileId, Range<usize>);

/// The repeats among the entries that are kept. A `duplicate-page` finding
/// is on a later entry and points at the first one listed; the findings
/// pointing at one first entry are in the order listed (the duplicates
/// pass goes through the entries in order). With the first entry dropped,
/// the first kept repeat takes its place: it is no longer a repeat, and
/// the ones after it point at it.
fn repeats_kept(rules: &mut Vec<Diagnostic>, gone: &dyn Fn(FileId, &Range<usize>) -> bool) {
    // First listed -> the first kept entry of its repeats (None: none yet).
    let mut first_kept: FxHashMap<EntryAt, Option<EntryAt>> = FxHashMap::default();
    rules.retain_mut(|d| {
        if d.code != DUPLICATE {
            return true;
        }
        if gone(d.file, &d.range) {
            return false;
        }
        let Some(first) = d.related.first_mut() else {
            return true;
        };
        let place = (first.file, first.range.clone());
        let kept = first_kept
            .entry(place.clone())
            .or_insert_with(|| (!gone(place.0, &place.1)).then_some(place));
        match kept {
            Some((file, range)) => {
                first.file = *file;
                first.range = range.clone();
                true
            }
            None => {
                *kept = Some((d.file, d.range.clone()));
                false
            }
        }
    });
}

/// Every place each file is read at below `navigation`. An explicit stack:
/// the tree may be as deep as the parser lets it.
fn readings<'a>(
    navigation: &'a Node,
    dropped: &FxHashSet<(FileId, usize, usize)>,
) -> FxHashMap<FileId, Vec<Reading>> {
    let mut out: FxHashMap<FileId, Vec<Reading>> = FxHashMap::default();
    // (node, the file of its parent, inside a dropped value, its reading).
    let mut stack: Vec<(&'a Node, Option<FileId>, bool, usize)> =
        vec![(navigation, None, false, 0)];
    while let Some((n, parent_file, in_dropped, reading)) = stack.pop() {
        let readings = out.entry(n.file).or_default();
        let reading = if parent_file == Some(n.file) {
            reading
        } else {
            readings.push(Reading {
                range: n.range.clone(),
                dropped: in_dropped,
                inner: Vec::new(),
            });
            readings.len() - 1
        };
        let here = dropped.contains(&(n.file, n.range.start, n.range.end));
        if here && !in_dropped {
            readings[reading].inner.push(n.range.clone());
        }
        let in_dropped = in_dropped || here;
        let below = |c: &'a Node| (c, Some(n.file), in_dropped, reading);
        match &n.value {
            Value::Array(items) => stack.extend(items.iter().map(below)),
            Value::Object(props) => stack.extend(props.iter().map(|p| below(&p.value))),
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::Severity;

    /// A `duplicate-page` finding on entry `at` pointing at entry `first`
    /// (entries are 10 bytes apart in file 0).
    fn repeat(at: usize, first: usize) -> Diagnostic {
        Diagnostic::new(
            0,
            at * 10..at * 10 + 5,
            Severity::Warning,
            DUPLICATE,
            "twice",
        )
        .with_related(0, first * 10..first * 10 + 5, "first listed here")
    }

    /// (entry, the entry it points at) of the findings kept, with entries
    /// `dropped` gone.
    fn kept(findings: Vec<Diagnostic>, dropped: &[usize]) -> Vec<(usize, usize)> {
        let mut findings = findings;
        repeats_kept(&mut findings, &|_, r: &Range<usize>| {
            dropped.contains(&(r.start / 10))
        });
        findings
            .iter()
            .map(|d| (d.range.start / 10, d.related[0].range.start / 10))
            .collect()
    }

    /// Entries 1, 2, 3 and 4 list one page (2, 3 and 4 point at 1); 5
    /// repeats 0.
    fn listed() -> Vec<Diagnostic> {
        vec![repeat(2, 1), repeat(3, 1), repeat(4, 1), repeat(5, 0)]
    }

    #[test]
    fn nothing_dropped_keeps_every_repeat() {
        assert_eq!(kept(listed(), &[]), [(2, 1), (3, 1), (4, 1), (5, 0)]);
    }

    #[test]
    fn the_first_kept_entry_takes_the_dropped_first_ones_place() {
        assert_eq!(kept(listed(), &[1]), [(3, 2), (4, 2), (5, 0)]);
        assert_eq!(kept(listed(), &[1, 2]), [(4, 3), (5, 0)]);
        assert_eq!(kept(listed(), &[1, 3]), [(4, 2), (5, 0)]);
    }

    #[test]
    fn a_repeat_of_a_dropped_entry_or_in_one_is_gone() {
        assert_eq!(kept(listed(), &[0, 3]), [(2, 1), (4, 1)]);
        assert_eq!(kept(listed(), &[1, 2, 3, 4, 5]), []);
    }
}
