//! Small helpers for text shown to people.

use std::ffi::OsStr;

/// `n` and the noun in the right number: `plural(1, "game", "games")` is `1 game`,
/// `plural(2, "game", "games")` is `2 games` (and `0 games`).
pub fn plural(n: impl Into<u128>, singular: &str, plural: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { singular } else { plural })
}

/// Whether this process's environment allows colours (see [`colors_allowed_by`]).
pub fn colors_allowed() -> bool {
    colors_allowed_by(
        std::env::var_os("NO_COLOR").as_deref(),
        std::env::var_os("TERM").as_deref(),
    )
}

/// Whether colours are allowed given the values of `NO_COLOR` and `TERM`: not when `NO_COLOR`
/// is set to anything but the empty string (<https://no-color.org>), nor on a `dumb` terminal,
/// which shows escape codes as text.
pub fn colors_allowed_by(no_color: Option<&OsStr>, term: Option<&OsStr>) -> bool {
    let no_color = no_color.is_some_and(|v| !v.is_empty());
    let dumb = term.is_some_and(|t| t == "dumb");
    !no_color && !dumb
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_color_and_a_dumb_terminal_turn_colours_off() {
        let os = |s: &'static str| Some(OsStr::new(s));
        assert!(colors_allowed_by(None, os("xterm-256color")));
        assert!(
            colors_allowed_by(os(""), None),
            "an empty NO_COLOR is unset"
        );
        assert!(!colors_allowed_by(os("1"), os("xterm")));
        assert!(!colors_allowed_by(None, os("dumb")));
    }

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(plural(1u32, "game", "games"), "1 game");
        assert_eq!(plural(0u32, "game", "games"), "0 games");
        assert_eq!(plural(2usize as u64, "ply", "plies"), "2 plies");
    }
}
