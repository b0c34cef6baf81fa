//! The values an agent gives the legal moves of a position, as `tabula analyze` prints them.

use serde_json::{json, Value};

use crate::game::{Game, Turn};

/// A proven game-theoretic result for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The move wins with best play.
    Win,
    /// The move draws with best play.
    Draw,
    /// The move loses with best play.
    Loss,
}

impl Verdict {
    /// The word used in JSON (`win`, `draw`, `loss`).
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Win => "win",
            Verdict::Draw => "draw",
            Verdict::Loss => "loss",
        }
    }
}

/// Which side of the true value a bound lies on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value is at most this.
    Upper,
    /// The true value is at least this.
    Lower,
}

impl Bound {
    /// The word used in JSON (`upper`, `lower`).
    pub fn as_str(self) -> &'static str {
        match self {
            Bound::Upper => "upper",
            Bound::Lower => "lower",
        }
    }

    /// The sign written before a bound's number in text (`≤`, `≥`).
    pub fn symbol(self) -> &'static str {
        match self {
            Bound::Upper => "≤",
            Bound::Lower => "≥",
        }
    }
}

/// One legal move and its value from the side to move's point of view.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveValue<M> {
    /// The move.
    pub mv: M,
    /// Its value: exact, a bound, or a heuristic estimate.
    pub value: f64,
    /// Whether the value is the exact game-theoretic value.
    pub exact: bool,
    /// The proven result, where known.
    pub verdict: Option<Verdict>,
    /// Set when the value is only a bound (never under [`SearchLimits::exact`]); the true value
    /// lies on that side of `value`.
    pub bound: Option<Bound>,
}

impl<M> MoveValue<M> {
    /// An exact value with its verdict.
    pub fn exact(mv: M, value: f64, verdict: Verdict) -> Self {
        MoveValue {
            mv,
            value,
            exact: true,
            verdict: Some(verdict),
            bound: None,
        }
    }

    /// A heuristic estimate.
    pub fn estimate(mv: M, value: f64) -> Self {
        MoveValue {
            mv,
            value,
            exact: false,
            verdict: None,
            bound: None,
        }
    }
}

/// What a search may spend on one analysis.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchLimits {
    /// Wall-clock budget in milliseconds.
    pub time_ms: Option<u64>,
    /// Depth in plies.
    pub depth: Option<u32>,
    /// Solve exactly, however long it takes: every move's value exact (`tabula analyze
    /// --exact`). An agent without an exact solver says so by [`crate::Agent::solves_exactly`].
    pub exact: bool,
    /// Only the best move's value is wanted (`tabula solve`): the others may be left as bounds.
    pub only_best: bool,
}

/// Every legal move's value, best first.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis<M> {
    /// The moves, best first.
    pub moves: Vec<MoveValue<M>>,
    /// The legal moves the search never looked at: they have no value, not even an estimate,
    /// and are listed apart (JSON: `"not_searched"`, a list of moves, present when not empty).
    pub unsearched: Vec<M>,
    /// Nodes searched, where counted.
    pub nodes: Option<u64>,
    /// The depth reached, where the search has one.
    pub depth: Option<u32>,
}

impl<M: Copy> Analysis<M> {
    /// An analysis of these moves, sorted best first (stable, so equal values keep their order).
    pub fn new(mut moves: Vec<MoveValue<M>>) -> Self {
        moves.sort_by(|a, b| b.value.total_cmp(&a.value));
        Analysis {
            moves,
            unsearched: Vec::new(),
            nodes: None,
            depth: None,
        }
    }

    /// The best move, if any move is legal.
    pub fn best(&self) -> Option<M> {
        self.moves.first().map(|m| m.mv)
    }

    /// The JSON document `tabula analyze --json` prints.
    pub fn to_json<G: Game<Move = M>>(&self, state: &G) -> Value {
        let to_move = match state.turn() {
            Turn::Player(p) => Value::from(G::player_name(p)),
            Turn::Chance => Value::from("chance"),
            Turn::Over(_) => Value::Null,
        };
        let moves: Vec<Value> = self
            .moves
            .iter()
            .map(|m| {
                let mut entry = json!({
                    "move": state.move_string(m.mv),
                    "value": number(m.value),
                    "exact": m.exact,
                });
                if let Some(verdict) = m.verdict {
                    entry["result"] = Value::from(verdict.as_str());
                }
                if let Some(bound) = m.bound {
                    entry["bound"] = Value::from(bound.as_str());
                }
                entry
            })
            .collect();
        let mut doc = json!({
            "game": G::NAME,
            "position": state.position_string(),
            "to_move": to_move,
            "best": self.best().map(|m| state.move_string(m)),
            "moves": moves,
        });
        if !self.unsearched.is_empty() {
            doc["not_searched"] = self
                .unsearched
                .iter()
                .map(|&m| Value::from(state.move_string(m)))
                .collect();
        }
        if let Some(nodes) = self.nodes {
            doc["nodes"] = Value::from(nodes);
        }
        if let Some(depth) = self.depth {
            doc["depth"] = Value::from(depth);
        }
        doc
    }
}

/// A JSON number, written as an integer when it is one.
fn number(value: f64) -> Value {
    if value.fract() == 0.0 && value.abs() < 9.0e15 {
        Value::from(value as i64)
    } else {
        Value::from(value)
    }
}
