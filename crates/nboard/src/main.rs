//! `nboard-tabula`: the reversi engine for the NBoard GUI. Reads protocol commands from stdin,
//! answers on stdout (flushed after every line), reports errors on stderr. See the library for
//! the protocol.

use std::io;

fn main() -> io::Result<()> {
    tabula_nboard::run(io::stdin(), io::stdout(), io::stderr())
}
