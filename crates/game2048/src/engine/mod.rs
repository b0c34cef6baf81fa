//! Expectimax on the bitboard: the player takes the best slide, chance averages over every empty
//! cell with a 2 (0.9) or a 4 (0.1); leaves are scored by an [`Evaluator`]: the classic
//! [`heuristic`](mod@heuristic), or an n-tuple network ([`crate::ntuple::Network`]), which
//! values an afterstate by the score still to come, so the search adds the points of the slides
//! on the way to it ([`Evaluator::COUNTS_SCORE`]).
//!
//! Depth is counted in plies, a slide and a new tile each being one (as perft counts them), so
//! depth 7 looks four slides ahead with three tiles between them — what nneonneo/2048-ai calls
//! depth 3. Branches whose probability falls under [`PROBABILITY_CUTOFF`] are scored at once, and
//! a transposition cache keyed on the board keeps the values of chance nodes already searched.
//! With a time budget the search deepens two plies at a time and keeps the last complete
//! iteration; the budget may be a mean over the game ([`TimeBank`]), so that time an easy move
//! leaves goes to deeper searches on crowded boards. Tiles above 32768 play as 32768 here (the
//! saturated [`Board`]).
//!
//! # Strength and speed
//!
//! Measured on the shared 2-core development machine under heavy load (load average 5 to 10),
//! with `nice`, so times are noisy (±30 % between runs) and on the slow side:
//!
//! - `tabula play 2048 --agent expectimax:time=1 --games 60 --seed 1` (release): 2048 in 100 %,
//!   4096 in 96.7 %, 8192 in 81.7 %, 16384 in 35.0 % of games, 32768 in none; mean score
//!   192,907, median 173,564, 1.1 ms per move of wall-clock time. The reference, nneonneo's
//!   2048-ai at its depth 3 (about 0.5 ms per move) on the same machine: 98 %, 62 % (8192),
//!   10 % (16384), median 133 k.
//! - `... --agent expectimax:depth=7 --games 60 --seed 1` (the same search as nneonneo's depth
//!   3): 100 %, 98.3 % (4096), 65.0 % (8192), 8.3 % (16384), median 129,156 — level with the
//!   reference, as it should be.
//! - `cargo bench -p tabula-2048 --bench expectimax`: about 43 M nodes (slides evaluated) per
//!   second and 780 moves per second at depth 7, and 110 M slides per second in the move
//!   generator.

mod bank;
pub mod heuristic;

pub use bank::{TimeBank, MAX_SAVED_MOVES};

use std::sync::Arc;
use std::time::{Duration, Instant};

use tabula_core::{Agent, Analysis, Game, MoveValue, Progress, SearchControl, SearchLimits, Turn};

use crate::board::{tables, Board, Direction, Tables, ESCAPE};
use crate::rules::{Game2048, Move};
use heuristic::{heuristic, Heuristic};

/// Chance branches less likely than this are scored by the heuristic without searching.
pub const PROBABILITY_CUTOFF: f32 = 1e-4;

/// The depth searched when neither a depth nor a time is given (nneonneo's depth 3).
pub const DEFAULT_DEPTH: u32 = 7;

/// The deepest a timed search goes.
const MAX_DEPTH: u32 = 31;

/// How many slides pass between looks at the clock.
const CLOCK_INTERVAL: u64 = 2048;

/// log2 of the number of cache entries (16 bytes each).
const CACHE_BITS: u32 = 16;

/// What scores the leaves of the search: mostly afterstates (boards just slid, before their
/// new tile), as odd depths end there.
pub trait Evaluator: Send {
    /// Whether the value is the score still to come, so that the search adds the points scored
    /// by the slides on the way (a network trained on the game's rewards), rather than a
    /// measure of the position alone (the heuristic).
    const COUNTS_SCORE: bool;

    /// The value of `board`; higher is better, and a lost position is worth 0 to the search.
    fn evaluate(&self, board: Board) -> f32;
}

impl Evaluator for &'static Heuristic {
    const COUNTS_SCORE: bool = false;

    #[inline]
    fn evaluate(&self, board: Board) -> f32 {
        Heuristic::evaluate(self, board)
    }
}

impl Evaluator for Arc<crate::ntuple::Network> {
    const COUNTS_SCORE: bool = true;

    #[inline]
    fn evaluate(&self, board: Board) -> f32 {
        crate::ntuple::Network::evaluate(self, board)
    }
}

/// The expectimax player, its leaves scored by `E` (the heuristic unless told otherwise).
pub struct Expectimax<E: Evaluator = &'static Heuristic> {
    evaluator: E,
    depth: Option<u32>,
    time: Option<Duration>,
    /// When playing to a mean time per move: the time saved so far.
    bank: Option<TimeBank>,
    default_depth: u32,
    cache: Cache,
}

/// What one search found: each root slide's value and the effort spent.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// Every legal slide with its expected heuristic value, in up-right-down-left order.
    pub values: Vec<(Direction, f32)>,
    /// The depth of the last complete iteration, in plies.
    pub depth: u32,
    /// Slides evaluated (the unit of nneonneo's node counts).
    pub nodes: u64,
}

impl SearchResult {
    /// The best slide (the first of equals), if any slide is legal.
    pub fn best(&self) -> Option<Direction> {
        self.best_value().map(|(d, _)| d)
    }

    /// The best slide with its value (the first of equals), if any slide is legal.
    fn best_value(&self) -> Option<(Direction, f32)> {
        self.values
            .iter()
            .fold(None, |best: Option<(Direction, f32)>, &(d, v)| match best {
                Some((_, b)) if b >= v => best,
                _ => Some((d, v)),
            })
    }

    /// The search so far as a progress report about `state`, `elapsed` after its start.
    fn progress(&self, state: &Game2048, elapsed: Duration) -> Progress {
        let best = self.best_value();
        let best_move = best.map(|(d, _)| state.move_string(Move::Slide(d)));
        Progress {
            depth: self.depth,
            nodes: self.nodes,
            elapsed,
            best: best_move.clone(),
            value: best.map(|(_, v)| f64::from(v)),
            exact: false,
            pv: best_move.into_iter().collect(),
        }
    }
}

impl Expectimax {
    /// A player with the heuristic searching `depth` plies, or as deep as `time` allows, or
    /// both; with neither, [`DEFAULT_DEPTH`].
    pub fn new(depth: Option<u32>, time: Option<Duration>) -> Self {
        Expectimax::with_evaluator(heuristic(), depth, time, DEFAULT_DEPTH)
    }
}

impl<E: Evaluator> Expectimax<E> {
    /// A player whose leaves `evaluator` scores, searching `depth` plies, or as deep as `time`
    /// allows, or both; with neither, `default_depth`.
    pub fn with_evaluator(
        evaluator: E,
        depth: Option<u32>,
        time: Option<Duration>,
        default_depth: u32,
    ) -> Self {
        Expectimax {
            evaluator,
            depth,
            time,
            bank: None,
            default_depth,
            cache: Cache::new(),
        }
    }

    /// This player keeping to `mean` per move on average over the game rather than on every
    /// move ([`TimeBank`]); analysis (hints) still gets `mean` each time.
    pub fn with_mean_time(self, mean: Duration) -> Self {
        Expectimax {
            time: Some(mean),
            bank: Some(TimeBank::new(mean)),
            ..self
        }
    }

    /// This player saving time on boards whose tiles' sum is under `late_from` for the moves
    /// after them ([`TimeBank::saving_for_late_game`]); only with a mean time.
    pub fn saving_for_late_game(self, late_from: u64) -> Self {
        Expectimax {
            bank: self.bank.map(|bank| bank.saving_for_late_game(late_from)),
            ..self
        }
    }

    /// Searches the player's slides in `state` within `depth` plies and/or `time`.
    pub fn search(
        &mut self,
        state: &Game2048,
        depth: Option<u32>,
        time: Option<Duration>,
    ) -> SearchResult {
        self.search_with(state, depth, time, &SearchControl::new())
    }

    /// [`Expectimax::search`] under `control`: stops at its stop signal (keeping the last
    /// complete iteration; the first, one slide deep, always completes) and reports each
    /// complete iteration.
    pub fn search_with(
        &mut self,
        state: &Game2048,
        depth: Option<u32>,
        time: Option<Duration>,
        control: &SearchControl,
    ) -> SearchResult {
        let start = Instant::now();
        let max_depth = match (depth, time) {
            (Some(d), _) => d.max(1),
            (None, Some(_)) => MAX_DEPTH,
            (None, None) => self.default_depth,
        };
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let roots: Vec<Direction> = moves
            .into_iter()
            .filter_map(|m| match m {
                Move::Slide(d) => Some(d),
                Move::Spawn { .. } => None,
            })
            .collect();
        self.cache.next_generation();
        let mut search = Search {
            tables: tables(),
            evaluator: &self.evaluator,
            cache: &mut self.cache,
            nodes: 0,
            deadline: None,
            control,
            next_check: CLOCK_INTERVAL,
            aborted: false,
        };
        let board = state.board();
        let mut result = SearchResult {
            values: Vec::new(),
            depth: 0,
            nodes: 0,
        };
        // Odd depths end on a chance node, where the heuristic is most meaningful; an even
        // depth limit is searched last.
        let mut iteration_times: Vec<Duration> = Vec::new();
        let mut d = 1;
        loop {
            let iteration_start = Instant::now();
            let values: Vec<(Direction, f32)> = roots
                .iter()
                .map(|&dir| {
                    let (child, score) = board.slide_with(search.tables, dir);
                    search.nodes += 1;
                    (dir, points::<E>(score) + search.chance(child, d - 1, 1.0))
                })
                .collect();
            if search.aborted {
                break;
            }
            result.values = values;
            result.depth = d;
            iteration_times.push(iteration_start.elapsed());
            if control.wants_progress() {
                result.nodes = search.nodes;
                control.report(&result.progress(state, start.elapsed()));
            }
            if d >= max_depth || control.is_stopped() {
                break;
            }
            if let Some(budget) = time {
                if !worth_deepening(&iteration_times, start.elapsed(), budget) {
                    break;
                }
                search.deadline = Some(start + budget);
            }
            d = (d + 2).min(max_depth);
        }
        result.nodes = search.nodes;
        result
    }
}

/// Whether the next iteration (predicted from the growth of the last two) may finish in time.
fn worth_deepening(times: &[Duration], elapsed: Duration, budget: Duration) -> bool {
    let last = times[times.len() - 1].as_secs_f64();
    let growth = match times {
        [.., before, _] if before.as_secs_f64() > 0.0 => (last / before.as_secs_f64()).max(2.0),
        _ => 8.0,
    };
    elapsed.as_secs_f64() + last * growth <= budget.as_secs_f64() * 1.5
}

/// The points of a slide's `score` that the search adds to values from `E`: none for an
/// evaluator of positions alone.
#[inline]
fn points<E: Evaluator>(score: u32) -> f32 {
    if E::COUNTS_SCORE {
        (score & !ESCAPE) as f32
    } else {
        0.0
    }
}

/// One search's state: the evaluator, the tables, the cache, the node count, the clock and the
/// stop signal.
struct Search<'a, E: Evaluator> {
    tables: &'static Tables,
    evaluator: &'a E,
    cache: &'a mut Cache,
    nodes: u64,
    deadline: Option<Instant>,
    control: &'a SearchControl,
    next_check: u64,
    aborted: bool,
}

impl<E: Evaluator> Search<'_, E> {
    /// The player's best slide from `board` with `depth` plies left (0 if none is legal). At
    /// depth 0 an evaluator of afterstates (one that counts the score) still takes the best
    /// slide, scoring the boards it leaves: it values boards just slid, not boards with a new
    /// tile, so an even depth ends like the odd depth above it.
    fn player(&mut self, board: Board, depth: u32, probability: f32) -> f32 {
        if depth == 0 && !E::COUNTS_SCORE {
            return self.evaluator.evaluate(board);
        }
        let mut best = 0.0f32;
        if E::COUNTS_SCORE {
            for direction in Direction::ALL {
                let (child, score) = board.slide_with(self.tables, direction);
                self.nodes += 1;
                if child != board {
                    let rest = if depth == 0 {
                        self.evaluator.evaluate(child)
                    } else {
                        self.chance(child, depth - 1, probability)
                    };
                    best = best.max(points::<E>(score) + rest);
                }
            }
        } else {
            for child in board.children(self.tables) {
                self.nodes += 1;
                if child != board {
                    best = best.max(self.chance(child, depth - 1, probability));
                }
            }
        }
        best
    }

    /// The average over the new tiles that may appear on `board`, `depth` plies left.
    fn chance(&mut self, board: Board, depth: u32, probability: f32) -> f32 {
        if depth == 0 || probability < PROBABILITY_CUTOFF || self.aborted {
            return self.evaluator.evaluate(board);
        }
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + CLOCK_INTERVAL;
            if self.control.is_stopped() || self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.aborted = true;
                return 0.0;
            }
        }
        if let Some(value) = self.cache.get(board, depth) {
            return value;
        }
        let empty = board.empty_mask();
        let n = empty.count_ones() as f32;
        let p = probability / n;
        let mut total = 0.0;
        let mut cells = empty;
        while cells != 0 {
            let bit = cells & cells.wrapping_neg();
            cells ^= bit;
            total += 0.9 * self.player(Board(board.0 | bit), depth - 1, p * 0.9);
            total += 0.1 * self.player(Board(board.0 | bit << 1), depth - 1, p * 0.1);
        }
        let value = total / n;
        if !self.aborted {
            self.cache.put(board, depth, value);
        }
        value
    }
}

/// A direct-mapped table of chance-node values, tagged by search generation so that starting a
/// new search forgets the old one without clearing.
struct Cache {
    entries: Vec<Entry>,
    generation: u32,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    board: u64,
    value: f32,
    /// `generation << 8 | depth`.
    tag: u32,
}

impl Cache {
    fn new() -> Cache {
        Cache {
            entries: vec![Entry::default(); 1 << CACHE_BITS],
            generation: 0,
        }
    }

    fn next_generation(&mut self) {
        self.generation += 1;
        if self.generation >= 1 << 24 {
            self.entries.fill(Entry::default());
            self.generation = 1;
        }
    }

    fn slot(board: Board) -> usize {
        (board.0.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - CACHE_BITS)) as usize
    }

    fn get(&self, board: Board, depth: u32) -> Option<f32> {
        let entry = self.entries[Self::slot(board)];
        (entry.board == board.0 && entry.tag >> 8 == self.generation && entry.tag & 0xff >= depth)
            .then_some(entry.value)
    }

    fn put(&mut self, board: Board, depth: u32, value: f32) {
        self.entries[Self::slot(board)] = Entry {
            board: board.0,
            value,
            tag: self.generation << 8 | depth.min(0xff),
        };
    }
}

impl<E: Evaluator> Agent<Game2048> for Expectimax<E> {
    fn choose(&mut self, state: &Game2048) -> Move {
        self.choose_with(state, &SearchControl::new())
    }

    fn analyze(&mut self, state: &Game2048, limits: &SearchLimits) -> Option<Analysis<Move>> {
        self.analyze_with(state, limits, &SearchControl::new())
    }

    fn choose_with(&mut self, state: &Game2048, control: &SearchControl) -> Move {
        let start = Instant::now();
        let time = self
            .bank
            .map_or(self.time, |bank| Some(bank.allowance(state.board())));
        let result = self.search_with(state, self.depth, time, control);
        if let Some(bank) = &mut self.bank {
            bank.spend(start.elapsed());
        }
        Move::Slide(
            result
                .best()
                .expect("choose is called only where a legal move exists"),
        )
    }

    fn solves_exactly(&self) -> Result<(), &'static str> {
        Err(
            "2048's new tiles are random, and expectimax values moves by the expected value of \
             a search a few plies deep, not by an exact solution",
        )
    }

    fn analyze_with(
        &mut self,
        state: &Game2048,
        limits: &SearchLimits,
        control: &SearchControl,
    ) -> Option<Analysis<Move>> {
        if !matches!(state.turn(), Turn::Player(_)) {
            return None;
        }
        let (depth, time) = match (limits.depth, limits.time_ms) {
            (None, None) => (self.depth, self.time),
            (depth, time) => (depth, time.map(Duration::from_millis)),
        };
        let result = self.search_with(state, depth, time, control);
        let mut analysis = Analysis::new(
            result
                .values
                .iter()
                .map(|&(d, v)| MoveValue::estimate(Move::Slide(d), f64::from(v)))
                .collect(),
        );
        analysis.nodes = Some(result.nodes);
        analysis.depth = Some(result.depth);
        Some(analysis)
    }
}
