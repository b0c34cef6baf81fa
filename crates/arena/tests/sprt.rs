//! The sequential test in real matches: a clearly stronger agent is accepted (H1) early, an
//! agent against itself is rejected (H0), the result does not depend on the thread count, and
//! the options that make no sense with it are refused.

use tabula_arena::sprt::{SprtSetup, Verdict};
use tabula_arena::{parse_openings, run_match, ArenaError, First, Hooks, MatchReport, MatchSetup};
use tabula_tictactoe::TicTacToe;

fn sprt_match(a: &str, b: &str, first: First, openings: &str, threads: usize) -> MatchReport {
    let mut setup = MatchSetup::<TicTacToe>::new(a, Some(b), 5000, 11).unwrap();
    setup.first = first;
    if !openings.is_empty() {
        setup.openings = parse_openings(openings).unwrap();
    }
    setup.sprt = Some(SprtSetup::new("0,50", 0.05, 0.05).unwrap());
    run_match(&setup, threads, &mut Hooks::silent()).unwrap()
}

#[test]
fn a_clearly_stronger_agent_is_accepted_early() {
    let report = sprt_match("minimax", "random", First::Random, "", 2);
    let sprt = report.sprt.as_ref().expect("the test ran");
    assert_eq!(sprt.verdict, Verdict::H1);
    assert_eq!(sprt.model, "trinomial");
    assert!(sprt.llr >= sprt.upper);
    // It stopped at the game that decided it: the counts are the games played.
    assert_eq!(sprt.counts.iter().sum::<u64>(), report.tally.games);
    assert_eq!(
        sprt.counts,
        vec![report.tally.wins_b, report.tally.draws, report.tally.wins_a]
    );
    assert!(report.tally.games < 100, "{} games", report.tally.games);
    // One game fewer would not have decided it.
    let mut before = sprt.counts.clone();
    let last = if report.tally.wins_a > 0 { 2 } else { 1 };
    before[last] -= 1;
    let setup = SprtSetup::new("0,50", 0.05, 0.05).unwrap();
    assert_eq!(setup.verdict(setup.llr(&before)), Verdict::Undecided);
    let text = report.to_string();
    assert!(
        text.contains("SPRT") && text.contains("H1 accepted"),
        "{text}"
    );
    assert_eq!(report.to_json()["sprt"]["verdict"], "h1");
    // The JSON reads back although the match stopped before its 5000 games.
    let back = MatchReport::from_json(&report.to_json().to_string(), "x").unwrap();
    assert_eq!(back.sprt, report.sprt);
}

#[test]
fn an_agent_against_itself_is_rejected() {
    let report = sprt_match("random", "random", First::Random, "", 2);
    let sprt = report.sprt.as_ref().unwrap();
    assert_eq!(sprt.verdict, Verdict::H0, "{sprt:?}");
    assert!(sprt.llr <= sprt.lower);
    assert!(report.tally.games < 5000);
}

#[test]
fn pairs_with_openings_use_the_pentanomial_model_and_threads_do_not_matter() {
    let openings = "X........\n....X....\n";
    let one = sprt_match("minimax", "random", First::Alternate, openings, 1);
    let two = sprt_match("minimax", "random", First::Alternate, openings, 2);
    assert_eq!(one.tally, two.tally);
    assert_eq!(one.sprt, two.sprt);
    let sprt = one.sprt.unwrap();
    assert_eq!(sprt.model, "pentanomial");
    assert_eq!(sprt.verdict, Verdict::H1);
    assert_eq!(sprt.counts.len(), 5);
    // Whole pairs only: twice the pairs are the games played.
    assert_eq!(2 * sprt.counts.iter().sum::<u64>(), one.tally.games);
}

#[test]
fn undecided_when_the_games_run_out() {
    let mut setup = MatchSetup::<TicTacToe>::new("random", Some("random"), 6, 1).unwrap();
    setup.sprt = Some(SprtSetup::new("-10,10", 0.05, 0.05).unwrap());
    let report = run_match(&setup, 2, &mut Hooks::silent()).unwrap();
    assert_eq!(report.tally.games, 6);
    assert_eq!(report.sprt.unwrap().verdict, Verdict::Undecided);
}

#[test]
fn a_test_needs_the_whole_match() {
    let mut setup = MatchSetup::<TicTacToe>::new("random", Some("random"), 10, 1).unwrap();
    setup.sprt = Some(SprtSetup::new("0,10", 0.05, 0.05).unwrap());
    setup.shard = "1/2".parse().unwrap();
    assert!(matches!(
        run_match(&setup, 1, &mut Hooks::silent()),
        Err(ArenaError::Usage(_))
    ));
}
