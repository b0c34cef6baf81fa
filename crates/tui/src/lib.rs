//! The full-screen terminal UI of Tabula for every game, with ratatui and crossterm.
//!
//! A launcher picks the game, the mode, who moves first, the strength, the rule settings and the
//! language; the game screen draws the match controller's [`tabula_match::View`] — a board on the
//! left, a side panel on the right — and turns keys and mouse clicks into
//! [`tabula_match::Command`]s. The UI holds no game rules: legality, whose turn, hints and winners
//! all come from the view. Every change of a game in progress is saved to the data directory
//! ([`persist`]) and offered for resumption at the next start of that game.
//!
//! [`app::App`] holds the state, takes terminal events and draws a frame, free of any real
//! terminal so that tests drive it with ratatui's `TestBackend`; only [`run`] touches the
//! terminal.

pub mod app;
mod autoplay;
pub mod best;
mod board;
mod cmdline;
mod dialog;
mod games;
pub mod input;
mod launcher;
pub mod layout;
mod panel;
pub mod persist;
mod strength;
mod terminal;
mod text;
mod theme;

use std::io;
use std::path::PathBuf;

pub use app::{App, EventSource};
pub use launcher::LauncherChoice;
pub use strength::Strength;
use tabula_i18n::Lang;
use tabula_match::MatchSettings;
pub use terminal::run_loop;

/// How fast the board animates reversi flips and 2048 slides.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Animation {
    /// No animation: the new position at once.
    Off,
    /// A few quick frames.
    Fast,
    /// The default pace.
    #[default]
    Normal,
}

impl Animation {
    /// Every setting, in menu order.
    pub const ALL: [Animation; 3] = [Animation::Normal, Animation::Fast, Animation::Off];

    /// How many frames (of 30 ms, the screen's frame) an animation lasts.
    pub fn frames(self) -> u32 {
        match self {
            Animation::Off => 0,
            Animation::Fast => 3,
            Animation::Normal => 6,
        }
    }
}

/// What the UI opens with.
#[derive(Clone, Debug, PartialEq)]
pub enum Start {
    /// The launcher, where the player picks a game.
    Launcher,
    /// A game with these settings at once (after offering to resume a saved one).
    Game(Box<MatchSettings>),
}

/// How to run the UI.
#[derive(Clone, Debug)]
pub struct Options {
    /// The launcher or a game.
    pub start: Start,
    /// The language of every screen.
    pub lang: Lang,
    /// The animation pace.
    pub animation: Animation,
    /// Where games in progress are kept; `None` keeps nothing.
    pub data_dir: Option<PathBuf>,
    /// Whether to use colours (`false` under `NO_COLOR` or `TERM=dumb`).
    pub color: bool,
    /// Whether gomoku stones show their move numbers from the start (`m` toggles them).
    pub numbers: bool,
}

impl Options {
    /// The launcher in `lang`, with the data directory and colours the environment gives.
    pub fn launcher(lang: Lang) -> Options {
        Options {
            start: Start::Launcher,
            lang,
            animation: Animation::default(),
            data_dir: tabula_core::save::data_dir(),
            color: theme::color_from_env(),
            numbers: false,
        }
    }

    /// A game with `settings` in `lang`, with the data directory and colours the environment
    /// gives.
    pub fn game(settings: MatchSettings, lang: Lang) -> Options {
        Options {
            start: Start::Game(Box::new(settings)),
            ..Options::launcher(lang)
        }
    }
}

/// Runs the UI full-screen on the real terminal until the player quits. The terminal is
/// restored on every way out: quitting, an error, a panic, SIGTERM or SIGHUP.
pub fn run(options: Options) -> io::Result<()> {
    let mut app = App::new(options);
    terminal::run(&mut app)
}
