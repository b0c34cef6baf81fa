//! What a match is: the agents, how many games, the seed, who moves first, the start positions
//! and which slice of the games this process plays.

use std::fmt;
use std::ops::Range;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use tabula_core::{quote, AgentCatalog, AgentSpec, Game, Player};

use crate::error::ArenaError;
use crate::sprt::SprtSetup;

/// How the colours are given out: which player index agent A plays in each game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum First {
    /// A always moves first (plays player 0).
    A,
    /// B always moves first (A plays player 1).
    B,
    /// A moves first in even-numbered games, B in odd ones: each start is played both ways.
    Alternate,
    /// A fair coin per game, drawn from the game's seed (the classic book's way).
    Random,
}

impl FromStr for First {
    type Err = ArenaError;

    fn from_str(text: &str) -> Result<First, ArenaError> {
        match text.to_ascii_lowercase().as_str() {
            "a" => Ok(First::A),
            "b" => Ok(First::B),
            "alternate" => Ok(First::Alternate),
            "random" => Ok(First::Random),
            _ => Err(ArenaError::Usage(format!(
                "--first takes a, b, alternate or random, not {}",
                quote(text)
            ))),
        }
    }
}

impl fmt::Display for First {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            First::A => "a",
            First::B => "b",
            First::Alternate => "alternate",
            First::Random => "random",
        })
    }
}

/// The `index`-th of `count` deterministic slices of a match's games (`--shard i/n`, counted
/// from 1 on the command line). Written `i/n` in JSON too.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Shard {
    /// Which slice, from 1 to `count`.
    pub index: u64,
    /// How many slices.
    pub count: u64,
}

impl Shard {
    /// The whole match in one slice.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// The game numbers (from 0) of this slice of `games`: contiguous, and together the slices
    /// cover every game exactly once.
    pub fn games(self, games: u64) -> Range<u64> {
        let bound = |k: u64| (u128::from(games) * u128::from(k) / u128::from(self.count)) as u64;
        bound(self.index - 1)..bound(self.index)
    }
}

impl FromStr for Shard {
    type Err = ArenaError;

    fn from_str(text: &str) -> Result<Shard, ArenaError> {
        let bad = || {
            ArenaError::Usage(format!(
                "--shard takes i/n with 1 <= i <= n (e.g. 2/8), not {}",
                quote(text)
            ))
        };
        let (index, count) = text.split_once('/').ok_or_else(bad)?;
        let index: u64 = index.trim().parse().map_err(|_| bad())?;
        let count: u64 = count.trim().parse().map_err(|_| bad())?;
        if index == 0 || count == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl TryFrom<String> for Shard {
    type Error = ArenaError;

    fn try_from(text: String) -> Result<Shard, ArenaError> {
        text.parse()
    }
}

impl From<Shard> for String {
    fn from(shard: Shard) -> String {
        shard.to_string()
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// Everything that decides a match's games. Two processes with equal setups play the same games
/// whatever their thread counts.
#[derive(Clone, Debug)]
pub struct MatchSetup<G: Game> {
    /// Agent A.
    pub a: AgentSpec,
    /// Agent B; `None` in a one-player game.
    pub b: Option<AgentSpec>,
    /// The number of games in the whole match (all shards).
    pub games: u64,
    /// The match seed: every game's seed derives from it and the game's number.
    pub seed: u64,
    /// Who moves first.
    pub first: First,
    /// Start positions, each played twice (A with either colour); empty: the standard start.
    pub openings: Vec<G>,
    /// The slice of the games to play here.
    pub shard: Shard,
    /// A sequential test that stops the match once decided; `None`: play every game.
    pub sprt: Option<SprtSetup>,
}

impl<G: AgentCatalog> MatchSetup<G> {
    /// A match of `games` games between `a` and `b` (or `a` alone in a one-player game) from the
    /// standard start, first player at random. The agents are checked here, so that a typo
    /// fails before any game is played.
    pub fn new(a: &str, b: Option<&str>, games: u64, seed: u64) -> Result<Self, ArenaError> {
        let a = checked_spec::<G>(a)?;
        let b = match (G::PLAYERS, b) {
            (1, None) => None,
            (1, Some(_)) => {
                return Err(ArenaError::Usage(format!(
                    "{} is a one-player game: give one agent",
                    G::NAME
                )))
            }
            (_, Some(b)) => Some(checked_spec::<G>(b)?),
            (_, None) => {
                return Err(ArenaError::Usage(format!(
                    "{} needs two agents, A and B",
                    G::NAME
                )))
            }
        };
        Ok(MatchSetup {
            a,
            b,
            games,
            seed,
            first: First::Random,
            openings: Vec::new(),
            shard: Shard::WHOLE,
            sprt: None,
        })
    }

    /// The player index agent A plays in game `number`, given the coin drawn for it.
    pub fn a_player(&self, number: u64, coin: bool) -> Player {
        if G::PLAYERS == 1 {
            return 0;
        }
        let a_first = match self.first {
            First::A => true,
            First::B => false,
            First::Alternate => number.is_multiple_of(2),
            First::Random => coin,
        };
        usize::from(!a_first)
    }

    /// The start position of game `number`: opening `number / 2` (cycling), or the standard
    /// start.
    pub fn start(&self, number: u64) -> G {
        if self.openings.is_empty() {
            G::initial()
        } else {
            let k = (number / 2) % self.openings.len() as u64;
            self.openings[k as usize].clone()
        }
    }
}

/// Parses a spec and builds the agent once, so that unknown names and keys fail early.
fn checked_spec<G: AgentCatalog>(text: &str) -> Result<AgentSpec, ArenaError> {
    let spec: AgentSpec = text.parse()?;
    G::build_agent(&spec.with_default_seed(0))?;
    Ok(spec)
}

/// Reads an openings file: one position per line in the game's notation; blank lines and lines
/// starting with `#` are skipped. Finished positions are refused.
pub fn parse_openings<G: Game>(text: &str) -> Result<Vec<G>, ArenaError> {
    let mut openings = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |reason: String| ArenaError::Openings {
            line: number + 1,
            reason,
        };
        let position = G::parse_position(line).map_err(|e| bad(e.message))?;
        if position.is_over() {
            return Err(bad("the game is already over in this position".to_string()));
        }
        openings.push(position);
    }
    if openings.is_empty() {
        return Err(ArenaError::NoOpenings);
    }
    Ok(openings)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn shards_cover_every_game_once() {
        for games in [0u64, 1, 7, 100, 1001] {
            for count in 1..=9 {
                let mut next = 0;
                for index in 1..=count {
                    let range = Shard { index, count }.games(games);
                    assert_eq!(range.start, next);
                    next = range.end;
                }
                assert_eq!(next, games);
            }
        }
    }

    #[test]
    fn shard_strings_are_checked() {
        assert_eq!(
            "2/8".parse::<Shard>().unwrap(),
            Shard { index: 2, count: 8 }
        );
        for bad in ["", "0/4", "5/4", "1/0", "a/b", "3", "1/2/3", "-1/2"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn first_player_options() {
        assert_eq!("Alternate".parse::<First>().unwrap(), First::Alternate);
        assert!("x".parse::<First>().is_err());
    }

    proptest! {
        #[test]
        fn shard_parsing_never_panics(text in ".*") {
            let _ = text.parse::<Shard>();
        }
    }
}
