//! The controller: a [`Session`] driven by commands, with computer players and hints searched
//! on worker threads that can be stopped at once.
//!
//! The controller lives on the front end's thread and never blocks it: [`Controller::handle`]
//! applies a command and returns; searches report back through a channel that
//! [`Controller::poll`] drains (a front end calls it every frame or tick) or that
//! [`Controller::wait`] blocks on (tests, servers). A waker, when set, is called whenever a
//! search has something to say, so an event-driven front end knows to poll.

use std::collections::VecDeque;
use std::path::Path;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use tabula_core::{
    Agent, AgentCatalog, Analysis, Game, Outcome, Player, Progress, SearchControl, SearchLimits,
    Seat, Session, Turn,
};
use tabula_games::{with_game, GameKind};

use crate::clock::Clocks;
use crate::command::{Command, Event, MatchError};
use crate::present::Present;
use crate::settings::{MatchSettings, SeatSpec};
use crate::view::{
    CellView, ChangeView, Ending, HintView, LegalMove, Piece, PlyView, SeatView, Status, View,
};

/// Called from a worker thread when the controller has news to poll.
pub type Waker = Arc<dyn Fn() + Send + Sync>;

/// How long hints may think: enough for exact values in small endgames, short enough to feel
/// immediate.
const HINT_TIME_MS: u64 = 800;

/// A match any front end can drive, whatever the game: moves are notation strings and cells,
/// positions a [`View`].
pub trait Controller: Send {
    /// Applies a command. A refused command changes nothing and says why.
    fn handle(&mut self, command: Command) -> Result<(), MatchError>;

    /// Takes in what the searches reported since the last call and returns the events, without
    /// waiting.
    fn poll(&mut self) -> Vec<Event>;

    /// Like [`Controller::poll`], but waits up to `timeout` for at least one event.
    fn wait(&mut self, timeout: Duration) -> Vec<Event>;

    /// A snapshot of the match for drawing.
    fn view(&self) -> View;

    /// The settings of the current game.
    fn settings(&self) -> &MatchSettings;

    /// Sets the function called (from any thread) when there is news to poll.
    fn set_waker(&mut self, waker: Waker);
}

/// Opens a match with these settings.
pub fn open(settings: MatchSettings) -> Result<Box<dyn Controller>, MatchError> {
    with_game!(settings.kind(), G => Ok(Box::new(Match::<G>::new(settings)?)))
}

/// What a worker thread sends back.
enum Report<G: Game> {
    Progress(u64, Progress),
    Moved(u64, Player, Box<dyn Agent<G>>, G::Move),
    Analysed(u64, Box<dyn Agent<G>>, Option<Analysis<G::Move>>),
}

/// Which agent a search uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Searcher {
    /// The computer player in this seat, choosing its move.
    Seat(Player),
    /// The analyser, valuing the legal moves for hints.
    Hints,
}

/// The search under way.
struct Search {
    ticket: u64,
    searcher: Searcher,
    control: SearchControl,
}

/// An agent, home or out on a worker thread.
enum Slot<G: Game> {
    Home(Box<dyn Agent<G>>),
    Out,
}

/// The controller for one game type.
pub struct Match<G: Present> {
    settings: MatchSettings,
    session: Session<G>,
    /// The computer player of each seat (`None` for a person).
    agents: Vec<Option<Slot<G>>>,
    /// The agent that values moves for hints, built when hints are first asked for.
    analyser: Option<Slot<G>>,
    search: Option<Search>,
    /// The last ticket handed out; every search has its own.
    tickets: u64,
    /// Per seat, the last ticket of an agent that was replaced: an agent coming home from an
    /// older search is dropped.
    floors: Vec<u64>,
    sender: Sender<Report<G>>,
    inbox: Receiver<Report<G>>,
    events: VecDeque<Event>,
    waker: Option<Waker>,
    ending: Option<Ending>,
    announced_end: bool,
    paused: bool,
    quit: bool,
    hints: Option<(usize, Vec<HintView>)>,
    thinking: Option<Progress>,
    clocks: Option<Clocks>,
    last_tick: Option<u64>,
}

impl<G: Present> Match<G> {
    /// A match with these settings; refuses bad rules, seats, agent specs or start positions.
    pub fn new(settings: MatchSettings) -> Result<Self, MatchError> {
        let (start, agents, seats) = Self::prepare(&settings)?;
        let (sender, inbox) = mpsc::channel();
        let mut this = Match {
            session: Session::new(start, seats, settings.seed),
            clocks: settings.clock.map(|c| Clocks::new(c, G::PLAYERS)),
            settings,
            agents,
            analyser: None,
            search: None,
            tickets: 0,
            floors: vec![0; G::PLAYERS],
            sender,
            inbox,
            events: VecDeque::new(),
            waker: None,
            ending: None,
            announced_end: false,
            paused: false,
            quit: false,
            hints: None,
            thinking: None,
            last_tick: None,
        };
        this.advance();
        Ok(this)
    }

    /// The start position, agents and session seats of `settings`, all checked.
    #[allow(clippy::type_complexity)]
    fn prepare(
        settings: &MatchSettings,
    ) -> Result<(G, Vec<Option<Slot<G>>>, Vec<Seat<G>>), MatchError> {
        if settings.kind() != G::KIND {
            return Err(MatchError::Seats {
                game: G::NAME,
                needed: G::PLAYERS,
                given: settings.seats.len(),
            });
        }
        settings.rules.validate()?;
        if settings.seats.len() != G::PLAYERS {
            return Err(MatchError::Seats {
                game: G::NAME,
                needed: G::PLAYERS,
                given: settings.seats.len(),
            });
        }
        if settings.first >= G::PLAYERS {
            return Err(MatchError::NoSuchPlayer(settings.first));
        }
        let start = match &settings.start {
            Some(text) => G::parse_position(text).map_err(MatchError::Position)?,
            None => G::start(&settings.rules, settings.first)?,
        };
        let mut agents = Vec::new();
        let mut seats = Vec::new();
        for (player, seat) in settings.seats.iter().enumerate() {
            match seat {
                SeatSpec::Human => {
                    agents.push(None);
                    seats.push(Seat::Human);
                }
                SeatSpec::Computer(spec) => {
                    let seed = settings.seed.wrapping_add(player as u64 + 1);
                    agents.push(Some(Slot::Home(Self::build(spec, seed)?)));
                    seats.push(Seat::External { spec: spec.clone() });
                }
            }
        }
        Ok((start, agents, seats))
    }

    fn build(spec: &str, seed: u64) -> Result<Box<dyn Agent<G>>, MatchError> {
        let spec: tabula_core::AgentSpec = spec.parse()?;
        Ok(G::build_agent(&spec.with_default_seed(seed))?)
    }

    /// The session (for front ends that show the record or save it themselves).
    pub fn session(&self) -> &Session<G> {
        &self.session
    }

    fn emit(&mut self, event: Event) {
        self.events.push_back(event);
    }

    /// Stops the search under way, if any; its agent comes home when the thread returns.
    fn cancel(&mut self) {
        if let Some(search) = self.search.take() {
            search.control.stop();
        }
        self.thinking = None;
    }

    /// Everything that follows a change of position: game over, chance, the computer's turn,
    /// hints.
    fn advance(&mut self) {
        if self.quit {
            return;
        }
        while self.ending.is_none() && self.session.turn() == Turn::Chance {
            self.session.step();
        }
        if let Some(ending) = self.ending_now() {
            if let Some(clocks) = &mut self.clocks {
                clocks.halt(Instant::now());
            }
            if !self.announced_end {
                self.announced_end = true;
                let line = if self.ending.is_none() {
                    self.session.state().winning_line()
                } else {
                    Vec::new()
                };
                self.emit(Event::GameOver { ending, line });
            }
            return;
        }
        let Turn::Player(player) = self.session.turn() else {
            return;
        };
        if self.paused {
            return;
        }
        let now = Instant::now();
        if let Some(clocks) = &mut self.clocks {
            if clocks.running() != Some(player) {
                clocks.start(player, now);
            }
        }
        if self.search.is_some() {
            return;
        }
        if self.agents[player].is_some() {
            self.think(player);
        } else if self.settings.hints && self.hints_stale() {
            self.start_hints();
        }
    }

    fn ending_now(&self) -> Option<Ending> {
        if let Some(ending) = self.ending {
            return Some(ending);
        }
        match self.session.turn() {
            Turn::Over(Outcome::Win(player)) => Some(Ending::Win { player }),
            Turn::Over(Outcome::Draw) => Some(Ending::Draw),
            Turn::Over(Outcome::Score(score)) => Some(Ending::Score { score }),
            _ => None,
        }
    }

    fn hints_stale(&self) -> bool {
        self.hints
            .as_ref()
            .is_none_or(|(ply, _)| *ply != self.session.moves().len())
    }

    fn next_control(&mut self) -> (u64, SearchControl) {
        self.tickets += 1;
        let ticket = self.tickets;
        let sender = self.sender.clone();
        let waker = self.waker.clone();
        let control = SearchControl::new().with_progress(move |p| {
            let _ = sender.send(Report::Progress(ticket, p.clone()));
            if let Some(wake) = &waker {
                wake();
            }
        });
        (ticket, control)
    }

    /// Sends the seat's agent to think on a worker thread.
    fn think(&mut self, player: Player) {
        let Some(Slot::Home(_)) = &self.agents[player] else {
            return; // still out after a stopped search: it starts when it comes home
        };
        let Some(Slot::Home(mut agent)) = self.agents[player].replace(Slot::Out) else {
            unreachable!("checked above")
        };
        let (ticket, control) = self.next_control();
        if let Some(clocks) = &self.clocks {
            let budget = clocks.budget(player, Instant::now());
            let alarm = control.clone();
            thread::spawn(move || {
                thread::sleep(budget);
                alarm.stop();
            });
        }
        let state = self.session.state().clone();
        let (sender, waker, worker) = (self.sender.clone(), self.waker.clone(), control.clone());
        thread::spawn(move || {
            let mv = agent.choose_with(&state, &worker);
            let _ = sender.send(Report::Moved(ticket, player, agent, mv));
            if let Some(wake) = waker {
                wake();
            }
        });
        self.search = Some(Search {
            ticket,
            searcher: Searcher::Seat(player),
            control,
        });
        self.emit(Event::Changed);
    }

    fn start_hints(&mut self) {
        let mut agent = match self.analyser.replace(Slot::Out) {
            Some(Slot::Home(agent)) => agent,
            Some(Slot::Out) => return, // a stopped hint search is still coming home
            None => match Self::build(G::ANALYZER, self.settings.seed) {
                Ok(agent) => agent,
                Err(e) => {
                    self.analyser = None;
                    self.settings.hints = false;
                    self.emit(Event::Error(format!("hints are not available: {e}")));
                    return;
                }
            },
        };
        let (ticket, control) = self.next_control();
        let state = self.session.state().clone();
        let (sender, waker, worker) = (self.sender.clone(), self.waker.clone(), control.clone());
        thread::spawn(move || {
            let limits = SearchLimits {
                time_ms: Some(HINT_TIME_MS),
                ..SearchLimits::default()
            };
            let analysis = agent.analyze_with(&state, &limits, &worker);
            let _ = sender.send(Report::Analysed(ticket, agent, analysis));
            if let Some(wake) = waker {
                wake();
            }
        });
        self.search = Some(Search {
            ticket,
            searcher: Searcher::Hints,
            control,
        });
    }

    fn is_current(&self, ticket: u64) -> bool {
        self.search.as_ref().is_some_and(|s| s.ticket == ticket)
    }

    /// Takes in one report from a worker.
    fn receive(&mut self, report: Report<G>) {
        match report {
            Report::Progress(ticket, progress) => {
                if self.is_current(ticket)
                    && matches!(
                        self.search.as_ref().map(|s| s.searcher),
                        Some(Searcher::Seat(_))
                    )
                {
                    self.thinking = Some(progress.clone());
                    self.emit(Event::Thinking(progress));
                }
            }
            Report::Moved(ticket, player, agent, mv) => {
                if ticket > self.floors[player] && matches!(self.agents[player], Some(Slot::Out)) {
                    self.agents[player] = Some(Slot::Home(agent));
                }
                if self.is_current(ticket) {
                    self.search = None;
                    self.thinking = None;
                    self.computer_moved(player, mv);
                }
                self.advance();
            }
            Report::Analysed(ticket, agent, analysis) => {
                self.analyser = Some(Slot::Home(agent));
                if self.is_current(ticket) {
                    self.search = None;
                    let state = self.session.state();
                    let hints = analysis.map_or_else(Vec::new, |a| {
                        a.moves
                            .iter()
                            .map(|m| HintView {
                                notation: state.move_string(m.mv),
                                cell: state.move_cell(m.mv),
                                value: m.value,
                                exact: m.exact,
                                verdict: m.verdict.map(Into::into),
                            })
                            .collect()
                    });
                    self.hints = Some((self.session.moves().len(), hints));
                    self.emit(Event::HintsReady);
                }
                self.advance();
            }
        }
    }

    fn computer_moved(&mut self, player: Player, mv: G::Move) {
        let notation = self.session.state().move_string(mv);
        match self.session.play_external(mv) {
            Ok(()) => {
                if let Some(clocks) = &mut self.clocks {
                    clocks.moved(Instant::now());
                }
                self.emit(Event::EngineMoved { player, notation });
                self.emit(Event::Changed);
            }
            Err(e) => {
                self.emit(Event::Error(format!(
                    "the computer player chose {notation}, which was refused: {e}"
                )));
            }
        }
    }

    /// A person's move.
    fn play(&mut self, mv: G::Move) -> Result<(), MatchError> {
        if self.ending.is_some() {
            return Err(MatchError::GameOver);
        }
        self.session.play(mv)?;
        self.cancel();
        if let Some(clocks) = &mut self.clocks {
            clocks.moved(Instant::now());
        }
        self.emit(Event::Changed);
        self.advance();
        Ok(())
    }

    fn play_cell(&mut self, cell: usize) -> Result<(), MatchError> {
        let state = self.session.state();
        let (w, h) = state.grid();
        if cell >= w * h {
            return Err(MatchError::NoSuchCell(cell));
        }
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        match moves
            .into_iter()
            .find(|&m| state.move_cell(m) == Some(cell))
        {
            Some(mv) if self.session.awaits_human() => self.play(mv),
            Some(_) if self.ending.is_none() => Err(tabula_core::session::MoveError::NotYourTurn)?,
            _ => Err(MatchError::NoMoveThere(state.cell_name(cell))),
        }
    }

    /// Undo and redo share this: stop searches and clocks, change the record, go on.
    fn rewind(&mut self, undo: bool) -> Result<(), MatchError> {
        let changed = if undo {
            self.session.undo()
        } else {
            self.session.redo()
        };
        if !changed {
            return Err(if undo {
                MatchError::NothingToUndo
            } else {
                MatchError::NothingToRedo
            });
        }
        self.cancel();
        self.reset_ending();
        if let Some(clocks) = &mut self.clocks {
            clocks.halt(Instant::now());
        }
        self.emit(Event::Changed);
        self.advance();
        Ok(())
    }

    fn reset_ending(&mut self) {
        self.ending = None;
        self.announced_end = false;
    }

    fn new_game(&mut self, settings: Option<MatchSettings>) -> Result<(), MatchError> {
        let settings = settings.unwrap_or_else(|| self.settings.clone());
        let (start, agents, seats) = Self::prepare(&settings)?;
        self.cancel();
        self.floors.fill(self.tickets);
        self.session = Session::new(start, seats, settings.seed);
        self.agents = agents;
        self.clocks = settings.clock.map(|c| Clocks::new(c, G::PLAYERS));
        self.settings = settings;
        self.reset_ending();
        self.hints = None;
        self.paused = false;
        self.emit(Event::Changed);
        self.advance();
        Ok(())
    }

    fn resign(&mut self) -> Result<(), MatchError> {
        if self.ending_now().is_some() {
            return Err(MatchError::GameOver);
        }
        let to_move = match self.session.turn() {
            Turn::Player(p) => p,
            _ => return Err(MatchError::GameOver),
        };
        let player = if self.settings.seats[to_move].is_human() {
            to_move
        } else {
            self.settings
                .seats
                .iter()
                .position(SeatSpec::is_human)
                .ok_or(MatchError::NoPerson)?
        };
        if G::PLAYERS == 1 {
            let score = self.session.state().scores()[0];
            self.ending = Some(Ending::Score { score });
        } else {
            self.ending = Some(Ending::Resigned { player });
        }
        self.cancel();
        self.emit(Event::Changed);
        self.advance();
        Ok(())
    }

    fn set_seat(&mut self, player: Player, seat: SeatSpec) -> Result<(), MatchError> {
        if player >= G::PLAYERS {
            return Err(MatchError::NoSuchPlayer(player));
        }
        let (slot, session_seat) = match &seat {
            SeatSpec::Human => (None, Seat::Human),
            SeatSpec::Computer(spec) => (
                Some(Slot::Home(Self::build(spec, self.settings.seed)?)),
                Seat::External { spec: spec.clone() },
            ),
        };
        if matches!(self.search.as_ref().map(|s| s.searcher), Some(Searcher::Seat(p)) if p == player)
        {
            self.cancel();
        }
        self.agents[player] = slot;
        self.floors[player] = self.tickets;
        self.session.set_seat(player, session_seat);
        self.settings.seats[player] = seat;
        self.emit(Event::Changed);
        self.advance();
        Ok(())
    }

    fn pause(&mut self, paused: bool) {
        if paused == self.paused {
            return;
        }
        self.paused = paused;
        if paused {
            if matches!(
                self.search.as_ref().map(|s| s.searcher),
                Some(Searcher::Seat(_))
            ) {
                self.cancel();
            }
            if let Some(clocks) = &mut self.clocks {
                clocks.halt(Instant::now());
            }
        }
        self.emit(Event::Changed);
        self.advance();
    }

    fn load(&mut self, path: &Path) -> Result<(), MatchError> {
        self.session.load(path)?;
        self.cancel();
        self.reset_ending();
        self.hints = None;
        if let Some(control) = self.settings.clock {
            self.clocks = Some(Clocks::new(control, G::PLAYERS));
        }
        self.emit(Event::Changed);
        self.advance();
        Ok(())
    }

    /// Checks the clock of the player to move: a fallen flag ends the game.
    fn check_clock(&mut self) {
        let Some(clocks) = &self.clocks else {
            return;
        };
        let now = Instant::now();
        if let Some(player) = clocks.flagged(now) {
            self.cancel();
            self.ending = Some(Ending::Timeout { player });
            self.emit(Event::Changed);
            self.advance();
            return;
        }
        if let Some(player) = clocks.running() {
            let second = clocks.remaining(player, now).as_secs();
            if self.last_tick != Some(second) {
                self.last_tick = Some(second);
                self.emit(Event::ClockTick);
            }
        }
    }

    fn status(&self) -> Status {
        if let Some(ending) = self.ending_now() {
            return Status::Over(ending);
        }
        let player = match self.session.turn() {
            Turn::Player(p) => p,
            _ => 0,
        };
        if self.agents[player].is_none() {
            Status::ToMove { player }
        } else if self.paused {
            Status::Paused { player }
        } else {
            Status::Thinking { player }
        }
    }

    fn legal(&self, status: Status) -> Vec<LegalMove> {
        if !matches!(status, Status::ToMove { .. }) {
            return Vec::new();
        }
        let state = self.session.state();
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        moves
            .into_iter()
            .map(|mv| LegalMove {
                notation: state.move_string(mv),
                cell: state.move_cell(mv),
            })
            .collect()
    }

    /// The change made by the last player's move and the chance events after it.
    fn last_change(&self) -> (ChangeView, Option<usize>) {
        let positions = self.session.positions();
        let moves = self.session.moves();
        let Some(from) = (0..moves.len())
            .rev()
            .find(|&i| matches!(positions[i].turn(), Turn::Player(_)))
        else {
            return (ChangeView::default(), None);
        };
        let mut change = ChangeView::default();
        for i in from..moves.len() {
            let part = G::change(&positions[i], moves[i], &positions[i + 1]);
            change.placed = change.placed.or(part.placed);
            change.flipped.extend(part.flipped);
            change.slides.extend(part.slides);
            change.merged.extend(part.merged);
            change.spawned.extend(part.spawned);
        }
        let last = positions[from].move_cell(moves[from]);
        (change, last)
    }
}

impl<G: Present> Controller for Match<G> {
    fn handle(&mut self, command: Command) -> Result<(), MatchError> {
        if self.quit {
            return Err(MatchError::Quit);
        }
        match command {
            Command::Play(text) => {
                let mv = self
                    .session
                    .state()
                    .parse_move(&text)
                    .map_err(tabula_core::session::MoveError::from)?;
                self.play(mv)
            }
            Command::PlayCell(cell) => self.play_cell(cell),
            Command::Undo => self.rewind(true),
            Command::Redo => self.rewind(false),
            Command::NewGame(settings) => self.new_game(settings.map(|s| *s)),
            Command::Hints(on) => {
                self.settings.hints = on;
                if !on
                    && matches!(
                        self.search.as_ref().map(|s| s.searcher),
                        Some(Searcher::Hints)
                    )
                {
                    self.cancel();
                }
                self.emit(Event::Changed);
                self.advance();
                Ok(())
            }
            Command::Pause(paused) => {
                self.pause(paused);
                Ok(())
            }
            Command::Resign => self.resign(),
            Command::SetSeat { player, seat } => self.set_seat(player, seat),
            Command::SetTime { player, left } => {
                if player >= G::PLAYERS {
                    return Err(MatchError::NoSuchPlayer(player));
                }
                if let Some(clocks) = &mut self.clocks {
                    clocks.set_remaining(player, left, Instant::now());
                }
                Ok(())
            }
            Command::Save(path) => {
                self.session.save(&path)?;
                self.emit(Event::Saved(path));
                Ok(())
            }
            Command::Load(path) => self.load(&path),
            Command::Quit => {
                self.cancel();
                self.quit = true;
                Ok(())
            }
        }
    }

    fn poll(&mut self) -> Vec<Event> {
        while let Ok(report) = self.inbox.try_recv() {
            self.receive(report);
        }
        if !self.quit {
            self.check_clock();
        }
        self.events.drain(..).collect()
    }

    fn wait(&mut self, timeout: Duration) -> Vec<Event> {
        let deadline = Instant::now() + timeout;
        loop {
            let events = self.poll();
            if !events.is_empty() {
                return events;
            }
            let now = Instant::now();
            if now >= deadline {
                return Vec::new();
            }
            // Wake for the clock's next second too.
            let step = if self.clocks.as_ref().is_some_and(|c| c.running().is_some()) {
                Duration::from_millis(100)
            } else {
                deadline - now
            };
            match self.inbox.recv_timeout(step.min(deadline - now)) {
                Ok(report) => self.receive(report),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return Vec::new(),
            }
        }
    }

    fn view(&self) -> View {
        let state = self.session.state();
        let (width, height) = state.grid();
        let status = self.status();
        let mut numbers = vec![None; width * height];
        let mut number = 0;
        for (i, &mv) in self.session.moves().iter().enumerate() {
            let before = &self.session.positions()[i];
            if let Turn::Player(_) = before.turn() {
                number += 1;
                if let Some(cell) = before.move_cell(mv) {
                    numbers[cell] = Some(number);
                }
            }
        }
        let cells = (0..width * height)
            .map(|cell| {
                let piece = state.piece(cell);
                CellView {
                    name: state.cell_name(cell),
                    piece,
                    number: numbers[cell].filter(|_| matches!(piece, Piece::Player(_))),
                }
            })
            .collect();
        let (column_labels, row_labels) = state.labels();
        let (change, last_move) = self.last_change();
        let history = self
            .session
            .moves()
            .iter()
            .enumerate()
            .map(|(i, &mv)| {
                let before = &self.session.positions()[i];
                PlyView {
                    number: i as u32 + 1,
                    player: match before.turn() {
                        Turn::Player(p) => Some(p),
                        _ => None,
                    },
                    notation: before.move_string(mv),
                }
            })
            .collect();
        let hints = match (&self.hints, status) {
            (Some((ply, hints)), Status::ToMove { .. })
                if self.settings.hints && *ply == self.session.moves().len() =>
            {
                Some(hints.clone())
            }
            _ => None,
        };
        View {
            game: G::KIND,
            width,
            height,
            cells,
            column_labels,
            row_labels,
            position: state.position_string(),
            last_move,
            change,
            legal: self.legal(status),
            hints,
            winning_line: if self.ending.is_none() {
                state.winning_line()
            } else {
                Vec::new()
            },
            scores: state.scores(),
            status,
            seats: (0..G::PLAYERS)
                .map(|p| SeatView {
                    name: G::player_name(p),
                    agent: match &self.settings.seats[p] {
                        SeatSpec::Human => None,
                        SeatSpec::Computer(spec) => Some(spec.clone()),
                    },
                })
                .collect(),
            history,
            clocks: self.clocks.as_ref().map(|c| c.view(Instant::now())),
            thinking: self.thinking.clone(),
            can_undo: self.session.can_undo(),
            can_redo: self.session.can_redo(),
            goal_reached: state.goal_reached(&self.settings.rules),
        }
    }

    fn settings(&self) -> &MatchSettings {
        &self.settings
    }

    fn set_waker(&mut self, waker: Waker) {
        self.waker = Some(waker);
    }
}

impl<G: Present> Drop for Match<G> {
    fn drop(&mut self) {
        self.cancel();
    }
}

/// The agent catalog's default opponent of a game, for menus.
pub fn default_opponent(kind: GameKind) -> &'static str {
    with_game!(kind, G => <G as AgentCatalog>::OPPONENT)
}
