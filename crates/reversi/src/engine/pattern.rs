//! The features of the pattern evaluation: the contents of eleven patterns (the edge, two corner
//! blocks, three lines, five diagonals) read on each of the board's eight symmetric images, and
//! the two sides' mobility.
//!
//! Reading every pattern on every image makes the evaluation exactly symmetric (a position and
//! its mirror images have the same features) and lets each pattern be read from fixed squares
//! with a few shifts and masks. A pattern with four distinct placements is read twice per
//! placement, once in each direction, which the fitted weights absorb.
//!
//! A feature is a *slot*: an index into the weights of one game stage, which [`features`] fills
//! for a position and the trainer (`examples/train_eval.rs`) fits.

use std::sync::OnceLock;

use crate::bitboard::moves;

/// Each pattern's squares, as a function gathering them from a board into the low bits, in the
/// order of the ternary code's digits (squares `a1` = bit 0 … `h8` = bit 63).
type Gather = fn(u64) -> u64;

/// Gathers a diagonal with one square per column from `c0` to `h`: bit `i` is column `c0 + i`.
#[inline(always)]
fn diagonal(b: u64, mask: u64, first_column: u32) -> u64 {
    ((b & mask).wrapping_mul(0x0101_0101_0101_0101) >> 56) >> first_column
}

/// The patterns: their length in squares and how to gather them.
pub(super) const PATTERNS: [(u32, Gather); 11] = [
    // The edge a1-h1 and the second, third and fourth lines.
    (8, |b| b & 0xff),
    (8, |b| (b >> 8) & 0xff),
    (8, |b| (b >> 16) & 0xff),
    (8, |b| (b >> 24) & 0xff),
    // The 3x3 corner block a1-c3 and the 2x4 corner block a1-d2.
    (9, |b| (b & 7) | ((b >> 5) & 0x38) | ((b >> 10) & 0x1c0)),
    (8, |b| (b & 0xf) | ((b >> 4) & 0xf0)),
    // The diagonals a1-h8, b1-h7, c1-h6, d1-h5, e1-h4.
    (8, |b| diagonal(b, 0x8040_2010_0804_0201, 0)),
    (7, |b| diagonal(b, 0x0080_4020_1008_0402, 1)),
    (6, |b| diagonal(b, 0x0000_8040_2010_0804, 2)),
    (5, |b| diagonal(b, 0x0000_0080_4020_1008, 3)),
    (4, |b| diagonal(b, 0x0000_0000_8040_2010, 4)),
];

/// Mobility counts above this share the last weight.
pub(super) const MOBILITY_CAP: u32 = 31;

/// The largest weight magnitude a weights file may hold (see [`fold`]).
pub const MAX_WEIGHT: i16 = 8000;

/// The number of features of a position: every pattern on every image, and two mobilities.
pub const FEATURES: usize = 8 * PATTERNS.len() + 2;

/// Where each pattern's weights start in a stage's table, the mobility tables after them.
pub(super) const OFFSETS: [u32; PATTERNS.len() + 1] = {
    let mut offsets = [0u32; PATTERNS.len() + 1];
    let mut p = 0;
    while p < PATTERNS.len() {
        offsets[p + 1] = offsets[p] + 3u32.pow(PATTERNS[p].0);
        p += 1;
    }
    offsets
};

/// The size of one stage's weight table.
pub const STAGE_SIZE: usize = OFFSETS[PATTERNS.len()] as usize + 2 * (MOBILITY_CAP as usize + 1);

/// Game stages: positions with `4 * s .. 4 * s + 3` empties share stage `s`'s weights.
pub const STAGES: usize = 16;

/// The stage of a position with `empties` empty squares.
#[inline]
pub fn stage(empties: u32) -> usize {
    (empties as usize / 4).min(STAGES - 1)
}

/// `TERNARY[b]`: the number whose base-3 digits are the bits of `b` (up to 9 bits).
static TERNARY: [u16; 512] = {
    let mut table = [0u16; 512];
    let mut b = 0;
    while b < 512 {
        let (mut value, mut power, mut bit) = (0u16, 1u16, 0);
        while bit < 9 {
            if b >> bit & 1 != 0 {
                value += power;
            }
            power *= 3;
            bit += 1;
        }
        table[b] = value;
        b += 1;
    }
    table
};

/// Mirrors the board left to right (column `c` to `7 - c`).
#[inline(always)]
fn mirror(mut b: u64) -> u64 {
    b = ((b >> 1) & 0x5555_5555_5555_5555) | ((b & 0x5555_5555_5555_5555) << 1);
    b = ((b >> 2) & 0x3333_3333_3333_3333) | ((b & 0x3333_3333_3333_3333) << 2);
    ((b >> 4) & 0x0f0f_0f0f_0f0f_0f0f) | ((b & 0x0f0f_0f0f_0f0f_0f0f) << 4)
}

/// Reflects the board in the a1-h8 diagonal (row `r`, column `c` to row `c`, column `r`).
#[inline(always)]
fn transpose(mut b: u64) -> u64 {
    let mut t = 0x0f0f_0f0f_0000_0000 & (b ^ (b << 28));
    b ^= t ^ (t >> 28);
    t = 0x3333_0000_3333_0000 & (b ^ (b << 14));
    b ^= t ^ (t >> 14);
    t = 0x5500_5500_5500_5500 & (b ^ (b << 7));
    b ^ t ^ (t >> 7)
}

/// The board's eight symmetric images.
#[inline(always)]
pub(super) fn images(b: u64) -> [u64; 8] {
    let (v, m) = (b.swap_bytes(), mirror(b));
    let r = b.reverse_bits();
    [
        b,
        v,
        m,
        r,
        transpose(b),
        transpose(v),
        transpose(m),
        transpose(r),
    ]
}

/// The ternary code of a pattern's contents: own discs are digit 1, the opponent's digit 2.
#[inline(always)]
fn code(gather: Gather, own: u64, opp: u64) -> u32 {
    u32::from(TERNARY[gather(own) as usize]) + 2 * u32::from(TERNARY[gather(opp) as usize])
}

/// The feature slots of a position, from the point of view of the side owning `own`.
#[inline]
pub fn features(own: u64, opp: u64) -> [u32; FEATURES] {
    let (own_images, opp_images) = (images(own), images(opp));
    let mut out = [0u32; FEATURES];
    let mut i = 0;
    for (&o, &p) in own_images.iter().zip(&opp_images) {
        for (&(_, gather), &offset) in PATTERNS.iter().zip(&OFFSETS) {
            out[i] = offset + code(gather, o, p);
            i += 1;
        }
    }
    let mobility = OFFSETS[PATTERNS.len()];
    out[i] = mobility + moves(own, opp).count_ones().min(MOBILITY_CAP);
    out[i + 1] = mobility + MOBILITY_CAP + 1 + moves(opp, own).count_ones().min(MOBILITY_CAP);
    out
}

/// How the evaluation reads the patterns: on which images, and how a pattern's weights fold.
///
/// Reading a pattern on all eight images reads each placement once per symmetry that maps the
/// pattern onto itself (twice for an edge: once from each end). The evaluation reads each
/// placement once, on one image, with weights folded over those symmetries: the folded weight
/// of a code is the sum of the weights of the codes the other readings would give. The sum is
/// the same, with half the look-ups.
struct Plan {
    /// Per pattern: for each reading of its first placement, the code that reading gives for
    /// each code of the representative reading.
    foldings: Vec<Vec<Vec<u32>>>,
}

/// Per pattern, the images (indices into [`images`]) on which the evaluation reads its
/// placements, each placement once, on the first image that shows it ([`plan`] checks this).
pub(super) const READS: [&[usize]; PATTERNS.len()] = [
    &[0, 1, 4, 6],
    &[0, 1, 4, 6],
    &[0, 1, 4, 6],
    &[0, 1, 4, 6],
    &[0, 1, 2, 3],
    &[0, 1, 2, 3, 4, 5, 6, 7],
    &[0, 1],
    &[0, 1, 2, 3],
    &[0, 1, 2, 3],
    &[0, 1, 2, 3],
    &[0, 1, 2, 3],
];

fn plan() -> &'static Plan {
    static PLAN: OnceLock<Plan> = OnceLock::new();
    PLAN.get_or_init(|| {
        let mut plan = Plan {
            foldings: Vec::new(),
        };
        for (&(len, gather), reads) in PATTERNS.iter().zip(READS) {
            // The square of the board read as digit i on image k.
            let squares: Vec<Vec<u32>> = (0..8)
                .map(|k| {
                    (0..len)
                        .map(|i| {
                            (0..64)
                                .find(|&t| gather(images(1u64 << t)[k]) >> i & 1 != 0)
                                .expect("every digit reads a square")
                        })
                        .collect()
                })
                .collect();
            let set = |k: usize| squares[k].iter().fold(0u64, |acc, &t| acc | 1 << t);
            let representatives: Vec<usize> = (0..8)
                .filter(|&k| (0..k).all(|j| set(j) != set(k)))
                .collect();
            let first = representatives[0];
            let foldings = (0..8)
                .filter(|&k| set(k) == set(first))
                .map(|k| {
                    // Digit j of the representative reading is digit i of this one, where
                    // both read the same square: worth 3^i here.
                    let worth: Vec<u32> = squares[first]
                        .iter()
                        .map(|t| {
                            let i = squares[k].iter().position(|u| u == t).expect("same set");
                            3u32.pow(i as u32)
                        })
                        .collect();
                    (0..3u32.pow(len))
                        .map(|code| {
                            let mut rest = code;
                            worth.iter().fold(0, |read, w| {
                                let digit = rest % 3;
                                rest /= 3;
                                read + digit * w
                            })
                        })
                        .collect()
                })
                .collect();
            assert_eq!(representatives, reads, "one read per placement");
            plan.foldings.push(foldings);
        }
        plan
    })
}

/// One stage's weights folded for the evaluation ([`super::slots`]): each placement read once
/// sums to what the eight-image [`features`] give.
/// Weights within `±MAX_WEIGHT` fold (four at most) without overflow.
pub fn fold(weights: &[i16]) -> Vec<i16> {
    let mut folded = weights.to_vec();
    for (p, foldings) in plan().foldings.iter().enumerate() {
        let weights = &weights[OFFSETS[p] as usize..];
        let folded = &mut folded[OFFSETS[p] as usize..];
        for (code, sum) in folded[..foldings[0].len()].iter_mut().enumerate() {
            *sum = foldings
                .iter()
                .map(|reads| weights[reads[code] as usize])
                .sum();
        }
    }
    folded
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Squares as `(row, column)` bits.
    fn bit(r: u64, c: u64) -> u64 {
        1 << (8 * r + c)
    }

    #[test]
    fn the_images_are_the_eight_symmetries() {
        assert_eq!(transpose(bit(0, 3)), bit(3, 0));
        assert_eq!(transpose(bit(2, 5)), bit(5, 2));
        assert_eq!(mirror(bit(2, 5)), bit(2, 2));
        // The eight images of an asymmetric square are eight different squares.
        let mut squares = images(bit(0, 1)).to_vec();
        squares.sort_unstable();
        squares.dedup();
        assert_eq!(squares.len(), 8);
    }

    #[test]
    fn patterns_read_their_squares_in_digit_order() {
        // An own disc on h1: the edge's last digit.
        let f = features(bit(0, 7), 0);
        assert_eq!(f[0], OFFSETS[0] + 3u32.pow(7));
        // An opponent disc on c3: the 3x3 block's last digit, worth 2.
        let f = features(0, bit(2, 2));
        assert_eq!(f[4], OFFSETS[4] + 2 * 3u32.pow(8));
        // An own disc on h7: the 7-square diagonal's last digit.
        assert_eq!(features(bit(6, 7), 0)[7], OFFSETS[7] + 3u32.pow(6));
        assert!(features(u64::MAX, 0)
            .iter()
            .all(|&slot| (slot as usize) < STAGE_SIZE));
    }

    #[test]
    fn mirror_images_have_the_same_features() {
        let (own, opp) = (0x8100_0018_3c10_0001u64, 0x0042_2460_0008_0300u64);
        let sorted = |o: u64, p: u64| {
            let mut f = features(o, p);
            f.sort_unstable();
            f
        };
        let reference = sorted(own, opp);
        for (o, p) in images(own).into_iter().zip(images(opp)) {
            assert_eq!(sorted(o, p), reference);
        }
    }
}
