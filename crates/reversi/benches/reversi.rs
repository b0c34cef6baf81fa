//! Speed: perft leaves per second, whole classic games per second, endgame nodes per second
//! (criterion's `elem/s` is nodes/s there), pattern evaluations per second, move generation and
//! stable discs per second.
//!
//! Run with `nice cargo bench -p tabula-reversi` (or name one group, e.g. `-- classic`).

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rand::SeedableRng;
use tabula_core::{Agent, Game, GameRng};
use tabula_reversi::bitboard::{flips, moves, stable};
use tabula_reversi::classic::{Classic, Strategy};
use tabula_reversi::engine::endgame::Solver;
use tabula_reversi::engine::evaluate;
use tabula_reversi::Reversi;

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    let start = Reversi::initial();
    for depth in [9u32, 10] {
        let leaves = start.perft(depth);
        group.throughput(Throughput::Elements(leaves));
        group.bench_with_input(BenchmarkId::from_parameter(depth), &depth, |b, &d| {
            b.iter(|| black_box(&start).perft(black_box(d)))
        });
    }
    group.finish();
}

/// Plays one whole game between two agents, returning black's margin.
fn play_game(black: &mut impl Agent<Reversi>, white: &mut impl Agent<Reversi>) -> i64 {
    let mut state = Reversi::initial();
    while !state.is_over() {
        let mv = if state.to_move() == 0 {
            black.choose(&state)
        } else {
            white.choose(&state)
        };
        state.play(mv);
    }
    state.margin(0)
}

fn classic(c: &mut Criterion) {
    const GAMES: u64 = 1000;
    let mut group = c.benchmark_group("classic");
    group.throughput(Throughput::Elements(GAMES));
    group.bench_function("corner-best vs random, 1000 games", |b| {
        let mut black = Classic::new(Strategy::CornerBest, GameRng::seed_from_u64(1));
        let mut white = Classic::new(Strategy::Random, GameRng::seed_from_u64(2));
        b.iter(|| {
            (0..GAMES)
                .map(|_| play_game(&mut black, &mut white))
                .sum::<i64>()
        })
    });
    group.finish();
}

/// FFO #40 (20 empties) after playing the first legal move (in square order) down to 16 and 18
/// empties; the table is cleared before each solve.
fn endgame(c: &mut Criterion) {
    let ffo40 = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";
    let mut group = c.benchmark_group("endgame");
    group.sample_size(10);
    for empties in [16u32, 18] {
        let mut state = Reversi::parse_position(ffo40).unwrap();
        let mut moves = Vec::new();
        while state.empty().count_ones() > empties {
            moves.clear();
            state.legal_moves(&mut moves);
            state.play(moves[0]);
        }
        let mut solver = Solver::new();
        solver.solve(state.own(), state.opp(), -64, 64);
        group.throughput(Throughput::Elements(solver.nodes()));
        group.bench_with_input(BenchmarkId::new("solve", empties), &state, |b, s| {
            b.iter(|| {
                solver.clear();
                solver.reset_nodes();
                solver.solve(black_box(s.own()), black_box(s.opp()), -64, 64)
            })
        });
    }
    // The last few empties alone: positions of random games, each solved with the full window
    // and with a null window at 0 (win or not), as the search above asks.
    let positions = random_positions(2000, 5, 11);
    let mut solver = Solver::with_table_bits(10, 10);
    let solve_all = |solver: &mut Solver| {
        positions
            .iter()
            .map(|&(own, opp)| {
                solver.solve(black_box(own), black_box(opp), -64, 64)
                    + solver.solve(black_box(own), black_box(opp), 0, 1)
            })
            .sum::<i32>()
    };
    solve_all(&mut solver);
    group.throughput(Throughput::Elements(solver.nodes()));
    group.bench_function("last/5", |b| b.iter(|| solve_all(&mut solver)));
    group.finish();
}

/// `count` positions met in random games (seeded by `seed`) with `empties` empty squares, the
/// game not over.
fn random_positions(count: usize, empties: u32, seed: u64) -> Vec<(u64, u64)> {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut positions = Vec::new();
    while positions.len() < count {
        let mut agent = Classic::new(
            Strategy::Random,
            GameRng::seed_from_u64(rand::Rng::random(&mut rng)),
        );
        let mut state = Reversi::initial();
        while !state.is_over() && state.empty().count_ones() > empties {
            state.play(agent.pick(&state));
        }
        if !state.is_over() {
            positions.push((state.own(), state.opp()));
        }
    }
    positions
}

/// The first `count` positions met in random games (seeded by `seed`), from the opening to the
/// end.
fn game_positions(count: usize, seed: u64) -> Vec<(u64, u64)> {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut positions = Vec::new();
    while positions.len() < count {
        let mut agent = Classic::new(
            Strategy::Random,
            GameRng::seed_from_u64(rand::Rng::random(&mut rng)),
        );
        let mut state = Reversi::initial();
        while !state.is_over() {
            positions.push((state.own(), state.opp()));
            state.play(agent.pick(&state));
        }
    }
    positions.truncate(count);
    positions
}

/// The pattern evaluation of 1000 positions met in random games, from the opening to the end.
fn evaluation(c: &mut Criterion) {
    let positions = game_positions(1000, 7);
    let mut group = c.benchmark_group("evaluation");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("1000 positions", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|&(own, opp)| evaluate(black_box(own), black_box(opp)))
                .sum::<i32>()
        })
    });
    group.finish();
}

/// Move generation and the flips of every legal move on 1000 positions met in random games,
/// and stable discs on 1000 with 12 empties, as the endgame solver asks (`elem/s` is
/// positions/s).
fn bitboard(c: &mut Criterion) {
    let mut group = c.benchmark_group("bitboard");
    group.throughput(Throughput::Elements(1000));
    let count_over = |positions: Vec<(u64, u64)>, squares: fn(u64, u64) -> u64| {
        move |b: &mut criterion::Bencher| {
            b.iter(|| {
                positions
                    .iter()
                    .map(|&(own, opp)| squares(black_box(own), black_box(opp)).count_ones())
                    .sum::<u32>()
            })
        }
    };
    group.bench_function("moves", count_over(game_positions(1000, 8), moves));
    group.bench_function("stable", count_over(random_positions(1000, 12, 9), stable));
    group.bench_function(
        "flips of every move",
        count_over(game_positions(1000, 8), flips_of_every_move),
    );
    group.finish();
}

/// The discs flipped by any of the side to move's moves, each move's flips found on its own.
fn flips_of_every_move(own: u64, opp: u64) -> u64 {
    let mut mask = moves(own, opp);
    let mut flipped = 0;
    while mask != 0 {
        flipped |= flips(own, opp, mask.trailing_zeros() as usize);
        mask &= mask - 1;
    }
    flipped
}

criterion_group!(benches, perft, classic, endgame, evaluation, bitboard);
criterion_main!(benches);
