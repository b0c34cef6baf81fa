//! Drawing the game screen: the score line, the board, the keys, and the win, game-over and
//! too-small screens.

use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};
use ratatui::Frame;
use tabula_2048::state::tile_value;
use tabula_2048::Move;
use tabula_core::Game;

use crate::app::{App, Leave, Screen};

/// A tile's width and height in cells.
const TILE: (u16, u16) = (8, 3);
/// The board's size with its frame.
const BOARD: (u16, u16) = (4 * TILE.0 + 2, 4 * TILE.1 + 2);
/// The smallest terminal the game fits in.
pub const MIN_SIZE: (u16, u16) = (BOARD.0, BOARD.1 + 5);

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
        let text = format!(
            "The terminal is too small for 2048: it needs {}×{}, this is {}×{}. Enlarge it, or press q to quit.",
            MIN_SIZE.0, MIN_SIZE.1, area.width, area.height
        );
        frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        return;
    }
    let width = area.width.min(BOARD.0.max(60));
    let column = Rect {
        x: area.x + (area.width - width) / 2,
        width,
        ..area
    };
    let [header, board, keys, footer] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(BOARD.1),
        Constraint::Length(2),
        Constraint::Min(1),
    ])
    .areas(column);
    draw_header(frame, app, header);
    let board = Rect {
        x: column.x + (column.width - BOARD.0) / 2,
        width: BOARD.0,
        ..board
    };
    draw_board(frame, app, board);
    frame.render_widget(
        Paragraph::new(keys_help(app))
            .style(dim(app))
            .wrap(Wrap { trim: true }),
        keys,
    );
    frame.render_widget(
        Paragraph::new(status_line(app)).wrap(Wrap { trim: true }),
        footer,
    );
    match app.screen() {
        Screen::Won => popup(
            frame,
            board,
            "You made 2048!",
            &["c or Enter: keep going", "n: new game", "u: undo"],
        ),
        Screen::Over => popup(
            frame,
            board,
            "Game over",
            &[
                &format!("Score {}", app.state().score()),
                "n or r: new game",
                "u: undo   q: quit",
            ],
        ),
        Screen::Confirm(leave) => popup(
            frame,
            board,
            match leave {
                Leave::Restart => "Start a new game?",
                Leave::Quit => "Quit?",
            },
            &[
                match leave {
                    Leave::Restart => "This game will be lost.",
                    Leave::Quit => "This game is kept for next time.",
                },
                "y or Enter: yes",
                "n or Esc: back to the game",
            ],
        ),
        Screen::Resume => popup(
            frame,
            board,
            "Resume your last game?",
            &["y or Enter: resume", "n: start afresh"],
        ),
        Screen::Playing => {}
    }
}

fn dim(app: &App) -> Style {
    if app.color() {
        Style::new().fg(Color::DarkGray)
    } else {
        Style::new()
    }
}

fn draw_header(frame: &mut Frame, app: &App, area: Rect) {
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let left = Line::from(Span::styled("2048", bold));
    let right = Line::from(vec![
        Span::raw("Score "),
        Span::styled(app.state().score().to_string(), bold),
        Span::raw("   Best "),
        Span::styled(app.best().to_string(), bold),
    ])
    .alignment(Alignment::Right);
    frame.render_widget(left, area);
    frame.render_widget(right, area);
}

fn draw_board(frame: &mut Frame, app: &App, area: Rect) {
    let frame_style = if app.color() {
        Style::new().fg(Color::Rgb(0xbb, 0xad, 0xa0))
    } else {
        Style::new()
    };
    let block = Block::bordered().border_style(frame_style);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let exponents = app.state().exponents();
    for (cell, &e) in exponents.iter().enumerate() {
        let (row, col) = (cell as u16 / 4, cell as u16 % 4);
        let rect = Rect {
            x: inner.x + col * TILE.0,
            y: inner.y + row * TILE.1,
            width: TILE.0,
            height: TILE.1,
        };
        draw_tile(frame, app.color(), e, rect);
    }
}

fn draw_tile(frame: &mut Frame, color: bool, exponent: u8, area: Rect) {
    let text = if exponent == 0 {
        String::new()
    } else {
        tile_value(exponent).to_string()
    };
    if color {
        let style = tile_style(exponent);
        let inner = Rect {
            width: area.width - 1,
            ..area
        };
        let lines = vec![Line::raw(""), Line::raw(text)];
        frame.render_widget(
            Paragraph::new(lines)
                .alignment(Alignment::Center)
                .style(style),
            inner,
        );
    } else {
        let block = if exponent == 0 {
            Block::new()
        } else {
            Block::bordered()
        };
        frame.render_widget(
            Paragraph::new(text)
                .alignment(Alignment::Center)
                .block(block),
            area,
        );
    }
}

/// The original game's colours: background and text for each tile.
pub fn tile_style(exponent: u8) -> Style {
    let (bg, fg) = match exponent {
        0 => (0xcdc1b4, 0x776e65),
        1 => (0xeee4da, 0x776e65),
        2 => (0xede0c8, 0x776e65),
        3 => (0xf2b179, 0xf9f6f2),
        4 => (0xf59563, 0xf9f6f2),
        5 => (0xf67c5f, 0xf9f6f2),
        6 => (0xf65e3b, 0xf9f6f2),
        7 => (0xedcf72, 0xf9f6f2),
        8 => (0xedcc61, 0xf9f6f2),
        9 => (0xedc850, 0xf9f6f2),
        10 => (0xedc53f, 0xf9f6f2),
        11 => (0xedc22e, 0xf9f6f2),
        _ => (0x3c3a32, 0xf9f6f2),
    };
    Style::new()
        .bg(Color::from_u32(bg))
        .fg(Color::from_u32(fg))
        .add_modifier(Modifier::BOLD)
}

fn keys_help(app: &App) -> String {
    let autoplay = if app.autoplaying() {
        format!("A stop autoplay ({} ms, +/- pace)", app.pace().as_millis())
    } else {
        "A autoplay".to_string()
    };
    format!("arrows/WASD/HJKL slide · u undo · r restart · H hint · {autoplay} · q quit")
}

fn status_line(app: &App) -> String {
    if let Some(message) = app.message() {
        return message.to_string();
    }
    if let Some(hint) = app.hint() {
        let state = app.state();
        let values: Vec<String> = hint
            .iter()
            .map(|m| format!("{} {:.0}", state.move_string(m.mv), m.value))
            .collect();
        return match hint.first() {
            Some(best) => format!("Hint: {}   ({})", arrow(best.mv), values.join(", ")),
            None => "Hint: no move".to_string(),
        };
    }
    if app.state().has_won() {
        "You made 2048 — keep going!".to_string()
    } else {
        "Join the tiles to make 2048.".to_string()
    }
}

fn arrow(mv: Move) -> String {
    match mv {
        Move::Slide(d) => format!(
            "{} {}",
            match d {
                tabula_2048::Direction::Up => "↑",
                tabula_2048::Direction::Down => "↓",
                tabula_2048::Direction::Left => "←",
                tabula_2048::Direction::Right => "→",
            },
            d.name()
        ),
        Move::Spawn { .. } => String::new(),
    }
}

fn popup(frame: &mut Frame, over: Rect, title: &str, lines: &[&str]) {
    let height = lines.len() as u16 + 4;
    let width = over.width.saturating_sub(4);
    let area = Rect {
        x: over.x + (over.width - width) / 2,
        y: over.y + over.height.saturating_sub(height) / 2,
        width,
        height,
    };
    let mut text = vec![Line::from(Span::styled(
        title.to_string(),
        Style::new().add_modifier(Modifier::BOLD),
    ))];
    text.push(Line::raw(""));
    text.extend(lines.iter().map(|l| Line::raw(l.to_string())));
    frame.render_widget(Clear, area);
    frame.render_widget(
        Paragraph::new(text)
            .alignment(Alignment::Center)
            .block(Block::bordered()),
        area,
    );
}
