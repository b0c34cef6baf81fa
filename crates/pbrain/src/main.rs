//! `pbrain-tabula`: the gomoku engine as a Gomocup brain. Reads protocol commands from stdin,
//! answers on stdout, flushing after every reply. See the library for the protocol.

use std::io::{self, BufRead, Write};

use pbrain_tabula::Brain;

fn main() -> io::Result<()> {
    let stdin = io::stdin();
    let mut stdout = io::stdout().lock();
    let mut brain = Brain::new();
    for line in stdin.lock().lines() {
        let reply = brain.handle(&line?);
        for out in &reply.lines {
            writeln!(stdout, "{out}")?;
        }
        stdout.flush()?;
        if reply.quit {
            break;
        }
    }
    Ok(())
}
