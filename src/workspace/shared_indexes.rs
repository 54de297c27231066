//! The body indexes of the pages of one load, shared by pages whose bytes
//! are identical.

use super::kept_text::{BulkPage, bulk_page};

/// The body indexes of one batch of pages read together, by text: pages
/// whose texts are byte-identical share one index (it is a function of the
/// text alone). Sites that keep a copy of their pages per version and
/// language hold few distinct texts (crewAI: 1,723 among 24,803 pages), and
/// reading bodies is most of the cost of loading one. A hash only finds the
/// candidates; the texts are compared in full, so two different pages never
/// share an index. The texts are held while the batch is read, then dropped,
/// and only up to [`SHARED_TEXT_BUDGET`] bytes of them: a site whose pages
/// all differ holds no copy of all its pages (120 MB on the 25,000-page site
/// with bodies), and pages read past the budget are read on their own.
#[derive(Default)]
pub struct SharedIndexes {
    by_bytes: dashmap::DashMap<u64, Vec<SharedPage>, rustc_hash::FxBuildHasher>,
    held: std::sync::atomic::AtomicUsize,
}

/// How many bytes of page texts [`SharedIndexes`] holds at most (crewAI's
/// 1,723 distinct texts are 16 MB).
const SHARED_TEXT_BUDGET: usize = 32 << 20;

/// A page's bytes and what was read of them.
type SharedPage = (Box<[u8]>, BulkPage);

impl SharedIndexes {
    /// The page of these bytes: from an earlier page with the same bytes
    /// (their UTF-8 check, kept text and index included), or read now.
    /// Only the bytes of a text not seen before are copied (to compare
    /// later pages with).
    pub(super) fn page(&self, bytes: &[u8]) -> BulkPage {
        let hash = key(bytes);
        let known = |pages: &Vec<SharedPage>| {
            pages
                .iter()
                .find(|(b, _)| **b == *bytes)
                .map(|(_, page)| page.clone())
        };
        if let Some(page) = self.by_bytes.get(&hash).and_then(|e| known(&e)) {
            return page;
        }
        // Read outside the table's lock; two threads reading one text at
        // once both read it, and the first to insert is kept.
        let read = bulk_page(bytes);
        use std::sync::atomic::Ordering::Relaxed;
        if self.held.fetch_add(bytes.len(), Relaxed) + bytes.len() > SHARED_TEXT_BUDGET {
            self.held.fetch_sub(bytes.len(), Relaxed);
            return read;
        }
        let mut entry = self.by_bytes.entry(hash).or_default();
        if let Some(page) = known(&entry) {
            return page;
        }
        if entry.len() >= MAX_CANDIDATES {
            self.held.fetch_sub(bytes.len(), Relaxed);
            return read;
        }
        entry.push((Box::from(bytes), read.clone()));
        read
    }
}

/// The most different texts kept under one [`key`]: texts that agree on
/// every sampled byte but differ elsewhere are each compared with all the
/// others, so their number is bounded; past it a page is read on its own.
const MAX_CANDIDATES: usize = 16;

/// What finds a page's candidates: its length and bytes sampled across it
/// (its first and last 256, and 32 runs of 16 between). A candidate is
/// compared in full anyway, so hashing every byte would read each page a
/// second time for nothing.
pub(super) fn key(bytes: &[u8]) -> u64 {
    use std::hash::Hasher;
    const EDGE: usize = 256;
    const RUNS: usize = 32;
    const RUN: usize = 16;
    let mut h = rustc_hash::FxHasher::default();
    h.write_usize(bytes.len());
    if bytes.len() <= 4 * EDGE {
        h.write(bytes);
        return h.finish();
    }
    h.write(&bytes[..EDGE]);
    h.write(&bytes[bytes.len() - EDGE..]);
    let step = (bytes.len() - RUN) / RUNS;
    for i in 0..RUNS {
        h.write(&bytes[i * step..i * step + RUN]);
    }
    h.finish()
}
