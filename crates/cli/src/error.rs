//! The one error type of the command line: a message for the user and an exit code.
//!
//! The message is a catalog key with its placeholders, rendered in the user's language by
//! [`CliError::render`] where it is printed; details that come from below the command line (a
//! game's own parse error, an I/O error) fill a placeholder as they are.

use std::fmt;

use tabula_core::{quote, AgentError, Reason};
use tabula_i18n::{Arg, Catalog, Lang};

/// Something the user asked for could not be done.
#[derive(Debug)]
pub struct CliError {
    key: &'static str,
    args: Vec<(&'static str, String)>,
    /// A game's reason, rendered into the `detail` placeholder in the user's language.
    reason: Option<Reason>,
    code: u8,
}

impl CliError {
    /// An error in what the user gave (exit code 2): the catalog message `key` with `args`.
    pub fn usage_key(key: &'static str, args: &[(&'static str, String)]) -> Self {
        CliError {
            key,
            args: args.to_vec(),
            reason: None,
            code: 2,
        }
    }

    /// A failure while doing it (exit code 1): the catalog message `key` with `args`.
    pub fn failed_key(key: &'static str, args: &[(&'static str, String)]) -> Self {
        CliError {
            code: 1,
            ..CliError::usage_key(key, args)
        }
    }

    /// An error in what the user gave (exit code 2) whose text comes from below the command line.
    pub fn usage(message: impl fmt::Display) -> Self {
        CliError::usage_key("cli-error-detail", &[("detail", message.to_string())])
    }

    /// A failure while doing it (exit code 1) whose text comes from below the command line.
    pub fn failed(message: impl fmt::Display) -> Self {
        CliError::failed_key("cli-error-detail", &[("detail", message.to_string())])
    }

    /// A child program's failure, passed on with its exit code: the catalog message `key`.
    pub fn exited(key: &'static str, args: &[(&'static str, String)], code: u8) -> Self {
        CliError {
            code,
            ..CliError::usage_key(key, args)
        }
    }

    /// The process exit code.
    pub fn exit_code(&self) -> u8 {
        self.code
    }

    /// The message in the catalog's language.
    pub fn render(&self, cat: &Catalog) -> String {
        let mut args: Vec<(&str, Arg<'_>)> = self
            .args
            .iter()
            .map(|(name, value)| (*name, Arg::from(value.as_str())))
            .collect();
        if let Some(reason) = &self.reason {
            args.push(("detail", Arg::from(cat.reason(reason))));
        }
        cat.format(self.key, &args)
    }
}

impl fmt::Display for CliError {
    /// The message in English (logs and tests); users see [`CliError::render`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(&Catalog::new(Lang::En)))
    }
}

impl From<std::io::Error> for CliError {
    fn from(e: std::io::Error) -> Self {
        CliError::failed(e)
    }
}

impl From<tabula_games::UnknownGame> for CliError {
    fn from(e: tabula_games::UnknownGame) -> Self {
        CliError::usage_key("cli-error-unknown-game", &[("name", quote(&e.name))])
    }
}

impl From<AgentError> for CliError {
    fn from(e: AgentError) -> Self {
        match e {
            AgentError::Malformed { spec, reason } => CliError::usage_key(
                "cli-error-agent-malformed",
                &[("spec", quote(&spec)), ("reason", reason)],
            ),
            AgentError::Unknown { name, game, known } => CliError::usage_key(
                "cli-error-agent-unknown",
                &[
                    ("name", quote(&name)),
                    ("game", game.to_string()),
                    ("known", known),
                ],
            ),
            AgentError::UnknownKey {
                agent,
                key,
                accepted,
            } => CliError::usage_key(
                "cli-error-agent-key",
                &[
                    ("agent", agent),
                    ("key", quote(&key)),
                    ("accepted", accepted),
                ],
            ),
            AgentError::Argument { agent, reason } => CliError::usage_key(
                "cli-error-agent-argument",
                &[("agent", agent), ("reason", reason)],
            ),
            AgentError::BadValue {
                agent,
                key,
                value,
                reason,
            } => CliError::usage_key(
                "cli-error-agent-value",
                &[
                    ("agent", agent),
                    ("key", key),
                    ("value", quote(&value)),
                    ("reason", reason),
                ],
            ),
        }
    }
}

impl From<tabula_core::ParseError> for CliError {
    fn from(e: tabula_core::ParseError) -> Self {
        match e.reason {
            Some(reason) => CliError {
                reason: Some(reason),
                ..CliError::usage_key("cli-error-parse", &[])
            },
            None => CliError::usage_key("cli-error-parse", &[("detail", e.message)]),
        }
    }
}

/// The command line's result type.
pub type Result<T> = std::result::Result<T, CliError>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_render_in_the_chosen_language_and_keep_english_display() {
        let e = CliError::from(tabula_games::UnknownGame {
            name: "chess".to_string(),
        });
        assert_eq!(e.exit_code(), 2);
        assert_eq!(
            e.to_string(),
            "unknown game \"chess\" (known: tictactoe, reversi, gomoku, 2048)"
        );
        let zh = e.render(&Catalog::new(Lang::ZhCn));
        assert!(
            zh.contains("未知的游戏") && zh.contains("\"chess\""),
            "{zh}"
        );
    }
}
