//! `cargo bench --bench frontmatter_tree`: the front matter's tolerant
//! outline (`syntax::frontmatter::outline`) and the tree recovered from it,
//! against the YAML reader's `Node` tree (`syntax::frontmatter::parse`, yaml-rust2 events and js-yaml 3's
//! leniencies, what the rules read), on a typical page's front matter (a
//! dozen keys, a nested mapping, a list of mappings, a flow list) and on a
//! large one (`large`: the same 40 times over, under distinct keys): reading
//! each tree, and a completion request's whole question (outline read and
//! asked) at the last line, on the text as written and half typed (the
//! last line cut to `ke`, where the YAML reader gives no tree).

use docs_lsp::syntax::frontmatter::{self, outline::Outline, query, recover};

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    divan::main();
}

const BLOCK: &str = "title: \"Getting started with the API\"
description: Learn how to authenticate, send requests and read responses
sidebarTitle: Getting started
icon:
  name: rocket
  style: duotone
mode: wide
keywords: ['api', 'auth', 'requests', \"responses\"]
contextual:
  options:
    - copy
    - title: Ask the team
      description: Opens a chat
      icon: message
  display: header
public: true
";

/// A page: front matter of `copies` blocks (keys made distinct after the
/// first), then `tail` as its last line, then a body.
fn page(copies: usize, tail: &str) -> String {
    let mut s = String::from("---\n");
    for i in 0..copies {
        if i == 0 {
            s.push_str(BLOCK);
        } else {
            s.push_str(&format!("block{i}:\n"));
            for line in BLOCK.lines() {
                s.push_str("  ");
                s.push_str(line);
                s.push('\n');
            }
        }
    }
    s.push_str(tail);
    s.push_str("\n---\n\n# Body\n");
    s
}

fn cases() -> [(&'static str, String); 4] {
    [
        ("typical", page(1, "openapi: GET /users")),
        ("typical, half typed", page(1, "ke")),
        ("large", page(40, "openapi: GET /users")),
        ("large, half typed", page(40, "ke")),
    ]
}

const NAMES: [&str; 4] = [
    "typical",
    "typical, half typed",
    "large",
    "large, half typed",
];

fn case(name: &str) -> String {
    cases()
        .into_iter()
        .find(|(n, _)| *n == name)
        .map(|(_, t)| t)
        .unwrap_or_default()
}

#[divan::bench(args = NAMES)]
fn read_outline(bencher: divan::Bencher, name: &str) {
    let t = case(name);
    let body = frontmatter::body(&t).map(|(b, _)| b).unwrap_or_default();
    bencher.bench(|| {
        Outline::read(divan::black_box(&t), body.clone())
            .nodes
            .len()
    });
}

#[divan::bench(args = NAMES)]
fn read_node_tree(bencher: divan::Bencher, name: &str) {
    let t = case(name);
    bencher.bench(|| frontmatter::parse(0, divan::black_box(&t)).root.is_some());
}

/// The tree the query goes down when the YAML does not parse: the outline
/// read and a `Node` tree made of it.
#[divan::bench(args = NAMES)]
fn recover_node_tree(bencher: divan::Bencher, name: &str) {
    let t = case(name);
    let body = frontmatter::body(&t).map(|(b, _)| b).unwrap_or_default();
    bencher.bench(|| {
        recover::recover(0, divan::black_box(&t), &Outline::read(&t, body.clone())).is_some()
    });
}

/// What a completion request asks when no version of the page holds the
/// editor's text: find the fences, read the YAML (and recover a tree from
/// the outline when it does not parse), ask.
#[divan::bench(args = NAMES)]
fn cursor_at_last_line(bencher: divan::Bencher, name: &str) {
    let t = case(name);
    let off = t.find("\n---\n\n#").unwrap_or(0);
    bencher.bench(|| query::cursor(divan::black_box(&t), off).map(|c| c.path.len()));
}

/// What it asks when the page's version has read its front matter (once
/// per version, for the rules): the question alone, down the YAML tree (or
/// the tree recovered from the outline, made per question).
#[divan::bench(args = NAMES)]
fn cursor_at_last_line_read(bencher: divan::Bencher, name: &str) {
    let t = case(name);
    let off = t.find("\n---\n\n#").unwrap_or(0);
    let front = frontmatter::parse(0, &t);
    bencher.bench(|| query::cursor_in(divan::black_box(&t), off, &front).map(|c| c.path.len()));
}
