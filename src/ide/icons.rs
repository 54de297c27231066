//! Icon names for completion: the values of `icon` in front matter and
//! docs.json (also `icon.name` of the object form) and of the `icon` prop of
//! page components, from the icon library the site uses (docs.json
//! `icons.library`, Font Awesome by default; an icon object's own `library`
//! wins), ranked by [`super::completion_item::rank`] like the other long lists
//! and capped at [`MAX_PAGE_ITEMS`].

use crate::analysis::Analysis;
// Where completion and hover find it.
use super::completion_item::{MAX_PAGE_ITEMS, RANKS, rank};
pub use super::lookup::is_icon_value;
use crate::schema::icons::{DEFAULT_LIBRARY, IconSet, icon_set};

/// One icon name to offer.
#[derive(Debug, Clone)]
pub struct IconItem {
    pub name: &'static str,
    /// How well it matches what was typed ([`rank`]); sorts first.
    pub rank: u8,
    /// `Font Awesome icon: solid, regular`.
    pub detail: String,
    /// A link to the icon's page in its library.
    pub documentation: Option<String>,
}

/// The library the site's icons come from: docs.json `icons.library`, else
/// the platform's default.
pub fn site_library(analysis: &Analysis) -> &str {
    analysis
        .config
        .root
        .as_deref()
        .and_then(|r| r.get("icons")?.get("library")?.as_str())
        .unwrap_or(DEFAULT_LIBRARY)
}

/// The icons of `library` that match `typed`, best first, at most
/// [`MAX_PAGE_ITEMS`] (`incomplete` is set when some were left out, so the
/// editor asks again as the user types). Nothing for what is being written
/// as a path or URL (an icon may also be an image file).
pub fn icon_items(library: &str, typed: &str, incomplete: &mut bool) -> Vec<IconItem> {
    if typed.starts_with(['/', '.']) || typed.contains("://") {
        return Vec::new();
    }
    let Some(set) = icon_set(library).or_else(|| icon_set(DEFAULT_LIBRARY)) else {
        return Vec::new();
    };
    // Ranked before the cap, so `ho` finds `house` among 5,000 names.
    let mut buckets: [Vec<(&'static str, u8)>; RANKS] = Default::default();
    for (name, styles) in set.icons() {
        if let Some(r) = rank(typed, name) {
            let b = &mut buckets[r as usize];
            if b.len() < MAX_PAGE_ITEMS {
                b.push((name, styles));
            } else {
                *incomplete = true;
            }
        }
    }
    let mut out = Vec::new();
    for (r, bucket) in buckets.iter().enumerate() {
        for &(name, styles) in bucket {
            if out.len() == MAX_PAGE_ITEMS {
                *incomplete = true;
                return out;
            }
            out.push(IconItem {
                name,
                rank: r as u8,
                detail: detail(set, styles),
                documentation: set.url(name).map(|u| format!("[{name}]({u})")),
            });
        }
    }
    out
}

fn detail(set: &IconSet, styles: u8) -> String {
    let styles = set.styles_of(styles);
    if styles.is_empty() {
        format!("{} icon", set.title())
    } else {
        format!("{} icon: {}", set.title(), styles.join(", "))
    }
}
