//! `docs-lsp ask`: one question from the command line, answer streamed to
//! stdout, then the sources and the thread id for a follow-up.
//!
//! Exit codes: 0 answered, 1 the endpoint or the answer failed (a partial
//! answer is still printed, marked incomplete), 2 bad usage or configuration.

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use tokio_util::sync::CancellationToken;

use super::client::{
    AnswerUpdate, AssistantSettings, Conversation, DEFAULT_BASE_URL, DEFAULT_QUESTION, Secret,
    Selection, ask, new_conversation,
};
use super::error::{API_KEY_ENV, BASE_URL_ENV, DOMAIN_ENV};
use super::stream::Answer;

/// Optional: seconds without data before a stream counts as stalled.
pub const STALL_TIMEOUT_ENV: &str = "DOCS_ASSISTANT_STALL_TIMEOUT";

/// The arguments of `docs-lsp ask`, as the command line gives them (the
/// doc comments are its help text).
#[derive(Debug, Clone, Default, PartialEq, Eq, clap::Args)]
pub struct AskArgs {
    /// The question (default: explain the selection).
    pub question: Option<String>,
    /// A file whose lines are sent as the selection.
    #[arg(long)]
    pub file: Option<PathBuf>,
    /// Lines of --file to send, 1-based and inclusive: A:B.
    #[arg(long, value_parser = parse_lines)]
    pub lines: Option<(usize, usize)>,
    /// Continue the conversation with this thread id.
    #[arg(long)]
    pub thread: Option<String>,
    /// Assistant API base URL (env DOCS_ASSISTANT_BASE_URL).
    #[arg(long)]
    pub base_url: Option<String>,
    /// Site domain (env DOCS_ASSISTANT_DOMAIN).
    #[arg(long)]
    pub domain: Option<String>,
}

/// Parses `A:B` (1-based, inclusive, A <= B); usable as a clap value parser.
pub fn parse_lines(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("`{text}` is not a line range: expected A:B with 1 <= A <= B");
    let (a, b) = text.split_once(':').ok_or_else(bad)?;
    let a: usize = a.trim().parse().map_err(|_| bad())?;
    let b: usize = b.trim().parse().map_err(|_| bad())?;
    if a == 0 || a > b {
        return Err(bad());
    }
    Ok((a, b))
}

/// Runs `ask` with the process environment, stdout and stderr; Ctrl-C cancels
/// the request and prints what arrived.
pub async fn run_ask(args: AskArgs) -> i32 {
    let cancel = CancellationToken::new();
    let on_signal = cancel.clone();
    let watcher = tokio::spawn(async move {
        if tokio::signal::ctrl_c().await.is_ok() {
            on_signal.cancel();
        }
    });
    let env = |name: &str| std::env::var(name).ok();
    let code = run_ask_with(
        args,
        &env,
        &mut std::io::stdout(),
        &mut std::io::stderr(),
        &cancel,
    )
    .await;
    watcher.abort();
    code
}

/// [`run_ask`] with its environment and outputs given, for tests and embedding.
pub async fn run_ask_with(
    args: AskArgs,
    env: &dyn Fn(&str) -> Option<String>,
    out: &mut dyn Write,
    err: &mut dyn Write,
    cancel: &CancellationToken,
) -> i32 {
    let (settings, mut conv, question, selection) = match prepare(args, env) {
        Ok(p) => p,
        Err(message) => {
            let _ = writeln!(err, "error: {message}");
            return 2;
        }
    };
    // Output errors (a closed pipe) must not stop the request or panic.
    let mut last_part: Option<String> = None;
    let mut printed_any = false;
    let sink = |update: AnswerUpdate| match update {
        AnswerUpdate::TextDelta { part_id, delta } => {
            if last_part.as_ref().is_some_and(|p| *p != part_id) && printed_any {
                let _ = out.write_all(b"\n\n");
            }
            last_part = Some(part_id);
            printed_any |= !delta.is_empty();
            let _ = out.write_all(delta.as_bytes());
            let _ = out.flush();
        }
        AnswerUpdate::Warning(w) => {
            let _ = writeln!(err, "warning: {w}");
        }
        AnswerUpdate::Source(_) | AnswerUpdate::Finished { .. } => {}
    };
    let result = ask(
        &settings,
        &mut conv,
        &question,
        selection.as_ref(),
        sink,
        cancel,
    )
    .await;
    match result {
        Ok(answer) => {
            print_trailer(out, &answer, false);
            0
        }
        Err(e) => {
            if let Some(partial) = e.partial() {
                print_trailer(out, partial, true);
            }
            let _ = writeln!(err, "error: {e}");
            if e.is_config() { 2 } else { 1 }
        }
    }
}

fn print_trailer(out: &mut dyn Write, answer: &Answer, incomplete: bool) {
    let mut text = String::new();
    if !answer.text().is_empty() {
        text.push('\n');
    }
    if incomplete {
        text.push_str("[answer incomplete]\n");
    }
    if !answer.sources.is_empty() {
        text.push_str("\nSources:\n");
        for s in &answer.sources {
            text.push_str(&format!("  - {}\n", s.label()));
        }
    }
    if let Some(id) = &answer.thread_id {
        text.push_str(&format!(
            "\nThread: {id} (pass --thread {id} to follow up)\n"
        ));
    }
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
}

fn non_empty(v: Option<String>) -> Option<String> {
    v.map(|s| s.trim().to_string()).filter(|s| !s.is_empty())
}

type PreparedAsk = (AssistantSettings, Conversation, String, Option<Selection>);

/// Turns arguments and environment into a request, or a usage message.
fn prepare(args: AskArgs, env: &dyn Fn(&str) -> Option<String>) -> Result<PreparedAsk, String> {
    let selection = match (&args.file, args.lines) {
        (None, Some(_)) => return Err("--lines needs --file".to_string()),
        (None, None) => None,
        (Some(file), lines) => Some(read_selection(file, lines)?),
    };
    let question = match non_empty(args.question) {
        Some(q) => q,
        None if selection.is_some() => DEFAULT_QUESTION.to_string(),
        None => return Err("no question: give one, or --file to ask about a selection".into()),
    };
    let mut settings = AssistantSettings {
        base_url: non_empty(args.base_url)
            .or_else(|| non_empty(env(BASE_URL_ENV)))
            .unwrap_or_else(|| DEFAULT_BASE_URL.to_string()),
        domain: non_empty(args.domain).or_else(|| non_empty(env(DOMAIN_ENV))),
        api_key: non_empty(env(API_KEY_ENV)).map(Secret::new),
        ..AssistantSettings::default()
    };
    if let Some(v) = non_empty(env(STALL_TIMEOUT_ENV)) {
        let secs: f64 = v
            .parse()
            .ok()
            .filter(|s: &f64| s.is_finite() && *s > 0.0 && *s < 86_400.0)
            .ok_or_else(|| format!("{STALL_TIMEOUT_ENV} must be a number of seconds, not `{v}`"))?;
        settings.timeouts.stall = Duration::from_secs_f64(secs);
    }
    let conv = match non_empty(args.thread) {
        Some(id) => Conversation::with_thread(id),
        None => new_conversation(),
    };
    Ok((settings, conv, question, selection))
}

fn read_selection(file: &PathBuf, lines: Option<(usize, usize)>) -> Result<Selection, String> {
    let bytes = std::fs::read(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let content = String::from_utf8_lossy(&bytes);
    let text = match lines {
        None => content.to_string(),
        Some((a, b)) => {
            let all: Vec<&str> = content.split_inclusive('\n').collect();
            if a > all.len() {
                return Err(format!(
                    "--lines {a}:{b} starts past the end of {} ({} lines)",
                    file.display(),
                    all.len()
                ));
            }
            all[a - 1..b.min(all.len())].concat()
        }
    };
    Ok(Selection {
        text,
        // As given: relative paths are meant to be relative to the docs root.
        path: file.to_string_lossy().replace('\\', "/"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_ranges() {
        assert_eq!(parse_lines("3:7"), Ok((3, 7)));
        assert_eq!(parse_lines("4:4"), Ok((4, 4)));
        for bad in ["0:2", "5:4", "x:1", "3", ":", "1:2:3"] {
            assert!(parse_lines(bad).is_err(), "{bad}");
        }
    }
}
