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

use tabula_core::save::{self, ContentError, SaveError, SavedChoice};
use tabula_core::{
    Agent, AgentCatalog, Analysis, Forfeit, Game, Outcome, Player, Progress, SearchControl,
    SearchLimits, Seat, Session, Turn,
};
use tabula_games::{with_game, GameKind, Opening, Rules};

use crate::clock::Clocks;
use crate::command::{Command, Event, MatchError};
use crate::opening::{Ask, OpeningRecord, Refusal, SwapChoice};
use crate::present::Present;
use crate::settings::{MatchSettings, SeatSpec};
use crate::view::{
    CellView, ChangeView, ChoiceView, Ending, EvalView, ForbiddenView, HintView, LegalMove,
    OpeningAsk, OpeningView, Piece, PlyView, SeatView, Status, VerdictView, View,
};

/// Called from a worker thread when the controller has news to poll.
pub type Waker = Arc<dyn Fn() + Send + Sync>;

/// How long hints may think: enough for exact values in small endgames, short enough to feel
/// immediate.
const HINT_TIME_MS: u64 = 800;

/// How long the evaluation graph's search may think about each position: a short look, since a
/// whole game's positions are searched one after another.
const EVAL_TIME_MS: u64 = 150;

/// How long the computer values each candidate opening when it places a swap opening: a short
/// search, enough to tell a lopsided opening from a balanced one.
const OPENING_TIME_MS: u64 = 30;

/// How long the computer values the position when it chooses a colour in a swap opening.
const CHOICE_TIME_MS: u64 = 400;

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

/// What a worker thread sends back. Seats are numbered as in [`MatchSettings::seats`].
enum Report<G: Game> {
    Progress(u64, Progress),
    /// A computer player's move, or why it could not move (a brain program that failed).
    Moved(u64, usize, Box<dyn Agent<G>>, Result<G::Move, Forfeit>),
    Analysed(u64, Box<dyn Agent<G>>, Option<Analysis<G::Move>>),
    /// The stones a computer player places in a swap opening, in order.
    Planned(u64, Vec<G::Move>),
    /// A computer player's choice in a swap opening.
    Chose(u64, usize, SwapChoice),
}

/// Which agent a search uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Searcher {
    /// The computer player in this seat, choosing its move (or its opening stones or colour).
    Seat(usize),
    /// The analyser, valuing the legal moves for hints.
    Hints,
    /// The analyser, valuing the position after ply `index + 1` of the line for the graph;
    /// `mover` is the player to move there.
    Evaluate { index: usize, mover: Player },
}

/// The opening stones a computer player chose: `stones` to play after the moves `base`.
struct Plan<M> {
    base: Vec<M>,
    stones: Vec<M>,
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
///
/// Seats (`settings.seats`, `agents`, `floors`) are numbered in the order of the settings; the
/// session's players are colours. They are the same except in a swap opening, where the
/// [`OpeningRecord`] says which seat acts until the colours are chosen and which seat then plays
/// which colour.
pub struct Match<G: Present> {
    settings: MatchSettings,
    session: Session<G>,
    /// The swap opening's choices (none under the standard opening).
    opening: OpeningRecord,
    /// Choices taken back by undo, the next one to redo last.
    undone_choices: Vec<(usize, SwapChoice)>,
    /// The opening stones a computer player is placing.
    plan: Option<Plan<G::Move>>,
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
    /// Whether the evaluation graph is on.
    graph: bool,
    /// The graph's values along the line (played and redoable plies): each ply's move, and its
    /// value once searched (`Some(None)` when the search gave none).
    evals: Vec<(G::Move, Option<Option<EvalView>>)>,
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
            opening: OpeningRecord::new(settings.rules.opening()),
            undone_choices: Vec::new(),
            plan: None,
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
            graph: false,
            evals: Vec::new(),
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
        self.sync_seats();
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
            self.background(false);
            return;
        }
        let Turn::Player(player) = self.session.turn() else {
            return;
        };
        if self.paused {
            self.background(false);
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
        let ask = self.ask();
        let Some(seat) = self.actor() else {
            return;
        };
        if self.agents[seat].is_none() {
            self.background(ask == Ask::Play);
            return;
        }
        match ask {
            Ask::Play => self.think(seat),
            Ask::Place { stone, of, .. } => self.place_opening(seat, of + 1 - stone),
            Ask::Choose { .. } => self.choose_colour(seat),
        }
    }

    /// The number of moves played.
    fn plies(&self) -> usize {
        self.session.moves().len()
    }

    /// What the opening asks now.
    fn ask(&self) -> Ask {
        self.opening.ask(self.plies())
    }

    /// The seat that decides now: the one the opening asks, or the seat of the colour to move;
    /// `None` when nobody does (chance, the end).
    fn actor(&self) -> Option<usize> {
        match self.session.turn() {
            Turn::Player(colour) => Some(
                self.ask()
                    .seat()
                    .unwrap_or_else(|| self.opening.seat_of(colour, self.plies())),
            ),
            _ => None,
        }
    }

    /// The seat that decided move `index`; `None` for chance.
    fn decider_of_move(&self, index: usize) -> Option<usize> {
        self.decider_at(index, &self.session.positions()[index])
    }

    /// The seat that decides the move after `index` moves from `before`, as the opening's
    /// record stands now; `None` for chance.
    fn decider_at(&self, index: usize, before: &G) -> Option<usize> {
        match before.turn() {
            Turn::Player(colour) => Some(
                self.opening
                    .ask(index)
                    .seat()
                    .unwrap_or_else(|| self.opening.seat_of(colour, index)),
            ),
            _ => None,
        }
    }

    /// Whether a person sits in `seat`.
    fn by_person(&self, seat: Option<usize>) -> bool {
        seat.is_some_and(|s| self.settings.seats[s].is_human())
    }

    fn nobody_human(&self) -> bool {
        self.settings.seats.iter().all(|s| !s.is_human())
    }

    /// Whether a person must decide now.
    fn awaits_person(&self) -> bool {
        self.ending.is_none() && self.by_person(self.actor())
    }

    /// Gives the session, per colour, the seat that decides for that colour now (in a swap
    /// opening, the seat asked), so that it takes a person's or a computer's move as theirs.
    fn sync_seats(&mut self) {
        let plies = self.plies();
        let asked = self.ask().seat();
        for colour in 0..G::PLAYERS {
            let seat = asked.unwrap_or_else(|| self.opening.seat_of(colour, plies));
            let session_seat = match &self.settings.seats[seat] {
                SeatSpec::Human => Seat::Human,
                SeatSpec::Computer(spec) => Seat::External { spec: spec.clone() },
            };
            self.session.set_seat(colour, session_seat);
        }
    }

    /// The next stone of the computer's opening plan, if the game still follows it.
    fn planned_stone(&self) -> Option<G::Move> {
        let plan = self.plan.as_ref()?;
        let moves = self.session.moves();
        let done = moves.strip_prefix(plan.base.as_slice())?;
        (plan.stones.len() > done.len() && plan.stones.starts_with(done))
            .then(|| plan.stones[done.len()])
    }

    /// The computer in `seat` places the next of `stones` opening stones: from its plan, or
    /// after valuing the game's candidate openings on a worker thread and choosing the one
    /// valued nearest to even.
    fn place_opening(&mut self, seat: usize, stones: usize) {
        if let Some(mv) = self.planned_stone() {
            self.computer_moved(seat, mv);
            self.advance();
            return;
        }
        let state = self.session.state().clone();
        let candidates = state.opening_candidates(stones);
        let analyser = match Self::build(G::ANALYZER, self.settings.seed) {
            Ok(agent) if !candidates.is_empty() => agent,
            _ => return self.think(seat),
        };
        let mut agent = analyser;
        self.spawn_search(Searcher::Seat(seat), move |control, ticket| {
            let limits = SearchLimits {
                time_ms: Some(OPENING_TIME_MS),
                ..SearchLimits::default()
            };
            let mut best: Option<(f64, Vec<G::Move>)> = None;
            for line in candidates {
                if control.is_stopped() {
                    break;
                }
                let mut board = state.clone();
                for &mv in &line {
                    board.play(mv);
                }
                let value = agent
                    .analyze_with(&board, &limits, control)
                    .and_then(|a| a.moves.first().map(|m| m.value.abs()))
                    .unwrap_or(f64::INFINITY);
                if best.as_ref().is_none_or(|(b, _)| value < *b) {
                    best = Some((value, line));
                }
            }
            Report::Planned(ticket, best.map(|(_, l)| l).unwrap_or_default())
        });
        self.emit(Event::Changed);
    }

    /// The computer in `seat` chooses a colour: the engine values the position for the side to
    /// move, and the computer takes the colour it values better.
    fn choose_colour(&mut self, seat: usize) {
        let state = self.session.state().clone();
        let Ok(analyser) = Self::build(G::ANALYZER, self.settings.seed) else {
            self.emit(Event::Error("the computer cannot value the opening".into()));
            return;
        };
        let mut agent = analyser;
        self.spawn_search(Searcher::Seat(seat), move |control, ticket| {
            let limits = SearchLimits {
                time_ms: Some(CHOICE_TIME_MS),
                ..SearchLimits::default()
            };
            let value = agent
                .analyze_with(&state, &limits, control)
                .and_then(|a| a.moves.first().map(|m| m.value))
                .unwrap_or(0.0);
            let to_move = match state.turn() {
                Turn::Player(p) => p,
                _ => 0,
            };
            let colour = if value >= 0.0 { to_move } else { to_move ^ 1 };
            let choice = if colour == 0 {
                SwapChoice::Black
            } else {
                SwapChoice::White
            };
            Report::Chose(ticket, seat, choice)
        });
        self.emit(Event::Changed);
    }

    /// Runs `work` on a worker thread under a fresh search control, which becomes the current
    /// search of `searcher`; the worker sends the report `work` returns (under the search's
    /// ticket) and wakes the front end. Returns the control, to stop the search.
    fn spawn_search<W>(&mut self, searcher: Searcher, work: W) -> SearchControl
    where
        W: FnOnce(&SearchControl, u64) -> Report<G> + Send + 'static,
    {
        let (ticket, control) = self.next_control();
        let (sender, waker, worker) = (self.sender.clone(), self.waker.clone(), control.clone());
        thread::spawn(move || {
            let report = work(&worker, ticket);
            let _ = sender.send(report);
            if let Some(wake) = waker {
                wake();
            }
        });
        self.search = Some(Search {
            ticket,
            searcher,
            control: control.clone(),
        });
        control
    }

    /// While no computer player thinks: the hints (when `hints_now` and they are on and stale),
    /// else the graph's next value.
    fn background(&mut self, hints_now: bool) {
        if self.search.is_some() {
            return;
        }
        if hints_now && self.settings.hints && self.hints_stale() {
            self.start_hints();
            return;
        }
        self.sync_evals();
        while let Some(index) = self.next_eval() {
            let position = self.position_on_line(index);
            match position.turn() {
                Turn::Player(mover) => {
                    self.start_analysis(
                        position,
                        EVAL_TIME_MS,
                        Searcher::Evaluate { index, mover },
                    );
                    return;
                }
                Turn::Over(outcome) => {
                    let verdict = match outcome {
                        Outcome::Win(0) => Some(VerdictView::Win),
                        Outcome::Win(_) => Some(VerdictView::Loss),
                        Outcome::Draw => Some(VerdictView::Draw),
                        Outcome::Score(_) => None,
                    };
                    let value = position.margin(0) as f64;
                    self.evals[index].1 = Some(Some(EvalView {
                        value,
                        exact: true,
                        verdict,
                    }));
                    self.emit(Event::Evaluated(index + 1));
                }
                Turn::Chance => self.evals[index].1 = Some(None),
            }
        }
    }

    /// The line the graph covers: the moves played, then the ones redo would replay.
    fn line(&self) -> Vec<G::Move> {
        let mut line = self.session.moves().to_vec();
        line.extend(self.session.redoable());
        line
    }

    /// The position after ply `index + 1` of the line.
    fn position_on_line(&self, index: usize) -> G {
        let played = self.session.moves().len();
        if index < played {
            return self.session.positions()[index + 1].clone();
        }
        let mut position = self.session.state().clone();
        for mv in self.session.redoable().take(index + 1 - played) {
            position.play(mv);
        }
        position
    }

    /// Keeps the graph's values of the plies the line still shares; the rest wait for a search.
    fn sync_evals(&mut self) {
        let line = self.line();
        let shared = self
            .evals
            .iter()
            .zip(&line)
            .take_while(|((kept, _), mv)| kept == *mv)
            .count();
        self.evals.truncate(shared);
        self.evals
            .extend(line[shared..].iter().map(|&mv| (mv, None)));
    }

    /// The ply the graph needs next: the current position first, then the earliest missing.
    fn next_eval(&self) -> Option<usize> {
        if !self.graph {
            return None;
        }
        let current = self.session.moves().len().checked_sub(1);
        current
            .filter(|&i| self.evals.get(i).is_some_and(|(_, v)| v.is_none()))
            .or_else(|| self.evals.iter().position(|(_, v)| v.is_none()))
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
    fn think(&mut self, seat: usize) {
        let Some(Slot::Home(_)) = &self.agents[seat] else {
            return; // still out after a stopped search: it starts when it comes home
        };
        let Some(Slot::Home(mut agent)) = self.agents[seat].replace(Slot::Out) else {
            unreachable!("checked above")
        };
        let budget = match (&self.clocks, self.session.turn()) {
            (Some(clocks), Turn::Player(colour)) => Some(clocks.budget(colour, Instant::now())),
            _ => None,
        };
        let state = self.session.state().clone();
        let control = self.spawn_search(Searcher::Seat(seat), move |control, ticket| {
            let mv = agent.try_choose_with(&state, control);
            Report::Moved(ticket, seat, agent, mv)
        });
        if let Some(budget) = budget {
            thread::spawn(move || {
                thread::sleep(budget);
                control.stop();
            });
        }
        self.emit(Event::Changed);
    }

    fn start_hints(&mut self) {
        let state = self.session.state().clone();
        self.start_analysis(state, HINT_TIME_MS, Searcher::Hints);
    }

    /// Sends the analyser to value the moves of `state` for `time_ms` on a worker thread.
    fn start_analysis(&mut self, state: G, time_ms: u64, searcher: Searcher) {
        let mut agent = match self.analyser.replace(Slot::Out) {
            Some(Slot::Home(agent)) => agent,
            Some(Slot::Out) => return, // a stopped hint search is still coming home
            None => match Self::build(G::ANALYZER, self.settings.seed) {
                Ok(agent) => agent,
                Err(e) => {
                    self.analyser = None;
                    self.settings.hints = false;
                    self.graph = false;
                    self.emit(Event::Error(format!("hints are not available: {e}")));
                    return;
                }
            },
        };
        self.spawn_search(searcher, move |control, ticket| {
            let limits = SearchLimits {
                time_ms: Some(time_ms),
                ..SearchLimits::default()
            };
            let analysis = agent.analyze_with(&state, &limits, control);
            Report::Analysed(ticket, agent, analysis)
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
            Report::Moved(ticket, seat, agent, mv) => {
                if ticket > self.floors[seat] && matches!(self.agents[seat], Some(Slot::Out)) {
                    self.agents[seat] = Some(Slot::Home(agent));
                }
                if self.is_current(ticket) {
                    self.search = None;
                    self.thinking = None;
                    match mv {
                        Ok(mv) => self.computer_moved(seat, mv),
                        Err(forfeit) => self.computer_failed(seat, &forfeit),
                    }
                }
                self.advance();
            }
            Report::Planned(ticket, stones) => {
                if self.is_current(ticket) {
                    self.search = None;
                    self.thinking = None;
                    self.plan = Some(Plan {
                        base: self.session.moves().to_vec(),
                        stones,
                    });
                }
                self.advance();
            }
            Report::Chose(ticket, seat, choice) => {
                if self.is_current(ticket) {
                    self.search = None;
                    self.thinking = None;
                    if self.opening.choose(self.plies(), choice).is_ok() {
                        self.chosen(seat, choice);
                    }
                }
                self.advance();
            }
            Report::Analysed(ticket, agent, analysis) => {
                self.analyser = Some(Slot::Home(agent));
                let searcher = self.search.as_ref().map(|s| s.searcher);
                if let (true, Some(Searcher::Evaluate { index, mover })) =
                    (self.is_current(ticket), searcher)
                {
                    self.search = None;
                    let eval = analysis
                        .and_then(|a| a.moves.into_iter().next())
                        .map(|best| eval_for_first(&best, mover));
                    if let Some(entry) = self.evals.get_mut(index) {
                        entry.1 = Some(eval);
                    }
                    self.emit(Event::Evaluated(index + 1));
                } else if self.is_current(ticket) {
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

    fn computer_moved(&mut self, seat: usize, mv: G::Move) {
        let Turn::Player(player) = self.session.turn() else {
            return;
        };
        let notation = self.session.state().move_string(mv);
        self.sync_seats();
        match self.session.play_external(mv) {
            Ok(()) => {
                self.undone_choices.clear();
                if let Some(clocks) = &mut self.clocks {
                    clocks.moved(Instant::now());
                }
                self.emit(Event::EngineMoved { player, notation });
                self.emit(Event::Changed);
            }
            Err(e) => {
                self.emit(Event::Error(format!(
                    "the computer player in seat {} chose {notation}, which was refused: {e}",
                    seat + 1
                )));
            }
        }
    }

    /// A computer player that could not move (a brain program that failed) leaves its seat to
    /// a person, who may play on or put another computer player there; the front end is told
    /// why. Leaving it seated would only ask it again, and a move made up for it would be no
    /// move of its own.
    fn computer_failed(&mut self, seat: usize, forfeit: &Forfeit) {
        let name = match &self.settings.seats[seat] {
            SeatSpec::Computer(spec) => spec.clone(),
            SeatSpec::Human => return,
        };
        self.put_in_seat(seat, None, SeatSpec::Human);
        self.emit(Event::Error(format!(
            "the computer player in seat {} ({name}) failed to move ({forfeit}); the seat is now \
             a person's: play on, or seat another computer player",
            seat + 1
        )));
        self.emit(Event::Changed);
    }

    /// What follows a choice in a swap opening, recorded by now: the redo list is forgotten and
    /// the front end told.
    fn chosen(&mut self, seat: usize, choice: SwapChoice) {
        self.undone_choices.clear();
        self.session.forget_redo();
        self.emit(Event::Chose { seat, choice });
        self.emit(Event::Changed);
    }

    /// A person's choice in a swap opening.
    fn choose(&mut self, choice: SwapChoice) -> Result<(), MatchError> {
        if self.ending.is_some() {
            return Err(MatchError::GameOver);
        }
        if let Ask::Choose { seat, .. } = self.ask() {
            if !self.by_person(Some(seat)) {
                return Err(tabula_core::session::MoveError::NotYourTurn.into());
            }
        }
        let plies = self.plies();
        self.opening
            .choose(plies, choice)
            .map_err(|refusal| match refusal {
                Refusal::NotAsked => MatchError::NoChoice,
                Refusal::NotOffered => MatchError::NotOffered(choice),
            })?;
        let seat = self.opening.chooser(self.opening.choices.len() - 1);
        self.cancel();
        self.chosen(seat, choice);
        self.advance();
        Ok(())
    }

    /// A person's move.
    fn play(&mut self, mv: G::Move) -> Result<(), MatchError> {
        if self.ending.is_some() {
            return Err(MatchError::GameOver);
        }
        self.refuse_while_choosing()?;
        if let Some(cell) = self.session.state().move_cell(mv) {
            self.refuse_forbidden(cell)?;
        }
        self.sync_seats();
        self.session.play(mv)?;
        self.undone_choices.clear();
        self.cancel();
        if let Some(clocks) = &mut self.clocks {
            clocks.moved(Instant::now());
        }
        self.emit(Event::Changed);
        self.advance();
        Ok(())
    }

    /// Refuses a stone while a swap opening waits for a colour: the person is asked to choose
    /// first, or told it is not their turn while the computer chooses.
    fn refuse_while_choosing(&self) -> Result<(), MatchError> {
        match self.ask() {
            Ask::Choose { seat, .. } if !self.by_person(Some(seat)) => {
                Err(tabula_core::session::MoveError::NotYourTurn.into())
            }
            Ask::Choose { options, .. } => Err(MatchError::ChoiceAwaited(options.to_vec())),
            _ => Ok(()),
        }
    }

    /// Refuses a forbidden point (renju, black to move) with the reason.
    fn refuse_forbidden(&self, cell: usize) -> Result<(), MatchError> {
        let state = self.session.state();
        match state.forbidden().into_iter().find(|f| f.cell == cell) {
            Some(f) => Err(MatchError::Forbidden {
                cell: state.cell_name(cell),
                reason: f.reason,
            }),
            None => Ok(()),
        }
    }

    fn play_cell(&mut self, cell: usize) -> Result<(), MatchError> {
        let state = self.session.state();
        let (w, h) = state.grid();
        if cell >= w * h {
            return Err(MatchError::NoSuchCell(cell));
        }
        if self.ending.is_none() {
            self.refuse_while_choosing()?;
            self.refuse_forbidden(cell)?;
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
        let changed = if undo { self.undo() } else { self.redo() };
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

    /// Goes to the position after `ply` plies, keeping the rest redoable (colour choices made
    /// after that ply go back with the moves after it).
    fn go_to(&mut self, ply: usize) -> Result<(), MatchError> {
        let len = self.plies() + self.session.redoable().count();
        if ply > len {
            return Err(MatchError::NoSuchPly { ply, len });
        }
        self.cancel();
        while self.plies() > ply && self.take_back().is_some() {}
        while self.plies() < ply && self.redo_step() {}
        // A 2048 slide goes with the tile that followed it.
        while self.session.turn() == Turn::Chance && self.session.redo_ply() {}
        self.reset_ending();
        if let Some(clocks) = &mut self.clocks {
            clocks.halt(Instant::now());
        }
        self.paused =
            self.actor().is_some_and(|seat| self.agents[seat].is_some()) && self.session.can_redo();
        self.emit(Event::Changed);
        self.advance();
        Ok(())
    }

    /// Takes back the last move or choice: `Some(true)` when a person decided it, `None` when
    /// there is nothing to take back.
    fn take_back(&mut self) -> Option<bool> {
        let plies = self.plies();
        let chooser = self
            .opening
            .choices
            .len()
            .checked_sub(1)
            .map(|last| self.opening.chooser(last));
        if let Some(choice) = self.opening.take_back(plies) {
            self.undone_choices.push(choice);
            return Some(self.by_person(chooser));
        }
        let decider = self.decider_of_move(plies.checked_sub(1)?);
        self.session.undo_ply();
        Some(self.by_person(decider))
    }

    /// Whether undo has anything to take back: a person's move or choice (anything, where
    /// nobody is human).
    fn can_undo(&self) -> bool {
        let nobody = self.nobody_human();
        (0..self.plies()).any(|i| nobody || self.by_person(self.decider_of_move(i)))
            || (0..self.opening.choices.len())
                .any(|i| nobody || self.by_person(Some(self.opening.chooser(i))))
    }

    /// Takes back moves and choices until a person was last to decide (one where nobody is
    /// human): the person's move and the computer's reply, a move and its 2048 tile, a colour
    /// choice and the computer's stones after it. Returns whether anything was undone.
    fn undo(&mut self) -> bool {
        if !self.can_undo() {
            return false;
        }
        if self.nobody_human() {
            return self.take_back().is_some();
        }
        while let Some(by_person) = self.take_back() {
            if by_person {
                break;
            }
        }
        true
    }

    /// Replays what undo took back up to the next point where a person decides (one move or
    /// choice where nobody is human). Returns whether anything was redone.
    fn redo(&mut self) -> bool {
        let nobody = self.nobody_human();
        let mut redone = false;
        while self.redo_step() {
            redone = true;
            if nobody || self.awaits_person() {
                break;
            }
        }
        redone
    }

    /// Replays the next colour choice or move that undo took back; whether there was one.
    fn redo_step(&mut self) -> bool {
        let plies = self.plies();
        if self
            .undone_choices
            .last()
            .is_some_and(|&(after, _)| after == plies)
        {
            let (_, choice) = self.undone_choices.pop().expect("checked");
            if self.opening.choose(plies, choice).is_err() {
                self.undone_choices.clear();
                return false;
            }
            true
        } else {
            self.session.redo_ply()
        }
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
        self.opening = OpeningRecord::new(settings.rules.opening());
        self.undone_choices.clear();
        self.plan = None;
        self.agents = agents;
        self.clocks = settings.clock.map(|c| Clocks::new(c, G::PLAYERS));
        self.settings = settings;
        self.reset_ending();
        self.hints = None;
        self.evals.clear();
        self.paused = false;
        self.emit(Event::Changed);
        self.advance();
        Ok(())
    }

    fn resign(&mut self) -> Result<(), MatchError> {
        if self.ending_now().is_some() {
            return Err(MatchError::GameOver);
        }
        let actor = self.actor().ok_or(MatchError::GameOver)?;
        let seat = if self.by_person(Some(actor)) {
            actor
        } else {
            self.settings
                .seats
                .iter()
                .position(SeatSpec::is_human)
                .ok_or(MatchError::NoPerson)?
        };
        // The seat's colour: seat_of maps colours to seats and back.
        let player = self.opening.seat_of(seat, self.plies());
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

    /// Puts `seat` in the seat that plays colour `player` (in a swap opening before the colours
    /// are chosen: seat number `player`).
    fn set_seat(&mut self, player: Player, seat: SeatSpec) -> Result<(), MatchError> {
        if player >= G::PLAYERS {
            return Err(MatchError::NoSuchPlayer(player));
        }
        let index = self.opening.seat_of(player, self.plies());
        let slot = match &seat {
            SeatSpec::Human => None,
            SeatSpec::Computer(spec) => Some(Slot::Home(Self::build(spec, self.settings.seed)?)),
        };
        if matches!(self.search.as_ref().map(|s| s.searcher), Some(Searcher::Seat(p)) if p == index)
        {
            self.cancel();
        }
        self.put_in_seat(index, slot, seat);
        self.emit(Event::Changed);
        self.advance();
        Ok(())
    }

    /// Seats `spec` (with its agent, if a computer) at `index`; a search still out for the
    /// seat's previous agent is ignored when it reports.
    fn put_in_seat(&mut self, index: usize, slot: Option<Slot<G>>, spec: SeatSpec) {
        self.agents[index] = slot;
        self.floors[index] = self.tickets;
        self.settings.seats[index] = spec;
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

    /// Saves the game with its opening's choices; the seats are listed by colour.
    fn save(&self, path: &Path) -> Result<(), MatchError> {
        let mut file = self.session.to_save_file();
        let plies = self.plies();
        file.seats = (0..G::PLAYERS)
            .map(
                |colour| match &self.settings.seats[self.opening.seat_of(colour, plies)] {
                    SeatSpec::Human => "human".to_string(),
                    SeatSpec::Computer(spec) => spec.clone(),
                },
            )
            .collect();
        if !self.opening.rule.is_standard() {
            file.opening = Some(self.opening.rule.name().to_string());
        }
        file.choices = self
            .opening
            .choices
            .iter()
            .map(|&(after, choice)| SavedChoice {
                after,
                choice: choice.name().to_string(),
            })
            .collect();
        save::save(path, &file)?;
        Ok(())
    }

    /// Replaces the game with one from a file, with its opening and choices (the seats stay);
    /// on any error nothing changes.
    fn load(&mut self, path: &Path) -> Result<(), MatchError> {
        let loaded = save::load::<G>(path)?;
        self.adopt(loaded).map_err(|reason| {
            MatchError::Save(SaveError::Corrupt {
                path: path.to_path_buf(),
                reason,
            })
        })
    }

    /// Replaces the game with one from a saved game's text, as [`Self::load`] does from a file.
    fn restore(&mut self, text: &str) -> Result<(), MatchError> {
        let loaded = save::parse_saved::<G>(text)?;
        self.adopt(loaded)
            .map_err(|reason| MatchError::Restore(ContentError::Invalid(reason)))
    }

    /// Replaces the game with `loaded`, with its opening and choices (the seats stay); on an
    /// opening or a choice that does not fit, says why and changes nothing.
    fn adopt(&mut self, loaded: save::LoadedGame<G>) -> Result<(), String> {
        let rule = match loaded.opening.as_deref() {
            None => Opening::Standard,
            Some(name) => Opening::from_name(name)
                .filter(|o| o.is_standard() || G::KIND == GameKind::Gomoku)
                .ok_or_else(|| {
                    format!(
                        "{} is not an opening of {}",
                        tabula_core::quote(name),
                        G::NAME
                    )
                })?,
        };
        let choices = loaded
            .choices
            .iter()
            .map(|c| {
                SwapChoice::from_name(&c.choice)
                    .map(|choice| (c.after, choice))
                    .ok_or_else(|| {
                        format!(
                            "{} is not a choice (black, white, place_two)",
                            tabula_core::quote(&c.choice)
                        )
                    })
            })
            .collect::<Result<Vec<_>, _>>()?;
        self.opening = OpeningRecord::replay(rule, &choices, loaded.moves.len())?;
        if let Rules::Gomoku { opening, .. } = &mut self.settings.rules {
            *opening = rule;
        }
        self.session.replace_game(loaded);
        self.undone_choices.clear();
        self.plan = None;
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
        if self.agents[self.actor().unwrap_or(player)].is_none() {
            Status::ToMove { player }
        } else if self.paused {
            Status::Paused { player }
        } else {
            Status::Thinking { player }
        }
    }

    fn legal(&self, status: Status) -> Vec<LegalMove> {
        if !matches!(status, Status::ToMove { .. }) || matches!(self.ask(), Ask::Choose { .. }) {
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

    /// What a swap opening asks now, while it lasts and the game goes on.
    fn opening_view(&self, status: Status) -> Option<OpeningView> {
        if status.is_over() {
            return None;
        }
        let (seat, ask) = match self.ask() {
            Ask::Play => return None,
            Ask::Place { seat, stone, of } => (
                seat,
                OpeningAsk::Place {
                    stone,
                    of,
                    colour: match self.session.turn() {
                        Turn::Player(p) => p,
                        _ => 0,
                    },
                },
            ),
            Ask::Choose { seat, options } => (
                seat,
                OpeningAsk::Choose {
                    options: options.to_vec(),
                },
            ),
        };
        Some(OpeningView {
            rule: self.opening.rule,
            seat,
            agent: match &self.settings.seats[seat] {
                SeatSpec::Human => None,
                SeatSpec::Computer(spec) => Some(spec.clone()),
            },
            ask,
        })
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
            Command::GoTo(ply) => self.go_to(ply),
            Command::Evaluations(on) => {
                self.graph = on;
                if !on
                    && matches!(
                        self.search.as_ref().map(|s| s.searcher),
                        Some(Searcher::Evaluate { .. })
                    )
                {
                    self.cancel();
                }
                self.emit(Event::Changed);
                self.advance();
                Ok(())
            }
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
                self.save(&path)?;
                self.emit(Event::Saved(path));
                Ok(())
            }
            Command::Choose(choice) => self.choose(choice),
            Command::Load(path) => self.load(&path),
            Command::Restore(text) => self.restore(&text),
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
                ply_view(i, before, mv, self.decider_at(i, before))
            })
            .collect();
        let mut after = state.clone();
        let played = self.session.moves().len();
        let redoable = self
            .session
            .redoable()
            .enumerate()
            .map(|(i, mv)| {
                let ply = ply_view(played + i, &after, mv, self.decider_at(played + i, &after));
                after.play(mv);
                ply
            })
            .collect();
        let evaluations = if self.graph {
            let line = self.line();
            let mut kept = self.evals.iter().zip(&line);
            let mut shared = true;
            line.iter()
                .map(|_| match kept.next() {
                    Some(((mv, value), now)) if shared && mv == now => value.flatten(),
                    _ => {
                        shared = false;
                        None
                    }
                })
                .collect()
        } else {
            Vec::new()
        };
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
            forbidden: if status.is_over() {
                Vec::<ForbiddenView>::new()
            } else {
                state.forbidden()
            },
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
                    agent: match &self.settings.seats[self.opening.seat_of(p, self.plies())] {
                        SeatSpec::Human => None,
                        SeatSpec::Computer(spec) => Some(spec.clone()),
                    },
                })
                .collect(),
            history,
            redoable,
            evaluations,
            clocks: self.clocks.as_ref().map(|c| c.view(Instant::now())),
            thinking: self.thinking.clone(),
            can_undo: self.can_undo(),
            can_redo: self.session.can_redo() || !self.undone_choices.is_empty(),
            opening: self.opening_view(status),
            choices: (0..self.opening.choices.len())
                .map(|i| ChoiceView {
                    after: self.opening.choices[i].0,
                    seat: self.opening.chooser(i),
                    choice: self.opening.choices[i].1,
                })
                .collect(),
            colour_seats: (0..G::PLAYERS)
                .map(|colour| self.opening.seat_of(colour, self.plies()))
                .collect(),
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

/// Ply `index + 1` of the record, played from `before`.
fn ply_view<G: Present>(index: usize, before: &G, mv: G::Move, seat: Option<usize>) -> PlyView {
    PlyView {
        number: index as u32 + 1,
        player: match before.turn() {
            Turn::Player(p) => Some(p),
            _ => None,
        },
        seat,
        notation: before.move_string(mv),
        cell: before.move_cell(mv),
    }
}

/// The value of a position from the first player's point of view, given the best move's value
/// for `mover`, the player to move there.
fn eval_for_first<M>(best: &tabula_core::MoveValue<M>, mover: Player) -> EvalView {
    let flip = mover != 0;
    EvalView {
        value: if flip { -best.value } else { best.value },
        exact: best.exact,
        verdict: best.verdict.map(|v| {
            let v = VerdictView::from(v);
            match (flip, v) {
                (true, VerdictView::Win) => VerdictView::Loss,
                (true, VerdictView::Loss) => VerdictView::Win,
                _ => v,
            }
        }),
    }
}

/// The agent catalog's default opponent of a game, for menus.
pub fn default_opponent(kind: GameKind) -> &'static str {
    with_game!(kind, G => <G as AgentCatalog>::OPPONENT)
}
