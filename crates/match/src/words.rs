//! The words of a match, as every front end shows them: a game's name, a player's name, the
//! status line, a result and what a swap opening asks, in the catalog's language.

use tabula_games::GameKind;
use tabula_i18n::{tr, Catalog};

use crate::view::{Ending, OpeningAsk, Status, View};

/// The catalog key of a game's name.
pub fn game_key(kind: GameKind) -> &'static str {
    match kind {
        GameKind::TicTacToe => "game-tictactoe",
        GameKind::Reversi => "game-reversi",
        GameKind::Gomoku => "game-gomoku",
        GameKind::Game2048 => "game-2048",
    }
}

/// A player's name: X and O in tic-tac-toe, black and white in reversi and gomoku, "you" in 2048.
pub fn player_name(cat: &Catalog, kind: GameKind, player: usize) -> String {
    match kind {
        GameKind::TicTacToe => ["X", "O"][player.min(1)].to_string(),
        GameKind::Reversi | GameKind::Gomoku => {
            cat.text(["player-black", "player-white"][player.min(1)])
        }
        GameKind::Game2048 => cat.text("player-you"),
    }
}

/// The status line: whose turn it is, who is thinking, or how the game ended.
pub fn status(cat: &Catalog, view: &View) -> String {
    match view.status {
        Status::ToMove { player } | Status::Thinking { player } | Status::Paused { player } => {
            tr!(
                cat,
                view.status.key(),
                player = player_name(cat, view.game, player)
            )
        }
        Status::Over(ending) => result(cat, view.game, ending),
    }
}

/// How a game ended, in words.
pub fn result(cat: &Catalog, kind: GameKind, ending: Ending) -> String {
    let key = Status::Over(ending).key();
    match ending {
        Ending::Win { player } | Ending::Resigned { player } | Ending::Timeout { player } => {
            tr!(cat, key, player = player_name(cat, kind, player))
        }
        Ending::Draw => cat.text(key),
        Ending::Score { score } => tr!(cat, key, score = score),
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

#[cfg(test)]
mod tests {
    use tabula_i18n::Lang;

    use super::*;

    #[test]
    fn results_name_the_player_in_the_catalogs_language() {
        let en = Catalog::new(Lang::En);
        let zh = Catalog::new(Lang::ZhCn);
        let white_wins = Ending::Win { player: 1 };
        assert_eq!(result(&en, GameKind::Reversi, white_wins), "White wins");
        assert_eq!(result(&en, GameKind::TicTacToe, white_wins), "O wins");
        assert_eq!(
            result(&en, GameKind::Game2048, Ending::Score { score: 2048 }),
            "Game over: score 2048"
        );
        let chinese = result(&zh, GameKind::Gomoku, white_wins);
        assert!(chinese.contains(&zh.text("player-white")), "{chinese}");
        assert!(!chinese.contains("White"), "{chinese}");
    }
}
