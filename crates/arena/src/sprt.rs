//! The sequential probability ratio test (SPRT) that decides, with as few games as the results
//! allow, whether A is at least `elo1` stronger than B (H1) or at most `elo0` (H0), with error
//! rates `alpha` (accepting H1 when H0 holds) and `beta` (the other way).
//!
//! The log-likelihood ratio is the generalised one fishtest (Stockfish's testing framework)
//! uses since 2020, after Michel Van den Bergh: the results are a multinomial sample with a
//! score per outcome (win 1, draw ½, loss 0; or, for the pentanomial model, the score of a game
//! pair divided by two: 0, ¼, ½, ¾, 1); under each hypothesis the outcome frequencies are the
//! maximum-likelihood ones whose expected score is the hypothesis's score
//! `1 / (1 + 10^(-elo / 400))` (logistic Elo); the LLR is the log of the ratio of the two
//! likelihoods. Outcomes never seen count as 0.001 games, as fishtest regularises, so that the
//! constrained maxima exist. The test stops when the LLR leaves `(ln(β/(1−α)), ln((1−β)/α))`:
//! below accepts H0, above accepts H1.
//!
//! Pairs (the pentanomial model) are used when colours alternate (`--first alternate`, always
//! with openings): games `2k` and `2k + 1` start from the same position with the colours
//! swapped, and counting the pair as one sample removes the opening's bias from the variance.

use std::fmt;

use serde::{Deserialize, Serialize};
use tabula_core::quote;

use crate::error::ArenaError;

/// Counts below this are taken as this many games (fishtest's regularisation).
const UNSEEN: f64 = 1e-3;

/// What an SPRT tests: `--sprt ELO0,ELO1` and the error rates.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtSetup {
    /// H0: A's Elo advantage is at most this.
    pub elo0: f64,
    /// H1: A's Elo advantage is at least this.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

impl SprtSetup {
    /// The test of `elo0` against `elo1` (as `--sprt` writes them: `ELO0,ELO1`) with error
    /// rates `alpha` and `beta`, each above 0 and below 0.5.
    pub fn new(elos: &str, alpha: f64, beta: f64) -> Result<SprtSetup, ArenaError> {
        let bad = || {
            ArenaError::Usage(format!(
                "--sprt takes ELO0,ELO1 with ELO0 < ELO1, both between -1000 and 1000 (e.g. 0,10), not {}",
                quote(elos)
            ))
        };
        let (elo0, elo1) = elos.split_once(',').ok_or_else(bad)?;
        let elo = |text: &str| {
            text.trim()
                .parse::<f64>()
                .ok()
                .filter(|e| (-1000.0..=1000.0).contains(e))
                .ok_or_else(bad)
        };
        let (elo0, elo1) = (elo(elo0)?, elo(elo1)?);
        if elo0 >= elo1 {
            return Err(bad());
        }
        for (name, rate) in [("--sprt-alpha", alpha), ("--sprt-beta", beta)] {
            if !(rate > 0.0 && rate < 0.5) {
                return Err(ArenaError::Usage(format!(
                    "{name} takes an error rate above 0 and below 0.5, not {rate}"
                )));
            }
        }
        Ok(SprtSetup {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The bounds of the LLR: below the first accepts H0, above the second accepts H1.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The verdict for a log-likelihood ratio.
    pub fn verdict(&self, llr: f64) -> Verdict {
        let (lower, upper) = self.bounds();
        if llr <= lower {
            Verdict::H0
        } else if llr >= upper {
            Verdict::H1
        } else {
            Verdict::Undecided
        }
    }

    /// The log-likelihood ratio of `counts`: three (A's losses, draws, wins) or five (game
    /// pairs in which A scored 0, ½, 1, 1½, 2).
    pub fn llr(&self, counts: &[u64]) -> f64 {
        llr(counts, score(self.elo0), score(self.elo1))
    }
}

/// Which hypothesis an SPRT accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// A is at most `elo0` stronger: the change is rejected.
    H0,
    /// A is at least `elo1` stronger: the change is accepted.
    H1,
    /// Neither bound was reached before the games ran out.
    Undecided,
}

/// The expected score of a player `elo` points stronger (logistic Elo).
pub fn score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The log-likelihood ratio of the outcome `counts` (outcome `i` of `n` scores `i / (n - 1)`)
/// between the hypotheses "the expected score is `s1`" and "it is `s0`" (see the module's
/// notes); zero with no games.
pub fn llr(counts: &[u64], s0: f64, s1: f64) -> f64 {
    let total: u64 = counts.iter().sum();
    if total == 0 || counts.len() < 2 {
        return 0.0;
    }
    let n: Vec<f64> = counts.iter().map(|&c| (c as f64).max(UNSEEN)).collect();
    let sum: f64 = n.iter().sum();
    let p: Vec<f64> = n.iter().map(|c| c / sum).collect();
    let values: Vec<f64> = (0..n.len())
        .map(|i| i as f64 / (n.len() - 1) as f64)
        .collect();
    let lambda0 = constrained_lambda(&p, &values, s0);
    let lambda1 = constrained_lambda(&p, &values, s1);
    n.iter()
        .zip(&values)
        .map(|(count, a)| {
            count * ((1.0 + lambda0 * (a - s0)).ln() - (1.0 + lambda1 * (a - s1)).ln())
        })
        .sum()
}

/// The Lagrange multiplier `λ` of the maximum-likelihood frequencies `p_i / (1 + λ (a_i - s))`
/// whose mean score is `s`: the root of `Σ p_i (a_i - s) / (1 + λ (a_i - s))`, which falls
/// from +∞ to −∞ across the interval where every denominator is positive; found by bisection.
fn constrained_lambda(p: &[f64], values: &[f64], s: f64) -> f64 {
    let (low_a, high_a) = (values[0] - s, values[values.len() - 1] - s);
    // 1 + λ d > 0 for d from low_a (< 0) to high_a (> 0).
    let (mut low, mut high) = (-1.0 / high_a, -1.0 / low_a);
    let f = |lambda: f64| -> f64 {
        p.iter()
            .zip(values)
            .map(|(p, a)| p * (a - s) / (1.0 + lambda * (a - s)))
            .sum()
    };
    for _ in 0..200 {
        let mid = 0.5 * (low + high);
        if mid <= low || mid >= high {
            break;
        }
        if f(mid) > 0.0 {
            low = mid;
        } else {
            high = mid;
        }
    }
    0.5 * (low + high)
}

/// An SPRT's result, as reports show it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtReport {
    /// The test.
    pub setup: SprtSetup,
    /// `trinomial` (games) or `pentanomial` (game pairs).
    pub model: String,
    /// The counts it ran on: A's losses, draws and wins (trinomial), or game pairs by A's
    /// score 0, ½, 1, 1½, 2 (pentanomial).
    pub counts: Vec<u64>,
    /// The log-likelihood ratio.
    pub llr: f64,
    /// The lower bound (H0 below it).
    pub lower: f64,
    /// The upper bound (H1 above it).
    pub upper: f64,
    /// The verdict.
    pub verdict: Verdict,
}

impl SprtReport {
    /// The report of `setup` on `counts`.
    pub fn new(setup: SprtSetup, counts: Vec<u64>) -> SprtReport {
        let llr = setup.llr(&counts);
        let (lower, upper) = setup.bounds();
        SprtReport {
            setup,
            model: if counts.len() == 5 {
                "pentanomial"
            } else {
                "trinomial"
            }
            .to_string(),
            llr,
            lower,
            upper,
            verdict: setup.verdict(llr),
            counts,
        }
    }
}

impl fmt::Display for SprtReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let counts: Vec<String> = self.counts.iter().map(u64::to_string).collect();
        let verdict = match self.verdict {
            Verdict::H0 => format!(
                "H0 accepted: A's Elo advantage is at most {}",
                self.setup.elo0
            ),
            Verdict::H1 => format!(
                "H1 accepted: A's Elo advantage is at least {}",
                self.setup.elo1
            ),
            Verdict::Undecided => "undecided: the games ran out first".to_string(),
        };
        write!(
            f,
            "  SPRT elo0 {} elo1 {} (alpha {}, beta {}), {} [{}]: LLR {:.2} ({:.2}, {:.2}): {verdict}",
            self.setup.elo0,
            self.setup.elo1,
            self.setup.alpha,
            self.setup.beta,
            self.model,
            counts.join(", "),
            self.llr,
            self.lower,
            self.upper,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(elo0: f64, elo1: f64) -> SprtSetup {
        SprtSetup {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        }
    }

    /// Finished fishtest runs with logistic-Elo bounds (written `{elo0,elo1}`), copied from the
    /// descriptions of Stockfish pull requests (github.com/official-stockfish/Stockfish):
    /// fishtest stopped each as soon as its LLR crossed ±2.94 and printed it to two decimals,
    /// with the pentanomial counts `Ptnml(0-2)`.
    #[test]
    fn pentanomial_llr_matches_published_fishtest_runs() {
        let runs: [(&str, f64, f64, [u64; 5], f64); 5] = [
            // #3209, STC: LLR 2.94 {-0.25,1.25}.
            ("3209", -0.25, 1.25, [253, 4282, 17604, 4431, 286], 2.94),
            // #3098, STC: LLR 2.96 {-0.25,1.25}.
            ("3098", -0.25, 1.25, [491, 7345, 29693, 7670, 465], 2.96),
            // #2951, STC: LLR 2.95 {-0.50,1.50}.
            ("2951", -0.50, 1.50, [59, 754, 2467, 865, 75], 2.95),
            // #2493, LTC: LLR 2.94 {0.00,2.00}.
            ("2493", 0.0, 2.0, [1284, 17437, 55536, 18085, 1292], 2.94),
            // #3103, STC: LLR 2.95 {-1.25,0.25}.
            ("3103", -1.25, 0.25, [293, 5085, 20082, 5070, 326], 2.95),
        ];
        for (pr, elo0, elo1, counts, published) in runs {
            let llr = setup(elo0, elo1).llr(&counts);
            assert!(
                (llr - published).abs() <= 0.005 + 1e-9,
                "#{pr}: {llr} against the published {published}"
            );
        }
    }

    /// The trinomial LLR against its normal approximation, computed here from scratch: for
    /// close hypotheses LLR ≈ N (s1 − s0) (2 m − s0 − s1) / (2 v), m and v the sample's mean
    /// score and variance per game.
    #[test]
    fn trinomial_llr_agrees_with_the_normal_approximation() {
        let counts = [480u64, 1040, 520];
        let n: f64 = 2040.0;
        let m: f64 = (1040.0 * 0.5 + 520.0) / n;
        let v = (480.0 * m * m + 1040.0 * (0.5 - m).powi(2) + 520.0 * (1.0 - m).powi(2)) / n;
        let (s0, s1) = (score(0.0), score(5.0));
        let approx = n * (s1 - s0) * (2.0 * m - s0 - s1) / (2.0 * v);
        let exact = llr(&counts, s0, s1);
        assert!((exact - approx).abs() < 0.01, "{exact} against {approx}");
        assert!(exact > 0.5, "a 40-game lead favours H1: {exact}");
    }

    #[test]
    fn bounds_and_verdicts() {
        let test = setup(0.0, 10.0);
        let (lower, upper) = test.bounds();
        assert!((lower - (0.05f64 / 0.95).ln()).abs() < 1e-12);
        assert!((upper - 2.944_438_979).abs() < 1e-6);
        assert_eq!(test.verdict(3.0), Verdict::H1);
        assert_eq!(test.verdict(-3.0), Verdict::H0);
        assert_eq!(test.verdict(0.0), Verdict::Undecided);
        assert_eq!(test.llr(&[0, 0, 0]), 0.0);
        // Only wins or only losses: finite (regularised), and about the Bernoulli likelihood
        // ratio (s1 / s0)^n or ((1 - s1) / (1 - s0))^n, the unseen outcomes left aside.
        let (s0, s1) = (score(0.0), score(10.0));
        let wins = test.llr(&[0, 0, 200]);
        assert!((wins - 200.0 * (s1 / s0).ln()).abs() < 0.05, "{wins}");
        assert_eq!(test.verdict(wins), Verdict::H1);
        let losses = test.llr(&[200, 0, 0]);
        assert!(
            (losses - 200.0 * ((1.0 - s1) / (1.0 - s0)).ln()).abs() < 0.05,
            "{losses}"
        );
        assert_eq!(test.verdict(losses), Verdict::H0);
    }

    #[test]
    fn bad_tests_are_refused() {
        for bad in ["", "5", "10,0", "3,3", "a,b", "0,2000", "nan,1", "0,10,20"] {
            assert!(SprtSetup::new(bad, 0.05, 0.05).is_err(), "{bad:?}");
        }
        assert!(SprtSetup::new("0,10", 0.0, 0.05).is_err());
        assert!(SprtSetup::new("0,10", 0.05, 0.5).is_err());
        let ok = SprtSetup::new(" -2 , 3.5", 0.1, 0.05).unwrap();
        assert_eq!(
            (ok.elo0, ok.elo1, ok.alpha, ok.beta),
            (-2.0, 3.5, 0.1, 0.05)
        );
    }
}
