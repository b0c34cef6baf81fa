//! The game screen's state and what each key does, with no terminal involved: a session with
//! undo, the best score (written at every change), the game in progress kept for next time, a
//! question before a game in progress is thrown away, hints and autoplay from the expectimax
//! player.

use std::path::PathBuf;
use std::time::Duration;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use tabula_2048::expectimax::Expectimax;
use tabula_2048::{Direction, Game2048, Move};
use tabula_core::save::{self, LoadedGame, SaveError};
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
    /// A question before a game in progress is thrown away: y or Enter goes ahead, n or Esc
    /// goes back to the game.
    Confirm(Leave),
    /// A saved game was found: y or Enter resumes it, n starts afresh.
    Resume,
}

/// What would throw a game in progress away.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leave {
    /// `r`: a new game.
    Restart,
    /// `q` or Esc: leave the program.
    Quit,
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
    confirm: Option<Leave>,
    /// Where the game in progress is kept for next time.
    game_file: Option<PathBuf>,
    /// A saved game offered for resumption.
    resume: Option<LoadedGame<Game2048>>,
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
            confirm: None,
            game_file: None,
            resume: None,
        };
        app.deal();
        app
    }

    /// Keeps the game in progress in `path` when the program ends (and forgets it when a game
    /// ends or is given up); a game found there is offered for resumption. A file that cannot
    /// be read is reported and replaced.
    pub fn keep_game_in(&mut self, path: PathBuf) {
        match save::load::<Game2048>(&path) {
            Ok(loaded) if has_slides(&loaded.moves) && !replayed(&loaded).is_over() => {
                self.resume = Some(loaded)
            }
            Ok(_) => {}
            Err(SaveError::Io { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => self.message = Some(format!("saved game not resumed: {e}")),
        }
        self.game_file = Some(path);
    }

    /// Lets chance place its tiles, and writes a new best score at once.
    fn deal(&mut self) {
        while self.session.state().is_chance() && self.session.step().is_some() {}
        self.best.record(self.session.state().score());
        self.save_best();
        if self.screen() == Screen::Over {
            self.autoplay = false;
        }
    }

    /// Whether moves have been made in a game not yet over: what `r` and `q` would throw away.
    fn in_progress(&self) -> bool {
        has_slides(self.session.moves()) && !self.session.state().is_over()
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
        if self.resume.is_some() {
            Screen::Resume
        } else if let Some(leave) = self.confirm {
            Screen::Confirm(leave)
        } else if state.is_over() {
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
        let yes = matches!(key.code, KeyCode::Char('y' | 'Y') | KeyCode::Enter);
        let no = matches!(key.code, KeyCode::Char('n' | 'N') | KeyCode::Esc);
        match (self.screen(), key.code) {
            (Screen::Resume, _) if yes => self.resume(),
            (Screen::Resume, _) if no => self.resume = None,
            (Screen::Resume, _) => {}
            (Screen::Confirm(leave), _) if yes => {
                self.confirm = None;
                match leave {
                    Leave::Restart => self.restart(),
                    Leave::Quit => self.quit(),
                }
            }
            (Screen::Confirm(_), _) if no => self.confirm = None,
            (Screen::Confirm(_), _) => {}
            (_, KeyCode::Char('q' | 'Q') | KeyCode::Esc) => self.ask(Leave::Quit),
            (_, KeyCode::Char('u' | 'U')) => self.undo(),
            (_, KeyCode::Char('r' | 'R')) => self.ask(Leave::Restart),
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

    /// Does `leave` at once when no game is in progress, else asks first.
    fn ask(&mut self, leave: Leave) {
        if !self.in_progress() {
            match leave {
                Leave::Restart => self.restart(),
                Leave::Quit => self.quit(),
            }
        } else {
            self.autoplay = false;
            self.confirm = Some(leave);
        }
    }

    fn resume(&mut self) {
        if let Some(loaded) = self.resume.take() {
            self.session.replace_game(loaded);
            self.kept_going = self.session.state().has_won();
            self.deal();
        }
    }

    fn restart(&mut self) {
        self.session.restart();
        self.advisor.new_game();
        self.autoplay = false;
        self.kept_going = false;
        self.hint = None;
        self.deal();
    }

    fn quit(&mut self) {
        if let Err(e) = self.leave() {
            self.message = Some(e);
        }
        self.quit = true;
    }

    /// Writes what must outlive the program: the best score, and the game in progress for next
    /// time (or no file when there is none). Called on every way out, a signal included; says
    /// what could not be written.
    pub fn leave(&mut self) -> Result<(), String> {
        let best = self
            .best
            .save()
            .map_err(|e| format!("best score not saved: {e}"));
        let game = self.keep_game().map_err(|e| format!("game not kept: {e}"));
        best.and(game)
    }

    fn keep_game(&self) -> Result<(), String> {
        let Some(path) = &self.game_file else {
            return Ok(());
        };
        if self.resume.is_some() {
            // Not yet answered: the saved game stays for next time.
            return Ok(());
        }
        if self.in_progress() {
            return self.session.save(path).map_err(|e| e.to_string());
        }
        match std::fs::remove_file(path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                Err(format!("{}: {e}", path.display()))
            }
            _ => Ok(()),
        }
    }

    fn save_best(&mut self) {
        if let Err(e) = self.best.save() {
            self.message = Some(format!("best score not saved: {e}"));
        }
    }
}

/// Whether the player has slid at all (the first tiles are chance's moves).
fn has_slides(moves: &[Move]) -> bool {
    moves.iter().any(|m| matches!(m, Move::Slide(_)))
}

/// The position a loaded game reaches.
fn replayed(loaded: &LoadedGame<Game2048>) -> Game2048 {
    let mut state = loaded.start;
    for &mv in &loaded.moves {
        state.play(mv);
    }
    state
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
