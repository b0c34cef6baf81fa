//! The arena: computer-versus-computer matches for every Tabula game, with honest statistics.
//!
//! A match is described by a [`MatchSetup`] (two agent specs, or one in a one-player game, the
//! number of games, a seed, who moves first, optional openings and a shard) and played by
//! [`run_match`] on worker threads. Everything is generic over
//! [`tabula_core::Game`] + [`tabula_core::AgentCatalog`]: a game joins the arena by existing.
//!
//! Reproducibility: game `k`'s seed depends only on the match seed and `k` ([`seeds`]), so the
//! totals and the game records are the same whatever the thread count, and the shards of a match
//! ([`Shard`]) add up ([`merge`]) to exactly the unsharded result.
//!
//! Results: [`MatchReport`] (counts, Wilson interval, Elo difference with its interval, mean
//! margin, games/s; score statistics and achievement rates for one-player games; for agents
//! that run another program, their move times and forfeits by reason; the [`sprt`] verdict when
//! a sequential test stops the match),
//! [`RoundRobin`] (crosstable and maximum-likelihood ratings), [`GameRecord`] (one JSON line per
//! game) and SVG charts ([`plot`]).

mod error;
mod play;
pub mod plot;
mod record;
mod report;
mod round_robin;
mod runner;
pub mod seeds;
mod setup;
pub mod sprt;
pub mod stats;
mod tally;

pub use error::ArenaError;
pub use play::{play_game, GameResult, MoveLog};
pub use record::{read_records, ForfeitNote, GameRecord, Replayed};
pub use report::{merge, MatchReport};
pub use round_robin::{RoundRobin, RoundRobinSetup};
pub use runner::{run_match, run_match_keeping_records, Hooks, RecordSink};
pub use setup::{parse_openings, First, MatchSetup, Shard};
pub use tally::{ScoreStats, Tally};
