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
pub struct TimingSpan {
    name: &'static str,
    start: Option<Instant>,
}

pub fn span(name: &'static str) -> TimingSpan {
    let start = enabled().then(Instant::now);
    if let Some(s) = start {
        EPOCH.get_or_init(|| s);
    }
    TimingSpan { name, start }
}

impl Drop for TimingSpan {
    fn drop(&mut self) {
        if let Some(s) = self.start {
            let epoch = *EPOCH.get_or_init(|| s);
            eprintln!(
                "timing: {} {:.2} ms (at {:.1} ms)",
                self.name,
                s.elapsed().as_secs_f64() * 1e3,
                s.saturating_duration_since(epoch).as_secs_f64() * 1e3
            );
        }
    }
}

/// When the first span started: the `at` of each line counts from it.
static EPOCH: OnceLock<Instant> = OnceLock::new();
