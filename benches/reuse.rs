//! Which reuse mechanism the analysis layer uses (issue 27): `salsa` (the
//! crate rust-analyzer uses) against the in-house memo table
//! (`docs_lsp::model::memo`), on this project's shape: 25,000 page
//! inputs, a docs.json input and a "shape" (the site's page paths) that
//! rarely changes; a per-page query reading its page, the shape and a part
//! of docs.json (its redirect sources, itself a derived value with early
//! cutoff); an aggregate over all pages. A keystroke changes one page (or
//! docs.json, outside the part pages read) and asks the aggregate again.
//!
//! `cargo bench --bench reuse`. Live memory after the first computation is
//! printed before the timings (a counting allocator).

use docs_lsp::model::memo::{Key, MemoTable, Revision, fresh_revision};
use rayon::prelude::*;
use rustc_hash::FxHashSet;
use salsa::{Database, Durability, Setter};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::Arc;
use std::sync::atomic::{AtomicIsize, Ordering};

/// The system allocator, counting live bytes.
struct Counting;
static LIVE: AtomicIsize = AtomicIsize::new(0);
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        LIVE.fetch_add(l.size() as isize, Ordering::Relaxed);
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        LIVE.fetch_sub(l.size() as isize, Ordering::Relaxed);
        unsafe { System.dealloc(p, l) }
    }
}
#[global_allocator]
static ALLOC: Counting = Counting;

const PAGES: usize = 25_000;

fn page_text(i: usize, edit: u64) -> String {
    format!(
        "---\ntitle: Page {i}\n---\n# Page {i}\n\nSee [next](/p{}) and [gone](/missing{}) and \
         [moved](/old{}).\n\nSome body text for page {i}, edited {edit} times.\n",
        (i + 1) % PAGES,
        i % 50,
        i % 7
    )
}

fn docs_text(name: u64) -> String {
    format!(r#"{{"name": "Site {name}", "redirects": ["/old0", "/old1", "/old2", "/old3"]}}"#)
}

/// The part of docs.json a page's links read: the redirect sources.
fn docs_part(text: &str) -> Vec<String> {
    text.split('"')
        .filter(|s| s.starts_with("/old"))
        .map(str::to_owned)
        .collect()
}

/// One page's "broken link" offsets.
fn check_page(text: &str, shape: &FxHashSet<String>, part: &[String]) -> Vec<u32> {
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(n) = text[at..].find("](") {
        let start = at + n + 2;
        let end = text[start..].find(')').map_or(text.len(), |e| start + e);
        let target = &text[start..end];
        if !shape.contains(target) && !part.iter().any(|p| p == target) {
            out.push(start as u32);
        }
        at = end;
    }
    out
}

fn shape() -> FxHashSet<String> {
    (0..PAGES).map(|i| format!("/p{i}")).collect()
}

// ---- (a) salsa ----

#[salsa::input]
struct Page {
    #[returns(ref)]
    text: String,
}

#[salsa::input(singleton)]
struct Shape {
    #[returns(ref)]
    paths: FxHashSet<String>,
}

#[salsa::input(singleton)]
struct DocsJson {
    #[returns(ref)]
    text: String,
}

#[salsa::input]
struct SiteIn {
    #[returns(ref)]
    pages: Vec<Page>,
}

#[salsa::tracked(returns(ref))]
fn redirects(db: &dyn Database) -> Vec<String> {
    docs_part(DocsJson::get(db).text(db))
}

#[salsa::tracked(returns(ref))]
fn page_check(db: &dyn Database, page: Page) -> Vec<u32> {
    check_page(
        page.text(db),
        Shape::get(db).paths(db),
        redirects(db).as_slice(),
    )
}

#[salsa::tracked(returns(ref))]
fn site_check(db: &dyn Database, site: SiteIn) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for (i, p) in site.pages(db).iter().enumerate() {
        out.extend(page_check(db, *p).iter().map(|&o| (i as u32, o)));
    }
    out
}

struct SalsaSite {
    db: salsa::DatabaseImpl,
    site: SiteIn,
    pages: Vec<Page>,
    edits: u64,
}

fn salsa_site() -> SalsaSite {
    let db = salsa::DatabaseImpl::new();
    let _ = Shape::builder(shape())
        .paths_durability(Durability::HIGH)
        .new(&db);
    let _ = DocsJson::builder(docs_text(0))
        .text_durability(Durability::MEDIUM)
        .new(&db);
    let pages: Vec<Page> = (0..PAGES)
        .map(|i| Page::new(&db, page_text(i, 0)))
        .collect();
    let site = SiteIn::builder(pages.clone())
        .pages_durability(Durability::HIGH)
        .new(&db);
    SalsaSite {
        db,
        site,
        pages,
        edits: 0,
    }
}

impl SalsaSite {
    fn ask(&self) -> usize {
        site_check(&self.db, self.site).len()
    }
    fn edit_page(&mut self) {
        self.edits += 1;
        let i = (self.edits as usize * 7919) % PAGES;
        self.pages[i]
            .set_text(&mut self.db)
            .to(page_text(i, self.edits));
    }
    fn edit_docs_json(&mut self) {
        self.edits += 1;
        DocsJson::get(&self.db)
            .set_text(&mut self.db)
            .with_durability(Durability::MEDIUM)
            .to(docs_text(self.edits));
    }
}

// ---- (b) the in-house memo table ----

const SHAPE: Key = u64::MAX;
const DOCS: Key = u64::MAX - 1;
const PART: Key = u64::MAX - 2;

struct HouseSite {
    pages: Vec<(String, Revision)>,
    shape: (FxHashSet<String>, Revision),
    docs: (String, Revision),
    part: MemoTable<(), Arc<Vec<String>>>,
    checks: MemoTable<u32, Arc<[u32]>>,
    edits: u64,
}

fn house_site() -> HouseSite {
    HouseSite {
        pages: (0..PAGES)
            .map(|i| (page_text(i, 0), fresh_revision()))
            .collect(),
        shape: (shape(), fresh_revision()),
        docs: (docs_text(0), fresh_revision()),
        part: MemoTable::default(),
        checks: MemoTable::default(),
        edits: 0,
    }
}

impl HouseSite {
    fn check(&self, i: usize, part: &(Arc<Vec<String>>, Revision)) -> Arc<[u32]> {
        let revision_of = |k: Key| match k {
            SHAPE => Some(self.shape.1),
            PART => Some(part.1),
            i => self.pages.get(i as usize).map(|p| p.1),
        };
        self.checks
            .get(&(i as u32), revision_of, |r| {
                let page = &self.pages[i];
                r.read(i as Key, page.1);
                r.read(SHAPE, self.shape.1);
                r.read(PART, part.1);
                check_page(&page.0, &self.shape.0, &part.0).into()
            })
            .0
    }
    fn redirects(&self) -> (Arc<Vec<String>>, Revision) {
        self.part.get(
            &(),
            |k| (k == DOCS).then_some(self.docs.1),
            |r| {
                r.read(DOCS, self.docs.1);
                Arc::new(docs_part(&self.docs.0))
            },
        )
    }
    fn ask(&self, parallel: bool) -> usize {
        let part = self.redirects();
        let per_page: Vec<Arc<[u32]>> = if parallel {
            (0..PAGES)
                .into_par_iter()
                .map(|i| self.check(i, &part))
                .collect()
        } else {
            (0..PAGES).map(|i| self.check(i, &part)).collect()
        };
        let mut out = Vec::new();
        for (i, found) in per_page.iter().enumerate() {
            out.extend(found.iter().map(|&o| (i as u32, o)));
        }
        out.len()
    }
    fn edit_page(&mut self) {
        self.edits += 1;
        let i = (self.edits as usize * 7919) % PAGES;
        self.pages[i] = (page_text(i, self.edits), fresh_revision());
    }
    fn edit_docs_json(&mut self) {
        self.edits += 1;
        self.docs = (docs_text(self.edits), fresh_revision());
    }
}

fn main() {
    // Live bytes the first computation leaves (memo tables, dependencies).
    let before = LIVE.load(Ordering::Relaxed);
    let s = salsa_site();
    let inputs = LIVE.load(Ordering::Relaxed);
    let n = s.ask();
    let after = LIVE.load(Ordering::Relaxed);
    eprintln!(
        "salsa: inputs {} KB, first computation keeps {} KB ({n} findings)",
        (inputs - before) / 1024,
        (after - inputs) / 1024
    );
    drop(s);
    let before = LIVE.load(Ordering::Relaxed);
    let h = house_site();
    let inputs = LIVE.load(Ordering::Relaxed);
    let m = h.ask(false);
    let after = LIVE.load(Ordering::Relaxed);
    eprintln!(
        "memo table: inputs {} KB, first computation keeps {} KB ({m} findings)",
        (inputs - before) / 1024,
        (after - inputs) / 1024
    );
    assert_eq!(n, m, "both mechanisms find the same");
    drop(h);
    divan::main();
}

#[divan::bench(sample_count = 10)]
fn salsa_first(b: divan::Bencher) {
    b.with_inputs(salsa_site).bench_local_refs(|s| s.ask());
}

#[divan::bench]
fn salsa_page_edit(b: divan::Bencher) {
    let mut s = salsa_site();
    s.ask();
    b.bench_local(|| {
        s.edit_page();
        s.ask()
    });
}

#[divan::bench]
fn salsa_docs_json_edit(b: divan::Bencher) {
    let mut s = salsa_site();
    s.ask();
    b.bench_local(|| {
        s.edit_docs_json();
        s.ask()
    });
}

#[divan::bench(args = [false, true], sample_count = 10)]
fn memo_first(b: divan::Bencher, parallel: bool) {
    b.with_inputs(house_site)
        .bench_local_refs(|h| h.ask(parallel));
}

#[divan::bench(args = [false, true])]
fn memo_page_edit(b: divan::Bencher, parallel: bool) {
    let mut h = house_site();
    h.ask(parallel);
    b.bench_local(|| {
        h.edit_page();
        h.ask(parallel)
    });
}

#[divan::bench(args = [false, true])]
fn memo_docs_json_edit(b: divan::Bencher, parallel: bool) {
    let mut h = house_site();
    h.ask(parallel);
    b.bench_local(|| {
        h.edit_docs_json();
        h.ask(parallel)
    });
}
