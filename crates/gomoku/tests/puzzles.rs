//! The engine on the VCF/VCT puzzles of `data/puzzles.txt` (renju-note/quintet, verified with
//! Rapfi; see the file's header), played under freestyle.

use std::time::Instant;

use tabula_core::{Game, Verdict};
use tabula_gomoku::engine::{think, Effort};
use tabula_gomoku::Gomoku;

/// One puzzle: its id, the position and the listed first move.
struct Puzzle {
    id: String,
    position: Gomoku,
    answer: u16,
    winnable: bool,
}

fn puzzles() -> Vec<Puzzle> {
    include_str!("data/puzzles.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let f: Vec<&str> = line.split(" | ").map(str::trim).collect();
            let position = Gomoku::parse_position(&format!("{} {}", f[2], f[1])).unwrap();
            let (x, y) = f[3].split_once(',').unwrap();
            let (x, y): (u16, u16) = (x.parse().unwrap(), y.parse().unwrap());
            Puzzle {
                id: f[0].to_string(),
                position,
                answer: y * 15 + x,
                winnable: f[5] == "yes",
            }
        })
        .collect()
}

fn solve_all(effort: Effort) -> usize {
    let mut solved = 0;
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
            solved += usize::from(claims);
        } else {
            assert!(!claims, "{} is refuted under freestyle, yet a win was claimed", p.id);
        }
    }
    solved
}

/// The fast check run by `cargo test`: every winnable puzzle within a node budget.
#[test]
fn solves_the_puzzles_within_a_node_budget() {
    let solved = solve_all(Effort::Nodes(400_000));
    assert_eq!(solved, 37);
}

/// The timed check: `cargo test --release -p tabula-gomoku --test puzzles -- --ignored --nocapture`.
#[test]
#[ignore]
fn solves_the_puzzles_within_one_second() {
    assert_eq!(solve_all(Effort::Time(1000)), 37);
}
