//! Every reason a game can give for a refused move is in both catalogs: the ids the game crates
//! list, and the ids their refusals really produce (each is exercised here). English from the
//! catalog is the game's own English text, byte for byte; Chinese is a translation.

use std::collections::BTreeSet;

use tabula_2048::{Direction, Game2048, Move as Move2048};
use tabula_core::{Game, ParseError, Reason};
use tabula_gomoku::Gomoku;
use tabula_i18n::{Catalog, Lang};
use tabula_reversi::{Move as ReversiMove, Reversi};
use tabula_tictactoe::TicTacToe;

fn all_ids() -> BTreeSet<&'static str> {
    [
        tabula_core::game::REASONS,
        tabula_tictactoe::REASONS,
        tabula_reversi::REASONS,
        tabula_gomoku::REASONS,
        tabula_2048::REASONS,
    ]
    .concat()
    .into_iter()
    .collect()
}

fn parse_reason(result: Result<impl std::fmt::Debug, ParseError>) -> Reason {
    let error = result.expect_err("the text should be refused");
    let reason = error.reason.expect("a translatable reason");
    assert_eq!(error.message, reason.english(), "the message is the reason");
    reason
}

fn refusal<G: Game>(game: &G, mv: G::Move) -> Reason {
    let mut after = game.clone();
    let error = after.try_play(mv).expect_err("the move should be refused");
    assert_eq!(&after, game, "a refused move changes nothing");
    error.reason
}

/// Plays `game` out, choosing moves by `pick`, until `stop` holds; `None` if it never does.
fn play_until<G: Game>(mut game: G, pick: usize, stop: impl Fn(&G) -> bool) -> Option<G> {
    let mut moves = Vec::new();
    for ply in 0.. {
        if stop(&game) {
            return Some(game);
        }
        moves.clear();
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        game.play(moves[(ply * 7 + pick) % moves.len()]);
    }
    None
}

fn ttt_reasons() -> Vec<Reason> {
    let start = TicTacToe::initial();
    let mut taken = start;
    taken.play(start.parse_move("b2").unwrap());
    let won = TicTacToe::parse_position("XXXOO....").unwrap();
    vec![
        parse_reason(start.parse_move("zz")),
        refusal(&taken, taken.parse_move("b2").unwrap()),
        start.illegal_reason(9),
        refusal(&won, won.parse_move("c3").unwrap()),
    ]
}

fn reversi_reasons() -> Vec<Reason> {
    let start = Reversi::initial();
    let must_pass = (0..50)
        .find_map(|pick| {
            play_until(start, pick, |g: &Reversi| {
                let mut moves = Vec::new();
                g.legal_moves(&mut moves);
                moves == [ReversiMove::PASS]
            })
        })
        .expect("some playout reaches a forced pass");
    let empty_square = (0..64)
        .map(ReversiMove::square)
        .find(|&mv| refusal(&must_pass, mv).id == "reason-reversi-must-pass");
    let over = play_until(start, 0, |g: &Reversi| g.is_over()).unwrap();
    vec![
        parse_reason(start.parse_move("z9")),
        refusal(&start, start.parse_move("d4").unwrap()),
        refusal(&start, start.parse_move("a1").unwrap()),
        refusal(&start, ReversiMove::PASS),
        refusal(&must_pass, empty_square.expect("an empty square")),
        refusal(&over, ReversiMove::PASS),
    ]
}

fn gomoku_reasons() -> Vec<Reason> {
    let start = Gomoku::initial();
    let renju = |moves: &str| Gomoku::parse_position(&format!("renju {moves}")).unwrap();
    let three = renju("h10 a1 i9 a3 l7 a5 m7 a7");
    let four = renju("h8 a1 i8 a3 j8 a5 k5 a7 k6 a9 k7 a11");
    let six = renju("h8 a1 i8 a3 j8 a5 l8 a7 m8 a9");
    let won = Gomoku::parse_position("h8 a1 i8 a2 j8 a3 k8 a4 l8").unwrap();
    let h8 = start.parse_move("h8").unwrap();
    let mut occupied = start;
    occupied.play(h8);
    vec![
        parse_reason(start.parse_move("zz")),
        parse_reason(start.parse_move("z8")),
        parse_reason(start.parse_move("h99999999999999999999999")),
        parse_reason(start.parse_move("h20")),
        start.illegal_reason(10_000),
        refusal(&occupied, h8),
        refusal(&three, three.parse_move("k7").unwrap()),
        refusal(&four, four.parse_move("k8").unwrap()),
        refusal(&six, six.parse_move("k8").unwrap()),
        refusal(&won, won.parse_move("b1").unwrap()),
        start.illegal_reason(h8),
    ]
}

fn game2048_reasons() -> Vec<Reason> {
    let position = |text: &str| Game2048::parse_position(text).unwrap();
    let corner = position("2 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0");
    let chance = position("2 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 chance");
    let over = position("2 4 2 4 4 2 4 2 2 4 2 4 4 2 4 2");
    let spawn = |cell, value| Move2048::Spawn { cell, value };
    vec![
        parse_reason(corner.parse_move("x")),
        parse_reason(corner.parse_move("8@a1")),
        parse_reason(corner.parse_move("2@z9")),
        refusal(&over, Move2048::Slide(Direction::Up)),
        refusal(&chance, Move2048::Slide(Direction::Up)),
        refusal(&corner, Move2048::Slide(Direction::Left)),
        refusal(&corner, spawn(1, 2)),
        refusal(&chance, spawn(1, 8)),
        refusal(&chance, spawn(16, 2)),
        refusal(&chance, spawn(0, 2)),
    ]
}

#[test]
fn every_listed_reason_is_in_both_catalogs() {
    for lang in [Lang::En, Lang::ZhCn] {
        let catalog = Catalog::new(lang);
        for id in all_ids() {
            assert!(catalog.has(id), "{id} is missing from {}", lang.code());
        }
    }
}

#[test]
fn every_refusal_reads_the_same_in_english_and_is_translated() {
    let (en, zh) = (Catalog::new(Lang::En), Catalog::new(Lang::ZhCn));
    let listed = all_ids();
    let mut seen = BTreeSet::new();
    let reasons = [
        ttt_reasons(),
        reversi_reasons(),
        gomoku_reasons(),
        game2048_reasons(),
    ]
    .concat();
    for reason in &reasons {
        assert!(listed.contains(reason.id), "{} is not listed", reason.id);
        assert_eq!(en.reason(reason), reason.english(), "{}", reason.id);
        let chinese = zh.reason(reason);
        assert_ne!(chinese, reason.english(), "{}", reason.id);
        assert!(
            chinese
                .chars()
                .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
            "{}: {chinese}",
            reason.id
        );
        assert!(!chinese.contains('{'), "{}: {chinese}", reason.id);
        seen.insert(reason.id);
    }
    // Only the shared default's "not a legal move here" is given by no game of ours.
    let unseen: Vec<_> = listed.difference(&seen).collect();
    assert_eq!(unseen, [&"reason-not-legal"]);
}

#[test]
fn reason_arguments_fill_the_chinese_text() {
    let zh = Catalog::new(Lang::ZhCn);
    let start = TicTacToe::initial();
    assert_eq!(
        zh.parse_error(&start.parse_move("zz").unwrap_err()),
        "\"zz\" 不是格子：请写列 a-c 加行 1-3（b2 或 2b），或小键盘数字 1-9"
    );
    let corner = Game2048::parse_position("2 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0").unwrap();
    assert_eq!(
        zh.reason(&refusal(&corner, Move2048::Slide(Direction::Left))),
        "向左滑动不会改变棋盘"
    );
    let plain = ParseError::new("move 3: whatever");
    assert_eq!(
        zh.parse_error(&plain),
        "move 3: whatever",
        "no reason: as given"
    );
}
