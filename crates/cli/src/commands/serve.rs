//! `tabula serve [--addr 127.0.0.1:8080] [--db FILE] [--trusted-proxy ADDR]...`: the web server (see `tabula-server`).
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
    /// A reverse proxy whose X-Forwarded-For (or Forwarded) header names the client for the
    /// rate limits: an address or network (10.0.0.0/8), repeatable or comma-separated. From
    /// any other peer the headers are ignored.
    #[arg(long = "trusted-proxy", value_name = "ADDR")]
    pub trusted_proxy: Vec<String>,
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
    let proxies = tabula_server::proxy::TrustedProxies::parse(&args.trusted_proxy)
        .map_err(|e| CliError::usage(format!("--trusted-proxy: {e}")))?;
    let config = tabula_server::Config {
        addr,
        db,
        engines: None,
        limits: tabula_server::Limits {
            proxies,
            ..tabula_server::Limits::default()
        },
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
