//! `tabula analyze`: every legal move's value from the side to move's point of view.
//!
//! Text output: one line per valued move, best first — the value and what it is (`win`/`draw`/
//! `loss` where proven, `estimate` where not; a bound shows as `≤ 38` or `≥ 38` with `upper
//! bound`/`lower bound`) — then one `not searched:` line with the legal moves the search never
//! looked at, which have no value at all. `--exact` is refused (exit 2) for an agent without an
//! exact solver, rather than answered with estimates.

use tabula_core::{Agent, AgentCatalog, MoveValue, SearchLimits, Turn};

use crate::cli::AnalyzeArgs;
use crate::error::{CliError, Result};
use crate::games::{with_game, GameKind};

/// Runs `tabula analyze`.
pub fn run(args: &AnalyzeArgs) -> Result<()> {
    with_game!(GameKind::parse(&args.game)?, G => analyze::<G>(args))
}

/// Refuses, for `what` (`--exact`, `tabula solve`), an agent that cannot solve exactly.
pub(crate) fn require_exact_solver<G: AgentCatalog>(
    agent: &dyn Agent<G>,
    spec: &str,
    what: &str,
) -> Result<()> {
    agent.solves_exactly().map_err(|why| {
        CliError::usage_key(
            "cli-error-needs-exact",
            &[
                ("what", what.to_string()),
                ("game", G::NAME.to_string()),
                ("spec", spec.to_string()),
                ("why", why.to_string()),
            ],
        )
    })
}

fn analyze<G: AgentCatalog>(args: &AnalyzeArgs) -> Result<()> {
    let state = G::parse_position(&args.position)?;
    match state.turn() {
        Turn::Over(_) => return Err(CliError::usage_key("cli-error-analyze-over", &[])),
        Turn::Chance => return Err(CliError::usage_key("cli-error-analyze-chance", &[])),
        Turn::Player(_) => {}
    }
    let spec = args.agent.as_deref().unwrap_or(G::ANALYZER);
    let mut agent = G::agent_from_str(spec)?;
    if args.exact {
        require_exact_solver(agent.as_ref(), spec, "--exact")?;
    }
    let limits = SearchLimits {
        time_ms: args.time_ms,
        depth: args.depth,
        exact: args.exact,
        only_best: false,
    };
    G::check_limits(&spec.parse()?, &limits)?;
    let analysis = agent.analyze(&state, &limits).ok_or_else(|| {
        if spec == G::ANALYZER {
            CliError::usage_key("cli-error-analyze-cannot", &[("spec", spec.to_string())])
        } else {
            CliError::usage_key(
                "cli-error-analyze-chooser",
                &[
                    ("spec", spec.to_string()),
                    ("analyzer", G::ANALYZER.to_string()),
                ],
            )
        }
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
        let (value, notes) = describe(m);
        println!("  {:>8}  {:>10}  {}", state.move_string(m.mv), value, notes);
    }
    if !analysis.unsearched.is_empty() {
        let moves: Vec<String> = analysis
            .unsearched
            .iter()
            .map(|&m| state.move_string(m))
            .collect();
        println!(
            "  not searched ({} legal moves, no value): {}",
            moves.len(),
            moves.join(" ")
        );
    }
    if let Some(nodes) = analysis.nodes {
        println!("{nodes} nodes");
    }
    Ok(())
}

/// A move's value column (a bound with its sign, `≤ 38`) and what the value is.
fn describe<M>(m: &MoveValue<M>) -> (String, String) {
    let mut notes = Vec::new();
    if let Some(verdict) = m.verdict {
        notes.push(verdict.as_str().to_string());
    }
    let value = match m.bound {
        Some(bound) => {
            notes.push(format!("{} bound", bound.as_str()));
            format!("{} {}", bound.symbol(), m.value)
        }
        None => {
            if !m.exact && m.verdict.is_none() {
                notes.push("estimate".to_string());
            }
            m.value.to_string()
        }
    };
    (value, notes.join(", "))
}

#[cfg(test)]
mod tests {
    use super::describe;
    use tabula_core::{Bound, MoveValue, Verdict};

    #[test]
    fn a_bound_is_written_as_a_bound_not_as_a_value() {
        let bound = MoveValue {
            mv: 0,
            value: 38.0,
            exact: false,
            verdict: None,
            bound: Some(Bound::Upper),
        };
        assert_eq!(
            describe(&bound),
            ("≤ 38".to_string(), "upper bound".to_string())
        );
        let exact = MoveValue::exact(0, 38.0, Verdict::Win);
        assert_eq!(describe(&exact), ("38".to_string(), "win".to_string()));
        let estimate = MoveValue::estimate(0, 40.5);
        assert_eq!(
            describe(&estimate),
            ("40.5".to_string(), "estimate".to_string())
        );
    }
}
