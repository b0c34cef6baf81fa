//! The best score, kept across runs in a small JSON file (`{"best_score": N}`) in the user's
//! data directory, or in `TABULA_DATA_DIR` where that is set (so tests never touch a real home).
//! Writes are atomic; a file that cannot be read is reported and replaced, never a crash.

use std::fs;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// The file's name inside the data directory.
pub const FILE_NAME: &str = "2048-best.json";

#[derive(Serialize, Deserialize)]
struct Stored {
    best_score: u64,
}

/// The best score and where it lives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestScore {
    path: Option<PathBuf>,
    best: u64,
    /// Whether the file needs writing (a better score, or a corrupt file to replace).
    dirty: bool,
}

impl BestScore {
    /// A best score kept only in memory.
    pub fn in_memory() -> Self {
        BestScore {
            path: None,
            best: 0,
            dirty: false,
        }
    }

    /// Reads the best score from `path`; a missing file is a best of 0, an unreadable one a
    /// best of 0 with a warning to show (the file is replaced at the next save).
    pub fn load(path: PathBuf) -> (Self, Option<String>) {
        let mut best = BestScore {
            path: Some(path.clone()),
            best: 0,
            dirty: false,
        };
        let text = match fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return (best, None),
            Err(e) => return (best, Some(format!("cannot read {}: {e}", path.display()))),
        };
        match serde_json::from_str::<Stored>(&text) {
            Ok(stored) => {
                best.best = stored.best_score;
                (best, None)
            }
            Err(e) => {
                best.dirty = true;
                let warning = format!("{} was corrupt ({e}); it will be replaced", path.display());
                (best, Some(warning))
            }
        }
    }

    /// The best score so far.
    pub fn best(&self) -> u64 {
        self.best
    }

    /// Notes a score; it becomes the best if it beats it.
    pub fn record(&mut self, score: u64) {
        if score > self.best {
            self.best = score;
            self.dirty = true;
        }
    }

    /// Writes the file if anything changed since it was read.
    pub fn save(&mut self) -> Result<(), String> {
        let Some(path) = &self.path else {
            return Ok(());
        };
        if !self.dirty {
            return Ok(());
        }
        write(path, self.best)?;
        self.dirty = false;
        Ok(())
    }
}

fn write(path: &Path, best: u64) -> Result<(), String> {
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let text = serde_json::to_string(&Stored { best_score: best }).expect("serialises") + "\n";
    tabula_core::save::write_atomic(path, text.as_bytes()).map_err(|e| e.to_string())
}

/// Where the best score lives: `FILE_NAME` in Tabula's data directory
/// ([`tabula_core::save::data_dir`]); `None` where there is none.
pub fn default_path() -> Option<PathBuf> {
    Some(tabula_core::save::data_dir()?.join(FILE_NAME))
}
