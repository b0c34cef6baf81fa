//! The classic score-table AI of the seed program (seed 002, `easy_pc.py`).
//!
//! Every empty point scores the sum, over every five-point window through it (horizontal,
//! vertical, both diagonals), of a value looked up by the window's content: empty 7; only the
//! mover's stones, 1/2/3/4 of them → 35/800/15000/800000; only the opponent's, 1/2/3/4 →
//! 15/400/8000/100000; both colours → 0. The agent plays the best point but, for variety, picks
//! at random among the best three when the first and third differ by less than 50 points, else
//! between the best two when they differ by less than 100. On an empty board it plays the
//! centre.
//!
//! Two of the seed's accidents are not reproduced: its board loop skips the last row and
//! column (`range(1, 15)`), and it counts windows that stick out of the board as if the points
//! outside were empty. Here every point is considered and only windows lying on the board
//! count. Equal scores are ordered by point index (top row first), where the seed sorted by
//! row and column descending.

use rand::Rng;
use tabula_core::{Agent, AgentEntry, AgentError, AgentSpec, Game, GameRng, Player};

use crate::rules::{Cell, Gomoku, Point, DIRECTIONS};

/// The value of a window with no stone.
const EMPTY: u64 = 7;
/// The value of a window holding 1–4 of the mover's stones and nothing else.
const OWN: [u64; 5] = [EMPTY, 35, 800, 15_000, 800_000];
/// The value of a window holding 1–4 of the opponent's stones and nothing else.
const OPPONENT: [u64; 5] = [EMPTY, 15, 400, 8_000, 100_000];

/// The score of empty point `p` for `player` to move there.
pub fn point_score(game: &Gomoku, p: Point, player: Player) -> u64 {
    let (x, y) = game.coords(p);
    let mut score = 0;
    for (dx, dy) in DIRECTIONS {
        for shift in 0..5 {
            let window: Option<Vec<Cell>> = (0..5)
                .map(|k| {
                    let step = k - shift;
                    game.point(x + step * dx, y + step * dy)
                        .map(|q| game.cell(q))
                })
                .collect();
            let Some(window) = window else {
                continue;
            };
            let own = window.iter().filter(|&&c| c == Cell::Stone(player)).count();
            let theirs = window
                .iter()
                .filter(|&&c| c == Cell::Stone(1 - player))
                .count();
            score += match (own, theirs) {
                (0, 0) => EMPTY,
                (n, 0) => OWN[n],
                (0, n) => OPPONENT[n],
                _ => 0,
            };
        }
    }
    score
}

/// Every empty point with its score for the side to move, best first (ties by point index).
pub fn ranked_points(game: &Gomoku) -> Vec<(Point, u64)> {
    let player = game.to_move();
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut ranked: Vec<(Point, u64)> = moves
        .into_iter()
        .map(|p| (p, point_score(game, p, player)))
        .collect();
    ranked.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    ranked
}

/// The seed's score-table player.
pub struct ScoreTable {
    rng: GameRng,
}

impl ScoreTable {
    /// A score-table player drawing its random choices from `rng`.
    pub fn new(rng: GameRng) -> Self {
        ScoreTable { rng }
    }

    /// The catalogue entry.
    pub fn entry() -> AgentEntry<Gomoku> {
        AgentEntry {
            name: "score-table",
            summary: "the seed's classic score table: sums window values, a little random",
            argument: None,
            keys: &[],
            build: |spec: &AgentSpec| -> Result<Box<dyn Agent<Gomoku>>, AgentError> {
                Ok(Box::new(ScoreTable::new(spec.rng()?)))
            },
        }
    }
}

impl Agent<Gomoku> for ScoreTable {
    fn choose(&mut self, state: &Gomoku) -> Point {
        if state.stones() == 0 {
            let c = (state.size() / 2) as i32;
            return state.point(c, c).expect("the centre is on the board");
        }
        let ranked = ranked_points(state);
        let score = |i: usize| ranked.get(i).map_or(0, |r| r.1);
        let pool = if ranked.len() >= 3 && score(0) - score(2) < 50 {
            3
        } else if ranked.len() >= 2 && score(0) - score(1) < 100 {
            2
        } else {
            1
        };
        ranked[self.rng.random_range(0..pool)].0
    }
}
