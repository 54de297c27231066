//! The `docs-lsp` binary: `serve` (stdio LSP, the default), `check`, `nav`,
//! `translations`, `ask`.

use clap::{Parser, Subcommand};
use docs_lsp::cli;
use std::path::PathBuf;

// Parsing a 1.5 MB docs.json per keystroke makes and frees ~100,000 small
// allocations, and old analyses are freed on another thread: mimalloc does
// both markedly faster than the system allocator.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Give freed memory back to the system at once (mimalloc's default is
/// 10 ms): what reading a site and `check` free is not reused. The server
/// keeps it a little once it analyses keystrokes (`lsp::world`).
///
/// And no transparent huge pages. mimalloc asks for them by default; the
/// first keystrokes after a 25,000-page site opened then spent most of their
/// time in the kernel zeroing fresh 2 MB pages (18% of a benchmark run's
/// samples in `clear_page_erms`, edits at 45-60 ms against 13 ms after). With
/// them off, those edits take their usual time and peak memory fell from
/// 164-188 MB to 109-129 MB (side-by-side benchmark runs).
/// `PR_SET_THP_DISABLE` covers systems whose THP setting is "always" as
/// well as mimalloc's own `madvise`.
fn tune_allocator() {
    // `mi_option_purge_delay` in mimalloc's `mi_option_e` (v2 and v3); the
    // sys crate has no named constant for it.
    const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;
    // SAFETY: sets a process-wide option; mimalloc allows it at any time.
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, 0) }
    #[cfg(target_os = "linux")]
    // SAFETY: PR_SET_THP_DISABLE takes integer arguments only and changes
    // nothing but this process's page-fault policy.
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
}

#[derive(Parser)]
#[command(
    name = "docs-lsp",
    version,
    about = "Language server and checker for docs.json documentation sites"
)]
struct Args {
    #[command(subcommand)]
    command: Option<Command>,
}

/// What `check --deny` makes fail.
#[derive(Clone, Copy, clap::ValueEnum)]
enum Deny {
    Warnings,
}

#[derive(Subcommand)]
enum Command {
    /// Speak LSP over stdio (the default).
    Serve,
    /// Check every docs site under PATH (or, when there is none, the site
    /// PATH is in) and report problems.
    Check {
        /// Folder to search for docs.json files (default: the current
        /// folder); with none at or below it, the nearest folder above
        /// holding one.
        path: Option<PathBuf>,
        #[arg(long, value_enum, default_value = "human")]
        format: cli::report::Format,
        /// Also print information and hints.
        #[arg(long)]
        all: bool,
        /// `--deny warnings`: warnings fail the check too (exit 1), for CI
        /// that wants them fixed.
        #[arg(long, value_enum)]
        deny: Option<Deny>,
        /// Also report every URL the site served at this git revision (a
        /// branch, tag, `HEAD~3`, a commit) that it no longer serves and
        /// that no redirect covers (`url-removed`).
        #[arg(long, value_name = "REV")]
        since: Option<String>,
    },
    /// Print the sidebar readers will see: the navigation after the
    /// platform's rules, with page titles, hidden pages and API pages.
    Nav {
        /// A docs site's folder or any file or folder in it (default: the
        /// current folder).
        path: Option<PathBuf>,
        /// Only this language (its code, e.g. `fr`).
        #[arg(long)]
        language: Option<String>,
        /// Only this version.
        #[arg(long)]
        version: Option<String>,
        /// Only this product.
        #[arg(long)]
        product: Option<String>,
        #[arg(long, value_enum, default_value = "tree")]
        format: cli::navigation_view::NavFormat,
    },
    /// Report what each language lacks against the default language: pages
    /// it does not list, listed pages with no file, pages whose body is the
    /// default's (not translated) and pages whose last commit is older than
    /// their source's. A report: exits 0 whatever it finds (2 when there is
    /// no docs site).
    Translations {
        /// A docs site's folder or any file or folder in it (default: the
        /// current folder).
        path: Option<PathBuf>,
        /// Only this language (its code, e.g. `fr`).
        #[arg(long)]
        language: Option<String>,
        #[arg(long, value_enum, default_value = "text")]
        format: cli::translations::TranslationsFormat,
    },
    /// Ask the docs assistant a question, optionally about lines of a file.
    Ask(docs_lsp::assistant::cli::AskArgs),
}

/// Runs `work` on a multi-threaded runtime; 2 when none can be made.
fn block_on(work: impl std::future::Future<Output = i32>) -> i32 {
    match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt.block_on(work),
        Err(e) => {
            eprintln!("docs-lsp: could not start: {e}");
            2
        }
    }
}

fn main() {
    let args = Args::parse();
    tune_allocator();
    let code = match args.command {
        None | Some(Command::Serve) => block_on(async {
            docs_lsp::lsp::serve_stdio().await;
            0
        }),
        Some(Command::Ask(args)) => block_on(docs_lsp::assistant::cli::run_ask(args)),
        Some(Command::Nav {
            path,
            language,
            version,
            product,
            format,
        }) => {
            let path = path.unwrap_or_else(|| PathBuf::from("."));
            let filter = docs_lsp::analysis::navigation_view::Filter {
                language,
                version,
                product,
            };
            cli::navigation_view::run(&path, &filter, format, &mut std::io::stdout().lock())
        }
        Some(Command::Translations {
            path,
            language,
            format,
        }) => {
            let path = path.unwrap_or_else(|| PathBuf::from("."));
            cli::translations::run(
                &path,
                language.as_deref(),
                format,
                &mut std::io::stdout().lock(),
            )
        }
        Some(Command::Check {
            path,
            format,
            all,
            deny,
            since,
        }) => {
            let path = path.unwrap_or_else(|| PathBuf::from("."));
            // Colour only on a terminal, unless NO_COLOR or CLICOLOR_FORCE
            // say otherwise (anstream's reading of them); the stream also
            // turns the codes into console calls on an old Windows console.
            let choice = anstream::AutoStream::choice(&std::io::stdout());
            let opts = cli::check::Options {
                format,
                all,
                deny_warnings: matches!(deny, Some(Deny::Warnings)),
                relative_to: cli::check::display_bases(format),
                color: choice != anstream::ColorChoice::Never,
                since,
            };
            let mut out = anstream::AutoStream::new(std::io::stdout().lock(), choice);
            cli::check::run(&path, &opts, &mut out)
        }
    };
    std::process::exit(code);
}
