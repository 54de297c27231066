//! The platform's JavaScript verdicts, given by a real parser. The platform
//! (remark-mdx: micromark's MDX extensions) hands ESM blocks and `{…}`
//! expressions to acorn (ECMAScript 2024, module code, with JSX); docs-lsp
//! hands the same text to `oxc_parser` (JavaScript + JSX, module code), a
//! maintained, fast, conformance-tested parser, and rebuilds around it what
//! the platform adds around acorn (`micromark-util-events-to-acorn`,
//! `micromark-extension-mdxjs-esm`, `micromark-factory-mdx-expression`):
//! `parseExpressionAt`'s "content after expression", the spread and empty
//! rules, the names earlier imports declare, the top-level scope checks
//! acorn makes while parsing (oxc leaves those to its semantic pass), and
//! which statements an ESM block may hold.

use oxc_allocator::Allocator;
use oxc_ast::ast::{
    BindingIdentifier, BindingPattern, Declaration, ExportDefaultDeclarationKind, Expression,
    ModuleDeclaration, ModuleExportName, ObjectPropertyKind, Program, Statement,
    VariableDeclarationKind,
};
use oxc_diagnostics::OxcDiagnostic;
use oxc_parser::{ParseOptions, Parser};
use oxc_span::{GetSpan, SourceType};
use std::cell::RefCell;

/// Why and where the platform refuses a piece of JavaScript.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct JsRefusal {
    /// Offset into the text judged (clamped to it, as the platform maps
    /// acorn's position back into the page).
    pub at: usize,
    /// The parser's reason.
    pub reason: String,
    /// Raised at the very end of the text (or an unterminated comment):
    /// the platform reads an ESM block on over a blank line then.
    pub at_end: bool,
    /// Thrown at once (empty or non-spread attribute expressions): the
    /// platform does not try a later `}`.
    pub thrown: bool,
}

impl JsRefusal {
    fn new(at: usize, reason: impl Into<String>) -> JsRefusal {
        JsRefusal {
            at,
            reason: reason.into(),
            at_end: false,
            thrown: false,
        }
    }

    fn thrown(at: usize, reason: impl Into<String>) -> JsRefusal {
        JsRefusal {
            thrown: true,
            ..JsRefusal::new(at, reason)
        }
    }
}

thread_local! {
    /// One arena per thread, reset between parses: pages hold many small
    /// expressions, and a fresh arena for each costs more than the parse.
    static ARENA: RefCell<Allocator> = RefCell::new(Allocator::default());
}

fn with_arena<R>(f: impl FnOnce(&Allocator) -> R) -> R {
    ARENA.with(|a| match a.try_borrow_mut() {
        Ok(mut a) => {
            a.reset();
            f(&a)
        }
        Err(_) => f(&Allocator::default()),
    })
}

fn parser<'a>(arena: &'a Allocator, text: &'a str) -> Parser<'a> {
    Parser::new(arena, text, SourceType::mjs().with_jsx(true)).with_options(ParseOptions {
        // acorn validates regular expression literals too.
        parse_regular_expression: true,
        ..ParseOptions::default()
    })
}

/// The platform's `empty`: only whitespace and comments, where a `//`
/// comment must end with a line end (else it would comment out the
/// closing brace).
pub(super) fn is_empty(text: &str) -> bool {
    let b = text.as_bytes();
    let mut p = 0;
    while p < b.len() {
        match b[p] {
            c if c.is_ascii_whitespace() => p += 1,
            b'/' if b.get(p + 1) == Some(&b'*') => match memchr::memmem::find(&b[p + 2..], b"*/") {
                Some(i) => p += 2 + i + 2,
                None => return false,
            },
            b'/' if b.get(p + 1) == Some(&b'/') => match memchr::memchr2(b'\n', b'\r', &b[p..]) {
                Some(i) => p += i,
                None => return false,
            },
            _ => return false,
        }
    }
    true
}

/// The first of oxc's diagnostics by position, as a refusal of the `len`
/// bytes that start at `base` in the parsed text (the platform's prefix
/// and the `({` of a spread come before them).
fn first(diags: &[OxcDiagnostic], base: usize, len: usize) -> JsRefusal {
    diags
        .iter()
        .map(|d| {
            // A diagnostic with two places (a duplicate) points at the
            // second, as acorn does.
            let label = d.labels.iter().find(|l| l.primary()).or(d.labels.last());
            let (start, end) = label.map_or((base + len, base + len), |l| {
                (l.offset() as usize, (l.offset() + l.len()) as usize)
            });
            JsRefusal {
                at: start.saturating_sub(base).min(len),
                reason: d.message.to_string(),
                at_end: end >= base + len || d.message.contains("Unterminated multiline comment"),
                thrown: false,
            }
        })
        .min_by_key(|r| r.at)
        .unwrap_or_else(|| JsRefusal::new(len, "Unexpected token"))
}

/// acorn's `parseExpressionAt(text, 0)` as the platform checks it: one
/// expression, then nothing but whitespace and comments.
pub(super) fn expression(text: &str) -> Result<(), JsRefusal> {
    let end = with_arena(|arena| match parser(arena, text).parse_expression() {
        Ok(e) => Ok(e.span().end as usize),
        Err(d) => Err(first(&d, 0, text.len())),
    });
    match end {
        Ok(end) => trailing(text, end),
        Err(r) => Err(after_expression(text, r)),
    }
}

/// After an expression ending at `end`: a `//` comment the text ends in is
/// content to the platform (the closing brace it would hide).
fn trailing(text: &str, end: usize) -> Result<(), JsRefusal> {
    if is_empty(&text[end..]) {
        Ok(())
    } else {
        Err(JsRefusal::new(end, "Unexpected content after expression"))
    }
}

/// oxc parses a whole text as one expression, where acorn's
/// `parseExpressionAt` stops at the first token that cannot continue it and
/// the platform then reports the end of the expression. So when the text
/// up to the refused token is an expression, the refusal is there.
fn after_expression(text: &str, r: JsRefusal) -> JsRefusal {
    if r.at == 0 || r.at >= text.len() {
        return r;
    }
    let head = &text[..r.at];
    let end = with_arena(|arena| {
        parser(arena, head)
            .parse_expression()
            .ok()
            .map(|e| e.span().end as usize)
    });
    match end {
        Some(end) if is_empty(&head[end..]) => JsRefusal {
            at: end,
            reason: "Unexpected content after expression".into(),
            ..r
        },
        _ => r,
    }
}

/// A `{…}` alone in a tag, which the platform parses as `({…})` and
/// accepts only as one spread, `{...props}`.
pub(super) fn spread(text: &str) -> Result<(), JsRefusal> {
    if is_empty(text) {
        return Err(JsRefusal::thrown(0, "Unexpected empty expression"));
    }
    let wrapped = format!("({{{text}}})");
    let at = |offset: u32| (offset as usize).saturating_sub(2).min(text.len());
    with_arena(|arena| {
        let e = match parser(arena, &wrapped).parse_expression() {
            Ok(e) => e,
            Err(d) => return Err(first(&d, 2, text.len())),
        };
        let object = match &e {
            Expression::ParenthesizedExpression(p) => match &p.expression {
                Expression::ObjectExpression(o) if p.span.end as usize == wrapped.len() => Some(o),
                _ => None,
            },
            _ => None,
        };
        let Some(object) = object else {
            return Err(JsRefusal::thrown(
                at(e.span().start),
                "Unexpected `ExpressionStatement` in code: expected an object spread (`{...spread}`)",
            ));
        };
        if let Some(second) = object.properties.get(1) {
            return Err(JsRefusal::thrown(
                at(second.span().start),
                "Unexpected extra content in spread: only a single spread is supported",
            ));
        }
        match object.properties.first() {
            Some(p @ ObjectPropertyKind::ObjectProperty(_)) => Err(JsRefusal::thrown(
                at(p.span().start),
                "Unexpected `Property` in code: only spread elements are supported",
            )),
            _ => Ok(()),
        }
    })
}

/// An attribute value `name={…}`: never empty.
pub(super) fn value(text: &str) -> Result<(), JsRefusal> {
    if is_empty(text) {
        return Err(JsRefusal::thrown(0, "Unexpected empty expression"));
    }
    expression(text)
}

/// An ESM block as the platform parses it: `var` of the names earlier
/// blocks imported, then the block, as a module; only `import` and
/// `export` statements. Returns the names this block imports.
pub(super) fn module(defined: &[&str], text: &str) -> Result<Vec<String>, JsRefusal> {
    let prefix = if defined.is_empty() {
        String::new()
    } else {
        format!("var {}\n", defined.join(","))
    };
    let base = prefix.len();
    let source = format!("{prefix}{text}");
    let refusal = with_arena(|arena| {
        let ret = parser(arena, &source).parse();
        if !ret.diagnostics.is_empty() {
            return Err(first(&ret.diagnostics, base, text.len()));
        }
        let at = |offset: u32| (offset as usize).saturating_sub(base).min(text.len());
        if let Some((offset, reason, at_end)) = scope_error(&ret.program) {
            let mut r = JsRefusal::new(at(offset), reason);
            r.at_end = at_end;
            return Err(r);
        }
        let mut imported = Vec::new();
        let body = ret.program.body.iter().skip(usize::from(base > 0));
        for stmt in body {
            match stmt.as_module_declaration() {
                Some(ModuleDeclaration::ImportDeclaration(i)) => {
                    for s in i.specifiers.iter().flatten() {
                        imported.push(s.local().name.to_string());
                    }
                }
                Some(_) => {}
                None => {
                    return Err(JsRefusal::new(
                        at(stmt.span().start),
                        format!(
                            "Unexpected `{}` in code: only import/exports are supported",
                            statement_type(stmt)
                        ),
                    ));
                }
            }
        }
        Ok(imported)
    });
    match refusal {
        Err(r) if r.reason.starts_with("Dynamic imports can only accept") => {
            Err(dynamic_import(text, r))
        }
        Err(r) if r.at > 0 && !r.at_end => Err(earlier_scope_error(&source, base, r)),
        other => other,
    }
}

/// oxc reads all the arguments of `import(…)` and refuses the call at its
/// start; acorn (ECMAScript 2024) takes one argument and refuses the token
/// after it (`import (` of Go code, or prose, gives the second string).
fn dynamic_import(text: &str, r: JsRefusal) -> JsRefusal {
    let Some(open) = text[r.at..].find('(').map(|i| r.at + i + 1) else {
        return r;
    };
    match expression(&text[open..]) {
        Err(after) if after.reason == "Unexpected content after expression" => {
            let rest = &text[open + after.at..];
            let next = rest.len() - rest.trim_start().len();
            JsRefusal {
                at: open + after.at + next,
                reason: "Unexpected token".into(),
                at_end: false,
                thrown: false,
            }
        }
        _ => r,
    }
}

/// acorn raises a scope error (a name declared twice) when it reads the
/// declaration, before any syntax error further on, which makes oxc give
/// up the tree: the lines before the syntax error's are checked alone.
fn earlier_scope_error(source: &str, base: usize, r: JsRefusal) -> JsRefusal {
    let line_start = source[..base + r.at].rfind('\n').map_or(0, |i| i + 1);
    if line_start <= base {
        return r;
    }
    let head = &source[..line_start];
    with_arena(|arena| {
        let ret = parser(arena, head).parse();
        if !ret.diagnostics.is_empty() {
            return None;
        }
        scope_error(&ret.program).filter(|e| !e.2)
    })
    .map_or(r, |(offset, reason, _)| {
        JsRefusal::new((offset as usize).saturating_sub(base), reason)
    })
}

/// The names a top-level statement declares, and whether lexically
/// (`let`, `const`, `class`, `function` in a module, imports) or as `var`.
fn declared<'s>(stmt: &'s Statement, out: &mut Vec<(&'s str, u32, bool)>) {
    fn pattern<'s>(p: &'s BindingPattern, lexical: bool, out: &mut Vec<(&'s str, u32, bool)>) {
        for id in p.get_binding_identifiers() {
            out.push((id.name.as_str(), id.span.start, lexical));
        }
    }
    fn lexical<'s>(id: Option<&'s BindingIdentifier<'s>>, out: &mut Vec<(&'s str, u32, bool)>) {
        if let Some(id) = id {
            out.push((id.name.as_str(), id.span.start, true));
        }
    }
    fn declaration<'s>(d: &'s Declaration, out: &mut Vec<(&'s str, u32, bool)>) {
        match d {
            Declaration::VariableDeclaration(v) => {
                let lexical = v.kind != VariableDeclarationKind::Var;
                for d in &v.declarations {
                    pattern(&d.id, lexical, out);
                }
            }
            Declaration::FunctionDeclaration(f) => lexical(f.id.as_ref(), out),
            Declaration::ClassDeclaration(c) => lexical(c.id.as_ref(), out),
            _ => {}
        }
    }
    if let Some(d) = stmt.as_declaration() {
        declaration(d, out);
        return;
    }
    match stmt.as_module_declaration() {
        Some(ModuleDeclaration::ImportDeclaration(i)) => {
            for s in i.specifiers.iter().flatten() {
                lexical(Some(s.local()), out);
            }
        }
        Some(ModuleDeclaration::ExportDeclaration(e)) => declaration(&e.declaration, out),
        Some(ModuleDeclaration::ExportDefaultDeclaration(e)) => match &e.declaration {
            ExportDefaultDeclarationKind::FunctionDeclaration(f) => lexical(f.id.as_ref(), out),
            ExportDefaultDeclarationKind::ClassDeclaration(c) => lexical(c.id.as_ref(), out),
            _ => {}
        },
        _ => {}
    }
}

/// The top-level scope errors acorn raises while parsing a module (oxc's
/// parser leaves them to its semantic pass): a name declared twice where
/// one declaration is lexical, and `export { x }` of a name never declared
/// (raised once the whole text is read). (offset, reason, raised at end).
fn scope_error(program: &Program) -> Option<(u32, String, bool)> {
    let mut names: Vec<(&str, u32, bool)> = Vec::new();
    for stmt in &program.body {
        let from = names.len();
        declared(stmt, &mut names);
        for i in from..names.len() {
            let (name, at, lexical) = names[i];
            if names[..i]
                .iter()
                .any(|&(n, _, l)| n == name && (l || lexical))
            {
                return Some((
                    at,
                    format!("Identifier '{name}' has already been declared"),
                    false,
                ));
            }
        }
    }
    for stmt in &program.body {
        if let Some(ModuleDeclaration::ExportNamedDeclaration(e)) = stmt.as_module_declaration() {
            for s in &e.specifiers {
                if let ModuleExportName::IdentifierReference(r) = &s.local
                    && !names.iter().any(|&(n, _, _)| n == r.name.as_str())
                {
                    return Some((
                        r.span.start,
                        format!("Export '{}' is not defined", r.name),
                        true,
                    ));
                }
            }
        }
    }
    None
}

/// The ESTree type the platform names a statement by.
fn statement_type(stmt: &Statement) -> &'static str {
    match stmt {
        Statement::BlockStatement(_) => "BlockStatement",
        Statement::BreakStatement(_) => "BreakStatement",
        Statement::ContinueStatement(_) => "ContinueStatement",
        Statement::DebuggerStatement(_) => "DebuggerStatement",
        Statement::DoWhileStatement(_) => "DoWhileStatement",
        Statement::EmptyStatement(_) => "EmptyStatement",
        Statement::ExpressionStatement(_) => "ExpressionStatement",
        Statement::ForInStatement(_) => "ForInStatement",
        Statement::ForOfStatement(_) => "ForOfStatement",
        Statement::ForStatement(_) => "ForStatement",
        Statement::IfStatement(_) => "IfStatement",
        Statement::LabeledStatement(_) => "LabeledStatement",
        Statement::ReturnStatement(_) => "ReturnStatement",
        Statement::SwitchStatement(_) => "SwitchStatement",
        Statement::ThrowStatement(_) => "ThrowStatement",
        Statement::TryStatement(_) => "TryStatement",
        Statement::WhileStatement(_) => "WhileStatement",
        Statement::WithStatement(_) => "WithStatement",
        Statement::VariableDeclaration(_) => "VariableDeclaration",
        Statement::FunctionDeclaration(_) => "FunctionDeclaration",
        Statement::ClassDeclaration(_) => "ClassDeclaration",
        _ => "Statement",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expressions_as_acorn_reads_them() {
        assert_eq!(expression("a + b"), Ok(()));
        assert_eq!(expression("<div>{x}</div>"), Ok(()));
        assert_eq!(expression("a /* c */"), Ok(()));
        // `parseExpressionAt` ends at `a`; the platform reports there.
        assert_eq!(expression("a b").map_err(|r| r.at), Err(1));
        assert_eq!(expression("a // c").map_err(|r| r.at), Err(1));
        assert_eq!(expression("(a b)").map_err(|r| r.at), Err(3));
        assert!(expression("a +").is_err_and(|r| r.at == 3 && !r.thrown));
        // TypeScript is not JavaScript.
        assert!(expression("(x: number) => x").is_err());
    }

    #[test]
    fn spreads_and_values() {
        assert_eq!(spread("...props"), Ok(()));
        assert!(spread("a").is_err_and(|r| r.thrown));
        assert!(spread("...a, ...b").is_err_and(|r| r.thrown && r.at == 6));
        assert!(spread(" ").is_err_and(|r| r.thrown && r.at == 0));
        assert!(value("/* c */").is_err_and(|r| r.thrown));
        assert_eq!(value("1"), Ok(()));
    }

    #[test]
    fn modules_as_the_platform_reads_them() {
        assert_eq!(module(&[], "import A from 'a'"), Ok(vec!["A".to_string()]));
        assert_eq!(module(&[], "export const a = 1"), Ok(vec![]));
        assert!(module(&[], "const a = 1").is_err_and(|r| r.at == 0));
        // Names earlier blocks imported are declared before the block.
        assert!(module(&["A"], "import A from 'b'").is_err_and(|r| r.at == 7));
        assert!(module(&["A"], "export { A }").is_ok());
        assert!(module(&[], "export { A }").is_err_and(|r| r.at_end));
        // The redeclaration comes before the syntax error after it.
        assert!(
            module(&[], "import A from 'a'\nimport A from 'a'\n<5\nmore")
                .is_err_and(|r| r.at == 25)
        );
        // acorn takes one argument of `import(…)`, and stops at the next.
        assert!(module(&[], "import (\n  \"os\"\n  \"fmt\"\n)\nmore").is_err_and(|r| r.at == 18));
        // Cut short at its end: the platform reads on over a blank line.
        assert!(module(&[], "export const a = {").is_err_and(|r| r.at_end));
        assert!(module(&[], "export const a = ) + 1").is_err_and(|r| !r.at_end));
    }
}
