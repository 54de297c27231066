//! A docs root as it was at a git revision, read with `gix` (never by running
//! `git`) into the same [`Site`] the disk loader builds: its files pass
//! through `load`'s kinds, size limits and text reading
//! ([`load::read_bytes_as`]), and every folder's `.gitignore` and `.mintignore`
//! at that revision leave out what they leave out on disk.

use super::file_bytes;
use super::load::{self, FileIds};
use super::shared_indexes::SharedIndexes;
use crate::model::site::{FileKind, Site, SourceFile, Unreadable, kind_of, platform_ignores_name};
use gix::ObjectId;
use rayon::prelude::*;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Why a revision could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GitError {
    /// The docs root is in no git repository.
    NotARepository { root: PathBuf, reason: String },
    /// REV names no commit here; `shallow`: the clone is shallow, so the
    /// commit may exist upstream but was not fetched.
    UnknownRevision {
        rev: String,
        reason: String,
        shallow: bool,
    },
    /// The repository could not be read (a missing object, a corrupt pack).
    Read(String),
}

impl std::fmt::Display for GitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GitError::NotARepository { root, reason } => write!(
                f,
                "{} is not in a git repository ({reason}); --since needs the site's history",
                root.display()
            ),
            GitError::UnknownRevision {
                rev,
                reason,
                shallow,
            } => {
                write!(f, "cannot resolve revision `{rev}`: {reason}")?;
                if *shallow {
                    write!(
                        f,
                        "; this is a shallow clone: fetch that commit (`git fetch --deepen`, \
                         or `fetch-depth: 0` in actions/checkout)"
                    )?;
                }
                Ok(())
            }
            GitError::Read(e) => write!(f, "cannot read the git repository: {e}"),
        }
    }
}

/// A docs root at a revision.
pub struct AtRevision {
    /// The commit REV resolved to (hex).
    pub commit: String,
    /// The site as it was, or `None` when the docs root (its docs.json) did
    /// not exist at that commit.
    pub site: Option<Site>,
    /// The blob of each page (root-relative path), for telling a moved page
    /// by its content.
    pub pages: HashMap<String, ObjectId>,
    git_dir: PathBuf,
}

/// The repository holding `root` and the commit `rev` names there.
pub fn resolve(root: &Path, rev: &str) -> Result<(gix::Repository, ObjectId), GitError> {
    let repo = gix::discover(root).map_err(|e| GitError::NotARepository {
        root: root.to_path_buf(),
        reason: e.to_string(),
    })?;
    let commit = repo
        .rev_parse_single(rev)
        .map_err(|e| e.to_string())
        .and_then(|id| {
            id.object()
                .map_err(|e| e.to_string())?
                .peel_to_commit()
                .map(|c| c.id)
                .map_err(|e| e.to_string())
        });
    match commit {
        Ok(id) => Ok((repo, id)),
        Err(reason) => Err(GitError::UnknownRevision {
            rev: rev.to_string(),
            reason,
            shallow: repo.is_shallow().unwrap_or(false),
        }),
    }
}

/// What of the pages a revision is read with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pages {
    /// As the disk loader reads them: front matter kept, body indexed.
    Read,
    /// Each page as an empty text, its blob not inflated: for what needs
    /// only which pages exist (the URLs a site serves), a third of the
    /// cost of reading 25,000 pages with bodies.
    Listed,
}

/// The docs root `root` as it was at `rev`, leaving out the folders in
/// `nested` (root-relative: docs roots of their own below it, as
/// [`load::discover_roots`] finds them on disk).
pub fn site_at(
    root: &Path,
    rev: &str,
    nested: &[String],
    ids: &FileIds,
    pages: Pages,
) -> Result<AtRevision, GitError> {
    let (repo, commit) = resolve(root, rev)?;
    let read = |e: &dyn std::fmt::Display| GitError::Read(e.to_string());
    let prefix = root_in_repo(&repo, root)?;
    let tree = repo
        .find_object(commit)
        .map_err(|e| read(&e))?
        .peel_to_tree()
        .map_err(|e| read(&e))?;
    let tree = if prefix.is_empty() {
        Some(tree)
    } else {
        match tree.lookup_entry_by_path(&prefix).map_err(|e| read(&e))? {
            Some(entry) if entry.mode().is_tree() => Some(
                entry
                    .object()
                    .map_err(|e| read(&e))?
                    .peel_to_tree()
                    .map_err(|e| read(&e))?,
            ),
            _ => None,
        }
    };
    let mut at = AtRevision {
        commit: commit.to_string(),
        site: None,
        pages: HashMap::new(),
        git_dir: repo.path().to_path_buf(),
    };
    let Some(tree) = tree else {
        return Ok(at);
    };
    let entries = tree.traverse().breadthfirst.files().map_err(|e| read(&e))?;
    // Blobs only: a symlink, a submodule commit and a tree are no file the
    // platform reads here.
    let blobs: Vec<(String, ObjectId)> = entries
        .into_iter()
        .filter(|e| e.mode.is_blob())
        .filter_map(|e| Some((String::from_utf8(e.filepath.into()).ok()?, e.oid)))
        .collect();
    if !blobs.iter().any(|(p, _)| p == "docs.json") {
        return Ok(at);
    }
    let ignored = Ignores::new(&repo, &blobs);
    let mut files = Vec::new();
    let mut assets = Vec::new();
    for (rel, oid) in blobs {
        let in_nested = nested.iter().any(|n| {
            rel.strip_prefix(n.as_str())
                .is_some_and(|r| r.starts_with('/'))
        });
        if in_nested || rel.split('/').any(platform_ignores_name) || ignored.matches(&rel) {
            continue;
        }
        match kind_of(&rel) {
            Some(kind) => {
                if kind == FileKind::Page {
                    at.pages.insert(rel.clone(), oid);
                }
                files.push((rel, kind, oid));
            }
            None => assets.push(rel),
        }
    }
    let shared = SharedIndexes::default();
    // A repository handle is for one thread (gix is built without its
    // `parallel` feature here): each reading thread opens its own.
    let git_dir = repo.path().to_path_buf();
    let loaded: Vec<SourceFile> = files
        .into_par_iter()
        .map_init(
            || gix::open(&git_dir).map_err(|e| Unreadable::Io(e.to_string())),
            |repo, (rel, kind, oid)| {
                let bytes = match repo {
                    _ if kind == FileKind::Page && pages == Pages::Listed => Ok(Vec::new()),
                    Ok(repo) => blob(repo, oid, file_bytes::size_limit(kind)),
                    Err(e) => Err(e.clone()),
                };
                let read = match bytes {
                    Ok(bytes) => load::read_bytes_as(bytes, kind, false, Some(&shared)),
                    Err(e) => (Err(e), None),
                };
                // Ids of their own: never the ids of the disk's files, whose
                // cached parses they are not.
                let id = ids.id(&Path::new("\0git").join(&at.commit).join(&rel));
                load::source_file(id, rel, kind, read)
            },
        )
        .collect();
    at.site = Some(load::site_of(
        format!("{}@{rev}", root.display()),
        loaded,
        assets,
    ));
    Ok(at)
}

impl AtRevision {
    /// The bytes the pages `paths` had at this revision (those it had and
    /// that read).
    pub fn page_bytes<'p>(&self, paths: impl Iterator<Item = &'p str>) -> Vec<(String, Vec<u8>)> {
        let Ok(repo) = gix::open(&self.git_dir) else {
            return Vec::new();
        };
        paths
            .filter_map(|p| {
                let oid = *self.pages.get(p)?;
                Some((
                    p.to_string(),
                    blob(&repo, oid, file_bytes::MAX_PAGE_FILE).ok()?,
                ))
            })
            .collect()
    }
}

/// A blob's bytes, refused above `limit` before it is inflated.
fn blob(repo: &gix::Repository, oid: ObjectId, limit: u64) -> Result<Vec<u8>, Unreadable> {
    let io = |e: &dyn std::fmt::Display| Unreadable::Io(e.to_string());
    let header = repo.find_header(oid).map_err(|e| io(&e))?;
    if header.size() > limit {
        return Err(Unreadable::TooLarge {
            bytes: header.size(),
            limit,
        });
    }
    Ok(repo.find_blob(oid).map_err(|e| io(&e))?.take_data())
}

/// Where the docs root lies in the repository's work tree (`/`-separated,
/// `""` for its top).
fn root_in_repo(repo: &gix::Repository, root: &Path) -> Result<String, GitError> {
    let canon = |p: &Path| p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
    let Some(workdir) = repo.workdir() else {
        return Err(GitError::NotARepository {
            root: root.to_path_buf(),
            reason: "a bare repository has no work tree".into(),
        });
    };
    load::rel_path(&canon(workdir), &canon(root)).ok_or_else(|| GitError::NotARepository {
        root: root.to_path_buf(),
        reason: format!("it is outside the work tree {}", workdir.display()),
    })
}

/// The `.gitignore` and `.mintignore` files of the root and its folders as
/// they were at the revision, read as the disk loader (the `ignore` crate's
/// walker) reads them: one in every folder it enters; a `.mintignore` (a
/// custom ignore file) before any `.gitignore`; within each kind the
/// deepest file that says something about a path deciding (a `!` line may
/// bring back what a shallower one left out); a folder left out is not
/// entered at all.
struct Ignores(Vec<(String, ignore::gitignore::Gitignore)>);

impl Ignores {
    fn new(repo: &gix::Repository, blobs: &[(String, ObjectId)]) -> Self {
        // By (kind: .mintignore first, folder).
        let mut files: std::collections::BTreeMap<
            (u8, String),
            ignore::gitignore::GitignoreBuilder,
        > = Default::default();
        let mut any = std::collections::BTreeSet::new();
        for (path, oid) in blobs {
            let (dir, name) = path.rsplit_once('/').unwrap_or(("", path));
            let kind = match name {
                ".mintignore" => 0,
                ".gitignore" => 1,
                _ => continue,
            };
            let Ok(bytes) = blob(repo, *oid, file_bytes::MAX_DATA_FILE) else {
                continue;
            };
            let key = (kind, dir.to_string());
            let builder = files
                .entry(key.clone())
                .or_insert_with(|| ignore::gitignore::GitignoreBuilder::new(dir));
            for line in String::from_utf8_lossy(&bytes).lines() {
                if builder.add_line(Some(PathBuf::from(path)), line).is_ok() {
                    any.insert(key.clone());
                }
            }
        }
        let mut sets: Vec<(u8, String, ignore::gitignore::Gitignore)> = files
            .into_iter()
            .filter(|(key, _)| any.contains(key))
            .filter_map(|((kind, dir), b)| Some((kind, dir, b.build().ok()?)))
            .collect();
        let depth = |dir: &str| dir.matches('/').count() + usize::from(!dir.is_empty());
        sets.sort_by_key(|(kind, dir, _)| (*kind, std::cmp::Reverse(depth(dir))));
        Ignores(sets.into_iter().map(|(_, dir, set)| (dir, set)).collect())
    }

    fn matches(&self, rel: &str) -> bool {
        if self.0.is_empty() {
            return false;
        }
        rel.match_indices('/')
            .any(|(i, _)| self.decides(&rel[..i], true))
            || self.decides(rel, false)
    }

    /// Whether the deepest ignore file above `path` that matches it leaves
    /// it out.
    fn decides(&self, path: &str, is_dir: bool) -> bool {
        for (dir, set) in &self.0 {
            let below = dir.is_empty()
                || path
                    .strip_prefix(dir.as_str())
                    .is_some_and(|r| r.starts_with('/'));
            if !below {
                continue;
            }
            let m = set.matched(path, is_dir);
            if m.is_ignore() {
                return true;
            }
            if m.is_whitelist() {
                return false;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::Command;

    fn git(dir: &Path, args: &[&str]) {
        let out = Command::new("git")
            .args(["-c", "user.name=t", "-c", "user.email=t@example.com"])
            .args(["-c", "commit.gpgsign=false"])
            .args(args)
            .current_dir(dir)
            .output()
            .unwrap();
        assert!(out.status.success(), "git {args:?}: {out:?}");
    }

    /// A revision read with its pages is the site the disk loader reads
    /// from the same files: kinds, texts, unreadable files, ignores.
    #[test]
    fn a_revision_reads_as_the_disk_does() {
        let t = tempfile::tempdir().unwrap();
        let repo = t.path();
        let root = repo.join("docs");
        let files: &[(&str, &[u8])] = &[
            ("docs.json", br#"{"navigation": {"pages": ["index"]}}"#),
            (
                "index.mdx",
                b"---\ntitle: Home\n---\n\n# Home\n\nSee [a](/a).\n",
            ),
            ("a.md", b"# A\n"),
            ("binary.mdx", b"\x00\xff\xfe"),
            ("spec.yaml", b"openapi: 3.1.0\npaths: {}\n"),
            ("images/logo.png", b"\x89PNG"),
            ("drafts/wip.mdx", b"# ignored\n"),
            (".mintignore", b"drafts/\n"),
            ("snippets/part.mdx", b"Part.\n"),
            // Ignore files in folders: read there, the deepest deciding.
            ("guides/.gitignore", b"private.mdx\n"),
            ("guides/private.mdx", b"# private\n"),
            ("guides/public.mdx", b"# public\n"),
            ("notes/.mintignore", b"*.mdx\n!keep.mdx\n"),
            ("notes/keep.mdx", b"# kept\n"),
            ("notes/drop.mdx", b"# dropped\n"),
            ("notes/deep/.gitignore", b"!drop-too.mdx\n"),
            (
                "notes/deep/drop-too.mdx",
                b"# a .mintignore wins over any .gitignore\n",
            ),
            ("notes/deep/other.mdx", b"# dropped\n"),
            ("notes/deep2/.mintignore", b"!back.mdx\n"),
            ("notes/deep2/back.mdx", b"# back\n"),
        ];
        for (p, bytes) in files {
            let p = root.join(p);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, bytes).unwrap();
        }
        let huge = vec![b'x'; file_bytes::MAX_PAGE_FILE as usize + 1];
        std::fs::write(root.join("huge.mdx"), &huge).unwrap();
        git(repo, &["init", "-q"]);
        git(repo, &["add", "-A", "-f"]);
        git(repo, &["commit", "-q", "-m", "one"]);
        let ids = FileIds::default();
        let disk = load::load_site(&root, "disk".into(), &ids);
        let at = site_at(&root, "HEAD", &[], &ids, Pages::Read).unwrap();
        let old = at.site.expect("docs.json at HEAD");
        let view = |s: &Site| {
            let mut v: Vec<(String, FileKind, Result<String, Unreadable>)> = s
                .files()
                .map(|f| {
                    (
                        f.path.clone(),
                        f.kind,
                        f.text.clone().map(|t| t.to_string()),
                    )
                })
                .collect();
            v.sort_by(|a, b| a.0.cmp(&b.0));
            let mut assets: Vec<&str> = s.assets().collect();
            assets.sort();
            format!("{v:?} {assets:?}")
        };
        assert_eq!(view(&old), view(&disk));
        assert!(old.file_by_path("drafts/wip.mdx").is_none());
        for gone in [
            "guides/private.mdx",
            "notes/drop.mdx",
            "notes/deep/other.mdx",
            "notes/deep/drop-too.mdx",
        ] {
            assert!(old.file_by_path(gone).is_none(), "{gone} is ignored");
        }
        for kept in [
            "guides/public.mdx",
            "notes/keep.mdx",
            "notes/deep2/back.mdx",
        ] {
            assert!(old.file_by_path(kept).is_some(), "{kept} is read");
        }
        assert!(matches!(
            old.file_by_path("huge.mdx").unwrap().text,
            Err(Unreadable::TooLarge { .. })
        ));
        // Pages (a snippet is none).
        assert_eq!(at.pages.len(), 7, "{:?}", at.pages);
        // Listed: the same files, the pages unread.
        let listed = site_at(&root, "HEAD", &[], &ids, Pages::Listed).unwrap();
        let listed = listed.site.unwrap();
        assert_eq!(listed.files().count(), old.files().count());
        assert_eq!(listed.file_by_path("index.mdx").unwrap().text(), "");
        // A root that did not exist at a revision, and one that is no
        // repository's.
        assert!(site_at(&repo.join("none"), "HEAD", &[], &ids, Pages::Read).is_err());
    }
}
