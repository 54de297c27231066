//! Components in page bodies (from the page index of `syntax::page`):
//! unknown components, unknown props, prop values of the wrong type or
//! outside their choices, missing required props.
//!
//! What the platform does, read from `@mintlify/common` (`getMDXOptions`,
//! `remarkMdxRemoveUnknownJsx`): a block-level element whose name is not one
//! of its components, not defined by the page (`export const X`) and not
//! brought in by a snippet import is replaced by the comment "Component X
//! does not exist" (its content disappears); an inline one is left to MDX,
//! whose compiled page throws "Expected component X to be defined" when it
//! renders. Lower-case names are HTML/SVG elements (and custom elements):
//! never reported. A name an import binds is not reported, a package's too,
//! but a package import exempts nothing else on the page (see `ComponentScope`).
//! Props are judged only on tags before the page's first syntax error.

use crate::diagnostics::{Diagnostic, did_you_mean};
use crate::model::site::{Site, SourceFile};
use crate::schema::components::{Component, PropKind, components};
use crate::syntax::page::{AttrValue, Element, PageIndex};
use crate::syntax::tree::FileId;

/// The component diagnostics of one page (`imported`: see [`crate::model::imports::imported_files`]).
pub fn check(
    site: &Site,
    f: &SourceFile,
    imported: &rustc_hash::FxHashSet<FileId>,
    out: &mut Vec<Diagnostic>,
) {
    if f.text.is_err() {
        return;
    }
    let ix = f.page_index();
    if ix.elements.is_empty() {
        return;
    }
    let mut scope = ComponentScope::of(site, f, ix);
    // A page another page imports is a snippet there: the names in scope are
    // the importer's too.
    scope.open |= imported.contains(&f.id);
    // The platform's parser stops at the page's first syntax error: a tag at
    // or after it is not read as the platform would (in a broken quote,
    // `title='Che cos'è il …'`, the words after the quote look like props),
    // and the `mdx-syntax` error already says why the page fails.
    let stop = ix.errors.iter().map(|e| e.range.start).min();
    for el in &ix.elements {
        let read = stop.is_none_or(|at| at > el.open_end as usize);
        element(f, el, &scope, read, out);
    }
}

/// The names a page may use besides the built-in components.
struct ComponentScope<'a> {
    names: Vec<&'a str>,
    /// An import of a snippet the site does not have: the snippet's exports
    /// (in scope where it is inlined) cannot be seen, so no component is
    /// said to be unknown (`missing-snippet` reports the import). A package
    /// import (`react`, `@theme/Tabs`) is not one: it can bring in no more
    /// than the names it binds, which are in `names`. (The platform resolves
    /// no package, `resolveImportPath`, and removes every import,
    /// `remarkRemoveImports`.)
    open: bool,
}

impl<'a> ComponentScope<'a> {
    fn of(site: &'a Site, f: &'a SourceFile, ix: &'a PageIndex) -> ComponentScope<'a> {
        let mut names: Vec<&str> = ix.exports.iter().map(String::as_str).collect();
        let mut open = false;
        let files =
            (!ix.imports.is_empty()).then(|| crate::model::links::targets_of(site, None).files);
        for imp in &ix.imports {
            names.extend(imp.default.as_deref());
            names.extend(imp.named.iter().map(String::as_str));
            // What the imported file exports is in scope too (the platform
            // inlines snippets before rendering).
            let Some(files) = files.as_ref() else {
                continue;
            };
            match crate::model::imports::import_target(files, &f.path, &imp.source) {
                crate::model::imports::ImportTarget::NotAFile => {}
                crate::model::imports::ImportTarget::File(path) => match site.file_by_path(&path) {
                    Some(sf) if sf.text.is_ok() && sf.id != f.id => {
                        names.extend(sf.page_index().exports.iter().map(String::as_str));
                    }
                    _ => open = true,
                },
                crate::model::imports::ImportTarget::Missing { .. } => open = true,
            }
        }
        ComponentScope { names, open }
    }

    fn has(&self, name: &str) -> bool {
        self.names.contains(&name)
    }
}

/// `read`: whether the platform's parser reads the tag (see [`check`]); only
/// then are its props judged.
fn element(
    f: &SourceFile,
    el: &Element,
    scope: &ComponentScope,
    read: bool,
    out: &mut Vec<Diagnostic>,
) {
    let name = el.name.as_str();
    if !name.starts_with(|c: char| c.is_ascii_uppercase()) {
        // Fragments, HTML, SVG, custom elements.
        return;
    }
    let comps = components();
    let Some(c) = comps.get(name) else {
        let base = name.split('.').next().unwrap_or(name);
        if scope.has(base) || scope.open {
            return;
        }
        if base != name && comps.get(base).is_some() {
            // `<Steps.Item>`: a part of a built-in component the data does
            // not list; not said to be unknown (it may be rendered).
            return;
        }
        let known: Vec<&str> = comps
            .all()
            .into_iter()
            .map(|c| c.name.as_str())
            .chain(scope.names.iter().copied())
            .collect();
        let hint = did_you_mean(name, known.iter().copied())
            .map(|s| format!(" Did you mean `{s}`?"))
            .unwrap_or_default();
        out.push(Diagnostic::error(
            f.id,
            el.name_range.range(),
            "unknown-component",
            format!(
                "`<{name}>` is not a component of the platform, and this page neither imports nor defines it: the platform drops it with its content (written inline, it fails the page).{hint} Import it from a snippet or define it with `export const {base} = ...`"
            ),
        ));
        return;
    };
    if read {
        props(f, el, c, out);
    }
}

fn props(f: &SourceFile, el: &Element, c: &Component, out: &mut Vec<Diagnostic>) {
    let comps = components();
    let spread = el.attrs.iter().any(|a| a.name == "...");
    for a in &el.attrs {
        if a.name == "..." {
            continue;
        }
        let Some(p) = c.prop(&a.name) else {
            if c.open
                || comps.is_global_prop(&a.name)
                || a.name.starts_with("data-")
                || a.name.starts_with("aria-")
            {
                continue;
            }
            let hint = did_you_mean(&a.name, c.props.iter().map(|p| p.name.as_str()))
                .map(|s| format!(" Did you mean `{s}`?"))
                .unwrap_or_default();
            out.push(Diagnostic::warning(
                f.id,
                a.name_range.range(),
                "unknown-prop",
                format!(
                    "`<{}>` has no prop `{}`: the platform ignores it.{hint}",
                    el.name, a.name
                ),
            ));
            continue;
        };
        let wrong = |why: String| {
            Diagnostic::warning(
                f.id,
                a.name_range.start()..value_end(a),
                "invalid-prop-value",
                why,
            )
        };
        match (&a.value, p.kind) {
            (AttrValue::String { value, .. }, PropKind::Boolean) => {
                let meaning = if value == "false" {
                    " (the string \"false\" is true)"
                } else {
                    ""
                };
                out.push(wrong(format!(
                    "`{}` of `<{}>` is a boolean: write `{}` or `{}={{false}}`, not a string{meaning}",
                    a.name, el.name, a.name, a.name
                )));
            }
            (AttrValue::String { value, .. }, PropKind::Number)
                if value.trim().parse::<f64>().is_err() =>
            {
                out.push(wrong(format!(
                    "`{}` of `<{}>` is a number: write `{}={{3}}`, not `\"{value}\"`",
                    a.name, el.name, a.name
                )));
            }
            (AttrValue::String { value, range }, _)
                if !p.values.is_empty() && !p.values.iter().any(|v| v == value) =>
            {
                let hint = did_you_mean(value, p.values.iter().map(String::as_str))
                    .map(|s| format!(" Did you mean `{s}`?"))
                    .unwrap_or_default();
                let list: Vec<String> = p.values.iter().map(|v| format!("`{v}`")).collect();
                out.push(Diagnostic::warning(
                    f.id,
                    range.range(),
                    "invalid-prop-value",
                    format!(
                        "`{value}` is not a value of `{}` on `<{}>` (one of {}): the platform falls back to its default.{hint}",
                        a.name,
                        el.name,
                        list.join(", ")
                    ),
                ));
            }
            (AttrValue::None, PropKind::String | PropKind::Number) => {
                out.push(wrong(format!(
                    "`{}` of `<{}>` needs a value (`{}` alone is `true`)",
                    a.name, el.name, a.name
                )));
            }
            _ => {}
        }
    }
    if spread {
        return;
    }
    for p in &c.props {
        if p.required && p.name != "children" && el.attr(&p.name).is_none() {
            out.push(Diagnostic::warning(
                f.id,
                el.name_range.range(),
                "missing-prop",
                format!(
                    "`<{}>` needs `{}` ({}): {}",
                    el.name,
                    p.name,
                    if p.ty.is_empty() { "any" } else { &p.ty },
                    first_sentence(&p.doc)
                ),
            ));
        }
    }
}

fn value_end(a: &crate::syntax::page::Attr) -> usize {
    match &a.value {
        AttrValue::None => a.name_range.end(),
        AttrValue::String { range, .. } => range.end() + 1,
        AttrValue::Expression { range } => range.end(),
    }
}

fn first_sentence(doc: &str) -> String {
    let line = doc.lines().next().unwrap_or("");
    line.split_inclusive(". ")
        .next()
        .unwrap_or(line)
        .trim()
        .to_string()
}
