//! The late-game benchmark: how often an agent turns boards of the late game into a tile.
//!
//! Whole games spend most of their time where nothing is decided; this plays only the part
//! that is. `collect` plays games with one agent and keeps, from each game that gets there,
//! the first board whose largest tile and tiles' sum reach the given values; `play` plays
//! every kept board with another agent until the target tile or the end, each board with its
//! own new tiles (seed 1,000,000 + its line number), the same for every agent, so two agents
//! can be compared board by board.
//!
//! ```sh
//! cargo run --release -p tabula-2048 --example late_game -- \
//!     collect ntuple:depth=3,weights=net.bin 1000 80 16384 28672 > boards.txt
//! cargo run --release -p tabula-2048 --example late_game -- \
//!     play ntuple:mean=10,weights=net.bin boards.txt 32768 > results.jsonl
//! ```
//!
//! `collect` writes `seed<TAB>position` lines (positions as `tabula` reads them); `play` one
//! JSON object a board and a last line with the count that reached the tile.

use std::process::ExitCode;

use tabula_2048::notation::{parse_position, position_string};
use tabula_2048::runner::play_until;
use tabula_2048::Game2048;
use tabula_core::{AgentCatalog, AgentSpec, Game};

const USAGE: &str = "usage: late_game collect SPEC FIRST_SEED COUNT TILE SUM
       late_game play SPEC BOARDS_FILE UNTIL_TILE";

/// The seed of the new tiles on the board of line `i` of a boards file.
const PLAY_SEED: u64 = 1_000_000;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["collect", spec, seed, count, tile, sum] => (|| {
            collect(
                &spec.parse().map_err(|e| format!("{e}"))?,
                number(seed, "FIRST_SEED")?,
                number(count, "COUNT")?,
                number(tile, "TILE")?,
                number(sum, "SUM")?,
            )
        })(),
        ["play", spec, boards, until] => (|| {
            play(
                &spec.parse().map_err(|e| format!("{e}"))?,
                boards,
                number(until, "UNTIL_TILE")?,
            )
        })(),
        _ => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("late_game: {message}");
            ExitCode::from(2)
        }
    }
}

/// `text` as a whole number, or an error naming `what`.
fn number<T: std::str::FromStr>(text: &str, what: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{what} must be a whole number, not {text:?}"))
}

fn collect(spec: &AgentSpec, first: u64, count: usize, tile: u64, sum: u64) -> Result<(), String> {
    let mut kept = 0;
    let mut seed = first;
    while kept < count {
        let mut agent =
            Game2048::build_agent(&spec.with_default_seed(seed)).map_err(|e| e.to_string())?;
        let late = |s: &Game2048| s.max_tile() >= tile && s.tile_sum() >= sum;
        let (end, _, _) = play_until(Game2048::initial(), agent.as_mut(), seed, late);
        if late(&end) {
            println!("{seed}\t{}", position_string(&end));
            kept += 1;
        }
        seed += 1;
    }
    eprintln!(
        "{kept} boards from the games of seeds {first} to {}",
        seed - 1
    );
    Ok(())
}

fn play(spec: &AgentSpec, boards: &str, until: u64) -> Result<(), String> {
    let text = std::fs::read_to_string(boards).map_err(|e| format!("{boards}: {e}"))?;
    let (mut played, mut reached) = (0, 0);
    for (i, line) in text.lines().enumerate() {
        let position = line.split_once('\t').map_or(line, |(_, position)| position);
        let start =
            parse_position(position).map_err(|e| format!("{boards} line {}: {e}", i + 1))?;
        let seed = PLAY_SEED + i as u64;
        let mut agent =
            Game2048::build_agent(&spec.with_default_seed(seed)).map_err(|e| e.to_string())?;
        let (end, moves, thinking) =
            play_until(start, agent.as_mut(), seed, |s| s.max_tile() >= until);
        let made = end.max_tile() >= until;
        println!(
            "{{\"board\":{},\"reached\":{made},\"max_tile\":{},\"points\":{},\"moves\":{},\"ms_per_move\":{:.3}}}",
            i + 1,
            end.max_tile(),
            end.score() - start.score(),
            moves,
            thinking.as_secs_f64() * 1000.0 / moves.max(1) as f64
        );
        played += 1;
        reached += usize::from(made);
    }
    println!("{{\"boards\":{played},\"reached\":{reached},\"tile\":{until}}}");
    Ok(())
}
