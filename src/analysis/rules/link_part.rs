//! What page links resolve against in docs.json (its redirects, the folders
//! of the specs it gives by URL), as an entry of the memo table that reads
//! only the parts of docs.json it depends on. Finding those folders walks
//! the whole navigation, ~0.4 ms on a 4 MB docs.json, on every keystroke,
//! for a value that almost never changes: a keystroke in a page, or in one
//! string value of docs.json outside `redirects`, `api` and every
//! `openapi` value, leaves every part it read alone, and the table keeps it.

use crate::analysis::memos::Memos;
use crate::analysis::reads::{self, Revisions};
use crate::analysis::reused::Reused;
use crate::model::links::{self, Targets};
use crate::model::memo::{Part, Reads, Revision, Shared};
use crate::model::site::Site;
use crate::syntax::tree::{Node, Value};

/// The link targets of `site` with docs.json's resolved tree `root`, as
/// [`links::targets_of`] makes them, taking docs.json's part from the memo
/// table while no edit since it was read touched what it read.
pub fn targets(site: &Site, memos: &Memos, root: Option<&Node>) -> Targets {
    // docs.json without `$ref`s: its parse is the resolved tree, and the
    // parts read are parts of its text. With `$ref`s the resolved tree
    // reads other files too: computed afresh (left to the config entry).
    let own = site.docs_json.and_then(|id| site.file(id)).filter(
        |f| matches!((f.json().root.as_deref(), root), (Some(p), Some(r)) if std::ptr::eq(p, r)),
    );
    let (Some(file), Some(root)) = (own, root) else {
        return links::targets_of(site, root);
    };
    let revisions = Revisions::new(site, &memos.anchors);
    let mut made = None;
    let (part, _) = memos.link_part.get_reading_text(
        &(),
        |k| revisions.of(k),
        |k| revisions.history_of(k),
        |r| {
            let t = links::targets_of(site, Some(root));
            record_reads(root, reads::file(file.id), file.revision, r);
            let part = Shared(std::sync::Arc::new(t.docs_json_part()));
            made = Some(t);
            part
        },
    );
    made.unwrap_or_else(|| {
        Reused::add(&memos.reused.link_part, 1);
        Targets::with_part(links::file_targets_of(site), &part.0)
    })
}

/// What [`links::targets_of`] reads of docs.json's tree `root`: where the
/// keys it looks for are (a `redirects` or `openapi` key may appear),
/// `redirects`,
/// `api`, and in `navigation` every `openapi` value, or all of it when
/// `api` gives a spec by URL (whether any entry names an endpoint).
fn record_reads(root: &Node, file: u64, revision: Revision, r: &mut Reads) {
    // A key renamed to or from one of these may change what is read.
    let names = &["redirects", "api", "navigation", "openapi"];
    r.read_text(file, revision, Part::Outline { names });
    // The navigation is read whole only when `api` gives a spec by URL:
    // then whether an entry names an endpoint decides its folder.
    let api = root
        .get("api")
        .is_some_and(|a| !links::api_remote_dirs(a).is_empty());
    for p in root.props() {
        match p.key.as_str() {
            "redirects" | "api" => r.read_text(file, revision, Part::Bytes(p.value.range.clone())),
            "navigation" if api => r.read_text(file, revision, Part::Bytes(p.value.range.clone())),
            "navigation" => openapi_values(&p.value, &mut |n| {
                r.read_text(file, revision, Part::Bytes(n.range.clone()))
            }),
            _ => {}
        }
    }
}

/// Every value of an `openapi` key at or below `node`.
fn openapi_values(node: &Node, found: &mut impl FnMut(&Node)) {
    match &node.value {
        Value::Object(props) => {
            for p in props.iter() {
                if p.key == "openapi" {
                    found(&p.value);
                }
                openapi_values(&p.value, found);
            }
        }
        Value::Array(items) => items.iter().for_each(|i| openapi_values(i, found)),
        _ => {}
    }
}
