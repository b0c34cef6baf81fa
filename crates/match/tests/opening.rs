//! Swap openings driven through the controller: scripted swap1 and swap2 sequences with people
//! and with the computer on either side, undo and redo through the choice of colour, save and
//! load in the middle of the opening, and the commands refused on the way.

use std::time::{Duration, Instant};

use tabula_games::{GameKind, Opening, Rules};
use tabula_gomoku::Rule;
use tabula_match::{
    open, Command, Controller, Event, MatchError, MatchSettings, OpeningAsk, OpeningView, Piece,
    SeatSpec, Status, SwapChoice,
};

/// A quick engine, so that the computer's turns take a fraction of a second.
const ENGINE: &str = "engine:time=100";

fn computer() -> SeatSpec {
    SeatSpec::Computer(ENGINE.to_string())
}

fn swap(opening: Opening, seats: Vec<SeatSpec>) -> Box<dyn Controller> {
    let mut settings = MatchSettings::with_seats(GameKind::Gomoku, seats);
    settings.rules = Rules::Gomoku {
        size: 15,
        rule: Rule::Freestyle,
        opening,
    };
    open(settings).unwrap()
}

/// Waits until `done` holds for the view (polling events), or fails after 60 s.
fn wait_until(c: &mut dyn Controller, what: &str, done: impl Fn(&tabula_match::View) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut seen = Vec::new();
    while !done(&c.view()) {
        assert!(
            Instant::now() < deadline,
            "{what}: not within 60 s; saw {seen:?}"
        );
        seen.extend(c.wait(Duration::from_millis(50)));
    }
}

fn asks(c: &dyn Controller) -> Option<(usize, OpeningAsk)> {
    c.view()
        .opening
        .map(|OpeningView { seat, ask, .. }| (seat, ask))
}

fn place(stone: usize, of: usize, colour: usize) -> OpeningAsk {
    OpeningAsk::Place { stone, of, colour }
}

fn choose(options: &[SwapChoice]) -> OpeningAsk {
    OpeningAsk::Choose {
        options: options.to_vec(),
    }
}

const COLOURS: &[SwapChoice] = &[SwapChoice::Black, SwapChoice::White];

/// Whether every stone on the board is in the 5 × 5 square around the centre (h8).
fn in_centre_square(view: &tabula_match::View) -> bool {
    view.cells.iter().enumerate().all(|(i, cell)| {
        cell.piece == Piece::Empty || ((5..=9).contains(&(i % 15)) && (5..=9).contains(&(i / 15)))
    })
}

#[test]
fn swap1_between_people_with_undo_and_redo_through_the_choice() {
    let mut c = swap(Opening::Swap1, vec![SeatSpec::Human, SeatSpec::Human]);
    assert_eq!(asks(&*c), Some((0, place(1, 3, 0))));
    c.handle(Command::Play("h8".into())).unwrap();
    assert_eq!(asks(&*c), Some((0, place(2, 3, 1))));
    c.handle(Command::Play("h9".into())).unwrap();
    assert_eq!(asks(&*c), Some((0, place(3, 3, 0))));
    c.handle(Command::Play("j10".into())).unwrap();
    assert_eq!(asks(&*c), Some((1, choose(COLOURS))));
    let view = c.view();
    assert!(
        view.legal.is_empty(),
        "no stone may be placed while choosing"
    );
    assert_eq!(view.status, Status::ToMove { player: 1 });

    // Stones and wrong choices are refused while the colour is chosen; nothing changes.
    let err = c.handle(Command::Play("a1".into())).unwrap_err();
    assert!(matches!(err, MatchError::ChoiceAwaited(ref o) if o == COLOURS));
    assert_eq!(err.to_string(), "choose first: black, white");
    let err = c.handle(Command::PlayCell(0)).unwrap_err();
    assert!(matches!(err, MatchError::ChoiceAwaited(_)), "{err}");
    let err = c.handle(Command::Choose(SwapChoice::PlaceTwo)).unwrap_err();
    assert!(matches!(err, MatchError::NotOffered(SwapChoice::PlaceTwo)));
    assert_eq!(c.view(), view);

    c.handle(Command::Choose(SwapChoice::Black)).unwrap();
    let events = c.poll();
    assert!(events.contains(&Event::Chose {
        seat: 1,
        choice: SwapChoice::Black
    }));
    assert_eq!(c.view().opening, None);
    assert_eq!(c.view().status, Status::ToMove { player: 1 });
    let err = c.handle(Command::Choose(SwapChoice::White)).unwrap_err();
    assert!(matches!(err, MatchError::NoChoice), "{err}");
    c.handle(Command::Play("g7".into())).unwrap();
    assert_eq!(c.view().history.len(), 4);

    // Between people undo takes one decision back at a time: the move, then the choice.
    c.handle(Command::Undo).unwrap();
    assert_eq!(c.view().history.len(), 3);
    assert_eq!(asks(&*c), None);
    c.handle(Command::Undo).unwrap();
    assert_eq!(asks(&*c), Some((1, choose(COLOURS))));
    assert!(c.view().can_redo);
    c.handle(Command::Redo).unwrap();
    assert_eq!(asks(&*c), None, "redo replays the choice");
    c.handle(Command::Redo).unwrap();
    assert_eq!(c.view().history.len(), 4);
    assert!(!c.view().can_redo);
    // A different choice after undo replaces the undone record.
    c.handle(Command::Undo).unwrap();
    c.handle(Command::Undo).unwrap();
    c.handle(Command::Choose(SwapChoice::White)).unwrap();
    assert!(
        !c.view().can_redo,
        "a new choice forgets what undo took back"
    );
    c.handle(Command::Undo).unwrap();
    c.handle(Command::Undo).unwrap();
    assert_eq!(asks(&*c), Some((0, place(3, 3, 0))));
}

#[test]
fn swap1_person_opens_and_the_computer_chooses() {
    let mut c = swap(Opening::Swap1, vec![SeatSpec::Human, computer()]);
    for stone in ["h8", "h9", "i9"] {
        c.handle(Command::Play(stone.into())).unwrap();
    }
    assert_eq!(c.view().opening.unwrap().agent.as_deref(), Some(ENGINE));
    let err = c.handle(Command::Choose(SwapChoice::White)).unwrap_err();
    assert!(
        matches!(err, MatchError::Move(_)),
        "the computer's choice is not the person's: {err}"
    );
    let err = c.handle(Command::Play("a1".into())).unwrap_err();
    assert_eq!(
        err.to_string(),
        "it is not your turn",
        "the computer is choosing"
    );
    wait_until(&mut *c, "the computer chooses", |v| v.opening.is_none());
    let view = c.view();
    // The computer took one colour; the person has the other.
    let computer_colour = view
        .seats
        .iter()
        .position(|s| s.agent.is_some())
        .expect("a computer seat");
    assert_eq!(view.seats[computer_colour ^ 1].agent, None);
    if computer_colour == 1 {
        wait_until(&mut *c, "the computer as white moves", |v| {
            v.history.len() == 4
        });
    }
    let person = computer_colour ^ 1;
    wait_until(&mut *c, "the person is to move", |v| {
        v.status == Status::ToMove { player: person }
    });
    // Undo goes back through the computer's choice (and its move) to the person's last stone.
    c.handle(Command::Undo).unwrap();
    let view = c.view();
    assert_eq!(view.history.len(), 2);
    assert_eq!(asks(&*c), Some((0, place(3, 3, 0))));
    assert_eq!(
        view.seats[0].agent, None,
        "before the choice the opener is black"
    );
}

#[test]
fn swap1_computer_opens_and_the_person_chooses_black() {
    let mut c = swap(Opening::Swap1, vec![computer(), SeatSpec::Human]);
    wait_until(&mut *c, "the computer places three stones", |v| {
        v.opening.as_ref().is_some_and(|o| o.seat == 1)
    });
    let view = c.view();
    assert_eq!(view.history.len(), 3);
    assert!(
        in_centre_square(&view),
        "a centre opening: {}",
        view.position
    );
    assert_eq!(asks(&*c), Some((1, choose(COLOURS))));
    c.handle(Command::Choose(SwapChoice::Black)).unwrap();
    // The person plays black; the computer, white, is to move.
    let view = c.view();
    assert_eq!(view.seats[0].agent, None);
    assert_eq!(view.seats[1].agent.as_deref(), Some(ENGINE));
    wait_until(&mut *c, "the computer replies as white", |v| {
        v.history.len() == 4 && v.status == Status::ToMove { player: 0 }
    });
    c.handle(Command::Play("a1".into())).unwrap();
    wait_until(&mut *c, "the computer replies again", |v| {
        v.history.len() == 6
    });
    // Undo: the person's move and the reply, then the reply to the choice and the choice.
    c.handle(Command::Undo).unwrap();
    assert_eq!(c.view().history.len(), 4);
    c.handle(Command::Undo).unwrap();
    assert_eq!(c.view().history.len(), 3);
    assert_eq!(asks(&*c), Some((1, choose(COLOURS))));
    assert!(
        !c.view().can_undo,
        "the computer's stones are not the person's to take back"
    );
    assert!(matches!(
        c.handle(Command::Undo),
        Err(MatchError::NothingToUndo)
    ));
    c.handle(Command::Choose(SwapChoice::White)).unwrap();
    let view = c.view();
    assert_eq!(view.seats[0].agent.as_deref(), Some(ENGINE));
    assert_eq!(view.status, Status::ToMove { player: 1 });
}

#[test]
fn swap2_people_place_two_and_hand_the_choice_back() {
    let mut c = swap(Opening::Swap2, vec![SeatSpec::Human, SeatSpec::Human]);
    for stone in ["h8", "i9", "g10"] {
        c.handle(Command::Play(stone.into())).unwrap();
    }
    assert_eq!(asks(&*c), Some((1, choose(SwapChoice::ALL))));
    c.handle(Command::Choose(SwapChoice::PlaceTwo)).unwrap();
    assert_eq!(asks(&*c), Some((1, place(1, 2, 1))));
    c.handle(Command::Play("j8".into())).unwrap();
    assert_eq!(asks(&*c), Some((1, place(2, 2, 0))));
    let err = c.handle(Command::Choose(SwapChoice::Black)).unwrap_err();
    assert!(matches!(err, MatchError::NoChoice), "{err}");
    c.handle(Command::Play("g8".into())).unwrap();
    assert_eq!(asks(&*c), Some((0, choose(COLOURS))));
    c.handle(Command::Choose(SwapChoice::White)).unwrap();
    assert!(c.poll().contains(&Event::Chose {
        seat: 0,
        choice: SwapChoice::White
    }));
    let view = c.view();
    assert_eq!(view.opening, None);
    assert_eq!(view.history.len(), 5);
    assert_eq!(view.status, Status::ToMove { player: 1 });
    // The first seat took white: the seats are swapped, and the view says who decided what.
    assert_eq!(view.colour_seats, vec![1, 0]);
    assert_eq!(view.colour_of_seat(0), 1);
    assert_eq!(
        view.deciding_seat(),
        Some(0),
        "white (the first seat) to move"
    );
    let deciders: Vec<_> = view.history.iter().map(|p| p.seat).collect();
    assert_eq!(deciders, [Some(0), Some(0), Some(0), Some(1), Some(1)]);
    let made: Vec<_> = view
        .choices
        .iter()
        .map(|c| (c.after, c.seat, c.choice))
        .collect();
    assert_eq!(
        made,
        [(3, 1, SwapChoice::PlaceTwo), (5, 0, SwapChoice::White)]
    );
    // Undo: the last choice, then the second player's stones one by one, then place-two.
    c.handle(Command::Undo).unwrap();
    assert_eq!(asks(&*c), Some((0, choose(COLOURS))));
    assert_eq!(c.view().colour_seats, vec![0, 1], "before the choice");
    assert_eq!(c.view().deciding_seat(), Some(0), "the seat asked");
    c.handle(Command::Undo).unwrap();
    c.handle(Command::Undo).unwrap();
    assert_eq!(asks(&*c), Some((1, place(1, 2, 1))));
    c.handle(Command::Undo).unwrap();
    assert_eq!(asks(&*c), Some((1, choose(SwapChoice::ALL))));
    assert_eq!(c.view().history.len(), 3);
}

#[test]
fn swap2_computer_chooser_takes_a_colour() {
    let mut c = swap(Opening::Swap2, vec![SeatSpec::Human, computer()]);
    for stone in ["h8", "h9", "h10"] {
        c.handle(Command::Play(stone.into())).unwrap();
    }
    let mut chose = None;
    let deadline = Instant::now() + Duration::from_secs(60);
    while chose.is_none() && Instant::now() < deadline {
        for event in c.wait(Duration::from_millis(50)) {
            if let Event::Chose { seat, choice } = event {
                chose = Some((seat, choice));
            }
        }
    }
    let (seat, choice) = chose.expect("the computer chooses");
    assert_eq!(seat, 1);
    assert_ne!(choice, SwapChoice::PlaceTwo, "the computer takes a colour");
    let colour = choice.colour().unwrap();
    assert_eq!(c.view().seats[colour].agent.as_deref(), Some(ENGINE));
    assert_eq!(c.view().seats[colour ^ 1].agent, None);
}

#[test]
fn swap2_computer_opens_person_places_two_computer_chooses() {
    let mut c = swap(Opening::Swap2, vec![computer(), SeatSpec::Human]);
    wait_until(&mut *c, "the computer places three stones", |v| {
        v.history.len() == 3
    });
    assert!(in_centre_square(&c.view()));
    c.handle(Command::Choose(SwapChoice::PlaceTwo)).unwrap();
    c.handle(Command::Play("a1".into())).unwrap();
    c.handle(Command::Play("o15".into())).unwrap();
    wait_until(&mut *c, "the computer chooses a colour", |v| {
        v.opening.is_none()
    });
    let view = c.view();
    assert_eq!(view.history.len(), 5);
    let computer_colour = view.seats.iter().position(|s| s.agent.is_some()).unwrap();
    // Undo takes back the computer's choice (and any reply) and the person's last stone.
    wait_until(&mut *c, "the person's turn", |v| {
        v.status
            == Status::ToMove {
                player: computer_colour ^ 1,
            }
    });
    c.handle(Command::Undo).unwrap();
    assert_eq!(c.view().history.len(), 4);
    assert_eq!(asks(&*c), Some((1, place(2, 2, 0))));
}

#[test]
fn a_game_saved_in_its_opening_loads_where_it_was() {
    let mut c = swap(Opening::Swap2, vec![SeatSpec::Human, SeatSpec::Human]);
    for stone in ["h8", "i9", "g10"] {
        c.handle(Command::Play(stone.into())).unwrap();
    }
    c.handle(Command::Choose(SwapChoice::PlaceTwo)).unwrap();
    c.handle(Command::Play("j8".into())).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("swap2.json");
    c.handle(Command::Save(path.clone())).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(json["opening"], "swap2");
    assert_eq!(
        json["choices"],
        serde_json::json!([{"after": 3, "choice": "place_two"}])
    );
    let before = c.view();

    // Loaded into a standard game, the file brings its opening along.
    let mut d = swap(Opening::Standard, vec![SeatSpec::Human, SeatSpec::Human]);
    d.handle(Command::Load(path.clone())).unwrap();
    assert_eq!(d.view().opening, before.opening);
    assert_eq!(asks(&*d), Some((1, place(2, 2, 0))));
    assert_eq!(d.settings().rules.opening(), Opening::Swap2);
    d.handle(Command::Play("g8".into())).unwrap();
    d.handle(Command::Choose(SwapChoice::White)).unwrap();
    assert_eq!(d.view().status, Status::ToMove { player: 1 });

    // After the choice, the swapped seats come back from the file's choices.
    let mut e = swap(Opening::Swap1, vec![SeatSpec::Human, computer()]);
    let after = dir.path().join("swap2-chosen.json");
    d.handle(Command::Save(after.clone())).unwrap();
    e.handle(Command::Load(after)).unwrap();
    let view = e.view();
    assert_eq!(view.opening, None);
    assert_eq!(
        view.seats[0].agent.as_deref(),
        Some(ENGINE),
        "the first seat took white, so the computer in the second plays black"
    );
    assert_eq!(view.seats[1].agent, None);
    assert_eq!(view.status, Status::ToMove { player: 1 });
}

#[test]
fn broken_opening_records_are_refused_and_change_nothing() {
    let mut c = swap(Opening::Swap1, vec![SeatSpec::Human, SeatSpec::Human]);
    c.handle(Command::Play("h8".into())).unwrap();
    let before = c.view();
    let cases = [
        (
            r#""opening": "swap9", "moves": ["h8"], "choices": []"#,
            "swap9",
        ),
        (
            r#""opening": "swap1", "moves": ["h8", "h9", "h10"], "choices": [{"after": 3, "choice": "purple"}]"#,
            "purple",
        ),
        (
            r#""opening": "swap1", "moves": ["h8", "h9"], "choices": [{"after": 1, "choice": "black"}]"#,
            "not asked",
        ),
        (
            r#""opening": "swap1", "moves": ["h8", "h9", "h10", "a1"], "choices": []"#,
            "move 4",
        ),
        (
            r#""opening": "swap1", "moves": ["h8", "h9", "h10"], "choices": [{"after": 5, "choice": "black"}]"#,
            "beyond",
        ),
        (
            r#""opening": "swap2", "moves": ["h8", "h9", "h10", "a1"], "choices": [{"after": 3, "choice": "place_two"}, {"after": 3, "choice": "white"}]"#,
            "not asked",
        ),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (i, (body, want)) in cases.iter().enumerate() {
        let path = dir.path().join(format!("broken-{i}.json"));
        let text = format!(
            r#"{{"format": "tabula-save", "version": 1, "game": "gomoku",
                "start": "{}", {body}}}"#,
            tabula_gomoku::Gomoku::new(15, Rule::Freestyle)
                .map(|g| tabula_core::Game::position_string(&g))
                .unwrap()
        );
        std::fs::write(&path, text).unwrap();
        let err = c.handle(Command::Load(path)).unwrap_err().to_string();
        assert!(err.contains(want), "case {i}: {err}");
        assert_eq!(c.view(), before, "case {i} changed the game");
    }
}

#[test]
fn the_standard_opening_asks_nothing_and_refuses_a_choice() {
    let mut c = swap(Opening::Standard, vec![SeatSpec::Human, SeatSpec::Human]);
    assert_eq!(c.view().opening, None);
    let err = c.handle(Command::Choose(SwapChoice::Black)).unwrap_err();
    assert!(matches!(err, MatchError::NoChoice), "{err}");
    c.handle(Command::Play("h8".into())).unwrap();
    assert_eq!(c.view().status, Status::ToMove { player: 1 });
}

#[test]
fn settings_and_view_carry_the_opening_in_json() {
    let settings: MatchSettings = serde_json::from_str(
        r#"{"rules": {"game": "gomoku", "opening": "swap1"}, "seats": ["human", "human"]}"#,
    )
    .unwrap();
    let c = open(settings).unwrap();
    let json = serde_json::to_value(c.view()).unwrap();
    assert_eq!(
        json["opening"],
        serde_json::json!({"rule": "swap1", "seat": 0, "agent": null,
                           "ask": {"kind": "place", "stone": 1, "of": 3, "colour": 0}})
    );
    let bad = serde_json::from_str::<MatchSettings>(
        r#"{"rules": {"game": "gomoku", "opening": "swap"}, "seats": ["human", "human"]}"#,
    );
    assert!(bad.unwrap_err().to_string().contains("swap"));
}

#[test]
fn go_to_a_ply_before_the_choice_and_back_keeps_the_choice() {
    let mut c = swap(Opening::Swap1, vec![SeatSpec::Human, SeatSpec::Human]);
    for mv in ["h8", "h9", "j10"] {
        c.handle(Command::Play(mv.into())).unwrap();
    }
    c.handle(Command::Choose(SwapChoice::White)).unwrap();
    c.handle(Command::Play("g7".into())).unwrap();
    let after = c.view();

    // Back to the second stone: the choice goes back with the moves after it.
    c.handle(Command::GoTo(2)).unwrap();
    assert_eq!(c.view().history.len(), 2);
    assert_eq!(asks(&*c), Some((0, place(3, 3, 0))));
    assert_eq!(c.view().redoable.len(), 2);
    // To the end again: the choice is made again on the way, so the seats are as they were.
    c.handle(Command::GoTo(4)).unwrap();
    assert_eq!(asks(&*c), None);
    let view = c.view();
    assert_eq!(view.history, after.history);
    assert_eq!(view.status, after.status);
    assert!(!view.can_redo);
    // To the ply of the choice: the choice made there stays.
    c.handle(Command::GoTo(3)).unwrap();
    assert_eq!(asks(&*c), None, "the choice after ply 3 is kept");
    // White is to move, and the seat that chose white (seat 1) plays it.
    assert_eq!(c.view().status, Status::ToMove { player: 1 });
}
