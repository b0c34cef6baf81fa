//! The engine on the VCF/VCT puzzles of `data/puzzles.txt` (renju-note/quintet, verified with
//! Rapfi; see the file's header), played under freestyle.

use std::time::Instant;

use tabula_core::{Game, SearchControl, Verdict};
use tabula_gomoku::engine::{think, think_remembering, Effort, Memory};
use tabula_gomoku::Gomoku;

/// One puzzle: its id, the position, the listed first move and the defender's reply in the
/// listed line.
struct Puzzle {
    id: String,
    position: Gomoku,
    answer: u16,
    reply: Option<u16>,
    winnable: bool,
}

fn puzzles() -> Vec<Puzzle> {
    include_str!("data/puzzles.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let f: Vec<&str> = line.split(" | ").map(str::trim).collect();
            let position = Gomoku::parse_position(&format!("{} {}", f[2], f[1])).unwrap();
            let point = |xy: &str| {
                let (x, y) = xy.split_once(',').unwrap();
                y.parse::<u16>().unwrap() * 15 + x.parse::<u16>().unwrap()
            };
            Puzzle {
                id: f[0].to_string(),
                position,
                answer: point(f[3]),
                reply: f[4].split_whitespace().nth(1).map(point),
                winnable: f[5] == "yes",
            }
        })
        .collect()
}

/// Runs every puzzle, checks that the refuted one is never claimed, and returns the ids of the
/// winnable puzzles where a win was proven.
fn solve_all(effort: Effort) -> Vec<String> {
    let mut solved = Vec::new();
    let all = puzzles();
    assert_eq!(all.len(), 38);
    for p in &all {
        let start = Instant::now();
        let thought = think(&p.position, effort);
        let ms = start.elapsed().as_millis();
        let claims = thought.verdict == Some(Verdict::Win);
        println!(
            "{:28} {:5} ms {:>9} nodes  move {} (answer {})  {}",
            p.id,
            ms,
            thought.nodes,
            p.position.move_string(thought.best),
            p.position.move_string(p.answer),
            if claims { "WIN" } else { "-" }
        );
        if p.winnable {
            if claims {
                solved.push(p.id.clone());
            }
        } else {
            assert!(
                !claims,
                "{} is refuted under freestyle, yet a win was claimed",
                p.id
            );
        }
    }
    solved
}

/// The fast check run by `cargo test`: a node budget (deterministic) under which every winnable
/// puzzle is proven.
#[test]
fn solves_the_puzzles_within_a_node_budget() {
    let solved = solve_all(Effort::Nodes(600_000));
    assert!(
        solved.len() == 37,
        "only {} solved: {solved:?}",
        solved.len()
    );
}

/// A claimed win is a proof: after the engine's winning move in each winnable puzzle, every
/// reply of the defender (every empty point) leaves a position where the engine again proves
/// the win.
#[test]
fn every_reply_to_a_claimed_win_still_loses() {
    for p in puzzles().iter().filter(|p| p.winnable) {
        let thought = think(&p.position, Effort::Nodes(600_000));
        assert_eq!(thought.verdict, Some(Verdict::Win), "{}", p.id);
        let mut after = p.position;
        after.play(thought.best);
        if after.is_over() {
            continue;
        }
        let mut replies = Vec::new();
        after.legal_moves(&mut replies);
        for reply in replies {
            let mut position = after;
            position.play(reply);
            assert!(
                !position.is_over(),
                "{}: {} wins for the defender",
                p.id,
                after.move_string(reply)
            );
            let answer = think(&position, Effort::Nodes(2_000_000));
            assert_eq!(
                answer.verdict,
                Some(Verdict::Win),
                "{}: no win found after {} {}",
                p.id,
                p.position.move_string(thought.best),
                after.move_string(reply)
            );
        }
    }
}

/// The timed check (release build, one second per puzzle):
/// `cargo test --release -p tabula-gomoku --test puzzles -- --ignored --nocapture --test-threads 1`.
#[test]
#[ignore]
fn solves_the_puzzles_within_one_second() {
    let solved = solve_all(Effort::Time(1000));
    assert_eq!(solved.len(), 37, "solved {solved:?}");
}

/// Positions the engine was not tuned on: each winnable puzzle after the listed first move
/// (verified winning under freestyle) and the line's defence. A win holds against every
/// defence, so the attacker still has a forced win there (its line may differ under freestyle,
/// so the listed continuation is not used). Returns how many wins were proven, of how many.
fn solve_follow_ups(effort: Effort) -> (usize, usize) {
    let mut proven = 0;
    let mut total = 0;
    for p in puzzles().iter().filter(|p| p.winnable) {
        let Some(reply) = p.reply else { continue };
        let mut position = p.position;
        position.try_play(p.answer).unwrap();
        if position.is_over() || position.try_play(reply).is_err() || position.is_over() {
            continue;
        }
        total += 1;
        let thought = think(&position, effort);
        let won = thought.verdict == Some(Verdict::Win);
        println!(
            "{:28} after the answer and the reply: {}",
            p.id,
            if won { "WIN" } else { "-" }
        );
        proven += usize::from(won);
    }
    println!("follow-ups proven: {proven} of {total}");
    (proven, total)
}

/// The follow-up positions at a node budget, for `cargo test`.
#[test]
fn proves_wins_in_unseen_follow_up_positions() {
    let (proven, total) = solve_follow_ups(Effort::Nodes(200_000));
    assert!(total >= 30);
    assert!(4 * proven >= 3 * total, "{proven} of {total}");
}

/// The same at one second each (release):
/// `cargo test --release -p tabula-gomoku --test puzzles -- --ignored --nocapture --test-threads 1`.
#[test]
#[ignore]
fn proves_wins_in_unseen_follow_up_positions_within_one_second() {
    let (proven, total) = solve_follow_ups(Effort::Time(1000));
    assert!(4 * proven >= 3 * total, "{proven} of {total}");
}

/// An engine keeps what it proved for its next move: after each puzzle's win and the
/// defender's best reply, the attacker's search that remembers the first one proves the win
/// again with a fraction of the nodes of a fresh search.
#[test]
fn the_next_move_reuses_the_proof_of_the_last() {
    let effort = Effort::Nodes(600_000);
    let (mut fresh_nodes, mut remembering_nodes) = (0, 0);
    for p in puzzles().iter().filter(|p| p.winnable) {
        let control = SearchControl::new();
        let (first, memory) = think_remembering(&p.position, effort, &control, Memory::new());
        assert_eq!(first.verdict, Some(Verdict::Win), "{}", p.id);
        let mut position = p.position;
        position.play(first.best);
        if position.is_over() {
            continue;
        }
        position.play(think(&position, effort).best);
        if position.is_over() {
            continue;
        }
        let fresh = think(&position, effort);
        let (again, _) = think_remembering(&position, effort, &control, memory);
        for thought in [&fresh, &again] {
            assert_eq!(thought.verdict, Some(Verdict::Win), "{}", p.id);
        }
        println!(
            "{:28} fresh {:>8} nodes, remembering {:>8}",
            p.id, fresh.nodes, again.nodes
        );
        fresh_nodes += fresh.nodes;
        remembering_nodes += again.nodes;
    }
    println!("fresh {fresh_nodes} nodes, remembering {remembering_nodes}");
    assert!(
        remembering_nodes * 10 < fresh_nodes,
        "{remembering_nodes} of {fresh_nodes}"
    );
}

/// The VCT of fours and open threes alone (no quiet VCF threats), which the engine tries
/// first: on every puzzle it proves a win only where the full VCT does (and never on the refuted
/// one), in no more nodes, and in far fewer over all; it misses only wins that begin with a
/// quiet move.
#[test]
fn a_vct_of_fours_and_threes_alone_proves_a_subset_in_fewer_nodes() {
    use tabula_gomoku::engine::{Board, Budget, Searcher};
    // The nodes the first winning VCT iteration had used, or none.
    let prove = |p: &Puzzle, quiet_threats: bool| {
        let mut searcher = Searcher::new(Board::new(&p.position));
        searcher.set_budget(Budget {
            deadline: None,
            nodes: 2_000_000,
        });
        searcher.set_quiet_threats(quiet_threats);
        for depth in 1..=12 {
            if searcher.vct(depth).is_some() {
                return Some(searcher.nodes());
            }
            if searcher.stopped() {
                break;
            }
        }
        None
    };
    let (mut narrow_nodes, mut full_nodes, mut missed) = (0, 0, Vec::new());
    for p in puzzles() {
        let (narrow, full) = (prove(&p, false), prove(&p, true));
        println!("{:28} fours and threes {narrow:?}, full {full:?}", p.id);
        assert_eq!(full.is_some(), p.winnable, "{}", p.id);
        match (narrow, full) {
            (Some(n), Some(f)) => {
                assert!(n <= f, "{}: {n} nodes against {f}", p.id);
                narrow_nodes += n;
                full_nodes += f;
            }
            (None, Some(_)) => missed.push(p.id),
            (Some(_), None) => panic!("{}: a win only without quiet threats", p.id),
            (None, None) => {}
        }
    }
    println!("{narrow_nodes} nodes against {full_nodes}; missed {missed:?}");
    assert!(narrow_nodes * 2 < full_nodes);
    assert_eq!(missed, ["vct_fukumi"]);
}
