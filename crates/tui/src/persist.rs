//! The game in progress, kept on disk after every change so that it survives a closed
//! terminal, SIGTERM or SIGHUP, and offered for resumption at the next start of that game.
//!
//! Each game has two files in `<data dir>/tui/`: `<game>.json`, the match settings (rules and
//! seats), and `<game>.save`, the game in the console's save format (written by the controller's
//! [`Command::Save`]). Both are written atomically; a game that ended, or was never begun, has
//! neither.
//!
//! The earlier 2048 screen kept its game in progress in `<data dir>/2048-game.json` (the same
//! save format); [`Store::adopt`] takes such a file in, so that game is offered too.

use std::fs;
use std::path::{Path, PathBuf};

use tabula_games::GameKind;
use tabula_match::{Command, Controller, MatchSettings};

/// The file where the earlier 2048 screen kept its game in progress, in the data directory.
pub const LEGACY_2048_GAME: &str = "2048-game.json";

/// Where games in progress are kept; without a directory, nothing is.
#[derive(Clone, Debug, Default)]
pub struct Store {
    dir: Option<PathBuf>,
}

impl Store {
    /// Games kept under `data_dir/tui`; `None` keeps nothing.
    pub fn new(data_dir: Option<PathBuf>) -> Store {
        Store {
            dir: data_dir.map(|d| d.join("tui")),
        }
    }

    /// The settings file and the game file of `kind`.
    pub fn paths(&self, kind: GameKind) -> Option<(PathBuf, PathBuf)> {
        let dir = self.dir.as_ref()?;
        Some((
            dir.join(format!("{}.json", kind.name())),
            dir.join(format!("{}.save", kind.name())),
        ))
    }

    /// Saves the game of `controller`.
    pub fn save(&self, controller: &mut dyn Controller) -> Result<(), String> {
        let Some((settings, game)) = self.paths(controller.settings().kind()) else {
            return Ok(());
        };
        if let Some(dir) = &self.dir {
            fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        controller
            .handle(Command::Save(game))
            .map_err(|e| e.to_string())?;
        let text = serde_json::to_string_pretty(controller.settings()).expect("serialises");
        tabula_core::save::write_atomic(&settings, text.as_bytes()).map_err(|e| e.to_string())
    }

    /// The settings of a kept game of `kind`, if there is one.
    pub fn pending(&self, kind: GameKind) -> Option<MatchSettings> {
        let (settings, game) = self.paths(kind)?;
        if !game.exists() {
            return None;
        }
        let text = fs::read_to_string(settings).ok()?;
        serde_json::from_str::<MatchSettings>(&text)
            .ok()
            .filter(|s| s.kind() == kind)
    }

    /// Opens the kept game of `kind`.
    pub fn resume(&self, kind: GameKind) -> Result<Box<dyn Controller>, String> {
        let settings = self
            .pending(kind)
            .ok_or_else(|| format!("no saved {kind} game"))?;
        let (_, game) = self.paths(kind).expect("pending had paths");
        let mut controller = tabula_match::open(settings).map_err(|e| e.to_string())?;
        controller
            .handle(Command::Load(game))
            .map_err(|e| e.to_string())?;
        Ok(controller)
    }

    /// Takes in `legacy`, a game in progress kept by an earlier front end in the save format,
    /// as the kept game of `settings`' kind, when none is kept and the file is there; the file
    /// is moved, so it is offered once.
    pub fn adopt(&self, legacy: &Path, settings: &MatchSettings) -> Result<(), String> {
        let Some((settings_file, game)) = self.paths(settings.kind()) else {
            return Ok(());
        };
        if game.exists() || !legacy.exists() {
            return Ok(());
        }
        let dir = game.parent().expect("a file in the store's directory");
        fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let text = serde_json::to_string_pretty(settings).expect("serialises");
        tabula_core::save::write_atomic(&settings_file, text.as_bytes())
            .map_err(|e| e.to_string())?;
        fs::rename(legacy, &game).map_err(|e| format!("{}: {e}", legacy.display()))
    }

    /// Forgets the kept game of `kind`.
    pub fn clear(&self, kind: GameKind) {
        if let Some((settings, game)) = self.paths(kind) {
            let _ = fs::remove_file(game);
            let _ = fs::remove_file(settings);
        }
    }
}
