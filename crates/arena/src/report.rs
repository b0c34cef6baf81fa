//! A match's result: the raw counts (which shards add up), the statistics derived from them,
//! the one-line JSON summary and the table for people.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use tabula_core::text::plural;
use tabula_core::{Game, MoveTimes};

use crate::error::ArenaError;
use crate::setup::{First, MatchSetup, Shard};
use crate::sprt::SprtReport;
use crate::stats::{elo_with_interval, wilson_interval};
use crate::tally::Tally;

/// What a match (or one shard of it) played and how it went.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchReport {
    /// The game's command-line name.
    pub game: String,
    /// Agent A's spec.
    pub a: String,
    /// Agent B's spec; `None` in one-player games.
    pub b: Option<String>,
    /// The match seed.
    pub seed: u64,
    /// The number of games in the whole match (all shards).
    pub games_total: u64,
    /// How colours were given out.
    pub first: First,
    /// How many opening positions were used (0: the standard start).
    pub openings: usize,
    /// Which slice of the games this report covers (`1/1`: all).
    pub shard: Shard,
    /// Seconds spent playing (summed over shards after a merge).
    pub elapsed_s: f64,
    /// The counts.
    pub tally: Tally,
    /// The sequential test, if the match ran one (it may have stopped before `games_total`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sprt: Option<SprtReport>,
}

impl MatchReport {
    /// The report of a setup's slice with these counts and this playing time.
    pub fn new<G: Game>(setup: &MatchSetup<G>, tally: Tally, elapsed_s: f64) -> Self {
        MatchReport {
            game: G::NAME.to_string(),
            a: setup.a.to_string(),
            b: setup.b.as_ref().map(ToString::to_string),
            seed: setup.seed,
            games_total: setup.games,
            first: setup.first,
            openings: setup.openings.len(),
            shard: setup.shard,
            elapsed_s,
            tally,
            sprt: None,
        }
    }

    /// Games per second of playing time.
    pub fn games_per_second(&self) -> f64 {
        if self.elapsed_s > 0.0 {
            self.tally.games as f64 / self.elapsed_s
        } else {
            0.0
        }
    }

    /// Wilson's interval for the share of games A won.
    pub fn win_interval(&self) -> Option<[f64; 2]> {
        wilson_interval(self.tally.wins_a, self.tally.games)
    }

    /// A's Elo advantage over B and its 95 % interval (see [`elo_with_interval`]).
    pub fn elo(&self) -> (Option<f64>, Option<[f64; 2]>) {
        let t = &self.tally;
        elo_with_interval(t.wins_a, t.draws, t.wins_b)
    }

    /// The summary as one JSON object: the statistics first-class, plus `tally` (the raw counts
    /// that `merge` adds) and the setup.
    pub fn to_json(&self) -> Value {
        let t = &self.tally;
        let mut doc = serde_json::to_value(self).expect("a report serializes");
        let stats = if self.b.is_some() {
            let (elo, elo_ci) = self.elo();
            json!({
                "games": t.games,
                "wins_a": t.wins_a,
                "wins_b": t.wins_b,
                "draws": t.draws,
                "win_rate_a": t.ratio(t.wins_a),
                "loss_rate_a": t.ratio(t.wins_b),
                "draw_rate": t.ratio(t.draws),
                "score_a": t.score_a(),
                "ci95_a": self.win_interval(),
                "elo_diff": elo,
                "elo_ci95": elo_ci,
                "mean_margin_a": t.mean_margin_a(),
                "a_first_rate": t.ratio(t.a_first),
                "mean_move_ms_a": t.times_a.mean_ms(),
                "max_move_ms_a": t.times_a.max_ms(),
                "mean_move_ms_b": t.times_b.mean_ms(),
                "max_move_ms_b": t.times_b.max_ms(),
                "forfeits_a": t.forfeits_a,
                "forfeits_b": t.forfeits_b,
            })
        } else {
            let scores = t.score_stats();
            let rates: serde_json::Map<String, Value> = t
                .achievement_rates()
                .into_iter()
                .map(|(value, rate)| (value.to_string(), json!(rate)))
                .collect();
            json!({
                "games": t.games,
                "score_mean": scores.map(|s| s.mean),
                "score_median": scores.map(|s| s.median),
                "score_sd": scores.map(|s| s.sd),
                "score_min": scores.map(|s| s.min),
                "score_max": scores.map(|s| s.max),
                "achievement_rates": rates,
            })
        };
        let object = doc.as_object_mut().expect("a report is an object");
        object.extend(stats.as_object().expect("stats are an object").clone());
        object.insert("mean_plies".into(), json!(t.ratio(t.plies)));
        object.insert("games_per_second".into(), json!(self.games_per_second()));
        doc
    }

    /// Reads a report from the JSON `to_json` writes (`file` names it in errors).
    pub fn from_json(text: &str, file: &str) -> Result<Self, ArenaError> {
        let report: MatchReport =
            serde_json::from_str(text.trim()).map_err(|e| ArenaError::Results {
                file: file.to_string(),
                reason: format!("not an arena result (the output of --json): {e}"),
            })?;
        let t = &report.tally;
        let shard_games = report.shard.games(report.games_total);
        let shard_count = shard_games.end - shard_games.start;
        // A sequential test may stop early.
        let games_fit = match report.sprt {
            Some(_) => t.games <= shard_count,
            None => t.games == shard_count,
        };
        if t.wins_a + t.wins_b + t.draws > t.games || !games_fit {
            return Err(ArenaError::Results {
                file: file.to_string(),
                reason: format!(
                    "the counts do not add up (shard {} of {} has {})",
                    report.shard,
                    plural(report.games_total, "game", "games"),
                    plural(shard_games.end - shard_games.start, "game", "games")
                ),
            });
        }
        Ok(report)
    }

    /// The identity of the match a report belongs to (all but the shard and the counts).
    fn same_match(&self, other: &MatchReport) -> bool {
        (
            &self.game,
            &self.a,
            &self.b,
            self.seed,
            self.games_total,
            self.first,
            self.openings,
            self.shard.count,
        ) == (
            &other.game,
            &other.a,
            &other.b,
            other.seed,
            other.games_total,
            other.first,
            other.openings,
            other.shard.count,
        )
    }
}

/// Adds up the shards of one match, given as `(file name, report)`: every shard exactly once,
/// all from the same match. The result equals the report of the unsharded run (playing time
/// summed).
pub fn merge(reports: &[(String, MatchReport)]) -> Result<MatchReport, ArenaError> {
    let Some((first_file, first)) = reports.first() else {
        return Err(ArenaError::Usage(
            "merge needs at least one file".to_string(),
        ));
    };
    let mut merged = first.clone();
    merged.tally = Tally::default();
    merged.elapsed_s = 0.0;
    merged.shard = Shard::WHOLE;
    let mut seen = BTreeSet::new();
    for (file, report) in reports {
        let problem = |reason: String| ArenaError::Results {
            file: file.clone(),
            reason,
        };
        if !report.same_match(first) {
            return Err(problem(format!(
                "not a shard of the same match as {first_file} (game, agents, seed, games, \
                 --first, openings and shard count must all agree)"
            )));
        }
        if !seen.insert(report.shard.index) {
            return Err(problem(format!("shard {} is given twice", report.shard)));
        }
        merged.tally.merge(&report.tally);
        merged.elapsed_s += report.elapsed_s;
    }
    let missing: Vec<String> = (1..=first.shard.count)
        .filter(|i| !seen.contains(i))
        .map(|i| format!("{i}/{}", first.shard.count))
        .collect();
    if !missing.is_empty() {
        return Err(ArenaError::Usage(format!(
            "shards missing: {}",
            missing.join(", ")
        )));
    }
    Ok(merged)
}

/// A percentage with one decimal.
pub(crate) fn percent(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

/// A rate of games per second with the decimals it needs: whole numbers from 100 up, otherwise
/// three significant digits (a match of engines at a second a move plays 0.0496 games/s).
pub(crate) fn games_per_second(rate: f64) -> String {
    if rate >= 100.0 || rate == 0.0 {
        format!("{rate:.0} games/s")
    } else {
        let decimals = (2.0 - rate.log10().floor()).max(0.0) as usize;
        format!("{rate:.decimals$} games/s")
    }
}

fn interval(ci: Option<[f64; 2]>, show: fn(f64) -> String) -> String {
    ci.map_or("[interval undefined]".to_string(), |[low, high]| {
        format!("[{}, {}]", show(low), show(high))
    })
}

/// A side's move times and forfeits, for an agent that measures its times (a brain program)
/// or that forfeited; nothing for the others.
fn side_line(
    f: &mut fmt::Formatter<'_>,
    side: &str,
    times: &MoveTimes,
    forfeits: &BTreeMap<String, u64>,
) -> fmt::Result {
    if times.moves == 0 && forfeits.is_empty() {
        return Ok(());
    }
    let forfeits = if forfeits.is_empty() {
        "none".to_string()
    } else {
        let counts: Vec<String> = forfeits.iter().map(|(r, n)| format!("{r} {n}")).collect();
        counts.join(", ")
    };
    match (times.mean_ms(), times.max_ms()) {
        (Some(mean), Some(max)) => writeln!(
            f,
            "  {side}'s moves: mean {mean:.1} ms, max {max:.1} ms over {}; forfeits: {forfeits}",
            plural(times.moves, "move", "moves")
        ),
        _ => writeln!(f, "  {side}'s forfeits: {forfeits}"),
    }
}

impl fmt::Display for MatchReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = &self.tally;
        match &self.b {
            Some(b) => writeln!(f, "{}: A = {} vs B = {b}", self.game, self.a)?,
            None => writeln!(f, "{}: {}", self.game, self.a)?,
        }
        let shard = if self.shard == Shard::WHOLE {
            String::new()
        } else {
            format!(", shard {}", self.shard)
        };
        writeln!(
            f,
            "{} (seed {}, first: {}{}{shard})",
            plural(t.games, "game", "games"),
            self.seed,
            self.first,
            match self.openings {
                0 => String::new(),
                n => format!(", {}", plural(n as u64, "opening", "openings")),
            }
        )?;
        if self.b.is_some() {
            writeln!(f, "            games        %   95% interval")?;
            for (label, count) in [
                ("A wins", t.wins_a),
                ("B wins", t.wins_b),
                ("draws", t.draws),
            ] {
                writeln!(
                    f,
                    "  {label:<8}{count:>8} {:>8}   {}",
                    percent(t.ratio(count)),
                    interval(wilson_interval(count, t.games), percent)
                )?;
            }
            let (elo, elo_ci) = self.elo();
            writeln!(
                f,
                "  A's score {}; Elo difference {} {}",
                percent(t.score_a()),
                elo.map_or("undefined".to_string(), |e| format!("{e:+.1}")),
                interval(elo_ci, |e| format!("{e:+.1}"))
            )?;
            writeln!(
                f,
                "  mean margin for A {:+.2}; mean length {:.1} plies; A moved first in {}",
                t.mean_margin_a(),
                t.ratio(t.plies),
                percent(t.ratio(t.a_first))
            )?;
            for (side, times, forfeits) in [
                ("A", &t.times_a, &t.forfeits_a),
                ("B", &t.times_b, &t.forfeits_b),
            ] {
                side_line(f, side, times, forfeits)?;
            }
            if let Some(sprt) = &self.sprt {
                writeln!(f, "{sprt}")?;
            }
        } else {
            if let Some(s) = t.score_stats() {
                writeln!(
                    f,
                    "  score: mean {:.1}, median {}, sd {:.1}, min {}, max {}",
                    s.mean, s.median, s.sd, s.min, s.max
                )?;
            }
            let rates = t.achievement_rates();
            if !rates.is_empty() {
                let rates: Vec<String> = rates
                    .iter()
                    .map(|(value, rate)| format!("{value} {}", percent(*rate)))
                    .collect();
                writeln!(f, "  reached at least: {}", rates.join(", "))?;
            }
            writeln!(f, "  mean length {:.1} plies", t.ratio(t.plies))?;
        }
        write!(
            f,
            "  {} in {:.2} s: {}",
            plural(t.games, "game", "games"),
            self.elapsed_s,
            games_per_second(self.games_per_second())
        )
    }
}

#[cfg(test)]
mod tests {
    use super::games_per_second;

    #[test]
    fn slow_matches_show_their_rate_with_significant_digits() {
        assert_eq!(games_per_second(651056.4), "651056 games/s");
        assert_eq!(games_per_second(123.4), "123 games/s");
        assert_eq!(games_per_second(12.34), "12.3 games/s");
        assert_eq!(games_per_second(0.04956), "0.0496 games/s");
        assert_eq!(games_per_second(0.0), "0 games/s");
    }
}
