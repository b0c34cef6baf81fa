//! `engine`: a search engine for reversi — iterative-deepening PVS over an evaluation in the
//! midgame ([`midgame`]), an exact solver near the end ([`endgame`]).
//!
//! Spec keys: `level=1..10` (search depth `level + 2`) and `time=MS` (iterative deepening
//! within the time). With neither, `level=5`. `weights=PATH` evaluates with a weights file of
//! [`eval`]'s form instead of the shipped one (to compare a new fit with it in the arena).
//! `probcut=0..40`: how selective the midgame search is, in tenths of a standard deviation
//! ([`Midgame::set_probcut`]; default 10, 0 searches every node to its full depth).
//!
//! When it solves exactly, by the empty squares left ([`exact_empties`]), as Edax and Egaroucid
//! do at their default levels:
//! - to choose a move: at `level=L` from `2L` empties (at most 20); with `time=MS`, from the
//!   most empties whose best move it solves within the time (20 at half a second, one more per
//!   tripling of the time, one fewer per third);
//! - to analyze (`tabula analyze`, `hint`): from 20 empties whatever the level or time — every
//!   move of FFO #40 (20 empties) is solved exactly in well under a second — and from more with
//!   a time that fits them (21 at 4.5 s, one more per tripling of the time). Every move then
//!   gets its exact value; beyond, every move gets an estimate. `--exact` solves every move
//!   exactly however many empties are left.

pub mod endgame;
pub mod eval;
mod last;
pub mod midgame;
pub mod pattern;
pub mod slots;
mod table;

use std::path::Path;
use std::time::{Duration, Instant};

use tabula_core::{
    Agent, AgentEntry, AgentError, AgentSpec, Analysis, Bound, Game, Knob, MoveValue, Progress,
    SearchControl, SearchLimits, Verdict,
};

use crate::notation::Move;
use crate::rules::Reversi;
use endgame::Solver;
use eval::Evaluation;
use midgame::{order_key, to_discs, Midgame, INFINITY};

pub use eval::evaluate;

/// The moves of a searched position, on the stack: a position has at most 60 (one per empty
/// square), and filling a list costs nothing for the places it leaves unused.
type MoveList<T> = arrayvec::ArrayVec<T, 64>;

/// How far one decision may search.
#[derive(Clone, Copy, Debug)]
struct Plan {
    /// Midgame depth in plies.
    depth: u32,
    /// Solve exactly from this many empties down.
    exact_empties: u32,
    /// Stop deepening by then.
    deadline: Option<Instant>,
}

/// The keys `engine` takes.
const ENGINE_KEYS: &[Knob] = &[Knob::LEVEL, Knob::TIME, Knob::path("weights"), PROBCUT];

/// `probcut`: ProbCut's margin in tenths of a standard deviation (0: no cuts).
const PROBCUT: Knob = Knob {
    key: "probcut",
    min: 0,
    max: 40,
    path: false,
};

/// How many standard deviations beyond the window ProbCut's shallow search must put a midgame
/// node to cut it, unless the spec's `probcut` (tenths of one; 0: no cuts) says otherwise.
/// In the arena at 100 ms a move (openings of 8 random moves, both colours), 1.5 beat no cuts
/// by +89 Elo (200 games); 1.0 beat 1.5 by +31, 2.0 lost to it by 52, 0.7 to 1.0 by 13 (300
/// games each); at 300 ms 1.0 beat no cuts by +100 (200 games). The README has the intervals.
const PROBCUT_CONFIDENCE: f64 = 1.0;

/// The engine agent.
pub struct Engine {
    level: Option<u32>,
    time_ms: Option<u64>,
    midgame: Midgame,
    solver: Solver,
    /// The control of the current decision or analysis (a fresh one between them).
    control: SearchControl,
    /// When the current decision or analysis began.
    started: Instant,
}

impl Engine {
    /// An engine at `level` (1..=10) and/or with `time_ms` per move.
    pub fn new(level: Option<u32>, time_ms: Option<u64>) -> Self {
        let level = level.or(if time_ms.is_some() { None } else { Some(5) });
        // Levels 1-4 search a few plies and solve only the last few empties: tables of a few
        // megabytes serve them, and the arena, which builds an agent per game, stays fast.
        let (midgame_bits, solver_bits, ordering_bits) = match level {
            Some(1..=2) if time_ms.is_none() => (16, 16, 14),
            Some(3..=4) if time_ms.is_none() => (18, 18, 16),
            _ => (20, 21, 18),
        };
        let mut midgame = Midgame::new(midgame_bits);
        midgame.set_probcut(Some(PROBCUT_CONFIDENCE));
        Engine {
            level,
            time_ms,
            midgame,
            solver: Solver::with_table_bits(solver_bits, ordering_bits),
            control: SearchControl::new(),
            started: Instant::now(),
        }
    }

    /// The engine evaluating with `evaluation` instead of the shipped weights.
    pub fn with_evaluation(mut self, evaluation: Evaluation) -> Self {
        self.midgame.set_evaluation(evaluation.clone());
        self.solver.set_evaluation(evaluation);
        self
    }

    /// The catalogue entry.
    pub fn entry() -> AgentEntry<Reversi> {
        AgentEntry {
            name: "engine",
            summary:
                "alpha-beta search with an exact endgame solver (level, default 5, or time in ms)",
            argument: None,
            keys: ENGINE_KEYS,
            build,
        }
    }

    /// Nodes searched by the last decision or analysis (midgame and endgame together).
    pub fn nodes(&self) -> u64 {
        self.midgame.nodes + self.solver.nodes()
    }

    /// How far to search: for an analysis (`analysis`) or to choose a move.
    fn plan(&self, limits: &SearchLimits, analysis: bool) -> Plan {
        let time_ms = limits.time_ms.or(self.time_ms);
        let level = if limits.time_ms.is_some() || limits.depth.is_some() {
            None
        } else {
            self.level
        };
        Plan {
            depth: limits.depth.or(level.map(|l| l + 2)).unwrap_or(60),
            exact_empties: if limits.exact {
                64
            } else {
                exact_empties(level, time_ms, analysis)
            },
            deadline: time_ms.map(|ms| Instant::now() + Duration::from_millis(ms)),
        }
    }

    /// Every legal move's value for [`Agent::analyze`], with the depth searched: exact from
    /// the plan's empties (only the best exact, the others bounds, when `limits.only_best`),
    /// estimates before. A forced pass is worth the opponent's best reply, negated.
    fn values(
        &mut self,
        state: &Reversi,
        limits: &SearchLimits,
    ) -> (Vec<MoveValue<Move>>, Option<u32>) {
        if state.move_mask() == 0 {
            if !state.must_pass() {
                return (Vec::new(), None);
            }
            let mut next = *state;
            next.pass();
            let (replies, depth) = self.values(&next, limits);
            let reply = replies
                .iter()
                .filter(|r| r.bound.is_none())
                .max_by(|a, b| a.value.total_cmp(&b.value));
            let pass = reply.map(|r| {
                let value = -r.value;
                if r.exact {
                    MoveValue::exact(Move::PASS, value, verdict(value as i32))
                } else {
                    MoveValue::estimate(Move::PASS, value)
                }
            });
            return (pass.into_iter().collect(), depth);
        }
        let plan = self.plan(limits, true);
        let empties = state.empty().count_ones();
        if empties <= plan.exact_empties {
            let moves = if limits.only_best {
                self.solve(state)
            } else {
                self.solve_all(state)
            };
            return (moves, Some(empties));
        }
        let (values, depth) = self.deepen(state, &plan, true);
        let moves = values
            .into_iter()
            .map(|(sq, v)| MoveValue::estimate(Move::square(sq as usize), to_discs(v)))
            .collect();
        (moves, Some(depth))
    }

    /// Starts a decision or analysis under `control`: counters at zero, the clock started,
    /// both searches stopping at its signal.
    fn begin(&mut self, control: &SearchControl) {
        self.midgame.nodes = 0;
        self.solver.reset_nodes();
        self.set_control(control);
        self.started = Instant::now();
    }

    /// Ends a decision or analysis: lets go of its control (and so of its progress sink).
    fn end(&mut self) {
        self.set_control(&SearchControl::new());
    }

    fn set_control(&mut self, control: &SearchControl) {
        self.control = control.clone();
        self.midgame.set_control(control);
        self.solver.set_control(control);
    }

    /// Reports the best move `sq` of `state` and its line as `table_move` remembers it, with
    /// `value` in discs, if anybody listens.
    fn report(
        &mut self,
        state: &Reversi,
        depth: u32,
        sq: u8,
        value: f64,
        exact: bool,
        table_move: impl FnMut(&mut Self, u64, u64) -> Option<u8>,
    ) {
        if !self.control.wants_progress() {
            return;
        }
        let pv = line(self, state, sq, depth, table_move);
        self.control.report(&Progress {
            depth,
            nodes: self.nodes(),
            elapsed: self.started.elapsed(),
            best: pv.first().cloned(),
            value: Some(value),
            exact,
            pv,
        });
    }

    /// Solves the position exactly: the best move's value exact, every other move's an upper
    /// bound (which a move tying the best reaches). See [`Engine::solve_root`].
    pub fn solve(&mut self, state: &Reversi) -> Vec<MoveValue<Move>> {
        let empties = state.empty().count_ones();
        let mut moves = self.root_estimates(state, root_order_depth(empties), false);
        if moves.is_empty() {
            return Vec::new();
        }
        let (low, upper) = self.solve_root(state, &mut moves);
        if self.solver.aborted() {
            return estimates(&moves);
        }
        self.report(
            state,
            empties,
            moves[0].0,
            f64::from(low),
            true,
            |e, o, p| e.solver.table_move(o, p),
        );
        moves
            .iter()
            .zip(&upper)
            .enumerate()
            .map(|(i, (&(sq, _, _), &bound))| {
                let mv = Move::square(sq as usize);
                if i == 0 {
                    MoveValue::exact(mv, f64::from(low), verdict(low))
                } else {
                    MoveValue {
                        mv,
                        value: f64::from(bound),
                        exact: false,
                        verdict: (bound < 0).then_some(Verdict::Loss),
                        bound: Some(Bound::Upper),
                    }
                }
            })
            .collect()
    }

    /// Every legal move's exact value (stopped: those solved so far, the others estimated), in
    /// the order of a shallow
    /// search (as Edax's "all moves" mode): each move is solved on its own by [`Engine::solve_root`] from its own estimate,
    /// so each exact search is a few null-window tests, and all share the tables (what one
    /// move's search stored orders and cuts the next ones').
    pub fn solve_all(&mut self, state: &Reversi) -> Vec<MoveValue<Move>> {
        let empties = state.empty().count_ones();
        let moves = self.root_estimates(state, root_order_depth(empties), true);
        let mut values = Vec::with_capacity(moves.len());
        for (i, &m) in moves.iter().enumerate() {
            let (value, _) = self.solve_root(state, &mut [m]);
            if self.solver.aborted() {
                // Stopped: the moves not solved keep their estimates.
                values.extend(estimates(&moves[i..]));
                return values;
            }
            values.push(MoveValue::exact(
                Move::square(m.0 as usize),
                f64::from(value),
                verdict(value),
            ));
        }
        if let Some(best) = values.iter().max_by(|a, b| a.value.total_cmp(&b.value)) {
            let (sq, value) = (best.mv.index() as u8, best.value);
            self.report(state, empties, sq, value, true, |e, o, p| {
                e.solver.table_move(o, p)
            });
        }
        values
    }

    /// The exact value of the best of `moves` (not empty; each with its flips and estimate),
    /// brought to the front, and every move's upper bound. The root is searched by null-window
    /// tests alone (MTD(f)): starting from the first move's estimate, each test asks whether
    /// some move reaches a value, and moves the bounds on the position's value until they
    /// meet. Values are disc differences, always even, so each test steps by two. Moves are
    /// tried in their order, the move that last reached a test first. From 18 empties the same
    /// tests first run selectively (ProbCut, see [`Solver::set_margin`]): cheap, and what they
    /// learn orders the exact tests and gives them their first estimate.
    fn solve_root(&mut self, state: &Reversi, moves: &mut [(u8, u64, i32)]) -> (i32, Vec<i32>) {
        let (own, opp) = (state.own(), state.opp());
        let mut guess = 2 * (to_discs(moves[0].2) / 2.0).round() as i32;
        if state.empty().count_ones() >= SELECTIVE_MIN {
            // A selective search first: its moves order the exact one, its value starts it.
            // An odd value rounds up to an even disc difference: a first test one step above
            // the true value fails, proving the upper bound the solve needs anyway, where one
            // step below succeeds and proves nothing the next test does not.
            self.solver.set_margin(Some(PROBCUT_MARGIN));
            let (value, _) = self.mtd(own, opp, moves, guess);
            self.solver.set_margin(None);
            if self.solver.aborted() {
                return (value, Vec::new());
            }
            guess = (value + 1) & !1;
        }
        self.mtd(own, opp, moves, guess)
    }

    /// MTD(f) over the root `moves` from `guess`: the position's value, reached by the first
    /// of `moves` (brought to the front), and every move's upper bound. Stopped, it returns at
    /// once, the move that last reached a test first.
    fn mtd(
        &mut self,
        own: u64,
        opp: u64,
        moves: &mut [(u8, u64, i32)],
        mut guess: i32,
    ) -> (i32, Vec<i32>) {
        // Each move's best known upper bound.
        let mut upper = vec![64; moves.len()];
        // The position's value lies in [low, high]; `low` is reached by moves[0] once set.
        let (mut low, mut high) = (-65, 64);
        while low < high {
            let test = guess.clamp(low + 1, high);
            let mut reached = None;
            for (i, &(sq, f, _)) in moves.iter().enumerate() {
                if upper[i] < test {
                    continue;
                }
                let v = -self
                    .solver
                    .solve(opp & !f, own | f | (1u64 << sq), -test, -test + 1);
                if self.solver.aborted() {
                    return (low, upper);
                }
                if v >= test {
                    reached = Some((i, v));
                    break;
                }
                upper[i] = v;
            }
            match reached {
                Some((i, v)) => {
                    moves[..=i].rotate_right(1);
                    upper[..=i].rotate_right(1);
                    low = v;
                    guess = v + 2;
                }
                None => {
                    high = upper.iter().copied().max().unwrap_or(-64).max(low);
                    guess = high;
                }
            }
        }
        (low, upper)
    }

    /// The legal moves with their flips and values by an iterative-deepening search of
    /// `depth` plies, best first (the first value exact at that depth, the others bounds, or
    /// every value exact at that depth when `all`).
    fn root_estimates(&mut self, state: &Reversi, depth: u32, all: bool) -> Vec<(u8, u64, i32)> {
        let plan = Plan {
            depth,
            exact_empties: 0,
            deadline: None,
        };
        let (own, opp) = (state.own(), state.opp());
        let (values, _) = self.deepen(state, &plan, all);
        values
            .into_iter()
            .map(|(sq, v)| (sq, crate::bitboard::flips(own, opp, sq as usize), v))
            .collect()
    }

    /// The legal squares with their flips and values by a shallow search, best first.
    fn ordered_moves(&mut self, own: u64, opp: u64, depth: u32) -> Vec<(u8, u64, i32)> {
        let mut keyed: Vec<(i32, (u8, u64, i32))> = Vec::new();
        let mut mask = crate::bitboard::moves(own, opp);
        self.midgame.set_deadline(None);
        while mask != 0 {
            let sq = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            let f = crate::bitboard::flips(own, opp, sq);
            let value = -self.midgame.value(opp & !f, own | f | (1u64 << sq), depth);
            keyed.push((
                value + order_key(own, opp, sq, f) / 64,
                (sq as u8, f, value),
            ));
        }
        keyed.sort_by_key(|e| std::cmp::Reverse(e.0));
        keyed.into_iter().map(|(_, m)| m).collect()
    }

    /// Iterative deepening from depth 1 to `plan.depth` or the deadline; every root move's
    /// value at the deepest finished depth (all moves with a full window when `all`).
    fn deepen(&mut self, state: &Reversi, plan: &Plan, all: bool) -> (Vec<(u8, i32)>, u32) {
        let (own, opp) = (state.own(), state.opp());
        let mut order: Vec<(u8, u64)> = self
            .ordered_moves(own, opp, 1)
            .into_iter()
            .map(|(sq, f, _)| (sq, f))
            .collect();
        let mut result: Vec<(u8, i32)> = order.iter().map(|&(sq, _)| (sq, 0)).collect();
        let mut reached = 0;
        let started = Instant::now();
        self.midgame.set_deadline(plan.deadline);
        for depth in 1..=plan.depth {
            let mut values = Vec::with_capacity(order.len());
            let mut alpha = -INFINITY;
            for (i, &(sq, f)) in order.iter().enumerate() {
                let (co, cp) = (opp & !f, own | f | (1u64 << sq));
                let v = if all || i == 0 {
                    -self
                        .midgame
                        .search(co, cp, -INFINITY, INFINITY, depth - 1, false)
                } else {
                    let v = -self
                        .midgame
                        .search(co, cp, -alpha - 1, -alpha, depth - 1, false);
                    if v > alpha {
                        -self
                            .midgame
                            .search(co, cp, -INFINITY, -v + 1, depth - 1, false)
                    } else {
                        v
                    }
                };
                if self.midgame.aborted {
                    break;
                }
                alpha = alpha.max(v);
                values.push((sq, v));
            }
            if self.midgame.aborted {
                break;
            }
            values.sort_by_key(|e| std::cmp::Reverse(e.1));
            let rank = |sq: u8| values.iter().position(|v| v.0 == sq).unwrap_or(usize::MAX);
            order.sort_by_key(|&(sq, _)| rank(sq));
            result = values;
            reached = depth;
            let empties = (!(own | opp)).count_ones();
            let (sq, value) = result[0];
            self.report(
                state,
                depth,
                sq,
                to_discs(value),
                depth >= empties,
                |e, o, p| e.midgame.table_move(o, p),
            );
            if depth >= empties {
                break;
            }
            if let Some(deadline) = plan.deadline {
                // The next depth costs several times this one: stop when it cannot finish.
                let spent = started.elapsed();
                if Instant::now() + spent * 2 >= deadline {
                    break;
                }
            }
        }
        (result, reached)
    }
}

/// An analysis solves every move exactly from this many empties, whatever its level or time.
const ANALYSIS_EXACT_EMPTIES: u32 = 20;
/// About what solving the best move of a position of 20 empties may take, in milliseconds.
const BEST_MOVE_MS_AT_20: u64 = 500;
/// About what solving every move of a position of 20 empties may take, in milliseconds.
const ALL_MOVES_MS_AT_20: u64 = 1500;

/// From how many empties to solve exactly (see the module documentation): to choose a move at
/// `level`, else within `time_ms`; for an analysis, every move, from at least
/// [`ANALYSIS_EXACT_EMPTIES`].
fn exact_empties(level: Option<u32>, time_ms: Option<u64>, analysis: bool) -> u32 {
    if analysis {
        time_ms
            .map_or(0, |ms| empties_within(ms, ALL_MOVES_MS_AT_20))
            .max(ANALYSIS_EXACT_EMPTIES)
    } else {
        match (level, time_ms) {
            (Some(level), _) => (2 * level).min(20),
            (None, Some(ms)) => empties_within(ms, BEST_MOVE_MS_AT_20),
            (None, None) => ANALYSIS_EXACT_EMPTIES,
        }
    }
}

/// The most empties solved within `ms` when 20 empties take `ms_at_20`: each empty more costs
/// about three times as much (FFO #40-#49, 20 to 26 empties), so one empty more per tripling
/// of the time and one fewer per third; from 12 to 30 empties.
fn empties_within(ms: u64, ms_at_20: u64) -> u32 {
    let (mut empties, mut cost) = (20, ms_at_20);
    while cost.saturating_mul(3) <= ms && empties < 30 {
        cost *= 3;
        empties += 1;
    }
    while cost > ms && empties > 12 {
        cost /= 3;
        empties -= 1;
    }
    empties
}

/// At least this many empties get a selective search before the exact one.
const SELECTIVE_MIN: u32 = 18;
/// How many discs beyond the window ProbCut's shallow search must put a position to cut it
/// in the selective search.
const PROBCUT_MARGIN: i32 = 8;

/// The depth of the midgame search that orders the root moves of an exact solve and gives
/// its first estimate: a shallow one, as the selective search that follows orders them
/// better and estimates closer (one 6 plies deeper cost FFO #40-#53 more time and nodes),
/// and small solves need no more.
fn root_order_depth(empties: u32) -> u32 {
    empties.saturating_sub(18).clamp(2, 14)
}

/// The root moves of a stopped solve, in the order it had reached, valued by the midgame
/// search that ordered them.
fn estimates(moves: &[(u8, u64, i32)]) -> Vec<MoveValue<Move>> {
    moves
        .iter()
        .map(|&(sq, _, v)| MoveValue::estimate(Move::square(sq as usize), to_discs(v)))
        .collect()
}

/// The line from `state` that begins with `sq` and follows the moves `table_move` remembers, at
/// most `len` moves (and ending at a pass), in notation.
fn line<E>(
    engine: &mut E,
    state: &Reversi,
    sq: u8,
    len: u32,
    mut table_move: impl FnMut(&mut E, u64, u64) -> Option<u8>,
) -> Vec<String> {
    let mut position = *state;
    let mut pv = Vec::new();
    let mut next = Some(sq);
    while let Some(sq) = next.filter(|_| pv.len() < len as usize) {
        let mv = Move::square(usize::from(sq));
        pv.push(position.move_string(mv));
        position.play(mv);
        next = table_move(engine, position.own(), position.opp());
    }
    pv
}

fn verdict(v: i32) -> Verdict {
    match v {
        v if v > 0 => Verdict::Win,
        0 => Verdict::Draw,
        _ => Verdict::Loss,
    }
}

fn build(spec: &AgentSpec) -> Result<Box<dyn Agent<Reversi>>, AgentError> {
    let mut engine = Engine::new(spec.level()?, spec.time_ms()?);
    if let Some(tenths) = spec.number(PROBCUT.key, PROBCUT.min..=PROBCUT.max)? {
        let confidence = (tenths > 0).then_some(tenths as f64 / 10.0);
        engine.midgame.set_probcut(confidence);
    }
    Ok(Box::new(match spec.get("weights") {
        None => engine,
        Some(path) => {
            let evaluation =
                Evaluation::load(Path::new(path)).map_err(|reason| AgentError::BadValue {
                    agent: spec.name().to_string(),
                    key: "weights".to_string(),
                    value: path.to_string(),
                    reason,
                })?;
            engine.with_evaluation(evaluation)
        }
    }))
}

impl Engine {
    /// The move to play in `state`, where the side to move has at least two.
    fn decide(&mut self, state: &Reversi) -> Move {
        let plan = self.plan(&SearchLimits::default(), false);
        let empties = state.empty().count_ones();
        if empties <= plan.exact_empties {
            let values = self.solve(state);
            if self.solver.aborted() {
                return values[0].mv;
            }
            let best = values
                .iter()
                .filter(|v| v.bound.is_none())
                .max_by(|a, b| a.value.total_cmp(&b.value));
            if let Some(best) = best {
                return best.mv;
            }
        }
        let (values, _) = self.deepen(state, &plan, false);
        Move::square(values[0].0 as usize)
    }
}

impl Agent<Reversi> for Engine {
    fn choose(&mut self, state: &Reversi) -> Move {
        self.choose_with(state, &SearchControl::new())
    }

    fn solves_exactly(&self) -> Result<(), &'static str> {
        Ok(())
    }

    fn analyze(&mut self, state: &Reversi, limits: &SearchLimits) -> Option<Analysis<Move>> {
        self.analyze_with(state, limits, &SearchControl::new())
    }

    fn choose_with(&mut self, state: &Reversi, control: &SearchControl) -> Move {
        let mask = state.move_mask();
        if mask == 0 {
            return Move::PASS;
        }
        if mask.count_ones() == 1 {
            return Move::square(mask.trailing_zeros() as usize);
        }
        self.begin(control);
        let mv = self.decide(state);
        self.end();
        mv
    }

    fn analyze_with(
        &mut self,
        state: &Reversi,
        limits: &SearchLimits,
        control: &SearchControl,
    ) -> Option<Analysis<Move>> {
        self.begin(control);
        let (moves, depth) = self.values(state, limits);
        let mut analysis = Analysis::new(moves);
        analysis.nodes = Some(self.nodes());
        analysis.depth = depth;
        self.end();
        Some(analysis)
    }

    fn new_game(&mut self) {
        self.midgame.clear();
        self.solver.clear();
    }
}
