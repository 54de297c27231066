//! The `docs-lsp` binary: `serve` (stdio LSP, the default), `check`, `ask`.

use clap::{Parser, Subcommand};
use docs_lsp::cli;
use std::path::PathBuf;

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

#[derive(Subcommand)]
enum Command {
    /// Speak LSP over stdio (the default).
    Serve,
    /// Check every docs site under PATH and report problems.
    Check {
        /// Folder to search for docs.json files (default: the current folder).
        path: Option<PathBuf>,
        #[arg(long, value_enum, default_value = "human")]
        format: cli::report::Format,
        /// Also print information and hints.
        #[arg(long)]
        all: bool,
    },
}

fn main() {
    let args = Args::parse();
    let code = match args.command {
        None | Some(Command::Serve) => {
            let rt = tokio::runtime::Builder::new_multi_thread()
                .enable_all()
                .build();
            match rt {
                Ok(rt) => {
                    rt.block_on(docs_lsp::lsp::serve_stdio());
                    0
                }
                Err(e) => {
                    eprintln!("docs-lsp: could not start: {e}");
                    2
                }
            }
        }
        Some(Command::Check { path, format, all }) => {
            let path = path.unwrap_or_else(|| PathBuf::from("."));
            let opts = cli::check::Options { format, all };
            let stdout = std::io::stdout();
            let mut lock = stdout.lock();
            cli::check::run(&path, &opts, &mut lock)
        }
    };
    std::process::exit(code);
}
