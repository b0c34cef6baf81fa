//! The messages between a front end and the controller: commands in, events out, and the
//! errors a command can meet.

use std::path::PathBuf;
use std::time::Duration;

use tabula_core::save::{ContentError, SaveError};
use tabula_core::session::MoveError;
use tabula_core::{AgentError, ParseError, Player, Progress};
use tabula_games::RulesError;

use crate::opening::SwapChoice;
use crate::settings::{MatchSettings, SeatSpec};
use crate::view::{Ending, ForbiddenReason};

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
    /// Goes to the position after this many plies of the record (0: the start), undoing or
    /// redoing one ply at a time; what lies beyond stays redoable. A computer player to move
    /// there is paused, so it does not overwrite the rest of the record.
    GoTo(usize),
    /// Turns the evaluation graph on or off: the engine values the position after every ply
    /// in the background while no computer player thinks.
    Evaluations(bool),
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
    /// A person's answer in a swap opening (take black, take white, place two more stones).
    Choose(SwapChoice),
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
    /// Replaces the game with one from a saved game's text (what [`Command::Load`] reads from a
    /// file), for a front end that keeps its games elsewhere, such as the server's database.
    Restore(String),
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
    /// The value after this ply (counted from 1) is ready in the view's evaluations.
    Evaluated(usize),
    /// A running clock passed a whole second.
    ClockTick,
    /// The game ended.
    GameOver {
        /// How.
        ending: Ending,
        /// The winning line's cells, where there is one.
        line: Vec<usize>,
    },
    /// A seat answered a swap opening's question (the computer's choice arrives this way too).
    Chose {
        /// The seat, numbered as in the settings (0: the first player).
        seat: usize,
        /// What it chose.
        choice: SwapChoice,
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
    /// A point forbidden to the player to move (renju: black's double three, double four,
    /// overline).
    #[error("{cell} is forbidden to black under renju: {reason}")]
    Forbidden {
        /// The point's name.
        cell: String,
        /// Why.
        reason: ForbiddenReason,
    },
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
    /// A swap opening waits for a colour to be chosen; no stone can be placed now.
    #[error("choose first: {}", names(.0))]
    ChoiceAwaited(Vec<SwapChoice>),
    /// No choice is asked for now.
    #[error("there is no choice to make now")]
    NoChoice,
    /// The choice is not one of those offered.
    #[error("{} is not one of the choices here", .0.name())]
    NotOffered(SwapChoice),
    /// Nothing to undo.
    #[error("there is nothing to undo")]
    NothingToUndo,
    /// A ply beyond the record and what redo could replay.
    #[error("the game has no ply {ply} (it has {len})")]
    NoSuchPly {
        /// The ply asked for.
        ply: usize,
        /// Plies played and redoable.
        len: usize,
    },
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
    /// A saved game's text given to [`Command::Restore`] was refused.
    #[error("not a saved game: {0}")]
    Restore(#[from] ContentError),
    /// The controller was told to quit.
    #[error("the match has ended")]
    Quit,
}

/// The names of `choices`, comma-separated.
fn names(choices: &[SwapChoice]) -> String {
    choices
        .iter()
        .map(|c| c.name())
        .collect::<Vec<_>>()
        .join(", ")
}
