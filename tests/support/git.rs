//! Git repositories for tests, built with the `git` command (the product
//! itself reads git only through gix): a fixed identity, no signing, `main`
//! as the first branch, none of the caller's git configuration or
//! environment, and optionally a fixed author and committer date.

use std::path::Path;
use std::process::Command;

/// Runs `git args` in `dir`; with `date`, commits carry it as both dates.
/// Panics with git's own message when it fails.
pub fn git_at(dir: &Path, date: Option<&str>, args: &[&str]) {
    let mut cmd = Command::new("git");
    cmd.args(["-c", "user.name=t", "-c", "user.email=t@example.com"])
        .args([
            "-c",
            "commit.gpgsign=false",
            "-c",
            "init.defaultBranch=main",
        ])
        .args(args)
        .current_dir(dir)
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env_remove("GIT_DIR")
        .env_remove("GIT_WORK_TREE");
    if let Some(date) = date {
        cmd.env("GIT_AUTHOR_DATE", date)
            .env("GIT_COMMITTER_DATE", date);
    }
    let out = cmd.output().expect("the git command runs");
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// [`git_at`] without a fixed date.
#[allow(dead_code)] // not every test binary uses both
pub fn git(dir: &Path, args: &[&str]) {
    git_at(dir, None, args)
}
