//! The evaluation's pattern slots of a position, kept up to date move by move.
//!
//! The evaluation reads each pattern placement once (`pattern::READS`): its ternary code (own
//! discs digit 1, the opponent's digit 2) plus the pattern's offset is a *slot*, an index into
//! a stage's folded weights. A disc adds its digit times a power of three to the slot of every
//! placement covering its square, so the slots of a position follow from its parent's by the
//! squares a move changed: the square played and the discs flipped. A search thus pays for the
//! patterns once at its root, and at each node only for what the move changed.
//!
//! The side to move alternates, and with it which discs are digit 1: [`Slots`] keeps the slots
//! from both sides' points of view and swaps them at every move.

use std::sync::OnceLock;

use crate::bitboard::moves;

use super::pattern::{images, MOBILITY_CAP, OFFSETS, PATTERNS, READS};

/// How many placements the evaluation reads.
const READ_COUNT: usize = {
    let mut count = 0;
    let mut p = 0;
    while p < READS.len() {
        count += READS[p].len();
        p += 1;
    }
    count
};

/// The length of a slot vector: the reads, rounded up to whole 256-bit vectors so that updates
/// compile to a few vector additions.
const LANES: usize = READ_COUNT.next_multiple_of(16);

/// One slot per read, in [`READS`] order (the lanes past [`READ_COUNT`] unused).
type SlotVector = [u16; LANES];

/// The slots of an empty board: each read's pattern offset.
const EMPTY_BOARD: SlotVector = {
    let mut slots = [0; LANES];
    let (mut p, mut r) = (0, 0);
    while p < READS.len() {
        let mut k = 0;
        while k < READS[p].len() {
            slots[r] = OFFSETS[p] as u16;
            r += 1;
            k += 1;
        }
        p += 1;
    }
    slots
};
// Every slot fits a lane.
const _: () = assert!(OFFSETS[PATTERNS.len()] <= 1 << 16);

/// Per square: what a disc there adds to each read's slot as digit 1 (the power of three of
/// its digit in that read, 0 where the read does not cover the square). Digit 2 adds twice that.
fn powers() -> &'static [SlotVector; 64] {
    static POWERS: OnceLock<Box<[SlotVector; 64]>> = OnceLock::new();
    POWERS.get_or_init(|| {
        let mut powers = Box::new([[0u16; LANES]; 64]);
        for (sq, lanes) in powers.iter_mut().enumerate() {
            let images = images(1u64 << sq);
            let reads = PATTERNS
                .iter()
                .zip(READS)
                .flat_map(|(&(_, gather), reads)| reads.iter().map(move |&k| gather(images[k])));
            for (lane, digit) in lanes.iter_mut().zip(reads) {
                if digit != 0 {
                    *lane = 3u16.pow(digit.trailing_zeros());
                }
            }
        }
        powers
    })
}

/// `a += b` lane by lane. Additions wrap: a slot is always in range, the partial sums that
/// build it need not be.
#[inline(always)]
fn add(a: &mut SlotVector, b: &SlotVector) {
    for (x, y) in a.iter_mut().zip(b) {
        *x = x.wrapping_add(*y);
    }
}

/// `a -= b` lane by lane (wrapping, as [`add`]).
#[inline(always)]
fn sub(a: &mut SlotVector, b: &SlotVector) {
    for (x, y) in a.iter_mut().zip(b) {
        *x = x.wrapping_sub(*y);
    }
}

/// The sum of the powers of the squares of `discs`.
#[inline(always)]
fn powers_of(mut discs: u64) -> SlotVector {
    let powers = powers();
    let mut sum = [0u16; LANES];
    while discs != 0 {
        add(&mut sum, &powers[discs.trailing_zeros() as usize]);
        discs &= discs - 1;
    }
    sum
}

/// A position's slots from one side's point of view: its discs digit 1, the other side's
/// digit 2. The side to move's view is all the evaluation reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View(SlotVector);

impl View {
    /// The evaluation of the position (`own` to move against `opp`, whose side to move's view
    /// this is) with one stage's [folded](super::pattern::fold) weights: every placement's
    /// weight and the two sides' mobility weights.
    #[inline]
    pub fn evaluate(&self, table: &[i16], own: u64, opp: u64) -> i32 {
        let patterns: i32 = self.0[..READ_COUNT]
            .iter()
            .map(|&slot| i32::from(table[usize::from(slot)]))
            .sum();
        let mobility = OFFSETS[PATTERNS.len()];
        let own_moves = moves(own, opp).count_ones().min(MOBILITY_CAP);
        let opp_moves = moves(opp, own).count_ones().min(MOBILITY_CAP);
        patterns
            + i32::from(table[(mobility + own_moves) as usize])
            + i32::from(table[(mobility + MOBILITY_CAP + 1 + opp_moves) as usize])
    }
}

/// A position's slots from both sides' points of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slots {
    /// The side to move's view.
    own: View,
    /// The opponent's view.
    opp: View,
}

impl Slots {
    /// The slots of the position where `own` is to move against `opp`.
    pub fn new(own: u64, opp: u64) -> Slots {
        let (mine, theirs) = (powers_of(own), powers_of(opp));
        let mut slots = Slots {
            own: View(EMPTY_BOARD),
            opp: View(EMPTY_BOARD),
        };
        for (view, one, two) in [
            (&mut slots.own.0, &mine, &theirs),
            (&mut slots.opp.0, &theirs, &mine),
        ] {
            add(view, one);
            add(view, two);
            add(view, two);
        }
        slots
    }

    /// The side to move's view.
    #[inline]
    pub fn to_move(&self) -> &View {
        &self.own
    }

    /// The view of the side to move after the side to move plays `sq` and flips `flips` (the
    /// opponent's): all of [`Slots::play`] that a leaf's evaluation needs.
    #[inline]
    pub fn play_to_move(&self, sq: usize, flips: u64) -> View {
        self.opponent_after(&powers()[sq], &powers_of(flips))
    }

    /// The slots after the side to move plays `sq` and flips `flips`: the opponent's turn.
    #[inline]
    pub fn play(&self, sq: usize, flips: u64) -> Slots {
        let (placed, flipped) = (&powers()[sq], powers_of(flips));
        // In the mover's view, its new disc turns from empty (0) into 1 and its flipped discs
        // from 2 into 1; that view becomes the opponent's, the side then to move.
        let mut mover = self.own;
        add(&mut mover.0, placed);
        sub(&mut mover.0, &flipped);
        Slots {
            own: self.opponent_after(placed, &flipped),
            opp: mover,
        }
    }

    /// The opponent's view after the side to move places the disc whose powers are `placed`
    /// and flips the discs whose powers sum to `flipped`: the new disc turns from empty (0)
    /// into 2 there, the flipped discs from 1 into 2.
    #[inline(always)]
    fn opponent_after(&self, placed: &SlotVector, flipped: &SlotVector) -> View {
        let mut view = self.opp;
        add(&mut view.0, placed);
        add(&mut view.0, placed);
        add(&mut view.0, flipped);
        view
    }

    /// The slots after the side to move passes.
    #[inline]
    pub fn pass(&self) -> Slots {
        Slots {
            own: self.opp,
            opp: self.own,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::flips;
    use crate::engine::pattern::{features, fold, STAGE_SIZE};
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn slots_kept_along_a_game_match_slots_read_afresh(
            choices in prop::collection::vec(any::<u8>(), 1..70),
        ) {
            // From the start, each choice picks one of the legal moves (or passes).
            let (mut own, mut opp) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
            let mut slots = Slots::new(own, opp);
            for choice in choices {
                let legal = moves(own, opp);
                if legal == 0 && moves(opp, own) == 0 {
                    break;
                }
                if legal == 0 {
                    slots = slots.pass();
                    (own, opp) = (opp, own);
                } else {
                    let nth = usize::from(choice) % legal.count_ones() as usize;
                    let sq = (0..64).filter(|&s| legal >> s & 1 == 1).nth(nth).unwrap();
                    let f = flips(own, opp, sq);
                    let leaf = slots.play_to_move(sq, f);
                    slots = slots.play(sq, f);
                    prop_assert_eq!(&leaf, slots.to_move());
                    (own, opp) = (opp & !f, own | f | 1 << sq);
                }
                prop_assert_eq!(slots, Slots::new(own, opp));
            }
        }

        #[test]
        fn folded_weights_read_once_give_the_eight_image_sum(a in any::<u64>(), b in any::<u64>()) {
            // Arbitrary weights, and positions from empty to crowded.
            let weights: Vec<i16> = (0..STAGE_SIZE)
                .map(|i| ((i * 7919 + 13) % 2001) as i16 - 1000)
                .collect();
            let folded = fold(&weights);
            let (own, opp) = (a & !b, b & !a & !(a >> 3));
            let sum: i32 = features(own, opp)
                .iter()
                .map(|&slot| i32::from(weights[slot as usize]))
                .sum();
            prop_assert_eq!(Slots::new(own, opp).to_move().evaluate(&folded, own, opp), sum);
        }
    }

    #[test]
    fn each_placement_is_read_once() {
        // 4 edges and lines x 4, 4 corner blocks, 8 2x4 blocks, 2 main diagonals, 4 of each
        // shorter diagonal.
        assert_eq!(READ_COUNT, 4 * 4 + 4 + 8 + 2 + 4 * 4);
        // Each square lies on its row, its column and its diagonals' placements, read as many
        // times as the patterns hold it: a corner, for one, is in two edges, the 3x3 block,
        // two 2x4 blocks and the main diagonal.
        let corner = powers()[0].iter().filter(|&&p| p != 0).count();
        assert_eq!(corner, 6);
    }
}
