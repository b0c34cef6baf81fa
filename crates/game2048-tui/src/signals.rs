//! SIGTERM and SIGHUP (a closed terminal) end the game the way `q` does: the event loop sees a
//! flag, saves what must be kept and restores the terminal, instead of the process dying in the
//! alternate screen with the game lost.

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A flag raised by SIGTERM or SIGHUP.
#[derive(Clone, Debug)]
pub struct Stop(Arc<AtomicBool>);

impl Stop {
    /// Catches SIGTERM and SIGHUP from now on (on Unix; elsewhere the flag never rises).
    pub fn on_signals() -> io::Result<Stop> {
        let flag = Arc::new(AtomicBool::new(false));
        #[cfg(unix)]
        for signal in [signal_hook::consts::SIGTERM, signal_hook::consts::SIGHUP] {
            signal_hook::flag::register(signal, Arc::clone(&flag))?;
        }
        Ok(Stop(flag))
    }

    /// Whether a signal asked the program to end.
    pub fn raised(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}
