//! 2048 in the full-screen UI: slides, undo, a new game asked first, the goal dialog, game
//! over, the best score kept in `2048-best.json`, the suggested slide (`H`), autoplay (`A`,
//! `+`, `-`) and the game in progress offered again.

mod common;

use std::path::{Path, PathBuf};

use common::*;
use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::backend::TestBackend;
use ratatui::style::Color;
use ratatui::Terminal;
use tabula_games::GameKind;
use tabula_i18n::Lang;
use tabula_match::{MatchSettings, Piece, Status, View};
use tabula_tui::best::FILE_NAME;
use tabula_tui::{Animation, App, Options, Start};

/// 2048 from `start` (a position in the game's notation), tiles dealt from seed 3.
fn from(start: &str) -> MatchSettings {
    let mut settings = MatchSettings::people(GameKind::Game2048);
    settings.start = Some(start.to_string());
    settings.seed = 3;
    settings
}

fn tiles(view: &View) -> Vec<u64> {
    view.cells
        .iter()
        .map(|c| match c.piece {
            Piece::Tile(v) => v,
            _ => 0,
        })
        .collect()
}

fn slides(view: &View) -> usize {
    view.history.iter().filter(|p| p.player.is_some()).count()
}

fn best_in(dir: &Path) -> String {
    std::fs::read_to_string(dir.join(FILE_NAME)).unwrap_or_default()
}

#[test]
fn a_new_game_shows_two_tiles_the_score_the_best_and_the_keys() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(FILE_NAME), "{\"best_score\":1234}\n").unwrap();
    let mut settings = MatchSettings::people(GameKind::Game2048);
    settings.seed = 1;
    let mut app = app(settings, Lang::En, Some(dir.path().to_path_buf()));
    let view = app.view().unwrap();
    assert_eq!(tiles(view).iter().filter(|&&t| t > 0).count(), 2);
    let text = screen(&mut app, 100, 30);
    for part in ["Score 0", "Best 1234", "H suggested slide", "A autoplay"] {
        assert!(text.contains(part), "{part}\n{text}");
    }
    assert_snapshot("2048-new", &text);
}

#[test]
fn slides_from_arrows_wasd_and_hjkl_undo_and_a_new_game_asked_first() {
    // Every key of a direction slides this board the same way.
    let start = "0,0,0,0,0,2,2,0,0,0,0,0,0,0,0,0";
    for (keys_, lands_at) in [
        ("a", 4),
        ("h", 4),
        ("d", 7),
        ("l", 7),
        ("L", 7),
        ("D", 7),
        ("s", 13),
        ("j", 14),
        ("S", 13),
        ("w", 1),
        ("k", 2),
        ("W", 1),
    ] {
        let mut app = app(from(start), Lang::En, None);
        keys(&mut app, keys_);
        let view = app.view().unwrap();
        let merged = "ahdlLD".contains(keys_);
        assert_eq!(view.scores[0], if merged { 4 } else { 0 }, "{keys_}");
        assert_eq!(slides(view), 1, "{keys_} slid");
        assert!(tiles(view)[lands_at] >= 2, "{keys_}: {:?}", tiles(view));
    }
    let mut app = app(from("2,0,0,2,0,0,0,0,0,0,0,0,0,0,0,0"), Lang::En, None);
    app.handle_event(key(KeyCode::Left));
    app.tick();
    assert_eq!(app.view().unwrap().scores[0], 4);
    keys(&mut app, "u");
    let view = app.view().unwrap();
    assert_eq!(
        (slides(view), tiles(view)[0], tiles(view)[3]),
        (0, 2, 2),
        "undo takes back the slide and its tile"
    );
    keys(&mut app, "u");
    assert_eq!(app.message(), Some("There is nothing to undo."));

    // A new game in the middle of one is asked first; n keeps the game.
    keys(&mut app, "a");
    keys(&mut app, "n");
    assert!(screen(&mut app, 100, 30).contains("Start a new game?"));
    keys(&mut app, "n");
    assert_eq!(slides(app.view().unwrap()), 1, "nothing was lost");
    keys(&mut app, "ny");
    let view = app.view().unwrap();
    assert_eq!((slides(view), view.scores[0]), (0, 0), "a new game");
    assert_eq!(tiles(view).iter().filter(|&&t| t > 0).count(), 2);
}

#[test]
fn making_the_goal_offers_to_keep_going() {
    let mut app = app(
        from("1024,1024,0,0,0,0,0,0,0,0,0,0,0,0,0,4"),
        Lang::En,
        None,
    );
    keys(&mut app, "a");
    assert!(app.view().unwrap().goal_reached);
    let text = screen(&mut app, 100, 30);
    assert!(text.contains("You made 2048!"), "{text}");
    assert!(text.contains("[c Keep going]"), "{text}");
    assert_snapshot("2048-goal", &text);
    // Slides wait for an answer; then play goes on.
    let before = app.view().unwrap().position.clone();
    keys(&mut app, "d");
    assert_eq!(app.view().unwrap().position, before);
    keys(&mut app, "\n");
    assert!(!screen(&mut app, 100, 30).contains("You made"));
    keys(&mut app, "d");
    assert_ne!(app.view().unwrap().position, before, "play goes on");
    assert!(
        !screen(&mut app, 100, 30).contains("You made"),
        "asked once"
    );

    // In Chinese; n starts a new game at once.
    let mut app = common::app(
        from("1024,1024,0,0,0,0,0,0,0,0,0,0,0,0,0,4"),
        Lang::ZhCn,
        None,
    );
    keys(&mut app, "a");
    let text = screen(&mut app, 100, 30);
    assert!(text.contains("你拼出了 2048"), "{text}");
    assert!(text.contains("继续玩"), "{text}");
    keys(&mut app, "n");
    assert_eq!(app.view().unwrap().scores[0], 0, "a new game");
}

#[test]
fn game_over_is_shown_and_undo_gets_out_of_it() {
    // Sliding left here loses whatever tile appears.
    let start = "1024,32,4,8,128,256,512,1024,2,16,32,64,8,8,128,256 score=500";
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(from(start), Lang::En, Some(dir.path().to_path_buf()));
    let before = app.view().unwrap().position.clone();
    keys(&mut app, "a");
    assert!(matches!(app.view().unwrap().status, Status::Over(_)));
    assert_eq!(app.best_score(), Some(516), "the best follows the game");
    assert_eq!(best_in(dir.path()), "{\"best_score\":516}\n");
    let text = screen(&mut app, 100, 30);
    assert!(text.contains("Game over"), "{text}");
    assert!(text.contains("516"), "{text}");
    keys(&mut app, "u");
    let view = app.view().unwrap();
    assert!(matches!(view.status, Status::ToMove { .. }));
    assert_eq!(view.position, before);
    assert_eq!(app.best_score(), Some(516), "undo keeps the best");
}

#[test]
fn the_best_score_is_written_at_every_change_and_a_bad_file_is_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let data = Some(dir.path().to_path_buf());
    let mut app = common::app(
        from("2,2,0,0,0,0,0,0,0,0,0,0,0,0,0,0"),
        Lang::En,
        data.clone(),
    );
    keys(&mut app, "a");
    // No quit: a killed program keeps its best score all the same.
    assert_eq!(best_in(dir.path()), "{\"best_score\":4}\n");
    drop(app);

    std::fs::write(dir.path().join(FILE_NAME), "not json").unwrap();
    let mut app = common::app(from("2,2,0,0,0,0,0,0,0,0,0,0,0,0,0,0"), Lang::En, data);
    keys(&mut app, "n"); // the kept game is not resumed
    let warning = app.message().unwrap().to_string();
    assert!(
        warning.contains("2048-best.json holds no best score")
            && warning.contains("will be replaced"),
        "{warning}"
    );
    assert_eq!(app.best_score(), Some(0));
    keys(&mut app, "a");
    assert_eq!(best_in(dir.path()), "{\"best_score\":4}\n", "replaced");
}

/// Draws `app` in colour and returns the background of the cell where `text` is drawn.
fn background_of(app: &mut App, text: &str) -> Color {
    let mut terminal = Terminal::new(TestBackend::new(100, 30)).unwrap();
    terminal.draw(|frame| app.draw(frame)).unwrap();
    let buffer = terminal.backend().buffer().clone();
    for y in 0..30 {
        let line: String = (0..100).map(|x| buffer[(x, y)].symbol()).collect();
        if let Some(i) = line.find(text) {
            let x = line[..i].chars().count() as u16;
            return buffer[(x, y)].bg;
        }
    }
    panic!("{text} is not on the screen");
}

#[test]
fn tiles_have_the_original_colours_unless_colours_are_off() {
    let options = |color| Options {
        start: Start::Game(Box::new(from("2,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1024"))),
        lang: Lang::En,
        animation: Animation::Off,
        data_dir: None,
        color,
        numbers: false,
    };
    let mut app = App::new(options(true));
    assert_eq!(background_of(&mut app, "1024"), Color::Rgb(237, 197, 63));
    let mut app = App::new(options(false));
    assert_eq!(background_of(&mut app, "1024"), Color::Reset);
}

#[test]
fn shift_h_suggests_a_slide_and_shift_a_plays_at_the_chosen_pace() {
    let mut settings = MatchSettings::people(GameKind::Game2048);
    settings.seed = 11;
    let mut app = app(settings, Lang::En, None);
    keys(&mut app, "H");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while !app.message().unwrap_or("").starts_with("Suggested slide") {
        assert!(std::time::Instant::now() < deadline, "{:?}", app.message());
        app.tick();
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let text = app.message().unwrap().to_string();
    let legal = app.view().unwrap().legal.len();
    assert_eq!(
        text.matches(" · ").count() + 1,
        legal,
        "every slide valued: {text}"
    );
    assert!(
        app.view().unwrap().hints.is_none(),
        "the values were on only for H"
    );
    assert!(screen(&mut app, 100, 30).contains("Suggested slide"));
    // `?` stays the help.
    keys(&mut app, "?");
    assert!(screen(&mut app, 100, 30).contains("the computer's suggested slide"));
    app.handle_event(key(KeyCode::Esc));

    keys(&mut app, "A");
    assert!(app.autoplaying());
    let pace = app.autoplay_pace();
    keys(&mut app, "+");
    assert!(app.autoplay_pace() < pace);
    keys(&mut app, "--");
    assert!(app.autoplay_pace() > pace);
    let text = screen(&mut app, 100, 30);
    assert!(text.contains("Autoplay · 250 ms a move"), "{text}");
    assert!(text.contains("The computer plays for you"), "{text}");
    assert!(
        !text.contains("Paused"),
        "held back between moves, not paused\n{text}"
    );
    wait_for(&mut app, 20, |v| slides(v) >= 2);
    // A slide of one's own stops autoplay, and the slide is played.
    let before = slides(app.view().unwrap());
    app.handle_event(key(KeyCode::Left));
    app.tick();
    assert!(!app.autoplaying());
    let view = app.view().unwrap();
    assert!(
        slides(view) >= before,
        "nothing taken back: {} < {before}",
        slides(view)
    );
    assert!(matches!(view.status, Status::ToMove { .. }));
}

#[test]
fn ctrl_c_and_q_quit_at_once_with_no_slide_made() {
    for event in [
        Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)),
        key(KeyCode::Char('q')),
    ] {
        let mut app = app(MatchSettings::people(GameKind::Game2048), Lang::En, None);
        app.handle_event(event);
        assert!(app.should_quit(), "the first tiles are no game to keep");
    }
}

#[test]
fn the_game_in_progress_is_kept_and_offered_next_time() {
    let dir = tempfile::tempdir().unwrap();
    let data: Option<PathBuf> = Some(dir.path().to_path_buf());
    let mut first = app(
        MatchSettings::people(GameKind::Game2048),
        Lang::En,
        data.clone(),
    );
    assert!(
        !dir.path().join("tui/2048.save").exists(),
        "the first tiles alone are not kept"
    );
    keys(&mut first, "ad");
    let kept = first.view().unwrap().position.clone();
    drop(first); // the terminal closed, or SIGTERM: nothing more is written

    let mut again = app(
        MatchSettings::people(GameKind::Game2048),
        Lang::En,
        data.clone(),
    );
    assert!(screen(&mut again, 100, 30).contains("A 2048 game in progress was saved"));
    keys(&mut again, "y");
    assert_eq!(again.view().unwrap().position, kept);
    keys(&mut again, "u");
    assert_ne!(
        again.view().unwrap().position,
        kept,
        "its moves came back too"
    );
    drop(again);

    let mut fresh = app(MatchSettings::people(GameKind::Game2048), Lang::En, data);
    keys(&mut fresh, "n");
    assert_eq!(slides(fresh.view().unwrap()), 0);
    assert!(
        !dir.path().join("tui/2048.save").exists(),
        "afresh forgets it"
    );
}

#[test]
fn autoplay_stops_for_good_when_turned_off() {
    let mut app = app(MatchSettings::people(GameKind::Game2048), Lang::En, None);
    keys(&mut app, "A+++");
    wait_for(&mut app, 20, |v| slides(v) >= 3);
    keys(&mut app, "A");
    assert!(!app.autoplaying());
    let stopped = slides(app.view().unwrap());
    let deadline = std::time::Instant::now() + std::time::Duration::from_millis(1500);
    while std::time::Instant::now() < deadline {
        app.tick();
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert_eq!(slides(app.view().unwrap()), stopped, "no move after A");
    assert!(matches!(app.view().unwrap().status, Status::ToMove { .. }));
}

#[test]
fn a_game_left_after_autoplay_was_turned_off_comes_back_without_it() {
    let dir = tempfile::tempdir().unwrap();
    let data = Some(dir.path().to_path_buf());
    let mut first = app(
        MatchSettings::people(GameKind::Game2048),
        Lang::En,
        data.clone(),
    );
    keys(&mut first, "A+++");
    wait_for(&mut first, 20, |v| slides(v) >= 2);
    keys(&mut first, "A");
    drop(first);
    let mut again = app(MatchSettings::people(GameKind::Game2048), Lang::En, data);
    keys(&mut again, "y");
    assert!(slides(again.view().unwrap()) >= 2, "the game came back");
    assert!(!again.autoplaying(), "and the player plays it");
}

#[test]
fn a_game_kept_by_the_earlier_2048_screen_is_offered_once() {
    let dir = tempfile::tempdir().unwrap();
    let legacy = dir.path().join("2048-game.json");
    std::fs::write(
        &legacy,
        r#"{"format": "tabula-save", "version": 1, "game": "2048",
            "start": "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 chance score=0",
            "moves": ["2@a1", "2@b1", "left"], "seats": ["human"]}"#,
    )
    .unwrap();
    let data = Some(dir.path().to_path_buf());
    let mut app = app(MatchSettings::people(GameKind::Game2048), Lang::En, data);
    assert!(screen(&mut app, 100, 30).contains("A 2048 game in progress was saved"));
    keys(&mut app, "y");
    let view = app.view().unwrap();
    assert_eq!(view.scores[0], 4, "{:?}", app.message());
    assert_eq!(tiles(view)[0], 4);
    assert!(!legacy.exists(), "moved, so offered once");
}
