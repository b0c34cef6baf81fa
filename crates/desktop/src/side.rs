//! The side panel: players and whose turn, clocks, the engine's report while it thinks, the
//! scoreboard, the buttons (undo, redo, new game, hints, back to the start screen), the move
//! list, save and load, and copy and paste of the game record.

use std::path::PathBuf;

use eframe::egui::{self, RichText, ScrollArea, Ui};
use tabula_games::GameKind;
use tabula_i18n::{tr, Catalog};
use tabula_match::words::{self, player_name};
use tabula_match::{Command, Ending, Status, View};

use crate::play::{Message, Play};

/// Wins per seat and draws in this run of the window, for the games of one kind.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// The game counted.
    pub game: Option<GameKind>,
    /// Wins of the first and second player.
    pub wins: [u32; 2],
    /// Draws.
    pub draws: u32,
}

impl Tally {
    /// Counts a finished game of `kind` (a new kind starts the count again).
    pub fn record(&mut self, kind: GameKind, ending: Ending) {
        if self.game != Some(kind) {
            *self = Tally {
                game: Some(kind),
                ..Tally::default()
            };
        }
        match ending.winner() {
            Some(player) if player < 2 => self.wins[player] += 1,
            Some(_) => {}
            None if ending == Ending::Draw => self.draws += 1,
            None => {}
        }
    }
}

/// What the side panel asks the window to do besides commands to the match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SideAction {
    /// Go back to the start screen.
    Menu,
}

/// Draws the side panel; sends what the buttons ask to `play`.
pub fn show(
    ui: &mut Ui,
    play: &mut Play,
    cat: &Catalog,
    tally: &Tally,
    now: f64,
) -> Option<SideAction> {
    let mut action = None;
    let view = play.view().clone();
    ui.heading(cat.text(words::game_key(view.game)));
    ui.label(RichText::new(words::status(cat, &view)).strong().size(16.0));
    if let (Some(line), Some(opening)) = (words::opening_line(cat, &view), &view.opening) {
        ui.label(line);
        if let Some(options) = opening.person_choices() {
            ui.horizontal_wrapped(|ui| {
                for &choice in options {
                    if ui.button(tr!(cat, choice.key())).clicked() {
                        play.send(Command::Choose(choice), now);
                    }
                }
            });
        }
    }
    ui.separator();
    for (player, seat) in view.seats.iter().enumerate() {
        let who = match &seat.agent {
            None => tr!(cat, "player-person"),
            Some(agent) => tr!(cat, "player-computer", agent = agent.as_str()),
        };
        let mut line = format!("{}: {who}", player_name(cat, view.game, player));
        if view.game.players() > 1 {
            if let Some(count) = view.scores.get(player) {
                line += &format!("  ({count})");
            }
        }
        if let Some(clock) = view.clocks.as_ref().and_then(|c| c.get(player)) {
            let secs = clock.remaining.as_secs();
            line += &format!("  {}:{:02}", secs / 60, secs % 60);
        }
        let marker = if view.to_move() == Some(player) {
            "» "
        } else {
            "   "
        };
        ui.label(format!("{marker}{line}"));
    }
    if view.game.players() == 1 {
        let score = view.scores.first().copied().unwrap_or(0);
        ui.label(tr!(cat, "desktop-score", score = score));
        if view.goal_reached {
            ui.label(tr!(cat, "desktop-goal-reached"));
        }
    }
    if tally.game == Some(view.game) && view.game.players() > 1 {
        ui.label(tr!(
            cat,
            "desktop-scoreboard",
            first = player_name(cat, view.game, 0),
            second = player_name(cat, view.game, 1),
            firstwins = tally.wins[0],
            secondwins = tally.wins[1],
            draws = tally.draws
        ));
    }
    if let Some(progress) = &view.thinking {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(tr!(
                cat,
                "desktop-thinking",
                depth = progress.depth,
                nps = progress.nodes_per_second(),
                value = progress
                    .value
                    .map_or("?".to_string(), |v| format!("{v:+.1}"))
            ));
        });
        if !progress.pv.is_empty() {
            ui.label(tr!(cat, "desktop-best-line", line = progress.pv.join(" ")));
        }
    } else if matches!(view.status, Status::Thinking { .. }) {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(tr!(cat, "desktop-thinking-starts"));
        });
    }
    ui.separator();
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(view.can_undo, egui::Button::new(tr!(cat, "desktop-undo")))
            .clicked()
        {
            play.send(Command::Undo, now);
        }
        if ui
            .add_enabled(view.can_redo, egui::Button::new(tr!(cat, "desktop-redo")))
            .clicked()
        {
            play.send(Command::Redo, now);
        }
        if ui.button(tr!(cat, "desktop-new-game")).clicked() {
            play.send(Command::NewGame(None), now);
        }
        if ui.button(tr!(cat, "desktop-menu")).clicked() {
            action = Some(SideAction::Menu);
        }
    });
    ui.horizontal_wrapped(|ui| {
        if ui
            .toggle_value(&mut play.hints, tr!(cat, "desktop-hints"))
            .changed()
        {
            play.sync_hints(now);
        }
        if view.game == GameKind::Gomoku {
            if ui
                .toggle_value(&mut play.heat, tr!(cat, "desktop-heat"))
                .changed()
            {
                play.sync_hints(now);
            }
            ui.toggle_value(&mut play.numbers, tr!(cat, "desktop-numbers"));
        }
        if matches!(view.game, GameKind::Reversi | GameKind::Gomoku)
            && ui
                .toggle_value(&mut play.graph, tr!(cat, "desktop-graph"))
                .changed()
        {
            let on = play.graph;
            play.send(Command::Evaluations(on), now);
        }
        if matches!(view.status, Status::Paused { .. })
            && ui.button(tr!(cat, "desktop-resume")).clicked()
        {
            play.send(Command::Pause(false), now);
        }
        for mv in view.legal.iter().filter(|m| m.cell.is_none()) {
            if ui.button(&mv.notation).clicked() {
                play.send(Command::Play(mv.notation.clone()), now);
            }
        }
    });
    if let Some(message) = &play.message {
        ui.colored_label(ui.visuals().error_fg_color, message.render(cat));
    }
    ui.separator();
    ui.label(RichText::new(tr!(cat, "desktop-moves")).strong());
    ScrollArea::vertical()
        .max_height(160.0)
        .stick_to_bottom(true)
        .show(ui, |ui| {
            if let Some(ply) = move_list(ui, &view) {
                play.send(Command::GoTo(ply), now);
            }
        });
    ui.separator();
    ui.horizontal(|ui| {
        let label = ui.label(tr!(cat, "desktop-file"));
        ui.text_edit_singleline(&mut play.path)
            .labelled_by(label.id);
    });
    ui.horizontal(|ui| {
        if ui.button(tr!(cat, "desktop-save")).clicked() {
            let path = PathBuf::from(play.path.trim());
            if play.send(Command::Save(path), now) {
                play.message = Some(Message::Text(tr!(
                    cat,
                    "desktop-saved",
                    path = play.path.trim()
                )));
            }
        }
        if ui.button(tr!(cat, "desktop-load")).clicked() {
            play.send(Command::Load(PathBuf::from(play.path.trim())), now);
        }
        if ui.button(tr!(cat, "desktop-copy")).clicked() {
            ui.ctx().copy_text(play.transcript());
        }
    });
    ui.horizontal(|ui| {
        let hint = tr!(cat, "desktop-paste-hint");
        ui.add(
            egui::TextEdit::singleline(&mut play.paste)
                .hint_text(hint.as_str())
                .desired_width(160.0),
        )
        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, &hint));
        if ui.button(tr!(cat, "desktop-replay")).clicked() {
            let moves = play.paste.clone();
            let _ = play.replay(&moves, now);
        }
    });
    action
}

/// The moves played and those redo would replay (fainter), numbered from 1 (2048's tiles left
/// out), each a button that goes to the position after it; the current one selected. Returns
/// the ply clicked.
fn move_list(ui: &mut Ui, view: &View) -> Option<usize> {
    let played = view.history.len();
    let mut clicked = None;
    let plies = view.history.iter().chain(&view.redoable);
    let moves = plies.filter(|p| p.player.is_some());
    ui.horizontal_wrapped(|ui| {
        for (number, ply) in moves.enumerate() {
            let ply_number = ply.number as usize;
            let mut text = RichText::new(format!("{}.{}", number + 1, ply.notation)).monospace();
            if ply_number > played {
                text = text.weak();
            }
            let current = ply_number <= played
                && view.history[ply_number..]
                    .iter()
                    .all(|later| later.player.is_none());
            if ui.selectable_label(current, text).clicked() && !current {
                clicked = Some(ply_number);
            }
        }
    });
    clicked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tally_counts_per_game() {
        let mut tally = Tally::default();
        tally.record(GameKind::TicTacToe, Ending::Win { player: 1 });
        tally.record(GameKind::TicTacToe, Ending::Draw);
        tally.record(GameKind::TicTacToe, Ending::Resigned { player: 1 });
        assert_eq!(tally.wins, [1, 1]);
        assert_eq!(tally.draws, 1);
        tally.record(GameKind::Reversi, Ending::Draw);
        assert_eq!((tally.wins, tally.draws), ([0, 0], 1));
    }
}
