//! OpenSpiel's 2048 playthrough (tests/data/openspiel_2048.txt) replays move for move.
//!
//! OpenSpiel numbers the player's actions 0 up, 1 right, 2 down, 3 left, and a chance outcome
//! `row * 8 + column * 2 + is_four` (rows and columns from 0 at the top-left). Its game string
//! `2048` carries `max_tile=2048`: OpenSpiel ends the game as soon as a 2048 tile exists, where
//! the original game (and Tabula) only marks it won and plays on. So OpenSpiel's terminal state
//! maps to "over, or won" here ([`Game2048::has_won`]). Its `Returns()` is the running score and
//! `Rewards()` the points of the last slide.

use tabula_2048::{Direction, Game2048, Move};
use tabula_core::{Game, Turn};

fn openspiel_move(state: &Game2048, action: usize) -> Move {
    if state.is_chance() {
        let (row, column, four) = (action / 8, action % 8 / 2, action % 2);
        Move::Spawn {
            cell: (4 * row + column) as u8,
            value: if four == 1 { 4 } else { 2 },
        }
    } else {
        Move::Slide(Direction::ALL[action])
    }
}

fn openspiel_action(mv: Move) -> usize {
    match mv {
        Move::Slide(d) => Direction::ALL.iter().position(|&x| x == d).unwrap(),
        Move::Spawn { cell, value } => {
            let cell = usize::from(cell);
            cell / 4 * 8 + cell % 4 * 2 + usize::from(value == 4)
        }
    }
}

fn observation(state: &Game2048) -> String {
    (0..4)
        .map(|r| {
            let row: String = (0..4)
                .map(|c| format!("{:>5}", state.tile(4 * r + c)))
                .collect();
            row + "\n"
        })
        .collect()
}

fn field<'a>(block: &'a str, name: &str) -> Option<&'a str> {
    block
        .lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(" = "))
}

fn numbers(list: &str) -> Vec<f64> {
    list.trim_matches(['[', ']'])
        .split([',', '(', ')'])
        .map(str::trim)
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().unwrap())
        .collect()
}

#[test]
fn openspiel_playthrough_replays() {
    let file = include_str!("data/openspiel_2048.txt");
    let blocks: Vec<&str> = file.split("\n# State ").skip(1).collect();
    assert_eq!(blocks.len(), 119);
    let mut state = Game2048::initial();
    let mut reward = 0;
    let mut detailed = 0;
    for (k, block) in blocks.iter().enumerate() {
        if let Some(terminal) = field(block, "IsTerminal()") {
            detailed += 1;
            let player: i32 = field(block, "CurrentPlayer()").unwrap().parse().unwrap();
            let ours = match state.turn() {
                _ if state.has_won() => -4,
                Turn::Chance => -1,
                Turn::Player(p) => p as i32,
                Turn::Over(_) => -4,
            };
            assert_eq!(ours, player, "state {k}: current player");
            assert_eq!(terminal == "True", player == -4, "state {k}");
            let obs = field(block, "ObservationString(0)").unwrap();
            assert_eq!(
                obs.trim_matches('"').replace("\\n", "\n"),
                observation(&state),
                "state {k}: board"
            );
            if let Some(returns) = field(block, "Returns()") {
                assert_eq!(numbers(returns), vec![state.score() as f64], "state {k}");
                let rewards = field(block, "Rewards()").unwrap();
                assert_eq!(numbers(rewards), vec![reward as f64], "state {k}");
            }
            if let Some(legal) = field(block, "LegalActions()") {
                let mut ours: Vec<f64> = Vec::new();
                if state.is_chance() {
                    let mut outcomes = Vec::new();
                    state.chance_outcomes(&mut outcomes);
                    let expected = numbers(field(block, "ChanceOutcomes()").unwrap());
                    for ((mv, p), pair) in outcomes.iter().zip(expected.chunks(2)) {
                        assert_eq!(openspiel_action(*mv) as f64, pair[0], "state {k}");
                        assert!((p - pair[1]).abs() <= 1e-5 * pair[1], "state {k}: {p}");
                    }
                    assert_eq!(outcomes.len() * 2, expected.len());
                    ours.extend(outcomes.iter().map(|(m, _)| openspiel_action(*m) as f64));
                } else {
                    let mut moves = Vec::new();
                    state.legal_moves(&mut moves);
                    ours.extend(moves.iter().map(|&m| openspiel_action(m) as f64));
                }
                assert_eq!(ours, numbers(legal), "state {k}: legal actions");
            }
        }
        let Some(action) = block.lines().find_map(|l| l.strip_prefix("action: ")) else {
            assert_eq!(k, blocks.len() - 1, "only the last state has no action");
            break;
        };
        let mv = openspiel_move(&state, action.parse().unwrap());
        let before = state.score();
        state
            .try_play(mv)
            .unwrap_or_else(|e| panic!("state {k}: {e}"));
        if let Move::Slide(_) = mv {
            reward = state.score() - before;
        }
    }
    assert!(detailed > 10);
    assert!(state.is_over() && !state.has_won());
    assert_eq!(state.score(), 496);
}
