//! Bitboard primitives: move generation and flips on two `u64` boards.
//!
//! Square `sq = row * 8 + col` is bit `sq`: `a1` (top left) is bit 0, `h1` bit 7, `a2` bit 8,
//! `h8` bit 63. Every function takes the side to move's discs (`own`) and the other side's
//! (`opp`).

/// Every square but the a-file: masks shifts that move a disc one column right.
const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
/// Every square but the h-file: masks shifts that move a disc one column left.
const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// The four corners.
pub const CORNERS: u64 = 0x8100_0000_0000_0081;
/// The squares diagonally next to the corners (b2, g2, b7, g7): giving one up tends to give up
/// the corner.
pub const X_SQUARES: u64 = 0x0042_0000_0000_4200;
/// The squares on the board's edge (corners included).
pub const EDGES: u64 = 0xff81_8181_8181_81ff;

/// The squares reachable from every square in one step of each of the eight directions.
#[inline]
pub const fn neighbours(b: u64) -> u64 {
    let h = ((b << 1) & NOT_A) | ((b >> 1) & NOT_H);
    let row = b | h;
    h | (row << 8) | (row >> 8)
}

/// The discs of `discs` that no move can flip for being a corner or an edge square next to an
/// owned corner: a cheap part of [`stable`].
#[inline]
pub fn corner_stable(discs: u64) -> u64 {
    let corners = discs & CORNERS;
    let beside = ((corners & 0x0100_0000_0000_0001) << 1)
        | ((corners & 0x8000_0000_0000_0080) >> 1)
        | ((corners & 0x0000_0000_0000_0081) << 8)
        | ((corners & 0x8100_0000_0000_0000) >> 8);
    (corners | beside) & discs
}

/// Shifts `b` one step in direction `dir` (0..8: E, W, S, N, SE, NW, SW, NE), dropping what
/// leaves the board.
#[inline(always)]
const fn step(b: u64, dir: usize) -> u64 {
    match dir {
        0 => (b << 1) & NOT_A,
        1 => (b >> 1) & NOT_H,
        2 => b << 8,
        3 => b >> 8,
        4 => (b << 9) & NOT_A,
        5 => (b >> 9) & NOT_H,
        6 => (b << 7) & NOT_H,
        _ => (b >> 7) & NOT_A,
    }
}

/// The squares where the side owning `own` may play: empty squares from which a line of `opp`
/// discs ends in an `own` disc.
///
/// With AVX2, the four axes side by side in one vector (`moves_avx2`); else axis by axis
/// (`moves_scalar`).
#[inline]
pub fn moves(own: u64, opp: u64) -> u64 {
    // SAFETY: this build targets processors with AVX2 (the `cfg`), the one feature that
    // `moves_avx2` requires.
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    return unsafe { moves_avx2(own, opp) };
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
    return moves_scalar(own, opp);
}

/// [`moves`] axis by axis on plain integers, without AVX2 (tested everywhere).
#[cfg_attr(all(target_arch = "x86_64", target_feature = "avx2"), allow(dead_code))]
#[inline]
fn moves_scalar(own: u64, opp: u64) -> u64 {
    let empty = !(own | opp);
    let inner = opp & NOT_A & NOT_H;
    let mut found = 0;
    // Horizontal and diagonal lines may not wrap around the board's sides; vertical ones can
    // use every opponent disc.
    found |= line_moves(own, inner, 1);
    found |= line_moves(own, opp, 8);
    found |= line_moves(own, inner, 7);
    found |= line_moves(own, inner, 9);
    found & empty
}

/// [`moves`] with AVX2: [`line_moves`] for the four axes at once, one axis per 64-bit lane of a
/// 256-bit vector, then the lanes OR-ed together.
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
#[target_feature(enable = "avx2")]
#[inline]
fn moves_avx2(own: u64, opp: u64) -> u64 {
    use std::arch::x86_64::*;
    // Lane by lane (lowest first): the row, column, down-left and down-right axes, with the
    // opponent discs that may lie inside a line along each (no wrapping around the sides).
    let shift = _mm256_set_epi64x(9, 7, 8, 1);
    let shift2 = _mm256_add_epi64(shift, shift);
    let inner = (NOT_A & NOT_H) as i64;
    let lines = _mm256_set_epi64x(inner, inner, -1, inner);
    let own_v = _mm256_set1_epi64x(own as i64);
    let mask = _mm256_and_si256(_mm256_set1_epi64x(opp as i64), lines);
    let pair_up = _mm256_and_si256(mask, _mm256_sllv_epi64(mask, shift));
    let pair_down = _mm256_and_si256(mask, _mm256_srlv_epi64(mask, shift));
    let mut up = _mm256_and_si256(mask, _mm256_sllv_epi64(own_v, shift));
    let mut down = _mm256_and_si256(mask, _mm256_srlv_epi64(own_v, shift));
    up = _mm256_or_si256(up, _mm256_and_si256(mask, _mm256_sllv_epi64(up, shift)));
    down = _mm256_or_si256(down, _mm256_and_si256(mask, _mm256_srlv_epi64(down, shift)));
    for _ in 0..2 {
        up = _mm256_or_si256(up, _mm256_and_si256(pair_up, _mm256_sllv_epi64(up, shift2)));
        down = _mm256_or_si256(
            down,
            _mm256_and_si256(pair_down, _mm256_srlv_epi64(down, shift2)),
        );
    }
    let found = _mm256_or_si256(_mm256_sllv_epi64(up, shift), _mm256_srlv_epi64(down, shift));
    let half = _mm_or_si128(
        _mm256_castsi256_si128(found),
        _mm256_extracti128_si256::<1>(found),
    );
    let all = _mm_or_si128(half, _mm_unpackhi_epi64(half, half));
    _mm_cvtsi128_si64(all) as u64 & !(own | opp)
}

/// Moves along one axis (both directions), by doubling (Kogge–Stone) steps.
#[inline(always)]
fn line_moves(own: u64, mask: u64, shift: u32) -> u64 {
    let pair_up = mask & (mask << shift);
    let pair_down = mask & (mask >> shift);
    let mut up = mask & (own << shift);
    let mut down = mask & (own >> shift);
    up |= mask & (up << shift);
    down |= mask & (down >> shift);
    up |= pair_up & (up << (2 * shift));
    down |= pair_down & (down >> (2 * shift));
    up |= pair_up & (up << (2 * shift));
    down |= pair_down & (down >> (2 * shift));
    (up << shift) | (down >> shift)
}

/// For each square and direction, the squares beyond it in that direction (nearest first in bit
/// order for E, S, SE, SW; nearest last for W, N, NW, NE).
static RAYS: [[u64; 8]; 64] = build_rays();

const fn build_rays() -> [[u64; 8]; 64] {
    const DELTAS: [(i32, i32); 8] = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (-1, -1),
        (-1, 1),
        (1, -1),
    ];
    let mut rays = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (dc, dr) = DELTAS[d];
            let mut c = (sq % 8) as i32 + dc;
            let mut r = (sq / 8) as i32 + dr;
            let mut ray = 0u64;
            while c >= 0 && c < 8 && r >= 0 && r < 8 {
                ray |= 1u64 << (r * 8 + c);
                c += dc;
                r += dr;
            }
            rays[sq][d] = ray;
            d += 1;
        }
        sq += 1;
    }
    rays
}

/// The discs that playing on `sq` flips (empty when the move is not legal). `sq` must be empty.
///
/// With AVX2, the eight rays at once, four to a vector (`vector::flips`, with AVX-512's
/// `vplzcnt` where the processor has it); else ray by ray (`flips_by_rays`).
#[inline]
pub fn flips(own: u64, opp: u64, sq: usize) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    return vector::flips(own, opp, sq);
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
    return flips_by_rays(own, opp, sq);
}

/// [`flips`] with vectors: the four rays towards higher bit indices side by side in one, the
/// four towards lower ones in another.
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
mod vector {
    use super::RAYS;
    use std::arch::x86_64::*;

    /// Each square's rays split by direction: towards higher bit indices (E, S, SE, SW), then
    /// towards lower ones (W, N, NW, NE), each four side by side for one vector.
    #[repr(C, align(64))]
    struct SplitRays {
        up: [u64; 4],
        down: [u64; 4],
    }

    static SPLIT_RAYS: [SplitRays; 64] = {
        let mut table = [const {
            SplitRays {
                up: [0; 4],
                down: [0; 4],
            }
        }; 64];
        let mut sq = 0;
        while sq < 64 {
            let mut d = 0;
            while d < 4 {
                table[sq].up[d] = RAYS[sq][2 * d];
                table[sq].down[d] = RAYS[sq][2 * d + 1];
                d += 1;
            }
            sq += 1;
        }
        table
    };

    /// [`super::flips_by_rays`], the four rays of each half side by side.
    #[inline(always)]
    pub(super) fn flips(own: u64, opp: u64, sq: usize) -> u64 {
        let rays = &SPLIT_RAYS[sq];
        // SAFETY: each half is four aligned `u64`s, one 256-bit vector; the build targets
        // processors with AVX2 (the module's `cfg`), and with AVX-512 where that is used.
        unsafe {
            let up = _mm256_load_si256(rays.up.as_ptr().cast());
            let down = _mm256_load_si256(rays.down.as_ptr().cast());
            let own = _mm256_set1_epi64x(own as i64);
            let opp = _mm256_set1_epi64x(opp as i64);
            let flipped = _mm256_or_si256(flipped_up(own, opp, up), flipped_down(own, opp, down));
            let half = _mm_or_si128(
                _mm256_castsi256_si128(flipped),
                _mm256_extracti128_si256::<1>(flipped),
            );
            _mm_cvtsi128_si64(_mm_or_si128(half, _mm_unpackhi_epi64(half, half))) as u64
        }
    }

    /// The flips along the rays `up`, towards higher bit indices: the nearest square that is
    /// not the opponent's is the ray's lowest such bit.
    ///
    /// # Safety
    /// The processor must have AVX2 (as the module's `cfg` makes sure); so for the other
    /// helpers here.
    #[inline(always)]
    unsafe fn flipped_up(own: __m256i, opp: __m256i, up: __m256i) -> __m256i {
        let blockers = _mm256_andnot_si256(opp, up);
        let first = _mm256_and_si256(blockers, _mm256_sub_epi64(_mm256_setzero_si256(), blockers));
        let open = _mm256_cmpeq_epi64(_mm256_and_si256(first, own), _mm256_setzero_si256());
        let before = _mm256_add_epi64(first, _mm256_set1_epi64x(-1));
        _mm256_andnot_si256(open, _mm256_and_si256(before, up))
    }

    /// The flips along the rays `down`, towards lower bit indices: the nearest square that is
    /// not the opponent's is the ray's highest such bit, found with AVX-512's leading-zero
    /// count.
    #[cfg(all(target_feature = "avx512vl", target_feature = "avx512cd"))]
    #[inline(always)]
    unsafe fn flipped_down(own: __m256i, opp: __m256i, down: __m256i) -> __m256i {
        let blockers = _mm256_andnot_si256(opp, down);
        let zeros = _mm256_lzcnt_epi64(blockers);
        let top = _mm256_srlv_epi64(_mm256_set1_epi64x(i64::MIN), zeros);
        let closed = _mm256_test_epi64_mask(top, own);
        // The squares past that blocker (a shift of 64 leaves none; no blocker at all leaves
        // the whole ray, which `closed` then drops).
        let above = _mm256_sllv_epi64(
            _mm256_set1_epi64x(-1),
            _mm256_sub_epi64(_mm256_set1_epi64x(64), zeros),
        );
        _mm256_maskz_and_epi64(closed, above, down)
    }

    /// The flips along the rays `down`, towards lower bit indices: the nearest square that is
    /// not the opponent's is the ray's highest such bit, found by smearing every such square
    /// down its ray (the squares smeared off the ray's end never land on it).
    #[cfg(not(all(target_feature = "avx512vl", target_feature = "avx512cd")))]
    #[inline(always)]
    unsafe fn flipped_down(own: __m256i, opp: __m256i, down: __m256i) -> __m256i {
        // One step along each ray: W, N, NW, NE.
        let step = _mm256_set_epi64x(7, 9, 8, 1);
        let mut beyond = _mm256_andnot_si256(opp, down);
        beyond = _mm256_or_si256(beyond, _mm256_srlv_epi64(beyond, step));
        beyond = _mm256_or_si256(
            beyond,
            _mm256_srlv_epi64(beyond, _mm256_slli_epi64::<1>(step)),
        );
        beyond = _mm256_or_si256(
            beyond,
            _mm256_srlv_epi64(beyond, _mm256_slli_epi64::<2>(step)),
        );
        // Rays hold at most seven squares: `beyond` now runs from the nearest blocker on.
        let nearest = _mm256_andnot_si256(_mm256_srlv_epi64(beyond, step), beyond);
        let open = _mm256_cmpeq_epi64(_mm256_and_si256(nearest, own), _mm256_setzero_si256());
        _mm256_andnot_si256(open, _mm256_andnot_si256(beyond, down))
    }
}

/// [`flips`] ray by ray, without AVX2 (tested everywhere).
#[cfg_attr(all(target_arch = "x86_64", target_feature = "avx2"), allow(dead_code))]
#[inline]
pub(crate) fn flips_by_rays(own: u64, opp: u64, sq: usize) -> u64 {
    let rays = &RAYS[sq];
    let not_opp = !opp;
    let mut flipped = 0;
    // Directions whose squares lie at higher bit indices: the nearest blocker is the lowest bit.
    for d in [0, 2, 4, 6] {
        let ray = rays[d];
        let blockers = ray & not_opp;
        let first = blockers & blockers.wrapping_neg();
        // All ones when the nearest blocker is an own disc, else zero.
        let closed = ((first & own) != 0) as u64;
        flipped |= ray & first.wrapping_sub(1) & closed.wrapping_neg();
    }
    // Directions towards lower indices: the nearest blocker is the highest bit (the ray's end
    // beyond the board stands in when there is none: it is never an own disc).
    for d in [1, 3, 5, 7] {
        let ray = rays[d];
        let blockers = (ray & not_opp) | 1;
        let top = 63 - blockers.leading_zeros();
        let closed = (own >> top) & u64::from(ray & (1u64 << top) != 0);
        flipped |= ray & !((2u64 << top).wrapping_sub(1)) & closed.wrapping_neg();
    }
    flipped
}

/// Discs that can never be flipped again, found from full lines and the edges inwards: a disc is
/// stable when, along each of the four axes, its line is full or one neighbour on that axis is
/// off the board or a stable disc of the same colour. A lower bound on the true stable set.
#[inline]
pub fn stable(own: u64, opp: u64) -> u64 {
    stable_inwards(own, opp, crate::edge::stable_edges(own, opp), u32::MAX)
}

/// Stable discs of `own` as [`stable`] finds them, the search stopping as soon as it is settled
/// whether there are at least `enough`: all of them, or `enough` or more of them, or fewer
/// than `enough` when [`stable`] too finds fewer. What a stability cut-off needs, for less work
/// when the answer comes early.
#[inline]
pub fn stable_at_least(own: u64, opp: u64, enough: u32) -> u64 {
    // The edges' stable discs are known exactly (see [`crate::edge`]); only inner discs can
    // join them.
    let edges = crate::edge::stable_edges(own, opp);
    if (edges | (own & !EDGES)).count_ones() < enough {
        return edges;
    }
    stable_inwards(own, opp, edges, enough)
}

/// [`stable`] from the stable discs of the edges, `edges`, stopping once `enough` are found.
fn stable_inwards(own: u64, opp: u64, edges: u64, enough: u32) -> u64 {
    let inside = own & !EDGES;
    let filled = own | opp;
    let full = [
        full_lines(filled, 1),
        full_lines(filled, 8),
        full_lines(filled, 9),
        full_lines(filled, 7),
    ];
    // Inside, the discs whose four lines are full are stable whatever their neighbours.
    let mut stable = edges | (inside & full[0] & full[1] & full[2] & full[3]);
    if stable == 0 || stable.count_ones() >= enough {
        return stable;
    }
    // The rounds add inner discs held on each axis by a full line or a stable neighbour (the
    // shifts need no masks: what wraps around the board's sides lands on an edge square).
    loop {
        let held = [1, 8, 9, 7]
            .into_iter()
            .zip(full)
            .fold(inside, |held, (shift, full)| {
                held & (full | stable << shift | stable >> shift)
            });
        let next = stable | held;
        if next == stable || next.count_ones() >= enough {
            return next;
        }
        stable = next;
    }
}

/// Squares whose whole line along the axis of `shift` (1: row, 8: column, 9: down-right
/// diagonal, 7: down-left diagonal) is filled.
fn full_lines(filled: u64, shift: usize) -> u64 {
    match shift {
        1 => {
            let mut f = filled;
            f &= f >> 1;
            f &= f >> 2;
            f &= f >> 4;
            (f & 0x0101_0101_0101_0101) * 0xff
        }
        8 => {
            let mut f = filled;
            f &= f >> 32;
            f &= f >> 16;
            f &= f >> 8;
            (f & 0xff) * 0x0101_0101_0101_0101
        }
        9 => filled_to_edge(filled, 4) & filled_to_edge(filled, 5),
        _ => filled_to_edge(filled, 6) & filled_to_edge(filled, 7),
    }
}

/// Per diagonal direction (4..8, as [`step`]) and doubling round `k` (0..3): the squares with
/// fewer than `2^k` squares beyond them in that direction.
static NEAR_EDGE: [[u64; 3]; 4] = {
    let mut near = [[0u64; 3]; 4];
    let mut d = 0;
    while d < 4 {
        let mut k = 0;
        while k < 3 {
            // Squares `2^k` steps from which leave the board: the board, stepped back `2^k`
            // times, misses them.
            let mut inside = u64::MAX;
            let mut i = 0;
            while i < 1 << k {
                inside = step(inside, (d + 4) ^ 1);
                i += 1;
            }
            near[d][k] = !inside;
            k += 1;
        }
        d += 1;
    }
    near
};

/// Squares from which every square in the diagonal direction `dir` (4..8: SE, NW, SW, NE) up
/// to the board's edge is filled, the square itself included.
#[inline]
fn filled_to_edge(filled: u64, dir: usize) -> u64 {
    let near = &NEAR_EDGE[dir - 4];
    // After round `k`, the squares whose next `2^(k+1)` squares that way (or all of them up to
    // the edge) are filled: a run of `2^k` joined to the one `2^k` further on.
    let mut run = filled;
    for (k, near) in near.iter().enumerate() {
        run &= near | step_back(run, dir, 1 << k);
    }
    run
}

/// The squares whose neighbour `n` steps away in diagonal direction `dir` (4..8) is in `b`.
#[inline(always)]
fn step_back(b: u64, dir: usize, n: u32) -> u64 {
    match dir {
        4 => b >> (9 * n),
        5 => b << (9 * n),
        6 => b >> (7 * n),
        _ => b << (7 * n),
    }
}

/// Empty squares next to `discs`: where the owner of the other discs might later play.
#[inline]
pub fn frontier(discs: u64, empty: u64) -> u64 {
    neighbours(discs) & empty
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn corner_stable_discs_are_owned_corners_and_their_edge_neighbours() {
        // a1, b1, c1 and a2 with the a1 corner; g8 and h7 without the h8 corner; d4 inside.
        let sq = |s: usize| 1u64 << s;
        let discs = sq(0) | sq(1) | sq(2) | sq(8) | sq(62) | sq(55) | sq(27);
        assert_eq!(corner_stable(discs), sq(0) | sq(1) | sq(8));
        // Every corner with both neighbours: twelve discs.
        assert_eq!(corner_stable(u64::MAX).count_ones(), 12);
        assert_eq!(corner_stable(!CORNERS), 0);
    }

    /// A slow reference: walk each direction square by square.
    fn slow_flips(own: u64, opp: u64, sq: usize) -> u64 {
        let mut all = 0;
        for d in 0..8 {
            let mut line = 0;
            let mut b = step(1u64 << sq, d);
            while b & opp != 0 {
                line |= b;
                b = step(b, d);
            }
            if b & own != 0 {
                all |= line;
            }
        }
        all
    }

    #[test]
    fn flips_and_moves_match_a_square_by_square_walk() {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let own = x & 0x5555_aaaa_1234_8765;
            let opp = !own & x.rotate_left(23);
            let mut expected = 0;
            for sq in 0..64 {
                if (own | opp) >> sq & 1 == 1 {
                    continue;
                }
                let f = slow_flips(own, opp, sq);
                assert_eq!(flips(own, opp, sq), f, "square {sq}");
                assert_eq!(flips_by_rays(own, opp, sq), f, "square {sq}");
                if f != 0 {
                    expected |= 1 << sq;
                }
            }
            assert_eq!(moves(own, opp), expected);
            assert_eq!(moves_scalar(own, opp), expected);
        }
    }

    proptest! {
        /// The build's [`moves`] (AVX2 where the build has it) against the portable one.
        #[test]
        fn moves_agrees_with_the_portable_version(
            a in any::<u64>(),
            b in any::<u64>(),
            mine in any::<u64>(),
            // A quarter, half or three quarters of the squares filled.
            fill in 0..3u8,
        ) {
            let filled = [a & b, a, a | b][usize::from(fill)];
            let (own, opp) = (filled & mine, filled & !mine);
            prop_assert_eq!(moves(own, opp), moves_scalar(own, opp));
            prop_assert_eq!(moves(opp, own), moves_scalar(opp, own));
        }
    }

    /// A slow reference for [`stable`]: its rule applied disc by disc, square by square, until
    /// nothing changes, from the edges' stable discs (whose table `crate::edge` tests).
    fn slow_stable(own: u64, opp: u64) -> u64 {
        let filled = own | opp;
        // Whether every square beyond `sq` in direction `dir` is filled.
        let filled_beyond = |sq: usize, dir: usize| {
            let mut b = step(1u64 << sq, dir);
            while b != 0 {
                if b & filled == 0 {
                    return false;
                }
                b = step(b, dir);
            }
            true
        };
        let mut stable = crate::edge::stable_edges(own, opp);
        loop {
            let mut next = stable;
            for sq in (0..64).filter(|&sq| own >> sq & 1 == 1) {
                // Whether the neighbour in direction `dir` is off the board or stable.
                let guarded = |dir: usize| {
                    let n = step(1u64 << sq, dir);
                    n == 0 || n & stable != 0
                };
                let held = (0..4).all(|axis| {
                    let (a, b) = (2 * axis, 2 * axis + 1);
                    (filled_beyond(sq, a) && filled_beyond(sq, b)) || guarded(a) || guarded(b)
                });
                if held {
                    next |= 1 << sq;
                }
            }
            if next == stable {
                return stable;
            }
            stable = next;
        }
    }

    proptest! {
        /// [`full_lines`] against a walk along each square's line, on boards from half full to
        /// full.
        #[test]
        fn full_lines_agree_with_a_walk(a in any::<u64>(), b in any::<u64>(), c in any::<u64>()) {
            for filled in [a | b, a | b | c, !(a & b & c), u64::MAX] {
                for (axis, shift) in [1, 8, 9, 7].into_iter().enumerate() {
                    let walk = (0..64).filter(|&sq| {
                        [2 * axis, 2 * axis + 1].into_iter().all(|dir| {
                            let mut b = 1u64 << sq;
                            while b != 0 && b & filled != 0 {
                                b = step(b, dir);
                            }
                            b == 0
                        })
                    });
                    let expected = walk.fold(0u64, |acc, sq| acc | 1 << sq);
                    prop_assert_eq!(full_lines(filled, shift), expected, "shift {}", shift);
                }
            }
        }

        /// [`stable`] against its rule applied square by square, on boards from half full to
        /// full, where full lines and stable edges are common.
        #[test]
        fn stable_agrees_with_a_square_by_square_reference(
            a in any::<u64>(),
            b in any::<u64>(),
            c in any::<u64>(),
            mine in any::<u64>(),
            fill in 0..4u8,
        ) {
            let filled = [a, a | b, a | b | c, u64::MAX][usize::from(fill)];
            let (own, opp) = (filled & mine, filled & !mine);
            prop_assert_eq!(stable(own, opp), slow_stable(own, opp));
            prop_assert_eq!(stable(opp, own), slow_stable(opp, own));
        }

        /// [`stable_at_least`] settles the question it is asked as [`stable`] would, with
        /// stable discs only.
        #[test]
        fn stable_at_least_answers_as_the_whole_stable_set(
            a in any::<u64>(),
            b in any::<u64>(),
            mine in any::<u64>(),
            fill in 0..3u8,
            enough in 0..40u32,
        ) {
            let filled = [a | b, !(a & b & (a >> 1)), u64::MAX][usize::from(fill)];
            let (own, opp) = (filled & mine, filled & !mine);
            let all = stable(own, opp);
            let some = stable_at_least(own, opp, enough);
            prop_assert_eq!(some & !all, 0);
            prop_assert_eq!(some.count_ones() >= enough, all.count_ones() >= enough);
        }
    }

    #[test]
    fn corners_of_a_full_board_are_stable_and_the_full_board_is() {
        assert_eq!(stable(CORNERS, 0), CORNERS);
        let own = 0x0f0f_0f0f_0f0f_0f0f;
        assert_eq!(stable(own, !own), own);
        // A lone centre disc on an otherwise empty board is not stable.
        assert_eq!(stable(1 << 27, 1 << 28), 0);
    }
}
