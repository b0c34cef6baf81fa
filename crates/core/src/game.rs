//! The game trait and the small types every game shares.

use std::fmt::{self, Debug};
use std::hash::Hash;

/// A player's index: `0` moves first in the standard start position, `1` second.
///
/// Games name their players (`X`/`O`, black/white) through [`Game::player_name`].
pub type Player = usize;

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The given player won.
    Win(Player),
    /// Nobody won.
    Draw,
    /// A one-player game ended with this score (2048).
    Score(u64),
}

/// Whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Turn {
    /// A player chooses among [`Game::legal_moves`].
    Player(Player),
    /// Chance picks among [`Game::chance_outcomes`] with their probabilities.
    Chance,
    /// The game is over.
    Over(Outcome),
}

/// Why a game refused a move or a position, in a form a front end can translate: a catalog
/// message id (`reason-…`) with named arguments, plus the English sentence, which is what
/// [`fmt::Display`] shows (the library, the protocols and the logs stay in English).
///
/// The rules crates know no catalog; `tabula_i18n::Catalog::reason` renders a reason in the
/// user's language. Each game crate lists the ids it can produce in its `REASONS`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reason {
    /// The catalog message id.
    pub id: &'static str,
    /// The message's arguments by placeholder name; notation and quoted input, never words.
    pub args: Vec<(&'static str, String)>,
    english: String,
}

impl Reason {
    /// The reason `id` whose English text is `english`; add the arguments with [`Reason::arg`].
    pub fn new(id: &'static str, english: impl Into<String>) -> Self {
        Reason {
            id,
            args: Vec::new(),
            english: english.into(),
        }
    }

    /// The reason with the placeholder `name` set to `value`.
    pub fn arg(mut self, name: &'static str, value: impl ToString) -> Self {
        self.args.push((name, value.to_string()));
        self
    }

    /// The English sentence.
    pub fn english(&self) -> &str {
        &self.english
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.english)
    }
}

/// The reason ids the shared default rules ([`Game::illegal_reason`]) can produce.
pub const REASONS: &[&str] = &["reason-game-over", "reason-not-legal"];

/// A move or position string that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ParseError {
    /// What was wrong, in words a person understands (English).
    pub message: String,
    /// The same, translatable, where the game gives one; `None` for texts that are not (yet)
    /// in the catalog, which front ends show as `message`.
    pub reason: Option<Reason>,
}

impl ParseError {
    /// An error with the given explanation.
    pub fn new(message: impl Into<String>) -> Self {
        ParseError {
            message: message.into(),
            reason: None,
        }
    }

    /// An error for a translatable reason; its message is the reason's English text.
    pub fn because(reason: Reason) -> Self {
        ParseError {
            message: reason.english.clone(),
            reason: Some(reason),
        }
    }
}

impl From<Reason> for ParseError {
    fn from(reason: Reason) -> Self {
        ParseError::because(reason)
    }
}

/// A move that is well formed but not legal here.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {notation}: {reason}")]
pub struct IllegalMove {
    /// The move as written.
    pub notation: String,
    /// Why it may not be played.
    pub reason: Reason,
}

/// The shared reason `the game is over`.
pub fn game_over() -> Reason {
    Reason::new("reason-game-over", "the game is over")
}

/// A game's rules: positions, moves, notation and outcome. Implementations are pure (no I/O, no
/// clocks, no hidden randomness) and cheap to clone, so that search can copy-make.
pub trait Game: Clone + Debug + PartialEq + Send + Sync + 'static {
    /// A move, including chance outcomes for games with chance.
    type Move: Copy + Debug + Eq + Hash + Send + Sync + 'static;

    /// The game's command-line name (`tictactoe`, `reversi`, `gomoku`, `2048`).
    const NAME: &'static str;
    /// How many players choose moves (1 or 2).
    const PLAYERS: usize;

    /// The standard start position.
    fn initial() -> Self;

    /// Whose turn it is, or how the game ended.
    fn turn(&self) -> Turn;

    /// Appends the legal moves of the player to move to `moves` (nothing at chance nodes or once
    /// the game is over). A pass, where the rules force one, is a move.
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// Appends the chance outcomes with their probabilities (which sum to 1) at a chance node;
    /// nothing elsewhere.
    fn chance_outcomes(&self, outcomes: &mut Vec<(Self::Move, f64)>);

    /// Plays a move that [`Game::legal_moves`] or [`Game::chance_outcomes`] offered. Callers
    /// holding an unchecked move use [`Game::try_play`].
    fn play(&mut self, mv: Self::Move);

    /// Reads a move in this game's notation; the position gives context (side to move, board
    /// size). Legality is checked by [`Game::try_play`], not here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, ParseError>;

    /// Writes a move in this game's notation, as [`Game::parse_move`] reads it.
    fn move_string(&self, mv: Self::Move) -> String;

    /// Reads a whole position. Every rule option the game has (board size, rule variant) is part
    /// of the string or takes its default.
    fn parse_position(text: &str) -> Result<Self, ParseError>;

    /// Writes the position so that [`Game::parse_position`] reads back an equal value.
    fn position_string(&self) -> String;

    /// The display name of a player (`X`, `black`).
    fn player_name(player: Player) -> &'static str;

    /// The final margin from `player`'s point of view once the game is over: disc difference in
    /// reversi, the score in 2048; zero where the game has no such measure.
    fn margin(&self, _player: Player) -> i64 {
        0
    }

    /// A one-player game's headline achievement once it is over, besides the score: the
    /// largest tile in 2048. The arena reports how often each value was reached. `None` (the
    /// default) where the game has none.
    fn achievement(&self) -> Option<u64> {
        None
    }

    /// Reads a list of moves played one after another from this position (a transcript). The
    /// default splits on whitespace and commas; games with denser transcripts override it.
    fn parse_moves(&self, text: &str) -> Result<Vec<Self::Move>, ParseError> {
        let mut state = self.clone();
        let mut moves = Vec::new();
        for word in text.split(|c: char| c.is_whitespace() || c == ',') {
            if word.is_empty() {
                continue;
            }
            let mv = state.parse_move(word)?;
            state
                .try_play(mv)
                .map_err(|e| ParseError::new(format!("move {}: {e}", moves.len() + 1)))?;
            moves.push(mv);
        }
        Ok(moves)
    }

    /// Whether `mv` may be played now (as a player's move or a chance outcome).
    fn is_legal(&self, mv: Self::Move) -> bool {
        match self.turn() {
            Turn::Player(_) => {
                let mut moves = Vec::new();
                self.legal_moves(&mut moves);
                moves.contains(&mv)
            }
            Turn::Chance => {
                let mut outcomes = Vec::new();
                self.chance_outcomes(&mut outcomes);
                outcomes.iter().any(|&(m, _)| m == mv)
            }
            Turn::Over(_) => false,
        }
    }

    /// Explains why `mv` is not legal here; called only for moves that are not. Games override
    /// it with their own reasons (occupied, flips nothing).
    fn illegal_reason(&self, _mv: Self::Move) -> Reason {
        match self.turn() {
            Turn::Over(_) => game_over(),
            _ => Reason::new("reason-not-legal", "not a legal move here"),
        }
    }

    /// Plays `mv` if it is legal, else says why not and leaves the position unchanged.
    fn try_play(&mut self, mv: Self::Move) -> Result<(), IllegalMove> {
        if self.is_legal(mv) {
            self.play(mv);
            Ok(())
        } else {
            Err(IllegalMove {
                notation: self.move_string(mv),
                reason: self.illegal_reason(mv),
            })
        }
    }

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        matches!(self.turn(), Turn::Over(_))
    }

    /// The number of move sequences of exactly `depth` plies (passes and chance outcomes count
    /// as plies; finished games are not continued). Games may override it with a faster count;
    /// the result must equal [`crate::perft::perft`]'s.
    fn perft(&self, depth: u32) -> u64 {
        crate::perft::perft(self, depth)
    }
}
