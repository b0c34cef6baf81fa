//! Tic-tac-toe against published counts (`data/counts.txt`: OpenSpiel, Wikipedia and exhaustive
//! counts published online): positions, games by result and length, tree nodes and perft.

use std::collections::{HashMap, HashSet};

use tabula_core::{Game, Outcome, Turn};
use tabula_tictactoe::TicTacToe;

fn published() -> HashMap<String, u64> {
    include_str!("data/counts.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && l.contains('='))
        .map(|l| {
            let (k, v) = l.split_once('=').unwrap();
            (k.trim().to_string(), v.trim().parse().unwrap())
        })
        .collect()
}

/// The smallest of the eight symmetric images of a position, as its string.
fn canonical(state: &TicTacToe) -> String {
    let text: Vec<char> = state.position_string().chars().take(9).collect();
    type Transform = fn(usize, usize) -> (usize, usize);
    let transforms: [Transform; 8] = [
        |r, c| (r, c),
        |r, c| (c, 2 - r),
        |r, c| (2 - r, 2 - c),
        |r, c| (2 - c, r),
        |r, c| (r, 2 - c),
        |r, c| (2 - r, c),
        |r, c| (c, r),
        |r, c| (2 - c, 2 - r),
    ];
    transforms
        .iter()
        .map(|t| {
            let mut image = ['.'; 9];
            for (i, &ch) in text.iter().enumerate() {
                let (r, c) = t(i / 3, i % 3);
                image[3 * r + c] = ch;
            }
            image.iter().collect::<String>()
        })
        .min()
        .unwrap()
}

#[derive(Default)]
struct Tally {
    positions: HashSet<TicTacToe>,
    games: HashMap<String, u64>,
    nodes: u64,
}

fn walk(state: &TicTacToe, plies: u32, tally: &mut Tally) {
    tally.nodes += 1;
    tally.positions.insert(*state);
    match state.turn() {
        Turn::Over(outcome) => {
            let result = match outcome {
                Outcome::Win(0) => "games_x_wins",
                Outcome::Win(_) => "games_o_wins",
                _ => "games_draws",
            };
            *tally.games.entry(result.to_string()).or_default() += 1;
            *tally.games.entry("games".to_string()).or_default() += 1;
            *tally
                .games
                .entry(format!("games_ending_after_{plies}_plies"))
                .or_default() += 1;
        }
        _ => {
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            for mv in moves {
                let mut child = *state;
                child.play(mv);
                walk(&child, plies + 1, tally);
            }
        }
    }
}

#[test]
fn games_positions_and_tree_match_published_counts() {
    let expected = published();
    let mut tally = Tally::default();
    walk(&TicTacToe::initial(), 0, &mut tally);

    for (name, count) in &tally.games {
        assert_eq!(Some(count), expected.get(name), "{name}");
    }
    assert_eq!(tally.nodes, expected["game_tree_nodes_incl_root"]);
    assert_eq!(
        tally.positions.len() as u64,
        expected["reachable_positions"]
    );

    let terminal: Vec<&TicTacToe> = tally.positions.iter().filter(|p| p.is_over()).collect();
    let count = |positions: &[&TicTacToe], outcome: Option<Outcome>| {
        positions
            .iter()
            .filter(|p| outcome.is_none() || p.turn() == Turn::Over(outcome.unwrap()))
            .count() as u64
    };
    assert_eq!(count(&terminal, None), expected["terminal_positions"]);
    assert_eq!(
        count(&terminal, Some(Outcome::Win(0))),
        expected["terminal_positions_x_wins"]
    );
    assert_eq!(
        count(&terminal, Some(Outcome::Win(1))),
        expected["terminal_positions_o_wins"]
    );
    assert_eq!(
        count(&terminal, Some(Outcome::Draw)),
        expected["terminal_positions_draws"]
    );

    let distinct = |positions: &mut dyn Iterator<Item = &TicTacToe>| {
        positions.map(canonical).collect::<HashSet<_>>().len() as u64
    };
    assert_eq!(
        distinct(&mut tally.positions.iter()),
        expected["reachable_positions_up_to_symmetry"]
    );
    assert_eq!(
        distinct(&mut terminal.iter().copied()),
        expected["terminal_positions_up_to_symmetry"]
    );
    for (outcome, name) in [
        (Outcome::Win(0), "terminal_positions_up_to_symmetry_x_wins"),
        (Outcome::Win(1), "terminal_positions_up_to_symmetry_o_wins"),
        (Outcome::Draw, "terminal_positions_up_to_symmetry_draws"),
    ] {
        let mut of_outcome = terminal
            .iter()
            .copied()
            .filter(|p| p.turn() == Turn::Over(outcome));
        assert_eq!(distinct(&mut of_outcome), expected[name], "{name}");
    }
}

#[test]
fn perft_matches_published_counts() {
    let expected = published();
    for depth in 0..=9 {
        let start = TicTacToe::initial();
        assert_eq!(
            start.perft(depth),
            expected[&format!("perft_{depth}")],
            "perft {depth}"
        );
        assert_eq!(tabula_core::perft(&start, depth), start.perft(depth));
    }
}
