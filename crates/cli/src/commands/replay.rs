//! `tabula replay FILE.jsonl [--game N]`: one game of an arena's records, move by move.

use std::path::PathBuf;

use clap::Args;
use tabula_arena::{read_records, GameRecord};
use tabula_core::{Game, Turn};

use crate::error::{CliError, Result};
use crate::games::{with_game, GameKind};

/// `tabula replay FILE.jsonl [--game N]`
#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// A file written by `tabula arena ... --out FILE.jsonl`.
    pub file: PathBuf,
    /// The game's number in the match (from 1; default: the file's first game).
    #[arg(long, value_name = "N")]
    pub game: Option<u64>,
}

/// Runs `tabula replay`.
pub fn run(args: &ReplayArgs) -> Result<()> {
    let name = args.file.display().to_string();
    let text = std::fs::read_to_string(&args.file).map_err(|e| {
        CliError::failed_key(
            "cli-error-read-file",
            &[("file", name.clone()), ("detail", e.to_string())],
        )
    })?;
    let records = read_records(&text, &name)?;
    let record = match args.game {
        None => records.first(),
        Some(n) => records.iter().find(|r| r.number == n),
    }
    .ok_or_else(|| match args.game {
        Some(n) => CliError::usage_key(
            "cli-error-replay-no-game",
            &[("file", name.clone()), ("number", n.to_string())],
        ),
        None => CliError::usage_key("cli-error-replay-empty", &[("file", name.clone())]),
    })?;
    with_game!(GameKind::parse(&record.game)?, G => show::<G>(record, &name))
}

/// Prints the game: who played what, then every ply with the position after it.
fn show<G: Game>(record: &GameRecord, file: &str) -> Result<()> {
    let (start, plies) = record
        .replay::<G>()
        .map_err(|reason| CliError::failed(format!("{file}, game {}: {reason}", record.number)))?;
    let a_player = (0..G::PLAYERS)
        .find(|&p| G::player_name(p) == record.a_plays)
        .unwrap_or(0);
    println!("{} game {} (seed {})", G::NAME, record.number, record.seed);
    match &record.b {
        Some(b) => println!(
            "A = {} plays {}; B = {b} plays {}",
            record.a,
            record.a_plays,
            G::player_name(1 - a_player)
        ),
        None => println!("{} plays", record.a),
    }
    println!("start: {}", start.position_string());
    let mut before = start;
    for (k, (mv, after)) in plies.iter().enumerate() {
        let who = match before.turn() {
            Turn::Player(p) if record.b.is_none() => G::player_name(p).to_string(),
            Turn::Player(p) => format!(
                "{} ({})",
                G::player_name(p),
                if p == a_player { "A" } else { "B" }
            ),
            _ => "chance".to_string(),
        };
        println!(
            "{:>4}. {who:<14} {:<8} {}",
            k + 1,
            before.move_string(*mv),
            after.position_string()
        );
        before = after.clone();
    }
    let result = match (record.result.as_str(), record.score) {
        ("a", _) => format!("A ({}) wins", record.a),
        ("b", _) => format!("B ({}) wins", record.b.as_deref().unwrap_or("")),
        (_, Some(score)) => format!("score {score}"),
        _ => "draw".to_string(),
    };
    println!("result: {result} (margin for A {:+})", record.margin_a);
    Ok(())
}
