//! The controller driven headless by scripted commands, with assertions on its events and
//! views: moves and replies, cancelling a search, hints, clocks, resigning, saving.

use std::time::{Duration, Instant};

use tabula_games::{GameKind, Rules};
use tabula_match::{
    open, Command, Controller, Ending, Event, MatchError, MatchSettings, Piece, SeatSpec, Status,
    TimeControl,
};

fn computer(spec: &str) -> SeatSpec {
    SeatSpec::Computer(spec.to_string())
}

fn settings(kind: GameKind, seats: Vec<SeatSpec>) -> MatchSettings {
    MatchSettings::with_seats(kind, seats)
}

/// Waits until an event matching `want` arrives (collecting every event on the way), or fails
/// after `limit`.
fn wait_for(
    controller: &mut dyn Controller,
    limit: Duration,
    want: impl Fn(&Event) -> bool,
) -> Vec<Event> {
    let deadline = Instant::now() + limit;
    let mut seen = Vec::new();
    while Instant::now() < deadline {
        let events = controller.wait(Duration::from_millis(50));
        let done = events.iter().any(&want);
        seen.extend(events);
        if done {
            return seen;
        }
    }
    panic!("no such event within {limit:?}; saw {seen:?}");
}

#[test]
fn a_move_gets_the_computers_reply_and_undo_takes_both_back() {
    let mut c = open(settings(
        GameKind::TicTacToe,
        vec![SeatSpec::Human, computer("minimax:seed=1")],
    ))
    .unwrap();
    let view = c.view();
    assert_eq!((view.width, view.height), (3, 3));
    assert_eq!(view.status, Status::ToMove { player: 0 });
    assert_eq!(view.legal.len(), 9);
    c.handle(Command::Play("b2".into())).unwrap();
    assert_eq!(c.view().status, Status::Thinking { player: 1 });
    assert!(
        c.view().legal.is_empty(),
        "no moves offered while the computer thinks"
    );
    let events = wait_for(&mut *c, Duration::from_secs(10), |e| {
        matches!(e, Event::EngineMoved { .. })
    });
    assert!(events.contains(&Event::Changed));
    let view = c.view();
    assert_eq!(view.history.len(), 2);
    assert_eq!(view.cells[4].piece, Piece::Player(0));
    assert_eq!(view.cells[4].number, Some(1));
    let reply = view.last_move.expect("the reply has a cell");
    assert_eq!(view.cells[reply].piece, Piece::Player(1));
    assert_eq!(view.cells[reply].number, Some(2));
    assert_eq!(view.legal.len(), 7);
    assert!(view
        .legal
        .iter()
        .all(|m| view.cells[m.cell.unwrap()].piece == Piece::Empty));
    assert!(view.can_undo);
    c.handle(Command::Undo).unwrap();
    let view = c.view();
    assert!(view.history.is_empty());
    assert_eq!(view.status, Status::ToMove { player: 0 });
    assert!(view.can_redo && !view.can_undo);
}

/// A brain program that fails (here: it answers every move with a word that is no point)
/// leaves its seat to a person, with an error naming it and what it did, instead of a move
/// made up for it; the person can play on.
#[cfg(unix)]
#[test]
fn a_failing_brain_program_hands_its_seat_to_a_person() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let brain = dir.path().join("pbrain-broken");
    std::fs::write(
        &brain,
        "#!/bin/sh\nwhile read -r line; do\n  case \"$line\" in\n    START*) echo OK ;;\n    \
         TURN*|BEGIN|DONE) echo 'no idea' ;;\n    END) exit 0 ;;\n  esac\ndone\n",
    )
    .unwrap();
    std::fs::set_permissions(&brain, std::fs::Permissions::from_mode(0o755)).unwrap();
    let spec = format!("pbrain:{}", brain.display());
    let mut c = open(settings(
        GameKind::Gomoku,
        vec![SeatSpec::Human, computer(&spec)],
    ))
    .unwrap();
    c.handle(Command::Play("h8".into())).unwrap();
    let events = wait_for(&mut *c, Duration::from_secs(20), |e| {
        matches!(e, Event::Error(_))
    });
    let error = events
        .iter()
        .find_map(|e| match e {
            Event::Error(text) => Some(text.clone()),
            _ => None,
        })
        .unwrap();
    assert!(error.contains(&spec), "{error}");
    assert!(error.contains("unreadable"), "{error}");
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::EngineMoved { .. })),
        "no move was made up for the brain"
    );
    let view = c.view();
    assert_eq!(view.history.len(), 1);
    assert_eq!(view.seats[1].agent, None, "the seat is a person's now");
    assert_eq!(view.status, Status::ToMove { player: 1 });
    c.handle(Command::Play("h9".into())).unwrap();
    assert_eq!(c.view().history.len(), 2);
}

#[test]
fn refused_commands_change_nothing_and_say_why() {
    let mut c = open(settings(
        GameKind::Reversi,
        vec![SeatSpec::Human, SeatSpec::Human],
    ))
    .unwrap();
    let before = c.view();
    let occupied = before
        .cells
        .iter()
        .position(|cell| cell.name == "d4")
        .unwrap();
    let err = c.handle(Command::PlayCell(occupied)).unwrap_err();
    assert!(
        matches!(err, MatchError::NoMoveThere(ref name) if name == "d4"),
        "{err}"
    );
    assert!(c.handle(Command::PlayCell(64)).is_err());
    let err = c.handle(Command::Play("z9".into())).unwrap_err();
    assert!(err.to_string().contains("not a square"), "{err}");
    let err = c.handle(Command::Play("a1".into())).unwrap_err();
    assert!(err.to_string().contains("flips nothing"), "{err}");
    assert!(matches!(
        c.handle(Command::Undo),
        Err(MatchError::NothingToUndo)
    ));
    assert!(matches!(
        c.handle(Command::Redo),
        Err(MatchError::NothingToRedo)
    ));
    assert_eq!(c.view(), before);

    let seats = open(settings(GameKind::Gomoku, vec![SeatSpec::Human]));
    assert!(matches!(
        seats.err(),
        Some(MatchError::Seats {
            needed: 2,
            given: 1,
            ..
        })
    ));
    let agent = open(settings(
        GameKind::Gomoku,
        vec![SeatSpec::Human, computer("deep-blue")],
    ));
    assert!(agent.err().unwrap().to_string().contains("deep-blue"));
    let mut bad_rules = settings(GameKind::Gomoku, vec![SeatSpec::Human, SeatSpec::Human]);
    bad_rules.rules = Rules::Gomoku {
        size: 40,
        rule: tabula_gomoku::Rule::Freestyle,
        opening: tabula_games::Opening::Standard,
    };
    assert!(open(bad_rules).is_err());
    let mut bad_start = settings(GameKind::TicTacToe, vec![SeatSpec::Human, SeatSpec::Human]);
    bad_start.start = Some("XXXXX....".into());
    assert!(matches!(
        open(bad_start).err(),
        Some(MatchError::Position(_))
    ));
}

#[test]
fn undo_while_the_engine_thinks_cancels_at_once() {
    let mut c = open(settings(
        GameKind::Gomoku,
        vec![SeatSpec::Human, computer("engine:time=20000")],
    ))
    .unwrap();
    c.handle(Command::Play("h8".into())).unwrap();
    assert_eq!(c.view().status, Status::Thinking { player: 1 });
    std::thread::sleep(Duration::from_millis(100));
    let started = Instant::now();
    c.handle(Command::Undo).unwrap();
    let view = c.view();
    assert!(started.elapsed() < Duration::from_millis(50));
    assert!(view.history.is_empty());
    assert_eq!(view.status, Status::ToMove { player: 0 });
    assert!(view.thinking.is_none());
    // Nothing from the stopped search reaches the game.
    std::thread::sleep(Duration::from_millis(200));
    for event in c.poll() {
        assert!(!matches!(event, Event::EngineMoved { .. }), "{event:?}");
    }
    assert!(c.view().history.is_empty());
}

#[test]
fn new_game_and_quit_while_thinking() {
    let mut c = open(settings(
        GameKind::Reversi,
        vec![computer("engine:time=20000"), SeatSpec::Human],
    ))
    .unwrap();
    assert_eq!(c.view().status, Status::Thinking { player: 0 });
    c.handle(Command::NewGame(Some(Box::new(settings(
        GameKind::Reversi,
        vec![SeatSpec::Human, SeatSpec::Human],
    )))))
    .unwrap();
    assert_eq!(c.view().status, Status::ToMove { player: 0 });
    c.handle(Command::Play("f5".into())).unwrap();
    c.handle(Command::SetSeat {
        player: 1,
        seat: computer("engine:time=20000"),
    })
    .unwrap();
    assert_eq!(c.view().status, Status::Thinking { player: 1 });
    let started = Instant::now();
    c.handle(Command::Quit).unwrap();
    assert!(started.elapsed() < Duration::from_millis(50));
    assert!(matches!(c.handle(Command::Undo), Err(MatchError::Quit)));
}

#[test]
fn computer_against_computer_plays_to_the_end() {
    let mut c = open(settings(
        GameKind::TicTacToe,
        vec![computer("minimax:seed=1"), computer("minimax:seed=2")],
    ))
    .unwrap();
    let events = wait_for(&mut *c, Duration::from_secs(20), |e| {
        matches!(e, Event::GameOver { .. })
    });
    let moved = events
        .iter()
        .filter(|e| matches!(e, Event::EngineMoved { .. }))
        .count();
    assert_eq!(moved, 9, "perfect players draw on a full board");
    assert!(events.contains(&Event::GameOver {
        ending: Ending::Draw,
        line: Vec::new()
    }));
    assert_eq!(c.view().status, Status::Over(Ending::Draw));
}

#[test]
fn a_win_reports_its_line() {
    let mut c = open(settings(
        GameKind::Gomoku,
        vec![SeatSpec::Human, SeatSpec::Human],
    ))
    .unwrap();
    for mv in ["h8", "a1", "h9", "a2", "h10", "a3", "h11", "a4"] {
        c.handle(Command::Play(mv.into())).unwrap();
    }
    c.poll();
    c.handle(Command::Play("h12".into())).unwrap();
    let events = c.poll();
    let line = events
        .iter()
        .find_map(|e| match e {
            Event::GameOver { ending, line } => {
                assert_eq!(*ending, Ending::Win { player: 0 });
                Some(line.clone())
            }
            _ => None,
        })
        .expect("game over");
    let view = c.view();
    let mut names: Vec<&str> = line.iter().map(|&i| view.cells[i].name.as_str()).collect();
    names.sort();
    assert_eq!(names, ["h10", "h11", "h12", "h8", "h9"]);
    assert_eq!(view.winning_line, line);
    assert!(view.legal.is_empty());
    assert!(matches!(
        c.handle(Command::Play("b1".into())),
        Err(MatchError::Move(_))
    ));
    // Undo reopens the game.
    c.handle(Command::Undo).unwrap();
    assert_eq!(c.view().status, Status::ToMove { player: 0 });
    assert!(c.view().winning_line.is_empty());
}

#[test]
fn hints_value_every_legal_move() {
    let mut s = settings(GameKind::Reversi, vec![SeatSpec::Human, SeatSpec::Human]);
    s.hints = true;
    let mut c = open(s).unwrap();
    wait_for(&mut *c, Duration::from_secs(20), |e| {
        *e == Event::HintsReady
    });
    let view = c.view();
    let hints = view.hints.as_ref().expect("hints are shown");
    assert_eq!(hints.len(), view.legal.len());
    for legal in &view.legal {
        let cell = legal.cell.unwrap();
        assert!(
            view.hint_on(cell).is_some(),
            "no hint on {}",
            legal.notation
        );
    }
    // A move makes the hints stale; new ones follow for the new position.
    c.handle(Command::Play("f5".into())).unwrap();
    assert!(c.view().hints.is_none());
    wait_for(&mut *c, Duration::from_secs(20), |e| {
        *e == Event::HintsReady
    });
    assert_eq!(c.view().hints.unwrap().len(), 3);
    c.handle(Command::Hints(false)).unwrap();
    assert!(c.view().hints.is_none());
}

#[test]
fn a_fallen_flag_ends_the_game() {
    let mut s = settings(GameKind::Gomoku, vec![SeatSpec::Human, SeatSpec::Human]);
    s.clock = Some(TimeControl::Fischer {
        base_ms: Duration::from_millis(300),
        increment_ms: Duration::from_millis(0),
    });
    let mut c = open(s).unwrap();
    let clocks = c.view().clocks.expect("clocks shown");
    assert!(clocks[0].running && !clocks[1].running);
    let events = wait_for(&mut *c, Duration::from_secs(5), |e| {
        matches!(e, Event::GameOver { .. })
    });
    assert!(events.contains(&Event::GameOver {
        ending: Ending::Timeout { player: 0 },
        line: Vec::new()
    }));
    let view = c.view();
    assert_eq!(view.status, Status::Over(Ending::Timeout { player: 0 }));
    assert!(view.clocks.unwrap()[0].remaining.is_zero());
}

#[test]
fn the_computers_clock_limits_its_thinking() {
    let mut s = settings(
        GameKind::Reversi,
        vec![SeatSpec::Human, computer("engine:time=60000")],
    );
    s.clock = Some(TimeControl::PerMove {
        per_move_ms: Duration::from_millis(500),
    });
    let mut c = open(s).unwrap();
    c.handle(Command::Play("f5".into())).unwrap();
    let events = wait_for(&mut *c, Duration::from_secs(10), |e| {
        matches!(e, Event::EngineMoved { .. } | Event::GameOver { .. })
    });
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::EngineMoved { .. })),
        "the engine moved in time: {events:?}"
    );
}

#[test]
fn a_time_set_from_outside_bounds_the_computers_search() {
    // A minute a move: unhurried, the engine would think far longer than the 300 ms set.
    let mut s = settings(
        GameKind::Reversi,
        vec![SeatSpec::Human, computer("engine:time=60000")],
    );
    s.clock = Some(TimeControl::PerMove {
        per_move_ms: Duration::from_secs(60),
    });
    let mut c = open(s).unwrap();
    c.handle(Command::Pause(true)).unwrap();
    c.handle(Command::Play("f5".into())).unwrap();
    assert!(matches!(
        c.handle(Command::SetTime {
            player: 2,
            left: Duration::ZERO
        }),
        Err(MatchError::NoSuchPlayer(2))
    ));
    c.handle(Command::SetTime {
        player: 1,
        left: Duration::from_millis(300),
    })
    .unwrap();
    let started = Instant::now();
    c.handle(Command::Pause(false)).unwrap();
    let events = wait_for(&mut *c, Duration::from_secs(10), |e| {
        matches!(e, Event::EngineMoved { .. } | Event::GameOver { .. })
    });
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::EngineMoved { .. })),
        "the engine moved inside the 300 ms it was given: {events:?}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn resigning_ends_the_game_for_the_person() {
    let mut c = open(settings(
        GameKind::Gomoku,
        vec![SeatSpec::Human, computer("engine:level=1")],
    ))
    .unwrap();
    c.handle(Command::Play("h8".into())).unwrap();
    c.handle(Command::Resign).unwrap();
    let view = c.view();
    assert_eq!(view.status, Status::Over(Ending::Resigned { player: 0 }));
    assert!(matches!(
        c.handle(Command::Resign),
        Err(MatchError::GameOver)
    ));
    let events = c.poll();
    assert!(events.iter().any(|e| matches!(
        e,
        Event::GameOver {
            ending: Ending::Resigned { player: 0 },
            ..
        }
    )));
}

#[test]
fn game_2048_deals_tiles_and_describes_slides() {
    let mut s = settings(GameKind::Game2048, vec![SeatSpec::Human]);
    s.seed = 7;
    let mut c = open(s).unwrap();
    let view = c.view();
    let tiles = view
        .cells
        .iter()
        .filter(|c| matches!(c.piece, Piece::Tile(_)))
        .count();
    assert_eq!(tiles, 2, "two starting tiles");
    assert_eq!(view.history.len(), 2);
    assert!(view.history.iter().all(|p| p.player.is_none()));
    let slide = view.legal[0].notation.clone();
    assert!(view.legal.iter().all(|m| m.cell.is_none()));
    c.handle(Command::Play(slide)).unwrap();
    let view = c.view();
    assert_eq!(view.history.len(), 4, "the slide and its new tile");
    assert_eq!(view.change.spawned.len(), 1);
    assert!(!view.change.slides.is_empty());
    let spawned = view.change.spawned[0];
    assert!(matches!(view.cells[spawned].piece, Piece::Tile(2 | 4)));
    // Undo takes back the slide and its tile.
    c.handle(Command::Undo).unwrap();
    assert_eq!(c.view().history.len(), 2);
}

/// A two-player gomoku game of three moves, saved to `path`.
fn saved_gomoku(path: &std::path::Path) -> Box<dyn Controller> {
    let mut c = open(settings(
        GameKind::Gomoku,
        vec![SeatSpec::Human, SeatSpec::Human],
    ))
    .unwrap();
    for mv in ["h8", "i9", "h9"] {
        c.handle(Command::Play(mv.into())).unwrap();
    }
    c.handle(Command::Save(path.to_path_buf())).unwrap();
    c
}

#[test]
fn save_and_load_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.json");
    let mut c = saved_gomoku(&path);
    assert!(c.poll().contains(&Event::Saved(path.clone())));
    let saved = c.view();
    c.handle(Command::NewGame(None)).unwrap();
    assert!(c.view().history.is_empty());
    c.handle(Command::Load(path.clone())).unwrap();
    assert_eq!(c.view().history, saved.history);
    assert_eq!(c.view().position, saved.position);
    let err = c
        .handle(Command::Load(dir.path().join("missing.json")))
        .unwrap_err();
    assert!(matches!(err, MatchError::Save(_)), "{err}");
    assert_eq!(
        c.view().history,
        saved.history,
        "a failed load loses nothing"
    );
}

#[test]
fn restore_replays_a_saved_games_text_and_refuses_broken_text() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.json");
    let mut c = saved_gomoku(&path);
    let saved = c.view();
    let text = std::fs::read_to_string(&path).unwrap();

    c.handle(Command::NewGame(None)).unwrap();
    c.handle(Command::Restore(text.clone())).unwrap();
    assert_eq!(c.view().history, saved.history);
    assert_eq!(c.view().position, saved.position);
    assert_eq!(c.view().status, Status::ToMove { player: 1 });

    let broken = [
        ("{ not json".to_string(), "not a saved game"),
        (text.replace("\"gomoku\"", "\"reversi\""), "reversi"),
        (text.replace("\"i9\"", "\"z99\""), "z99"),
        (text.replacen('{', "{\"opening\": \"swap9\",", 1), "swap9"),
    ];
    for (i, (body, want)) in broken.iter().enumerate() {
        let err = c.handle(Command::Restore(body.clone())).unwrap_err();
        assert!(matches!(err, MatchError::Restore(_)), "case {i}: {err}");
        assert!(err.to_string().contains(want), "case {i}: {err}");
        assert_eq!(c.view(), saved, "case {i} changed the game");
    }
}
