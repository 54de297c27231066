//! Snippets in pages: `<Snippet file=…>` elements and `import`s of snippet
//! files, and the names an import takes that the snippet does not export.

use super::link_writing::write_like;
use crate::diagnostics::{Diagnostic, Fix};
use crate::model::imports::{ImportTarget, import_target};
use crate::model::links::Targets;
use crate::model::site::{Site, SourceFile};
use crate::syntax::page::{Import, Link};

/// `<Snippet file="x.mdx" />`: a file under `snippets/`.
pub(super) fn check_snippet_element(
    targets: &Targets,
    f: &SourceFile,
    link: &Link,
) -> Option<Diagnostic> {
    let file = link.target.trim();
    if file.is_empty() || file.starts_with('{') {
        return None;
    }
    let rel = file.trim_start_matches('/');
    let path = if rel.starts_with("snippets/") || rel.starts_with("_snippets/") {
        rel.to_string()
    } else {
        format!("snippets/{rel}")
    };
    // `<Snippet file>` names a file of `_snippets/` (the older folder) or
    // of `snippets/`.
    if targets.files.has_file(&path) || targets.files.has_file(&format!("_{path}")) {
        return None;
    }
    let mut d = Diagnostic::error(
        f.id,
        link.target_range.range(),
        "missing-snippet",
        format!("snippet `{path}` does not exist (the page does not build)"),
    )
    .with_subject(path.clone());
    let snippets: Vec<&str> = targets
        .files
        .files()
        .filter(|p| crate::model::site::is_snippet(p))
        .collect();
    if let Some(n) = crate::diagnostics::did_you_mean(&path, snippets.iter().copied()) {
        let shown = n
            .strip_prefix("snippets/")
            .or_else(|| n.strip_prefix("_snippets/"))
            .unwrap_or(n)
            .to_string();
        d.message.push_str(&format!("; did you mean `{shown}`?"));
        d = d.with_fix(Fix::Replace(shown));
    }
    Some(d)
}

/// `import X from '/snippets/x.mdx'`: a file of the site (package imports
/// are not checked), as [`import_target`] resolves it. `Ok` with the file
/// it names, when it is there.
pub(super) fn check_import(
    targets: &Targets,
    f: &SourceFile,
    imp: &Import,
) -> Result<Option<String>, Box<Diagnostic>> {
    let (style, cands) = match import_target(&targets.files, &f.path, &imp.source) {
        ImportTarget::NotAFile => return Ok(None),
        ImportTarget::File(p) => return Ok(Some(p)),
        ImportTarget::Missing { style, candidates } => (style, candidates),
    };
    let mut d = Diagnostic::error(
        f.id,
        imp.source_range.clone(),
        "missing-snippet",
        format!(
            "imported file `{}` does not exist (the page does not build)",
            cands
                .first()
                .map_or(imp.source.to_string(), |c| format!("/{c}"))
        ),
    )
    .with_subject(cands.first().cloned().unwrap_or_default());
    if let Some(c) = cands.first() {
        let snippets: Vec<&str> = targets
            .files
            .files()
            .filter(|p| p.starts_with("snippets/"))
            .collect();
        if let Some(n) = crate::diagnostics::did_you_mean(c, snippets.iter().copied()) {
            let written = write_like(&f.path, style, n);
            d.message.push_str(&format!("; did you mean `{written}`?"));
            d = d.with_fix(Fix::Replace(written));
        }
    }
    Err(Box::new(d))
}

/// `import { A } from '/snippets/x.mdx'` when `x.mdx` exports no `A`: the
/// platform's prebuild stops resolving that import ("Could not find export
/// A in snippet", `resolveImport` of `@mintlify/common`) and the page is
/// built without `A`; where the page uses it, it throws "Expected
/// component A to be defined" when it renders. MDX snippets (`.mdx`,
/// `.md`) only: the exports of a `.jsx`/`.tsx` module are not all seen by
/// the page reader (one right under a `/** doc */` comment is not; real
/// sites import such exports, e.g. checkly's `YoutubeEmbed`), and a `.js`
/// file is never a snippet to the platform. Not judged when the file's own
/// imports or exports do not read (the export may be there).
pub(super) fn missing_exports(
    site: &Site,
    f: &SourceFile,
    imp: &Import,
    path: &str,
    out: &mut Vec<Diagnostic>,
) {
    if imp.imported.is_empty() || ![".mdx", ".md"].iter().any(|e| path.ends_with(e)) {
        return;
    }
    let Some(target) = site.file_by_path(path) else {
        return;
    };
    let ix = target.page_index();
    if target.text.is_err()
        || ix
            .errors
            .iter()
            .any(|e| e.message.contains("import") || e.message.contains("export"))
    {
        return;
    }
    for (name, range) in &imp.imported {
        if ix.exports.iter().any(|e| e == name) {
            continue;
        }
        let mut d = Diagnostic::error(
            f.id,
            range.clone(),
            "missing-export",
            format!("`/{path}` exports no `{name}`: the platform cannot resolve this import (\"Could not find export {name} in snippet\") and the page fails to render where it uses `{name}`"),
        )
        .with_subject(path.to_string());
        if let Some(n) =
            crate::diagnostics::did_you_mean(name, ix.exports.iter().map(|e| e.as_str()))
        {
            d.message.push_str(&format!("; did you mean `{n}`?"));
            d = d.with_fix(Fix::Replace(n.to_string()));
        }
        out.push(d);
    }
}
