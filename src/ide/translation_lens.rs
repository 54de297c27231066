//! The code lens at the top of a default-language page: "translated in 3 of
//! 5 languages", with each language's state (`analysis::translations`) for
//! the editor to list. Plain data; the protocol layer makes it a lens and
//! the editors show the list.

use crate::analysis::navigation_view::Origin;
use crate::analysis::translations::{self, Sources, State};
use crate::model::nav::NavIndex;
use crate::model::site::Site;
use crate::syntax::tree::FileId;

/// The lens of one page.
#[derive(Debug, Clone, PartialEq)]
pub struct Lens {
    /// `translated in 3 of 5 languages`, and how many are out of date.
    pub title: String,
    pub languages: Vec<LensLanguage>,
}

/// One language's line in the list.
#[derive(Debug, Clone, PartialEq)]
pub struct LensLanguage {
    pub language: String,
    pub state: State,
    /// `fr (French): older by 12 days`.
    pub label: String,
    /// The translation's file, to open.
    pub file: Option<FileId>,
    /// Where docs.json lists it, or the language element that would.
    pub entry: Option<Origin>,
}

/// The lens of `page`, when it is a page of a default language and other
/// languages are offered beside it.
pub fn lens(site: &Site, ix: &NavIndex, page: FileId, sources: &dyn Sources) -> Option<Lens> {
    let states = translations::of_page(site, ix, page, sources);
    if states.is_empty() {
        return None;
    }
    let translated = states
        .iter()
        .filter(|(_, t)| t.state.is_translated())
        .count();
    let older = states
        .iter()
        .filter(|(_, t)| t.state == State::Older)
        .count();
    let mut title = format!(
        "translated in {translated} of {} language{}",
        states.len(),
        if states.len() == 1 { "" } else { "s" }
    );
    if older > 0 {
        title.push_str(&format!(", {older} out of date"));
    }
    let languages = states
        .into_iter()
        .map(|(language, t)| {
            let state = match t.state {
                State::Missing => "missing".to_string(),
                State::FileMissing => "file missing".to_string(),
                State::Untranslated => "untranslated (same body)".to_string(),
                State::Older => format!("older by {}", days(t.days.unwrap_or(0))),
                State::UpToDate => "up to date".to_string(),
                State::Translated => "translated".to_string(),
            };
            LensLanguage {
                label: format!("{}: {state}", crate::model::languages::label(&language)),
                language,
                state: t.state,
                file: t.file_id,
                entry: t.entry,
            }
        })
        .collect();
    Some(Lens { title, languages })
}

/// "1 day", "12 days", "less than a day".
pub fn days(n: u64) -> String {
    match n {
        0 => "less than a day".to_string(),
        1 => "1 day".to_string(),
        n => format!("{n} days"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustc_hash::FxHashMap;
    use std::sync::Arc;

    /// Texts are whole in an in-memory site; ages as given.
    struct Ages(FxHashMap<String, i64>);
    impl Sources for Ages {
        fn whole_text(&self, _: &crate::model::site::SourceFile) -> Option<Arc<str>> {
            None
        }
        fn last_changed(&self, paths: &[&str]) -> FxHashMap<String, i64> {
            paths
                .iter()
                .filter_map(|p| Some((p.to_string(), *self.0.get(*p)?)))
                .collect()
        }
    }

    const DOCS: &str = r#"{"navigation": {"languages": [
        {"language": "en", "pages": ["a", "b"]},
        {"language": "fr", "pages": ["fr/a", "fr/b"]},
        {"language": "de", "pages": ["de/a", "de/gone"]},
        {"language": "ja", "pages": ["ja/b"]}
    ]}}"#;

    fn lens_of(page: &str, ages: &[(&str, i64)]) -> Option<Lens> {
        let a = crate::analysis::analyze_texts(&[
            ("docs.json", DOCS),
            ("a.mdx", "---\ntitle: A\n---\nEnglish\n"),
            ("b.mdx", "---\ntitle: B\n---\nEnglish B\n"),
            ("fr/a.mdx", "---\ntitle: A\n---\nFrançais\n"),
            ("fr/b.mdx", "---\ntitle: B\n---\nEnglish B\n"),
            ("de/a.mdx", "---\ntitle: A\n---\nDeutsch\n"),
            ("ja/b.mdx", "---\ntitle: B\n---\n日本語\n"),
        ]);
        let id = a.site.file_id(page)?;
        let ages = Ages(ages.iter().map(|(p, t)| (p.to_string(), *t)).collect());
        lens(&a.site, a.navigation.as_deref()?.index()?, id, &ages)
    }

    fn labels(l: &Lens) -> Vec<&str> {
        l.languages.iter().map(|i| i.label.as_str()).collect()
    }

    #[test]
    fn each_other_language_with_its_state() {
        let day = 86_400;
        let l = lens_of(
            "a.mdx",
            &[
                ("a.mdx", 20 * day),
                ("fr/a.mdx", 8 * day),
                ("de/a.mdx", 30 * day),
            ],
        )
        .unwrap();
        assert_eq!(l.title, "translated in 2 of 3 languages, 1 out of date");
        assert_eq!(
            labels(&l),
            [
                "fr (French): older by 12 days",
                "de (German): up to date",
                "ja (Japanese): missing"
            ]
        );
        let l = lens_of("b.mdx", &[]).unwrap();
        assert_eq!(l.title, "translated in 1 of 3 languages");
        assert_eq!(
            labels(&l),
            [
                "fr (French): untranslated (same body)",
                "de (German): missing",
                "ja (Japanese): translated"
            ]
        );
        // The missing German page points at where German pages are listed.
        assert!(l.languages[1].entry.is_some() && l.languages[1].file.is_none());
    }

    #[test]
    fn no_lens_on_a_translation_or_outside_the_navigation() {
        assert_eq!(lens_of("fr/a.mdx", &[]), None);
        assert_eq!(lens_of("ja/b.mdx", &[]), None);
    }
}
