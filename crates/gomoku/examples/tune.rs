//! Tunes the engine's evaluation values (`EVAL_MOVER`, `EVAL_OPPONENT`, `EVAL_CLASS_MOVER`,
//! `EVAL_CLASS_OPPONENT` in `src/engine/board.rs`) on games, Texel-style (see
//! `tabula_gomoku::engine::tune`).
//!
//! ```text
//! cargo run --release -p tabula-gomoku --example tune -- openings COUNT SEED STONES > OPENINGS.txt
//! cargo run --release -p tabula-gomoku --example tune -- fit [--mix F] [--fit WHAT] RECORDS.jsonl...
//! cargo run --release -p tabula-gomoku --example tune -- fit [--mix F] [--fit WHAT] --scored SCORED.tsv...
//! cargo run --release -p tabula-gomoku --example tune -- fit --scored --values [--scale S] [--ridge R] [--fit WHAT] SCORED.tsv...
//! ```
//!
//! `openings` prints `COUNT` random freestyle 15×15 openings for the arena's `--openings`:
//! black at h8, then more stones (alternating colours) each within two points of a stone
//! already down, none making a four or an open three, and no opening twice. `STONES` is the
//! number of stones in all, `3` or a range such as `4-7`; `SEED` makes it reproducible.
//!
//! `fit` reads arena game records (`tabula arena gomoku A B --openings OPENINGS.txt --out
//! RECORDS.jsonl`), takes every quiet position of every finished game (a forfeited game's
//! result says nothing about its positions), fits the logistic scale `K` for the current
//! values, then at that `K` the line values alone (`lines`), the point-class values alone
//! (`classes`) and both together (`both`), on nine games in ten; it prints the loss of each on
//! those and on the tenth, held out, and the values of the fit `--fit lines|classes|both`
//! (default both) rounded as the constants to paste. With `--mix F` the printed values go only
//! `F` (0–1) of the way from the current values to the fitted ones. With `--scored` the files
//! are scored positions instead of game records: each line a position (a board string, see the
//! README's gomoku notation), a tab and the expected result for its side to move (0–1), such
//! as a stronger engine's evaluation turned into a winning chance (`#` lines are comments);
//! the quiet ones are fitted, every tenth held out. With `--values` as well, the fit is by
//! least squares instead (`engine::tune::fit_to_values`): of the quiet positions still open (an
//! expected result within 0.025 of 0 or 1 is a mate or as good as one, and left out), each
//! result `r` is turned back into the scorer's value `S · ln(r / (1 − r))` (`--scale`, default
//! 200, as `scripts/gomoku/score_positions.py`), and the values (with an offset for having
//! the move, which the engine leaves out) that predict those values best, each pulled towards
//! its current value with weight `R` (`--ridge`, default 10), are printed with the correlation
//! of the current and the fitted static values with the scored ones. `--fit positional` fits
//! only what no three or four is made of (the line patterns and point classes below an open
//! three); it works for either fit. Bad input (a missing file, a line that is
//! no game record or scored position, a record that does not replay, a bad option) stops it
//! with a message and exit code 2.

use std::io::Write;
use std::process::ExitCode;

use rand::{Rng, SeedableRng};
use tabula_arena::read_records;
use tabula_core::{Game, GameRng, Outcome, Turn};
use tabula_gomoku::engine::tune::{self, Fit, Sample, Valued, Values};
use tabula_gomoku::engine::Board;
use tabula_gomoku::{Gomoku, Rule};

mod scored;

/// `println!` that survives a reader closing the pipe (`tune fit ... | head`): see [`say`].
macro_rules! say {
    ($($arg:tt)*) => {
        say(format_args!($($arg)*))
    };
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("openings") if args.len() == 4 => openings(&args[1], &args[2], &args[3]),
        Some("fit") if args.len() >= 2 => fit(&args[1..]),
        _ => Err(
            "usage: tune openings COUNT SEED STONES | tune fit [--mix F] [--fit lines|classes|both|positional] [--scored [--values] [--scale S] [--ridge R]] FILES...".into(),
        ),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tune: {e}");
            ExitCode::from(2)
        }
    }
}

/// Writes a line to standard output. A reader that has closed the pipe has all it wants, so
/// that ends the program quietly (status 0), as Unix tools end, instead of in a panic; any
/// other failure to write ends it with a message and status 2.
fn say(line: std::fmt::Arguments) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = writeln!(out, "{line}") {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("tune: standard output: {e}");
        std::process::exit(2);
    }
}

/// Prints `count` distinct random quiet openings of `stones` stones (`N` or `MIN-MAX`).
fn openings(count: &str, seed: &str, stones: &str) -> Result<(), String> {
    let count: usize = count
        .parse()
        .map_err(|_| format!("COUNT must be a number, not {count:?}"))?;
    let seed: u64 = seed
        .parse()
        .map_err(|_| format!("SEED must be a number, not {seed:?}"))?;
    let stones = stone_range(stones)?;
    let mut rng = GameRng::seed_from_u64(seed);
    let start = Gomoku::new(15, Rule::Freestyle).map_err(|e| e.message)?;
    let mut seen = std::collections::HashSet::new();
    // Three stones near h8 give a few thousand distinct quiet openings; far fewer asked for
    // than exist is the caller's job, so give up rather than loop for ever.
    let mut tries = 0;
    while seen.len() < count {
        tries += 1;
        if tries > 1000 * count.max(1) {
            return Err(format!("found only {} distinct openings", seen.len()));
        }
        let mut game = start;
        let mut moves = vec![game.point(7, 7).expect("h8 is on the board")];
        game.play(moves[0]);
        let stones = rng.random_range(stones.clone());
        while moves.len() < stones {
            let (x, y) = game.coords(moves[rng.random_range(0..moves.len())]);
            let (dx, dy) = (rng.random_range(-2..=2), rng.random_range(-2..=2));
            match game.point(x + dx, y + dy) {
                Some(p) if game.cell(p) == tabula_gomoku::Cell::Empty => {
                    game.play(p);
                    moves.push(p);
                }
                _ => {}
            }
        }
        if !game.is_over()
            && tune::is_quiet(&Board::new(&game))
            && seen.insert(game.position_string())
        {
            let words: Vec<String> = moves.iter().map(|&p| start.move_string(p)).collect();
            say!("{}", words.join(" "));
        }
    }
    Ok(())
}

/// Reads a stone count, `N` or `MIN-MAX`, each at least 1 (h8) and at most 30.
fn stone_range(text: &str) -> Result<std::ops::RangeInclusive<usize>, String> {
    let bad = || format!("STONES must be a number or a range such as 4-7, not {text:?}");
    let (low, high) = text.split_once('-').unwrap_or((text, text));
    let low: usize = low.parse().map_err(|_| bad())?;
    let high: usize = high.parse().map_err(|_| bad())?;
    if low == 0 || low > high || high > 30 {
        return Err(bad());
    }
    Ok(low..=high)
}

/// Fits the values on the records (or, after `--scored`, the scored positions) in `args`
/// (after the options `--mix F` and `--fit WHAT`).
fn fit(args: &[String]) -> Result<(), String> {
    let (mut mix, mut what, mut files) = (1.0, Fit::LinesAndClasses, args);
    let (mut scored, mut by_value, mut scale, mut ridge) = (false, false, 200.0, 10.0);
    let positive = |flag: &str, f: &str| {
        f.parse()
            .ok()
            .filter(|x: &f64| *x > 0.0 && x.is_finite())
            .ok_or_else(|| format!("{flag} takes a positive number, not {f:?}"))
    };
    loop {
        match files {
            [flag, rest @ ..] if flag == "--scored" => {
                scored = true;
                files = rest;
            }
            [flag, rest @ ..] if flag == "--values" => {
                by_value = true;
                files = rest;
            }
            [flag, f, rest @ ..] if flag == "--scale" => {
                scale = positive(flag, f)?;
                files = rest;
            }
            [flag, f, rest @ ..] if flag == "--ridge" => {
                ridge = positive(flag, f)?;
                files = rest;
            }
            [flag, f, rest @ ..] if flag == "--mix" => {
                mix = f
                    .parse()
                    .ok()
                    .filter(|m| (0.0..=1.0).contains(m))
                    .ok_or_else(|| format!("--mix takes a number from 0 to 1, not {f:?}"))?;
                files = rest;
            }
            [flag, f, rest @ ..] if flag == "--fit" => {
                what = match f.as_str() {
                    "lines" => Fit::Lines,
                    "classes" => Fit::Classes,
                    "both" => Fit::LinesAndClasses,
                    "positional" => Fit::Positional,
                    _ => {
                        return Err(format!(
                            "--fit takes lines, classes, both or positional, not {f:?}"
                        ))
                    }
                };
                files = rest;
            }
            _ => break,
        }
    }
    if files.is_empty() {
        return Err("no records file given".into());
    }
    if by_value && !scored {
        return Err("--values fits scored positions: give --scored too".into());
    }
    let (mut train, mut held_out) = if scored {
        read_scored(files)?
    } else {
        (Vec::new(), Vec::new())
    };
    let mut games = 0;
    for file in files.iter().filter(|_| !scored) {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        let records = read_records(&text, file).map_err(|e| e.to_string())?;
        for record in records {
            let (start, plies) = record
                .replay::<Gomoku>()
                .map_err(|e| format!("{file}: game {}: {e}", record.number))?;
            let Some(result) = positions(&start, &plies) else {
                continue;
            };
            games += 1;
            if games % 10 == 0 {
                held_out.extend(result);
            } else {
                train.extend(result);
            }
        }
    }
    let source = if scored {
        "scored positions".to_string()
    } else {
        format!("{games} games")
    };
    if train.is_empty() || held_out.is_empty() {
        return Err(format!(
            "too few quiet positions to fit ({source}, {} positions)",
            train.len() + held_out.len()
        ));
    }
    let current = Values::current();
    if by_value {
        return fit_by_value(&train, &held_out, scale, ridge, what, mix);
    }
    let k = tune::fit_scale(&train, &current);
    let lines = tune::fit_values(&train, &current, k, 1e-6, Fit::Lines);
    let classes = tune::fit_values(&train, &current, k, 1e-6, Fit::Classes);
    let both = tune::fit_values(&train, &current, k, 1e-6, Fit::LinesAndClasses);
    let fitted = match what {
        Fit::Lines => lines,
        Fit::Classes => classes,
        Fit::LinesAndClasses => both,
        Fit::Positional => tune::fit_values(&train, &current, k, 1e-6, Fit::Positional),
    };
    let chosen = current.mixed(&fitted, mix);
    say!(
        "{source}: {} quiet positions to fit, {} held out; K = {k:.6}",
        train.len(),
        held_out.len()
    );
    for (name, values) in [
        ("current", &current),
        ("lines", &lines),
        ("classes", &classes),
        ("both", &both),
        ("chosen", &chosen),
    ] {
        say!(
            "{name:>8}: loss {:.5} fitted on, {:.5} held out",
            tune::loss(&train, values, k),
            tune::loss(&held_out, values, k)
        );
    }
    print_constants(&chosen);
    Ok(())
}

/// The least-squares fit of `--values`: the values whose static values best predict the
/// scored values (`SCALE · ln(r / (1 − r))` of each expected result `r`) of the quiet
/// positions still open, printed with their correlation with those values and as constants.
fn fit_by_value(
    train: &[Sample],
    held_out: &[Sample],
    scale: f64,
    ridge: f64,
    what: Fit,
    mix: f64,
) -> Result<(), String> {
    let (train, held_out) = (
        open_positions(train, scale),
        open_positions(held_out, scale),
    );
    if train.is_empty() || held_out.is_empty() {
        return Err(format!(
            "too few quiet positions still open to fit ({} positions)",
            train.len() + held_out.len()
        ));
    }
    let current = Values::current();
    let (fitted, offset) = tune::fit_to_values(&train, &current, ridge, what);
    let chosen = current.mixed(&fitted, mix);
    say!(
        "scored positions: {} quiet positions still open to fit, {} held out; offset for the \
         side to move {offset:.0}",
        train.len(),
        held_out.len()
    );
    for (name, values) in [
        ("current", &current),
        ("fitted", &fitted),
        ("chosen", &chosen),
    ] {
        say!(
            "{name:>8}: correlation {:.3} fitted on, {:.3} held out",
            tune::correlation(&train, values),
            tune::correlation(&held_out, values)
        );
    }
    print_constants(&chosen);
    Ok(())
}

/// The positions of `samples` still open (not [`DECIDED`]), each with the value its expected
/// result `r` stands for at `scale`: `scale · ln(r / (1 − r))`, the inverse of the scoring
/// script's `1 / (1 + e^(−v / scale))`.
fn open_positions(samples: &[Sample], scale: f64) -> Vec<Valued> {
    samples
        .iter()
        .filter(|s| s.result > DECIDED && s.result < 1.0 - DECIDED)
        .map(|s| Valued {
            features: s.features,
            value: scale * (s.result / (1.0 - s.result)).ln(),
        })
        .collect()
}

/// An expected result this close to 0 or 1 is a decided position (a mate, 0.02 or 0.98, or a
/// value beyond about ±733 at a scale of 200), which `--values` leaves out.
const DECIDED: f64 = 0.025;

/// Prints `chosen` rounded, as the constants of `board.rs` to paste.
fn print_constants(chosen: &Values) {
    fn rounded<const N: usize>(v: &[f64; N]) -> [i32; N] {
        v.map(|x| x.round() as i32)
    }
    say!(
        "pub const EVAL_MOVER: [i32; 8] = {:?};",
        rounded(&chosen.mover)
    );
    say!(
        "pub const EVAL_OPPONENT: [i32; 8] = {:?};",
        rounded(&chosen.opponent)
    );
    say!(
        "pub const EVAL_CLASS_MOVER: [i32; CLASSES] = {:?};",
        rounded(&chosen.mover_classes)
    );
    say!(
        "pub const EVAL_CLASS_OPPONENT: [i32; CLASSES] = {:?};",
        rounded(&chosen.opponent_classes)
    );
}

/// The quiet positions of scored-positions files: to fit, and held out (every tenth of each
/// file).
fn read_scored(files: &[String]) -> Result<(Vec<Sample>, Vec<Sample>), String> {
    let (mut train, mut held_out) = (Vec::new(), Vec::new());
    for file in files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        for (k, sample) in scored_positions(&text, file)?.into_iter().enumerate() {
            if k % 10 == 9 {
                held_out.push(sample);
            } else {
                train.push(sample);
            }
        }
    }
    Ok((train, held_out))
}

/// The quiet positions of a scored-positions file (`file` names it in errors), each with its
/// expected result for the side to move.
fn scored_positions(text: &str, file: &str) -> Result<Vec<Sample>, String> {
    let mut out = Vec::new();
    for (game, result) in scored::parse(text, file)? {
        let board = Board::new(&game);
        if matches!(game.turn(), Turn::Player(_)) && tune::is_quiet(&board) {
            out.push(Sample {
                features: tune::features(&board),
                result,
            });
        }
    }
    Ok(out)
}

/// The quiet positions of a finished game with its result for their side to move; `None` for
/// a game that did not finish (lost by forfeit).
fn positions(start: &Gomoku, plies: &[(tabula_gomoku::Point, Gomoku)]) -> Option<Vec<Sample>> {
    let last = plies.last().map_or(start, |(_, g)| g);
    let winner = match last.turn() {
        Turn::Over(Outcome::Win(p)) => Some(p),
        Turn::Over(_) => None,
        Turn::Player(_) | Turn::Chance => return None,
    };
    let mut board = Board::new(start);
    let mut game = *start;
    let mut out = Vec::new();
    for (mv, after) in plies {
        if tune::is_quiet(&board) {
            let result = match winner {
                Some(w) if w == game.to_move() => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
            out.push(Sample {
                features: tune::features(&board),
                result,
            });
        }
        board.play(board.sq(&game, *mv));
        game = *after;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    /// A game record line: black (agent `a`) plays `moves` from the empty board.
    fn record(moves: &[&str], result: &str) -> String {
        let start = Gomoku::initial().position_string();
        let moves: Vec<String> = moves.iter().map(|m| format!("{m:?}")).collect();
        format!(
            r#"{{"game":"gomoku","number":1,"seed":0,"a":"x","b":"y","a_plays":"black","first":"a","start":{start:?},"moves":[{}],"result":"{result}","margin_a":0}}"#,
            moves.join(",")
        )
    }

    fn file_with(text: &str) -> tempfile::NamedTempFile {
        let mut file = tempfile::NamedTempFile::new().unwrap();
        writeln!(file, "{text}").unwrap();
        file
    }

    /// Black's five on row 8; white answers on row 1, far away.
    const WON: [&str; 9] = ["h8", "a1", "i8", "c1", "j8", "e1", "k8", "g1", "l8"];

    #[test]
    fn positions_take_the_result_for_the_side_to_move() {
        let line = record(&WON, "a");
        let records = read_records(&line, "test").unwrap();
        let (start, plies) = records[0].replay::<Gomoku>().unwrap();
        let samples = positions(&start, &plies).unwrap();
        // Black has an open three after its third stone (before white's fourth move): from
        // then on no position is quiet.
        assert_eq!(samples.len(), 5);
        for (k, s) in samples.iter().enumerate() {
            let black_to_move = k % 2 == 0;
            assert_eq!(s.result, if black_to_move { 1.0 } else { 0.0 });
        }
        // An unfinished game (lost by forfeit) gives nothing.
        assert!(positions(&start, &plies[..4]).is_none());
    }

    #[test]
    fn fit_refuses_bad_input() {
        let missing = fit(&["/no/such/records.jsonl".into()]).unwrap_err();
        assert!(missing.contains("/no/such/records.jsonl"), "{missing}");
        let junk = file_with("not json");
        let path = junk.path().display().to_string();
        let err = fit(std::slice::from_ref(&path)).unwrap_err();
        assert!(err.contains("line 1: not a game record"), "{err}");
        let illegal = file_with(&record(&["h8", "h8"], "a"));
        let err = fit(&[illegal.path().display().to_string()]).unwrap_err();
        assert!(err.contains("game 1: move 2"), "{err}");
        let err = fit(&["--mix".into(), "1.5".into(), path.clone()]).unwrap_err();
        assert!(err.contains("--mix takes a number from 0 to 1"), "{err}");
        let err = fit(&["--fit".into(), "all".into(), path.clone()]).unwrap_err();
        assert!(
            err.contains("--fit takes lines, classes, both or positional"),
            "{err}"
        );
        assert_eq!(
            fit(&["--mix".into(), "0.5".into(), "--fit".into(), "lines".into()]).unwrap_err(),
            "no records file given"
        );
        assert_eq!(
            fit(&["--mix".into(), "0.5".into()]).unwrap_err(),
            "no records file given"
        );
        let one = file_with(&record(&WON, "a"));
        let err = fit(&[one.path().display().to_string()]).unwrap_err();
        assert!(err.starts_with("too few quiet positions"), "{err}");
        let err = fit(&["--values".into(), path.clone()]).unwrap_err();
        assert_eq!(err, "--values fits scored positions: give --scored too");
        for (flag, value) in [("--scale", "0"), ("--ridge", "x"), ("--ridge", "-1")] {
            let err = fit(&[flag.into(), value.into(), path.clone()]).unwrap_err();
            assert_eq!(
                err,
                format!("{flag} takes a positive number, not {value:?}")
            );
        }
    }

    /// Ten distinct quiet positions (h8 and one white stone on row 1), each with `result`.
    fn ten_scored(results: impl Fn(usize) -> f64) -> tempfile::NamedTempFile {
        let lines: Vec<String> = (0..10)
            .map(|i| {
                let white = format!("{}1", char::from(b'a' + i as u8));
                let position = Gomoku::parse_position(&format!("h8 {white}")).unwrap();
                format!("{}\t{}", position.position_string(), results(i))
            })
            .collect();
        file_with(&lines.join("\n"))
    }

    #[test]
    fn the_fit_by_value_leaves_out_decided_positions() {
        let scored = |file: &tempfile::NamedTempFile| {
            let path = file.path().display().to_string();
            fit(&["--scored".into(), "--values".into(), path])
        };
        // Mates for or against the side to move say nothing about its position's worth.
        let decided = ten_scored(|i| if i % 2 == 0 { 0.98 } else { 0.02 });
        let err = scored(&decided).unwrap_err();
        assert!(
            err.starts_with("too few quiet positions still open"),
            "{err}"
        );
        let open = ten_scored(|i| 0.3 + 0.04 * i as f64);
        assert_eq!(scored(&open), Ok(()));
    }

    #[test]
    fn scored_positions_keep_the_quiet_ones_and_refuse_bad_lines() {
        let quiet = Gomoku::parse_position("h8 i9 h10")
            .unwrap()
            .position_string();
        // After h8 i8 j8 k8 black has a four: not quiet.
        let four = Gomoku::parse_position("h8 a1 i8 c1 j8 e1 k8")
            .unwrap()
            .position_string();
        let text = format!("# a comment\n{quiet}\t0.75\n\n{four}\t1\n");
        let samples = scored_positions(&text, "s.tsv").unwrap();
        assert_eq!(samples.len(), 1);
        assert_eq!(samples[0].result, 0.75);
        for (line, why) in [
            (quiet.clone(), "line 1: no tab"),
            (
                format!("{quiet}\t1.5"),
                "line 1: the result is not a number from 0 to 1",
            ),
            (format!("{quiet}\tx"), "line 1: the result is not a number"),
            ("h8 h8\t0.5".to_string(), "line 1: "),
        ] {
            let err = scored_positions(&line, "s.tsv").unwrap_err();
            assert!(
                err.starts_with("s.tsv: ") && err.contains(why),
                "{line}: {err}"
            );
        }
        let file = file_with(&format!("{quiet}\t0.5"));
        let err = fit(&["--scored".into(), file.path().display().to_string()]).unwrap_err();
        assert!(
            err.starts_with("too few quiet positions to fit (scored positions"),
            "{err}"
        );
    }

    /// The shipped evaluation values are the fit of the shipped scored positions: fitting them
    /// again gains next to nothing (the open three's line and class values, which cover nearly
    /// the same points, may drift together, their sum staying).
    #[test]
    fn the_shipped_values_are_the_fit_of_the_shipped_scored_positions() {
        let mut samples = Vec::new();
        for name in [
            "rapfi-scored.tsv",
            "rapfi-scored-2.tsv",
            "rapfi-scored-3.tsv",
        ] {
            let path = format!("{}/tuning/{name}", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(&path).unwrap();
            samples.extend(scored_positions(&text, &path).unwrap());
        }
        assert_eq!(samples.len(), 9_703);
        let current = Values::current();
        let k = tune::fit_scale(&samples, &current);
        let refit = tune::fit_values(&samples, &current, k, 1e-6, Fit::LinesAndClasses);
        let (shipped, best) = (
            tune::loss(&samples, &current, k),
            tune::loss(&samples, &refit, k),
        );
        assert!(
            best <= shipped && shipped - best < 0.001,
            "{shipped} against {best}"
        );
    }

    #[test]
    fn openings_are_quiet_and_refuse_bad_numbers() {
        assert!(openings("x", "1", "3")
            .unwrap_err()
            .contains("COUNT must be a number"));
        assert!(openings("3", "-1", "3")
            .unwrap_err()
            .contains("SEED must be a number"));
        for stones in ["0", "x", "7-4", "3-", "99"] {
            assert!(openings("3", "1", stones)
                .unwrap_err()
                .contains("STONES must be"));
        }
        assert_eq!(stone_range("4-7"), Ok(4..=7));
        assert!(openings("3", "1", "3").is_ok());
        // Two stones can be placed in only 24 ways around h8: asking for more gives up.
        assert!(openings("30", "1", "2")
            .unwrap_err()
            .starts_with("found only 24 distinct openings"));
    }
}
