//! `pbrain-tabula`: the gomoku engine as a Gomocup brain. Reads protocol commands from stdin,
//! answers on stdout, flushing after every reply. See the library for the protocol.

use std::io;

fn main() -> io::Result<()> {
    pbrain_tabula::run(io::BufReader::new(io::stdin()), io::stdout())
}
