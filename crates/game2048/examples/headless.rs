//! Plays games headless and prints one line per game and a summary, until the CLI's
//! `tabula play 2048 --agent ... --games N --seed S` is at hand:
//!
//! `cargo run --release -p tabula-2048 --example headless -- expectimax:time=1 60 1`

use tabula_2048::runner::{play_games, Summary};
use tabula_core::AgentSpec;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let spec: AgentSpec = args.first().map_or("expectimax", String::as_str).parse()?;
    let games = args.get(1).map_or(Ok(10), |g| g.parse())?;
    let seed = args.get(2).map_or(Ok(1), |s| s.parse())?;
    let reports = play_games(&spec, games, seed, |report| println!("{report}"))?;
    println!("{spec}: {}", Summary::of(&reports));
    Ok(())
}
