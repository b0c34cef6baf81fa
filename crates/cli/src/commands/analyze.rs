//! `tabula analyze`: every legal move's value from the side to move's point of view.

use tabula_core::{AgentCatalog, SearchLimits, Turn};

use crate::cli::AnalyzeArgs;
use crate::error::{CliError, Result};
use crate::games::{with_game, GameKind};

/// Runs `tabula analyze`.
pub fn run(args: &AnalyzeArgs) -> Result<()> {
    with_game!(GameKind::parse(&args.game)?, G => analyze::<G>(args))
}

fn analyze<G: AgentCatalog>(args: &AnalyzeArgs) -> Result<()> {
    let state = G::parse_position(&args.position)?;
    if let Turn::Over(_) = state.turn() {
        return Err(CliError::usage(
            "the game is over in this position: there is nothing to analyze",
        ));
    }
    let spec = args.agent.as_deref().unwrap_or(G::ANALYZER);
    let mut agent = G::agent_from_str(spec)?;
    let limits = SearchLimits {
        time_ms: args.time_ms,
        depth: args.depth,
        exact: args.exact,
    };
    G::check_limits(&spec.parse()?, &limits)?;
    let analysis = agent.analyze(&state, &limits).ok_or_else(|| {
        CliError::usage(format!(
            "agent {spec} does not analyze positions; try {}",
            G::ANALYZER
        ))
    })?;
    if args.json {
        println!("{}", analysis.to_json(&state));
        return Ok(());
    }
    let to_move = match state.turn() {
        Turn::Player(p) => G::player_name(p),
        _ => "chance",
    };
    println!(
        "{} to move; values from {to_move}'s point of view, best first:",
        to_move
    );
    for m in &analysis.moves {
        let mut notes = Vec::new();
        if let Some(verdict) = m.verdict {
            notes.push(verdict.as_str().to_string());
        }
        if let Some(bound) = m.bound {
            notes.push(format!("{bound:?} bound").to_lowercase());
        }
        if !m.exact && m.verdict.is_none() && m.bound.is_none() {
            notes.push("estimate".to_string());
        }
        println!(
            "  {:>8}  {:>10}  {}",
            state.move_string(m.mv),
            m.value,
            notes.join(", ")
        );
    }
    if let Some(nodes) = analysis.nodes {
        println!("{nodes} nodes");
    }
    Ok(())
}
