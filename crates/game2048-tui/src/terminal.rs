//! The real terminal: raw mode and the alternate screen (restored on every exit, and by
//! ratatui's panic hook on a panic), and the event loop. Ctrl-C arrives as a key in raw mode
//! and quits like `q`; SIGTERM and SIGHUP end the loop too ([`Stop`]), and on every way out the
//! app keeps what must be kept ([`App::leave`]).

use std::io;
use std::time::{Duration, Instant};

use crossterm::event::{self, Event, KeyEventKind};
use ratatui::DefaultTerminal;

use crate::app::App;
use crate::signals::Stop;
use crate::ui;

/// The longest wait for a key before the stop flag is looked at again.
const TICK: Duration = Duration::from_millis(100);

/// Runs `app` full-screen until the player quits or a signal ends the program.
pub fn run(app: &mut App) -> io::Result<()> {
    let stop = Stop::on_signals()?;
    let mut terminal = ratatui::try_init()?;
    let result = event_loop(&mut terminal, app, &stop);
    let kept = app.leave();
    ratatui::restore();
    if let Err(e) = kept {
        eprintln!("2048: {e}");
    }
    result
}

fn event_loop(terminal: &mut DefaultTerminal, app: &mut App, stop: &Stop) -> io::Result<()> {
    let mut next_move = Instant::now();
    while !app.should_quit() && !stop.raised() {
        terminal.draw(|frame| ui::draw(frame, app))?;
        let wait = if app.autoplaying() {
            next_move.saturating_duration_since(Instant::now())
        } else {
            TICK
        };
        if event::poll(wait.min(TICK))? {
            if let Event::Key(key) = event::read()? {
                if key.kind == KeyEventKind::Press {
                    app.handle_key(key);
                    next_move = Instant::now() + app.pace();
                }
            }
        } else if app.autoplaying() && Instant::now() >= next_move {
            app.autoplay_step();
            next_move = Instant::now() + app.pace();
        }
    }
    Ok(())
}
