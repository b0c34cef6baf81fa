//! The NBoard protocol, version 2 (`Protocol.htm` in weltyc/ntest, `instructions/`), over
//! Tabula's reversi engine, so that the NBoard GUI (and any GUI speaking it) can use it.
//!
//! | command | answer |
//! |---|---|
//! | `nboard 2` | `set myname Tabula` |
//! | `set depth N` (1–60) | `set myname Tabula`; the midgame search depth, exact from `2 (N - 2)` empties (at most 20) |
//! | `set game <GGF>` | nothing; the game (start position and moves, passes as `PA`) replaces the current one |
//! | `set contempt N` | nothing (it values book draws; the engine has no book) |
//! | `move F5[/eval/time]`, `move PA` | nothing; the move is appended |
//! | `hint N` | `status …`, `search <pv> <eval> 0 <depth>` lines as the search deepens, one per best move for the `N` best, `status` |
//! | `go` | `status …`, `nodestats` lines, `=== <move>/<eval>/<seconds>` (the move is not played); with a clock in the game (`TI` less the moves' times), at most an even share of the time left |
//! | `ping N` | `pong N`, once the command before it is finished; it stops a search in progress |
//! | `learn` | `learned` |
//! | `analyze` | `status …`, `analysis <moves made> <eval>` lines from the last position back to the first (evals in discs for black), `status` |
//! | `quit` | the engine exits (so it does at the end of input) |
//!
//! Evaluations are discs for the side to move (black for `analysis`); depth `100%` marks an exact value. Moves are
//! written `F5`, passes `PA`.
//!
//! As the protocol asks, an unknown command is ignored (a `note:` on stderr). A known command
//! that cannot be read or done — a malformed number, a GGF game that does not read or replay,
//! an illegal move, `go` or `hint` when the game is over, a line that is not UTF-8 or is longer
//! than [`tabula_core::line_input::MAX_LINE`] — changes nothing and is reported twice: `error:
//! …` on stderr and `status error: …` for the GUI's status line. Nothing panics or exits.
//!
//! A reader thread reads the input while the engine thinks, so `ping` and `quit` stop a long
//! search (its best move so far is still answered, then `pong`).

pub mod command;
pub mod session;

use std::io::{self, BufReader, Read, Write};
use std::sync::{mpsc, Arc};
use std::thread;

use tabula_core::line_input::{read_line, Input, MAX_LINE};

pub use command::{parse_command, Command};
pub use session::{Interrupts, Output, Session};

/// One input line as the session receives it: a command, or why it could not be read.
fn read_command(input: Input) -> Result<Command, String> {
    match input {
        Input::Line(line) => parse_command(&line),
        Input::TooLong => Err(format!(
            "the line is longer than {MAX_LINE} bytes and was skipped"
        )),
        Input::NotUtf8 => Err("the line is not UTF-8 text and was skipped".to_string()),
    }
}

/// Runs a session: reads commands from `input` until `quit` or its end, answers on `output`,
/// reports errors on `errors`.
pub fn run(
    input: impl Read + Send + 'static,
    output: impl Write + Send + 'static,
    errors: impl Write + Send + 'static,
) -> io::Result<()> {
    let interrupts = Arc::new(Interrupts::default());
    let (send, receive) = mpsc::channel();
    let reader = {
        let interrupts = interrupts.clone();
        thread::spawn(move || -> io::Result<()> {
            let mut input = BufReader::new(input);
            while let Some(line) = read_line(&mut input)? {
                let command = read_command(line);
                if command.as_ref().is_ok_and(Command::interrupts) {
                    interrupts.arrive();
                }
                if send.send(command).is_err() {
                    break;
                }
            }
            Ok(())
        })
    };
    let mut session = Session::new(Output::new(output), Output::new(errors), interrupts);
    while let Ok(command) = receive.recv() {
        if session.handle(command) {
            // `quit`: the reader may still wait for input that never comes; it ends with us.
            return Ok(());
        }
    }
    reader
        .join()
        .unwrap_or_else(|_| Err(io::Error::other("the input reader failed")))
}
