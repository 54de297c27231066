//! What URLs a site serves, and where a URL leads today.
//!
//! The platform serves a page at its file path without the extension
//! (`guides/setup.mdx` at `/guides/setup`, a folder's `index` page at the
//! folder too), language and version folders included as they are in the
//! path; and the pages it generates from specs. These are the link targets
//! `model::link_targets` already resolves, read here as a list. A URL no
//! file serves may still be the source of a `redirects` entry: the
//! platform answers it with a redirect (308, or 307 when not `permanent`)
//! and the browser follows the destination, itself perhaps the source of
//! another entry (a chain, followed as a browser does, up to a loop).
//! `:param` (one segment), `:param*` and `*` (anything) capture what they
//! match and are put into the destination.

use crate::model::link_targets::{FileTargets, Resolved, Targets};
use crate::model::site::{FileKind, Site};

/// One URL a site serves.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Served {
    /// The route, without its leading `/` (`""` is the site's home).
    pub url: String,
    /// The page file served there; `None` for a page generated from a spec.
    pub page: Option<String>,
}

/// Every URL `site` serves, sorted.
pub fn served_urls(site: &Site, files: &FileTargets) -> Vec<Served> {
    let mut out: Vec<Served> = Vec::new();
    for key in files.page_keys() {
        let Some(path) = files.page_file(key) else {
            continue;
        };
        // Snippets are pages' parts, not pages.
        if site
            .file_by_path(path)
            .is_none_or(|f| f.kind != FileKind::Page)
        {
            continue;
        }
        out.push(Served {
            url: route_of(key).to_string(),
            page: Some(path.to_string()),
        });
    }
    let generated: std::collections::BTreeSet<&str> = files.generated_pages().collect();
    for g in &generated {
        // An `x-mint: href` is kept as written and lower-cased: one URL.
        let lower = g.to_ascii_lowercase();
        if lower != *g && generated.contains(lower.as_str()) {
            continue;
        }
        out.push(Served {
            url: g.to_string(),
            page: None,
        });
    }
    out.sort();
    out.dedup_by(|a, b| a.url == b.url);
    out
}

/// The URL of a page key: a folder's `index` page is served at the folder.
pub fn route_of(key: &str) -> &str {
    if key == "index" {
        ""
    } else {
        key.strip_suffix("/index").unwrap_or(key)
    }
}

/// Where a request for a URL leads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reach {
    /// A page (or a file, or a page generated from a spec) is served there.
    Served,
    /// A redirect covers it and leads to what is served (or to another site).
    Redirected { to: String },
    /// Nothing is served there; `redirect`: the destination of a redirect
    /// that covers it but ends on nothing (or in a loop).
    Gone { redirect: Option<String> },
}

/// Where a request for `url` (a route, no leading `/`) leads on a site
/// whose link targets are `targets`.
pub fn reach(targets: &Targets, url: &str) -> Reach {
    match targets.resolve(url) {
        Resolved::Page(_) | Resolved::File(_) | Resolved::Generated(_) => Reach::Served,
        Resolved::Redirect(i) => match targets.follow_link(url, i) {
            (Resolved::Missing | Resolved::Folder(_), to) => Reach::Gone { redirect: Some(to) },
            (_, to) => Reach::Redirected { to },
        },
        // A folder with no index page is a 404 to a reader.
        Resolved::Folder(_) | Resolved::Missing => Reach::Gone { redirect: None },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::links::targets_of;

    fn site(files: &[(&str, &str)]) -> std::sync::Arc<Site> {
        crate::analysis::analyze_texts(files).site
    }

    #[test]
    fn pages_are_served_at_their_path_and_folders_at_their_index() {
        let s = site(&[
            ("docs.json", "{}"),
            ("index.mdx", ""),
            ("guides/index.mdx", ""),
            ("guides/setup.md", ""),
            ("v1/fr/a.mdx", ""),
            ("snippets/part.mdx", ""),
            ("README.md", ""),
        ]);
        let urls: Vec<String> = served_urls(&s, &targets_of(&s, None).files)
            .into_iter()
            .map(|u| u.url)
            .collect();
        assert_eq!(urls, ["", "guides", "guides/setup", "v1/fr/a"]);
    }

    #[test]
    fn redirects_are_followed_through_wildcards_and_chains() {
        let docs = r#"{"redirects": [
            {"source": "/old/:slug*", "destination": "/mid/:slug*"},
            {"source": "/mid/:slug*", "destination": "/new/:slug*"},
            {"source": "/loop", "destination": "/loop2"},
            {"source": "/loop2", "destination": "/loop"},
            {"source": "/ext", "destination": "https://example.com"}
        ]}"#;
        let s = site(&[("docs.json", docs), ("new/a/b.mdx", ""), ("here.mdx", "")]);
        let config = crate::analysis::resolve(&s);
        let t = targets_of(&s, config.root.as_deref());
        assert_eq!(reach(&t, "here"), Reach::Served);
        assert_eq!(
            reach(&t, "old/a/b"),
            Reach::Redirected {
                to: "new/a/b".into()
            }
        );
        assert_eq!(
            reach(&t, "old/a/c"),
            Reach::Gone {
                redirect: Some("new/a/c".into())
            }
        );
        assert!(matches!(
            reach(&t, "loop"),
            Reach::Gone { redirect: Some(_) }
        ));
        assert!(matches!(reach(&t, "ext"), Reach::Redirected { .. }));
        assert_eq!(reach(&t, "gone"), Reach::Gone { redirect: None });
    }
}
