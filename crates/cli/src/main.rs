//! `tabula`: play, analyze and test the Tabula games from the command line.

mod cli;
mod commands;
mod console;
mod error;
mod games;
mod menu;
mod tui;

use std::process::ExitCode;

use clap::Parser;
use tabula_i18n::{Catalog, Lang};

fn main() -> ExitCode {
    restore_default_sigpipe();
    let cli = cli::Cli::parse();
    // One catalog for the whole run: `--lang`, else TABULA_LANG, else the locale. An unknown
    // `--lang` is refused by `commands::run`, in English.
    let cat = Catalog::new(Lang::from_env(cli.lang.as_deref()).unwrap_or_default());
    match commands::run(cli, &cat) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("tabula: {}", error.render(&cat));
            ExitCode::from(error.exit_code())
        }
    }
}

/// Lets a closed pipe end the program quietly (`tabula ... | head`), as Unix tools do, instead of
/// Rust's default of turning the failed write into a panic.
fn restore_default_sigpipe() {
    #[cfg(unix)]
    // SAFETY: called first thing in `main`, before any thread exists; SIG_DFL is always a valid
    // disposition for SIGPIPE.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
