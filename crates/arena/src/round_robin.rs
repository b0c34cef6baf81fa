//! A round robin: every pair of agents plays a match; the crosstable and maximum-likelihood Elo
//! ratings sum it up.

use std::fmt;

use serde_json::{json, Value};
use tabula_core::text::plural;
use tabula_core::{AgentCatalog, Game};

use crate::error::ArenaError;
use crate::report::{games_per_second, percent, MatchReport};
use crate::runner::{run_match, Hooks};
use crate::seeds::GameSeeds;
use crate::setup::{First, MatchSetup};
use crate::stats::fit_ratings;

/// The results of a round robin.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundRobin {
    /// The agents' specs, in the order given.
    pub players: Vec<String>,
    /// One match per pair `(i, j)` with `i < j` (agent `i` as A), in that order.
    pub matches: Vec<MatchReport>,
}

/// How every match of a round robin is played.
#[derive(Clone, Debug)]
pub struct RoundRobinSetup<G: Game> {
    /// Games per pair.
    pub games: u64,
    /// The round robin's seed; each pair's match seed derives from it.
    pub seed: u64,
    /// Who moves first.
    pub first: First,
    /// Start positions (see [`MatchSetup::openings`]).
    pub openings: Vec<G>,
}

impl RoundRobin {
    /// Plays every pair among `players` (at least two specs) on `threads` threads.
    pub fn run<G: AgentCatalog>(
        players: &[String],
        setup: &RoundRobinSetup<G>,
        threads: usize,
        hooks: &mut Hooks<'_>,
    ) -> Result<Self, ArenaError> {
        if G::PLAYERS != 2 || players.len() < 2 {
            return Err(ArenaError::Usage(
                "a round robin needs a two-player game and at least two agents".to_string(),
            ));
        }
        let pairs = pairs(players.len());
        // Check every spec before the first game.
        let setups = pairs
            .iter()
            .enumerate()
            .map(|(k, &(i, j))| {
                let seed = GameSeeds::of_game(setup.seed, k as u64).game;
                let mut pair =
                    MatchSetup::<G>::new(&players[i], Some(&players[j]), setup.games, seed)?;
                pair.first = setup.first;
                pair.openings = setup.openings.clone();
                Ok(pair)
            })
            .collect::<Result<Vec<_>, ArenaError>>()?;
        let matches = setups
            .iter()
            .map(|pair| run_match(pair, threads, hooks))
            .collect::<Result<_, _>>()?;
        Ok(RoundRobin {
            players: players.to_vec(),
            matches,
        })
    }

    /// `(score, games)` matrices: what row `i` scored against column `j`, in how many games.
    fn crosstable(&self) -> (Vec<Vec<f64>>, Vec<Vec<f64>>) {
        let n = self.players.len();
        let (mut score, mut games) = (vec![vec![0.0; n]; n], vec![vec![0.0; n]; n]);
        for (&(i, j), report) in pairs(n).iter().zip(&self.matches) {
            let t = &report.tally;
            let (a, b) = (
                t.wins_a as f64 + t.draws as f64 / 2.0,
                t.wins_b as f64 + t.draws as f64 / 2.0,
            );
            (score[i][j], score[j][i]) = (a, b);
            (games[i][j], games[j][i]) = (t.games as f64, t.games as f64);
        }
        (score, games)
    }

    /// Each agent's Elo rating (mean zero; `None` after a 0 % or 100 % total score).
    pub fn ratings(&self) -> Vec<Option<f64>> {
        let (score, games) = self.crosstable();
        fit_ratings(&score, &games)
    }

    /// Each agent's total score share.
    fn totals(&self) -> Vec<f64> {
        let (score, games) = self.crosstable();
        score
            .iter()
            .zip(&games)
            .map(|(s, g)| s.iter().sum::<f64>() / g.iter().sum::<f64>().max(1.0))
            .collect()
    }

    /// The round robin as one JSON object: players with ratings, and every match's summary.
    pub fn to_json(&self) -> Value {
        let ratings = self.ratings();
        let totals = self.totals();
        let players: Vec<Value> = self
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| json!({"agent": p, "score": totals[i], "elo": ratings[i]}))
            .collect();
        let games: u64 = self.matches.iter().map(|m| m.tally.games).sum();
        let elapsed: f64 = self.matches.iter().map(|m| m.elapsed_s).sum();
        json!({
            "game": self.matches.first().map(|m| m.game.clone()),
            "players": players,
            "matches": self.matches.iter().map(MatchReport::to_json).collect::<Vec<_>>(),
            "games": games,
            "games_per_second": if elapsed > 0.0 { games as f64 / elapsed } else { 0.0 },
        })
    }
}

/// The pairs `(i, j)`, `i < j`, of `n` players in order.
fn pairs(n: usize) -> Vec<(usize, usize)> {
    (0..n)
        .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
        .collect()
}

impl fmt::Display for RoundRobin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (score, games) = self.crosstable();
        let ratings = self.ratings();
        let totals = self.totals();
        let width = self.players.iter().map(String::len).max().unwrap_or(0) + 4;
        let n = self.players.len();
        if let Some(first) = self.matches.first() {
            writeln!(
                f,
                "{} round robin: {} per pair (first: {}); row's score against column",
                first.game,
                plural(first.games_total, "game", "games"),
                first.first
            )?;
        }
        write!(f, "  {:width$}", "")?;
        for k in 0..n {
            write!(f, " {:>7}", format!("#{}", k + 1))?;
        }
        writeln!(f, " {:>7} {:>8}", "total", "Elo")?;
        for i in 0..n {
            write!(f, "  {:width$}", format!("#{} {}", i + 1, self.players[i]))?;
            for j in 0..n {
                let cell = if i == j || games[i][j] == 0.0 {
                    "-".to_string()
                } else {
                    percent(score[i][j] / games[i][j])
                };
                write!(f, " {cell:>7}")?;
            }
            let elo = ratings[i].map_or("n/a".to_string(), |r| format!("{r:+.0}"));
            writeln!(f, " {:>7} {elo:>8}", percent(totals[i]))?;
        }
        let games: u64 = self.matches.iter().map(|m| m.tally.games).sum();
        let elapsed: f64 = self.matches.iter().map(|m| m.elapsed_s).sum();
        write!(
            f,
            "  {} in {elapsed:.2} s: {}",
            plural(games, "game", "games"),
            games_per_second(if elapsed > 0.0 {
                games as f64 / elapsed
            } else {
                0.0
            })
        )
    }
}
