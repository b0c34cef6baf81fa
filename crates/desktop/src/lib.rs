//! Tabula's desktop window: every game on an egui canvas, driven through the match controller.
//!
//! The window holds no game rules. It draws the controller's [`tabula_match::View`] and sends it
//! [`tabula_match::Command`]s: a click on a square, a key, a button. Modules: [`app`] (the
//! top-level state and frame), [`start`] (the start screen), [`play`] (one match on screen),
//! [`board`] (square geometry and the labelled, clickable squares), [`games`] (one painter per
//! game), [`side`] (the side panel), [`prefs`] (settings kept across runs), [`fonts`] (the CJK
//! font), [`anim`] (animation timing), [`options`] (the command line) and [`screenshot`].

pub mod anim;
pub mod app;
pub mod board;
pub mod fonts;
pub mod games;
pub mod graph;
pub mod options;
pub mod play;
pub mod prefs;
pub mod screenshot;
pub mod side;
pub mod start;

pub use app::DesktopApp;
pub use options::Options;

/// The application id: the window's name and the folder of the settings file
/// (`~/.local/share/tabula-desktop/app.ron` on Linux).
pub const APP_ID: &str = "tabula-desktop";
