//! Colours, and the monochrome fallback under `NO_COLOR` or `TERM=dumb`.

use ratatui::style::{Color, Modifier, Style};

/// Whether the environment allows colours: not when `NO_COLOR` is set and not empty, nor when
/// `TERM` is `dumb`.
pub fn color_from_env() -> bool {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let dumb = std::env::var("TERM").is_ok_and(|t| t == "dumb");
    !no_color && !dumb
}

/// The styles of one screen, in colour or in monochrome.
#[derive(Clone, Copy, Debug)]
pub struct Theme {
    /// Whether colours are used.
    pub color: bool,
}

impl Theme {
    fn pick(self, colored: Style, mono: Style) -> Style {
        if self.color {
            colored
        } else {
            mono
        }
    }

    /// A player's piece (0: black/X, 1: white/O) on the board's background.
    pub fn piece(self, player: usize, board_bg: Option<Color>) -> Style {
        let fg = match player {
            0 => Color::Black,
            _ => Color::White,
        };
        let mut style = Style::default().fg(fg).add_modifier(Modifier::BOLD);
        if let Some(bg) = board_bg {
            style = style.bg(bg);
        }
        self.pick(style, Style::default().add_modifier(Modifier::BOLD))
    }

    /// A tic-tac-toe mark.
    pub fn mark(self, player: usize) -> Style {
        let fg = if player == 0 { Color::Red } else { Color::Blue };
        self.pick(
            Style::default().fg(fg).add_modifier(Modifier::BOLD),
            Style::default().add_modifier(Modifier::BOLD),
        )
    }

    /// Grid lines and empty cells on a board with this background.
    pub fn board(self, bg: Color) -> Style {
        self.pick(Style::default().fg(Color::Black).bg(bg), Style::default())
    }

    /// Coordinates on the board's edges.
    pub fn label(self) -> Style {
        self.pick(Style::default().fg(Color::DarkGray), Style::default())
    }

    /// The cursor's cell.
    pub fn cursor(self) -> Style {
        Style::default().add_modifier(Modifier::REVERSED)
    }

    /// A cell of the winning line.
    pub fn winning(self) -> Style {
        self.pick(
            Style::default()
                .bg(Color::Yellow)
                .add_modifier(Modifier::BOLD),
            Style::default().add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
        )
    }

    /// A hint value (`best` for the best move).
    pub fn hint(self, best: bool) -> Style {
        let fg = if best { Color::LightGreen } else { Color::Cyan };
        self.pick(Style::default().fg(fg), Style::default())
            .add_modifier(if best {
                Modifier::BOLD
            } else {
                Modifier::empty()
            })
    }

    /// Titles and headings.
    pub fn title(self) -> Style {
        self.pick(
            Style::default()
                .fg(Color::Yellow)
                .add_modifier(Modifier::BOLD),
            Style::default().add_modifier(Modifier::BOLD),
        )
    }

    /// The selected line of a menu.
    pub fn selected(self) -> Style {
        self.pick(
            Style::default().fg(Color::Black).bg(Color::Yellow),
            Style::default().add_modifier(Modifier::REVERSED),
        )
    }

    /// Quiet text.
    pub fn dim(self) -> Style {
        self.pick(Style::default().fg(Color::Gray), Style::default())
    }

    /// An error or warning.
    pub fn error(self) -> Style {
        self.pick(
            Style::default().fg(Color::LightRed),
            Style::default().add_modifier(Modifier::BOLD),
        )
    }

    /// A 2048 tile of `value` (0: an empty cell).
    pub fn tile(self, value: u64) -> Style {
        let (bg, fg) = match value {
            0 => (Color::Rgb(205, 193, 180), Color::Black),
            2 => (Color::Rgb(238, 228, 218), Color::Rgb(119, 110, 101)),
            4 => (Color::Rgb(237, 224, 200), Color::Rgb(119, 110, 101)),
            8 => (Color::Rgb(242, 177, 121), Color::White),
            16 => (Color::Rgb(245, 149, 99), Color::White),
            32 => (Color::Rgb(246, 124, 95), Color::White),
            64 => (Color::Rgb(246, 94, 59), Color::White),
            128 => (Color::Rgb(237, 207, 114), Color::White),
            256 => (Color::Rgb(237, 204, 97), Color::White),
            512 => (Color::Rgb(237, 200, 80), Color::White),
            1024 => (Color::Rgb(237, 197, 63), Color::White),
            2048 => (Color::Rgb(237, 194, 46), Color::White),
            _ => (Color::Rgb(60, 58, 50), Color::White),
        };
        self.pick(
            Style::default().fg(fg).bg(bg).add_modifier(Modifier::BOLD),
            if value == 0 {
                Style::default()
            } else {
                Style::default().add_modifier(Modifier::BOLD)
            },
        )
    }
}
