//! The real terminal: raw mode and the alternate screen (restored on every exit, and by
//! ratatui's panic hook on a panic), and the event loop. Ctrl-C arrives as a key in raw mode
//! and quits like `q`.

use std::io;
use std::time::Instant;

use crossterm::event::{self, Event, KeyEventKind};
use ratatui::DefaultTerminal;

use crate::app::App;
use crate::ui;

/// Runs `app` full-screen until the player quits.
pub fn run(app: &mut App) -> io::Result<()> {
    let mut terminal = ratatui::try_init()?;
    let result = event_loop(&mut terminal, app);
    ratatui::restore();
    result
}

fn event_loop(terminal: &mut DefaultTerminal, app: &mut App) -> io::Result<()> {
    let mut next_move = Instant::now();
    while !app.should_quit() {
        terminal.draw(|frame| ui::draw(frame, app))?;
        let wait = if app.autoplaying() {
            next_move.saturating_duration_since(Instant::now())
        } else {
            std::time::Duration::from_secs(1)
        };
        if event::poll(wait)? {
            if let Event::Key(key) = event::read()? {
                if key.kind == KeyEventKind::Press {
                    app.handle_key(key);
                    next_move = Instant::now() + app.pace();
                }
            }
        } else if app.autoplaying() {
            app.autoplay_step();
            next_move = Instant::now() + app.pace();
        }
    }
    Ok(())
}
