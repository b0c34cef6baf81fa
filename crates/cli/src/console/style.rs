//! Terminal styling: ANSI colours only on a colour terminal, never when `NO_COLOR` is set, on a
//! `TERM=dumb` terminal or when output is piped.

use std::io::IsTerminal;

/// How text may be decorated.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// ANSI colours and attributes allowed.
    pub color: bool,
    /// Non-ASCII symbols (●, ○) allowed.
    pub unicode: bool,
}

/// ANSI attribute codes used by the boards.
pub mod codes {
    /// Blinking bold: the winning line.
    pub const WIN: &str = "1;5";
    /// Bold: the last move.
    pub const LAST: &str = "1;4";
    /// Dim: coordinates and hints.
    pub const DIM: &str = "2";
}

impl Style {
    /// The style standard output allows.
    pub fn detect() -> Self {
        let utf8 = ["LC_ALL", "LC_CTYPE", "LANG"]
            .iter()
            .filter_map(|k| std::env::var(k).ok())
            .find(|v| !v.is_empty())
            .is_some_and(|v| {
                v.to_ascii_uppercase().contains("UTF-8") || v.to_ascii_uppercase().contains("UTF8")
            });
        let terminal = std::io::stdout().is_terminal();
        Style {
            color: terminal && tabula_core::text::colors_allowed(),
            unicode: terminal && utf8,
        }
    }

    /// `text` wrapped in the ANSI attribute `code` when colours are allowed.
    pub fn paint(&self, text: &str, code: &str) -> String {
        if self.color {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }
}
