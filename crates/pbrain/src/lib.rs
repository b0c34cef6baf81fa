//! The Gomocup / Piskvork brain protocol (`protocl2en.htm` in plastovicka/Piskvork) over
//! Tabula's gomoku engine.
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
//! | `INFO key value` | nothing, except `ERROR …` for `rule` with renju (4) or caro (8) |
//! | `ABOUT` | `name="tabula", version="…", …` |
//! | `END` | nothing; the brain exits |
//! | anything else | `UNKNOWN …` |
//!
//! Malformed or illegal input (a point off the board or occupied, a move after the game is
//! decided, commands before `START`, a line that is not UTF-8 or longer than [`MAX_LINE`]
//! bytes) is answered with `ERROR` and a reason naming points as `x,y`; nothing panics and the
//! brain goes on with the next line. Inside `BOARD`, a bad line (a point off the board or given
//! twice, a field other than 1 or 2) is answered with `ERROR` and left out of the position.
//! Field 3, Piskvork's winning-line marker of a continuous game, is refused like any other:
//! continuous games are not supported.
//! `INFO rule 1` selects the standard rule (exactly five). Each move's thinking time comes from
//! `timeout_turn` and `time_left` with a safety margin (see [`Brain::budget_ms`]); a
//! `MESSAGE` line before the move reports the search.

use tabula_core::{quote, Game, Knob, Outcome, Player, Turn, Verdict};
use tabula_gomoku::engine::{self, Effort};
use tabula_gomoku::rules::{MAX_SIZE, MIN_SIZE};
use tabula_gomoku::{Gomoku, Point, Rule};

/// What the brain answers to one line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    /// The lines to write, in order (possibly none).
    pub lines: Vec<String>,
    /// Whether the brain should exit after writing them.
    pub quit: bool,
}

impl Reply {
    fn line(text: impl Into<String>) -> Reply {
        Reply {
            lines: vec![text.into()],
            quit: false,
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
    /// An empty line (ignored).
    Blank,
    /// Anything else: the command word.
    Unknown(String),
}

/// Reads `x,y` (spaces allowed around the numbers).
pub fn parse_xy(text: &str) -> Result<(usize, usize), String> {
    let (x, y) = text
        .split_once(',')
        .ok_or_else(|| format!("expected x,y, got {}", quote(text)))?;
    let number = |s: &str| {
        s.trim()
            .parse::<usize>()
            .map_err(|_| format!("{} is not a coordinate", quote(s.trim())))
    };
    Ok((number(x)?, number(y)?))
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
    /// While a `BOARD` listing is read: its `(x, y, field)` lines so far.
    board: Option<Vec<(usize, usize, u8)>>,
    timeout_turn: Option<u64>,
    time_left: Option<u64>,
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
            timeout_turn: None,
            time_left: None,
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
            Command::Board => {
                if self.size.is_none() {
                    return Reply::error("BOARD before START");
                }
                self.board = Some(Vec::new());
                Reply::none()
            }
            Command::Takeback(x, y) => self.takeback(x, y),
            Command::Info(key, value) => self.info(&key, &value),
            Command::About => Reply::line(format!(
                "name=\"tabula\", version=\"{}\", author=\"the Tabula project\", country=\"\", \
                 www=\"\"",
                env!("CARGO_PKG_VERSION")
            )),
            Command::End => Reply {
                lines: Vec::new(),
                quit: true,
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
                if bits & 4 != 0 {
                    return Reply::error("renju is not supported (yet)");
                }
                if bits & 8 != 0 {
                    return Reply::error("caro is not supported");
                }
                self.rule = if bits & 1 != 0 {
                    Rule::Standard
                } else {
                    Rule::Freestyle
                };
                engine::warm_up(self.rule);
            }
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
    /// time left in the match, less a margin of a tenth plus 30 ms for starting and answering;
    /// never below 5 ms (`timeout_turn 0` means as fast as possible) and never above an hour
    /// (the engine's longest time, [`Knob::TIME`]), however large the manager's numbers.
    pub fn budget_ms(&self) -> u64 {
        let mut budget = self
            .timeout_turn
            .unwrap_or(DEFAULT_TURN_MS)
            .min(Knob::TIME.max);
        if let Some(left) = self.time_left {
            budget = budget.min(left / 15);
        }
        (budget * 9 / 10).saturating_sub(30).max(5)
    }

    /// Thinks, plays and answers our move.
    fn reply_move(&mut self) -> Reply {
        let game = match self.position() {
            Ok(game) => game,
            Err(reason) => return Reply::error(reason),
        };
        let player = match game.turn() {
            Turn::Player(player) => player,
            Turn::Over(outcome) => {
                let why = match outcome {
                    Outcome::Win(winner) if winner == game.to_move() => "we have five in a row",
                    Outcome::Win(_) => "the opponent has five in a row",
                    _ => "the board is full",
                };
                return Reply::error(format!("the game is over: {why}"));
            }
            Turn::Chance => unreachable!("gomoku has no chance nodes"),
        };
        let thought = engine::think(&game, Effort::Time(self.budget_ms()));
        self.stones.push((thought.best, player));
        let size = game.size();
        let (x, y) = (thought.best as usize % size, thought.best as usize / size);
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
        Reply {
            lines: vec![format!("MESSAGE {message}"), format!("{x},{y}")],
            quit: false,
        }
    }
}
