//! What page links resolve against in docs.json (its redirects, the folders
//! of the specs it gives by URL), kept across a keystroke that cannot
//! change it. Finding those folders walks the whole navigation, ~0.4 ms on
//! a 4 MB docs.json, on every keystroke, for a value that almost never
//! changes: a keystroke in a page, or in one string of docs.json
//! (`syntax::reparse`) outside `redirects`, `api` and every `openapi` key
//! and value, leaves it as it was.

use crate::analysis::memos::{KeptPart, Memos};
use crate::model::links::{self, Targets};
use crate::model::site::Site;
use crate::syntax::edit::StringEdit;
use crate::syntax::tree::{Node, Value};
use std::sync::{Arc, Weak};

/// How many times the part was kept, for tests that must not pass by
/// never keeping it.
#[doc(hidden)]
pub static KEPT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// The link targets of `site` with docs.json's resolved tree `root`, as
/// [`links::targets_of`] makes them, taking docs.json's part from the last
/// call when this tree is the last one, or the last one with one string
/// edited where that part does not read.
pub fn targets(site: &Site, memos: &Memos, root: Option<&Node>) -> Targets {
    // docs.json without `$ref`s: its parse is the resolved tree, and says
    // which tree it was read from.
    let parsed = site
        .docs_json
        .and_then(|id| site.file(id))
        .map(|f| f.json())
        .filter(|p| matches!((p.root.as_deref(), root), (Some(p), Some(r)) if std::ptr::eq(p, r)));
    let mut kept = crate::model::lock::lock(&memos.link_part);
    let Some(parsed) = parsed else {
        *kept = None;
        return links::targets_of(site, root);
    };
    let (Some(tree), Some(root)) = (parsed.root.as_ref(), root) else {
        *kept = None;
        return links::targets_of(site, root);
    };
    // The same tree (a page keystroke), or the last one with one string
    // edited where the part does not read.
    let reused = kept.as_ref().filter(|k| {
        k.tree.as_ptr() == Arc::as_ptr(tree)
            || parsed
                .edit
                .as_ref()
                .is_some_and(|e| Weak::as_ptr(&e.from) == k.tree.as_ptr() && leaves_part(root, e))
    });
    let (targets, part) = match reused {
        Some(k) => {
            KEPT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            (
                Targets::with_part(links::file_targets_of(site), &k.part),
                k.part.clone(),
            )
        }
        None => {
            let t = links::targets_of(site, Some(root));
            let part = Arc::new(t.docs_json_part());
            (t, part)
        }
    };
    *kept = Some(KeptPart {
        tree: Arc::downgrade(tree),
        part,
    });
    targets
}

/// Whether the string edit that made `root` leaves what
/// [`links::targets_of`] reads of it alone: `redirects`, `api`, and in
/// `navigation` every `openapi` value and key and, when `api` is set,
/// whether any entry names an endpoint. A top-level key may be any of
/// these: never.
fn leaves_part(root: &Node, edit: &StringEdit) -> bool {
    // The keys from the root down to the edited string, in the new tree
    // (children are in text order), and the edited key's new name.
    let at = edit.new_range.start;
    let mut keys = Vec::new();
    let mut edited_key = None;
    let mut cur = root;
    loop {
        let next = match &cur.value {
            Value::Object(props) => {
                match props.get(props.partition_point(|p| p.value.range.end <= at)) {
                    Some(p) if p.key_range.start <= at && at < p.key_range.end => {
                        edited_key = Some(p.key.as_str());
                        break;
                    }
                    p => p.map(|p| {
                        keys.push(p.key.as_str());
                        &p.value
                    }),
                }
            }
            Value::Array(items) => items.get(items.partition_point(|n| n.range.end <= at)),
            _ => break,
        };
        match next {
            Some(n) if n.range.start <= at => cur = n,
            _ => return false,
        }
    }
    // The path must have ended where the edit says: at a key for a key
    // edit, in a string for a value edit.
    if edit.key != edited_key.is_some() {
        return false;
    }
    let names_openapi = edited_key.is_some_and(|k| k == "openapi") || edit.old_key == "openapi";
    match keys.first().copied() {
        Some("redirects" | "api") | None => false,
        Some("navigation") => {
            !names_openapi
                && !keys.contains(&"openapi")
                // Keys are not entries: only a value may come to name an
                // endpoint or stop naming one.
                && (edit.key || root.get("api").is_none())
        }
        Some(_) => true,
    }
}
