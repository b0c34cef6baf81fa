//! Reversi arena throughput, for timing under `perf stat` on a busy machine:
//!
//! `cargo build --release -p tabula-arena --example reversi_throughput`
//! `perf stat -e task-clock target/release/examples/reversi_throughput corner-best random 200000 1`
//!
//! prints the match's games, wall-clock seconds and games per wall-clock second; `perf stat`
//! adds the CPU time, so games per CPU-second = games / task-clock. An optional fifth argument
//! is the match seed (default 1).

use tabula_arena::{run_match, Hooks, MatchSetup};
use tabula_reversi::Reversi;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (a, b, games, threads, seed) = match args.as_slice() {
        [a, b, games, threads] => (a, b, games, threads, "1"),
        [a, b, games, threads, seed] => (a, b, games, threads, seed.as_str()),
        _ => return Err("usage: reversi_throughput AGENT-A AGENT-B GAMES THREADS [SEED]".into()),
    };
    let setup = MatchSetup::<Reversi>::new(a, Some(b), games.parse()?, seed.parse()?)?;
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
