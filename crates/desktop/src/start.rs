//! The start screen: which game, who plays, who moves first, how strong the computer is, the
//! game's own settings, its instructions, start and quit.

use eframe::egui::{self, RichText, Ui};
use std::time::Duration;
use tabula_games::{GameKind, Opening, Rules};
use tabula_gomoku::Rule;
use tabula_i18n::{tr, Catalog};

use tabula_match::{MatchSettings, SeatSpec, TimeControl};

/// Who plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A person against the computer (in 2048: a person alone).
    VsComputer,
    /// Two people at one screen.
    TwoPlayers,
    /// The computer against itself (in 2048: the computer alone).
    ComputerVsComputer,
}

/// How strong the computer plays, in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strength {
    /// A beginner's game.
    Easy,
    /// A club player's.
    Medium,
    /// Strong.
    Hard,
    /// The engine's best.
    Expert,
}

impl Strength {
    const ALL: [Strength; 4] = [
        Strength::Easy,
        Strength::Medium,
        Strength::Hard,
        Strength::Expert,
    ];

    fn key(self) -> &'static str {
        match self {
            Strength::Easy => "desktop-strength-easy",
            Strength::Medium => "desktop-strength-medium",
            Strength::Hard => "desktop-strength-hard",
            Strength::Expert => "desktop-strength-expert",
        }
    }

    /// The computer player's agent spec for `kind` at this strength.
    pub fn spec(self, kind: GameKind) -> String {
        let step = self as usize;
        match kind {
            GameKind::TicTacToe => ["random", "rules", "minimax", "minimax"][step].to_string(),
            GameKind::Reversi | GameKind::Gomoku => {
                format!("engine:level={}", [1, 4, 7, 10][step])
            }
            GameKind::Game2048 => [
                "greedy",
                "expectimax:depth=1",
                "expectimax:depth=2",
                "expectimax",
            ][step]
                .to_string(),
        }
    }
}

/// The kind of time control chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    /// No clocks.
    None,
    /// A fixed time for every move.
    PerMove,
    /// Minutes per player plus seconds added after each move.
    Fischer,
}

/// The time control on the start screen: its kind and the numbers of each kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockForm {
    /// Which kind.
    pub kind: Clock,
    /// Per move: seconds for each move.
    pub per_move_secs: u64,
    /// Fischer: each player's minutes.
    pub minutes: u64,
    /// Fischer: seconds added after each move.
    pub increment_secs: u64,
}

impl Default for ClockForm {
    fn default() -> Self {
        ClockForm {
            kind: Clock::None,
            per_move_secs: 10,
            minutes: 5,
            increment_secs: 3,
        }
    }
}

impl ClockForm {
    /// The controller's time control, if any.
    pub fn time_control(&self) -> Option<TimeControl> {
        match self.kind {
            Clock::None => None,
            Clock::PerMove => Some(TimeControl::PerMove {
                per_move_ms: Duration::from_secs(self.per_move_secs),
            }),
            Clock::Fischer => Some(TimeControl::Fischer {
                base_ms: Duration::from_secs(self.minutes * 60),
                increment_ms: Duration::from_secs(self.increment_secs),
            }),
        }
    }

    /// The choice of kind and, for the kind chosen, its numbers.
    fn ui(&mut self, ui: &mut Ui, cat: &Catalog) {
        ui.horizontal(|ui| {
            ui.label(tr!(cat, "desktop-clock"));
            for (kind, key) in [
                (Clock::None, "desktop-clock-none"),
                (Clock::PerMove, "desktop-clock-per-move"),
                (Clock::Fischer, "desktop-clock-fischer"),
            ] {
                ui.radio_value(&mut self.kind, kind, tr!(cat, key));
            }
        });
        let number = |ui: &mut Ui, key: &str, value: &mut u64, range| {
            let label = ui.label(tr!(cat, key));
            ui.add(egui::Slider::new(value, range))
                .labelled_by(label.id);
        };
        match self.kind {
            Clock::None => {}
            Clock::PerMove => {
                ui.horizontal(|ui| {
                    number(
                        ui,
                        "desktop-clock-seconds",
                        &mut self.per_move_secs,
                        1..=120,
                    )
                });
            }
            Clock::Fischer => {
                ui.horizontal(|ui| {
                    number(ui, "desktop-clock-minutes", &mut self.minutes, 1..=60);
                    number(
                        ui,
                        "desktop-clock-increment",
                        &mut self.increment_secs,
                        0..=60,
                    );
                });
            }
        }
    }
}

/// What the start screen asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum StartAction {
    /// Start a match with these settings.
    Play(Box<MatchSettings>),
    /// Leave the program.
    Quit,
}

/// The choices on the start screen.
#[derive(Clone, Debug)]
pub struct StartForm {
    /// The game.
    pub game: GameKind,
    /// Who plays.
    pub mode: Mode,
    /// Against the computer: whether the person moves first.
    pub person_first: bool,
    /// The computer's strength.
    pub strength: Strength,
    /// Gomoku's board side.
    pub gomoku_size: usize,
    /// Gomoku's rule: freestyle, standard (exactly five) or renju.
    pub gomoku_rule: Rule,
    /// Gomoku's opening: black begins, or a swap opening.
    pub gomoku_opening: Opening,
    /// 2048's goal tile.
    pub goal: u64,
    /// The time control (two-player games).
    pub clock: ClockForm,
    /// Whether the instructions are open.
    pub help: bool,
    /// The seed of the computer players and 2048's tiles.
    pub seed: u64,
}

impl Default for StartForm {
    fn default() -> Self {
        StartForm {
            game: GameKind::TicTacToe,
            mode: Mode::VsComputer,
            person_first: true,
            strength: Strength::Medium,
            gomoku_size: 15,
            gomoku_rule: Rule::Freestyle,
            gomoku_opening: Opening::Standard,
            goal: 2048,
            clock: ClockForm::default(),
            help: false,
            seed: 0,
        }
    }
}

impl StartForm {
    /// The settings of the match these choices describe.
    pub fn settings(&self) -> MatchSettings {
        let kind = self.game;
        let computer = || SeatSpec::Computer(self.strength.spec(kind));
        let seats = match (kind.players(), self.mode) {
            (1, Mode::ComputerVsComputer) => vec![computer()],
            (1, _) => vec![SeatSpec::Human],
            (_, Mode::TwoPlayers) => vec![SeatSpec::Human, SeatSpec::Human],
            (_, Mode::ComputerVsComputer) => vec![computer(), computer()],
            (_, Mode::VsComputer) if self.person_first => vec![SeatSpec::Human, computer()],
            (_, Mode::VsComputer) => vec![computer(), SeatSpec::Human],
        };
        let rules = match kind {
            GameKind::Gomoku => Rules::Gomoku {
                size: self.gomoku_size,
                rule: self.gomoku_rule,
                opening: self.gomoku_opening,
            },
            GameKind::Game2048 => Rules::Game2048 { goal: self.goal },
            _ => Rules::standard(kind),
        };
        MatchSettings {
            rules,
            seed: self.seed,
            clock: if kind.players() > 1 {
                self.clock.time_control()
            } else {
                None
            },
            ..MatchSettings::with_seats(kind, seats)
        }
    }

    /// Draws the start screen; returns what the player asked for.
    pub fn ui(&mut self, ui: &mut Ui, cat: &Catalog) -> Option<StartAction> {
        let mut action = None;
        ui.heading(RichText::new(tr!(cat, "desktop-title")).size(28.0));
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            ui.label(tr!(cat, "desktop-game"));
            for &kind in GameKind::ALL {
                let name = tr!(cat, &format!("game-{}", kind.name()));
                ui.selectable_value(&mut self.game, kind, name);
            }
        });
        let solo = self.game.players() == 1;
        ui.horizontal(|ui| {
            ui.label(tr!(cat, "desktop-mode"));
            if solo {
                if self.mode == Mode::TwoPlayers {
                    self.mode = Mode::VsComputer;
                }
                ui.radio_value(
                    &mut self.mode,
                    Mode::VsComputer,
                    tr!(cat, "desktop-mode-solo"),
                );
                ui.radio_value(
                    &mut self.mode,
                    Mode::ComputerVsComputer,
                    tr!(cat, "desktop-mode-computer-plays"),
                );
            } else {
                ui.radio_value(
                    &mut self.mode,
                    Mode::VsComputer,
                    tr!(cat, "desktop-mode-vs-computer"),
                );
                ui.radio_value(
                    &mut self.mode,
                    Mode::TwoPlayers,
                    tr!(cat, "desktop-mode-two-players"),
                );
                ui.radio_value(
                    &mut self.mode,
                    Mode::ComputerVsComputer,
                    tr!(cat, "desktop-mode-computer-vs-computer"),
                );
            }
        });
        if !solo && self.mode == Mode::VsComputer {
            ui.horizontal(|ui| {
                ui.label(tr!(cat, "desktop-first"));
                ui.radio_value(&mut self.person_first, true, tr!(cat, "desktop-first-you"));
                ui.radio_value(
                    &mut self.person_first,
                    false,
                    tr!(cat, "desktop-first-computer"),
                );
            });
        }
        if self.mode != Mode::TwoPlayers {
            ui.horizontal(|ui| {
                ui.label(tr!(cat, "desktop-strength"));
                for strength in Strength::ALL {
                    ui.radio_value(&mut self.strength, strength, tr!(cat, strength.key()));
                }
            });
        }
        match self.game {
            GameKind::Gomoku => {
                ui.horizontal(|ui| {
                    let label = ui.label(tr!(cat, "desktop-board-size"));
                    ui.add(egui::Slider::new(&mut self.gomoku_size, 5..=22))
                        .labelled_by(label.id);
                });
                ui.horizontal(|ui| {
                    ui.label(tr!(cat, "desktop-rule"));
                    for (rule, key) in [
                        (Rule::Freestyle, "desktop-rule-freestyle"),
                        (Rule::Standard, "desktop-rule-standard"),
                        (Rule::Renju, "desktop-rule-renju"),
                    ] {
                        ui.radio_value(&mut self.gomoku_rule, rule, cat.text(key));
                    }
                });
                ui.horizontal(|ui| {
                    ui.label(tr!(cat, "desktop-opening"));
                    for &opening in Opening::ALL {
                        let key = format!("opening-name-{}", opening.name());
                        ui.radio_value(&mut self.gomoku_opening, opening, cat.text(&key));
                    }
                });
            }
            GameKind::Game2048 => {
                ui.horizontal(|ui| {
                    ui.label(tr!(cat, "desktop-goal"));
                    for goal in [512, 1024, 2048, 4096, 8192] {
                        ui.radio_value(&mut self.goal, goal, goal.to_string());
                    }
                });
            }
            _ => {}
        }
        if !solo {
            self.clock.ui(ui, cat);
        }
        ui.add_space(12.0);
        ui.horizontal(|ui| {
            if ui
                .button(RichText::new(tr!(cat, "menu-start")).size(18.0))
                .clicked()
            {
                action = Some(StartAction::Play(Box::new(self.settings())));
            }
            ui.toggle_value(&mut self.help, tr!(cat, "menu-instructions"));
            if ui.button(tr!(cat, "menu-quit")).clicked() {
                action = Some(StartAction::Quit);
            }
        });
        if self.help {
            ui.add_space(8.0);
            ui.group(|ui| {
                ui.label(tr!(cat, &format!("desktop-help-{}", self.game.name())));
                ui.label(tr!(cat, "desktop-help-window"));
            });
        }
        action
    }
}
