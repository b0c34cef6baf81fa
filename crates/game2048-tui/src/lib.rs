//! The full-screen terminal 2048 of Tabula, with ratatui and crossterm: arrows, WASD or HJKL
//! slide, `u` undoes, `r` restarts, `H` (Shift-h, or `?`) shows the computer's hint, `A`
//! (Shift-a) turns autoplay on and off with `+`/`-` for its pace, `q`, Esc or Ctrl-C quits. The
//! best score is kept across runs ([`best`]). Colours follow the original game, and none are
//! used when `NO_COLOR` is set.
//!
//! [`app::App`] holds the state and the key handling and [`ui::draw`] the drawing, both free of
//! any real terminal so that tests drive them with ratatui's `TestBackend`; only [`run`] touches
//! the terminal. The rules stay in `tabula-2048`, which knows nothing of screens.

pub mod app;
pub mod best;
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
    let color = !matches!(std::env::var_os("NO_COLOR"), Some(v) if !v.is_empty());
    let mut app = App::new(seed, best, color);
    if let Some(warning) = warning {
        app.set_message(warning);
    }
    terminal::run(&mut app)
}
