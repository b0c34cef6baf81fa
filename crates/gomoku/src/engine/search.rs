//! The searcher: budget keeping, the per-node scan of candidate points, static evaluation and
//! principal-variation alpha-beta with iterative deepening and a transposition table.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::time::Instant;

use tabula_core::SearchControl;

use crate::rules::Rule;

use super::board::{Board, Sq, Threat, FOUR, THREE, THREE_THREE, WIN, WIN_FOUR};
use super::tt::{Bound, Entry, Table};

/// A won position's score; `MATE - n` wins in `n` plies.
pub const MATE: i32 = 1_000_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 1000;
/// How many quiet candidates a node searches.
const WIDTH: usize = 12;
/// How many quiet candidates the root searches.
const ROOT_WIDTH: usize = 20;
/// How many plies the threat quiescence at the leaves may go (forced blocks included).
const QUIESCENCE_PLIES: i32 = 8;
/// Late-move reductions: from this move of a node on (the first is the 0th), at this depth or
/// more, a quiet move (see [`Scan::is_quiet`]) is first searched shallower (by
/// [`late_move_reduction`]).
const LMR_FIRST: usize = 3;
/// See [`LMR_FIRST`].
const LMR_DEPTH: i32 = 3;
/// See [`late_move_reduction`].
const LMR_DIVISOR: f64 = 2.0;
/// Singular extensions (see [`Searcher::is_singular`]): at this depth or more, a table move
/// that every other move falls short of by at least `SINGULAR_MARGIN_BASE +
/// SINGULAR_MARGIN_PER_PLY * depth` is searched a ply deeper.
const SINGULAR_DEPTH: i32 = 6;
/// See [`SINGULAR_DEPTH`].
const SINGULAR_MARGIN_BASE: i32 = 40;
/// See [`SINGULAR_DEPTH`].
const SINGULAR_MARGIN_PER_PLY: i32 = 8;
/// See [`Searcher::is_singular`]: how much shallower than the node the table's search of it
/// may have been.
const SINGULAR_TABLE_SLACK: i32 = 3;

/// What a search may spend.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Stop at this instant.
    pub deadline: Option<Instant>,
    /// Stop after this many nodes.
    pub nodes: u64,
}

/// One candidate point of a node with its threats for both sides and its ordering score.
#[derive(Clone, Copy, Debug)]
pub struct Spot {
    /// The point.
    pub sq: Sq,
    /// What the side to move makes there.
    pub mine: Threat,
    /// What the opponent would make there.
    pub theirs: Threat,
    /// Ordering score: higher is more urgent.
    pub score: i32,
    /// Whether the side to move may not play here (black's forbidden point under renju).
    pub banned: bool,
    /// The point's share of the static value: the mover's line values there against the
    /// opponent's (see [`Searcher::evaluate`]).
    pub worth: i32,
}

/// The opponent's fives at a node, as the side to move must meet them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TheirFives {
    /// It has none.
    None,
    /// It has one, and the side to move must block it at this point.
    One(Sq),
    /// Two or more, or one the side to move may not block (black's forbidden point under
    /// renju, as good as two): the side to move has lost.
    Unstoppable,
}

/// The candidates of a node.
pub struct Scan {
    spots: Vec<Spot>,
}

impl Scan {
    /// The first point where the side to move makes at least `t`.
    pub fn first_mine(&self, t: Threat) -> Option<Sq> {
        self.spots.iter().find(|s| s.mine >= t).map(|s| s.sq)
    }

    /// The first point where the opponent makes at least `t`.
    pub fn first_theirs(&self, t: Threat) -> Option<Sq> {
        self.spots.iter().find(|s| s.theirs >= t).map(|s| s.sq)
    }

    /// Every point where the opponent makes at least `t`.
    pub fn theirs(&self, t: Threat) -> Vec<Sq> {
        self.spots
            .iter()
            .filter(|s| s.theirs >= t)
            .map(|s| s.sq)
            .collect()
    }

    /// The opponent's fives, found without gathering them.
    pub fn their_fives(&self) -> TheirFives {
        let mut fives = self.spots.iter().filter(|s| s.theirs >= WIN);
        match (fives.next(), fives.next()) {
            (None, _) => TheirFives::None,
            (Some(five), None) if !five.banned => TheirFives::One(five.sq),
            _ => TheirFives::Unstoppable,
        }
    }

    /// What the side to move makes at `sq` (nothing if `sq` is no candidate).
    pub fn mine_at(&self, sq: Sq) -> Threat {
        self.spots.iter().find(|s| s.sq == sq).map_or(0, |s| s.mine)
    }

    /// The points where the side to move makes at least `t`, strongest first.
    pub fn mine_sorted(&self, t: Threat) -> Vec<Sq> {
        let mut found: Vec<&Spot> = self.spots.iter().filter(|s| s.mine >= t).collect();
        found.sort_by_key(|s| (std::cmp::Reverse(s.mine), std::cmp::Reverse(s.score)));
        found.into_iter().map(|s| s.sq).collect()
    }

    /// Whether `sq` is a candidate where neither side makes a three or a four: playing it
    /// neither makes nor blocks one.
    pub fn is_quiet(&self, sq: Sq) -> bool {
        self.spots
            .iter()
            .any(|s| s.sq == sq && s.mine < THREE && s.theirs < THREE)
    }

    /// Every candidate the side to move may play, most urgent first.
    pub fn playable_by_score(&self) -> Vec<Spot> {
        let mut spots = Vec::with_capacity(self.spots.len());
        spots.extend(self.spots.iter().filter(|s| !s.banned).copied());
        spots.sort_by_key(|s| std::cmp::Reverse(s.score));
        spots
    }

    /// The candidates the side to move may play that `keep` accepts, most urgent first (ties
    /// in grid order): those of [`Scan::playable_by_score`], without sorting the others.
    pub fn playable_where(&self, keep: impl Fn(&Spot) -> bool) -> Vec<Sq> {
        let mut kept: Vec<(i32, Sq)> = self
            .spots
            .iter()
            .filter(|s| !s.banned && keep(s))
            .map(|s| (s.score, s.sq))
            .collect();
        kept.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
        kept.into_iter().map(|(_, sq)| sq).collect()
    }

    /// The `n` most urgent candidates the side to move may play, most urgent first: the first
    /// `n` of [`Scan::playable_by_score`] (ties in grid order, as there), without sorting the
    /// rest.
    pub fn best_playable(&self, n: usize) -> Vec<Sq> {
        if n == 0 {
            return Vec::new();
        }
        let mut ranked: Vec<(std::cmp::Reverse<i32>, Sq)> = self
            .spots
            .iter()
            .filter(|s| !s.banned)
            .map(|s| (std::cmp::Reverse(s.score), s.sq))
            .collect();
        if ranked.len() > n {
            ranked.select_nth_unstable(n - 1);
            ranked.truncate(n);
        }
        ranked.sort_unstable();
        ranked.into_iter().map(|(_, sq)| sq).collect()
    }

    /// Every candidate, most urgent first.
    pub fn by_score(&self) -> Vec<Spot> {
        let mut spots = self.spots.clone();
        spots.sort_by_key(|s| std::cmp::Reverse(s.score));
        spots
    }
}

/// A hasher for keys that are already Zobrist hashes: it passes them through.
#[derive(Default)]
pub struct ZobristHasher(u64);

impl Hasher for ZobristHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ b as u64;
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// A map keyed by Zobrist hashes.
pub type ZobristMap<V> = HashMap<u64, V, BuildHasherDefault<ZobristHasher>>;

/// The engine's search state for one position and its descendants.
pub struct Searcher {
    /// The board being searched (moves are played and undone on it).
    pub board: Board,
    budget: Budget,
    control: SearchControl,
    nodes: u64,
    stopped: bool,
    /// Whether VCTs try quiet VCF threats (see [`Searcher::set_quiet_threats`]).
    pub(super) quiet_threats: bool,
    /// The cells a VCF just found depends on, gathered as it returns (see
    /// [`Searcher::vcf_line`]).
    pub(super) vcf_line: Vec<Sq>,
    /// What the searches learn about positions, kept from move to move of a game.
    pub(super) memory: Memory,
}

/// What the searches learn about positions: proofs found or failed and the alpha-beta table.
/// Every entry is a fact about one position (its Zobrist hash), true whatever the moves that
/// led there, so an engine keeps its memory from one move of a game to the next.
pub struct Memory {
    /// The board size and rule of the positions remembered (`None` while empty).
    game: Option<(usize, Rule)>,
    /// Positions where a VCF of at most this many fours failed.
    pub(super) vcf_fails: ZobristMap<u32>,
    /// Positions where a VCT of at most this many threats failed.
    pub(super) vct_fails: ZobristMap<u32>,
    /// Positions won by a VCT of this many threats, with the winning move.
    pub(super) vct_wins: ZobristMap<(u32, Sq)>,
    /// Defender-to-move positions where every defence loses to a VCT of this many threats.
    pub(super) refuted: ZobristMap<u32>,
    /// Defender-to-move positions where a defence holds against VCTs of this many threats.
    pub(super) defended: ZobristMap<u32>,
    /// Positions won by a VCF, with its first move and the cells it depends on.
    pub(super) vcf_lines: ZobristMap<(Sq, Vec<Sq>)>,
    /// The alpha-beta transposition table.
    pub(super) tt: Table,
    /// The threat quiescence's values (see [`Searcher::quiesce_remembered`]), a table of its
    /// own so that its many shallow results do not crowd out the alpha-beta's.
    pub(super) quiescence_tt: Table,
}

/// The proof maps hold at most about this many positions together: when the next search
/// begins with more, they are emptied (the alpha-beta table, of fixed size, replaces its
/// entries instead).
const MAP_LIMIT: usize = 1 << 20;

impl Memory {
    /// An empty memory with tables of full size, for searches on the clock (which keep it from
    /// move to move): a one-second search visits a few hundred thousand positions in the
    /// alpha-beta and as many in the quiescence.
    pub fn new() -> Memory {
        Memory::with_table_entries(super::tt::SIZE)
    }

    /// An empty memory whose tables fit a search of at most `nodes` nodes (each node stores at
    /// most one entry in one of them), so that a small search does not spend more time
    /// clearing a full-size table than searching: at least 2^10 entries each, at most as many
    /// as [`Memory::new`]'s.
    pub fn for_nodes(nodes: u64) -> Memory {
        let wanted = nodes.saturating_mul(2).min(super::tt::SIZE as u64) as usize;
        Memory::with_table_entries(wanted.next_power_of_two().max(1 << 10))
    }

    /// An empty memory whose alpha-beta and quiescence tables have `entries` entries each (a
    /// power of two).
    fn with_table_entries(entries: usize) -> Memory {
        Memory {
            game: None,
            vcf_fails: ZobristMap::default(),
            vct_fails: ZobristMap::default(),
            vct_wins: ZobristMap::default(),
            refuted: ZobristMap::default(),
            defended: ZobristMap::default(),
            vcf_lines: ZobristMap::default(),
            tt: Table::with_entries(entries),
            quiescence_tt: Table::with_entries(entries),
        }
    }

    /// Readies the memory for a search of `board`: a memory of another board size or rule is
    /// emptied, the alpha-beta table's older entries become the first to be replaced, and the
    /// proof maps are emptied when they hold more than [`MAP_LIMIT`] positions.
    fn begin_search(&mut self, board: &Board) {
        let game = (board.size(), board.rule());
        if self.game.is_some_and(|held| held != game) {
            *self = Memory::with_table_entries(self.tt.size());
        }
        self.game = Some(game);
        self.tt.new_generation();
        self.quiescence_tt.new_generation();
        if self.proofs_held() > MAP_LIMIT {
            self.forget_proofs();
        }
    }

    /// How many positions the proof maps hold together.
    fn proofs_held(&self) -> usize {
        self.vcf_fails.len()
            + self.vct_fails.len()
            + self.vct_wins.len()
            + self.refuted.len()
            + self.defended.len()
            + self.vcf_lines.len()
    }

    /// Empties the proof maps.
    fn forget_proofs(&mut self) {
        self.vcf_fails.clear();
        self.vct_fails.clear();
        self.vct_wins.clear();
        self.refuted.clear();
        self.defended.clear();
        self.vcf_lines.clear();
    }
}

impl Default for Memory {
    fn default() -> Self {
        Memory::new()
    }
}

/// A root move's searched value.
#[derive(Clone, Copy, Debug)]
pub struct RootValue {
    /// The move.
    pub sq: Sq,
    /// Its score from the mover's point of view.
    pub score: i32,
}

impl Searcher {
    /// A searcher over `board` with an empty memory.
    pub fn new(board: Board) -> Searcher {
        Searcher::with_memory(board, Memory::new())
    }

    /// A searcher over `board` that starts from what `memory` holds (if it holds positions of
    /// the same board size and rule).
    pub fn with_memory(board: Board, mut memory: Memory) -> Searcher {
        memory.begin_search(&board);
        Searcher {
            board,
            budget: Budget {
                deadline: None,
                nodes: u64::MAX,
            },
            control: SearchControl::new(),
            nodes: 0,
            stopped: false,
            quiet_threats: true,
            vcf_line: Vec::new(),
            memory,
        }
    }

    /// What the searches learned, for the next searcher.
    pub fn into_memory(self) -> Memory {
        self.memory
    }

    /// Sets what the next searches may spend and clears the stop flag.
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
        self.nodes = 0;
        self.stopped = false;
    }

    /// Makes the searches stop at `control`'s stop signal too (read where the clock is).
    pub fn set_control(&mut self, control: &SearchControl) {
        self.control = control.clone();
    }

    /// Nodes visited since the budget was set.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the budget ran out or the search was told to stop.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Counts a node; whether the budget is spent or the search was told to stop.
    pub(super) fn out_of_budget(&mut self) -> bool {
        self.nodes += 1;
        if !self.stopped
            && (self.nodes >= self.budget.nodes
                || (self.nodes & 255 == 0
                    && (self.control.is_stopped()
                        || self.budget.deadline.is_some_and(|d| Instant::now() >= d))))
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// The candidate points of the current position with both sides' threats.
    pub fn scan(&self) -> Scan {
        let me = self.board.to_move();
        let mut spots = Vec::with_capacity(128);
        spots.extend(self.board.candidates().map(|sq| self.spot_for(sq, me)));
        Scan { spots }
    }

    /// The candidates where either side makes at least a four, with their threats, in grid
    /// order: all that [`Searcher::quiesce`] reads of a position (every threat from a four up
    /// lies on them). Under renju, every candidate, as [`Searcher::scan`] gives them: the
    /// static value there needs each point's ban.
    pub fn threat_scan(&self) -> Scan {
        if self.board.rule() == Rule::Renju {
            return self.scan();
        }
        let me = self.board.to_move();
        let mut spots = Vec::with_capacity(8);
        spots.extend(self.board.four_points().map(|sq| self.spot_for(sq, me)));
        Scan { spots }
    }

    /// Whether a leaf of the alpha-beta may go to the quiescence with a [`Searcher::threat_scan`]
    /// alone: outside renju (see there), and with a stone and two empty points on the board,
    /// which leave two candidates or more, so that the full scan would not find a node with
    /// one move or none.
    fn threats_suffice(&self) -> bool {
        self.board.rule() != Rule::Renju
            && self.board.stones() >= 1
            && self.board.points() >= self.board.stones() + 2
    }

    /// Candidate `sq` with its threats for the side to move and the opponent.
    pub fn spot(&self, sq: Sq) -> Spot {
        self.spot_for(sq, self.board.to_move())
    }

    #[inline]
    fn spot_for(&self, sq: Sq, me: usize) -> Spot {
        let (m, banned) = self.board.assess(sq, me);
        let (t, _) = self.board.assess(sq, 1 - me);
        Spot {
            sq,
            mine: m.threat,
            theirs: t.threat,
            score: value(m.value, m.threat) * 5 / 4 + value(t.value, t.threat),
            banned,
            worth: m.as_mover - t.as_opponent,
        }
    }

    /// The static value for the side to move: its line patterns against the opponent's
    /// ([`super::board::EVAL_MOVER`] against [`super::board::EVAL_OPPONENT`]). The board
    /// keeps the sum of the candidates' shares as stones come and go; under renju, where a
    /// point forbidden to black gives black nothing, it is summed from the full `scan`.
    pub(super) fn evaluate(&self, scan: &Scan) -> i32 {
        if self.board.rule() == Rule::Renju {
            scan.spots.iter().map(|s| s.worth).sum()
        } else {
            self.board.running_value()
        }
    }

    /// The moves worth searching at a node, most urgent first, or the node's known value.
    fn node_moves(&self, scan: &Scan, ply: i32, width: usize) -> Result<Vec<Sq>, i32> {
        if let Some(block) = forced(scan, ply)? {
            return Ok(vec![block]);
        }
        if scan.first_theirs(WIN_FOUR).is_some() {
            // Answer the opponent's open three (or four-four point): block it or play a four.
            return Ok(scan.playable_where(|s| s.mine >= FOUR || s.theirs >= FOUR));
        }
        Ok(scan.best_playable(width))
    }

    /// Where the opponent, given a free move, would win by continuous fours: the only moves
    /// that may stop it, most urgent first. Those are the cells its VCF depends on (see
    /// [`Searcher::vcf_line`]: a stone anywhere else leaves the fours winning) and the side to
    /// move's own fours, which gain a tempo. `None` when the opponent threatens no VCF, or
    /// when no such move may be played (every move loses then: the node keeps its own).
    fn vcf_defences(&mut self, scan: &Scan) -> Option<Vec<Sq>> {
        let mut spots = self.vcf_stoppers()?;
        for s in &scan.spots {
            if s.mine >= FOUR && !s.banned && !spots.iter().any(|t| t.sq == s.sq) {
                spots.push(*s);
            }
        }
        spots.sort_by_key(|s| std::cmp::Reverse(s.score));
        let defences: Vec<Sq> = spots.into_iter().map(|s| s.sq).collect();
        (!defences.is_empty()).then_some(defences)
    }

    /// Principal-variation alpha-beta to `depth` plies; at the leaves the threat quiescence
    /// replaces the static value.
    fn pvs(&mut self, depth: i32, alpha: i32, beta: i32, ply: i32) -> i32 {
        self.pvs_excluding(depth, alpha, beta, ply, None)
    }

    /// [`Searcher::pvs`] of the node without its move `excluded`, if there is one: the value
    /// of the best of the other moves (`alpha` if there are none), neither read from the
    /// table nor stored in it, since the table holds values of whole nodes.
    fn pvs_excluding(
        &mut self,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: i32,
        excluded: Option<Sq>,
    ) -> i32 {
        if self.out_of_budget() {
            return 0;
        }
        // The table first: a usable entry spares the scan.
        let hash = self.board.hash();
        let entry = self.memory.tt.probe(hash);
        let cutoff = entry.filter(|_| excluded.is_none());
        if let Some(score) = cutoff.and_then(|e| settled(e, depth, alpha, beta, ply)) {
            return score;
        }
        let scan = if depth <= 0 && self.threats_suffice() {
            if let Some(score) = self.remembered_quiescence(alpha, beta, ply, QUIESCENCE_PLIES) {
                return score;
            }
            let threats = self.threat_scan();
            let calm = matches!(forced(&threats, ply), Ok(None))
                && threats.first_theirs(WIN_FOUR).is_none();
            if calm {
                // Nothing forced and two moves or more: the quiescence, as below, without
                // scanning every candidate.
                let score = self.quiesce(&threats, alpha, beta, ply, QUIESCENCE_PLIES);
                self.remember_quiescence(score, alpha, beta, ply, QUIESCENCE_PLIES);
                return score;
            }
            threats
        } else {
            self.scan()
        };
        let mut moves = match self.node_moves(&scan, ply, WIDTH) {
            Ok(moves) => moves,
            Err(score) => return score,
        };
        if depth > 0 && moves.len() > 1 {
            if let Some(defences) = self.vcf_defences(&scan) {
                moves = defences;
            }
        }
        if let Some(excluded) = excluded {
            moves.retain(|&m| m != excluded);
            if moves.is_empty() {
                return alpha;
            }
        }
        if moves.is_empty() {
            return 0;
        }
        if depth <= 0 && moves.len() > 1 {
            return self.quiesce(&scan, alpha, beta, ply, QUIESCENCE_PLIES);
        }
        if let Some(e) = entry {
            if let Some(i) = moves.iter().position(|&m| m == e.best as Sq) {
                moves[..=i].rotate_right(1);
            }
        }
        // Blocking the opponent's four is the node's only move (a node with a five to block
        // reaches here with nothing else, see `forced`): it costs no depth, so that a line of
        // fours and blocks reaches as deep as the quiet moves around it.
        let child_depth = if depth > 0 && moves.len() == 1 && scan.first_theirs(WIN).is_some() {
            depth
        } else {
            depth - 1
        };
        let original_alpha = alpha;
        let mut best = -MATE;
        let mut best_move = moves[0];
        for (i, &m) in moves.iter().enumerate() {
            let reduction = if i >= LMR_FIRST && depth >= LMR_DEPTH && scan.is_quiet(m) {
                late_move_reduction(depth, i)
            } else {
                0
            };
            let extension = i == 0
                && excluded.is_none()
                && moves.len() > 1
                && child_depth == depth - 1
                && self.is_singular(entry, m, depth, ply);
            self.board.play(m);
            let score = if i == 0 {
                -self.pvs(child_depth + i32::from(extension), -beta, -alpha, ply + 1)
            } else {
                // A late quiet move is first searched shallower, and again at full depth if it
                // seems to beat alpha.
                let mut s = alpha + 1;
                if reduction > 0 {
                    s = -self.pvs(child_depth - reduction, -alpha - 1, -alpha, ply + 1);
                }
                if s > alpha {
                    s = -self.pvs(child_depth, -alpha - 1, -alpha, ply + 1);
                }
                if s > alpha && s < beta {
                    -self.pvs(child_depth, -beta, -alpha, ply + 1)
                } else {
                    s
                }
            };
            self.board.undo();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = m;
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        if excluded.is_some() {
            return best;
        }
        self.memory.tt.store(Entry {
            hash,
            depth: depth.clamp(0, 100) as i8,
            bound: Bound::of(best, original_alpha, beta),
            score: to_tt(best, ply),
            best: best_move as u16,
            generation: 0,
        });
        best
    }

    /// Whether the node's table move `m` is singular: the table found it at least as good as
    /// its score, searched at most [`SINGULAR_TABLE_SLACK`] plies shallower, and a search of
    /// the node's other moves at half the depth finds them all worse than that score by a
    /// margin that grows with the depth. Such a move is searched a ply deeper: the node's value
    /// rests on it alone. Only at [`SINGULAR_DEPTH`] or more and away from mates, whose scores
    /// are exact whatever the depth.
    fn is_singular(&mut self, entry: Option<Entry>, m: Sq, depth: i32, ply: i32) -> bool {
        let Some(e) = entry else {
            return false;
        };
        let score = from_tt(e.score, ply);
        if depth < SINGULAR_DEPTH
            || e.best as Sq != m
            || e.bound == Bound::Upper
            || i32::from(e.depth) < depth - SINGULAR_TABLE_SLACK
            || score.abs() >= MATE_BOUND
        {
            return false;
        }
        let singular_beta = score - SINGULAR_MARGIN_BASE - SINGULAR_MARGIN_PER_PLY * depth;
        let others = self.pvs_excluding(
            (depth - 1) / 2,
            singular_beta - 1,
            singular_beta,
            ply,
            Some(m),
        );
        others < singular_beta
    }

    /// The threat quiescence at a leaf (`scan` is its scan, or its [`Searcher::threat_scan`],
    /// the node already counted): the side to move facing an open three searches its defences
    /// and its own fours; otherwise it may stand on the static value or play one of its fours
    /// (each forces a block). At most `left` more plies; then the static value.
    fn quiesce(&mut self, scan: &Scan, mut alpha: i32, beta: i32, ply: i32, left: i32) -> i32 {
        let moves: Vec<Sq> = match forced(scan, ply) {
            Err(score) => return score,
            Ok(block) => block.into_iter().collect(),
        };
        if left <= 0 {
            return self.evaluate(scan);
        }
        let facing_three = moves.is_empty() && scan.first_theirs(WIN_FOUR).is_some();
        let mut best = -MATE;
        let moves = if !moves.is_empty() {
            moves
        } else {
            if !facing_three {
                // Standing pat: the side to move need not play a threat.
                best = self.evaluate(scan);
                if best >= beta {
                    return best;
                }
                alpha = alpha.max(best);
            }
            scan.playable_where(|s| s.mine >= FOUR || (facing_three && s.theirs >= FOUR))
        };
        if moves.is_empty() {
            return self.evaluate(scan);
        }
        for m in moves {
            self.board.play(m);
            let score = if self.out_of_budget() {
                0
            } else {
                -self.quiesce_remembered(-beta, -alpha, ply + 1, left - 1)
            };
            self.board.undo();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// [`Searcher::quiesce`] of the current position (already counted), through the
    /// quiescence's table: the same positions come back within a quiescence (fours played in
    /// another order) and from one iteration of the alpha-beta to the next.
    fn quiesce_remembered(&mut self, alpha: i32, beta: i32, ply: i32, left: i32) -> i32 {
        if let Some(score) = self.remembered_quiescence(alpha, beta, ply, left) {
            return score;
        }
        let scan = self.threat_scan();
        let score = self.quiesce(&scan, alpha, beta, ply, left);
        self.remember_quiescence(score, alpha, beta, ply, left);
        score
    }

    /// The quiescence's table's value of the current position when it settles a quiescence
    /// of the window (`alpha`, `beta`) with `left` plies.
    fn remembered_quiescence(&self, alpha: i32, beta: i32, ply: i32, left: i32) -> Option<i32> {
        let e = self.memory.quiescence_tt.probe(self.board.hash())?;
        settled(e, left, alpha, beta, ply)
    }

    /// Stores the current position's quiescence `score` (of the window (`alpha`, `beta`),
    /// `left` plies) unless the search was stopped in it.
    fn remember_quiescence(&mut self, score: i32, alpha: i32, beta: i32, ply: i32, left: i32) {
        if self.stopped {
            return;
        }
        self.memory.quiescence_tt.store(Entry {
            hash: self.board.hash(),
            depth: left as i8,
            bound: Bound::of(score, alpha, beta),
            score: to_tt(score, ply),
            best: 0,
            generation: 0,
        });
    }

    /// The principal variation from `first` as the transposition table remembers it, at most
    /// `len` moves: each position's stored best move while the table knows the position.
    pub fn pv(&mut self, first: Sq, len: usize) -> Vec<Sq> {
        let mut line = vec![first];
        self.board.play(first);
        while line.len() < len {
            let Some(sq) = self.memory.tt.best_move(self.board.hash()) else {
                break;
            };
            if !self.board.is_empty(sq) {
                break;
            }
            line.push(sq);
            self.board.play(sq);
        }
        for _ in &line {
            self.board.undo();
        }
        line
    }

    /// Iterative deepening over the root moves until the budget is spent or `max_depth` is
    /// reached. Returns the values of the root moves of the deepest finished iteration (the
    /// best first) and that depth. `completed` hears of each finished iteration: its depth and
    /// values, best first.
    pub fn search_root(
        &mut self,
        max_depth: i32,
        mut completed: impl FnMut(&mut Searcher, i32, &[RootValue]),
    ) -> (Vec<RootValue>, i32) {
        let scan = self.scan();
        let moves = match self.node_moves(&scan, 0, ROOT_WIDTH) {
            Ok(moves) => moves,
            Err(_) => scan
                .playable_by_score()
                .iter()
                .take(1)
                .map(|s| s.sq)
                .collect(),
        };
        let moves = if moves.len() > 1 {
            self.vcf_defences(&scan).unwrap_or(moves)
        } else {
            moves
        };
        let mut values: Vec<RootValue> =
            moves.iter().map(|&sq| RootValue { sq, score: 0 }).collect();
        let mut reached = 0;
        for depth in 1..=max_depth {
            let mut current: Vec<RootValue> = Vec::with_capacity(values.len());
            let mut alpha = -MATE;
            for (i, v) in values.iter().enumerate() {
                self.board.play(v.sq);
                let score = if i == 0 {
                    -self.pvs(depth - 1, -MATE, -alpha, 1)
                } else {
                    let s = -self.pvs(depth - 1, -alpha - 1, -alpha, 1);
                    if s > alpha {
                        -self.pvs(depth - 1, -MATE, -alpha, 1)
                    } else {
                        s
                    }
                };
                self.board.undo();
                if self.stopped {
                    break;
                }
                alpha = alpha.max(score);
                current.push(RootValue { sq: v.sq, score });
            }
            if self.stopped {
                // Keep a partial iteration only if it found a better first move.
                if current
                    .first()
                    .zip(values.first())
                    .is_some_and(|(c, v)| c.sq == v.sq)
                    && current.iter().any(|c| c.score > current[0].score)
                {
                    merge_partial(&mut values, &current);
                }
                break;
            }
            current.sort_by_key(|v| std::cmp::Reverse(v.score));
            values = current;
            reached = depth;
            completed(self, depth, &values);
            if values[0].score.abs() >= MATE_BOUND {
                break;
            }
        }
        (values, reached)
    }
}

/// What a node's own five, the opponent's fives and its own open four decide before any search:
/// `Err` with the node's score when that settles it, `Ok(Some(block))` when the opponent's
/// single five must be blocked, `Ok(None)` otherwise.
fn forced(scan: &Scan, ply: i32) -> Result<Option<Sq>, i32> {
    if scan.first_mine(WIN).is_some() {
        return Err(MATE - ply - 1);
    }
    match scan.their_fives() {
        TheirFives::None => {}
        TheirFives::One(block) => return Ok(Some(block)),
        TheirFives::Unstoppable => return Err(-(MATE - ply - 2)),
    }
    if scan.first_mine(WIN_FOUR).is_some() {
        return Err(MATE - ply - 3);
    }
    Ok(None)
}

/// Moves the partially searched better moves ahead of the rest.
fn merge_partial(values: &mut Vec<RootValue>, partial: &[RootValue]) {
    let mut sorted = partial.to_vec();
    sorted.sort_by_key(|v| std::cmp::Reverse(v.score));
    let rest: Vec<RootValue> = values
        .iter()
        .filter(|v| !sorted.iter().any(|s| s.sq == v.sq))
        .copied()
        .collect();
    sorted.extend(rest);
    *values = sorted;
}

/// How many plies shallower the `i`th move (the first is the 0th) of a node at `depth` is
/// first searched when it is a late quiet move: at least one, growing with the logarithms of
/// both, and never below depth 1 for the child.
fn late_move_reduction(depth: i32, i: usize) -> i32 {
    let r = (f64::from(depth).ln() * (i as f64).ln() / LMR_DIVISOR).round() as i32;
    r.clamp(1, depth - 2)
}

/// A move's ordering value for one side from its line patterns and combined threat.
fn value(lines: i32, threat: Threat) -> i32 {
    let bonus = match threat {
        WIN => 100_000,
        WIN_FOUR => 20_000,
        t if t >= FOUR => 2_000 * (t as i32 - 2),
        THREE_THREE => 1_500,
        _ => 0,
    };
    lines + bonus
}

/// A score as stored: mates counted from this node rather than the root.
fn to_tt(score: i32, ply: i32) -> i32 {
    if score >= MATE_BOUND {
        score + ply
    } else if score <= -MATE_BOUND {
        score - ply
    } else {
        score
    }
}

/// The score of a table entry read at `ply`, when it settles a search of `depth` (plies of
/// the alpha-beta, or left to the quiescence) and the window (`alpha`, `beta`): it was searched
/// at least as deep and its bound decides that window.
fn settled(e: Entry, depth: i32, alpha: i32, beta: i32, ply: i32) -> Option<i32> {
    let score = from_tt(e.score, ply);
    (i32::from(e.depth) >= depth && e.bound.settles(score, alpha, beta)).then_some(score)
}

/// A stored score read back at `ply`.
fn from_tt(score: i32, ply: i32) -> i32 {
    if score >= MATE_BOUND {
        score - ply
    } else if score <= -MATE_BOUND {
        score + ply
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::tt;
    use crate::rules::{Gomoku, Rule};
    use tabula_core::Game;

    /// The scan of the position after `moves` (freestyle, 15x15) and a point finder.
    fn scan_after(moves: &str) -> (Scan, impl Fn(&str) -> Sq) {
        let mut game = Gomoku::new(15, Rule::Freestyle).unwrap();
        for m in game.parse_moves(moves).unwrap() {
            game.play(m);
        }
        let board = Board::new(&game);
        let scan = Searcher::new(board.clone()).scan();
        (scan, move |p: &str| {
            board.sq(&game, game.parse_move(p).unwrap())
        })
    }

    #[test]
    fn moves_that_make_or_block_a_three_or_a_four_are_not_quiet() {
        // White to move; black has an open three h8-j8 and a two f4-g4; white a two c12-d12.
        let (scan, at) = scan_after("h8 c12 i8 d12 j8 c14 f4 n2 g4");
        // Blocking black's three (its open-four points) or its two (its three points).
        for p in ["g8", "k8", "e4", "h4"] {
            assert!(!scan.is_quiet(at(p)), "{p}");
        }
        // Making white's own three.
        for p in ["e12", "b12"] {
            assert!(!scan.is_quiet(at(p)), "{p}");
        }
        // Neither: a point next to stones that lines up with nothing.
        for p in ["h10", "j6"] {
            assert!(scan.is_quiet(at(p)), "{p}");
        }
        // No candidate at all is not quiet either: it is no move of this node.
        assert!(!scan.is_quiet(at("o15")));
    }

    /// Plays 20 random games of `rule` on 15x15 (random generator seeded with `seed`) up to
    /// 60 stones each, and hands `visit` a searcher standing on each position reached.
    fn random_positions(rule: Rule, seed: u64, mut visit: impl FnMut(&mut Searcher)) {
        use rand::seq::IndexedRandom;
        use rand::SeedableRng;
        let mut rng = tabula_core::GameRng::seed_from_u64(seed);
        for _ in 0..20 {
            let mut game = Gomoku::new(15, rule).unwrap();
            let mut searcher = Searcher::new(Board::new(&game));
            while !game.is_over() && game.occupied().count() < 60 {
                let mut moves = Vec::new();
                game.legal_moves(&mut moves);
                let p = *moves.choose(&mut rng).unwrap();
                searcher.board.play(searcher.board.sq(&game, p));
                game.play(p);
                visit(&mut searcher);
            }
        }
    }

    /// What the quiescence reads of a leaf is the same from the threat scan as from the full
    /// scan: the points with a four or more for either side, in the same order, and the same
    /// static value. Random games of both rules that have no bans.
    #[test]
    fn a_threat_scan_reads_as_the_full_scan_at_a_leaf() {
        let mut leaves_with_fours = 0;
        for rule in [Rule::Freestyle, Rule::Standard] {
            random_positions(rule, 11, |searcher| {
                let (full, threats) = (searcher.scan(), searcher.threat_scan());
                let fours = |scan: &Scan| -> Vec<(Sq, Threat, Threat)> {
                    scan.playable_by_score()
                        .iter()
                        .filter(|s| s.mine >= FOUR || s.theirs >= FOUR)
                        .map(|s| (s.sq, s.mine, s.theirs))
                        .collect()
                };
                assert_eq!(fours(&threats), fours(&full));
                assert_eq!(threats.spots.len(), fours(&full).len());
                let summed: i32 = full.spots.iter().map(|s| s.worth).sum();
                assert_eq!(searcher.evaluate(&threats), summed);
                leaves_with_fours += usize::from(!threats.spots.is_empty());
            });
        }
        assert!(leaves_with_fours > 100, "{leaves_with_fours}");
    }

    /// A search on a node budget gets tables that fit it (twice the budget, to a power of two,
    /// within 2^10 and the full size), so that a small search does not clear 48 MB first; a
    /// memory emptied for another board keeps its tables' size.
    #[test]
    fn a_memory_s_tables_fit_the_node_budget() {
        for (nodes, entries) in [
            (0, 1 << 10),
            (2_000, 1 << 12),
            (162_000, 1 << 19),
            (486_000, tt::SIZE),
            (u64::MAX, tt::SIZE),
        ] {
            let memory = Memory::for_nodes(nodes);
            assert_eq!(memory.tt.size(), entries, "{nodes} nodes");
            assert_eq!(memory.quiescence_tt.size(), entries, "{nodes} nodes");
        }
        assert_eq!(Memory::new().tt.size(), tt::SIZE);
        let board = |size| Board::new(&Gomoku::new(size, Rule::Freestyle).unwrap());
        let mut memory = Memory::for_nodes(2_000);
        memory.begin_search(&board(15));
        memory.begin_search(&board(19));
        assert_eq!(memory.tt.size(), 1 << 12);
        assert_eq!(memory.game, Some((19, Rule::Freestyle)));
    }

    /// A position's quiescence is read back from the quiescence's table: searched again, it
    /// costs no node and gives the same value. Positions of random freestyle games where the
    /// side to move has a four to play (so the quiescence searches something).
    #[test]
    fn a_quiescence_searched_again_is_read_from_its_table() {
        let unlimited = Budget {
            deadline: None,
            nodes: u64::MAX,
        };
        let mut searched = 0;
        random_positions(Rule::Freestyle, 5, |searcher| {
            if searcher.threat_scan().first_mine(FOUR).is_none() {
                return;
            }
            let mut values = [0; 2];
            let mut nodes = [0; 2];
            for (value, spent) in values.iter_mut().zip(&mut nodes) {
                searcher.set_budget(unlimited);
                *value = searcher.quiesce_remembered(-MATE, MATE, 0, QUIESCENCE_PLIES);
                *spent = searcher.nodes();
            }
            assert_eq!(values[0], values[1]);
            assert_eq!(nodes[1], 0);
            searched += usize::from(nodes[0] > 0);
        });
        assert!(searched > 100, "{searched}");
    }

    /// Late quiet moves lose at least a ply, more the later they come and the deeper the
    /// node, and their child keeps a ply at least.
    #[test]
    fn late_moves_are_reduced_more_the_later_and_deeper() {
        for depth in LMR_DEPTH..=40 {
            for i in LMR_FIRST..ROOT_WIDTH {
                let r = late_move_reduction(depth, i);
                assert!(r >= 1 && depth - 1 - r >= 1, "depth {depth} move {i}: {r}");
                assert!(r <= late_move_reduction(depth, i + 1));
                assert!(r <= late_move_reduction(depth + 1, i));
            }
        }
        assert_eq!(late_move_reduction(3, 11), 1);
        assert_eq!(late_move_reduction(9, 11), 3);
    }

    /// A freestyle 15x15 position from its rows (top first, `B`/`W`/`.`) and the side to move.
    fn position(rows: [&str; 15], to_move: char) -> Searcher {
        let text = format!("{} {to_move}", rows.join("/"));
        Searcher::new(Board::new(&Gomoku::parse_position(&text).unwrap()))
    }

    /// Facing a VCF threat (white would win by fours given a free move; from a game against
    /// Rapfi), a node searches only the moves that may stop it: every candidate left out that
    /// makes no four lets white win by VCF, and most candidates are left out.
    #[test]
    fn facing_a_vcf_threat_only_its_defences_are_searched() {
        let mut searcher = position(
            [
                "...............",
                "...............",
                "...............",
                "..........BB...",
                "......BWBB.W...",
                ".......W.WB....",
                "........WB.W...",
                ".......BBWWWB..",
                "........WB.B...",
                "......WWWB.....",
                "......B........",
                ".........W.....",
                "...............",
                "...............",
                "...............",
            ],
            'B',
        );
        let scan = searcher.scan();
        let defences = searcher.vcf_defences(&scan).expect("white threatens a VCF");
        let candidates = scan.playable_by_score();
        let left_out: Vec<Sq> = candidates
            .iter()
            .filter(|s| !defences.contains(&s.sq) && s.mine < FOUR)
            .map(|s| s.sq)
            .collect();
        assert!(
            left_out.len() > defences.len(),
            "{} defences, {} left out",
            defences.len(),
            left_out.len()
        );
        for m in left_out {
            searcher.board.play(m);
            assert!(searcher.vcf(crate::engine::threats::VCF_DEPTH).is_some());
            searcher.board.undo();
        }
        // The root's moves are those defences, whatever its width.
        let (values, _) = searcher.search_root(2, |_, _, _| {});
        let mut searched: Vec<Sq> = values.iter().map(|v| v.sq).collect();
        let mut expected = defences.clone();
        searched.sort_unstable();
        expected.sort_unstable();
        assert_eq!(searched, expected);
    }

    /// A memory carries over to a position of the same size and rule, and is emptied for
    /// another rule or size: the same stones there are another position.
    #[test]
    fn a_memory_serves_only_the_same_board_size_and_rule() {
        let game = |size: usize, rule: Rule| {
            let mut game = Gomoku::new(size, rule).unwrap();
            for m in game.parse_moves("h8 i9 g9 i7").unwrap() {
                game.play(m);
            }
            Board::new(&game)
        };
        let mut searcher = Searcher::new(game(15, Rule::Freestyle));
        searcher.vct(4);
        let (values, _) = searcher.search_root(3, |_, _, _| {});
        searcher.board.play(values[0].sq);
        let child = searcher.board.hash();
        searcher.board.undo();
        let memory = searcher.into_memory();
        assert!(memory.proofs_held() > 0 && memory.tt.probe(child).is_some());

        let same = Searcher::with_memory(game(15, Rule::Freestyle), memory).into_memory();
        assert!(same.proofs_held() > 0 && same.tt.probe(child).is_some());
        let renju = Searcher::with_memory(game(15, Rule::Renju), same).into_memory();
        assert!(renju.proofs_held() == 0 && renju.tt.probe(child).is_none());
        let mut searcher = Searcher::with_memory(game(15, Rule::Renju), renju);
        searcher.search_root(3, |_, _, _| {});
        let larger = Searcher::with_memory(game(19, Rule::Renju), searcher.into_memory());
        assert!(larger.memory.tt.probe(child).is_none());
    }

    /// The depth the table holds for the position after `m`, if it holds that position.
    fn stored_depth_after(searcher: &mut Searcher, m: Sq) -> Option<i32> {
        searcher.board.play(m);
        let entry = searcher.memory.tt.probe(searcher.board.hash());
        searcher.board.undo();
        entry.map(|e| i32::from(e.depth))
    }

    /// Blocking the opponent's four is a node's one move and costs no depth: the position after
    /// the block is searched to the node's own depth, so that fours and blocks inside the tree
    /// do not eat the plies the quiet moves around them need.
    #[test]
    fn blocking_a_four_costs_no_depth() {
        // Black to move; white's four on row 8 (c8-f8, closed at b8) must be blocked at g8.
        let mut searcher = position(
            [
                "...............",
                "...............",
                "...............",
                "...............",
                "...............",
                "...............",
                "...............",
                ".BWWWW.........",
                ".......B.......",
                "........B......",
                "...............",
                "...............",
                "............B..",
                "...............",
                "...............",
            ],
            'B',
        );
        let [block] = searcher.scan().theirs(WIN)[..] else {
            panic!("white has one five to block");
        };
        assert_eq!(searcher.board.point(block), 7 * 15 + 6);
        for depth in 1..=3 {
            searcher.pvs(depth, -MATE, MATE, 0);
            assert_eq!(
                stored_depth_after(&mut searcher, block),
                Some(depth),
                "depth {depth}"
            );
        }
    }

    /// A table move the other moves fall far short of is searched a ply deeper; one they come
    /// close to is not. The table entry is made up here to say either: it names the node's
    /// fourth candidate (so the table also brings it to the front) with a score far above or
    /// far below anything the position's other moves reach.
    #[test]
    fn a_singular_table_move_is_searched_a_ply_deeper() {
        let mut game = Gomoku::new(15, Rule::Freestyle).unwrap();
        for m in game.parse_moves("h8 i7 j5 h6 g7 i8 j9 h9").unwrap() {
            game.play(m);
        }
        let depth = SINGULAR_DEPTH;
        for (claimed, child_depth) in [(20_000, depth), (-20_000, depth - 1)] {
            let mut searcher = Searcher::new(Board::new(&game));
            let root = searcher.board.hash();
            let scan = searcher.scan();
            let m = searcher.node_moves(&scan, 0, WIDTH).unwrap()[3];
            searcher.memory.tt.store(Entry {
                hash: root,
                depth: (depth - 1) as i8,
                bound: Bound::Lower,
                score: claimed,
                best: m as u16,
                generation: 0,
            });
            searcher.pvs(depth, -MATE, MATE, 0);
            assert_eq!(
                stored_depth_after(&mut searcher, m),
                Some(child_depth),
                "table score {claimed}"
            );
        }
    }

    /// Black makes two open threes at once at (7,7): whichever white blocks, the other becomes
    /// an open four. One ply of alpha-beta ends on white's reply, so only the threat quiescence
    /// at that leaf sees the win (the bare static value did not).
    #[test]
    fn a_one_ply_search_sees_a_double_three_win_through_the_quiescence() {
        let mut searcher = position(
            [
                "W.............W",
                "...............",
                "...............",
                "...............",
                "...............",
                ".......B.......",
                ".......B.......",
                ".....BB........",
                "...............",
                "...............",
                "...............",
                "...............",
                "...............",
                "...............",
                "W.............W",
            ],
            'B',
        );
        let (values, depth) = searcher.search_root(1, |_, _, _| {});
        assert_eq!(depth, 1);
        assert_eq!(searcher.board.point(values[0].sq), 7 * 15 + 7);
        assert!(values[0].score >= MATE_BOUND, "{values:?}");
    }
}
