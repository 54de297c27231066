//! The one way an analysis reuses the last one's work: a memo table whose
//! entries hold a value and what computing it read, each read an input (or
//! another memoised value) with the revision it had then. An entry is
//! checked when it is asked for: if every read still has its revision, the
//! value stands; otherwise it is computed again. A recomputed value equal to
//! the kept one keeps its revision (early cutoff), so what read it stays
//! valid. Chosen over `salsa` by `benches/reuse.rs` (ARCHITECTURE.md,
//! "Reuse across keystrokes").
//!
//! A rule is then a plain function of what it reads: it records each read
//! in [`Reads`], and never decides what an edit made stale. The tables live
//! here, below the analysis, because a [`crate::model::site::Site`] carries
//! them from one snapshot of its docs root to the next.

use crate::syntax::edit::TextDiff;
use dashmap::DashMap;
use dashmap::mapref::entry::Entry as Slot;
use std::hash::Hash;
use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering};

/// A point in the history of inputs. Each new version of an input gets a
/// fresh one, never given again in the process: an `Arc`'s address may be
/// reused once it is freed, a revision never is.
pub type Revision = u64;

static NEXT: AtomicU64 = AtomicU64::new(1);

/// A revision no input and no value has had before.
pub fn fresh_revision() -> Revision {
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// Something a value may read: an input (a file, a setting) or another
/// memoised value, named by a number its table's user chooses.
pub type Key = u64;

/// One read: what was read and the revision it had.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dep {
    pub key: Key,
    pub revision: Revision,
}

/// A read of part of a text input (docs.json) at one of its revisions,
/// which stays valid across new versions of the input as long as each was
/// made from the one before by an edit that left that part alone: a
/// keystroke in one string of a 4 MB docs.json gives it a new revision,
/// and a value that read other parts of it holds still. The input's
/// history says how each version was made ([`TextEdit`]); no revision has
/// to be stamped on the parts themselves, and nothing is hashed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextRead {
    pub key: Key,
    pub revision: Revision,
    pub part: Part,
}

/// Which part of a text a [`TextRead`] read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Part {
    /// The bytes in this range, in the offsets of the text at the read's
    /// revision.
    Bytes(Range<usize>),
    /// Everything but the contents of its string values and the names of
    /// keys other than `names`: which objects, arrays and keys there are,
    /// and where (what a value that depends on a key being absent reads).
    /// An edit inside one string value leaves it alone, and so does a key
    /// renamed from and to names not in `names`.
    Outline { names: &'static [&'static str] },
}

/// How one version of a text input was made from the version before it.
/// An input's history is a list of them, oldest first, each made from the
/// one before and the last giving the current version ([`TextHistory`]).
#[derive(Debug, Clone)]
pub struct TextEdit {
    /// The revision of the version it was made from.
    pub from: Revision,
    /// Where the two texts differ.
    pub diff: TextDiff,
    /// `None`: the edit changed the contents of one string value only;
    /// else it renamed one key, from the first name to the second.
    pub renamed: Option<(Box<str>, Box<str>)>,
}

/// The last edits of a text input, oldest first, the last one giving its
/// current version. Several steps, not one: an entry that is not asked
/// for at an analysis (a subtree inside a kept one) must still hold at the
/// next analysis that asks.
pub type TextHistory = [TextEdit];

/// How many edits a text input's history keeps: an entry whose reads are
/// older is computed again (once, then it is current).
pub const HISTORY: usize = 64;

/// The edits of `history` (which ends at revision `now`) made since
/// revision `from`, oldest first; `None` when it does not reach back.
pub fn edits_since(history: &TextHistory, from: Revision, now: Revision) -> Option<&TextHistory> {
    if from == now {
        return Some(&[]);
    }
    let since = history.iter().rposition(|e| e.from == from)?;
    Some(&history[since..])
}

impl TextRead {
    /// This read as it stands at revision `now` of its input (`history`:
    /// how the versions up to `now`'s were made), its range moved by each
    /// edit since the read's revision; `None` when an edit may have changed
    /// what it read, or the history does not reach back to the read.
    fn carried(&self, now: Option<Revision>, history: &TextHistory) -> Option<TextRead> {
        let now = now?;
        if now == self.revision {
            return Some(self.clone());
        }
        let mut part = self.part.clone();
        for edit in edits_since(history, self.revision, now)? {
            part = match part {
                Part::Outline { names } => {
                    let named = |k: &str| names.contains(&k);
                    if edit
                        .renamed
                        .as_ref()
                        .is_some_and(|(o, n)| named(o) || named(n))
                    {
                        return None;
                    }
                    Part::Outline { names }
                }
                Part::Bytes(r) => Part::Bytes(edit.diff.untouched(&r)?),
            };
        }
        Some(TextRead {
            key: self.key,
            revision: now,
            part,
        })
    }
}

/// What a computation read, recorded as it reads.
#[derive(Debug, Default)]
pub struct Reads(Vec<Dep>, Vec<Key>, Forget, Vec<TextRead>);

#[derive(Debug, Default)]
struct Forget(bool);

impl Reads {
    pub fn read(&mut self, key: Key, revision: Revision) {
        self.0.push(Dep { key, revision });
    }

    /// A read of something another key's change may change (another
    /// page's anchors): indexed, so that [`MemoTable::readers_of`] finds
    /// this entry from it.
    pub fn read_indexed(&mut self, key: Key, revision: Revision) {
        self.read(key, revision);
        self.1.push(key);
    }

    /// A read of `part` of text input `key` at `revision` (see
    /// [`TextRead`]): the entry stays valid over new versions of the input
    /// that leave the part alone.
    pub fn read_text(&mut self, key: Key, revision: Revision, part: Part) {
        self.3.push(TextRead {
            key,
            revision,
            part,
        });
    }

    /// Whether an indexed read was made.
    pub fn has_indexed(&self) -> bool {
        !self.1.is_empty()
    }

    /// Keep no entry for this value: it costs less to compute again than
    /// to hold (25,000 pages with nothing to say), and nothing finds it
    /// through an index.
    pub fn forget(&mut self) {
        self.2 = Forget(true);
    }
}

#[derive(Debug)]
struct MemoEntry<V, T> {
    value: V,
    deps: Box<[Dep]>,
    /// Its text reads, carried to the latest revision each time the entry
    /// is found valid.
    texts: T,
    /// When the value last became different from the one before.
    changed_at: Revision,
}

/// Where a table's entries keep their text reads: `()` in a table whose
/// values read none (no byte per entry: a table of 25,000 page entries
/// grew by 1.7 MiB with a pointer each), [`TextReads`] in one whose
/// values do.
pub trait TextSlot: Default + std::fmt::Debug {
    /// The slot holding `reads`; `None` when it cannot (such an entry is
    /// not kept: it would be kept over edits to what it read).
    fn hold(reads: Vec<TextRead>) -> Option<Self>;
    fn reads(&self) -> &[TextRead];
}

impl TextSlot for () {
    fn hold(reads: Vec<TextRead>) -> Option<Self> {
        reads.is_empty().then_some(())
    }

    fn reads(&self) -> &[TextRead] {
        &[]
    }
}

/// The text reads of a table's entry ([`TextSlot`]).
#[derive(Debug, Default)]
pub struct TextReads(Vec<TextRead>);

impl TextSlot for TextReads {
    fn hold(reads: Vec<TextRead>) -> Option<Self> {
        Some(TextReads(reads))
    }

    fn reads(&self) -> &[TextRead] {
        &self.0
    }
}

/// Values of one query by key, kept from one snapshot of a docs root to the
/// next. Shared by reference between rayon workers (sharded locks).
#[derive(Debug)]
pub struct MemoTable<K: Eq + Hash, V, T = ()> {
    entries: DashMap<K, MemoEntry<V, T>, rustc_hash::FxBuildHasher>,
    /// Who made an indexed read of a key (an edge may be stale, never
    /// missing).
    readers: DashMap<Key, Vec<K>, rustc_hash::FxBuildHasher>,
}

impl<K: Eq + Hash, V, T> Default for MemoTable<K, V, T> {
    fn default() -> Self {
        MemoTable {
            entries: DashMap::default(),
            readers: DashMap::default(),
        }
    }
}

impl<K: Eq + Hash + Clone, V: Clone + PartialEq, T: TextSlot> MemoTable<K, V, T> {
    /// `key`'s value and the revision at which it last changed: the kept
    /// one when each read it recorded has the same revision now
    /// (`revision_of`: the current revision of a key, `None` when it is
    /// gone), else `compute`'s, which records its reads.
    pub fn get(
        &self,
        key: &K,
        revision_of: impl Fn(Key) -> Option<Revision>,
        compute: impl FnOnce(&mut Reads) -> V,
    ) -> (V, Revision) {
        self.get_reading_text(key, revision_of, |_| &[], compute)
    }

    /// [`Self::get`] for a computation that may read parts of text inputs
    /// ([`Reads::read_text`]): `history_of` says how a text input's
    /// versions up to the current one were made.
    pub fn get_reading_text<'h>(
        &self,
        key: &K,
        revision_of: impl Fn(Key) -> Option<Revision>,
        history_of: impl Fn(Key) -> &'h TextHistory,
        compute: impl FnOnce(&mut Reads) -> V,
    ) -> (V, Revision) {
        if let Some(kept) = self.kept_where(key, &revision_of, history_of, |_, _| true) {
            return kept;
        }
        let mut reads = Reads::default();
        let value = compute(&mut reads);
        let changed_at = self.store(key.clone(), value.clone(), reads);
        (value, changed_at)
    }

    /// `key`'s kept value and the revision at which it last changed, when
    /// each read it recorded holds now and `accept` takes the value with
    /// its text reads carried to now (a caller that must see where a read
    /// range is now). Carrying the reads forward writes the entry.
    pub fn kept_where<'h>(
        &self,
        key: &K,
        revision_of: impl Fn(Key) -> Option<Revision>,
        history_of: impl Fn(Key) -> &'h TextHistory,
        accept: impl FnOnce(&V, &[TextRead]) -> bool,
    ) -> Option<(V, Revision)> {
        let holds = |e: &MemoEntry<V, T>| {
            e.deps
                .iter()
                .all(|d| revision_of(d.key) == Some(d.revision))
        };
        let e = self.entries.get(key)?;
        if !holds(&e) {
            return None;
        }
        if e.texts.reads().is_empty() {
            return accept(&e.value, &[]).then(|| (e.value.clone(), e.changed_at));
        }
        drop(e);
        // Carrying the text reads forward writes the entry: under its
        // shard's write lock, checked again there.
        let mut e = self.entries.get_mut(key)?;
        if !holds(&e) {
            return None;
        }
        // Most reads are of one input: its history is asked for once.
        let mut asked: Option<(Key, Option<Revision>, &TextHistory)> = None;
        let carried = e
            .texts
            .reads()
            .iter()
            .map(|r| {
                let (_, now, history) = match &asked {
                    Some(a) if a.0 == r.key => a,
                    _ => asked.insert((r.key, revision_of(r.key), history_of(r.key))),
                };
                r.carried(*now, history)
            })
            .collect::<Option<Vec<_>>>()?;
        if !accept(&e.value, &carried) {
            return None;
        }
        e.texts = T::hold(carried)?;
        Some((e.value.clone(), e.changed_at))
    }

    /// Keeps `value` as `key`'s with what computing it read (unless it
    /// asked to be forgotten, or this table cannot hold its text reads):
    /// the revision at which it last changed.
    pub fn store(&self, key: K, value: V, mut reads: Reads) -> Revision {
        let texts = T::hold(std::mem::take(&mut reads.3));
        if reads.2.0 && reads.1.is_empty() || texts.is_none() {
            self.entries.remove(&key);
            return fresh_revision();
        }
        for read in &reads.1 {
            let mut r = self.readers.entry(*read).or_default();
            if !r.contains(&key) {
                r.push(key.clone());
            }
        }
        let deps: Box<[Dep]> = reads.0.into();
        let texts = texts.unwrap_or_default();
        match self.entries.entry(key) {
            Slot::Occupied(mut o) => {
                let e = o.get_mut();
                e.deps = deps;
                e.texts = texts;
                if e.value != value {
                    e.value = value;
                    e.changed_at = fresh_revision();
                }
                e.changed_at
            }
            Slot::Vacant(v) => {
                let changed_at = fresh_revision();
                v.insert(MemoEntry {
                    value,
                    deps,
                    texts,
                    changed_at,
                });
                changed_at
            }
        }
    }

    /// Forgets the entries whose text reads do not hold now (for a table
    /// whose keys outlive what they name: a subtree's path after the
    /// subtree moved).
    pub fn retain_holding<'h>(
        &self,
        revision_of: impl Fn(Key) -> Option<Revision>,
        history_of: impl Fn(Key) -> &'h TextHistory,
    ) {
        self.entries.retain(|_, e| {
            e.texts
                .reads()
                .iter()
                .all(|r| r.carried(revision_of(r.key), history_of(r.key)).is_some())
        });
    }

    /// Puts `value` as `key`'s, with no reads (an input compared by value):
    /// the revision at which it last changed, kept when it equals the value
    /// there (early cutoff: a docs.json keystroke that leaves the part a
    /// rule reads alone leaves that rule's results valid).
    pub fn set(&self, key: K, value: &V) -> Revision {
        match self.entries.entry(key) {
            Slot::Occupied(mut o) => {
                let e = o.get_mut();
                if e.value != *value {
                    e.value = value.clone();
                    e.changed_at = fresh_revision();
                }
                e.changed_at
            }
            Slot::Vacant(v) => {
                let changed_at = fresh_revision();
                v.insert(MemoEntry {
                    value: value.clone(),
                    deps: Box::new([]),
                    texts: T::default(),
                    changed_at,
                });
                changed_at
            }
        }
    }

    /// `key`'s kept value, whether or not what it read still holds: for a
    /// computation that starts from its own last answer (a docs.json
    /// keystroke re-checks the entries of the tree the last answer holds,
    /// and keeps the rest); it must check itself that the parts it keeps
    /// still hold.
    pub fn last(&self, key: &K) -> Option<V> {
        self.entries.get(key).map(|e| e.value.clone())
    }

    /// The entries that made an indexed read of `key`.
    pub fn readers_of(&self, key: Key) -> Vec<K> {
        self.readers
            .get(&key)
            .map(|r| r.clone())
            .unwrap_or_default()
    }

    /// Forgets the entries whose key `keep` refuses (files gone).
    pub fn retain(&self, keep: impl Fn(&K) -> bool) {
        self.entries.retain(|k, _| keep(k));
        self.readers.retain(|_, r| {
            r.retain(|k| keep(k));
            !r.is_empty()
        });
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// A value compared by identity: a recomputed one is always a change (no
/// early cutoff), for values too large to compare (a resolved docs.json, the
/// navigation rules' outcome).
#[derive(Debug)]
pub struct Shared<T>(pub std::sync::Arc<T>);

impl<T> Clone for Shared<T> {
    fn clone(&self) -> Self {
        Shared(self.0.clone())
    }
}

impl<T> PartialEq for Shared<T> {
    fn eq(&self, other: &Self) -> bool {
        std::sync::Arc::ptr_eq(&self.0, &other.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    #[test]
    fn kept_while_reads_hold_recomputed_after_and_cut_off_when_equal() {
        let table: MemoTable<u32, u32> = MemoTable::default();
        let (input, rev) = (Cell::new(7u32), Cell::new(fresh_revision()));
        let runs = Cell::new(0);
        let ask = || {
            table.get(
                &1,
                |k| (k == 0).then(|| rev.get()),
                |r| {
                    runs.set(runs.get() + 1);
                    r.read(0, rev.get());
                    input.get() / 10
                },
            )
        };
        let (v, first) = ask();
        assert_eq!((v, runs.get()), (0, 1));
        assert_eq!(ask(), (0, first));
        assert_eq!(runs.get(), 1, "nothing read changed: kept");
        // A new revision with a value giving the same answer: computed
        // again, but the answer keeps its revision.
        input.set(8);
        rev.set(fresh_revision());
        assert_eq!(ask(), (0, first));
        assert_eq!(runs.get(), 2);
        input.set(42);
        rev.set(fresh_revision());
        let (v, changed) = ask();
        assert_eq!((v, runs.get()), (4, 3));
        assert!(changed > first);
    }

    #[test]
    fn a_forgotten_value_is_not_kept_unless_indexed() {
        let table: MemoTable<u32, u32> = MemoTable::default();
        let rev = fresh_revision();
        let of = |k: Key| (k == 0).then_some(rev);
        table.get(&1, of, |r| {
            r.read(0, rev);
            r.forget();
            0
        });
        assert!(table.is_empty());
        table.get(&2, of, |r| {
            r.read_indexed(0, rev);
            r.forget();
            0
        });
        assert_eq!((table.len(), table.readers_of(0)), (1, vec![2]));
    }

    #[test]
    fn a_text_read_holds_over_edits_elsewhere_and_moves_with_them() {
        let table: MemoTable<(), u32, TextReads> = MemoTable::default();
        let runs = Cell::new(0);
        let (now, history) = (
            Cell::new(fresh_revision()),
            std::cell::RefCell::new(Vec::new()),
        );
        let first = now.get();
        let ask = || {
            let history: Vec<TextEdit> = history.borrow().clone();
            table.get_reading_text(
                &(),
                |k| (k == 0).then(|| now.get()),
                |_| &history[..],
                |r| {
                    runs.set(runs.get() + 1);
                    r.read_text(0, now.get(), Part::Bytes(10..20));
                    r.read_text(0, now.get(), Part::Outline { names: &["api"] });
                    0
                },
            )
        };
        // An edit of bytes start..old_end into start..new_end.
        let typed = |start, old_end, new_end| TextDiff {
            start,
            old_end,
            new_end,
        };
        let step = |diff: TextDiff, renamed: Option<(&str, &str)>| {
            let from = now.get();
            now.set(fresh_revision());
            history.borrow_mut().push(TextEdit {
                from,
                diff,
                renamed: renamed.map(|(a, b)| (a.into(), b.into())),
            });
        };
        ask();
        // Two bytes typed before the range, then one inside its moved
        // place: kept, then computed again.
        step(typed(2, 2, 4), None);
        ask();
        assert_eq!(runs.get(), 1, "an edit before the range keeps it");
        step(typed(21, 21, 22), None);
        ask();
        assert_eq!(runs.get(), 2, "the range moved with the first edit");
        // A key renamed, to a name read or not.
        step(typed(40, 41, 41), Some(("ab", "b")));
        ask();
        assert_eq!(runs.get(), 2);
        step(typed(40, 41, 42), Some(("b", "api")));
        ask();
        assert_eq!(runs.get(), 3);
        // A version two edits on: the range moved by both.
        step(typed(0, 0, 1), None);
        step(typed(0, 0, 1), None);
        ask();
        assert_eq!(runs.get(), 3, "carried over two edits");
        step(typed(0, 0, 1), None);
        step(typed(14, 15, 15), None);
        ask();
        assert_eq!(runs.get(), 4, "the second of two edits touched it");
        // A history that no longer reaches back to the read.
        step(typed(0, 0, 1), None);
        step(typed(0, 0, 1), None);
        let kept = history.borrow().len();
        history.borrow_mut().drain(..kept - 1);
        ask();
        assert_eq!(runs.get(), 5);
        assert!(first < now.get());
        // A table without a slot for text reads keeps no such entry.
        let plain: MemoTable<(), u32> = MemoTable::default();
        plain.get(
            &(),
            |_| None,
            |r| {
                r.read_text(0, first, Part::Bytes(0..1));
                0
            },
        );
        assert!(plain.is_empty());
    }
}
