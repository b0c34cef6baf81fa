//! Renju through the controller: black's forbidden points in the view with their reason, and a
//! forbidden move refused with it.

use tabula_games::{GameKind, Opening, Rules};
use tabula_gomoku::Rule;
use tabula_match::{open, Command, Controller, ForbiddenReason, MatchError, MatchSettings, Status};

fn people(rule: Rule) -> Box<dyn Controller> {
    let mut settings = MatchSettings::people(GameKind::Gomoku);
    settings.rules = Rules::Gomoku {
        size: 15,
        rule,
        opening: Opening::Standard,
    };
    open(settings).unwrap()
}

/// Black f8 g8 h9 h10 (white far away): h8 would make two open threes at once.
const DOUBLE_THREE: &[&str] = &["f8", "a1", "g8", "a3", "h9", "a5", "h10", "a7"];

fn cell(c: &dyn Controller, name: &str) -> usize {
    c.view().cells.iter().position(|x| x.name == name).unwrap()
}

#[test]
fn a_double_three_is_shown_and_refused_with_its_reason() {
    let mut c = people(Rule::Renju);
    for mv in DOUBLE_THREE {
        c.handle(Command::Play(mv.to_string())).unwrap();
    }
    let h8 = cell(&*c, "h8");
    let view = c.view();
    assert_eq!(view.status, Status::ToMove { player: 0 });
    assert_eq!(view.forbidden_on(h8), Some(ForbiddenReason::DoubleThree));
    assert!(view.move_on(h8).is_none(), "not offered as a legal move");
    let json = serde_json::to_value(&view).unwrap();
    assert!(json["forbidden"]
        .as_array()
        .unwrap()
        .contains(&serde_json::json!({"cell": h8, "reason": "double-three"})));

    let err = c.handle(Command::PlayCell(h8)).unwrap_err();
    assert!(
        matches!(err, MatchError::Forbidden { ref cell, reason: ForbiddenReason::DoubleThree } if cell == "h8"),
        "{err}"
    );
    assert_eq!(
        err.to_string(),
        "h8 is forbidden to black under renju: a double three"
    );
    let err = c.handle(Command::Play("h8".into())).unwrap_err();
    assert!(matches!(err, MatchError::Forbidden { .. }), "{err}");
    assert_eq!(c.view(), view, "a refused move changes nothing");

    // White is never restricted: once black plays elsewhere, nothing is forbidden.
    c.handle(Command::Play("o15".into())).unwrap();
    assert!(c.view().forbidden.is_empty());
    c.handle(Command::Play("h8".into())).unwrap();
}

#[test]
fn freestyle_forbids_nothing() {
    let mut c = people(Rule::Freestyle);
    for mv in DOUBLE_THREE {
        c.handle(Command::Play(mv.to_string())).unwrap();
    }
    assert!(c.view().forbidden.is_empty());
    c.handle(Command::Play("h8".into())).unwrap();
    assert_eq!(c.view().history.len(), 9);
}
