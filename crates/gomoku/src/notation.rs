//! Gomoku notation: points, move lists and board strings.
//!
//! - A point is a column letter from the left (`a`, `b`, …) and a row number from the
//!   **bottom** (`1`…), as in renju books: `h8` is the centre of the 15 × 15 board, `a1` the
//!   lower-left corner. Letters are read in either case; `8h` is accepted too.
//! - A position is either a board string or a move list.
//!   - Board string: the rows from the top, separated by `/`, each with one character per
//!     point (`.` empty, `X`/`B` black, `O`/`W` white, either case), then a space and the side
//!     to move (`X`/`B` black, `O`/`W` white). The number of rows gives the size (5–22). An
//!     optional last word names the rule; it is written only when it is not the default
//!     `freestyle`, so `…/… X standard` is the standard-rule position (`renju` likewise). Example (5 × 5):
//!     `...../...../..X../...../..... O`.
//!   - Move list: moves played from the empty board, black first, separated by spaces or
//!     commas (`h8 i9 h9`). The words `standard`/`freestyle`/`renju` and `size=N` (or `NxN`) set the
//!     rule and size; an empty list is the empty board.
//!
//! A board string must be one that some game reaches ([`Gomoku::check_reachable`]): stone counts
//! that fit black moving first and the side to move, and no play after a win.
//!
//! [`position_string`] always writes the board form with `X`/`O`, which [`parse_position`]
//! reads back to an equal position.

use tabula_core::{quote, Game, ParseError, Player, Reason};

use crate::rules::{Gomoku, Point, Rule, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE};

/// The column letter of column `x` (0 = `a`).
pub fn column_letter(x: usize) -> char {
    (b'a' + x as u8) as char
}

/// Reads a point such as `h8` (or `8h`) on a board of side `size`.
pub fn parse_point(size: usize, text: &str) -> Result<Point, ParseError> {
    let text = text.trim();
    let input = quote(text);
    let bad = |id: &'static str, why: &str| {
        ParseError::from(
            Reason::new(id, format!("{input} is not a point: {why}")).arg("input", &input),
        )
    };
    let letters: String = text.chars().filter(|c| c.is_ascii_alphabetic()).collect();
    let digits: String = text.chars().filter(|c| c.is_ascii_digit()).collect();
    let well_formed = text.is_ascii()
        && letters.len() == 1
        && letters.len() + digits.len() == text.len()
        && !digits.is_empty()
        && (text.starts_with(&letters) && text.ends_with(&digits)
            || text.starts_with(&digits) && text.ends_with(&letters));
    if !well_formed {
        return Err(bad(
            "reason-gomoku-point-form",
            "write a column letter and a row number, like h8",
        ));
    }
    let x = (letters.as_bytes()[0].to_ascii_lowercase() - b'a') as usize;
    if x >= size {
        let last = column_letter(size - 1);
        let error = bad(
            "reason-gomoku-point-column",
            &format!("columns go from a to {last}"),
        );
        return Err(with_arg(error, "last", last));
    }
    let row: usize = digits
        .parse()
        .map_err(|_| bad("reason-gomoku-point-row-large", "the row is too large"))?;
    if !(1..=size).contains(&row) {
        let error = bad(
            "reason-gomoku-point-row",
            &format!("rows go from 1 to {size}"),
        );
        return Err(with_arg(error, "size", size));
    }
    let y = size - row;
    Ok((y * size + x) as Point)
}

/// `error` with one more argument to its reason.
fn with_arg(mut error: ParseError, name: &'static str, value: impl ToString) -> ParseError {
    error.reason = error.reason.map(|reason| reason.arg(name, value));
    error
}

/// Writes point `p` of a board of side `size` (`h8`).
pub fn point_string(size: usize, p: Point) -> String {
    let (x, y) = (p as usize % size, p as usize / size);
    format!("{}{}", column_letter(x), size - y)
}

/// The board form of `game` (see the module documentation).
pub fn position_string(game: &Gomoku) -> String {
    let size = game.size();
    let mut text = String::with_capacity(size * (size + 1) + 12);
    for y in 0..size {
        if y > 0 {
            text.push('/');
        }
        for x in 0..size {
            text.push(match game.cell((y * size + x) as Point) {
                crate::rules::Cell::Empty => '.',
                crate::rules::Cell::Stone(0) => 'X',
                crate::rules::Cell::Stone(_) => 'O',
            });
        }
    }
    text.push(' ');
    text.push(if game.to_move() == 0 { 'X' } else { 'O' });
    if game.rule() != Rule::default() {
        text.push(' ');
        text.push_str(game.rule().name());
    }
    text
}

/// Reads a position: a board string or a move list (see the module documentation).
pub fn parse_position(text: &str) -> Result<Gomoku, ParseError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.first() {
        Some(first) if first.contains('/') => parse_board(&words),
        _ => parse_move_list(text),
    }
}

/// The player named by a stone or side-to-move character.
fn player_of(c: char) -> Option<Player> {
    match c.to_ascii_uppercase() {
        'X' | 'B' => Some(0),
        'O' | 'W' => Some(1),
        _ => None,
    }
}

fn parse_board(words: &[&str]) -> Result<Gomoku, ParseError> {
    let (rows, side, rule) = match words {
        [rows, side] => (rows, side, Rule::default()),
        [rows, side, rule] => (
            rows,
            side,
            Rule::from_name(rule).ok_or_else(|| {
                ParseError::new(format!(
                    "unknown rule {} (known: freestyle, standard, renju)",
                    quote(rule)
                ))
            })?,
        ),
        _ => {
            return Err(ParseError::new(
                "a board string is the rows, the side to move and optionally the rule, \
                 like \"...../...../..X../...../..... O\"",
            ))
        }
    };
    let rows: Vec<&str> = rows.split('/').collect();
    let size = rows.len();
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return Err(ParseError::new(format!(
            "the board has {size} rows; sizes go from {MIN_SIZE} to {MAX_SIZE}"
        )));
    }
    let mut game = Gomoku::new(size, rule)?;
    for (y, row) in rows.iter().enumerate() {
        if row.chars().count() != size {
            return Err(ParseError::new(format!(
                "row {} from the top has {} points; a {size}x{size} board needs {size}",
                y + 1,
                row.chars().count()
            )));
        }
        for (x, c) in row.chars().enumerate() {
            if c == '.' {
                continue;
            }
            let player = player_of(c).ok_or_else(|| {
                ParseError::new(format!(
                    "unexpected {c:?} on the board (use . X O or . B W)"
                ))
            })?;
            game.put((y * size + x) as Point, player);
        }
    }
    let mut side_chars = side.chars();
    let to_move = match (side_chars.next().and_then(player_of), side_chars.next()) {
        (Some(player), None) => player,
        _ => {
            return Err(ParseError::new(format!(
                "the side to move is X/B (black) or O/W (white), not {}",
                quote(side)
            )))
        }
    };
    game.settle(to_move)?;
    game.check_reachable()?;
    Ok(game)
}

fn parse_move_list(text: &str) -> Result<Gomoku, ParseError> {
    let mut size = DEFAULT_SIZE;
    let mut rule = Rule::default();
    let mut moves = Vec::new();
    for word in text.split(|c: char| c.is_whitespace() || c == ',') {
        if word.is_empty() {
            continue;
        }
        if let Some(r) = Rule::from_name(word) {
            rule = r;
        } else if let Some(n) = size_option(word) {
            size =
                n.ok_or_else(|| ParseError::new(format!("bad board size in {}", quote(word))))?;
        } else {
            moves.push(word);
        }
    }
    let start = Gomoku::new(size, rule)?;
    let list = start.parse_moves(&moves.join(" "))?;
    let mut game = start;
    for mv in list {
        game.play(mv);
    }
    Ok(game)
}

/// `size=N` or `NxN`: `Some(Some(N))`, `Some(None)` when malformed, `None` when not a size word.
fn size_option(word: &str) -> Option<Option<usize>> {
    let lower = word.to_ascii_lowercase();
    if let Some(n) = lower.strip_prefix("size=") {
        return Some(n.parse().ok());
    }
    let (a, b) = lower.split_once('x')?;
    if a.is_empty() || !a.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    Some(a.parse().ok().filter(|_| a == b))
}
