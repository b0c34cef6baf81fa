//! The line console every game shares: show the board, read a move or a command, let the
//! computer answer. A game supplies only a [`BoardView`]; the commands (`undo`, `redo`, `hint`,
//! `save`, `load`, `restart`, `help`, `quit`) are written once here.

pub mod command;
pub mod style;

use std::io::{BufRead, Write};
use std::path::Path;
use std::time::Duration;

use tabula_core::{AgentCatalog, Game, Outcome, SearchLimits, Seat, Session, Turn};

use crate::error::Result;
use command::{Again, Command};
pub use style::Style;

/// How a game shows itself in the console.
pub trait BoardView<G: Game> {
    /// The board with its coordinates, as lines of text.
    fn draw(&self, session: &Session<G>, style: &Style) -> String;

    /// How moves are written, briefly, for the prompt (`b2, 2b or 1-9`).
    fn move_help(&self) -> &'static str;

    /// Handles a game-specific command (`hints`, `numbers`); returns the reply, or `None` when
    /// the word is not one of the game's commands.
    fn command(&mut self, _word: &str, _session: &mut Session<G>) -> Option<String> {
        None
    }

    /// One line per game-specific command, for `help`.
    fn command_help(&self) -> &'static str {
        ""
    }

    /// The line printed after a computer or chance move.
    fn announce(&self, before: &G, mv: G::Move, _after: &G) -> String {
        match before.turn() {
            Turn::Player(p) => format!("{} plays {}.", G::player_name(p), before.move_string(mv)),
            _ => format!("Chance: {}.", before.move_string(mv)),
        }
    }

    /// The line announcing the end of the game.
    fn outcome(&self, state: &G, outcome: Outcome) -> String {
        match outcome {
            Outcome::Win(p) => {
                let margin = state.margin(p);
                if margin > 0 {
                    format!("{} wins by {margin}.", G::player_name(p))
                } else {
                    format!("{} wins!", G::player_name(p))
                }
            }
            Outcome::Draw => "It's a draw.".to_string(),
            Outcome::Score(score) => format!("Game over. Score: {score}."),
        }
    }
}

/// Console settings shared by every game.
#[derive(Clone, Copy, Debug)]
pub struct ConsoleOptions {
    /// Wait this long before each computer move, so a person can follow.
    pub pause: Duration,
    /// How text may be decorated.
    pub style: Style,
    /// Ask "play again?" when a game ends.
    pub play_again: bool,
}

/// The input and output of a console game.
pub struct Io<R, W> {
    /// Where lines come from (standard input).
    pub input: R,
    /// Where the game is shown (standard output).
    pub output: W,
}

impl Io<std::io::StdinLock<'static>, std::io::StdoutLock<'static>> {
    /// Standard input and output.
    pub fn stdio() -> Self {
        Io {
            input: std::io::stdin().lock(),
            output: std::io::stdout().lock(),
        }
    }
}

impl ConsoleOptions {
    /// Options for standard output: the style it allows, `pause` before each computer move, and
    /// "play again?" unless `once`.
    pub fn for_stdout(pause: Duration, once: bool) -> Self {
        ConsoleOptions {
            pause,
            style: Style::detect(),
            play_again: !once,
        }
    }
}

impl<R: BufRead, W: Write> Io<R, W> {
    /// Prints `prompt` and reads one line; `None` when input is closed.
    fn ask(&mut self, prompt: &str) -> Result<Option<String>> {
        write!(self.output, "{prompt}")?;
        self.output.flush()?;
        let mut line = String::new();
        if self.input.read_line(&mut line)? == 0 {
            writeln!(self.output)?;
            return Ok(None);
        }
        Ok(Some(line.trim().to_string()))
    }

    fn say(&mut self, text: &str) -> Result<()> {
        writeln!(self.output, "{text}")?;
        Ok(())
    }
}

const COMMON_HELP: &str = "\
  undo / u        take back your last move (and the computer's reply)
  redo            replay an undone move
  hint            the computer's value for every legal move
  save FILE       save the game (JSON)
  load FILE       load a saved game or a move list
  restart / new   start again
  help / ?        this list
  quit / q        leave";

/// Runs games in the console until the user quits or input closes. `new_start` gives the start
/// position of each new game.
pub fn run<G, V, R, W>(
    session: &mut Session<G>,
    view: &mut V,
    io: &mut Io<R, W>,
    options: &ConsoleOptions,
    new_start: &mut dyn FnMut() -> G,
) -> Result<()>
where
    G: AgentCatalog,
    V: BoardView<G>,
    R: BufRead,
    W: Write,
{
    let mut show_board = true;
    loop {
        if let Turn::Over(outcome) = session.turn() {
            io.say(&view.draw(session, &options.style))?;
            io.say(&view.outcome(session.state(), outcome))?;
            if !options.play_again {
                return Ok(());
            }
            match ask_again(io)? {
                Some(Again::Yes) => {
                    let start = new_start();
                    session.replace_game(tabula_core::save::LoadedGame {
                        start,
                        moves: Vec::new(),
                        seats: Vec::new(),
                        opening: None,
                        choices: Vec::new(),
                    });
                    session.restart();
                    show_board = true;
                    continue;
                }
                Some(Again::Undo) if session.undo() => {
                    show_board = true;
                    continue;
                }
                Some(Again::Undo) => {
                    io.say("Nothing to undo.")?;
                    continue;
                }
                Some(Again::No) | None => return Ok(()),
            }
        }
        if !session.awaits_human() {
            if let Turn::Player(_) = session.turn() {
                std::thread::sleep(options.pause);
            }
            let before = session.state().clone();
            if let Some(mv) = session.step() {
                io.say(&view.announce(&before, mv, session.state()))?;
                show_board = true;
            }
            continue;
        }
        if show_board {
            io.say(&view.draw(session, &options.style))?;
            show_board = false;
        }
        let Turn::Player(player) = session.turn() else {
            continue;
        };
        let prompt = format!(
            "{} to move ({}; or 'help'): ",
            G::player_name(player),
            view.move_help()
        );
        let Some(line) = io.ask(&prompt)? else {
            return Ok(());
        };
        match Command::parse(&line) {
            Command::Empty => {}
            Command::Quit => return Ok(()),
            Command::Help => {
                io.say(&format!(
                    "Type a move ({}), or a command:\n{COMMON_HELP}",
                    view.move_help()
                ))?;
                if !view.command_help().is_empty() {
                    io.say(view.command_help())?;
                }
            }
            Command::Undo => {
                if session.undo() {
                    show_board = true;
                } else {
                    io.say("Nothing to undo.")?;
                }
            }
            Command::Redo => {
                if session.redo() {
                    show_board = true;
                } else {
                    io.say("Nothing to redo.")?;
                }
            }
            Command::Restart => {
                session.restart();
                show_board = true;
            }
            Command::Hint => io.say(&hint(session.state()))?,
            Command::NoFile(word) => io.say(&format!("Say where: {word} FILE"))?,
            Command::Save(file) => match session.save(Path::new(file)) {
                Ok(()) => io.say(&format!("Saved to {file}."))?,
                Err(e) => io.say(&format!(
                    "Could not save: {e}. The game goes on; try another file."
                ))?,
            },
            Command::Load(file) => match session.load(Path::new(file)) {
                Ok(()) => {
                    io.say(&format!("Loaded {file}."))?;
                    show_board = true;
                }
                Err(e) => io.say(&format!("Could not load: {e}"))?,
            },
            Command::Other { word, line } => {
                if let Some(reply) = view.command(&word, session) {
                    io.say(&reply)?;
                    show_board = true;
                } else if let Err(e) = session.play_text(line) {
                    io.say(&format!("{e}."))?;
                } else {
                    show_board = true;
                }
            }
        }
    }
}

/// Asks "Play again?" until the answer is yes, no or undo; `None` when input closes.
fn ask_again<R: BufRead, W: Write>(io: &mut Io<R, W>) -> Result<Option<Again>> {
    let mut prompt = "Play again? (yes or no) ";
    loop {
        let Some(answer) = io.ask(prompt)? else {
            return Ok(None);
        };
        if let Some(again) = Again::parse(&answer) {
            return Ok(Some(again));
        }
        prompt = "Please answer yes or no (or undo to take back the last move): ";
    }
}

/// The most moves a hint lists.
const HINT_LINES: usize = 10;

/// The analyser's value for the best legal moves, one line each, best first.
fn hint<G: AgentCatalog>(state: &G) -> String {
    let limits = SearchLimits {
        time_ms: Some(1000),
        ..SearchLimits::default()
    };
    let analysis = G::agent_from_str(G::ANALYZER)
        .ok()
        .and_then(|mut agent| agent.analyze(state, &limits));
    let Some(analysis) = analysis else {
        return "No hint available.".to_string();
    };
    let mut lines: Vec<String> = analysis
        .moves
        .iter()
        .take(HINT_LINES)
        .map(|m| {
            let verdict = m
                .verdict
                .map(|v| format!(" ({})", v.as_str()))
                .unwrap_or_default();
            format!("  {:>6}  {}{verdict}", state.move_string(m.mv), m.value)
        })
        .collect();
    if analysis.moves.len() > HINT_LINES {
        lines.push(format!(
            "  … and {} more",
            analysis.moves.len() - HINT_LINES
        ));
    }
    format!(
        "Move values for the side to move, best first:\n{}",
        lines.join("\n")
    )
}

/// Refuses `--two-player` together with a computer player named for a seat (`flag`, as
/// given): two people at one keyboard leave no seat for it.
pub fn check_two_player(two_player: bool, seats: &[(&str, Option<&str>)]) -> Result<()> {
    if !two_player {
        return Ok(());
    }
    for (flag, given) in seats {
        if let Some(spec) = given.filter(|s| !s.eq_ignore_ascii_case("human")) {
            return Err(crate::error::CliError::usage(format!(
                "--two-player makes both seats human, but {flag} gives {spec:?}: drop --two-player to play against it, or drop {flag}"
            )));
        }
    }
    Ok(())
}

/// The two seats of a `play` command as spec strings: both `human` under `--two-player`
/// (refusing a computer seat given with it), else each flag's value or its default. `seats`
/// holds each seat's flag, its value and its default.
pub fn seat_specs<'a>(
    two_player: bool,
    seats: [(&str, Option<&'a str>, &'a str); 2],
) -> Result<[&'a str; 2]> {
    check_two_player(two_player, &seats.map(|(flag, given, _)| (flag, given)))?;
    Ok(seats.map(|(_, given, default)| {
        if two_player {
            "human"
        } else {
            given.unwrap_or(default)
        }
    }))
}

/// How a seat is named beside its player: `you` when one person plays the computer, `player N`
/// when two people share the keyboard, else the agent's spec.
pub fn seat_label<G: Game>(session: &Session<G>, player: tabula_core::Player) -> String {
    match session.seat(player) {
        Seat::Human if (0..G::PLAYERS).all(|p| session.seat(p).is_human()) => {
            format!("player {}", player + 1)
        }
        Seat::Human => "you".to_string(),
        seat => seat.describe().to_string(),
    }
}

/// A seat from a command-line word: `human`, or an agent spec.
pub fn seat_from_arg<G: AgentCatalog>(arg: &str) -> Result<Seat<G>> {
    if arg.eq_ignore_ascii_case("human") {
        return Ok(Seat::Human);
    }
    Ok(Seat::Agent {
        spec: arg.to_string(),
        agent: G::agent_from_str(arg)?,
    })
}
