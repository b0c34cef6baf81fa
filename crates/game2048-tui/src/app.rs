//! The game screen's state and what each key does, with no terminal involved: a session with
//! undo, the best score, hints and autoplay from the expectimax player.

use std::time::Duration;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use tabula_2048::expectimax::Expectimax;
use tabula_2048::{Direction, Game2048, Move};
use tabula_core::{Agent, Game, MoveValue, SearchLimits, Seat, Session};

use crate::best::BestScore;

/// The autoplay paces, milliseconds between moves; `+` goes left, `-` right.
pub const PACES_MS: [u64; 8] = [0, 15, 30, 60, 125, 250, 500, 1000];

/// How long the advisor thinks for a hint or an autoplay move.
const ADVISOR_TIME: Duration = Duration::from_millis(40);

/// What the screen shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    /// The board, taking moves.
    Playing,
    /// 2048 was just made: keep going or start again.
    Won,
    /// No slide is left.
    Over,
}

/// The game screen.
pub struct App {
    session: Session<Game2048>,
    advisor: Expectimax,
    best: BestScore,
    color: bool,
    autoplay: bool,
    pace: usize,
    hint: Option<Vec<MoveValue<Move>>>,
    kept_going: bool,
    message: Option<String>,
    quit: bool,
}

impl App {
    /// A new game dealt from `seed`, with colour unless `color` is false.
    pub fn new(seed: u64, best: BestScore, color: bool) -> App {
        App::from_position(Game2048::initial(), seed, best, color)
    }

    /// A game from `start` (where `r` also returns), later tiles dealt from `seed`.
    pub fn from_position(start: Game2048, seed: u64, best: BestScore, color: bool) -> App {
        let mut app = App {
            session: Session::new(start, vec![Seat::Human], seed),
            advisor: Expectimax::new(None, Some(ADVISOR_TIME)),
            best,
            color,
            autoplay: false,
            pace: 4,
            hint: None,
            kept_going: false,
            message: None,
            quit: false,
        };
        app.deal();
        app
    }

    /// Lets chance place its tiles.
    fn deal(&mut self) {
        while self.session.state().is_chance() && self.session.step().is_some() {}
        self.best.record(self.session.state().score());
        if self.screen() == Screen::Over {
            self.autoplay = false;
            self.save_best();
        }
    }

    /// The position on the board.
    pub fn state(&self) -> &Game2048 {
        self.session.state()
    }

    /// The best score, this game included.
    pub fn best(&self) -> u64 {
        self.best.best()
    }

    /// Whether tiles are drawn in colour.
    pub fn color(&self) -> bool {
        self.color
    }

    /// Whether the computer is playing.
    pub fn autoplaying(&self) -> bool {
        self.autoplay && self.screen() == Screen::Playing
    }

    /// The wait between autoplay moves.
    pub fn pace(&self) -> Duration {
        Duration::from_millis(PACES_MS[self.pace])
    }

    /// The last hint: every legal slide's value, best first.
    pub fn hint(&self) -> Option<&[MoveValue<Move>]> {
        self.hint.as_deref()
    }

    /// A line to show under the board (an error, a warning).
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// Shows `text` under the board.
    pub fn set_message(&mut self, text: impl Into<String>) {
        self.message = Some(text.into());
    }

    /// Whether the player asked to leave.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// What the screen shows now.
    pub fn screen(&self) -> Screen {
        let state = self.session.state();
        if state.is_over() {
            Screen::Over
        } else if state.has_won() && !self.kept_going {
            Screen::Won
        } else {
            Screen::Playing
        }
    }

    /// Handles one key press.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.modifiers.contains(KeyModifiers::CONTROL) {
            if let KeyCode::Char('c' | 'C') = key.code {
                self.quit();
            }
            return;
        }
        match (self.screen(), key.code) {
            (_, KeyCode::Char('q' | 'Q') | KeyCode::Esc) => self.quit(),
            (_, KeyCode::Char('u' | 'U')) => self.undo(),
            (_, KeyCode::Char('r' | 'R')) => self.restart(),
            (Screen::Won, KeyCode::Char('c' | 'C') | KeyCode::Enter) => self.kept_going = true,
            (Screen::Won, KeyCode::Char('n' | 'N')) => self.restart(),
            (Screen::Over, KeyCode::Char('n' | 'N') | KeyCode::Enter) => self.restart(),
            (Screen::Playing, KeyCode::Char('H' | '?')) => self.show_hint(),
            (Screen::Playing, KeyCode::Char('A')) => {
                self.autoplay = !self.autoplay;
                self.hint = None;
            }
            (Screen::Playing, KeyCode::Char('+' | '=')) => self.pace = self.pace.saturating_sub(1),
            (Screen::Playing, KeyCode::Char('-' | '_')) => {
                self.pace = (self.pace + 1).min(PACES_MS.len() - 1)
            }
            (Screen::Playing, code) => {
                if let Some(direction) = direction_of(code) {
                    self.autoplay = false;
                    self.slide(direction);
                }
            }
            _ => {}
        }
    }

    /// Plays the computer's move when autoplay is on.
    pub fn autoplay_step(&mut self) {
        if self.autoplaying() {
            let mv = self.advisor.choose(self.session.state());
            if let Move::Slide(direction) = mv {
                self.slide(direction);
            }
        }
    }

    fn slide(&mut self, direction: Direction) {
        match self.session.play(Move::Slide(direction)) {
            Ok(()) => {
                self.hint = None;
                self.message = None;
                self.deal();
            }
            Err(e) => self.message = Some(e.to_string()),
        }
    }

    fn show_hint(&mut self) {
        let limits = SearchLimits {
            time_ms: Some(ADVISOR_TIME.as_millis() as u64),
            ..SearchLimits::default()
        };
        self.hint = self
            .advisor
            .analyze(self.session.state(), &limits)
            .map(|a| a.moves);
    }

    fn undo(&mut self) {
        if self.session.undo() {
            self.hint = None;
            self.message = None;
            self.autoplay = false;
            if !self.session.state().has_won() {
                self.kept_going = false;
            }
        } else {
            self.message = Some("nothing to undo".to_string());
        }
    }

    fn restart(&mut self) {
        self.save_best();
        self.session.restart();
        self.advisor.new_game();
        self.autoplay = false;
        self.kept_going = false;
        self.hint = None;
        self.deal();
    }

    fn quit(&mut self) {
        self.save_best();
        self.quit = true;
    }

    fn save_best(&mut self) {
        if let Err(e) = self.best.save() {
            self.message = Some(format!("best score not saved: {e}"));
        }
    }
}

/// The slide a key asks for: arrows, WASD and HJKL (Shift-H is the hint, Shift-A autoplay).
pub fn direction_of(code: KeyCode) -> Option<Direction> {
    match code {
        KeyCode::Up | KeyCode::Char('w' | 'W' | 'k' | 'K') => Some(Direction::Up),
        KeyCode::Down | KeyCode::Char('s' | 'S' | 'j' | 'J') => Some(Direction::Down),
        KeyCode::Left | KeyCode::Char('a' | 'h') => Some(Direction::Left),
        KeyCode::Right | KeyCode::Char('d' | 'D' | 'l' | 'L') => Some(Direction::Right),
        _ => None,
    }
}
