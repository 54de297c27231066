//! Heading ids as the platform makes them. Ported from `@mintlify/common`
//! (`slugify`, `cleanHeadingId`, `remarkComponentIds`,
//! `remarkExtractTableOfContents`, `preprocessCustomHeadingIds`) and
//! `@sindresorhus/slugify`; the expectations in
//! `tests/fixtures/slug/expected.json` come from those packages
//! (`tools/slug/expect.mjs`), so a change on the platform shows up as a
//! failing test here.
//!
//! Two forms of an id exist: the *raw* id the platform writes into the page
//! (non-ASCII percent-encoded: `%C3%BCber`), and the *clean* id
//! ([`clean`]: decoded, without `?,;:!'"()[]{}` and emoji) that a link's
//! fragment is compared with. Everything the site keeps is clean.

use rustc_hash::FxHashMap as HashMap;

/// `getUnicodeId` then `@sindresorhus/slugify` as `slugify` of
/// `@mintlify/common` calls it: the raw id of a heading's text, before
/// duplicates are numbered.
pub fn slugify(title: &str) -> String {
    // The common case (plain ASCII words): no encoding happens, so the
    // whole pipeline is one pass.
    if title
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b" \t\n\r-_.!~*'()".contains(&b))
    {
        let mut out = String::with_capacity(title.len());
        for b in title.trim().bytes() {
            let c = b.to_ascii_lowercase();
            if c.is_ascii_alphanumeric() || c == b'_' {
                out.push(c as char);
            } else if !out.ends_with('-') {
                out.push('-');
            }
        }
        let out = if out.contains("-t") || out.contains("-s") {
            remove_contractions(&out)
        } else {
            out
        };
        return out.trim_matches('-').to_string();
    }
    // getUnicodeId: lower-case, trim, whitespace runs to `-`, encodeURIComponent.
    let lower = title.to_lowercase();
    let trimmed = lower.trim_matches(is_js_space);
    let mut dashed = String::with_capacity(trimmed.len());
    dash_space_runs(trimmed.chars(), is_js_space, &mut dashed);
    let encoded = encode_uri_component(&dashed);
    // Percent-encoded text keeps `%` and its case; plain ASCII is lower-cased.
    let percent = has_percent_escape(&encoded);
    sindre_slugify(&encoded, percent, true)
}

/// `@sindresorhus/slugify` on ASCII input (what `encodeURIComponent`
/// leaves; transliteration is the identity there), `decamelize: false`,
/// keeping `_` (and `%` with `keep_case`, where it does not lower-case).
fn sindre_slugify(s: &str, percent: bool, underscore: bool) -> String {
    let keep = |c: char| {
        c.is_ascii_lowercase()
            || c.is_ascii_digit()
            || (underscore && c == '_')
            || (percent && (c == '%' || c.is_ascii_uppercase()))
    };
    let lowered;
    let s = if percent {
        s
    } else {
        lowered = s.to_ascii_lowercase();
        &lowered
    };
    let mut out = String::with_capacity(s.len());
    let mut run = false;
    for c in s.chars() {
        if keep(c) {
            out.push(c);
            run = false;
        } else if !run {
            out.push('-');
            run = true;
        }
    }
    let out = out.replace('\\', "");
    let out = remove_contractions(&out);
    // removeMootSeparators: runs of `-` to one, none at either end.
    let mut collapsed = String::with_capacity(out.len());
    for c in out.chars() {
        if c == '-' && collapsed.ends_with('-') {
            continue;
        }
        collapsed.push(c);
    }
    collapsed.trim_matches('-').to_string()
}

/// `.replace(/([a-zA-Z\d]+)-([ts])(-|$)/g, '$1$2$3')`: `don-t` -> `dont`.
fn remove_contractions(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < b.len() {
        // A match needs at least one alphanumeric right before `-t`/`-s`;
        // the regex scans left to right, consuming the word it matched.
        if b[i] == b'-'
            && i > 0
            && b[i - 1].is_ascii_alphanumeric()
            && i + 1 < b.len()
            && (b[i + 1] == b't' || b[i + 1] == b's')
            && (i + 2 == b.len() || b[i + 2] == b'-')
        {
            out.push(b[i + 1] as char);
            if i + 2 < b.len() {
                out.push('-');
            }
            i += 3;
            continue;
        }
        out.push(b[i] as char);
        i += 1;
    }
    out
}

fn is_js_space(c: char) -> bool {
    c.is_whitespace() || c == '\u{feff}'
}

fn encode_uri_component(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for &b in s.as_bytes() {
        let c = b as char;
        if c.is_ascii_alphanumeric() || "-_.!~*'()".contains(c) {
            out.push(c);
        } else {
            out.push('%');
            out.push(
                char::from_digit((b >> 4) as u32, 16)
                    .unwrap()
                    .to_ascii_uppercase(),
            );
            out.push(
                char::from_digit((b & 15) as u32, 16)
                    .unwrap()
                    .to_ascii_uppercase(),
            );
        }
    }
    out
}

fn has_percent_escape(s: &str) -> bool {
    let b = s.as_bytes();
    (0..b.len().saturating_sub(2)).any(|i| {
        b[i] == b'%'
            && (b[i + 1].is_ascii_digit() || (b'A'..=b'F').contains(&b[i + 1]))
            && (b[i + 2].is_ascii_digit() || (b'A'..=b'F').contains(&b[i + 2]))
    })
}

/// `decodeURIComponent` (a malformed sequence leaves the text as it is,
/// like `safeCleanHeadingId`); a `%` not followed by two hex digits is
/// literal.
pub fn percent_decode(s: &str) -> String {
    if !s.contains('%') {
        return s.to_string();
    }
    match percent_encoding::percent_decode_str(s).decode_utf8() {
        Ok(d) => d.into_owned(),
        Err(_) => s.to_string(),
    }
}

/// `cleanHeadingId`: decoded, without `?,;:!'"()[]{}` and emoji. Link
/// fragments and heading ids are compared in this form.
pub fn clean(id: &str) -> String {
    percent_decode(id)
        .chars()
        .filter(|&c| !"?,;:!'\"()[]{}".contains(c) && !is_emoji(c))
        .collect()
}

/// `\p{Emoji_Modifier}|\p{Emoji_Modifier_Base}|\p{Emoji_Presentation}|
/// \p{Extended_Pictographic}|[\u200D\uFE0E\uFE0F]`, by the ranges that
/// hold those properties (Extended_Pictographic covers nearly all).
fn is_emoji(c: char) -> bool {
    let u = c as u32;
    if u < 0xA9 {
        // ASCII and Latin-1 letters: most of every heading.
        return false;
    }
    matches!(u,
        0x200D | 0xFE0E | 0xFE0F | 0xA9 | 0xAE | 0x203C | 0x2049 | 0x2122 | 0x2139
        | 0x2194..=0x2199 | 0x21A9..=0x21AA | 0x231A..=0x231B | 0x2328 | 0x2388 | 0x23CF
        | 0x23E9..=0x23F3 | 0x23F8..=0x23FA | 0x24C2 | 0x25AA..=0x25AB | 0x25B6 | 0x25C0
        | 0x25FB..=0x25FE | 0x2600..=0x2605 | 0x2607..=0x2612 | 0x2614..=0x2685
        | 0x2690..=0x2705 | 0x2708..=0x2712 | 0x2714 | 0x2716 | 0x271D | 0x2721 | 0x2728
        | 0x2733..=0x2734 | 0x2744 | 0x2747 | 0x274C | 0x274E | 0x2753..=0x2755 | 0x2757
        | 0x2763..=0x2767 | 0x2795..=0x2797 | 0x27A1 | 0x27B0 | 0x27BF | 0x2934..=0x2935
        | 0x2B05..=0x2B07 | 0x2B1B..=0x2B1C | 0x2B50 | 0x2B55 | 0x3030 | 0x303D | 0x3297
        | 0x3299 | 0x1F000..=0x1F0FF | 0x1F10D..=0x1F10F | 0x1F12F | 0x1F16C..=0x1F171
        | 0x1F17E..=0x1F17F | 0x1F18E | 0x1F191..=0x1F19A | 0x1F1AD..=0x1F1E5
        | 0x1F201..=0x1F20F | 0x1F21A | 0x1F22F | 0x1F232..=0x1F23A | 0x1F23C..=0x1F23F
        | 0x1F249..=0x1F3FA | 0x1F3FB..=0x1F3FF | 0x1F400..=0x1F53D | 0x1F546..=0x1F64F
        | 0x1F680..=0x1F6FF | 0x1F774..=0x1F77F | 0x1F7D5..=0x1F7FF | 0x1F80C..=0x1F80F
        | 0x1F848..=0x1F84F | 0x1F85A..=0x1F85F | 0x1F888..=0x1F88F | 0x1F8AE..=0x1F8FF
        | 0x1F90C..=0x1F93A | 0x1F93C..=0x1F945 | 0x1F947..=0x1FAFF | 0x1FC00..=0x1FFFD)
}

/// `slugifyWithCounter`: the second `Overview` is `overview-2`. The count
/// is kept per raw id (lower-cased), as the platform keeps it.
#[derive(Default)]
pub struct Slugger {
    /// Few per page: a list beats a table.
    seen: Vec<(String, u32)>,
}

impl Slugger {
    pub fn slug(&mut self, title: &str) -> String {
        let s = slugify(title);
        if s.is_empty() {
            return s;
        }
        let lower = s.to_lowercase();
        let base = strip_number_suffixes(&lower);
        let numberless = self
            .seen
            .iter()
            .find(|(k, _)| k == base)
            .map_or(0, |(_, n)| *n);
        let n = match self.seen.iter_mut().find(|(k, _)| *k == lower) {
            Some((_, n)) => {
                *n += 1;
                *n
            }
            None => {
                self.seen.push((lower, 1));
                1
            }
        };
        if n >= 2 || numberless > 2 {
            format!("{s}-{n}")
        } else {
            s
        }
    }
}

/// `.replace(/(?:-\d+?)+?$/, '')`: every trailing `-<digits>` group.
fn strip_number_suffixes(s: &str) -> &str {
    let mut end = s.len();
    loop {
        let head = &s[..end];
        let digits = head.len() - head.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        if digits == 0 || !head[..head.len() - digits].ends_with('-') {
            return head;
        }
        end = head.len() - digits - 1;
    }
}

/// `generateComponentId`: the id of an `<Accordion>` or `<View>` from its
/// title (plain `@sindresorhus/slugify`, transliterating, first `:` to `-`).
pub fn component_id(title: &str, count: u32) -> String {
    let t = title.replacen(':', "-", 1);
    let base = sindre_full(&t);
    if count > 0 {
        format!("{base}-{count}")
    } else {
        base
    }
}

/// `@sindresorhus/slugify` with `decamelize: false` on any text: the
/// common transliterations, then diacritics dropped.
fn sindre_full(s: &str) -> String {
    let mut t = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => t.push_str(" and "),
            'ß' => t.push_str("ss"),
            'ä' => t.push_str("ae"),
            'ö' => t.push_str("oe"),
            'ü' => t.push_str("ue"),
            'Ä' => t.push_str("Ae"),
            'Ö' => t.push_str("Oe"),
            'Ü' => t.push_str("Ue"),
            'æ' => t.push_str("ae"),
            'Æ' => t.push_str("AE"),
            'ø' => t.push('o'),
            'Ø' => t.push('O'),
            _ => t.push(strip_diacritic(c)),
        }
    }
    sindre_slugify(&t, false, false)
}

fn strip_diacritic(c: char) -> char {
    const FROM: &str = "àáâãåāăąçćčďèéêëēėęěìíîïīįıñńňòóôõōőùúûūůűųýÿźżž";
    const TO: &str = "aaaaaaaacccdeeeeeeeeiiiiiiinnnooooooouuuuuuuyyzzz";
    let lower = c.to_lowercase().next().unwrap_or(c);
    match FROM.chars().position(|f| f == lower) {
        Some(i) => {
            let r = TO.chars().nth(i).unwrap_or(c);
            if c.is_uppercase() {
                r.to_ascii_uppercase()
            } else {
                r
            }
        }
        None => c,
    }
}

/// `normalizeCustomId` of `preprocessCustomHeadingIds`: the id written in
/// `## Title {#id}` as it reaches the page.
pub fn normalize_custom_id(raw: &str) -> String {
    let mut out = String::new();
    let kept = raw
        .trim()
        .chars()
        .filter(|&c| !"<>\"&?,;:!'()[]{}".contains(c) && !is_emoji(c));
    dash_space_runs(kept, char::is_whitespace, &mut out);
    out
}

/// Appends `chars` to `out` with each run of spaces (as `is_space` says:
/// each platform function has its own idea) as one `-`, the platform's
/// `replace(/\s+/g, '-')`.
fn dash_space_runs(
    chars: impl Iterator<Item = char>,
    is_space: impl Fn(char) -> bool,
    out: &mut String,
) {
    let mut in_space = false;
    for c in chars {
        if is_space(c) {
            if !in_space {
                out.push('-');
            }
            in_space = true;
        } else {
            out.push(c);
            in_space = false;
        }
    }
}

/// `generateParamFieldId`: `<ParamField query="limit">` is `#param-limit`.
pub fn param_field_id(name: &str, count: u32) -> String {
    let s = if count > 0 {
        format!("param-{name}_{count}")
    } else {
        format!("param-{name}")
    };
    // decamelize: true, separator `-`.
    let mut spaced = String::with_capacity(s.len() + 4);
    let cs: Vec<char> = s.chars().collect();
    for (i, &c) in cs.iter().enumerate() {
        if i > 0
            && c.is_ascii_uppercase()
            && (cs[i - 1].is_ascii_lowercase() || cs[i - 1].is_ascii_digit())
        {
            spaced.push(' ');
        }
        spaced.push(c);
    }
    sindre_full(&spaced)
}

/// What a page's anchors are made from, in document order.
#[derive(Debug, Clone)]
pub enum AnchorSource<'a> {
    /// A Markdown heading (`## Text`, or `## Text {#id}`).
    Heading {
        level: u8,
        text: &'a str,
        custom_id: Option<&'a str>,
        /// Inside an `<Accordion>`, `<Expandable>`, `<Update>`,
        /// `<Prompt>` or `<AccordionGroup>`: out of the table of contents,
        /// but its id still exists on the page.
        excluded: bool,
    },
    /// A JSX heading `<h2>Text</h2>` / `<Heading level={2}>` (with an `id`
    /// prop or not).
    JsxHeading {
        text: &'a str,
        id: Option<&'a str>,
        excluded: bool,
    },
    /// An element's own id: `id="x"` on any element that passes it to the
    /// page; `cleaned` for `Heading`, `Step`, `Update`.
    ElementId { id: &'a str, cleaned: bool },
    /// `<Accordion title>` / `<View title>` without an id.
    Titled { kind: TitledKind, title: &'a str },
    /// `<Tab title>` without an id.
    Tab { title: &'a str },
    /// `<Update label>` without an id.
    Update { label: &'a str },
    /// `<ParamField query|path|body|header|name="x">`.
    Param { name: &'a str },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TitledKind {
    Accordion,
    View,
}

/// The clean ids a page has, as `@mintlify/link-rot` collects them (table
/// of contents + component ids), plus the `’` forms the renderer's
/// smart quotes give headings with `'` (`What's new` is `#what’s-new` on
/// the live page, `#whats-new` to the checker: both are accepted).
pub fn page_anchors<'a>(
    sources: impl IntoIterator<Item = AnchorSource<'a>>,
) -> Vec<crate::syntax::page::CompactString> {
    let mut out = Vec::new();
    each_anchor(sources, |_, id| out.push(id));
    out.sort_unstable();
    out.dedup();
    out
}

/// The ids each source gives the page, by source, in the order of
/// `sources`: for a Markdown heading without a custom id its id first (the
/// one the table of contents links to), then its smart-quoted form if any.
/// What a heading rename and the heading-id hint read.
pub fn anchors_by_source<'a>(
    sources: impl IntoIterator<Item = AnchorSource<'a>>,
) -> Vec<Vec<crate::syntax::page::CompactString>> {
    let mut out: Vec<Vec<crate::syntax::page::CompactString>> = Vec::new();
    each_anchor(sources, |i, id| {
        if out.len() <= i {
            out.resize_with(i + 1, Vec::new);
        }
        out[i].push(id);
    });
    out
}

/// Every id `sources` give the page, with the index of the source that
/// gave it, in document order (duplicates numbered as the platform numbers
/// them).
fn each_anchor<'a>(
    sources: impl IntoIterator<Item = AnchorSource<'a>>,
    mut emit: impl FnMut(usize, crate::syntax::page::CompactString),
) {
    let mut slugger = Slugger::default();
    let mut tab_slugger = Slugger::default();
    let mut toc_seen: HashMap<String, u32> = HashMap::default();
    let mut titled_counts: HashMap<(TitledKind, String), u32> = HashMap::default();
    let mut param_counts: HashMap<String, u32> = HashMap::default();
    let dedupe = |slug: String, seen: &mut HashMap<String, u32>| -> String {
        let count = seen.get(&slug).copied().unwrap_or(0);
        seen.insert(slug.clone(), count + 1);
        if count == 0 {
            return slug;
        }
        let mut suffix = count + 1;
        let mut s = format!("{slug}-{suffix}");
        while seen.contains_key(&s) {
            suffix += 1;
            s = format!("{slug}-{suffix}");
        }
        seen.insert(s.clone(), 1);
        s
    };
    for (i, src) in sources.into_iter().enumerate() {
        let mut push = |id: crate::syntax::page::CompactString| emit(i, id);
        match src {
            AnchorSource::Heading {
                level,
                text,
                custom_id,
                excluded,
            } => {
                if let Some(raw) = custom_id {
                    // `<hN id="x">`: h1-h4 in the table of contents, any as a component id.
                    let id = normalize_custom_id(raw);
                    if id.is_empty() {
                        continue;
                    }
                    if (1..=4).contains(&level) && !excluded {
                        let c = clean(&id);
                        let c = if c.is_empty() {
                            clean(&slugify(text))
                        } else {
                            c
                        };
                        push(dedupe(c, &mut toc_seen).into());
                    }
                    push(id.into());
                    continue;
                }
                if !(1..=4).contains(&level) {
                    continue;
                }
                let raw = slugger.slug(text);
                let smart = smart_quoted(text).map(|t| clean(&slugify(&t)));
                if excluded {
                    push(clean(&raw).into());
                } else {
                    let c = clean(&raw);
                    let c = if c.is_empty() {
                        clean(&slugify(text))
                    } else {
                        c
                    };
                    push(dedupe(c, &mut toc_seen).into());
                }
                if let Some(s) = smart {
                    push(s.into());
                }
            }
            AnchorSource::JsxHeading { text, id, excluded } => {
                if excluded {
                    if let Some(id) = id {
                        push(id.into());
                    }
                    continue;
                }
                let c = id.map(clean).filter(|c| !c.is_empty());
                let c = c.unwrap_or_else(|| clean(&slugify(text)));
                push(dedupe(c, &mut toc_seen).into());
                if let Some(id) = id {
                    push(id.into());
                }
            }
            AnchorSource::ElementId { id, cleaned } => {
                if !id.is_empty() {
                    push(if cleaned { clean(id) } else { id.to_string() }.into());
                }
            }
            AnchorSource::Titled { kind, title } => {
                if title.is_empty() {
                    continue;
                }
                let base = component_id(title, 0);
                let n = titled_counts.entry((kind, base)).or_insert(0);
                push(component_id(title, *n).into());
                *n += 1;
            }
            AnchorSource::Tab { title } => {
                if !title.is_empty() {
                    push(clean(&tab_slugger.slug(title)).into());
                }
            }
            AnchorSource::Update { label } => {
                let c = clean(&slugify(label));
                push(dedupe(c, &mut toc_seen).into());
            }
            AnchorSource::Param { name } => {
                if name.is_empty() {
                    continue;
                }
                let n = param_counts.entry(name.to_string()).or_insert(0);
                push(param_field_id(name, *n).into());
                *n += 1;
            }
        }
    }
}

/// The heading text as the renderer's smart quotes write it, when that
/// changes its id (`'` to `’`, `"` to curly quotes, `--` to dashes).
fn smart_quoted(text: &str) -> Option<String> {
    if !text.contains('\'') && !text.contains('"') && !text.contains("--") && !text.contains("...")
    {
        return None;
    }
    let mut out = String::with_capacity(text.len() + 8);
    let cs: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut open_double = true;
    while i < cs.len() {
        let c = cs[i];
        let prev_word = i > 0 && !cs[i - 1].is_whitespace();
        match c {
            '\'' => out.push(if prev_word { '’' } else { '‘' }),
            '"' => {
                out.push(if open_double && !prev_word {
                    '“'
                } else {
                    '”'
                });
                open_double = !open_double;
            }
            '-' if cs.get(i + 1) == Some(&'-') => {
                if cs.get(i + 2) == Some(&'-') {
                    out.push('—');
                    i += 2;
                } else {
                    out.push('–');
                    i += 1;
                }
            }
            '.' if cs.get(i + 1) == Some(&'.') && cs.get(i + 2) == Some(&'.') => {
                out.push('…');
                i += 2;
            }
            _ => out.push(c),
        }
        i += 1;
    }
    Some(out)
}

/// Whether a link's fragment names one of `anchors` (clean ids, sorted).
pub fn has_anchor(anchors: &[crate::syntax::page::CompactString], fragment: &str) -> bool {
    let f = clean(fragment);
    anchors
        .binary_search_by(|a| a.as_str().cmp(f.as_str()))
        .is_ok()
}

#[cfg(test)]
mod tests;
