//! Data-driven tests of the editor features: fixture sites with a `$0`
//! cursor, expected output as inline snapshots (`UPDATE_EXPECT=1`).

mod completion;
mod diagnostics;
mod fixes;
mod heading_rename;
mod hints_and_lenses;
mod hover;
mod icons;
mod overlays;
mod page_components;
mod page_links;
mod refactor;
mod symbols;

/// A small site used by most tests.
pub const DOCS: &str = r#"{
  "name": "Acme",
  "theme": "mint",
  "navigation": {
    "tabs": [
      {"tab": "Guides", "groups": [{"group": "Start", "pages": ["intro", "quickstart"]}]},
      {"tab": "API", "openapi": "api/openapi.json", "groups": [{"group": "Users", "pages": ["GET /users"]}]}
    ]
  }
}"#;

pub const OPENAPI: &str = r#"{
  "openapi": "3.1.0",
  "info": {"title": "Acme API", "version": "1"},
  "paths": {
    "/users": {
      "get": {"summary": "List users", "parameters": [{"name": "limit", "in": "query"}]},
      "post": {"summary": "Create a user"}
    },
    "/users/{id}": {
      "parameters": [{"name": "id", "in": "path", "required": true}],
      "get": {"summary": "Get a user"}
    }
  },
  "webhooks": {"newUser": {"post": {"summary": "A user signed up"}}}
}"#;

// A spec the platform's validator accepts (3.0 requires `responses`).
pub const PETS_YAML: &str = "openapi: 3.0.0\ninfo:\n  title: Pets\n  version: '1'\npaths:\n  /pets:\n    get:\n      summary: List pets\n      responses:\n        '200':\n          description: ok\n";

pub fn files() -> Vec<(&'static str, &'static str)> {
    vec![
        ("docs.json", DOCS),
        (
            "intro.mdx",
            "---\ntitle: Introduction\ndescription: Start here\n---\n# Hi\n",
        ),
        ("quickstart.mdx", "---\ntitle: Quickstart\n---\n"),
        ("guides/auth.mdx", "---\ntitle: Authentication\n---\n"),
        ("unlisted.md", "# no front matter\n"),
        ("api/openapi.json", OPENAPI),
    ]
}

/// `files()` with `path` replaced (or added) by `text`.
pub fn files_with(path: &'static str, text: &'static str) -> Vec<(&'static str, &'static str)> {
    let mut f = files();
    f.retain(|(p, _)| *p != path);
    f.push((path, text));
    f
}

/// Places (definitions, references), one a line: the file, the range and
/// the text there.
pub fn places(a: &crate::analysis::Analysis, found: &[crate::ide::location::Location]) -> String {
    found
        .iter()
        .map(|t| {
            let f = a.site.file(t.file).unwrap();
            format!("{} {:?} {:?}", f.path, t.range, &f.text()[t.range.clone()])
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Completion items as an editor orders them (sort text, then label), one
/// a line.
pub fn completion_lines(items: &[crate::ide::completion::CompletionItem]) -> Vec<String> {
    let mut items = items.to_vec();
    items.sort_by(|a, b| (&a.sort_text, &a.label).cmp(&(&b.sort_text, &b.label)));
    items
        .iter()
        .map(|i| {
            format!(
                "{} [{:?}] {} -> {} @{:?}{}",
                i.label,
                i.kind,
                i.detail.as_deref().unwrap_or("-"),
                i.insert_text,
                i.replace,
                i.sort_text
                    .as_deref()
                    .map(|s| format!(" sort={s}"))
                    .unwrap_or_default()
            )
        })
        .collect()
}

/// A symbol tree, one symbol a line indented by its depth: name, kind,
/// range and the text of its selection range in `text`.
pub fn symbol_tree(text: &str, syms: &[crate::ide::outline_items::Symbol]) -> String {
    fn walk(
        text: &str,
        syms: &[crate::ide::outline_items::Symbol],
        depth: usize,
        out: &mut String,
    ) {
        for s in syms {
            out.push_str(&format!(
                "{}{} [{:?}] {:?} sel={:?}\n",
                "  ".repeat(depth),
                s.name,
                s.kind,
                s.range,
                &text[s.selection_range.clone()]
            ));
            walk(text, &s.children, depth + 1, out);
        }
    }
    let mut out = String::new();
    walk(text, syms, 0, &mut out);
    out
}

/// `n` pages `section{i % sections}/page{i}.mdx` titled `Page {i}`: the
/// pages of a large site.
pub fn many_pages(n: usize, sections: usize) -> Vec<(String, String)> {
    (0..n)
        .map(|i| {
            (
                format!("section{}/page{i}.mdx", i % sections),
                format!("---\ntitle: Page {i}\n---\n"),
            )
        })
        .collect()
}

/// Owned `(path, text)` pairs as the fixtures take them.
pub fn borrowed(files: &[(String, String)]) -> Vec<(&str, &str)> {
    files
        .iter()
        .map(|(p, t)| (p.as_str(), t.as_str()))
        .collect()
}

/// Moves as `(from, to)` pairs, as `edits_for_moves` takes them.
pub fn moves(m: &[(&str, &str)]) -> Vec<(String, String)> {
    m.iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}
