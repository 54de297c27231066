//! Structure rules of `navigation` from the site configuration spec.

use crate::diagnostics::{Diagnostic, Fix, Severity, did_you_mean};
use crate::model::languages::LANGUAGES;
use crate::model::nav::{CHILD_KEYS, ElementKind, NavIndex, ROOT_KEYS};
use crate::model::site::Site;
use crate::syntax::tree::{Node, Value};

pub fn check(ix: &NavIndex, out: &mut Vec<Diagnostic>) {
    dropped_lists(ix, out);
    for r in &ix.source_refs {
        out.push(Diagnostic::new(
            r.file,
            r.range.clone(),
            Severity::Information,
            "source-ref",
            "a multi-repository reference: deploys put the navigation of that repository here; its pages are not checked (the platform leaves it out of a local preview)",
        ));
    }
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
                label(el.node, kind, out);
                unique_labels(el.node, out);
                if kind == ElementKind::Item {
                    menu_children(el.node, out);
                }
                if kind == ElementKind::Language {
                    language_code(el.node, out);
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

fn label(node: &Node, kind: ElementKind, out: &mut Vec<Diagnostic>) {
    let key = kind.label_key();
    match node.get(key) {
        // A blank label (`"group": " "`) is how real sites make an
        // unlabelled group: it is fine. A label of another type is the
        // schema pass's to report (once).
        Some(_) => {}
        None => {
            // A `$ref`'d element without its label is still unlabelled.
            let r = node.range.start..node.range.start + 1;
            let hint = match kind {
                ElementKind::Group => {
                    "add \"group\": \"Label\" (an object in `pages` is a group)".to_string()
                }
                ElementKind::Language => "add \"language\": \"en\" (a language code)".to_string(),
                _ => format!("add \"{key}\": \"Label\""),
            };
            out.push(Diagnostic::error(
                node.file,
                r,
                "nav-missing-label",
                format!("this {key} has no `{key}` label: {hint}"),
            ));
        }
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

fn language_code(node: &Node, out: &mut Vec<Diagnostic>) {
    let Some(v) = node.get("language") else {
        return;
    };
    let Some(code) = v.as_str() else { return };
    if code.trim().is_empty() || LANGUAGES.iter().any(|(c, _)| *c == code) {
        return;
    }
    let suggestion = did_you_mean(code, LANGUAGES.iter().map(|(c, _)| *c)).or_else(|| {
        LANGUAGES
            .iter()
            .find(|(c, _)| c.eq_ignore_ascii_case(code))
            .map(|(c, _)| *c)
    });
    let mut msg = format!("unknown language code \"{code}\"");
    let mut d;
    match suggestion {
        Some(s) => {
            msg.push_str(&format!(": did you mean \"{s}\"?"));
            d = Diagnostic::error(v.file, v.range.clone(), "unknown-language", msg);
            d = d.with_fix(Fix::Replace(format!("\"{s}\"")));
        }
        None => {
            msg.push_str(": use a supported code such as en, fr, es, de, ja, pt-BR or zh-Hant");
            d = Diagnostic::error(v.file, v.range.clone(), "unknown-language", msg);
        }
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
