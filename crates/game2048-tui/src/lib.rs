//! The full-screen terminal 2048 of Tabula, with ratatui and crossterm: arrows, WASD or HJKL
//! slide, `u` undoes, `r` restarts, `H` (Shift-h, or `?`) shows the computer's hint, `A`
//! (Shift-a) turns autoplay on and off with `+`/`-` for its pace, `q`, Esc or Ctrl-C quits;
//! `r`, `q` and Esc ask first when a game is in progress. The best score is kept across runs
//! ([`best`]) and written at every change; the game in progress is kept beside it when the
//! program ends (by a key, SIGTERM or SIGHUP) and offered for resumption at the next start.
//! Colours follow the original game, and none are used when `NO_COLOR` is set or `TERM` is
//! `dumb`.
//!
//! [`app::App`] holds the state and the key handling and [`ui::draw`] the drawing, both free of
//! any real terminal so that tests drive them with ratatui's `TestBackend`; only [`run`] touches
//! the terminal. The rules stay in `tabula-2048`, which knows nothing of screens.

pub mod app;
pub mod best;
pub mod signals;
mod terminal;
pub mod ui;

use std::io;

use app::App;
use best::BestScore;

/// Plays 2048 full-screen with tiles dealt from `seed`, until the player quits.
pub fn run(seed: u64) -> io::Result<()> {
    let (best, warning) = match best::default_path() {
        Some(path) => BestScore::load(path),
        None => (
            BestScore::in_memory(),
            Some("no data directory: the best score is not kept".to_string()),
        ),
    };
    let color = tabula_core::text::colors_allowed();
    let mut app = App::new(seed, best, color);
    if let Some(path) = best::default_path() {
        app.keep_game_in(path.with_file_name(best::GAME_FILE_NAME));
    }
    if let Some(warning) = warning {
        app.set_message(warning);
    }
    terminal::run(&mut app)
}
