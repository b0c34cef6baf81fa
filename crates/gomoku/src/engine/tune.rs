//! Texel-style tuning of the static evaluation: the values of [`EVAL_MOVER`],
//! [`EVAL_OPPONENT`], [`EVAL_CLASS_MOVER`] and [`EVAL_CLASS_OPPONENT`] are fitted so that a
//! logistic of the evaluation predicts the results of the games the positions came from.
//!
//! The static value is linear in the counts of a position ([`Features`]): for every pattern,
//! how many (candidate point, line) pairs make it for the side to move and for the opponent,
//! and for every point class (how a point's four lines combine), how many candidate points
//! are of it for either side. So the fit is a logistic regression: with the scale `K` fixed (fitted first, for
//! the current values, by [`fit_scale`]) the mean cross-entropy of `σ(K · value)` against the
//! results is convex in the values, and a few Newton steps ([`fit_values`]) find its minimum.
//! Only quiet positions are used ([`is_quiet`]), where neither side has a four or an open
//! three: inside a forced sequence the result is decided by the threats, not the patterns.
//!
//! [`fit_to_values`] fits the same values by least squares to a stronger engine's values of
//! positions instead (session 37's experiment: it predicts that engine's judgement far better,
//! and plays worse).
//!
//! `crates/gomoku/examples/tune.rs` reads arena game records and runs the fit.

use super::board::{
    Board, Class, CLASSES, EVAL_CLASS_MOVER, EVAL_CLASS_OPPONENT, EVAL_MOVER, EVAL_OPPONENT,
    FOUR_THREE_POINT, THREE_POINT, TWO_POINT, WIN_FOUR,
};
use super::patterns::{Pattern, BLOCK2, FLEX3, FLEX4};

/// The patterns whose values are fitted: every one from a closed two to an open four (a five
/// never stands in a quiet position, and no pattern is worth nothing).
pub const FITTED: std::ops::RangeInclusive<Pattern> = BLOCK2..=FLEX4;
/// The point classes whose values may be fitted: all but the quiet points and the winning
/// points. No quiet position holds a winning point; and as every candidate point is of one
/// class for each side, adding one number to every class value of both sides changes no
/// static value, so the quiet points' values stay at 0 (both sides') to pin them down.
pub const FITTED_CLASSES: std::ops::RangeInclusive<Class> = TWO_POINT..=FOUR_THREE_POINT;
/// Fitted patterns per side.
const LINES: usize = (FLEX4 - BLOCK2 + 1) as usize;
/// Fitted classes per side.
const POINTS: usize = (FOUR_THREE_POINT - TWO_POINT + 1) as usize;
/// Parameters of a fit: the fitted patterns' values for the mover, then for the opponent,
/// then the fitted classes' values for the mover, then for the opponent.
pub const PARAMS: usize = 2 * LINES + 2 * POINTS;

/// What a parameter of a fit is the value of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Param {
    /// A line pattern's value, for the mover (true) or the opponent.
    Line(bool, usize),
    /// A point class's value, for the mover (true) or the opponent.
    Point(bool, usize),
}

/// The `i`th parameter (see [`PARAMS`]).
fn param(i: usize) -> Param {
    let line = *FITTED.start() as usize;
    let point = *FITTED_CLASSES.start() as usize;
    match i {
        _ if i < LINES => Param::Line(true, line + i),
        _ if i < 2 * LINES => Param::Line(false, line + i - LINES),
        _ if i < 2 * LINES + POINTS => Param::Point(true, point + i - 2 * LINES),
        _ => Param::Point(false, point + i - 2 * LINES - POINTS),
    }
}

/// What a fit may change: the line values, the class values or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fit {
    /// The line patterns' values; the classes keep theirs.
    Lines,
    /// The point classes' values; the lines keep theirs.
    Classes,
    /// The line patterns' and the point classes' values.
    LinesAndClasses,
    /// The values of what no three or four is made of: the line patterns below an open three
    /// and the point classes below one (twos and closed threes).
    Positional,
}

impl Fit {
    fn frees(self, i: usize) -> bool {
        matches!(
            (self, param(i)),
            (Fit::LinesAndClasses, _)
                | (Fit::Lines, Param::Line(..))
                | (Fit::Classes, Param::Point(..))
        ) || (self == Fit::Positional
            && match param(i) {
                Param::Line(_, p) => p < usize::from(FLEX3),
                Param::Point(_, c) => c < usize::from(THREE_POINT),
            })
    }
}

/// The counts of a position: per [`Pattern`], the (candidate point, line) pairs where the
/// side to move, or the opponent, makes it by playing there; per [`Class`], the candidate
/// points of that class for the side to move, or for the opponent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Features {
    /// The side to move's pattern counts.
    pub mover: [u16; 8],
    /// The opponent's pattern counts.
    pub opponent: [u16; 8],
    /// The side to move's class counts.
    pub mover_classes: [u16; CLASSES],
    /// The opponent's class counts.
    pub opponent_classes: [u16; CLASSES],
}

/// The counts of the position on `board` (a point forbidden to black under renju counts
/// nothing for black, as in the search).
pub fn features(board: &Board) -> Features {
    let me = board.to_move();
    let mut out = Features::default();
    for sq in board.candidates() {
        for colour in [me, 1 - me] {
            let (combo, banned) = board.assess(sq, colour);
            if banned {
                continue;
            }
            let (counts, classes) = if colour == me {
                (&mut out.mover, &mut out.mover_classes)
            } else {
                (&mut out.opponent, &mut out.opponent_classes)
            };
            for p in board.patterns(sq, colour) {
                counts[p as usize] += 1;
            }
            classes[combo.class as usize] += 1;
        }
    }
    out
}

/// Whether neither side has a four or an open three on `board`: no point gives either side
/// an open four, two fours or a five.
pub fn is_quiet(board: &Board) -> bool {
    board
        .candidates()
        .all(|sq| board.threat(sq, 0) < WIN_FOUR && board.threat(sq, 1) < WIN_FOUR)
}

/// A position's features and the result of its game for the side to move (1 a win, ½ a
/// draw, 0 a loss).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// The position's pattern counts.
    pub features: Features,
    /// The game's result for the side to move.
    pub result: f64,
}

/// Evaluation values per [`Pattern`] and per [`Class`], for the mover and (subtracted) for
/// the opponent.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Values {
    /// The mover's value of each pattern.
    pub mover: [f64; 8],
    /// The opponent's value of each pattern.
    pub opponent: [f64; 8],
    /// The mover's value of each point class.
    pub mover_classes: [f64; CLASSES],
    /// The opponent's value of each point class.
    pub opponent_classes: [f64; CLASSES],
}

impl Values {
    /// The values the engine uses now.
    pub fn current() -> Values {
        Values {
            mover: EVAL_MOVER.map(f64::from),
            opponent: EVAL_OPPONENT.map(f64::from),
            mover_classes: EVAL_CLASS_MOVER.map(f64::from),
            opponent_classes: EVAL_CLASS_OPPONENT.map(f64::from),
        }
    }

    /// The static value of a position with `features`: the engine's evaluation, for these
    /// values.
    pub fn evaluate(&self, features: &Features) -> f64 {
        let lines: f64 = (0..8)
            .map(|p| {
                self.mover[p] * f64::from(features.mover[p])
                    - self.opponent[p] * f64::from(features.opponent[p])
            })
            .sum();
        let points: f64 = (0..CLASSES)
            .map(|c| {
                self.mover_classes[c] * f64::from(features.mover_classes[c])
                    - self.opponent_classes[c] * f64::from(features.opponent_classes[c])
            })
            .sum();
        lines + points
    }

    /// These values moved by `mix` (0–1) of the way towards `other`.
    pub fn mixed(&self, other: &Values, mix: f64) -> Values {
        fn blend<const N: usize>(a: &[f64; N], b: &[f64; N], mix: f64) -> [f64; N] {
            std::array::from_fn(|p| a[p] + mix * (b[p] - a[p]))
        }
        Values {
            mover: blend(&self.mover, &other.mover, mix),
            opponent: blend(&self.opponent, &other.opponent, mix),
            mover_classes: blend(&self.mover_classes, &other.mover_classes, mix),
            opponent_classes: blend(&self.opponent_classes, &other.opponent_classes, mix),
        }
    }

    /// The value that parameter `i` stands for (see [`param`]).
    fn slot(&mut self, i: usize) -> &mut f64 {
        match param(i) {
            Param::Line(true, p) => &mut self.mover[p],
            Param::Line(false, p) => &mut self.opponent[p],
            Param::Point(true, c) => &mut self.mover_classes[c],
            Param::Point(false, c) => &mut self.opponent_classes[c],
        }
    }

    /// The fitted values as a parameter vector (opponent values negated, so that the static
    /// value is their dot product with [`signed`]).
    fn params(&self) -> [f64; PARAMS] {
        let mut copy = *self;
        std::array::from_fn(|i| {
            let v = *copy.slot(i);
            if is_mover(i) {
                v
            } else {
                -v
            }
        })
    }

    /// These values with the fitted ones replaced by `params` (see [`Values::params`]).
    fn with_params(&self, params: &[f64; PARAMS]) -> Values {
        let mut out = *self;
        for (i, &v) in params.iter().enumerate() {
            *out.slot(i) = if is_mover(i) { v } else { -v };
        }
        out
    }
}

/// Whether parameter `i` is a value for the side to move.
fn is_mover(i: usize) -> bool {
    matches!(param(i), Param::Line(true, _) | Param::Point(true, _))
}

/// The fitted counts as a vector matching [`Values::params`]; the part of the static value
/// the parameters do not cover is `rest`.
fn signed(features: &Features, values: &Values) -> ([f64; PARAMS], f64) {
    let x = std::array::from_fn(|i| {
        f64::from(match param(i) {
            Param::Line(true, p) => features.mover[p],
            Param::Line(false, p) => features.opponent[p],
            Param::Point(true, c) => features.mover_classes[c],
            Param::Point(false, c) => features.opponent_classes[c],
        })
    });
    let covered = values.with_params(&[0.0; PARAMS]);
    (x, covered.evaluate(features))
}

/// The logistic function.
fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// The mean cross-entropy of `σ(k · value)` against the results: what the fit minimises.
pub fn loss(samples: &[Sample], values: &Values, k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let z = k * values.evaluate(&s.features);
            // -r·log σ(z) - (1-r)·log σ(-z), written to stay finite for large |z|.
            let log_p = -softplus(-z);
            let log_q = -softplus(z);
            -(s.result * log_p + (1.0 - s.result) * log_q)
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// `log(1 + e^z)` without overflow.
fn softplus(z: f64) -> f64 {
    if z > 0.0 {
        z + (-z).exp().ln_1p()
    } else {
        z.exp().ln_1p()
    }
}

/// The scale `k` that minimises [`loss`] for `values`: a golden-section search over
/// `log k` between `1e-7` and `1` (the loss is unimodal in `k`).
pub fn fit_scale(samples: &[Sample], values: &Values) -> f64 {
    let f = |log_k: f64| loss(samples, values, log_k.exp());
    let (mut a, mut b) = ((1e-7f64).ln(), 0.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let mut c = b - ratio * (b - a);
    let mut d = a + ratio * (b - a);
    let (mut fc, mut fd) = (f(c), f(d));
    for _ in 0..80 {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - ratio * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + ratio * (b - a);
            fd = f(d);
        }
    }
    ((a + b) / 2.0).exp()
}

/// The values that minimise [`loss`] at scale `k`, starting from `start`; `fit` says which
/// values may change (the patterns outside [`FITTED`] and the classes outside
/// [`FITTED_CLASSES`] always keep theirs). Newton steps on the convex loss, each halved until
/// the loss falls, until a step changes the loss by less than `1e-12`. `ridge` pulls every
/// fitted value towards its start (`ridge · Σ (k · (v - start))²` is added to the loss); a
/// tiny one keeps a pattern that never occurs at its start instead of leaving it undefined.
pub fn fit_values(samples: &[Sample], start: &Values, k: f64, ridge: f64, fit: Fit) -> Values {
    let origin = start.params();
    let data: Vec<([f64; PARAMS], f64, f64)> = samples
        .iter()
        .map(|s| {
            let (x, rest) = signed(&s.features, start);
            (x, rest, s.result)
        })
        .collect();
    let n = data.len().max(1) as f64;
    let objective = |w: &[f64; PARAMS]| {
        let penalty: f64 = w
            .iter()
            .zip(&origin)
            .map(|(a, b)| (k * (a - b)).powi(2))
            .sum();
        loss(samples, &start.with_params(w), k) + ridge * penalty
    };
    let mut w = origin;
    let mut current = objective(&w);
    for _ in 0..100 {
        let mut grad = [0.0; PARAMS];
        let mut hess = [[0.0; PARAMS]; PARAMS];
        for (x, rest, r) in &data {
            let z = k * (dot(x, &w) + rest);
            let p = sigmoid(z);
            let g = k * (p - r) / n;
            let h = k * k * p * (1.0 - p) / n;
            for i in 0..PARAMS {
                grad[i] += g * x[i];
                for j in 0..PARAMS {
                    hess[i][j] += h * x[i] * x[j];
                }
            }
        }
        for i in 0..PARAMS {
            grad[i] += 2.0 * ridge * k * k * (w[i] - origin[i]);
            hess[i][i] += 2.0 * ridge * k * k;
            if !fit.frees(i) {
                // A fixed value: no step.
                grad[i] = 0.0;
                hess[i] = [0.0; PARAMS];
                for row in hess.iter_mut() {
                    row[i] = 0.0;
                }
                hess[i][i] = 1.0;
            }
        }
        let Some(step) = solve(hess, grad) else {
            break;
        };
        let mut scale = 1.0;
        let mut improved = None;
        for _ in 0..30 {
            let trial: [f64; PARAMS] = std::array::from_fn(|i| w[i] - scale * step[i]);
            let value = objective(&trial);
            if value <= current {
                improved = Some((trial, value));
                break;
            }
            scale /= 2.0;
        }
        let Some((trial, value)) = improved else {
            break;
        };
        let gain = current - value;
        w = trial;
        current = value;
        if gain < 1e-12 {
            break;
        }
    }
    start.with_params(&w)
}

/// A position's features and a stronger engine's value of it for the side to move, on the
/// static value's scale (for [`fit_to_values`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Valued {
    /// The position's counts.
    pub features: Features,
    /// The stronger engine's value of the position for its side to move.
    pub value: f64,
}

/// Unknowns of a least-squares fit: the parameters (see [`PARAMS`]), then the offset.
const WITH_OFFSET: usize = PARAMS + 1;

/// The values, and an offset for having the move, whose static values predict `samples`'
/// values best by least squares: they minimise `Σ (value + offset − target)² + ridge · (Σ
/// (v − start)² + offset²)` over the values `fit` frees (the others keep `start`'s). Where
/// [`fit_values`] predicts results, which in quiet positions a stronger engine mostly sees as
/// mates (the tactics the search finds), this predicts its judgement of the positions that
/// are still open. The offset is what the stronger engine gives the side to move whatever the
/// position; the engine's values leave it out. `ridge` (positive) keeps a value that never
/// occurs at its start.
pub fn fit_to_values(samples: &[Valued], start: &Values, ridge: f64, fit: Fit) -> (Values, f64) {
    let origin = start.params();
    let mut a = [[0.0; WITH_OFFSET]; WITH_OFFSET];
    let mut b = [0.0; WITH_OFFSET];
    for s in samples {
        let (x, rest) = signed(&s.features, start);
        let x: [f64; WITH_OFFSET] = std::array::from_fn(|i| x.get(i).copied().unwrap_or(1.0));
        for i in 0..WITH_OFFSET {
            b[i] += x[i] * (s.value - rest);
            for j in 0..WITH_OFFSET {
                a[i][j] += x[i] * x[j];
            }
        }
    }
    for i in 0..WITH_OFFSET {
        let centre = origin.get(i).copied().unwrap_or(0.0);
        a[i][i] += ridge;
        b[i] += ridge * centre;
        if i < PARAMS && !fit.frees(i) {
            // A fixed value: its row says so, and the other rows see it at its start.
            a[i] = [0.0; WITH_OFFSET];
            a[i][i] = 1.0;
            b[i] = centre;
        }
    }
    match solve(a, b) {
        Some(w) => {
            // The fixed values exactly as they were, free of the elimination's rounding.
            let params = std::array::from_fn(|i| if fit.frees(i) { w[i] } else { origin[i] });
            (start.with_params(&params), w[PARAMS])
        }
        None => (*start, 0.0),
    }
}

/// The correlation of `values`' static values with `samples`' values (0 when either does not
/// vary).
pub fn correlation(samples: &[Valued], values: &Values) -> f64 {
    let n = samples.len().max(1) as f64;
    let pairs: Vec<(f64, f64)> = samples
        .iter()
        .map(|s| (values.evaluate(&s.features), s.value))
        .collect();
    let mean = |f: fn(&(f64, f64)) -> f64| pairs.iter().map(f).sum::<f64>() / n;
    let (mx, my) = (mean(|p| p.0), mean(|p| p.1));
    let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
    for (x, y) in &pairs {
        sxy += (x - mx) * (y - my);
        sxx += (x - mx) * (x - mx);
        syy += (y - my) * (y - my);
    }
    if sxx == 0.0 || syy == 0.0 {
        0.0
    } else {
        sxy / (sxx * syy).sqrt()
    }
}

fn dot(a: &[f64; PARAMS], b: &[f64; PARAMS]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Solves `a · x = b` by Gaussian elimination with partial pivoting; `None` if `a` is
/// singular.
fn solve<const N: usize>(mut a: [[f64; N]; N], mut b: [f64; N]) -> Option<[f64; N]> {
    for col in 0..N {
        let pivot = (col..N).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-300 {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        let (pivot_row, pivot_b) = (a[col], b[col]);
        for (row, rhs) in a.iter_mut().zip(b.iter_mut()).skip(col + 1) {
            let f = row[col] / pivot_row[col];
            for (x, p) in row.iter_mut().zip(&pivot_row).skip(col) {
                *x -= f * p;
            }
            *rhs -= f * pivot_b;
        }
    }
    let mut x = [0.0; N];
    for row in (0..N).rev() {
        let tail: f64 = (row + 1..N).map(|c| a[row][c] * x[c]).sum();
        x[row] = (b[row] - tail) / a[row][row];
    }
    Some(x)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::class_of;
    use crate::engine::search::Searcher;
    use crate::rules::{Gomoku, Rule};
    use rand::{Rng, SeedableRng};
    use tabula_core::{Game, GameRng};

    /// Made-up "true" values, on the engine's scale.
    fn truth() -> Values {
        Values {
            mover: [0.0, 5.0, 14.0, 11.0, 70.0, 55.0, 420.0, 3000.0],
            opponent: [0.0, 3.0, 9.0, 7.0, 35.0, 60.0, 300.0, 2000.0],
            mover_classes: [
                1.0, 4.0, -3.0, 12.0, 9.0, 30.0, 45.0, 160.0, 20.0, 35.0, 400.0, 0.0,
            ],
            opponent_classes: [
                -1.0, 3.0, 2.0, 8.0, 6.0, 25.0, 30.0, 120.0, 15.0, 50.0, 250.0, 0.0,
            ],
        }
    }

    /// Random pattern counts like a middle game's, with results that are exactly the
    /// probabilities `σ(k · value)` of `truth` at scale `k`: the loss is then smallest at the
    /// truth, so the fit must find it.
    fn synthetic(k: f64, n: usize) -> Vec<Sample> {
        let mut rng = GameRng::seed_from_u64(11);
        let truth = truth();
        (0..n)
            .map(|_| {
                let mut features = Features::default();
                for p in FITTED {
                    let most = [0, 40, 30, 12, 6, 4, 2, 0][p as usize];
                    features.mover[p as usize] = rng.random_range(0..=most);
                    features.opponent[p as usize] = rng.random_range(0..=most);
                }
                for c in FITTED_CLASSES {
                    let most = [40, 20, 10, 6, 5, 4, 3, 2, 4, 3, 2, 0][c as usize];
                    features.mover_classes[c as usize] = rng.random_range(0..=most);
                    features.opponent_classes[c as usize] = rng.random_range(0..=most);
                }
                let result = sigmoid(k * truth.evaluate(&features));
                Sample { features, result }
            })
            .collect()
    }

    #[test]
    fn the_fit_recovers_values_known_by_construction() {
        let k = 0.004;
        let samples = synthetic(k, 3000);
        let fitted = fit_values(&samples, &Values::current(), k, 1e-9, Fit::LinesAndClasses);
        let truth = truth();
        for p in FITTED.map(usize::from) {
            for (got, want) in [
                (fitted.mover[p], truth.mover[p]),
                (fitted.opponent[p], truth.opponent[p]),
            ] {
                assert!(
                    (got - want).abs() < 0.01 * want,
                    "pattern {p}: {got} vs {want}"
                );
            }
        }
        for c in FITTED_CLASSES.map(usize::from) {
            for (got, want) in [
                (fitted.mover_classes[c], truth.mover_classes[c]),
                (fitted.opponent_classes[c], truth.opponent_classes[c]),
            ] {
                assert!(
                    (got - want).abs() < 0.01 * want.abs().max(10.0),
                    "class {c}: {got} vs {want}"
                );
            }
        }
        // The patterns outside the fit keep the start's values.
        assert_eq!(fitted.mover[7], f64::from(EVAL_MOVER[7]));
        assert_eq!(fitted.opponent[7], f64::from(EVAL_OPPONENT[7]));
        assert!(loss(&samples, &fitted, k) < loss(&samples, &Values::current(), k));
    }

    #[test]
    fn the_least_squares_fit_recovers_values_and_offset_known_by_construction() {
        let truth = truth();
        let samples: Vec<Valued> = synthetic(0.004, 500)
            .into_iter()
            .map(|s| Valued {
                features: s.features,
                value: truth.evaluate(&s.features) + 40.0,
            })
            .collect();
        let current = Values::current();
        let (fitted, offset) = fit_to_values(&samples, &current, 1e-9, Fit::LinesAndClasses);
        assert!((offset - 40.0).abs() < 1e-3, "offset {offset}");
        for p in FITTED.map(usize::from) {
            assert!(
                (fitted.mover[p] - truth.mover[p]).abs() < 1e-3,
                "pattern {p}"
            );
            assert!(
                (fitted.opponent[p] - truth.opponent[p]).abs() < 1e-3,
                "pattern {p}"
            );
        }
        for c in FITTED_CLASSES.map(usize::from) {
            assert!((fitted.mover_classes[c] - truth.mover_classes[c]).abs() < 1e-3);
            assert!((fitted.opponent_classes[c] - truth.opponent_classes[c]).abs() < 1e-3);
        }
        // Outside the fit the start's values stay; the fit predicts the values exactly.
        assert_eq!(fitted.mover[7], f64::from(EVAL_MOVER[7]));
        assert!((correlation(&samples, &fitted) - 1.0).abs() < 1e-9);
        assert!(correlation(&samples, &current) < 0.99);
        let (lines, _) = fit_to_values(&samples, &current, 1e-9, Fit::Lines);
        assert_eq!(lines.mover_classes, current.mover_classes);
        assert_eq!(lines.opponent_classes, current.opponent_classes);
    }

    #[test]
    fn the_scale_fit_recovers_the_scale_known_by_construction() {
        let k = 0.004;
        let samples = synthetic(k, 2000);
        let fitted = fit_scale(&samples, &truth());
        assert!((fitted - k).abs() < 0.001 * k, "{fitted} vs {k}");
    }

    #[test]
    fn a_pattern_that_never_occurs_keeps_its_start_value() {
        let k = 0.004;
        let mut samples = synthetic(k, 1000);
        for s in &mut samples {
            s.features.mover[FLEX4 as usize] = 0;
            s.result = sigmoid(k * truth().evaluate(&s.features));
        }
        let fitted = fit_values(&samples, &Values::current(), k, 1e-9, Fit::LinesAndClasses);
        assert_eq!(
            fitted.mover[FLEX4 as usize],
            f64::from(EVAL_MOVER[FLEX4 as usize])
        );
        assert!((fitted.mover[BLOCK2 as usize] - truth().mover[BLOCK2 as usize]).abs() < 0.1);
    }

    #[test]
    fn mixing_moves_part_of_the_way() {
        let (a, b) = (Values::current(), truth());
        let half = a.mixed(&b, 0.5);
        assert_eq!(half.mover[4], (a.mover[4] + b.mover[4]) / 2.0);
        assert_eq!(a.mixed(&b, 0.0), a);
        assert_eq!(a.mixed(&b, 1.0), b);
    }

    /// A fit of the line values alone leaves every class value where it started, one of the
    /// class values every line value, and each finds a worse optimum than the joint fit when
    /// the truth has both.
    #[test]
    fn a_partial_fit_keeps_the_other_values() {
        let k = 0.004;
        let samples = synthetic(k, 2000);
        let start = Values::current();
        let lines = fit_values(&samples, &start, k, 1e-9, Fit::Lines);
        assert_eq!(lines.mover_classes, start.mover_classes);
        assert_eq!(lines.opponent_classes, start.opponent_classes);
        assert_ne!(lines.mover, start.mover);
        let classes = fit_values(&samples, &start, k, 1e-9, Fit::Classes);
        assert_eq!(classes.mover, start.mover);
        assert_eq!(classes.opponent, start.opponent);
        assert_ne!(classes.mover_classes, start.mover_classes);
        let both = fit_values(&samples, &start, k, 1e-9, Fit::LinesAndClasses);
        assert!(loss(&samples, &both, k) < loss(&samples, &lines, k) - 1e-3);
        assert!(loss(&samples, &both, k) < loss(&samples, &classes, k) - 1e-3);
    }

    /// The features with the engine's values give exactly the searcher's static value, and
    /// quiet positions are the ones without fours or open threes.
    #[test]
    fn features_reproduce_the_engines_evaluation() {
        let mut rng = GameRng::seed_from_u64(3);
        let mut quiet = 0;
        for rule in [Rule::Freestyle, Rule::Renju] {
            for _ in 0..20 {
                let mut game = Gomoku::new(15, rule).unwrap();
                for _ in 0..rng.random_range(0..40) {
                    let mut moves = Vec::new();
                    game.legal_moves(&mut moves);
                    // Near the centre, so that lines form.
                    moves.retain(|&p| {
                        let (x, y) = game.coords(p);
                        (4..11).contains(&x) && (4..11).contains(&y)
                    });
                    if moves.is_empty() || game.is_over() {
                        break;
                    }
                    game.play(moves[rng.random_range(0..moves.len())]);
                }
                if game.is_over() {
                    continue;
                }
                let searcher = Searcher::new(Board::new(&game));
                let scan = searcher.scan();
                let f = features(&searcher.board);
                assert_eq!(
                    Values::current().evaluate(&f),
                    f64::from(searcher.evaluate(&scan))
                );
                // Every point the side counts is of one class, made from its four lines.
                let board = &searcher.board;
                for (side, lines, classes) in [
                    (board.to_move(), &f.mover, &f.mover_classes),
                    (1 - board.to_move(), &f.opponent, &f.opponent_classes),
                ] {
                    let mut want = [0u16; CLASSES];
                    for sq in board.candidates().filter(|&sq| !board.assess(sq, side).1) {
                        want[class_of(board.patterns(sq, side)) as usize] += 1;
                    }
                    assert_eq!(*classes, want);
                    let points: u16 = classes.iter().sum();
                    assert_eq!(lines.iter().sum::<u16>(), 4 * points);
                }
                let forcing =
                    scan.first_mine(WIN_FOUR).is_some() || scan.first_theirs(WIN_FOUR).is_some();
                assert_eq!(is_quiet(&searcher.board), !forcing);
                quiet += usize::from(!forcing);
            }
        }
        assert!(quiet > 5 && quiet < 40, "{quiet} quiet positions");
    }
}
