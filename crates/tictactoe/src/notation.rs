//! Tic-tac-toe notation: cells and positions.
//!
//! - A cell is a column letter `a`–`c` and a row number `1`–`3` counted from the top (`a1` the
//!   top-left, `c3` the bottom-right; `2b` is read as `b2`), or a numeric-keypad digit `1`–`9`
//!   (7 8 9 on the top row).
//! - A position is nine cells row-major from the top-left (`X`, `O`, and `.`, `-` or space for
//!   empty), optionally followed by a space and the side to move, written only when O started.

use tabula_core::{quote, ParseError, Reason};

use crate::rules::{InvalidPosition, Mark, TicTacToe};

/// The cell named by a numeric-keypad digit: 7 8 9 on the top row, 1 2 3 on the bottom.
pub fn keypad_cell(digit: u8) -> Option<u8> {
    match digit {
        1..=9 => {
            let d = digit - 1;
            Some(TicTacToe::cell_at(d % 3, 2 - d / 3))
        }
        _ => None,
    }
}

/// Writes a cell as `a1`…`c3`.
pub fn cell_name(cell: u8) -> String {
    format!("{}{}", (b'a' + cell % 3) as char, cell / 3 + 1)
}

/// Reads a cell: `a1`…`c3` (either case, `1a` too) or a keypad digit.
pub fn parse_cell(text: &str) -> Result<u8, ParseError> {
    let text = text.trim();
    let bytes = text.as_bytes();
    let column = |c: u8| match c.to_ascii_lowercase() {
        b @ b'a'..=b'c' => Some(b - b'a'),
        _ => None,
    };
    let row = |c: u8| match c {
        b'1'..=b'3' => Some(c - b'1'),
        _ => None,
    };
    let cell = match bytes {
        [d] => d.checked_sub(b'0').and_then(keypad_cell),
        [a, b] => match (column(*a), row(*b), row(*a), column(*b)) {
            (Some(c), Some(r), _, _) | (_, _, Some(r), Some(c)) => Some(TicTacToe::cell_at(c, r)),
            _ => None,
        },
        _ => None,
    };
    cell.ok_or_else(|| {
        let input = quote(text);
        Reason::new(
            "reason-ttt-not-a-cell",
            format!(
                "{input} is not a cell: write a column a-c and a row 1-3 (b2 or 2b), or a keypad \
                 digit 1-9"
            ),
        )
        .arg("input", input)
        .into()
    })
}

/// Reads a position string, checking that play could reach it.
pub fn parse_position(text: &str) -> Result<TicTacToe, ParseError> {
    let format_error = || InvalidPosition::Format(text.to_string());
    let chars: Vec<char> = text.chars().collect();
    if chars.len() != 9 && chars.len() != 11 {
        return Err(format_error().into());
    }
    let (mut x, mut o) = (0u16, 0u16);
    for (cell, c) in chars[..9].iter().enumerate() {
        match c {
            'X' | 'x' => x |= 1 << cell,
            'O' | 'o' => o |= 1 << cell,
            '.' | '-' | ' ' => {}
            _ => return Err(format_error().into()),
        }
    }
    let to_move = match &chars[9..] {
        [] => None,
        [' ', m] => Some(Mark::parse(&m.to_string()).ok_or_else(format_error)?),
        _ => return Err(format_error().into()),
    };
    let (xs, os) = (x.count_ones(), o.count_ones());
    // Equal counts: the side to move started (X unless told). Unequal: the side with more
    // marks started, and the given side to move must be the other one.
    let first = match to_move {
        _ if xs > os => Mark::X,
        _ if os > xs => Mark::O,
        Some(mark) => mark,
        None => Mark::X,
    };
    let state = TicTacToe::from_masks(x, o, first)?;
    if let Some(mark) = to_move {
        if mark != state.to_move() {
            return Err(InvalidPosition::SideToMove {
                x: xs,
                o: os,
                to_move: mark,
            }
            .into());
        }
    }
    Ok(state)
}

/// Writes a position as [`parse_position`] reads it.
pub fn position_string(state: &TicTacToe) -> String {
    let mut text: String = (0..9)
        .map(|cell| match state.cell(cell) {
            Some(Mark::X) => 'X',
            Some(Mark::O) => 'O',
            None => '.',
        })
        .collect();
    if state.first() == Mark::O {
        text.push(' ');
        text.push_str(&state.to_move().to_string());
    }
    text
}
