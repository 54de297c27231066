//! Test fixtures: an in-memory site from `(path, text)` pairs, with a `$0`
//! cursor marker in one file.

use crate::analysis::Analysis;
use crate::syntax::tree::FileId;

/// An analysed site. Files whose kind is unknown are skipped, as loading does.
pub fn site(files: &[(&str, &str)]) -> Analysis {
    crate::analysis::analyze_texts(files)
}

/// A site where exactly one file holds `$0`: the analysis sees that file
/// without the marker, and the editor text is the same.
pub fn with_cursor(files: &[(&str, &str)]) -> (Analysis, FileId, String, usize) {
    let clean: Vec<(&str, String)> = files
        .iter()
        .map(|(p, t)| (*p, t.replace("$0", "")))
        .collect();
    let refs: Vec<(&str, &str)> = clean.iter().map(|(p, t)| (*p, t.as_str())).collect();
    let analysis = site(&refs);
    let (idx, text) = files
        .iter()
        .enumerate()
        .find(|(_, (_, t))| t.contains("$0"))
        .map(|(i, (_, t))| (i, *t))
        .expect("a $0 cursor marker");
    let offset = text.find("$0").unwrap_or(0);
    (analysis, idx as FileId, text.replace("$0", ""), offset)
}

/// Like [`with_cursor`], but the editor text of `path` is `edited` (with
/// `$0`) while the analysis keeps the files as given: a document being
/// typed after the last good parse.
pub fn edited(
    files: &[(&str, &str)],
    path: &str,
    edited: &str,
) -> (Analysis, FileId, String, usize) {
    let analysis = site(files);
    let id = analysis.site.file_id(path).unwrap_or(FileId::MAX);
    let offset = edited.find("$0").unwrap_or(0);
    (analysis, id, edited.replace("$0", ""), offset)
}
