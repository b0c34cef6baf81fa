//! 2048's best score, kept across runs in `<data dir>/2048-best.json` (`{"best_score": N}`, the
//! file the earlier 2048 screen wrote, so best scores survive). Every change is written at once
//! and atomically; a file that cannot be read is reported and replaced, never a crash.

use std::fs;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// The file's name inside the data directory.
pub const FILE_NAME: &str = "2048-best.json";

#[derive(Serialize, Deserialize)]
struct Stored {
    best_score: u64,
}

/// Why a best-score file was not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadWarning {
    /// The file is there but could not be read.
    Unreadable {
        /// The file.
        file: String,
        /// What went wrong.
        detail: String,
    },
    /// The file does not hold a best score; it is replaced at the next write.
    Corrupt {
        /// The file.
        file: String,
        /// What went wrong.
        detail: String,
    },
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

    /// The best score kept in `data_dir` (in memory without one), and why the file was not
    /// read, if it was not. A missing file is a best of 0.
    pub fn in_dir(data_dir: Option<&Path>) -> (Self, Option<LoadWarning>) {
        match data_dir {
            Some(dir) => BestScore::load(dir.join(FILE_NAME)),
            None => (BestScore::in_memory(), None),
        }
    }

    /// Reads the best score from `path`; a missing file is a best of 0, an unreadable one a
    /// best of 0 with a warning to show (the file is replaced at the next save).
    pub fn load(path: PathBuf) -> (Self, Option<LoadWarning>) {
        let mut best = BestScore {
            path: Some(path.clone()),
            best: 0,
            dirty: false,
        };
        let file = path.display().to_string();
        let text = match fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return (best, None),
            Err(e) => {
                let detail = e.to_string();
                return (best, Some(LoadWarning::Unreadable { file, detail }));
            }
        };
        match serde_json::from_str::<Stored>(&text) {
            Ok(stored) => {
                best.best = stored.best_score;
                (best, None)
            }
            Err(e) => {
                best.dirty = true;
                let detail = e.to_string();
                (best, Some(LoadWarning::Corrupt { file, detail }))
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

    /// Writes the file if anything changed since it was read or written.
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
        fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let text = serde_json::to_string(&Stored { best_score: best }).expect("serialises") + "\n";
    tabula_core::save::write_atomic(path, text.as_bytes()).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_best_score_survives_and_a_corrupt_file_is_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub").join(FILE_NAME);
        let (mut best, warning) = BestScore::load(path.clone());
        assert_eq!((best.best(), warning), (0, None));
        best.record(1234);
        best.save().unwrap();
        assert_eq!(
            fs::read_to_string(&path).unwrap(),
            "{\"best_score\":1234}\n",
            "the format the earlier 2048 screen wrote"
        );
        let (best, warning) = BestScore::load(path.clone());
        assert_eq!((best.best(), warning), (1234, None));

        fs::write(&path, "not json").unwrap();
        let (mut best, warning) = BestScore::load(path.clone());
        assert_eq!(best.best(), 0);
        assert!(matches!(warning, Some(LoadWarning::Corrupt { .. })));
        best.save().unwrap();
        let (best, warning) = BestScore::load(path);
        assert_eq!(
            (best.best(), warning),
            (0, None),
            "the corrupt file was replaced"
        );
    }

    #[test]
    fn a_lower_score_writes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(FILE_NAME);
        fs::write(&path, "{\"best_score\": 500}").unwrap();
        let (mut best, _) = BestScore::load(path.clone());
        best.record(100);
        best.save().unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "{\"best_score\": 500}");
    }
}
