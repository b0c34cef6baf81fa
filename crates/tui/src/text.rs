//! The words of the game screen: player names, seats, the status line, results.

use tabula_games::GameKind;
use tabula_i18n::{tr, Catalog};
use tabula_match::{Ending, OpeningAsk, SeatView, Status, View};

use crate::strength::Strength;

/// The catalog key of a game's name.
pub fn game_key(kind: GameKind) -> &'static str {
    match kind {
        GameKind::TicTacToe => "game-tictactoe",
        GameKind::Reversi => "game-reversi",
        GameKind::Gomoku => "game-gomoku",
        GameKind::Game2048 => "game-2048",
    }
}

/// A player's name: X and O in tic-tac-toe, black and white in reversi and gomoku.
pub fn player_name(cat: &Catalog, kind: GameKind, player: usize) -> String {
    match kind {
        GameKind::TicTacToe => ["X", "O"][player.min(1)].to_string(),
        GameKind::Reversi | GameKind::Gomoku => {
            cat.text(["player-black", "player-white"][player.min(1)])
        }
        GameKind::Game2048 => cat.text("player-you"),
    }
}

/// Who sits in a seat: a person, or the computer with its strength in words (or its spec).
pub fn seat_text(cat: &Catalog, kind: GameKind, seat: &SeatView) -> String {
    match &seat.agent {
        None => cat.text("player-person"),
        Some(spec) => {
            let level = Strength::from_spec(kind, spec)
                .map(|s| cat.text(s.key()))
                .unwrap_or_else(|| spec.clone());
            tr!(cat, "player-computer", agent = level)
        }
    }
}

/// The status line.
pub fn status(cat: &Catalog, view: &View) -> String {
    let name = |p| player_name(cat, view.game, p);
    let key = view.status.key();
    match view.status {
        Status::ToMove { player } | Status::Thinking { player } | Status::Paused { player } => {
            tr!(cat, key, player = name(player))
        }
        Status::Over(ending) => result(cat, view.game, ending),
    }
}

/// What a swap opening asks of whom, while it lasts: "First player: place stone 2 of 3
/// (White)", "Second player: choose a colour".
pub fn opening_line(cat: &Catalog, view: &View) -> Option<String> {
    let opening = view.opening.as_ref()?;
    let seat = cat.text(opening.seat_key());
    Some(match opening.ask {
        OpeningAsk::Place { stone, of, colour } => tr!(
            cat,
            opening.key(),
            seat = seat,
            stone = stone,
            of = of,
            colour = player_name(cat, view.game, colour)
        ),
        OpeningAsk::Choose { .. } => tr!(cat, opening.key(), seat = seat),
    })
}

/// How a game ended, in words.
pub fn result(cat: &Catalog, kind: GameKind, ending: Ending) -> String {
    let name = |p| player_name(cat, kind, p);
    let key = tabula_match::Status::Over(ending).key();
    match ending {
        Ending::Win { player } | Ending::Resigned { player } | Ending::Timeout { player } => {
            tr!(cat, key, player = name(player))
        }
        Ending::Draw => cat.text(key),
        Ending::Score { score } => tr!(cat, key, score = score),
    }
}

/// `text` padded with spaces to `width` terminal columns (Chinese characters take two).
pub fn pad(text: &str, width: usize) -> String {
    let used = ratatui::text::Span::raw(text).width();
    format!("{text}{}", " ".repeat(width.saturating_sub(used)))
}
