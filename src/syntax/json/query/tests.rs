//! Cursor questions in half-typed JSONC: fixture strings with a `$0`
//! cursor, and the reader's totality.

use super::*;
use crate::syntax::MAX_DEPTH;

fn at(src: &str) -> JsonCursor {
    let off = src.find("$0").expect("cursor");
    let text = src.replace("$0", "");
    cursor(&text, &Tape::read(&text), off)
}

fn show(c: &JsonCursor) -> String {
    let path: Vec<String> = c
        .path
        .iter()
        .map(|s| match s {
            Seg::Key(k) => k.escape_debug().to_string(),
            Seg::Index(i) => i.to_string(),
        })
        .collect();
    format!(
        "path={} slot={:?} partial={:?} replace={:?} quotes={} colon={} siblings={:?}",
        path.join("."),
        c.slot,
        c.partial,
        c.replace,
        c.in_quotes,
        c.has_colon,
        c.siblings
    )
}

#[test]
fn cursors() {
    let cases = [
        r#"{"name": "x", "th$0"#,
        r#"{"name": "x", "th$0": "mint", "logo": 1}"#,
        r#"{"theme": $0}"#,
        r#"{"theme": "ma$0 }"#,
        r#"{"navigation": {"groups": [{"group": "A", "pages": ["intro", "gu$0"#,
        "{\"navigation\": {\"pages\": [\"a\" \"b\" $0]}}",
        "{\"a\": 1\n $0\n \"b\": 2}",
        "{\"a\": [1, {\"x\": 2}, $0]}",
        "{ // \"c$0\n}",
        "{\"a\": tr$0}",
        "$0",
        "{\"a\": {\"b\": 1}} $0",
    ];
    let out: Vec<String> = cases.iter().map(|c| show(&at(c))).collect();
    expect_test::expect![[r#"
        path= slot=Key partial="th" replace=14..17 quotes=true colon=false siblings=["name"]
        path= slot=Key partial="th" replace=14..18 quotes=true colon=true siblings=["name", "logo"]
        path= slot=Value { key: "theme" } partial="" replace=10..10 quotes=false colon=false siblings=["theme"]
        path= slot=Value { key: "theme" } partial="ma" replace=10..13 quotes=true colon=false siblings=["theme"]
        path=navigation.groups.0.pages slot=Item { index: 1 } partial="gu" replace=61..64 quotes=true colon=false siblings=[]
        path=navigation.pages slot=Item { index: 2 } partial="" replace=34..34 quotes=false colon=false siblings=[]
        path= slot=Key partial="" replace=9..9 quotes=false colon=false siblings=["a", "b"]
        path=a slot=Item { index: 2 } partial="" replace=20..20 quotes=false colon=false siblings=[]
        path= slot=None partial="" replace=7..7 quotes=false colon=false siblings=[]
        path= slot=Value { key: "a" } partial="tr" replace=6..8 quotes=false colon=false siblings=["a"]
        path= slot=None partial="" replace=0..0 quotes=false colon=false siblings=[]
        path= slot=None partial="" replace=16..16 quotes=false colon=false siblings=[]"#]]
    .assert_eq(&out.join("\n"));
}

/// Documents broken the ways typing breaks them.
#[test]
fn broken_documents() {
    let cases = [
        // An unterminated string, then more members on later lines.
        "{\"a\": \"x$0\n \"b\": 1}",
        // A missing comma between members, and between items.
        "{\"a\": 1 \"b$0\": 2}",
        "{\"p\": [\"a\" \"b$0\"]}",
        // A missing value after `:`, the next member on the line below.
        "{\"a\": $0\n \"b\": 1}",
        // A value not typed yet before the next member: that member's
        // key is a key, and its container is its own.
        "{\"tabs\": \n \"groups\": [\"g$0\"]}",
        // A missing colon.
        "{\"a\" $0}",
        "{\"a\" \"x$0\"}",
        // Trailing commas.
        "{\"a\": [1, 2, $0], }",
        "{\"a\": 1, $0}",
        // Comments between a key and its value.
        "{\"a\" /* k */ : /* v */ \"x$0\"}",
        "{\"a\": 1, // \"b\": 2\n \"c$0\"}",
        // Containers left open at the end of the text.
        "{\"a\": {\"b\": [{\"c\": \"d$0",
        "[[[{\"x\": $0",
        // A bracket of the wrong kind closes the containers inside it.
        "{\"a\": [1, {\"b\": 2 ] \"c$0\": 3}",
        // A stray closer is read as nothing.
        "{\"a\": 1, ] \"b$0\"}",
        // Escaped quotes, a key with an escape (read raw).
        "{\"q\\\"k\": {\"x\": \"a\\\"b$0\"}}",
        // Binary bytes and non-ASCII text around the cursor.
        "{\"\u{0}\u{1}é\": {\u{7f}\u{0} \"ü$0\"}}",
    ];
    let out: Vec<String> = cases.iter().map(|c| show(&at(c))).collect();
    expect_test::expect![[r#"
        path= slot=Value { key: "a" } partial="x" replace=6..8 quotes=true colon=false siblings=["a", "b"]
        path= slot=Key partial="b" replace=8..11 quotes=true colon=true siblings=["a"]
        path=p slot=Item { index: 1 } partial="b" replace=11..14 quotes=true colon=false siblings=[]
        path= slot=Value { key: "a" } partial="" replace=6..6 quotes=false colon=false siblings=["a", "b"]
        path=groups slot=Item { index: 0 } partial="g" replace=22..25 quotes=true colon=false siblings=[]
        path= slot=None partial="" replace=5..5 quotes=false colon=false siblings=["a"]
        path= slot=Key partial="x" replace=5..8 quotes=true colon=false siblings=["a"]
        path=a slot=Item { index: 2 } partial="" replace=13..13 quotes=false colon=false siblings=[]
        path= slot=Key partial="" replace=9..9 quotes=false colon=false siblings=["a"]
        path= slot=Value { key: "a" } partial="x" replace=23..26 quotes=true colon=false siblings=["a"]
        path= slot=Key partial="c" replace=20..23 quotes=true colon=false siblings=["a"]
        path=a.b.0 slot=Value { key: "c" } partial="d" replace=19..21 quotes=true colon=false siblings=["c"]
        path=0.0.0 slot=Value { key: "x" } partial="" replace=9..9 quotes=false colon=false siblings=["x"]
        path= slot=Key partial="c" replace=20..23 quotes=true colon=true siblings=["a"]
        path= slot=Key partial="b" replace=11..14 quotes=true colon=false siblings=["a"]
        path=q\\\"k slot=Value { key: "x" } partial="a\\\"b" replace=15..21 quotes=true colon=false siblings=["x"]
        path=\0\u{1}é slot=Key partial="ü" replace=13..17 quotes=true colon=false siblings=[]"#]]
    .assert_eq(&out.join("\n"));
}

/// The reader and the query are total: any bytes, any offset.
#[test]
fn total_on_any_input() {
    let mut texts: Vec<String> = [
        "{\"é\": \"ü",
        "[[[[",
        "}}}]]]",
        "\"",
        "{\"a\\",
        "\"\\",
        "/*",
        "/",
        "//",
        "{'a': 1}",
        "\u{feff}{\"a\": 1}",
        "{\"a\":\r\"b\r: 1}",
        "{\u{0}:\u{1}, \u{7f}]",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let mut seed = 11u64;
    let alphabet = [
        "{", "}", "[", "]", "\"", ":", ",", "/", "*", "\\", "\n", "a", "é", " ", "\u{0}",
    ];
    for _ in 0..400 {
        let mut t = String::new();
        for _ in 0..12 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            t.push_str(alphabet[(seed >> 33) as usize % alphabet.len()]);
        }
        texts.push(t);
    }
    for t in &texts {
        let tape = Tape::read(t);
        check_tape(t, &tape);
        let recovered = crate::syntax::json::recover::recover(0, t);
        for off in 0..t.len() + 3 {
            let c = cursor(t, &tape, off);
            assert!(c.replace.start <= c.replace.end && c.replace.end <= t.len());
            assert_eq!(c, cursor_for(t, off, (t, None)), "offset {off} of {t:?}");
            if let Some(r) = &recovered {
                let tree = JsonTree::recovered(r);
                assert_eq!(
                    c,
                    cursor_in(t, off, tree),
                    "recovered: offset {off} of {t:?}"
                );
            }
        }
    }
}

/// Every token on char boundaries, in text order, not overlapping; every
/// closed container's link points at its closing token and back.
fn check_tape(text: &str, tape: &Tape) {
    let mut last = 0;
    for (i, t) in tape.tokens.iter().enumerate() {
        let (s, e) = (t.start as usize, t.end as usize);
        assert!(last <= s && s <= e && e <= text.len(), "{t:?} in {text:?}");
        assert!(text.is_char_boundary(s) && text.is_char_boundary(e));
        last = e.max(s + 1);
        match t.kind {
            TokenKind::Open { closed: true, .. } => {
                let close = &tape.tokens[t.link as usize];
                assert_eq!((close.kind, close.link as usize), (TokenKind::Close, i));
            }
            TokenKind::Open { closed: false, .. } => assert!(t.link as usize > i),
            _ => {}
        }
    }
}

/// Nesting is capped as the other readers cap it: brackets deeper than
/// `MAX_DEPTH` are flat tokens, and the query stays iterative.
#[test]
fn deep_nesting_is_bounded() {
    let depth = 100_000;
    let text = format!("{}\"x\"{}", "[".repeat(depth), "]".repeat(depth));
    let tape = Tape::read(&text);
    check_tape(&text, &tape);
    let opens = tape
        .tokens
        .iter()
        .filter(|t| matches!(t.kind, TokenKind::Open { .. }))
        .count();
    assert_eq!(opens, MAX_DEPTH);
    let c = cursor(&text, &tape, depth + 2);
    assert_eq!(c.path.len(), MAX_DEPTH - 1);
    let objects = "{\"a\":".repeat(depth);
    let c = cursor(&objects, &Tape::read(&objects), objects.len());
    assert_eq!(c.path.len(), MAX_DEPTH - 1);
    assert_eq!(c.slot, Slot::Value { key: "a".into() });
}

/// A cursor question on a large document reads what is around the cursor:
/// the containers before it are skipped whole.
#[test]
fn big_document() {
    let mut s = String::from("{\"navigation\": {\"groups\": [");
    while s.len() < 1_500_000 {
        s.push_str("{\"group\": \"G\", \"icon\": \"x\", \"pages\": [\"a/b/c\", \"d/e\", {\"group\": \"N\", \"pages\": [\"x\"]}]},\n");
    }
    s.push_str("{\"group\": \"Last\", \"pages\": [\"");
    let off = s.len();
    s.push_str("\"]}]}}");
    let c = cursor_for(&s, off, (&s, None));
    assert!(matches!(c.slot, Slot::Item { index: 0 }));
    assert_eq!(c.path.len(), 4);
    let tree = crate::syntax::json::parse(0, &s).root.expect("parses");
    assert_eq!(cursor_in(&s, off, JsonTree::parsed(&tree)), c);
    // From the tree, only the innermost container is read.
    let start = s.rfind('[').expect("a list");
    assert_eq!(Tape::read_around(&s, start, off, &[]).tokens.len(), 3);
    // At the top, the containers the parse knows are taped as their
    // brackets: `{ "navigation" : { } }`.
    let known: Vec<_> = tree.props().iter().map(|p| p.value.range.clone()).collect();
    assert_eq!(Tape::read_around(&s, 0, 1, &known).tokens.len(), 6);
    assert_eq!(
        cursor_in(&s, 1, JsonTree::parsed(&tree)),
        cursor(&s, &Tape::read(&s), 1)
    );
}

/// The answer from the parse (the path from the `Node` tree, the tape of
/// the innermost container) equals the answer from a tape of the whole
/// text, and reading only up to the cursor's container changes nothing, at
/// every offset of real documents and of them with a structural byte cut.
#[test]
fn from_the_tree_equals_the_whole_tape() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut texts = vec![
        "{}".to_string(),
        "[[], {\"a\": [1, {\"b\": {}}]}, \"x\"]".to_string(),
        "// c\n{ \"a\": /* x */ { \"b\": [ {\"c\": 1}, ], }, \"d\": [\"p\", \"q\"] }".to_string(),
    ];
    for dir in ["examples/site", "tests/fixtures/check"] {
        for e in ignore::WalkBuilder::new(root.join(dir)).build().flatten() {
            if e.path().extension().is_some_and(|x| x == "json")
                && let Ok(t) = std::fs::read_to_string(e.path())
                && t.len() < 20_000
            {
                texts.push(t);
            }
        }
    }
    for k in 0..texts.len() {
        let t = texts[k].clone();
        let cuts = t
            .char_indices()
            .filter(|(_, c)| matches!(c, '"' | ',' | ':' | '}' | ']' | '{' | '['))
            .take(6)
            .map(|(p, _)| p)
            .collect::<Vec<_>>();
        for p in cuts {
            let mut u = t.clone();
            u.remove(p);
            texts.push(u);
        }
    }
    let (mut from_tree, mut around, mut recovered) = (0, 0, 0);
    for t in &texts {
        let whole = Tape::read(t);
        check_tape(t, &whole);
        let tree = crate::syntax::json::parse(0, t).root;
        let other = match &tree {
            Some(_) => None,
            None => crate::syntax::json::recover::recover(0, t),
        };
        // Every offset of small texts; of larger ones, enough to meet
        // every kind of place (reading around each is linear).
        let step = 1 + t.len() / 1500;
        for off in (0..=t.len() + 1).step_by(step) {
            let expected = cursor(t, &whole, off);
            assert_eq!(
                cursor_for(t, off, (t, None)),
                expected,
                "offset {off} of {t:.80?}"
            );
            around += 1;
            if let Some(tree) = &tree {
                assert_eq!(
                    cursor_in(t, off, JsonTree::parsed(tree)),
                    expected,
                    "offset {off} of {t:.80?}"
                );
                from_tree += 1;
            }
            if let Some(r) = &other {
                assert_eq!(
                    cursor_in(t, off, JsonTree::recovered(r)),
                    expected,
                    "recovered: offset {off} of {t:.80?}"
                );
                recovered += 1;
            }
        }
    }
    assert!(
        from_tree > 1000 && around > from_tree && recovered > 1000,
        "{from_tree} {around} {recovered}"
    );
}
