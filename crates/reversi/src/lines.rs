//! The four lines through each square (its row, its column and its two diagonals), and the discs
//! on a line as a small bit pattern: bit `i` of a line's pattern is the line's `i`-th square in
//! square order, as BMI2's `pext` packs them. With one empty square left, the number of discs a
//! move there flips is then a table look-up per line.

/// The lines through one square.
struct Lines {
    /// The squares of the row, the column, the down-right (a1-h8) and the down-left (h1-a8)
    /// diagonal.
    masks: [u64; 4],
    /// The square's own bit in each line's pattern.
    at: [u8; 4],
}

/// Every square's lines.
static LINES: [Lines; 64] = {
    const NONE: Lines = Lines {
        masks: [0; 4],
        at: [0; 4],
    };
    let mut table = [NONE; 64];
    let mut sq = 0;
    while sq < 64 {
        let (row, col) = (sq / 8, sq % 8);
        let mut masks = [0u64; 4];
        let mut other = 0;
        while other < 64 {
            let (r, c) = (other / 8, other % 8);
            let on = [r == row, c == col, r + col == row + c, r + c == row + col];
            let mut line = 0;
            while line < 4 {
                if on[line] {
                    masks[line] |= 1 << other;
                }
                line += 1;
            }
            other += 1;
        }
        let mut at = [0u8; 4];
        let mut line = 0;
        while line < 4 {
            at[line] = (masks[line] & ((1 << sq) - 1)).count_ones() as u8;
            line += 1;
        }
        table[sq] = Lines { masks, at };
        sq += 1;
    }
    table
};

/// The bits of `b` on the squares of `mask`, packed into the low bits in square order.
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
#[inline(always)]
fn gather(b: u64, mask: u64) -> u64 {
    // SAFETY: `pext` exists: this code is compiled only for processors with BMI2.
    unsafe { std::arch::x86_64::_pext_u64(b, mask) }
}

#[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
use portable::gather;

/// [`gather`] square by square, for processors without BMI2 (and to test the BMI2 one against).
#[cfg_attr(all(target_arch = "x86_64", target_feature = "bmi2"), allow(dead_code))]
mod portable {
    /// See [`super::gather`].
    pub(super) fn gather(b: u64, mut mask: u64) -> u64 {
        let mut packed = 0;
        let mut i = 0;
        while mask != 0 {
            packed |= (b >> mask.trailing_zeros() & 1) << i;
            mask &= mask - 1;
            i += 1;
        }
        packed
    }
}

/// `OUTFLANK[at][opp]`: on a line of eight squares whose other side's squares are `opp`, the
/// squares that end a run of at least one of them starting next to square `at` (either way).
const OUTFLANK: [[u8; 256]; 8] = {
    let mut table = [[0u8; 256]; 8];
    let mut at = 0;
    while at < 8 {
        let mut opp = 0;
        while opp < 256 {
            let mut ends = 0u8;
            let mut step = -1;
            while step <= 1 {
                let mut i = at as i32 + step;
                while i >= 0 && i < 8 && opp >> i & 1 == 1 {
                    i += step;
                }
                if i >= 0 && i < 8 && i != at as i32 + step {
                    ends |= 1 << i;
                }
                step += 2;
            }
            table[at][opp] = ends;
            opp += 1;
        }
        at += 1;
    }
    table
};

/// `FLIPPED[at][ends]`: the squares strictly between square `at` and each square of `ends`.
const FLIPPED: [[u8; 256]; 8] = {
    let mut table = [[0u8; 256]; 8];
    let mut at = 0;
    while at < 8 {
        let mut ends = 0;
        while ends < 256 {
            let mut between = 0u8;
            let mut i = 0;
            while i < 8 {
                let lo = if i < at { i + 1 } else { at + 1 };
                let hi = if i < at { at } else { i };
                if ends >> i & 1 == 1 {
                    let mut j = lo;
                    while j < hi {
                        between |= 1 << j;
                        j += 1;
                    }
                }
                i += 1;
            }
            table[at][ends] = between;
            ends += 1;
        }
        at += 1;
    }
    table
};

/// `LAST_FLIPS[at][own]`: how many squares a move on square `at` flips on a line of eight full
/// squares whose mover's squares are `own` (bit `at` ignored).
static LAST_FLIPS: [[u8; 256]; 8] = {
    let mut table = [[0u8; 256]; 8];
    let mut at = 0;
    while at < 8 {
        let mut own = 0;
        while own < 256 {
            let ends = OUTFLANK[at][!own & 0xff] as usize & own;
            table[at][own] = FLIPPED[at][ends].count_ones() as u8;
            own += 1;
        }
        at += 1;
    }
    table
};

/// How many discs a move on square `sq` flips for the side owning `own` when `sq` is the only
/// empty square (every square but `sq` not in `own` belongs to the other side; whether `own`
/// holds `sq` does not matter).
#[inline(always)]
pub(crate) fn last_flip_count(own: u64, sq: usize) -> i32 {
    let lines = &LINES[sq];
    let mut count = 0;
    for (&mask, &at) in lines.masks.iter().zip(&lines.at) {
        count += LAST_FLIPS[usize::from(at)][gather(own, mask) as usize];
    }
    i32::from(count)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::flips;

    /// Random boards from a xorshift generator.
    fn boards() -> impl Iterator<Item = u64> {
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        (0..500).map(move |_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        })
    }

    #[test]
    fn gather_matches_the_square_by_square_one() {
        for b in boards() {
            for lines in &LINES {
                for &mask in &lines.masks {
                    assert_eq!(gather(b, mask), portable::gather(b, mask));
                }
            }
        }
    }

    #[test]
    fn last_flip_count_matches_the_flips_on_every_square() {
        for x in boards() {
            for sq in 0..64 {
                let bit = 1u64 << sq;
                let own = x & !bit;
                let opp = !own & !bit;
                for (mover, other) in [(own, opp), (opp, own)] {
                    let expected = flips(mover, other, sq).count_ones() as i32;
                    assert_eq!(
                        last_flip_count(mover, sq),
                        expected,
                        "square {sq}, {mover:x}"
                    );
                    // The square itself may be given to either side.
                    assert_eq!(last_flip_count(mover | bit, sq), expected);
                }
            }
        }
    }
}
