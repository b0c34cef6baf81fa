//! The agents judged by what they must never do: the perfect player never lets a position's
//! value slip against any opponent line, and the rules agent never misses a win or a block.

use std::collections::HashSet;

use rand::SeedableRng;
use tabula_core::{Agent, AgentCatalog, Game, GameRng, Outcome, SearchLimits, Turn, Verdict};
use tabula_tictactoe::agents::{PerfectAgent, RulesAgent};
use tabula_tictactoe::rules::LINES;
use tabula_tictactoe::{Mark, TicTacToe};

fn reachable() -> Vec<TicTacToe> {
    let mut seen = HashSet::new();
    let mut stack = vec![TicTacToe::new(Mark::X), TicTacToe::new(Mark::O)];
    while let Some(state) = stack.pop() {
        if !seen.insert(state) {
            continue;
        }
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        for mv in moves {
            let mut child = state;
            child.play(mv);
            stack.push(child);
        }
    }
    seen.into_iter().collect()
}

/// Plain negamax without tables: +1 win, 0 draw, -1 loss for the side to move.
fn brute_force(state: &TicTacToe) -> i32 {
    match state.turn() {
        Turn::Over(Outcome::Draw) => 0,
        Turn::Over(_) => -1,
        _ => {
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            moves
                .into_iter()
                .map(|mv| {
                    let mut child = *state;
                    child.play(mv);
                    -brute_force(&child)
                })
                .max()
                .unwrap()
        }
    }
}

/// The worst result `agent` (playing `me`) can get from `state` over every opponent reply.
fn worst_result(state: &TicTacToe, me: Mark, agent: &mut PerfectAgent) -> i32 {
    match state.turn() {
        Turn::Over(Outcome::Draw) => 0,
        Turn::Over(Outcome::Win(p)) => {
            if p == me.player() {
                1
            } else {
                -1
            }
        }
        _ if state.to_move() == me => {
            let mut child = *state;
            child.play(agent.choose(state));
            worst_result(&child, me, agent)
        }
        _ => {
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            moves
                .into_iter()
                .map(|mv| {
                    let mut child = *state;
                    child.play(mv);
                    worst_result(&child, me, agent)
                })
                .min()
                .unwrap()
        }
    }
}

#[test]
fn the_empty_board_is_a_draw() {
    let mut agent = PerfectAgent::new(GameRng::seed_from_u64(0));
    let analysis = agent
        .analyze(&TicTacToe::initial(), &SearchLimits::default())
        .unwrap();
    assert_eq!(analysis.moves.len(), 9);
    assert!(analysis
        .moves
        .iter()
        .all(|m| m.value == 0.0 && m.exact && m.verdict == Some(Verdict::Draw)));
}

#[test]
fn perfect_player_never_loses_against_any_line() {
    let positions = reachable();
    assert!(positions.len() > 5478, "both starting marks are covered");
    for seed in 0..3 {
        let mut agent = PerfectAgent::new(GameRng::seed_from_u64(seed));
        for state in positions.iter().filter(|s| !s.is_over()) {
            let me = state.to_move();
            let value = brute_force(state);
            let got = worst_result(state, me, &mut agent);
            assert!(
                got >= value,
                "{} scores {got} < its value {value}",
                state.position_string()
            );
        }
    }
}

#[test]
fn analysis_values_agree_with_brute_force() {
    let mut agent = PerfectAgent::new(GameRng::seed_from_u64(0));
    for state in reachable().iter().filter(|s| !s.is_over()) {
        let analysis = agent.analyze(state, &SearchLimits::default()).unwrap();
        for m in &analysis.moves {
            let mut child = *state;
            child.play(m.mv);
            assert_eq!(
                m.value,
                -brute_force(&child) as f64,
                "{}",
                state.position_string()
            );
        }
        assert!(
            analysis.moves.windows(2).all(|w| w[0].value >= w[1].value),
            "best first"
        );
    }
}

fn completes(mask: u16, empty: u16, cell: u8) -> bool {
    LINES.iter().any(|&line| {
        line & (1 << cell) != 0 && (mask & line).count_ones() == 2 && empty & (1 << cell) != 0
    })
}

#[test]
fn rules_agent_wins_or_blocks_whenever_one_move_does() {
    let mut agent = RulesAgent::new(GameRng::seed_from_u64(3));
    let mut wins = 0;
    let mut blocks = 0;
    for state in reachable().iter().filter(|s| !s.is_over()) {
        let me = state.to_move();
        let empty = state.empty();
        let can_win = (0..9).any(|c| completes(state.mask(me), empty, c));
        let must_block = (0..9).any(|c| completes(state.mask(me.other()), empty, c));
        for _ in 0..4 {
            let cell = agent.choose(state);
            if can_win {
                assert!(
                    completes(state.mask(me), empty, cell),
                    "{} misses a win",
                    state.position_string()
                );
                wins += 1;
            } else if must_block {
                assert!(
                    completes(state.mask(me.other()), empty, cell),
                    "{} misses a block",
                    state.position_string()
                );
                blocks += 1;
            }
        }
    }
    assert!(wins > 0 && blocks > 0);
}

#[test]
fn rules_agent_prefers_corners_then_centre_then_sides() {
    let mut agent = RulesAgent::new(GameRng::seed_from_u64(5));
    let empty = TicTacToe::initial();
    for _ in 0..20 {
        assert!([0, 2, 6, 8].contains(&agent.choose(&empty)));
    }
    // All corners taken, no threats: the centre.
    let corners = TicTacToe::parse_position("X.O...O.X").unwrap();
    assert_eq!(agent.choose(&corners), 4);
}

#[test]
fn catalog_builds_each_agent_and_rejects_unknown_ones() {
    for name in ["random", "rules", "minimax", "minimax:seed=4"] {
        let mut agent = TicTacToe::agent_from_str(name).unwrap();
        let mv = agent.choose(&TicTacToe::initial());
        assert!(mv < 9);
    }
    assert!(TicTacToe::agent_from_str("alphazero").is_err());
    assert!(TicTacToe::agent_from_str("minimax:depth=3").is_err());
    assert!(TicTacToe::agent_from_str("minimax:seed=x").is_err());
}
