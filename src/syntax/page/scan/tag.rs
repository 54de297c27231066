//! JSX tags as the platform's tokenizer reads them, in text and in flow:
//! names, attributes and their values (quoted, expressions, spreads),
//! closing tags, and where the platform's parser stops in one it cannot
//! read. The element each opening tag makes goes into the index.

use super::inline::Expr;
use super::*;

impl<'a> Reader<'a> {
    /// Something starting with `<` at `p`: a tag, or an error where the
    /// platform's parser stops (it reads every `<` followed by anything but
    /// whitespace as a tag).
    /// Returns where to go on, and whether a whole tag was read (no error).
    pub(super) fn tag(&mut self, p: usize, limit: usize) -> (usize, bool) {
        let b = self.b;
        let Some(&n) = b.get(p + 1).filter(|_| p + 1 < limit) else {
            self.err(
                p + 1..p + 1,
                "`<` at the end of the text starts no tag: write `&lt;` for a literal `<`".into(),
                Some((p..p + 1, "&lt;".into())),
            );
            return (p + 1, false);
        };
        if is_ws(n) || n == b'\n' || n == b'\r' {
            return (p + 1, false);
        }
        let errors = self.out.errors.len() + self.text_errors.len();
        let events = self.events.len();
        let end = self.tag_at(p, limit);
        let ok = errors == self.out.errors.len() + self.text_errors.len();
        if !ok {
            // The element stays in the index, but a tag the platform could
            // not read opens nothing that must be closed.
            self.events.truncate(events);
        }
        (end, ok)
    }

    fn tag_at(&mut self, p: usize, limit: usize) -> usize {
        let b = self.b;
        let n = b[p + 1];
        if n == b'/' {
            return self.close_tag(p, limit);
        }
        if n == b'>' {
            // Fragment `<>`.
            self.open_element(p, p + 1..p + 1, Vec::new(), p + 2, false);
            return p + 2;
        }
        if name_start_len(b, p + 1) == 0 {
            if n == b'!' && self.t[p..].starts_with("<!--") {
                let close = self.t[p..limit].find("-->").map(|i| p + i);
                let end = close.map_or(limit, |c| c + 3).max(p + 4);
                let inner = &self.t[p + 4..close.unwrap_or(end).max(p + 4)];
                self.err(
                    p + 1..end,
                    "HTML comments `<!-- -->` are not allowed in MDX: write `{/* comment */}`"
                        .into(),
                    Some((p..end, format!("{{/*{}*/}}", inner.replace("*/", "* /")))),
                );
                return end;
            }
            let ch = self.t[p + 1..].chars().next().unwrap_or(' ');
            self.err(
                p + 1..p + 1 + ch.len_utf8(),
                format!("`<{ch}` starts no tag (in MDX every `<` followed by a character starts one): write `&lt;` for a literal `<`"),
                Some((p..p + 1, "&lt;".into())),
            );
            return p + 1;
        }
        let ns = p + 1;
        let mut q = name_end(b, ns, limit, b"");
        // Member (`a.b`) and local (`a:b`) names.
        while q < limit && (b[q] == b'.' || b[q] == b':') {
            let sep = b[q];
            if q + 1 < limit && name_start_len(b, q + 1) > 0 {
                q = name_end(b, q + 1, limit, b"");
                continue;
            }
            let at = q + 1;
            if sep == b':' && b.get(at) == Some(&b'/') {
                // `<https://…>`: an autolink, which MDX does not have.
                let end = memchr::memchr(b'>', &b[q..limit]).map_or(at + 1, |i| q + i + 1);
                let url = &self.t[ns..end - 1];
                let good = !url.contains(char::is_whitespace);
                self.err(
                    at..end.max(at + 1),
                    "autolinks `<https://…>` are not allowed in MDX: write `[text](url)` or the bare URL".into(),
                    good.then(|| (p..end, format!("[{url}]({url})"))),
                );
                return end;
            }
            return self.tag_crash(p, at, limit);
        }
        let name_range = ns..q;
        if q < limit && !(tag_space_len(b, q) > 0 || matches!(b[q], b'/' | b'>' | b'{')) {
            if b[q] == b'@' {
                let end = memchr::memchr(b'>', &b[q..limit]).map_or(q + 1, |i| q + i + 1);
                let mail = &self.t[ns..end - 1];
                let good = !mail.contains(char::is_whitespace) && end > q + 1;
                self.err(
                    q..end.max(q + 1),
                    "email autolinks `<name@example.com>` are not allowed in MDX: write `[name@example.com](mailto:name@example.com)`".into(),
                    good.then(|| (p..end, format!("[{mail}](mailto:{mail})"))),
                );
                return end;
            }
            return self.tag_crash(p, q, limit);
        }
        let mut attrs = Vec::new();
        loop {
            q = match self.tag_ws(q, limit) {
                Some(q) => q,
                None => {
                    self.open_element(p, name_range, attrs, q, false);
                    return q;
                }
            };
            if q >= limit {
                let at = limit;
                self.err(
                    at..at,
                    format!(
                        "the tag `<{}` is never ended: add `>` (or `/>`)",
                        &self.t[name_range.clone()]
                    ),
                    None,
                );
                self.open_element(p, name_range, attrs, limit, false);
                return limit;
            }
            match b[q] {
                b'/' => {
                    let Some(g) = self.tag_ws(q + 1, limit) else {
                        self.open_element(p, name_range, attrs, q + 1, true);
                        return q + 1;
                    };
                    if b.get(g) == Some(&b'>') {
                        self.open_element(p, name_range, attrs, g + 1, true);
                        return g + 1;
                    }
                    self.open_element(p, name_range, attrs, g, true);
                    return self.tag_crash(p, g, limit);
                }
                b'>' => {
                    self.open_element(p, name_range, attrs, q + 1, false);
                    return q + 1;
                }
                b'{' => {
                    // `{...props}`: recorded as an attribute named `...`, so
                    // prop rules know that any prop may be given.
                    let (_, e) = self.expression_as(q, limit, Expr::Spread);
                    attrs.push(Attr {
                        name: "...".into(),
                        name_range: (q..q).into(),
                        value: AttrValue::Expression {
                            range: (q..e).into(),
                        },
                    });
                    q = e;
                }
                _ if name_start_len(b, q) > 0 => {
                    let an = q;
                    q = name_end(b, q, limit, b":");
                    let attr_name = an..q;
                    let Some(mut r) = self.tag_ws(q, limit) else {
                        self.open_element(p, name_range, attrs, q, false);
                        return q;
                    };
                    let value = if r < limit && b[r] == b'=' {
                        let Some(v) = self.tag_ws(r + 1, limit) else {
                            self.open_element(p, name_range, attrs, r + 1, false);
                            return r + 1;
                        };
                        r = v;
                        if r < limit && (b[r] == b'"' || b[r] == b'\'') {
                            let quote = b[r];
                            match memchr::memchr(quote, &b[r + 1..limit]) {
                                Some(i) => {
                                    let vr = r + 1..r + 1 + i;
                                    if !self.lines_continue(r, r + 1 + i) {
                                        self.open_element(p, name_range, attrs, r + 1 + i, false);
                                        return r + 1 + i;
                                    }
                                    q = r + 2 + i;
                                    AttrValue::String {
                                        value: self.t[vr.clone()].into(),
                                        range: (vr).into(),
                                    }
                                }
                                None => {
                                    let le = memchr::memchr(b'\n', &b[r + 1..limit])
                                        .map_or(limit, |i| r + 1 + i);
                                    let ve = self.content_end(r + 1, le);
                                    self.region(
                                        RegionKind::OpenValue {
                                            name: attr_name.clone().into(),
                                        },
                                        r + 1..ve,
                                    );
                                    let at = limit;
                                    self.err(
                                        at..at,
                                        format!(
                                            "the value of `{}` opened by the quote at {} is never closed: add the closing `{}`",
                                            &self.t[attr_name.clone()],
                                            "its start",
                                            quote as char
                                        ),
                                        None,
                                    );
                                    self.open_element(p, name_range, attrs, limit, false);
                                    return limit;
                                }
                            }
                        } else if r < limit && b[r] == b'{' {
                            let (_, e) = self.expression_as(r, limit, Expr::Value);
                            q = e;
                            AttrValue::Expression {
                                range: (r..e).into(),
                            }
                        } else {
                            let mut e = r;
                            while e < limit
                                && !b[e].is_ascii_whitespace()
                                && b[e] != b'>'
                                && !(b[e] == b'/' && b.get(e + 1) == Some(&b'>'))
                            {
                                e += 1;
                            }
                            let raw = &self.t[r..e];
                            let fixable = e > r && !raw.contains(['"', '<', '{']);
                            self.err(
                                r..e.max(r + 1).min(b.len()),
                                format!(
                                    "attribute values must be quoted in MDX: write `{}=\"{raw}\"`",
                                    &self.t[attr_name.clone()]
                                ),
                                fixable.then(|| (r..e, format!("\"{raw}\""))),
                            );
                            q = e;
                            AttrValue::String {
                                value: raw.into(),
                                range: (r..e).into(),
                            }
                        }
                    } else {
                        AttrValue::None
                    };
                    attrs.push(Attr {
                        name: self.t[attr_name.clone()].into(),
                        name_range: (attr_name).into(),
                        value,
                    });
                }
                _ => {
                    self.open_element(p, name_range, attrs, q, false);
                    return self.tag_crash(p, q, limit);
                }
            }
        }
    }

    /// The platform's parser stops in the tag at `p` at the character `at`.
    fn tag_crash(&mut self, p: usize, at: usize, limit: usize) -> usize {
        let ch = self.t[at.min(self.b.len())..].chars().next();
        let end = at + ch.map_or(0, char::len_utf8);
        let shown = ch.map_or("the end of the text".to_string(), |c| format!("`{c}`"));
        let tag_end =
            memchr::memchr(b'>', &self.b[at.min(limit)..limit]).map_or(end, |i| at + i + 1);
        let note = if matches!(ch, Some('/' | '*')) {
            " (JavaScript comments are not allowed inside tags)"
        } else {
            ""
        };
        self.err(
            at..end,
            format!(
                "unexpected {shown} in the tag `{}`{note}: tags take `name=\"value\"` or `name={{expression}}` attributes; write `&lt;` for a literal `<`",
                &self.t[p..floor_char(self.t, tag_end.min(p + 40).max(at))].trim_end()
            ),
            None,
        );
        end.max(p + 1)
    }

    fn open_element(
        &mut self,
        p: usize,
        name_range: Range<usize>,
        attrs: Vec<Attr>,
        end: usize,
        self_closing: bool,
    ) {
        let name = CompactString::from(&self.t[name_range.clone()]);
        for a in &attrs {
            let AttrValue::String { value, range } = &a.value else {
                continue;
            };
            let kind = match (a.name.as_str(), name.as_str()) {
                ("file", "Snippet") => LinkKind::Snippet,
                ("href", _) => LinkKind::Href,
                ("src", _) => LinkKind::Src,
                ("img", _) => LinkKind::Img,
                _ => continue,
            };
            self.out.links.push(Link {
                kind,
                target: value.as_str().into(),
                target_range: *range,
                range: (a.name_range.start()..(range.end() + 1).min(self.b.len())).into(),
                element: Some(name.clone()),
            });
        }
        let mut attrs = attrs;
        attrs.shrink_to_fit();
        let idx = self.out.elements.len();
        self.out.elements.push(Element {
            name,
            name_range: name_range.into(),
            attrs,
            range: (p..end).into(),
            open_end: end as u32,
            self_closing,
        });
        self.events.push(Ev::OpenElement { idx, self_closing });
    }

    fn close_tag(&mut self, p: usize, limit: usize) -> usize {
        let b = self.b;
        let Some(mut q) = self.tag_ws(p + 2, limit) else {
            return p + 2;
        };
        let ns = q;
        if q < limit && b[q] != b'>' && name_start_len(b, q) == 0 {
            return self.tag_crash(p, q, limit);
        }
        q = name_end(b, q, limit, b".:");
        let name = ns..q;
        let Some(q) = self.tag_ws(q, limit) else {
            self.region(
                RegionKind::CloseTag {
                    name: name.clone().into(),
                },
                p..name.end,
            );
            return name.end;
        };
        if q < limit && b[q] == b'{' {
            // The platform reads attributes in a closing tag as in an
            // opening one, and refuses them only once the tag is read: an
            // expression acorn cannot parse stops it first.
            let before = self.out.errors.len() + self.text_errors.len();
            let (_, e) = self.expression_as(q, limit, Expr::Spread);
            if self.out.errors.len() + self.text_errors.len() > before {
                return e;
            }
        }
        if q >= limit || b[q] != b'>' {
            self.region(
                RegionKind::CloseTag {
                    name: name.clone().into(),
                },
                p..q,
            );
            return self.tag_crash(p, q, limit);
        }
        let end = q + 1;
        self.region(
            RegionKind::CloseTag {
                name: name.clone().into(),
            },
            p..end,
        );
        self.events.push(Ev::Close {
            name,
            start: p,
            end,
        });
        end
    }
}

/// The largest character boundary of `t` at or before `i`.
fn floor_char(t: &str, mut i: usize) -> usize {
    i = i.min(t.len());
    while !t.is_char_boundary(i) {
        i -= 1;
    }
    i
}
