//! The full-screen game without a terminal: keys go to the app, the screen is drawn into
//! ratatui's `TestBackend` and read back.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::backend::TestBackend;
use ratatui::style::Color;
use ratatui::Terminal;
use tabula_2048::{Direction, Game2048, Move};
use tabula_2048_tui::app::{App, Leave, Screen};
use tabula_2048_tui::best::{self, BestScore};
use tabula_2048_tui::ui;
use tabula_core::Game;

fn render(app: &App, width: u16, height: u16) -> (String, ratatui::buffer::Buffer) {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| ui::draw(frame, app)).unwrap();
    let buffer = terminal.backend().buffer().clone();
    let text = (0..height)
        .map(|y| {
            (0..width)
                .map(|x| buffer[(x, y)].symbol().to_string())
                .collect::<String>()
                + "\n"
        })
        .collect();
    (text, buffer)
}

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

fn press(app: &mut App, code: KeyCode) {
    app.handle_key(key(code));
}

fn position(text: &str) -> Game2048 {
    Game2048::parse_position(text).unwrap()
}

#[test]
fn a_new_game_shows_two_tiles_the_score_and_the_keys() {
    let app = App::new(1, BestScore::in_memory(), false);
    assert_eq!(app.state().board().empty_cells(), 14);
    let (text, _) = render(&app, 70, 24);
    assert!(text.contains("2048"), "{text}");
    assert!(text.contains("Score 0"), "{text}");
    assert!(text.contains("Best 0"), "{text}");
    assert!(text.contains("u undo"), "{text}");
    let tiles = text.matches(" 2 ").count() + text.matches(" 4 ").count();
    assert!(tiles >= 2, "{text}");
}

#[test]
fn slides_undo_and_restart_from_the_keyboard() {
    let mut app = App::new(7, BestScore::in_memory(), false);
    let start = *app.state();
    let mut legal = Vec::new();
    start.legal_moves(&mut legal);
    let Move::Slide(direction) = legal[0] else {
        unreachable!()
    };
    let code = match direction {
        Direction::Up => KeyCode::Char('w'),
        Direction::Down => KeyCode::Char('j'),
        Direction::Left => KeyCode::Left,
        Direction::Right => KeyCode::Char('l'),
    };
    press(&mut app, code);
    assert_ne!(app.state(), &start);
    assert!(!app.state().is_chance(), "the new tile is already dealt");
    let added = app.state().tile_sum() - start.tile_sum();
    assert!(added == 2 || added == 4, "one new tile");
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(
        app.state(),
        &start,
        "undo takes back the slide and its tile"
    );
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(app.message(), Some("nothing to undo"));
    press(&mut app, KeyCode::Char('r'));
    assert_eq!(app.state().board().empty_cells(), 14, "a new game");
}

#[test]
fn making_2048_offers_to_keep_going() {
    let start = position("1024,1024,0,0,0,0,0,0,0,0,0,0,0,0,0,4");
    let mut app = App::from_position(start, 3, BestScore::in_memory(), false);
    press(&mut app, KeyCode::Char('a'));
    assert_eq!(app.screen(), Screen::Won);
    let (text, _) = render(&app, 70, 24);
    assert!(text.contains("You made 2048!"), "{text}");
    assert!(text.contains("keep going"), "{text}");
    // Slides wait for an answer; then play goes on.
    let before = *app.state();
    press(&mut app, KeyCode::Right);
    assert_eq!(app.state(), &before);
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen(), Screen::Playing);
    assert!(app.state().has_won());
}

#[test]
fn game_over_is_shown_and_undo_gets_out_of_it() {
    // Sliding left here loses whatever tile appears (see the agents' tests).
    let start = position("1024,32,4,8,128,256,512,1024,2,16,32,64,8,8,128,256 score=500");
    let mut app = App::from_position(start, 3, BestScore::in_memory(), false);
    press(&mut app, KeyCode::Left);
    assert_eq!(app.screen(), Screen::Over);
    assert_eq!(app.best(), 516, "the best score follows the game");
    let (text, _) = render(&app, 70, 24);
    assert!(text.contains("Game over"), "{text}");
    assert!(text.contains("Score 516"), "{text}");
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(app.screen(), Screen::Playing);
    assert_eq!(app.state(), &start);
}

#[test]
fn too_small_a_terminal_gets_a_message() {
    let app = App::new(1, BestScore::in_memory(), true);
    let (text, _) = render(&app, 30, 10);
    assert!(text.contains("too small"), "{text}");
    let (min_w, min_h) = ui::MIN_SIZE;
    let (text, _) = render(&app, min_w, min_h);
    assert!(!text.contains("too small"), "{text}");
}

#[test]
fn colours_follow_the_original_unless_no_color() {
    let start = position("2,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1024");
    let background = |color: bool| {
        let app = App::from_position(start, 1, BestScore::in_memory(), color);
        let (text, buffer) = render(&app, 70, 24);
        let (x, y) = text
            .lines()
            .enumerate()
            .find_map(|(y, l)| l.find(" 1024 ").map(|i| (l[..i].chars().count() + 2, y)))
            .expect("the 1024 tile is drawn");
        buffer[(x as u16, y as u16)].bg
    };
    assert_eq!(background(true), Color::from_u32(0xedc53f));
    assert_eq!(background(false), Color::Reset);
}

#[test]
fn hint_and_autoplay() {
    let mut app = App::new(11, BestScore::in_memory(), false);
    press(&mut app, KeyCode::Char('H'));
    let hint = app.hint().expect("a hint");
    let mut legal = Vec::new();
    app.state().legal_moves(&mut legal);
    assert_eq!(hint.len(), legal.len());
    let (text, _) = render(&app, 70, 24);
    assert!(text.contains("Hint:"), "{text}");

    press(&mut app, KeyCode::Char('A'));
    assert!(app.autoplaying());
    let pace = app.pace();
    press(&mut app, KeyCode::Char('+'));
    assert!(app.pace() < pace);
    press(&mut app, KeyCode::Char('-'));
    press(&mut app, KeyCode::Char('-'));
    assert!(app.pace() > pace);
    let before = *app.state();
    app.autoplay_step();
    assert_ne!(app.state(), &before, "the computer played");
    // A slide of one's own stops autoplay.
    press(&mut app, KeyCode::Char('A'));
    assert!(!app.autoplaying());
}

#[test]
fn q_and_ctrl_c_quit() {
    let mut app = App::new(1, BestScore::in_memory(), false);
    press(&mut app, KeyCode::Char('q'));
    assert!(app.should_quit());
    let mut app = App::new(1, BestScore::in_memory(), false);
    app.handle_key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    assert!(app.should_quit());
}

#[test]
fn the_best_score_survives_and_a_corrupt_file_is_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sub").join(best::FILE_NAME);
    let (mut best, warning) = BestScore::load(path.clone());
    assert_eq!((best.best(), warning), (0, None));
    best.record(1234);
    best.save().unwrap();
    let (best, warning) = BestScore::load(path.clone());
    assert_eq!((best.best(), warning), (1234, None));

    std::fs::write(&path, "not json").unwrap();
    let (mut best, warning) = BestScore::load(path.clone());
    assert_eq!(best.best(), 0);
    assert!(warning.unwrap().contains("corrupt"));
    best.save().unwrap();
    let (best, warning) = BestScore::load(path.clone());
    assert_eq!(
        (best.best(), warning),
        (0, None),
        "the corrupt file was replaced"
    );

    // Quitting the game saves a new best.
    let start = position("2,2,0,0,0,0,0,0,0,0,0,0,0,0,0,0");
    let mut app = App::from_position(start, 1, best, false);
    press(&mut app, KeyCode::Left);
    press(&mut app, KeyCode::Char('q'));
    assert_eq!(BestScore::load(path).0.best(), 4);
}

#[test]
fn tabula_data_dir_decides_where_the_best_score_lives() {
    // The only test that reads the environment.
    std::env::set_var("TABULA_DATA_DIR", "/tmp/tabula-test-data");
    assert_eq!(
        best::default_path(),
        Some(std::path::PathBuf::from("/tmp/tabula-test-data").join(best::FILE_NAME))
    );
}

/// A game with one slide made (so a game is in progress).
fn game_in_progress(best: BestScore) -> App {
    let start = position("2,2,0,0,0,0,0,0,0,0,0,0,0,0,0,0");
    let mut app = App::from_position(start, 1, best, false);
    press(&mut app, KeyCode::Left);
    assert_eq!(app.state().score(), 4);
    app
}

#[test]
fn r_and_q_ask_before_a_game_in_progress_is_lost() {
    let mut app = game_in_progress(BestScore::in_memory());
    let before = *app.state();
    for cancel in [KeyCode::Char('n'), KeyCode::Esc] {
        press(&mut app, KeyCode::Char('r'));
        assert_eq!(app.screen(), Screen::Confirm(Leave::Restart));
        let (text, _) = render(&app, 70, 24);
        assert!(text.contains("Start a new game?"), "{text}");
        assert!(text.contains("y or Enter: yes"), "{text}");
        // Other keys wait for the answer.
        press(&mut app, KeyCode::Left);
        press(&mut app, cancel);
        assert_eq!(app.screen(), Screen::Playing);
        assert_eq!(app.state(), &before, "nothing was lost");
    }
    press(&mut app, KeyCode::Char('r'));
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.state().score(), 0, "a new game");
    assert_eq!(app.state().board().empty_cells(), 14);

    let mut app = game_in_progress(BestScore::in_memory());
    for quit in [KeyCode::Char('q'), KeyCode::Esc] {
        press(&mut app, quit);
        assert_eq!(app.screen(), Screen::Confirm(Leave::Quit));
        let (text, _) = render(&app, 70, 24);
        assert!(text.contains("Quit?"), "{text}");
        press(&mut app, KeyCode::Esc);
        assert!(!app.should_quit());
    }
    press(&mut app, KeyCode::Char('q'));
    press(&mut app, KeyCode::Char('y'));
    assert!(app.should_quit());
}

#[test]
fn the_best_score_is_written_at_every_change() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(best::FILE_NAME);
    let _app = game_in_progress(BestScore::load(path.clone()).0);
    // No quit: a killed program keeps its best score all the same.
    assert_eq!(BestScore::load(path).0.best(), 4);
}

#[test]
fn the_game_in_progress_is_kept_and_offered_next_time() {
    let dir = tempfile::tempdir().unwrap();
    let game_file = dir.path().join(best::GAME_FILE_NAME);
    let mut app = game_in_progress(BestScore::in_memory());
    app.keep_game_in(game_file.clone());
    assert_eq!(app.screen(), Screen::Playing, "no saved game yet");
    let kept = *app.state();
    app.leave().unwrap();
    assert!(game_file.exists());

    // Next time: y resumes the game where it was.
    let mut app = App::new(5, BestScore::in_memory(), false);
    app.keep_game_in(game_file.clone());
    assert_eq!(app.screen(), Screen::Resume);
    let (text, _) = render(&app, 70, 24);
    assert!(text.contains("Resume your last game?"), "{text}");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.state(), &kept);
    assert_eq!(app.screen(), Screen::Playing);
    press(&mut app, KeyCode::Char('u'));
    assert_ne!(app.state(), &kept, "its moves came back too");

    // n starts afresh; a game given up leaves no file.
    let mut app = App::new(5, BestScore::in_memory(), false);
    app.keep_game_in(game_file.clone());
    let fresh = *app.state();
    press(&mut app, KeyCode::Char('n'));
    assert_eq!((app.screen(), app.state()), (Screen::Playing, &fresh));
    app.leave().unwrap();
    assert!(!game_file.exists(), "nothing in progress, nothing kept");

    // A corrupt file is reported, not resumed.
    std::fs::write(&game_file, "{ not json").unwrap();
    let mut app = App::new(5, BestScore::in_memory(), false);
    app.keep_game_in(game_file);
    assert_eq!(app.screen(), Screen::Playing);
    assert!(app.message().unwrap().contains("saved game not resumed"));
}

#[cfg(unix)]
#[test]
fn sigterm_and_sighup_raise_the_stop_flag() {
    use tabula_2048_tui::signals::Stop;
    let stop = Stop::on_signals().unwrap();
    assert!(!stop.raised());
    signal_hook::low_level::raise(signal_hook::consts::SIGTERM).unwrap();
    assert!(stop.raised(), "the process is still here, told to stop");
    let stop = Stop::on_signals().unwrap();
    signal_hook::low_level::raise(signal_hook::consts::SIGHUP).unwrap();
    assert!(stop.raised());
}
