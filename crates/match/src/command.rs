//! The messages between a front end and the controller: commands in, events out, and the
//! errors a command can meet.

use std::path::PathBuf;
use std::time::Duration;

use tabula_core::save::SaveError;
use tabula_core::session::MoveError;
use tabula_core::{AgentError, ParseError, Player, Progress};
use tabula_games::RulesError;

use crate::settings::{MatchSettings, SeatSpec};
use crate::view::Ending;

/// What a front end asks of the controller.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// A person's move in the game's notation.
    Play(String),
    /// A person's move onto a cell (a click).
    PlayCell(usize),
    /// Takes back moves until a person was last to decide (stops a thinking engine at once).
    Undo,
    /// Replays what undo took back.
    Redo,
    /// A new game: with these settings, or the current ones when `None`.
    NewGame(Option<Box<MatchSettings>>),
    /// Turns the engine's values for every legal move on or off.
    Hints(bool),
    /// Pauses (or resumes) the computer players and the clocks.
    Pause(bool),
    /// The player to move resigns (in a game against the computer: the person).
    Resign,
    /// Puts a person or a computer player in a seat.
    SetSeat {
        /// The seat.
        player: Player,
        /// Who sits there now.
        seat: SeatSpec,
    },
    /// Sets a player's time left on the controller's clock (nothing without a clock): for a
    /// front end that keeps the clock that counts and hands it over before a search, so the
    /// computer's budget follows it.
    SetTime {
        /// The seat.
        player: Player,
        /// Its time left from now.
        left: Duration,
    },
    /// Saves the game to a file (the console's save format).
    Save(PathBuf),
    /// Replaces the game with one from a file.
    Load(PathBuf),
    /// Stops every search; the controller does nothing more.
    Quit,
}

/// What the controller tells the front end.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// The position, the seats or the status changed: draw the view again.
    Changed,
    /// The computer is thinking: its latest report.
    Thinking(Progress),
    /// The computer played a move.
    EngineMoved {
        /// Who moved.
        player: Player,
        /// The move in the game's notation.
        notation: String,
    },
    /// Hint values for the legal moves are ready in the view.
    HintsReady,
    /// A running clock passed a whole second.
    ClockTick,
    /// The game ended.
    GameOver {
        /// How.
        ending: Ending,
        /// The winning line's cells, where there is one.
        line: Vec<usize>,
    },
    /// The game was saved to this file.
    Saved(PathBuf),
    /// Something went wrong in the background (a computer player failed).
    Error(String),
}

/// Why a command was refused. Nothing changes when a command is refused.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    /// The move is malformed or illegal, or it is not a person's turn.
    #[error("{0}")]
    Move(#[from] MoveError),
    /// A click on a cell where no move can be played.
    #[error("no move can be played on {0}")]
    NoMoveThere(String),
    /// A cell number off the board.
    #[error("cell {0} is not on the board")]
    NoSuchCell(usize),
    /// The seat does not exist.
    #[error("this game has no player {0}")]
    NoSuchPlayer(Player),
    /// The settings give the wrong number of seats.
    #[error("{game} needs {needed} seat(s), {given} given")]
    Seats {
        /// The game.
        game: &'static str,
        /// Seats it needs.
        needed: usize,
        /// Seats given.
        given: usize,
    },
    /// Nothing to undo.
    #[error("there is nothing to undo")]
    NothingToUndo,
    /// Nothing to redo.
    #[error("there is nothing to redo")]
    NothingToRedo,
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// Only a person can resign, and only while the game goes on.
    #[error("no person is playing this game")]
    NoPerson,
    /// A computer player's spec was refused.
    #[error("{0}")]
    Agent(#[from] AgentError),
    /// The rule settings were refused.
    #[error("{0}")]
    Rules(#[from] RulesError),
    /// The start position was refused.
    #[error("start position: {0}")]
    Position(ParseError),
    /// Saving or loading failed.
    #[error("{0}")]
    Save(#[from] SaveError),
    /// The controller was told to quit.
    #[error("the match has ended")]
    Quit,
}
