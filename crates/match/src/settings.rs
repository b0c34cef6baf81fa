//! What a new match needs: the game's rules, who sits in each seat, who moves first, an optional
//! time control. Plain data with serde, so a menu, a URL or a JSON body can carry it.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use tabula_core::Player;
use tabula_games::{GameKind, Rules};

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SeatSpec {
    /// A person at this front end.
    Human,
    /// A computer player: an agent spec such as `engine:level=5`.
    Computer(String),
}

impl SeatSpec {
    /// Whether a person sits here.
    pub fn is_human(&self) -> bool {
        matches!(self, SeatSpec::Human)
    }
}

/// How much time the players have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TimeControl {
    /// At most this long for every move; the clock starts afresh each turn.
    PerMove {
        /// The time for one move.
        #[serde(with = "millis")]
        per_move_ms: Duration,
    },
    /// A bank of time per player, plus an increment after each own move (Fischer).
    Fischer {
        /// Each player's time at the start.
        #[serde(with = "millis")]
        base_ms: Duration,
        /// Added to a player's bank after each of their moves.
        #[serde(with = "millis", default)]
        increment_ms: Duration,
    },
}

mod millis {
    use std::time::Duration;

    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u64(d.as_millis() as u64)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Duration, D::Error> {
        Ok(Duration::from_millis(u64::deserialize(d)?))
    }
}

/// A new match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchSettings {
    /// The game and its rule settings.
    pub rules: Rules,
    /// One seat per player, in player order (`X`/black first).
    pub seats: Vec<SeatSpec>,
    /// Who moves first, where the game lets either side start (tic-tac-toe, reversi).
    #[serde(default)]
    pub first: Player,
    /// A start position in the game's notation instead of the standard one.
    #[serde(default)]
    pub start: Option<String>,
    /// The seed of chance events (2048's tiles) and of the computer players.
    #[serde(default)]
    pub seed: u64,
    /// The time control; none by default.
    #[serde(default)]
    pub clock: Option<TimeControl>,
    /// Whether the engine's values for every legal move are shown while a person is to move.
    #[serde(default)]
    pub hints: bool,
}

impl MatchSettings {
    /// A person against the game's usual computer opponent (the person moves first), or one
    /// person alone at 2048.
    pub fn against_computer(kind: GameKind) -> MatchSettings {
        let opponent =
            tabula_games::with_game!(kind, G => <G as tabula_core::AgentCatalog>::OPPONENT);
        let seats = match kind.players() {
            1 => vec![SeatSpec::Human],
            _ => vec![SeatSpec::Human, SeatSpec::Computer(opponent.to_string())],
        };
        MatchSettings::with_seats(kind, seats)
    }

    /// Every seat a person: two at one screen, or one at 2048.
    pub fn people(kind: GameKind) -> MatchSettings {
        MatchSettings::with_seats(kind, vec![SeatSpec::Human; kind.players()])
    }

    /// The standard rules of `kind` with these seats.
    pub fn with_seats(kind: GameKind, seats: Vec<SeatSpec>) -> MatchSettings {
        MatchSettings {
            rules: Rules::standard(kind),
            seats,
            first: 0,
            start: None,
            seed: 0,
            clock: None,
            hints: false,
        }
    }

    /// The game.
    pub fn kind(&self) -> GameKind {
        self.rules.kind()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_in_json() {
        let text = r#"{"rules": {"game": "gomoku", "size": 15},
                       "seats": ["human", {"computer": "engine:level=3"}],
                       "clock": {"fischer": {"base_ms": 60000, "increment_ms": 2000}}}"#;
        let settings: MatchSettings = serde_json::from_str(text).unwrap();
        assert_eq!(settings.kind(), GameKind::Gomoku);
        assert_eq!(
            settings.seats[1],
            SeatSpec::Computer("engine:level=3".to_string())
        );
        assert_eq!(
            settings.clock,
            Some(TimeControl::Fischer {
                base_ms: Duration::from_secs(60),
                increment_ms: Duration::from_secs(2)
            })
        );
        let back: MatchSettings =
            serde_json::from_str(&serde_json::to_string(&settings).unwrap()).unwrap();
        assert_eq!(back, settings);
    }

    #[test]
    fn presets() {
        let s = MatchSettings::against_computer(GameKind::Reversi);
        assert_eq!(s.seats[0], SeatSpec::Human);
        assert!(matches!(s.seats[1], SeatSpec::Computer(_)));
        assert_eq!(MatchSettings::people(GameKind::Game2048).seats.len(), 1);
    }
}
