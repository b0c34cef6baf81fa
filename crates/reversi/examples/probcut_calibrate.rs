//! Measures how well a shallow midgame search predicts a deeper one, the statistics behind the
//! midgame's ProbCut (`engine/midgame.rs`, [`tabula_reversi::engine::midgame::probcut_sigma`]).
//!
//! ```text
//! cargo run --release -p tabula-reversi --example probcut_calibrate -- DATA.bin COUNT SEED MAX_DEPTH
//! ```
//!
//! `DATA.bin` holds positions in `train_eval`'s records (18 bytes: the side to move's discs, the
//! other side's, a label and a flag; only the discs are read). `COUNT` positions of 20 to 54
//! empties are drawn with `SEED` and each is searched without selectivity, with a full window,
//! to every depth from 0 (the evaluation) to `MAX_DEPTH`. For each depth `d` and its shallow
//! depth `probcut_depth(d)` the tool prints, by stage of ten empties, the number of positions,
//! the mean of `value(d) - value(shallow)` and its standard deviation in discs, then the
//! least-squares fit `sigma = a + b * empties + c * d` over all of them that `probcut_sigma`
//! holds.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use tabula_reversi::engine::midgame::{probcut_depth, to_discs, Midgame};

// Only the discs of the records are read here.
#[allow(dead_code)]
mod samples;
use samples::read_samples;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Err(e) = run(&args) {
        eprintln!("probcut_calibrate: {e}");
        std::process::exit(2);
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let [path, count, seed, max_depth] = args else {
        return Err("usage: probcut_calibrate DATA.bin COUNT SEED MAX_DEPTH".into());
    };
    let number = |s: &str| s.parse::<u64>().map_err(|e| format!("{s}: {e}"));
    let (count, seed, max_depth) = (number(count)?, number(seed)?, number(max_depth)? as u32);
    let mut positions: Vec<(u64, u64)> = read_samples(std::slice::from_ref(path))?
        .into_iter()
        .map(|s| (s.own, s.opp))
        .filter(|&(own, opp)| (20..=54).contains(&(!(own | opp)).count_ones()))
        .collect();
    positions.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
    positions.truncate(count as usize);
    let values: Vec<(u32, Vec<f64>)> = positions
        .par_iter()
        .map(|&(own, opp)| {
            let mut search = Midgame::new(18);
            let values = (0..=max_depth)
                .map(|d| to_discs(search.value(own, opp, d)))
                .collect();
            ((!(own | opp)).count_ones(), values)
        })
        .collect();
    // Rows of the fit: (1, empties, depth) -> sigma of the stage.
    let mut rows: Vec<([f64; 3], f64, f64)> = Vec::new();
    for d in 2..=max_depth {
        let shallow = probcut_depth(d) as usize;
        println!("depth {d} from {shallow}:");
        for stage in (20..=50).step_by(10) {
            let diffs: Vec<f64> = values
                .iter()
                .filter(|(e, _)| (stage..stage + 10).contains(e))
                .map(|(_, v)| v[d as usize] - v[shallow])
                .collect();
            if diffs.len() < 10 {
                continue;
            }
            let n = diffs.len() as f64;
            let mean = diffs.iter().sum::<f64>() / n;
            let sigma = (diffs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n).sqrt();
            println!(
                "  empties {stage}-{}: n {n:4} mean {mean:6.2} sigma {sigma:6.2}",
                stage + 9
            );
            rows.push(([1.0, f64::from(stage + 5), f64::from(d)], sigma, n));
        }
    }
    let fit = least_squares(&rows);
    println!(
        "sigma = {:.3} + {:.4} * empties + {:.4} * depth",
        fit[0], fit[1], fit[2]
    );
    Ok(())
}

/// Weighted least squares of three unknowns by the normal equations (Cramer's rule).
fn least_squares(rows: &[([f64; 3], f64, f64)]) -> [f64; 3] {
    let mut a = [[0.0; 3]; 3];
    let mut b = [0.0; 3];
    for (x, y, w) in rows {
        for i in 0..3 {
            b[i] += w * x[i] * y;
            for j in 0..3 {
                a[i][j] += w * x[i] * x[j];
            }
        }
    }
    let det = |m: &[[f64; 3]; 3]| {
        m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    };
    let whole = det(&a);
    let mut fit = [0.0; 3];
    for (k, value) in fit.iter_mut().enumerate() {
        let mut m = a;
        for i in 0..3 {
            m[i][k] = b[i];
        }
        *value = det(&m) / whole;
    }
    fit
}
