//! Speed of the move generator and of expectimax at a fixed depth.
//!
//! `cargo bench -p tabula-2048 --bench expectimax`: `slides` reports slides per second;
//! `expectimax/depth7/nodes` reports searched nodes (slides evaluated) per second and
//! `expectimax/depth7/moves` decisions (moves chosen) per second, over positions taken from a
//! seeded game.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tabula_2048::engine::Expectimax;
use tabula_2048::{Direction, Game2048};
use tabula_core::{Agent, Game, Seat, Session};

/// Positions met in a seeded game of `expectimax:depth=3`, one every 25 slides.
fn positions() -> Vec<Game2048> {
    let seat = Seat::Agent {
        spec: "expectimax:depth=3".into(),
        agent: Box::new(Expectimax::new(Some(3), None)),
    };
    let mut session = Session::new(Game2048::initial(), vec![seat], 2048);
    while session.step().is_some() {}
    session
        .positions()
        .iter()
        .filter(|p| !p.is_chance() && !p.is_over())
        .step_by(25)
        .copied()
        .collect()
}

fn bench(c: &mut Criterion) {
    let positions = positions();

    let mut group = c.benchmark_group("slides");
    group.throughput(Throughput::Elements(4 * positions.len() as u64));
    group.bench_function("all four", |b| {
        b.iter(|| {
            for p in &positions {
                for d in Direction::ALL {
                    black_box(black_box(p.board()).slide(d));
                }
            }
        })
    });
    group.finish();

    let depth = 7;
    let mut agent = Expectimax::new(Some(depth), None);
    let nodes: u64 = positions
        .iter()
        .map(|p| agent.search(p, Some(depth), None).nodes)
        .sum();
    let mut group = c.benchmark_group(format!("expectimax/depth{depth}"));
    group.sample_size(10);
    for (name, elements) in [("nodes", nodes), ("moves", positions.len() as u64)] {
        group.throughput(Throughput::Elements(elements));
        group.bench_function(name, |b| {
            b.iter(|| {
                for p in &positions {
                    black_box(agent.choose(black_box(p)));
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
