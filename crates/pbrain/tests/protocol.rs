//! Protocol sessions scripted through the brain's stdin, and fuzzing of the line parsers.

use std::io::Write;
use std::process::{Command, Stdio};

use pbrain_tabula::{parse_board_line, parse_command, Brain};
use proptest::prelude::*;

/// Runs the binary on `script` and returns its output lines.
fn session(script: &str) -> Vec<String> {
    session_bytes(script.as_bytes())
}

/// Runs the binary on raw bytes (not necessarily UTF-8) and returns its output lines.
fn session_bytes(script: &[u8]) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-tabula"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the brain starts");
    child.stdin.take().unwrap().write_all(script).unwrap();
    let output = child.wait_with_output().expect("the brain exits");
    assert!(output.status.success());
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// The replies that are not `MESSAGE` lines.
fn answers(lines: &[String]) -> Vec<&str> {
    lines
        .iter()
        .map(String::as_str)
        .filter(|l| !l.starts_with("MESSAGE"))
        .collect()
}

fn xy(reply: &str) -> (usize, usize) {
    pbrain_tabula::parse_xy(reply).unwrap_or_else(|e| panic!("{reply:?} is no move: {e}"))
}

#[test]
fn plays_a_game_on_the_gomocup_board() {
    // 20x20, Gomocup's board: the brain begins, then answers three moves, all on empty points.
    let out = session(
        "START 20\nINFO timeout_turn 300\nINFO time_left 100000\nBEGIN\nTURN 10,11\n\
         TURN 0,0\nTURN 19,19\nEND\n",
    );
    let replies = answers(&out);
    assert_eq!(replies[0], "OK");
    let mut taken = vec![(10, 11), (0, 0), (19, 19)];
    for reply in &replies[1..] {
        let (x, y) = xy(reply);
        assert!(x < 20 && y < 20);
        assert!(!taken.contains(&(x, y)), "{x},{y} played twice");
        taken.push((x, y));
    }
    assert_eq!(replies.len(), 5);
    assert_eq!(xy(replies[1]), (10, 10), "the first move is the centre");
}

#[test]
fn completes_a_five_and_blocks_one_on_15x15() {
    // We (1) have four in a row on row 3 with one end open: the brain completes it.
    let out = session(
        "START 15\nINFO timeout_turn 200\nBOARD\n3,3,1\n4,3,1\n5,3,1\n6,3,1\n2,3,2\n0,0,2\n\
         14,14,2\n9,9,2\nDONE\nEND\n",
    );
    assert_eq!(answers(&out), ["OK", "7,3"]);
    // They have four on a column: the brain blocks at the only point.
    let out = session(
        "START 15\nINFO timeout_turn 200\nBOARD\n8,2,2\n8,3,2\n8,4,2\n8,5,2\n8,6,1\n0,14,1\n\
         14,0,1\nDONE\nEND\n",
    );
    assert_eq!(answers(&out), ["OK", "8,1"]);
}

#[test]
fn refuses_a_board_that_is_already_won() {
    let out = session(
        "START 15\nBOARD\n0,0,2\n1,1,2\n2,2,2\n3,3,2\n4,4,2\n9,0,1\n9,1,1\n9,2,1\n10,5,1\nDONE\n\
         ABOUT\nEND\n",
    );
    let replies = answers(&out);
    assert_eq!(replies[0], "OK");
    assert!(
        replies[1].starts_with("ERROR the game is over"),
        "{replies:?}"
    );
    assert!(replies[2].starts_with("name=\"tabula\""));
}

#[test]
fn answers_malformed_and_unsupported_input_with_errors() {
    let out = session(
        "TURN 1,1\nSTART 4\nSTART 23\nSTART x\nRECTSTART 20,15\nSTART 15\nINFO rule 12\n\
         INFO rule 8\nINFO rule one\nTURN a,b\nTURN 15,0\nTURN 7\nTAKEBACK 3,3\nFROB 1\n\
         BOARD\n1,1\n1,1,7\n7,7,2\nDONE\nTURN 7,7\nEND\nTURN 1,1\n",
    );
    let replies = answers(&out);
    let expected_prefixes = [
        "ERROR", // TURN before START
        "ERROR", // START 4
        "ERROR", // START 23
        "ERROR", // START x
        "ERROR", // RECTSTART
        "OK",    // START 15
        "ERROR", // renju with caro
        "ERROR", // caro
        "ERROR", // rule one
        "ERROR", // TURN a,b
        "ERROR", // TURN 15,0
        "ERROR", // TURN 7
        "ERROR", // TAKEBACK of nothing
        "UNKNOWN", "ERROR", // board line without field
        "ERROR", // field 7
        "",      // the answer to BOARD (a move)
        "ERROR", // TURN on the occupied 7,7
    ];
    assert_eq!(replies.len(), expected_prefixes.len(), "{replies:?}");
    for (reply, prefix) in replies.iter().zip(expected_prefixes) {
        assert!(
            reply.starts_with(prefix),
            "{reply:?} should start {prefix:?}"
        );
    }
    let (x, y) = xy(replies[16]);
    assert_ne!((x, y), (7, 7));
}

#[test]
fn a_line_that_is_not_utf8_gets_an_error_and_the_brain_goes_on() {
    let out = session_bytes(b"START 15\nABOUT\n\xff\xfe\nABOUT\nEND\n");
    let replies = answers(&out);
    assert_eq!(replies.len(), 4, "{replies:?}");
    assert_eq!(replies[0], "OK");
    assert!(replies[1].starts_with("name=\"tabula\""));
    assert!(replies[2].starts_with("ERROR") && replies[2].contains("UTF-8"));
    assert_eq!(replies[1], replies[3]);
}

#[test]
fn a_huge_line_is_refused_briefly_and_skipped() {
    let mut script = b"START 15\nTURN ".to_vec();
    script.extend(std::iter::repeat_n(b'7', 1 << 20));
    script.extend(b"\nABOUT\nINFO rule ");
    script.extend(std::iter::repeat_n(b'x', 50_000));
    script.extend(b"\nEND\n");
    let out = session_bytes(&script);
    let replies = answers(&out);
    assert_eq!(replies.len(), 4, "{replies:?}");
    assert_eq!(replies[0], "OK");
    assert!(replies[1].starts_with("ERROR") && replies[1].contains("longer than 65536"));
    assert!(replies[2].starts_with("name=\"tabula\""));
    // A long line within the limit is answered with a short quote of it.
    assert!(replies[3].starts_with("ERROR rule \"xxx"), "{}", replies[3]);
    assert!(replies[3].len() < 200, "{} bytes", replies[3].len());
    // A huge line without a newline before the end of input.
    let mut script = b"START 15\n".to_vec();
    script.extend(std::iter::repeat_n(b'A', 1 << 20));
    let replies = session_bytes(&script);
    assert_eq!(replies.len(), 2);
    assert!(replies[1].starts_with("ERROR"));
}

#[test]
fn board_refuses_points_off_the_board_repeated_points_and_other_fields() {
    let out = session(
        "START 15\nINFO timeout_turn 100\nBOARD\n20,3,1\n3,15,2\n1,1,3\n1,1,0\n2,2,1\n\
         2,2,2\n3,3,2\nDONE\nTAKEBACK 20,3\nTAKEBACK 1,1\nEND\n",
    );
    let replies = answers(&out);
    assert_eq!(replies.len(), 9, "{replies:?}");
    assert_eq!(replies[0], "OK");
    assert_eq!(replies[1], "ERROR 20,3 is off the 15x15 board");
    assert_eq!(replies[2], "ERROR 3,15 is off the 15x15 board");
    assert!(replies[3].starts_with("ERROR field 3"), "{}", replies[3]);
    assert!(
        replies[4].starts_with("ERROR the field is 1"),
        "{}",
        replies[4]
    );
    assert_eq!(replies[5], "ERROR 2,2 is given twice");
    let (x, y) = xy(replies[6]);
    assert!(x < 15 && y < 15 && (x, y) != (2, 2) && (x, y) != (3, 3));
    assert_eq!(replies[7], "ERROR 20,3 is off the 15x15 board");
    assert_eq!(replies[8], "ERROR no stone at 1,1 to take back");
}

#[test]
fn errors_speak_protocol_words_and_name_points_as_x_y() {
    let out = session(
        "START 15\nBOARD\n0,0,2\n1,1,2\n2,2,2\n3,3,2\n4,4,2\n9,0,1\n9,1,1\n9,2,1\n10,5,1\n\
         DONE\nTURN 13,1\nRESTART\nBOARD\n0,0,1\n1,0,1\n2,0,1\n3,0,1\n4,0,1\n9,9,2\n9,10,2\n\
         9,11,2\n9,12,2\n14,14,2\nDONE\nRESTART\nINFO timeout_turn 50\nTURN 7,7\nTURN 7,7\nEND\n",
    );
    let replies = answers(&out);
    assert_eq!(
        replies[..5],
        [
            "OK",
            "ERROR the game is over: the opponent has five in a row",
            "ERROR 13,1: the game is over",
            "OK",
            "ERROR the game is over: we have five in a row",
        ],
        "{replies:?}"
    );
    assert_eq!(replies[5], "OK");
    assert_eq!(replies[7], "ERROR 7,7: the point is occupied");
}

#[test]
fn takeback_and_restart_and_standard_rule() {
    let out = session(
        "START 15\nINFO rule 1\nINFO timeout_turn 100\nTURN 7,7\nTAKEBACK 7,7\nRESTART\n\
         BEGIN\nEND\n",
    );
    let replies = answers(&out);
    assert_eq!(replies[0], "OK");
    let (x, y) = xy(replies[1]);
    assert_eq!(
        replies[2],
        format!("OK"),
        "takeback of the opponent's stone"
    );
    assert_ne!((x, y), (7, 7));
    assert_eq!(replies[3], "OK");
    assert_eq!(xy(replies[4]), (7, 7));
    // Under the standard rule the brain does not "complete" an overline: x x x x . x with
    // ours at 1..=4 and 6: filling 5 makes six, so it plays 0 (our only exact five).
    let out = session(
        "START 15\nINFO rule 1\nINFO timeout_turn 200\nBOARD\n1,5,1\n2,5,1\n3,5,1\n4,5,1\n\
         6,5,1\n0,14,2\n14,14,2\n14,0,2\n9,9,2\n12,12,2\nDONE\nEND\n",
    );
    assert_eq!(answers(&out), ["OK", "0,5"]);
}

#[test]
fn budget_keeps_a_margin() {
    let mut brain = Brain::new();
    assert_eq!(brain.budget_ms(), 4500);
    brain.handle("INFO timeout_turn 1000");
    assert_eq!(brain.budget_ms(), 900);
    brain.handle("INFO timeout_turn 300");
    assert_eq!(brain.budget_ms(), 270);
    brain.handle("INFO timeout_turn 1000");
    brain.handle("INFO time_left 3000");
    assert_eq!(brain.budget_ms(), 170);
    brain.handle("INFO timeout_turn 0");
    assert_eq!(brain.budget_ms(), 5);
    // Huge numbers neither overflow nor think for ever: an hour at most.
    let mut brain = Brain::new();
    brain.handle("INFO timeout_turn 18446744073709551615");
    assert_eq!(brain.budget_ms(), 3_600_000 * 9 / 10);
}

proptest! {
    #[test]
    fn parsers_never_panic(line in "\\PC{0,30}") {
        let _ = parse_command(&line);
        let _ = parse_board_line(&line);
    }

    #[test]
    fn the_brain_answers_any_line(
        lines in proptest::collection::vec(
            "(TURN|TAKEBACK|START|BOARD|DONE|INFO rule|INFO time_left|BEGIN|RESTART|[0-9]{1,2},[0-9]{1,2},[0-3]|x) ?[0-9, ]{0,7}",
            1..8,
        )
    ) {
        let mut brain = Brain::new();
        brain.handle("INFO timeout_turn 1");
        for line in &lines {
            let reply = brain.handle(line);
            for out in &reply.lines {
                prop_assert!(!out.contains('\n'));
            }
        }
    }
}

/// A brain process driven line by line.
struct Driven {
    child: std::process::Child,
    input: std::process::ChildStdin,
    output: std::io::BufReader<std::process::ChildStdout>,
}

impl Driven {
    fn start() -> Driven {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-tabula"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the brain starts");
        let input = child.stdin.take().unwrap();
        let output = std::io::BufReader::new(child.stdout.take().unwrap());
        Driven {
            child,
            input,
            output,
        }
    }

    /// A brain half a second into thinking about its answer to `TURN 7,7` with thirty seconds
    /// a move (27 s of thinking), on a position with no quick proof: only a stop brings the
    /// move within 20 s (a check of the stop, not of speed).
    fn thinking_long() -> Driven {
        let mut brain = Driven::start();
        assert_eq!(brain.ask("START 15"), "OK");
        writeln!(brain.input, "INFO timeout_turn 30000").unwrap();
        writeln!(brain.input, "TURN 7,7").unwrap();
        brain.input.flush().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(500));
        brain
    }

    /// Sends a line and returns the first reply line that is not a `MESSAGE`.
    fn ask(&mut self, line: &str) -> String {
        use std::io::BufRead;
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
        loop {
            let mut reply = String::new();
            assert!(
                self.output.read_line(&mut reply).unwrap() > 0,
                "the brain hung up"
            );
            if !reply.starts_with("MESSAGE") {
                return reply.trim().to_string();
            }
        }
    }
}

#[test]
fn two_brains_play_a_whole_game_on_20x20_with_legal_moves() {
    use tabula_core::{Game, Turn};
    let mut brains = [Driven::start(), Driven::start()];
    for brain in &mut brains {
        assert_eq!(brain.ask("START 20"), "OK");
        writeln!(brain.input, "INFO timeout_turn 60").unwrap();
    }
    let mut game = tabula_gomoku::Gomoku::new(20, tabula_gomoku::Rule::Freestyle).unwrap();
    let mut reply = brains[0].ask("BEGIN");
    let mut mover = 0;
    while !game.is_over() {
        let (x, y) = xy(&reply);
        let p = (y * 20 + x) as u16;
        game.try_play(p)
            .unwrap_or_else(|e| panic!("brain {mover} played {x},{y}: {e}"));
        if game.is_over() {
            break;
        }
        mover = 1 - mover;
        reply = brains[mover].ask(&format!("TURN {x},{y}"));
    }
    assert!(matches!(game.turn(), Turn::Over(_)));
    assert!(game.stones() >= 9, "a game needs at least nine stones");
    for mut brain in brains {
        writeln!(brain.input, "END").unwrap();
        drop(brain.input);
        assert!(brain.child.wait().unwrap().success());
    }
}

/// Black's forbidden points of a protocol position as `FORBID` lists them, from the library.
fn forbid_line(game: &tabula_gomoku::Gomoku) -> String {
    let mut line = String::from("FORBID ");
    for (p, _) in game.forbidden_points() {
        let (x, y) = (p as usize % game.size(), p as usize / game.size());
        line.push_str(&format!("{x:02}{y:02}"));
    }
    line + "."
}

#[test]
fn renju_games_between_two_brains_never_see_a_forbidden_black_move() {
    use tabula_core::{Game, Turn};
    // The games start where black already has forbidden points (the crowded position of
    // `yxshowforbid_lists_exactly_the_forbidden_points`), so black's first move is checked
    // against them whatever the games do next. Each move, the brain to move gets the whole
    // position as `BOARD`, stones in the order played.
    let opening = "h8 h9 i7 i10 j8 g9 g6 f10 j6 e9 k7 d12 g8 j9";
    let start: tabula_gomoku::Gomoku = Game::parse_position(&format!("renju {opening}")).unwrap();
    assert!(!start.forbidden_points().is_empty());
    let mut black_turns_with_forbidden = 0;
    // Two games at different speeds (the searches stop on the clock, so the games differ).
    for timeout in [60, 150] {
        let mut brains = [Driven::start(), Driven::start()];
        for brain in &mut brains {
            assert_eq!(brain.ask("START 15"), "OK");
            writeln!(brain.input, "INFO rule 4\nINFO timeout_turn {timeout}").unwrap();
        }
        let mut game = start;
        let mut played: Vec<(u16, usize)> = opening
            .split(' ')
            .enumerate()
            .map(|(i, name)| (game.parse_move(name).unwrap(), i % 2))
            .collect();
        loop {
            let mover = game.to_move();
            let mut board = String::from("BOARD\n");
            for &(p, colour) in &played {
                let field = if colour == mover { 1 } else { 2 };
                board += &format!("{},{},{field}\n", p % 15, p / 15);
            }
            let reply = brains[mover].ask(&(board + "DONE"));
            let (x, y) = xy(&reply);
            let p = (y * 15 + x) as u16;
            if mover == 0 {
                if !game.forbidden_points().is_empty() {
                    black_turns_with_forbidden += 1;
                }
                assert_eq!(game.forbidden(p), None, "black played {x},{y}");
            }
            game.try_play(p)
                .unwrap_or_else(|e| panic!("brain {mover} played {x},{y}: {e}"));
            played.push((p, mover));
            if game.is_over() {
                break;
            }
            if game.to_move() == 0 {
                // The brain that just played white has black to move on its board: it lists
                // the same forbidden points as the rules.
                assert_eq!(brains[mover].ask("YXSHOWFORBID"), forbid_line(&game));
            }
        }
        assert!(matches!(game.turn(), Turn::Over(_)));
        for mut brain in brains {
            writeln!(brain.input, "END").unwrap();
            drop(brain.input);
            assert!(brain.child.wait().unwrap().success());
        }
    }
    assert!(
        black_turns_with_forbidden >= 2,
        "{black_turns_with_forbidden}"
    );
}

#[test]
fn yxshowforbid_lists_exactly_the_forbidden_points() {
    // Black (us, to move: five stones each) a8 e8 f8 d10 d11; d8 makes a true double three
    // (row 8 through g8, column d): the one forbidden point, at x=3, y=7. White is far away.
    let board = "YXBOARD\n0,7,1\n4,7,1\n5,7,1\n3,5,1\n3,4,1\n\
                 14,14,2\n14,12,2\n14,10,2\n12,14,2\n12,12,2\nDONE\n";
    let out = session(&format!(
        "START 15\nINFO rule 4\n{board}YXSHOWFORBID\nEND\n"
    ));
    assert_eq!(out, ["OK", "FORBID 0307."]);
    // Not under freestyle; not with white to move (Rapfi lists black's points only then).
    let out = session(&format!("START 15\n{board}YXSHOWFORBID\nEND\n"));
    assert_eq!(out, ["OK", "FORBID ."]);
    // White (us) to move: the same stones less one white, our stones now the white ones.
    let white_to_move = board
        .replace("12,12,2\n", "")
        .replace(",1\n", ",x\n")
        .replace(",2\n", ",1\n")
        .replace(",x\n", ",2\n");
    let out = session(&format!(
        "START 15\nINFO rule 4\n{white_to_move}YXSHOWFORBID\nEND\n"
    ));
    assert_eq!(out, ["OK", "FORBID ."]);
    // A crowded position: the brain's list is the rules' list.
    let moves = "h8 h9 i7 i10 j8 g9 g6 f10 j6 e9 k7 d12 g8 j9";
    let game: tabula_gomoku::Gomoku =
        tabula_core::Game::parse_position(&format!("renju {moves}")).unwrap();
    let mut script = String::from("START 15\nINFO rule 4\nYXBOARD\n");
    for (p, colour) in game.occupied() {
        // Black is to move: black's stones are ours.
        let field = if colour == 0 { 1 } else { 2 };
        script += &format!("{},{},{field}\n", p % 15, p / 15);
    }
    script += "DONE\nYXSHOWFORBID\nEND\n";
    let expected = forbid_line(&game);
    assert_ne!(expected, "FORBID .");
    assert_eq!(session(&script), ["OK".to_string(), expected]);
}

#[test]
fn yxboard_sets_a_position_without_a_move() {
    // Ours: four on row 3 with an open end; after YXBOARD nothing is answered, and after the
    // opponent's TURN the brain completes the five.
    let out = session(
        "START 15\nINFO timeout_turn 200\nYXBOARD\n3,3,1\n4,3,1\n5,3,1\n6,3,1\n2,3,2\n\
         0,0,2\n14,14,2\n14,0,2\nDONE\nTURN 9,9\nEND\n",
    );
    assert_eq!(answers(&out), ["OK", "7,3"]);
}

#[test]
fn yxnbest_lists_the_best_moves_then_plays_the_first() {
    let out = session("START 15\nINFO timeout_turn 300\nTURN 7,7\nYXNBEST 3\nEND\n");
    let nbest: Vec<&String> = out
        .iter()
        .filter(|l| l.starts_with("MESSAGE NBEST"))
        .collect();
    assert_eq!(nbest.len(), 3, "{out:?}");
    for (k, line) in nbest.iter().enumerate() {
        assert!(
            line.starts_with(&format!("MESSAGE NBEST {} ", k + 1)),
            "{line}"
        );
    }
    let replies = answers(&out);
    // OK, the move after TURN, the n-best move (for the opponent's side: the brain plays on).
    assert_eq!(replies.len(), 3, "{replies:?}");
    let first = nbest[0].split_whitespace().nth(3).unwrap();
    assert_eq!(first, replies[2]);
    assert_ne!(replies[1], replies[2]);
}

#[test]
fn search_lines_are_streamed_and_show_detail_adds_realtime_lines() {
    let script = "START 15\nINFO timeout_turn 300\nTURN 7,7\nEND\n";
    let plain = session(script);
    assert!(plain
        .iter()
        .any(|l| l.starts_with("MESSAGE depth ") && l.contains(" pv ")));
    assert!(!plain.iter().any(|l| l.contains("REALTIME")));
    let detailed = session(&script.replace("TURN", "INFO show_detail 1\nTURN"));
    let best: Vec<&String> = detailed
        .iter()
        .filter(|l| l.starts_with("MESSAGE REALTIME BEST "))
        .collect();
    assert!(!best.is_empty(), "{detailed:?}");
    for line in best {
        xy(line.trim_start_matches("MESSAGE REALTIME BEST "));
    }
}

#[test]
fn yxstop_stops_a_long_search_at_once() {
    let mut brain = Driven::thinking_long();
    let start = std::time::Instant::now();
    let reply = brain.ask("YXSTOP");
    assert_ne!(xy(&reply), (7, 7));
    assert!(start.elapsed().as_secs() < 20, "{:?}", start.elapsed());
    // The brain goes on: a malformed line gets an error, then END ends it.
    assert!(brain.ask("YXNBEST zero").starts_with("ERROR"));
    writeln!(brain.input, "END").unwrap();
    drop(brain.input);
    assert!(brain.child.wait().unwrap().success());
}

#[test]
fn end_or_a_closed_input_while_thinking_stops_the_search_and_exits() {
    for closed in [false, true] {
        let mut brain = Driven::thinking_long();
        let start = std::time::Instant::now();
        if !closed {
            writeln!(brain.input, "END").unwrap();
        }
        drop(brain.input);
        assert!(brain.child.wait().unwrap().success());
        assert!(start.elapsed().as_secs() < 20, "{:?}", start.elapsed());
        // The move found so far was still answered (a manager may be waiting for it).
        let mut rest = String::new();
        std::io::Read::read_to_string(&mut brain.output, &mut rest).unwrap();
        let moves: Vec<&str> = rest.lines().filter(|l| !l.starts_with("MESSAGE")).collect();
        assert_eq!(moves.len(), 1, "{rest}");
        assert_ne!(xy(moves[0]), (7, 7));
    }
}

#[test]
fn malformed_yixin_lines_get_errors_and_the_brain_goes_on() {
    let out = session(
        "YXSHOWFORBID\nYXBOARD\nSTART 15\nINFO show_detail 7\nINFO show_detail x\n\
         YXNBEST 0\nYXNBEST\nYXNBEST -2\nINFO rule x4\nYXBOARD\n1,1,9\n20,1,1\nDONE\n\
         YXSTOP\nYXSHOWFORBID\nEND\n",
    );
    let replies = answers(&out);
    let expected = [
        "ERROR", // YXSHOWFORBID before START
        "ERROR", // YXBOARD before START
        "OK", "ERROR", // show_detail 7
        "ERROR", // show_detail x
        "ERROR", // YXNBEST 0
        "ERROR", // YXNBEST without a count
        "ERROR", // YXNBEST -2
        "ERROR", // rule x4
        "ERROR", // field 9
        "ERROR", // off the board
        // DONE: nothing (YXBOARD); YXSTOP while idle: nothing
        "FORBID .",
    ];
    assert_eq!(replies.len(), expected.len(), "{replies:?}");
    for (reply, prefix) in replies.iter().zip(expected) {
        assert!(
            reply.starts_with(prefix),
            "{reply:?} should start {prefix:?}"
        );
    }
}
