//! `tabula arena`: computer-versus-computer matches, round robins and merging shard outputs.
//! The work is in the `tabula-arena` crate; this module reads options, shows progress and
//! writes the outputs.

use std::fs::File;
use std::io::{BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use tabula_arena::sprt::SprtSetup;
use tabula_arena::{
    merge, parse_openings, plot, run_match, ArenaError, First, GameRecord, GameResult, Hooks,
    MatchReport, MatchSetup, RoundRobin, RoundRobinSetup, Shard,
};
use tabula_core::{AgentCatalog, Outcome};

use crate::cli::{whole_number, worker_threads};
use crate::error::{CliError, Result};
use crate::games::{with_game, GameKind};

/// `tabula arena <game> <agent-A> [<agent-B>] [options]`, `tabula arena <game> --round-robin
/// A B C ...`, `tabula arena merge FILES...`
#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct ArenaArgs {
    /// `merge`: combine shard outputs.
    #[command(subcommand)]
    pub command: Option<ArenaCommand>,
    /// The game (tictactoe, ...).
    #[arg(required = true)]
    pub game: Option<String>,
    /// Agent specs: A and B; one for a one-player game; two or more with --round-robin.
    pub agents: Vec<String>,
    /// Every pair of the agents plays a match: crosstable and Elo ratings.
    #[arg(long)]
    pub round_robin: bool,
    /// Games (per pair in a round robin), at least 1.
    #[arg(long, value_name = "N", default_value_t = 1000,
          value_parser = whole_number::<u64, 1, { u64::MAX }>)]
    pub games: u64,
    /// The match seed: the same seed plays the same games.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: one per core; more than the cores are cut to one per core).
    /// The results do not depend on it.
    #[arg(long, value_name = "T", value_parser = whole_number::<usize, 1, { u64::MAX }>)]
    pub threads: Option<usize>,
    /// Who moves first: a, b, alternate or random (default: random; alternate with --openings).
    #[arg(long, value_name = "WHO")]
    pub first: Option<String>,
    /// Start positions, one per line; each is played with both colours.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,
    /// Print one line of JSON instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Write every game (seed, colours, moves, result) as JSON lines to this file.
    #[arg(long, value_name = "FILE.jsonl")]
    pub out: Option<PathBuf>,
    /// Draw the results as an SVG chart.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
    /// Play only the i-th of n slices of the games (combine with `tabula arena merge`).
    #[arg(long, value_name = "i/n")]
    pub shard: Option<String>,
    /// A sequential test (SPRT): stop as soon as the results show A's Elo advantage is at most
    /// ELO0 (H0) or at least ELO1 (H1); --games is the most it plays. On game pairs
    /// (pentanomial) when colours alternate, else on games (trinomial).
    #[arg(long, value_name = "ELO0,ELO1", allow_hyphen_values = true)]
    pub sprt: Option<String>,
    /// The SPRT's chance of accepting H1 when H0 holds.
    #[arg(long, value_name = "P", default_value_t = 0.05)]
    pub sprt_alpha: f64,
    /// The SPRT's chance of accepting H0 when H1 holds.
    #[arg(long, value_name = "P", default_value_t = 0.05)]
    pub sprt_beta: f64,
}

/// The subcommands of `tabula arena`.
#[derive(Subcommand, Debug)]
pub enum ArenaCommand {
    /// Combine the --json outputs of the shards of one match into its table.
    Merge(MergeArgs),
}

/// `tabula arena merge FILES...`
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// The shard outputs (each the one line `tabula arena ... --shard i/n --json` printed).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Print one line of JSON instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Draw the results as an SVG chart.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
}

impl From<ArenaError> for CliError {
    fn from(e: ArenaError) -> Self {
        match e {
            ArenaError::Io(_) | ArenaError::Results { .. } => CliError::failed(e),
            _ => CliError::usage(e),
        }
    }
}

/// Runs `tabula arena`.
pub fn run(args: &ArenaArgs) -> Result<()> {
    if let Some(ArenaCommand::Merge(merge_args)) = &args.command {
        return run_merge(merge_args);
    }
    let game = args.game.as_deref().unwrap_or_default();
    with_game!(GameKind::parse(game)?, G => run_game::<G>(args))
}

fn run_game<G: AgentCatalog>(args: &ArenaArgs) -> Result<()> {
    let openings = match &args.openings {
        Some(path) => parse_openings::<G>(&read(path)?)?,
        None => Vec::new(),
    };
    let first = match (&args.first, openings.is_empty()) {
        (None, true) => First::Random,
        (None, false) => First::Alternate,
        (Some(text), _) => text.parse()?,
    };
    if !openings.is_empty() && first != First::Alternate {
        return Err(CliError::usage_key("cli-error-arena-openings", &[]));
    }
    let sprt = args
        .sprt
        .as_deref()
        .map(|elos| SprtSetup::new(elos, args.sprt_alpha, args.sprt_beta))
        .transpose()?;
    let plan = if args.round_robin {
        if args.shard.is_some() {
            return Err(CliError::usage_key("cli-error-arena-shard", &[]));
        }
        if sprt.is_some() {
            return Err(CliError::usage_key("cli-error-arena-sprt", &[]));
        }
        Plan::RoundRobin(RoundRobinSetup {
            games: args.games,
            seed: args.seed,
            first,
            openings,
        })
    } else {
        let mut setup = match_setup::<G>(args)?;
        setup.first = first;
        setup.openings = openings;
        setup.sprt = sprt;
        Plan::Match(setup)
    };
    let progress = Progress::new(match &plan {
        Plan::Match(setup) => setup.shard.games(setup.games).count() as u64,
        Plan::RoundRobin(setup) => {
            let n = args.agents.len() as u64;
            setup.games * (n * n.saturating_sub(1) / 2)
        }
    });
    let mut out = args.out.as_deref().map(RecordFile::create).transpose()?;
    let mut sink = |record: &GameRecord| match out.as_mut() {
        Some(file) => file.write(record),
        None => Ok(()),
    };
    let progress_hook = |result: &GameResult| progress.game(result);
    let mut hooks = Hooks {
        progress: &progress_hook,
        records: None,
    };
    if args.out.is_some() {
        hooks.records = Some(&mut sink);
    }
    let result = match &plan {
        Plan::Match(setup) => run_match(setup, worker_threads(args.threads), &mut hooks)
            .map(|report| Done::Match(Box::new(report))),
        Plan::RoundRobin(setup) => RoundRobin::run::<G>(
            &args.agents,
            setup,
            worker_threads(args.threads),
            &mut hooks,
        )
        .map(Done::RoundRobin),
    };
    progress.finish();
    let done = result?;
    if let Some(file) = out {
        file.finish()?;
    }
    match done {
        Done::Match(report) => finish_report::<G>(&report, args.json, args.plot.as_deref()),
        Done::RoundRobin(rr) => {
            if let Some(path) = &args.plot {
                plot::win_rates(&rr.matches, &format!("{} round robin", G::NAME), path)?;
            }
            print(args.json, &rr.to_json(), &rr)
        }
    }
}

/// What to play: one match or a round robin.
enum Plan<G: AgentCatalog> {
    Match(MatchSetup<G>),
    RoundRobin(RoundRobinSetup<G>),
}

/// What was played.
enum Done {
    Match(Box<MatchReport>),
    RoundRobin(RoundRobin),
}

/// The single match the positional agents describe.
fn match_setup<G: AgentCatalog>(args: &ArenaArgs) -> Result<MatchSetup<G>> {
    let (a, b) = match (G::PLAYERS, args.agents.as_slice()) {
        (1, [a]) => (a, None),
        (2, [a, b]) => (a, Some(b.as_str())),
        (1, _) => {
            return Err(CliError::usage_key(
                "cli-error-arena-one-agent",
                &[("game", G::NAME.to_string())],
            ))
        }
        _ => {
            return Err(CliError::usage_key(
                "cli-error-arena-two-agents",
                &[("game", G::NAME.to_string())],
            ))
        }
    };
    let mut setup = MatchSetup::<G>::new(a, b, args.games, args.seed)?;
    if let Some(shard) = &args.shard {
        setup.shard = shard.parse::<Shard>()?;
    }
    Ok(setup)
}

fn run_merge(args: &MergeArgs) -> Result<()> {
    let reports = args
        .files
        .iter()
        .map(|path| {
            let name = path.display().to_string();
            Ok((name.clone(), MatchReport::from_json(&read(path)?, &name)?))
        })
        .collect::<Result<Vec<_>>>()?;
    let merged = merge(&reports)?;
    let kind = GameKind::parse(&merged.game)?;
    with_game!(kind, G => finish_report::<G>(&merged, args.json, args.plot.as_deref()))
}

/// Prints a match report and draws its chart.
fn finish_report<G: AgentCatalog>(
    report: &MatchReport,
    json: bool,
    chart: Option<&Path>,
) -> Result<()> {
    if let Some(path) = chart {
        if G::PLAYERS == 1 {
            let title = format!("{} {}: final scores", G::NAME, report.a);
            plot::score_histogram(&report.tally, &title, path)?;
        } else {
            let title = format!("{}: A's win rate with 95% interval", G::NAME);
            plot::win_rates(std::slice::from_ref(report), &title, path)?;
        }
    }
    print(json, &report.to_json(), report)
}

fn print(json: bool, doc: &serde_json::Value, table: &dyn std::fmt::Display) -> Result<()> {
    if json {
        println!("{doc}");
    } else {
        println!("{table}");
    }
    Ok(())
}

fn read(path: &Path) -> Result<String> {
    std::fs::read_to_string(path).map_err(|e| {
        CliError::failed_key(
            "cli-error-read-file",
            &[
                ("file", path.display().to_string()),
                ("detail", e.to_string()),
            ],
        )
    })
}

/// The `--out` file: written to a temporary name as the games finish (flushed at most once a
/// [`RECORD_FLUSH`], so a long match shows its games and a stopped one keeps them), renamed
/// when the match is complete.
struct RecordFile {
    path: PathBuf,
    temporary: PathBuf,
    writer: BufWriter<File>,
    flushed: Instant,
}

/// How often the `--out` file is flushed while a match runs.
const RECORD_FLUSH: Duration = Duration::from_secs(1);

impl RecordFile {
    fn create(path: &Path) -> Result<Self> {
        let mut temporary = path.as_os_str().to_owned();
        temporary.push(".partial");
        let temporary = PathBuf::from(temporary);
        let file = File::create(&temporary).map_err(|e| {
            CliError::failed_key(
                "cli-error-write-file",
                &[
                    ("file", path.display().to_string()),
                    ("detail", e.to_string()),
                ],
            )
        })?;
        Ok(RecordFile {
            path: path.to_path_buf(),
            temporary,
            writer: BufWriter::new(file),
            flushed: Instant::now(),
        })
    }

    fn write(&mut self, record: &GameRecord) -> std::result::Result<(), ArenaError> {
        writeln!(self.writer, "{}", record.to_json_line())?;
        if self.flushed.elapsed() >= RECORD_FLUSH {
            self.writer.flush()?;
            self.flushed = Instant::now();
        }
        Ok(())
    }

    fn finish(mut self) -> Result<()> {
        self.writer.flush()?;
        std::fs::rename(&self.temporary, &self.path)?;
        Ok(())
    }
}

/// The live progress bar on a terminal (standard error): games/s and the running score;
/// nothing when standard error is not a terminal.
struct Progress {
    bar: Option<ProgressBar>,
    games: AtomicU64,
    wins_a: AtomicU64,
    wins_b: AtomicU64,
    score_sum: AtomicU64,
}

/// How often (in games) the running score is redrawn.
const MESSAGE_EVERY: u64 = 64;

impl Progress {
    /// A bar for `games` games if standard error is a terminal.
    fn new(games: u64) -> Self {
        let bar = std::io::stderr().is_terminal().then(|| {
            ProgressBar::new(games).with_style(
                ProgressStyle::with_template(
                    "{bar:30} {pos}/{len} games  {per_sec}  ETA {eta}  {msg}",
                )
                .expect("the template is valid"),
            )
        });
        Progress {
            bar,
            games: AtomicU64::new(0),
            wins_a: AtomicU64::new(0),
            wins_b: AtomicU64::new(0),
            score_sum: AtomicU64::new(0),
        }
    }

    /// Counts a finished game (called on the worker threads).
    fn game(&self, result: &GameResult) {
        let Some(bar) = &self.bar else { return };
        let games = self.games.fetch_add(1, Relaxed) + 1;
        if result.a_won() {
            self.wins_a.fetch_add(1, Relaxed);
        } else if result.b_won() {
            self.wins_b.fetch_add(1, Relaxed);
        }
        if let Outcome::Score(score) = result.outcome {
            self.score_sum.fetch_add(score, Relaxed);
        }
        bar.inc(1);
        if games.is_multiple_of(MESSAGE_EVERY) {
            let share = |n: &AtomicU64| 100.0 * n.load(Relaxed) as f64 / games as f64;
            let score_sum = self.score_sum.load(Relaxed);
            bar.set_message(if score_sum > 0 {
                format!("mean score {:.0}", score_sum as f64 / games as f64)
            } else {
                format!(
                    "A {:.1}%  B {:.1}%",
                    share(&self.wins_a),
                    share(&self.wins_b)
                )
            });
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
