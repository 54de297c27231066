//! The shape of `src/`, checked as the code stands: no import circles between
//! files, the protocol crate only in the layers that speak the protocol, and
//! no file longer than a reader can hold in mind, one declaration per type name
//! and module file names reused only across layers (names.rs) (ARCHITECTURE.md,
//! "Invariants").
//!
//! Rules the code does not meet yet have allowlists below. An allowlist may
//! only shrink: each test also fails when a listed file no longer breaks its
//! rule, so that the list always says exactly what is left to do.

use petgraph::algo::tarjan_scc;
use petgraph::graph::DiGraph;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

// Kept in its own file: this one is near the length limit.
#[path = "architecture/names.rs"]
mod names;

/// Files that may stand in an import circle, for now. Every circle must lie
/// within these files, and each of them must still be in one.
const CIRCLE_ALLOWLIST: &[&str] = &[];

/// Files that may be longer than [`MAX_LINES`], for now.
const LENGTH_ALLOWLIST: &[&str] = &[];

/// Longest a file may be, in lines.
const MAX_LINES: usize = 700;

/// The one layer that speaks the protocol: `syntax`, `schema`, `model` and
/// `ide` answer as plain data, and nothing else needs the protocol's types.
const PROTOCOL_LAYER: &str = "lsp";

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file below `src/`, by its path relative to `src/` (with `/`).
fn rust_files() -> BTreeMap<String, String> {
    fn walk(dir: &Path, root: &Path, out: &mut BTreeMap<String, String>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .expect("read src")
            .map(|e| e.expect("dir entry").path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, root, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(root).expect("below src");
                let rel = rel
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect::<Vec<_>>()
                    .join("/");
                let text = std::fs::read_to_string(&path).expect("read source");
                out.insert(rel, text);
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(&src(), &src(), &mut out);
    out
}

/// The module path a file defines: `model/links.rs` and `model/links/mod.rs`
/// are `["model", "links"]`; `lib.rs` is the crate root. `main.rs` is another
/// crate (it reaches the library as `docs_lsp::`), so it has none.
fn module_of(file: &str) -> Option<Vec<String>> {
    if file == "main.rs" {
        return None;
    }
    if file == "lib.rs" {
        return Some(Vec::new());
    }
    let stem = file.strip_suffix(".rs")?;
    let mut parts: Vec<String> = stem.split('/').map(str::to_owned).collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    Some(parts)
}

/// The text with comments, string and char literals blanked out, so that
/// `crate::` in a doc comment or a message is not read as a use.
fn code_only(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    // Pushes blanks for b[from..to], keeping line breaks.
    let blank = |out: &mut String, from: usize, to: usize| {
        for &c in &b[from..to] {
            out.push(if c == b'\n' { '\n' } else { ' ' });
        }
    };
    while i < b.len() {
        let rest = &b[i..];
        if rest.starts_with(b"//") {
            let end = memchr(b'\n', &b[i..]).map_or(b.len(), |n| i + n);
            blank(&mut out, i, end);
            i = end;
        } else if rest.starts_with(b"/*") {
            // Block comments nest in Rust.
            let (mut depth, mut j) = (0usize, i);
            while j < b.len() {
                if b[j..].starts_with(b"/*") {
                    depth += 1;
                    j += 2;
                } else if b[j..].starts_with(b"*/") {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    j += 1;
                }
            }
            blank(&mut out, i, j);
            i = j;
        } else if let Some(hashes) = raw_string_start(b, i) {
            // r"…", r#"…"#, br"…": no escapes, ends at a quote and as many #.
            let open = i + b[i..].iter().position(|&c| c == b'"').expect("quote") + 1;
            let close: Vec<u8> = std::iter::once(b'"')
                .chain(std::iter::repeat_n(b'#', hashes))
                .collect();
            let end = b[open..]
                .windows(close.len())
                .position(|w| w == close.as_slice())
                .map_or(b.len(), |n| open + n + close.len());
            blank(&mut out, i, end);
            i = end;
        } else if b[i] == b'"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            let end = (j + 1).min(b.len());
            blank(&mut out, i, end);
            i = end;
        } else if b[i] == b'\'' {
            // A char literal ('x', '\n', '\u{..}', '"') or a lifetime ('a).
            let end = if b.get(i + 1) == Some(&b'\\') {
                memchr(b'\'', &b[i + 2..]).map(|n| i + 2 + n + 1)
            } else {
                let ch_len = text[i + 1..].chars().next().map_or(1, char::len_utf8);
                (b.get(i + 1 + ch_len) == Some(&b'\'')).then_some(i + 2 + ch_len)
            };
            match end {
                Some(end) => {
                    blank(&mut out, i, end);
                    i = end;
                }
                None => {
                    out.push('\'');
                    i += 1;
                }
            }
        } else {
            let ch = text[i..].chars().next().expect("char");
            out.push(ch);
            i += ch.len_utf8();
        }
    }
    out
}

fn memchr(needle: u8, hay: &[u8]) -> Option<usize> {
    hay.iter().position(|&c| c == needle)
}

/// If a raw string starts at `i` (not inside an identifier), its number of `#`.
fn raw_string_start(b: &[u8], i: usize) -> Option<usize> {
    if i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_') {
        return None;
    }
    let mut j = i;
    if b.get(j) == Some(&b'b') || b.get(j) == Some(&b'c') {
        j += 1;
    }
    if b.get(j) != Some(&b'r') {
        return None;
    }
    j += 1;
    let hashes = b[j..].iter().take_while(|&&c| c == b'#').count();
    (b.get(j + hashes) == Some(&b'"')).then_some(hashes)
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Ident(String),
    Punct(char),
    /// `::`
    Path,
}

fn tokens(code: &str) -> Vec<(Tok, usize)> {
    let b = code.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push((Tok::Ident(code[start..i].to_owned()), start));
        } else if c == b':' && b.get(i + 1) == Some(&b':') {
            out.push((Tok::Path, i));
            i += 2;
        } else if c.is_ascii_whitespace() || !c.is_ascii() {
            i += 1;
        } else {
            out.push((Tok::Punct(c as char), i));
            i += 1;
        }
    }
    out
}

/// A path one file names: the module it is named from and its segments.
struct Named {
    from: Vec<String>,
    segments: Vec<String>,
}

/// Expands a use tree (`a::{b, c::{d, e}}`) starting at `toks[*i]` into
/// full paths with `prefix` in front.
fn use_tree(toks: &[(Tok, usize)], i: &mut usize, prefix: Vec<String>, out: &mut Vec<Vec<String>>) {
    let mut path = prefix;
    loop {
        match toks.get(*i).map(|t| &t.0) {
            Some(Tok::Ident(name)) => {
                if name != "as" {
                    path.push(name.clone());
                }
                *i += 1;
                if name == "as" {
                    // The alias: skip it, the path is complete.
                    *i += 1;
                    out.push(path);
                    return;
                }
            }
            Some(Tok::Path) => *i += 1,
            Some(Tok::Punct('*')) => {
                *i += 1;
                out.push(path);
                return;
            }
            Some(Tok::Punct('{')) => {
                *i += 1;
                loop {
                    match toks.get(*i).map(|t| &t.0) {
                        Some(Tok::Punct('}')) => {
                            *i += 1;
                            return;
                        }
                        Some(Tok::Punct(',')) => *i += 1,
                        None => return,
                        _ => {
                            let before = *i;
                            use_tree(toks, i, path.clone(), out);
                            if *i == before {
                                *i += 1;
                            }
                        }
                    }
                }
            }
            _ => {
                out.push(path);
                return;
            }
        }
    }
}

/// Every path one file names that may lead to another file of the crate:
/// `use` trees, and `crate::…` / `super::…` / `self::…` paths in code. Inline
/// modules (`mod tests { … }`) are followed, so their `super` is the file.
///
/// Test code is left out (`#[cfg(test)]` modules and uses, and the files of
/// `#[cfg(test)] mod x;`, listed in `test_children`): a test sits above what it
/// tests and may build its input with any layer (`ide::fixture` runs a whole
/// analysis), which is no circle in the code that ships.
fn named_paths(file_module: &[String], text: &str, test_children: &mut Vec<String>) -> Vec<Named> {
    let toks = tokens(&code_only(text));
    let mut out = Vec::new();
    // Inline modules open: (name, brace depth inside it, whether test-only).
    let mut inline: Vec<(String, usize, bool)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    // Whether the item being read carries `#[cfg(test)]`.
    let mut pending_test = false;
    let cfg_test = |i: usize| {
        let want = ["#", "[", "cfg", "(", "test", ")", "]"];
        want.iter().enumerate().all(|(k, w)| match toks.get(i + k) {
            Some((Tok::Ident(s), _)) => s == w,
            Some((Tok::Punct(c), _)) => w.len() == 1 && w.starts_with(*c),
            _ => false,
        })
    };
    let here = |inline: &[(String, usize, bool)]| {
        let mut m = file_module.to_vec();
        m.extend(inline.iter().map(|(n, _, _)| n.clone()));
        m
    };
    let in_test = |inline: &[(String, usize, bool)]| inline.iter().any(|m| m.2);
    while i < toks.len() {
        match &toks[i].0 {
            Tok::Punct('#') if cfg_test(i) => {
                pending_test = true;
                i += 7;
            }
            Tok::Punct('{') => {
                pending_test = false;
                depth += 1;
                i += 1;
            }
            Tok::Punct('}') => {
                pending_test = false;
                if inline.last().is_some_and(|m| m.1 == depth) {
                    inline.pop();
                }
                depth = depth.saturating_sub(1);
                i += 1;
            }
            Tok::Punct(';') => {
                pending_test = false;
                i += 1;
            }
            Tok::Ident(kw) if kw == "mod" => {
                let test = std::mem::take(&mut pending_test) || in_test(&inline);
                match (toks.get(i + 1), toks.get(i + 2)) {
                    (Some((Tok::Ident(name), _)), Some((Tok::Punct('{'), _))) => {
                        depth += 1;
                        inline.push((name.clone(), depth, test));
                        i += 3;
                    }
                    (Some((Tok::Ident(name), _)), Some((Tok::Punct(';'), _))) => {
                        if test && inline.is_empty() {
                            test_children.push(name.clone());
                        }
                        i += 3;
                    }
                    _ => i += 1,
                }
            }
            Tok::Ident(kw) if kw == "use" => {
                let test = std::mem::take(&mut pending_test) || in_test(&inline);
                i += 1;
                let mut paths = Vec::new();
                use_tree(&toks, &mut i, Vec::new(), &mut paths);
                let from = here(&inline);
                if !test {
                    out.extend(paths.into_iter().map(|segments| Named {
                        from: from.clone(),
                        segments,
                    }));
                }
            }
            Tok::Ident(first)
                if matches!(first.as_str(), "crate" | "super" | "self")
                    && matches!(toks.get(i + 1), Some((Tok::Path, _)))
                    // `pub(in crate::x)` and `$crate::` are not uses.
                    && !(i > 0 && matches!(toks[i - 1].0, Tok::Punct('$'))) =>
            {
                let test = in_test(&inline);
                let mut segments = vec![first.clone()];
                let mut j = i + 1;
                while let (Some((Tok::Path, _)), Some((Tok::Ident(s), _))) =
                    (toks.get(j), toks.get(j + 1))
                {
                    segments.push(s.clone());
                    j += 2;
                }
                if !test {
                    out.push(Named {
                        from: here(&inline),
                        segments,
                    });
                }
                i = j;
            }
            _ => i += 1,
        }
    }
    out
}

/// The file a path leads to: the longest module prefix that is a file.
/// Paths that start with neither `crate`, `super`, `self` nor a module below
/// the naming one lead outside the crate (or to a local item) and give none.
fn resolve(named: &Named, modules: &BTreeMap<Vec<String>, String>) -> Option<String> {
    let mut segs = named.segments.iter().peekable();
    let mut module: Vec<String> = match segs.peek().map(|s| s.as_str()) {
        Some("crate") => {
            segs.next();
            Vec::new()
        }
        Some("super") | Some("self") => {
            let mut m = named.from.clone();
            while let Some(s) = segs.peek().map(|s| s.as_str()) {
                match s {
                    "super" => {
                        m.pop()?;
                    }
                    "self" => {}
                    _ => break,
                }
                segs.next();
            }
            m
        }
        Some(_) => named.from.clone(),
        None => return None,
    };
    let relative = !matches!(
        named.segments.first().map(String::as_str),
        Some("crate" | "super" | "self")
    );
    // The deepest module that is a file; without one, the module the path
    // starts from holds the item (`super::Item`, `crate::Item`, `super::*`).
    let mut found = if relative {
        None
    } else {
        modules.get(&module).cloned()
    };
    for (n, s) in segs.enumerate() {
        module.push(s.clone());
        match modules.get(&module) {
            Some(file) => found = Some(file.clone()),
            None if n == 0 && relative => return None,
            None => break,
        }
    }
    found
}

/// The file import graph: an edge for each file another file names.
fn import_graph(files: &BTreeMap<String, String>) -> BTreeMap<String, BTreeSet<String>> {
    let modules: BTreeMap<Vec<String>, String> = files
        .keys()
        .filter_map(|f| module_of(f).map(|m| (m, f.clone())))
        .collect();
    let mut graph = BTreeMap::new();
    // Modules declared `#[cfg(test)] mod x;`: they and all below them are tests.
    let mut test_modules: Vec<Vec<String>> = Vec::new();
    for (file, text) in files {
        let Some(module) = module_of(file) else {
            continue;
        };
        let mut test_children = Vec::new();
        let targets: BTreeSet<String> = named_paths(&module, text, &mut test_children)
            .iter()
            .filter_map(|n| resolve(n, &modules))
            .filter(|t| t != file)
            .collect();
        graph.insert(file.clone(), targets);
        test_modules.extend(test_children.into_iter().map(|c| {
            let mut m = module.clone();
            m.push(c);
            m
        }));
    }
    graph.retain(|file, _| {
        let module = module_of(file).unwrap_or_default();
        !test_modules.iter().any(|t| module.starts_with(t))
    });
    for targets in graph.values_mut() {
        targets.retain(|t| {
            let module = module_of(t).unwrap_or_default();
            !test_modules.iter().any(|tm| module.starts_with(tm))
        });
    }
    graph
}

/// The import circles: each strongly connected component of two or more files.
fn circles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    let mut g = DiGraph::<&str, ()>::new();
    let nodes: BTreeMap<&str, _> = graph.keys().map(|f| (f.as_str(), g.add_node(f))).collect();
    for (from, tos) in graph {
        for to in tos {
            if let Some(&t) = nodes.get(to.as_str()) {
                g.add_edge(nodes[from.as_str()], t, ());
            }
        }
    }
    let mut out: Vec<Vec<String>> = tarjan_scc(&g)
        .into_iter()
        .filter(|c| c.len() > 1)
        .map(|c| {
            let mut files: Vec<String> = c.iter().map(|&n| g[n].to_owned()).collect();
            files.sort();
            files
        })
        .collect();
    out.sort();
    out
}

/// One circle, written as the files and which of them names which.
fn describe(circle: &[String], graph: &BTreeMap<String, BTreeSet<String>>) -> String {
    let members: BTreeSet<&String> = circle.iter().collect();
    let edges: Vec<String> = circle
        .iter()
        .flat_map(|from| {
            graph[from]
                .iter()
                .filter(|to| members.contains(to))
                .map(move |to| format!("{from} -> {to}"))
        })
        .collect();
    format!("[{}]: {}", circle.join(", "), edges.join("; "))
}

#[test]
fn no_import_circles_between_files() {
    let graph = import_graph(&rust_files());
    let circles = circles(&graph);
    let allowed: BTreeSet<&str> = CIRCLE_ALLOWLIST.iter().copied().collect();
    let mut problems = Vec::new();
    for c in &circles {
        if !c.iter().all(|f| allowed.contains(f.as_str())) {
            problems.push(format!("import circle {}", describe(c, &graph)));
        }
    }
    let in_circles: BTreeSet<&str> = circles.iter().flatten().map(String::as_str).collect();
    for f in CIRCLE_ALLOWLIST {
        if !in_circles.contains(f) {
            problems.push(format!(
                "{f} is in no import circle any more: take it off CIRCLE_ALLOWLIST"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Layers below others never reach up: what each layer may not import
/// (ARCHITECTURE.md: `analysis` sits between `model` and `ide`, so a rule
/// never depends on an editor feature or the protocol).
const LAYERS_BELOW: &[(&str, &[&str])] = &[
    (
        "text",
        &["syntax", "schema", "model", "analysis", "ide", "lsp", "cli"],
    ),
    ("syntax", &["model", "analysis", "ide", "lsp", "cli"]),
    ("schema", &["model", "analysis", "ide", "lsp", "cli"]),
    ("model", &["analysis", "ide", "lsp", "cli"]),
    ("analysis", &["ide", "lsp", "cli"]),
    ("ide", &["lsp", "cli"]),
];

#[test]
fn lower_layers_never_import_higher_ones() {
    let graph = import_graph(&rust_files());
    let mut problems = Vec::new();
    for (file, targets) in &graph {
        let layer = file.split('/').next().unwrap_or_default();
        let Some((_, above)) = LAYERS_BELOW.iter().find(|(l, _)| *l == layer) else {
            continue;
        };
        for t in targets {
            let to = t.split('/').next().unwrap_or_default();
            if above.contains(&to) {
                problems.push(format!("src/{file} imports src/{t}: {layer} is below {to}"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn protocol_only_in_lsp() {
    let mut problems = Vec::new();
    for (file, text) in rust_files() {
        let layer = file.split('/').next().unwrap_or_default();
        if layer != PROTOCOL_LAYER && code_only(&text).contains("tower_lsp_server") {
            problems.push(format!("{file} names tower_lsp_server; only lsp/ may"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn no_file_over_max_lines() {
    let mut problems = Vec::new();
    let files = rust_files();
    for (file, text) in &files {
        let lines = text.lines().count();
        let allowed = LENGTH_ALLOWLIST.contains(&file.as_str());
        if lines > MAX_LINES && !allowed {
            problems.push(format!(
                "src/{file} has {lines} lines (at most {MAX_LINES})"
            ));
        }
        if lines <= MAX_LINES && allowed {
            problems.push(format!(
                "src/{file} has {lines} lines now: take it off LENGTH_ALLOWLIST"
            ));
        }
    }
    for f in LENGTH_ALLOWLIST {
        if !files.contains_key(*f) {
            problems.push(format!("src/{f} is gone: take it off LENGTH_ALLOWLIST"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The checker itself: the readings it relies on, on small inputs.
#[test]
fn checker_reads_paths() {
    let code =
        code_only("let s = \"crate::a\"; // crate::b\nlet c = '\"'; crate::c::d(); 'a: loop {}");
    assert!(!code.contains("crate::a") && !code.contains("crate::b"));
    assert!(code.contains("crate::c::d") && code.contains("'a"));
    let text = "use crate::m::{a::{X, Y}, b as c};\nuse super::*;\nmod inner { use super::q; }\nfn f() { crate::z::f(); }\n#[cfg(test)]\nmod tests { use crate::t::T; }\n#[cfg(test)]\nmod fixture;\n#[cfg(test)]\nuse crate::u;";
    let from: Vec<String> = vec!["p".into(), "f".into()];
    let mut test_children = Vec::new();
    let paths: Vec<String> = named_paths(&from, text, &mut test_children)
        .iter()
        .map(|n| format!("{}:{}", n.from.join("::"), n.segments.join("::")))
        .collect();
    assert_eq!(
        paths,
        [
            "p::f:crate::m::a::X",
            "p::f:crate::m::a::Y",
            "p::f:crate::m::b",
            "p::f:super",
            "p::f::inner:super::q",
            "p::f:crate::z::f",
        ]
    );
    assert_eq!(test_children, ["fixture"]);
    let modules: BTreeMap<Vec<String>, String> = ["m.rs", "m/a.rs", "p/mod.rs", "p/f.rs", "z.rs"]
        .iter()
        .filter_map(|f| module_of(f).map(|m| (m, f.to_string())))
        .collect();
    let named = |from: &[&str], segs: &[&str]| Named {
        from: from.iter().map(|s| s.to_string()).collect(),
        segments: segs.iter().map(|s| s.to_string()).collect(),
    };
    let at = |from: &[&str], segs: &[&str]| resolve(&named(from, segs), &modules);
    assert_eq!(
        at(&["p", "f"], &["crate", "m", "a", "X"]).as_deref(),
        Some("m/a.rs")
    );
    assert_eq!(
        at(&["p", "f"], &["crate", "m", "Q"]).as_deref(),
        Some("m.rs")
    );
    assert_eq!(
        at(&["p", "f"], &["super", "Thing"]).as_deref(),
        Some("p/mod.rs")
    );
    assert_eq!(
        at(&["p", "f", "tests"], &["super", "q"]).as_deref(),
        Some("p/f.rs")
    );
    assert_eq!(at(&["p"], &["f", "g"]).as_deref(), Some("p/f.rs"));
    assert_eq!(at(&["p"], &["std", "fmt"]), None);
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a.rs", &["b.rs"][..]),
        ("b.rs", &["a.rs", "c.rs"][..]),
        ("c.rs", &[][..]),
    ]
    .iter()
    .map(|(f, t)| (f.to_string(), t.iter().map(|s| s.to_string()).collect()))
    .collect();
    assert_eq!(
        circles(&graph),
        [vec!["a.rs".to_string(), "b.rs".to_string()]]
    );
}
