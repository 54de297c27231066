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
    /// The page file served there; `None` for a page generated from a spec
    /// or a redirect.
    pub page: Option<String>,
    /// Where it redirected to, when it was the source of a `redirects` entry
    /// (and no page).
    pub redirected_to: Option<String>,
    /// The wildcard source (`old/:slug*`) it was redirected through. Equal
    /// to `url` for a pattern listed as itself: its destination is on
    /// another site, so the URLs it matched cannot be listed.
    pub through: Option<String>,
    /// The destination of that wildcard redirect, as written
    /// (`/new/:slug*`): what restores it.
    pub through_to: Option<String>,
}

impl Served {
    /// A wildcard source listed as itself (see `through`).
    pub fn is_pattern(&self) -> bool {
        self.through.as_deref() == Some(self.url.as_str())
    }
}

/// Every URL `site` answers: [`served_urls`] and the sources of its
/// `redirects` that lead somewhere ([`redirect_sources`]), sorted, a page
/// first where both are at one URL.
pub fn urls_of(site: &Site) -> Vec<Served> {
    let config = super::resolve(site);
    let targets = crate::model::links::targets_of(site, config.root.as_deref());
    let mut out = served_urls(site, &targets.files);
    out.extend(redirect_sources(&targets));
    let through = wildcard_sources(&targets, &out);
    out.extend(through);
    out.sort_by(|a, b| (&a.url, a.page.is_none()).cmp(&(&b.url, b.page.is_none())));
    out.dedup_by(|a, b| a.url == b.url);
    out
}

/// The exact sources of `redirects` (no `:param`, `*` or `#`) whose chain
/// ends on something served (or another site): old links to them worked.
/// Wildcard sources match URLs that cannot be listed.
pub fn redirect_sources(targets: &Targets) -> Vec<Served> {
    let mut out = Vec::new();
    for (i, r) in targets.redirects().iter().enumerate() {
        let url = crate::model::redirects::normalize_route(&r.source);
        if r.source.contains('#') || url.contains(':') || url.contains('*') {
            continue;
        }
        if let Reach::Redirected { to } = reach(targets, &url)
            && matches!(targets.resolve(&url), Resolved::Redirect(j) if j == i)
        {
            out.push(Served {
                url,
                page: None,
                redirected_to: Some(to),
                through: None,
                through_to: None,
            });
        }
    }
    out
}

/// The URLs the `redirects` with a wildcard source (`/old/:slug*`,
/// `/old/*`) answered with a redirect to something served: each served URL
/// its destination pattern matches, put back into the source (`new/a`,
/// through `/old/:slug*` -> `/new/:slug*`, was asked for as `old/a`), when
/// that URL does lead there through this redirect. A destination on another
/// site matches URLs that cannot be listed: the pattern is listed itself.
pub fn wildcard_sources(targets: &Targets, served: &[Served]) -> Vec<Served> {
    use crate::model::redirects::{normalize_route, substitute};
    let mut out = Vec::new();
    let mut wildcards = Vec::new();
    for (i, r) in targets.redirects().iter().enumerate() {
        let source = normalize_route(&r.source);
        if r.source.contains('#') || !(source.contains(':') || source.contains('*')) {
            continue;
        }
        if crate::model::paths::is_url(&r.destination) {
            out.push(Served {
                url: source.clone(),
                page: None,
                redirected_to: Some(r.destination.clone()),
                through: Some(source),
                through_to: Some(r.destination.clone()),
            });
        } else {
            wildcards.push((i, source, normalize_route(&r.destination)));
        }
    }
    // (URL, where it ends): the served URLs, then, hop by hop, the URLs
    // that redirected to them (a chain of wildcard redirects).
    let mut seen: std::collections::HashSet<String> =
        served.iter().map(|s| s.url.clone()).collect();
    let mut frontier: Vec<(String, String)> = served
        .iter()
        .filter(|s| s.redirected_to.is_none())
        .map(|s| (s.url.clone(), s.url.clone()))
        .collect();
    for _ in 0..16 {
        let mut next = Vec::new();
        for (i, source, destination) in &wildcards {
            for (url, end) in &frontier {
                let Some(from) = substitute(destination, url, source) else {
                    continue;
                };
                let leads_here = matches!(targets.resolve(&from), Resolved::Redirect(j) if j == *i)
                    && reach(targets, &from) == (Reach::Redirected { to: end.clone() });
                if leads_here && seen.insert(from.clone()) {
                    out.push(Served {
                        url: from.clone(),
                        page: None,
                        redirected_to: Some(end.clone()),
                        through: Some(source.clone()),
                        through_to: Some(targets.redirects()[*i].destination.clone()),
                    });
                    next.push((from, end.clone()));
                }
            }
        }
        if next.is_empty() {
            break;
        }
        frontier = next;
    }
    out
}

/// Whether the `redirects` sources of `targets` together match every URL the
/// wildcard source `pattern` matches. Tried on the URLs the pattern makes
/// from characters no literal part of a source holds (each `:param` one
/// such segment; each `*` nothing, one segment and three; a `:param*` or
/// `:param?` none too), each by some source, so a source that needs a
/// literal where the pattern has a wildcard fails: a "no" is always right,
/// and a "yes" holds for every source made of segments and wildcards.
pub fn pattern_covered(targets: &Targets, pattern: &str) -> bool {
    use crate::model::redirects::Piece;
    const ONE: &str = "\u{e000}";
    const THREE: &str = "\u{e000}/\u{e000}/\u{e000}";
    let mut samples = vec![String::new()];
    for piece in crate::model::redirects::pieces(pattern) {
        let forms: Vec<String> = match piece {
            Piece::Literal(l) => vec![l.to_string()],
            Piece::Star => vec![String::new(), ONE.into(), THREE.into()],
            Piece::Param {
                modifier, slash, ..
            } => {
                let sep = if slash { "/" } else { "" };
                let mut v = Vec::new();
                if piece.optional() {
                    v.push(String::new());
                }
                v.push(format!("{sep}{ONE}"));
                if matches!(modifier, Some(b'*' | b'+')) {
                    v.push(format!("{sep}{THREE}"));
                }
                v
            }
        };
        // A pattern with many wildcards is tried on its first 81 forms
        // (those it matches itself: `a/*` does not match `a`).
        samples = samples
            .iter()
            .flat_map(|s| forms.iter().map(move |p| format!("{s}{p}")))
            .take(81)
            .collect();
    }
    samples.retain(|u| {
        crate::model::redirects::wildcard_match(pattern, u.trim_matches('/')).is_some()
    });
    // Each form by some source: `/old` and `/old/*` together cover
    // `/old/:slug*`, which matches `/old` itself.
    let sources: Vec<String> = targets
        .redirects()
        .iter()
        .filter(|r| !r.source.contains('#'))
        .map(|r| crate::model::redirects::normalize_route(&r.source))
        .collect();
    !samples.is_empty()
        && samples.iter().all(|u| {
            let u = u.trim_matches('/');
            sources
                .iter()
                .any(|s| crate::model::redirects::wildcard_match(s, u).is_some())
        })
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
            redirected_to: None,
            through: None,
            through_to: None,
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
            redirected_to: None,
            through: None,
            through_to: None,
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
        // Exact sources that lead somewhere are URLs the site answers.
        let sources: Vec<(String, Option<String>)> = redirect_sources(&t)
            .into_iter()
            .map(|s| (s.url, s.redirected_to))
            .collect();
        assert_eq!(
            sources,
            [("ext".to_string(), Some("https://example.com".to_string()))]
        );
        let all: Vec<String> = urls_of(&s).into_iter().map(|u| u.url).collect();
        assert_eq!(all, ["ext", "here", "mid/a/b", "new/a/b", "old/a/b"]);
    }

    #[test]
    fn wildcard_sources_list_what_they_led_to_and_patterns_to_other_sites() {
        let docs = r#"{"redirects": [
            {"source": "/old/:slug*", "destination": "/new/:slug*"},
            {"source": "/one/:p", "destination": "/new/:p"},
            {"source": "/ext/*", "destination": "https://example.com/*"}
        ]}"#;
        let s = site(&[("docs.json", docs), ("new/a.mdx", ""), ("new/b/c.mdx", "")]);
        let got: Vec<(String, Option<String>, Option<String>)> = urls_of(&s)
            .into_iter()
            .filter(|u| u.through.is_some())
            .map(|u| (u.url, u.redirected_to, u.through))
            .collect();
        let row = |u: &str, to: &str, via: &str| {
            (u.to_string(), Some(to.to_string()), Some(via.to_string()))
        };
        assert_eq!(
            got,
            [
                row("ext/*", "https://example.com/*", "ext/*"),
                row("old/a", "new/a", "old/:slug*"),
                row("old/b/c", "new/b/c", "old/:slug*"),
                row("one/a", "new/a", "one/:p"),
            ]
        );
    }

    #[test]
    fn a_pattern_is_covered_by_a_source_as_wide() {
        let covered = |sources: &[&str], pattern: &str| {
            let list: Vec<String> = sources
                .iter()
                .map(|s| format!(r#"{{"source": "{s}", "destination": "/x"}}"#))
                .collect();
            let docs = format!(r#"{{"redirects": [{}]}}"#, list.join(","));
            let s = site(&[("docs.json", docs.as_str())]);
            let config = crate::analysis::resolve(&s);
            pattern_covered(&targets_of(&s, config.root.as_deref()), pattern)
        };
        assert!(covered(&["/old/:slug*"], "old/:slug*"));
        // `:slug*` matches `/old` itself (zero segments); `/old/*` does not.
        assert!(!covered(&["/old/*"], "old/:slug*"));
        assert!(covered(&["/old/*"], "old/:slug+"));
        assert!(covered(&["/old/*", "/old"], "old/:slug*"));
        assert!(covered(&["/old/:a*"], "old/:slug?"));
        assert!(!covered(&["/old/:a+"], "old/:slug*"));
        assert!(covered(&["/:all*"], "old/:slug*"));
        assert!(covered(&["/old/*"], "old/:p"));
        assert!(!covered(&["/old/:p"], "old/:slug*"));
        assert!(!covered(&["/old/a"], "old/:p"));
        assert!(!covered(&["/older/*"], "old/*"));
        assert!(!covered(&[], "old/*"));
    }
}
