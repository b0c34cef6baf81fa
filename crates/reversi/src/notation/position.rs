//! Reading positions in the FFO format: 64 squares `a1`…`h1`, `a2`…`h8` (`X` black, `O` white,
//! `-` or `.` empty), whitespace, and the side to move (`X` or `O`); or as the
//! [transcript](super::transcript) of the moves that lead to them from the standard start
//! (`f5d6c3`), as opening books such as XOT list them.

use tabula_core::{quote, Game, ParseError};

use crate::rules::Reversi;

/// Reads a position in the FFO format, or a transcript played from the standard start (text
/// with a digit in it: a board never has one). Letters may be lower case; `*` and `B`/`W` are
/// also read as black and white discs, as some files write them. Whitespace inside the board is
/// ignored.
pub fn parse(text: &str) -> Result<Reversi, ParseError> {
    let text = text.trim();
    if text.chars().any(|c| c.is_ascii_digit()) {
        return after_transcript(text);
    }
    let (board, side) = match text.rsplit_once(char::is_whitespace) {
        Some((board, side)) => (board, side.trim()),
        None => return Err(ParseError::new(
            "a position is 64 squares (X, O, - or .) then a space and the side to move (X or O)",
        )),
    };
    let mut black = 0u64;
    let mut white = 0u64;
    let mut sq = 0usize;
    for c in board.chars().filter(|c| !c.is_whitespace()) {
        if sq == 64 {
            return Err(ParseError::new(
                "the board has more than 64 squares".to_string(),
            ));
        }
        match c.to_ascii_uppercase() {
            'X' | 'B' | '*' => black |= 1u64 << sq,
            'O' | 'W' => white |= 1u64 << sq,
            '-' | '.' => {}
            _ => {
                return Err(ParseError::new(format!(
                    "{c:?} is not a square: use X (black), O (white), - or . (empty)"
                )))
            }
        }
        sq += 1;
    }
    if sq != 64 {
        return Err(ParseError::new(format!(
            "the board has {sq} squares; it needs 64"
        )));
    }
    let to_move = match side {
        "X" | "x" | "B" | "b" | "*" => 0,
        "O" | "o" | "W" | "w" => 1,
        _ => {
            return Err(ParseError::new(format!(
                "{} is not a side to move: write X (black) or O (white)",
                quote(side)
            )))
        }
    };
    Ok(Reversi::from_discs(black, white, to_move))
}

/// The position a transcript leads to from the standard start.
fn after_transcript(text: &str) -> Result<Reversi, ParseError> {
    let mut state = Reversi::start(0);
    for mv in super::transcript::parse(&state, text)? {
        state.play(mv);
    }
    Ok(state)
}
