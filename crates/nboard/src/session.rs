//! The engine's side of an NBoard session: the game, the search depth, and the answers.

use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

use tabula_core::{Agent, Game, Progress, SearchControl, SearchLimits, Turn};
use tabula_reversi::engine::Engine;
use tabula_reversi::ggf::{GgfGame, GgfMove};
use tabula_reversi::{Move, Reversi};

use crate::command::Command;

/// The name the engine gives the GUI.
pub const NAME: &str = "Tabula";

/// The midgame depth before any `set depth`.
pub const DEFAULT_DEPTH: u32 = 12;

/// Locks `mutex`, even one a panicking thread left poisoned (what it guards stays usable).
fn lock<T: ?Sized>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// A line-oriented output shared by the session and its search's progress reports: every line
/// is written whole and flushed. Write errors (the GUI has gone) are ignored; the session ends
/// when its input does.
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    /// An output writing to `writer`.
    pub fn new(writer: impl Write + Send + 'static) -> Output {
        Output(Arc::new(Mutex::new(Box::new(writer))))
    }

    /// Writes one line and flushes.
    pub fn line(&self, text: &str) {
        let mut writer = lock(&self.0);
        let _ = writeln!(writer, "{text}");
        let _ = writer.flush();
    }
}

/// What the input reader shares with the session so that `ping` and `quit` stop a search: the
/// current search's control and how many interrupting commands wait in the queue.
#[derive(Default)]
pub struct Interrupts {
    current: Mutex<SearchControl>,
    pending: AtomicUsize,
}

impl Interrupts {
    /// Called by the reader when an interrupting command arrives (before it is queued): the
    /// search in progress, if any, stops, and so will one that starts before the command is
    /// handled.
    pub fn arrive(&self) {
        self.pending.fetch_add(1, Ordering::SeqCst);
        lock(&self.current).stop();
    }

    /// Whether an interrupting command waits to be handled.
    fn waiting(&self) -> bool {
        self.pending.load(Ordering::SeqCst) > 0
    }

    /// Called by the session when it handles an interrupting command.
    fn handled(&self) {
        let _ = self
            .pending
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1));
    }

    /// A control for a new search reporting to `sink`: already stopped when an interrupting
    /// command waits.
    fn start(&self, sink: impl Fn(&Progress) + Send + Sync + 'static) -> SearchControl {
        let control = SearchControl::new().with_progress(sink);
        *lock(&self.current) = control.clone();
        if self.waiting() {
            control.stop();
        }
        control
    }
}

/// A move in NBoard's notation: `F5`, or `PA` for a pass.
pub fn move_text(mv: Move) -> String {
    if mv.is_pass() {
        "PA".to_string()
    } else {
        mv.to_string().to_ascii_uppercase()
    }
}

/// The engine's state between commands.
pub struct Session {
    game: GgfGame,
    depth: u32,
    engine: Engine,
    out: Output,
    errors: Output,
    interrupts: Arc<Interrupts>,
}

impl Session {
    /// A session at the standard start and [`DEFAULT_DEPTH`], answering on `out`, reporting
    /// errors on `errors`, stopped by `interrupts`.
    pub fn new(out: Output, errors: Output, interrupts: Arc<Interrupts>) -> Session {
        Session {
            game: GgfGame::new(Reversi::initial()),
            depth: DEFAULT_DEPTH,
            engine: engine_for(DEFAULT_DEPTH),
            out,
            errors,
            interrupts,
        }
    }

    /// Handles one command or the reason it could not be read; returns whether to quit.
    pub fn handle(&mut self, command: Result<Command, String>) -> bool {
        let command = match command {
            Ok(command) => command,
            Err(reason) => {
                self.error(&reason);
                return false;
            }
        };
        match command {
            Command::Nboard(version) => {
                if version != 2 {
                    self.note(&format!(
                        "protocol version {version} asked; this engine speaks version 2"
                    ));
                }
                self.out.line(&format!("set myname {NAME}"));
            }
            Command::SetDepth(depth) => {
                self.depth = depth;
                self.engine = engine_for(depth);
                self.out.line(&format!("set myname {NAME}"));
            }
            Command::SetGame(game) => {
                self.game = *game;
                self.engine.new_game();
            }
            // Contempt values book draws; this engine has no opening book, so no draw it finds
            // is a book draw and the value changes nothing.
            Command::SetContempt(_) => {}
            Command::SetOther(name) => self.note(&format!("no setting {name:?}; ignored")),
            Command::Move(m) => self.play(m),
            Command::Hint(n) => self.hint(n),
            Command::Go => self.go(),
            Command::Ping(n) => {
                self.interrupts.handled();
                self.out.line(&format!("pong {n}"));
            }
            Command::Learn => self.out.line("learned"),
            Command::Analyze => self.analyze(),
            Command::Quit => {
                self.interrupts.handled();
                return true;
            }
            Command::Blank => {}
            Command::Unknown(word) => self.note(&format!("unknown command {word:?}; ignored")),
        }
        false
    }

    /// The position the commands relate to.
    pub fn position(&self) -> Reversi {
        self.game.position()
    }

    /// A bad command: said on stderr and in the GUI's status line; nothing changes.
    fn error(&self, reason: &str) {
        self.errors.line(&format!("error: {reason}"));
        self.out.line(&format!("status error: {reason}"));
    }

    /// Something ignored, as the protocol asks: said on stderr only.
    fn note(&self, text: &str) {
        self.errors.line(&format!("note: {text}"));
    }

    /// `move`: appends a legal move to the game.
    fn play(&mut self, m: GgfMove) {
        let mut state = self.position();
        match state.try_play(m.mv) {
            Ok(()) => self.game.moves.push(m),
            Err(e) => self.error(&format!("move {}: {}", move_text(m.mv), e.reason)),
        }
    }

    /// The position, if the game is not over (else an error is reported).
    fn position_to_search(&self, command: &str) -> Option<Reversi> {
        let state = self.position();
        if let Turn::Over(_) = state.turn() {
            self.error(&format!("{command}: the game is over"));
            return None;
        }
        Some(state)
    }

    /// `go`: thinks and answers `=== move/eval/time`, without playing the move. The search is
    /// as deep as `set depth` asks, and no longer than [`move_budget`] when the game has a
    /// clock (`TI` and the moves' times).
    fn go(&mut self) {
        let Some(state) = self.position_to_search("go") else {
            return;
        };
        self.out.line(&format!("status {NAME} is thinking"));
        let started = Instant::now();
        // The clock, when the game has one, stops the search at the move's share of it.
        let budget = self
            .game
            .time_left(state.to_move())
            .map(|left| move_budget(left, &state));
        let (mv, value) = self.decide(&state, budget);
        let seconds = started.elapsed().as_secs_f64();
        let eval = value.map(|v| format!("{v:.2}")).unwrap_or_default();
        self.out
            .line(&format!("=== {}/{eval}/{seconds:.2}", move_text(mv)));
    }

    /// The engine's move in `state` (not over) within `budget`, reporting `nodestats` as it
    /// searches, and the move's value for the side to move from the search's last report about
    /// it (a forced move has none).
    fn decide(&mut self, state: &Reversi, budget: Option<Duration>) -> (Move, Option<f64>) {
        let out = self.out.clone();
        let last: Arc<Mutex<Option<Progress>>> = Arc::default();
        let seen = last.clone();
        let control = self.interrupts.start(move |p: &Progress| {
            out.line(&format!(
                "nodestats {} {:.2}",
                p.nodes,
                p.elapsed.as_secs_f64()
            ));
            *lock(&seen) = Some(p.clone());
        });
        let timer = budget.map(|budget| stop_after(control.clone(), budget));
        let mv = self.engine.choose_with(state, &control);
        drop(timer);
        let value = lock(&last)
            .as_ref()
            .filter(|p| p.best.as_deref() == Some(mv.to_string().as_str()))
            .and_then(|p| p.value);
        (mv, value)
    }

    /// `analyze`: a retrograde analysis of the game, as NBoard's own engines give it. From the
    /// last position back to the first, `analysis <moves made> <eval>` for the last position
    /// and for each where the side to move had a choice, the eval in discs for black: the final
    /// count when the game is over, else the searched value of the best move where the game's
    /// move was not that move, else the eval after the game's move. A position before any eval
    /// is known (the last one's move was forced) is left out. Stops early at `ping`.
    fn analyze(&mut self) {
        self.out
            .line(&format!("status {NAME} is analyzing the game"));
        let mut positions = vec![self.game.start];
        for m in &self.game.moves {
            let mut next = *positions.last().unwrap_or(&self.game.start);
            next.play(m.mv);
            positions.push(next);
        }
        let last = positions.len() - 1;
        let mut score: Option<f64> = None;
        for (i, state) in positions.iter().enumerate().rev() {
            if self.interrupts.waiting() {
                break;
            }
            if i == last && state.is_over() {
                score = Some(state.margin(0) as f64);
            } else if i == last || state.move_mask().count_ones() >= 2 {
                // The side to move's choice is searched (at the end of an unfinished game,
                // after its forced pass if it has one).
                let (mut searched, mut sign) = (*state, 1.0);
                if searched.must_pass() {
                    searched.pass();
                    sign = -1.0;
                }
                if searched.to_move() == 1 {
                    sign = -sign;
                }
                let (best, value) = self.decide(&searched, None);
                if self.interrupts.waiting() {
                    break;
                }
                let played = self.game.moves.get(i).map(|m| m.mv);
                if i == last || Some(best) != played {
                    score = value.map(|v| sign * v).or(score);
                }
            } else {
                // A forced move or pass: the eval is the one after it.
                continue;
            }
            if let Some(score) = score {
                self.out.line(&format!("analysis {i} {score:.2}"));
            }
        }
        self.out.line("status");
    }

    /// `hint n`: `status`, `search` lines while the search deepens and one for each of the `n`
    /// best moves at the end, then an empty `status`.
    fn hint(&mut self, n: usize) {
        let Some(state) = self.position_to_search("hint") else {
            return;
        };
        self.out.line(&format!("status {NAME} is analyzing"));
        let out = self.out.clone();
        let control = self.interrupts.start(move |p: &Progress| {
            if let (Some(value), false) = (p.value, p.pv.is_empty()) {
                let pv: String = p.pv.iter().map(|m| m.to_ascii_uppercase()).collect();
                out.line(&search_line(&pv, value, p.exact, p.depth));
            }
            out.line(&format!(
                "nodestats {} {:.2}",
                p.nodes,
                p.elapsed.as_secs_f64()
            ));
        });
        let limits = SearchLimits {
            depth: Some(self.depth),
            ..SearchLimits::default()
        };
        if let Some(analysis) = self.engine.analyze_with(&state, &limits, &control) {
            let depth = analysis.depth.unwrap_or(self.depth);
            for m in analysis.moves.iter().take(n) {
                self.out
                    .line(&search_line(&move_text(m.mv), m.value, m.exact, depth));
            }
        }
        self.out.line("status");
    }
}

/// The time one move may take with `left` seconds on the clock in `state`: an even share over
/// the moves the side to move has left (about half the empty squares), less a tenth for safety
/// and 50 ms for answering; never below 10 ms.
pub fn move_budget(left: f64, state: &Reversi) -> Duration {
    let moves = f64::from(state.empty().count_ones().div_ceil(2).max(1));
    let seconds = (left * 0.9 - 0.05).max(0.0) / moves;
    Duration::from_secs_f64(seconds.clamp(0.01, 3600.0))
}

/// Stops `control` after `budget` unless the returned sender is dropped first (the search
/// ended).
fn stop_after(control: SearchControl, budget: Duration) -> mpsc::Sender<()> {
    let (done, wait) = mpsc::channel::<()>();
    thread::spawn(move || {
        if let Err(RecvTimeoutError::Timeout) = wait.recv_timeout(budget) {
            control.stop();
        }
    });
    done
}

/// A `search` line: the line of play, its value in discs for the side to move, `0`, and the
/// depth (`100%` when exact).
fn search_line(pv: &str, value: f64, exact: bool, depth: u32) -> String {
    let depth = if exact {
        "100%".to_string()
    } else {
        depth.to_string()
    };
    format!("search {pv} {value:.2} 0 {depth}")
}

/// The engine for `set depth n`: a midgame search of `n` plies (its level `n - 2`, at least 1,
/// so depths 1 and 2 search 3), solving exactly from `2 (n - 2)` empties, at most 20.
fn engine_for(depth: u32) -> Engine {
    Engine::new(Some(depth.saturating_sub(2).max(1)), None)
}
