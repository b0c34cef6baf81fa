//! The `engine` agent: threat search first, then alpha-beta.
//!
//! For each move it (1) makes a five if it can, (2) blocks the opponent's five, (3) looks for a
//! VCF, then (4) a VCT — both proofs — and otherwise (5) runs iterative-deepening PVS over the
//! most urgent candidate points, and finally (6) avoids root moves after which the opponent has
//! a VCF. Its strength is set by `time=` (milliseconds per move) or `level=` (1–10, a node
//! budget that triples per level, so a level-limited engine is deterministic). Without either
//! it thinks for [`DEFAULT_TIME_MS`].

mod board;
mod patterns;
mod search;
mod threats;
mod tt;
pub mod tune;

use std::time::{Duration, Instant};

use tabula_core::{
    Agent, AgentEntry, AgentError, AgentSpec, Analysis, Game, Knob, MoveValue, Progress,
    SearchControl, SearchLimits, Turn, Verdict,
};

use crate::rules::{Gomoku, Point};

pub use board::{Board, Sq};
use search::MATE_BOUND;
pub use search::{Budget, Memory, Searcher, MATE};

/// The thinking time per move when neither `time` nor `level` is given.
pub const DEFAULT_TIME_MS: u64 = 1000;
/// The deepest VCT tried, in attacker threats.
const MAX_VCT_DEPTH: u32 = 12;
/// The deepest alpha-beta iteration.
const MAX_DEPTH: i32 = 64;

/// Where each phase must stop, as a share of the effort counted from the start: the VCF, the
/// VCT, the alpha-beta (which gets whatever the proofs leave), and the root VCF check (a few
/// milliseconds in practice), which leaves the rest as a margin for answering.
const VCF_SHARE: f64 = 0.1;
const VCT_SHARE: f64 = 0.45;
const SEARCH_SHARE: f64 = 0.94;
const CHECK_SHARE: f64 = 0.985;

/// How much the engine may think per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effort {
    /// Wall-clock milliseconds.
    Time(u64),
    /// A node budget (deterministic).
    Nodes(u64),
}

impl Effort {
    /// The node budget of `level` (1–10): 2,000 nodes at level 1, tripling per level.
    pub fn level(level: u32) -> Effort {
        Effort::Nodes(2_000 * 3u64.pow(level.clamp(1, 10) - 1))
    }

    /// The part `share` (0–1) of this effort, counted from `start`.
    fn budget(self, start: Instant, share: f64) -> Budget {
        match self {
            Effort::Time(ms) => Budget {
                deadline: Some(start + Duration::from_micros((ms as f64 * 1000.0 * share) as u64)),
                nodes: u64::MAX,
            },
            Effort::Nodes(n) => Budget {
                deadline: None,
                nodes: ((n as f64 * share) as u64).max(1),
            },
        }
    }
}

/// Builds the pattern table of `rule` now (it is built on first use otherwise, which takes a
/// noticeable fraction of a second).
pub fn warm_up(rule: crate::rules::Rule) {
    patterns::Tables::get(rule);
}

/// The engine's conclusion about a position.
#[derive(Clone, Debug)]
pub struct Thought {
    /// The move to play.
    pub best: Point,
    /// A proven result for the side to move, when the threat search found one.
    pub verdict: Option<Verdict>,
    /// Values of the searched moves (best first) with proven results where known.
    pub values: Vec<(Point, i32, Option<Verdict>)>,
    /// Nodes searched.
    pub nodes: u64,
    /// Alpha-beta depth reached.
    pub depth: u32,
}

/// Thinks about `game` (a player's turn) with `effort`.
pub fn think(game: &Gomoku, effort: Effort) -> Thought {
    think_with(game, effort, &SearchControl::new())
}

/// [`think`] under `control`: each phase stops at its stop signal, a stopped engine answers
/// with its best move so far (the last finished alpha-beta iteration's, else the most urgent
/// candidate), and each proof and finished iteration is reported. It starts from an empty
/// memory whose tables fit the effort.
pub fn think_with(game: &Gomoku, effort: Effort, control: &SearchControl) -> Thought {
    let memory = match effort {
        Effort::Time(_) => Memory::new(),
        Effort::Nodes(n) => Memory::for_nodes(n),
    };
    think_remembering(game, effort, control, memory).0
}

/// [`think_with`] starting from what earlier searches learned (`memory`, best the one the
/// previous move of the same game returned); returns the thought and the memory for the next
/// move. Remembered proofs and table entries spare work that the position's children share
/// with the earlier positions' searches.
pub fn think_remembering(
    game: &Gomoku,
    effort: Effort,
    control: &SearchControl,
    memory: Memory,
) -> (Thought, Memory) {
    let start = Instant::now();
    let mut searcher = Searcher::with_memory(Board::new(game), memory);
    let thought = think_in(game, effort, control, start, &mut searcher);
    (thought, searcher.into_memory())
}

/// What [`think_remembering`] does, on `searcher` (set up on `game`'s position), with the
/// effort counted from `start`.
fn think_in(
    game: &Gomoku,
    effort: Effort,
    control: &SearchControl,
    start: Instant,
    searcher: &mut Searcher,
) -> Thought {
    searcher.set_control(control);
    let point = |s: &Searcher, sq: Sq| s.board.point(sq);
    let mut nodes = 0;
    let report = |best: Point, depth: u32, nodes: u64, score: i32, pv: &[Point]| {
        if control.wants_progress() {
            control.report(&Progress {
                depth,
                nodes,
                elapsed: start.elapsed(),
                best: Some(game.move_string(best)),
                value: Some(f64::from(score)),
                exact: score.abs() >= MATE_BOUND,
                pv: pv.iter().map(|&p| game.move_string(p)).collect(),
            });
        }
    };
    let report_proof = |thought: Thought| {
        report(
            thought.best,
            0,
            thought.nodes,
            thought.values[0].1,
            &[thought.best],
        );
        thought
    };

    // A five, or the opponent's five to block.
    let scan = searcher.scan();
    if let Some(five) = scan.first_mine(board::WIN) {
        let p = point(searcher, five);
        return report_proof(proven(p, Verdict::Win, 0));
    }
    let their_fives = scan.theirs(board::WIN);
    if their_fives.len() >= 2 {
        let p = point(searcher, their_fives[0]);
        return report_proof(proven(p, Verdict::Loss, 0));
    }

    // Proofs: VCF, then VCT of growing depth.
    searcher.set_budget(effort.budget(start, VCF_SHARE));
    let mut win = searcher.vcf(threats::VCF_DEPTH);
    nodes += searcher.nodes();
    if win.is_none() && !control.is_stopped() {
        // Fours and open threes alone first (those wins are found several times faster),
        // then, if every depth of those failed in time, with quiet VCF threats too.
        searcher.set_budget(effort.budget(start, VCT_SHARE));
        'proof: for quiet_threats in [false, true] {
            searcher.set_quiet_threats(quiet_threats);
            for depth in 1..=MAX_VCT_DEPTH {
                win = searcher.vct(depth);
                if win.is_some() || searcher.stopped() {
                    break 'proof;
                }
            }
        }
        searcher.set_quiet_threats(true);
        nodes += searcher.nodes();
    }
    if let Some(sq) = win {
        return report_proof(proven(point(searcher, sq), Verdict::Win, nodes));
    }

    // Alpha-beta.
    searcher.set_budget(effort.budget(start, SEARCH_SHARE));
    let (values, depth) = searcher.search_root(MAX_DEPTH, |searcher, depth, values| {
        if control.wants_progress() {
            let pv = searcher.pv(values[0].sq, depth as usize);
            let pv: Vec<Point> = pv.into_iter().map(|sq| point(searcher, sq)).collect();
            let so_far = nodes + searcher.nodes();
            report(pv[0], depth as u32, so_far, values[0].score, &pv);
        }
    });
    nodes += searcher.nodes();

    // Mark (and avoid) moves after which the opponent wins by continuous fours.
    let check = effort.budget(start, CHECK_SHARE);
    let per_move = match effort {
        Effort::Time(_) => 20_000,
        Effort::Nodes(n) => (n / 8 / values.len().max(1) as u64).max(500),
    };
    let mut marked = Vec::with_capacity(values.len());
    for v in &values {
        let mut loses = false;
        if !control.is_stopped() && check.deadline.is_none_or(|d| Instant::now() < d) {
            searcher.set_budget(Budget {
                deadline: check.deadline,
                nodes: per_move,
            });
            searcher.board.play(v.sq);
            loses = searcher.vcf(threats::VCF_DEPTH).is_some();
            searcher.board.undo();
            nodes += searcher.nodes();
        }
        marked.push((
            point(searcher, v.sq),
            if loses { -MATE / 2 } else { v.score },
            loses.then_some(Verdict::Loss),
        ));
    }
    marked.sort_by_key(|m| std::cmp::Reverse(m.1));
    if marked.is_empty() {
        // Not reached (a position in play always has candidates), but never answer nothing.
        let mut legal = Vec::new();
        game.legal_moves(&mut legal);
        marked.push((legal[0], 0, None));
    }
    let all_lost = marked.iter().all(|m| m.2 == Some(Verdict::Loss));
    Thought {
        best: marked[0].0,
        verdict: all_lost.then_some(Verdict::Loss),
        values: marked,
        nodes,
        depth: depth as u32,
    }
}

/// A thought whose best move has a proven result.
fn proven(best: Point, verdict: Verdict, nodes: u64) -> Thought {
    Thought {
        best,
        verdict: Some(verdict),
        values: vec![(best, verdict_score(verdict), Some(verdict))],
        nodes,
        depth: 0,
    }
}

fn verdict_score(verdict: Verdict) -> i32 {
    match verdict {
        Verdict::Win => MATE,
        Verdict::Draw => 0,
        Verdict::Loss => -MATE,
    }
}

/// The threat-search engine as an agent. Thinking on the clock, it keeps its [`Memory`] from
/// move to move; with a node budget it starts afresh every time, so that a level-limited
/// engine answers a position the same whatever it saw before.
pub struct Engine {
    effort: Effort,
    memory: Option<Memory>,
}

impl Engine {
    /// An engine thinking with `effort` per move.
    pub fn new(effort: Effort) -> Self {
        Engine {
            effort,
            memory: None,
        }
    }

    /// Thinks about `state` with `effort`, remembering when thinking on the clock.
    fn think(&mut self, state: &Gomoku, effort: Effort, control: &SearchControl) -> Thought {
        match effort {
            Effort::Time(_) => {
                let known = self.memory.take().unwrap_or_default();
                let (thought, learned) = think_remembering(state, effort, control, known);
                self.memory = Some(learned);
                thought
            }
            Effort::Nodes(_) => think_with(state, effort, control),
        }
    }

    /// The catalogue entry.
    pub fn entry() -> AgentEntry<Gomoku> {
        AgentEntry {
            name: "engine",
            summary: "threat search (VCF, VCT) and PVS alpha-beta over line patterns",
            argument: None,
            keys: &[Knob::TIME, Knob::LEVEL],
            build: |spec: &AgentSpec| -> Result<Box<dyn Agent<Gomoku>>, AgentError> {
                let effort = match (spec.time_ms()?, spec.level()?) {
                    (Some(ms), _) => Effort::Time(ms),
                    (None, Some(level)) => Effort::level(level),
                    (None, None) => Effort::Time(DEFAULT_TIME_MS),
                };
                Ok(Box::new(Engine::new(effort)))
            },
        }
    }
}

impl Agent<Gomoku> for Engine {
    fn choose(&mut self, state: &Gomoku) -> Point {
        self.choose_with(state, &SearchControl::new())
    }

    fn solves_exactly(&self) -> Result<(), &'static str> {
        Err(
            "the gomoku engine proves wins and losses by threat search (VCF, VCT) where it \
             finds them and estimates the rest; it cannot solve a position exactly",
        )
    }

    /// Values the moves the search looked at (proven results exact, the others estimates);
    /// the other legal moves go to [`Analysis::unsearched`], without a value.
    fn analyze(&mut self, state: &Gomoku, limits: &SearchLimits) -> Option<Analysis<Point>> {
        self.analyze_with(state, limits, &SearchControl::new())
    }

    fn choose_with(&mut self, state: &Gomoku, control: &SearchControl) -> Point {
        self.think(state, self.effort, control).best
    }

    fn analyze_with(
        &mut self,
        state: &Gomoku,
        limits: &SearchLimits,
        control: &SearchControl,
    ) -> Option<Analysis<Point>> {
        if !matches!(state.turn(), Turn::Player(_)) {
            return Some(Analysis::new(Vec::new()));
        }
        let effort = limits.time_ms.map_or(self.effort, Effort::Time);
        let thought = self.think(state, effort, control);
        let moves: Vec<MoveValue<Point>> = thought
            .values
            .iter()
            .map(|&(mv, score, verdict)| match verdict {
                Some(v) => MoveValue::exact(mv, verdict_score(v) as f64, v),
                None => MoveValue::estimate(mv, score as f64),
            })
            .collect();
        let mut analysis = Analysis::new(moves);
        // The moves the search did not look at have no value: they are listed apart.
        let mut legal = Vec::new();
        state.legal_moves(&mut legal);
        analysis.unsearched = legal
            .into_iter()
            .filter(|&mv| !analysis.moves.iter().any(|m| m.mv == mv))
            .collect();
        analysis.nodes = Some(thought.nodes);
        analysis.depth = Some(thought.depth);
        Some(analysis)
    }
}
