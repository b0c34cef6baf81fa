//! The Gomocup / Piskvork brain protocol (`protocl2en.htm` in plastovicka/Piskvork) over
//! Tabula's gomoku engine. The manager's side of the protocol, which drives any brain as an
//! agent (`pbrain:PATH` in the arena), is `tabula_gomoku::pbrain`.
//!
//! Commands (case-insensitive), one per line; coordinates are zero-based `x,y` with `x` the
//! column from the left and `y` the row from the top:
//!
//! | command | reply |
//! |---|---|
//! | `START n` | `OK`, or `ERROR …` for a size outside 5–22 |
//! | `RECTSTART w,h` | `ERROR …` (only square boards) |
//! | `RESTART` | `OK` (empty board, same size) |
//! | `BEGIN` | our first move `x,y` |
//! | `TURN x,y` | the opponent's move is played; our move `x,y` |
//! | `BOARD`, lines `x,y,f` (f = 1 ours, 2 theirs), `DONE` | our move `x,y` |
//! | `TAKEBACK x,y` | `OK` (the stone is removed) |
//! | `INFO key value` | nothing, except `ERROR …` for `rule` with caro (8), a bad number |
//! | `ABOUT` | `name="tabula", version="…", …` |
//! | `END` | nothing; the brain exits (while thinking: it stops, answers its move so far, exits) |
//! | `YXBOARD`, lines `x,y,f`, `DONE` | nothing: the position is set (as `BOARD`, no move) |
//! | `YXSHOWFORBID` | `FORBID ` then black's forbidden points as `xxyy` (two digits each), then `.` |
//! | `YXNBEST n` | `MESSAGE NBEST k x,y ev v` for the `n` best moves, then our move `x,y` |
//! | `YXSTOP` (or `STOP`) | while thinking: stop now and answer the best move so far |
//! | anything else | `UNKNOWN …` |
//!
//! The Yixin extensions are those of Yixin Board and Rapfi. `YXSHOWFORBID` lists points only
//! when black is to move (Rapfi's behaviour), e.g. `FORBID 0708.` or `FORBID .`.
//!
//! The brain thinks on its own thread (see [`run`]): while it thinks, `YXSTOP` and `STOP` stop
//! the search and the move found so far is answered; `END` and a closed input do the same, and
//! then the brain exits; other lines wait until the move is out.
//! Every finished search iteration is streamed as `MESSAGE depth D ev E n NODES tm MS pv x,y …`;
//! with `INFO show_detail 1` (or 3) a `MESSAGE REALTIME BEST x,y` line follows each.
//!
//! Malformed or illegal input (a point off the board or occupied, a move after the game is
//! decided, commands before `START`, a line that is not UTF-8 or longer than [`MAX_LINE`]
//! bytes) is answered with `ERROR` and a reason naming points as `x,y`; nothing panics and the
//! brain goes on with the next line. Inside `BOARD`, a bad line (a point off the board or given
//! twice, a field other than 1 or 2) is answered with `ERROR` and left out of the position.
//! Field 3, Piskvork's winning-line marker of a continuous game, is refused like any other:
//! continuous games are not supported.
//! `INFO rule` takes Gomocup's bits: 1 exactly five (the standard rule), 2 continuous game
//! (ignored), 4 renju (black's forbidden points; renju also means exactly five for black), 8
//! caro (refused). Under renju the brain never plays a forbidden point with black and counts
//! black's forbidden points as no defence. Each move's thinking time comes from
//! `timeout_turn` and `time_left` with a safety margin (see [`Brain::budget_ms`]); a
//! `MESSAGE` line before the move reports the search.

use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::sync::{mpsc, Arc, Mutex};

use tabula_core::{quote, Game, Knob, Outcome, Player, Progress, SearchControl, Turn, Verdict};
use tabula_gomoku::engine::{self, Effort, Memory, Thought};
use tabula_gomoku::rules::{MAX_SIZE, MIN_SIZE};
use tabula_gomoku::{Gomoku, Point, Rule};

/// What the brain answers to one line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    /// The lines to write, in order (possibly none).
    pub lines: Vec<String>,
    /// Whether the brain should exit after writing them.
    pub quit: bool,
    /// A search to run, whose move [`Brain::finish`] then answers.
    pub think: Option<Think>,
}

/// A search the brain asks for: the position, the effort and how many best moves to list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Think {
    /// The position to move in.
    pub game: Gomoku,
    /// How long to think.
    pub effort: Effort,
    /// How many best moves to list before the move (1: none listed).
    pub nbest: usize,
}

impl Reply {
    fn line(text: impl Into<String>) -> Reply {
        Reply {
            lines: vec![text.into()],
            ..Reply::default()
        }
    }

    fn none() -> Reply {
        Reply::default()
    }

    fn error(reason: impl std::fmt::Display) -> Reply {
        Reply::line(format!("ERROR {reason}"))
    }
}

pub use tabula_core::line_input::{read_line, Input, MAX_LINE};
pub use tabula_gomoku::pbrain::parse_xy;

/// One protocol command, as read by [`parse_command`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `START n`.
    Start(usize),
    /// `RECTSTART w,h`.
    RectStart,
    /// `RESTART`.
    Restart,
    /// `BEGIN`.
    Begin,
    /// `TURN x,y`.
    Turn(usize, usize),
    /// `BOARD`.
    Board,
    /// `TAKEBACK x,y`.
    Takeback(usize, usize),
    /// `INFO key value`.
    Info(String, String),
    /// `ABOUT`.
    About,
    /// `END`.
    End,
    /// `YXBOARD`: a position without a move.
    YxBoard,
    /// `YXSHOWFORBID`.
    YxShowForbid,
    /// `YXNBEST n`.
    YxNbest(usize),
    /// `YXSTOP` or `STOP`.
    Stop,
    /// An empty line (ignored).
    Blank,
    /// Anything else: the command word.
    Unknown(String),
}

/// Reads one command line. Errors describe a known command with bad arguments.
pub fn parse_command(line: &str) -> Result<Command, String> {
    let line = line.trim();
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (line, ""),
    };
    Ok(match word.to_ascii_uppercase().as_str() {
        "" => Command::Blank,
        "START" => Command::Start(
            rest.parse()
                .map_err(|_| format!("START needs a board size, got {}", quote(rest)))?,
        ),
        "RECTSTART" => Command::RectStart,
        "RESTART" => Command::Restart,
        "BEGIN" => Command::Begin,
        "TURN" => {
            let (x, y) = parse_xy(rest)?;
            Command::Turn(x, y)
        }
        "BOARD" => Command::Board,
        "TAKEBACK" => {
            let (x, y) = parse_xy(rest)?;
            Command::Takeback(x, y)
        }
        "INFO" => {
            let (key, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
            Command::Info(key.to_ascii_lowercase(), value.trim().to_string())
        }
        "ABOUT" => Command::About,
        "END" => Command::End,
        "YXBOARD" => Command::YxBoard,
        "YXSHOWFORBID" => Command::YxShowForbid,
        "YXNBEST" => {
            Command::YxNbest(rest.parse().ok().filter(|&n| n >= 1).ok_or_else(|| {
                format!("YXNBEST needs a count of 1 or more, got {}", quote(rest))
            })?)
        }
        "YXSTOP" | "STOP" => Command::Stop,
        _ => Command::Unknown(word.to_string()),
    })
}

/// Reads one line inside `BOARD`: `x,y,f` with `f` 1 (ours) or 2 (theirs), or `DONE` (returns
/// `None`). Field 3 (a winning-line stone of a continuous game) is refused.
pub fn parse_board_line(line: &str) -> Result<Option<(usize, usize, u8)>, String> {
    let line = line.trim();
    if line.eq_ignore_ascii_case("DONE") {
        return Ok(None);
    }
    let (xy, field) = line
        .rsplit_once(',')
        .ok_or_else(|| format!("expected x,y,field or DONE, got {}", quote(line)))?;
    let (x, y) = parse_xy(xy)?;
    match field.trim() {
        "1" => Ok(Some((x, y, 1))),
        "2" => Ok(Some((x, y, 2))),
        "3" => Err(
            "field 3 (a continuous game's winning line) is not supported: \
                    the field is 1 (our stone) or 2 (the opponent's)"
                .to_string(),
        ),
        other => Err(format!(
            "the field is 1 (our stone) or 2 (the opponent's), not {}",
            quote(other)
        )),
    }
}

/// The default time per move when the manager sends no `timeout_turn` (Gomocup's 5 s).
const DEFAULT_TURN_MS: u64 = 5000;

/// The brain's state between commands.
pub struct Brain {
    /// The board side, once `START` was accepted.
    size: Option<usize>,
    rule: Rule,
    /// The stones, black = 0; in the order they came.
    stones: Vec<(Point, Player)>,
    /// While a `BOARD` or `YXBOARD` listing is read: its `(x, y, field)` lines so far.
    board: Option<Vec<(usize, usize, u8)>>,
    /// Whether the listing being read is `YXBOARD` (no move after it).
    board_quiet: bool,
    timeout_turn: Option<u64>,
    time_left: Option<u64>,
    /// `INFO show_detail`: bit 1 asks for `MESSAGE REALTIME` lines while thinking.
    show_detail: u32,
}

impl Default for Brain {
    fn default() -> Self {
        Brain::new()
    }
}

impl Brain {
    /// A brain waiting for `START`.
    pub fn new() -> Brain {
        Brain {
            size: None,
            rule: Rule::Freestyle,
            stones: Vec::new(),
            board: None,
            board_quiet: false,
            timeout_turn: None,
            time_left: None,
            show_detail: 0,
        }
    }

    /// Answers one line as [`read_line`] found it.
    pub fn answer(&mut self, input: &Input) -> Reply {
        match input {
            Input::Line(line) => self.handle(line),
            Input::TooLong => Reply::error(format!(
                "the line is longer than {MAX_LINE} bytes and was skipped"
            )),
            Input::NotUtf8 => Reply::error("the line is not UTF-8 text and was skipped"),
        }
    }

    /// Answers one input line.
    pub fn handle(&mut self, line: &str) -> Reply {
        if self.board.is_some() {
            return self.board_line(line);
        }
        let command = match parse_command(line) {
            Ok(command) => command,
            Err(reason) => return Reply::error(reason),
        };
        match command {
            Command::Blank => Reply::none(),
            Command::Start(size) => self.start(size),
            Command::RectStart => Reply::error("only square boards are supported"),
            Command::Restart => match self.size {
                Some(_) => {
                    self.stones.clear();
                    Reply::line("OK")
                }
                None => Reply::error("RESTART before START"),
            },
            Command::Begin => {
                if self.size.is_none() {
                    return Reply::error("BEGIN before START");
                }
                self.stones.clear();
                self.reply_move()
            }
            Command::Turn(x, y) => match self.point(x, y) {
                Ok(p) => self.opponent_moves(p, x, y),
                Err(reason) => Reply::error(reason),
            },
            Command::Board | Command::YxBoard => {
                let quiet = command == Command::YxBoard;
                if self.size.is_none() {
                    let word = if quiet { "YXBOARD" } else { "BOARD" };
                    return Reply::error(format!("{word} before START"));
                }
                self.board = Some(Vec::new());
                self.board_quiet = quiet;
                Reply::none()
            }
            Command::YxShowForbid => match self.position() {
                Ok(game) => Reply::line(forbid_line(&game)),
                Err(reason) => Reply::error(reason),
            },
            Command::YxNbest(n) => self.think_reply(n),
            Command::Stop => Reply::none(),
            Command::Takeback(x, y) => self.takeback(x, y),
            Command::Info(key, value) => self.info(&key, &value),
            Command::About => Reply::line(format!(
                "name=\"tabula\", version=\"{}\", author=\"the Tabula project\", country=\"\", \
                 www=\"\"",
                env!("CARGO_PKG_VERSION")
            )),
            Command::End => Reply {
                quit: true,
                ..Reply::default()
            },
            Command::Unknown(word) => Reply::line(format!("UNKNOWN command {}", quote(&word))),
        }
    }

    fn start(&mut self, size: usize) -> Reply {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Reply::error(format!(
                "unsupported size {size}; boards from {MIN_SIZE} to {MAX_SIZE} are supported"
            ));
        }
        self.size = Some(size);
        self.stones.clear();
        engine::warm_up(self.rule);
        Reply::line("OK")
    }

    fn info(&mut self, key: &str, value: &str) -> Reply {
        match key {
            "timeout_turn" => self.timeout_turn = value.parse().ok(),
            "time_left" => self.time_left = value.parse().ok(),
            "rule" => {
                let Ok(bits) = value.parse::<u32>() else {
                    return Reply::error(format!("rule {} is not a number", quote(value)));
                };
                if bits & 8 != 0 {
                    return Reply::error("caro is not supported");
                }
                self.rule = if bits & 4 != 0 {
                    Rule::Renju
                } else if bits & 1 != 0 {
                    Rule::Standard
                } else {
                    Rule::Freestyle
                };
                engine::warm_up(self.rule);
            }
            "show_detail" => match value.parse::<u32>() {
                Ok(detail @ 0..=3) => self.show_detail = detail,
                _ => {
                    return Reply::error(format!(
                        "show_detail is 0, 1, 2 or 3, not {}",
                        quote(value)
                    ))
                }
            },
            _ => {}
        }
        Reply::none()
    }

    /// The point at `x,y`, if on the board.
    fn point(&self, x: usize, y: usize) -> Result<Point, String> {
        let size = self.size.ok_or("no START yet")?;
        if x >= size || y >= size {
            return Err(format!("{x},{y} is off the {size}x{size} board"));
        }
        Ok((y * size + x) as Point)
    }

    /// The current position: colours alternate from black, the side to move is the one with
    /// fewer stones.
    fn position(&self) -> Result<Gomoku, String> {
        let size = self.size.ok_or("no START yet")?;
        let blacks = self.stones.iter().filter(|s| s.1 == 0).count();
        let to_move = usize::from(blacks > self.stones.len() - blacks);
        Gomoku::from_stones(size, self.rule, &self.stones, to_move).map_err(|e| e.to_string())
    }

    /// The opponent plays `p` (at `x,y`); we answer.
    fn opponent_moves(&mut self, p: Point, x: usize, y: usize) -> Reply {
        let game = match self.position() {
            Ok(game) => game,
            Err(reason) => return Reply::error(reason),
        };
        if let Err(e) = game.clone().try_play(p) {
            return Reply::error(format!("{x},{y}: {}", e.reason));
        }
        self.stones.push((p, game.to_move()));
        self.reply_move()
    }

    fn board_line(&mut self, line: &str) -> Reply {
        match parse_board_line(line) {
            Ok(Some((x, y, field))) => {
                if let Err(reason) = self.point(x, y) {
                    return Reply::error(reason);
                }
                let board = self.board.get_or_insert_with(Vec::new);
                if board.iter().any(|s| (s.0, s.1) == (x, y)) {
                    return Reply::error(format!("{x},{y} is given twice"));
                }
                board.push((x, y, field));
                Reply::none()
            }
            Ok(None) => {
                let lines = self.board.take().unwrap_or_default();
                match self.load_board(&lines) {
                    Ok(()) if self.board_quiet => Reply::none(),
                    Ok(()) => self.reply_move(),
                    Err(reason) => Reply::error(reason),
                }
            }
            Err(reason) => Reply::error(reason),
        }
    }

    /// Replaces the stones with a `BOARD` listing; we are to move.
    fn load_board(&mut self, lines: &[(usize, usize, u8)]) -> Result<(), String> {
        let ours = lines.iter().filter(|l| l.2 == 1).count();
        let theirs = lines.len() - ours;
        // Black moves when the counts are equal.
        let our_colour = match theirs.checked_sub(ours) {
            Some(0) => 0,
            Some(1) => 1,
            _ => {
                return Err(format!(
                    "{ours} of our stones and {theirs} of theirs cannot be our turn"
                ))
            }
        };
        let mut stones = Vec::with_capacity(lines.len());
        for &(x, y, field) in lines {
            let colour = if field == 1 {
                our_colour
            } else {
                1 - our_colour
            };
            stones.push((self.point(x, y)?, colour));
        }
        let old = std::mem::replace(&mut self.stones, stones);
        if let Err(reason) = self.position() {
            self.stones = old;
            return Err(reason);
        }
        Ok(())
    }

    fn takeback(&mut self, x: usize, y: usize) -> Reply {
        let p = match self.point(x, y) {
            Ok(p) => p,
            Err(reason) => return Reply::error(reason),
        };
        match self.stones.iter().position(|s| s.0 == p) {
            Some(i) => {
                self.stones.remove(i);
                Reply::line("OK")
            }
            None => Reply::error(format!("no stone at {x},{y} to take back")),
        }
    }

    /// Milliseconds to think about the next move: the turn limit, at most a fifteenth of the
    /// time left in the match, less a margin of a tenth, at least 30 ms, for starting and
    /// answering (the engine itself finishes a little before its time); never below 5 ms
    /// (`timeout_turn 0` means as fast as possible) and never above an hour (the engine's
    /// longest time, [`Knob::TIME`]), however large the manager's numbers.
    pub fn budget_ms(&self) -> u64 {
        let mut budget = self
            .timeout_turn
            .unwrap_or(DEFAULT_TURN_MS)
            .min(Knob::TIME.max);
        if let Some(left) = self.time_left {
            budget = budget.min(left / 15);
        }
        budget.saturating_sub((budget / 10).max(30)).max(5)
    }

    /// Asks for a search for our move.
    fn reply_move(&mut self) -> Reply {
        self.think_reply(1)
    }

    /// Asks for a search for our move that lists the `nbest` best moves, or answers why there
    /// is no move to make.
    fn think_reply(&mut self, nbest: usize) -> Reply {
        let game = match self.position() {
            Ok(game) => game,
            Err(reason) => return Reply::error(reason),
        };
        if let Turn::Over(outcome) = game.turn() {
            let why = match outcome {
                Outcome::Win(winner) if winner == game.to_move() => "we have five in a row",
                Outcome::Win(_) => "the opponent has five in a row",
                _ => "the board is full (or black may play nowhere)",
            };
            return Reply::error(format!("the game is over: {why}"));
        }
        Reply {
            think: Some(Think {
                game,
                effort: Effort::Time(self.budget_ms()),
                nbest,
            }),
            ..Reply::default()
        }
    }

    /// Plays the move `thought` found for `think` and answers it: the `n` best moves when
    /// asked for, a `MESSAGE` summing the search up, and the move.
    pub fn finish(&mut self, think: &Think, thought: &Thought) -> Vec<String> {
        let game = &think.game;
        self.stones.push((thought.best, game.to_move()));
        let mut lines = Vec::new();
        if think.nbest > 1 {
            for (k, &(mv, score, _)) in thought.values.iter().take(think.nbest).enumerate() {
                let (x, y) = xy_of(game, mv);
                lines.push(format!("MESSAGE NBEST {} {x},{y} ev {score}", k + 1));
            }
        }
        let message = match thought.verdict {
            Some(Verdict::Win) => "proven win".to_string(),
            Some(Verdict::Loss) => "proven loss".to_string(),
            _ => format!(
                "depth {} eval {} nodes {}",
                thought.depth,
                thought.values.first().map_or(0, |v| v.1),
                thought.nodes
            ),
        };
        lines.push(format!("MESSAGE {message}"));
        let (x, y) = xy_of(game, thought.best);
        lines.push(format!("{x},{y}"));
        lines
    }

    /// The lines streamed for one search report: depth, eval, nodes, time and best line, and
    /// with `show_detail` bit 1 the best move as `REALTIME BEST`.
    fn progress_lines(game: &Gomoku, show_detail: u32, progress: &Progress) -> Vec<String> {
        let xy = |text: &str| {
            game.parse_move(text).ok().map(|p| {
                let (x, y) = xy_of(game, p);
                format!("{x},{y}")
            })
        };
        let pv: Vec<String> = progress.pv.iter().filter_map(|m| xy(m)).collect();
        let mut lines = vec![format!(
            "MESSAGE depth {} ev {} n {} tm {} pv {}",
            progress.depth,
            progress.value.unwrap_or(0.0),
            progress.nodes,
            progress.elapsed.as_millis(),
            pv.join(" ")
        )];
        if show_detail & 1 != 0 {
            if let Some(best) = progress.best.as_deref().and_then(xy) {
                lines.push(format!("MESSAGE REALTIME BEST {best}"));
            }
        }
        lines
    }
}

/// The zero-based column and row of `p`.
fn xy_of(game: &Gomoku, p: Point) -> (usize, usize) {
    (p as usize % game.size(), p as usize / game.size())
}

/// The answer to `YXSHOWFORBID`: black's forbidden points when black is to move.
fn forbid_line(game: &Gomoku) -> String {
    let mut line = String::from("FORBID ");
    if game.to_move() == 0 {
        for (p, _) in game.forbidden_points() {
            let (x, y) = xy_of(game, p);
            line.push_str(&format!("{x:02}{y:02}"));
        }
    }
    line.push('.');
    line
}

/// What the driver's threads tell the main loop.
enum Event {
    Input(Input),
    End,
    ReadFailed(io::Error),
    /// A search's result and the engine's memory for the next one.
    Thought(Thought, Box<Memory>),
}

/// Runs the brain: reads lines from `input` on a thread of their own, answers on `output`
/// (flushing after every reply), thinks on another thread so that `YXSTOP` can stop a search,
/// and streams search progress as `MESSAGE` lines. Returns at `END` or the end of input.
pub fn run<R, W>(input: R, output: W) -> io::Result<()>
where
    R: BufRead + Send + 'static,
    W: Write + Send + 'static,
{
    let (events, inbox) = mpsc::channel();
    let reader = events.clone();
    std::thread::spawn(move || {
        let mut input = input;
        loop {
            let event = match read_line(&mut input) {
                Ok(Some(line)) => Event::Input(line),
                Ok(None) => Event::End,
                Err(e) => Event::ReadFailed(e),
            };
            let last = !matches!(event, Event::Input(_));
            if reader.send(event).is_err() || last {
                return;
            }
        }
    });
    let output = Arc::new(Mutex::new(output));
    let write = |lines: &[String]| -> io::Result<()> {
        let mut out = output.lock().unwrap_or_else(|e| e.into_inner());
        for line in lines {
            writeln!(out, "{line}")?;
        }
        out.flush()
    };
    let mut brain = Brain::new();
    // The search under way, and what came in meanwhile.
    let mut thinking: Option<(Think, SearchControl)> = None;
    let mut waiting: VecDeque<Event> = VecDeque::new();
    // What the engine learned in earlier searches (away while a search runs).
    let mut memory = Some(Memory::new());
    loop {
        let event = match waiting.pop_front() {
            Some(event) if thinking.is_none() => event,
            early => {
                if let Some(event) = early {
                    waiting.push_front(event);
                }
                match inbox.recv() {
                    Ok(event) => event,
                    Err(_) => return Ok(()),
                }
            }
        };
        match event {
            Event::Thought(thought, learned) => {
                memory = Some(*learned);
                if let Some((think, _)) = thinking.take() {
                    write(&brain.finish(&think, &thought))?;
                }
            }
            Event::Input(input) if thinking.is_some() => {
                let command = match &input {
                    Input::Line(line) => parse_command(line).ok(),
                    _ => None,
                };
                if let (Some(Command::Stop | Command::End), Some((_, control))) =
                    (&command, &thinking)
                {
                    control.stop();
                }
                if command != Some(Command::Stop) {
                    waiting.push_back(Event::Input(input));
                }
            }
            event @ (Event::End | Event::ReadFailed(_)) if thinking.is_some() => {
                // The manager is gone or leaving: stop the search, answer, then end.
                if let Some((_, control)) = &thinking {
                    control.stop();
                }
                waiting.push_back(event);
            }
            Event::Input(input) => {
                let reply = brain.answer(&input);
                write(&reply.lines)?;
                if reply.quit {
                    return Ok(());
                }
                if let Some(think) = reply.think {
                    let out = Arc::clone(&output);
                    let (game, detail) = (think.game, brain.show_detail);
                    let control = SearchControl::new().with_progress(move |progress| {
                        let lines = Brain::progress_lines(&game, detail, progress);
                        let mut out = out.lock().unwrap_or_else(|e| e.into_inner());
                        for line in lines {
                            let _ = writeln!(out, "{line}");
                        }
                        let _ = out.flush();
                    });
                    let worker = control.clone();
                    let done = events.clone();
                    let effort = think.effort;
                    let known = memory.take().unwrap_or_default();
                    std::thread::spawn(move || {
                        let (thought, learned) =
                            engine::think_remembering(&game, effort, &worker, known);
                        let _ = done.send(Event::Thought(thought, Box::new(learned)));
                    });
                    thinking = Some((think, control));
                }
            }
            Event::End => return Ok(()),
            Event::ReadFailed(e) => return Err(e),
        }
    }
}
