use docs_lsp::model::openapi::validate;
fn main() {
    let p = std::env::args().nth(1).unwrap();
    let text = std::fs::read_to_string(&p).unwrap();
    let (mut r, mut c, mut ig) = (f64::MAX, f64::MAX, f64::MAX);
    for _ in 0..7 {
        let t = std::time::Instant::now();
        let _ = serde_json::from_str::<serde::de::IgnoredAny>(&text);
        ig = ig.min(t.elapsed().as_secs_f64() * 1e3);
        let t = std::time::Instant::now();
        let v = validate::read_json(&text).unwrap().unwrap();
        r = r.min(t.elapsed().as_secs_f64() * 1e3);
        let t = std::time::Instant::now();
        assert!(validate::check(&v).is_none());
        c = c.min(t.elapsed().as_secs_f64() * 1e3);
    }
    println!("ignored_any {ig:.1} ms, read_json {r:.1} ms, check {c:.1} ms");
}
