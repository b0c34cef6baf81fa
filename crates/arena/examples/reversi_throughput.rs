//! Reversi arena throughput, for timing under `perf stat` on a busy machine:
//!
//! `cargo build --release -p tabula-arena --example reversi_throughput`
//! `perf stat -e task-clock target/release/examples/reversi_throughput corner-best random 200000 1`
//!
//! prints the match's games, wall-clock seconds and games per wall-clock second; `perf stat`
//! adds the CPU time, so games per CPU-second = games / task-clock.

use tabula_arena::{run_match, Hooks, MatchSetup};
use tabula_reversi::Reversi;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [a, b, games, threads] = args.as_slice() else {
        return Err("usage: reversi_throughput AGENT-A AGENT-B GAMES THREADS".into());
    };
    let setup = MatchSetup::<Reversi>::new(a, Some(b), games.parse()?, 1)?;
    let report = run_match(&setup, threads.parse()?, &mut Hooks::silent())?;
    println!(
        "{} games in {:.3} s wall: {:.0} games/s; A won {:.1}%",
        report.tally.games,
        report.elapsed_s,
        report.games_per_second(),
        100.0 * report.tally.ratio(report.tally.wins_a)
    );
    Ok(())
}
