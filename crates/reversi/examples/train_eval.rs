//! Fits the engine's pattern evaluation (`data/weights.bin`) from self-play.
//!
//! ```text
//! cargo run --release -p tabula-reversi --example train_eval -- \
//!     generate GAMES SEED EXACT_FROM RANDOM_PERCENT OUT.bin [LEVEL]
//! cargo run --release -p tabula-reversi --example train_eval -- \
//!     fit OUT.weights [--prior OLD.weights] DATA.bin...
//! ```
//!
//! `generate` plays `GAMES` games: a random opening of 6 to 20 plies, then the engine (level
//! `LEVEL`, default 3, with `RANDOM_PERCENT` of its moves random instead) until `EXACT_FROM`
//! empties, then perfect play found by the exact solver. Every position with a legal move is
//! written as an 18-byte record: the side to move's discs and the other side's (little-endian
//! `u64`), its label (the final disc difference for the side to move, `i8`) and whether the
//! label is exact (`u8`; from `EXACT_FROM` empties on it is, before that it is the result of the
//! game as played). Games run in parallel and each is seeded from `SEED` and its number, so a
//! run is reproducible.
//!
//! The shipped weights came from seven rounds (2.93 million positions), each generated with
//! the weights fitted on the rounds before it (the first with all weights zero; r5 with the
//! same weights as r4):
//!
//! ```text
//! generate 6000 101 18 10 r1.bin    # zero weights
//! generate 1500 202 20 10 r2.bin    # weights fitted on r1
//! generate 1500 303 20 0 r3.bin     # weights fitted on r1 and r2
//! generate 10000 404 20 0 r4.bin    # weights fitted on r1 to r3
//! generate 10000 505 20 5 r5.bin    # weights fitted on r1 to r3
//! generate 10000 606 20 0 r6.bin    # weights fitted on r1 to r5
//! generate 10000 707 20 0 r7.bin    # weights fitted on r1 to r6
//! fit data/weights.bin r1.bin r2.bin r3.bin r4.bin r5.bin r6.bin r7.bin
//! ```
//!
//! `fit` fits each stage's weights by least squares with a little ridge (conjugate gradients), on
//! the positions of that stage and the stages on either side, and writes the weights file. It
//! prints the error per stage on a tenth of the stage's positions, held out from fitting. With
//! `--prior`, the ridge pulls toward an earlier weights file instead of toward zero, so a new
//! round refines the weights fitted on rounds whose data is no longer at hand; the report then
//! gives the prior's own held-out error beside the new one.

use std::fs;
use std::io::Write;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use tabula_core::Agent;
use tabula_reversi::engine::eval::{parse_weights, weights_bytes, DISC};
use tabula_reversi::engine::pattern::{features, stage, FEATURES, MAX_WEIGHT, STAGES, STAGE_SIZE};
use tabula_reversi::engine::Engine;
use tabula_reversi::Reversi;

mod samples;
use samples::{read_samples, to_bytes, Sample};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("generate") if (6..=7).contains(&args.len()) => generate(&args[1..]),
        Some("fit") if args.len() >= 5 && args[2] == "--prior" => {
            fit(&args[1], Some(&args[3]), &args[4..])
        }
        Some("fit") if args.len() >= 3 => fit(&args[1], None, &args[2..]),
        _ => Err(
            "usage: train_eval generate GAMES SEED EXACT_FROM RANDOM_PERCENT OUT [LEVEL] | \
             fit WEIGHTS [--prior OLD] DATA..."
                .into(),
        ),
    };
    if let Err(e) = result {
        eprintln!("train_eval: {e}");
        std::process::exit(2);
    }
}

/// How the games of one `generate` run are played.
#[derive(Clone, Copy)]
struct Recipe {
    /// Perfect play from this many empties.
    exact_from: u32,
    /// The chance that the engine's move is replaced by a random one.
    random_rate: f64,
}

fn generate(args: &[String]) -> Result<(), String> {
    let number = |i: usize, name: &str| -> Result<u64, String> {
        args[i].parse().map_err(|e| format!("{name}: {e}"))
    };
    let (games, seed) = (number(0, "GAMES")?, number(1, "SEED")?);
    let recipe = Recipe {
        exact_from: number(2, "EXACT_FROM")?.min(64) as u32,
        random_rate: number(3, "RANDOM_PERCENT")?.min(100) as f64 / 100.0,
    };
    let out = &args[4];
    let level = match args.get(5) {
        Some(level) => level.parse().map_err(|e| format!("LEVEL: {e}"))?,
        None => 3,
    };
    let samples: Vec<Sample> = (0..games)
        .into_par_iter()
        .map_init(
            || Engine::new(Some(level), None),
            |engine, game| play_game(engine, recipe, seed.wrapping_mul(1_000_003) ^ game),
        )
        .flatten()
        .collect();
    fs::write(out, to_bytes(&samples)).map_err(|e| format!("{out}: {e}"))?;
    println!("{games} games, {} positions -> {out}", samples.len());
    Ok(())
}

/// Plays one game and labels its positions.
fn play_game(engine: &mut Engine, recipe: Recipe, seed: u64) -> Vec<Sample> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = Reversi::start(0);
    let opening = rng.random_range(6..=20);
    // Positions before perfect play, labelled at the end with the game's result.
    let mut played: Vec<Reversi> = Vec::new();
    let mut exact: Vec<Sample> = Vec::new();
    engine.new_game();
    for ply in 0.. {
        let mask = state.move_mask();
        if mask == 0 {
            if !state.must_pass() {
                break;
            }
            state.pass();
            continue;
        }
        let empties = state.empty().count_ones();
        let sq = if empties <= recipe.exact_from {
            let values = engine.solve(&state);
            let best = values
                .iter()
                .filter(|v| v.bound.is_none())
                .map(|v| v.value)
                .fold(f64::MIN, f64::max);
            let ties: Vec<&_> = values
                .iter()
                .filter(|v| v.bound.is_none() && v.value == best)
                .collect();
            exact.push(Sample {
                own: state.own(),
                opp: state.opp(),
                score: best as i8,
                exact: true,
            });
            let chosen = ties[rng.random_range(0..ties.len())].mv;
            chosen.to_square().expect("a legal square")
        } else {
            played.push(state);
            if ply < opening || rng.random_bool(recipe.random_rate) {
                random_square(mask, &mut rng)
            } else {
                engine.choose(&state).to_square().expect("the engine moves")
            }
        };
        let flips = state.flips(sq);
        state.play_flips(sq, flips);
    }
    let black_result = match state.to_move() {
        0 => state.final_score(),
        _ => -state.final_score(),
    };
    let mut samples: Vec<Sample> = played
        .iter()
        .map(|s| Sample {
            own: s.own(),
            opp: s.opp(),
            score: if s.to_move() == 0 {
                black_result
            } else {
                -black_result
            } as i8,
            exact: false,
        })
        .collect();
    samples.append(&mut exact);
    samples
}

fn random_square(mask: u64, rng: &mut ChaCha8Rng) -> usize {
    let n = rng.random_range(0..mask.count_ones());
    let mut m = mask;
    for _ in 0..n {
        m &= m - 1;
    }
    m.trailing_zeros() as usize
}

/// Ridge strength: the penalty on a squared weight, in units of one position's squared error.
const RIDGE: f64 = 10.0;
/// Conjugate-gradient iterations per stage.
const ITERATIONS: usize = 80;

fn fit(out: &str, prior: Option<&String>, paths: &[String]) -> Result<(), String> {
    let prior: Vec<f64> = match prior {
        Some(path) => {
            let bytes = fs::read(path).map_err(|e| format!("{path}: {e}"))?;
            let weights = parse_weights(&bytes).map_err(|e| format!("{path}: {e}"))?;
            weights.into_iter().map(f64::from).collect()
        }
        None => vec![0.0; STAGES * STAGE_SIZE],
    };
    let samples = read_samples(paths)?;
    println!("{} positions", samples.len());
    let mut all = vec![0i16; STAGES * STAGE_SIZE];
    let stages: Vec<(usize, Vec<f64>, String)> = prior
        .par_chunks_exact(STAGE_SIZE)
        .enumerate()
        .map(|(s, prior)| {
            let (weights, report) = fit_stage(s, prior, &samples);
            (s, weights, report)
        })
        .collect();
    for (s, weights, report) in stages {
        println!("{report}");
        let limit = f64::from(MAX_WEIGHT);
        for (slot, w) in weights.iter().enumerate() {
            all[s * STAGE_SIZE + slot] = w.round().clamp(-limit, limit) as i16;
        }
    }
    fs::File::create(out)
        .and_then(|mut f| f.write_all(&weights_bytes(&all)))
        .map_err(|e| format!("{out}: {e}"))?;
    println!("weights -> {out}");
    Ok(())
}

/// A position's feature slots and its label in [`DISC`] units.
type Row = ([u32; FEATURES], f64);

/// One stage's weights (in [`DISC`] units), pulled toward `prior`, and a line on their error.
fn fit_stage(s: usize, prior: &[f64], samples: &[Sample]) -> (Vec<f64>, String) {
    // The stage's own positions and those of the stages next to it; every tenth of the
    // stage's own positions is held out to measure the fit.
    let (mut train, mut held): (Vec<Row>, Vec<Row>) = (Vec::new(), Vec::new());
    for (i, x) in samples.iter().enumerate() {
        let st = stage((!(x.own | x.opp)).count_ones());
        if st.abs_diff(s) > 1 {
            continue;
        }
        let row = (features(x.own, x.opp), f64::from(x.score) * f64::from(DISC));
        if st == s && i % 10 == 0 {
            held.push(row);
        } else {
            train.push(row);
        }
    }
    // With x = prior + d, the ridge on d pulls x toward the prior: fit d to what the prior
    // leaves unexplained.
    let unexplained: Vec<Row> = train
        .iter()
        .map(|(f, y)| (*f, y - predict(prior, f)))
        .collect();
    let change = ridge_regression(&unexplained);
    let weights: Vec<f64> = prior.iter().zip(&change).map(|(p, d)| p + d).collect();
    let rms = |weights: &[f64]| {
        let error: f64 = held
            .iter()
            .map(|(f, y)| (y - predict(weights, f)).powi(2))
            .sum();
        (error / held.len().max(1) as f64).sqrt() / f64::from(DISC)
    };
    let report = format!(
        "stage {s:2} ({:2}-{:2} empties): {} positions fitted, held-out error {:.2} discs \
         (prior {:.2}) on {}",
        4 * s,
        4 * s + 3,
        train.len(),
        rms(&weights),
        rms(prior),
        held.len()
    );
    (weights, report)
}

fn predict(weights: &[f64], f: &[u32; FEATURES]) -> f64 {
    f.iter().map(|&slot| weights[slot as usize]).sum()
}

/// Minimises the squared error plus `RIDGE` times the squared weights, by conjugate gradients
/// on the normal equations, preconditioned by their diagonal (each slot's count).
fn ridge_regression(rows: &[Row]) -> Vec<f64> {
    // (A^T A + RIDGE) x for the sparse 0/1 design matrix A of `rows`.
    let normal = |x: &[f64]| -> Vec<f64> {
        let mut out: Vec<f64> = x.iter().map(|v| RIDGE * v).collect();
        for (f, _) in rows {
            let ax = predict(x, f);
            for &slot in f {
                out[slot as usize] += ax;
            }
        }
        out
    };
    let mut diagonal = vec![RIDGE; STAGE_SIZE];
    let mut residual = vec![0.0; STAGE_SIZE];
    for (f, y) in rows {
        for &slot in f {
            diagonal[slot as usize] += 1.0;
            residual[slot as usize] += y;
        }
    }
    let dot = |a: &[f64], b: &[f64]| a.iter().zip(b).map(|(x, y)| x * y).sum::<f64>();
    let mut weights = vec![0.0; STAGE_SIZE];
    let mut z: Vec<f64> = residual.iter().zip(&diagonal).map(|(r, d)| r / d).collect();
    let mut direction = z.clone();
    let mut rz = dot(&residual, &z);
    for _ in 0..ITERATIONS {
        let md = normal(&direction);
        let step = rz / dot(&direction, &md).max(f64::MIN_POSITIVE);
        for i in 0..STAGE_SIZE {
            weights[i] += step * direction[i];
            residual[i] -= step * md[i];
        }
        z = residual.iter().zip(&diagonal).map(|(r, d)| r / d).collect();
        let rz_next = dot(&residual, &z);
        let beta = rz_next / rz.max(f64::MIN_POSITIVE);
        rz = rz_next;
        for i in 0..STAGE_SIZE {
            direction[i] = z[i] + beta * direction[i];
        }
    }
    weights
}
