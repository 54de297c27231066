//! Links, images, anchors and snippets inside pages, and the `redirects`
//! of docs.json. What a target may be is `model::links`; here each link of
//! each page (and snippet) is looked up and what does not resolve is
//! reported, with a did-you-mean where one is near.

use super::link_writing::write_like;
use super::redirects::check_redirects;
use super::snippets::{check_import, check_snippet_element, missing_exports};
use crate::analysis::memos::{DocsJsonValue, Memos};
use crate::analysis::per_file;
use crate::analysis::reads::{self, Revisions};
use crate::diagnostics::{Diagnostic, Fix};
use crate::model::links::{self, Resolved, Style, Target, Targets};
use crate::model::memo::Reads;
use crate::model::site::{FileKind, Site, SourceFile};
use crate::syntax::page::{Link, LinkKind};
use crate::syntax::tree::{FileId, Node};

/// Every link diagnostic of the site into `out`.
pub fn check(site: &Site, memos: &Memos, root: Option<&Node>, out: &mut Vec<Diagnostic>) {
    if site.partial {
        return;
    }
    let targets = super::link_part::targets(site, memos, root);
    // Page links depend on the pages, the anchors of the pages they link
    // into and a small part of docs.json: a keystroke in a navigation
    // entry reuses the last answer, a keystroke in a page checks that page
    // (and the pages linking into it, if its anchors changed).
    let mut revisions = Revisions::new(site, &memos.anchors);
    let part_revision = memos.docs_json_parts.set(
        super::LINK_PART,
        &DocsJsonValue::Links(targets.docs_json_part()),
    );
    revisions.link_part = Some(part_revision);
    let revisions = revisions;
    // A copy of a site without its images (text only, or a checkout
    // without Git LFS) would have every image reported: images are checked
    // only when the site has some (which files exist: the shape). Looked at
    // only when a file is checked (not on a docs.json keystroke).
    let images = std::sync::OnceLock::new();
    let images = || *images.get_or_init(|| targets.files.files().any(links::is_image_path));
    let found = per_file::answer(
        site,
        memos,
        &revisions,
        per_file::Rule {
            table: &memos.links,
            slot: &memos.site[super::LINKS],
            site_reads: vec![
                reads::dep(reads::SHAPE, site.derived().shape.epoch),
                reads::dep(reads::LINK_PART, part_revision),
            ],
            files: || links::served_bodies(site),
            includes: |f: &SourceFile| links::is_served_body(f),
            compute: |f: &SourceFile, r: &mut Reads| {
                let (found, read) = check_file(site, memos, &targets, f, images());
                for t in read {
                    if let Some(rev) = revisions.anchors(t) {
                        r.read_indexed(reads::anchors(t), rev);
                    }
                }
                found
            },
        },
    );
    out.extend(found.iter().cloned());
    if let Some(root) = root {
        check_redirects(&targets, root, out);
    }
}

/// The link diagnostics of one page or snippet, with the other pages whose
/// anchors it read.
fn check_file(
    site: &Site,
    memos: &Memos,
    targets: &Targets,
    f: &SourceFile,
    images: bool,
) -> (Vec<Diagnostic>, Vec<FileId>) {
    let ix = f.page_index();
    let mut out = Vec::new();
    let mut reads = Vec::new();
    let snippet = f.kind == FileKind::Snippet;
    // Components the page defines or imports take any props: an `href` of
    // theirs is theirs to interpret (a site under `/docs` writes its own).
    let local = |name: &str| {
        ix.exports.iter().any(|e| e == name)
            || ix
                .imports
                .iter()
                .any(|i| i.default.as_deref() == Some(name) || i.named.iter().any(|n| n == name))
    };
    for link in &ix.links {
        if link.kind == LinkKind::Definition {
            // Checked where a reference uses it.
            continue;
        }
        if link.element.as_deref().is_some_and(local) {
            continue;
        }
        if !images && (is_image(link) || names_static_file(&link.target)) {
            continue;
        }
        if let Some(d) = check_link(site, memos, targets, f, link, snippet, &mut reads) {
            out.push(d);
        }
    }
    for imp in &ix.imports {
        match check_import(targets, f, imp) {
            Err(d) => out.push(*d),
            Ok(Some(path)) => missing_exports(site, f, imp, &path, &mut out),
            Ok(None) => {}
        }
    }
    (out, reads)
}

/// A target whose last segment has an extension other than a page's
/// (`/files/guide.pdf`, `/images/a.png`): a static file.
fn names_static_file(target: &str) -> bool {
    let path = target.split(['#', '?']).next().unwrap_or("");
    let name = path.rsplit('/').next().unwrap_or(path);
    name.contains('.') && !links::is_page_path(name) && !crate::model::paths::is_url(target)
}

/// A path through a hidden file or folder (`/.github/x.yml`): not served
/// and not read here, so not judged.
fn hidden(path: &str) -> bool {
    path.split('/')
        .any(|s| s.starts_with('.') && s != "." && s != "..")
}

fn is_image(link: &Link) -> bool {
    match link.kind {
        LinkKind::Image | LinkKind::Img => true,
        LinkKind::Src => !matches!(link.element.as_deref(), Some("iframe" | "script")),
        _ => false,
    }
}

/// An SVG `<use href>`: a reference into a sprite file, not a link.
fn is_sprite(link: &Link) -> bool {
    link.kind == LinkKind::Href && link.element.as_deref() == Some("use")
}

fn check_link(
    site: &Site,
    memos: &Memos,
    targets: &Targets,
    f: &SourceFile,
    link: &Link,
    snippet: bool,
    reads: &mut Vec<FileId>,
) -> Option<Diagnostic> {
    if link.kind == LinkKind::Snippet {
        return check_snippet_element(targets, f, link);
    }
    let parsed = links::parse(&link.target);
    let lead = link.target.len() - link.target.trim_start().len();
    if let Some(d) = protocol_relative(site, targets, f, link, lead) {
        return Some(d);
    }
    match parsed {
        Target::External | Target::Skip => None,
        Target::Fragment(frag) => {
            if snippet {
                // Which page it lands on decides.
                return None;
            }
            let anchors = f.anchors();
            if has_anchor(site, f, frag) {
                return None;
            }
            let start = link.target_range.start() + lead + link.target.trim_start().find('#')? + 1;
            let range = start..start + frag.len();
            let mut d = Diagnostic::warning(
                f.id,
                range,
                "missing-anchor",
                format!("no heading on this page has the id `#{frag}`"),
            );
            if let Some(n) = nearest_anchor(frag, &anchors.ids) {
                d.message.push_str(&format!("; did you mean `#{n}`?"));
                d = d.with_fix(Fix::Replace(n));
            }
            Some(d)
        }
        Target::Internal(l) if hidden(l.path) => None,
        Target::Internal(l) => {
            let cands = links::candidates(&f.path, &l);
            let mut resolved = Resolved::Missing;
            let mut via = "";
            for c in &cands {
                let r = targets.resolve(c);
                if r != Resolved::Missing {
                    resolved = r;
                    via = c;
                    break;
                }
            }
            let path_start = link.target_range.start() + lead;
            let path_range = path_start..path_start + l.path.len();
            match resolved {
                Resolved::Missing => {
                    if snippet && l.style != Style::Absolute {
                        // Relative to the page that includes it.
                        return None;
                    }
                    if !is_image(link) && could_be_generated(targets, &cands) {
                        return None;
                    }
                    Some(missing(
                        site, memos, targets, f, link, &l, &cands, path_range,
                    ))
                }
                Resolved::Page(p) => {
                    let frag = l.fragment.filter(|x| !x.is_empty())?;
                    let target = site.file_by_path(&p)?;
                    if target.id != f.id {
                        reads.push(target.id);
                    }
                    let anchors = target.anchors();
                    if has_anchor(site, target, frag) {
                        return None;
                    }
                    let start = path_range.end + link.target[lead + l.path.len()..].find('#')? + 1;
                    let range = start..start + frag.len();
                    let key = crate::model::site::strip_page_ext(&p);
                    let mut d = Diagnostic::warning(
                        f.id,
                        range,
                        "missing-anchor",
                        format!("no heading of `/{key}` has the id `#{frag}`"),
                    )
                    .with_subject(p.clone());
                    if let Some(n) = nearest_anchor(frag, &anchors.ids) {
                        d.message.push_str(&format!("; did you mean `#{n}`?"));
                        d = d.with_fix(Fix::Replace(n));
                    }
                    Some(d)
                }
                Resolved::Redirect(i) => {
                    // A redirect sends the reader on: to a page that must be there.
                    let (end, dest) = targets.follow_link(via, i);
                    (end == Resolved::Missing).then(|| {
                        Diagnostic::error(
                            f.id,
                            path_range,
                            "broken-link",
                            format!(
                                "`/{via}` is redirected to `/{dest}`, which does not exist (readers get a 404)"
                            ),
                        )
                        .with_subject(via.to_string())
                    })
                }
                _ => None,
            }
        }
    }
}

/// Whether `frag` is an id the platform gives a field of the API page it
/// renders for `page` (front matter `openapi: METHOD /path`): its
/// parameters are `#parameter-{name}`, its request body fields
/// `#body-{field}` and its response fields `#response-{field}`, nested
/// fields with their parents' names before them and `one-of-N` for a
/// variant (`#body-invoice-id-one-of-0`, `#parameter-timestamp-field`;
/// names in kebab case). A parameter is checked against the operation's
/// when the spec is here; body and response fields (schemas the endpoint
/// index does not keep) are accepted.
fn api_anchor(site: &Site, page: &SourceFile, frag: &str) -> bool {
    let Some(endpoint) = page
        .front_matter()
        .root
        .as_ref()
        .and_then(|r| r.get("openapi"))
        .and_then(|v| v.as_str())
        .and_then(|s| crate::model::endpoint::parse_endpoint(s.trim()))
    else {
        return false;
    };
    let frag = crate::model::slug::clean(frag);
    if ["body-", "response-"]
        .iter()
        .any(|p| frag.strip_prefix(p).is_some_and(|r| !r.is_empty()))
    {
        return true;
    }
    let Some(name) = frag.strip_prefix("parameter-").filter(|r| !r.is_empty()) else {
        return false;
    };
    let files = super::specs::all_specs(site);
    // Specs without overlays (kept across docs.json keystrokes; an added endpoint is accepted).
    let none = crate::model::overlays::SpecOverlays::none();
    let list = super::specs::list(none, &files);
    let dir = crate::model::paths::dir_of(&page.path);
    let (res, named) = super::specs::resolve(site, none, &endpoint, dir, &list);
    let list = named.as_ref().unwrap_or(&list);
    if endpoint.webhook {
        // A webhook page's fields are its payload's: not in the index.
        return true;
    }
    let crate::model::endpoint::Resolution::Found { spec, item } = res else {
        // The spec is not here (a URL) or the endpoint is reported elsewhere.
        return true;
    };
    let Some(op) = list.get(spec).and_then(|(_, ix)| ix.operations.get(item)) else {
        return true;
    };
    // `timestamp-field`, `timestampField` and `timestamp_field` are one name.
    let letters = |s: &str| -> String {
        s.chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect()
    };
    let wanted = letters(name);
    op.parameters
        .iter()
        .any(|p| !p.name.is_empty() && wanted.starts_with(&letters(&p.name)))
}

/// `//host/x`: a browser reads it as `https://host/x`, the platform's link
/// checker (`mint broken-links`) as a missing page `/host/x`. With a host
/// that is no internet name (`//docs/x`: no dot, not `localhost`) it is a
/// slip for `/docs/x` and a reader who follows it meets an error: a broken
/// link. A real host (`//cdn.example.com/a.png`) loads, but the checker
/// still reports it: a warning with the `https:` form as its fix.
fn protocol_relative(
    site: &Site,
    targets: &Targets,
    f: &SourceFile,
    link: &Link,
    lead: usize,
) -> Option<Diagnostic> {
    let t = link.target.trim();
    let rest = t.strip_prefix("//")?;
    if rest.starts_with('/') || rest.is_empty() {
        return None;
    }
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let host = &rest[..end];
    let start = link.target_range.start() + lead;
    let range = start..start + t.len();
    let name = host.rsplit_once(':').map_or(host, |(h, _)| h);
    if name.contains('.') || name.eq_ignore_ascii_case("localhost") || name.starts_with('[') {
        // The checker reads Markdown links and images, `<a>`/`<Card>`
        // `href` and `<img>`/`<source>` `src`; an `<iframe src>` it skips.
        let read = match link.kind {
            LinkKind::Markdown | LinkKind::Image => true,
            LinkKind::Href => matches!(link.element.as_deref(), Some("a" | "Card")),
            LinkKind::Src => matches!(link.element.as_deref(), Some("img" | "source")),
            _ => false,
        };
        if !read {
            return None;
        }
        return Some(
            Diagnostic::warning(
                f.id,
                range,
                "protocol-relative-link",
                format!("`{t}` has no scheme: browsers load it from `https://{host}`, but the platform's link checker (`mint broken-links`) reports it as a broken link; write the `https:` URL"),
            )
            .with_fix(Fix::Replace(format!("https:{t}"))),
        );
    }
    // `//docs/x` is the path `/docs/x` with one slash too many.
    let path = &t[1..];
    let l = links::Internal {
        path: path.split(['?', '#']).next().unwrap_or(path),
        fragment: None,
        style: Style::Absolute,
    };
    let cands = links::candidates(&f.path, &l);
    let exists = cands
        .iter()
        .any(|c| targets.resolve(c) != Resolved::Missing);
    let mut d = Diagnostic::error(
        f.id,
        range,
        if is_image(link) {
            "missing-image"
        } else {
            "broken-link"
        },
        format!(
            "`{t}` leads to the host `{host}`, not to a page of this site (readers get an error)"
        ),
    )
    .with_subject(cands.first().cloned().unwrap_or_default());
    if exists
        || site
            .page_ref(cands.first().map_or("", |c| c.as_str()))
            .is_some()
    {
        d.message.push_str(&format!("; did you mean `{path}`?"));
        d = d.with_fix(Fix::Replace(path.to_string()));
    }
    Some(d)
}

/// Whether `page` has the anchor, counting the headings of the snippets it
/// includes (their content becomes part of the page).
pub fn has_anchor(site: &Site, page: &SourceFile, frag: &str) -> bool {
    if page.anchors().has(frag) || api_anchor(site, page, frag) {
        return true;
    }
    let ix = page.page_index();
    let snippet = |p: &str| {
        site.file_by_path(p)
            .filter(|s| s.kind == FileKind::Snippet)
            .is_some_and(|s| s.anchors().has(frag))
    };
    ix.imports.iter().any(|i| {
        let l = links::Internal {
            path: &i.source,
            fragment: None,
            style: if i.source.starts_with('/') {
                Style::Absolute
            } else {
                Style::Relative
            },
        };
        links::candidates(&page.path, &l).iter().any(|c| snippet(c))
    }) || ix.links.iter().any(|l| {
        l.kind == LinkKind::Snippet && {
            let rel = l.target.trim().trim_start_matches('/');
            snippet(&format!("snippets/{rel}"))
                || snippet(&format!("_snippets/{rel}"))
                || snippet(rel)
        }
    })
}

/// With a spec read from a URL (not fetched here), a path in the folder
/// where it generates its pages (its `directory`) may be one of them; a
/// path anywhere else may not.
fn could_be_generated(targets: &Targets, cands: &[String]) -> bool {
    cands.iter().any(|c| targets.in_remote_dir(c))
}

#[allow(clippy::too_many_arguments)]
fn missing(
    site: &Site,
    memos: &Memos,
    targets: &Targets,
    f: &SourceFile,
    link: &Link,
    l: &links::Internal<'_>,
    cands: &[String],
    range: std::ops::Range<usize>,
) -> Diagnostic {
    let image = is_image(link);
    let shown = cands
        .first()
        .map_or(l.path.to_string(), |c| format!("/{c}"));
    let mut d = if is_sprite(link) {
        // `<svg><use href="icons.svg#anchor"/></svg>` (typedoc output): the
        // page renders and nothing leads a reader anywhere; the icon drawn
        // from the absent sprite is simply not there.
        Diagnostic::warning(
            f.id,
            range,
            "missing-sprite",
            format!("SVG sprite `{shown}` does not exist: the icon it draws is not shown"),
        )
    } else {
        let (code, what) = if image {
            ("missing-image", "image")
        } else {
            ("broken-link", "page or file")
        };
        Diagnostic::error(
            f.id,
            range,
            code,
            if cands.is_empty() {
                format!("link `{}` leads outside the docs root", l.path)
            } else {
                format!("{what} `{shown}` does not exist (readers get a 404)",)
            },
        )
    }
    .with_subject(cands.first().cloned().unwrap_or_default());
    let Some(c) = cands.first() else { return d };
    let suggestion = if image
        || !links::is_page_path(c) && c.contains('.') && site.page_ref(c).is_none() && has_ext(c)
    {
        nearest_file(targets, c)
    } else {
        moved_page(site, crate::model::site::strip_page_ext(c))
            .or_else(|| {
                crate::analysis::suggestions::nearest_page(
                    &memos.suggestions,
                    site,
                    crate::model::site::strip_page_ext(c),
                )
            })
            .map(|k| {
                // Keep the extension the link wrote.
                let ext = [".mdx", ".md"].iter().find(|e| c.ends_with(**e));
                match ext {
                    Some(e) => format!("{k}{e}"),
                    None => k,
                }
            })
    };
    if let Some(s) = suggestion {
        let written = write_like(&f.path, l.style, &s);
        d.message.push_str(&format!("; did you mean `{written}`?"));
        d = d.with_fix(Fix::Replace(written));
    }
    d
}

/// The one page with the same file name in another folder: a moved page.
fn moved_page(site: &Site, key: &str) -> Option<String> {
    let name = key.rsplit('/').next()?;
    let mut same = site
        .page_names()
        .filter(|p| p.key != key && p.key.rsplit('/').next() == Some(name));
    match (same.next(), same.next()) {
        (Some(only), None) => Some(only.key.to_string()),
        _ => None,
    }
}

fn has_ext(p: &str) -> bool {
    p.rsplit('/').next().is_some_and(|n| n.contains('.'))
}

/// The nearest existing non-page file to a missing one (same extension
/// family first).
fn nearest_file(targets: &Targets, missing: &str) -> Option<String> {
    let files: Vec<&str> = targets
        .files
        .files()
        .filter(|p| !links::is_page_path(p))
        .collect();
    crate::diagnostics::did_you_mean(missing, files.iter().copied()).map(str::to_string)
}

fn nearest_anchor(frag: &str, ids: &[crate::syntax::page::CompactString]) -> Option<String> {
    let clean = crate::model::slug::clean(frag);
    crate::diagnostics::did_you_mean(&clean, ids.iter().map(|s| &**s)).map(str::to_string)
}
