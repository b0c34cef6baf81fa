//! One match on screen: the controller, the view last drawn, and what the window keeps beside
//! them (when the position appeared, for animations; the toggles; the last error).

use eframe::egui;
use tabula_i18n::{tr, Catalog};
use tabula_match::{Command, Controller, Event, MatchError, MatchSettings, SeatSpec, View};

use crate::anim::{Anim, AnimSpeed};

/// A match and its window state.
pub struct Play {
    ctl: Box<dyn Controller>,
    view: View,
    /// The time (egui's clock, seconds) the current position appeared.
    shown_at: f64,
    /// 2048: the points the last move scored and when.
    gain: Option<(u64, f64)>,
    /// Show the engine's values on the legal moves.
    pub hints: bool,
    /// Show move numbers on gomoku stones.
    pub numbers: bool,
    /// Gomoku: colour the engine's candidate moves by their values.
    pub heat: bool,
    /// Show the evaluation graph (reversi, gomoku).
    pub graph: bool,
    /// The last refusal or error, for the side panel.
    pub message: Option<Message>,
    /// The save file's path as typed.
    pub path: String,
    /// A transcript typed or pasted, to replay.
    pub paste: String,
    /// 2048: the mouse drag so far.
    pub drag: egui::Vec2,
}

/// What the side panel says under the board's buttons.
#[derive(Debug)]
pub enum Message {
    /// A command the controller refused, rendered in the window's language when shown.
    Refused(MatchError),
    /// A text already in words (an engine's error, a saved file).
    Text(String),
}

impl Message {
    /// The message in `cat`'s language: a game's reason for a refused move from the catalog,
    /// a forbidden renju point with its reason.
    pub fn render(&self, cat: &Catalog) -> String {
        match self {
            Message::Refused(MatchError::Move(e)) => cat.move_error(e),
            Message::Refused(MatchError::Forbidden { cell, reason }) => tr!(
                cat,
                "desktop-forbidden",
                cell = cell.clone(),
                reason = cat.text(reason.key())
            ),
            Message::Refused(other) => other.to_string(),
            Message::Text(text) => text.clone(),
        }
    }
}

impl Play {
    /// Opens a match.
    pub fn open(settings: MatchSettings) -> Result<Play, MatchError> {
        let hints = settings.hints;
        let ctl = tabula_match::open(settings)?;
        let view = ctl.view();
        Ok(Play {
            ctl,
            view,
            shown_at: f64::NEG_INFINITY,
            gain: None,
            hints,
            numbers: false,
            heat: false,
            graph: false,
            message: None,
            path: "tabula-save.json".to_string(),
            paste: String::new(),
            drag: egui::Vec2::ZERO,
        })
    }

    /// Has the window painted again whenever the engine has news.
    pub fn wake(&mut self, ctx: &egui::Context) {
        let ctx = ctx.clone();
        self.ctl
            .set_waker(std::sync::Arc::new(move || ctx.request_repaint()));
    }

    /// The view last taken from the controller.
    pub fn view(&self) -> &View {
        &self.view
    }

    /// The controller, for tests and for what the view does not carry.
    pub fn controller(&self) -> &dyn Controller {
        self.ctl.as_ref()
    }

    /// Sends a command; a refusal is kept as the message to show. Returns whether it was taken.
    pub fn send(&mut self, command: Command, now: f64) -> bool {
        let taken = match self.ctl.handle(command) {
            Ok(()) => {
                self.message = None;
                true
            }
            Err(e) => {
                self.message = Some(Message::Refused(e));
                false
            }
        };
        self.refresh(now);
        taken
    }

    /// Takes in the engine's news; returns the events for the caller (the scoreboard).
    pub fn poll(&mut self, now: f64) -> Vec<Event> {
        let events = self.ctl.poll();
        for event in &events {
            if let Event::Error(e) = event {
                self.message = Some(Message::Text(e.clone()));
            }
        }
        if !events.is_empty() {
            self.refresh(now);
        }
        events
    }

    /// Takes a fresh view; a position reached by a new move starts its animations.
    fn refresh(&mut self, now: f64) {
        let view = self.ctl.view();
        if view.history.len() > self.view.history.len() {
            self.shown_at = now;
            let (before, after) = (self.view.scores.first(), view.scores.first());
            if let (Some(&b), Some(&a), true) = (before, after, view.game.players() == 1) {
                self.gain = (a > b).then_some((a - b, now));
            }
        } else if view.history.len() < self.view.history.len() {
            self.shown_at = f64::NEG_INFINITY;
            self.gain = None;
        }
        self.view = view;
    }

    /// The player who just passed, while the last ply of a two-player game is a move without a
    /// square (reversi's pass).
    pub fn passed(&self) -> Option<tabula_core::Player> {
        let last = self.view.history.last()?;
        (self.view.game.players() > 1 && last.cell.is_none())
            .then_some(last.player)
            .flatten()
    }

    /// Asks the controller for the engine's values on the legal moves while the hints or the
    /// heat map are shown.
    pub fn sync_hints(&mut self, now: f64) {
        let on = self.hints || self.heat;
        self.send(Command::Hints(on), now);
    }

    /// Holds the last move's animations `seconds` in (screenshot mode), as if it was played
    /// that long before `now`.
    pub fn hold_animation(&mut self, now: f64, seconds: f64) {
        self.shown_at = now - seconds;
        if let Some((gain, _)) = self.gain {
            self.gain = Some((gain, now - seconds));
        }
    }

    /// Where the animations of the last move stand at `now`.
    pub fn anim(&self, now: f64, speed: AnimSpeed) -> Anim {
        Anim {
            elapsed: (now - self.shown_at).min(1e6) as f32,
            speed,
        }
    }

    /// 2048: the points the last move scored and the seconds since, while it is recent.
    pub fn gain(&self, now: f64) -> Option<(u64, f32)> {
        self.gain
            .map(|(n, at)| (n, (now - at) as f32))
            .filter(|(_, t)| *t < 0.8)
    }

    /// The moves of the game so far, in the game's notation separated by spaces (2048's tiles,
    /// which chance deals, left out).
    pub fn transcript(&self) -> String {
        let moves: Vec<&str> = self
            .view
            .history
            .iter()
            .filter(|ply| ply.player.is_some())
            .map(|ply| ply.notation.as_str())
            .collect();
        moves.join(" ")
    }

    /// Starts the game again and plays `moves` (a transcript) with people in every seat, then
    /// puts the computer players back. On a bad move the game stops before it, and the error
    /// says which move and why.
    pub fn replay(&mut self, moves: &str, now: f64) -> Result<(), String> {
        let settings = self.ctl.settings().clone();
        let people = MatchSettings {
            seats: vec![SeatSpec::Human; settings.seats.len()],
            ..settings.clone()
        };
        self.ctl
            .handle(Command::NewGame(Some(Box::new(people))))
            .map_err(|e| e.to_string())?;
        let mut result = Ok(());
        for (number, mv) in moves.split_whitespace().enumerate() {
            if let Err(e) = self.ctl.handle(Command::Play(mv.to_string())) {
                let shown: String = mv.chars().take(20).collect();
                result = Err(format!("move {} ({shown:?}): {e}", number + 1));
                break;
            }
        }
        for (player, seat) in settings.seats.into_iter().enumerate() {
            if !seat.is_human() {
                let _ = self.ctl.handle(Command::SetSeat { player, seat });
            }
        }
        self.message = result.as_ref().err().cloned().map(Message::Text);
        self.refresh(now);
        result
    }
}

impl Drop for Play {
    fn drop(&mut self) {
        let _ = self.ctl.handle(Command::Quit);
    }
}
