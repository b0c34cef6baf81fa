//! `tabula solve`: solves each position of a file exactly and prints the best move, its value,
//! the time and the nodes per line, then the totals — the endgame benchmark. Games whose agent
//! has no exact solver (gomoku, 2048) are refused with the reason.

use std::time::Instant;

use tabula_core::{AgentCatalog, SearchLimits, Turn};

use crate::cli::SolveArgs;
use crate::error::{CliError, Result};
use crate::games::{with_game, GameKind};

/// The longest line read, in bytes: a position line is far shorter (an FFO line is under 100
/// bytes, a full 22×22 gomoku move list under 2 KiB); longer lines are refused with their number.
const MAX_LINE: usize = 4096;

/// Runs `tabula solve`.
pub fn run(args: &SolveArgs) -> Result<()> {
    with_game!(GameKind::parse(&args.game)?, G => solve::<G>(args))
}

/// Reads the position at the start of `line`: the longest run of leading words that parses
/// (text after `;` is ignored, as OBF files write results there).
fn position<G: AgentCatalog>(line: &str) -> Option<G> {
    let text = line.split(';').next().unwrap_or("");
    let words: Vec<&str> = text.split_whitespace().collect();
    (1..=words.len())
        .rev()
        .find_map(|n| G::parse_position(&words[..n].join(" ")).ok())
}

fn solve<G: AgentCatalog>(args: &SolveArgs) -> Result<()> {
    let text = std::fs::read_to_string(&args.file).map_err(|e| {
        CliError::usage_key(
            "cli-error-read-file",
            &[
                ("file", args.file.display().to_string()),
                ("detail", e.to_string()),
            ],
        )
    })?;
    if let Some((number, line)) = text.lines().enumerate().find(|(_, l)| l.len() > MAX_LINE) {
        return Err(CliError::usage_key(
            "cli-error-line-too-long",
            &[
                ("line", (number + 1).to_string()),
                ("bytes", line.len().to_string()),
                ("max", MAX_LINE.to_string()),
            ],
        ));
    }
    let spec = args.agent.as_deref().unwrap_or(G::ANALYZER);
    let mut agent = G::agent_from_str(spec)?;
    super::analyze::require_exact_solver(agent.as_ref(), spec, "tabula solve")?;
    let limits = SearchLimits {
        exact: true,
        only_best: true,
        ..SearchLimits::default()
    };
    let (mut total_nodes, mut count, started) = (0u64, 0, Instant::now());
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') || line.starts_with('%') {
            continue;
        }
        let state: G = position(line).ok_or_else(|| {
            CliError::usage_key(
                "cli-error-line-position",
                &[
                    ("line", (number + 1).to_string()),
                    ("game", G::NAME.to_string()),
                ],
            )
        })?;
        if let Turn::Over(_) = state.turn() {
            println!("line {}: the game is over", number + 1);
            continue;
        }
        agent.new_game();
        let t = Instant::now();
        let analysis = agent.analyze(&state, &limits).ok_or_else(|| {
            CliError::usage_key(
                "cli-error-line-cannot-solve",
                &[
                    ("line", (number + 1).to_string()),
                    ("spec", spec.to_string()),
                ],
            )
        })?;
        let seconds = t.elapsed().as_secs_f64();
        let nodes = analysis.nodes.unwrap_or(0);
        total_nodes += nodes;
        count += 1;
        let best = analysis.moves.first();
        println!(
            "line {:>3}: {:>6} {:>+4} {:>9.3} s {:>14} nodes",
            number + 1,
            best.map_or("-".to_string(), |m| state.move_string(m.mv)),
            best.map_or(0.0, |m| m.value),
            seconds,
            nodes
        );
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "total: {count} positions, {seconds:.3} s, {total_nodes} nodes, {:.1} M nodes/s",
        total_nodes as f64 / seconds.max(1e-9) / 1e6
    );
    Ok(())
}
