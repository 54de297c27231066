//! Counters of the reuse paths that live inside a memo entry's computation.

use std::sync::atomic::AtomicUsize;

/// How often each reuse path inside a memo entry's computation kept work
/// from the last one, summed over the analyses that share these tables:
/// tests read it so that an incremental-equals-fresh test cannot pass by
/// never reusing. On the tables rather than in process-wide counters, so
/// that tests running side by side do not add into each other's figures.
#[derive(Debug, Default)]
pub struct Reused {
    /// Analyses that took docs.json's link part from the table.
    pub link_part: AtomicUsize,
    /// Navigation entries whose resolution was taken from the pass before.
    pub references: AtomicUsize,
    /// Passes that took the duplicate status of untouched entries from the
    /// pass before.
    pub duplicates: AtomicUsize,
    /// Navigation subtrees whose schema check was taken from the check
    /// before.
    pub schema_subtrees: AtomicUsize,
}

impl Reused {
    pub fn add(counter: &AtomicUsize, n: usize) {
        counter.fetch_add(n, std::sync::atomic::Ordering::Relaxed);
    }

    pub fn get(counter: &AtomicUsize) -> usize {
        counter.load(std::sync::atomic::Ordering::Relaxed)
    }
}
