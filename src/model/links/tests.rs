use super::*;

fn targets() -> Targets {
    let mut files = FileTargets::default();
    for f in [
        "index.mdx",
        "guides/intro.mdx",
        "guides/setup.md",
        "guides/v1.2/notes.mdx",
        "guides/café.mdx",
        "images/logo.png",
        "snippets/note.mdx",
        "api/index.mdx",
        "fr/guides/intro.mdx",
        "empty-folder/img/a.svg",
    ] {
        files.add_file(f);
    }
    files.add_generated(Some("List users"), "get", "/users", Some("Users"), None);
    files.add_generated(None, "post", "/users/{id}/keys", None, None);
    files.add_generated(
        Some("Legacy"),
        "get",
        "/legacy",
        None,
        Some("/deprecated/legacy-endpoint"),
    );
    let mut t = Targets::new(std::sync::Arc::new(files));
    t.add_redirect("/old-intro", "/guides/intro");
    t.add_redirect("/blog/:slug", "/news/:slug");
    t.add_redirect("/docs/*", "/guides/*");
    t.add_redirect("/a", "/b");
    t.add_redirect("/b", "/guides/intro");
    t.add_redirect("/loop1", "/loop2");
    t.add_redirect("/loop2", "/loop1");
    t.add_redirect("/dangling", "/nowhere");
    t
}

fn resolve(from: &str, target: &str) -> String {
    let t = targets();
    match parse(target) {
        Target::Internal(l) => {
            let cands = candidates(from, &l);
            let r = cands
                .iter()
                .map(|c| t.resolve(c))
                .find(|r| *r != Resolved::Missing)
                .unwrap_or(Resolved::Missing);
            format!("{r:?} via {cands:?} #{:?}", l.fragment)
        }
        other => format!("{other:?}"),
    }
}

#[test]
fn link_targets_resolve() {
    let cases = [
        ("guides/intro.mdx", "/guides/setup"),
        ("guides/intro.mdx", "./setup"),
        ("guides/intro.mdx", "setup.md#install"),
        ("guides/intro.mdx", "../images/logo.png"),
        ("guides/intro.mdx", "/guides/caf%C3%A9"),
        ("guides/intro.mdx", "/guides/v1.2/notes"),
        ("guides/intro.mdx", "guides/intro"),
        ("guides/intro.mdx", "/"),
        ("guides/intro.mdx", "/api/"),
        ("guides/intro.mdx", "/api?x=1#y"),
        ("guides/intro.mdx", "/api-reference/users/list-users"),
        ("guides/intro.mdx", "/somewhere/post-users-keys"),
        ("guides/intro.mdx", "/deprecated/legacy-endpoint"),
        ("guides/intro.mdx", "/old-intro"),
        ("guides/intro.mdx", "/blog/hello"),
        ("guides/intro.mdx", "/docs/a/b/c"),
        ("guides/intro.mdx", "/fr/guides/intro"),
        // A language code or version label is not dropped: the platform
        // serves a page at its file path only.
        ("guides/intro.mdx", "/v2/guides/intro"),
        ("guides/intro.mdx", "/fr/guides/setup"),
        ("guides/intro.mdx", "/fr/old-intro"),
        ("guides/intro.mdx", "./images/logo.png"),
        ("guides/intro.mdx", "/empty-folder"),
        ("guides/intro.mdx", "/guides/missing"),
        (
            "guides/intro.mdx",
            "https\\://boto3.example/api.html?highlight=x#Batch",
        ),
        ("guides/intro.mdx", "../../escape"),
        ("guides/intro.mdx", "https://example.com/x"),
        ("guides/intro.mdx", "mailto:a@b.c"),
        ("guides/intro.mdx", "//cdn.example.com/x.png"),
        ("guides/intro.mdx", "#same-page"),
        ("guides/intro.mdx", "?tab=2#x"),
        ("guides/intro.mdx", "data:image/png;base64,xx"),
        ("guides/intro.mdx", "{props.href}"),
    ];
    let got: String = cases
        .iter()
        .map(|(f, t)| format!("{t:<40} {}\n", resolve(f, t)))
        .collect();
    expect_test::expect![[r#"
        /guides/setup                            Page("guides/setup.md") via ["guides/setup"] #None
        ./setup                                  Page("guides/setup.md") via ["guides/setup"] #None
        setup.md#install                         Page("guides/setup.md") via ["guides/setup.md", "setup.md"] #Some("install")
        ../images/logo.png                       File("images/logo.png") via ["images/logo.png"] #None
        /guides/caf%C3%A9                        Page("guides/café.mdx") via ["guides/café"] #None
        /guides/v1.2/notes                       Page("guides/v1.2/notes.mdx") via ["guides/v1.2/notes"] #None
        guides/intro                             Page("guides/intro.mdx") via ["guides/guides/intro", "guides/intro"] #None
        /                                        Page("index.mdx") via [""] #None
        /api/                                    Page("api/index.mdx") via ["api"] #None
        /api?x=1#y                               Page("api/index.mdx") via ["api"] #Some("y")
        /api-reference/users/list-users          Generated("api-reference/users/list-users") via ["api-reference/users/list-users"] #None
        /somewhere/post-users-keys               Generated("somewhere/post-users-keys") via ["somewhere/post-users-keys"] #None
        /deprecated/legacy-endpoint              Generated("deprecated/legacy-endpoint") via ["deprecated/legacy-endpoint"] #None
        /old-intro                               Redirect(0) via ["old-intro"] #None
        /blog/hello                              Redirect(1) via ["blog/hello"] #None
        /docs/a/b/c                              Redirect(2) via ["docs/a/b/c"] #None
        /fr/guides/intro                         Page("fr/guides/intro.mdx") via ["fr/guides/intro"] #None
        /v2/guides/intro                         Missing via ["v2/guides/intro"] #None
        /fr/guides/setup                         Missing via ["fr/guides/setup"] #None
        /fr/old-intro                            Missing via ["fr/old-intro"] #None
        ./images/logo.png                        Missing via ["guides/images/logo.png"] #None
        /empty-folder                            Folder("empty-folder") via ["empty-folder"] #None
        /guides/missing                          Missing via ["guides/missing"] #None
        https\://boto3.example/api.html?highlight=x#Batch External
        ../../escape                             Missing via [] #None
        https://example.com/x                    External
        mailto:a@b.c                             External
        //cdn.example.com/x.png                  External
        #same-page                               Fragment("same-page")
        ?tab=2#x                                 Fragment("x")
        data:image/png;base64,xx                 Skip
        {props.href}                             Skip
    "#]]
    .assert_eq(&got);
}

#[test]
fn redirects_follow_and_find_chains() {
    let t = targets();
    let got: Vec<String> = (0..t.redirects().len())
        .map(|i| format!("{} -> {:?}", t.redirects()[i].source, t.follow(i)))
        .collect();
    expect_test::expect![[r#"
        [
            "/old-intro -> (Page(\"guides/intro.mdx\"), 0, 0)",
            "/blog/:slug -> (Generated(\"/news/:slug\"), 0, 1)",
            "/docs/* -> (Generated(\"/guides/*\"), 0, 2)",
            "/a -> (Page(\"guides/intro.mdx\"), 1, 4)",
            "/b -> (Page(\"guides/intro.mdx\"), 0, 4)",
            "/loop1 -> (Missing, 2, 6)",
            "/loop2 -> (Missing, 2, 5)",
            "/dangling -> (Missing, 0, 7)",
        ]
    "#]]
    .assert_debug_eq(&got);
}

#[test]
fn wildcards() {
    assert_eq!(wildcard_match("blog/:slug", "blog/x"), Some(vec!["x"]));
    assert_eq!(wildcard_match("blog/:slug", "blog/x/y"), None);
    assert_eq!(wildcard_match("docs/*", "docs/x/y"), Some(vec!["x/y"]));
    assert_eq!(wildcard_match("a/:b/c/*", "a/1/c/"), Some(vec!["1", ""]));
    assert_eq!(
        prepare_filename("List users (v2)").as_deref(),
        Some("list-users-v2")
    );
    assert_eq!(
        prepare_filename("/users/{id}/keys").as_deref(),
        Some("users-keys")
    );
}

#[test]
fn specs_by_url_generate_pages_in_their_directory_only() {
    let mut t = Targets::new(std::sync::Arc::new(FileTargets::default()));
    t.add_remote_dir("/reference/");
    t.add_remote_dir(GENERATED_DIR);
    let got: Vec<(&str, bool)> = [
        "reference/users/list-users",
        "reference",
        "references/x",
        "api-reference/x",
        "api/users/list-users",
    ]
    .into_iter()
    .map(|p| (p, t.in_remote_dir(p)))
    .collect();
    expect_test::expect![[r#"
        [
            (
                "reference/users/list-users",
                true,
            ),
            (
                "reference",
                false,
            ),
            (
                "references/x",
                false,
            ),
            (
                "api-reference/x",
                true,
            ),
            (
                "api/users/list-users",
                false,
            ),
        ]
    "#]]
    .assert_debug_eq(&got);
    // docs.json that does not read: anywhere.
    let mut any = Targets::default();
    any.add_remote_dir("");
    assert!(any.in_remote_dir("api/users/list-users"));
}

/// What the platform serves on every site (llms.txt, sitemap, robots,
/// skill.md, a page's Markdown export) is not a broken link; a near miss is.
#[test]
fn files_the_platform_generates() {
    for (target, served) in [
        ("/llms.txt", true),
        ("/llms-full.txt", true),
        ("/.well-known/llms.txt", true),
        ("/sitemap.xml", true),
        ("/robots.txt", true),
        ("/skill.md", true),
        ("/guides/intro.md", true),
        ("/guides/nothing.md", false),
        ("/llms2.txt", false),
        ("/guides/sitemap.xml", false),
    ] {
        let r = resolve("index.mdx", target);
        assert_eq!(!r.starts_with("Missing"), served, "{target}: {r}");
    }
}
