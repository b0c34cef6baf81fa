//! The registry of Tabula's games, for code that picks a game at run time: a menu, a command
//! line, a web request.
//!
//! [`GameKind`] names a game; [`with_game!`] turns a kind into the concrete game type so that
//! generic code runs monomorphized; [`Rules`] carries a game's rule settings (gomoku's board size,
//! rule and [`Opening`], 2048's goal) in a form a menu, a URL or a JSON body can hold.
//!
//! Adding a game: a variant in [`GameKind`] with its names, a line in [`with_game!`], and its
//! settings in [`Rules`].

use std::fmt;

use serde::{Deserialize, Serialize};
use tabula_gomoku::rules::{DEFAULT_SIZE, MAX_SIZE, MIN_SIZE};
use tabula_gomoku::Rule;

/// A game by kind, for dispatch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameKind {
    /// Tic-tac-toe.
    #[serde(rename = "tictactoe")]
    TicTacToe,
    /// Reversi (othello).
    #[serde(rename = "reversi")]
    Reversi,
    /// Gomoku.
    #[serde(rename = "gomoku")]
    Gomoku,
    /// 2048.
    #[serde(rename = "2048")]
    Game2048,
}

/// A game name that is not one of ours.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown game {} (known: tictactoe, reversi, gomoku, 2048)",
    tabula_core::quote(name)
)]
pub struct UnknownGame {
    /// The name given.
    pub name: String,
}

impl GameKind {
    /// Every game, in menu order.
    pub const ALL: &'static [GameKind] = &[
        GameKind::TicTacToe,
        GameKind::Reversi,
        GameKind::Gomoku,
        GameKind::Game2048,
    ];

    /// The game's names on the command line, canonical first.
    pub fn names(self) -> &'static [&'static str] {
        match self {
            GameKind::TicTacToe => &["tictactoe", "ttt", "tic-tac-toe"],
            GameKind::Reversi => &["reversi", "othello"],
            GameKind::Gomoku => &["gomoku", "gobang", "five"],
            GameKind::Game2048 => &["2048"],
        }
    }

    /// The canonical name (`tictactoe`, `reversi`, `gomoku`, `2048`).
    pub fn name(self) -> &'static str {
        self.names()[0]
    }

    /// Reads a game name or alias, in any case.
    pub fn parse(name: &str) -> Result<GameKind, UnknownGame> {
        let lower = name.to_ascii_lowercase();
        GameKind::ALL
            .iter()
            .copied()
            .find(|kind| kind.names().contains(&lower.as_str()))
            .ok_or_else(|| UnknownGame {
                name: name.to_string(),
            })
    }

    /// How many players choose moves.
    pub fn players(self) -> usize {
        match self {
            GameKind::Game2048 => 1,
            _ => 2,
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Runs `$body` with `$G` bound to the concrete game type of `$kind`.
///
/// ```
/// use tabula_core::Game;
/// use tabula_games::{with_game, GameKind};
/// let players = with_game!(GameKind::Reversi, G => G::PLAYERS);
/// assert_eq!(players, 2);
/// ```
#[macro_export]
macro_rules! with_game {
    ($kind:expr, $G:ident => $body:expr) => {
        match $kind {
            $crate::GameKind::TicTacToe => {
                type $G = $crate::TicTacToe;
                $body
            }
            $crate::GameKind::Reversi => {
                type $G = $crate::Reversi;
                $body
            }
            $crate::GameKind::Gomoku => {
                type $G = $crate::Gomoku;
                $body
            }
            $crate::GameKind::Game2048 => {
                type $G = $crate::Game2048;
                $body
            }
        }
    };
}

pub use tabula_2048::Game2048;
pub use tabula_gomoku::Gomoku;
pub use tabula_reversi::Reversi;
pub use tabula_tictactoe::TicTacToe;

/// The 2048 goal when none is given: the tile the game is named after.
pub const DEFAULT_GOAL: u64 = 2048;

/// A game with its rule settings: what a new game needs besides the players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "game", rename_all = "lowercase")]
pub enum Rules {
    /// Tic-tac-toe: no settings.
    #[serde(rename = "tictactoe")]
    TicTacToe,
    /// Reversi: no settings.
    Reversi,
    /// Gomoku on a `size` × `size` board under `rule`.
    Gomoku {
        /// The board side, 5 to 22.
        #[serde(default = "default_size")]
        size: usize,
        /// Freestyle (five or more wins), standard (exactly five) or renju (black: exactly
        /// five and no forbidden points).
        #[serde(default = "default_rule", with = "rule_name")]
        rule: Rule,
        /// How the first stones are placed and the colours given out: `standard` (black
        /// begins), `swap1` or `swap2`. Left out of JSON when standard.
        #[serde(default, skip_serializing_if = "Opening::is_standard")]
        opening: Opening,
    },
    /// 2048 on the 4 × 4 board, announcing a win at `goal`.
    #[serde(rename = "2048")]
    Game2048 {
        /// The tile that counts as the win (a power of two from 8 to 65536); play may go on.
        #[serde(default = "default_goal")]
        goal: u64,
    },
}

/// How a gomoku game opens: who places the first stones and when the colours are chosen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Opening {
    /// Black (the first seat) begins; no choice of colour.
    #[default]
    Standard,
    /// The first player places three stones (black, white, black); the second chooses a
    /// colour.
    Swap1,
    /// The first player places three stones; the second takes black, takes white, or places two
    /// more (white, black) and leaves the choice of colour to the first.
    Swap2,
}

impl Opening {
    /// Every opening, in menu order.
    pub const ALL: &'static [Opening] = &[Opening::Standard, Opening::Swap1, Opening::Swap2];

    /// The opening's name (`standard`, `swap1`, `swap2`), as in JSON and URLs.
    pub fn name(self) -> &'static str {
        match self {
            Opening::Standard => "standard",
            Opening::Swap1 => "swap1",
            Opening::Swap2 => "swap2",
        }
    }

    /// Reads an opening's name, in any case.
    pub fn from_name(name: &str) -> Option<Opening> {
        let lower = name.to_ascii_lowercase();
        Opening::ALL.iter().copied().find(|o| o.name() == lower)
    }

    /// Whether this is the standard opening (no swap).
    pub fn is_standard(&self) -> bool {
        *self == Opening::Standard
    }
}

fn default_size() -> usize {
    DEFAULT_SIZE
}

fn default_rule() -> Rule {
    Rule::Freestyle
}

fn default_goal() -> u64 {
    DEFAULT_GOAL
}

/// Rule settings outside what a game supports.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// A gomoku board size outside 5–22.
    #[error("board size {0} is not supported (from {MIN_SIZE} to {MAX_SIZE})")]
    Size(usize),
    /// A 2048 goal that is not a power of two from 8 to 65536.
    #[error("the goal {0} is not a power of two from 8 to 65536")]
    Goal(u64),
}

impl Rules {
    /// The standard settings of `kind`.
    pub fn standard(kind: GameKind) -> Rules {
        match kind {
            GameKind::TicTacToe => Rules::TicTacToe,
            GameKind::Reversi => Rules::Reversi,
            GameKind::Gomoku => Rules::Gomoku {
                size: DEFAULT_SIZE,
                rule: Rule::Freestyle,
                opening: Opening::Standard,
            },
            GameKind::Game2048 => Rules::Game2048 { goal: DEFAULT_GOAL },
        }
    }

    /// The game these settings are for.
    pub fn kind(&self) -> GameKind {
        match self {
            Rules::TicTacToe => GameKind::TicTacToe,
            Rules::Reversi => GameKind::Reversi,
            Rules::Gomoku { .. } => GameKind::Gomoku,
            Rules::Game2048 { .. } => GameKind::Game2048,
        }
    }

    /// The opening of these settings: gomoku's, or [`Opening::Standard`] for other games.
    pub fn opening(&self) -> Opening {
        match *self {
            Rules::Gomoku { opening, .. } => opening,
            _ => Opening::Standard,
        }
    }

    /// Checks the settings against what the game supports.
    pub fn validate(&self) -> Result<(), RulesError> {
        match *self {
            Rules::Gomoku { size, .. } if !(MIN_SIZE..=MAX_SIZE).contains(&size) => {
                Err(RulesError::Size(size))
            }
            Rules::Game2048 { goal }
                if !goal.is_power_of_two() || !(8..=65_536).contains(&goal) =>
            {
                Err(RulesError::Goal(goal))
            }
            _ => Ok(()),
        }
    }
}

/// Gomoku's rule as its name (`freestyle`, `standard`) in serde formats.
mod rule_name {
    use serde::{de, Deserialize, Deserializer, Serializer};
    use tabula_gomoku::Rule;

    pub fn serialize<S: Serializer>(rule: &Rule, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(rule.name())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Rule, D::Error> {
        let name = String::deserialize(d)?;
        Rule::from_name(&name).ok_or_else(|| {
            de::Error::custom(format_args!(
                "unknown rule {:?} (known: freestyle, standard, renju)",
                name.chars().take(60).collect::<String>()
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_core::Game;

    #[test]
    fn names_and_aliases() {
        assert_eq!(GameKind::parse("Othello").unwrap(), GameKind::Reversi);
        assert_eq!(GameKind::parse("ttt").unwrap(), GameKind::TicTacToe);
        assert!(GameKind::parse("chess").is_err());
        for &kind in GameKind::ALL {
            assert_eq!(GameKind::parse(kind.name()).unwrap(), kind);
            let name = with_game!(kind, G => G::NAME);
            assert_eq!(name, kind.name());
            let players = with_game!(kind, G => G::PLAYERS);
            assert_eq!(players, kind.players());
        }
    }

    #[test]
    fn an_unknown_name_is_quoted_short() {
        let long = "x".repeat(10_000);
        let message = GameKind::parse(&long).unwrap_err().to_string();
        assert!(message.len() < 200, "{message}");
    }

    #[test]
    fn rules_in_json() {
        let rules: Rules = serde_json::from_str(r#"{"game": "gomoku", "size": 19}"#).unwrap();
        assert_eq!(
            rules,
            Rules::Gomoku {
                size: 19,
                rule: Rule::Freestyle,
                opening: Opening::Standard,
            }
        );
        let rules: Rules =
            serde_json::from_str(r#"{"game": "gomoku", "opening": "swap2"}"#).unwrap();
        assert_eq!(rules.opening(), Opening::Swap2);
        assert_eq!(
            serde_json::to_string(&rules).unwrap(),
            r#"{"game":"gomoku","size":15,"rule":"freestyle","opening":"swap2"}"#
        );
        let error = serde_json::from_str::<Rules>(r#"{"game": "gomoku", "opening": "swap3"}"#)
            .unwrap_err()
            .to_string();
        assert!(error.contains("swap3"), "{error}");
        assert_eq!(Opening::from_name("Swap1"), Some(Opening::Swap1));
        assert_eq!(Opening::from_name("swap"), None);
        assert_eq!(Rules::Reversi.opening(), Opening::Standard);
        let rules: Rules = serde_json::from_str(r#"{"game": "2048"}"#).unwrap();
        assert_eq!(rules, Rules::standard(GameKind::Game2048));
        let text = serde_json::to_string(&Rules::Gomoku {
            size: 15,
            rule: Rule::Standard,
            opening: Opening::Standard,
        })
        .unwrap();
        assert_eq!(text, r#"{"game":"gomoku","size":15,"rule":"standard"}"#);
        assert!(serde_json::from_str::<Rules>(r#"{"game": "gomoku", "rule": "renjuu"}"#).is_err());
        let renju: Rules = serde_json::from_str(r#"{"game": "gomoku", "rule": "renju"}"#).unwrap();
        assert!(matches!(
            renju,
            Rules::Gomoku {
                rule: Rule::Renju,
                ..
            }
        ));
        assert!(serde_json::from_str::<Rules>(r#"{"game": "chess"}"#).is_err());
    }

    #[test]
    fn validation() {
        for &kind in GameKind::ALL {
            assert_eq!(Rules::standard(kind).kind(), kind);
            assert!(Rules::standard(kind).validate().is_ok());
        }
        let bad_size = Rules::Gomoku {
            size: 30,
            rule: Rule::Freestyle,
            opening: Opening::Swap1,
        };
        assert_eq!(bad_size.validate(), Err(RulesError::Size(30)));
        assert!(Rules::Game2048 { goal: 1000 }.validate().is_err());
        assert!(Rules::Game2048 { goal: 4 }.validate().is_err());
        assert!(Rules::Game2048 { goal: 4096 }.validate().is_ok());
    }
}
