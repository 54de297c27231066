//! Structure rules of `navigation` from the site configuration spec.

use crate::diagnostics::{Diagnostic, Fix, Severity, did_you_mean};
use crate::model::languages::LANGUAGES;
use crate::model::nav::{CHILD_KEYS, ElementKind, NavIndex, ROOT_KEYS, SOURCE_REF};
use crate::model::site::Site;
use crate::syntax::tree::{Node, Value};

pub fn check(ix: &NavIndex, out: &mut Vec<Diagnostic>) {
    dropped_lists(ix, out);
    for (i, el) in ix.elements.iter().enumerate() {
        match el.kind {
            ElementKind::Root => {
                root_pattern(el.node, out);
                unique_labels(el.node, out);
            }
            ElementKind::Global => {}
            // An unresolved `$ref` was reported where it is written.
            _ if el.node.get("$ref").is_some() => {}
            kind => {
                label(ix, i, out);
                unique_labels(el.node, out);
                if kind == ElementKind::Item {
                    menu_children(el.node, out);
                }
                if kind == ElementKind::Language {
                    language_code(ix, i, out);
                }
                if kind == ElementKind::Group {
                    group_rules(el.node, ix.is_nested_group(i), out);
                }
            }
        }
    }
}

/// Languages and versions side by side are told apart by their code or
/// label (the switcher lists them, and their pages' URLs start with it):
/// the same one twice leaves one of them unreachable.
fn unique_labels(node: &Node, out: &mut Vec<Diagnostic>) {
    for (list, key) in [("languages", "language"), ("versions", "version")] {
        let Some(Value::Array(items)) = node.get(list).map(|l| &l.value) else {
            continue;
        };
        if list == "versions" {
            // The switcher opens on one version: a second `default: true`
            // is ignored.
            let defaults: Vec<&Node> = items
                .iter()
                .filter_map(|item| item.get("default"))
                .filter(|d| matches!(d.value, Value::Bool(true)))
                .collect();
            for d in defaults.iter().skip(1) {
                out.push(Diagnostic::warning(
                    d.file,
                    d.range.clone(),
                    "nav-duplicate-label",
                    "another version here is already the default: only one version can be",
                ));
            }
        }
        let mut seen: Vec<&str> = Vec::new();
        for v in items.iter().filter_map(|item| item.get(key)) {
            let Some(s) = v.as_str() else { continue };
            if seen.contains(&s) {
                out.push(Diagnostic::warning(
                    v.file,
                    v.range.clone(),
                    "nav-duplicate-label",
                    format!("{key} \"{s}\" is listed twice in this `{list}`: each {key} needs its own, or one of them cannot be reached"),
                ));
            } else {
                seen.push(s);
            }
        }
    }
}

/// `navigation` needs one primary pattern; with several, the platform keeps
/// one (see `dropped_lists`).
fn root_pattern(nav: &Node, out: &mut Vec<Diagnostic>) {
    if nav
        .props()
        .iter()
        .any(|p| ROOT_KEYS.contains(&p.key.as_str()))
    {
        return;
    }
    // Point at the `navigation` object itself; keep the range small.
    let r = nav.range.start..nav.range.start + 1;
    out.push(Diagnostic::error(
        nav.file,
        r,
        "nav-root",
        format!(
            "navigation needs one primary pattern at its root: one of {}",
            list(ROOT_KEYS)
        ),
    ));
}

/// An element without its label. The platform refuses it, unless it sits
/// in the child list of a tab, anchor, dropdown, product, version, language
/// or menu item (at any depth of groups below it): that element then falls
/// back to its shape without children, so the list is dropped and the site
/// builds without it (a warning saying what is lost).
fn label(ix: &NavIndex, i: usize, out: &mut Vec<Diagnostic>) {
    let el = &ix.elements[i];
    // A blank label (`"group": " "`) is how real sites make an unlabelled
    // group: it is fine. A label of another type is the schema pass's to
    // report (once).
    if el.node.get(el.kind.label_key()).is_none() {
        missing_label(ix, el.parent, el.node, el.kind, "", out);
    }
}

/// `node`, an element of `kind` held by element `parent`, has no label.
/// `why` is appended to the hint.
fn missing_label(
    ix: &NavIndex,
    parent: Option<usize>,
    node: &Node,
    kind: ElementKind,
    why: &str,
    out: &mut Vec<Diagnostic>,
) {
    let key = kind.label_key();
    // A `$ref`'d element without its label is still unlabelled.
    let r = node.range.start..node.range.start + 1;
    let hint = match kind {
        ElementKind::Group => {
            "add \"group\": \"Label\" (an object in `pages` is a group)".to_string()
        }
        ElementKind::Language => "add \"language\": \"en\" (a language code)".to_string(),
        _ => format!("add \"{key}\": \"Label\""),
    };
    let Some((holder, list)) = parent.and_then(|p| dropping_list(ix, p, node)) else {
        out.push(Diagnostic::error(
            node.file,
            r,
            "nav-missing-label",
            format!("this {key} has no `{key}` label: {hint}{why}"),
        ));
        return;
    };
    out.push(Diagnostic::warning(
        node.file,
        r,
        "nav-missing-label",
        format!(
            "this {key} has no `{key}` label: {}; {hint}{why}",
            drops(ix, holder, list)
        ),
    ));
}

/// What the platform does with an invalid element in `list` of element
/// `holder` (see [`dropping_list`]), as a message says it.
fn drops(ix: &NavIndex, holder: usize, list: &crate::syntax::tree::Prop) -> String {
    let at = match element_path(ix, holder) {
        Some(p) if !p.is_empty() => format!("`{p}.{}`", list.key),
        _ => format!("`{}`", list.key),
    };
    let lost = match count_pages(&list.value) {
        0 => String::new(),
        1 => " (1 page leaves the navigation)".to_string(),
        n => format!(" ({n} pages leave the navigation)"),
    };
    format!("the platform drops {at}, the list holding it, and builds without it{lost}")
}

/// The child list the platform drops when `child`, held by element
/// `parent`, is invalid: the list of the nearest enclosing element that is
/// not a group (groups have no fallback, so their error rises to it), when
/// that element's schema `.catch()`es the list (`x-catch`). `None` at the
/// root and in `global`, where nothing falls back and the configuration is
/// refused, and in an element read strictly (a tab with `graphql`).
fn dropping_list<'a>(
    ix: &NavIndex<'a>,
    mut parent: usize,
    child: &Node,
) -> Option<(usize, &'a crate::syntax::tree::Prop)> {
    let mut child: &Node = child;
    loop {
        while ix.elements[parent].kind == ElementKind::Group {
            child = ix.elements[parent].node;
            parent = ix.elements[parent].parent?;
        }
        // The `global` of an element (not the root's) is part of that
        // element: what is wrong in it fails the element, in its own list.
        match ix.elements[parent].parent {
            Some(owner)
                if ix.elements[parent].kind == ElementKind::Global
                    && ix.elements[owner].kind != ElementKind::Root =>
            {
                child = ix.elements[owner].node;
                parent = ix.elements[owner].parent?;
            }
            _ => break,
        }
    }
    let holder = &ix.elements[parent];
    if matches!(holder.kind, ElementKind::Root | ElementKind::Global) {
        return None;
    }
    let schema = crate::schema::nav_element(holder.kind.label_key())?;
    if schema.strict_keys(holder.node).is_some() {
        return None;
    }
    let prop = holds(holder.node, child)?.0;
    schema
        .property(&prop.key)
        .is_some_and(|s| s.drops_invalid())
        .then_some((parent, prop))
}

/// The property of `parent` whose list holds `child` (the same node, not an
/// equal one), and its index there.
fn holds<'a>(parent: &'a Node, child: &Node) -> Option<(&'a crate::syntax::tree::Prop, usize)> {
    parent.props().iter().find_map(|p| {
        p.value
            .items()
            .iter()
            .position(|item| std::ptr::eq(item, child))
            .map(|k| (p, k))
    })
}

/// Where element `i` is, as messages name navigation values
/// (`tabs[0].groups[1]`, empty for the root).
fn element_path(ix: &NavIndex, i: usize) -> Option<String> {
    let el = &ix.elements[i];
    let Some(parent) = el.parent else {
        return Some(String::new());
    };
    if el.kind == ElementKind::Global {
        let above = element_path(ix, parent)?;
        let sep = if above.is_empty() { "" } else { "." };
        return Some(format!("{above}{sep}global"));
    }
    let (prop, k) = holds(ix.elements[parent].node, el.node)?;
    let above = element_path(ix, parent)?;
    let sep = if above.is_empty() { "" } else { "." };
    Some(format!("{above}{sep}{}[{k}]", prop.key))
}

/// The page entries a navigation value holds, at any depth.
fn count_pages(node: &Node) -> usize {
    match &node.value {
        Value::String(_) => 1,
        Value::Array(items) => items.iter().map(count_pages).sum(),
        Value::Object(_) => node
            .props()
            .iter()
            .filter(|p| CHILD_KEYS.contains(&p.key.as_str()) || p.key == "root")
            .map(|p| count_pages(&p.value))
            .sum(),
        _ => 0,
    }
}

/// Child lists the platform drops because their element holds another kind
/// of child it keeps first (see [`crate::model::nav::keep_order`]): a
/// warning naming what disappears from the sidebar. The dropped lists are
/// not in the navigation index, so no other rule reads them (a page in a
/// dropped list and in a kept one is no duplicate; a missing page there
/// breaks nothing).
fn dropped_lists(ix: &NavIndex, out: &mut Vec<Diagnostic>) {
    if ix.dropped.is_empty() {
        return;
    }
    let shown: rustc_hash::FxHashSet<&str> = ix
        .entries
        .iter()
        .map(|e| e.value.trim_start_matches('/'))
        .collect();
    for d in &ix.dropped {
        let el = &ix.elements[d.element];
        let key = d.prop.key.as_str();
        // An element the platform reads strictly (a tab with `graphql`)
        // refuses the list: the schema check reports that error.
        if crate::schema::nav_element(el.kind.label_key())
            .and_then(|s| s.strict_keys(el.node))
            .is_some_and(|keys| !keys.iter().any(|k| k == key))
        {
            continue;
        }
        let holder = match el.kind {
            ElementKind::Root => "the navigation".to_string(),
            k => format!("a {}", k.label_key()),
        };
        let why = match d.kept {
            Some(kept) => format!("the platform keeps `{kept}` when {holder} holds both"),
            None => format!(
                "{holder} cannot hold `{key}` (it holds {})",
                list(crate::model::nav::keep_order(el.kind))
            ),
        };
        let mut lost: Vec<String> = Vec::new();
        for item in d.prop.value.items() {
            match &item.value {
                Value::String(p) if !shown.contains(p.trim_start_matches('/')) => {
                    lost.push(format!("`{p}`"))
                }
                Value::Object(_) => {
                    let label_key = if key == "pages" {
                        "group"
                    } else {
                        crate::model::nav::kind_of_array(key).map_or("", |k| k.label_key())
                    };
                    let label = item.get(label_key).and_then(Node::as_str).unwrap_or("");
                    lost.push(format!("{label_key} \"{label}\""));
                }
                _ => {}
            }
        }
        let what = match lost.len() {
            0 if d.prop.value.items().is_empty() => "nothing is lost (it is empty)".to_string(),
            0 => "nothing is lost (its pages are all listed elsewhere)".to_string(),
            1 => format!("{} is not shown", lost[0]),
            n if n <= 3 => format!(
                "{} and {} are not shown",
                lost[..n - 1].join(", "),
                lost[n - 1]
            ),
            n => format!("{} and {} more are not shown", lost[..3].join(", "), n - 3),
        };
        let advice = match d.kept {
            Some(kept)
                if kept != "pages"
                    && crate::model::nav::kind_of_array(kept)
                        .is_some_and(|k| crate::model::nav::keep_order(k).contains(&key)) =>
            {
                format!("move it into one of the `{kept}`")
            }
            _ => "move it to another level or remove it".to_string(),
        };
        out.push(Diagnostic::warning(
            d.prop.value.file,
            d.prop.key_range.clone(),
            "nav-mixed-children",
            format!("`{key}` is dropped: {why}, so {what}; {advice}"),
        ));
    }
}

/// Navigation list keys whose items may be `{"sourceRef": ...}` entries
/// (`sourceRefArrayKeys` in @mintlify/validation 0.1.878's
/// `validateConfig.js`), wherever in the configuration the list is.
const SOURCE_REF_LISTS: &[&str] = &[
    "anchors",
    "dropdowns",
    "languages",
    "menu",
    "pages",
    "products",
    "tabs",
    "versions",
    "groups",
];

/// Multi-repository references (`{"sourceRef": "path"}` in a navigation
/// list: deploys put that repository's navigation there), as the prebuild
/// reads them with `allowSourceRefs` (deploys and `mint dev`): once any
/// object of the configuration holds a string `sourceRef`,
/// `validateSourceRefDocsConfig` checks every object holding the key,
/// anywhere, before the schema: it must be an item of a navigation list,
/// hold nothing else and name a non-empty string, or the build fails. (The
/// schema pass leaves these objects alone.) Without a string `sourceRef`
/// anywhere, an object with the key is a plain object to the platform: in a
/// navigation list, an element without its label.
pub fn source_refs(root: &Node, ix: &NavIndex, out: &mut Vec<Diagnostic>) {
    let mut found = Vec::new();
    let mut any_string = false;
    walk_source_refs(root, None, &mut found, &mut any_string);
    if any_string {
        out.extend(found);
    }
    for r in &ix.source_refs {
        if r.get(SOURCE_REF).is_some_and(|v| v.as_str().is_some()) {
            out.push(Diagnostic::new(
                r.file,
                r.range.clone(),
                Severity::Information,
                "source-ref",
                "a multi-repository reference: deploys put the navigation of that repository here; its pages are not checked (the platform leaves it out of a local preview)",
            ));
        } else if !any_string
            && let Some((parent, (list, _))) = ix
                .elements
                .iter()
                .enumerate()
                .find_map(|(i, el)| holds(el.node, r).map(|h| (i, h)))
            && let Some(kind) = crate::model::nav::kind_of_array(&list.key)
        {
            let why = "; a string `sourceRef` would make it a multi-repository reference";
            missing_label(ix, Some(parent), r, kind, why, out);
        }
    }
}

/// `validateSourceRefNodes` of the platform: what is wrong with each object
/// holding `sourceRef` below `node` (whose key is `parent_key`), and whether
/// one of them names a string.
fn walk_source_refs(
    node: &Node,
    parent_key: Option<&str>,
    found: &mut Vec<Diagnostic>,
    any_string: &mut bool,
) {
    match &node.value {
        Value::Array(items) => {
            // Only a container can hold an object: the 56,000 page
            // entries of a large navigation are strings, not visited.
            for item in items.iter().filter(|i| is_container(i)) {
                walk_source_refs(item, parent_key, found, any_string);
            }
        }
        Value::Object(props) => {
            let Some(p) = node.prop(SOURCE_REF) else {
                // Every object of the configuration is passed through on
                // each keystroke: no list of its members is made (30,000
                // allocations per keystroke on a 4 MB docs.json), and a
                // key set again later is told only for a container.
                if props.len() <= 32 {
                    for (i, q) in props.iter().enumerate() {
                        if is_container(&q.value) && set_last(props, i) {
                            walk_source_refs(&q.value, Some(&q.key), found, any_string);
                        }
                    }
                } else {
                    for q in read_props(node) {
                        walk_source_refs(&q.value, Some(&q.key), found, any_string);
                    }
                }
                return;
            };
            *any_string |= p.value.as_str().is_some();
            if !parent_key.is_some_and(|k| SOURCE_REF_LISTS.contains(&k)) {
                found.push(Diagnostic::error(
                    p.value.file,
                    p.key_range.clone(),
                    "invalid-value",
                    "`sourceRef` is only supported as an element in navigation arrays (the platform refuses it anywhere else: the build fails); write `{\"sourceRef\": \"path\"}` as an item of a navigation list (`pages`, `groups`, `tabs`, ...)",
                ));
                return;
            }
            for q in read_props(node).into_iter().filter(|q| q.key != SOURCE_REF) {
                found.push(Diagnostic::error(
                    q.value.file,
                    q.key_range.clone(),
                    "unknown-key",
                    format!(
                        "unknown key `{}` beside `sourceRef`: a multi-repository reference holds only `sourceRef` (the platform: \"Unrecognized key(s) in object\"): the build fails",
                        q.key
                    ),
                ));
            }
            let v = &p.value;
            match &v.value {
                Value::String(s) if s.is_empty() => found.push(Diagnostic::error(
                    v.file,
                    v.range.clone(),
                    "invalid-value",
                    "`sourceRef` must not be empty (the platform: \"String must contain at least 1 character(s)\"): the build fails",
                )),
                Value::String(_) => {}
                _ => found.push(Diagnostic::error(
                    v.file,
                    v.range.clone(),
                    "wrong-type",
                    format!(
                        "`sourceRef` must be a string (the path of the other repository's navigation), found {}",
                        match v.kind_name() {
                            "integer" => "number",
                            other => other,
                        }
                    ),
                )),
            }
        }
        _ => {}
    }
}

/// An array or an object: what [`walk_source_refs`] may find an object in.
fn is_container(n: &Node) -> bool {
    matches!(n.value, Value::Array(_) | Value::Object(_))
}

/// Whether `props[i]` is the last setting of its key, the one `JSON.parse`
/// keeps (a quadratic scan: for the small objects both callers ask it of).
fn set_last(props: &[crate::syntax::tree::Prop], i: usize) -> bool {
    !props[i + 1..].iter().any(|q| q.key == props[i].key)
}

/// An object's properties as `JSON.parse` leaves them: a key set twice
/// keeps only its last value.
fn read_props(node: &Node) -> Vec<&crate::syntax::tree::Prop> {
    let props = node.props();
    if props.len() <= 32 {
        return props
            .iter()
            .enumerate()
            .filter(|(i, _)| set_last(props, *i))
            .map(|(_, p)| p)
            .collect();
    }
    let last: rustc_hash::FxHashMap<&str, usize> = props
        .iter()
        .enumerate()
        .map(|(i, p)| (p.key.as_str(), i))
        .collect();
    props
        .iter()
        .enumerate()
        .filter(|(i, p)| last.get(p.key.as_str()) == Some(i))
        .map(|(_, p)| p)
        .collect()
}

fn menu_children(node: &Node, out: &mut Vec<Diagnostic>) {
    for p in node.props() {
        if CHILD_KEYS.contains(&p.key.as_str()) && p.key != "groups" && p.key != "pages" {
            // The platform's schema accepts it (see `keep_order`): not
            // a broken build, but not a layout its documentation describes.
            out.push(Diagnostic::warning(
                p.value.file,
                p.key_range.clone(),
                "nav-menu-child",
                format!(
                    "a menu item is documented to hold only groups, pages and links (`href`), not `{}`: the platform accepts it, but the menu may not show it as you expect; move it up a level",
                    p.key
                ),
            ));
        }
    }
}

/// A language's code must be one of the platform's. It is refused, unless
/// the language sits in a list the platform drops when an element is
/// invalid: then a warning says what is lost.
fn language_code(ix: &NavIndex, i: usize, out: &mut Vec<Diagnostic>) {
    let node = ix.elements[i].node;
    let Some(v) = node.get("language") else {
        return;
    };
    let Some(code) = v.as_str() else { return };
    if LANGUAGES.iter().any(|(c, _)| *c == code) {
        return;
    }
    let suggestion = did_you_mean(code, LANGUAGES.iter().map(|(c, _)| *c)).or_else(|| {
        LANGUAGES
            .iter()
            .find(|(c, _)| c.eq_ignore_ascii_case(code))
            .map(|(c, _)| *c)
    });
    let mut msg = format!("unknown language code \"{code}\"");
    let dropped = ix.elements[i]
        .parent
        .and_then(|p| dropping_list(ix, p, node));
    if let Some((holder, list)) = dropped {
        msg.push_str(&format!(": {}", drops(ix, holder, list)));
    }
    match suggestion {
        Some(s) => msg.push_str(&format!(": did you mean \"{s}\"?")),
        None => msg.push_str(": use a supported code such as en, fr, es, de, ja, pt-BR or zh-Hant"),
    }
    let mut d = if dropped.is_some() {
        Diagnostic::warning(v.file, v.range.clone(), "unknown-language", msg)
    } else {
        Diagnostic::error(v.file, v.range.clone(), "unknown-language", msg)
    };
    if let Some(s) = suggestion {
        d = d.with_fix(Fix::Replace(format!("\"{s}\"")));
    }
    out.push(d);
}

fn group_rules(node: &Node, nested: bool, out: &mut Vec<Diagnostic>) {
    if !nested && let Some(p) = node.prop("expanded") {
        let mut d = Diagnostic::new(
            p.value.file,
            p.key_range.start..p.value.range.end,
            Severity::Warning,
            "nav-expanded-top-level",
            "`expanded` has no effect on a top-level group (top-level groups are always expanded); remove it",
        );
        d = d.with_fix(Fix::Remove);
        out.push(d);
    }
    let has_pages =
        matches!(node.get("pages").map(|p| &p.value), Some(Value::Array(a)) if !a.is_empty());
    let has_other_child = node
        .props()
        .iter()
        .any(|p| CHILD_KEYS.contains(&p.key.as_str()) && p.key != "pages");
    // `"hidden": true` with `"pages": []` is a deliberate placeholder.
    let placeholder = node.get("hidden").and_then(Node::as_bool) == Some(true)
        && matches!(node.get("pages").map(|p| &p.value), Some(Value::Array(a)) if a.is_empty());
    // An `sdk` group gets the pages the prebuild generates from it.
    if !has_pages
        && !has_other_child
        && !placeholder
        && node.get("openapi").is_none()
        && node.get("sdk").is_none()
        && node.get("root").is_none()
    {
        let target = node
            .prop("group")
            .map_or(node.range.start..node.range.start + 1, |p| {
                p.key_range.start..p.value.range.end
            });
        out.push(Diagnostic::warning(
            node.file,
            target,
            "empty-group",
            "this group has neither pages nor `openapi`, so it shows nothing: add pages or remove it",
        ));
    }
}

/// The schema files of GraphQL references and the artifacts of SDK
/// references: the prebuild reads each local one (`Unable to load GraphQL
/// schema ...`, `Unable to load SDK reference ...`) and stops when it is
/// not there. URLs are not fetched.
pub fn sources(site: &Site, ix: &NavIndex, out: &mut Vec<Diagnostic>) {
    for el in &ix.elements {
        for (key, what) in [("graphql", "GraphQL schema"), ("sdk", "SDK artifact")] {
            let Some(v) = el.node.get(key) else { continue };
            let source = match &v.value {
                Value::String(_) => v,
                Value::Object(_) => match v.get("source") {
                    Some(s) => s,
                    None => continue,
                },
                _ => continue,
            };
            let Some(text) = source.as_str().map(str::trim) else {
                continue;
            };
            if text.is_empty() || crate::model::paths::is_url(text) || url::Url::parse(text).is_ok()
            {
                continue;
            }
            let Some(path) = crate::model::paths::join("", text) else {
                out.push(Diagnostic::error(
                    source.file,
                    source.range.clone(),
                    "missing-source",
                    format!("{what} \"{text}\" leads outside the docs root: the prebuild refuses it and the build fails"),
                ));
                continue;
            };
            let exists = site.file_by_path(&path).is_some()
                || site.assets().any(|a| a == path)
                // A folder-shaped artifact (javadoc, sphinx).
                || site.files().any(|f| f.path.starts_with(&format!("{path}/")))
                || site.assets().any(|a| a.starts_with(&format!("{path}/")));
            if !exists {
                out.push(
                    Diagnostic::error(
                        source.file,
                        source.range.clone(),
                        "missing-source",
                        format!("{what} \"{text}\" does not exist: the prebuild cannot load it and the build fails"),
                    )
                    .with_subject(path),
                );
            }
        }
    }
}

fn list(keys: &[&str]) -> String {
    keys.iter()
        .map(|k| format!("`{k}`"))
        .collect::<Vec<_>>()
        .join(", ")
}
