//! The shared vocabulary of Tabula.
//!
//! Every game implements [`Game`]; everything generic — agents, sessions, the arena, front ends,
//! perft and the property tests in [`testing`] — is written once against it. Chance (a 2048 tile
//! appearing) is modelled as OpenSpiel does: a chance node whose outcomes are ordinary moves with
//! probabilities, so a seed plus a move list replays any game exactly.

pub mod agent;
pub mod analysis;
pub mod chance;
pub mod control;
pub mod game;
pub mod line_input;
pub mod openspiel;
pub mod perft;
pub mod program;
pub mod quote;
pub mod random_agent;
pub mod save;
pub mod session;
pub mod testing;
pub mod text;

pub use agent::{
    Agent, AgentCatalog, AgentEntry, AgentError, AgentSpec, Forfeit, ForfeitReason, Knob, MoveTimes,
};
pub use analysis::{Analysis, Bound, MoveValue, SearchLimits, Verdict};
pub use chance::{sample_chance, GameRng};
pub use control::{Progress, ProgressSink, SearchControl};
pub use game::{game_over, Game, IllegalMove, Outcome, ParseError, Player, Reason, Turn};
pub use perft::perft;
pub use quote::quote;
pub use random_agent::RandomAgent;
pub use session::{Seat, Session};
