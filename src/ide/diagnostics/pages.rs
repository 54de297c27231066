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

/// `groups` limits who sees the playground only with `playground: auth`.
fn groups_without_auth(root: &crate::syntax::tree::Node, out: &mut Vec<Diagnostic>) {
    let Some(groups) = root.prop("groups") else {
        return;
    };
    if !groups.value.is_array() || root.get("playground").and_then(|p| p.as_str()) == Some("auth") {
        return;
    }
    out.push(Diagnostic::new(
        groups.value.file,
        groups.key_range.clone(),
        crate::diagnostics::Severity::Hint,
        "groups-without-auth",
        "`groups` limits the API playground only with `playground: auth`; add it, or the groups have no effect on the playground",
    ));
}
