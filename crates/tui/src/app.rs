//! The UI's state: the launcher or a game, the dialog on top, the command line, messages; how
//! terminal events change it, and how a frame is drawn. No real terminal here: tests drive
//! [`App`] with crossterm events and draw it into ratatui's `TestBackend`.

use std::io;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::{Position, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Wrap};
use ratatui::Frame;
use tabula_core::session::MoveError;
use tabula_games::{GameKind, Rules};
use tabula_i18n::{tr, Catalog, Lang};
use tabula_match::{
    Command, Controller, Event as MatchEvent, MatchError, MatchSettings, SeatSpec, SeatView,
    Status, SwapChoice, View,
};

use crate::autoplay::{self, Pace};
use crate::best::{BestScore, LoadWarning};
use crate::board::{self, BoardMarks};
use crate::cmdline::{self, Line as CmdLine};
use crate::dialog::{Answer, Confirm, Dialog};
use crate::games;
use crate::input::{self, Action};
use crate::launcher::{Launcher, LauncherChoice};
use crate::layout::{self, BoardGeometry};
use crate::panel;
use crate::persist::Store;
use crate::theme::Theme;
use crate::{Animation, Options, Start};

/// Where terminal events come from: the real terminal, or a script in tests.
pub trait EventSource {
    /// The next event, waiting at most `timeout`; `None` when none came.
    fn next(&mut self, timeout: Duration) -> io::Result<Option<Event>>;
}

/// How long one frame of an animation lasts.
const FRAME: Duration = Duration::from_millis(30);

/// A game on screen.
struct Game {
    controller: Box<dyn Controller>,
    view: View,
    cursor: usize,
    numbers: bool,
    /// When the running animation began.
    animating: Option<Instant>,
    /// Moves back from the end of the move list.
    scroll: usize,
    /// What was last kept on disk.
    saved: Option<Record>,
    /// 2048: a suggested slide was asked for (`H`) and is awaited; `true` when hint values
    /// were turned on only for it.
    suggest: Option<bool>,
}

/// What a kept game must follow: the record and the seats (2048's autoplay is its seat).
#[derive(Clone, Debug, PartialEq)]
struct Record {
    plies: usize,
    position: String,
    seats: Vec<SeatView>,
}

impl Record {
    fn of(view: &View) -> Record {
        Record {
            plies: view.history.len(),
            position: view.position.clone(),
            seats: view.seats.clone(),
        }
    }
}

impl Game {
    /// Whether a player has moved in a game not over (2048's first tiles alone are no game to
    /// keep or to confirm throwing away).
    fn in_progress(&self) -> bool {
        self.view.history.iter().any(|p| p.player.is_some()) && !self.view.status.is_over()
    }

    /// 2048: whether the computer plays the seat (autoplay).
    fn autoplaying(&self) -> bool {
        self.view.game == GameKind::Game2048
            && self.view.seats.first().is_some_and(|s| s.agent.is_some())
            && !self.view.status.is_over()
    }
}

/// The UI.
pub struct App {
    cat: Catalog,
    theme: Theme,
    animation: Animation,
    numbers: bool,
    store: Store,
    data_dir: Option<PathBuf>,
    /// 2048's best score, read when the first 2048 game opens.
    best: Option<BestScore>,
    /// 2048's autoplay pace.
    pace: Pace,
    launcher: Launcher,
    game: Option<Game>,
    dialog: Option<Dialog>,
    message: Option<(String, bool)>,
    command: Option<String>,
    quit: bool,
    board: Option<BoardGeometry>,
    buttons: Vec<(Rect, Action)>,
    dialog_buttons: Vec<(Rect, Answer)>,
}

impl App {
    /// The UI as `options` say: the launcher, or a game (after offering a saved one).
    pub fn new(options: Options) -> App {
        let mut app = App {
            cat: Catalog::new(options.lang),
            theme: Theme {
                color: options.color,
            },
            animation: options.animation,
            numbers: options.numbers,
            store: Store::new(options.data_dir.clone()),
            data_dir: options.data_dir,
            best: None,
            pace: Pace::default(),
            launcher: Launcher::new(options.lang, options.animation),
            game: None,
            dialog: None,
            message: None,
            command: None,
            quit: false,
            board: None,
            buttons: Vec::new(),
            dialog_buttons: Vec::new(),
        };
        if let Start::Game(settings) = options.start {
            app.start_game(*settings);
        }
        app
    }

    /// Whether the player has left.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// The language of the screens.
    pub fn lang(&self) -> Lang {
        self.cat.lang()
    }

    /// The game's latest view, while a game is on screen.
    pub fn view(&self) -> Option<&View> {
        self.game.as_ref().map(|g| &g.view)
    }

    /// Where the board was last drawn.
    pub fn board_geometry(&self) -> Option<BoardGeometry> {
        self.board
    }

    /// 2048's best score, once a 2048 game has opened.
    pub fn best_score(&self) -> Option<u64> {
        self.best.as_ref().map(BestScore::best)
    }

    /// Whether the computer plays 2048 for the player.
    pub fn autoplaying(&self) -> bool {
        self.game.as_ref().is_some_and(Game::autoplaying)
    }

    /// The wait between autoplay moves.
    pub fn autoplay_pace(&self) -> Duration {
        self.pace.delay()
    }

    /// The message on the bottom line, if any.
    pub fn message(&self) -> Option<&str> {
        self.message.as_ref().map(|(m, _)| m.as_str())
    }

    fn say(&mut self, text: String, error: bool) {
        self.message = Some((text, error));
    }

    // ----- games -----

    fn start_game(&mut self, settings: MatchSettings) {
        if let (GameKind::Game2048, Some(dir)) = (settings.kind(), &self.data_dir) {
            let legacy = dir.join(crate::persist::LEGACY_2048_GAME);
            if let Err(e) = self.store.adopt(&legacy, &settings) {
                self.say(tr!(self.cat, "tui-error-resume", detail = e), true);
            }
        }
        if self.store.pending(settings.kind()).is_some() {
            self.dialog = Some(Dialog::Resume(Box::new(settings)));
        } else {
            self.open_game(settings);
        }
    }

    fn open_game(&mut self, settings: MatchSettings) {
        match tabula_match::open(settings) {
            Ok(controller) => self.set_game(controller),
            Err(e) => self.say(
                tr!(self.cat, "tui-error-start", detail = e.to_string()),
                true,
            ),
        }
    }

    fn set_game(&mut self, controller: Box<dyn Controller>) {
        let view = controller.view();
        let cursor = initial_cursor(&view);
        if view.game == GameKind::Game2048 && self.best.is_none() {
            self.load_best();
        }
        self.game = Some(Game {
            saved: Some(Record::of(&view)),
            controller,
            view,
            cursor,
            numbers: self.numbers,
            animating: None,
            scroll: 0,
            suggest: None,
        });
        self.refresh();
    }

    /// Reads 2048's best score; a file that cannot be read is reported (and replaced at the
    /// next best).
    fn load_best(&mut self) {
        let (best, warning) = BestScore::in_dir(self.data_dir.as_deref());
        self.best = Some(best);
        match warning {
            Some(LoadWarning::Unreadable { file, detail }) => self.say(
                tr!(
                    self.cat,
                    "tui-best-unreadable",
                    file = file,
                    detail = detail
                ),
                true,
            ),
            Some(LoadWarning::Corrupt { file, detail }) => self.say(
                tr!(self.cat, "tui-best-corrupt", file = file, detail = detail),
                true,
            ),
            None => {}
        }
    }

    fn new_game(&mut self) {
        let Some(game) = &mut self.game else { return };
        let mut settings = game.controller.settings().clone();
        settings.seed = settings.seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        self.store.clear(settings.kind());
        self.command(Command::NewGame(Some(Box::new(settings))));
        if let Some(game) = &mut self.game {
            game.cursor = initial_cursor(&game.view);
            game.scroll = 0;
        }
    }

    fn back_to_launcher(&mut self) {
        if let Some(mut game) = self.game.take() {
            let _ = game.controller.handle(Command::Quit);
        }
        self.message = None;
    }

    fn quit(&mut self) {
        if let Some(game) = &mut self.game {
            let _ = game.controller.handle(Command::Quit);
        }
        self.quit = true;
    }

    /// Sends a command to the controller; a refusal becomes the message.
    fn command(&mut self, command: Command) {
        let Some(game) = &mut self.game else { return };
        match game.controller.handle(command) {
            Ok(()) => self.message = None,
            Err(e) => {
                if let MatchError::ChoiceAwaited(options) = &e {
                    // A click or Enter on the board while a colour is to be chosen: the choice.
                    if game
                        .view
                        .opening
                        .as_ref()
                        .and_then(|o| o.person_choices())
                        .is_some()
                    {
                        self.dialog = Some(Dialog::Choose(options.clone()));
                    }
                }
                let text = self.error_text(&e);
                self.say(text, true);
            }
        }
        self.refresh();
    }

    fn error_text(&self, e: &MatchError) -> String {
        match e {
            MatchError::NothingToUndo => self.cat.text("tui-error-undo"),
            MatchError::NothingToRedo => self.cat.text("tui-error-redo"),
            MatchError::GameOver | MatchError::Move(MoveError::GameOver) => {
                self.cat.text("tui-error-over")
            }
            MatchError::Move(MoveError::NotYourTurn) => self.cat.text("tui-error-turn"),
            MatchError::NoMoveThere(cell) => tr!(self.cat, "tui-error-cell", cell = cell.clone()),
            MatchError::ChoiceAwaited(_) => self.cat.text("tui-error-choose"),
            MatchError::Forbidden { cell, reason } => tr!(
                self.cat,
                "tui-error-forbidden",
                cell = cell.clone(),
                reason = self.cat.text(reason.key())
            ),
            MatchError::Move(e) => tr!(self.cat, "tui-error-move", detail = self.cat.move_error(e)),
            other => tr!(self.cat, "tui-error-move", detail = other.to_string()),
        }
    }

    /// Takes in the controller's news: a new view, animations, the game-over dialog, saving.
    pub fn tick(&mut self) {
        let Some(game) = &mut self.game else { return };
        let events = game.controller.poll();
        for event in &events {
            match event {
                MatchEvent::GameOver { ending, .. } => {
                    if matches!(self.dialog, None | Some(Dialog::Help)) {
                        self.dialog = Some(Dialog::GameOver(*ending));
                    }
                }
                MatchEvent::Error(text) => {
                    self.message = Some((text.clone(), true));
                }
                MatchEvent::EngineMoved { .. } if game.view.game == GameKind::Game2048 => {
                    self.pace.moved(Instant::now());
                }
                _ => {}
            }
        }
        self.refresh();
        self.drive_autoplay();
    }

    /// Holds 2048's autoplay back (the controller paused) until its pace has passed and while a
    /// dialog is open; lets it go on otherwise.
    fn drive_autoplay(&mut self) {
        let Some(game) = &mut self.game else { return };
        if !game.autoplaying() {
            return;
        }
        let go = self.dialog.is_none() && self.pace.due(Instant::now());
        let paused = matches!(game.view.status, Status::Paused { .. });
        if go == paused {
            let _ = game.controller.handle(Command::Pause(!go));
            game.view = game.controller.view();
        }
    }

    /// Turns 2048's autoplay on: the computer takes the seat.
    fn start_autoplay(&mut self) {
        self.command(Command::SetSeat {
            player: 0,
            seat: SeatSpec::Computer(autoplay::SPEC.to_string()),
        });
        if self.autoplaying() {
            let ms = self.pace.delay().as_millis() as u64;
            self.say(tr!(self.cat, "tui-autoplay-on", ms = ms), false);
        }
    }

    /// Turns 2048's autoplay off: the seat is the player's again, and nothing stays paused.
    fn stop_autoplay(&mut self) {
        let Some(game) = &mut self.game else { return };
        if !game.autoplaying() {
            return;
        }
        let _ = game.controller.handle(Command::SetSeat {
            player: 0,
            seat: SeatSpec::Human,
        });
        let _ = game.controller.handle(Command::Pause(false));
        self.refresh();
    }

    /// Reads the view again, starts an animation after a move, and keeps the game on disk.
    fn refresh(&mut self) {
        let Some(game) = &mut self.game else { return };
        let view = game.controller.view();
        let moved = view.history.len() > game.view.history.len();
        let animates = !view.change.flipped.is_empty() || !view.change.slides.is_empty();
        if moved && animates && self.animation != Animation::Off {
            game.animating = Some(Instant::now());
        }
        if view.history.len() != game.view.history.len() {
            game.scroll = 0;
        }
        let asked = |v: &View| -> Option<Vec<SwapChoice>> {
            Some(v.opening.as_ref()?.person_choices()?.to_vec())
        };
        if let Some(options) = asked(&view).filter(|_| asked(&game.view).is_none()) {
            if matches!(self.dialog, None | Some(Dialog::Help)) {
                self.dialog = Some(Dialog::Choose(options));
            }
        }
        if asked(&view).is_none() && matches!(self.dialog, Some(Dialog::Choose(_))) {
            self.dialog = None;
        }
        let goal_made = moved && view.goal_reached && !game.view.goal_reached;
        if goal_made && !view.status.is_over() && matches!(self.dialog, None | Some(Dialog::Help)) {
            let goal = match game.controller.settings().rules {
                Rules::Game2048 { goal } => goal,
                _ => tabula_games::DEFAULT_GOAL,
            };
            self.dialog = Some(Dialog::Goal(goal));
        }
        game.view = view;
        if let Some(start) = game.animating {
            if start.elapsed() >= FRAME * self.animation.frames() {
                game.animating = None;
            }
        }
        let record = Record::of(&game.view);
        if game.saved.as_ref() != Some(&record) {
            let kind = game.view.game;
            let result = if game.in_progress() {
                self.store.save(game.controller.as_mut())
            } else {
                self.store.clear(kind);
                Ok(())
            };
            game.saved = Some(record);
            if let Err(e) = result {
                self.say(tr!(self.cat, "tui-error-autosave", detail = e), true);
            }
        }
        self.keep_best();
        self.show_suggestion();
    }

    /// Notes 2048's score as the best when it beats it, and writes it at once.
    fn keep_best(&mut self) {
        let (Some(game), Some(best)) = (&self.game, &mut self.best) else {
            return;
        };
        if game.view.game != GameKind::Game2048 {
            return;
        }
        best.record(game.view.scores.first().copied().unwrap_or(0));
        if let Err(e) = best.save() {
            self.say(tr!(self.cat, "tui-best-unsaved", detail = e), true);
        }
    }

    /// Shows the suggested slide once the hint values `H` asked for are in, and turns the
    /// values off again when they were on only for it.
    fn show_suggestion(&mut self) {
        let Some(game) = &mut self.game else { return };
        let (Some(turn_off), Some(hints)) = (game.suggest, &game.view.hints) else {
            return;
        };
        let Some(best) = hints.first() else { return };
        let values = hints
            .iter()
            .map(|h| format!("{} {:.0}", h.notation, h.value))
            .collect::<Vec<_>>()
            .join(" · ");
        let text = tr!(
            self.cat,
            "tui-suggest",
            slide = format!("{} {}", arrow(&best.notation), best.notation),
            values = values
        );
        game.suggest = None;
        if turn_off {
            let _ = game.controller.handle(Command::Hints(false));
            game.view = game.controller.view();
        }
        self.say(text, false);
    }

    /// Whether an animation is running (the loop then draws at the frame rate).
    pub fn animating(&self) -> bool {
        self.game.as_ref().is_some_and(|g| g.animating.is_some())
    }

    // ----- input -----

    /// Takes one terminal event.
    pub fn handle_event(&mut self, event: Event) {
        match event {
            Event::Key(key) if key.kind != KeyEventKind::Release => self.key(key),
            Event::Mouse(mouse) => self.mouse(mouse),
            _ => {}
        }
    }

    fn key(&mut self, key: KeyEvent) {
        if let Some(dialog) = &self.dialog {
            if let Some(answer) = dialog.key(key.code) {
                self.answer(answer);
            }
            return;
        }
        if self.command.is_some() {
            self.edit_command(key);
            return;
        }
        let Some(game) = &self.game else {
            let choice = self.launcher.key(key);
            self.launched(choice);
            return;
        };
        if let Some(action) = input::action(game.view.game, key) {
            self.act(action);
        }
    }

    fn mouse(&mut self, mouse: MouseEvent) {
        let at = Position {
            x: mouse.column,
            y: mouse.row,
        };
        if self.dialog.is_some() {
            if mouse.kind == MouseEventKind::Down(MouseButton::Left) {
                if let Some(&(_, answer)) = self.dialog_buttons.iter().find(|(r, _)| r.contains(at))
                {
                    self.answer(answer);
                }
            }
            return;
        }
        let Some(game) = &self.game else {
            let choice = self.launcher.mouse(mouse);
            self.launched(choice);
            return;
        };
        match mouse.kind {
            MouseEventKind::Down(MouseButton::Left) => {
                let cell = self
                    .board
                    .and_then(|g| g.cell_at(at.x, at.y))
                    .and_then(|(c, r)| game.view.cell_index(c, r));
                if let Some(cell) = cell.filter(|_| game.view.game != GameKind::Game2048) {
                    if let Some(game) = &mut self.game {
                        game.cursor = cell;
                    }
                    self.command(Command::PlayCell(cell));
                } else if let Some(&(_, action)) = self.buttons.iter().find(|(r, _)| r.contains(at))
                {
                    self.act(action);
                }
            }
            MouseEventKind::ScrollUp => self.act(Action::Scroll(-1)),
            MouseEventKind::ScrollDown => self.act(Action::Scroll(1)),
            _ => {}
        }
    }

    fn launched(&mut self, choice: Option<LauncherChoice>) {
        match choice {
            Some(LauncherChoice::Start(settings)) => {
                self.cat = Catalog::new(self.launcher.lang);
                self.animation = self.launcher.animation;
                self.start_game(*settings);
            }
            Some(LauncherChoice::Quit) => self.quit(),
            None => {}
        }
    }

    fn confirm(&mut self, what: Confirm) {
        let in_progress = self.game.as_ref().is_some_and(Game::in_progress);
        if in_progress {
            self.dialog = Some(Dialog::Confirm(what));
        } else {
            self.confirmed(what);
        }
    }

    fn confirmed(&mut self, what: Confirm) {
        match what {
            Confirm::NewGame => self.new_game(),
            Confirm::Launcher => self.back_to_launcher(),
            Confirm::Quit => self.quit(),
        }
    }

    fn answer(&mut self, answer: Answer) {
        let Some(dialog) = self.dialog.take() else {
            return;
        };
        match (dialog, answer) {
            (Dialog::Confirm(what), Answer::Yes) => self.confirmed(what),
            (Dialog::GameOver(_), Answer::NewGame) => self.new_game(),
            (Dialog::GameOver(_), Answer::Undo) => self.command(Command::Undo),
            (Dialog::GameOver(_), Answer::Launcher) => self.back_to_launcher(),
            (Dialog::Goal(_), Answer::NewGame) => self.new_game(),
            (Dialog::Goal(_), Answer::Undo) => self.command(Command::Undo),
            (Dialog::Choose(_), Answer::Choose(choice)) => self.command(Command::Choose(choice)),
            (Dialog::Choose(_), Answer::Undo) => self.command(Command::Undo),
            (Dialog::Resume(settings), Answer::Yes) => match self.store.resume(settings.kind()) {
                Ok(controller) => self.set_game(controller),
                Err(e) => {
                    self.open_game(*settings);
                    self.say(tr!(self.cat, "tui-error-resume", detail = e), true);
                }
            },
            (Dialog::Resume(settings), Answer::No) => {
                self.store.clear(settings.kind());
                self.open_game(*settings);
            }
            _ => {}
        }
    }

    fn act(&mut self, action: Action) {
        let Some(game) = &mut self.game else { return };
        match action {
            Action::Cursor(dx, dy) => {
                let (w, h) = (game.view.width as i32, game.view.height as i32);
                let (c, r) = (game.cursor as i32 % w, game.cursor as i32 / w);
                let (c, r) = ((c + dx).clamp(0, w - 1), (r + dy).clamp(0, h - 1));
                game.cursor = (r * w + c) as usize;
            }
            Action::PlayCursor => {
                let cell = game.cursor;
                self.command(Command::PlayCell(cell));
            }
            Action::Play(mv) => {
                self.stop_autoplay();
                self.command(Command::Play(mv.to_string()));
            }
            Action::Undo => {
                self.stop_autoplay();
                self.command(Command::Undo);
            }
            Action::Redo => {
                self.stop_autoplay();
                self.command(Command::Redo);
            }
            Action::Suggest => self.suggest(),
            Action::Autoplay if game.autoplaying() => {
                self.stop_autoplay();
                self.say(self.cat.text("tui-autoplay-off"), false);
            }
            Action::Autoplay => self.start_autoplay(),
            Action::Faster | Action::Slower => {
                if action == Action::Faster {
                    self.pace.faster();
                } else {
                    self.pace.slower();
                }
                let ms = self.pace.delay().as_millis() as u64;
                self.say(tr!(self.cat, "tui-autoplay-pace", ms = ms), false);
            }
            Action::NewGame => self.confirm(Confirm::NewGame),
            Action::Hints => {
                let on = !game.controller.settings().hints;
                self.command(Command::Hints(on));
                let key = if on { "tui-hints-on" } else { "tui-hints-off" };
                self.say(self.cat.text(key), false);
            }
            Action::Numbers => game.numbers = !game.numbers,
            Action::Help => self.dialog = Some(Dialog::Help),
            Action::CommandLine => self.command = Some(String::new()),
            Action::Scroll(n) => {
                let len = game.view.history.len() as i64;
                game.scroll = (game.scroll as i64 - n as i64).clamp(0, len) as usize;
            }
            Action::Launcher => self.confirm(Confirm::Launcher),
            Action::Quit => self.confirm(Confirm::Quit),
        }
    }

    /// `H` in 2048: asks for the hint values (for this once, unless they are on) and shows the
    /// best slide when they are in.
    fn suggest(&mut self) {
        self.stop_autoplay();
        let Some(game) = &mut self.game else { return };
        if game.view.legal.is_empty() {
            return;
        }
        let on = game.controller.settings().hints;
        game.suggest = Some(!on);
        if !on {
            self.command(Command::Hints(true));
        }
        self.say(self.cat.text("tui-suggest-wait"), false);
        self.show_suggestion();
    }

    fn edit_command(&mut self, key: KeyEvent) {
        let Some(text) = &mut self.command else {
            return;
        };
        match key.code {
            KeyCode::Esc => self.command = None,
            KeyCode::Backspace if text.pop().is_none() => self.command = None,
            KeyCode::Char(c) => text.push(c),
            KeyCode::Enter => {
                let line = self.command.take().unwrap_or_default();
                self.run_command(&line);
            }
            _ => {}
        }
    }

    fn run_command(&mut self, line: &str) {
        match cmdline::parse(line) {
            CmdLine::Empty => {}
            CmdLine::Undo => self.command(Command::Undo),
            CmdLine::Redo => self.command(Command::Redo),
            CmdLine::Hint => self.act(Action::Hints),
            CmdLine::New => self.act(Action::NewGame),
            CmdLine::Help => self.act(Action::Help),
            CmdLine::Quit => self.quit(),
            CmdLine::Save(path) => {
                self.command(Command::Save(path.clone()));
                if self.message.is_none() {
                    self.say(
                        tr!(self.cat, "tui-saved", file = path.display().to_string()),
                        false,
                    );
                }
            }
            CmdLine::Load(path) => {
                self.command(Command::Load(path.clone()));
                if self.message.is_none() {
                    self.say(
                        tr!(self.cat, "tui-loaded", file = path.display().to_string()),
                        false,
                    );
                }
            }
            CmdLine::MissingFile(word) => {
                self.say(tr!(self.cat, "tui-error-file", command = word), true)
            }
            CmdLine::Move(mv) => self.command(Command::Play(mv)),
        }
    }

    // ----- drawing -----

    /// Draws one frame.
    pub fn draw(&mut self, frame: &mut Frame<'_>) {
        let area = frame.area();
        self.board = None;
        self.buttons.clear();
        self.dialog_buttons.clear();
        let theme = self.theme;
        match &self.game {
            None if matches!(self.dialog, Some(Dialog::Resume(_))) => {}
            None => self.launcher.draw(frame, theme),
            Some(game) => {
                let areas = layout::screen(area);
                let view = &game.view;
                let style = games::board_style(view.game);
                let label_len = view.row_labels.iter().map(String::len).max().unwrap_or(1);
                match layout::fit(areas.board, view.width, view.height, label_len, style) {
                    Ok(geometry) => {
                        let progress = game.animating.map(|start| {
                            let total = FRAME * self.animation.frames().max(1);
                            (start.elapsed().as_secs_f32() / total.as_secs_f32()).min(1.0)
                        });
                        let cursor = (matches!(view.status, Status::ToMove { .. })
                            && view.game != GameKind::Game2048)
                            .then_some(game.cursor);
                        let marks = BoardMarks {
                            theme,
                            numbers: game.numbers,
                            cursor,
                            progress,
                        };
                        board::draw(frame.buffer_mut(), &geometry, view, &marks);
                        self.board = Some(geometry);
                    }
                    Err((w, h)) => {
                        let need = tr!(
                            self.cat,
                            "tui-too-small",
                            width = w + areas.panel.width,
                            height = h + 1,
                            have_width = area.width,
                            have_height = area.height
                        );
                        frame.render_widget(
                            Paragraph::new(need)
                                .style(theme.error())
                                .wrap(Wrap { trim: true }),
                            areas.board,
                        );
                    }
                }
                let notes = self.panel_notes(game);
                self.buttons = panel::draw(
                    frame,
                    areas.panel,
                    view,
                    &notes,
                    &self.cat,
                    theme,
                    game.scroll,
                );
                let bottom = match (&self.command, &self.message) {
                    (Some(text), _) => Line::raw(format!(":{text}▏")),
                    (None, Some((text, true))) => Line::styled(text.clone(), theme.error()),
                    (None, Some((text, false))) => Line::raw(text.clone()),
                    (None, None) if view.game == GameKind::Game2048 => {
                        Line::styled(self.cat.text("tui-keys-2048"), theme.dim())
                    }
                    (None, None) => Line::styled(self.cat.text("tui-keys"), theme.dim()),
                };
                frame.render_widget(Paragraph::new(bottom), areas.status);
            }
        }
        if let Some(dialog) = &self.dialog {
            let view = self.game.as_ref().map(|g| &g.view);
            self.dialog_buttons = dialog.draw(frame, area, view, &self.cat, theme);
        }
        if self.game.is_none() {
            if let Some((text, _)) = &self.message {
                let y = area.y + area.height.saturating_sub(1);
                frame.render_widget(
                    Paragraph::new(Line::styled(text.clone(), theme.error())),
                    Rect::new(area.x, y, area.width, 1.min(area.height)),
                );
            }
        }
    }
}

impl App {
    /// What the panel shows beyond the view: a swap opening's question as the status line, the
    /// legend of renju's forbidden points;
    /// 2048's best score, and the autoplay pace while it runs (with a status line that says who
    /// plays, not that the computer is held back between moves).
    fn panel_notes(&self, game: &Game) -> panel::Notes {
        let mut notes = panel::Notes {
            status: tabula_match::words::opening_line(&self.cat, &game.view),
            ..panel::Notes::default()
        };
        if !game.view.forbidden.is_empty() {
            notes.lines.push(self.cat.text("tui-forbidden-legend"));
        }
        if let Some(best) = self
            .best
            .as_ref()
            .filter(|_| game.view.game == GameKind::Game2048)
        {
            notes
                .lines
                .push(tr!(self.cat, "tui-best", best = best.best()));
        }
        if game.autoplaying() {
            let ms = self.pace.delay().as_millis() as u64;
            notes.lines.push(tr!(self.cat, "tui-autoplay", ms = ms));
            notes.status = Some(self.cat.text("tui-autoplay-status"));
        }
        notes
    }
}

/// The arrow of a 2048 slide's notation.
fn arrow(notation: &str) -> &'static str {
    match notation {
        "left" => "←",
        "right" => "→",
        "up" => "↑",
        "down" => "↓",
        _ => "",
    }
}

/// The cursor's first cell: the centre if a move can be played there (or nothing can be played
/// yet), else the first legal move.
fn initial_cursor(view: &View) -> usize {
    let centre = view
        .cell_index(view.width / 2, view.height / 2)
        .unwrap_or(0);
    if view.legal.is_empty() || view.move_on(centre).is_some() {
        return centre;
    }
    view.legal.iter().find_map(|m| m.cell).unwrap_or(centre)
}
