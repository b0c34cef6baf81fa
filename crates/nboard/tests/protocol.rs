//! NBoard sessions scripted through the binary's stdin, one driven live (a `ping` that stops a
//! long search), and a whole game played by two engine processes through the protocol.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::{Duration, Instant};

use tabula_core::{Game, Outcome, Turn};
use tabula_reversi::engine::Engine;
use tabula_reversi::ggf::{self, GgfGame};
use tabula_reversi::Move;

/// NBoard's example game (Protocol.htm): eight moves from the standard start.
const EXAMPLE: &str = "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]\
RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]\
B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";

/// Twelve GGS games of 2003 (the file names its source).
const GGS_2003: &str = include_str!("../../reversi/tests/data/ggs-2003.ggf");

/// Runs the binary on `script` (stdin closed after it, which ends the session without
/// stopping a search) and returns its stdout and stderr lines.
fn session(script: &[u8]) -> (Vec<String>, Vec<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nboard-tabula"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the engine starts");
    child.stdin.take().unwrap().write_all(script).unwrap();
    let output = child.wait_with_output().expect("the engine exits");
    assert!(output.status.success(), "exit status {}", output.status);
    let lines = |bytes: Vec<u8>| {
        String::from_utf8(bytes)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    (lines(output.stdout), lines(output.stderr))
}

/// The lines of `out` that are not progress (`nodestats`) reports.
fn answers(out: &[String]) -> Vec<&str> {
    out.iter()
        .map(String::as_str)
        .filter(|l| !l.starts_with("nodestats"))
        .collect()
}

/// The move of a `=== move/eval/time` answer.
fn answered_move(line: &str) -> Move {
    let body = line
        .strip_prefix("=== ")
        .unwrap_or_else(|| panic!("{line:?} is no move"));
    let parts: Vec<&str> = body.split('/').collect();
    assert_eq!(parts.len(), 3, "{line:?} is move/eval/time");
    if !parts[1].is_empty() {
        parts[1].parse::<f64>().expect("the eval is a number");
    }
    parts[2].parse::<f64>().expect("the time is a number");
    ggf::parse_move(parts[0]).unwrap().mv
}

/// A `search` line's move, eval and depth.
fn search(line: &str) -> (String, f64, String) {
    let fields: Vec<&str> = line.split(' ').collect();
    assert_eq!(fields.len(), 5, "{line:?}");
    assert_eq!((fields[0], fields[3]), ("search", "0"), "{line:?}");
    (
        fields[1].to_string(),
        fields[2].parse().unwrap(),
        fields[4].to_string(),
    )
}

fn ggs_games() -> Vec<String> {
    GGS_2003
        .lines()
        .filter_map(|l| l.find("(;").map(|i| l[i..].to_string()))
        .collect()
}

#[test]
fn answers_the_handshake_settings_ping_and_learn() {
    let (out, err) =
        session(b"nboard 2\nset depth 4\nset contempt 50\nping 1\nlearn\n\nquit\nping 2\n");
    assert_eq!(
        answers(&out),
        [
            "set myname Tabula",
            "set myname Tabula",
            "pong 1",
            "learned"
        ]
    );
    // Nothing after quit is answered; nothing was wrong.
    assert!(err.is_empty(), "{err:?}");
}

#[test]
fn go_answers_a_legal_move_without_playing_it() {
    let script = format!("nboard 2\nset depth 6\nset game {EXAMPLE}\ngo\ngo\nping 3\n");
    let (out, err) = session(script.as_bytes());
    assert!(err.is_empty(), "{err:?}");
    let replies = answers(&out);
    let position = ggf::parse(EXAMPLE).unwrap().position();
    let moves: Vec<&&str> = replies.iter().filter(|l| l.starts_with("===")).collect();
    assert_eq!(moves.len(), 2);
    for line in &moves {
        assert!(position.is_legal(answered_move(line)), "{line}");
    }
    // The board did not change between the two: the same search gives the same move.
    assert_eq!(answered_move(moves[0]), answered_move(moves[1]));
    assert_eq!(
        replies.iter().filter(|l| l.starts_with("status")).count(),
        2
    );
    assert!(out.iter().any(|l| l.starts_with("nodestats ")));
    assert_eq!(replies.last(), Some(&"pong 3"));
}

#[test]
fn hint_gives_exact_values_near_the_end_and_follows_moves() {
    // The first GGS game after 50 moves: 10 empties, solved exactly.
    let full = ggf::parse(&ggs_games()[0]).unwrap();
    let mut game = full.clone();
    game.moves.truncate(50);
    let position = game.position();
    let script = format!("set depth 8\nset game {}\nhint 3\n", game.to_ggf());
    let (out, err) = session(script.as_bytes());
    assert!(err.is_empty(), "{err:?}");
    let replies = answers(&out);
    assert_eq!(
        replies[..2],
        ["set myname Tabula", "status Tabula is analyzing"]
    );
    assert_eq!(replies.last(), Some(&"status"));
    // The last three search lines are the three best moves, best first, each exact.
    let finals: Vec<_> = replies[replies.len() - 4..replies.len() - 1]
        .iter()
        .map(|l| search(l))
        .collect();
    let mut engine = Engine::new(None, None);
    let mut solved = engine.solve_all(&position);
    solved.sort_by(|a, b| b.value.total_cmp(&a.value));
    for (line, best) in finals.iter().zip(&solved) {
        assert_eq!(line.2, "100%");
        assert_eq!(line.1, best.value, "{line:?}");
    }
    assert!(finals.windows(2).all(|w| w[0].1 >= w[1].1));
    // After the move the record played, hints are about the other side's moves.
    let played = full.moves[50].mv;
    let script = format!(
        "set game {}\nmove {}\nhint 1\n",
        game.to_ggf(),
        played.to_string().to_uppercase()
    );
    let (out, _) = session(script.as_bytes());
    let mut after = position;
    after.play(played);
    let last_search = out.iter().rev().find(|l| l.starts_with("search")).unwrap();
    let mv = ggf::parse_move(&search(last_search).0).unwrap().mv;
    assert!(after.is_legal(mv), "{last_search}");
}

#[test]
fn a_ggf_game_with_a_pass_is_followed_to_its_end() {
    // The third GGS game ends B[pass]W[a1]B[b1]: cut before the pass, black must pass.
    let game = &ggs_games()[2];
    let tail = "B[pass]W[a1//0.01]B[b1//0.01];)";
    assert!(game.ends_with(tail));
    let before = format!("{};)", &game[..game.len() - tail.len()]);
    let script = format!(
        "set depth 4\nset game {before}\ngo\nmove PA\ngo\nmove a1/1.5/0.2\nmove B1\ngo\nhint 2\n\
         set game {game}\ngo\n"
    );
    let (out, err) = session(script.as_bytes());
    let moves: Vec<&str> = out
        .iter()
        .map(String::as_str)
        .filter(|l| l.starts_with("==="))
        .collect();
    assert_eq!(moves.len(), 2, "{out:?}");
    assert_eq!(answered_move(moves[0]), Move::PASS);
    // White's move after the pass: a1 is its only one.
    assert_eq!(answered_move(moves[1]), Move::parse("a1").unwrap());
    // The game is over after b1, by moves or by the whole record: go and hint refuse.
    assert_eq!(
        err,
        [
            "error: go: the game is over",
            "error: hint: the game is over",
            "error: go: the game is over",
        ]
    );
    assert_eq!(
        out.iter()
            .filter(|l| *l == "status error: go: the game is over")
            .count(),
        2
    );
    // A hint where black must pass offers the pass, exactly valued.
    let (out, err) = session(format!("set game {before}\nhint 2\n").as_bytes());
    assert!(err.is_empty(), "{err:?}");
    let hints: Vec<_> = out
        .iter()
        .filter(|l| l.starts_with("search"))
        .map(|l| search(l))
        .collect();
    assert_eq!(hints.last().unwrap().0, "PA", "{out:?}");
    assert_eq!(hints.last().unwrap().2, "100%");
}

#[test]
fn malformed_lines_are_reported_and_change_nothing() {
    let mut script = format!("nboard 2\nset depth 3\nset game {EXAMPLE}\n").into_bytes();
    for line in [
        &b"set depth x"[..],
        b"set depth 0",
        b"set game garbage",
        b"set game (;GM[Othello]B[a1];)",
        b"set game (;GM[Othello]W[f5];)",
        b"set game (;GM[Othello]BO[8 ---];)",
        b"set contempt much",
        b"move i9",
        b"move e3",
        b"move PA",
        b"move f5/not-a-number/1",
        b"hint 0",
        b"ping x",
        b"nboard two",
        b"\xff\xfe move f5",
        b"fly to the moon",
        b"set colour red",
        b"   ",
    ] {
        script.extend_from_slice(line);
        script.push(b'\n');
    }
    script.extend(vec![b'x'; 70_000]);
    script.extend_from_slice(b"\nhint 1\nping 9\n");
    let (out, err) = session(&script);
    let errors: Vec<&String> = err.iter().filter(|l| l.starts_with("error: ")).collect();
    let notes: Vec<&String> = err.iter().filter(|l| l.starts_with("note: ")).collect();
    // Every bad line but the unknown command and setting is an error, said twice.
    assert_eq!(errors.len(), 16, "{err:#?}");
    assert_eq!(
        notes,
        [
            "note: unknown command \"fly\"; ignored",
            "note: no setting \"colour\"; ignored",
        ]
    );
    let status_errors = out
        .iter()
        .filter(|l| l.starts_with("status error: "))
        .count();
    assert_eq!(status_errors, errors.len());
    for (text, needle) in [
        (&errors[0], "set depth takes a depth"),
        (&errors[2], "set game: a GGF game begins with (;"),
        (&errors[3], "set game: move 1: illegal move a1"),
        (&errors[4], "white moves, but it is black's turn"),
        (&errors[7], "is not a square"),
        (&errors[8], "move E3: that move flips nothing"),
        (&errors[9], "move PA: you have a move, so you may not pass"),
        (&errors[14], "not UTF-8"),
        (&errors[15], "longer than 65536 bytes"),
    ] {
        assert!(text.contains(needle), "{text} lacks {needle}");
    }
    // The example game is still the position: the hint is about its moves, and ping answers.
    let position = ggf::parse(EXAMPLE).unwrap().position();
    let hint = out.iter().rev().find(|l| l.starts_with("search")).unwrap();
    assert!(position.is_legal(ggf::parse_move(&search(hint).0).unwrap().mv));
    assert_eq!(out.last().map(String::as_str), Some("pong 9"));
}

/// An engine process driven line by line.
struct Live {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Live {
    fn start() -> Live {
        let mut child = Command::new(env!("CARGO_BIN_EXE_nboard-tabula"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the engine starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let (send, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in stdout.lines() {
                if send.send(line.unwrap()).is_err() {
                    break;
                }
            }
        });
        Live {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// The first line starting with `prefix`, the lines before it skipped; panics after
    /// `within`.
    fn expect(&self, prefix: &str, within: Duration) -> String {
        let deadline = Instant::now() + within;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.starts_with(prefix) => return line,
                Ok(_) => {}
                Err(e) => panic!("no {prefix:?} line within {within:?}: {e}"),
            }
        }
    }

    fn quit(mut self) {
        self.send("quit");
        let status = self.child.wait().unwrap();
        assert!(status.success());
    }
}

#[test]
fn ping_stops_a_long_search() {
    let mut engine = Live::start();
    // Depth 60 from the start would search for ages; ping must end it at once.
    engine.send("nboard 2");
    engine.send("set depth 60");
    engine.send(&format!("set game {EXAMPLE}"));
    engine.send("go");
    engine.expect("status Tabula is thinking", Duration::from_secs(10));
    engine.expect("nodestats", Duration::from_secs(10));
    let asked = Instant::now();
    engine.send("ping 42");
    let answer = engine.expect("===", Duration::from_secs(10));
    assert!(ggf::parse(EXAMPLE)
        .unwrap()
        .position()
        .is_legal(answered_move(&answer)));
    assert_eq!(engine.expect("pong", Duration::from_secs(10)), "pong 42");
    let stopped_in = asked.elapsed();
    // A hint is stopped the same way.
    engine.send("hint 2");
    engine.expect("status Tabula is analyzing", Duration::from_secs(10));
    engine.send("ping 43");
    engine.expect("status", Duration::from_secs(10));
    assert_eq!(engine.expect("pong", Duration::from_secs(10)), "pong 43");
    // And so is the analysis of a game.
    engine.send("analyze");
    engine.expect(
        "status Tabula is analyzing the game",
        Duration::from_secs(10),
    );
    engine.send("ping 44");
    assert_eq!(engine.expect("pong", Duration::from_secs(10)), "pong 44");
    engine.quit();
    println!("go at depth 60 stopped {stopped_in:?} after ping");
}

#[test]
fn two_engines_play_a_whole_game_from_a_ggf_start() {
    // A start position given in GGF (BO), not the standard one: black on d4 and e4, white on
    // d5, e5 and e6, white to move.
    let start = "(;GM[Othello]PB[black]PW[white]TI[5:00]TY[8]BO[8 \
        -------- -------- -------- ---**--- ---OO--- ----O--- -------- -------- O];)";
    let game = ggf::parse(start).unwrap();
    let mut state = game.start;
    let mut engines = [Live::start(), Live::start()];
    for (engine, depth) in engines.iter_mut().zip([2, 5]) {
        engine.send("nboard 2");
        engine.send(&format!("set depth {depth}"));
        engine.send(&format!("set game {start}"));
    }
    let mut record = GgfGame::new(game.start);
    while !state.is_over() {
        let mover = &mut engines[state.to_move()];
        mover.send("go");
        let answer = mover.expect("===", Duration::from_secs(60));
        let mv = answered_move(&answer);
        assert!(
            state.is_legal(mv),
            "{answer} in {}",
            state.position_string()
        );
        state.play(mv);
        record.moves.push(ggf::parse_move(&answer[4..]).unwrap());
        let text = format!("move {}", &answer[4..]);
        for engine in engines.iter_mut() {
            engine.send(&text);
        }
    }
    // Both engines agree the game is over (the `status error` of a refused go).
    for engine in engines.iter_mut() {
        engine.send("go");
        assert_eq!(
            engine.expect("status", Duration::from_secs(10)),
            "status error: go: the game is over"
        );
    }
    for engine in engines {
        engine.quit();
    }
    // The final position: the start's 5 discs and one per move that is not a pass, the same
    // as the record replayed.
    let (black, white) = (state.discs(0).count_ones(), state.discs(1).count_ones());
    let placed = record.moves.iter().filter(|m| !m.mv.is_pass()).count() as u32;
    assert_eq!((!game.start.empty()).count_ones(), 5);
    assert_eq!(black + white, 5 + placed);
    assert_eq!(ggf::parse(&record.to_ggf()).unwrap().position(), state);
    let winner = match black.cmp(&white) {
        std::cmp::Ordering::Greater => Outcome::Win(0),
        std::cmp::Ordering::Less => Outcome::Win(1),
        std::cmp::Ordering::Equal => Outcome::Draw,
    };
    assert_eq!(state.turn(), Turn::Over(winner));
    println!(
        "final: black {black}, white {white}, {} moves",
        record.moves.len()
    );
}

#[test]
fn go_keeps_to_the_clock() {
    // Depth 60 would search for ages; with 2 s on black's clock and 13 moves to make, the
    // move must come within the clock.
    let game = EXAMPLE.replace("TI[15:00]", "TI[0:02]");
    let script = format!("set depth 60\nset game {game}\ngo\n");
    let (out, err) = session(script.as_bytes());
    assert!(err.is_empty(), "{err:?}");
    let answer = out.iter().find(|l| l.starts_with("===")).unwrap();
    let position = ggf::parse(&game).unwrap().position();
    assert!(position.is_legal(answered_move(answer)));
    let seconds: f64 = answer.rsplit('/').next().unwrap().parse().unwrap();
    assert!(seconds < 2.0, "{answer}");
}

#[test]
fn a_ping_read_with_the_go_stops_it() {
    // The whole script arrives at once: the ping waiting behind `go` stops its search (before
    // it starts or while it runs), and both are answered in order.
    let (out, _) = session(format!("set depth 60\nset game {EXAMPLE}\ngo\nping 5\n").as_bytes());
    let replies = answers(&out);
    assert!(
        replies[replies.len() - 2].starts_with("=== "),
        "{replies:?}"
    );
    assert_eq!(replies.last(), Some(&"pong 5"));
}

#[test]
fn analyze_walks_the_game_back_with_exact_values_at_the_end() {
    // The second GGS game, a draw, at depth 6: exact from 8 empties (52 moves in).
    let text = &ggs_games()[1];
    let game = ggf::parse(text).unwrap();
    let (out, err) = session(format!("set depth 6\nset game {text}\nanalyze\n").as_bytes());
    assert!(err.is_empty(), "{err:?}");
    let lines: Vec<(usize, f64)> = out
        .iter()
        .filter_map(|l| l.strip_prefix("analysis "))
        .map(|l| {
            let (i, eval) = l.split_once(' ').unwrap();
            (i.parse().unwrap(), eval.parse().unwrap())
        })
        .collect();
    let n = game.moves.len();
    // The last position first, with its final count for black.
    assert_eq!(lines[0], (n, game.position().margin(0) as f64));
    assert!(lines.windows(2).all(|w| w[0].0 > w[1].0), "{lines:?}");
    assert_eq!(lines.last().unwrap().0, 0);
    let mut engine = Engine::new(None, None);
    let mut checked = 0;
    for &(i, eval) in &lines {
        let mut before = GgfGame::new(game.start);
        before.moves = game.moves[..i].to_vec();
        let position = before.position();
        // Every line but the last position's is a position with a choice.
        if i < n {
            assert!(position.move_mask().count_ones() >= 2, "position {i}");
        }
        if (9..).contains(&position.empty().count_ones()) || position.is_over() {
            continue;
        }
        // At most 8 empties: the eval is the exact value, for black.
        let best = engine.solve(&position)[0].value;
        let for_black = if position.to_move() == 0 { best } else { -best };
        assert_eq!(eval, for_black, "position {i}");
        checked += 1;
    }
    assert!(checked >= 3, "{checked} exact positions checked");
}
