//! `tabula train 2048`: TD learning of the n-tuple network the `ntuple` agent plays with.
//!
//! The network is saved atomically every `--save-every` seconds and at the end. Ctrl-C ends a
//! run after the games under way and saves it (a second Ctrl-C quits at once, keeping the last
//! save); `--resume` goes on from a file.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use rand::Rng;
use tabula_2048::ntuple::coherence::Coherence;
use tabula_2048::ntuple::stages::{parse_tile, Boundary};
use tabula_2048::ntuple::train::{
    train_in_parallel, Restarts, TrainedGame, Trainer, DEFAULT_ALPHA,
};
use tabula_2048::ntuple::{standard_shapes, Network};
use tabula_i18n::{Arg, Catalog};

use crate::cli::{whole_number, worker_threads};
use crate::error::{CliError, Result};

/// `tabula train <game> --games N --out FILE ...`
#[derive(Args, Debug)]
pub struct TrainArgs {
    /// The game (only 2048 learns this way).
    pub game: String,
    /// How many training games to play (more on top of a resumed file's).
    #[arg(long, value_name = "N", value_parser = whole_number::<u64, 1, { u64::MAX }>)]
    pub games: u64,
    /// Where to save the weights.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// The seed of the training games' tiles; random by default.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Go on training the network in this weights file instead of a new one.
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,
    /// The learning rate: the share of the TD error each update corrects (0 to 1).
    #[arg(long, value_name = "A", default_value_t = DEFAULT_ALPHA)]
    pub alpha: f32,
    /// Learn by temporal coherence: each weight at `--alpha` times a rate of its own, which
    /// falls as its errors start to cancel out (try `--alpha 1`). The rates' sums are saved
    /// beside `--out` as `FILE.tc`, and a resumed run goes on from `FILE.tc` where there is one.
    #[arg(long)]
    pub tc: bool,
    /// Start half the games from late boards of earlier games, so that late boards are learnt
    /// as often as early ones: boards on which the largest tile first grew to this tile or more
    /// (e.g. 16384), and after that one each time the tiles' sum passed another sixteenth of
    /// it, up to where the games end. The running figures count the games from the empty
    /// board; the games restarted have figures of their own (mean score and how often they
    /// reach 32768).
    #[arg(long, value_name = "TILE", value_parser = parse_tile)]
    pub restarts: Option<u8>,
    /// Value and learn boards with this tile or larger by tile downgrading, as the `ntuple`
    /// agent values them (e.g. 16384): their weights are those of the board with every tile
    /// above its largest missing one halved, at half the value.
    #[arg(long, value_name = "TILE", value_parser = parse_tile)]
    pub downgrade: Option<u8>,
    /// A new network's initial value of every board (optimistic TD learning: e.g. 320000).
    #[arg(
        long,
        value_name = "V",
        default_value_t = 0.0,
        conflicts_with = "resume"
    )]
    pub optimistic: f32,
    /// A new network's tuples: cells 0-15 (4 × row + column) separated by commas, tuples by
    /// slashes, e.g. `0,1,2,3/4,5,6,7`; default the four 6-tuples of the literature (268 MB).
    #[arg(long, value_name = "CELLS/CELLS...", conflicts_with = "resume")]
    pub shapes: Option<String>,
    /// Tiles at which a new stage of weights begins, separated by commas (e.g. `8192,16384`):
    /// a board is valued by the tables of the stage its largest tile reaches. A pair of tiles
    /// (`16384+8192`) begins a stage where the board first holds both as its largest two. A
    /// resumed network gets the stages it lacks (it must keep those it has), each new stage
    /// starting as a copy of the one it is carved from, with its own learning rates from
    /// the start under `--tc`.
    #[arg(long, value_name = "TILES")]
    pub stages: Option<String>,
    /// Threads playing training games at once, all learning into the one network (default: one
    /// per core). With one thread a seed replays the same run.
    #[arg(long, value_name = "T", value_parser = whole_number::<usize, 1, { u64::MAX }>)]
    pub threads: Option<usize>,
    /// Seconds between saves.
    #[arg(long, value_name = "SECONDS", default_value_t = 300,
          value_parser = whole_number::<u64, 1, 86_400>)]
    pub save_every: u64,
}

/// The share of games `--restarts` starts from a late board.
const RESTART_SHARE: f64 = 0.5;

/// Games in the window the running figures are over.
const WINDOW: usize = 1000;

/// Seconds between progress lines.
const REPORT_EVERY: Duration = Duration::from_secs(60);

/// Runs `tabula train`.
pub fn run(args: &TrainArgs, cat: &Catalog) -> Result<()> {
    if args.game != "2048" {
        return Err(CliError::usage_key(
            "cli-error-train-game",
            &[("name", tabula_core::quote(&args.game))],
        ));
    }
    if !(args.alpha > 0.0 && args.alpha <= 1.0) {
        return Err(CliError::usage_key(
            "cli-error-train-alpha",
            &[("value", args.alpha.to_string())],
        ));
    }
    if !args.optimistic.is_finite() {
        return Err(CliError::usage_key(
            "cli-error-train-optimistic",
            &[("value", args.optimistic.to_string())],
        ));
    }
    let threads = worker_threads(args.threads);
    let mut network = match &args.resume {
        Some(path) => Network::load(path).map_err(CliError::usage)?,
        None => {
            let shapes = match &args.shapes {
                Some(text) => parse_shapes(text)?,
                None => standard_shapes(),
            };
            Network::new(&shapes, args.optimistic)
                .map_err(|reason| bad_shapes(text_of(args), reason))?
        }
    };
    let mut coherence = match &args.resume {
        Some(resumed) if args.tc => {
            Coherence::load(&Coherence::path_beside(resumed), &network).map_err(CliError::usage)?
        }
        _ => None,
    };
    if let Some(text) = &args.stages {
        let boundaries = parse_stages(text)?;
        let stages_before = network.stage_count();
        let (restaged, sources) = network
            .restaged(&boundaries)
            .map_err(|reason| bad_stages(text, reason))?;
        network = restaged;
        coherence = coherence.map(|sums| sums.restaged(stages_before, &sources));
    }
    let coherence = args
        .tc
        .then(|| coherence.unwrap_or_else(|| Coherence::for_network(&network)));
    let seed = args
        .seed
        .unwrap_or_else(|| rand::rng().random())
        .wrapping_add(network.games());
    let bar = std::io::stderr().is_terminal().then(|| {
        ProgressBar::new(args.games).with_style(
            ProgressStyle::with_template("{bar:30} {pos}/{len} {per_sec} ETA {eta}  {msg}")
                .expect("the template is valid"),
        )
    });
    let say = |line: String| match &bar {
        Some(bar) => bar.println(line),
        None => eprintln!("{line}"),
    };
    let (mut window, mut restarted) = (Window::default(), Window::default());
    let started = Instant::now();
    let (mut last_save, mut last_report) = (started, started);
    let restarts = args.restarts.map(|tile| Restarts::new(tile, RESTART_SHARE));
    let trainer = |seed| {
        let mut trainer = Trainer::new(seed, args.alpha);
        if let Some(coherence) = &coherence {
            trainer = trainer.with_coherence(coherence);
        }
        if let Some(restarts) = &restarts {
            trainer = trainer.with_restarts(restarts);
        }
        if let Some(from) = args.downgrade {
            trainer = trainer.with_downgrading(from);
        }
        trainer
    };
    let interrupted = on_ctrl_c();
    let (mut played, mut total_moves) = (0u64, 0u64);
    let outcome = train_in_parallel(&network, args.games, threads, seed, trainer, |game| {
        played += 1;
        total_moves += game.moves;
        if game.restarted {
            restarted.push(game);
        } else {
            window.push(game);
        }
        let now = Instant::now();
        let report_due = now - last_report >= REPORT_EVERY;
        if report_due || played == args.games || (bar.is_some() && played % 200 == 0) {
            let seconds = (now - started).as_secs_f64().max(1e-9);
            let mut line = window.line(cat, network.games(), played, total_moves, seconds);
            if let (Some(tile), false) = (args.restarts, restarted.games.is_empty()) {
                line.push_str(&restarted.restarted_line(cat, tile));
            }
            if let Some(bar) = &bar {
                bar.set_position(played);
                bar.set_message(line.clone());
            }
            if report_due || played == args.games {
                say(line);
                last_report = now;
            }
        }
        if now - last_save >= Duration::from_secs(args.save_every) {
            save(&network, coherence.as_ref(), args, cat, &say).map_err(Halt::Failed)?;
            last_save = Instant::now();
        }
        if interrupted.load(Relaxed) {
            return Err(Halt::Interrupted);
        }
        Ok(())
    });
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    match outcome {
        Ok(()) => {}
        Err(Halt::Interrupted) => say(cat.format(
            "cli-train-interrupted",
            &[("games", Arg::from(played.to_string()))],
        )),
        Err(Halt::Failed(error)) => return Err(error),
    }
    save(&network, coherence.as_ref(), args, cat, &say)
}

/// Why a training run ended before its last game.
enum Halt {
    /// The user pressed Ctrl-C: the run is saved as it stands.
    Interrupted,
    /// Saving failed.
    Failed(CliError),
}

/// A flag that the first Ctrl-C raises; a second Ctrl-C quits at once (exit code 130). Where a
/// handler cannot be installed, Ctrl-C quits at once as it always did.
fn on_ctrl_c() -> Arc<AtomicBool> {
    let flag = Arc::new(AtomicBool::new(false));
    let raised = Arc::clone(&flag);
    // A process has one handler: where one is set already, it stays.
    let _ = ctrlc::set_handler(move || {
        if raised.swap(true, Relaxed) {
            std::process::exit(130);
        }
    });
    flag
}

/// The `--shapes` text as given, for messages.
fn text_of(args: &TrainArgs) -> String {
    args.shapes.clone().unwrap_or_default()
}

/// The usage error for `--shapes`.
fn bad_shapes(text: String, reason: String) -> CliError {
    CliError::usage_key(
        "cli-error-train-shapes",
        &[("value", tabula_core::quote(&text)), ("reason", reason)],
    )
}

/// Reads `--shapes`: tuples separated by `/`, cells by `,`.
fn parse_shapes(text: &str) -> Result<Vec<Vec<u8>>> {
    text.split('/')
        .map(|tuple| {
            tuple
                .split(',')
                .map(|cell| {
                    cell.trim().parse::<u8>().map_err(|_| {
                        bad_shapes(
                            text.to_string(),
                            format!(
                                "{} is not a cell number from 0 to 15",
                                tabula_core::quote(cell)
                            ),
                        )
                    })
                })
                .collect()
        })
        .collect()
}

/// The usage error for `--stages`.
fn bad_stages(text: &str, reason: String) -> CliError {
    CliError::usage_key(
        "cli-error-train-stages",
        &[("value", tabula_core::quote(text)), ("reason", reason)],
    )
}

/// Reads `--stages`: tiles or pairs of tiles separated by `,`.
fn parse_stages(text: &str) -> Result<Vec<Boundary>> {
    text.split(',')
        .map(|item| Boundary::parse(item).map_err(|reason| bad_stages(text, reason)))
        .collect()
}

/// Saves the network to `--out` (and the coherence sums beside it) and says so.
fn save(
    network: &Network,
    coherence: Option<&Coherence>,
    args: &TrainArgs,
    cat: &Catalog,
    say: &impl Fn(String),
) -> Result<()> {
    let games = network.save(&args.out).map_err(CliError::failed)?;
    if let Some(coherence) = coherence {
        coherence
            .save(&Coherence::path_beside(&args.out))
            .map_err(CliError::failed)?;
    }
    say(cat.format(
        "cli-train-saved",
        &[
            ("path", Arg::from(args.out.display().to_string())),
            ("games", Arg::from(games.to_string())),
        ],
    ));
    Ok(())
}

/// The last [`WINDOW`] games, for the running figures.
#[derive(Default)]
struct Window {
    games: std::collections::VecDeque<TrainedGame>,
}

impl Window {
    fn push(&mut self, game: TrainedGame) {
        if self.games.len() == WINDOW {
            self.games.pop_front();
        }
        self.games.push_back(game);
    }

    /// The progress line: totals, speed, and the window's mean score and tile rates.
    fn line(&self, cat: &Catalog, total: u64, played: u64, moves: u64, seconds: f64) -> String {
        let n = self.games.len().max(1) as f64;
        let mean = self.games.iter().map(|g| g.score as f64).sum::<f64>() / n;
        let rate = |tile: u64| {
            let reached = self.games.iter().filter(|g| g.max_tile >= tile).count();
            format!("{:.1}", 100.0 * reached as f64 / n)
        };
        cat.format(
            "cli-train-progress",
            &[
                ("games", Arg::from(total.to_string())),
                (
                    "per_second",
                    Arg::from(format!("{:.1}", played as f64 / seconds)),
                ),
                ("moves", Arg::from(format!("{:.0}", moves as f64 / seconds))),
                ("window", Arg::from(self.games.len().to_string())),
                ("mean", Arg::from(format!("{mean:.0}"))),
                ("r2048", Arg::from(rate(2048))),
                ("r8192", Arg::from(rate(8192))),
                ("r16384", Arg::from(rate(16384))),
                ("r32768", Arg::from(rate(32768))),
            ],
        )
    }

    /// The figures of restarted games (from boards of tile `2^exponent` or more): their
    /// mean score and how often they reach 32768.
    fn restarted_line(&self, cat: &Catalog, exponent: u8) -> String {
        let n = self.games.len().max(1) as f64;
        let mean = self.games.iter().map(|g| g.score as f64).sum::<f64>() / n;
        let reached = self.games.iter().filter(|g| g.max_tile >= 32768).count();
        cat.format(
            "cli-train-progress-restarted",
            &[
                ("tile", Arg::from((1u64 << exponent).to_string())),
                ("window", Arg::from(self.games.len().to_string())),
                ("mean", Arg::from(format!("{mean:.0}"))),
                (
                    "r32768",
                    Arg::from(format!("{:.1}", 100.0 * reached as f64 / n)),
                ),
            ],
        )
    }
}
