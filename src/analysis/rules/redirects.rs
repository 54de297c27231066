//! The `redirects` of docs.json: each destination must lead somewhere.

use crate::diagnostics::{Diagnostic, Fix};
use crate::model::links::{self, Resolved, Targets};
use crate::syntax::tree::Node;

/// `redirects`: a destination that does not exist, or that is redirected
/// again.
pub(super) fn check_redirects(targets: &Targets, root: &Node, out: &mut Vec<Diagnostic>) {
    let Some(list) = root.get("redirects") else {
        return;
    };
    // The entries `links::targets_of` read, in the same order.
    let entries = list.items().iter().filter_map(|item| {
        item.get("source").and_then(|n| n.as_str())?;
        let dest = item.get("destination")?;
        Some((dest, dest.as_str()?))
    });
    for (i, (dest, dest_text)) in entries.enumerate() {
        let (resolved, hops, last) = targets.follow(i);
        match resolved {
            Resolved::Missing if hops == 0 => {
                out.push(
                    Diagnostic::warning(
                        dest.file,
                        dest.range.clone(),
                        "broken-redirect",
                        format!("redirect destination `{dest_text}` does not exist: readers who follow it get a 404"),
                    )
                    .with_subject(links::normalize_route(dest_text)),
                );
            }
            Resolved::Missing => out.push(Diagnostic::warning(
                dest.file,
                dest.range.clone(),
                "redirect-chain",
                format!("redirect destination `{dest_text}` is redirected again and the chain never reaches a page (a loop or a missing page)"),
            )),
            _ if hops > 0 => {
                // Where an exact destination ends, its wildcards' captures
                // put in (`/a` through `/a/:slug*` -> `/b/:slug*` is `/b`);
                // a destination with wildcards of its own, as the last hop
                // writes it.
                let written = &targets.redirects()[last].destination;
                let route = links::normalize_route(dest_text);
                let end = match targets.resolve(&route) {
                    Resolved::Redirect(j) if !dest_text.contains([':', '*']) => {
                        let (_, to) = targets.follow_link(&route, j);
                        if crate::model::paths::is_url(&to) { to } else { format!("/{to}") }
                    }
                    _ => written.clone(),
                };
                out.push(
                    Diagnostic::warning(
                        dest.file,
                        dest.range.clone(),
                        "redirect-chain",
                        format!("redirect destination `{dest_text}` is itself redirected ({hops} more hop{}, ending at `{end}`): point it at the end", if hops == 1 { "" } else { "s" }),
                    )
                    .with_fix(Fix::Replace(format!("\"{end}\""))),
                );
            }
            _ => {}
        }
    }
}
