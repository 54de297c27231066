//! Moves of pages the server expects to see happen: one it made itself (a
//! rename of a navigation entry moves the page's file, by a file operation
//! in the rename's edit) or one an editor announced (`willRenameFiles`).
//!
//! Neither can be trusted to be reported. Core Neovim applies a rename's
//! file operation and then says nothing (no `didRenameFiles`, no file-watch
//! events), so the site would keep the page at its old path and docs.json,
//! already rewritten, would show the new path as missing. And an editor may
//! announce a move and then not make it (the user cancels, the target
//! exists), so a redirect offered on the announcement could point at a page
//! that never came. A move therefore counts when it is seen on disk: the new
//! path is there and the old one is gone. Only then is the site told (for a
//! move the server made) and a redirect offered; a move not seen within
//! [`EXPECT_FOR`] is forgotten and never offered.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How long a move may take to appear on disk. Editors apply an edit's file
/// operations right after the response, but a slow disk or a dialog (VS Code
/// asks before overwriting) can hold them up.
pub const EXPECT_FOR: Duration = Duration::from_secs(60);

/// How often the disk is looked at while moves are expected.
pub const POLL_EVERY: Duration = Duration::from_millis(100);

/// One expected move of one site: `(old, new)` site-relative paths.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expected {
    pub root: PathBuf,
    pub moves: Vec<(String, String)>,
    /// The server made the move itself: tell the site once it is seen, as
    /// no client event may come.
    pub apply: bool,
    /// Ask whether to add redirects once it is seen.
    pub ask_redirect: bool,
}

impl Expected {
    /// Every move of this expectation is seen on disk.
    pub fn done(&self) -> bool {
        self.moves
            .iter()
            .all(|(old, new)| moved(&self.root, old, new))
    }
}

/// `old` is gone and `new` is there, under `root` (whatever they are: a
/// moved folder counts as well as a file).
pub fn moved(root: &Path, old: &str, new: &str) -> bool {
    root.join(new).symlink_metadata().is_ok() && root.join(old).symlink_metadata().is_err()
}

/// The moves a server expects, each with the time it stops waiting.
#[derive(Debug, Default)]
pub struct PendingMoves {
    list: Mutex<Vec<(Expected, Instant)>>,
    /// A task is watching for them.
    watched: AtomicBool,
}

impl PendingMoves {
    /// Whether the caller now watches (no task did): it must then call
    /// [`PendingMoves::release_watch`] when it stops.
    pub fn claim_watch(&self) -> bool {
        !self.watched.swap(true, Ordering::SeqCst)
    }

    pub fn release_watch(&self) {
        self.watched.store(false, Ordering::SeqCst);
    }

    /// Expect `e` until `until`. The same moves expected twice (an editor
    /// that sends `willRenameFiles` for the file operation of a rename the
    /// server answered) are one expectation, which asks at most once.
    pub fn expect(&self, e: Expected, until: Instant) {
        let mut list = self.list.lock().unwrap_or_else(|p| p.into_inner());
        match list
            .iter_mut()
            .find(|(x, _)| x.root == e.root && x.moves == e.moves)
        {
            Some((x, t)) => {
                x.apply |= e.apply;
                x.ask_redirect |= e.ask_redirect;
                *t = until.max(*t);
            }
            None => list.push((e, until)),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.list
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .is_empty()
    }

    /// The expected moves now seen on disk, taken out of the list; those
    /// whose time ran out at `now` are dropped unseen.
    pub fn take_seen(&self, now: Instant) -> Vec<Expected> {
        let mut list = self.list.lock().unwrap_or_else(|p| p.into_inner());
        let mut seen = Vec::new();
        list.retain(|(e, until)| {
            if e.done() {
                seen.push(e.clone());
                false
            } else {
                now < *until
            }
        });
        seen
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expected(root: &Path, apply: bool, ask: bool) -> Expected {
        Expected {
            root: root.to_path_buf(),
            moves: vec![("a.mdx".into(), "b/a.mdx".into())],
            apply,
            ask_redirect: ask,
        }
    }

    /// A folder holding `a.mdx`, and the move of it to `b/a.mdx` expected
    /// from now on.
    fn expecting(apply: bool, ask: bool) -> (tempfile::TempDir, PendingMoves, Instant) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.mdx"), "x").unwrap();
        let pending = PendingMoves::default();
        let now = Instant::now();
        pending.expect(expected(dir.path(), apply, ask), now + EXPECT_FOR);
        (dir, pending, now)
    }

    #[test]
    fn a_move_counts_once_it_is_seen_on_disk_and_only_once() {
        let (dir, pending, now) = expecting(true, false);
        assert!(pending.take_seen(now).is_empty(), "not moved yet");
        std::fs::create_dir(dir.path().join("b")).unwrap();
        // Copied, not moved: the old file is still there.
        std::fs::copy(dir.path().join("a.mdx"), dir.path().join("b/a.mdx")).unwrap();
        assert!(pending.take_seen(now).is_empty(), "old path still there");
        std::fs::remove_file(dir.path().join("a.mdx")).unwrap();
        assert_eq!(
            pending.take_seen(now),
            vec![expected(dir.path(), true, false)]
        );
        assert!(pending.is_empty());
        assert!(pending.take_seen(now).is_empty(), "taken once");
    }

    #[test]
    fn a_move_not_made_in_time_is_forgotten() {
        let (dir, pending, now) = expecting(false, true);
        assert!(pending.take_seen(now + EXPECT_FOR).is_empty());
        assert!(pending.is_empty(), "dropped once its time ran out");
        // Made later, it is no longer expected: nothing asks.
        std::fs::create_dir(dir.path().join("b")).unwrap();
        std::fs::rename(dir.path().join("a.mdx"), dir.path().join("b/a.mdx")).unwrap();
        assert!(pending.take_seen(now).is_empty());
    }

    #[test]
    fn the_same_moves_expected_twice_are_one_expectation() {
        let dir = tempfile::tempdir().unwrap();
        let pending = PendingMoves::default();
        let now = Instant::now();
        pending.expect(expected(dir.path(), true, false), now + EXPECT_FOR);
        pending.expect(expected(dir.path(), false, true), now + EXPECT_FOR);
        std::fs::create_dir(dir.path().join("b")).unwrap();
        std::fs::write(dir.path().join("b/a.mdx"), "x").unwrap();
        assert_eq!(
            pending.take_seen(now),
            vec![expected(dir.path(), true, true)]
        );
    }
}
