//! Games in GGF, the Generic Game Format of the Generic Game Server (GGS) that the NBoard GUI and
//! online archives use: `(;GM[Othello]PB[..]PW[..]TI[15:00]TY[8]BO[8 <64 squares> *]B[f5]W[d6//1.5];)`.
//!
//! A game is `(;`, properties `NAME[value]`, then `;)`. The ones read here:
//! - `BO[8 <squares> <side>]`: the start position, 64 squares `*` (black), `O` (white) or `-`,
//!   spaces allowed between them, then the side to move (`*` or `O`); the standard start when
//!   absent;
//! - `B[move/eval/time]`, `W[..]`: a move by black or white, a square (`f5`, any case) or `PA`
//!   (`pass`), with an optional evaluation and the seconds it took (`d3//0.01`, `d2/2.39/0.01`);
//!   a pass the record leaves out (the other colour moves while the side to move has no move)
//!   is put in;
//! - `TY[8]`: the game type; boards other than 8×8 and anti-othello (`a`) are refused;
//! - `TI[05:00//02:00]`: the clock (main time / increment / extension), each `[[h:]m:]s`;
//! - `GM`: must be `Othello` when present.
//!
//! Every other property is kept as text. A value may hold `\]` for `]` and `\\` for `\`.
//! Malformed text or an illegal move is an error naming the property; nothing panics.

use std::fmt::Write as _;

use tabula_core::{quote, Game, ParseError};

use crate::notation::Move;
use crate::rules::Reversi;

/// One move of a GGF game with what the record says about it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GgfMove {
    /// The move (a pass for `PA`).
    pub mv: Move,
    /// The evaluation written with it, if any.
    pub eval: Option<f64>,
    /// The seconds it took, if written.
    pub time: Option<f64>,
}

/// A clock of `TI[main/increment/extension]`, in seconds; parts left empty are `None`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Clock {
    /// The main time.
    pub main: Option<f64>,
    /// The time added after each move.
    pub increment: Option<f64>,
    /// The extra time once the main time is spent.
    pub extension: Option<f64>,
}

/// A game read from GGF.
#[derive(Clone, Debug, PartialEq)]
pub struct GgfGame {
    /// The start position (`BO`).
    pub start: Reversi,
    /// The moves, passes included.
    pub moves: Vec<GgfMove>,
    /// The clock (`TI`), if given.
    pub clock: Option<Clock>,
    /// Every other property (`PB`, `PW`, `RE`, `DT`, …) in order, name and value.
    pub tags: Vec<(String, String)>,
}

impl GgfGame {
    /// A game of no moves from `start`.
    pub fn new(start: Reversi) -> GgfGame {
        GgfGame {
            start,
            moves: Vec::new(),
            clock: None,
            tags: Vec::new(),
        }
    }

    /// The position after every move.
    pub fn position(&self) -> Reversi {
        let mut state = self.start;
        for m in &self.moves {
            state.play(m.mv);
        }
        state
    }

    /// The seconds `player` has left on the clock after the moves so far: the main time, plus
    /// the increment for each of its moves, less the times its moves took. `None` without a
    /// clock or its main time; the extension is not counted.
    pub fn time_left(&self, player: tabula_core::Player) -> Option<f64> {
        let clock = self.clock?;
        let mut left = clock.main?;
        let mut state = self.start;
        for m in &self.moves {
            if state.to_move() == player {
                left += clock.increment.unwrap_or(0.0) - m.time.unwrap_or(0.0);
            }
            state.play(m.mv);
        }
        Some(left)
    }

    /// The value of property `name` kept in [`GgfGame::tags`].
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The game in GGF, one line; [`parse`] reads it back to an equal game.
    pub fn to_ggf(&self) -> String {
        let mut out = String::from("(;GM[Othello]");
        for (name, value) in &self.tags {
            let _ = write!(out, "{name}[{}]", escape(value));
        }
        if let Some(clock) = &self.clock {
            let part = |t: Option<f64>| t.map(|t| format!("{t}")).unwrap_or_default();
            let _ = write!(
                out,
                "TI[{}/{}/{}]",
                part(clock.main),
                part(clock.increment),
                part(clock.extension)
            );
        }
        out.push_str("TY[8]BO[8 ");
        let (black, white) = (self.start.discs(0), self.start.discs(1));
        for sq in 0..64 {
            out.push(match (black >> sq & 1, white >> sq & 1) {
                (1, _) => '*',
                (_, 1) => 'O',
                _ => '-',
            });
        }
        out.push_str(if self.start.to_move() == 0 {
            " *]"
        } else {
            " O]"
        });
        let mut state = self.start;
        for m in &self.moves {
            let colour = if state.to_move() == 0 { 'B' } else { 'W' };
            let mv =
                m.mv.to_square()
                    .map_or("PA".to_string(), |_| m.mv.to_string());
            let _ = write!(out, "{colour}[{mv}");
            if m.eval.is_some() || m.time.is_some() {
                let number = |x: Option<f64>| x.map(|x| format!("{x}")).unwrap_or_default();
                let _ = write!(out, "/{}/{}", number(m.eval), number(m.time));
            }
            out.push(']');
            state.play(m.mv);
        }
        out.push_str(";)");
        out
    }
}

/// Escapes `]` and `\` in a property value.
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace(']', "\\]")
}

/// Reads one GGF game; text before `(;` and after `;)` is ignored.
pub fn parse(text: &str) -> Result<GgfGame, ParseError> {
    let start = text
        .find("(;")
        .ok_or_else(|| ParseError::new("a GGF game begins with (;"))?;
    let (game, _) = parse_game(&text[start + 2..])?;
    Ok(game)
}

/// Reads every game of a GGF file (games one after another, with any text between them, as
/// archives write them): each game or the error that stopped it, in order.
pub fn parse_all(text: &str) -> Vec<Result<GgfGame, ParseError>> {
    let mut games = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("(;") {
        match parse_game(&rest[start + 2..]) {
            Ok((game, used)) => {
                games.push(Ok(game));
                rest = &rest[start + 2 + used..];
            }
            Err(e) => {
                games.push(Err(e));
                // Go on after this game's end, if it has one.
                match rest[start + 2..].find(";)") {
                    Some(end) => rest = &rest[start + 2 + end + 2..],
                    None => break,
                }
            }
        }
    }
    games
}

/// Reads the properties after `(;` up to `;)`: the game and the bytes used.
fn parse_game(text: &str) -> Result<(GgfGame, usize), ParseError> {
    let mut properties: Vec<(String, String)> = Vec::new();
    let mut i = 0;
    let bytes = text.as_bytes();
    loop {
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if text[i..].starts_with(";)") {
            i += 2;
            break;
        }
        if i >= bytes.len() {
            return Err(ParseError::new("the game does not end with ;)"));
        }
        let name_start = i;
        while i < bytes.len() && bytes[i].is_ascii_alphabetic() {
            i += 1;
        }
        let name = &text[name_start..i];
        if name.is_empty() || bytes.get(i) != Some(&b'[') {
            let found: String = text[name_start..].chars().take(10).collect();
            return Err(ParseError::new(format!(
                "expected a property like PB[name] or the end ;), found {}",
                quote(&found)
            )));
        }
        i += 1;
        let mut value = String::new();
        let mut chars = text[i..].char_indices();
        let end = loop {
            match chars.next() {
                None => {
                    return Err(ParseError::new(format!(
                        "the value of {name} has no closing ]"
                    )))
                }
                Some((at, ']')) => break i + at + 1,
                Some((_, '\\')) => match chars.next() {
                    Some((_, c)) => value.push(c),
                    None => {
                        return Err(ParseError::new(format!(
                            "the value of {name} has no closing ]"
                        )))
                    }
                },
                Some((_, c)) => value.push(c),
            }
        };
        i = end;
        properties.push((name.to_ascii_uppercase(), value));
    }
    Ok((build(properties)?, i))
}

/// The game from its properties, in order.
fn build(properties: Vec<(String, String)>) -> Result<GgfGame, ParseError> {
    let mut game = GgfGame::new(Reversi::initial());
    let mut moves = Vec::new();
    for (name, value) in properties {
        match name.as_str() {
            "GM" => {
                if !value.trim().eq_ignore_ascii_case("othello") {
                    return Err(ParseError::new(format!(
                        "GM[{}]: only Othello games are read",
                        quote(&value)
                    )));
                }
            }
            "TY" => check_type(&value)?,
            "BO" => game.start = parse_board(&value)?,
            "TI" => game.clock = Some(parse_clock(&value)?),
            "B" | "W" => moves.push((usize::from(name == "W"), value)),
            _ => game.tags.push((name, value)),
        }
    }
    let mut state = game.start;
    for (colour, value) in moves {
        let number = game.moves.len() + 1;
        let m = parse_move(&value)
            .map_err(|e| ParseError::new(format!("move {number}: {}", e.message)))?;
        if colour != state.to_move() && !m.mv.is_pass() && state.must_pass() {
            // The record leaves the pass out.
            state.pass();
            game.moves.push(GgfMove {
                mv: Move::PASS,
                eval: None,
                time: None,
            });
        }
        let name = ["black", "white"];
        if colour != state.to_move() {
            return Err(ParseError::new(format!(
                "move {number}: {} moves, but it is {}'s turn",
                name[colour],
                name[state.to_move()]
            )));
        }
        state
            .try_play(m.mv)
            .map_err(|e| ParseError::new(format!("move {}: {e}", game.moves.len() + 1)))?;
        game.moves.push(m);
    }
    Ok(game)
}

/// Checks `TY`: an 8×8 board, not anti-othello. Letters after the size (`r` random start,
/// `k` komi, `s` synchro) only say how the game was set up or scored and are allowed.
fn check_type(value: &str) -> Result<(), ParseError> {
    let digits: String = value.chars().filter(char::is_ascii_digit).collect();
    if digits != "8" && !digits.is_empty() {
        return Err(ParseError::new(format!(
            "TY[{}]: only 8x8 boards are played",
            quote(value)
        )));
    }
    if value.contains('a') {
        return Err(ParseError::new(format!(
            "TY[{}]: anti-othello is not played",
            quote(value)
        )));
    }
    Ok(())
}

/// Reads `BO[8 <64 squares> <side>]`.
fn parse_board(value: &str) -> Result<Reversi, ParseError> {
    let value = value.trim();
    let (size, rest) = value.split_once(char::is_whitespace).unwrap_or((value, ""));
    if size != "8" {
        return Err(ParseError::new(format!(
            "BO: the board size is {}; only 8 is played",
            quote(size)
        )));
    }
    let squares: Vec<char> = rest.chars().filter(|c| !c.is_whitespace()).collect();
    if squares.len() != 65 {
        return Err(ParseError::new(format!(
            "BO: {} characters after the size; 64 squares and the side to move make 65",
            squares.len()
        )));
    }
    let (mut black, mut white) = (0u64, 0u64);
    for (sq, &c) in squares[..64].iter().enumerate() {
        match c {
            '*' | 'X' | 'x' | '#' => black |= 1 << sq,
            'O' | 'o' => white |= 1 << sq,
            '-' | '.' => {}
            _ => {
                return Err(ParseError::new(format!(
                    "BO: {c:?} is not a square: * is black, O white, - empty"
                )))
            }
        }
    }
    let to_move = match squares[64] {
        '*' | 'X' | 'x' | '#' => 0,
        'O' | 'o' => 1,
        c => {
            return Err(ParseError::new(format!(
                "BO: {c:?} is not a side to move: * (black) or O (white)"
            )))
        }
    };
    Ok(Reversi::from_discs(black, white, to_move))
}

/// Reads one move as GGF and NBoard's `move` command write it: `move/eval/time`, the move a
/// square (`f5`, `F5`) or `PA` (`pass`), the evaluation and the time (`[[h:]m:]s`) optional.
pub fn parse_move(value: &str) -> Result<GgfMove, ParseError> {
    let mut parts = value.split('/');
    let mv = parts.next().unwrap_or("").trim();
    let mv = if mv.eq_ignore_ascii_case("pa") || mv.eq_ignore_ascii_case("pass") {
        Move::PASS
    } else if mv.len() == 2 && mv.as_bytes()[0].is_ascii_alphabetic() {
        Move::parse(mv)?
    } else {
        return Err(ParseError::new(format!(
            "{} is not a move: a square a1-h8 or PA",
            quote(mv)
        )));
    };
    let eval = match parts.next().map(str::trim) {
        None | Some("") => None,
        Some(text) => Some(number(text, "evaluation")?),
    };
    let time = match parts.next().map(str::trim) {
        None | Some("") => None,
        Some(text) => Some(seconds(text)?),
    };
    if parts.next().is_some() {
        return Err(ParseError::new(format!(
            "{}: a move is move/eval/time",
            quote(value)
        )));
    }
    Ok(GgfMove { mv, eval, time })
}

/// A finite number.
fn number(text: &str, what: &str) -> Result<f64, ParseError> {
    text.parse::<f64>()
        .ok()
        .filter(|x| x.is_finite())
        .ok_or_else(|| ParseError::new(format!("{} is not a number ({what})", quote(text))))
}

/// A time `[[h:]m:]s`, in seconds, not negative.
fn seconds(text: &str) -> Result<f64, ParseError> {
    let parts: Vec<&str> = text.split(':').collect();
    if parts.len() > 3 {
        return Err(ParseError::new(format!(
            "{} is not a time: [[hours:]minutes:]seconds",
            quote(text)
        )));
    }
    let mut total = 0.0;
    for part in parts {
        let x = number(part.trim(), "time")?;
        if x < 0.0 {
            return Err(ParseError::new(format!(
                "{} is a negative time",
                quote(text)
            )));
        }
        total = total * 60.0 + x;
    }
    if !total.is_finite() {
        return Err(ParseError::new(format!(
            "{} is too long a time",
            quote(text)
        )));
    }
    Ok(total)
}

/// Reads `TI[main/increment/extension]`.
fn parse_clock(value: &str) -> Result<Clock, ParseError> {
    let parts: Vec<&str> = value.split('/').map(str::trim).collect();
    if parts.len() > 3 {
        return Err(ParseError::new(format!(
            "TI[{}]: a clock is main/increment/extension",
            quote(value)
        )));
    }
    let part = |i: usize| -> Result<Option<f64>, ParseError> {
        match parts.get(i) {
            None | Some(&"") => Ok(None),
            Some(text) => seconds(text)
                .map(Some)
                .map_err(|e| ParseError::new(format!("TI: {}", e.message))),
        }
    };
    Ok(Clock {
        main: part(0)?,
        increment: part(1)?,
        extension: part(2)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_nboards_example_game() {
        // The example of NBoard's Protocol.htm (weltyc/ntest, instructions/).
        let game = parse(
            "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]\
             TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]\
             B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)",
        )
        .unwrap();
        assert_eq!(game.start, Reversi::initial());
        assert_eq!(game.moves.len(), 8);
        assert_eq!(game.tag("PB"), Some("./mEdax"));
        assert_eq!(game.clock.unwrap().main, Some(900.0));
        assert_eq!(game.time_left(0), Some(900.0));
        assert_eq!(game.position().to_move(), 0);
        assert_eq!(
            game.position().discs(0).count_ones() + game.position().discs(1).count_ones(),
            12
        );
    }

    #[test]
    fn reads_moves_with_evals_times_and_passes() {
        let game = parse("(;B[f5/1.5/2:03]W[PA]B[d6//0.5];)");
        // After f5 white has moves, so the pass is illegal.
        assert!(game.unwrap_err().message.contains("move 2"));
        // a1 black, b1 white, white to move: white has no move, black takes c1.
        let board = format!("BO[8 *O{} O]", "-".repeat(62));
        let written = parse(&format!("(;{board}W[PA]B[c1/2/3];)")).unwrap();
        let implied = parse(&format!("(;{board}B[c1/2/3];)")).unwrap();
        assert_eq!(written, implied, "the left-out pass is put in");
        assert_eq!(implied.moves[0].mv, Move::PASS);
        let end = implied.position();
        assert!(end.is_over());
        assert_eq!(
            (end.discs(0).count_ones(), end.discs(1).count_ones()),
            (3, 0)
        );
        assert_eq!(parse(&written.to_ggf()).unwrap(), written);
        // Black's clock: 10 s, 1 s more a move, c1 took 3 s; white's pass took nothing.
        let timed = parse(&format!("(;TI[0:10/1]{board}W[PA]B[c1/2/3];)")).unwrap();
        assert_eq!(
            (timed.time_left(0), timed.time_left(1)),
            (Some(8.0), Some(11.0))
        );
        assert_eq!(written.time_left(0), None);
        let m = parse_move("d3/2.39/1:01").unwrap();
        assert_eq!((m.eval, m.time), (Some(2.39), Some(61.0)));
        assert_eq!(parse_move("PA").unwrap().mv, Move::PASS);
        assert!(parse_move("d3/x/1").is_err());
        assert!(parse_move("d3/1/2/3").is_err());
        assert!(parse_move("53").is_err());
    }

    #[test]
    fn refuses_other_games_and_malformed_text() {
        for (text, needle) in [
            ("", "begins with"),
            ("(;GM[Go];)", "Othello"),
            ("(;TY[10];)", "8x8"),
            ("(;TY[8a];)", "anti"),
            ("(;BO[10 --];)", "only 8"),
            ("(;BO[8 ---- *];)", "65"),
            ("(;B[f5]", "does not end"),
            ("(;PB[x", "no closing"),
            ("(;PB x];)", "expected a property"),
            ("(;W[f5];)", "black's turn"),
            ("(;B[a1];)", "move 1"),
            ("(;TI[1:2:3:4];)", "TI"),
            ("(;B[f5//-1];)", "negative"),
            ("(;TI[1e308:1e308];)", "too long"),
        ] {
            let err = parse(text).unwrap_err();
            assert!(err.message.contains(needle), "{text:?}: {err}");
        }
    }

    #[test]
    fn escaped_brackets_round_trip() {
        let mut game = GgfGame::new(Reversi::initial());
        game.tags.push(("C".to_string(), "a]b\\c".to_string()));
        let text = game.to_ggf();
        assert_eq!(parse(&text).unwrap(), game);
    }
}
