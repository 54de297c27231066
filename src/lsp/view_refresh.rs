//! Asking the client to show code lenses and inlay hints again when a
//! change elsewhere altered what an open document shows: a link added to
//! or removed from another page (the "N inbound links" lens), a translation
//! file added or a navigation entry changed (the translation lens), a
//! page's title edited (docs.json's page-title hints). An editor asks for
//! a document's lenses and hints again when that document changes, not
//! when another one does.
//!
//! Run after each publish (`super::publish`), so it follows the publish
//! schedule: a burst of keystrokes is looked at once, after its analysis.
//! What each open page's lenses show is kept per site (`Shown`); a refresh
//! is sent only when a value an open document showed changed, never per
//! keystroke otherwise. What is read to tell:
//! - the inbound lens: its counts, from the reverse link index, which is
//!   built here, off the request path, once diagnostics are out (and patched
//!   from the edited pages after that: `analysis::inbound`);
//! - the translation lens: computed again only when the navigation's
//!   languages or page lists (`analysis::translations::navigation_key`),
//!   the set of files, the page or one of its languages' files changed;
//! - the title hints: the titles of the pages edited since the last look,
//!   before and after (the whole set of files changing asks again).

use super::shown::{Lenses, Shown};
use super::world::{SiteState, World, lock};
use crate::analysis::Analysis;
use crate::model::site::{FileKind, SourceFile};
use crate::syntax::tree::Node;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;
use tower_lsp_server::Client;

/// What to ask the client to show again.
#[derive(Debug, Default, PartialEq, Eq)]
struct Refresh {
    lenses: bool,
    hints: bool,
}

/// After a publish of `site`: look at what its open documents show, on a
/// blocking thread, and ask the client to refresh what changed.
pub fn after_publish(client: &Client, world: &Arc<World>, site: &Arc<SiteState>) {
    let caps = world.caps();
    if site.loose || !(caps.code_lens || caps.inlay_hint_refresh) {
        return;
    }
    let (client, world, site) = (client.clone(), world.clone(), site.clone());
    tokio::spawn(async move {
        let generation = site.generation();
        let (w, s) = (world.clone(), site.clone());
        let Ok(refresh) = tokio::task::spawn_blocking(move || {
            let (analysis, docs) = s.analysis_and_versions();
            look(&w, &s, generation, &analysis, &docs)
        })
        .await
        else {
            return;
        };
        let caps = world.caps();
        if refresh.lenses && caps.code_lens_refresh {
            let _ = client.code_lens_refresh().await;
        }
        if refresh.hints && caps.inlay_hint_refresh {
            let _ = client.inlay_hint_refresh().await;
        }
    });
}

/// Compare what the open documents show now with the last look, and keep
/// what they show now.
fn look(
    world: &World,
    site: &SiteState,
    generation: u64,
    analysis: &Analysis,
    docs: &HashMap<PathBuf, i32>,
) -> Refresh {
    let caps = world.caps();
    let s = &analysis.site;
    let open: Vec<&Arc<SourceFile>> = docs
        .keys()
        .filter_map(|p| site.rel(p))
        .filter_map(|rel| s.file_by_path(&rel))
        .collect();
    let mut shown = lock(&site.shown);
    if generation < shown.generation {
        return Refresh::default();
    }
    let mut navigation = None;
    let before = shown.site.take();
    // The pages whose text changed since the last look, when nothing else
    // did (the same files, the same data files); `None`: anything may have.
    let edited = before
        .as_ref()
        .filter(|b| b.derived().shape.epoch == s.derived().shape.epoch)
        .and_then(|b| s.edited_since(b.files_revision()));
    let mut refresh = Refresh::default();

    let pages: Vec<&Arc<SourceFile>> = open
        .iter()
        .copied()
        .filter(|f| f.kind == FileKind::Page)
        .collect();
    let mut now = HashMap::new();
    if caps.code_lens && !pages.is_empty() {
        // The reverse link index, built (or patched) here rather than by
        // the first lens request.
        let _ = crate::analysis::inbound::counts(analysis);
        // The lenses read the navigation's languages and page lists, not
        // the tree: a docs.json keystroke elsewhere (a label, an icon)
        // leaves them as they were, without computing them again (10-18 ms
        // on a 4 x 34 site).
        navigation = analysis
            .navigation
            .as_deref()
            .and_then(|n| n.index())
            .map(crate::analysis::translations::navigation_key);
        let same_navigation = navigation.is_some() && shown.navigation == navigation;
        for f in pages {
            let last = shown.pages.get(&f.id);
            let inbound = crate::ide::inbound_lens::inbound_lens(analysis, f.id)
                .map(|l| (l.entries, l.links));
            let again = match (last, &edited) {
                (Some(last), Some(edited)) if same_navigation => edited
                    .iter()
                    .any(|e| *e == f.id || last.translation_files.contains(e)),
                _ => true,
            };
            let (translation, translation_files) = match last {
                Some(last) if !again => (last.translation.clone(), last.translation_files.clone()),
                _ => match super::translation_lens::lens_of(
                    &world.history,
                    &site.root,
                    analysis,
                    f.id,
                ) {
                    Some(l) => (
                        Some(l.title),
                        l.languages.iter().filter_map(|i| i.file).collect(),
                    ),
                    None => (None, Vec::new()),
                },
            };
            let lenses = Lenses {
                inbound,
                translation,
                translation_files,
            };
            // A page not looked at before was asked by the client itself.
            if let Some(last) = last
                && (last.inbound, &last.translation) != (lenses.inbound, &lenses.translation)
            {
                refresh.lenses = true;
            }
            now.insert(f.id, lenses);
        }
    }

    let titles_open = world.settings().inlay_hints.page_titles
        && open
            .iter()
            .any(|f| matches!(f.kind, FileKind::DocsJson | FileKind::Json));
    if caps.inlay_hint_refresh && titles_open {
        refresh.hints = match (&before, &edited) {
            (None, _) => false,
            (Some(_), None) => true,
            (Some(b), Some(edited)) => edited
                .iter()
                .any(|id| title(b.file(*id).map(|f| &**f)) != title(s.file(*id).map(|f| &**f))),
        };
    }

    *shown = Shown {
        generation,
        site: Some(s.clone()),
        navigation,
        pages: now,
    };
    refresh
}

/// What a page's title hint is made of (`navigation_view::page_label`):
/// its `sidebarTitle` and `title`.
fn title(f: Option<&SourceFile>) -> Option<(Option<String>, Option<String>)> {
    let f = f?;
    let root = f.front_matter().root.as_ref()?;
    let text = |k: &str| root.get(k).and_then(Node::as_str).map(str::to_string);
    Some((text("sidebarTitle"), text("title")))
}
