//! The launcher: game, mode, who moves first, strength, gomoku's size, rule and opening, 2048's goal,
//! animation and language. Up/Down pick a line, Left/Right (or a click) change it, Enter starts,
//! Esc or `q` quits.

use crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};
use ratatui::Frame;
use tabula_games::{GameKind, Opening, Rules};
use tabula_gomoku::Rule;
use tabula_i18n::{Catalog, Lang};
use tabula_match::{MatchSettings, SeatSpec};

use crate::strength::Strength;
use crate::theme::Theme;
use crate::Animation;
use tabula_match::words::game_key;

/// Who plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Computer,
    People,
    Watch,
}

const SIZES: [usize; 5] = [15, 19, 13, 11, 9];
const GOALS: [u64; 5] = [2048, 4096, 8192, 1024, 512];

/// One line of the launcher.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Game,
    Mode,
    First,
    Strength,
    Size,
    Rule,
    Opening,
    Goal,
    Animation,
    Language,
    Start,
    Quit,
}

/// What the launcher decided.
#[derive(Clone, Debug, PartialEq)]
pub enum LauncherChoice {
    /// Play a game with these settings.
    Start(Box<MatchSettings>),
    /// Leave the program.
    Quit,
}

/// The launcher's choices and where its lines are on screen.
#[derive(Clone, Debug)]
pub struct Launcher {
    game: usize,
    mode: Mode,
    computer_first: bool,
    strength: usize,
    size: usize,
    rule: Rule,
    opening: Opening,
    goal: usize,
    /// The animation pace chosen.
    pub animation: Animation,
    /// The language chosen.
    pub lang: Lang,
    selected: usize,
    rows: Vec<(Rect, Field)>,
}

impl Launcher {
    /// The launcher with the usual choices: reversi against a medium computer.
    pub fn new(lang: Lang, animation: Animation) -> Launcher {
        Launcher {
            game: 1,
            mode: Mode::Computer,
            computer_first: false,
            strength: 2,
            size: 0,
            rule: Rule::Freestyle,
            opening: Opening::Standard,
            goal: 0,
            animation,
            lang,
            selected: 0,
            rows: Vec::new(),
        }
    }

    fn kind(&self) -> GameKind {
        GameKind::ALL[self.game]
    }

    fn modes(&self) -> &'static [Mode] {
        if self.kind() == GameKind::Game2048 {
            &[Mode::People, Mode::Watch]
        } else {
            &[Mode::Computer, Mode::People, Mode::Watch]
        }
    }

    fn fields(&self) -> Vec<Field> {
        let mut fields = vec![Field::Game, Field::Mode];
        if self.mode == Mode::Computer {
            fields.push(Field::First);
        }
        if self.mode != Mode::People {
            fields.push(Field::Strength);
        }
        match self.kind() {
            GameKind::Gomoku => fields.extend([Field::Size, Field::Rule, Field::Opening]),
            GameKind::Game2048 => fields.push(Field::Goal),
            _ => {}
        }
        fields.extend([Field::Animation, Field::Language, Field::Start, Field::Quit]);
        fields
    }

    fn strengths(&self) -> &'static [Strength] {
        Strength::offered(self.kind())
    }

    /// The settings the choices make.
    pub fn settings(&self) -> MatchSettings {
        let kind = self.kind();
        let strengths = self.strengths();
        let spec = strengths[self.strength.min(strengths.len() - 1)].spec(kind);
        let computer = || SeatSpec::Computer(spec.to_string());
        let seats = match (kind.players(), self.mode) {
            (1, Mode::Watch) => vec![computer()],
            (1, _) => vec![SeatSpec::Human],
            (_, Mode::People) => vec![SeatSpec::Human, SeatSpec::Human],
            (_, Mode::Watch) => vec![computer(), computer()],
            (_, Mode::Computer) if self.computer_first => vec![computer(), SeatSpec::Human],
            (_, Mode::Computer) => vec![SeatSpec::Human, computer()],
        };
        let mut settings = MatchSettings::with_seats(kind, seats);
        settings.rules = match kind {
            GameKind::Gomoku => Rules::Gomoku {
                size: SIZES[self.size],
                rule: self.rule,
                opening: self.opening,
            },
            GameKind::Game2048 => Rules::Game2048 {
                goal: GOALS[self.goal],
            },
            _ => settings.rules,
        };
        settings.seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        settings
    }

    /// Changes the value of `field` by `step` (wrapping).
    fn change(&mut self, field: Field, step: i32) {
        let turn = |value: usize, len: usize| (value as i32 + step).rem_euclid(len as i32) as usize;
        match field {
            Field::Game => {
                self.game = turn(self.game, GameKind::ALL.len());
                if !self.modes().contains(&self.mode) {
                    self.mode = self.modes()[0];
                }
                self.strength = self.strength.min(self.strengths().len() - 1);
            }
            Field::Mode => {
                let modes = self.modes();
                let at = modes.iter().position(|&m| m == self.mode).unwrap_or(0);
                self.mode = modes[turn(at, modes.len())];
            }
            Field::First => self.computer_first = !self.computer_first,
            Field::Strength => self.strength = turn(self.strength, self.strengths().len()),
            Field::Size => self.size = turn(self.size, SIZES.len()),
            Field::Rule => {
                let at = Rule::ALL.iter().position(|&r| r == self.rule);
                self.rule = Rule::ALL[turn(at.unwrap_or(0), Rule::ALL.len())];
            }
            Field::Opening => {
                let at = Opening::ALL.iter().position(|&o| o == self.opening);
                self.opening = Opening::ALL[turn(at.unwrap_or(0), Opening::ALL.len())];
            }
            Field::Goal => self.goal = turn(self.goal, GOALS.len()),
            Field::Animation => {
                let at = Animation::ALL.iter().position(|&a| a == self.animation);
                self.animation = Animation::ALL[turn(at.unwrap_or(0), Animation::ALL.len())];
            }
            Field::Language => {
                let at = Lang::ALL.iter().position(|&l| l == self.lang);
                self.lang = Lang::ALL[turn(at.unwrap_or(0), Lang::ALL.len())];
            }
            Field::Start | Field::Quit => {}
        }
        self.selected = self.selected.min(self.fields().len() - 1);
    }

    fn activate(&mut self, field: Field) -> Option<LauncherChoice> {
        match field {
            Field::Quit => Some(LauncherChoice::Quit),
            _ => Some(LauncherChoice::Start(Box::new(self.settings()))),
        }
    }

    /// Takes a key; returns the decision once there is one.
    pub fn key(&mut self, key: KeyEvent) -> Option<LauncherChoice> {
        let fields = self.fields();
        let field = fields[self.selected.min(fields.len() - 1)];
        match key.code {
            KeyCode::Up => self.selected = (self.selected + fields.len() - 1) % fields.len(),
            KeyCode::Down | KeyCode::Tab => self.selected = (self.selected + 1) % fields.len(),
            KeyCode::Left => self.change(field, -1),
            KeyCode::Right => self.change(field, 1),
            KeyCode::Enter | KeyCode::Char(' ') => return self.activate(field),
            KeyCode::Esc | KeyCode::Char('q') => return Some(LauncherChoice::Quit),
            _ => {}
        }
        None
    }

    /// Takes a mouse event: a click selects a line and changes its value (or starts, or quits).
    pub fn mouse(&mut self, mouse: MouseEvent) -> Option<LauncherChoice> {
        if mouse.kind != MouseEventKind::Down(MouseButton::Left) {
            return None;
        }
        let (x, y) = (mouse.column, mouse.row);
        let &(_, field) = self
            .rows
            .iter()
            .find(|(r, _)| r.contains(ratatui::layout::Position { x, y }))?;
        self.selected = self.fields().iter().position(|&f| f == field)?;
        match field {
            Field::Start | Field::Quit => self.activate(field),
            _ => {
                self.change(field, 1);
                None
            }
        }
    }

    fn label(&self, cat: &Catalog, field: Field) -> (String, String) {
        let kind = self.kind();
        let value = match field {
            Field::Game => cat.text(game_key(kind)),
            Field::Mode => cat.text(match (self.mode, kind) {
                (Mode::Computer, _) => "tui-mode-computer",
                (Mode::People, GameKind::Game2048) => "tui-mode-solo",
                (Mode::People, _) => "tui-mode-people",
                (Mode::Watch, _) => "tui-mode-watch",
            }),
            Field::First => cat.text(if self.computer_first {
                "tui-first-computer"
            } else {
                "tui-first-you"
            }),
            Field::Strength => {
                let strengths = self.strengths();
                cat.text(strengths[self.strength.min(strengths.len() - 1)].key())
            }
            Field::Size => format!("{0} × {0}", SIZES[self.size]),
            Field::Rule => cat.text(match self.rule {
                Rule::Freestyle => "tui-rule-freestyle",
                Rule::Standard => "tui-rule-standard",
                Rule::Renju => "tui-rule-renju",
            }),
            Field::Opening => cat.text(match self.opening {
                Opening::Standard => "opening-name-standard",
                Opening::Swap1 => "opening-name-swap1",
                Opening::Swap2 => "opening-name-swap2",
            }),
            Field::Goal => GOALS[self.goal].to_string(),
            Field::Animation => cat.text(match self.animation {
                Animation::Normal => "tui-animation-normal",
                Animation::Fast => "tui-animation-fast",
                Animation::Off => "tui-animation-off",
            }),
            Field::Language => self.lang.native_name().to_string(),
            Field::Start | Field::Quit => String::new(),
        };
        let name = cat.text(match field {
            Field::Game => "tui-launcher-game",
            Field::Mode => "tui-launcher-mode",
            Field::First => "tui-launcher-first",
            Field::Strength => "tui-launcher-strength",
            Field::Size => "tui-launcher-size",
            Field::Rule => "tui-launcher-rule",
            Field::Opening => "tui-launcher-opening",
            Field::Goal => "tui-launcher-goal",
            Field::Animation => "tui-launcher-animation",
            Field::Language => "menu-language",
            Field::Start => "menu-start",
            Field::Quit => "menu-quit",
        });
        (name, value)
    }

    /// Draws the launcher (in the language chosen on it).
    pub fn draw(&mut self, frame: &mut Frame<'_>, theme: Theme) {
        let cat = Catalog::new(self.lang);
        let area = frame.area();
        let fields = self.fields();
        let width = 66.min(area.width);
        let height = (fields.len() as u16 + 6).min(area.height);
        let outer = Rect::new(
            area.x + (area.width - width) / 2,
            area.y + (area.height - height) / 2,
            width,
            height,
        );
        let block = Block::default().borders(Borders::ALL).title(Span::styled(
            format!(" Tabula · {} ", cat.text("tui-launcher-title")),
            theme.title(),
        ));
        let inner = block.inner(outer);
        frame.render_widget(block, outer);
        self.rows.clear();
        let mut lines = Vec::new();
        for (i, &field) in fields.iter().enumerate() {
            let (name, value) = self.label(&cat, field);
            let marker = if i == self.selected { "▸ " } else { "  " };
            let text = match field {
                Field::Start | Field::Quit => format!("{marker}[ {name} ]"),
                _ => format!("{marker}{}‹ {value} ›", crate::text::pad(&name, 14)),
            };
            let style = if i == self.selected {
                theme.selected()
            } else {
                Default::default()
            };
            let y = inner.y + 1 + i as u16;
            if y < inner.y + inner.height {
                self.rows
                    .push((Rect::new(inner.x, y, inner.width, 1), field));
            }
            lines.push(Line::styled(text, style));
        }
        let mut all = vec![Line::raw("")];
        all.extend(lines);
        all.push(Line::raw(""));
        all.push(Line::styled(cat.text("tui-launcher-keys"), theme.dim()));
        frame.render_widget(Paragraph::new(all), inner);
    }
}
