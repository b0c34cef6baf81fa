//! The arena's one error type.

use tabula_core::AgentError;

/// Why a match could not be set up, played, written or merged.
#[derive(Debug, thiserror::Error)]
pub enum ArenaError {
    /// An option or combination of options that makes no sense.
    #[error("{0}")]
    Usage(String),
    /// An agent spec that names no agent or is malformed.
    #[error(transparent)]
    Agent(#[from] AgentError),
    /// A bad line in an openings file.
    #[error("openings file, line {line}: {reason}")]
    Openings {
        /// The line, counted from 1.
        line: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// An openings file with no position in it.
    #[error("the openings file has no positions (one position per line; blank lines and lines starting with # are skipped)")]
    NoOpenings,
    /// A results file (shard output, game records) that cannot be read or does not fit.
    #[error("{file}: {reason}")]
    Results {
        /// The file, as named.
        file: String,
        /// What is wrong with it.
        reason: String,
    },
    /// Reading or writing a file failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}
