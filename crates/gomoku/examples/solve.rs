//! Solves one position given as a board string: `cargo run --release --example solve -- "<position>" [ms]`.
use tabula_core::Game;
use tabula_gomoku::engine::{think, Effort};
use tabula_gomoku::Gomoku;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let g = Gomoku::parse_position(&args[1]).expect("a position");
    let ms = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1000);
    let t = think(&g, Effort::Time(ms));
    println!(
        "{} {:?} nodes {} depth {}",
        g.move_string(t.best),
        t.verdict,
        t.nodes,
        t.depth
    );
}
