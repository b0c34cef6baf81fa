//! Reading one NBoard command line.

use tabula_core::{quote, ParseError};
use tabula_reversi::ggf::{self, GgfGame, GgfMove};

/// The deepest midgame search `set depth` takes (a game has at most 60 moves).
pub const MAX_DEPTH: u32 = 60;

/// One command from the GUI, as [`parse_command`] reads it.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `nboard <version>`.
    Nboard(u32),
    /// `set depth <n>`: the midgame search depth, 1 to [`MAX_DEPTH`].
    SetDepth(u32),
    /// `set game <GGF>`.
    SetGame(Box<GgfGame>),
    /// `set contempt <n>`: the value of a book draw, from black's side.
    SetContempt(f64),
    /// `set <anything else>`: a setting this engine does not have (ignored).
    SetOther(String),
    /// `move <move>[/<eval>/<time>]`.
    Move(GgfMove),
    /// `hint <n>`: the values of the `n` best moves (1 when `n` is left out).
    Hint(usize),
    /// `go`.
    Go,
    /// `ping <n>`.
    Ping(u64),
    /// `learn`.
    Learn,
    /// `analyze`.
    Analyze,
    /// `quit`.
    Quit,
    /// An empty line.
    Blank,
    /// Any other command word (ignored, as the protocol asks).
    Unknown(String),
}

impl Command {
    /// Whether this command stops a search in progress: `ping` (the GUI is about to change the
    /// position and waits for `pong`) and `quit`.
    pub fn interrupts(&self) -> bool {
        matches!(self, Command::Ping(_) | Command::Quit)
    }
}

/// Reads one line. Command words are matched in any case; an error explains what a known
/// command's arguments should be.
pub fn parse_command(line: &str) -> Result<Command, String> {
    let line = line.trim();
    let (word, rest) = split_word(line);
    Ok(match word.to_ascii_lowercase().as_str() {
        "" => Command::Blank,
        "nboard" => Command::Nboard(number(rest, "nboard", "a protocol version like 2")?),
        "set" => {
            let (name, value) = split_word(rest);
            match name.to_ascii_lowercase().as_str() {
                "depth" => {
                    let depth: u32 = number(value, "set depth", "a depth from 1 to 60")?;
                    if !(1..=MAX_DEPTH).contains(&depth) {
                        return Err(format!(
                            "set depth {depth}: the depth is from 1 to {MAX_DEPTH}"
                        ));
                    }
                    Command::SetDepth(depth)
                }
                "game" => Command::SetGame(Box::new(
                    ggf::parse(value).map_err(|e| format!("set game: {}", e.message))?,
                )),
                "contempt" => {
                    let contempt: f64 = number(value, "set contempt", "a number of discs")?;
                    if !contempt.is_finite() {
                        return Err("set contempt: the contempt is a finite number".to_string());
                    }
                    Command::SetContempt(contempt)
                }
                _ => Command::SetOther(name.to_string()),
            }
        }
        "move" => Command::Move(
            ggf::parse_move(rest).map_err(|e: ParseError| format!("move: {}", e.message))?,
        ),
        "hint" if rest.is_empty() => Command::Hint(1),
        "hint" => {
            let n: usize = number(rest, "hint", "how many moves, from 1")?;
            if n == 0 {
                return Err("hint 0: ask for at least one move".to_string());
            }
            Command::Hint(n)
        }
        "go" => Command::Go,
        "ping" => Command::Ping(number(rest, "ping", "a number")?),
        "learn" => Command::Learn,
        "analyze" => Command::Analyze,
        "quit" => Command::Quit,
        _ => Command::Unknown(word.to_string()),
    })
}

/// The first word of `text` and the rest, trimmed.
fn split_word(text: &str) -> (&str, &str) {
    match text.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (text, ""),
    }
}

/// `text` as a number for `command`, which takes `what`.
fn number<T: std::str::FromStr>(text: &str, command: &str, what: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{command} takes {what}, not {}", quote(text)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_reversi::Move;

    #[test]
    fn reads_every_command() {
        assert_eq!(parse_command("nboard 2"), Ok(Command::Nboard(2)));
        assert_eq!(parse_command("  set depth 12 "), Ok(Command::SetDepth(12)));
        assert_eq!(
            parse_command("set contempt -100"),
            Ok(Command::SetContempt(-100.0))
        );
        assert_eq!(
            parse_command("set myname x"),
            Ok(Command::SetOther("myname".into()))
        );
        let Ok(Command::Move(m)) = parse_command("move F5/-1.5/2.25") else {
            panic!("move reads")
        };
        assert_eq!(
            (m.mv, m.eval, m.time),
            (Move::parse("f5").unwrap(), Some(-1.5), Some(2.25))
        );
        assert_eq!(
            parse_command("move PA"),
            Ok(Command::Move(GgfMove {
                mv: Move::PASS,
                eval: None,
                time: None
            }))
        );
        assert_eq!(parse_command("hint"), Ok(Command::Hint(1)));
        assert_eq!(parse_command("hint 3"), Ok(Command::Hint(3)));
        assert_eq!(parse_command("GO"), Ok(Command::Go));
        assert_eq!(parse_command("ping 7"), Ok(Command::Ping(7)));
        assert_eq!(parse_command("learn"), Ok(Command::Learn));
        assert_eq!(parse_command("analyze"), Ok(Command::Analyze));
        assert_eq!(parse_command("quit"), Ok(Command::Quit));
        assert_eq!(parse_command(""), Ok(Command::Blank));
        assert_eq!(
            parse_command("fly away"),
            Ok(Command::Unknown("fly".into()))
        );
        let Ok(Command::SetGame(game)) = parse_command("set game (;GM[Othello]B[f5];)") else {
            panic!("set game reads")
        };
        assert_eq!(game.moves.len(), 1);
    }

    #[test]
    fn explains_bad_arguments() {
        for (line, needle) in [
            ("nboard two", "protocol version"),
            ("set depth 0", "from 1 to 60"),
            ("set depth 61", "from 1 to 60"),
            ("set depth -3", "a depth"),
            ("set game", "set game"),
            ("set game (;B[z9];)", "set game: move 1"),
            ("set contempt lots", "number of discs"),
            ("set contempt inf", "finite"),
            ("move", "move"),
            ("move i9", "move"),
            ("hint 0", "at least one"),
            ("hint x", "how many"),
            ("ping", "ping takes"),
            ("ping -1", "ping takes"),
        ] {
            let err = parse_command(line).unwrap_err();
            assert!(err.contains(needle), "{line:?}: {err}");
        }
        assert!(parse_command("ping 1").unwrap().interrupts());
        assert!(parse_command("quit").unwrap().interrupts());
        assert!(!parse_command("go").unwrap().interrupts());
    }
}
