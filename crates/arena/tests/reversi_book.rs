//! The classic book's AI-simulation table, reproduced: over 8,000 reversi games with a random
//! first player, `corner-best` wins against `worst`, `random` and `corner-side-best` at the
//! rates the original Python program gives.
//!
//! The reference rates (84.4 %, 80.5 %, 61.9 %) were measured by running the original program
//! over 2,000 games per pairing (issue 6; the book printed 82.4 %, 78.0 % and 60.8 % from 250
//! games). Both our rate and the reference are estimates, so the check is the two-sample one:
//! the difference must lie within 1.96 standard errors of the difference. The Wilson interval
//! of our rate is printed as well (`cargo test -p tabula-arena --test reversi_book --
//! --nocapture`).

use tabula_arena::{run_match, Hooks, MatchSetup};
use tabula_reversi::Reversi;

const GAMES: u64 = 8_000;
const REFERENCE_GAMES: f64 = 2_000.0;

fn check(opponent: &str, reference: f64) {
    let setup = MatchSetup::<Reversi>::new("corner-best", Some(opponent), GAMES, 2026).unwrap();
    let report = run_match(&setup, 0, &mut Hooks::silent()).unwrap();
    let t = &report.tally;
    let rate = t.ratio(t.wins_a);
    let [low, high] = report.win_interval().unwrap();
    println!(
        "corner-best vs {opponent}: {rate:.4} of {} games, 95% [{low:.4}, {high:.4}], reference {reference}",
        t.games
    );
    let se = (rate * (1.0 - rate) / GAMES as f64 + reference * (1.0 - reference) / REFERENCE_GAMES)
        .sqrt();
    assert!(
        (rate - reference).abs() < 1.96 * se,
        "corner-best vs {opponent}: {rate} is not within 1.96 × {se} of {reference}"
    );
    assert!(
        (0.45..0.55).contains(&t.ratio(t.a_first)),
        "the first player is random"
    );
}

#[test]
fn corner_best_beats_worst() {
    check("worst", 0.844);
}

#[test]
fn corner_best_beats_random() {
    check("random", 0.805);
}

#[test]
fn corner_best_beats_corner_side_best() {
    check("corner-side-best", 0.619);
}
