//! GGF games: real games from an online archive replayed, written games read back, and the
//! reader never panics on any text.

use proptest::prelude::*;
use tabula_core::{Game, Outcome, Turn};
use tabula_reversi::ggf::{self, GgfGame, GgfMove};
use tabula_reversi::{Move, Reversi};

/// Twelve GGS games of 2003 (the file names its source).
const GGS_2003: &str = include_str!("data/ggs-2003.ggf");

#[test]
fn real_ggs_games_replay_to_their_end() {
    let games: Vec<GgfGame> = ggf::parse_all(GGS_2003)
        .into_iter()
        .map(|g| g.expect("every archived game reads"))
        .collect();
    assert_eq!(games.len(), 12);
    let mut passes = 0;
    for game in &games {
        assert_eq!(game.tag("PC"), Some("GGS/os"));
        assert_eq!(game.start, Reversi::initial());
        let end = game.position();
        // Every game was played out: the board is full or neither side can move.
        assert!(end.is_over(), "{:?} is not over", game.tag("DT"));
        let (black, white) = (end.discs(0).count_ones(), end.discs(1).count_ones());
        // 4 discs at the start, one more per move that is not a pass.
        let placed = game.moves.iter().filter(|m| !m.mv.is_pass()).count() as u32;
        assert_eq!(black + white, 4 + placed);
        let expected = match black.cmp(&white) {
            std::cmp::Ordering::Greater => Outcome::Win(0),
            std::cmp::Ordering::Less => Outcome::Win(1),
            std::cmp::Ordering::Equal => Outcome::Draw,
        };
        assert_eq!(end.turn(), Turn::Over(expected));
        // The transcript reader, which puts in the passes itself, agrees move for move.
        let transcript: String = game
            .moves
            .iter()
            .filter(|m| !m.mv.is_pass())
            .map(|m| m.mv.to_string())
            .collect();
        let moves: Vec<Move> = game.moves.iter().map(|m| m.mv).collect();
        assert_eq!(Reversi::initial().parse_moves(&transcript), Ok(moves));
        passes += game.moves.len() as u32 - placed;
    }
    // Five of the games have a pass, written `pass` or `PA`.
    assert_eq!(passes, 5);
    // The first game's eighth move carries an evaluation and a time.
    let m = games[0].moves[7];
    assert_eq!(
        (m.mv.to_string(), m.eval, m.time),
        ("d2".into(), Some(2.39), Some(0.01))
    );
    assert_eq!(games[0].clock.unwrap().main, Some(300.0));
    assert_eq!(games[0].clock.unwrap().extension, Some(120.0));
}

/// A random legal game from `choices` (each picks among the legal moves) with made-up
/// evaluations and times.
fn random_game(choices: &[(usize, Option<i16>, Option<u16>)]) -> GgfGame {
    let mut game = GgfGame::new(Reversi::initial());
    let mut state = game.start;
    let mut legal = Vec::new();
    for &(pick, eval, time) in choices {
        legal.clear();
        state.legal_moves(&mut legal);
        if legal.is_empty() {
            break;
        }
        let mv = legal[pick % legal.len()];
        state.play(mv);
        game.moves.push(GgfMove {
            mv,
            eval: eval.map(|e| f64::from(e) / 4.0),
            time: time.map(|t| f64::from(t) / 8.0),
        });
    }
    game
}

proptest! {
    #[test]
    fn written_games_read_back(
        choices in prop::collection::vec(
            (any::<usize>(), any::<Option<i16>>(), any::<Option<u16>>()), 0..70),
        player in "[A-Za-z0-9 ._\\]\\\\]{0,12}",
    ) {
        let mut game = random_game(&choices);
        game.tags.push(("PB".to_string(), player));
        let text = game.to_ggf();
        prop_assert_eq!(ggf::parse(&text), Ok(game.clone()));
        prop_assert_eq!(ggf::parse_all(&format!("{text}\n{text}")).len(), 2);
    }

    #[test]
    fn any_text_reads_or_fails_without_panic(text in "\\PC{0,200}") {
        let _ = ggf::parse(&text);
        let _ = ggf::parse_all(&text);
    }

    #[test]
    fn ggf_like_text_reads_or_fails_without_panic(
        parts in prop::collection::vec(
            "\\(;|;\\)|[A-Z]{1,2}\\[|\\]|\\\\|[a-h][1-8]|PA|/|[0-9.:-]{1,4}|[*O -]{1,9}|8 ",
            0..60),
    ) {
        let text: String = parts.concat();
        if let Ok(game) = ggf::parse(&text) {
            // Whatever reads replays legally and writes back to the same game.
            prop_assert_eq!(ggf::parse(&game.to_ggf()), Ok(game.clone()));
        }
        let _ = ggf::parse_all(&text);
    }
}
