//! Names that explain themselves: a type name is declared in one file of
//! `src/`, and a module file's name is not reused for another idea
//! (ARCHITECTURE.md, "Names"). Two `Kind`s or two `memo.rs` make a reader ask
//! which one is meant, and a search finds both.

use super::{Tok, code_only, rust_files, tokens};
use std::collections::{BTreeMap, BTreeSet};

/// File names that stand in more than one folder on purpose: one feature seen
/// from two or three layers, each file the layer's part of it. Every other
/// repeated name is a failure, and an entry here fails once its name no
/// longer repeats, so the list says exactly what is shared.
const LAYERED: &[(&str, &[&str], &str)] = &[
    (
        "components.rs",
        &["analysis/rules/components.rs", "schema/components.rs"],
        "the platform's components as data, and the rule that checks a page's components against them",
    ),
    (
        "icons.rs",
        &["ide/icons.rs", "schema/icons.rs"],
        "the icon libraries' names as data, and their completion",
    ),
    (
        "inbound_lens.rs",
        &["ide/inbound_lens.rs", "lsp/inbound_lens.rs"],
        "the inbound-links lens: its counts and places, and the LSP lens and command",
    ),
    (
        "inlay_hints.rs",
        &["ide/inlay_hints.rs", "lsp/inlay_hints.rs"],
        "inlay hints: the hints as data, and the LSP request",
    ),
    (
        "navigation_view.rs",
        &[
            "analysis/navigation_view.rs",
            "cli/navigation_view.rs",
            "lsp/navigation_view.rs",
        ],
        "the sidebar: built from the analysis, printed by `docs-lsp nav`, served as `docsLsp/navigation`",
    ),
    (
        "query.rs",
        &["syntax/frontmatter/query.rs", "syntax/json/query.rs"],
        "where the cursor is, asked of each language's tree (front matter, docs.json)",
    ),
    (
        "recover.rs",
        &["syntax/frontmatter/recover.rs", "syntax/json/recover.rs"],
        "a `Node` tree for a text its language's reader refuses, in each language (front matter, docs.json)",
    ),
    (
        "redirects.rs",
        &["analysis/rules/redirects.rs", "model/redirects.rs"],
        "docs.json's redirects: their sources as the platform reads them, and the rules on them",
    ),
    (
        "since.rs",
        &["lsp/since.rs", "workspace/since.rs"],
        "URLs removed since a revision: `check --since` reading the revision, and `docsLsp.since`",
    ),
    (
        "translation_lens.rs",
        &["ide/translation_lens.rs", "lsp/translation_lens.rs"],
        "the translation lens: its lines as data, and the LSP lens",
    ),
    (
        "translations.rs",
        &[
            "analysis/translations.rs",
            "cli/translations.rs",
            "lsp/translations.rs",
        ],
        "the translations report: computed by the analysis, printed by the CLI, served to the editor",
    ),
];

/// The type names a file declares (`struct`, `enum`, `trait`, `type`), not
/// counting associated types: a `type` directly inside an `impl` or `trait`
/// block names a member of that block, not a type of the module.
fn declared_types(text: &str) -> BTreeSet<String> {
    let code = code_only(text);
    let toks = tokens(&code);
    let mut out = BTreeSet::new();
    // For each open brace: whether it is the body of an `impl` or a `trait`.
    let mut blocks: Vec<bool> = Vec::new();
    // What the item being read so far is: `impl`/`trait` (true), a `fn`
    // (false: an `impl Trait` in its signature opens no impl block), or
    // nothing yet.
    let mut item: Option<bool> = None;
    for (i, (t, _)) in toks.iter().enumerate() {
        match t {
            Tok::Punct('{') => {
                blocks.push(item == Some(true));
                item = None;
            }
            Tok::Punct('}') => {
                blocks.pop();
                item = None;
            }
            Tok::Punct(';') => item = None,
            Tok::Ident(w) if w == "fn" => item = Some(false),
            Tok::Ident(w) if (w == "impl" || w == "trait") && item.is_none() => {
                item = Some(true);
            }
            _ => {}
        }
        let Tok::Ident(w) = t else { continue };
        if !matches!(w.as_str(), "struct" | "enum" | "trait" | "type") {
            continue;
        }
        if w == "type" && blocks.last() == Some(&true) {
            continue;
        }
        if let Some((Tok::Ident(name), _)) = toks.get(i + 1)
            && name.starts_with(|c: char| c.is_ascii_uppercase())
        {
            out.insert(name.clone());
        }
    }
    out
}

/// Each type name declared in more than one file, with those files.
fn repeated_types(files: &BTreeMap<String, String>) -> Vec<(String, Vec<String>)> {
    let mut by_name: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (file, text) in files {
        for name in declared_types(text) {
            by_name.entry(name).or_default().push(file.clone());
        }
    }
    by_name.into_iter().filter(|(_, f)| f.len() > 1).collect()
}

/// Each file name (`x.rs`) that stands in more than one folder, with its
/// files. Not counted: `mod.rs`, `lib.rs`, `main.rs` and `tests.rs`, whose
/// names say their role, not their idea, and the files of a `tests/` folder,
/// each named for the module it tests (`ide/tests/hover.rs` tests `ide/hover.rs`).
fn repeated_stems(files: &BTreeMap<String, String>) -> BTreeMap<String, Vec<String>> {
    let mut by_stem: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for file in files.keys() {
        let (folder, name) = file.rsplit_once('/').unwrap_or(("", file));
        if matches!(name, "mod.rs" | "lib.rs" | "main.rs" | "tests.rs")
            || folder.split('/').any(|f| f == "tests")
        {
            continue;
        }
        by_stem
            .entry(name.to_owned())
            .or_default()
            .push(file.clone());
    }
    by_stem.retain(|_, f| f.len() > 1);
    by_stem
}

#[test]
fn each_type_name_is_declared_in_one_file() {
    let problems: Vec<String> = repeated_types(&rust_files())
        .into_iter()
        .map(|(name, files)| format!("`{name}` is declared in {}", files.join(", ")))
        .collect();
    assert!(
        problems.is_empty(),
        "name each type for what it is, once:\n{}",
        problems.join("\n")
    );
}

#[test]
fn module_files_repeat_a_name_only_across_layers() {
    let mut problems = Vec::new();
    let repeated = repeated_stems(&rust_files());
    for (stem, files) in &repeated {
        match LAYERED.iter().find(|(s, ..)| s == stem) {
            Some((_, listed, _)) if listed.iter().eq(files.iter()) => {}
            Some((_, listed, _)) => problems.push(format!(
                "{stem}: LAYERED lists {} but src/ has {}",
                listed.join(", "),
                files.join(", ")
            )),
            None => problems.push(format!(
                "{stem} names {}: rename the ones that hold another idea, or list one feature's layers in LAYERED",
                files.join(", ")
            )),
        }
    }
    for (stem, ..) in LAYERED {
        if !repeated.contains_key(*stem) {
            problems.push(format!("{stem} no longer repeats: take it off LAYERED"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The checker itself, on small inputs.
#[test]
fn names_checker_reads_declarations() {
    let text = "pub struct A;\npub(crate) enum B { X }\ntrait C { type D; }\n\
        impl C for A { type D = u8; }\ntype E = u8;\n\
        fn f() -> impl Iterator<Item = u8> { type F = u8; struct G; std::iter::empty() }\n\
        // struct H;\nconst S: &str = \"enum I\";\nmod m { pub type J = u8; }\n";
    let names: Vec<String> = declared_types(text).into_iter().collect();
    assert_eq!(names, ["A", "B", "C", "E", "F", "G", "J"]);
    let files: BTreeMap<String, String> = [
        ("a/x.rs", "struct Same;"),
        ("b/x.rs", "struct Same; struct Other;"),
        ("a/mod.rs", ""),
        ("b/mod.rs", ""),
        ("c/tests/x.rs", ""),
        ("a/tests.rs", ""),
        ("b/tests.rs", ""),
    ]
    .iter()
    .map(|(f, t)| (f.to_string(), t.to_string()))
    .collect();
    assert_eq!(
        repeated_types(&files),
        [(
            "Same".to_string(),
            vec!["a/x.rs".to_string(), "b/x.rs".to_string()]
        )]
    );
    let stems: Vec<(String, Vec<String>)> = repeated_stems(&files).into_iter().collect();
    assert_eq!(
        stems,
        [(
            "x.rs".to_string(),
            vec!["a/x.rs".to_string(), "b/x.rs".to_string()]
        )]
    );
}
