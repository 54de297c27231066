//! MDX syntax the platform's page parser refuses (`mdx-syntax`): what the
//! page reader (`syntax::page`) found, as the platform's parser (`getAST` of
//! `@mintlify/common`) would stop on it. Such a page breaks the build.

use crate::analysis::memos::Memos;
use crate::analysis::per_file;
use crate::analysis::reads::{self, Revisions};
use crate::diagnostics::{Diagnostic, Fix};
use crate::model::links;
use crate::model::memo::Reads;
use crate::model::site::{Site, SourceFile};

pub const CODE: &str = "mdx-syntax";

pub fn check(site: &Site, memos: &Memos, out: &mut Vec<Diagnostic>) {
    // Depends on the pages alone: each file's errors are kept while it
    // stays, the site's list while no file but docs.json changes.
    let revisions = Revisions::new(site, &memos.anchors);
    let found = per_file::answer(
        site,
        memos,
        &revisions,
        per_file::Rule {
            table: &memos.syntax,
            slot: &memos.site[super::SYNTAX],
            site_reads: vec![reads::dep(reads::SHAPE, site.derived().shape.epoch)],
            files: || {
                links::served_bodies(site)
                    .into_iter()
                    .filter(|f| checked(f))
                    .collect()
            },
            includes: |f: &SourceFile| links::is_served_body(f) && checked(f),
            compute: |f: &SourceFile, _: &mut Reads| check_file(f),
        },
    );
    out.extend(found.iter().cloned());
}

/// Whether the file is read as MDX: `.js`/`.jsx`/`.tsx` snippets are
/// JavaScript modules, which the platform never reads with its page parser.
fn checked(f: &SourceFile) -> bool {
    f.path.ends_with(".mdx") || f.path.ends_with(".md")
}

/// The syntax errors of one page or snippet.
pub fn check_file(f: &SourceFile) -> Vec<Diagnostic> {
    f.page_index()
        .errors
        .iter()
        .map(|e| {
            let d = Diagnostic::error(f.id, e.range.clone(), CODE, e.message.clone());
            match &e.fix {
                Some((range, text)) => d.with_fix(Fix::Edit {
                    title: fix_title(text),
                    range: range.clone(),
                    text: text.clone(),
                }),
                None => d,
            }
        })
        .collect()
}

fn fix_title(text: &str) -> String {
    match text {
        "&lt;" => "Write `&lt;` for a literal `<`".into(),
        " />" => "Close the tag with ` />`".into(),
        "" => "Remove the closing tag".into(),
        "\\{" => "Write `\\{` for a literal brace".into(),
        t if t.starts_with("{/*") => "Turn the HTML comment into an MDX comment".into(),
        t if t.starts_with('[') => "Write a Markdown link".into(),
        t if t.starts_with('"') => "Quote the value".into(),
        t => format!("Replace with `{t}`"),
    }
}

#[cfg(test)]
mod tests {
    use crate::analysis::analyze_texts;
    use expect_test::expect;

    #[test]
    fn javascript_snippets_are_not_read_as_mdx() {
        let docs = r##"{"name": "x", "theme": "mint", "colors": {"primary": "#000000"}, "navigation": {"pages": ["a"]}}"##;
        let page = "---\ntitle: A\n---\n\nimport { Hero } from '/snippets/hero.jsx';\n\n<Hero />\n";
        // JSX text with an apostrophe, and a comparison MDX would refuse.
        let jsx = "// keeps latency <5ms\n\nexport const Hero = () => {\n  const few = 1 < 2;\n  return <h2>Here you'll find it</h2>;\n};\n";
        let bad = "---\ntitle: B\n---\n\nLatency <5ms.\n";
        let a = analyze_texts(&[
            ("docs.json", docs),
            ("a.mdx", page),
            ("snippets/hero.jsx", jsx),
            ("snippets/bad.mdx", bad),
        ]);
        let found: Vec<_> = a
            .diagnostics
            .iter()
            .filter(|d| d.code == super::CODE)
            .map(|d| d.message.split(':').next().unwrap_or_default().to_string())
            .collect();
        // The MDX snippet is still checked.
        expect![[r#"
            [
                "`<5` starts no tag (in MDX every `<` followed by a character starts one)",
            ]
        "#]]
        .assert_debug_eq(&found);
    }

    #[test]
    fn errors_with_fixes() {
        let docs = r##"{"name": "x", "theme": "mint", "colors": {"primary": "#000000"}, "navigation": {"pages": ["a"]}}"##;
        // The platform stops at a page's first error; an element left open is
        // reported only when it is the first, so it comes first here.
        let page = "---\ntitle: A\n---\n\nA line<br>b.\n\nLatency <5ms.\n\nA note <!-- note --> here.\n\n<Card title=x />\n";
        let a = analyze_texts(&[("docs.json", docs), ("a.mdx", page)]);
        let mut out = String::new();
        for d in a.diagnostics.iter().filter(|d| d.code == super::CODE) {
            out.push_str(&format!(
                "{:?} {}: {}\n",
                &page[d.range.clone()],
                d.severity.as_str(),
                d.message
            ));
            for f in &d.fixes {
                if let crate::diagnostics::Fix::Edit { title, range, text } = f {
                    out.push_str(&format!(
                        "  fix {title}: {:?} -> {text:?}\n",
                        &page[range.clone()]
                    ));
                }
            }
        }
        expect![[r#"
            "A line<br>" error: `<br>` must be closed in MDX: write `<br />`
              fix Close the tag with ` />`: ">" -> " />"
            "5" error: `<5` starts no tag (in MDX every `<` followed by a character starts one): write `&lt;` for a literal `<`
              fix Write `&lt;` for a literal `<`: "<" -> "&lt;"
            "!-- note -->" error: HTML comments `<!-- -->` are not allowed in MDX: write `{/* comment */}`
              fix Turn the HTML comment into an MDX comment: "<!-- note -->" -> "{/* note */}"
            "x" error: attribute values must be quoted in MDX: write `title="x"`
              fix Quote the value: "x" -> "\"x\""
        "#]].assert_eq(&out);
    }
}
