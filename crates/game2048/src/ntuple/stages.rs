//! Where a network's stages begin and which stage a board is in.
//!
//! A boundary is a tile, or a pair of tiles: Wu et al. (2014) begin their last stage where a
//! board first holds both 16384 and 8192, the wall before 32768, which the largest tile alone
//! cannot tell from the moment 16384 is made. Boundaries are ordered as a game passes them:
//! by the largest tile, then by the largest tile besides it.

use std::fmt;

use tabula_core::quote;

use crate::board::Board;

/// The most stage boundaries a network may have (it has one stage more than boundaries).
pub const MAX_STAGE_BOUNDARIES: usize = 4;

/// Where a stage begins: a board reaches it when its largest tile is larger than `largest`,
/// or is `largest` with the largest tile besides it (a second tile as large counts) at least
/// `second`. Both are tile exponents; `second` 0 asks nothing of the second tile. The order
/// of the fields is the order of the boundaries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Boundary {
    largest: u8,
    second: u8,
}

impl Boundary {
    /// The boundary where the largest tile first reaches the exponent `largest`.
    pub const fn tile(largest: u8) -> Boundary {
        Boundary { largest, second: 0 }
    }

    /// The boundary where the board first holds the exponents `largest` and `second` (at most
    /// `largest`) as its largest two tiles.
    pub const fn pair(largest: u8, second: u8) -> Boundary {
        Boundary { largest, second }
    }

    /// The boundary a board has reached: its largest exponent and the largest besides it.
    pub fn of(board: Board) -> Boundary {
        let (mut largest, mut second) = (0, 0);
        for cell in 0..16 {
            let e = board.exponent(cell);
            if e > largest {
                (largest, second) = (e, largest);
            } else if e > second {
                second = e;
            }
        }
        Boundary { largest, second }
    }

    /// The boundary as one byte of a weights file: `largest + 16 × second`. A boundary of a
    /// single tile is its exponent, as in the files written before pairs.
    pub fn to_byte(self) -> u8 {
        self.largest | self.second << 4
    }

    /// The boundary a weights file's byte stands for (checked by [`check_stages`]).
    pub fn from_byte(byte: u8) -> Boundary {
        Boundary {
            largest: byte & 0xf,
            second: byte >> 4,
        }
    }

    /// Reads a tile (`16384`) or a pair of tiles (`16384+8192`); the error says what is wrong.
    pub fn parse(text: &str) -> Result<Boundary, String> {
        let boundary = match text.split_once('+') {
            None => Boundary::tile(parse_tile(text)?),
            Some((largest, second)) => Boundary::pair(parse_tile(largest)?, parse_tile(second)?),
        };
        boundary.check()?;
        Ok(boundary)
    }

    /// The boundary is of tiles from 2 to 32768, the second no larger than the first.
    fn check(self) -> Result<(), String> {
        if !(1..=15).contains(&self.largest) || self.second > self.largest {
            return Err(format!(
                "stage boundary {self} is not a tile from 2 to 32768 or two such tiles, the \
                 larger first"
            ));
        }
        Ok(())
    }
}

impl fmt::Display for Boundary {
    /// `16384`, or `16384+8192` for a pair.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", 1u32 << self.largest)?;
        if self.second > 0 {
            write!(f, "+{}", 1u32 << self.second)?;
        }
        Ok(())
    }
}

/// Reads a tile a network's cell can hold, `2` to `32768`, as its exponent (for stage
/// boundaries and the tile training restarts from); the error says what is wrong.
pub fn parse_tile(text: &str) -> Result<u8, String> {
    match text.trim().parse::<u32>() {
        Ok(t) if (2..=32768).contains(&t) && t.is_power_of_two() => Ok(t.trailing_zeros() as u8),
        _ => Err(format!("{} is not a tile from 2 to 32768", quote(text))),
    }
}

/// Checks a list of stage boundaries: at most [`MAX_STAGE_BOUNDARIES`], each valid (see
/// [`Boundary::parse`]), strictly increasing. The error says what is wrong.
pub fn check_stages(boundaries: &[Boundary]) -> Result<(), String> {
    if boundaries.len() > MAX_STAGE_BOUNDARIES {
        return Err(format!(
            "{} stage boundaries; a network has at most {MAX_STAGE_BOUNDARIES}",
            boundaries.len()
        ));
    }
    boundaries.iter().try_for_each(|b| b.check())?;
    if boundaries.windows(2).any(|pair| pair[0] >= pair[1]) {
        return Err("stage boundaries must increase".to_string());
    }
    Ok(())
}

/// The boundaries written out for messages: `16384,16384+8192`.
pub fn describe(boundaries: &[Boundary]) -> String {
    let tiles: Vec<String> = boundaries.iter().map(Boundary::to_string).collect();
    tiles.join(",")
}

/// Which stage `board` is in: how many of `boundaries` (increasing) it has reached.
#[inline]
pub fn stage_of(board: Board, boundaries: &[Boundary]) -> usize {
    if boundaries.is_empty() {
        return 0;
    }
    let reached = Boundary::of(board);
    boundaries.iter().take_while(|&&b| reached >= b).count()
}

/// For a network whose stages begin at `before` given the stages `after` (which must keep
/// every boundary of `before`), the stage of `before` each stage of `after` is a part of.
pub fn sources(before: &[Boundary], after: &[Boundary]) -> Result<Vec<usize>, String> {
    check_stages(after)?;
    if let Some(lost) = before.iter().find(|b| !after.contains(b)) {
        return Err(format!(
            "the network has stages from {}; new stages must keep {lost}",
            describe(before)
        ));
    }
    let first = std::iter::once(0);
    let rest = after
        .iter()
        .map(|a| before.iter().take_while(|&b| b <= a).count());
    Ok(first.chain(rest).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board of the given exponents, the rest of its cells empty.
    fn board(exponents: &[u8]) -> Board {
        let raw = exponents
            .iter()
            .enumerate()
            .fold(0u64, |raw, (cell, &e)| raw | u64::from(e) << (4 * cell));
        Board(raw)
    }

    #[test]
    fn a_pair_is_reached_when_both_tiles_stand_or_the_largest_grows() {
        let wall = [Boundary::tile(14), Boundary::pair(14, 13)];
        assert_eq!(stage_of(board(&[13, 12, 13]), &wall), 0);
        assert_eq!(stage_of(board(&[14, 12, 11]), &wall), 1);
        assert_eq!(stage_of(board(&[12, 14, 13, 1]), &wall), 2);
        // Two 16384s: the second tile counts though it is as large.
        assert_eq!(stage_of(board(&[14, 14]), &wall), 2);
        assert_eq!(stage_of(board(&[15, 1]), &wall), 2);
        assert_eq!(Boundary::of(board(&[3, 9, 9, 2])), Boundary::pair(9, 9));
    }

    #[test]
    fn boundaries_read_and_write_as_tiles_and_bytes() {
        let pair = Boundary::parse("16384+8192").unwrap();
        assert_eq!(pair, Boundary::pair(14, 13));
        assert_eq!(pair.to_string(), "16384+8192");
        assert_eq!(Boundary::from_byte(pair.to_byte()), pair);
        assert_eq!(
            Boundary::tile(13).to_byte(),
            13,
            "a single tile is its exponent"
        );
        for bad in ["8192+16384", "3", "65536", "16384+", "+8192", "x"] {
            assert!(Boundary::parse(bad).is_err(), "{bad}");
        }
        let twice = [Boundary::tile(14), Boundary::tile(14)];
        assert!(check_stages(&twice).is_err());
        assert!(check_stages(&[Boundary::pair(14, 13), Boundary::tile(14)]).is_err());
    }

    #[test]
    fn a_new_stage_is_part_of_the_stage_it_splits() {
        let (t13, t14, wall) = (
            Boundary::tile(13),
            Boundary::tile(14),
            Boundary::pair(14, 13),
        );
        assert_eq!(sources(&[], &[t14]), Ok(vec![0, 0]));
        assert_eq!(sources(&[t14], &[t14, wall]), Ok(vec![0, 1, 1]));
        assert_eq!(sources(&[t14], &[t13, t14, wall]), Ok(vec![0, 0, 1, 1]));
        assert_eq!(sources(&[t14], &[t14]), Ok(vec![0, 1]));
        let error = sources(&[t13, t14], &[t14]).unwrap_err();
        assert!(error.contains("must keep 8192"), "{error}");
    }
}
