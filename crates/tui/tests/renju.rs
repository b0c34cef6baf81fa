//! Renju in the full-screen UI: black's forbidden points marked on the board, and a click or a
//! typed move there refused with the reason.

mod common;

use common::*;
use tabula_games::{GameKind, Opening, Rules};
use tabula_gomoku::Rule;
use tabula_i18n::Lang;
use tabula_match::{ForbiddenReason, MatchSettings};

fn renju() -> MatchSettings {
    let mut settings = MatchSettings::people(GameKind::Gomoku);
    settings.rules = Rules::Gomoku {
        size: 15,
        rule: Rule::Renju,
        opening: Opening::Standard,
    };
    settings
}

#[test]
fn forbidden_points_are_marked_and_refused_with_the_reason() {
    let mut app = app(renju(), Lang::En, None);
    // Black f8 g8 h9 h10, white far away: h8 is a double three.
    keys(&mut app, ":f8\n:a1\n:g8\n:a3\n:h9\n:a5\n:h10\n:a7\n");
    let view = app.view().unwrap().clone();
    let h8 = view.cells.iter().position(|c| c.name == "h8").unwrap();
    assert_eq!(view.forbidden_on(h8), Some(ForbiddenReason::DoubleThree));
    let text = screen(&mut app, 100, 30);
    assert!(text.contains("× forbidden to black"), "{text}");
    assert_snapshot("gomoku-renju-forbidden", &text);

    // A click on h8 is refused with the reason; nothing is played.
    let geometry = app.board_geometry().unwrap();
    let r = geometry.cell_rect(7, 7);
    app.handle_event(click(r.x + r.width / 2, r.y + r.height / 2));
    assert_eq!(app.view().unwrap().history.len(), 8);
    assert_eq!(
        app.message(),
        Some("h8 is forbidden to black under renju: a double three.")
    );
    // So is the move typed on the command line, in Chinese too.
    let mut zh = common::app(renju(), Lang::ZhCn, None);
    keys(&mut zh, ":f8\n:a1\n:g8\n:a3\n:h9\n:a5\n:h10\n:a7\n:h8\n");
    assert_eq!(zh.view().unwrap().history.len(), 8);
    assert_eq!(zh.message(), Some("h8 是黑方禁手：双三。"));
}
