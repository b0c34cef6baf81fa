//! The perfect player's move time on the empty board (goal: at most 10 µs; the Python original
//! takes about 88 s there), and perft from the empty board.

use criterion::{criterion_group, criterion_main, Criterion};
use rand::SeedableRng;
use std::hint::black_box;
use tabula_core::{Agent, Game, GameRng};
use tabula_tictactoe::agents::PerfectAgent;
use tabula_tictactoe::TicTacToe;

fn perfect_player(c: &mut Criterion) {
    let mut agent = PerfectAgent::new(GameRng::seed_from_u64(1));
    let empty = TicTacToe::initial();
    // Build the table before timing: the first move pays for it once per process.
    agent.choose(&empty);
    c.bench_function("minimax move, empty board", |b| {
        b.iter(|| agent.choose(black_box(&empty)))
    });
    c.bench_function("perft 9, empty board", |b| {
        b.iter(|| black_box(&empty).perft(9))
    });
}

criterion_group!(benches, perfect_player);
criterion_main!(benches);
