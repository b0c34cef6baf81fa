//! `pbrain:PATH` against fake brains: small shell scripts written here into a temporary
//! directory that speak the protocol well or badly. Each misbehaviour must give its forfeit (or,
//! for a program that cannot be run, a clear error), never a panic or a hang, and the program
//! must be gone afterwards.

#![cfg(unix)]

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use tabula_arena::{run_match_keeping_records, MatchSetup};
use tabula_core::{AgentCatalog, AgentError, ForfeitReason, Game};
use tabula_gomoku::pbrain::{tolerance_ms, FIRST_MOVE_EXTRA_MS};
use tabula_gomoku::{Gomoku, Rule};

/// A fake brain in its own directory: it logs every line it reads to `log`, writes its process
/// id to `pid`, answers `OK` to `START` (or `start_reply`) and `move_reply` (shell commands) to
/// `BEGIN`, `TURN` and `DONE`.
struct Fake {
    dir: tempfile::TempDir,
}

impl Fake {
    fn new(start_reply: &str, move_reply: &str) -> Fake {
        let dir = tempfile::tempdir().unwrap();
        let script = format!(
            "#!/bin/sh\n\
             echo $$ > pid\n\
             n=0\n\
             while IFS= read -r line; do\n\
             \x20 echo \"$line\" >> log\n\
             \x20 case \"$line\" in\n\
             \x20   START*) {start_reply} ;;\n\
             \x20   BEGIN|DONE|TURN*) n=$((n+1)); {move_reply} ;;\n\
             \x20   END) exit 0 ;;\n\
             \x20 esac\n\
             done\n"
        );
        let path = dir.path().join("pbrain-fake");
        std::fs::write(&path, script).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        Fake { dir }
    }

    /// A brain that answers every move with `reply` (one shell command).
    fn answering(reply: &str) -> Fake {
        Fake::new("echo OK", reply)
    }

    fn path(&self) -> PathBuf {
        self.dir.path().join("pbrain-fake")
    }

    fn spec(&self, time: u64) -> String {
        format!("pbrain:{},time={time}", self.path().display())
    }

    /// The lines the brain has read.
    fn log(&self) -> Vec<String> {
        std::fs::read_to_string(self.dir.path().join("log"))
            .unwrap_or_default()
            .lines()
            .map(str::to_string)
            .collect()
    }

    /// Whether the brain's process still exists (a zombie counts: it must be reaped too).
    fn running(&self) -> bool {
        let pid = std::fs::read_to_string(self.dir.path().join("pid")).unwrap();
        Path::new(&format!("/proc/{}", pid.trim())).exists()
    }
}

fn position(text: &str) -> Gomoku {
    Gomoku::parse_position(text).unwrap()
}

/// The forfeit a fake brain answering `reply` gets in `state`, with the time it took.
fn forfeit_of(fake: &Fake, time: u64, state: &Gomoku) -> (ForfeitReason, String, Duration) {
    let mut agent = Gomoku::agent_from_str(&fake.spec(time)).unwrap();
    let clock = Instant::now();
    let forfeit = agent.try_choose(state).expect_err("the brain forfeits");
    let took = clock.elapsed();
    // A forfeit is final: the next move is refused at once with the same forfeit.
    assert_eq!(agent.try_choose(state).unwrap_err(), forfeit);
    drop(agent);
    assert!(!fake.running(), "the brain's process is gone");
    (forfeit.reason, forfeit.detail, took)
}

#[test]
fn a_good_brain_gets_the_game_and_its_moves_are_played() {
    let fake = Fake::answering("echo 'MESSAGE thinking'; echo 'DEBUG x'; echo \"$n,0\"");
    let mut agent = Gomoku::agent_from_str(&fake.spec(300)).unwrap();
    let empty = Gomoku::initial();
    let first = agent.try_choose(&empty).unwrap();
    assert_eq!(empty.move_string(first), "b15", "x 1, y 0 from the top");
    let mut state = empty;
    state.play(first);
    state.play(state.parse_move("h8").unwrap());
    let second = agent.try_choose(&state).unwrap();
    assert_eq!(state.move_string(second), "c15");
    let times = agent.move_times().unwrap();
    assert_eq!(times.moves, 2);
    assert!(
        times.max_us < 300_000 + 1000 * tolerance_ms(300),
        "{times:?}"
    );
    // A position the brain does not know (not its last one plus one stone): BOARD.
    let opening = position("h8 i9 g7");
    agent.try_choose(&opening).unwrap();
    drop(agent);
    assert!(!fake.running());
    let log = fake.log();
    let expected_start = [
        "START 15",
        "INFO timeout_turn 300",
        "INFO timeout_match 67500",
        "INFO time_left 67500",
        "INFO max_memory 268435456",
        "INFO rule 0",
        "INFO game_type 1",
        "BEGIN",
        "TURN 7,7",
        "BOARD",
        // Black, white, black (h8, i9, g7); the brain plays white: 1 is its own stone.
        "7,7,2",
        "8,6,1",
        "6,8,2",
        "DONE",
        "END",
    ];
    assert_eq!(log, expected_start);
}

#[test]
fn a_brain_named_by_a_relative_path_runs_in_its_own_directory() {
    let fake = Fake::answering("echo \"$n,0\"");
    // The same file, named from this test's directory: up to the root, then down.
    let here = std::env::current_dir().unwrap();
    let mut relative = PathBuf::new();
    for _ in here.components().skip(1) {
        relative.push("..");
    }
    relative.push(fake.path().strip_prefix("/").unwrap());
    assert!(relative.is_relative());
    let spec = format!("pbrain:{},time=300", relative.display());
    let mut agent = Gomoku::agent_from_str(&spec).unwrap();
    let empty = Gomoku::initial();
    assert_eq!(empty.move_string(agent.try_choose(&empty).unwrap()), "b15");
    drop(agent);
    // It ran in its own directory: the log it wrote with a relative name is there.
    assert_eq!(fake.log()[0], "START 15");
}

#[test]
fn the_rule_and_size_reach_the_brain() {
    let fake = Fake::answering("echo 0,0");
    let mut agent =
        Gomoku::agent_from_str(&format!("pbrain:{},memory=64", fake.path().display())).unwrap();
    agent
        .try_choose(&Gomoku::new(19, Rule::Renju).unwrap())
        .unwrap();
    drop(agent);
    let log = fake.log();
    for line in [
        "START 19",
        "INFO rule 4",
        "INFO max_memory 67108864",
        "INFO timeout_turn 1000",
    ] {
        assert!(log.iter().any(|l| l == line), "{line} in {log:?}");
    }
}

#[test]
fn an_occupied_or_off_board_point_is_an_illegal_move() {
    let opening = position("h8 i9 g7");
    let (reason, detail, _) = forfeit_of(&Fake::answering("echo 7,7"), 200, &opening);
    assert_eq!(reason, ForfeitReason::IllegalMove);
    assert!(
        detail.contains("7,7") && detail.contains("occupied"),
        "{detail}"
    );
    let (reason, detail, _) = forfeit_of(&Fake::answering("echo 15,3"), 200, &opening);
    assert_eq!(reason, ForfeitReason::IllegalMove);
    assert!(detail.contains("off the board"), "{detail}");
}

#[test]
fn a_forbidden_point_under_renju_is_an_illegal_move() {
    // Black to move with a double three at h8 (f8 g8 _ and h6 h7 _): a forbidden point.
    let state = position("f8 a1 g8 a2 h6 a3 h7 a4 renju");
    let h8 = state.parse_move("h8").unwrap();
    assert!(!state.is_legal(h8));
    let (reason, detail, _) = forfeit_of(&Fake::answering("echo 7,7"), 200, &state);
    assert_eq!(reason, ForfeitReason::IllegalMove);
    assert!(detail.contains("forbidden"), "{detail}");
}

#[test]
fn garbage_is_unreadable() {
    for reply in [
        "echo hello",
        "echo 3,x",
        "echo '-1,4'",
        "printf '\\377\\376\\n'",
    ] {
        let (reason, detail, _) = forfeit_of(&Fake::answering(reply), 200, &Gomoku::initial());
        assert_eq!(reason, ForfeitReason::Unreadable, "{reply}: {detail}");
    }
}

/// Like Rapfi, a brain that is still finishing its move may drop a command that comes right
/// after its answer: the next move is asked for no sooner than `SETTLE_MS` after the answer, and
/// the brain is not charged for the pause.
#[test]
fn a_brain_gets_a_moment_after_its_answer_before_the_next_command() {
    let dir = tempfile::tempdir().unwrap();
    // Refuses (as Rapfi does) a TURN that comes within 10 ms of its last answer.
    let script = "#!/bin/bash\n\
                  n=0; last=0\n\
                  while IFS= read -r line; do\n\
                  \x20 now=${EPOCHREALTIME/./}\n\
                  \x20 case \"$line\" in\n\
                  \x20   START*) echo OK ;;\n\
                  \x20   TURN*) if (( now - last < 10000 )); then echo \"ERROR Unknown command: ${line#TURN }\"; continue; fi\n\
                  \x20     n=$((n+1)); echo \"$n,0\"; last=${EPOCHREALTIME/./} ;;\n\
                  \x20   BEGIN) n=$((n+1)); echo \"$n,0\"; last=${EPOCHREALTIME/./} ;;\n\
                  \x20   END) exit 0 ;;\n\
                  \x20 esac\n\
                  done\n";
    let path = dir.path().join("pbrain-hasty");
    std::fs::write(&path, script).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    let spec = format!("pbrain:{},time=200", path.display());
    let mut agent = Gomoku::agent_from_str(&spec).unwrap();
    let mut state = Gomoku::initial();
    for _ in 0..3 {
        // The brain's move, then the opponent's at once.
        let point = agent.try_choose(&state).expect("the brain moves");
        state.play(point);
        let (x, _) = state.coords(point);
        state.play(state.point(x, 5).unwrap());
    }
    let times = agent.move_times().unwrap();
    assert_eq!(times.moves, 3);
    assert!(
        times.max_us < 200_000,
        "the pause is not the brain's time: {times:?}"
    );
}

#[test]
fn a_brain_that_hangs_up_forfeits() {
    let (reason, detail, took) = forfeit_of(&Fake::answering("exit 3"), 5000, &Gomoku::initial());
    assert_eq!(reason, ForfeitReason::HungUp, "{detail}");
    assert!(took < Duration::from_secs(2), "noticed at once: {took:?}");
}

#[test]
fn a_slow_brain_loses_on_time_without_being_waited_for() {
    let (reason, detail, took) = forfeit_of(
        &Fake::answering("sleep 3; echo 0,0"),
        100,
        &Gomoku::initial(),
    );
    assert_eq!(reason, ForfeitReason::Time, "{detail}");
    // The first move of a game gets the extra time for setting up.
    let allowed = Duration::from_millis(100 + tolerance_ms(100) + FIRST_MOVE_EXTRA_MS);
    assert!(took >= allowed, "{took:?}");
    assert!(took < allowed + Duration::from_secs(1), "{took:?}");
}

#[test]
fn after_the_first_move_only_the_tolerance_is_allowed() {
    // Answers the first move at once, the second after 0.5 s: late for time=100.
    let fake = Fake::answering("if [ $n -gt 1 ]; then sleep 0.5; fi; echo \"$n,0\"");
    let mut agent = Gomoku::agent_from_str(&fake.spec(100)).unwrap();
    let mut state = Gomoku::initial();
    let first = agent.try_choose(&state).unwrap();
    state.play(first);
    state.play(state.parse_move("h8").unwrap());
    let clock = Instant::now();
    let forfeit = agent.try_choose(&state).unwrap_err();
    assert_eq!(forfeit.reason, ForfeitReason::Time, "{forfeit}");
    let took = clock.elapsed();
    assert!(
        took < Duration::from_millis(450),
        "not waited for: {took:?}"
    );
    assert_eq!(agent.move_times().unwrap().moves, 2);
}

#[test]
fn an_error_instead_of_a_move_is_unreadable_and_a_refused_start_is_refused() {
    let (reason, detail, _) = forfeit_of(
        &Fake::answering("echo 'ERROR no thanks'"),
        100,
        &Gomoku::initial(),
    );
    assert_eq!(reason, ForfeitReason::Unreadable);
    assert!(detail.contains("no thanks"), "{detail}");
    let refusing = Fake::new("echo 'ERROR unsupported size'", "echo 0,0");
    let (reason, detail, _) = forfeit_of(&refusing, 100, &Gomoku::initial());
    assert_eq!(reason, ForfeitReason::Refused);
    assert!(detail.contains("unsupported size"), "{detail}");
}

#[test]
fn a_program_that_cannot_run_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let plain = dir.path().join("not-executable");
    std::fs::write(&plain, "#!/bin/sh\n").unwrap();
    std::fs::set_permissions(&plain, std::fs::Permissions::from_mode(0o644)).unwrap();
    let missing = dir.path().join("missing");
    for (path, words) in [
        (missing.as_path(), "No such file"),
        (plain.as_path(), "not executable"),
        (dir.path(), "not a file"),
    ] {
        let error = Gomoku::agent_from_str(&format!("pbrain:{}", path.display()))
            .err()
            .expect("refused");
        assert!(matches!(error, AgentError::Argument { .. }), "{error:?}");
        assert!(error.to_string().contains(words), "{error}");
    }
    let error = Gomoku::agent_from_str("pbrain").err().unwrap();
    assert!(error.to_string().contains("needs an argument"), "{error}");
    let error = Gomoku::agent_from_str("pbrain:time=100").err().unwrap();
    assert!(error.to_string().contains("needs an argument"), "{error}");
    let error = Gomoku::agent_from_str("engine:fast").err().unwrap();
    assert!(error.to_string().contains("takes no argument"), "{error}");
    let fake = Fake::answering("echo 0,0");
    let error = Gomoku::agent_from_str(&format!("{},memory=0", fake.spec(10)))
        .err()
        .unwrap();
    assert!(matches!(error, AgentError::BadValue { .. }), "{error}");
}

#[test]
fn the_arena_counts_forfeits_and_records_them() {
    let fake = Fake::answering("echo 7,7");
    let mut setup = MatchSetup::<Gomoku>::new(&fake.spec(200), Some("score-table"), 4, 1).unwrap();
    setup.openings = vec![position("h8 i9 g7")];
    setup.first = tabula_arena::First::Alternate;
    let (report, records) = run_match_keeping_records(&setup, 2).unwrap();
    let t = &report.tally;
    // The brain answers h8, occupied in the opening: it loses every game at its first move.
    assert_eq!((t.games, t.wins_b, t.wins_a), (4, 4, 0));
    assert_eq!(t.forfeits_a.get("illegal-move"), Some(&4));
    assert!(t.forfeits_b.is_empty());
    assert_eq!(t.times_a.moves, 4);
    assert_eq!(t.times_b.moves, 0, "score-table does not time itself");
    let text = report.to_string();
    assert!(text.contains("forfeits: illegal-move 4"), "{text}");
    let json = report.to_json();
    assert_eq!(json["forfeits_a"]["illegal-move"], 4);
    assert!(json["max_move_ms_a"].as_f64().unwrap() > 0.0);
    assert!(json["max_move_ms_b"].is_null());
    assert_eq!(records.len(), 4);
    for record in &records {
        let note = record.forfeit.as_ref().expect("a forfeit is recorded");
        assert_eq!(
            (note.by.as_str(), note.reason.as_str()),
            ("a", "illegal-move")
        );
        assert_eq!(record.result, "b");
        // The record replays: it stops where A forfeited, A to move.
        record.replay::<Gomoku>().expect("the record replays");
        let mut tampered = record.clone();
        tampered.result = "a".to_string();
        assert!(tampered.replay::<Gomoku>().is_err());
    }
    // Through the JSON `tabula arena merge` reads: the counts survive.
    let back = tabula_arena::MatchReport::from_json(&json.to_string(), "x").unwrap();
    assert_eq!(back.tally, report.tally);
}

#[test]
fn the_freestyle_openings_file_reads_as_distinct_white_to_move_starts() {
    let text = include_str!("../openings/freestyle-15.txt");
    let openings = tabula_arena::parse_openings::<Gomoku>(text).unwrap();
    assert!(openings.len() >= 8, "{}", openings.len());
    for opening in &openings {
        assert_eq!((opening.size(), opening.rule()), (15, Rule::Freestyle));
        assert_eq!(opening.stones(), 3);
        assert_eq!(opening.to_move(), 1, "white to move");
    }
    let distinct: std::collections::HashSet<String> =
        openings.iter().map(Game::position_string).collect();
    assert_eq!(distinct.len(), openings.len(), "no opening twice");
}

#[test]
fn the_balanced_openings_file_reads_as_distinct_quiet_starts_with_rapfis_values() {
    let text = include_str!("../openings/balanced-170.txt");
    let openings = tabula_arena::parse_openings::<Gomoku>(text).unwrap();
    assert_eq!(openings.len(), 170);
    for opening in &openings {
        assert_eq!((opening.size(), opening.rule()), (15, Rule::Freestyle));
        assert!((3..=5).contains(&opening.stones()), "{}", opening.stones());
        assert!(tabula_gomoku::engine::tune::is_quiet(
            &tabula_gomoku::engine::Board::new(opening)
        ));
    }
    let distinct: std::collections::HashSet<String> =
        openings.iter().map(Game::position_string).collect();
    assert_eq!(distinct.len(), openings.len(), "no opening twice");
    // Each opening follows the comment with Rapfi's value, within the margin of 60.
    let lines: Vec<&str> = text.lines().collect();
    let values: Vec<i32> = lines
        .windows(2)
        .filter(|w| !w[1].starts_with('#'))
        .map(|w| {
            w[0].strip_prefix("# ")
                .and_then(|v| v.parse().ok())
                .unwrap()
        })
        .collect();
    assert_eq!(values.len(), openings.len());
    assert!(values.iter().all(|v| v.abs() <= 60), "{values:?}");
}
