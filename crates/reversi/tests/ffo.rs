//! FFO endgame positions #40-#59 (tests/data/ffo40-59.txt, published exact results): the engine's
//! exact analysis must find the listed score and one of the listed best moves.

use std::time::Instant;

use tabula_core::{Agent, Game, SearchLimits};
use tabula_reversi::engine::Engine;
use tabula_reversi::Reversi;

struct Problem {
    number: usize,
    position: Reversi,
    best: Vec<String>,
    score: f64,
}

fn problems() -> Vec<Problem> {
    include_str!("data/ffo40-59.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .enumerate()
        .map(|(i, line)| {
            let words: Vec<&str> = line.split_whitespace().collect();
            Problem {
                number: 40 + i,
                position: Reversi::parse_position(&format!("{} {}", words[0], words[1])).unwrap(),
                best: words[2].split('/').map(String::from).collect(),
                score: words[3].parse().unwrap(),
            }
        })
        .collect()
}

/// Solves the listed problems, checking each, and prints time and nodes per position.
fn solve(numbers: &[usize]) {
    let mut engine = Engine::new(None, None);
    // As `tabula solve`: the best move's value exact, the others may stay bounds.
    let limits = SearchLimits {
        exact: true,
        only_best: true,
        ..SearchLimits::default()
    };
    let (mut total_nodes, started) = (0, Instant::now());
    for p in problems().iter().filter(|p| numbers.contains(&p.number)) {
        engine.new_game();
        let t = Instant::now();
        let analysis = engine.analyze(&p.position, &limits).unwrap();
        let best = &analysis.moves[0];
        let nodes = analysis.nodes.unwrap();
        total_nodes += nodes;
        let mv = p.position.move_string(best.mv);
        println!(
            "#{} {mv} {:+} {:.2}s {nodes} nodes",
            p.number,
            best.value,
            t.elapsed().as_secs_f64()
        );
        assert!(best.exact, "#{}: best value is exact", p.number);
        assert_eq!(best.value, p.score, "#{}: score", p.number);
        assert!(
            p.best.contains(&mv),
            "#{}: {mv} not in {:?}",
            p.number,
            p.best
        );
        for other in &analysis.moves[1..] {
            assert!(other.value <= best.value);
        }
    }
    println!(
        "total {:.2}s {total_nodes} nodes",
        started.elapsed().as_secs_f64()
    );
}

#[test]
fn ffo_fast_subset_is_solved_exactly() {
    solve(&[40, 41, 47]);
}

#[test]
#[ignore = "the endgame benchmark: cargo test --release -p tabula-reversi --test ffo -- --ignored --nocapture"]
fn ffo_40_to_49() {
    solve(&(40..=49).collect::<Vec<_>>());
}

#[test]
#[ignore = "the full set: cargo test --release -p tabula-reversi --test ffo -- --ignored --nocapture"]
fn ffo_50_to_59() {
    solve(&(50..=59).collect::<Vec<_>>());
}
