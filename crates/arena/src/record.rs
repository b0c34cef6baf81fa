//! Game records: one JSON line per game (`--out FILE.jsonl`), enough to show the game again
//! move by move and to replay it exactly.

use serde::{Deserialize, Serialize};
use tabula_core::{quote, Game, Outcome, Player};

use crate::error::ArenaError;
use crate::play::GameResult;

/// One game of a match as written to a `.jsonl` file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game's command-line name.
    pub game: String,
    /// The game's number in the match, from 1.
    pub number: u64,
    /// The game's own seed: the agents' and the dealer's seeds derive from it.
    pub seed: u64,
    /// Agent A's spec.
    pub a: String,
    /// Agent B's spec (absent in one-player games).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub b: Option<String>,
    /// The player A played (`X`, `black`).
    pub a_plays: String,
    /// Which agent played the player who moves first from the standard start: `a` or `b`.
    pub first: String,
    /// The start position.
    pub start: String,
    /// The moves (chance events included) in the game's notation.
    pub moves: Vec<String>,
    /// `a` or `b` (who won), `draw`, or `score` for a one-player game.
    pub result: String,
    /// The final score of a one-player game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<u64>,
    /// A's final margin ([`Game::margin`]).
    pub margin_a: i64,
    /// How the game was lost by forfeit, if it was: the moves then stop before the end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<ForfeitNote>,
}

/// A forfeit in a game record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForfeitNote {
    /// Who forfeited: `a` or `b`.
    pub by: String,
    /// Why ([`tabula_core::ForfeitReason::name`]).
    pub reason: String,
    /// What happened, in words.
    pub detail: String,
}

/// A replayed game: the start, and every move with the position after it.
pub type Replayed<G> = (G, Vec<(<G as Game>::Move, G)>);

/// The identity of a match, shared by all its records.
pub(crate) struct RecordHeader<'a> {
    pub a: &'a str,
    pub b: Option<&'a str>,
}

impl GameRecord {
    /// The record of game `number` (from 0) with its seed, start, moves and result.
    pub(crate) fn new<G: Game>(
        header: &RecordHeader<'_>,
        number: u64,
        seed: u64,
        start: &G,
        moves: Vec<String>,
        result: &GameResult,
    ) -> Self {
        let letter = |player: Player| if player == result.a_player { "a" } else { "b" };
        let (result_word, score) = match result.outcome {
            Outcome::Win(p) => (letter(p), None),
            Outcome::Draw => ("draw", None),
            Outcome::Score(score) => ("score", Some(score)),
        };
        GameRecord {
            game: G::NAME.to_string(),
            number: number + 1,
            seed,
            a: header.a.to_string(),
            b: header.b.map(str::to_string),
            a_plays: G::player_name(result.a_player).to_string(),
            first: letter(0).to_string(),
            start: start.position_string(),
            moves,
            result: result_word.to_string(),
            score,
            margin_a: result.margin_a,
            forfeit: result
                .forfeit
                .as_ref()
                .map(|(player, forfeit)| ForfeitNote {
                    by: letter(*player).to_string(),
                    reason: forfeit.reason.name().to_string(),
                    detail: forfeit.detail.clone(),
                }),
        }
    }

    /// The record as one line of JSON (no newline).
    pub fn to_json_line(&self) -> String {
        serde_json::to_string(self).expect("a record serializes")
    }

    /// Plays the recorded moves from the recorded start, checking each, and returns the start
    /// and every move with the position after it. Fails on an illegal move or where the end
    /// does not match the recorded result (a game lost by forfeit stops before its end, with
    /// the forfeiting side to move).
    pub fn replay<G: Game>(&self) -> Result<Replayed<G>, String> {
        if self.game != G::NAME {
            return Err(format!("a {} record, not {}", self.game, G::NAME));
        }
        let start = G::parse_position(&self.start).map_err(|e| format!("start: {e}"))?;
        let mut state = start.clone();
        let mut plies = Vec::with_capacity(self.moves.len());
        for (k, text) in self.moves.iter().enumerate() {
            let mv = state
                .parse_move(text)
                .map_err(|e| format!("move {}: {e}", k + 1))?;
            state
                .try_play(mv)
                .map_err(|e| format!("move {}: {e}", k + 1))?;
            plies.push((mv, state.clone()));
        }
        let ended = match (&self.forfeit, state.turn()) {
            (Some(note), tabula_core::Turn::Player(p)) => {
                let a_to_move = G::player_name(p) == self.a_plays;
                let other = if note.by == "a" { "b" } else { "a" };
                note.by == if a_to_move { "a" } else { "b" } && self.result == other
            }
            (Some(_), _) => false,
            (None, turn) => match turn {
                tabula_core::Turn::Over(Outcome::Score(score)) => {
                    self.result == "score" && self.score == Some(score)
                }
                tabula_core::Turn::Over(Outcome::Draw) => self.result == "draw",
                tabula_core::Turn::Over(Outcome::Win(p)) => {
                    let a_plays_winner = G::player_name(p) == self.a_plays;
                    self.result == if a_plays_winner { "a" } else { "b" }
                }
                _ => false,
            },
        };
        if !ended {
            return Err(format!(
                "the moves do not lead to the recorded result {}",
                quote(&self.result)
            ));
        }
        Ok((start, plies))
    }
}

/// Reads a `.jsonl` file of game records (`file` names it in errors).
pub fn read_records(text: &str, file: &str) -> Result<Vec<GameRecord>, ArenaError> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(k, line)| {
            serde_json::from_str(line).map_err(|e| ArenaError::Results {
                file: file.to_string(),
                reason: format!("line {}: not a game record: {e}", k + 1),
            })
        })
        .collect()
}
