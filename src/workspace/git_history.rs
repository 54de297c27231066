//! When each of a set of files last changed, by the git history of the
//! repository a docs root is in (read with gix; the product never runs
//! `git`): the newest commit on HEAD's first-parent line whose tree differs
//! from its first parent's at that path. One walk answers every path: each
//! commit is diffed against its first parent once (`gix_diff::tree`, which
//! skips subtrees whose ids are equal), the walk stops when every path is
//! found or after [`MAX_COMMITS`] commits. A merge counts as the change of
//! what it brought in (the first-parent line is when a change landed on the
//! branch, what a reader of the published site sees).
//!
//! Outside a repository, on an unborn HEAD, or for a file no commit within
//! the cap touched (untracked, or older than the cap), a file's age is
//! unknown: not an error.

use gix::ObjectId;
use rustc_hash::{FxHashMap, FxHashSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// How many commits one walk reads at most. crewAI's docs repository has
/// a few thousand on its first-parent line; a walk that has not found a
/// file by then leaves its age unknown rather than reading on.
pub const MAX_COMMITS: usize = 20_000;

/// The last change of each file a walk found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LastChanges {
    /// HEAD's commit when the walk ran (hex).
    pub head: String,
    /// By path relative to the docs root: the commit's committer time, in
    /// seconds since the epoch.
    pub time: FxHashMap<String, i64>,
    /// Paths asked for that no commit read changed (untracked, or older
    /// than the cap).
    pub unfound: FxHashSet<String>,
    /// Commits read.
    pub walked: usize,
}

/// The repository `root` is in, HEAD's commit, and `root`'s folder relative
/// to the repository's work tree (`""` or `docs/`).
struct RootInRepo {
    repo: gix::Repository,
    head: ObjectId,
    prefix: String,
}

fn locate(root: &Path) -> Option<RootInRepo> {
    let repo = gix::discover(root).ok()?;
    let head = repo.head_id().ok()?.detach();
    let workdir = repo.workdir()?.canonicalize().ok()?;
    let root = root.canonicalize().ok()?;
    let rel = root.strip_prefix(&workdir).ok()?;
    let mut prefix = String::new();
    for c in rel.components() {
        prefix.push_str(c.as_os_str().to_str()?);
        prefix.push('/');
    }
    Some(RootInRepo { repo, head, prefix })
}

/// HEAD's commit of the repository `root` is in, if any.
pub fn head(root: &Path) -> Option<ObjectId> {
    let repo = gix::discover(root).ok()?;
    Some(repo.head_id().ok()?.detach())
}

/// When each of `paths` (relative to the docs root `root`) last changed,
/// in one walk of at most `cap` commits. `None` outside a repository or on
/// an unborn HEAD.
pub fn last_changes(root: &Path, paths: &[&str], cap: usize) -> Option<LastChanges> {
    let _t = crate::timing::span("git history walk");
    let RootInRepo { repo, head, prefix } = locate(root)?;
    let mut wanted: FxHashMap<Vec<u8>, &str> = paths
        .iter()
        .map(|p| (format!("{prefix}{p}").into_bytes(), *p))
        .collect();
    let mut out = LastChanges {
        head: head.to_string(),
        ..Default::default()
    };
    let mut state = gix_diff::tree::State::default();
    let (mut new_buf, mut old_buf) = (Vec::new(), Vec::new());
    let mut at = Some(head);
    while let Some(id) = at {
        if wanted.is_empty() || out.walked >= cap {
            break;
        }
        out.walked += 1;
        let Ok(commit) = repo.find_commit(id) else {
            break;
        };
        let Ok(time) = commit.time() else { break };
        let Ok(tree) = commit.tree_id() else { break };
        let parent = commit.parent_ids().next().map(|p| p.detach());
        let parent_tree = match parent {
            Some(p) => match repo.find_commit(p).ok().and_then(|c| c.tree_id().ok()) {
                Some(t) => Some(t.detach()),
                // A shallow clone's last commit: its parent is not there,
                // so what it changed cannot be told from what it holds.
                None => break,
            },
            None => None,
        };
        // A recorder per diff: it keeps the path it was at when a diff ends.
        let mut recorder = gix_diff::tree::Recorder::default();
        let new = match repo.objects.find_tree_iter(&tree, &mut new_buf) {
            Ok(t) => t,
            Err(_) => break,
        };
        let old = match parent_tree {
            Some(t) => match repo.objects.find_tree_iter(&t, &mut old_buf) {
                Ok(t) => t,
                Err(_) => break,
            },
            None => gix::objs::TreeRefIter::from_bytes(&[], repo.object_hash()),
        };
        if gix_diff::tree(old, new, &mut state, &repo.objects, &mut recorder).is_err() {
            break;
        }
        for change in &recorder.records {
            use gix_diff::tree::recorder::Change;
            let (path, mode) = match change {
                Change::Addition {
                    path, entry_mode, ..
                }
                | Change::Deletion {
                    path, entry_mode, ..
                }
                | Change::Modification {
                    path, entry_mode, ..
                } => (path, entry_mode),
            };
            if mode.is_tree() {
                continue;
            }
            if let Some(p) = wanted.remove(path.as_slice()) {
                out.time.insert(p.to_string(), time.seconds);
            }
        }
        at = parent;
    }
    out.unfound = wanted.into_values().map(String::from).collect();
    Some(out)
}

use gix::objs::FindExt as _;

/// Walks kept by HEAD's commit, so that asking again (a code lens per page)
/// reads no history until HEAD moves. One entry per docs root.
#[derive(Default)]
pub struct Cache {
    by_root: Mutex<FxHashMap<PathBuf, Arc<LastChanges>>>,
}

impl Cache {
    /// [`last_changes`] of `paths` under `root`, from the last walk when
    /// HEAD is the same and that walk was asked for every one of `paths`.
    pub fn last_changes(&self, root: &Path, paths: &[&str]) -> Option<Arc<LastChanges>> {
        let head = head(root)?.to_string();
        // Held while walking: lenses asked for at once (each editor showing
        // a page) wait for the one walk instead of each making their own.
        let mut by_root = self.by_root.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(kept) = by_root.get(root)
            && kept.head == head
            && kept.asked_for(paths)
        {
            return Some(kept.clone());
        }
        let fresh = Arc::new(last_changes(root, paths, MAX_COMMITS)?);
        by_root.insert(root.to_path_buf(), fresh.clone());
        Some(fresh)
    }
}

impl LastChanges {
    /// Whether the walk that made this was asked for each of `paths`.
    fn asked_for(&self, paths: &[&str]) -> bool {
        paths
            .iter()
            .all(|p| self.time.contains_key(*p) || self.unfound.contains(*p))
    }
}
