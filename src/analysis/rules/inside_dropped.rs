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
//! Not done here: repeated entries (`duplicate-page`, a warning) are still
//! counted with the dropped ones, since a repeat is between two entries and
//! only the duplicates pass could leave one out.

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
    // A repeat is between entries, some of which may be dropped: which
    // ones repeat on the platform is for the duplicates pass to tell.
    rules.retain(|d| d.code == "duplicate-page" || !gone(d.file, &d.range));
}

/// Every place each file is read at below `navigation`. An explicit stack:
/// the tree may be as deep as the parser lets it.
fn readings(
    navigation: &Node,
    dropped: &FxHashSet<(FileId, usize, usize)>,
) -> FxHashMap<FileId, Vec<Reading>> {
    let mut out: FxHashMap<FileId, Vec<Reading>> = FxHashMap::default();
    // (node, the file of its parent, inside a dropped value, its reading).
    let mut stack: Vec<(&Node, Option<FileId>, bool, usize)> = vec![(navigation, None, false, 0)];
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
        let children: Box<dyn Iterator<Item = &Node>> = match &n.value {
            Value::Array(items) => Box::new(items.iter()),
            Value::Object(props) => Box::new(props.iter().map(|p| &p.value)),
            _ => continue,
        };
        stack.extend(children.map(|c| (c, Some(n.file), in_dropped, reading)));
    }
    out
}
