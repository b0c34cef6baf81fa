//! Whole games written as transcripts: `f5d6c3d3c4`, moves with or without separators, passes
//! written (`pass`, `ps`) or implied.

use tabula_core::{Game, ParseError};

use crate::notation::Move;
use crate::rules::Reversi;

/// Reads the moves of a transcript played from `start`, inserting the passes it implies. Moves
/// may be separated by spaces, commas or nothing; each is a square (`f5`, `53`) or `pass`.
pub fn parse(start: &Reversi, text: &str) -> Result<Vec<Move>, ParseError> {
    let chars: Vec<char> = text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != ',')
        .collect();
    let mut state = *start;
    let mut moves = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let word: String = if chars[i].eq_ignore_ascii_case(&'p') {
            let len = if starts_with_pass(&chars[i..]) { 4 } else { 2 };
            chars[i..(i + len).min(chars.len())].iter().collect()
        } else {
            chars[i..(i + 2).min(chars.len())].iter().collect()
        };
        i += word.chars().count();
        let mv = Move::parse(&word)
            .map_err(|e| ParseError::new(format!("move {}: {e}", moves.len() + 1)))?;
        if !mv.is_pass() && state.must_pass() {
            moves.push(Move::PASS);
            state.pass();
        }
        state
            .try_play(mv)
            .map_err(|e| ParseError::new(format!("move {}: {e}", moves.len() + 1)))?;
        moves.push(mv);
    }
    Ok(moves)
}

fn starts_with_pass(chars: &[char]) -> bool {
    chars.len() >= 4
        && chars[..4]
            .iter()
            .zip("pass".chars())
            .all(|(a, b)| a.eq_ignore_ascii_case(&b))
}
