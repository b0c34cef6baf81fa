//! The one error type of the command line: a message for the user and an exit code.

use std::fmt;

/// Something the user asked for could not be done.
#[derive(Debug)]
pub struct CliError {
    message: String,
    code: u8,
}

impl CliError {
    /// An error in what the user gave (exit code 2).
    pub fn usage(message: impl fmt::Display) -> Self {
        CliError {
            message: message.to_string(),
            code: 2,
        }
    }

    /// A failure while doing it (exit code 1).
    pub fn failed(message: impl fmt::Display) -> Self {
        CliError {
            message: message.to_string(),
            code: 1,
        }
    }

    /// A child program's failure, passed on with its exit code.
    pub fn exited(message: impl fmt::Display, code: u8) -> Self {
        CliError {
            message: message.to_string(),
            code,
        }
    }

    /// The process exit code.
    pub fn exit_code(&self) -> u8 {
        self.code
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<std::io::Error> for CliError {
    fn from(e: std::io::Error) -> Self {
        CliError::failed(e)
    }
}

impl From<tabula_games::UnknownGame> for CliError {
    fn from(e: tabula_games::UnknownGame) -> Self {
        CliError::usage(e.to_string())
    }
}

impl From<tabula_core::AgentError> for CliError {
    fn from(e: tabula_core::AgentError) -> Self {
        CliError::usage(e)
    }
}

impl From<tabula_core::ParseError> for CliError {
    fn from(e: tabula_core::ParseError) -> Self {
        CliError::usage(e)
    }
}

/// The command line's result type.
pub type Result<T> = std::result::Result<T, CliError>;
