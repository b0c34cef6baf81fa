//! The window's top level: the settings bar, then either the start screen or a match (side
//! panel and board), the engine's news taken in every frame.

use eframe::egui::{
    self, Align2, CentralPanel, Color32, FontId, Key, Panel, ScrollArea, Sense, Ui, Vec2,
};
use tabula_games::GameKind;
use tabula_i18n::{tr, Catalog, Lang};
use tabula_match::{Command, Event, MatchError};

use crate::anim::AnimSpeed;
use crate::board::{self, Grid};
use crate::games::{self, Look};
use crate::play::Play;
use crate::prefs::{Prefs, Theme};
use crate::screenshot::Screenshot;
use crate::side::{self, SideAction, Tally};
use crate::start::{Mode, StartAction, StartForm};

/// The desktop application.
pub struct DesktopApp {
    prefs: Prefs,
    catalog: Catalog,
    start: StartForm,
    play: Option<Play>,
    tally: Tally,
    shot: Option<Screenshot>,
}

/// A match of `kind` between two people (or one at 2048) with `moves` played, for screenshot
/// mode; a bad move is an error that says which.
pub fn prepared(kind: GameKind, moves: Option<&str>) -> Result<Play, String> {
    let form = StartForm {
        game: kind,
        mode: Mode::TwoPlayers,
        ..StartForm::default()
    };
    let mut play = Play::open(form.settings()).map_err(|e: MatchError| e.to_string())?;
    if let Some(moves) = moves {
        play.replay(moves, 0.0)?;
    }
    Ok(play)
}

impl DesktopApp {
    /// The application: settings from eframe's storage (unless taking a screenshot, which uses
    /// the defaults), `lang` over the stored language, `play` shown at once when given.
    pub fn new(
        cc: &eframe::CreationContext<'_>,
        lang: Option<Lang>,
        play: Option<Play>,
        shot: Option<Screenshot>,
    ) -> DesktopApp {
        crate::fonts::install(&cc.egui_ctx);
        let mut prefs = if shot.is_some() {
            Prefs {
                anim: match shot.as_ref().and_then(Screenshot::anim_at) {
                    Some(_) => AnimSpeed::Normal,
                    None => AnimSpeed::Off,
                },
                ..Prefs::default()
            }
        } else {
            Prefs::load(cc.storage)
        };
        if let Some(lang) = lang {
            prefs.lang = lang.code().to_string();
        }
        cc.egui_ctx.set_theme(prefs.theme.egui());
        let mut play = play;
        if let Some(play) = &mut play {
            play.wake(&cc.egui_ctx);
        }
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        DesktopApp {
            catalog: Catalog::new(prefs.lang()),
            prefs,
            start: StartForm {
                seed,
                ..StartForm::default()
            },
            play,
            tally: Tally::default(),
            shot,
        }
    }

    /// The match on screen, if any.
    pub fn play(&self) -> Option<&Play> {
        self.play.as_ref()
    }

    /// The settings (tests turn animation off through it).
    pub fn prefs_mut(&mut self) -> &mut Prefs {
        &mut self.prefs
    }

    /// Takes in the engine's news: the scoreboard and the best 2048 score.
    fn poll(&mut self, now: f64) {
        let Some(play) = &mut self.play else { return };
        for event in play.poll(now) {
            if let Event::GameOver { ending, .. } = event {
                self.tally.record(play.view().game, ending);
            }
        }
        let view = play.view();
        if view.game == GameKind::Game2048 {
            let score = view.scores.first().copied().unwrap_or(0);
            self.prefs.best_2048 = self.prefs.best_2048.max(score);
        }
    }

    /// The bar at the top: theme, animation speed, language.
    fn settings_bar(&mut self, ui: &mut Ui) {
        let cat = &self.catalog;
        ui.horizontal_wrapped(|ui| {
            ui.label(tr!(cat, "desktop-theme"));
            for theme in Theme::ALL {
                if ui
                    .selectable_value(&mut self.prefs.theme, theme, tr!(cat, theme.key()))
                    .clicked()
                {
                    ui.ctx().set_theme(theme.egui());
                }
            }
            ui.separator();
            ui.label(tr!(cat, "desktop-animation"));
            for speed in AnimSpeed::ALL {
                ui.selectable_value(&mut self.prefs.anim, speed, tr!(cat, speed.key()));
            }
            ui.separator();
            ui.label(tr!(cat, "menu-language"));
            for lang in Lang::ALL {
                let code = lang.code().to_string();
                ui.selectable_value(&mut self.prefs.lang, code, lang.native_name());
            }
        });
        if self.catalog.lang() != self.prefs.lang() {
            self.catalog = Catalog::new(self.prefs.lang());
        }
    }
}

impl eframe::App for DesktopApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        let now = ctx.input(|i| i.time);
        self.poll(now);
        if let (Some(play), Some(at)) = (
            &mut self.play,
            self.shot.as_ref().and_then(Screenshot::anim_at),
        ) {
            play.hold_animation(now, at);
        }
        Panel::top("settings").show(ui, |ui| self.settings_bar(ui));
        let cat = &self.catalog;
        match &mut self.play {
            None => {
                let action = CentralPanel::default()
                    .show(ui, |ui| self.start.ui(ui, cat))
                    .inner;
                match action {
                    Some(StartAction::Play(settings)) => match Play::open(*settings) {
                        Ok(mut play) => {
                            play.wake(&ctx);
                            self.play = Some(play);
                        }
                        Err(e) => eprintln!("tabula-desktop: {e}"),
                    },
                    Some(StartAction::Quit) => ctx.send_viewport_cmd(egui::ViewportCommand::Close),
                    None => {}
                }
            }
            Some(play) => {
                let tally = &self.tally;
                let action = Panel::right("side")
                    .default_size(300.0)
                    .show(ui, |ui| {
                        ScrollArea::vertical()
                            .show(ui, |ui| side::show(ui, play, cat, tally, now))
                            .inner
                    })
                    .inner;
                CentralPanel::default().show(ui, |ui| {
                    board_area(ui, play, cat, &self.prefs, now);
                });
                if action == Some(SideAction::Menu) {
                    self.play = None;
                }
            }
        }
        if let Some(shot) = &mut self.shot {
            shot.frame(&ctx);
        }
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        if self.shot.is_none() {
            self.prefs.save(storage);
        }
    }

    fn persist_egui_memory(&self) -> bool {
        self.shot.is_none()
    }
}

/// The board: the 2048 score above it, the squares, the mouse and the keys.
fn board_area(ui: &mut Ui, play: &mut Play, cat: &Catalog, prefs: &Prefs, now: f64) {
    let view = play.view().clone();
    if view.game == GameKind::Game2048 {
        score_header(ui, play, cat, prefs, now);
    }
    if let Some(player) = play.passed() {
        ui.label(
            egui::RichText::new(tr!(
                cat,
                "desktop-pass",
                player = tabula_match::words::player_name(cat, view.game, player),
                other = tabula_match::words::player_name(cat, view.game, player ^ 1)
            ))
            .size(18.0)
            .strong()
            .color(Color32::from_rgb(0xe5, 0x39, 0x35)),
        );
    }
    let mut space = ui.available_rect_before_wrap();
    if play.graph && !view.evaluations.is_empty() {
        let height = (space.height() * 0.22).clamp(60.0, 140.0);
        let strip =
            egui::Rect::from_min_max(egui::pos2(space.left(), space.bottom() - height), space.max);
        space.max.y = strip.top() - 8.0;
        if let Some(ply) = crate::graph::show(ui, strip, &view, cat) {
            play.send(Command::GoTo(ply), now);
        }
    }
    let grid = Grid::fit(space, view.width, view.height, games::margin(view.game));
    if view.game == GameKind::Game2048 {
        let drag = ui.interact(grid.rect(), ui.scope_id().with("drag"), Sense::drag());
        if drag.dragged() {
            play.drag += drag.drag_delta();
        }
        if drag.drag_stopped() {
            if let Some(direction) = swipe(play.drag) {
                play.send(Command::Play(direction.to_string()), now);
            }
            play.drag = Vec2::ZERO;
        }
        if !ui.ctx().egui_wants_keyboard_input() {
            if let Some(direction) = ui.input(arrow_key) {
                play.send(Command::Play(direction.to_string()), now);
            }
        }
    }
    let input = board::squares(ui, &grid, &view);
    // A click on a legal move plays it; one on a forbidden renju point is sent too, so that the
    // controller's refusal names the reason.
    let playable =
        |c: usize| view.move_on(c).is_some() || view.forbidden.iter().any(|f| f.cell == c);
    if let Some(cell) = input.clicked.filter(|&c| playable(c)) {
        play.send(Command::PlayCell(cell), now);
        ui.ctx().request_repaint();
    }
    let look = Look {
        anim: play.anim(now, prefs.anim),
        hints: play.hints,
        numbers: play.numbers,
        heat: play.heat,
        hover: input.hovered,
        text: ui.visuals().text_color(),
    };
    games::paint(ui.painter(), &grid, &view, &look);
    if look.anim.running() {
        ui.ctx().request_repaint();
    }
}

/// 2048's score, the best score and the "+N" that floats up after a scoring move.
fn score_header(ui: &mut Ui, play: &Play, cat: &Catalog, prefs: &Prefs, now: f64) {
    let score = play.view().scores.first().copied().unwrap_or(0);
    let response = ui.label(
        egui::RichText::new(tr!(
            cat,
            "desktop-score-best",
            score = score,
            best = prefs.best_2048.max(score)
        ))
        .size(20.0)
        .strong(),
    );
    if let Some((gain, t)) = play.gain(now).filter(|_| prefs.anim != AnimSpeed::Off) {
        let at = response.rect.right_center() + Vec2::new(12.0, -30.0 * t);
        let alpha = (255.0 * (1.0 - t / 0.8)) as u8;
        ui.painter().text(
            at,
            Align2::LEFT_CENTER,
            format!("+{gain}"),
            FontId::proportional(20.0),
            Color32::from_rgba_unmultiplied(0x77, 0x6e, 0x65, alpha),
        );
        ui.ctx().request_repaint();
    }
}

/// The 2048 move of an arrow key or W, A, S, D pressed this frame.
fn arrow_key(input: &egui::InputState) -> Option<&'static str> {
    [
        (Key::ArrowLeft, Key::A, "left"),
        (Key::ArrowRight, Key::D, "right"),
        (Key::ArrowUp, Key::W, "up"),
        (Key::ArrowDown, Key::S, "down"),
    ]
    .into_iter()
    .find(|(arrow, letter, _)| input.key_pressed(*arrow) || input.key_pressed(*letter))
    .map(|(_, _, name)| name)
}

/// The 2048 move of a mouse drag: its main direction, once it is longer than a tile's third.
fn swipe(drag: Vec2) -> Option<&'static str> {
    if drag.length() < 30.0 {
        return None;
    }
    Some(if drag.x.abs() > drag.y.abs() {
        if drag.x > 0.0 {
            "right"
        } else {
            "left"
        }
    } else if drag.y > 0.0 {
        "down"
    } else {
        "up"
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drags_pick_their_main_direction() {
        assert_eq!(swipe(Vec2::new(80.0, 10.0)), Some("right"));
        assert_eq!(swipe(Vec2::new(-80.0, 60.0)), Some("left"));
        assert_eq!(swipe(Vec2::new(5.0, -40.0)), Some("up"));
        assert_eq!(swipe(Vec2::new(0.0, 40.0)), Some("down"));
        assert_eq!(swipe(Vec2::new(10.0, 10.0)), None);
    }

    #[test]
    fn a_bad_screenshot_move_says_which() {
        let error = prepared(GameKind::Reversi, Some("f5 zz9")).err().unwrap();
        assert!(error.contains("move 2") && error.contains("zz9"), "{error}");
        let play = prepared(GameKind::Reversi, Some("f5 d6 c3")).unwrap();
        assert_eq!(play.transcript(), "f5 d6 c3");
    }
}
