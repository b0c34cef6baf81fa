//! Move and position notation.
//!
//! - Slides: `up`, `down`, `left`, `right`, or `u d l r`, or `w a s` (WASD without its `d`,
//!   which reads as down). Case is ignored.
//! - New tiles (chance moves, as save files record them): `2@a1`, `4@c3` — the value, `@`, and
//!   the cell: column `a`–`d` from the left, row `1`–`4` from the top (`a1` the top-left cell).
//! - Positions: the sixteen tile values row-major from the top-left (`0` empty), separated by
//!   commas (spaces are accepted too), then optionally `player` or `chance` (who moves next;
//!   `player` by default) and `score=N` (0 by default), e.g.
//!   `2,0,0,0,0,0,0,0,0,0,4,0,0,0,0,0 player score=0`. A chance position on an empty board is
//!   the start of a game: two tiles appear before the first slide.

use tabula_core::{quote, ParseError, Reason};

use crate::board::Direction;
use crate::rules::{tile_value, Game2048, Move, MAX_EXPONENT};

/// The name of cell `cell` (0..16): column letter and row number from the top, `a1`…`d4`.
pub fn cell_name(cell: usize) -> String {
    let column = char::from(b'a' + (cell % 4) as u8);
    format!("{column}{}", cell / 4 + 1)
}

/// Reads a cell name `a1`…`d4`.
pub fn parse_cell(text: &str) -> Option<u8> {
    let bytes = text.as_bytes();
    if bytes.len() != 2 {
        return None;
    }
    let column = bytes[0].to_ascii_lowercase().checked_sub(b'a')?;
    let row = bytes[1].checked_sub(b'1')?;
    // Lazily: `4 * row` overflows for rows far past the board.
    (column < 4 && row < 4).then(|| 4 * row + column)
}

/// Reads a slide or a new tile.
pub fn parse_move(text: &str) -> Result<Move, ParseError> {
    let word = text.trim().to_ascii_lowercase();
    let direction = match word.as_str() {
        "up" | "u" | "w" => Some(Direction::Up),
        "down" | "d" | "s" => Some(Direction::Down),
        "left" | "l" | "a" => Some(Direction::Left),
        "right" | "r" => Some(Direction::Right),
        _ => None,
    };
    if let Some(direction) = direction {
        return Ok(Move::Slide(direction));
    }
    let input = quote(text.trim());
    let bad = |id: &'static str, english: String| {
        ParseError::from(Reason::new(id, english).arg("input", &input))
    };
    let Some((value, cell)) = word.split_once('@') else {
        return Err(bad(
            "reason-2048-not-a-move",
            format!(
                "{input} is not a move: slide up, down, left or right (u d l r), or place a tile \
                 like 2@a1"
            ),
        ));
    };
    let value = match value {
        "2" => 2,
        "4" => 4,
        _ => {
            return Err(bad(
                "reason-2048-tile-value",
                format!("{input}: a new tile is a 2 or a 4"),
            ))
        }
    };
    let cell = parse_cell(cell).ok_or_else(|| {
        bad(
            "reason-2048-tile-cell",
            format!("{input}: cells are a1 to d4 (column a-d from the left, row 1-4 from the top)"),
        )
    })?;
    Ok(Move::Spawn { cell, value })
}

/// Writes a move as [`parse_move`] reads it.
pub fn move_string(mv: Move) -> String {
    match mv {
        Move::Slide(direction) => direction.name().to_string(),
        Move::Spawn { cell, value } => format!("{value}@{}", cell_name(usize::from(cell))),
    }
}

/// Reads a position (see the module docs).
pub fn parse_position(text: &str) -> Result<Game2048, ParseError> {
    let mut exponents = [0u8; 16];
    let mut count = 0;
    let mut chance = None;
    let mut score = None;
    for word in text.split(|c: char| c.is_whitespace() || c == ',') {
        if word.is_empty() {
            continue;
        }
        let lower = word.to_ascii_lowercase();
        if lower == "player" || lower == "chance" {
            if chance.replace(lower == "chance").is_some() {
                return Err(ParseError::new("who moves next is given twice"));
            }
        } else if let Some(value) = lower.strip_prefix("score=") {
            let value = value.parse::<u64>().map_err(|_| {
                ParseError::new(format!("{}: the score is a whole number", quote(word)))
            })?;
            if score.replace(value).is_some() {
                return Err(ParseError::new("the score is given twice"));
            }
        } else {
            if count == 16 {
                return Err(ParseError::new("more than 16 tiles"));
            }
            exponents[count] = parse_tile(word)?;
            count += 1;
        }
    }
    if count != 16 {
        return Err(ParseError::new(format!(
            "a position has 16 tile values (row-major from the top-left, 0 for empty), found {count}"
        )));
    }
    Game2048::from_exponents(exponents, score.unwrap_or(0), chance.unwrap_or(false))
}

/// Reads one tile value: 0 or a power of two from 2 up to 2^20; returns its exponent.
fn parse_tile(word: &str) -> Result<u8, ParseError> {
    let bad = || {
        ParseError::new(format!(
            "{} is not a tile: tiles are 0 (empty) or 2, 4, 8, … up to {}",
            quote(word),
            tile_value(MAX_EXPONENT)
        ))
    };
    let value: u64 = word.parse().map_err(|_| bad())?;
    if value == 0 {
        return Ok(0);
    }
    if value == 1 || !value.is_power_of_two() || value > tile_value(MAX_EXPONENT) {
        return Err(bad());
    }
    Ok(value.trailing_zeros() as u8)
}

/// Writes a position as [`parse_position`] reads it: the tiles, `player` or `chance`, and the
/// score.
pub fn position_string(state: &Game2048) -> String {
    let tiles: Vec<String> = state
        .exponents()
        .into_iter()
        .map(|e| tile_value(e).to_string())
        .collect();
    format!(
        "{} {} score={}",
        tiles.join(","),
        if state.is_chance() {
            "chance"
        } else {
            "player"
        },
        state.score()
    )
}
