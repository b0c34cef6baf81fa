//! The command line: `tabula-desktop [--lang L] [--screenshot FILE.png [--game G] [--moves "…"]
//! [--size WxH]]`.

use std::path::PathBuf;

use tabula_games::GameKind;
use tabula_i18n::Lang;

/// The usage line printed with every command-line error.
pub const USAGE: &str = "usage: tabula-desktop [--lang en|zh-CN] [--screenshot FILE.png \
[--game tictactoe|reversi|gomoku|2048] [--moves \"f5 d6 c3\"] [--size WIDTHxHEIGHT] [--anim-at MS]]";

/// What the command line asked for.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// The language for this run (and kept in the settings), when given.
    pub lang: Option<Lang>,
    /// Render one frame to this PNG file and exit.
    pub screenshot: Option<PathBuf>,
    /// The game to show at once, skipping the start screen.
    pub game: Option<GameKind>,
    /// Moves to play from the start, in the game's notation, separated by spaces.
    pub moves: Option<String>,
    /// The window's inner size in points.
    pub size: [f32; 2],
    /// Screenshot mode: show the last move's animations (at normal speed) this many
    /// milliseconds after it, instead of the finished position.
    pub anim_at_ms: Option<u32>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            lang: None,
            screenshot: None,
            game: None,
            moves: None,
            size: [1100.0, 760.0],
            anim_at_ms: None,
        }
    }
}

/// What a command line can get wrong; the message says what is accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArgError(pub String);

impl std::fmt::Display for ArgError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}\n{USAGE}", self.0)
    }
}

impl std::error::Error for ArgError {}

/// Shortens what the user typed for an error message.
fn shown(text: &str) -> String {
    text.chars().take(60).collect()
}

impl Options {
    /// Reads the arguments after the program's name. `Ok(None)` means `--help` was asked for.
    pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Option<Options>, ArgError> {
        let mut options = Options::default();
        let mut args = args.into_iter();
        while let Some(flag) = args.next() {
            if flag == "--help" || flag == "-h" {
                return Ok(None);
            }
            let known = [
                "--lang",
                "--screenshot",
                "--game",
                "--moves",
                "--size",
                "--anim-at",
            ];
            if !known.contains(&flag.as_str()) {
                return Err(ArgError(format!(
                    "unknown argument {:?} (known: {})",
                    shown(&flag),
                    known.join(", ")
                )));
            }
            let value = args
                .next()
                .ok_or_else(|| ArgError(format!("{flag} needs a value")))?;
            match flag.as_str() {
                "--lang" => {
                    options.lang = Some(Lang::parse(&value).map_err(|e| ArgError(e.to_string()))?)
                }
                "--screenshot" => options.screenshot = Some(PathBuf::from(value)),
                "--game" => {
                    options.game =
                        Some(GameKind::parse(&value).map_err(|e| ArgError(e.to_string()))?)
                }
                "--moves" => options.moves = Some(value),
                "--anim-at" => match value.trim().parse::<u32>() {
                    Ok(ms) if ms <= 5000 => options.anim_at_ms = Some(ms),
                    _ => {
                        return Err(ArgError(format!(
                            "--anim-at {:?} is not a number of milliseconds from 0 to 5000",
                            shown(&value)
                        )))
                    }
                },
                _ => options.size = parse_size(&value)?,
            }
        }
        if options.screenshot.is_none()
            && (options.moves.is_some() || options.game.is_some() || options.anim_at_ms.is_some())
        {
            return Err(ArgError(
                "--game, --moves and --anim-at go with --screenshot FILE.png".to_string(),
            ));
        }
        if options.moves.is_some() && options.game.is_none() {
            return Err(ArgError(
                "--moves needs --game to say which game they are in".to_string(),
            ));
        }
        Ok(Some(options))
    }
}

/// Reads `WIDTHxHEIGHT` in points, each from 200 to 8000.
fn parse_size(text: &str) -> Result<[f32; 2], ArgError> {
    let bad = || {
        ArgError(format!(
            "size {:?} is not WIDTHxHEIGHT with each from 200 to 8000 (e.g. 1100x760)",
            shown(text)
        ))
    };
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let read = |s: &str| match s.trim().parse::<u32>() {
        Ok(n) if (200..=8000).contains(&n) => Ok(n as f32),
        _ => Err(bad()),
    };
    Ok([read(w)?, read(h)?])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Option<Options>, ArgError> {
        Options::parse(args.iter().map(|s| s.to_string()))
    }

    #[test]
    fn a_full_screenshot_line_reads() {
        let o = parse(&[
            "--screenshot",
            "x.png",
            "--game",
            "othello",
            "--moves",
            "f5 d6",
            "--size",
            "800x600",
            "--lang",
            "zh-CN",
            "--anim-at",
            "150",
        ])
        .unwrap()
        .unwrap();
        assert_eq!(o.anim_at_ms, Some(150));
        assert_eq!(o.game, Some(GameKind::Reversi));
        assert_eq!(o.size, [800.0, 600.0]);
        assert_eq!(o.lang, Some(Lang::ZhCn));
        assert_eq!(o.moves.as_deref(), Some("f5 d6"));
        assert_eq!(parse(&["--help"]).unwrap(), None);
        assert_eq!(parse(&[]).unwrap(), Some(Options::default()));
    }

    #[test]
    fn bad_lines_say_what_is_accepted() {
        let cases: &[(&[&str], &str)] = &[
            (&["--frobnicate"], "unknown argument \"--frobnicate\""),
            (&["--lang"], "--lang needs a value"),
            (&["--lang", "klingon"], "known: en, zh-CN"),
            (
                &["--screenshot", "x.png", "--game", "chess"],
                "known: tictactoe",
            ),
            (&["--screenshot", "x.png", "--size", "big"], "WIDTHxHEIGHT"),
            (
                &["--screenshot", "x.png", "--size", "10x10"],
                "from 200 to 8000",
            ),
            (
                &["--screenshot", "x.png", "--size", "99999999999x600"],
                "from 200",
            ),
            (&["--game", "reversi"], "go with --screenshot"),
            (&["--anim-at", "100"], "go with --screenshot"),
            (
                &["--screenshot", "x.png", "--anim-at", "soon"],
                "--anim-at \"soon\" is not a number of milliseconds from 0 to 5000",
            ),
            (
                &["--screenshot", "x.png", "--anim-at", "9000"],
                "from 0 to 5000",
            ),
            (
                &["--screenshot", "x.png", "--anim-at", "-5"],
                "from 0 to 5000",
            ),
            (
                &["--screenshot", "x.png", "--moves", "f5"],
                "--moves needs --game",
            ),
        ];
        for (args, expected) in cases {
            let message = parse(args).unwrap_err().to_string();
            assert!(message.contains(expected), "{args:?}: {message}");
            assert!(message.contains("usage: tabula-desktop"), "{message}");
        }
        let long = "x".repeat(10_000);
        assert!(parse(&[&long]).unwrap_err().to_string().len() < 400);
    }
}
