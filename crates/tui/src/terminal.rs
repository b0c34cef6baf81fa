//! The real terminal: raw mode, the alternate screen and mouse capture, restored on every way
//! out — quitting, an error, a panic (through the panic hook), SIGTERM and SIGHUP (through a
//! flag the loop watches) — and the event loop, which never waits on the engine.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event};
use crossterm::execute;
use ratatui::backend::Backend;
use ratatui::Terminal;

use crate::app::{App, EventSource};

/// How long the loop waits for a key before it polls the controller again.
const POLL: Duration = Duration::from_millis(30);

/// Set by SIGTERM or SIGHUP: the loop ends and the terminal is restored.
static SIGNALLED: AtomicBool = AtomicBool::new(false);

#[cfg(unix)]
extern "C" fn on_signal(_: libc::c_int) {
    SIGNALLED.store(true, Ordering::SeqCst);
}

/// Makes SIGTERM and SIGHUP end the loop cleanly instead of killing the program mid-screen.
fn catch_signals() {
    #[cfg(unix)]
    // SAFETY: the handler only stores to an atomic, which is async-signal-safe.
    unsafe {
        let handler = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
        libc::signal(libc::SIGTERM, handler);
        libc::signal(libc::SIGHUP, handler);
    }
}

/// The terminal's own events. crossterm's own wait spins for ever once the terminal has hung
/// up (its reads return end-of-file and it tries again), so on Unix the wait is a `poll` of
/// stdin that notices the hang-up, and crossterm only reads what is there.
#[derive(Default)]
struct Crossterm {
    queue: std::collections::VecDeque<Event>,
}

/// Waits up to `timeout` for input on stdin when it is a terminal: `Some(true)` when there is
/// some, `Some(false)` when there is none, `None` when the terminal hung up.
#[cfg(unix)]
fn stdin_ready(timeout: Duration) -> Option<bool> {
    use std::io::IsTerminal;
    if !io::stdin().is_terminal() {
        return Some(true); // crossterm reads /dev/tty instead: let it wait
    }
    let mut fd = libc::pollfd {
        fd: 0,
        events: libc::POLLIN,
        revents: 0,
    };
    let ms = timeout.as_millis().min(i32::MAX as u128) as i32;
    // SAFETY: one valid pollfd for the duration of the call.
    let n = unsafe { libc::poll(&mut fd, 1, ms) };
    if n > 0 && fd.revents & (libc::POLLHUP | libc::POLLERR | libc::POLLNVAL) != 0 {
        return None;
    }
    Some(n > 0)
}

#[cfg(not(unix))]
fn stdin_ready(_: Duration) -> Option<bool> {
    Some(true)
}

impl EventSource for Crossterm {
    fn next(&mut self, timeout: Duration) -> io::Result<Option<Event>> {
        if let Some(event) = self.queue.pop_front() {
            return Ok(Some(event));
        }
        match stdin_ready(timeout) {
            None => {
                // The terminal is gone (closed window, SIGHUP): end like a signal does.
                SIGNALLED.store(true, Ordering::SeqCst);
                return Ok(None);
            }
            Some(false) => return Ok(None),
            Some(true) => {}
        }
        let mut wait = if cfg!(unix) { Duration::ZERO } else { timeout };
        while event::poll(wait)? {
            self.queue.push_back(event::read()?);
            wait = Duration::ZERO;
        }
        Ok(self.queue.pop_front())
    }
}

fn restore() {
    let _ = execute!(io::stdout(), DisableMouseCapture);
    ratatui::restore();
}

/// Runs `app` full-screen until the player quits or a signal arrives.
pub fn run(app: &mut App) -> io::Result<()> {
    catch_signals();
    let mut terminal = ratatui::try_init()?;
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        hook(info);
    }));
    let _ = execute!(io::stdout(), EnableMouseCapture);
    let result = run_loop(&mut terminal, app, &mut Crossterm::default());
    restore();
    let _ = io::stdout().flush();
    result
}

/// The loop: draw, wait up to 30 ms for an event (fewer while animating), take it, poll the
/// controller, again; until the app quits or SIGTERM/SIGHUP arrive.
pub fn run_loop<B: Backend>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    events: &mut dyn EventSource,
) -> io::Result<()>
where
    B::Error: Send + Sync + 'static,
{
    while !app.should_quit() && !SIGNALLED.load(Ordering::SeqCst) {
        terminal
            .draw(|frame| app.draw(frame))
            .map_err(io::Error::other)?;
        if let Some(event) = events.next(POLL)? {
            app.handle_event(event);
        }
        app.tick();
    }
    Ok(())
}
