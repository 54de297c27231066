//! Phase timings for finding where a keystroke's time goes, printed to
//! stderr when `DOCS_LSP_TIMING` is set (the server's stderr is the
//! editor's log). Off, a span costs one relaxed load.

use std::sync::OnceLock;
use std::time::Instant;

fn enabled() -> bool {
    static ON: OnceLock<bool> = OnceLock::new();
    *ON.get_or_init(|| std::env::var_os("DOCS_LSP_TIMING").is_some())
}

/// Prints `name` and its duration when dropped.
pub struct Span {
    name: &'static str,
    start: Option<Instant>,
}

pub fn span(name: &'static str) -> Span {
    Span {
        name,
        start: enabled().then(Instant::now),
    }
}

impl Drop for Span {
    fn drop(&mut self) {
        if let Some(s) = self.start {
            eprintln!(
                "timing: {} {:.2} ms",
                self.name,
                s.elapsed().as_secs_f64() * 1e3
            );
        }
    }
}
