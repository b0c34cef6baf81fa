//! Stable discs on the board's edges, exactly.
//!
//! A disc on an edge can only be flipped along that edge: every other line through it ends
//! there. Whether it can ever be flipped thus depends on the edge's eight squares alone, and
//! a table over every edge (3^8 of them) answers it: a disc is stable when it keeps its colour
//! whatever discs of either colour are later placed on the edge's empty squares, in any order
//! (placements the rest of the board might never allow included, so the answer is safe).

use std::sync::LazyLock;

/// For each edge (`own` bits in the low byte of the index, `opp` bits in the high byte), the
/// `own` discs no later placement on the edge can flip.
static STABLE: LazyLock<Box<[u8]>> = LazyLock::new(build);

/// Fills the table, each edge from the edges one disc fuller (full edges first).
fn build() -> Box<[u8]> {
    let mut table = vec![0u8; 1 << 16].into_boxed_slice();
    let index = |own: u8, opp: u8| usize::from(own) | usize::from(opp) << 8;
    // Edges in order of decreasing disc count, so that every child is known before its parent.
    let mut edges: Vec<(u8, u8)> = (0..=255u8)
        .flat_map(|own| (0..=255u8).map(move |opp| (own, opp)))
        .filter(|&(own, opp)| own & opp == 0)
        .collect();
    edges.sort_by_key(|&(own, opp)| std::cmp::Reverse((own | opp).count_ones()));
    for (own, opp) in edges {
        let empty = !(own | opp);
        let mut stable = own;
        for sq in (0..8).filter(|&sq| empty >> sq & 1 == 1) {
            let bit = 1u8 << sq;
            // `own` places a disc there, or `opp` does.
            let f = line_flips(own, opp, sq);
            stable &= table[index(own | f | bit, opp & !f)];
            let g = line_flips(opp, own, sq);
            stable &= table[index(own & !g, opp | g | bit)];
        }
        table[index(own, opp)] = stable;
    }
    table
}

/// The `opp` discs a disc of `own` placed on `sq` flips along an eight-square line.
fn line_flips(own: u8, opp: u8, sq: u32) -> u8 {
    let mut flips = 0;
    for step in [-1i32, 1] {
        let mut run = 0u8;
        let mut at = sq as i32 + step;
        while (0..8).contains(&at) && opp >> at & 1 == 1 {
            run |= 1 << at;
            at += step;
        }
        if (0..8).contains(&at) && own >> at & 1 == 1 {
            flips |= run;
        }
    }
    flips
}

/// The a-file's squares.
const FILE_A: u64 = 0x0101_0101_0101_0101;

/// The eight squares of the a-file (`shift` 0) or h-file (`shift` 7) of `b` as a byte, a1 or h1
/// first.
#[inline]
fn file(b: u64, shift: u32) -> u8 {
    // The multiplication gathers the file's bits into the top byte, a8 highest.
    (((b >> shift) & FILE_A).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
}

/// Each byte spread onto the a-file, bit k on row k.
static FILE_SPREAD: [u64; 256] = {
    let mut spread = [0u64; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut row = 0;
        while row < 8 {
            spread[byte] |= ((byte as u64 >> row) & 1) << (8 * row);
            row += 1;
        }
        byte += 1;
    }
    spread
};

/// A byte spread back onto the a-file (`shift` 0) or h-file (`shift` 7).
#[inline]
fn unfile(byte: u8, shift: u32) -> u64 {
    FILE_SPREAD[usize::from(byte)] << shift
}

/// The discs of `own` on the four edges that can never be flipped (`opp`: the other side).
#[inline]
pub fn stable_edges(own: u64, opp: u64) -> u64 {
    let table = &**STABLE;
    let at = |own: u8, opp: u8| table[usize::from(own) | usize::from(opp) << 8];
    let top = u64::from(at(own as u8, opp as u8));
    let bottom = u64::from(at((own >> 56) as u8, (opp >> 56) as u8)) << 56;
    let left = unfile(at(file(own, 0), file(opp, 0)), 0);
    let right = unfile(at(file(own, 7), file(opp, 7)), 7);
    top | bottom | left | right
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn files_pack_and_unpack_square_by_square(b in any::<u64>(), byte in any::<u8>()) {
            for shift in [0, 7] {
                let slow = (0..8).fold(0u8, |acc, row| acc | (((b >> (8 * row + shift)) & 1) as u8) << row);
                prop_assert_eq!(file(b, shift), slow);
                let spread = (0..8).fold(0u64, |acc, row| acc | u64::from(byte >> row & 1) << (8 * row + shift));
                prop_assert_eq!(unfile(byte, shift), spread);
            }
        }
    }

    #[test]
    fn edge_cases_by_hand() {
        let at = |own: u8, opp: u8| STABLE[usize::from(own) | usize::from(opp) << 8];
        // A full edge: everything is stable.
        assert_eq!(at(0b1010_1010, 0b0101_0101), 0b1010_1010);
        // A lone corner is stable, a lone b1 is not.
        assert_eq!(at(0b0000_0001, 0), 0b0000_0001);
        assert_eq!(at(0b0000_0010, 0), 0);
        // a1-d1 from the corner: all stable; a1-c1 and e1 after an empty d1: e1 is not.
        assert_eq!(at(0b0000_1111, 0), 0b0000_1111);
        assert_eq!(at(0b0001_0111, 0), 0b0000_0111);
        // b1 and c1 next to an opponent corner: the opponent on d1 flips them.
        assert_eq!(at(0b0000_0110, 0b0000_0001), 0);
        // b1-g1 after an opponent corner: the opponent on h1 flips them all.
        assert_eq!(at(0b0111_1110, 0b0000_0001), 0);
        // The same with h1 the player's own: nothing can bracket them any more.
        assert_eq!(at(0b1111_1110, 0b0000_0001), 0b1111_1110);
    }
}
