//! Engine speed: rules play-outs, and the engine's move on a middle-game position at a fixed
//! node budget, under freestyle and renju; the cost of renju's forbidden-point check. Run with
//! `nice cargo bench -p tabula-gomoku`.

use criterion::{criterion_group, criterion_main, Criterion};
use tabula_core::Game;
use tabula_gomoku::engine::{think, Effort};
use tabula_gomoku::Gomoku;

/// A quiet opening position (no forced win for either side).
const MIDDLE: &str = "h8 i9 j8 i8 i7 h7";
/// A renju middle game with a forbidden point for black (a double three at h6).
const RENJU_MIDDLE: &str = "renju h8 h9 i7 i10 j8 g9 g6 f10 j6 e9 k7 d12 g8 j9";

fn benches(c: &mut Criterion) {
    let position = Gomoku::parse_position(MIDDLE).expect("valid moves");
    c.bench_function("engine, 20k-node budget, opening position", |b| {
        b.iter(|| think(&position, Effort::Nodes(20_000)).best)
    });
    let renju = Gomoku::parse_position(RENJU_MIDDLE).expect("valid moves");
    c.bench_function("renju engine, 20k-node budget, middle game", |b| {
        b.iter(|| think(&renju, Effort::Nodes(20_000)).best)
    });
    c.bench_function("renju forbidden_points, whole board, middle game", |b| {
        b.iter(|| renju.forbidden_points())
    });
    c.bench_function("renju legal_moves, middle game", |b| {
        b.iter(|| {
            let mut moves = Vec::new();
            renju.legal_moves(&mut moves);
            moves
        })
    });
    c.bench_function("play 50 moves", |b| {
        b.iter(|| {
            let mut g = Gomoku::initial();
            for p in (0..225u16).step_by(4).take(50) {
                if !g.is_over() {
                    g.play(p);
                }
            }
            g
        })
    });
}

criterion_group!(engine, benches);
criterion_main!(engine);
