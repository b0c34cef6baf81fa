//! Arena throughput in games per second: reversi with the classic strategies (the issue's
//! goals: corner-best vs random >= 62,000 games/s on one thread, random vs random >= 500,000
//! games/s on two) and tic-tac-toe for comparison.
//!
//! `nice cargo bench -p tabula-arena --bench arena`; criterion prints "thrpt" in games/s
//! (elements/s).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tabula_arena::{run_match, Hooks, MatchSetup};
use tabula_core::AgentCatalog;
use tabula_reversi::Reversi;
use tabula_tictactoe::TicTacToe;

const GAMES: u64 = 20_000;

fn bench_match<G: AgentCatalog>(c: &mut Criterion, a: &str, b: &str, threads: usize) {
    let setup = MatchSetup::<G>::new(a, Some(b), GAMES, 1).expect("agents exist");
    let mut group = c.benchmark_group(G::NAME);
    group.throughput(Throughput::Elements(GAMES));
    group.sample_size(10);
    group.bench_function(format!("{a} vs {b}, {threads} thread(s)"), |bench| {
        bench.iter(|| run_match(&setup, threads, &mut Hooks::silent()).expect("the match runs"))
    });
    group.finish();
}

fn arena(c: &mut Criterion) {
    bench_match::<Reversi>(c, "corner-best", "random", 1);
    bench_match::<Reversi>(c, "random", "random", 1);
    bench_match::<Reversi>(c, "random", "random", 2);
    bench_match::<TicTacToe>(c, "rules", "random", 1);
}

criterion_group!(benches, arena);
criterion_main!(benches);
