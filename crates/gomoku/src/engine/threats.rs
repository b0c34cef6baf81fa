//! Threat searches: VCF (victory by continuous fours) and VCT (victory by continuous threats).
//!
//! Both prove wins: a move is reported only when every defence was tried and failed.
//!
//! - **VCF**: the attacker plays only fours; the defender's one answer is the point that
//!   completes the five (a defender who already has a five to make wins instead). A short
//!   sequence is looked for before a long one, and fours that build on the last stones first.
//! - **VCT**: the attacker also plays open threes. Against a threatened open four (or double
//!   four) the defender must take, for every such threat, its point or one completing its five
//!   (a defender stone cannot lengthen the attacker's lines, so nothing else spoils it), or make
//!   a four of his own. Where the attacker instead threatens a VCF (after a forced quiet block,
//!   say), the defences are the cells that VCF depends on: its moves, the points completing its
//!   fives and every point where the defender could make a four on the way; a stone anywhere
//!   else leaves that VCF winning. Such VCF threats are also made on purpose: after its fours
//!   and threes the attacker tries a few quiet moves that make a two or a closed three (unless
//!   told not to, [`Searcher::set_quiet_threats`]: without them a VCT proves the wins of fours
//!   and open threes alone several times faster). At every attacker node a VCF is tried first.
//!
//! Under renju black's forbidden points are neither black's threats nor black's defences: a
//! four whose completion black may not take wins like a five (see [`Board::assess`]).
//!
//! Failed searches are remembered by position hash and depth, and so are proven results at
//! defender nodes, so transpositions (the defender's counter-fours in another order, say) are
//! not searched twice.

#[cfg(doc)]
use super::board::Board;
use super::board::{aligned, Sq, FOUR, THREE, WIN, WIN_FOUR};
use super::patterns;
use super::search::{Scan, Searcher, Spot, TheirFives};
use std::cmp::Reverse;

/// The longest sequence of fours a VCF follows, in attacker moves.
pub const VCF_DEPTH: u32 = 24;
/// The VCF length tried before a full-length search.
const SHORT_VCF_DEPTH: u32 = 4;
/// How many quiet moves (twos and closed threes that may prepare a VCF) an attacker node tries after
/// its fours and open threes.
const QUIET_WIDTH: usize = 8;
/// Mixed into a position's hash for the failures of VCTs without quiet threats.
const NO_QUIET_THREATS_KEY: u64 = 0x9e37_79b9_7f4a_7c15;

impl Searcher {
    /// A move that wins by continuous fours for the side to move, if one is found.
    ///
    /// On success the cells the win depends on are appended to `vcf_line` (see
    /// [`Searcher::vcf_line`]).
    pub fn vcf(&mut self, depth: u32) -> Option<Sq> {
        // A short win first: a full-length search may wander through long sequences of fours
        // before it reaches a win of a few moves.
        if depth > SHORT_VCF_DEPTH {
            if let Some(m) = self.vcf_search(SHORT_VCF_DEPTH) {
                return Some(m);
            }
            if self.stopped() {
                return None;
            }
        }
        self.vcf_search(depth)
    }

    /// [`Searcher::vcf`] with at most `depth` fours.
    fn vcf_search(&mut self, depth: u32) -> Option<Sq> {
        if self.out_of_budget() {
            return None;
        }
        if depth > 0 && self.vcf_failed(depth) {
            return None;
        }
        // Only the points where either side makes a four matter here: the board keeps those.
        let attacker = self.board.to_move();
        let defender = 1 - attacker;
        let board = &self.board;
        let five = board
            .fours(attacker)
            .find(|&sq| board.threat(sq, attacker) == WIN);
        if let Some(five) = five {
            self.vcf_line.push(five);
            return Some(five);
        }
        let (first, second) = {
            let mut their_fives = board
                .fours(defender)
                .filter(|&sq| board.threat(sq, defender) == WIN);
            (their_fives.next(), their_fives.next())
        };
        if second.is_some() || depth == 0 {
            return None;
        }
        let moves: Vec<Sq> = match first {
            Some(block) if board.threat(block, attacker) >= FOUR => vec![block],
            Some(_) => Vec::new(),
            None => {
                // Strongest first; among equals, fours that build on the last two stones.
                let recent = [board.recent(0), board.recent(1)];
                let related = |sq: Sq| recent.iter().flatten().any(|&r| aligned(sq, r));
                // The four set keeps black's forbidden fours too; their threat is nothing.
                let mut spots: Vec<(bool, Spot)> = board
                    .fours(attacker)
                    .map(|sq| (related(sq), self.spot(sq)))
                    .filter(|(_, s)| s.mine >= FOUR)
                    .collect();
                spots.sort_by_key(|(r, s)| (Reverse(s.mine), Reverse(*r), Reverse(s.score)));
                spots.into_iter().map(|(_, s)| s.sq).collect()
            }
        };
        let mut fives = Vec::new();
        for m in moves {
            self.board.play(m);
            self.board
                .line_points(m, attacker, patterns::FIVE, &mut fives);
            let wins = match fives[..] {
                [] => false,
                // A black defender may not block on a forbidden point: the five comes.
                [block] if defender == 0 && self.board.forbidden(block) => true,
                [block] => {
                    self.board.play(block);
                    let won = self.vcf_search(depth - 1).is_some();
                    self.board.undo();
                    won
                }
                _ => true,
            };
            self.board.undo();
            if wins {
                // The move, the points that complete its five, and every point where the
                // defender could make a four of his own here.
                self.vcf_line.push(m);
                self.vcf_line.extend_from_slice(&fives);
                self.vcf_line.extend(self.board.fours(defender));
                return Some(m);
            }
        }
        if !self.stopped() {
            let hash = self.board.hash();
            self.memory.vcf_fails.insert(hash, depth);
        }
        None
    }

    /// A VCF for the side to move and the cells it depends on: every attacker move, every point
    /// that completes one of its fives, and every point where the defender could make a four at
    /// one of the attacker's turns. A defender stone anywhere else leaves the same sequence of
    /// fours winning, so these cells are a complete set of defences against the threat.
    pub fn vcf_line(&mut self) -> Option<(Sq, Vec<Sq>)> {
        let hash = self.board.hash();
        if let Some(found) = self.memory.vcf_lines.get(&hash) {
            return Some(found.clone());
        }
        self.vcf_line.clear();
        let win = self.vcf(VCF_DEPTH)?;
        let mut cells = std::mem::take(&mut self.vcf_line);
        cells.sort_unstable();
        cells.dedup();
        self.memory.vcf_lines.insert(hash, (win, cells.clone()));
        Some((win, cells))
    }

    /// Where the opponent, given a free move, would win by continuous fours: the cells its VCF
    /// depends on (see [`Searcher::vcf_line`]) that the side to move may play, as the side to
    /// move's spots. They may lie beyond the candidates (a long VCF runs away from the stones).
    /// `None` when the opponent threatens no VCF.
    pub(super) fn vcf_stoppers(&mut self) -> Option<Vec<Spot>> {
        self.board.pass();
        let threat = self.vcf_line();
        self.board.pass();
        let (_, cells) = threat?;
        Some(
            cells
                .into_iter()
                .filter(|&sq| self.board.is_empty(sq))
                .map(|sq| self.spot(sq))
                .filter(|s| !s.banned)
                .collect(),
        )
    }

    /// A move that wins by continuous threats (fours and open threes, at most `depth` of
    /// them) for the side to move, if one is found.
    pub fn vct(&mut self, depth: u32) -> Option<Sq> {
        if self.out_of_budget() {
            return None;
        }
        let scan = self.scan();
        if let Some(five) = scan.first_mine(WIN) {
            return Some(five);
        }
        match scan.their_fives() {
            TheirFives::None => {}
            TheirFives::One(block) => {
                // A forced block costs no depth: the defender's fours run out by themselves.
                self.board.play(block);
                let won = self.refutes_all_defences(depth);
                self.board.undo();
                return won.then_some(block);
            }
            TheirFives::Unstoppable => return None,
        }
        if let Some(m) = self.vcf(VCF_DEPTH) {
            return Some(m);
        }
        if depth == 0 || self.vct_failed(depth) {
            return None;
        }
        let hash = self.board.hash();
        if let Some(&(d, m)) = self.memory.vct_wins.get(&hash) {
            if d <= depth {
                return Some(m);
            }
        }
        for m in scan.mine_sorted(THREE) {
            if self.threat_wins(m, depth) {
                return Some(m);
            }
        }
        if self.quiet_threats {
            for m in self.vcf_threats(&scan) {
                if self.threat_wins(m, depth) {
                    return Some(m);
                }
            }
        }
        if !self.stopped() {
            let key = self.failure_key();
            self.memory.vct_fails.insert(key, depth);
        }
        None
    }

    /// Whether the VCTs try quiet moves that threaten a VCF after their fours and open threes
    /// (the default). Without them a VCT finds the wins of fours and threes alone several times
    /// faster, and misses the rest.
    pub fn set_quiet_threats(&mut self, on: bool) {
        self.quiet_threats = on;
    }

    /// The key under which a failed VCT of the current position is remembered: its hash, told
    /// apart when the VCTs try no quiet threats (such a failure says nothing of a full VCT).
    fn failure_key(&self) -> u64 {
        let hash = self.board.hash();
        if self.quiet_threats {
            hash
        } else {
            hash ^ NO_QUIET_THREATS_KEY
        }
    }

    /// Whether the attacker's threat `m` wins within `depth` threats (itself included); a win
    /// is remembered.
    fn threat_wins(&mut self, m: Sq, depth: u32) -> bool {
        let hash = self.board.hash();
        self.board.play(m);
        let won = self.refutes_all_defences(depth - 1);
        self.board.undo();
        if won {
            self.memory.vct_wins.insert(hash, (depth, m));
        }
        won
    }

    /// The side to move's quiet moves (a two or a closed three, no open three or four) after
    /// which it threatens a VCF, those that leave the fewest defences first; at most
    /// [`QUIET_WIDTH`] of them.
    fn vcf_threats(&mut self, scan: &Scan) -> Vec<Sq> {
        let me = self.board.to_move();
        let mut found: Vec<(usize, Sq)> = Vec::new();
        for s in scan.playable_by_score() {
            let quiet = s.mine < THREE
                && self
                    .board
                    .patterns(s.sq, me)
                    .iter()
                    .any(|&p| p >= patterns::FLEX2);
            if !quiet {
                continue;
            }
            self.board.play(s.sq);
            self.board.pass();
            if let Some((_, cells)) = self.vcf_line() {
                found.push((cells.len(), s.sq));
            }
            self.board.pass();
            self.board.undo();
        }
        found.sort_by_key(|&(defences, _)| defences);
        found
            .into_iter()
            .take(QUIET_WIDTH)
            .map(|(_, sq)| sq)
            .collect()
    }

    /// With the defender to move: whether the attacker wins against every defence.
    fn refutes_all_defences(&mut self, depth: u32) -> bool {
        if self.out_of_budget() {
            return false;
        }
        let hash = self.board.hash();
        if self.memory.refuted.get(&hash).is_some_and(|&d| d <= depth) {
            return true;
        }
        let failure_key = self.failure_key();
        if self
            .memory
            .defended
            .get(&failure_key)
            .is_some_and(|&d| d >= depth)
        {
            return false;
        }
        let Some(defences) = self.defences() else {
            return false;
        };
        for r in defences {
            self.board.play(r);
            let won = self.vct(depth).is_some();
            self.board.undo();
            if !won {
                if !self.stopped() {
                    self.memory.defended.insert(failure_key, depth);
                }
                return false;
            }
        }
        self.memory.refuted.insert(hash, depth);
        true
    }

    /// With the defender to move after an attacker's threat: the moves that may stop it, most
    /// urgent first (none when nothing can), or `None` when no defence is needed: the defender
    /// makes a five first or the attacker threatens nothing.
    fn defences(&mut self) -> Option<Vec<Sq>> {
        let scan = self.scan();
        // Here "mine" is the defender's, "theirs" the attacker's.
        if scan.first_mine(WIN).is_some() {
            return None;
        }
        let defences = match scan.their_fives() {
            TheirFives::None if scan.first_theirs(WIN_FOUR).is_some() => {
                // An open four (or a double four) is threatened: a defence must take a point
                // of every such threat or one that completes its five, or make a four of the
                // defender's own.
                let stoppers = self.open_four_stoppers(&scan.theirs(WIN_FOUR));
                scan.playable_where(|s| s.mine >= FOUR || stoppers.binary_search(&s.sq).is_ok())
            }
            TheirFives::None => {
                // Otherwise the attacker must threaten a VCF; only a stone on one of the cells
                // it depends on can stop it, most urgent first.
                let mut spots = self.vcf_stoppers()?;
                spots.sort_by_key(|s| Reverse(s.score));
                spots.into_iter().map(|s| s.sq).collect()
            }
            TheirFives::One(block) => vec![block],
            // A forbidden block is no defence: every defence (none) fails.
            TheirFives::Unstoppable => Vec::new(),
        };
        Some(defences)
    }

    /// With the defender to move: the points that spoil every one of the attacker's winning
    /// fours `threats` (points where the attacker makes an open four or two fours). A defender
    /// stone changes such a threat only by taking its point or a point that would complete
    /// its five (a defender stone never lengthens an attacker's line), so these are the points
    /// common to all threats' sets of those.
    fn open_four_stoppers(&mut self, threats: &[Sq]) -> Vec<Sq> {
        let attacker = 1 - self.board.to_move();
        let mut common: Option<Vec<Sq>> = None;
        let mut fives = Vec::new();
        for &w in threats {
            self.board.pass();
            self.board.play(w);
            self.board
                .line_points(w, attacker, patterns::FIVE, &mut fives);
            self.board.undo();
            self.board.pass();
            fives.push(w);
            common = Some(match common {
                None => fives.clone(),
                Some(c) => c.into_iter().filter(|sq| fives.contains(sq)).collect(),
            });
        }
        let mut common = common.unwrap_or_default();
        common.sort_unstable();
        common
    }

    fn vcf_failed(&self, depth: u32) -> bool {
        self.memory
            .vcf_fails
            .get(&self.board.hash())
            .is_some_and(|&d| d >= depth)
    }

    fn vct_failed(&self, depth: u32) -> bool {
        self.memory
            .vct_fails
            .get(&self.failure_key())
            .is_some_and(|&d| d >= depth)
    }
}
