//! `tabula serve [--addr 127.0.0.1:8080] [--db FILE]`: the web server (see `tabula-server`).
//! Prints `listening on http://ADDR` on standard output once bound, so scripts and tests can
//! read the address (with port 0, a free port).

use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;

use clap::Args;

use crate::error::{CliError, Result};

/// `tabula serve ...`
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on (port 0: any free port).
    #[arg(long, default_value = "127.0.0.1:8080", value_name = "ADDR")]
    pub addr: String,
    /// The SQLite file of the games (default: games.sqlite in Tabula's data directory).
    #[arg(long, value_name = "FILE")]
    pub db: Option<PathBuf>,
}

/// Runs the server until the process is stopped.
pub fn run(args: &ServeArgs) -> Result<()> {
    let addr: SocketAddr = args.addr.parse().map_err(|_| {
        CliError::usage(format!(
            "--addr {:?} is not an address; give IP:PORT such as 127.0.0.1:8080",
            args.addr.chars().take(60).collect::<String>()
        ))
    })?;
    let db = match &args.db {
        Some(db) => db.clone(),
        None => {
            let dir = tabula_core::save::data_dir().ok_or_else(|| {
                CliError::usage(
                    "no data directory (set TABULA_DATA_DIR or HOME), or give --db FILE",
                )
            })?;
            std::fs::create_dir_all(&dir)
                .map_err(|e| CliError::failed(format!("cannot create {}: {e}", dir.display())))?;
            dir.join("games.sqlite")
        }
    };
    let config = tabula_server::Config {
        addr,
        db,
        engines: None,
        limits: tabula_server::Limits::default(),
    };
    let runtime = tokio::runtime::Runtime::new()?;
    runtime
        .block_on(tabula_server::serve(config, |bound| {
            let mut out = std::io::stdout();
            let _ = writeln!(out, "listening on http://{bound}");
            let _ = out.flush();
        }))
        .map_err(CliError::failed)
}
