//! The one rule of 2048, on a single line of four cells: slide toward index 0 and merge.
//!
//! Everything else — the row tables of [`crate::board`], the exact path for tiles above 32768 —
//! is built from [`slide_line`], so the rule lives in one place.

/// A line of four cells as tile exponents (`0` empty, `k` the tile `2^k`), listed from the side
/// the tiles move toward.
pub type Line = [u8; 4];

/// Slides `line` toward index 0 as the original game does: the tile nearest the wall moves
/// first, each tile merges at most once, and a merged tile does not merge again in the same move.
/// Returns the new line and the points scored (the sum of the merged tiles' values).
pub fn slide_line(line: Line) -> (Line, u64) {
    let mut out = [0u8; 4];
    let mut len = 0;
    let mut score = 0;
    // Whether out[len - 1] may still absorb an equal tile in this move.
    let mut open = false;
    for exponent in line {
        if exponent == 0 {
            continue;
        }
        if open && out[len - 1] == exponent {
            out[len - 1] = exponent + 1;
            score += 1u64 << (exponent + 1);
            open = false;
        } else {
            out[len] = exponent;
            len += 1;
            open = true;
        }
    }
    (out, score)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merges_from_the_wall_once_per_tile() {
        assert_eq!(slide_line([1, 1, 1, 1]), ([2, 2, 0, 0], 8));
        assert_eq!(slide_line([2, 2, 2, 0]), ([3, 2, 0, 0], 8));
        assert_eq!(slide_line([2, 1, 1, 0]), ([2, 2, 0, 0], 4));
        assert_eq!(slide_line([0, 0, 0, 1]), ([1, 0, 0, 0], 0));
        assert_eq!(slide_line([15, 15, 0, 0]), ([16, 0, 0, 0], 65536));
    }
}
