//! The anchors of a page: the heading and element ids its `#fragments` may
//! name, as the platform makes them.

use super::slug;

/// The anchors of one page: the clean ids its `#fragments` may name.
#[derive(Debug, Default, Clone)]
pub struct Anchors {
    /// Sorted, clean form.
    pub ids: Box<[crate::syntax::page::CompactString]>,
    /// Some ids cannot be known here (a JSX heading without an `id`, a
    /// `mode: custom` page): a fragment not among `ids` is not reported.
    pub incomplete: bool,
}

impl Anchors {
    pub fn has(&self, fragment: &str) -> bool {
        fragment.is_empty() || self.incomplete || slug::has_anchor(&self.ids, fragment)
    }
}

/// Components whose headings stay out of the table of contents (their ids
/// exist all the same).
const TOC_EXCLUDED: &[&str] = &[
    "Accordion",
    "AccordionGroup",
    "Expandable",
    "Update",
    "Prompt",
];
/// Components that do not pass an `id` prop to the page.
const WITHOUT_ID: &[&str] = &[
    "Info",
    "Warning",
    "Note",
    "Tip",
    "Check",
    "Danger",
    "Callout",
    "AccordionGroup",
    "Card",
    "CardGroup",
    "Tabs",
    "CodeGroup",
    "Column",
    "Columns",
    "CustomCode",
    "CustomComponent",
    "DynamicCustomComponent",
    "Expandable",
    "Frame",
    "GitHub",
    "Github",
    "Icon",
    "Latex",
    "Mermaid",
    "Panel",
    "Popup",
    "Prompt",
    "RequestExample",
    "ResponseExample",
    "SnippetGroup",
    "Steps",
    "Tile",
    "Tooltip",
    "Tree",
    "FileTree",
    "Variation",
    "Visibility",
    "MDX",
    "Badge",
    "Color",
    "ZoomImage",
    "Snippet",
];

/// The anchors of a page from its index (the platform's rules: see
/// [`slug`]).
pub fn anchors_of(
    ix: &crate::syntax::page::PageIndex,
    front: &crate::syntax::frontmatter::FrontMatter,
) -> Anchors {
    let mode = front
        .root
        .as_ref()
        .and_then(|r| r.get("mode"))
        .and_then(|m| m.as_str());
    if matches!(mode, Some("custom") | Some("frame")) {
        return Anchors {
            ids: Box::new([]),
            incomplete: true,
        };
    }
    let (sources, _, incomplete) = sources_of(ix);
    let ids = slug::page_anchors(sources);
    Anchors {
        ids: ids.into_boxed_slice(),
        incomplete,
    }
}

/// The id of one Markdown heading of a page, as the platform makes it
/// among every other anchor of the page (components share its numbering).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeadingId {
    /// The clean id a `#fragment` names; empty for a heading that gets
    /// none (levels 5 and 6, or text without a letter or digit).
    pub id: String,
    /// Other clean forms that name it (the smart-quoted text's id).
    pub also: Vec<String>,
    /// Written by the writer (`## Title {#id}`): a rename keeps it.
    pub custom: bool,
}

/// Each Markdown heading's id, in the order of `ix.headings`.
pub fn heading_ids(ix: &crate::syntax::page::PageIndex) -> Vec<HeadingId> {
    let (sources, headings, _) = sources_of(ix);
    let mut by_source = slug::anchors_by_source(sources);
    headings
        .iter()
        .enumerate()
        .map(|(h, &src)| {
            let custom = ix.headings[h].custom_id.is_some();
            let mut ids = by_source
                .get_mut(src)
                .map(std::mem::take)
                .unwrap_or_default();
            if custom {
                // A custom id is given twice (the table of contents' and
                // the element's): the element's is the one written.
                let id = ix.headings[h]
                    .custom_id
                    .as_deref()
                    .map(slug::normalize_custom_id)
                    .unwrap_or_default();
                return HeadingId {
                    id: slug::clean(&id),
                    also: Vec::new(),
                    custom,
                };
            }
            let mut ids = ids.drain(..).map(|c| c.to_string());
            HeadingId {
                id: ids.next().unwrap_or_default(),
                also: ids.collect(),
                custom,
            }
        })
        .collect()
}

/// The anchor sources of a page in document order, the index among them of
/// each Markdown heading (in `ix.headings` order), and whether some id
/// cannot be known here.
fn sources_of(
    ix: &crate::syntax::page::PageIndex,
) -> (Vec<slug::AnchorSource<'_>>, Vec<usize>, bool) {
    use crate::syntax::page::AttrValue;
    use slug::AnchorSource as S;
    let excluded_ranges: Vec<std::ops::Range<usize>> = ix
        .elements
        .iter()
        .filter(|e| TOC_EXCLUDED.contains(&e.name.as_str()))
        .map(|e| e.range.range())
        .collect();
    let excluded = |at: usize| excluded_ranges.iter().any(|r| r.start < at && at < r.end);
    fn str_attr<'e>(e: &'e crate::syntax::page::Element, name: &str) -> Option<&'e str> {
        e.attrs
            .iter()
            .find(|a| a.name == name)
            .and_then(|a| match &a.value {
                AttrValue::String { value, .. } => Some(value.as_str()),
                _ => None,
            })
    }
    /// Elements that can give the page an id.
    fn relevant(e: &crate::syntax::page::Element) -> bool {
        matches!(
            e.name.as_str(),
            "h1" | "h2"
                | "h3"
                | "h4"
                | "Heading"
                | "Accordion"
                | "View"
                | "Tab"
                | "Update"
                | "ParamField"
                | "Param"
                | "ResponseField"
        ) || (!WITHOUT_ID.contains(&e.name.as_str()) && e.attrs.iter().any(|a| a.name == "id"))
    }
    let mut incomplete = false;
    let mut sources: Vec<S> = Vec::with_capacity(ix.headings.len() + 4);
    let mut headings = Vec::with_capacity(ix.headings.len());
    let mut els = ix.elements.iter().filter(|e| relevant(e)).peekable();
    let mut hs = ix.headings.iter().peekable();
    loop {
        // Headings and elements in document order.
        let take_heading = match (hs.peek(), els.peek()) {
            (None, None) => break,
            (Some(_), None) => true,
            (None, Some(_)) => false,
            (Some(h), Some(e)) => h.range.start() <= e.range.start(),
        };
        if take_heading {
            let h = hs.next().unwrap();
            headings.push(sources.len());
            sources.push(S::Heading {
                level: h.level,
                text: &h.text,
                custom_id: h.custom_id.as_deref(),
                excluded: excluded(h.range.start()),
            });
            continue;
        }
        let e = els.next().unwrap();
        let name = e.name.as_str();
        let id = str_attr(e, "id");
        if id.is_none() && e.attrs.iter().any(|a| a.name == "id") {
            // `id={expression}`: not known here.
            incomplete = true;
        }
        match name {
            "ParamField" | "Param" | "ResponseField" => {
                if let Some(p) = ["query", "path", "body", "header", "name"]
                    .iter()
                    .find_map(|k| str_attr(e, k))
                {
                    sources.push(S::Param { name: p });
                }
                continue;
            }
            "h1" | "h2" | "h3" | "h4" | "Heading" => {
                match id {
                    Some(id) => sources.push(S::JsxHeading {
                        text: "",
                        id: Some(id),
                        excluded: excluded(e.range.start()),
                    }),
                    None => incomplete = true,
                }
                continue;
            }
            _ => {}
        }
        if let Some(id) = id {
            sources.push(S::ElementId {
                id,
                cleaned: matches!(name, "Step" | "Update"),
            });
            continue;
        }
        match name {
            "Accordion" | "View" => {
                if let Some(t) = str_attr(e, "title") {
                    sources.push(S::Titled {
                        kind: if name == "View" {
                            slug::TitledKind::View
                        } else {
                            slug::TitledKind::Accordion
                        },
                        title: t,
                    });
                }
            }
            "Tab" => {
                if let Some(t) = str_attr(e, "title") {
                    sources.push(S::Tab { title: t });
                }
            }
            "Update" => {
                if let Some(l) = str_attr(e, "label") {
                    sources.push(S::Update { label: l });
                }
            }
            _ => {}
        }
    }
    (sources, headings, incomplete)
}
