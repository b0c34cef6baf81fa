//! Saved games on disk.
//!
//! The format is one JSON object (pretty-printed, so a person can read it):
//!
//! ```json
//! {
//!   "format": "tabula-save",
//!   "version": 1,
//!   "game": "reversi",
//!   "start": "<position string of the start position>",
//!   "moves": ["f5", "d6"],
//!   "seats": ["human", "engine:level=5"]
//! }
//! ```
//!
//! `moves` are in the game's own notation, each read in the position before it; chance outcomes
//! (a 2048 tile) are moves too, so a saved game replays exactly. `seats` holds one entry per
//! player: `human` or an agent spec. A game whose opening has choices besides moves (gomoku's
//! swap openings) adds `"opening": "swap2"` and `"choices": [{"after": 3, "choice": "place_two"}]`:
//! each choice with the number of moves played before it. A file that is not JSON is read as a plain transcript from
//! the standard start (`f5d6c3` in reversi, `h8 i9` in gomoku). Writes go to a temporary file
//! that is then renamed over the target, so a crash never leaves half a file.

use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::game::{Game, ParseError};

/// The largest file [`load`] reads: a saved game of the longest game is a few kilobytes.
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// The `format` field's value.
pub const FORMAT: &str = "tabula-save";
/// The current `version`.
pub const VERSION: u32 = 1;

/// A saved game as stored on disk.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SaveFile {
    /// Always [`FORMAT`].
    pub format: String,
    /// The format version, [`VERSION`].
    pub version: u32,
    /// The game's command-line name.
    pub game: String,
    /// The start position's string.
    pub start: String,
    /// The moves played, in notation.
    pub moves: Vec<String>,
    /// One entry per player: `human` or an agent spec.
    #[serde(default)]
    pub seats: Vec<String>,
    /// The opening rule where it is not the standard one (`swap1`, `swap2`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening: Option<String>,
    /// The choices made between moves, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<SavedChoice>,
}

/// A choice made between moves that the moves alone do not record, such as a swap opening's
/// choice of colour.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedChoice {
    /// How many moves had been played when it was made.
    pub after: usize,
    /// The choice, named by the controller that made it (`black`, `white`, `place_two`).
    pub choice: String,
}

/// Why a saved game could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's error.
        source: std::io::Error,
    },
    /// The file could not be written; `reason` says which step failed and why.
    #[error("{path}: {reason}")]
    Write {
        /// The file.
        path: PathBuf,
        /// What failed, with the system's reason.
        reason: String,
    },
    /// The file is not a saved game.
    #[error("{path}: not a saved game: {reason}")]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// The file is a saved game of another game.
    #[error("{path}: this is a saved {found} game, not {expected}")]
    WrongGame {
        /// The file.
        path: PathBuf,
        /// The game in the file.
        found: String,
        /// The game expected.
        expected: &'static str,
    },
}

/// A game read back from a file: its start, its moves and its seats (empty for a transcript).
#[derive(Clone, Debug, PartialEq)]
pub struct LoadedGame<G: Game> {
    /// The start position.
    pub start: G,
    /// The moves, checked legal in order.
    pub moves: Vec<G::Move>,
    /// The seats as saved (`human` or specs); empty where the file did not say.
    pub seats: Vec<String>,
    /// The opening rule as saved, where not the standard one.
    pub opening: Option<String>,
    /// The choices made between moves, checked to follow each other within the moves.
    pub choices: Vec<SavedChoice>,
}

impl SaveFile {
    /// Describes a game.
    pub fn new<G: Game>(start: &G, moves: &[G::Move], seats: Vec<String>) -> Self {
        let mut state = start.clone();
        let mut notated = Vec::with_capacity(moves.len());
        for &mv in moves {
            notated.push(state.move_string(mv));
            state.play(mv);
        }
        SaveFile {
            format: FORMAT.to_string(),
            version: VERSION,
            game: G::NAME.to_string(),
            start: start.position_string(),
            moves: notated,
            seats,
            opening: None,
            choices: Vec::new(),
        }
    }

    /// Checks this file against game `G` and replays its moves.
    pub fn replay<G: Game>(&self) -> Result<LoadedGame<G>, ParseError> {
        if self.format != FORMAT {
            return Err(ParseError::new(format!(
                "format is {:?}, expected {FORMAT:?}",
                self.format
            )));
        }
        if self.version != VERSION {
            return Err(ParseError::new(format!(
                "version {} is not supported",
                self.version
            )));
        }
        let start = G::parse_position(&self.start)
            .map_err(|e| ParseError::new(format!("start position: {e}")))?;
        let mut state = start.clone();
        let mut moves = Vec::with_capacity(self.moves.len());
        for (i, text) in self.moves.iter().enumerate() {
            let mv = state
                .parse_move(text)
                .map_err(|e| ParseError::new(format!("move {} ({text}): {e}", i + 1)))?;
            state
                .try_play(mv)
                .map_err(|e| ParseError::new(format!("move {}: {e}", i + 1)))?;
            moves.push(mv);
        }
        let mut earliest = 0;
        for (i, choice) in self.choices.iter().enumerate() {
            if choice.after < earliest || choice.after > moves.len() {
                return Err(ParseError::new(format!(
                    "choice {} ({}) comes after {} moves, out of order or beyond the {} moves",
                    i + 1,
                    crate::quote(&choice.choice),
                    choice.after,
                    moves.len()
                )));
            }
            earliest = choice.after;
        }
        Ok(LoadedGame {
            start,
            moves,
            seats: self.seats.clone(),
            opening: self.opening.clone(),
            choices: self.choices.clone(),
        })
    }
}

/// Why a text is not a saved game of the expected kind.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ContentError {
    /// It is not a saved game, or its moves do not replay.
    #[error("{0}")]
    Invalid(String),
    /// It is a saved game of another game.
    #[error("this is a saved {0} game")]
    WrongGame(String),
}

/// Reads a game of type `G` from `text`: a [`SaveFile`] in JSON, or a plain transcript from the
/// standard start.
pub fn parse_saved<G: Game>(text: &str) -> Result<LoadedGame<G>, ContentError> {
    let trimmed = text.trim_start();
    if trimmed.starts_with('{') {
        let file: SaveFile =
            serde_json::from_str(trimmed).map_err(|e| ContentError::Invalid(e.to_string()))?;
        if file.game != G::NAME {
            return Err(ContentError::WrongGame(file.game));
        }
        file.replay().map_err(|e| ContentError::Invalid(e.message))
    } else {
        let start = G::initial();
        let moves = start
            .parse_moves(text)
            .map_err(|e| ContentError::Invalid(e.message))?;
        Ok(LoadedGame {
            start,
            moves,
            seats: Vec::new(),
            opening: None,
            choices: Vec::new(),
        })
    }
}

/// Reads the text of a saved game: a regular file of at most [`MAX_FILE_BYTES`], in UTF-8.
/// Devices, pipes and directories are refused before anything is read, and no more than the
/// limit (plus one byte, to notice a longer file) is ever read.
pub fn read_text(path: &Path) -> Result<String, SaveError> {
    let corrupt = |reason: String| SaveError::Corrupt {
        path: path.to_path_buf(),
        reason,
    };
    let io = |source| SaveError::Io {
        path: path.to_path_buf(),
        source,
    };
    let file = fs::File::open(path).map_err(io)?;
    let meta = file.metadata().map_err(io)?;
    if !meta.is_file() {
        let kind = if meta.is_dir() {
            "a directory"
        } else {
            "a device, pipe or socket"
        };
        return Err(corrupt(format!("it is {kind}, not a regular file")));
    }
    let too_big = || {
        corrupt(format!(
            "larger than {} KiB; a saved game is a few kilobytes",
            MAX_FILE_BYTES / 1024
        ))
    };
    if meta.len() > MAX_FILE_BYTES {
        return Err(too_big());
    }
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_big());
    }
    String::from_utf8(bytes).map_err(|e| {
        corrupt(format!(
            "not UTF-8 text (bad byte at offset {})",
            e.utf8_error().valid_up_to()
        ))
    })
}

/// Reads a saved game from `path` (see [`read_text`] for the files accepted).
pub fn load<G: Game>(path: &Path) -> Result<LoadedGame<G>, SaveError> {
    let text = read_text(path)?;
    parse_saved(&text).map_err(|e| match e {
        ContentError::WrongGame(found) => SaveError::WrongGame {
            path: path.to_path_buf(),
            found,
            expected: G::NAME,
        },
        ContentError::Invalid(reason) => SaveError::Corrupt {
            path: path.to_path_buf(),
            reason,
        },
    })
}

/// Writes `file` to `path` atomically.
pub fn save(path: &Path, file: &SaveFile) -> Result<(), SaveError> {
    let mut text = serde_json::to_string_pretty(file).expect("a save file always serialises");
    text.push('\n');
    write_atomic(path, text.as_bytes())
}

/// The user's data directory for Tabula (saved games in progress, the 2048 best score):
/// `$TABULA_DATA_DIR` where set (so tests never touch a real home), else the platform's
/// (`$XDG_DATA_HOME/tabula`, `~/.local/share/tabula`, `~/Library/Application Support/tabula`,
/// `%APPDATA%\tabula`); `None` where there is none.
pub fn data_dir() -> Option<PathBuf> {
    let var = |name: &str| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if let Some(dir) = var("TABULA_DATA_DIR") {
        Some(dir)
    } else if cfg!(windows) {
        Some(var("APPDATA")?.join("tabula"))
    } else if cfg!(target_os = "macos") {
        Some(var("HOME")?.join("Library/Application Support/tabula"))
    } else if let Some(dir) = var("XDG_DATA_HOME") {
        Some(dir.join("tabula"))
    } else {
        Some(var("HOME")?.join(".local/share/tabula"))
    }
}

/// Writes `contents` to a temporary file beside `path`, flushes it, then renames it over `path`.
/// Refuses a directory, a missing directory and anything that exists but is not a regular file
/// (a device such as `/dev/null` is never replaced); each failure says which step failed and the
/// system's reason, and leaves no temporary file behind.
pub fn write_atomic(path: &Path, contents: &[u8]) -> Result<(), SaveError> {
    let fail = |reason: String| SaveError::Write {
        path: path.to_path_buf(),
        reason,
    };
    if let Ok(meta) = fs::metadata(path) {
        if meta.is_dir() {
            return Err(fail("it is a directory; give a file name".to_string()));
        }
        if !meta.is_file() {
            return Err(fail(
                "it is a device, pipe or socket, not a regular file".to_string(),
            ));
        }
    }
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if !dir.is_dir() {
        return Err(fail(format!(
            "the directory {} does not exist",
            dir.display()
        )));
    }
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let mut out = fs::File::create(&temp)
        .map_err(|e| fail(format!("cannot create a file in {}: {e}", dir.display())))?;
    let result = out
        .write_all(contents)
        .and_then(|()| out.sync_all())
        .map_err(|e| fail(format!("cannot write {}: {e}", temp.display())))
        .and_then(|()| {
            fs::rename(&temp, path).map_err(|e| fail(format!("cannot replace it: {e}")))
        });
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    result
}
