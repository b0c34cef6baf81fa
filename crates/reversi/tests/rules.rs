//! The rules against outside numbers (perft, OpenSpiel's playthrough) and hand-built positions.

use tabula_core::testing::{check_session_history, random_playouts};
use tabula_core::{Game, Outcome, Turn};
use tabula_reversi::{Move, Reversi};

fn mv(text: &str) -> Move {
    Move::parse(text).unwrap()
}

/// `tests/data/perft.txt`: Edax 4.6 / OEIS A124004 counts from the start.
fn perft_table() -> Vec<(u32, u64)> {
    include_str!("data/perft.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut words = l.split_whitespace();
            let depth = words.next().unwrap().parse().unwrap();
            let count = words.next().unwrap().parse().unwrap();
            (depth, count)
        })
        .collect()
}

#[test]
fn perft_from_the_start_matches_the_published_counts_to_depth_9() {
    let start = Reversi::initial();
    let table = perft_table();
    assert!(table.len() >= 9);
    for &(depth, count) in table.iter().filter(|(d, _)| *d <= 9) {
        assert_eq!(start.perft(depth), count, "perft({depth})");
    }
    // The fast count equals the generic one built on legal_moves/play.
    for &(depth, count) in table.iter().filter(|(d, _)| *d <= 6) {
        assert_eq!(
            tabula_core::perft(&start, depth),
            count,
            "generic perft({depth})"
        );
    }
}

#[test]
#[ignore = "deep perft: run with cargo test --release -p tabula-reversi -- --ignored"]
fn perft_depth_10_and_11() {
    let start = Reversi::initial();
    for (depth, count) in perft_table()
        .into_iter()
        .filter(|(d, _)| (10..=11).contains(d))
    {
        assert_eq!(start.perft(depth), count, "perft({depth})");
    }
}

/// OpenSpiel renders a position as `ObservationString`; the replay compares ours to it.
fn openspiel_observation(state: &Reversi) -> String {
    let mut text = match state.turn() {
        Turn::Player(0) => "Black (x) to play:\n".to_string(),
        Turn::Player(_) => "White (o) to play:\n".to_string(),
        _ => "Terminal State:\n".to_string(),
    };
    text.push_str("  a b c d e f g h  \n");
    let (black, white) = (state.discs(0), state.discs(1));
    for row in 0..8 {
        text.push_str(&format!("{} ", row + 1));
        for col in 0..8 {
            let sq = row * 8 + col;
            text.push(if black >> sq & 1 == 1 {
                'x'
            } else if white >> sq & 1 == 1 {
                'o'
            } else {
                '-'
            });
            text.push(' ');
        }
        text.push_str(&format!("{}\n", row + 1));
    }
    text.push_str("  a b c d e f g h  ");
    text
}

fn openspiel_returns(state: &Reversi) -> String {
    match state.turn() {
        Turn::Over(Outcome::Win(0)) => "[1, -1]".into(),
        Turn::Over(Outcome::Win(_)) => "[-1, 1]".into(),
        _ => "[0, 0]".into(),
    }
}

#[test]
fn openspiel_playthrough_replays_move_by_move() {
    let file = include_str!("data/openspiel_othello.txt");
    let mut state = Reversi::initial();
    let mut checked = 0;
    let blocks: Vec<&str> = file.split("\n# State ").skip(1).collect();
    assert_eq!(blocks.len(), 61);
    for (k, block) in blocks.iter().enumerate() {
        for line in block.lines() {
            if let Some(list) = line.strip_prefix("LegalActions() = [") {
                let expected: Vec<usize> = list
                    .trim_end_matches(']')
                    .split(", ")
                    .filter(|s| !s.is_empty())
                    .map(|s| s.parse().unwrap())
                    .collect();
                let mut moves = Vec::new();
                state.legal_moves(&mut moves);
                let ours: Vec<usize> = moves.iter().map(|m| m.index()).collect();
                assert_eq!(ours, expected, "legal actions at state {k}");
                checked += 1;
            } else if let Some(obs) = line.strip_prefix("ObservationString(0) = \"") {
                let expected = obs.trim_end_matches('"').replace("\\n", "\n");
                assert_eq!(
                    openspiel_observation(&state),
                    expected,
                    "board at state {k}"
                );
                checked += 1;
            } else if let Some(ret) = line.strip_prefix("Returns() = ") {
                assert_eq!(openspiel_returns(&state), ret, "returns at state {k}");
            } else if let Some(term) = line.strip_prefix("IsTerminal() = ") {
                assert_eq!(state.is_over(), term == "True", "terminal at state {k}");
            } else if let Some(action) = line.strip_prefix("action: ") {
                let action: usize = action.parse().unwrap();
                let m = Move::from_index(action).unwrap();
                state.try_play(m).unwrap();
            }
        }
    }
    assert!(checked > 20);
    assert!(state.is_over());
    assert_eq!(state.turn(), Turn::Over(Outcome::Win(1)));
}

#[test]
fn a_side_without_moves_must_pass_and_nothing_else() {
    // Black a1 b1, white c1 and h8, white to move: white can outflank nothing; black can play
    // d1, flipping c1.
    let pos = Reversi::parse_position(&format!("XXO{}O O", "-".repeat(60))).unwrap();
    assert_eq!(pos.turn(), Turn::Player(1));
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    assert_eq!(moves, vec![Move::PASS]);
    assert!(pos.clone().try_play(mv("d1")).is_err());
    let mut after = pos;
    after.try_play(Move::PASS).unwrap();
    assert_eq!(after.turn(), Turn::Player(0));
    moves.clear();
    after.legal_moves(&mut moves);
    assert_eq!(moves, vec![mv("d1")]);
    let err = after.clone().try_play(Move::PASS).unwrap_err();
    assert!(err.reason.english().contains("may not pass"), "{err}");
    // After d1 black owns a1..d1 and white only h8: no one can move, the game is over.
    after.try_play(mv("d1")).unwrap();
    assert!(after.is_over());
    // 4 black, 1 white, 59 empties to the winner: black wins 63-1.
    assert_eq!(after.turn(), Turn::Over(Outcome::Win(0)));
    assert_eq!(after.margin(0), 62);
    assert_eq!(after.margin(1), -62);
    moves.clear();
    after.legal_moves(&mut moves);
    assert!(moves.is_empty(), "no pass once the game is over");
}

#[test]
fn full_board_ends_the_game_and_scores_by_discs() {
    let pos = Reversi::parse_position(&format!("{}{} X", "X".repeat(30), "O".repeat(34))).unwrap();
    assert_eq!(pos.turn(), Turn::Over(Outcome::Win(1)));
    assert_eq!(pos.margin(1), 4);
    let draw = Reversi::parse_position(&format!("{}{} O", "X".repeat(32), "O".repeat(32))).unwrap();
    assert_eq!(draw.turn(), Turn::Over(Outcome::Draw));
    assert_eq!(draw.margin(0), 0);
}

#[test]
fn wipe_out_ends_the_game_at_once() {
    // Black plays c1 and flips b1: white has no disc left.
    let mut pos = Reversi::parse_position(&format!("XO{} X", "-".repeat(62))).unwrap();
    pos.try_play(mv("c1")).unwrap();
    assert!(pos.is_over());
    assert_eq!(pos.margin(0), 64);
}

#[test]
fn illegal_moves_are_explained() {
    let mut pos = Reversi::initial();
    let reason = |pos: &mut Reversi, m: &str| pos.try_play(mv(m)).unwrap_err().reason.to_string();
    assert!(reason(&mut pos, "d4").contains("occupied"));
    assert!(reason(&mut pos, "a1").contains("flips nothing"));
    assert!(reason(&mut pos, "pass").contains("may not pass"));
    assert_eq!(pos, Reversi::initial());
}

#[test]
fn notation_positions_and_transcripts() {
    let start = Reversi::initial();
    assert_eq!(
        start.position_string(),
        "---------------------------OX------XO--------------------------- X"
    );
    assert_eq!(Reversi::parse_position(&start.position_string()), Ok(start));
    let dotted = "...........................OX......XO........................... X";
    assert_eq!(Reversi::parse_position(dotted), Ok(start));
    // The classic console's digits: column, then row.
    assert_eq!(start.parse_move("65"), Ok(mv("f5")));
    let moves = start.parse_moves("f5d6c3d3c4").unwrap();
    assert_eq!(moves.len(), 5);
    assert_eq!(start.parse_moves("f5 d6, c3 d3 c4").unwrap(), moves);
    assert_eq!(start.parse_moves("65 46 33 43 34").unwrap(), moves);
    let err = start.parse_moves("f5d6a1").unwrap_err();
    assert!(err.message.contains("move 3"), "{err}");
}

#[test]
fn a_transcript_reads_as_the_position_it_leads_to() {
    // The openings of an arena's `--openings` file may be written either way.
    let mut played = Reversi::initial();
    for mv in played.parse_moves("f5d6c5f4e3f6g4b4").unwrap() {
        played.play(mv);
    }
    assert_eq!(
        Reversi::parse_position("f5 d6 c5 f4 e3 f6 g4 b4"),
        Ok(played)
    );
    assert_eq!(
        played.position_string(),
        "--------------------X----O-XXXX---OXOO-----O-O------------------ X"
    );
    let err = Reversi::parse_position("f5d6a1").unwrap_err();
    assert!(err.message.contains("move 3"), "{err}");
}

#[test]
fn transcripts_insert_implied_passes() {
    // From the pass position above: white must pass before black's d1.
    let pos = Reversi::parse_position(&format!("XXO{}O O", "-".repeat(60))).unwrap();
    assert_eq!(pos.parse_moves("d1").unwrap(), vec![Move::PASS, mv("d1")]);
    assert_eq!(
        pos.parse_moves("pass d1").unwrap(),
        vec![Move::PASS, mv("d1")]
    );
}

#[test]
fn random_playouts_keep_the_invariants() {
    let plies = random_playouts(&Reversi::initial(), 300, 7, 130, |before, mv, after| {
        let occupied_before = !before.empty();
        let total_before = occupied_before.count_ones();
        let total_after = (!after.empty()).count_ones();
        match mv.to_square() {
            None => {
                assert_eq!(before.own(), after.opp());
                assert_eq!(before.opp(), after.own());
            }
            Some(sq) => {
                assert_eq!(
                    occupied_before >> sq & 1,
                    0,
                    "a move onto an occupied square"
                );
                assert_eq!(total_after, total_before + 1, "one disc added");
                // Every occupied square keeps its disc or changes from the opponent to the mover.
                let mover_before = before.own();
                let mover_after = after.opp();
                assert_eq!(mover_before & !mover_after, 0, "the mover lost a disc");
                let flipped = mover_after & !mover_before & !(1u64 << sq);
                assert_ne!(flipped, 0, "a move flips something");
                assert_eq!(flipped & !before.opp(), 0, "only opponent discs flip");
                assert_eq!(after.own(), before.opp() & !flipped);
            }
        }
        assert_ne!(before.to_move(), after.to_move());
    });
    assert!(plies > 300 * 55);
}

#[test]
fn discs_found_stable_never_flip() {
    use rand::SeedableRng;
    use tabula_core::GameRng;
    use tabula_reversi::bitboard::stable;
    use tabula_reversi::classic::{Classic, Strategy};
    let mut checked = 0;
    for seed in 0..300 {
        let mut agent = Classic::new(Strategy::Random, GameRng::seed_from_u64(seed));
        let mut game = vec![Reversi::initial()];
        while !game.last().unwrap().is_over() {
            let mut next = *game.last().unwrap();
            next.play(agent.pick(&next));
            game.push(next);
        }
        let end = game.last().unwrap();
        for pos in &game {
            for player in 0..2 {
                let own = pos.discs(player);
                let sure = stable(own, pos.discs(1 - player));
                assert_eq!(sure & !own, 0);
                assert_eq!(
                    sure & !end.discs(player),
                    0,
                    "a disc found stable flipped later: {}",
                    pos.position_string()
                );
                checked += sure.count_ones();
            }
        }
    }
    assert!(checked > 10_000, "the test saw stable discs: {checked}");
}

#[test]
fn session_history_undo_redo_and_save() {
    for seed in 0..5 {
        check_session_history(&Reversi::initial(), seed);
    }
}
