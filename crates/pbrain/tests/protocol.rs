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
        "TURN 1,1\nSTART 4\nSTART 23\nSTART x\nRECTSTART 20,15\nSTART 15\nINFO rule 4\n\
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
        "ERROR", // renju
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
    assert_eq!(brain.budget_ms(), 4470);
    brain.handle("INFO timeout_turn 1000");
    assert_eq!(brain.budget_ms(), 870);
    brain.handle("INFO time_left 3000");
    assert_eq!(brain.budget_ms(), 150);
    brain.handle("INFO timeout_turn 0");
    assert_eq!(brain.budget_ms(), 5);
    // Huge numbers neither overflow nor think for ever: an hour at most.
    let mut brain = Brain::new();
    brain.handle("INFO timeout_turn 18446744073709551615");
    assert_eq!(brain.budget_ms(), 3_600_000 * 9 / 10 - 30);
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
