//! Loading docs roots: roots, stale copies of docs.json, shared page reads.

use super::*;

fn write(root: &Path, files: &[(&str, &str)]) {
    for (p, text) in files {
        let p = root.join(p);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
}

const ROOT: &str = r#"{"navigation": {"pages": ["index", "ja/index"]}}"#;

#[test]
fn a_stale_copy_of_docs_json_is_no_root_and_a_nested_site_is_one() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(
        root,
        &[
            ("docs.json", ROOT),
            ("index.mdx", ""),
            // A translation tool's copy: its entries resolve from the root.
            ("ja/docs.json", ROOT),
            ("ja/index.mdx", ""),
            // A site of its own: its entries resolve from its folder.
            ("site/docs.json", r#"{"navigation": {"pages": ["start"]}}"#),
            ("site/start.mdx", ""),
        ],
    );
    assert!(!is_own_site(root, &root.join("ja")));
    assert!(is_own_site(root, &root.join("site")));
    assert_eq!(
        discover_roots(root),
        vec![root.to_path_buf(), root.join("site")]
    );
    let files: Vec<String> = list_files(root).into_iter().map(|f| f.1).collect();
    assert!(files.contains(&"ja/index.mdx".to_string()), "{files:?}");
    assert!(files.contains(&"ja/docs.json".to_string()), "{files:?}");
    assert!(!files.contains(&"site/start.mdx".to_string()), "{files:?}");
    // The editor finds the same roots for a file.
    let has = |d: &Path| d.join("docs.json").is_file();
    let inside = |d: &Path| d.starts_with(root);
    assert_eq!(
        root_of(&root.join("ja/index.mdx"), inside, has),
        Some(root.to_path_buf())
    );
    assert_eq!(
        root_of(&root.join("site/start.mdx"), inside, has),
        Some(root.join("site"))
    );
    assert_eq!(
        root_of(&root.join("ja/docs.json"), inside, has),
        Some(root.to_path_buf())
    );
    // `check` in a folder with no docs.json below it: the same roots,
    // found upward (canonical paths).
    write(root, &[("ja/sub/x.txt", ""), ("site/guides/a.mdx", "")]);
    let canon = root.canonicalize().unwrap();
    let above = |p: &str| root_above(&root.join(p));
    assert_eq!(above("ja/sub"), Some(canon.clone()));
    assert_eq!(above("ja/sub/x.txt"), Some(canon.clone()));
    assert_eq!(above("site/guides"), Some(canon.join("site")));
    assert_eq!(above("site/guides/a.mdx"), Some(canon.join("site")));
    assert_eq!(above("no/such/folder"), None);
}

#[test]
fn pages_with_the_same_bytes_share_their_index_and_others_do_not() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let page = "---\ntitle: A\n---\n\n# Start\n\nSee [b](/b).\n";
    write(
        root,
        &[
            ("docs.json", ROOT),
            ("v1/a.mdx", page),
            ("v2/a.mdx", page),
            ("v3/a.mdx", &page.replace("Start", "Begin")),
            ("v1/bad.mdx", ""),
            ("v2/bad.mdx", ""),
        ],
    );
    std::fs::write(root.join("v1/bad.mdx"), b"# \xff").unwrap();
    std::fs::write(root.join("v2/bad.mdx"), b"# \xff").unwrap();
    let site = load_site(root, "t".into(), &FileIds::default());
    let file = |p: &str| site.file_by_path(p).unwrap().clone();
    let (v1, v2, v3) = (file("v1/a.mdx"), file("v2/a.mdx"), file("v3/a.mdx"));
    assert!(std::ptr::eq(v1.page_index(), v2.page_index()));
    assert!(!std::ptr::eq(v1.page_index(), v3.page_index()));
    assert_eq!(v1.page_index().headings[0].text, "Start");
    assert_eq!(v3.page_index().headings[0].text, "Begin");
    assert_eq!(v1.text(), "---\ntitle: A\n---\n\n# Start\n");
    // Each page is its own file, whatever it shares.
    assert_eq!(
        (v1.path.as_str(), v2.path.as_str()),
        ("v1/a.mdx", "v2/a.mdx")
    );
    for bad in ["v1/bad.mdx", "v2/bad.mdx"] {
        assert_eq!(file(bad).text, Err(Unreadable::NotUtf8), "{bad}");
    }
    // The front matter is parsed once for both, each copy in its file.
    for f in [&v1, &v2, &v3] {
        let fresh = crate::syntax::frontmatter::parse(f.id, f.text());
        let fm = f.front_matter();
        assert_eq!(fm.root, fresh.root, "{}", f.path);
        assert_eq!((&fm.body, fm.errors.len()), (&fresh.body, 0));
        fm.root.as_ref().unwrap().walk(|n| assert_eq!(n.file, f.id));
    }
    assert_ne!(v1.id, v2.id);
}

#[test]
fn pages_alike_where_sampled_but_different_elsewhere_share_nothing() {
    // Same length, first and last bytes and sampled runs: the heading
    // sits between two runs (see `shared_indexes::key`).
    let page = |word: &str| {
        let mut p = "x\n".repeat(997);
        p.push_str(&format!("# {word}\n"));
        while p.len() < 5000 {
            p.push_str("y\n");
        }
        p
    };
    let (a, b) = (page("Start"), page("Begin"));
    let key = |t: &str| super::super::shared_indexes::key(t.as_bytes());
    assert_eq!(key(&a), key(&b));
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(
        root,
        &[
            ("docs.json", ROOT),
            ("a.mdx", &a),
            ("b.mdx", &b),
            ("c.mdx", &a),
        ],
    );
    let site = load_site(root, "t".into(), &FileIds::default());
    let heading = |p: &str| {
        let f = site.file_by_path(p).unwrap();
        f.page_index().headings[0].text.to_string()
    };
    assert_eq!(
        (heading("a.mdx"), heading("b.mdx"), heading("c.mdx")),
        ("Start".into(), "Begin".into(), "Start".into())
    );
}
