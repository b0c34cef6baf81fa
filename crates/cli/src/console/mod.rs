//! The line console every game shares: show the board, read a move or a command, let the
//! computer answer. A game supplies only a [`BoardView`]; the commands (`undo`, `redo`, `hint`,
//! `save`, `load`, `restart`, `help`, `quit`) are written once here.

pub mod command;
pub mod style;

use std::io::{BufRead, Write};
use std::path::Path;
use std::time::Duration;

use tabula_core::session::MoveError;
use tabula_core::{
    AgentCatalog, Game, Outcome, Player, SearchLimits, Seat, Session, Turn, Verdict,
};
use tabula_i18n::{tr, Catalog};

use crate::error::{CliError, Result};
use command::{Again, Command};
pub use style::Style;

/// How a game shows itself in the console. Every text comes from `cat`, the catalog of the
/// user's language; notation (`b2`, `f5`) is the same in every language.
pub trait BoardView<G: Game> {
    /// The board with its coordinates, as lines of text.
    fn draw(&self, session: &Session<G>, style: &Style, cat: &Catalog) -> String;

    /// How moves are written, briefly, for the prompt (`b2, 2b or 1-9`).
    fn move_help(&self, cat: &Catalog) -> String;

    /// The name of `player` in sentences (`X`, `black`).
    fn player_name(&self, player: tabula_core::Player, _cat: &Catalog) -> String {
        G::player_name(player).to_string()
    }

    /// Handles a game-specific command (`hints`, `numbers`); returns the reply, or `None` when
    /// the word is not one of the game's commands.
    fn command(
        &mut self,
        _word: &str,
        _session: &mut Session<G>,
        _cat: &Catalog,
    ) -> Option<String> {
        None
    }

    /// The game-specific commands and what they do, for `help`.
    fn command_help(&self, _cat: &Catalog) -> Vec<(&'static str, String)> {
        Vec::new()
    }

    /// The line printed after a computer or chance move.
    fn announce(&self, before: &G, mv: G::Move, _after: &G, cat: &Catalog) -> String {
        let mv = before.move_string(mv);
        match before.turn() {
            Turn::Player(p) => tr!(
                cat,
                "console-plays",
                player = self.player_name(p, cat),
                notation = mv
            ),
            _ => tr!(cat, "console-chance", notation = mv),
        }
    }

    /// The line announcing the end of the game.
    fn outcome(&self, state: &G, outcome: Outcome, cat: &Catalog) -> String {
        match outcome {
            Outcome::Win(p) => {
                let player = self.player_name(p, cat);
                let margin = state.margin(p);
                if margin > 0 {
                    tr!(
                        cat,
                        "console-wins-by",
                        player = player,
                        margin = margin.to_string()
                    )
                } else {
                    tr!(cat, "console-wins", player = player)
                }
            }
            Outcome::Draw => tr!(cat, "console-draw"),
            Outcome::Score(score) => tr!(cat, "console-score", score = score.to_string()),
        }
    }
}

/// One line of `help`: the command as typed and what it does, in columns.
pub fn help_line(command: &str, text: &str) -> String {
    let pad = 16usize.saturating_sub(columns(command));
    format!("  {command}{}{text}", " ".repeat(pad))
}

/// The terminal columns `text` takes: two for each CJK character, one for anything else.
fn columns(text: &str) -> usize {
    text.chars()
        .map(|c| match c {
            '\u{2E80}'..='\u{9FFF}' | '\u{F900}'..='\u{FAFF}' | '\u{FF00}'..='\u{FF60}' => 2,
            _ => 1,
        })
        .sum()
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

/// The shared commands' help, one line each.
fn common_help(cat: &Catalog) -> String {
    let file = cat.text("console-file");
    [
        ("undo / u".to_string(), "console-help-undo"),
        ("redo".to_string(), "console-help-redo"),
        ("hint".to_string(), "console-help-hint"),
        (format!("save {file}"), "console-help-save"),
        (format!("load {file}"), "console-help-load"),
        ("restart / new".to_string(), "console-help-restart"),
        ("help / ?".to_string(), "console-help-help"),
        ("quit / q".to_string(), "console-help-quit"),
    ]
    .iter()
    .map(|(command, key)| help_line(command, &cat.text(key)))
    .collect::<Vec<_>>()
    .join("\n")
}

/// A refused move in words: the console's frame in the user's language around the game's own
/// reason.
fn move_error(e: &MoveError, cat: &Catalog) -> String {
    match e {
        MoveError::Parse(e) => tr!(cat, "console-move-parse", detail = cat.parse_error(e)),
        MoveError::Illegal(e) => tr!(
            cat,
            "console-move-illegal",
            notation = e.notation.clone(),
            reason = cat.reason(&e.reason)
        ),
        MoveError::NotYourTurn => tr!(cat, "console-not-your-turn"),
        MoveError::GameOver => tr!(cat, "console-game-over"),
    }
}

/// Runs games in the console until the user quits or input closes. `new_start` gives the start
/// position of each new game; `cat` holds the texts in the user's language.
pub fn run<G, V, R, W>(
    session: &mut Session<G>,
    view: &mut V,
    io: &mut Io<R, W>,
    options: &ConsoleOptions,
    cat: &Catalog,
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
            io.say(&view.draw(session, &options.style, cat))?;
            io.say(&view.outcome(session.state(), outcome, cat))?;
            if !options.play_again {
                return Ok(());
            }
            match ask_again(io, cat)? {
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
                    io.say(&tr!(cat, "console-nothing-to-undo"))?;
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
                io.say(&view.announce(&before, mv, session.state(), cat))?;
                show_board = true;
            }
            continue;
        }
        if show_board {
            io.say(&view.draw(session, &options.style, cat))?;
            show_board = false;
        }
        let Turn::Player(player) = session.turn() else {
            continue;
        };
        let prompt = tr!(
            cat,
            "console-prompt",
            player = view.player_name(player, cat),
            help = view.move_help(cat)
        );
        let Some(line) = io.ask(&prompt)? else {
            return Ok(());
        };
        match Command::parse(&line) {
            Command::Empty => {}
            Command::Quit => return Ok(()),
            Command::Help => {
                io.say(&tr!(cat, "console-help-intro", help = view.move_help(cat)))?;
                io.say(&common_help(cat))?;
                for (command, text) in view.command_help(cat) {
                    io.say(&help_line(command, &text))?;
                }
            }
            Command::Undo => {
                if session.undo() {
                    show_board = true;
                } else {
                    io.say(&tr!(cat, "console-nothing-to-undo"))?;
                }
            }
            Command::Redo => {
                if session.redo() {
                    show_board = true;
                } else {
                    io.say(&tr!(cat, "console-nothing-to-redo"))?;
                }
            }
            Command::Restart => {
                session.restart();
                show_board = true;
            }
            Command::Hint => io.say(&hint(session.state(), cat))?,
            Command::NoFile(word) => io.say(&tr!(cat, "console-say-where", command = word))?,
            Command::Save(file) => match session.save(Path::new(file)) {
                Ok(()) => io.say(&tr!(cat, "console-saved", file = file))?,
                Err(e) => io.say(&tr!(cat, "console-save-failed", detail = e.to_string()))?,
            },
            Command::Load(file) => match session.load(Path::new(file)) {
                Ok(()) => {
                    io.say(&tr!(cat, "console-loaded", file = file))?;
                    show_board = true;
                }
                Err(e) => io.say(&tr!(cat, "console-load-failed", detail = e.to_string()))?,
            },
            Command::Other { word, line } => {
                if let Some(reply) = view.command(&word, session, cat) {
                    io.say(&reply)?;
                    show_board = true;
                } else if let Err(e) = session.play_text(line) {
                    io.say(&move_error(&e, cat))?;
                } else {
                    show_board = true;
                }
            }
        }
    }
}

/// Asks "Play again?" until the answer is yes, no or undo; `None` when input closes.
fn ask_again<R: BufRead, W: Write>(io: &mut Io<R, W>, cat: &Catalog) -> Result<Option<Again>> {
    let mut key = "console-play-again";
    loop {
        let Some(answer) = io.ask(&cat.text(key))? else {
            return Ok(None);
        };
        if let Some(again) = Again::parse(&answer) {
            return Ok(Some(again));
        }
        key = "console-play-again-retry";
    }
}

/// The most moves a hint lists.
const HINT_LINES: usize = 10;

/// The analyser's value for the best legal moves, one line each, best first.
fn hint<G: AgentCatalog>(state: &G, cat: &Catalog) -> String {
    let limits = SearchLimits {
        time_ms: Some(1000),
        ..SearchLimits::default()
    };
    let analysis = G::agent_from_str(G::ANALYZER)
        .ok()
        .and_then(|mut agent| agent.analyze(state, &limits));
    let Some(analysis) = analysis else {
        return tr!(cat, "console-no-hint");
    };
    let mut lines: Vec<String> = analysis
        .moves
        .iter()
        .take(HINT_LINES)
        .map(|m| {
            let verdict = m
                .verdict
                .map(|v| format!(" ({})", verdict(v, cat)))
                .unwrap_or_default();
            format!("  {:>6}  {}{verdict}", state.move_string(m.mv), m.value)
        })
        .collect();
    if analysis.moves.len() > HINT_LINES {
        let count = analysis.moves.len() - HINT_LINES;
        lines.push(format!(
            "  {}",
            tr!(cat, "console-hint-more", count = count)
        ));
    }
    format!("{}\n{}", tr!(cat, "console-hint-title"), lines.join("\n"))
}

/// A verdict in words (`win`, `胜`).
fn verdict(v: Verdict, cat: &Catalog) -> String {
    cat.text(match v {
        Verdict::Win => "console-verdict-win",
        Verdict::Draw => "console-verdict-draw",
        Verdict::Loss => "console-verdict-loss",
    })
}

/// Reads `--first` of the X/O games: `X` (player 0), `O` (player 1) or `random` (`None`: a coin
/// toss per game, see [`pick_first`]).
pub fn first_mover(text: &str) -> Result<Option<Player>> {
    match text.to_ascii_lowercase().as_str() {
        "x" => Ok(Some(0)),
        "o" => Ok(Some(1)),
        "random" => Ok(None),
        _ => Err(CliError::usage_key(
            "cli-error-first",
            &[("value", tabula_core::quote(text))],
        )),
    }
}

/// The player who moves first in a new game: the one `--first` named, else a coin toss.
pub fn pick_first(first: Option<Player>) -> Player {
    first.unwrap_or_else(|| rand::Rng::random_range(&mut rand::rng(), 0..2))
}

/// Refuses `--two-player` together with a computer player named for a seat (`flag`, as
/// given): two people at one keyboard leave no seat for it.
pub fn check_two_player(two_player: bool, seats: &[(&str, Option<&str>)]) -> Result<()> {
    if !two_player {
        return Ok(());
    }
    for (flag, given) in seats {
        if let Some(spec) = given.filter(|s| !s.eq_ignore_ascii_case("human")) {
            return Err(crate::error::CliError::usage_key(
                "cli-error-two-player",
                &[("flag", flag.to_string()), ("spec", format!("{spec:?}"))],
            ));
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
pub fn seat_label<G: Game>(
    session: &Session<G>,
    player: tabula_core::Player,
    cat: &Catalog,
) -> String {
    match session.seat(player) {
        Seat::Human if (0..G::PLAYERS).all(|p| session.seat(p).is_human()) => {
            tr!(cat, "console-seat-player", number = player + 1)
        }
        Seat::Human => tr!(cat, "player-you"),
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
