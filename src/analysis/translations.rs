//! Which pages each language lacks, against the default language: pages
//! the default lists and a language does not, listed pages whose file is
//! missing, pages whose body is byte-identical to the default's (copied,
//! not translated) and pages whose last commit is older than their
//! source's. Read from the navigation index `model::nav` builds (the lists
//! the platform keeps), not from a second reading of docs.json.
//!
//! - The default language of a `languages` list is the first with
//!   `"default": true`, else the first: the platform's
//!   `prioritizeDefaultDivisionItem` (@mintlify/common).
//! - A page of one language is the same page as one of another when their
//!   entries are equal once the language's code is taken out as a path
//!   segment: `fr/guide/x` in `fr` and `guide/x` in `en` (mintlify's docs,
//!   firecrawl), `en/x` and `zh/x` (dify), `edge/pt-BR/x` and `edge/en/x`
//!   (crewAI: the version folder first). The first segment equal to the
//!   code, in any case, is taken out; with none, the entry stays whole.
//! - Several `languages` lists (under each version, say) are each compared
//!   with their own default; what a language lacks is gathered over them.
//!
//! The analysis does no I/O: the whole text of a page read in bulk (its
//! body was dropped) and when files last changed come from the caller's
//! [`Sources`].

use super::navigation_view::Origin;
use crate::model::endpoint::parse_endpoint;
use crate::model::nav::{ElementKind, NavIndex};
use crate::model::site::{Site, SourceFile};
use crate::syntax::page::PageIndex;
use crate::syntax::tree::{FileId, Node};
use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet};
use serde::Serialize;
use std::sync::Arc;

/// What the report reads beyond the snapshot.
pub trait Sources: Sync {
    /// The whole text of a page the snapshot keeps only the front matter
    /// of (`SourceFile::origin` is set), or `None` when it cannot be read.
    fn whole_text(&self, page: &SourceFile) -> Option<Arc<str>>;
    /// When each of `paths` (relative to the docs root) last changed, in
    /// seconds since the epoch; unknown ones are left out.
    fn last_changed(&self, paths: &[&str]) -> FxHashMap<String, i64>;
}

/// A translation's state against its source page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum State {
    /// The language does not list the page.
    Missing,
    /// Listed, but no file holds it.
    FileMissing,
    /// Its body is byte for byte the source's.
    Untranslated,
    /// Its last commit is older than its source's.
    Older,
    /// Its last commit is as new as its source's or newer.
    UpToDate,
    /// Translated; how its age compares is unknown (no repository, a file
    /// no commit holds).
    Translated,
}

impl State {
    /// Whether the page reads in the language (out of date or not).
    pub fn is_translated(self) -> bool {
        matches!(self, State::Older | State::UpToDate | State::Translated)
    }
}

/// One page of the default language in one other language.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Translation {
    /// The default language's entry.
    pub source: String,
    /// The translation's entry, when the language lists one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub page: Option<String>,
    /// The translation's file, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    pub state: State,
    /// For [`State::Older`]: by how many whole days.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub days: Option<u64>,
    #[serde(skip)]
    pub source_file: Option<FileId>,
    #[serde(skip)]
    pub file_id: Option<FileId>,
    /// Where docs.json writes the translation's entry, or for a page the
    /// language does not list, the language element (where it would go).
    #[serde(skip)]
    pub entry: Option<Origin>,
}

/// One language against the default.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Language {
    pub language: String,
    /// Pages the default language lists (where this language is offered).
    pub pages: usize,
    /// Of them, how many read in this language (out of date or not).
    pub translated: usize,
    /// Every page that does not read in it, or reads out of date, in the
    /// default's order.
    pub problems: Vec<Translation>,
}

#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    /// The default language (of the first `languages` list).
    pub default_language: Option<String>,
    pub languages: Vec<Language>,
}

/// The default language's pages in each of its languages, one per other
/// language (their states), for the page `page`. Empty when `page` is not
/// a default-language page.
pub fn of_page(
    site: &Site,
    ix: &NavIndex,
    page: FileId,
    sources: &dyn Sources,
) -> Vec<(String, Translation)> {
    let plan = Plan::new(ix, None);
    let pairs: Vec<Pair> = plan
        .pairs(site, ix)
        .filter(|p| p.source_file == Some(page))
        .collect();
    let mut seen = FxHashSet::default();
    states(site, ix, &pairs, sources)
        .into_iter()
        .filter(|(lang, t)| seen.insert((lang.clone(), t.page.clone())))
        .collect()
}

/// A digest of what the translations read of a navigation index (which
/// elements are languages, their codes and `default`, the elements'
/// nesting, each entry's page and element): two indexes with the same
/// digest give every page the same translation states, so a docs.json
/// keystroke in a label or an icon does not make them computed again.
pub fn navigation_key(ix: &NavIndex) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    ix.elements.len().hash(&mut h);
    for e in &ix.elements {
        e.parent.hash(&mut h);
        let language = e.kind == ElementKind::Language;
        language.hash(&mut h);
        if language {
            e.label.hash(&mut h);
            e.node.get("default").and_then(Node::as_bool).hash(&mut h);
        }
    }
    ix.entries.len().hash(&mut h);
    for e in &ix.entries {
        e.value.hash(&mut h);
        e.parent.hash(&mut h);
    }
    h.finish()
}

/// The file of every page a language of a `languages` list lists: what one
/// walk of the history is asked for, so that its answer serves every page.
pub fn listed_files<'a>(site: &'a Site, ix: &NavIndex) -> Vec<&'a str> {
    let plan = Plan::new(ix, None);
    let mut seen = FxHashSet::default();
    let mut out = Vec::new();
    for g in &plan.groups {
        for l in std::iter::once(&g.default).chain(&g.others) {
            for (e, _) in &l.entries {
                if let Some(f) = site.page(ix.entries[*e].value)
                    && seen.insert(f.id)
                {
                    out.push(f.path.as_str());
                }
            }
        }
    }
    out
}

/// The report of the site whose resolved docs.json is `config_root`, for
/// every language or only `language`.
pub fn report(site: &Site, ix: &NavIndex, language: Option<&str>, sources: &dyn Sources) -> Report {
    let _t = crate::timing::span("translations");
    let plan = Plan::new(ix, language);
    let pairs: Vec<Pair> = plan.pairs(site, ix).collect();
    let mut report = Report {
        default_language: plan.groups.first().map(|g| g.default.code.to_string()),
        languages: Vec::new(),
    };
    let mut at: FxHashMap<String, usize> = FxHashMap::default();
    let mut seen = FxHashSet::default();
    for (code, t) in states(site, ix, &pairs, sources) {
        if !seen.insert((code.clone(), t.source.clone(), t.page.clone())) {
            continue;
        }
        let i = *at.entry(code.clone()).or_insert_with(|| {
            report.languages.push(Language {
                language: code.clone(),
                pages: 0,
                translated: 0,
                problems: Vec::new(),
            });
            report.languages.len() - 1
        });
        let l = &mut report.languages[i];
        l.pages += 1;
        if t.state.is_translated() {
            l.translated += 1;
        }
        if !matches!(t.state, State::UpToDate | State::Translated) {
            l.problems.push(t);
        }
    }
    report
}

/// One default-language entry against one other language.
#[derive(Clone, Copy)]
struct Pair {
    source: usize,
    source_file: Option<FileId>,
    /// The other language's entry with the same key, if any.
    translation: Option<usize>,
    /// The other language's element.
    language: usize,
}

/// The pairs' states, in order, by language code.
fn states(
    site: &Site,
    ix: &NavIndex,
    pairs: &[Pair],
    sources: &dyn Sources,
) -> Vec<(String, Translation)> {
    let file_of = |entry: usize| site.page(ix.entries[entry].value);
    // Every file the pairs name, for one walk of the history.
    let mut paths: Vec<&str> = Vec::new();
    let mut seen = FxHashSet::default();
    for p in pairs {
        for f in [Some(p.source), p.translation]
            .into_iter()
            .flatten()
            .filter_map(file_of)
        {
            if seen.insert(f.id) {
                paths.push(&f.path);
            }
        }
    }
    let ages = if pairs.iter().any(|p| p.translation.is_some()) {
        sources.last_changed(&paths)
    } else {
        FxHashMap::default()
    };
    let same = same_bodies(site, ix, pairs, sources);
    pairs
        .par_iter()
        .enumerate()
        .map(|(i, p)| {
            let code = ix.elements[p.language]
                .label
                .unwrap_or_default()
                .to_string();
            let source = file_of(p.source);
            let translation = p.translation.map(|t| (t, file_of(t)));
            let entry = match translation {
                Some((t, _)) => origin(site, ix.entries[t].node),
                None => origin(site, ix.elements[p.language].node),
            };
            let file = translation.and_then(|(_, f)| f);
            let (state, days) = match (translation, source) {
                (None, _) => (State::Missing, None),
                (Some((_, None)), _) => (State::FileMissing, None),
                (Some(_), Some(_)) if same.contains(&i) => (State::Untranslated, None),
                (Some((_, Some(f))), Some(s)) => match (ages.get(&s.path), ages.get(&f.path)) {
                    (Some(&src), Some(&tr)) if tr < src => {
                        (State::Older, Some((src - tr) as u64 / 86_400))
                    }
                    (Some(_), Some(_)) => (State::UpToDate, None),
                    _ => (State::Translated, None),
                },
                (Some(_), None) => (State::Translated, None),
            };
            let t = Translation {
                source: ix.entries[p.source].value.to_string(),
                page: translation.map(|(t, _)| ix.entries[t].value.to_string()),
                file: file.map(|f| f.path.clone()),
                state,
                days,
                source_file: p.source_file,
                file_id: file.map(|f| f.id),
                entry,
            };
            (code, t)
        })
        .collect()
}

fn origin(site: &Site, node: &Node) -> Option<Origin> {
    let f = site.file(node.file)?;
    Some(Origin {
        path: f.path.clone(),
        file: node.file,
        start: node.range.start,
        end: node.range.end,
    })
}

/// The pairs whose translation's body (what follows the front matter) is
/// the same bytes as its source's, and not blank: a page whose body is
/// empty (an API page made from its front matter's `openapi`) is
/// translated in its front matter. Each source is read once for all its
/// languages (crewAI: 6,239 English pages against three languages).
fn same_bodies(
    site: &Site,
    ix: &NavIndex,
    pairs: &[Pair],
    sources: &dyn Sources,
) -> FxHashSet<usize> {
    let file_of = |entry: usize| site.page(ix.entries[entry].value);
    let mut by_source: FxHashMap<FileId, Vec<(usize, &SourceFile)>> = FxHashMap::default();
    for (i, p) in pairs.iter().enumerate() {
        if let (Some(s), Some(t)) = (p.source_file, p.translation.and_then(file_of)) {
            by_source.entry(s).or_default().push((i, t));
        }
    }
    let text = |f: &SourceFile| match f.origin {
        Some(_) => sources.whole_text(f),
        None => f.text.as_ref().ok().cloned(),
    };
    by_source
        .into_par_iter()
        .flat_map_iter(|(s, translations)| {
            let Some(source) = site.file(s) else {
                return Vec::new();
            };
            // What the body index holds of the body alone (heading texts,
            // element names, link targets) tells most translations apart
            // without reading either page again.
            let translations: Vec<_> = translations
                .into_iter()
                .filter(|(_, t)| may_be_same(source.page_index(), t.page_index()))
                .collect();
            if translations.is_empty() {
                return Vec::new();
            }
            let source = text(source);
            let Some(b) = source.as_deref().map(body).filter(|b| !b.trim().is_empty()) else {
                return Vec::new();
            };
            translations
                .into_iter()
                .filter(|(_, t)| text(t).as_deref().map(body) == Some(b))
                .map(|(i, _)| i)
                .collect()
        })
        .collect()
}

/// Whether two pages' bodies may be the same bytes by what their indexes
/// hold that depends on the body alone (not on where it starts).
fn may_be_same(a: &PageIndex, b: &PageIndex) -> bool {
    a.headings.len() == b.headings.len()
        && a.links.len() == b.links.len()
        && a.elements.len() == b.elements.len()
        && a.headings
            .iter()
            .zip(&b.headings)
            .all(|(x, y)| x.text == y.text)
        && a.elements
            .iter()
            .zip(&b.elements)
            .all(|(x, y)| x.name == y.name)
}

/// A page's text after its front matter (after the closing fence's line).
pub fn body(text: &str) -> &str {
    match crate::syntax::frontmatter::body(text) {
        None => text.strip_prefix('\u{feff}').unwrap_or(text),
        Some((_, false)) => "",
        Some((range, true)) => {
            let end = text[range.end..]
                .find('\n')
                .map_or(text.len(), |i| range.end + i + 1);
            &text[end..]
        }
    }
}

/// The navigation's `languages` lists: each language's page entries by
/// key.
struct Plan<'a> {
    groups: Vec<Group<'a>>,
}

struct Group<'a> {
    default: Lang<'a>,
    others: Vec<Lang<'a>>,
}

struct Lang<'a> {
    code: &'a str,
    element: usize,
    /// Entry indexes in the order written, one per key, with the key.
    entries: Vec<(usize, String)>,
    by_key: FxHashMap<String, usize>,
}

impl<'a> Plan<'a> {
    fn new(ix: &NavIndex<'a>, only: Option<&str>) -> Plan<'a> {
        // The language element each element is in (elements come before
        // their children in the index).
        let mut lang_of: Vec<Option<usize>> = Vec::with_capacity(ix.elements.len());
        for (i, e) in ix.elements.iter().enumerate() {
            let own = (e.kind == ElementKind::Language).then_some(i);
            lang_of.push(own.or_else(|| e.parent.and_then(|p| lang_of.get(p).copied().flatten())));
        }
        let mut langs: Vec<Lang> = Vec::new();
        let mut slot: FxHashMap<usize, usize> = FxHashMap::default();
        for (i, e) in ix.elements.iter().enumerate() {
            if e.kind == ElementKind::Language
                && let Some(code) = e.label
            {
                slot.insert(i, langs.len());
                langs.push(Lang {
                    code,
                    element: i,
                    entries: Vec::new(),
                    by_key: FxHashMap::default(),
                });
            }
        }
        for (n, entry) in ix.entries.iter().enumerate() {
            if parse_endpoint(entry.value).is_some() {
                continue;
            }
            let Some(l) = lang_of
                .get(entry.parent)
                .copied()
                .flatten()
                .and_then(|l| slot.get(&l))
            else {
                continue;
            };
            let lang = &mut langs[*l];
            let key = key(entry.value, lang.code);
            if !lang.by_key.contains_key(&key) {
                lang.by_key.insert(key.clone(), n);
                lang.entries.push((n, key));
            }
        }
        // Group by the element holding the `languages` list.
        let mut groups: Vec<(Option<usize>, Vec<Lang>)> = Vec::new();
        for l in langs {
            let parent = ix.elements[l.element].parent;
            match groups.iter_mut().find(|(p, _)| *p == parent) {
                Some((_, g)) => g.push(l),
                None => groups.push((parent, vec![l])),
            }
        }
        let groups = groups
            .into_iter()
            .filter_map(|(_, mut ls)| {
                let d = ls
                    .iter()
                    .position(|l| {
                        ix.elements[l.element]
                            .node
                            .get("default")
                            .and_then(Node::as_bool)
                            == Some(true)
                    })
                    .unwrap_or(0);
                let default = ls.remove(d);
                ls.retain(|l| only.is_none_or(|o| o.eq_ignore_ascii_case(l.code)));
                (!ls.is_empty()).then_some(Group {
                    default,
                    others: ls,
                })
            })
            .collect();
        Plan { groups }
    }

    /// Each default-language entry against each other language of its
    /// list.
    fn pairs<'p>(&'p self, site: &'p Site, ix: &'p NavIndex) -> impl Iterator<Item = Pair> + 'p {
        self.groups.iter().flat_map(move |g| {
            g.others.iter().flat_map(move |l| {
                g.default.entries.iter().map(move |(e, key)| Pair {
                    source: *e,
                    source_file: site.page_id(ix.entries[*e].value),
                    translation: l.by_key.get(key).copied(),
                    language: l.element,
                })
            })
        })
    }
}

/// An entry's page with the language's code taken out as a path segment
/// (the first segment equal to it in any case), without a leading slash
/// or an extension.
pub fn key(entry: &str, code: &str) -> String {
    let entry = entry.trim_start_matches('/');
    let entry = entry
        .strip_suffix(".mdx")
        .or_else(|| entry.strip_suffix(".md"))
        .unwrap_or(entry);
    let mut out = String::with_capacity(entry.len());
    let mut taken = false;
    for seg in entry.split('/') {
        if !taken && seg.eq_ignore_ascii_case(code) {
            taken = true;
            continue;
        }
        if !out.is_empty() {
            out.push('/');
        }
        out.push_str(seg);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{body, key};

    #[test]
    fn the_language_segment_is_taken_out_wherever_the_site_puts_it() {
        assert_eq!(key("fr/guide/x", "fr"), "guide/x");
        assert_eq!(key("guide/x", "en"), "guide/x");
        assert_eq!(key("/edge/pt-BR/guide/x", "pt-BR"), "edge/guide/x");
        assert_eq!(key("edge/pt-br/guide/x.mdx", "pt-BR"), "edge/guide/x");
        // Only the first: a page named like the code stays.
        assert_eq!(key("de/api/de", "de"), "api/de");
    }

    #[test]
    fn a_body_is_what_follows_the_front_matter_fence() {
        assert_eq!(body("---\ntitle: A\n---\n\nText\n"), "\nText\n");
        assert_eq!(body("---\r\ntitle: A\r\n---\r\nText"), "Text");
        assert_eq!(body("\u{feff}No front matter"), "No front matter");
        assert_eq!(body("---\ntitle: unclosed\n"), "");
        assert_eq!(body("---\ntitle: A\n---"), "");
    }
}
