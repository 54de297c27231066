//! How `check` was asked to report: the format, which problems, where paths
//! are written relative to, colour.

use std::path::PathBuf;

#[derive(Debug, Clone, Default)]
pub struct Options {
    pub format: Format,
    pub all: bool,
    /// `--deny warnings`: a warning fails the check as an error does.
    pub deny_warnings: bool,
    /// Folders that paths are written relative to: the first that holds a
    /// file names it; a file under none of them is written as an absolute
    /// path. Empty: every path absolute. The binary passes
    /// [`display_bases`]; the tests pass the site's folder.
    pub relative_to: Vec<PathBuf>,
    /// ANSI colours in the human format (the binary decides with
    /// [`anstream`]: a terminal, `NO_COLOR`, `CLICOLOR_FORCE`).
    pub color: bool,
    /// `--since REV`: also report the URLs served at REV that stop working.
    pub since: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Format {
    #[default]
    Human,
    Json,
    Github,
}
