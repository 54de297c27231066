//! URLs that stop working (`url-removed`): each URL a site served at an
//! earlier revision that it serves no more and that no redirect covers,
//! reported in docs.json (at its `redirects` key, else at its top) with a
//! fix that writes the missing `redirects` entries.

use super::served_urls::{Reach, Served, reach};
use crate::diagnostics::{Diagnostic, Fix};
use crate::model::link_targets::Targets;
use crate::model::site::Site;
use crate::syntax::tree::{Node, Value};
use std::collections::HashMap;
use std::ops::Range;

pub const CODE: &str = "url-removed";

/// A URL served before that nothing serves now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Gone {
    /// How it was served: its page, its redirect, the wildcard source it
    /// was redirected through.
    pub served: Served,
    /// Where a redirect covering it ends, on nothing (or in a loop).
    pub redirect: Option<String>,
}

/// The URLs of `before` that lead nowhere on the site of `targets`.
/// A wildcard source listed as itself is gone when no source of today's
/// `redirects` covers it.
pub fn gone_urls(before: &[Served], targets: &Targets) -> Vec<Gone> {
    before
        .iter()
        .filter_map(|s| {
            let redirect = if s.is_pattern() {
                if super::served_urls::pattern_covered(targets, &s.url) {
                    return None;
                }
                None
            } else {
                match reach(targets, &s.url) {
                    Reach::Served | Reach::Redirected { .. } => return None,
                    Reach::Gone { redirect } => redirect,
                }
            };
            Some(Gone {
                served: s.clone(),
                redirect,
            })
        })
        .collect()
}

/// The pages of `now` served at a URL that `before` did not serve and that
/// no URL of `before` redirects to (on the site of `targets`): where a gone
/// page may have moved.
pub fn added_pages(before: &[Served], now: &[Served], targets: &Targets) -> Vec<Served> {
    let mut old: std::collections::HashSet<&str> = before.iter().map(|s| s.url.as_str()).collect();
    let reached: Vec<String> = before
        .iter()
        .filter_map(|s| match reach(targets, &s.url) {
            Reach::Redirected { to } => Some(to),
            _ => None,
        })
        .collect();
    old.extend(reached.iter().map(String::as_str));
    now.iter()
        .filter(|s| s.page.is_some() && !old.contains(s.url.as_str()))
        .cloned()
        .collect()
}

/// The diagnostics of `gone` URLs (`rev`: the revision as the user named
/// it) in the docs.json of `site`; `root`: the resolved docs.json;
/// `moved`: for a gone page's file, the URL its page moved to.
pub fn diagnostics(
    site: &Site,
    root: Option<&Node>,
    rev: &str,
    gone: &[Gone],
    moved: &HashMap<String, String>,
) -> Vec<Diagnostic> {
    let Some(file) = site.docs_json.and_then(|id| site.file(id)) else {
        return Vec::new();
    };
    let own = file.json().root.as_deref();
    let at = own
        .and_then(|r| r.prop("redirects"))
        .map_or_else(|| top_of(own), |p| p.key_range.clone());
    let destination = |g: &Gone| -> String {
        if let Some(to) = g.served.page.as_ref().and_then(|p| moved.get(p)) {
            return format!("/{to}");
        }
        // A redirect that was dropped: where it led.
        if let Some(to) = &g.served.redirected_to {
            return shown(to);
        }
        // No page took its place: the nearest page by name, else home.
        format!(
            "/{}",
            site.nearest_page(g.served.url.as_str()).unwrap_or_default()
        )
    };
    let entries: Vec<(String, String)> = gone
        .iter()
        .map(|g| (format!("/{}", g.served.url), destination(g)))
        .collect();
    // URLs that were redirected through one wildcard source and are gone
    // together (the source was dropped or changed): one diagnostic for the
    // source, not one per URL (1,522 on a real site whose 5 wildcards went).
    let mut groups: std::collections::BTreeMap<&str, Vec<usize>> = Default::default();
    for (i, g) in gone.iter().enumerate() {
        if let Some(t) = g.served.through.as_deref()
            && t != g.served.url
            && g.served.page.is_none()
        {
            groups.entry(t).or_default().push(i);
        }
    }
    groups.retain(|_, members| members.len() > 1);
    let grouped: std::collections::HashSet<usize> = groups.values().flatten().copied().collect();
    // What restores a group: its wildcard redirect, when nothing covers any
    // of its URLs now (a source that still covers them, leading nowhere,
    // already has its entry).
    let restore = |pattern: &str, members: &[usize]| -> Option<(String, String)> {
        let to = gone[members[0]].served.through_to.clone()?;
        members
            .iter()
            .all(|&i| gone[i].redirect.is_none() && gone[i].served.through_to.as_ref() == Some(&to))
            .then(|| (format!("/{pattern}"), to))
    };
    let mut all: Vec<(String, String)> = gone
        .iter()
        .enumerate()
        .zip(&entries)
        .filter(|((i, g), _)| g.redirect.is_none() && !grouped.contains(i))
        .map(|(_, e)| e.clone())
        .collect();
    all.extend(groups.iter().filter_map(|(p, m)| restore(p, m)));
    let mut out = Vec::with_capacity(gone.len());
    for (i, g) in gone.iter().enumerate() {
        if grouped.contains(&i) {
            continue;
        }
        let pattern = g.served.through.as_deref() == Some(g.served.url.as_str());
        let served = match (&g.served.page, &g.served.redirected_to, &g.served.through) {
            (Some(p), _, _) => format!("served `{p}`"),
            (None, Some(to), Some(through)) if !pattern => {
                format!("redirected to `{}` through `/{through}`", shown(to))
            }
            (None, Some(to), _) => format!("redirected to `{}`", shown(to)),
            (None, None, _) => "served a page generated from a spec".to_string(),
        };
        let now = match (
            g.served.page.as_ref().and_then(|p| moved.get(p)),
            &g.redirect,
        ) {
            (Some(to), _) => {
                format!("the page moved to `/{to}`, and no redirect covers the old URL")
            }
            (None, Some(to)) => format!("its redirect leads to `/{to}`, which serves nothing"),
            (None, None) if pattern => "no redirect source covers the URLs it matched".to_string(),
            (None, None) => "no page serves it now and no redirect covers it".to_string(),
        };
        let mut d = Diagnostic::error(
            file.id,
            at.clone(),
            CODE,
            format!(
                "`/{}` {served} at `{rev}`; {now}: readers and search engines get a 404",
                g.served.url
            ),
        )
        .with_subject(
            g.served
                .page
                .clone()
                .unwrap_or_else(|| g.served.url.clone()),
        );
        // A URL whose redirect leads nowhere already has its entry: the fix
        // is at the end of its chain (another gone URL's redirect), not a
        // second entry for the same source.
        if g.redirect.is_none()
            && let Some((range, text)) = redirect_edit(root, file.text(), &entries[i..=i])
        {
            d = d.with_fix(Fix::Edit {
                title: format!("Add redirect {} -> {}", entries[i].0, entries[i].1),
                range,
                text,
            });
        }
        out.push(d);
    }
    for (pattern, members) in &groups {
        out.push(group_diagnostic(
            (file, at.clone()),
            root,
            rev,
            pattern,
            members.iter().map(|&i| &gone[i]),
            restore(pattern, members),
        ));
    }
    // Every diagnostic sits at one place: the action for all of them is
    // offered once, with the first.
    if all.len() > 1
        && let Some(first) = out.first_mut()
        && let Some((range, text)) = redirect_edit(root, file.text(), &all)
    {
        first.fixes.push(Fix::Edit {
            title: format!("Add {} redirects", all.len()),
            range,
            text,
        });
    }
    out
}

/// How many URLs a grouped diagnostic names in its message; the rest are in
/// its related information (every one).
const EXAMPLES: usize = 3;

/// One diagnostic for the URLs that were redirected through the wildcard
/// source `pattern` and lead nowhere now: their count, a few in the message,
/// each in the related information; the fix writes the source back
/// (`restore`) when that is what covered them.
fn group_diagnostic<'g>(
    (file, at): (&crate::model::site::SourceFile, Range<usize>),
    root: Option<&Node>,
    rev: &str,
    pattern: &str,
    members: impl Iterator<Item = &'g Gone>,
    restore: Option<(String, String)>,
) -> Diagnostic {
    let members: Vec<&Gone> = members.collect();
    let example = |g: &Gone| match &g.served.redirected_to {
        Some(to) => format!("`/{}` -> `{}`", g.served.url, shown(to)),
        None => format!("`/{}`", g.served.url),
    };
    let mut shown_list: Vec<String> = members.iter().take(EXAMPLES).map(|g| example(g)).collect();
    if members.len() > EXAMPLES {
        shown_list.push(format!("and {} more", members.len() - EXAMPLES));
    }
    let now = if members.iter().all(|g| g.redirect.is_none()) {
        "no page serves them now and no redirect covers them"
    } else {
        "no page serves them now and no redirect that covers them leads to one"
    };
    let mut d = Diagnostic::error(
        file.id,
        at.clone(),
        CODE,
        format!(
            "{} URLs redirected through `/{pattern}` at `{rev}` stop working ({}); {now}: readers and search engines get a 404",
            members.len(),
            shown_list.join(", ")
        ),
    )
    .with_subject(pattern.to_string());
    d.related = members
        .iter()
        .map(|g| crate::diagnostics::Related {
            file: file.id,
            range: at.clone(),
            message: format!("{} at `{rev}`, gone now", example(g)),
        })
        .collect();
    if let Some(entry) = restore
        && let Some((range, text)) = redirect_edit(root, file.text(), std::slice::from_ref(&entry))
    {
        d = d.with_fix(Fix::Edit {
            title: format!("Add redirect {} -> {}", entry.0, entry.1),
            range,
            text,
        });
    }
    d
}

/// A route or URL as a reader writes it: a route with its leading `/`.
fn shown(to: &str) -> String {
    if crate::model::paths::is_url(to) {
        to.to_string()
    } else {
        format!("/{to}")
    }
}

/// The first byte of docs.json's root object (`0..0` when it does not read).
fn top_of(root: Option<&Node>) -> Range<usize> {
    root.map_or(0..0, |r| r.range.start..r.range.start + 1)
}

/// The edit of docs.json's text that adds `entries` (source, destination)
/// to its `redirects`: after the last entry, into an empty list, or as a
/// new `redirects` key first in the root object. `None` when the list is
/// in another file (a `$ref`) or docs.json does not read.
pub fn redirect_edit(
    root: Option<&Node>,
    text: &str,
    entries: &[(String, String)],
) -> Option<(Range<usize>, String)> {
    let root = root?;
    let entry = |indent: &str, (s, d): &(String, String)| {
        let json = |v: &str| serde_json::to_string(v).unwrap_or_default();
        format!(
            "{indent}{{ \"source\": {}, \"destination\": {} }}",
            json(s),
            json(d)
        )
    };
    let unit = indent_unit(text);
    match root.prop("redirects") {
        Some(p) => {
            let list = &p.value;
            if !matches!(list.value, Value::Array(_)) || list.file != root.file {
                return None;
            }
            let key_indent = line_indent(text, p.key_range.start);
            let inner = format!("{key_indent}{unit}");
            let body: Vec<String> = entries.iter().map(|e| entry(&inner, e)).collect();
            match list.items().last() {
                Some(last) => {
                    let at = last.range.end;
                    Some((at..at, format!(",\n{}", body.join(",\n"))))
                }
                None => {
                    let at = list.range.start + 1;
                    let close = list.range.end.saturating_sub(1).max(at);
                    Some((at..close, format!("\n{}\n{key_indent}", body.join(",\n"))))
                }
            }
        }
        None => {
            if !matches!(root.value, Value::Object(_)) {
                return None;
            }
            let at = root.range.start + 1;
            let inner = format!("{unit}{unit}");
            let body: Vec<String> = entries.iter().map(|e| entry(&inner, e)).collect();
            let comma = if root.props().is_empty() { "" } else { "," };
            Some((
                at..at,
                format!(
                    "\n{unit}\"redirects\": [\n{}\n{unit}]{comma}",
                    body.join(",\n")
                ),
            ))
        }
    }
}

/// The whitespace that starts the line holding `offset`.
fn line_indent(text: &str, offset: usize) -> &str {
    let start = text[..offset.min(text.len())]
        .rfind('\n')
        .map_or(0, |i| i + 1);
    let line = &text[start..];
    &line[..line.len() - line.trim_start_matches([' ', '\t']).len()]
}

/// One level of indentation as the file writes it (its first indented
/// line's), two spaces by default.
fn indent_unit(text: &str) -> &str {
    text.lines()
        .map(|l| &l[..l.len() - l.trim_start_matches([' ', '\t']).len()])
        .find(|i| !i.is_empty())
        .unwrap_or("  ")
}

#[cfg(test)]
mod tests;
