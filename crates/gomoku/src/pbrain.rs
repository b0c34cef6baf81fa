//! The client side of the Gomocup (Piskvork) brain protocol: any `pbrain-*` program as an
//! agent, `pbrain:PATH[,time=MS,memory=MB]`, so that the arena can match it against ours or
//! against another brain.
//!
//! One program per agent, hence per game: it is started (in its own directory) at the agent's
//! first move and ended (`END`, then killed if it lingers) when the agent is dropped. The first
//! move sends `START size`, the `INFO` lines (`timeout_turn` = `time`, `timeout_match` and
//! `time_left` = `time` times the number of points, `max_memory`, `rule` 0 freestyle,
//! 1 standard, 4 renju, `game_type 1`), then `BEGIN` on an empty board or `BOARD` … `DONE`
//! with the position. Later moves send `TURN x,y` with the opponent's move, or `BOARD` again
//! when the position is not the one the brain knows plus one opponent stone. The answer is the
//! first line that is not `MESSAGE`, `DEBUG`, `INFO`, `UNKNOWN`, `OK` or `ERROR` (an `ERROR` is
//! kept to explain a failure).
//!
//! A command that asks for a move goes out no sooner than [`SETTLE_MS`] after the brain's
//! last answer: Rapfi (as built here from its repository) drops a `TURN` that reaches it while
//! its search thread is still finishing the move it just printed, answers `ERROR Unknown
//! command: x,y` to the rest of the line and then waits forever, so an opponent that answers at
//! once (a forced block) made it forfeit games it was winning.
//!
//! Each move's wall time is measured from the moment the command is flushed to the moment the
//! answer arrives, so that pause costs the brain nothing. A brain may take its `time` plus a
//! tolerance of [`tolerance_ms`] (a fifth of the time, at least 100 ms: room for starting and
//! answering on a loaded machine), and [`FIRST_MOVE_EXTRA_MS`] more for its first move of a game;
//! later, or no answer, is a loss on time. Reports show the longest move, so a brain that lives off
//! the tolerance shows. Everything else a brain can do wrong is a forfeit too, never a panic: it
//! cannot be started, it ends or closes its output, it answers something that is not `x,y`, or a
//! point that is off the board, occupied or forbidden. [`Agent::try_choose`] returns the
//! [`Forfeit`] (the arena scores it a loss; a front end's match reports it and hands the seat to a
//! person); [`Agent::choose`], which must return a move, plays the first legal point instead.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use tabula_core::program::{Program, Received};
use tabula_core::{
    quote, Agent, AgentEntry, AgentError, AgentSpec, Forfeit, ForfeitReason, Game, Knob, MoveTimes,
    Player, SearchControl,
};

use crate::engine::DEFAULT_TIME_MS;
use crate::{Gomoku, Point, Rule};

/// `memory`: the brain's memory limit (`INFO max_memory`), in MiB.
const MEMORY: Knob = Knob {
    key: "memory",
    min: 1,
    max: 1 << 20,
    path: false,
};

/// The memory limit when `memory` is not given, in MiB.
const DEFAULT_MEMORY_MB: u64 = 256;

/// How long a brain gets to answer `START`, beyond its time per move: loading its files.
const START_TIME: Duration = Duration::from_secs(5);

/// The time a brain may take beyond its `time` per move, in milliseconds: a fifth of the time,
/// at least 100 ms.
pub fn tolerance_ms(time_ms: u64) -> u64 {
    (time_ms / 5).max(100)
}

/// What a brain's first move in a game may take beyond that: brains set up their tables when
/// they first think (Rapfi clears its hash table: about 0.3 s for 256 MiB).
pub const FIRST_MOVE_EXTRA_MS: u64 = 1000;

/// The least time between a brain's answer and the next command that asks it for a move (see
/// the module's notes).
pub const SETTLE_MS: u64 = 20;

/// Reads `x,y` (spaces allowed around the numbers), the protocol's way of writing a point.
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

/// The protocol's number for a rule (`INFO rule`).
fn rule_number(rule: Rule) -> u32 {
    match rule {
        Rule::Freestyle => 0,
        Rule::Standard => 1,
        Rule::Renju => 4,
    }
}

/// A Gomocup brain program as an agent.
pub struct Pbrain {
    path: PathBuf,
    time_ms: u64,
    memory_mb: u64,
    /// The running program, from the first move on.
    program: Option<Program>,
    /// The position the brain has, after its last move.
    known: Option<Gomoku>,
    /// When the brain last answered a move.
    answered: Option<Instant>,
    times: MoveTimes,
    /// The forfeit, once there is one: every later move gets it too.
    failed: Option<Forfeit>,
}

impl Pbrain {
    /// The catalogue entry.
    pub fn entry() -> AgentEntry<Gomoku> {
        AgentEntry {
            name: "pbrain",
            summary:
                "a Gomocup (Piskvork) brain program: pbrain:PATH (time per move, memory in MiB)",
            argument: Some("PATH"),
            keys: &[Knob::TIME, MEMORY],
            build: |spec: &AgentSpec| -> Result<Box<dyn Agent<Gomoku>>, AgentError> {
                let path = spec.argument().unwrap_or_default();
                check_runnable(Path::new(path)).map_err(|reason| AgentError::Argument {
                    agent: "pbrain".to_string(),
                    reason: format!("cannot run {}: {reason}", quote(path)),
                })?;
                Ok(Box::new(Pbrain {
                    path: PathBuf::from(path),
                    time_ms: spec.time_ms()?.unwrap_or(DEFAULT_TIME_MS),
                    memory_mb: spec
                        .number("memory", MEMORY.min..=MEMORY.max)?
                        .unwrap_or(DEFAULT_MEMORY_MB),
                    program: None,
                    known: None,
                    answered: None,
                    times: MoveTimes::default(),
                    failed: None,
                }))
            },
        }
    }

    /// Starts the program and sends `START` and the `INFO` lines for `state`'s game.
    fn start(&mut self, state: &Gomoku) -> Result<(), Forfeit> {
        let refused = |detail: String| Forfeit::new(ForfeitReason::Refused, detail);
        let mut program = Program::start(&self.path)
            .map_err(|e| refused(format!("cannot start {}: {e}", self.path.display())))?;
        let deadline = Instant::now() + START_TIME + Duration::from_millis(self.time_ms);
        send(&mut program, &format!("START {}", state.size()))?;
        match answer(&mut program, deadline, "START")? {
            Answer::Line(line) if line.eq_ignore_ascii_case("OK") => {}
            Answer::Line(line) => {
                return Err(refused(format!("answered {} to START", quote(&line))))
            }
            Answer::Error(error) => {
                return Err(refused(format!("answered {} to START", quote(&error))))
            }
        }
        let match_ms = self.time_ms.saturating_mul(state.points() as u64);
        let memory = self.memory_mb.saturating_mul(1 << 20);
        for line in [
            format!("INFO timeout_turn {}", self.time_ms),
            format!("INFO timeout_match {match_ms}"),
            format!("INFO time_left {match_ms}"),
            format!("INFO max_memory {memory}"),
            format!("INFO rule {}", rule_number(state.rule())),
            "INFO game_type 1".to_string(),
        ] {
            send(&mut program, &line)?;
        }
        self.program = Some(program);
        Ok(())
    }

    /// Sends the command that asks for a move in `state`: `TURN` when the brain knows the
    /// position before the opponent's last move, `BEGIN` on an empty board, else `BOARD`.
    fn ask(&mut self, state: &Gomoku) -> Result<(), Forfeit> {
        let program = self.program.as_mut().expect("the brain is started");
        if let Some(p) = self.known.as_ref().and_then(|k| one_move_on(k, state)) {
            let (x, y) = state.coords(p);
            return send(program, &format!("TURN {x},{y}"));
        }
        if state.stones() == 0 {
            return send(program, "BEGIN");
        }
        send(program, "BOARD")?;
        let me = state.to_move();
        for (p, player) in move_order(state) {
            let (x, y) = state.coords(p);
            let field = if player == me { 1 } else { 2 };
            send(program, &format!("{x},{y},{field}"))?;
        }
        send(program, "DONE")
    }

    /// One move, or the forfeit.
    fn play(&mut self, state: &Gomoku) -> Result<Point, Forfeit> {
        let mut allowed_ms = self.time_ms + tolerance_ms(self.time_ms);
        if self.program.is_none() {
            self.start(state)?;
            self.known = None;
            self.answered = None;
            allowed_ms += FIRST_MOVE_EXTRA_MS;
        }
        if let Some(answered) = self.answered {
            let settled = answered + Duration::from_millis(SETTLE_MS);
            std::thread::sleep(settled.saturating_duration_since(Instant::now()));
        }
        self.ask(state)?;
        let asked = Instant::now();
        let allowed = Duration::from_millis(allowed_ms);
        let program = self.program.as_mut().expect("the brain is started");
        let answer = answer(program, asked + allowed, "the move");
        self.answered = Some(Instant::now());
        let took = asked.elapsed();
        self.times.add(took);
        let line = match answer? {
            Answer::Line(line) => line,
            Answer::Error(error) => {
                return Err(Forfeit::new(
                    ForfeitReason::Unreadable,
                    format!("answered {} instead of a move", quote(&error)),
                ))
            }
        };
        if took > allowed {
            return Err(late(took, allowed));
        }
        let unreadable = |why: String| {
            Forfeit::new(
                ForfeitReason::Unreadable,
                format!("answered {}: {why}", quote(&line)),
            )
        };
        let (x, y) = parse_xy(&line).map_err(unreadable)?;
        let point = i32::try_from(x)
            .ok()
            .zip(i32::try_from(y).ok())
            .and_then(|(x, y)| state.point(x, y));
        let Some(point) = point.filter(|&p| state.is_legal(p)) else {
            let why = match point {
                None => "off the board".to_string(),
                Some(p) => state.illegal_reason(p).to_string(),
            };
            return Err(Forfeit::new(
                ForfeitReason::IllegalMove,
                format!("answered {x},{y}: {why}"),
            ));
        };
        let mut after = *state;
        after.play(point);
        self.known = Some(after);
        Ok(point)
    }
}

impl Agent<Gomoku> for Pbrain {
    /// The brain's move; where it fails, the first legal point (see the module's notes).
    fn choose(&mut self, state: &Gomoku) -> Point {
        self.try_choose(state).unwrap_or_else(|_| {
            (0..state.points() as Point)
                .find(|&p| state.is_legal(p))
                .expect("a player to move has a legal move")
        })
    }

    /// The brain's move or why it failed. The control is not passed on: the brain answers
    /// within its own `time`.
    fn try_choose_with(
        &mut self,
        state: &Gomoku,
        _control: &SearchControl,
    ) -> Result<Point, Forfeit> {
        if let Some(forfeit) = &self.failed {
            return Err(forfeit.clone());
        }
        let result = self.play(state);
        if let Err(forfeit) = &result {
            self.failed = Some(forfeit.clone());
            self.program = None;
        }
        result
    }

    fn move_times(&self) -> Option<MoveTimes> {
        Some(self.times)
    }
}

impl Drop for Pbrain {
    fn drop(&mut self) {
        if let Some(program) = self.program.as_mut() {
            let _ = program.send("END");
        }
    }
}

/// Why `path` cannot be run, if it cannot: it does not exist, is not a file, or (on Unix) is
/// not executable.
fn check_runnable(path: &Path) -> Result<(), String> {
    let metadata = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if !metadata.is_file() {
        return Err("not a file".to_string());
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        if metadata.permissions().mode() & 0o111 == 0 {
            return Err("not executable".to_string());
        }
    }
    Ok(())
}

/// The one stone `now` has beyond `before`, when `before` plus that stone (the opponent's) is
/// exactly `now`.
fn one_move_on(before: &Gomoku, now: &Gomoku) -> Option<Point> {
    if now.stones() != before.stones() + 1 || before.to_move() == now.to_move() {
        return None;
    }
    let p = (0..now.points() as Point).find(|&p| before.cell(p) != now.cell(p))?;
    let mut next = *before;
    (before.is_legal(p) && {
        next.play(p);
        next == *now
    })
    .then_some(p)
}

/// The stones in an order they could have been played in: black and white alternately, as
/// far as the counts allow (brains replay `BOARD` lines in order).
fn move_order(state: &Gomoku) -> Vec<(Point, Player)> {
    let (mut black, mut white): (Vec<_>, Vec<_>) =
        state.occupied().partition(|&(_, player)| player == 0);
    let mut order = Vec::with_capacity(state.stones());
    black.reverse();
    white.reverse();
    let mut turn = if black.len() >= white.len() { 0 } else { 1 };
    while !black.is_empty() || !white.is_empty() {
        let next = if turn == 0 { black.pop() } else { white.pop() };
        order.extend(next);
        turn ^= 1;
    }
    order
}

/// What a brain answered: a line that is not chatter, or an `ERROR` line.
enum Answer {
    Line(String),
    Error(String),
}

/// Writes a line to the brain; a brain that has closed its input has hung up.
fn send(program: &mut Program, line: &str) -> Result<(), Forfeit> {
    program.send(line).map_err(|e| {
        Forfeit::new(
            ForfeitReason::HungUp,
            format!("cannot write {}: {e}", quote(line)),
        )
    })
}

/// The brain's answer to `what`, skipping `MESSAGE`, `DEBUG`, `INFO`, `UNKNOWN` and `OK`
/// lines; an `ERROR` line ends the wait only if nothing else comes before the deadline.
fn answer(program: &mut Program, deadline: Instant, what: &str) -> Result<Answer, Forfeit> {
    let mut error = None;
    loop {
        match program.receive(deadline) {
            Received::Line(line) => {
                let line = line.trim();
                let word = line
                    .split_whitespace()
                    .next()
                    .unwrap_or_default()
                    .to_ascii_uppercase();
                match word.as_str() {
                    "" | "MESSAGE" | "DEBUG" | "INFO" | "UNKNOWN" => {}
                    "OK" if what != "START" => {}
                    "ERROR" => error = Some(line.to_string()),
                    _ => return Ok(Answer::Line(line.to_string())),
                }
            }
            Received::Unreadable => {
                return Err(Forfeit::new(
                    ForfeitReason::Unreadable,
                    format!("answered a line that is not text or too long to {what}"),
                ))
            }
            Received::Closed => {
                let last = error.map_or(String::new(), |e| format!(" (after {})", quote(&e)));
                return Err(Forfeit::new(
                    ForfeitReason::HungUp,
                    format!("the program ended before answering {what}{last}"),
                ));
            }
            Received::TimedOut => {
                return match error {
                    Some(error) => Ok(Answer::Error(error)),
                    None => Err(Forfeit::new(
                        ForfeitReason::Time,
                        format!("no answer to {what} in time"),
                    )),
                }
            }
        }
    }
}

/// The forfeit of a move that came after `allowed`.
fn late(took: Duration, allowed: Duration) -> Forfeit {
    Forfeit::new(
        ForfeitReason::Time,
        format!(
            "answered after {} ms, {} ms allowed",
            took.as_millis(),
            allowed.as_millis()
        ),
    )
}
