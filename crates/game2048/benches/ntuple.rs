//! Speed of the n-tuple network: valuing and updating afterstates, and whole training games.
//!
//! `cargo bench -p tabula-2048 --bench ntuple`: `ntuple/evaluate` and `ntuple/update` report
//! boards per second on the standard four 6-tuples (268 MB, every page written first so the
//! look-ups miss the caches as in training), over the afterstates of a seeded game;
//! `ntuple/train` reports slides per second of TD learning on that network, going on learning,
//! and `ntuple/train_tc` the same by temporal coherence at rate 1 (as the recipe trains).

use std::hint::black_box;
use std::time::Instant;

use criterion::{criterion_group, criterion_main, Bencher, Criterion, Throughput};
use tabula_2048::ntuple::coherence::Coherence;
use tabula_2048::ntuple::train::{Trainer, DEFAULT_ALPHA};
use tabula_2048::ntuple::{standard_shapes, Network};
use tabula_2048::{Board, Direction};

/// The afterstates of every slide of a seeded training game, after `warm_up` games of
/// learning so that the games are long and the boards varied.
fn afterstates(network: &Network) -> Vec<Board> {
    let mut trainer = Trainer::new(2026, DEFAULT_ALPHA);
    for _ in 0..200 {
        trainer.play(network);
    }
    let mut boards = Vec::new();
    let mut board = Board(0x0000_0000_0001_0010);
    for step in 0u64.. {
        let Some(after) = Direction::ALL
            .iter()
            .map(|&d| board.slide(d).0)
            .filter(|&after| after != board)
            .max_by(|&a, &b| network.evaluate(a).total_cmp(&network.evaluate(b)))
        else {
            break;
        };
        boards.push(after);
        // A deterministic new tile: the empty cell picked by the step count.
        let empty = after.empty_mask();
        let skip = step as u32 % empty.count_ones();
        let mut bits = empty;
        for _ in 0..skip {
            bits &= bits - 1;
        }
        board = Board(after.0 | (bits & bits.wrapping_neg()) << u64::from(step % 10 == 0));
    }
    boards
}

fn bench(c: &mut Criterion) {
    let network = Network::new(&standard_shapes(), 1.0).expect("standard shapes");
    let boards = afterstates(&network);
    let mut group = c.benchmark_group("ntuple");
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.bench_function("evaluate", |b| {
        b.iter(|| {
            boards
                .iter()
                .map(|&x| network.evaluate(black_box(x)))
                .sum::<f32>()
        })
    });
    group.bench_function("update", |b| {
        b.iter(|| {
            for &x in &boards {
                network.update(black_box(x), 1e-3);
            }
        })
    });
    // One element is one slide: games are played until `iters` slides are done, and the time
    // is scaled to exactly `iters` of them.
    group.throughput(Throughput::Elements(1));
    let train = |b: &mut Bencher, trainer: &mut Trainer| {
        b.iter_custom(|iters| {
            let started = Instant::now();
            let mut moves = 0;
            while moves < iters {
                moves += trainer.play(&network).moves;
            }
            started.elapsed().mul_f64(iters as f64 / moves as f64)
        })
    };
    let mut plain = Trainer::new(7, DEFAULT_ALPHA);
    group.bench_function("train", |b| train(b, &mut plain));
    let coherence = Coherence::for_network(&network);
    let mut coherent = Trainer::new(7, 1.0).with_coherence(&coherence);
    group.bench_function("train_tc", |b| train(b, &mut coherent));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
