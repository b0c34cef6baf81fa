//! A new game's request (`POST /api/games`) turned into match settings.

use std::time::Duration;

use serde::Deserialize;
use serde_json::{Map, Value};
use tabula_core::Player;
use tabula_games::{GameKind, Rules};
use tabula_match::{MatchSettings, SeatSpec, TimeControl};

use crate::error::{ApiError, Code};

/// The body of `POST /api/games`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateRequest {
    /// `tictactoe`, `reversi`, `gomoku` or `2048`.
    pub game: String,
    /// `human`, `none` (2048) or an agent spec; by default the game's usual computer player.
    #[serde(default)]
    pub opponent: Option<String>,
    /// `first`, `second` or `random`: when the creator moves (in a swap opening, `first` places
    /// the opening stones and `second` chooses first).
    #[serde(default)]
    pub side: Option<String>,
    /// Rule settings: `size`, `rule`, `opening` (gomoku: `standard`, `swap1`, `swap2`), `goal`
    /// (2048).
    #[serde(default)]
    pub rules: Option<Map<String, Value>>,
    /// A clock for both seats (not in 2048); against the computer its searches follow it.
    #[serde(default)]
    pub clock: Option<ClockRequest>,
}

/// `{"minutes": 5, "increment": 3}`: a bank of minutes and seconds added per move.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockRequest {
    /// Each player's time, in minutes (more than 0, at most 180).
    pub minutes: f64,
    /// Seconds added after each move (0 to 60).
    #[serde(default)]
    pub increment: f64,
}

/// A checked request.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The match settings (seats, rules, seed), as stored.
    pub settings: MatchSettings,
    /// The creator's player.
    pub creator: Player,
    /// Whether the other seat is for a person who joins by invite.
    pub invites: bool,
}

/// Checks a request; `seed` deals 2048's tiles and seeds the computer, `coin` picks a random side.
pub fn plan(request: CreateRequest, seed: u64, coin: bool) -> Result<Plan, ApiError> {
    let kind = GameKind::parse(&request.game)
        .map_err(|e| ApiError::Unprocessable(Code::BadSettings, e.to_string()))?;
    let mut rules_json = request.rules.unwrap_or_default();
    rules_json.insert("game".into(), Value::String(kind.name().into()));
    let rules: Rules = serde_json::from_value(Value::Object(rules_json))
        .map_err(|e| ApiError::Unprocessable(Code::BadSettings, format!("rules: {e}")))?;
    rules
        .validate()
        .map_err(|e| ApiError::Unprocessable(Code::BadSettings, e.to_string()))?;
    let creator = match request.side.as_deref().unwrap_or("first") {
        "first" => 0,
        "second" => 1,
        "random" => usize::from(coin),
        other => {
            return Err(ApiError::Unprocessable(
                Code::BadSettings,
                format!(
                    "side {:?} is not one of first, second, random",
                    short(other)
                ),
            ))
        }
    };
    let opponent = request.opponent.unwrap_or_else(|| match kind.players() {
        1 => "none".into(),
        _ => tabula_match::default_opponent(kind).into(),
    });
    let (seats, invites, creator) = match (kind.players(), opponent.as_str()) {
        (1, "none") => (vec![SeatSpec::Human], false, 0),
        (1, _) => {
            return Err(ApiError::Unprocessable(
                Code::BadSettings,
                "2048 is played alone: its opponent is \"none\"".into(),
            ))
        }
        (_, "none") => {
            return Err(ApiError::Unprocessable(
                Code::BadSettings,
                format!(
                    "{kind} needs an opponent: \"human\" or a computer player such as \"{}\"",
                    tabula_match::default_opponent(kind)
                ),
            ))
        }
        (_, "human") => (vec![SeatSpec::Human; 2], true, creator),
        (_, spec) => {
            let mut seats = vec![SeatSpec::Human, SeatSpec::Computer(spec.to_string())];
            if creator == 1 {
                seats.swap(0, 1);
            }
            (seats, false, creator)
        }
    };
    let clock = match request.clock {
        None => None,
        Some(_) if kind.players() == 1 => {
            return Err(ApiError::Unprocessable(
                Code::BadSettings,
                "2048 is played without a clock".into(),
            ))
        }
        Some(c) => Some(time_control(&c)?),
    };
    let settings = MatchSettings {
        rules,
        seats,
        first: 0,
        start: None,
        seed,
        clock,
        hints: false,
    };
    // The computer's spec is checked by opening a match with it.
    tabula_match::open(settings.clone())
        .map_err(|e| ApiError::Unprocessable(Code::BadSettings, e.to_string()))?;
    Ok(Plan {
        settings,
        creator,
        invites,
    })
}

fn time_control(c: &ClockRequest) -> Result<TimeControl, ApiError> {
    if !(c.minutes > 0.0 && c.minutes <= 180.0) {
        return Err(ApiError::Unprocessable(
            Code::BadSettings,
            "clock minutes must be more than 0 and at most 180".into(),
        ));
    }
    if !(0.0..=60.0).contains(&c.increment) {
        return Err(ApiError::Unprocessable(
            Code::BadSettings,
            "clock increment must be from 0 to 60 seconds".into(),
        ));
    }
    Ok(TimeControl::Fischer {
        base_ms: Duration::from_millis((c.minutes * 60_000.0) as u64),
        increment_ms: Duration::from_millis((c.increment * 1000.0) as u64),
    })
}

/// At most 40 characters of a client's text, for messages.
pub fn short(text: &str) -> String {
    text.chars().take(40).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(json: &str) -> CreateRequest {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn a_computer_game_puts_the_creator_where_asked() {
        let p = plan(
            req(r#"{"game":"tictactoe","opponent":"minimax","side":"second"}"#),
            7,
            false,
        )
        .unwrap();
        assert_eq!(p.creator, 1);
        assert_eq!(p.settings.seats[1], SeatSpec::Human);
        assert!(!p.invites);
    }

    #[test]
    fn bad_requests_say_what_is_accepted() {
        let cases = [
            (r#"{"game":"chess"}"#, "unknown game"),
            (r#"{"game":"gomoku","rules":{"size":40}}"#, "board size 40"),
            (
                r#"{"game":"gomoku","rules":{"rule":"caro"}}"#,
                "unknown rule",
            ),
            (r#"{"game":"2048","opponent":"human"}"#, "played alone"),
            (
                r#"{"game":"reversi","opponent":"none"}"#,
                "needs an opponent",
            ),
            (
                r#"{"game":"reversi","side":"middle"}"#,
                "first, second, random",
            ),
            (r#"{"game":"reversi","opponent":"nobody"}"#, "nobody"),
            (
                r#"{"game":"2048","clock":{"minutes":5}}"#,
                "without a clock",
            ),
            (
                r#"{"game":"reversi","opponent":"human","clock":{"minutes":0}}"#,
                "more than 0",
            ),
        ];
        for (json, expected) in cases {
            let err = plan(req(json), 1, false).unwrap_err();
            assert!(
                matches!(err, ApiError::Unprocessable(Code::BadSettings, _))
                    && err.to_string().contains(expected),
                "{json}: {err}"
            );
        }
    }

    #[test]
    fn a_human_game_invites_and_takes_a_clock() {
        let p = plan(
            req(r#"{"game":"gomoku","opponent":"human","rules":{"size":9},"clock":{"minutes":1,"increment":2}}"#),
            1,
            true,
        )
        .unwrap();
        assert!(p.invites);
        assert_eq!(p.creator, 0);
        assert!(p.settings.clock.is_some());
        let p = plan(req(r#"{"game":"2048"}"#), 1, true).unwrap();
        assert_eq!(p.settings.seats, vec![SeatSpec::Human]);
    }
}
