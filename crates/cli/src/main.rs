//! `tabula`: play, analyze and test the Tabula games from the command line.

mod cli;
mod commands;
mod console;
mod error;
mod games;
mod menu;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    match commands::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("tabula: {error}");
            ExitCode::from(error.exit_code())
        }
    }
}
