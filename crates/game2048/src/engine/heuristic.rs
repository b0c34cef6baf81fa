//! The position heuristic of the strong expectimax programs (nneonneo/2048-ai's terms and
//! weights, plus a small smoothness term), scored per row and per column from one 65,536-entry
//! table.
//!
//! Each line of four cells earns a bonus for empty cells and for equal neighbours that could
//! merge, and pays for breaking monotonicity (tiles should rise steadily toward one end), for
//! large tiles (so that merging them pays), and for uneven neighbours (smoothness). A constant
//! keeps every living position far above a lost one, which search scores 0.

use std::sync::OnceLock;

use crate::board::{unpack_row, Board};

/// Keeps living positions above the value 0 of a lost one.
const ALIVE_BONUS: f32 = 200_000.0;
/// Per empty cell.
const EMPTY_WEIGHT: f32 = 270.0;
/// Per tile that could merge with an equal neighbour.
const MERGES_WEIGHT: f32 = 700.0;
/// Against the smaller of the two monotonicity violations.
const MONOTONICITY_WEIGHT: f32 = 47.0;
/// The power applied to exponents in the monotonicity term.
const MONOTONICITY_POWER: f32 = 4.0;
/// Against large tiles left unmerged.
const SUM_WEIGHT: f32 = 11.0;
/// The power applied to exponents in the sum term.
const SUM_POWER: f32 = 3.5;
/// Against the exponent gaps between neighbouring tiles.
const SMOOTHNESS_WEIGHT: f32 = 10.0;

/// The heuristic value of every possible line of four cells.
pub struct Heuristic {
    rows: Box<[f32; 1 << 16]>,
}

impl Heuristic {
    fn build() -> Heuristic {
        let values: Vec<f32> = (0..=u16::MAX).map(line_value).collect();
        Heuristic {
            rows: values.into_boxed_slice().try_into().expect("65,536 rows"),
        }
    }

    /// The value of `board`: its four rows plus its four columns.
    #[inline]
    pub fn evaluate(&self, board: Board) -> f32 {
        self.lines(board) + self.lines(board.transpose())
    }

    #[inline]
    fn lines(&self, board: Board) -> f32 {
        (0..4).map(|r| self.rows[usize::from(board.row(r))]).sum()
    }
}

/// The heuristic table, built on first use.
pub fn heuristic() -> &'static Heuristic {
    static HEURISTIC: OnceLock<Heuristic> = OnceLock::new();
    HEURISTIC.get_or_init(Heuristic::build)
}

/// The value of one line (row or column; both directions score the same).
fn line_value(row: u16) -> f32 {
    let line = unpack_row(row);
    let mut sum = 0.0;
    let mut empty = 0.0;
    let mut merges = 0.0;
    // Runs of equal tiles (ignoring gaps): a run of k tiles counts k merges.
    let mut previous = 0;
    let mut run = 0.0;
    for &e in &line {
        sum += f32::from(e).powf(SUM_POWER);
        if e == 0 {
            empty += 1.0;
            continue;
        }
        if e == previous {
            run += 1.0;
        } else {
            if run > 0.0 {
                merges += 1.0 + run;
            }
            run = 0.0;
        }
        previous = e;
    }
    if run > 0.0 {
        merges += 1.0 + run;
    }

    let mut falling = 0.0;
    let mut rising = 0.0;
    for pair in line.windows(2) {
        let (a, b) = (
            f32::from(pair[0]).powf(MONOTONICITY_POWER),
            f32::from(pair[1]).powf(MONOTONICITY_POWER),
        );
        if a > b {
            falling += a - b;
        } else {
            rising += b - a;
        }
    }

    let tiles: Vec<f32> = line
        .iter()
        .filter(|&&e| e != 0)
        .map(|&e| f32::from(e))
        .collect();
    let roughness: f32 = tiles.windows(2).map(|p| (p[0] - p[1]).abs()).sum();

    ALIVE_BONUS + EMPTY_WEIGHT * empty + MERGES_WEIGHT * merges
        - MONOTONICITY_WEIGHT * falling.min(rising)
        - SUM_WEIGHT * sum
        - SMOOTHNESS_WEIGHT * roughness
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::pack_row;

    #[test]
    fn prefers_monotone_smooth_lines() {
        let monotone = line_value(pack_row([4, 3, 2, 1]));
        let zigzag = line_value(pack_row([3, 4, 1, 2]));
        assert!(monotone > zigzag);
        // A line reads the same backwards (up to rounding).
        assert!((monotone - line_value(pack_row([1, 2, 3, 4]))).abs() < 1e-2);
        // Empty cells and pending merges are good.
        assert!(line_value(pack_row([2, 2, 0, 0])) > line_value(pack_row([2, 3, 0, 0])));
    }
}
