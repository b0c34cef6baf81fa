//! Every reader of outside input (shard outputs, game records, openings files, options) gives Ok
//! or Err on arbitrary text, never a panic; and a record that parses replays or is refused.

use proptest::prelude::*;
use tabula_arena::{parse_openings, read_records, First, MatchReport, Shard};
use tabula_tictactoe::TicTacToe;

proptest! {
    #[test]
    fn arbitrary_text_never_panics(text in "\\PC*") {
        let _ = read_records(&text, "f");
        let _ = MatchReport::from_json(&text, "f");
        let _ = parse_openings::<TicTacToe>(&text);
        let _ = text.parse::<First>();
        let _ = text.parse::<Shard>();
    }

    #[test]
    fn json_like_records_never_panic(
        moves in proptest::collection::vec("[a-d][0-4]|[1-9]|pass|", 0..12),
        start in "[XO.]{0,10}",
        result in "a|b|draw|score|x",
    ) {
        let line = serde_json::json!({
            "game": "tictactoe", "number": 1, "seed": 1, "a": "rules", "b": "random",
            "a_plays": "X", "first": "a", "start": start, "moves": moves,
            "result": result, "margin_a": 0,
        })
        .to_string();
        for record in read_records(&line, "f").unwrap() {
            let _ = record.replay::<TicTacToe>();
        }
    }

    #[test]
    fn report_lines_with_wrong_counts_are_refused(games in 40u64..60, wins in 0u64..100) {
        let line = serde_json::json!({
            "game": "tictactoe", "a": "rules", "b": "random", "seed": 1, "games_total": 100,
            "first": "random", "openings": 0, "shard": "1/2", "elapsed_s": 1.0,
            "tally": {"games": games, "wins_a": wins, "wins_b": 0, "draws": 0, "a_first": 0,
                      "margin_sum_a": 0, "plies": 0},
        })
        .to_string();
        prop_assert_eq!(MatchReport::from_json(&line, "f").is_ok(), wins <= games && games == 50);
    }
}
