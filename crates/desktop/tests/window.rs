//! The window driven as a person would, through egui_kittest and the AccessKit labels: start
//! each game from the start screen, play by clicking squares, check the position through the
//! controller's view. No display is needed.

use std::time::{Duration, Instant};

use eframe::egui::{self, Vec2};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use tabula_desktop::anim::AnimSpeed;
use tabula_desktop::DesktopApp;
use tabula_i18n::Lang;
use tabula_match::{Ending, Piece, Status, View};

fn harness(lang: Lang) -> Harness<'static, DesktopApp> {
    let mut h = Harness::builder()
        .with_size(Vec2::new(1200.0, 820.0))
        .build_eframe(move |cc| DesktopApp::new(cc, Some(lang), None, None));
    h.state_mut().prefs_mut().anim = AnimSpeed::Off;
    h.run();
    h
}

/// Clicks the control labelled `label` and lets the window settle.
fn click(h: &mut Harness<'static, DesktopApp>, label: &str) {
    h.get_by_label(label).click();
    settle(h);
}

/// Steps until no computer is thinking and nothing is left to paint (at most 20 s).
fn settle(h: &mut Harness<'static, DesktopApp>) {
    let start = Instant::now();
    loop {
        h.step();
        let thinking = h
            .state()
            .play()
            .is_some_and(|p| matches!(p.view().status, Status::Thinking { .. }));
        if !thinking && h.try_run().is_ok() {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the window never settled"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn view(h: &Harness<'static, DesktopApp>) -> View {
    h.state()
        .play()
        .expect("a match is on screen")
        .controller()
        .view()
}

fn piece_on(view: &View, name: &str) -> Piece {
    view.cells
        .iter()
        .find(|c| c.name == name)
        .expect(name)
        .piece
}

#[test]
fn tictactoe_two_players_to_a_win_with_the_scoreboard() {
    let mut h = harness(Lang::En);
    click(&mut h, "Tic-tac-toe");
    click(&mut h, "Two players");
    click(&mut h, "Start");
    let names: Vec<String> = view(&h).cells.iter().map(|c| c.name.clone()).collect();
    // X takes the left column while O plays beside it.
    for index in [0, 1, 3, 4, 6] {
        click(&mut h, &names[index]);
    }
    let v = view(&h);
    assert_eq!(v.status, Status::Over(Ending::Win { player: 0 }));
    assert_eq!(v.winning_line, vec![0, 3, 6]);
    assert_eq!(piece_on(&v, &names[4]), Piece::Player(1));
    h.get_by_label("X wins");
    h.get_by_label_contains("This session: X 1, O 0, draws 0");
    click(&mut h, "New game");
    assert!(view(&h).history.is_empty());
}

#[test]
fn reversi_against_the_computer_answers_a_click() {
    let mut h = harness(Lang::En);
    click(&mut h, "Reversi");
    click(&mut h, "Against the computer");
    click(&mut h, "Easy");
    click(&mut h, "Start");
    click(&mut h, "f5");
    let v = view(&h);
    assert_eq!(v.history.len(), 2, "the computer answered: {:?}", v.history);
    assert_eq!(piece_on(&v, "f5"), Piece::Player(0));
    assert_eq!(piece_on(&v, "e5"), Piece::Player(0), "f5 turned e5 over");
    assert_eq!(v.status, Status::ToMove { player: 0 });
    assert!(!v.legal.is_empty());
    // A click where no move can be played changes nothing.
    click(&mut h, "a1");
    assert_eq!(view(&h).history.len(), 2);
}

#[test]
fn gomoku_on_a_small_board_with_numbers() {
    let mut h = harness(Lang::En);
    click(&mut h, "Gomoku");
    click(&mut h, "Two players");
    click(&mut h, "Standard (exactly five)");
    click(&mut h, "Start");
    assert_eq!(view(&h).width, 15);
    for name in ["h8", "h9", "j8"] {
        click(&mut h, name);
    }
    click(&mut h, "Move numbers");
    assert!(h.state().play().unwrap().numbers);
    let v = view(&h);
    assert_eq!(piece_on(&v, "h8"), Piece::Player(0));
    assert_eq!(piece_on(&v, "h9"), Piece::Player(1));
    assert_eq!(v.cells[v.last_move.unwrap()].name, "j8");
    click(&mut h, "Undo");
    assert_eq!(view(&h).history.len(), 2);
    click(&mut h, "Redo");
    assert_eq!(view(&h).history.len(), 3);
}

#[test]
fn game2048_moves_by_button_and_key() {
    let mut h = harness(Lang::En);
    click(&mut h, "2048");
    click(&mut h, "You play");
    click(&mut h, "Start");
    let before = view(&h);
    assert_eq!((before.width, before.height), (4, 4));
    let first = before.legal[0].notation.clone();
    click(&mut h, &first);
    let after = view(&h);
    assert!(
        after.history.len() > before.history.len(),
        "{first} was played"
    );
    let key = match after.legal.first().map(|m| m.notation.as_str()) {
        Some("left") => egui::Key::ArrowLeft,
        Some("right") => egui::Key::ArrowRight,
        Some("up") => egui::Key::ArrowUp,
        _ => egui::Key::ArrowDown,
    };
    let plies = after.history.len();
    h.key_press(key);
    settle(&mut h);
    assert!(view(&h).history.len() > plies, "the arrow key moved");
}

#[test]
fn undo_while_the_engine_thinks_stops_it_at_once() {
    let mut h = harness(Lang::En);
    click(&mut h, "Gomoku");
    click(&mut h, "Against the computer");
    click(&mut h, "Expert");
    click(&mut h, "Start");
    h.get_by_label("h8").click();
    h.step();
    h.step();
    assert!(
        matches!(view(&h).status, Status::Thinking { player: 1 }),
        "the engine thinks: {:?}",
        view(&h).status
    );
    let start = Instant::now();
    h.get_by_label("Undo").click();
    h.step();
    let v = view(&h);
    assert!(start.elapsed() < Duration::from_secs(1));
    assert_eq!(v.status, Status::ToMove { player: 0 });
    assert!(v.history.is_empty());
    assert!(v.thinking.is_none());
}

#[test]
fn the_window_speaks_chinese() {
    let mut h = harness(Lang::ZhCn);
    click(&mut h, "井字棋");
    click(&mut h, "双人对战");
    click(&mut h, "开始");
    let name = view(&h).cells[4].name.clone();
    click(&mut h, &name);
    assert_eq!(view(&h).cells[4].piece, Piece::Player(0));
    h.get_by_label("悔棋");
    // Switching the language in the settings bar changes the texts at once.
    click(&mut h, "English");
    h.get_by_label("Undo");
}
