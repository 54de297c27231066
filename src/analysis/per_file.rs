//! A per-file rule's answer for the whole site, from the memo table
//! ([`crate::model::memo`]): each file's value is asked of the table (kept
//! while what it read holds); after page text edits under the same shape,
//! only the edited files and the entries that made an indexed read of
//! them are asked again ([`Site::edited_since`]), the rest of the last
//! answer stands. A rule gives its per-file function and what it reads of
//! the whole site; it never decides what an edit made stale.

use super::memos::{Memos, SiteAnswer};
use super::reads::{self, Revisions};
use crate::diagnostics::Diagnostic;
use crate::model::memo::{Dep, MemoTable, Reads};
use crate::model::site::{Site, SourceFile, lock};
use crate::syntax::tree::FileId;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, OnceLock};

/// One per-file rule: its table, its answer's slot, what each of its values
/// reads of the whole site (besides its own file), and its files.
pub struct Rule<'a, Files, Includes, Compute> {
    pub table: &'a MemoTable<FileId, Arc<[Diagnostic]>>,
    pub slot: &'a Mutex<Option<Arc<SiteAnswer>>>,
    pub site_reads: Vec<Dep>,
    /// Every file the rule checks.
    pub files: Files,
    /// Whether it checks this file.
    pub includes: Includes,
    /// One file's diagnostics, recording what it reads beyond its file and
    /// `site_reads`.
    pub compute: Compute,
}

/// The rule's diagnostics for the whole site.
pub fn answer<'s, Files, Includes, Compute>(
    site: &'s Site,
    memos: &Memos,
    revisions: &Revisions,
    rule: Rule<'_, Files, Includes, Compute>,
) -> Arc<Vec<Diagnostic>>
where
    Files: FnOnce() -> Vec<&'s Arc<SourceFile>>,
    Includes: Fn(&SourceFile) -> bool,
    Compute: Fn(&SourceFile, &mut Reads) -> Vec<Diagnostic> + Sync,
{
    let value = |f: &SourceFile| -> Arc<[Diagnostic]> {
        let of = |k| revisions.of(k);
        let (found, _) = rule.table.get(&f.id, of, |r| {
            r.read(reads::file(f.id), f.revision);
            for d in &rule.site_reads {
                r.read(d.key, d.revision);
            }
            memos.computed.fetch_add(1, Ordering::Relaxed);
            let found = (rule.compute)(f, r);
            if found.is_empty() {
                // Asked again only when the file itself changed: not kept.
                r.forget();
                nothing()
            } else {
                found.into()
            }
        });
        found
    };
    let previous = lock(rule.slot)
        .clone()
        .filter(|p| *p.reads == *rule.site_reads);
    if let Some(p) = &previous
        && p.files_revision == site.files_revision()
    {
        return p.all.clone();
    }
    let edited = previous
        .as_ref()
        .and_then(|p| Some((p, site.edited_since(p.files_revision)?)));
    let by_file = match edited {
        Some((p, edited)) => {
            let mut by_file = p.by_file.clone();
            let mut dirty = edited.clone();
            for id in edited {
                for key in reads::of_file(id) {
                    dirty.extend(rule.table.readers_of(key));
                }
            }
            dirty.sort_unstable();
            dirty.dedup();
            for id in dirty {
                match site.file(id).filter(|f| (rule.includes)(f)) {
                    Some(f) => {
                        let v = value(f);
                        if v.is_empty() {
                            by_file.remove(&id);
                        } else {
                            by_file.insert(id, v);
                        }
                    }
                    None => {
                        by_file.remove(&id);
                    }
                }
            }
            by_file
        }
        None => {
            let files = (rule.files)();
            let values: Vec<(FileId, Arc<[Diagnostic]>)> = files
                .par_iter()
                .map(|f| (f.id, value(f)))
                .filter(|(_, v)| !v.is_empty())
                .collect();
            values.into_iter().collect::<BTreeMap<_, _>>()
        }
    };
    let all = Arc::new(by_file.values().flat_map(|v| v.iter().cloned()).collect());
    *lock(rule.slot) = Some(Arc::new(SiteAnswer {
        files_revision: site.files_revision(),
        reads: rule.site_reads.into(),
        by_file,
        all: Arc::clone(&all),
    }));
    all
}

/// The value of a file with nothing to say, shared (25,000 such files
/// would otherwise be 25,000 allocations per rule).
pub fn nothing() -> Arc<[Diagnostic]> {
    static NOTHING: OnceLock<Arc<[Diagnostic]>> = OnceLock::new();
    NOTHING.get_or_init(|| Arc::from(Vec::new())).clone()
}
