//! 2048: headless games by an agent for scripts and measurements. The full-screen game is the
//! full-screen UI's (`tabula-tui`, opened from [`crate::tui`]).

use std::io::{self, IsTerminal, Write};

use clap::Args;
use rand::Rng;
use serde_json::json;
use tabula_2048::runner::{play_games, Summary};
use tabula_core::AgentSpec;

use crate::error::{CliError, Result};

/// `tabula play 2048` options.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Play headless with this agent (`expectimax:time=1`, `greedy`, `random`) instead of the
    /// full-screen game.
    #[arg(long, value_name = "SPEC")]
    pub agent: Option<String>,
    /// Headless: how many games.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub games: usize,
    /// The seed of the tiles (game i of a headless run uses seed + i - 1); random by default.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Headless: one JSON object per game and one for the summary.
    #[arg(long)]
    pub json: bool,
}

impl PlayArgs {
    /// Whether the options ask for games without a screen (or are a usage error without one).
    pub fn headless(&self) -> bool {
        self.agent.is_some() || self.json || self.games != 1
    }
}

/// Plays 2048 headless. Reached without `--agent` only when the full-screen UI was not opened:
/// then the options are a usage error.
pub fn play(args: PlayArgs) -> Result<()> {
    let seed = args.seed.unwrap_or_else(|| rand::rng().random());
    let Some(spec) = &args.agent else {
        if args.json || args.games != 1 {
            return Err(CliError::usage_key("cli-error-2048-needs-agent", &[]));
        }
        if !io::stdout().is_terminal() || !io::stdin().is_terminal() {
            return Err(CliError::usage_key("cli-error-2048-needs-terminal", &[]));
        }
        return Err(CliError::usage_key("cli-error-2048-no-console", &[]));
    };
    let spec: AgentSpec = spec.parse()?;
    let mut out = io::stdout().lock();
    let mut failed = None;
    let reports = play_games(&spec, args.games, seed, |report| {
        let line = if args.json {
            serde_json::to_string(report).expect("a report serialises")
        } else {
            report.to_string()
        };
        if let Err(e) = writeln!(out, "{line}") {
            failed.get_or_insert(e);
        }
    })?;
    if let Some(e) = failed {
        return Err(e.into());
    }
    let summary = Summary::of(&reports);
    if args.json {
        writeln!(
            out,
            "{}",
            json!({ "agent": spec.to_string(), "summary": summary })
        )?;
    } else {
        writeln!(out, "{spec}: {summary}")?;
    }
    Ok(())
}
