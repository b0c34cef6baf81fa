//! `tabula perft`: the number of move sequences of exactly `depth` plies.

use std::time::Instant;

use tabula_core::Game;

use crate::cli::PerftArgs;
use crate::error::Result;
use crate::games::{with_game, GameKind};

/// Runs `tabula perft`; the last line printed is the count alone.
pub fn run(args: &PerftArgs) -> Result<()> {
    with_game!(GameKind::parse(&args.game)?, G => perft::<G>(args))
}

fn perft<G: Game>(args: &PerftArgs) -> Result<()> {
    let state = match &args.position {
        Some(text) => G::parse_position(text)?,
        None => G::initial(),
    };
    let started = Instant::now();
    let count = state.perft(args.depth);
    let seconds = started.elapsed().as_secs_f64();
    eprintln!(
        "perft {} of {}: {count} in {seconds:.3} s ({:.1} M/s)",
        args.depth,
        state.position_string(),
        count as f64 / seconds.max(1e-9) / 1e6
    );
    println!("{count}");
    Ok(())
}
