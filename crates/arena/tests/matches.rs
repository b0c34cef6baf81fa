//! Matches between real agents: reproducibility across thread counts and shards, colours,
//! openings, game records that replay, errors, and the one-player path.

mod common;

use common::Dice;
use tabula_arena::{
    merge, parse_openings, read_records, run_match, run_match_keeping_records, ArenaError, First,
    GameRecord, Hooks, MatchReport, MatchSetup, RoundRobin, RoundRobinSetup, Shard,
};
use tabula_tictactoe::TicTacToe;

fn run(setup: &MatchSetup<TicTacToe>, threads: usize) -> (MatchReport, Vec<GameRecord>) {
    run_match_keeping_records(setup, threads).expect("the match runs")
}

fn setup(a: &str, b: &str, games: u64, seed: u64) -> MatchSetup<TicTacToe> {
    MatchSetup::new(a, Some(b), games, seed).expect("agents exist")
}

#[test]
fn same_seed_same_totals_and_records_whatever_the_thread_count() {
    let setup = setup("rules", "random", 1500, 7);
    let (one, records_one) = run(&setup, 1);
    let (two, records_two) = run(&setup, 2);
    let (three, _) = run(&setup, 3);
    assert_eq!(one.tally, two.tally);
    assert_eq!(one.tally, three.tally);
    assert_eq!(records_one, records_two);
    assert_eq!(one.tally.games, 1500);
    assert_eq!(records_one.len(), 1500);
    // A different seed plays different games.
    let (other, _) = run(&self::setup("rules", "random", 1500, 8), 2);
    assert_ne!(one.tally, other.tally);
}

#[test]
fn shards_merge_into_the_unsharded_result() {
    let mut whole = setup("random", "rules", 1000, 3);
    let (expected, _) = run(&whole, 2);
    let mut shards = Vec::new();
    for index in [3, 1, 2] {
        whole.shard = Shard { index, count: 3 };
        let (report, _) = run(&whole, 1);
        // Through the JSON a shard writes, as `tabula arena merge` reads it.
        let line = report.to_json().to_string();
        shards.push((
            format!("shard{index}"),
            MatchReport::from_json(&line, "x").unwrap(),
        ));
    }
    let merged = merge(&shards).unwrap();
    assert_eq!(merged.tally, expected.tally);
    assert_eq!(merged.shard, Shard::WHOLE);
    // A missing or repeated shard is an error.
    assert!(merge(&shards[..2]).is_err());
    let twice = vec![shards[0].clone(), shards[0].clone(), shards[1].clone()];
    assert!(merge(&twice).is_err());
    // A shard of another match is an error.
    let (stranger, _) = run(&setup("random", "random", 1000, 3), 1);
    let mixed = vec![shards[0].clone(), ("other".to_string(), stranger)];
    assert!(matches!(merge(&mixed), Err(ArenaError::Results { .. })));
}

#[test]
fn the_perfect_player_never_loses_and_draws_itself() {
    let (report, _) = run(&setup("minimax", "random", 400, 1), 2);
    assert_eq!(report.tally.wins_b, 0, "minimax lost a game");
    assert!(report.tally.wins_a > 300, "{:?}", report.tally);
    let (report, _) = run(&setup("minimax", "minimax", 100, 1), 2);
    assert_eq!(report.tally.draws, 100, "perfect play is a draw");
    // All draws: a score of exactly one half with no spread, so the interval collapses.
    assert_eq!(report.elo(), (Some(0.0), Some([0.0, 0.0])));
}

#[test]
fn colours_follow_the_first_option() {
    let mut s = setup("random", "random", 200, 5);
    for (first, a_first) in [(First::A, 200), (First::B, 0), (First::Alternate, 100)] {
        s.first = first;
        assert_eq!(run(&s, 2).0.tally.a_first, a_first, "{first}");
    }
    s.first = First::Random;
    let a_first = run(&s, 2).0.tally.a_first;
    assert!((70..=130).contains(&a_first), "a fair coin: {a_first}");
}

#[test]
fn openings_are_played_with_both_colours() {
    let mut s = setup("rules", "random", 8, 2);
    s.openings = parse_openings("# two openings\nX........\n\n....X....\n").unwrap();
    s.first = First::Alternate;
    let (report, records) = run(&s, 2);
    assert_eq!(report.openings, 2);
    let starts: Vec<(&str, &str)> = records
        .iter()
        .map(|r| (r.start.as_str(), r.first.as_str()))
        .collect();
    assert_eq!(
        starts[..4],
        [
            ("X........", "a"),
            ("X........", "b"),
            ("....X....", "a"),
            ("....X....", "b")
        ]
    );
    assert!(matches!(
        parse_openings::<TicTacToe>("X........\nXXX......\n"),
        Err(ArenaError::Openings { line: 2, .. })
    ));
    assert!(
        parse_openings::<TicTacToe>("XXXOO....").is_err(),
        "a finished game"
    );
    assert!(parse_openings::<TicTacToe>("# nothing\n").is_err());
}

#[test]
fn records_replay_to_their_results_and_survive_a_round_trip() {
    let (report, records) = run(&setup("rules", "minimax", 60, 11), 2);
    let text: String = records.iter().map(|r| r.to_json_line() + "\n").collect();
    let read = read_records(&text, "games.jsonl").unwrap();
    assert_eq!(read, records);
    let mut wins_b = 0;
    for record in &read {
        let (_, plies) = record.replay::<TicTacToe>().expect("the record replays");
        assert_eq!(plies.len(), record.moves.len());
        wins_b += u64::from(record.result == "b");
    }
    assert_eq!(wins_b, report.tally.wins_b);
    // A corrupted record is refused, not replayed.
    let mut bad = records[0].clone();
    bad.moves.swap(0, 1);
    bad.moves.push("a1".to_string());
    assert!(bad.replay::<TicTacToe>().is_err());
    bad = records[0].clone();
    bad.result = if bad.result == "a" { "b" } else { "a" }.to_string();
    assert!(bad.replay::<TicTacToe>().is_err());
    assert!(read_records("{\"game\": 1}\n", "f").is_err());
}

#[test]
fn unknown_agents_and_wrong_agent_counts_are_errors() {
    for (a, b) in [
        ("deep-blue", Some("random")),
        ("random", Some("minimax:depth=x")),
        ("random", None),
        ("random:", Some("random")),
    ] {
        assert!(
            MatchSetup::<TicTacToe>::new(a, b, 10, 0).is_err(),
            "{a} {b:?}"
        );
    }
    assert!(MatchSetup::<Dice>::new("random", Some("random"), 10, 0).is_err());
}

#[test]
fn one_player_games_report_scores_and_achievements() {
    let setup = MatchSetup::<Dice>::new("roller", None, 2000, 9).unwrap();
    let one = run_match(&setup, 1, &mut Hooks::silent()).unwrap();
    let two = run_match(&setup, 2, &mut Hooks::silent()).unwrap();
    assert_eq!(one.tally, two.tally);
    let stats = one.tally.score_stats().unwrap();
    // Four rolls of a fair four-sided die: mean 10, sd sqrt(4 * 15/12) = 2.236, range 4 to 16.
    assert!((stats.mean - 10.0).abs() < 0.2, "{stats:?}");
    assert!((stats.sd - 5f64.sqrt()).abs() < 0.15, "{stats:?}");
    assert!(stats.min >= 4 && stats.max <= 16);
    // The highest of four rolls reaches 4 with probability 1 - (3/4)^4 = 0.684.
    let rates = one.tally.achievement_rates();
    let (top, rate) = *rates.last().unwrap();
    assert_eq!(top, 4);
    assert!((rate - 0.684).abs() < 0.04, "{rate}");
    let dir = tempfile::tempdir().unwrap();
    let chart = dir.path().join("dice.svg");
    tabula_arena::plot::score_histogram(&one.tally, "dice", &chart).unwrap();
    let svg = std::fs::read_to_string(&chart).unwrap();
    assert!(svg.contains("reached at least") && svg.contains("<rect"));
    let json = one.to_json();
    assert_eq!(json["games"], 2000);
    assert!(json["score_mean"].as_f64().is_some());
    assert!(json.get("wins_a").is_none());
}

#[test]
fn round_robin_ranks_the_perfect_player_first() {
    let players: Vec<String> = ["random", "rules", "minimax"].map(String::from).to_vec();
    let setup = RoundRobinSetup::<TicTacToe> {
        games: 200,
        seed: 1,
        first: First::Alternate,
        openings: Vec::new(),
    };
    let rr = RoundRobin::run(&players, &setup, 2, &mut Hooks::silent()).unwrap();
    assert_eq!(rr.matches.len(), 3);
    let ratings: Vec<f64> = rr.ratings().into_iter().map(Option::unwrap).collect();
    assert!(
        ratings[2] > ratings[1] && ratings[1] > ratings[0],
        "{ratings:?}"
    );
    let table = rr.to_string();
    assert!(table.contains("minimax") && table.contains("Elo"));
    assert!(RoundRobin::run(&players[..1], &setup, 1, &mut Hooks::silent()).is_err());
}

/// Records reach the sink while the match runs, in game order: the first arrives before half
/// the games are played (the workers wait for the merge), on one thread and on several.
#[test]
fn records_are_handed_out_in_order_while_the_match_runs() {
    use std::sync::atomic::{AtomicU64, Ordering};
    let setup = setup("rules", "random", 400, 5);
    for threads in [1, 3] {
        let played = AtomicU64::new(0);
        let progress = |_: &tabula_arena::GameResult| {
            played.fetch_add(1, Ordering::Relaxed);
        };
        let mut seen = Vec::new();
        let mut keep = |record: &GameRecord| {
            seen.push((record.number, played.load(Ordering::Relaxed)));
            Ok(())
        };
        let mut hooks = Hooks {
            progress: &progress,
            records: Some(&mut keep),
        };
        run_match(&setup, threads, &mut hooks).unwrap();
        let numbers: Vec<u64> = seen.iter().map(|&(number, _)| number).collect();
        assert_eq!(
            numbers,
            (1..=400).collect::<Vec<u64>>(),
            "{threads} threads"
        );
        let (_, played_at_first) = seen[0];
        assert!(
            played_at_first <= 200,
            "{threads} threads: {played_at_first}"
        );
    }
}
