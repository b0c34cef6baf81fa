//! Another program driven over its standard input and output, one line at a time, for agents
//! that are programs of their own (a Gomocup brain): started with its own directory as the
//! working directory (where brains look for their files), read on a thread of its own so that
//! every answer can be awaited with a deadline, and killed when dropped.
//!
//! When the parent is interrupted, the program goes too: Ctrl-C reaches every process of the
//! terminal's foreground group (the program's too), and a parent that is killed closes the
//! program's input, which ends a well-behaved brain at its next read.

use std::io::{self, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::line_input::{read_line, Input};

/// How long a dropped program gets to exit by itself once its input is closed, before it is
/// killed.
const EXIT_GRACE: Duration = Duration::from_millis(200);

/// A running program.
pub struct Program {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Input>,
}

/// What [`Program::receive`] got.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Received {
    /// A line, without its line ending.
    Line(String),
    /// A line that is not UTF-8 or longer than [`crate::line_input::MAX_LINE`] bytes.
    Unreadable,
    /// The program closed its output (it ended or crashed).
    Closed,
    /// Nothing came before the deadline.
    TimedOut,
}

/// Spawns `command`, trying again for a moment while the system says the file is busy: a
/// program written just now can still be open for writing in a child that another thread forked
/// and that has not yet run its own program (Linux answers `ETXTBSY` then).
fn spawn(command: &mut Command) -> io::Result<Child> {
    let mut tries = 0;
    loop {
        match command.spawn() {
            Err(e) if e.kind() == io::ErrorKind::ExecutableFileBusy && tries < 20 => {
                tries += 1;
                std::thread::sleep(Duration::from_millis(5 * tries));
            }
            result => return result,
        }
    }
}

impl Program {
    /// Starts the program at `path` with no arguments, in the directory that holds it, its
    /// standard error discarded. Fails (with the system's reason) where it cannot be started:
    /// no such file, not executable.
    pub fn start(path: &Path) -> io::Result<Program> {
        // Made absolute first: a relative path names the program from our directory, not from
        // the one it runs in.
        let path = std::path::absolute(path)?;
        let mut command = Command::new(&path);
        if let Some(dir) = path.parent() {
            command.current_dir(dir);
        }
        command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        let mut child = spawn(&mut command)?;
        let stdout = child.stdout.take().expect("stdout is piped");
        let stdin = child.stdin.take();
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Ok(Some(input)) = read_line(&mut reader) {
                if sender.send(input).is_err() {
                    return;
                }
            }
        });
        Ok(Program {
            child,
            stdin,
            lines,
        })
    }

    /// Writes `line` and a newline to the program's input and flushes it. Fails when the
    /// program has closed its input (it ended).
    pub fn send(&mut self, line: &str) -> io::Result<()> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| io::Error::from(io::ErrorKind::BrokenPipe))?;
        stdin.write_all(line.as_bytes())?;
        stdin.write_all(b"\n")?;
        stdin.flush()
    }

    /// The next line of the program's output, waiting at most until `deadline`.
    pub fn receive(&mut self, deadline: Instant) -> Received {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(Input::Line(line)) => Received::Line(line),
            Ok(Input::TooLong | Input::NotUtf8) => Received::Unreadable,
            Err(RecvTimeoutError::Timeout) => Received::TimedOut,
            Err(RecvTimeoutError::Disconnected) => Received::Closed,
        }
    }
}

impl Drop for Program {
    /// Closes the program's input, gives it [`EXIT_GRACE`] to exit, then kills it; always
    /// reaps it.
    fn drop(&mut self) {
        self.stdin = None;
        let until = Instant::now() + EXIT_GRACE;
        while Instant::now() < until {
            match self.child.try_wait() {
                Ok(Some(_)) => return,
                Ok(None) => std::thread::sleep(Duration::from_millis(5)),
                Err(_) => break,
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
