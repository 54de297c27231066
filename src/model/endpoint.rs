//! Endpoint references as written in navigation page entries and in front
//! matter (`openapi: "v3-openapi PUT /x"`, `asyncapi: "/asyncapi.yaml ch"`),
//! and the pure rules that find the spec file a reference names.

use super::openapi::{METHODS, SpecIndex};
use std::ops::Range;

/// `[spec] METHOD /path` or `[spec] webhook name`. Ranges are byte ranges in
/// the string that was parsed.
#[derive(Debug, Clone, PartialEq)]
pub struct EndpointRef<'a> {
    /// The leading spec file token, if any (`openapi.json`, `/es/a.json`,
    /// `../x.json`, `v3-openapi`).
    pub spec: Option<&'a str>,
    /// As written; the platform accepts any case. For a webhook: `webhook`.
    pub method: &'a str,
    /// The path, or the webhook name.
    pub path: &'a str,
    pub webhook: bool,
    pub spec_range: Option<Range<usize>>,
    pub method_range: Range<usize>,
    pub path_range: Range<usize>,
}

/// Split on ASCII whitespace, keeping each token's byte range.
fn tokens(s: &str) -> Vec<(Range<usize>, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in s.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(st)) => {
                out.push((st..i, &s[st..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(st) = start {
        out.push((st..s.len(), &s[st..]));
    }
    out
}

/// A fixed method in any case (`get`, `QUERY`), or a method of
/// `additionalOperations` written as the spec has it (`COPY`).
fn is_method(t: &str) -> bool {
    METHODS.iter().any(|m| m.eq_ignore_ascii_case(t)) || super::openapi::is_additional_method(t)
}

/// The spec part: everything before `upto`, trimmed (a spec file name may in
/// principle hold spaces; a page path never does, and neither does a path).
fn spec_part(s: &str, upto: usize) -> (Option<&str>, Option<Range<usize>>) {
    let head = &s[..upto];
    let trimmed = head.trim();
    if trimmed.is_empty() {
        return (None, None);
    }
    let start = head.len() - head.trim_start().len();
    (Some(trimmed), Some(start..start + trimmed.len()))
}

/// Whether the navigation entry `value` is an endpoint that names no spec
/// of its own: it takes the `openapi` from above, and the element that
/// sets it then generates no pages (`skipBulkForNode` of the prebuild).
pub fn takes_spec_from_above(value: &str) -> bool {
    parse_endpoint(value).is_some_and(|r| r.spec.is_none())
}

/// Parse an endpoint reference; `None` when `s` is not one (a page path such
/// as `guides/intro`, or text whose last two tokens are not
/// `METHOD /path` / `webhook name`).
pub fn parse_endpoint(s: &str) -> Option<EndpointRef<'_>> {
    // Every form has at least two words; page paths (nearly every entry of
    // a big navigation) have one, and are turned away without a token list.
    if !s.trim().contains(char::is_whitespace) {
        return None;
    }
    let toks = tokens(s);
    let n = toks.len();
    if n < 2 {
        return None;
    }
    // `webhook name`: the webhook keyword is the first or second token (a
    // webhook name could in principle hold spaces; a spec token could too,
    // but real sites have neither, and the first reading is the simpler).
    for (k, (r, t)) in toks.iter().enumerate().take(2) {
        if t.eq_ignore_ascii_case("webhook") && k + 1 < n {
            let name_start = toks[k + 1].0.start;
            let name = s[name_start..].trim_end();
            let (spec, spec_range) = spec_part(s, r.start);
            return Some(EndpointRef {
                spec,
                method: t,
                path: name,
                webhook: true,
                spec_range,
                method_range: r.clone(),
                path_range: name_start..name_start + name.len(),
            });
        }
    }
    let (mr, m) = &toks[n - 2];
    let (pr, p) = &toks[n - 1];
    if !is_method(m) || !p.starts_with('/') {
        return None;
    }
    let (spec, spec_range) = spec_part(s, mr.start);
    Some(EndpointRef {
        spec,
        method: m,
        path: p,
        webhook: false,
        spec_range,
        method_range: mr.clone(),
        path_range: pr.clone(),
    })
}

/// `asyncapi: "/asyncapi.yaml channelOne"` or `asyncapi: channelOne`.
#[derive(Debug, Clone, PartialEq)]
pub struct AsyncApiRef<'a> {
    pub spec: Option<&'a str>,
    pub channel: &'a str,
    pub spec_range: Option<Range<usize>>,
    pub channel_range: Range<usize>,
}

/// Parse an AsyncAPI channel reference: the channel id is the last token,
/// an optional spec file before it.
pub fn parse_asyncapi_ref(s: &str) -> Option<AsyncApiRef<'_>> {
    let toks = tokens(s);
    let (cr, c) = toks.last()?;
    let (spec, spec_range) = spec_part(s, cr.start);
    Some(AsyncApiRef {
        spec,
        channel: c,
        spec_range,
        channel_range: cr.clone(),
    })
}

/// Resolve `.` and `..` in a `/`-separated relative path. `None` when it
/// climbs above the root. The result has no leading or trailing `/`.
pub fn normalize_path(path: &str) -> Option<String> {
    let mut parts: Vec<&str> = Vec::new();
    super::paths::push_segments(&mut parts, path)?;
    Some(parts.join("/"))
}

/// The spec in `specs` (paths relative to the docs root, no leading `/`)
/// that a reference's spec token names, seen from a page in `from_dir`
/// (relative to the root; `""` for the root). Tried in order:
/// a leading `/` means root-relative; otherwise relative to the page's
/// folder, then relative to the root. Each candidate path matches exactly,
/// or as a name without extension (`v3-openapi` -> `v3-openapi.yaml`).
/// A token that climbs above the root names nothing.
pub fn resolve_spec_token(token: &str, from_dir: &str, specs: &[&str]) -> Option<usize> {
    let token = token.trim();
    let mut candidates = Vec::new();
    if let Some(abs) = token.strip_prefix('/') {
        candidates.push(normalize_path(abs)?);
    } else {
        if !from_dir.is_empty() {
            candidates.extend(normalize_path(&format!("{from_dir}/{token}")));
        }
        candidates.extend(normalize_path(token));
    }
    for cand in candidates.iter().filter(|c| !c.is_empty()) {
        if let Some(i) = specs
            .iter()
            .position(|s| normalize_path(s).as_deref() == Some(cand))
        {
            return Some(i);
        }
        let with_ext = |s: &&str| {
            let s = normalize_path(s).unwrap_or_default();
            [".yaml", ".yml", ".json"]
                .iter()
                .any(|ext| s.strip_suffix(ext) == Some(cand.as_str()))
        };
        if let Some(i) = specs.iter().position(with_ext) {
            return Some(i);
        }
    }
    // A bare name (`v1`, `v2-openapi.json`) also names a spec anywhere in
    // the site by its file name, as the platform's own docs show
    // (`openapi: "v1 GET /users/{id}"` for `openapi/v1.json`); the first
    // match wins.
    if !token.contains('/') && !token.is_empty() {
        let name_matches = |s: &&str| {
            let name = s.rsplit('/').next().unwrap_or(s);
            name == token
                || [".yaml", ".yml", ".json"]
                    .iter()
                    .any(|ext| name.strip_suffix(ext) == Some(token))
        };
        if let Some(i) = specs.iter().position(name_matches) {
            return Some(i);
        }
    }
    // The platform's last resort (`getMatchingOpenApiFile` of
    // @mintlify/common): the first spec whose path contains the name, so
    // `/enterprise-api.en.yaml` names `v1.15.4/enterprise-api.en.yaml`
    // (crewAI's versioned specs). A name that climbs (`..`) names nothing.
    let bare = token.trim_start_matches('/').trim_start_matches("./");
    if !bare.is_empty() && !bare.split('/').any(|s| s == "..") {
        return specs.iter().position(|s| s.contains(bare));
    }
    None
}

/// What an endpoint reference resolves to.
#[derive(Debug, Clone, PartialEq)]
pub enum Resolution {
    /// Found: index into the `specs` given, and into that spec's
    /// `operations` (or `webhooks` for a webhook reference).
    Found { spec: usize, item: usize },
    /// The spec token names no known spec.
    SpecNotFound,
    /// Not in the named spec (or, with no spec named, in none). `spec` is the
    /// spec searched, when one was named; `suggestion` a did-you-mean.
    NotFound {
        spec: Option<usize>,
        suggestion: Option<String>,
    },
}

/// Resolve a reference against the site's specs (`(path, index)` pairs,
/// paths relative to the docs root). With a spec token, only that spec is
/// searched; without one, every OpenAPI spec is, in file path order, and the
/// first that has the endpoint wins (what the platform does).
pub fn resolve_endpoint(
    r: &EndpointRef<'_>,
    from_dir: &str,
    specs: &[(&str, &SpecIndex)],
) -> Resolution {
    let lookup = |idx: &SpecIndex| {
        if r.webhook {
            idx.webhooks.iter().position(|w| w.name == r.path)
        } else {
            idx.position(r.method, r.path)
        }
    };
    let suggest = |idx: &SpecIndex| {
        if r.webhook {
            idx.suggest_webhook(r.path)
        } else {
            idx.suggest(r.method, r.path)
        }
    };
    if let Some(token) = r.spec {
        let paths: Vec<&str> = specs.iter().map(|s| s.0).collect();
        let Some(si) = resolve_spec_token(token, from_dir, &paths) else {
            return Resolution::SpecNotFound;
        };
        let idx = specs[si].1;
        return match lookup(idx) {
            // The platform left the spec out of its build: no page.
            Some(_) if idx.refused.is_some() => Resolution::NotFound {
                spec: Some(si),
                suggestion: None,
            },
            Some(item) => Resolution::Found { spec: si, item },
            None => Resolution::NotFound {
                spec: Some(si),
                suggestion: suggest(idx),
            },
        };
    }
    let mut order: Vec<usize> = (0..specs.len())
        .filter(|&i| specs[i].1.is_openapi())
        .collect();
    order.sort_by(|&a, &b| specs[a].0.cmp(specs[b].0));
    // Specs the platform refused are not among the ones it searches: a
    // spec it kept that has the endpoint makes the page; else the first
    // refused one that has it is why there is none.
    let mut refused = None;
    for &si in &order {
        if let Some(item) = lookup(specs[si].1) {
            if specs[si].1.refused.is_none() {
                return Resolution::Found { spec: si, item };
            }
            refused.get_or_insert(si);
        }
    }
    if refused.is_some() {
        return Resolution::NotFound {
            spec: refused,
            suggestion: None,
        };
    }
    Resolution::NotFound {
        spec: None,
        suggestion: order.iter().find_map(|&si| suggest(specs[si].1)),
    }
}
