//! A docs root as it was at a git revision, read with `gix` (never by running
//! `git`) into the same [`Site`] the disk loader builds: its files pass
//! through `load`'s kinds, size limits and text reading
//! ([`load::read_bytes_as`]), and the root's `.gitignore` and `.mintignore`
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

/// The root's `.gitignore` and `.mintignore` as they were at the revision:
/// the disk loader skips what they match.
struct Ignores(Option<ignore::gitignore::Gitignore>);

impl Ignores {
    fn new(repo: &gix::Repository, blobs: &[(String, ObjectId)]) -> Self {
        let mut builder = ignore::gitignore::GitignoreBuilder::new("");
        let mut any = false;
        for (name, oid) in blobs
            .iter()
            .filter(|(p, _)| p == ".gitignore" || p == ".mintignore")
        {
            let Ok(bytes) = blob(repo, *oid, file_bytes::MAX_DATA_FILE) else {
                continue;
            };
            for line in String::from_utf8_lossy(&bytes).lines() {
                any |= builder.add_line(Some(PathBuf::from(name)), line).is_ok();
            }
        }
        Ignores(any.then(|| builder.build().ok()).flatten())
    }

    fn matches(&self, rel: &str) -> bool {
        self.0
            .as_ref()
            .is_some_and(|g| g.matched_path_or_any_parents(rel, false).is_ignore())
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
        assert!(matches!(
            old.file_by_path("huge.mdx").unwrap().text,
            Err(Unreadable::TooLarge { .. })
        ));
        // Pages (a snippet is none).
        assert_eq!(at.pages.len(), 4, "{:?}", at.pages);
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
