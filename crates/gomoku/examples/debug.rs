use tabula_core::Game;
use tabula_gomoku::engine::{Board, Budget, Searcher};
use tabula_gomoku::Gomoku;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let g = Gomoku::parse_position(&args[1]).unwrap();
    let mut s = Searcher::new(Board::new(&g));
    for mv in args[2..].iter() {
        let (x, y) = mv.split_once(',').unwrap();
        let p = y.parse::<u16>().unwrap() * 15 + x.parse::<u16>().unwrap();
        let sq = s.board.sq(&g, p);
        println!(
            "{mv}: mover threat {} opp threat {} pats {:?}",
            s.board.threat(sq, s.board.to_move()),
            s.board.threat(sq, 1 - s.board.to_move()),
            s.board.patterns(sq, s.board.to_move())
        );
        s.board.play(sq);
    }
    let scan = s.scan();
    for sp in scan.by_score().iter().take(15) {
        let p = s.board.point(sp.sq);
        println!(
            "{} ({},{}) mine {} theirs {} score {}",
            g.move_string(p),
            p % 15,
            p / 15,
            sp.mine,
            sp.theirs,
            sp.score
        );
    }
    s.set_budget(Budget {
        deadline: None,
        nodes: 1_000_000,
    });
    for d in 1..8 {
        let r = s.vct(d);
        println!(
            "vct {d}: {:?} nodes {}",
            r.map(|q| g.move_string(s.board.point(q))),
            s.nodes()
        );
    }
}
