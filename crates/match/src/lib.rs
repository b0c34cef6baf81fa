//! The match controller every Tabula front end drives, and the view model they all draw.
//!
//! A front end opens a match with [`open`] and [`MatchSettings`], sends [`Command`]s (a move,
//! undo, new game, hints, pause, resign, a seat change, save, load, quit), takes [`Event`]s from
//! [`Controller::poll`] and draws [`Controller::view`]: a plain [`View`] of cells, the last
//! move, legal moves, hint values, the winning line, what the last move changed (for
//! animations), scores, clocks and the engine's live report. The controller knows the rules; the
//! front ends know none. Computer players think on worker threads under a
//! [`tabula_core::SearchControl`], so undo, new game or quit stop them at once.
//!
//! Each game tells how it looks through [`Present`] (in `games/`); the controller is written once
//! over it.

mod clock;
mod command;
mod controller;
mod games;
mod opening;
mod present;
mod settings;
mod view;
pub mod words;

pub use clock::Clocks;
pub use command::{Command, Event, MatchError};
pub use controller::{default_opponent, open, Controller, Match, Waker};
pub use opening::SwapChoice;
pub use present::Present;
pub use settings::{MatchSettings, SeatSpec, TimeControl};
pub use view::{
    CellView, ChangeView, ChoiceView, ClockView, Ending, EvalView, ForbiddenReason, ForbiddenView,
    HintView, LegalMove, OpeningAsk, OpeningView, Piece, PlyView, SeatView, SlideView, Status,
    VerdictView, View,
};
