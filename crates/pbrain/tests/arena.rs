//! Our own brain, `pbrain-tabula`, driven through the protocol by the arena's `pbrain:PATH`
//! agent against the engine in-process: both ends of the protocol together, from openings, with
//! no forfeit and every move inside its time.

use tabula_arena::{parse_openings, run_match_keeping_records, First, MatchSetup};
use tabula_gomoku::pbrain::tolerance_ms;
use tabula_gomoku::Gomoku;

#[test]
fn pbrain_tabula_plays_whole_games_in_the_arena() {
    let brain = env!("CARGO_BIN_EXE_pbrain-tabula");
    let time = 100;
    let spec = format!("pbrain:{brain},time={time}");
    let mut setup =
        MatchSetup::<Gomoku>::new(&spec, Some(&format!("engine:time={time}")), 2, 1).unwrap();
    setup.openings = parse_openings("h8 i7 j6\n").unwrap();
    setup.first = First::Alternate;
    let (report, records) = run_match_keeping_records(&setup, 2).unwrap();
    let t = &report.tally;
    assert_eq!(t.games, 2);
    assert!(t.forfeits_a.is_empty() && t.forfeits_b.is_empty(), "{t:?}");
    // The brain moved in every game (it plays each colour once) and was timed each time.
    assert!(t.times_a.moves >= 2, "{t:?}");
    assert!(
        t.times_a.max_us <= 1000 * (time + tolerance_ms(time)),
        "{t:?}"
    );
    for record in &records {
        assert!(record.forfeit.is_none());
        // Every game was played to its end through the protocol and replays.
        record
            .replay::<Gomoku>()
            .expect("the game replays to its result");
    }
}
