//! The command-line grammar. One vocabulary across games: seats are `-X`/`-O`, who moves first
//! is `--first`, agents are spec strings `NAME[:key=value,...]`.

use clap::{Args, Parser, Subcommand};

use crate::games::PlayGame;

/// Classic board and puzzle games with computer players.
#[derive(Parser, Debug)]
#[command(name = "tabula", version, about, long_about = None)]
pub struct Cli {
    /// What to do; with none, a menu on a terminal.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// The language of the full-screen UI, the console and messages: en or zh-CN (default:
    /// TABULA_LANG, else the locale).
    #[arg(long, global = true, value_name = "en|zh-CN")]
    pub lang: Option<String>,
    /// `tabula play`: the full-screen UI (`tui`), the line console (`console`), or the UI when
    /// stdin and stdout are terminals (`auto`).
    #[arg(long, global = true, value_enum, default_value_t = crate::tui::Ui::Auto)]
    pub ui: crate::tui::Ui,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play a game in the console.
    Play(PlayArgs),
    /// Value every legal move of a position.
    Analyze(AnalyzeArgs),
    /// Count the move sequences of a given length (the move generator's check).
    Perft(PerftArgs),
    /// List the computer players of one game or of all.
    Agents(AgentsArgs),
    /// Solve every position of a file exactly (one position per line): the endgame benchmark.
    Solve(SolveArgs),
    /// Computer against computer: many games, statistics, round robins, shards.
    Arena(crate::commands::arena::ArenaArgs),
    /// Show a game of an arena's records move by move.
    Replay(crate::commands::replay::ReplayArgs),
    /// Serve the games in the browser and online two-player games (HTTP and WebSocket).
    Serve(crate::commands::serve::ServeArgs),
    /// Train an engine's evaluation by self-play (2048's n-tuple network).
    Train(crate::commands::train::TrainArgs),
    /// Open the desktop window (the tabula-desktop program beside tabula, else on PATH).
    Desktop(DesktopArgs),
}

/// `tabula desktop [ARGS…]`
#[derive(Args, Debug)]
pub struct DesktopArgs {
    /// Passed to tabula-desktop as they are (`--screenshot FILE.png --game reversi`, …).
    #[arg(
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "ARGS"
    )]
    pub args: Vec<std::ffi::OsString>,
}

/// `tabula play <game> ...`
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The game and its options.
    #[command(subcommand)]
    pub game: PlayGame,
}

/// `tabula analyze <game> <position> ...`
#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    /// The game (tictactoe, ...).
    pub game: String,
    /// The position, in the game's notation (may begin with '-').
    #[arg(allow_hyphen_values = true)]
    pub position: String,
    /// Print one JSON document and nothing else.
    #[arg(long)]
    pub json: bool,
    /// The analysing agent (default: the game's strongest).
    #[arg(long, value_name = "SPEC")]
    pub agent: Option<String>,
    /// Time budget in milliseconds (1 to 3600000, one hour).
    #[arg(long, value_name = "N", value_parser = whole_number::<u64, 1, 3_600_000>)]
    pub time_ms: Option<u64>,
    /// Search depth in plies (1 to 64, or the agent's own depth range where it has one).
    #[arg(long, value_name = "N", value_parser = whole_number::<u32, 1, 64>)]
    pub depth: Option<u32>,
    /// Solve exactly, however long it takes.
    #[arg(long)]
    pub exact: bool,
}

/// `tabula perft <game> <depth> [<position>]`
#[derive(Args, Debug)]
pub struct PerftArgs {
    /// The game.
    pub game: String,
    /// The number of plies.
    pub depth: u32,
    /// The start position (default: the game's standard start).
    #[arg(allow_hyphen_values = true)]
    pub position: Option<String>,
}

/// `tabula agents [GAME]`
#[derive(Args, Debug)]
pub struct AgentsArgs {
    /// Only this game's agents.
    pub game: Option<String>,
}

/// `tabula solve <game> <file>`
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The game.
    pub game: String,
    /// The file: one position per line, optionally followed by other words (FFO/OBF style);
    /// `#` starts a comment.
    pub file: std::path::PathBuf,
    /// The solving agent (default: the game's analyser).
    #[arg(long, value_name = "SPEC")]
    pub agent: Option<String>,
}

/// Reads a whole number from `MIN` to `MAX` (a clap value parser; `MAX = u64::MAX` for no
/// upper limit): a refusal says the range.
pub fn whole_number<T: TryFrom<u64>, const MIN: u64, const MAX: u64>(
    text: &str,
) -> Result<T, String> {
    let out_of_range = || match MAX {
        u64::MAX => format!("expected a whole number, at least {MIN}"),
        _ => format!("expected a whole number from {MIN} to {MAX}"),
    };
    let value: u64 = text.trim().parse().map_err(|_| out_of_range())?;
    if !(MIN..=MAX).contains(&value) {
        return Err(out_of_range());
    }
    T::try_from(value).map_err(|_| out_of_range())
}

/// The worker threads for a `--threads` option: one per core when not given; more than the
/// cores are cut to one per core, with a note on standard error (starting thousands of threads
/// only costs time).
pub fn worker_threads(asked: Option<usize>) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    match asked {
        None => cores,
        Some(n) if n > cores => {
            eprintln!("tabula: --threads {n} is more than the {cores} processors: using {cores}");
            cores
        }
        Some(n) => n,
    }
}
