//! Squares and moves, and their notation; positions in the FFO format (`position`), whole
//! games as transcripts (`transcript`) and as GGF records (`ggf`, NBoard's game format).

pub mod ggf;
pub(crate) mod position;
pub(crate) mod transcript;

use std::fmt;

use tabula_core::{quote, ParseError, Reason};

/// A move: a square `0..64` (`row * 8 + col`, `a1` = 0, `h8` = 63; the same numbers as
/// OpenSpiel's othello actions) or a pass (64).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Move(u8);

impl Move {
    /// The pass, played when the side to move has no other move.
    pub const PASS: Move = Move(64);

    /// The move onto square `sq` (`0..64`).
    ///
    /// # Panics
    /// When `sq >= 64`.
    pub fn square(sq: usize) -> Move {
        assert!(sq < 64, "square {sq} is off the board");
        Move(sq as u8)
    }

    /// The move with OpenSpiel's action number (`0..=64`), if it is one.
    pub fn from_index(index: usize) -> Option<Move> {
        (index <= 64).then_some(Move(index as u8))
    }

    /// The square, or `None` for a pass.
    pub fn to_square(self) -> Option<usize> {
        (!self.is_pass()).then_some(self.0 as usize)
    }

    /// The action number: the square, or 64 for a pass.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether this is the pass.
    pub fn is_pass(self) -> bool {
        self.0 == 64
    }

    /// Reads one move: `a1`…`h8` (any case), `pass`, or the classic console's column-row digits
    /// (`53` = column 5, row 3 = `e3`).
    pub fn parse(text: &str) -> Result<Move, ParseError> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("pass") || text.eq_ignore_ascii_case("ps") {
            return Ok(Move::PASS);
        }
        let bytes = text.as_bytes();
        let bad = || {
            let input = quote(text);
            ParseError::from(
                Reason::new(
                    "reason-reversi-not-a-square",
                    format!(
                        "{input} is not a square: write a column a-h and a row 1-8 (like f5), \
                         the column and row as two digits (like 53), or pass"
                    ),
                )
                .arg("input", input),
            )
        };
        if bytes.len() != 2 {
            return Err(bad());
        }
        let col = match bytes[0].to_ascii_lowercase() {
            c @ b'a'..=b'h' => c - b'a',
            c @ b'1'..=b'8' => c - b'1',
            _ => return Err(bad()),
        };
        let row = match bytes[1] {
            r @ b'1'..=b'8' => r - b'1',
            _ => return Err(bad()),
        };
        Ok(Move(row * 8 + col))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.to_square() {
            None => f.write_str("pass"),
            Some(sq) => write!(f, "{}{}", (b'a' + (sq % 8) as u8) as char, sq / 8 + 1),
        }
    }
}

/// Whether square `sq` is a corner.
pub fn is_corner(sq: usize) -> bool {
    crate::bitboard::CORNERS >> sq & 1 == 1
}

/// Whether square `sq` is on the board's edge (corners included).
pub fn is_edge(sq: usize) -> bool {
    crate::bitboard::EDGES >> sq & 1 == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_and_reads_the_classic_digits() {
        for i in 0..=64 {
            let mv = Move::from_index(i).unwrap();
            assert_eq!(Move::parse(&mv.to_string()), Ok(mv));
        }
        assert_eq!(Move::parse("F5").unwrap().to_string(), "f5");
        assert_eq!(Move::parse("53").unwrap().to_string(), "e3");
        assert_eq!(Move::parse("81").unwrap().to_string(), "h1");
        for bad in ["", "i1", "a9", "a0", "09", "f55", "é1", "pas"] {
            assert!(Move::parse(bad).is_err(), "{bad:?}");
        }
    }
}
