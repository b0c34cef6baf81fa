//! The evaluation graph's values and going to a ply of the record, driven headless.

use std::time::{Duration, Instant};

use tabula_games::GameKind;
use tabula_match::{
    open, Command, Controller, Event, MatchError, MatchSettings, SeatSpec, Status, VerdictView,
};

fn two_people(kind: GameKind) -> Box<dyn Controller> {
    open(MatchSettings::with_seats(
        kind,
        vec![SeatSpec::Human, SeatSpec::Human],
    ))
    .unwrap()
}

fn play(c: &mut dyn Controller, moves: &str) {
    for mv in moves.split_whitespace() {
        c.handle(Command::Play(mv.into())).unwrap();
    }
}

/// Polls until every ply of the line has a value, collecting the events, or fails after 20 s.
fn wait_for_values(c: &mut dyn Controller) -> Vec<Event> {
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut seen = Vec::new();
    while Instant::now() < deadline {
        seen.extend(c.wait(Duration::from_millis(50)));
        let view = c.view();
        if view.evaluations.iter().all(Option::is_some) {
            return seen;
        }
    }
    panic!("the values did not all arrive: {:?}", c.view().evaluations);
}

#[test]
fn every_ply_gets_a_value_for_black_and_a_won_game_shows_as_won() {
    let mut c = two_people(GameKind::Gomoku);
    // Black makes an open four on row 8 (white plays in the corners) and then five.
    play(&mut *c, "e8 a15 f8 o15 g8 a1 h8 o1 i8");
    assert!(
        c.view().evaluations.is_empty(),
        "no values while the graph is off"
    );
    c.handle(Command::Evaluations(true)).unwrap();
    let events = wait_for_values(&mut *c);
    let view = c.view();
    assert_eq!(view.evaluations.len(), 9);
    for ply in 1..=9 {
        assert!(events.contains(&Event::Evaluated(ply)), "ply {ply}");
    }
    let last = view.evaluations[8].unwrap();
    assert_eq!(last.verdict, Some(VerdictView::Win), "{last:?}");
    assert!(last.exact);
    // After the open four white is to move and lost: the value, from black's side, is good
    // for black even though the engine searched it as white.
    let four = view.evaluations[6].unwrap();
    assert!(
        four.value > 0.0 || four.verdict == Some(VerdictView::Win),
        "{four:?}"
    );
    assert_ne!(four.verdict, Some(VerdictView::Loss));

    c.handle(Command::Evaluations(false)).unwrap();
    assert!(c.view().evaluations.is_empty());
}

#[test]
fn a_reversi_game_over_shows_the_final_margin() {
    let mut c = two_people(GameKind::Reversi);
    // The shortest reversi game: black wipes white out after nine moves.
    play(&mut *c, "e6 f4 e3 f6 g5 d6 e7 f5 c5");
    assert!(c.view().status.is_over());
    c.handle(Command::Evaluations(true)).unwrap();
    wait_for_values(&mut *c);
    let view = c.view();
    let last = view.evaluations[8].unwrap();
    assert_eq!(last.verdict, Some(VerdictView::Win));
    assert_eq!(view.scores, vec![13, 0]);
    // The final margin counts the empty squares for the winner, as reversi scores a wipe-out.
    assert_eq!(last.value, 64.0);
}

#[test]
fn undo_keeps_the_values_of_redoable_plies_and_a_new_move_replaces_them() {
    let mut c = two_people(GameKind::Gomoku);
    c.handle(Command::Evaluations(true)).unwrap();
    play(&mut *c, "h8 h9 j10");
    wait_for_values(&mut *c);
    let before = c.view().evaluations.clone();
    c.handle(Command::Undo).unwrap();
    let view = c.view();
    assert_eq!(view.history.len(), 2);
    assert_eq!(view.redoable.len(), 1);
    assert_eq!(view.redoable[0].notation, "j10");
    assert_eq!(view.redoable[0].number, 3);
    assert_eq!(view.evaluations, before, "undo keeps what redo replays");
    play(&mut *c, "a1");
    let view = c.view();
    assert!(view.redoable.is_empty());
    assert_eq!(view.evaluations.len(), 3);
    assert_eq!(view.evaluations[..2], before[..2]);
    assert_eq!(
        view.evaluations[2], None,
        "a different move waits for its own value"
    );
    let events = wait_for_values(&mut *c);
    assert!(events.contains(&Event::Evaluated(3)));
}

#[test]
fn a_new_game_cancels_the_values_under_way() {
    let mut c = two_people(GameKind::Gomoku);
    play(&mut *c, "h8 h9 j10 j9 g8 k9 f8");
    c.handle(Command::Evaluations(true)).unwrap();
    c.handle(Command::NewGame(None)).unwrap();
    let deadline = Instant::now() + Duration::from_millis(1500);
    while Instant::now() < deadline {
        let events = c.wait(Duration::from_millis(100));
        assert!(
            !events.iter().any(|e| matches!(e, Event::Evaluated(_))),
            "{events:?}"
        );
    }
    let view = c.view();
    assert!(view.history.is_empty() && view.evaluations.is_empty());
    // The graph stays on for the new game.
    play(&mut *c, "h8");
    wait_for_values(&mut *c);
    assert_eq!(c.view().evaluations.len(), 1);
}

#[test]
fn go_to_a_ply_keeps_the_rest_redoable() {
    let mut c = two_people(GameKind::TicTacToe);
    play(&mut *c, "b2 a1 c3 a3");
    c.handle(Command::GoTo(1)).unwrap();
    let view = c.view();
    assert_eq!(view.history.len(), 1);
    assert_eq!(
        view.redoable
            .iter()
            .map(|p| p.notation.as_str())
            .collect::<Vec<_>>(),
        ["a1", "c3", "a3"]
    );
    assert_eq!(view.status, Status::ToMove { player: 1 });
    c.handle(Command::GoTo(3)).unwrap();
    let view = c.view();
    assert_eq!(view.history.len(), 3);
    assert_eq!(view.history[2].notation, "c3");
    assert_eq!(view.redoable.len(), 1);
    c.handle(Command::GoTo(0)).unwrap();
    assert!(c.view().history.is_empty());
    c.handle(Command::GoTo(4)).unwrap();
    let before = c.view();
    assert_eq!(before.history.len(), 4);
    let err = c.handle(Command::GoTo(5)).unwrap_err();
    assert!(
        matches!(err, MatchError::NoSuchPly { ply: 5, len: 4 }),
        "{err}"
    );
    assert_eq!(c.view(), before, "a refused ply changes nothing");
    c.handle(Command::GoTo(2)).unwrap();
    play(&mut *c, "c1");
    let view = c.view();
    assert_eq!(view.history.len(), 3);
    assert!(view.redoable.is_empty(), "a new move ends the old line");
}

#[test]
fn go_to_a_computers_turn_pauses_it_so_the_rest_stays() {
    let mut c = open(MatchSettings::with_seats(
        GameKind::TicTacToe,
        vec![SeatSpec::Human, SeatSpec::Computer("minimax".into())],
    ))
    .unwrap();
    c.handle(Command::Play("b2".into())).unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while c.view().history.len() < 2 && Instant::now() < deadline {
        c.wait(Duration::from_millis(50));
    }
    assert_eq!(c.view().history.len(), 2);
    c.handle(Command::GoTo(1)).unwrap();
    assert_eq!(c.view().status, Status::Paused { player: 1 });
    c.wait(Duration::from_millis(300));
    let view = c.view();
    assert_eq!(view.history.len(), 1, "the computer did not move again");
    assert_eq!(view.redoable.len(), 1);
    c.handle(Command::GoTo(2)).unwrap();
    assert_eq!(c.view().status, Status::ToMove { player: 0 });
    // Going to the person's turn lets the computer answer the next move again.
    let free = c.view().legal[0].notation.clone();
    c.handle(Command::Play(free)).unwrap();
    assert_eq!(c.view().status, Status::Thinking { player: 1 });
}
