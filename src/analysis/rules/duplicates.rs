//! Navigation entries that repeat an earlier entry of their scope (the same
//! page, or the same endpoint under the same spec directory).

use super::references_kept::{Entries, EntryTarget, ResolvedEntry, ResolvedReferences};
use crate::analysis::reused::Reused;
use crate::diagnostics::{Diagnostic, Fix, Severity};
use crate::model::nav::{Entry, NavIndex, Scope};
use crate::model::page_keys::page_key;
use rustc_hash::FxHashMap as HashMap;
use std::borrow::Cow;

/// Whether each entry repeats an earlier entry of its scope (same page,
/// same endpoint, same missing page). With `earlier` (the previous pass
/// and the entries that are not its own), after a keystroke that changed a
/// few entries only the entries of a class one of them left or joined can
/// change their answer; the others keep the previous pass's. Classes are
/// hashes; entries sharing one by chance are merely checked again.
pub(super) fn repeats(
    ix: &NavIndex,
    resolved: &Entries,
    scopes: &[u32],
    pages: usize,
    earlier: Option<(&ResolvedReferences, &[usize], &Reused)>,
) -> Vec<bool> {
    let recheck = earlier
        .filter(|(old, _, _)| {
            old.dup.len() == resolved.len() && old.entries.len() == resolved.len()
        })
        .and_then(|(old, changed, reused)| {
            let mut classes = Vec::new();
            for &i in changed {
                if classes.len() >= 256 {
                    return None;
                }
                classes.push(old.entries.get(i).class);
                classes.push(resolved.get(i).class);
            }
            classes.retain(|c| *c != 0);
            classes.sort_unstable();
            classes.dedup();
            Some((classes, &old.dup[..], changed, reused))
        });
    let (mut dup, only) = match recheck {
        Some((classes, before, changed, reused)) => {
            Reused::add(&reused.duplicates, 1);
            let mut dup = before.to_vec();
            // A changed entry's previous answer was about what it said
            // before: those of no class are never duplicates, the others
            // are in `classes` and checked again below.
            for &i in changed {
                dup[i] = false;
            }
            if classes.is_empty() {
                return dup;
            }
            (dup, Some(classes))
        }
        None => (vec![false; resolved.len()], None),
    };
    // Pages (nearly every entry) are marked in a bitset per scope; missing
    // pages and endpoints, by text, in a table keyed by their class (the
    // parallel pass hashed the text, or the previous pass kept the hash).
    let words = pages.div_ceil(64);
    let mut seen_pages: Vec<Vec<u64>> = Vec::new();
    // (class, scope, entry): an entry's text is made only to compare it
    // with one of the same class (nearly always a repeat), not for every
    // endpoint (a key per endpoint was most of this pass's time).
    let mut seen_text: hashbrown::HashTable<(u64, u32, usize)> = hashbrown::HashTable::new();
    if only.is_none() {
        // Sized once (27,000 endpoint entries on a large site: growing it
        // rehashed them several times per pass).
        seen_text.reserve(
            resolved
                .iter()
                .filter(|r| !matches!(r.target, EntryTarget::Page(Some(_))))
                .count(),
            |v| v.0,
        );
    }
    for (i, (e, r)) in ix.entries.iter().zip(resolved.iter()).enumerate() {
        if let Some(classes) = &only
            && (r.class == 0 || classes.binary_search(&r.class).is_err())
        {
            continue;
        }
        let scope = scopes[r.context as usize];
        let first = match r.target {
            EntryTarget::Invalid => continue,
            EntryTarget::Page(Some(p)) => {
                if e.is_root_page {
                    continue;
                }
                if seen_pages.len() <= scope as usize {
                    seen_pages.resize_with(scope as usize + 1, Vec::new);
                }
                let bits = &mut seen_pages[scope as usize];
                if bits.is_empty() {
                    bits.resize(words, 0);
                }
                let (w, b) = (p.ordinal as usize / 64, 1u64 << (p.ordinal % 64));
                let first = bits[w] & b == 0;
                bits[w] |= b;
                first
            }
            t => {
                if !has_duplicate_text(e, &t) {
                    continue;
                }
                let class = r.class;
                let mut text = None;
                let same = |&(c, s, j): &(u64, u32, usize)| {
                    c == class
                        && s == scope
                        && text
                            .get_or_insert_with(|| duplicate_text(e, &t, ix))
                            .as_ref()
                            .is_some_and(|text| {
                                duplicate_text(&ix.entries[j], &resolved.get(j).target, ix)
                                    .is_some_and(|other| other == *text)
                            })
                };
                match seen_text.entry(class, same, |v| v.0) {
                    hashbrown::hash_table::Entry::Occupied(_) => false,
                    hashbrown::hash_table::Entry::Vacant(v) => {
                        v.insert((class, scope, i));
                        true
                    }
                }
            }
        };
        dup[i] = !first;
    }
    dup
}

/// What makes two entries of one scope duplicates when they are not both
/// an existing page (those are told apart by ordinal): an endpoint's key,
/// a missing page's path. `None`: never a duplicate (invalid, a group's
/// root page).
pub(super) fn duplicate_text<'t>(
    e: &Entry<'t>,
    t: &EntryTarget,
    ix: &NavIndex,
) -> Option<Cow<'t, str>> {
    match t {
        EntryTarget::Invalid => None,
        EntryTarget::Endpoint => {
            endpoint_key(e.value, &ix.context(e).inherited_openapi).map(Cow::Owned)
        }
        EntryTarget::Page(_) if e.is_root_page => None,
        EntryTarget::Page(_) => Some(Cow::Borrowed(page_key(e.value))),
    }
}

/// What makes two endpoint entries of one scope the same page: the
/// endpoint, and the spec directories its element inherits (the same
/// endpoint under two directories is two pages). `None`: not an endpoint.
pub(super) fn endpoint_key(
    value: &str,
    inherited: &[crate::model::nav::SpecSource],
) -> Option<String> {
    let r = crate::model::endpoint::parse_endpoint(value)?;
    Some(format!(
        "{} {} {} {}",
        r.spec.unwrap_or(""),
        r.method.to_ascii_uppercase(),
        r.path,
        spec_directories(inherited)
    ))
}

/// The `directory` of each inherited spec source, joined.
fn spec_directories(inherited: &[crate::model::nav::SpecSource]) -> String {
    inherited
        .iter()
        .filter_map(|s| s.directory.as_deref())
        .collect::<Vec<_>>()
        .join(",")
}

/// Whether an entry with this target has a [`duplicate_text`].
fn has_duplicate_text(e: &Entry, t: &EntryTarget) -> bool {
    match t {
        EntryTarget::Invalid => false,
        EntryTarget::Endpoint => true,
        EntryTarget::Page(_) => !e.is_root_page,
    }
}

pub(super) fn text_hash(text: &str) -> u64 {
    fx_hash(text)
}

pub(super) fn fx_hash(v: impl std::hash::Hash) -> u64 {
    use std::hash::BuildHasher;
    rustc_hash::FxBuildHasher.hash_one(v)
}

/// A hash of what an entry must differ in from the others of its scope
/// (its page, or [`duplicate_text`]) and of the scope; 0 for an entry that
/// is never a duplicate. Equal entries of one scope have the same class.
pub(super) fn duplicate_class(e: &Entry, r: &ResolvedEntry, scope_hash: u64) -> u64 {
    let key = match &r.target {
        EntryTarget::Page(Some(_)) if e.is_root_page => return 0,
        &EntryTarget::Page(Some(p)) => (0, u64::from(p.ordinal)),
        t if has_duplicate_text(e, t) => (1, r.text_hash),
        _ => return 0,
    };
    fx_hash((key, scope_hash)) | 1
}

/// For each entry that repeats an earlier one ([`repeats`]), the index of
/// the first entry of its scope with the same page (or endpoint, or missing
/// page). One pass over the entries, only when there are duplicates, and
/// only through the entries of their classes: the duplicate check itself
/// keeps bitsets, not positions, to stay cheap per keystroke.
pub(super) fn first_listed(
    ix: &NavIndex,
    resolved: &Entries,
    scopes: &[u32],
    dup: &[bool],
) -> HashMap<usize, usize> {
    let mut out = HashMap::default();
    let classes: rustc_hash::FxHashSet<u64> = dup
        .iter()
        .enumerate()
        .filter(|(_, d)| **d)
        .map(|(i, _)| resolved.get(i).class)
        .filter(|c| *c != 0)
        .collect();
    if classes.is_empty() {
        return out;
    }
    // (scope, page ordinal or text) -> first entry.
    let mut first: HashMap<(u32, u32, Option<Cow<'_, str>>), usize> = HashMap::default();
    for (i, (e, r)) in ix.entries.iter().zip(resolved.iter()).enumerate() {
        if !classes.contains(&r.class) {
            continue;
        }
        let (ordinal, text) = match r.target {
            EntryTarget::Page(Some(p)) => (p.ordinal, None),
            t => match duplicate_text(e, &t, ix) {
                Some(text) => (u32::MAX, Some(text)),
                None => continue,
            },
        };
        let key = (scopes[r.context as usize], ordinal, text);
        if dup[i] {
            if let Some(&f) = first.get(&key) {
                out.insert(i, f);
            }
        } else {
            first.entry(key).or_insert(i);
        }
    }
    out
}

/// `e` repeats `first` (when known), which gets related information.
pub(super) fn duplicate(e: &Entry, first: Option<&Entry>, scope: &Scope) -> Diagnostic {
    let d = Diagnostic::new(
        e.node.file,
        e.node.range.clone(),
        Severity::Warning,
        "duplicate-page",
        format!(
            "\"{}\" is listed twice in the same {}: remove one entry",
            e.value,
            scope_name(scope)
        ),
    )
    .with_fix(Fix::Remove);
    match first {
        Some(f) => d.with_related(f.node.file, f.node.range.clone(), "first listed here"),
        None => d,
    }
}

pub(super) fn scope_name(s: &Scope) -> String {
    let mut parts = Vec::new();
    if let Some(l) = &s.language {
        parts.push(format!("language \"{l}\""));
    }
    if let Some(v) = &s.version {
        parts.push(format!("version \"{v}\""));
    }
    if let Some(p) = &s.product {
        parts.push(format!("product \"{p}\""));
    }
    if parts.is_empty() {
        "navigation".into()
    } else {
        parts.join(", ")
    }
}
