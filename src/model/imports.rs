//! Which file an ESM import of a page names (`import X from
//! '/snippets/a.mdx'`), as the platform resolves it: root-absolute, relative
//! to the page, or bare under `snippets/`, with or without the file's
//! extension. One resolver for the `missing-snippet` rule, go to
//! definition and the components a page brings into scope, so that they
//! never disagree about what an import names.

use crate::model::links::{self, FileTargets, Style};
use crate::model::site::Site;
use crate::syntax::tree::FileId;
use rustc_hash::FxHashSet;

/// The extensions the platform tries after a source written without one.
const EXTENSIONS: [&str; 5] = [".mdx", ".md", ".jsx", ".tsx", ".js"];

/// What an import's source names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImportTarget {
    /// A package (`react`) or a URL: not a file of the site, never checked.
    NotAFile,
    /// The site file it names (root-relative path).
    File(String),
    /// No file of the site: the paths it may mean, most likely first, and
    /// how the source was written (a did-you-mean is written the same way).
    Missing {
        style: Style,
        candidates: Vec<String>,
    },
}

/// Files some page imports: the platform builds them as snippets, inlined
/// where they are imported, not as pages of their own. An index of the
/// snapshot's inputs (pages' imports, which files exist), built by the model
/// once per shape and kept there: the site reads it itself to tell whether
/// a page edit keeps the shape ([`crate::model::derived::Shape::imported`]).
pub fn imported_files(site: &Site) -> &FxHashSet<FileId> {
    site.derived().shape.imported.get_or_init(|| {
        let mut out = FxHashSet::default();
        let files = links::file_targets_of(site);
        for f in site.pages_unsorted() {
            if f.text.is_err() {
                continue;
            }
            for imp in &f.page_index().imports {
                if let ImportTarget::File(path) = import_target(&files, &f.path, &imp.source)
                    && let Some(sf) = site.file_by_path(&path)
                {
                    out.insert(sf.id);
                }
            }
        }
        out
    })
}

/// Whether [`imported_files`] is already made for this snapshot's shape: a
/// caller that would wait for it can put the other core to work meanwhile.
pub fn imported_files_made(site: &Site) -> bool {
    site.derived().shape.imported.get().is_some()
}

/// The file the import `source` in the page at `from` names, among `files`.
pub fn import_target(files: &FileTargets, from: &str, source: &str) -> ImportTarget {
    let style = if source.starts_with('/') {
        Style::Absolute
    } else if source.starts_with("./") || source.starts_with("../") {
        Style::Relative
    } else if source.starts_with("snippets/") {
        Style::Bare
    } else {
        return ImportTarget::NotAFile;
    };
    let l = links::Internal {
        path: source,
        fragment: None,
        style,
    };
    let candidates = links::candidates(from, &l);
    for c in &candidates {
        if files.has_file(c) {
            return ImportTarget::File(c.clone());
        }
        for e in EXTENSIONS {
            let with = format!("{c}{e}");
            if files.has_file(&with) {
                return ImportTarget::File(with);
            }
        }
    }
    ImportTarget::Missing { style, candidates }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ide::fixture::site;

    #[test]
    fn resolves_as_the_platform_does() {
        let a = site(&[
            ("docs.json", r#"{"name": "x"}"#),
            ("guides/page.mdx", "# p\n"),
            ("guides/local.mdx", "export const L = 1;\n"),
            ("snippets/a.mdx", "export const A = 1;\n"),
            ("snippets/b.jsx", "export const B = () => null;\n"),
        ]);
        let t = crate::model::links::targets_of(&a.site, None);
        let at = |src: &str| match import_target(&t.files, "guides/page.mdx", src) {
            ImportTarget::File(p) => p,
            ImportTarget::NotAFile => "-".into(),
            ImportTarget::Missing { candidates, .. } => format!("missing {candidates:?}"),
        };
        assert_eq!(at("/snippets/a.mdx"), "snippets/a.mdx");
        assert_eq!(at("/snippets/a"), "snippets/a.mdx");
        assert_eq!(at("/snippets/b"), "snippets/b.jsx");
        assert_eq!(at("snippets/a"), "snippets/a.mdx");
        assert_eq!(at("./local"), "guides/local.mdx");
        assert_eq!(at("../snippets/a.mdx"), "snippets/a.mdx");
        assert_eq!(at("react"), "-");
        assert_eq!(at("/snippets/c"), "missing [\"snippets/c\"]");
    }
}
