//! TEMPORARY stand-in for the reader helper's page reader (PAGE-INTERFACE.md):
//! same types, a line-based reading good enough for the link checks'
//! tests until the real reader lands on main (then this file is replaced).

use std::ops::Range;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PageIndex {
    pub headings: Vec<Heading>,
    pub links: Vec<Link>,
    pub imports: Vec<Import>,
    pub exports: Vec<String>,
    pub elements: Vec<Element>,
    pub errors: Vec<SyntaxError>,
}
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Heading {
    pub level: u8,
    pub text: String,
    pub custom_id: Option<String>,
    pub range: Range<usize>,
    pub in_component: bool,
}
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkKind {
    Markdown,
    Image,
    Reference,
    Definition,
    Href,
    Src,
    Img,
    Snippet,
}
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    pub kind: LinkKind,
    pub target: String,
    pub target_range: Range<usize>,
    pub range: Range<usize>,
    pub element: Option<String>,
}
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Import {
    pub source: String,
    pub source_range: Range<usize>,
    pub default: Option<String>,
    pub named: Vec<String>,
    pub range: Range<usize>,
}
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Element {
    pub name: String,
    pub name_range: Range<usize>,
    pub attrs: Vec<Attr>,
    pub range: Range<usize>,
    pub self_closing: bool,
}
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attr {
    pub name: String,
    pub name_range: Range<usize>,
    pub value: AttrValue,
}
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AttrValue {
    None,
    String { value: String, range: Range<usize> },
    Expression { range: Range<usize> },
}
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    pub range: Range<usize>,
    pub message: String,
    pub fix: Option<(Range<usize>, String)>,
}

pub fn read(text: &str) -> PageIndex {
    let mut ix = PageIndex::default();
    let mut pos = 0;
    let mut fence: Option<&str> = None;
    let mut in_front = text.starts_with("---");
    let mut first = true;
    let mut depth: Vec<(String, usize)> = Vec::new();
    for line in text.split_inclusive('\n') {
        let start = pos;
        pos += line.len();
        let l = line.trim_end();
        if in_front {
            if !first && (l == "---" || l == "...") {
                in_front = false;
            }
            first = false;
            continue;
        }
        let t = l.trim_start();
        if let Some(f) = fence {
            if t.starts_with(f) {
                fence = None;
            }
            continue;
        }
        if t.starts_with("```") || t.starts_with("~~~") {
            fence = Some(&t[..3]);
            continue;
        }
        let indent = l.len() - t.len();
        if let Some(rest) = t.strip_prefix("import ")
            && let Some(q) = rest.rfind(['\'', '"'])
            && let Some(q0) = rest[..q].rfind(['\'', '"'])
        {
            let s0 = start + indent + 7 + q0 + 1;
            let src = &rest[q0 + 1..q];
            let spec = rest[..q0].trim().trim_end_matches("from").trim();
            let (default, named) = match spec.split_once('{') {
                Some((d, n)) => (
                    d.trim().trim_end_matches(',').trim(),
                    n.trim_end_matches('}')
                        .split(',')
                        .map(|s| s.trim().to_string())
                        .filter(|s| !s.is_empty())
                        .collect(),
                ),
                None => (spec, Vec::new()),
            };
            ix.imports.push(Import {
                source: src.to_string(),
                source_range: s0..s0 + src.len(),
                default: (!default.is_empty()).then(|| default.to_string()),
                named,
                range: start..start + l.len(),
            });
            continue;
        }
        if let Some(rest) = t
            .strip_prefix("export const ")
            .or_else(|| t.strip_prefix("export function "))
        {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            ix.exports.push(name);
        }
        if indent <= 3 && t.starts_with('#') {
            let level = t.bytes().take_while(|&b| b == b'#').count();
            if level <= 6 && t[level..].starts_with([' ', '\t']) {
                let mut body = t[level..].trim();
                let mut custom_id = None;
                if body.ends_with('}')
                    && let Some(o) = body.rfind("{#")
                {
                    custom_id = Some(body[o + 2..body.len() - 1].to_string());
                    body = body[..o].trim_end();
                }
                ix.headings.push(Heading {
                    level: level as u8,
                    text: plain(body),
                    custom_id,
                    range: start..start + l.len(),
                    in_component: !depth.is_empty(),
                });
            }
        }
        scan_inline(l, start, &mut ix, &mut depth);
    }
    ix
}

fn plain(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(i) = rest.find('[') {
        out.push_str(&rest[..i]);
        let r = &rest[i + 1..];
        match (r.find("]("), r.find(')')) {
            (Some(c), Some(e)) if c < e => {
                out.push_str(&r[..c]);
                rest = &r[e + 1..];
            }
            _ => {
                out.push('[');
                rest = r;
            }
        }
    }
    out.push_str(rest);
    out.replace("**", "").replace('`', "")
}

fn scan_inline(l: &str, start: usize, ix: &mut PageIndex, depth: &mut Vec<(String, usize)>) {
    let b = l.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'`' => {
                let n = b[i..].iter().take_while(|&&c| c == b'`').count();
                let ticks = &l[i..i + n];
                match l[i + n..].find(ticks) {
                    Some(e) => i += n + e + n,
                    None => i += n,
                }
            }
            b']' if b.get(i + 1) == Some(&b'(') => {
                let s = i + 2;
                if let Some(e) = l[s..].find(')') {
                    let inner = &l[s..s + e];
                    let target = inner.split_whitespace().next().unwrap_or("");
                    let target = target.trim_start_matches('<').trim_end_matches('>');
                    let ts = s + inner.find(target).unwrap_or(0);
                    let open = l[..i].rfind('[').unwrap_or(i);
                    let image = open > 0 && b[open - 1] == b'!';
                    ix.links.push(Link {
                        kind: if image {
                            LinkKind::Image
                        } else {
                            LinkKind::Markdown
                        },
                        target: target.to_string(),
                        target_range: start + ts..start + ts + target.len(),
                        range: start + open - image as usize..start + s + e + 1,
                        element: None,
                    });
                    i = s + e + 1;
                } else {
                    i += 1;
                }
            }
            b'<' if b.get(i + 1).is_some_and(|c| c.is_ascii_alphabetic()) => {
                let ns = i + 1;
                let ne = ns
                    + l[ns..]
                        .find(|c: char| !c.is_alphanumeric() && c != '.' && c != '_')
                        .unwrap_or(l.len() - ns);
                let name = &l[ns..ne];
                let close = l[ne..].find('>').map(|e| ne + e);
                let end = close.unwrap_or(l.len());
                let self_closing = close.is_some_and(|c| b[c - 1] == b'/');
                let mut attrs = Vec::new();
                let mut j = ne;
                while j < end {
                    let rest = &l[j..end];
                    let Some(eq) = rest.find("=\"") else { break };
                    let an_end = j + eq;
                    let an_start = l[..an_end]
                        .rfind(|c: char| c.is_whitespace())
                        .map_or(ne, |w| w + 1);
                    let vs = an_end + 2;
                    let Some(ve) = l[vs..end].find('"') else {
                        break;
                    };
                    let name_a = &l[an_start..an_end];
                    let value = &l[vs..vs + ve];
                    attrs.push(Attr {
                        name: name_a.to_string(),
                        name_range: start + an_start..start + an_end,
                        value: AttrValue::String {
                            value: value.to_string(),
                            range: start + vs..start + vs + ve,
                        },
                    });
                    let kind = match (name, name_a) {
                        ("Snippet", "file") => Some(LinkKind::Snippet),
                        (_, "href") => Some(LinkKind::Href),
                        (_, "src") => Some(LinkKind::Src),
                        (_, "img") => Some(LinkKind::Img),
                        _ => None,
                    };
                    if let Some(kind) = kind {
                        ix.links.push(Link {
                            kind,
                            target: value.to_string(),
                            target_range: start + vs..start + vs + ve,
                            range: start + i..start + end + 1,
                            element: Some(name.to_string()),
                        });
                    }
                    j = vs + ve + 1;
                }
                ix.elements.push(Element {
                    name: name.to_string(),
                    name_range: start + ns..start + ne,
                    attrs,
                    range: start + i..start + end + 1,
                    self_closing,
                });
                if !self_closing && !l[end..].contains(&format!("</{name}>")) {
                    depth.push((name.to_string(), ix.elements.len() - 1));
                }
                i = end.max(i + 1);
            }
            b'<' if b.get(i + 1) == Some(&b'/') => {
                let ne = l[i + 2..].find('>').map_or(l.len(), |e| i + 2 + e);
                let name = &l[i + 2..ne];
                if let Some(p) = depth.iter().rposition(|(n, _)| n == name) {
                    let (_, el) = depth.remove(p);
                    ix.elements[el].range.end = start + ne + 1;
                    depth.truncate(p);
                }
                i = ne;
            }
            _ => i += 1,
        }
    }
}
