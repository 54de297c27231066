//! Page files: unreadable files and front matter.

use crate::diagnostics::Diagnostic;
use crate::model::site::{FileKind, Site};
use crate::schema::{self, ValidateOptions};

pub fn check(site: &Site, out: &mut Vec<Diagnostic>) {
    for f in site.files.values() {
        if f.kind != FileKind::Page {
            continue;
        }
        if let Err(e) = &f.text {
            out.push(Diagnostic::error(
                f.id,
                0..0,
                "file-unreadable",
                format!("page {} {e}", f.path),
            ));
            continue;
        }
        let fm = f.front_matter();
        for e in &fm.errors {
            out.push(Diagnostic::error(
                f.id,
                e.range.clone(),
                "yaml-syntax",
                e.message.clone(),
            ));
        }
        if let Some(root) = &fm.root {
            schema::validate(
                root,
                schema::frontmatter(),
                &ValidateOptions::frontmatter(),
                out,
            );
        }
    }
}
