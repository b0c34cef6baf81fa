//! The command reader and the session on arbitrary lines: an answer or an error, never a panic.

use std::io::Write;
use std::sync::{Arc, Mutex};

use proptest::prelude::*;
use tabula_nboard::{parse_command, Interrupts, Output, Session};

/// A writer whose text the test reads afterwards.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// NBoard-shaped lines: every command word, with arguments good and bad. Depths stay small so
/// that `go` and `hint` are quick.
fn nboard_line() -> impl Strategy<Value = String> {
    prop_oneof![
        "(nboard|ping|hint) [0-9x-]{0,3}",
        "set depth [0-4x]?",
        "set contempt [0-9.e-]{0,4}",
        "move ([a-j][0-9]|PA|pass|[A-H][1-8])(/[0-9.x-]{0,3}(/[0-9.:]{0,4})?)?",
        "set game \\(;(GM\\[Othello\\]|BO\\[8 [*O-]{0,66}\\]|[BW]\\[[a-h][1-8]\\]|TI\\[[0-9:/]{0,6}\\]){0,6};?\\)?",
        "(go|learn|analyze|GO|Learn|nonsense)",
        "\\PC{0,30}",
    ]
}

proptest! {
    #[test]
    fn any_line_reads_or_fails_without_panic(line in "\\PC{0,120}") {
        let _ = parse_command(&line);
    }

}

proptest! {
    // Each case builds an engine and may search: fewer cases than the default 256.
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn sessions_answer_any_commands_without_panic(
        lines in prop::collection::vec(nboard_line(), 0..12),
    ) {
        let (out, err) = (Shared::default(), Shared::default());
        let mut session = Session::new(
            Output::new(out.clone()),
            Output::new(err.clone()),
            Arc::new(Interrupts::default()),
        );
        session.handle(parse_command("set depth 2"));
        for line in &lines {
            let command = parse_command(line);
            let failed = command.is_err();
            let before = err.0.lock().unwrap().len();
            if session.handle(command) {
                break;
            }
            // A line that does not read is reported, never passed over in silence.
            if failed {
                prop_assert!(err.0.lock().unwrap().len() > before);
            }
        }
        // The position the session ends on is one the rules reach.
        let position = session.position();
        prop_assert_eq!(position.own() & position.opp(), 0);
    }
}
