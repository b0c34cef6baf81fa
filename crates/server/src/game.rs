//! One live game: the match controller, the seats' token hashes, what the rules do not decide
//! (resignation, agreed draws, time, rematch), offers and their refusals, the clocks of both
//! seats (also against the computer), and the versioned events the sockets carry. Every change
//! is committed to the store before it is broadcast or answered.

use std::collections::VecDeque;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tabula_core::Player;
use tabula_match::{
    Clocks, Command, Controller, Ending, MatchError, MatchSettings, OpeningAsk, Piece, Present,
    SeatSpec, Status, SwapChoice, View,
};
use tokio::sync::{broadcast, Notify, OwnedSemaphorePermit};

use crate::error::{ApiError, Code};
use crate::secret::{self, SecretHash};
use crate::store::{Change, GameRow, Store, StoredChoice, StoredPly};

/// How many recent events a game keeps for clients that reconnect.
pub const REPLAY_BUFFER: usize = 64;

/// The most a search's budget leaves aside (of a tenth of the time left) for the server to
/// take in, charge and publish the move before the clock that counts would fall.
const HANDOVER_ALLOWANCE: Duration = Duration::from_millis(200);

/// One event as sent: its version and its JSON text.
#[derive(Clone, Debug)]
pub struct Event {
    /// The version after this event.
    pub version: u64,
    /// `{"t", "v", "d"}` as text.
    pub text: Arc<str>,
}

/// Where a game's engine work stands.
enum Engine {
    /// Nothing to search, or not asked yet.
    Idle,
    /// Waiting in the pool's queue.
    Queued,
    /// Searching under a permit.
    Running(#[allow(dead_code)] OwnedSemaphorePermit),
}

/// Pending offers of each kind: who made them.
#[derive(Clone, Copy, Debug, Default)]
struct Offers {
    draw: Option<Player>,
    takeback: Option<Player>,
}

/// A game in memory.
pub struct Live {
    id: String,
    settings: MatchSettings,
    ctl: Box<dyn Controller>,
    seats: [Option<SecretHash>; 2],
    invite: Option<SecretHash>,
    forced_end: Option<Ending>,
    clocks: Option<Clocks>,
    turn_started: Instant,
    last_elapsed: Option<u64>,
    offers: Offers,
    stored: Vec<StoredPly>,
    /// The swap opening's choices as stored.
    stored_choices: Vec<StoredChoice>,
    version: u64,
    recent: VecDeque<Event>,
    sender: broadcast::Sender<Event>,
    engine: Engine,
    notify: Arc<Notify>,
    rematch: Option<String>,
    touched: Instant,
    /// Wakes the clock watch after a change (its own signal: the engine's is for one waiter).
    clock_signal: Arc<Notify>,
}

/// What a new game hands its creator.
#[derive(Clone, Debug)]
pub struct Created {
    /// The creator's seat token.
    pub token: String,
    /// The invite code for the other seat, in a game between people.
    pub invite: Option<String>,
}

fn refused(e: MatchError) -> ApiError {
    use tabula_core::session::MoveError;
    match e {
        MatchError::Move(MoveError::NotYourTurn) => {
            ApiError::conflict(Code::NotYourTurn, "it is not your turn")
        }
        MatchError::Move(MoveError::GameOver) | MatchError::GameOver => {
            ApiError::conflict(Code::GameOver, "the game is over")
        }
        MatchError::NothingToUndo => {
            ApiError::conflict(Code::NothingToTakeBack, "there is nothing to take back")
        }
        e @ MatchError::ChoiceAwaited(_) => ApiError::conflict(
            Code::ChoiceAwaited,
            format!("the opening waits for a colour choice, not a stone: {e}"),
        ),
        MatchError::NoChoice => {
            ApiError::conflict(Code::NoChoice, "there is no choice to make now")
        }
        e @ MatchError::NotOffered(_) => ApiError::Unprocessable(Code::BadChoice, e.to_string()),
        other => ApiError::Unprocessable(Code::IllegalMove, other.to_string()),
    }
}

/// Opens a controller for `settings` with every seat a person and the engines paused: the
/// server decides when a computer may search. Against the computer the controller keeps the
/// clock too, only to give each search its budget (it runs only while a search may); the
/// server's own clocks are the ones shown and the ones that fall.
fn open_paused(settings: &MatchSettings) -> Result<Box<dyn Controller>, ApiError> {
    let mut people = settings.clone();
    people.seats = vec![SeatSpec::Human; settings.seats.len()];
    if settings.seats.iter().all(SeatSpec::is_human) {
        people.clock = None;
    }
    people.hints = false;
    let mut ctl = tabula_match::open(people)
        .map_err(|e| ApiError::Unprocessable(Code::BadSettings, e.to_string()))?;
    ctl.handle(Command::Pause(true)).map_err(refused)?;
    Ok(ctl)
}

/// Puts the computer players of `settings` in their seats (the controller takes a seat by the
/// colour it plays now, which a swap opening's choice may have swapped).
fn seat_computers(ctl: &mut dyn Controller, settings: &MatchSettings) -> Result<(), ApiError> {
    for (index, seat) in settings.seats.iter().enumerate() {
        if !seat.is_human() {
            ctl.handle(Command::SetSeat {
                player: ctl.view().colour_of_seat(index),
                seat: seat.clone(),
            })
            .map_err(refused)?;
        }
    }
    Ok(())
}

/// The start position of `settings` in the game's notation.
fn start_position(settings: &MatchSettings) -> Result<String, ApiError> {
    if let Some(start) = &settings.start {
        return Ok(start.clone());
    }
    let position = tabula_games::with_game!(settings.kind(), G => {
        <G as Present>::start(&settings.rules, settings.first)
            .map(|g| tabula_core::Game::position_string(&g))
    });
    position.map_err(|e| ApiError::Unprocessable(Code::BadSettings, e.to_string()))
}

/// Replays stored plies (chance included) and a swap opening's choices into a paused controller,
/// through the rules, by way of the save format's text.
fn replay(
    ctl: &mut dyn Controller,
    settings: &MatchSettings,
    plies: &[StoredPly],
    choices: &[StoredChoice],
    id: &str,
) -> Result<(), ApiError> {
    if plies.is_empty() && choices.is_empty() {
        return Ok(());
    }
    let mut save = json!({
        "format": tabula_core::save::FORMAT,
        "version": tabula_core::save::VERSION,
        "game": settings.kind().name(),
        "start": start_position(settings)?,
        "moves": plies.iter().map(|p| p.notation.as_str()).collect::<Vec<_>>(),
        "choices": choices
            .iter()
            .map(|c| json!({"after": c.after, "choice": c.choice}))
            .collect::<Vec<_>>(),
    });
    let opening = settings.rules.opening();
    if !opening.is_standard() {
        save["opening"] = json!(opening.name());
    }
    ctl.handle(Command::Restore(save.to_string()))
        .map_err(|e| ApiError::Storage(format!("game {id} does not replay: {e}")))
}

impl Live {
    /// A new game from checked settings; the creator sits at `creator`.
    pub fn create(
        id: String,
        plan: &crate::setup::Plan,
        store: &Store,
        notify: Arc<Notify>,
    ) -> Result<(Live, Created), ApiError> {
        let token = secret::generate();
        let mut seats = [None, None];
        seats[plan.creator] = Some(secret::hash(&token));
        let invite = plan.invites.then(secret::generate);
        let live = Live::create_with(
            id,
            plan.settings.clone(),
            seats,
            invite.as_deref().map(secret::hash),
            store,
            notify,
        )?;
        Ok((live, Created { token, invite }))
    }

    /// A new game with these seats (a rematch keeps the players' tokens).
    pub fn create_with(
        id: String,
        settings: MatchSettings,
        seats: [Option<SecretHash>; 2],
        invite: Option<SecretHash>,
        store: &Store,
        notify: Arc<Notify>,
    ) -> Result<Live, ApiError> {
        let mut ctl = open_paused(&settings)?;
        seat_computers(ctl.as_mut(), &settings)?;
        let mut live = Live::assemble(id, settings, ctl, seats, notify);
        live.invite = invite;
        store.insert(&live.row(), unix_time())?;
        // Chance before the first move (2048's first tiles) is part of the record.
        if !live.plies_now().is_empty() {
            live.publish(store, "state", json!({}))?;
        }
        live.start_clock_if_seated();
        Ok(live)
    }

    /// A stored game, its moves replayed through the rules.
    pub fn restore(
        row: GameRow,
        plies: Vec<StoredPly>,
        notify: Arc<Notify>,
    ) -> Result<Live, ApiError> {
        let settings: MatchSettings = serde_json::from_str(&row.settings)
            .map_err(|e| ApiError::Storage(format!("game {}: settings: {e}", row.id)))?;
        let mut ctl = open_paused(&settings)?;
        replay(ctl.as_mut(), &settings, &plies, &row.choices, &row.id)?;
        seat_computers(ctl.as_mut(), &settings)?;
        let seats = [
            row.seats[0].as_deref().and_then(secret::hash_from_hex),
            row.seats[1].as_deref().and_then(secret::hash_from_hex),
        ];
        let mut live = Live::assemble(row.id.clone(), settings, ctl, seats, notify);
        live.invite = row.invite.as_deref().and_then(secret::hash_from_hex);
        live.forced_end = row
            .forced_end
            .as_deref()
            .and_then(|text| serde_json::from_str::<EndingRecord>(text).ok())
            .map(EndingRecord::into_ending);
        live.version = row.version;
        live.rematch = row.rematch.clone();
        live.stored = plies;
        live.stored_choices = row.choices.clone();
        if choices_of(&live.ctl.view(), &live.stored_choices, &mut None) != live.stored_choices {
            return Err(ApiError::Storage(format!(
                "game {} replays to different opening choices",
                row.id
            )));
        }
        let notations =
            |plies: &[StoredPly]| plies.iter().map(|p| p.notation.clone()).collect::<Vec<_>>();
        if notations(&live.plies_now()) != notations(&live.stored) {
            return Err(ApiError::Storage(format!(
                "game {} replays to a different record",
                row.id
            )));
        }
        live.rebuild_clocks();
        Ok(live)
    }

    fn assemble(
        id: String,
        settings: MatchSettings,
        mut ctl: Box<dyn Controller>,
        seats: [Option<SecretHash>; 2],
        notify: Arc<Notify>,
    ) -> Live {
        let waker = notify.clone();
        ctl.set_waker(Arc::new(move || waker.notify_one()));
        let (sender, _) = broadcast::channel(REPLAY_BUFFER);
        Live {
            id,
            clocks: settings.clock.map(|c| Clocks::new(c, settings.seats.len())),
            settings,
            ctl,
            seats,
            invite: None,
            forced_end: None,
            turn_started: Instant::now(),
            last_elapsed: None,
            offers: Offers::default(),
            stored: Vec::new(),
            stored_choices: Vec::new(),
            version: 1,
            recent: VecDeque::new(),
            sender,
            engine: Engine::Idle,
            notify,
            rematch: None,
            touched: Instant::now(),
            clock_signal: Arc::new(Notify::new()),
        }
    }

    /// The game's id.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The stored settings (seats, rules, seed, clock).
    pub fn settings(&self) -> &MatchSettings {
        &self.settings
    }

    /// The current version.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// Whether both seats belong to people (an online game).
    pub fn between_people(&self) -> bool {
        self.settings.seats.len() == 2 && self.settings.seats.iter().all(SeatSpec::is_human)
    }

    /// The seat token hashes, for a rematch.
    pub fn seat_hashes(&self) -> [Option<SecretHash>; 2] {
        self.seats
    }

    /// The seat whose token this is.
    pub fn seat_of(&self, token: &str) -> Option<Player> {
        let given = secret::hash(token);
        let mut found = None;
        for (player, stored) in self.seats.iter().enumerate() {
            if let Some(stored) = stored {
                if secret::matches(&given, stored) {
                    found = Some(player);
                }
            }
        }
        found
    }

    fn row(&self) -> GameRow {
        GameRow {
            id: self.id.clone(),
            settings: serde_json::to_string(&self.settings).expect("settings serialise"),
            seats: self.seats.map(|s| s.map(|h| secret::to_hex(&h))),
            invite: self.invite.map(|h| secret::to_hex(&h)),
            finished: false,
            forced_end: None,
            version: self.version,
            rematch: None,
            choices: Vec::new(),
        }
    }

    fn plies_now(&self) -> Vec<StoredPly> {
        self.ctl
            .view()
            .history
            .into_iter()
            .map(|p| StoredPly {
                notation: p.notation,
                elapsed_ms: 0,
            })
            .collect()
    }

    /// How the game ended, if it did.
    pub fn ending(&self, view: &View) -> Option<Ending> {
        self.forced_end.or(match view.status {
            Status::Over(ending) => Some(ending),
            _ => None,
        })
    }

    /// The seat that decides now (numbered as in the settings, as the tokens are), while the
    /// game goes on.
    fn to_move(&self, view: &View) -> Option<Player> {
        if self.ending(view).is_some() {
            None
        } else {
            view.deciding_seat()
        }
    }

    fn both_seated(&self) -> bool {
        (0..self.settings.seats.len())
            .all(|p| self.seats[p].is_some() || !self.settings.seats[p].is_human())
    }

    /// Commits what changed since the last commit (moves, takebacks, seats, the ending), then
    /// broadcasts one event of type `kind`. Nothing is broadcast if the commit fails.
    fn publish(&mut self, store: &Store, kind: &str, extra: Value) -> Result<(), ApiError> {
        let view = self.ctl.view();
        let now: Vec<StoredPly> = view
            .history
            .iter()
            .map(|p| StoredPly {
                notation: p.notation.clone(),
                elapsed_ms: 0,
            })
            .collect();
        let keep = self
            .stored
            .iter()
            .zip(&now)
            .take_while(|(a, b)| a.notation == b.notation)
            .count();
        // The decision just made is a choice or a move: a new choice takes its time first.
        let choices = choices_of(&view, &self.stored_choices, &mut self.last_elapsed);
        let mut added = now[keep..].to_vec();
        if let (Some(elapsed), Some(first)) = (self.last_elapsed.take(), added.first_mut()) {
            first.elapsed_ms = elapsed;
        }
        let ending = self.ending(&view);
        if ending.is_some() {
            if let Some(clocks) = &mut self.clocks {
                clocks.halt(Instant::now());
            }
        }
        let forced = self
            .forced_end
            .map(|e| serde_json::to_string(&EndingRecord::from(e)).expect("endings serialise"));
        let seats = self.seats.map(|s| s.map(|h| secret::to_hex(&h)));
        let invite = self.invite.map(|h| secret::to_hex(&h));
        let choices_changed = choices != self.stored_choices;
        store.commit(&Change {
            id: &self.id,
            keep,
            added: &added,
            seats: [seats[0].as_deref(), seats[1].as_deref()],
            invite: invite.as_deref(),
            finished: ending.is_some(),
            forced_end: forced.as_deref(),
            version: self.version + 1,
            choices: choices_changed.then_some(choices.as_slice()),
        })?;
        self.stored.truncate(keep);
        self.stored.extend(added);
        self.stored_choices = choices;
        self.version += 1;
        self.touched = Instant::now();
        let mut d = json!({ "state": self.state_of(&view) });
        if let (Value::Object(d), Value::Object(extra)) = (&mut d, extra) {
            d.extend(extra);
        }
        let text: Arc<str> = json!({"t": kind, "v": self.version, "d": d})
            .to_string()
            .into();
        let event = Event {
            version: self.version,
            text,
        };
        if self.recent.len() == REPLAY_BUFFER {
            self.recent.pop_front();
        }
        self.recent.push_back(event.clone());
        let _ = self.sender.send(event);
        self.notify.notify_one();
        self.clock_signal.notify_one();
        Ok(())
    }

    /// Subscribes to the game's events.
    pub fn subscribe(&self) -> broadcast::Receiver<Event> {
        self.sender.subscribe()
    }

    /// What a client that has seen version `since` needs: the events after it from the buffer,
    /// or one full `state` message when they are no longer all there (or `since` is unknown).
    pub fn catch_up(&self, since: Option<u64>) -> Vec<Arc<str>> {
        if let Some(since) = since {
            if since == self.version {
                return Vec::new();
            }
            let first = self.recent.front().map_or(u64::MAX, |e| e.version);
            if since < self.version && since + 1 >= first {
                return self
                    .recent
                    .iter()
                    .filter(|e| e.version > since)
                    .map(|e| e.text.clone())
                    .collect();
            }
        }
        vec![self.full_state_message()]
    }

    /// `{"t": "state"}` with the whole state.
    pub fn full_state_message(&self) -> Arc<str> {
        json!({"t": "state", "v": self.version, "d": {"state": self.state()}})
            .to_string()
            .into()
    }

    /// The state anyone may read: never a token.
    pub fn state(&self) -> Value {
        self.state_of(&self.ctl.view())
    }

    fn state_of(&self, view: &View) -> Value {
        let ending = self.ending(view);
        let gomoku = matches!(self.settings.kind(), tabula_games::GameKind::Gomoku);
        let cells: Vec<u64> = view
            .cells
            .iter()
            .map(|c| match c.piece {
                Piece::Empty => 0,
                Piece::Player(p) => p as u64 + 1,
                Piece::Tile(v) => v,
            })
            .collect();
        let legal_cells: Vec<usize> = view.legal.iter().filter_map(|m| m.cell).collect();
        let legal_other: Vec<&str> = view
            .legal
            .iter()
            .filter(|m| m.cell.is_none())
            .map(|m| m.notation.as_str())
            .collect();
        let now = Instant::now();
        let clocks = self.clocks.as_ref().map(|c| c.view(now));
        let seats: Vec<Value> = self
            .settings
            .seats
            .iter()
            .enumerate()
            .map(|(p, seat)| {
                let colour = view.colour_of_seat(p);
                json!({
                    "name": view.seats[colour].name,
                    "colour": colour,
                    "kind": if seat.is_human() { "human" } else { "computer" },
                    "agent": view.seats[colour].agent,
                    "seated": self.seats[p].is_some() || !seat.is_human(),
                })
            })
            .collect();
        let thinking = ending.is_none()
            && matches!(view.status, Status::Thinking { .. } | Status::Paused { .. });
        json!({
            "id": self.id,
            "game": self.settings.kind().name(),
            "rules": self.settings.rules,
            "width": view.width,
            "height": view.height,
            "columns": view.column_labels,
            "rows": view.row_labels,
            "cells": cells,
            "forbidden": view.forbidden,
            "numbers": if gomoku {
                Some(view.cells.iter().map(|c| c.number.unwrap_or(0)).collect::<Vec<_>>())
            } else {
                None
            },
            "position": view.position,
            "moves": view.history.iter().map(|p| json!({"move": p.notation, "player": p.player, "seat": p.seat})).collect::<Vec<_>>(),
            "to_move": self.to_move(view),
            "to_move_colour": if ending.is_some() { None } else { view.to_move() },
            "opening": view.opening,
            "choices": view.choices,
            "status": if ending.is_some() { "finished" } else { "ongoing" },
            "result": ending.map(|e| json!({
                "ending": e,
                "winner": e.winner(),
                "winner_seat": e.winner().map(|c| view.colour_seats.get(c).copied().unwrap_or(c)),
            })),
            "version": self.version,
            "clocks": clocks,
            "last_move": view.last_move,
            "change": view.change,
            "legal_cells": if ending.is_some() { Vec::new() } else { legal_cells },
            "legal_other": if ending.is_some() { Vec::new() } else { legal_other },
            "winning_line": view.winning_line,
            "scores": view.scores,
            "seats": seats,
            "thinking": thinking,
            "queued": matches!(self.engine, Engine::Queued),
            "hints": view.hints,
            "hints_on": self.ctl.settings().hints,
            "goal_reached": view.goal_reached,
            "offers": {"draw": self.offers.draw, "takeback": self.offers.takeback},
            "online": self.between_people(),
            "invite_open": self.invite.is_some(),
            "rematch": self.rematch,
        })
    }

    fn check_open(&self, view: &View) -> Result<(), ApiError> {
        if self.ending(view).is_some() {
            Err(ApiError::conflict(Code::GameOver, "the game is over"))
        } else {
            Ok(())
        }
    }

    /// `player` plays `text`.
    pub fn play(&mut self, store: &Store, player: Player, text: &str) -> Result<(), ApiError> {
        self.check_flag(store)?;
        let view = self.ctl.view();
        self.check_open(&view)?;
        if self.to_move(&view) != Some(player) {
            return Err(ApiError::conflict(Code::NotYourTurn, "it is not your turn"));
        }
        if !self.both_seated() {
            return Err(ApiError::conflict(
                Code::NotJoined,
                "the other player has not joined yet",
            ));
        }
        self.ctl
            .handle(Command::Play(text.to_string()))
            .map_err(refused)?;
        let now = Instant::now();
        self.last_elapsed =
            Some(now.saturating_duration_since(self.turn_started).as_millis() as u64);
        self.turn_started = now;
        self.offers = Offers::default();
        let next = self.to_move(&self.ctl.view());
        if let Some(clocks) = &mut self.clocks {
            clocks.moved(now);
            if let Some(next) = next {
                clocks.start(next, now);
            }
        }
        if let Err(e) = self.publish(store, "move", json!({"move": text, "player": player})) {
            // Not saved: not played.
            let _ = self.ctl.handle(Command::Undo);
            return Err(e);
        }
        Ok(())
    }

    /// Seat `player` answers a swap opening's question with the choice named `name` (`black`,
    /// `white`, `place_two`).
    pub fn choose(&mut self, store: &Store, player: Player, name: &str) -> Result<(), ApiError> {
        self.check_flag(store)?;
        let view = self.ctl.view();
        self.check_open(&view)?;
        let choice = SwapChoice::from_name(name).ok_or_else(|| {
            ApiError::Unprocessable(
                Code::BadChoice,
                format!(
                    "{:?} is not a choice: black, white or place_two",
                    crate::setup::short(name)
                ),
            )
        })?;
        let asked = match &view.opening {
            Some(opening) if matches!(opening.ask, OpeningAsk::Choose { .. }) => opening.seat,
            _ => {
                return Err(ApiError::conflict(
                    Code::NoChoice,
                    "there is no choice to make now",
                ))
            }
        };
        if asked != player {
            return Err(ApiError::conflict(
                Code::NotYourTurn,
                format!("it is not your choice: player {} is asked", asked + 1),
            ));
        }
        if !self.both_seated() {
            return Err(ApiError::conflict(
                Code::NotJoined,
                "the other player has not joined yet",
            ));
        }
        self.ctl.handle(Command::Choose(choice)).map_err(refused)?;
        let offers = std::mem::take(&mut self.offers);
        self.turn_done();
        let event = json!({"seat": player, "choice": choice});
        if let Err(e) = self.publish(store, "choice", event) {
            // Not saved: not chosen.
            let _ = self.ctl.handle(Command::Undo);
            self.offers = offers;
            return Err(e);
        }
        Ok(())
    }

    /// `player` resigns (in 2048: ends the game with the score so far).
    pub fn resign(&mut self, store: &Store, player: Player) -> Result<(), ApiError> {
        let view = self.ctl.view();
        self.check_open(&view)?;
        self.forced_end = Some(if self.settings.seats.len() == 1 {
            Ending::Score {
                score: view.scores.first().copied().unwrap_or(0),
            }
        } else {
            Ending::Resigned {
                player: view.colour_of_seat(player),
            }
        });
        let _ = self.ctl.handle(Command::Pause(true));
        self.publish(store, "end", json!({}))
    }

    /// `player` offers a draw, or accepts the other's offer.
    pub fn draw(&mut self, store: &Store, player: Player) -> Result<(), ApiError> {
        let view = self.ctl.view();
        self.check_open(&view)?;
        if !self.between_people() {
            return Err(ApiError::conflict(
                Code::DrawsBetweenPeople,
                "draws are agreed only between two people",
            ));
        }
        if self.offers.draw == Some(player ^ 1) {
            self.forced_end = Some(Ending::Draw);
            self.offers = Offers::default();
            return self.publish(store, "end", json!({}));
        }
        self.offers.draw = Some(player);
        self.publish(store, "offer", json!({"offer": "draw", "player": player}))
    }

    /// `player` asks to take back their last move, or accepts the other's request. Against the
    /// computer (and in 2048) the move is taken back at once.
    pub fn takeback(&mut self, store: &Store, player: Player) -> Result<(), ApiError> {
        let view = self.ctl.view();
        self.check_open(&view)?;
        if !self.between_people() {
            self.ctl.handle(Command::Undo).map_err(refused)?;
            return self.publish(store, "takeback", json!({"player": player}));
        }
        let asker = match self.offers.takeback {
            Some(asker) if asker != player => asker,
            _ => {
                let decided = view.history.iter().any(|p| p.seat == Some(player))
                    || view.choices.iter().any(|c| c.seat == player);
                if !decided {
                    return Err(ApiError::conflict(
                        Code::NothingToTakeBack,
                        "you have no move to take back",
                    ));
                }
                self.offers.takeback = Some(player);
                return self.publish(
                    store,
                    "offer",
                    json!({"offer": "takeback", "player": player}),
                );
            }
        };
        // Back to the asker's turn: their last decision (a move or a swap opening's choice), and
        // what the other decided after it.
        for _ in 0..view.history.len() + view.choices.len() {
            self.ctl.handle(Command::Undo).map_err(refused)?;
            if self.ctl.view().deciding_seat() == Some(asker) {
                break;
            }
        }
        self.offers = Offers::default();
        let now = Instant::now();
        self.turn_started = now;
        if let Some(clocks) = &mut self.clocks {
            clocks.halt(now);
            clocks.start(asker, now);
        }
        self.publish(store, "takeback", json!({"player": asker}))
    }

    /// `player` declines the other's pending offer of `kind` (`draw` or `takeback`; `None`:
    /// every pending offer of the other). The offerer sees a `declined` event.
    pub fn decline(
        &mut self,
        store: &Store,
        player: Player,
        kind: Option<&str>,
    ) -> Result<(), ApiError> {
        let view = self.ctl.view();
        self.check_open(&view)?;
        let other = Some(player ^ 1);
        let draw = self.offers.draw == other && kind.is_none_or(|k| k == "draw");
        let takeback = self.offers.takeback == other && kind.is_none_or(|k| k == "takeback");
        if let Some(k) = kind.filter(|k| !["draw", "takeback"].contains(k)) {
            return Err(ApiError::Unprocessable(
                Code::BadFields,
                format!("offer {:?} is not draw or takeback", crate::setup::short(k)),
            ));
        }
        if !draw && !takeback {
            return Err(ApiError::conflict(
                Code::NoOffer,
                "there is no offer from the other player to decline",
            ));
        }
        let declined: Vec<&str> = [("draw", draw), ("takeback", takeback)]
            .into_iter()
            .filter_map(|(k, on)| on.then_some(k))
            .collect();
        let before = self.offers;
        if draw {
            self.offers.draw = None;
        }
        if takeback {
            self.offers.takeback = None;
        }
        let event = json!({"offers": declined, "player": player});
        if let Err(e) = self.publish(store, "declined", event) {
            self.offers = before;
            return Err(e);
        }
        Ok(())
    }

    /// Turns the computer's values for the legal moves on or off (not between people).
    pub fn hints(&mut self, store: &Store, on: bool) -> Result<(), ApiError> {
        if self.between_people() {
            return Err(ApiError::conflict(
                Code::HintsBetweenPeople,
                "hints are off in games between people",
            ));
        }
        self.ctl.handle(Command::Hints(on)).map_err(refused)?;
        self.publish(store, "state", json!({}))
    }

    /// Seats the invited player: their new token.
    pub fn join(&mut self, store: &Store, invite: &str) -> Result<(Player, String), ApiError> {
        let Some(open) = self.invite else {
            return Err(if self.between_people() {
                ApiError::conflict(Code::InviteUsed, "this invite has already been used")
            } else {
                ApiError::conflict(Code::NoSeat, "this game has no seat to join")
            });
        };
        if !secret::matches(&secret::hash(invite), &open) {
            return Err(ApiError::Forbidden);
        }
        let player = (0..2).find(|&p| self.seats[p].is_none()).ok_or_else(|| {
            ApiError::conflict(Code::InviteUsed, "this invite has already been used")
        })?;
        let token = secret::generate();
        self.seats[player] = Some(secret::hash(&token));
        self.invite = None;
        if let Err(e) = self.publish(store, "joined", json!({"player": player})) {
            self.seats[player] = None;
            self.invite = Some(open);
            return Err(e);
        }
        self.start_clock_if_seated();
        Ok((player, token))
    }

    /// Records that the rematch is the game `id`.
    pub fn set_rematch(&mut self, store: &Store, id: String) -> Result<(), ApiError> {
        store.set_rematch(&self.id, &id)?;
        self.rematch = Some(id.clone());
        self.publish(store, "rematch", json!({"id": id}))
    }

    /// The rematch's id, if one was made.
    pub fn rematch(&self) -> Option<&str> {
        self.rematch.as_deref()
    }

    /// The signal a change sends the clock watch.
    pub fn clock_signal(&self) -> Arc<Notify> {
        self.clock_signal.clone()
    }

    /// How long since the last change.
    pub fn idle_for(&self, now: Instant) -> Duration {
        now.saturating_duration_since(self.touched)
    }

    /// Whether no search is queued or running.
    pub fn engine_idle(&self) -> bool {
        matches!(self.engine, Engine::Idle)
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.ending(&self.ctl.view()).is_some()
    }

    fn start_clock_if_seated(&mut self) {
        let view = self.ctl.view();
        let to_move = self.to_move(&view);
        if !self.both_seated() {
            return;
        }
        let now = Instant::now();
        self.turn_started = now;
        if let (Some(clocks), Some(player)) = (&mut self.clocks, to_move) {
            clocks.start(player, now);
        }
    }

    /// Rebuilds the clocks from the stored time of each move and each swap opening choice; the
    /// clock of the player to move starts again now (the time the server was down is charged
    /// to nobody).
    fn rebuild_clocks(&mut self) {
        let Some(control) = self.settings.clock else {
            return;
        };
        let view = self.ctl.view();
        let mut clocks = Clocks::new(control, self.settings.seats.len());
        let mut t = Instant::now();
        let mut charge = |seat: usize, elapsed_ms: u64| {
            clocks.start(seat, t);
            t += Duration::from_millis(elapsed_ms);
            clocks.moved(t);
        };
        let mut choices = view.choices.iter().zip(&self.stored_choices).peekable();
        for (played, (ply, stored)) in view.history.iter().zip(&self.stored).enumerate() {
            // The choices made after the plies before this one.
            while let Some((choice, time)) = choices.next_if(|(c, _)| c.after <= played) {
                charge(choice.seat, time.elapsed_ms);
            }
            if let Some(seat) = ply.seat {
                charge(seat, stored.elapsed_ms);
            }
        }
        for (choice, time) in choices {
            charge(choice.seat, time.elapsed_ms);
        }
        self.clocks = Some(clocks);
        if self.ending(&view).is_none() {
            self.start_clock_if_seated();
        }
    }

    /// When the running clock will fall, if one runs.
    pub fn flag_due(&self) -> Option<Duration> {
        let clocks = self.clocks.as_ref()?;
        let player = clocks.running()?;
        Some(clocks.remaining(player, Instant::now()))
    }

    /// Ends the game on time if the running clock has fallen.
    pub fn check_flag(&mut self, store: &Store) -> Result<(), ApiError> {
        let Some(player) = self.clocks.as_ref().and_then(|c| c.flagged(Instant::now())) else {
            return Ok(());
        };
        if self.forced_end.is_some() {
            return Ok(());
        }
        self.forced_end = Some(Ending::Timeout {
            player: self.ctl.view().colour_of_seat(player),
        });
        self.publish(store, "end", json!({}))
    }

    /// Whether the game needs a search now: the computer to move, or hints asked for and not
    /// ready.
    pub fn needs_engine(&self) -> bool {
        let view = self.ctl.view();
        if self.ending(&view).is_some() {
            return false;
        }
        match view.status {
            Status::Thinking { .. } | Status::Paused { .. } => true,
            Status::ToMove { .. } => self.ctl.settings().hints && view.hints.is_none(),
            Status::Over(_) => false,
        }
    }

    /// Marks the game as waiting for an engine; `false` if it already waits or searches (then
    /// no new job is needed).
    pub fn queue_engine(&mut self) -> bool {
        if !matches!(self.engine, Engine::Idle) || !self.needs_engine() {
            return false;
        }
        self.engine = Engine::Queued;
        true
    }

    /// Starts the searches under `permit`; `false` (and the permit back) when there is nothing
    /// to search any more.
    pub fn start_engine(&mut self, store: &Store, permit: OwnedSemaphorePermit) -> bool {
        if !self.needs_engine() {
            self.engine = Engine::Idle;
            return false;
        }
        self.engine = Engine::Running(permit);
        self.hand_over_clock();
        let _ = self.ctl.handle(Command::Pause(false));
        self.pump(store);
        true
    }

    /// Gives the controller's copy of the clock (which budgets the searches, and stands still
    /// while the game waits for a permit or after a restart) the running player's time left on
    /// the server's clock, less an allowance for answering and publishing the move.
    fn hand_over_clock(&mut self) {
        let Some(clocks) = &self.clocks else {
            return;
        };
        let Some(player) = clocks.running() else {
            return;
        };
        let left = clocks.remaining(player, Instant::now());
        let left = left.saturating_sub((left / 10).min(HANDOVER_ALLOWANCE));
        // The server's clocks are the seats'; the controller's are the colours'.
        let Some(colour) = self.ctl.view().to_move() else {
            return;
        };
        let _ = self.ctl.handle(Command::SetTime {
            player: colour,
            left,
        });
    }

    /// Takes in what the searches reported; commits and broadcasts a computer's move. Returns
    /// whether the engine is still needed (if not, it is paused and its permit given back).
    pub fn pump(&mut self, store: &Store) -> bool {
        let events = self.ctl.poll();
        let moved = events
            .iter()
            .any(|e| matches!(e, tabula_match::Event::EngineMoved { .. }));
        let chose = events.iter().find_map(|e| match e {
            tabula_match::Event::Chose { seat, choice } => Some((*seat, *choice)),
            _ => None,
        });
        let news = events.iter().any(|e| {
            !matches!(
                e,
                tabula_match::Event::Thinking(_) | tabula_match::Event::ClockTick
            )
        });
        if moved || chose.is_some() {
            self.turn_done();
        }
        if news {
            let (kind, extra) = match chose {
                _ if moved => ("move", json!({})),
                Some((seat, choice)) => ("choice", json!({"seat": seat, "choice": choice})),
                None => ("state", json!({})),
            };
            if let Err(e) = self.publish(store, kind, extra) {
                eprintln!("tabula serve: game {}: {e}", self.id);
            }
        }
        if self.needs_engine() && !matches!(self.engine, Engine::Idle) {
            return true;
        }
        if matches!(self.engine, Engine::Running(_)) {
            let _ = self.ctl.handle(Command::Pause(true));
        }
        self.engine = Engine::Idle;
        false
    }
}

impl Live {
    /// Charges the decision just made (a computer's move or choice, a person's choice) to its
    /// seat's clock and starts the clock of the seat that decides next.
    fn turn_done(&mut self) {
        let now = Instant::now();
        self.last_elapsed =
            Some(now.saturating_duration_since(self.turn_started).as_millis() as u64);
        self.turn_started = now;
        let view = self.ctl.view();
        let next = self.to_move(&view);
        if let Some(clocks) = &mut self.clocks {
            clocks.moved(now);
            if let Some(player) = next {
                clocks.start(player, now);
            }
        }
    }
}

/// A view's swap opening choices, as stored: a choice already in `stored` keeps its time, and
/// a new one takes the time of the decision just made (`decision`, taken), if there is one.
fn choices_of(
    view: &View,
    stored: &[StoredChoice],
    decision: &mut Option<u64>,
) -> Vec<StoredChoice> {
    view.choices
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let choice = c.choice.name().to_string();
            let elapsed_ms = match stored.get(i) {
                Some(kept) if kept.after == c.after && kept.choice == choice => kept.elapsed_ms,
                _ => decision.take().unwrap_or(0),
            };
            StoredChoice {
                after: c.after,
                choice,
                elapsed_ms,
            }
        })
        .collect()
}

/// An ending as stored (the view's `Ending` only serialises).
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(tag = "result", rename_all = "snake_case")]
enum EndingRecord {
    Win { player: Player },
    Resigned { player: Player },
    Timeout { player: Player },
    Draw,
    Score { score: u64 },
}

impl From<Ending> for EndingRecord {
    fn from(e: Ending) -> Self {
        match e {
            Ending::Win { player } => EndingRecord::Win { player },
            Ending::Resigned { player } => EndingRecord::Resigned { player },
            Ending::Timeout { player } => EndingRecord::Timeout { player },
            Ending::Draw => EndingRecord::Draw,
            Ending::Score { score } => EndingRecord::Score { score },
        }
    }
}

impl EndingRecord {
    fn into_ending(self) -> Ending {
        match self {
            EndingRecord::Win { player } => Ending::Win { player },
            EndingRecord::Resigned { player } => Ending::Resigned { player },
            EndingRecord::Timeout { player } => Ending::Timeout { player },
            EndingRecord::Draw => Ending::Draw,
            EndingRecord::Score { score } => Ending::Score { score },
        }
    }
}

/// Seconds since 1970.
pub fn unix_time() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::setup::{plan, CreateRequest};

    fn restored(store: &Store, id: &str) -> Result<Live, ApiError> {
        let (row, plies) = store.load(id).unwrap().unwrap();
        Live::restore(row, plies, Arc::new(Notify::new()))
    }

    #[test]
    fn a_stored_game_replays_to_the_same_record() {
        let store = Store::in_memory().unwrap();
        let cases = [
            (
                r#"{"game":"gomoku","opponent":"human","rules":{"size":9}}"#,
                vec!["e5", "d4", "e6"],
            ),
            (
                r#"{"game":"tictactoe","opponent":"human","side":"second"}"#,
                vec!["b2", "a1"],
            ),
            (r#"{"game":"reversi","opponent":"human"}"#, vec!["f5", "d6"]),
            (r#"{"game":"2048"}"#, vec![]),
            (r#"{"game":"tictactoe","opponent":"minimax"}"#, vec!["a1"]),
        ];
        for (request, moves) in cases {
            let request: CreateRequest = serde_json::from_str(request).unwrap();
            let plan = plan(request, 5, false).unwrap();
            let (mut live, created) = Live::create(
                "g".to_string() + &moves.len().to_string() + plan.settings.kind().name(),
                &plan,
                &store,
                Arc::new(Notify::new()),
            )
            .unwrap();
            if let Some(invite) = created.invite {
                live.join(&store, &invite).unwrap();
            }
            for (i, mv) in moves.iter().enumerate() {
                std::thread::sleep(Duration::from_millis(3));
                let player = live.ctl.view().to_move().unwrap();
                live.play(&store, player, mv)
                    .unwrap_or_else(|e| panic!("{i} {mv}: {e}"));
            }
            let back = restored(&store, live.id()).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(back.ctl.view().position, live.ctl.view().position);
            assert_eq!(back.version(), live.version());
        }
    }

    /// A swap opening's colour choice is charged to the chooser's clock, also after the game
    /// is read back from the store.
    #[test]
    fn the_time_of_a_swap_choice_is_stored_and_charged_after_a_restore() {
        let store = Store::in_memory().unwrap();
        let request: CreateRequest = serde_json::from_str(
            r#"{"game":"gomoku","opponent":"human","rules":{"opening":"swap1"},"clock":{"minutes":1}}"#,
        )
        .unwrap();
        let plan = plan(request, 5, false).unwrap();
        let notify = Arc::new(Notify::new());
        let (mut live, created) = Live::create("swapclk".into(), &plan, &store, notify).unwrap();
        live.join(&store, &created.invite.unwrap()).unwrap();
        for stone in ["h8", "i9", "g10"] {
            live.play(&store, 0, stone).unwrap();
        }
        std::thread::sleep(Duration::from_millis(400));
        live.choose(&store, 1, "black").unwrap();
        let (row, _) = store.load("swapclk").unwrap().unwrap();
        assert_eq!(row.choices.len(), 1);
        assert!(row.choices[0].elapsed_ms >= 400, "{:?}", row.choices);
        let back = restored(&store, "swapclk").unwrap();
        let left = back.clocks.as_ref().unwrap().remaining(1, Instant::now());
        assert!(
            left <= Duration::from_millis(59_600) && left > Duration::from_secs(58),
            "the chooser's clock shows {left:?}, not a minute less its 0.4 s choice"
        );
        // Seat 0's three stones took almost nothing.
        let first = back.clocks.as_ref().unwrap().remaining(0, Instant::now());
        assert!(first > Duration::from_millis(59_800), "{first:?}");
    }

    #[test]
    fn a_restored_game_against_the_computer_budgets_its_engine_from_the_time_left() {
        let store = Store::in_memory().unwrap();
        let request: CreateRequest = serde_json::from_str(
            r#"{"game":"gomoku","opponent":"engine:level=2","clock":{"minutes":1}}"#,
        )
        .unwrap();
        let plan = plan(request, 5, false).unwrap();
        let notify = Arc::new(Notify::new());
        let (mut live, _) = Live::create("clk".into(), &plan, &store, notify).unwrap();
        live.play(&store, 0, "h8").unwrap();
        // The computer's reply as stored took 50 of its 60 seconds; the person answered.
        let row = live.row();
        let seats = row.seats.clone();
        let added = [
            StoredPly {
                notation: "h9".into(),
                elapsed_ms: 50_000,
            },
            StoredPly {
                notation: "h10".into(),
                elapsed_ms: 1_000,
            },
        ];
        store
            .commit(&Change {
                id: "clk",
                keep: 1,
                added: &added,
                seats: [seats[0].as_deref(), seats[1].as_deref()],
                invite: None,
                finished: false,
                forced_end: None,
                version: live.version() + 1,
                choices: None,
            })
            .unwrap();
        let mut back = restored(&store, "clk").unwrap();
        let permit = Arc::new(tokio::sync::Semaphore::new(1))
            .try_acquire_owned()
            .unwrap();
        assert!(back.start_engine(&store, permit), "the computer is to move");
        let engine_bank = back.ctl.view().clocks.unwrap()[1].remaining;
        assert!(
            engine_bank <= Duration::from_secs(10) && engine_bank > Duration::from_secs(9),
            "the engine's clock has {engine_bank:?}, not the 10 s it has left"
        );
        let shown = back.clocks.as_ref().unwrap().remaining(1, Instant::now());
        assert!(shown <= Duration::from_secs(10));
        back.ctl.handle(Command::Quit).unwrap();
    }
}
