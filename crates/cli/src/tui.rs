//! The full-screen terminal UI (`tabula-tui`) from the command line: `tabula` alone on a
//! terminal opens its launcher, and `tabula play <tictactoe|reversi|gomoku>` opens the game in it
//! when stdin and stdout are terminals, with the same options as the line console. `--ui console`
//! (or a stdin that is not a terminal) keeps the console. `tabula play 2048` opens 2048 in it too,
//! unless headless options (`--agent`, `--games`, `--json`) ask for games without a screen.

use std::io::IsTerminal;

use clap::ValueEnum;
use rand::Rng;
use tabula_games::Rules;
use tabula_i18n::Lang;
use tabula_match::{MatchSettings, SeatSpec};

use crate::error::{CliError, Result};
use crate::games::PlayGame;

/// Which front end plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Ui {
    /// The full-screen UI on a terminal, else the console.
    #[default]
    Auto,
    /// The full-screen UI.
    Tui,
    /// The line console.
    Console,
}

/// The language: `--lang`, else `TABULA_LANG`, else the locale; an unknown code is bad input.
pub fn lang(flag: Option<&str>) -> Result<Lang> {
    Lang::from_env(flag).map_err(CliError::usage)
}

/// Whether `ui` means the full-screen UI here.
pub fn wanted(ui: Ui) -> bool {
    match ui {
        Ui::Console => false,
        Ui::Tui => true,
        Ui::Auto => std::io::stdin().is_terminal() && std::io::stdout().is_terminal(),
    }
}

/// Opens the launcher.
pub fn launcher(lang: Lang) -> Result<()> {
    Ok(tabula_tui::run(tabula_tui::Options::launcher(lang))?)
}

/// A seat from `-X`/`-O`: `human` or an agent spec.
fn seat(text: &str) -> SeatSpec {
    if text.eq_ignore_ascii_case("human") {
        SeatSpec::Human
    } else {
        SeatSpec::Computer(text.to_string())
    }
}

/// Both seats from their specs.
fn seats(specs: [&str; 2]) -> Vec<SeatSpec> {
    specs.iter().map(|spec| seat(spec)).collect()
}

/// `--first X|O|random` as a player.
fn first(text: &str) -> Result<usize> {
    match text.to_ascii_lowercase().as_str() {
        "x" => Ok(0),
        "o" => Ok(1),
        "random" => Ok(rand::rng().random_range(0..2)),
        _ => Err(CliError::usage_key(
            "cli-error-first",
            &[("value", tabula_core::quote(text))],
        )),
    }
}

/// The match settings of `tabula play` options; `None` for headless 2048 (`--agent`, `--games`,
/// `--json`), which needs no screen, or reports its usage error without one.
fn settings(game: &PlayGame) -> Result<Option<MatchSettings>> {
    let (rules, seats, first_player) = match game {
        PlayGame::TicTacToe(a) => (Rules::TicTacToe, seats(a.seats()?), first(&a.first)?),
        PlayGame::Reversi(a) => {
            let opponent = tabula_match::default_opponent(tabula_games::GameKind::Reversi);
            let specs = crate::console::seat_specs(
                a.two_player,
                [
                    ("-X", a.x.as_deref(), "human"),
                    ("-O", a.o.as_deref(), opponent),
                ],
            )?;
            (Rules::Reversi, seats(specs), first(&a.first)?)
        }
        PlayGame::Gomoku(a) => {
            let rule = tabula_gomoku::Rule::from_name(&a.rule).ok_or_else(|| {
                CliError::usage_key("cli-error-rule", &[("value", tabula_core::quote(&a.rule))])
            })?;
            let rules = Rules::Gomoku {
                size: a.size,
                rule,
                opening: tabula_games::Opening::Standard,
            };
            (rules, seats(a.seats()?), 0)
        }
        PlayGame::Game2048(a) if a.headless() => return Ok(None),
        PlayGame::Game2048(a) => {
            let mut settings = MatchSettings::people(tabula_games::GameKind::Game2048);
            settings.seed = a.seed.unwrap_or_else(|| rand::rng().random());
            return Ok(Some(settings));
        }
    };
    let mut settings = MatchSettings::with_seats(rules.kind(), seats);
    settings.rules = rules;
    settings.first = first_player;
    settings.seed = rand::rng().random();
    Ok(Some(settings))
}

/// Plays `game` full-screen; `false` when it is to run without a screen (headless 2048).
pub fn play(game: &PlayGame, lang: Lang) -> Result<bool> {
    let Some(settings) = settings(game)? else {
        return Ok(false);
    };
    // Bad seats or rules are refused here, with exit code 2, before the screen changes.
    let mut check = tabula_match::open(settings.clone()).map_err(CliError::usage)?;
    let _ = check.handle(tabula_match::Command::Quit);
    let numbers = matches!(game, PlayGame::Gomoku(a) if a.numbers);
    tabula_tui::run(tabula_tui::Options {
        numbers,
        ..tabula_tui::Options::game(settings, lang)
    })?;
    Ok(true)
}
