//! `pbrain-tabula`: the gomoku engine as a Gomocup brain. Reads protocol commands from stdin,
//! answers on stdout, flushing after every reply. See the library for the protocol.

use std::io::{self, Write};

use pbrain_tabula::{read_line, Brain};

fn main() -> io::Result<()> {
    let mut stdin = io::stdin().lock();
    let mut stdout = io::stdout().lock();
    let mut brain = Brain::new();
    while let Some(input) = read_line(&mut stdin)? {
        let reply = brain.answer(&input);
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
