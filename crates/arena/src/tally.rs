//! The running totals of a match: integer counts only, so that adding shards or chunks in any
//! grouping gives exactly the same totals.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use tabula_core::{MoveTimes, Outcome};

use crate::play::GameResult;

/// Counts over a set of games, from agent A's point of view.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Games played.
    pub games: u64,
    /// Games A won.
    pub wins_a: u64,
    /// Games B won.
    pub wins_b: u64,
    /// Drawn games.
    pub draws: u64,
    /// Games in which A moved first (played player 0).
    pub a_first: u64,
    /// The sum of A's final margins ([`tabula_core::Game::margin`]).
    pub margin_sum_a: i64,
    /// The sum of the games' lengths in plies.
    pub plies: u64,
    /// One-player games: how many games ended with each score.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub scores: BTreeMap<u64, u64>,
    /// One-player games: how many games ended with each achievement (2048's largest tile).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub achievements: BTreeMap<u64, u64>,
    /// The wall-clock times of A's moves, where A measures them (a brain program).
    #[serde(default, skip_serializing_if = "no_moves")]
    pub times_a: MoveTimes,
    /// The same for B.
    #[serde(default, skip_serializing_if = "no_moves")]
    pub times_b: MoveTimes,
    /// Games A lost by forfeit, by reason ([`tabula_core::ForfeitReason::name`]).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub forfeits_a: BTreeMap<String, u64>,
    /// Games B lost by forfeit, by reason.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub forfeits_b: BTreeMap<String, u64>,
}

/// Whether no move was timed (the times are left out of the JSON then).
fn no_moves(times: &MoveTimes) -> bool {
    times.moves == 0
}

/// Adds `other`'s counts to `into`.
fn add_counts<K: Ord + Clone>(into: &mut BTreeMap<K, u64>, other: &BTreeMap<K, u64>) {
    for (key, &count) in other {
        *into.entry(key.clone()).or_default() += count;
    }
}

impl Tally {
    /// Counts one game.
    pub fn add_game(&mut self, result: &GameResult) {
        self.games += 1;
        if result.a_won() {
            self.wins_a += 1;
        } else if result.b_won() {
            self.wins_b += 1;
        } else if result.outcome == Outcome::Draw {
            self.draws += 1;
        }
        if let Outcome::Score(score) = result.outcome {
            *self.scores.entry(score).or_default() += 1;
        }
        if let Some(value) = result.achievement {
            *self.achievements.entry(value).or_default() += 1;
        }
        self.a_first += u64::from(result.a_player == 0);
        self.margin_sum_a += result.margin_a;
        self.plies += u64::from(result.plies);
        if let Some(times) = &result.times_a {
            self.times_a.merge(times);
        }
        if let Some(times) = &result.times_b {
            self.times_b.merge(times);
        }
        if let Some((player, forfeit)) = &result.forfeit {
            let by_a = *player == result.a_player;
            let counts = if by_a {
                &mut self.forfeits_a
            } else {
                &mut self.forfeits_b
            };
            *counts.entry(forfeit.reason.name().to_string()).or_default() += 1;
        }
    }

    /// Adds another tally's counts.
    pub fn merge(&mut self, other: &Tally) {
        self.games += other.games;
        self.wins_a += other.wins_a;
        self.wins_b += other.wins_b;
        self.draws += other.draws;
        self.a_first += other.a_first;
        self.margin_sum_a += other.margin_sum_a;
        self.plies += other.plies;
        add_counts(&mut self.scores, &other.scores);
        add_counts(&mut self.achievements, &other.achievements);
        self.times_a.merge(&other.times_a);
        self.times_b.merge(&other.times_b);
        add_counts(&mut self.forfeits_a, &other.forfeits_a);
        add_counts(&mut self.forfeits_b, &other.forfeits_b);
    }

    /// A's score: wins plus half the draws, per game.
    pub fn score_a(&self) -> f64 {
        self.ratio(2 * self.wins_a + self.draws) / 2.0
    }

    /// `count / games`, zero for no games.
    pub fn ratio(&self, count: u64) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            count as f64 / self.games as f64
        }
    }

    /// The mean of A's margins.
    pub fn mean_margin_a(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.margin_sum_a as f64 / self.games as f64
        }
    }

    /// The share of one-player games whose achievement reached at least each value seen.
    pub fn achievement_rates(&self) -> Vec<(u64, f64)> {
        let mut at_least = 0;
        let mut rates: Vec<(u64, f64)> = self
            .achievements
            .iter()
            .rev()
            .map(|(&value, &count)| {
                at_least += count;
                (value, self.ratio(at_least))
            })
            .collect();
        rates.reverse();
        rates
    }

    /// Summary statistics of the one-player scores; `None` when no game ended with a score.
    pub fn score_stats(&self) -> Option<ScoreStats> {
        let count: u64 = self.scores.values().sum();
        let (&min, &max) = (self.scores.keys().next()?, self.scores.keys().next_back()?);
        let n = count as f64;
        let mean = self
            .scores
            .iter()
            .map(|(&s, &c)| s as f64 * c as f64)
            .sum::<f64>()
            / n;
        let variance = self
            .scores
            .iter()
            .map(|(&s, &c)| (s as f64 - mean).powi(2) * c as f64)
            .sum::<f64>()
            / n;
        Some(ScoreStats {
            mean,
            median: self.score_quantile(count, 0.5),
            sd: variance.sqrt(),
            min,
            max,
        })
    }

    /// The median (`q = 0.5`) of the scores: the mean of the two middle values for an even
    /// count.
    fn score_quantile(&self, count: u64, q: f64) -> f64 {
        let position = q * (count - 1) as f64;
        let (low, high) = (position.floor() as u64, position.ceil() as u64);
        let nth = |k: u64| {
            let mut seen = 0;
            for (&score, &c) in &self.scores {
                seen += c;
                if seen > k {
                    return score as f64;
                }
            }
            unreachable!("k is below the count")
        };
        (nth(low) + nth(high)) / 2.0
    }
}

/// Mean, median, standard deviation and range of one-player scores.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScoreStats {
    /// The mean score.
    pub mean: f64,
    /// The median score.
    pub median: f64,
    /// The population standard deviation.
    pub sd: f64,
    /// The lowest score.
    pub min: u64,
    /// The highest score.
    pub max: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one_player(score: u64, tile: u64) -> GameResult {
        GameResult {
            a_player: 0,
            outcome: Outcome::Score(score),
            margin_a: score as i64,
            plies: 10,
            achievement: Some(tile),
            forfeit: None,
            times_a: None,
            times_b: None,
        }
    }

    #[test]
    fn counts_wins_losses_and_draws_from_a_side() {
        let mut tally = Tally::default();
        for (a_player, outcome) in [
            (0, Outcome::Win(0)),
            (1, Outcome::Win(1)),
            (1, Outcome::Win(0)),
            (0, Outcome::Draw),
        ] {
            tally.add_game(&GameResult {
                a_player,
                outcome,
                margin_a: 1,
                plies: 5,
                achievement: None,
                forfeit: None,
                times_a: None,
                times_b: None,
            });
        }
        assert_eq!((tally.wins_a, tally.wins_b, tally.draws), (2, 1, 1));
        assert_eq!(tally.a_first, 2);
        assert_eq!(tally.score_a(), 0.625);
        assert_eq!(tally.plies, 20);
    }

    #[test]
    fn score_statistics_and_achievement_rates() {
        let mut tally = Tally::default();
        for (score, tile) in [(100, 128), (300, 256), (200, 256), (400, 512)] {
            tally.add_game(&one_player(score, tile));
        }
        let stats = tally.score_stats().unwrap();
        assert_eq!(stats.mean, 250.0);
        assert_eq!(stats.median, 250.0);
        assert_eq!((stats.min, stats.max), (100, 400));
        // Population sd of 100, 200, 300, 400: sqrt(12500).
        assert!((stats.sd - 12_500f64.sqrt()).abs() < 1e-9);
        assert_eq!(
            tally.achievement_rates(),
            vec![(128, 1.0), (256, 0.75), (512, 0.25)]
        );
        tally.add_game(&one_player(1000, 1024));
        assert_eq!(tally.score_stats().unwrap().median, 300.0);
    }

    #[test]
    fn merging_equals_counting_together() {
        let results: Vec<GameResult> = (0..9)
            .map(|k| one_player(k * 7 % 5, 2 << (k % 3)))
            .collect();
        let mut whole = Tally::default();
        results.iter().for_each(|r| whole.add_game(r));
        let (mut left, mut right) = (Tally::default(), Tally::default());
        results[..4].iter().for_each(|r| left.add_game(r));
        results[4..].iter().for_each(|r| right.add_game(r));
        right.merge(&left);
        assert_eq!(right, whole);
    }
}
