//! The engine's board: a padded grid with, for every point and direction, the key of its
//! line neighbourhood (see [`super::patterns`]). Playing a stone updates only the keys of the
//! points within five steps along the four lines through it (four under freestyle), and where
//! a pattern changed, that point's share of the static value and whether it makes a four;
//! undoing restores what the move overwrote from a trail. A point's combined threat and value
//! are read from its four patterns with one table look-up when asked for.

use std::sync::OnceLock;

use crate::renju;
use crate::rules::{Cell, Gomoku, Point, Rule};

use super::patterns::{self, Pattern, Tables, REACH, WALL};

/// Row length of the padded grid.
pub const STRIDE: usize = 32;
/// Border width: wide enough that every neighbour within [`REACH`] of a board point exists.
const PAD: usize = REACH;
/// Points in the padded grid.
pub const GRID: usize = STRIDE * STRIDE;
/// Index steps of the four directions: horizontal, vertical, and the two diagonals (the
/// padded grid with walls around every board point is what [`renju::Grid`] reads too).
pub const STEPS: [isize; 4] = [1, STRIDE as isize, STRIDE as isize + 1, STRIDE as isize - 1];

/// A grid index.
pub type Sq = usize;
/// 64-bit words in a bitset over the grid.
const WORDS: usize = GRID / 64;

/// How strong a point is for one colour, all four lines together, weakest first.
pub type Threat = u8;
/// Nothing forcing.
pub const QUIET: Threat = 0;
/// An open three.
pub const THREE: Threat = 1;
/// Two open threes.
pub const THREE_THREE: Threat = 2;
/// A four (one point completes it).
pub const FOUR: Threat = 3;
/// A four and an open three.
pub const FOUR_THREE: Threat = 4;
/// An open four or two fours: wins unless the opponent has a five first.
pub const WIN_FOUR: Threat = 5;
/// A five.
pub const WIN: Threat = 6;

/// The engine's incremental board.
#[derive(Clone)]
pub struct Board {
    size: usize,
    /// The rule (under renju black's forbidden points are unplayable for black).
    rule: Rule,
    tables: &'static Tables,
    /// 0 empty, 1 black, 2 white, 3 off the board.
    cells: Box<[u8; GRID]>,
    keys: Box<[[u32; 4]; GRID]>,
    /// Per point and direction, both colours' patterns packed as [`Tables::both`] gives them:
    /// kept up to date at the empty points; a stone's are those of the moment it was placed,
    /// which are right again when it is taken back (after every later stone).
    pats: Box<[[u8; 4]; GRID]>,
    /// Stones within two points (king's distance), for candidate moves.
    near: Box<[u8; GRID]>,
    /// The candidates (empty points with a stone within two points), as a bitset.
    candidates: [u64; WORDS],
    /// Per colour, a bitset of the empty points where that colour makes at least a [`FOUR`]
    /// (all candidates: a four needs three stones of that colour within two steps' reach).
    fours: [[u64; WORDS]; 2],
    /// Threat and values of every combination of four line patterns (see [`combinations`]).
    combos: &'static [Combo],
    /// Per colour, its points' shares of the static value summed over the candidates, ignoring
    /// forbidden points: `[as mover, as opponent]` (see [`Combo::as_mover`]). Kept up to date
    /// move by move, so that [`Board::static_value`] needs no scan.
    worth: [[i32; 2]; 2],
    stones: usize,
    to_move: usize,
    hash: u64,
    history: Vec<Sq>,
    /// What the moves in `history` overwrote, for [`Board::undo`].
    trail: Trail,
}

/// The values the moves on a board overwrote, so that undoing one restores them without
/// recomputing anything.
#[derive(Clone, Default)]
struct Trail {
    /// Per move, what it changed besides the line patterns.
    marks: Vec<Mark>,
    /// Overwritten line patterns: point, direction and old value.
    pats: Vec<(u16, u8, u8)>,
}

/// What a move found on the board besides the line patterns it overwrote.
#[derive(Clone)]
struct Mark {
    /// Where the move's entries in [`Trail::pats`] begin.
    pats: usize,
    /// The [`Board::fours`] bitsets before the move.
    fours: [[u64; WORDS]; 2],
    /// The summed [`Board::worth`] before the move.
    worth: [[i32; 2]; 2],
}

/// Random numbers for the Zobrist hash, one per colour and grid point.
fn zobrist(colour: usize, sq: Sq) -> u64 {
    // SplitMix64 of the index: fixed, well mixed and needs no table.
    let mut z = (colour * GRID + sq) as u64 ^ 0x9E37_79B9_7F4A_7C15;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Hash component of the side to move.
const WHITE_TO_MOVE: u64 = 0x5DEE_CE66_D1CE_4E5B;

impl Board {
    /// The engine board of a position.
    pub fn new(game: &Gomoku) -> Board {
        let size = game.size();
        let mut board = Board {
            size,
            rule: game.rule(),
            tables: Tables::get(game.rule()),
            cells: Box::new([WALL as u8; GRID]),
            keys: Box::new([[0; 4]; GRID]),
            pats: Box::new([[0; 4]; GRID]),
            near: Box::new([0; GRID]),
            candidates: [0; WORDS],
            fours: [[0; WORDS]; 2],
            combos: combinations(),
            worth: [[0; 2]; 2],
            stones: 0,
            to_move: 0,
            hash: 0,
            history: Vec::new(),
            trail: Trail::default(),
        };
        for y in 0..size {
            for x in 0..size {
                board.cells[Self::sq_of(x, y)] = 0;
            }
        }
        // Keys hold the neighbours within the tables' reach only (see `update_lines`).
        let reach = board.tables.reach() as i32;
        let within_reach = (-reach..=reach)
            .filter(|&k| k != 0)
            .fold(0, |mask, k| mask | 3 << patterns::shift(k));
        for sq in 0..GRID {
            for (d, &step) in STEPS.iter().enumerate() {
                let mut key = 0;
                for k in (-(REACH as isize)..=REACH as isize).filter(|&k| k != 0) {
                    let at = sq as isize + k * step;
                    let v = if (0..GRID as isize).contains(&at) {
                        board.cells[at as usize] as u32
                    } else {
                        WALL
                    };
                    key |= v << patterns::shift(k as i32);
                }
                board.keys[sq][d] = key & within_reach;
                board.pats[sq][d] = board.tables.both(key);
            }
        }
        for (p, player) in game.occupied() {
            let sq = board.sq(game, p);
            board.place(sq, player);
        }
        for sq in 0..GRID {
            board.refresh(sq);
        }
        board.history.clear();
        board.trail = Trail::default();
        board.to_move = game.to_move();
        board.hash = if board.to_move == 1 { WHITE_TO_MOVE } else { 0 }
            ^ game
                .occupied()
                .map(|(p, c)| zobrist(c, board.sq(game, p)))
                .fold(0, |a, b| a ^ b);
        board
    }

    fn sq_of(x: usize, y: usize) -> Sq {
        (y + PAD) * STRIDE + x + PAD
    }

    /// The grid index of a game point.
    pub fn sq(&self, game: &Gomoku, p: Point) -> Sq {
        let (x, y) = game.coords(p);
        Self::sq_of(x as usize, y as usize)
    }

    /// The game point of a grid index.
    pub fn point(&self, sq: Sq) -> Point {
        let (x, y) = (sq % STRIDE - PAD, sq / STRIDE - PAD);
        (y * self.size + x) as Point
    }

    /// The board side.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The rule.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The colour to move (0 black, 1 white).
    pub fn to_move(&self) -> usize {
        self.to_move
    }

    /// The Zobrist hash of stones and side to move.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The number of stones on the board.
    pub fn stones(&self) -> usize {
        self.stones
    }

    /// The number of board points.
    pub fn points(&self) -> usize {
        self.size * self.size
    }

    /// Whether `sq` is an empty board point.
    #[inline]
    pub fn is_empty(&self, sq: Sq) -> bool {
        self.cells[sq] == 0
    }

    /// The stone at `sq`, if any.
    pub fn cell(&self, sq: Sq) -> Cell {
        match self.cells[sq] {
            1 => Cell::Stone(0),
            2 => Cell::Stone(1),
            _ => Cell::Empty,
        }
    }

    /// Whether a stone lies within two points of empty `sq`.
    #[inline]
    pub fn is_near(&self, sq: Sq) -> bool {
        self.near[sq] > 0
    }

    /// The pattern `colour` makes along direction `d` by playing at `sq`.
    #[inline]
    pub fn pattern(&self, sq: Sq, colour: usize, d: usize) -> Pattern {
        patterns::unpack(self.pats[sq][d], colour)
    }

    /// The four directions' patterns for `colour` at `sq`.
    #[inline]
    pub fn patterns(&self, sq: Sq, colour: usize) -> [Pattern; 4] {
        std::array::from_fn(|d| self.pattern(sq, colour, d))
    }

    /// How strong a move at empty `sq` is for `colour`, all lines together (nothing at a point
    /// forbidden to `colour`).
    #[inline]
    pub fn threat(&self, sq: Sq, colour: usize) -> Threat {
        self.assess(sq, colour).0.threat
    }

    /// The summed line values (`PATTERN_VALUE`) of a move at empty `sq` for `colour` (none at
    /// a point forbidden to `colour`).
    #[inline]
    pub fn value(&self, sq: Sq, colour: usize) -> i32 {
        self.assess(sq, colour).0.value
    }

    /// The threat and values of `colour`'s move at empty `sq`, and whether the point is
    /// forbidden to `colour` (black under renju), in which case the threat and values are
    /// nothing: the move cannot be made, so it threatens nothing and needs no answer.
    #[inline]
    pub fn assess(&self, sq: Sq, colour: usize) -> (Combo, bool) {
        let pats = self.pats[sq];
        if colour == 0 && self.rule == Rule::Renju && self.renju_forbidden(pats, sq) {
            return (Combo::NOTHING, true);
        }
        (self.combo(sq, colour), false)
    }

    /// Whether empty `sq` is forbidden to black (always false outside renju).
    #[inline]
    pub fn forbidden(&self, sq: Sq) -> bool {
        self.rule == Rule::Renju && self.cells[sq] == 0 && self.renju_forbidden(self.pats[sq], sq)
    }

    /// [`Board::forbidden_by`] kept out of line, so that the freestyle and standard paths of
    /// [`Board::assess`] stay as small as they were.
    #[cold]
    #[inline(never)]
    fn renju_forbidden(&self, pats: [u8; 4], sq: Sq) -> bool {
        self.forbidden_by(pats, sq)
    }

    /// Whether black may not play `sq`, whose line patterns are `pats`: the patterns rule
    /// most points out at once (a five, or fewer than two fours and threes and no overline);
    /// the rest get the full check of [`crate::renju`].
    fn forbidden_by(&self, pats: [u8; 4], sq: Sq) -> bool {
        use patterns::{BLOCK4, FIVE, FLEX3, FLEX4};
        let (mut fours, mut threes, mut suspect) = (0, 0, false);
        for both in pats {
            match patterns::unpack(both, 0) {
                FIVE => return false,
                FLEX4 => suspect = true, // two fours on one line look like an open four
                BLOCK4 => fours += 1,
                FLEX3 => threes += 1,
                _ => {}
            }
            suspect |= patterns::black_overline(both);
        }
        if !suspect && fours < 2 && threes < 2 {
            return false;
        }
        renju::Grid::new(&self.cells[..], STEPS)
            .forbidden(sq)
            .is_some()
    }

    /// Recomputes whether `sq` belongs to the [`Board::fours`] sets.
    #[inline]
    fn refresh(&mut self, sq: Sq) {
        let empty = self.cells[sq] == 0;
        for colour in 0..2 {
            let four = self.pats[sq]
                .iter()
                .any(|&both| patterns::unpack(both, colour) >= patterns::BLOCK4);
            set_bit(&mut self.fours[colour], sq, empty && four);
        }
    }

    /// Plays a stone of the side to move at empty `sq`.
    pub fn play(&mut self, sq: Sq) {
        let colour = self.to_move;
        self.place(sq, colour);
        self.hash ^= zobrist(colour, sq) ^ WHITE_TO_MOVE;
        self.to_move ^= 1;
    }

    /// Hands the move to the opponent without playing (a null move, for threat detection).
    pub fn pass(&mut self) {
        self.to_move ^= 1;
        self.hash ^= WHITE_TO_MOVE;
    }

    /// Takes back the last move.
    pub fn undo(&mut self) {
        let sq = self.history.pop().expect("a move to undo");
        self.to_move ^= 1;
        self.hash ^= zobrist(self.to_move, sq) ^ WHITE_TO_MOVE;
        self.cells[sq] = 0;
        self.stones -= 1;
        let mark = self.trail.marks.pop().expect("a move's trail");
        for (d, &step) in STEPS.iter().enumerate() {
            for k in 1..=self.tables.reach() as isize {
                self.keys[(sq as isize - k * step) as usize][d] &=
                    !(3 << patterns::shift(k as i32));
                self.keys[(sq as isize + k * step) as usize][d] &=
                    !(3 << patterns::shift(-k as i32));
            }
        }
        for (at, d, old) in self.trail.pats.drain(mark.pats..).rev() {
            self.pats[at as usize][d as usize] = old;
        }
        self.fours = mark.fours;
        self.worth = mark.worth;
        for dy in -2..=2isize {
            for dx in -2..=2isize {
                let at = (sq as isize + dy * STRIDE as isize + dx) as usize;
                self.near[at] -= 1;
                if self.near[at] == 0 {
                    set_bit(&mut self.candidates, at, false);
                }
            }
        }
        set_bit(&mut self.candidates, sq, self.near[sq] > 0);
    }

    fn place(&mut self, sq: Sq, colour: usize) {
        let v = colour as u32 + 1;
        self.trail.marks.push(Mark {
            pats: self.trail.pats.len(),
            fours: self.fours,
            worth: self.worth,
        });
        if self.is_candidate(sq) {
            self.count_worth(sq, -1);
        }
        self.cells[sq] = v as u8;
        set_bit(&mut self.candidates, sq, false);
        for fours in &mut self.fours {
            set_bit(fours, sq, false);
        }
        self.stones += 1;
        self.update_lines(sq, v);
        self.update_near(sq);
        self.history.push(sq);
    }

    /// Adds stone `v` (1 black, 2 white) at `sq` to the keys of the points within reach along
    /// its four lines (see [`Tables::reach`]), keeping the old patterns on the trail and the
    /// four sets up to date.
    fn update_lines(&mut self, sq: Sq, v: u32) {
        for (d, &step) in STEPS.iter().enumerate() {
            for k in 1..=self.tables.reach() as isize {
                // The point k steps behind sees `sq` at +k; the one k steps ahead, at -k.
                for (at, seen_at) in [
                    ((sq as isize - k * step) as usize, k),
                    ((sq as isize + k * step) as usize, -k),
                ] {
                    let key = &mut self.keys[at][d];
                    *key |= v << patterns::shift(seen_at as i32);
                    if self.cells[at] != 0 {
                        // A stone's (or wall's) patterns are read only once it is taken back,
                        // after every later stone: as they were when it was placed.
                        continue;
                    }
                    let (old, new) = (self.pats[at][d], self.tables.both(*key));
                    if new != old {
                        self.trail.pats.push((at as u16, d as u8, old));
                        self.repattern(at, d, old, new);
                    }
                }
            }
        }
    }

    /// Sets the patterns of empty `at` along direction `d` from `old` to `new`: for each colour
    /// whose pattern changes, its point's combination changes with it, and so does whether the
    /// point makes a four for it and, if it is a candidate, its share of the static value (a
    /// point that becomes a candidate with this move is counted by `update_near`).
    #[inline]
    fn repattern(&mut self, at: Sq, d: usize, old: u8, new: u8) {
        let counted = self.is_candidate(at);
        for colour in 0..2 {
            let now = patterns::unpack(new, colour);
            if patterns::unpack(old, colour) == now {
                continue;
            }
            let before = self.combo_index(at, colour);
            let after = before & !(7 << (3 * d)) | (now as usize) << (3 * d);
            let (was, is) = (&self.combos[before], &self.combos[after]);
            if counted {
                self.worth[colour][0] += is.as_mover - was.as_mover;
                self.worth[colour][1] += is.as_opponent - was.as_opponent;
            }
            set_bit(&mut self.fours[colour], at, is.threat >= FOUR);
        }
        self.pats[at][d] = new;
    }

    /// Counts the new stone at `sq` in its neighbours' `near`, and the empty points it makes
    /// candidates in `worth`.
    fn update_near(&mut self, sq: Sq) {
        for dy in -2..=2isize {
            for dx in -2..=2isize {
                let at = (sq as isize + dy * STRIDE as isize + dx) as usize;
                self.near[at] += 1;
                if self.near[at] == 1 && self.cells[at] == 0 {
                    set_bit(&mut self.candidates, at, true);
                    self.count_worth(at, 1);
                }
            }
        }
    }

    /// Whether `sq` is a candidate point: empty, with a stone within two points.
    #[inline]
    fn is_candidate(&self, sq: Sq) -> bool {
        self.cells[sq] == 0 && self.near[sq] > 0
    }

    /// Adds (`sign` 1) or takes away (-1) candidate `sq`'s shares of the static value, for
    /// both colours, to the running sums in `worth`.
    #[inline]
    fn count_worth(&mut self, sq: Sq, sign: i32) {
        for colour in 0..2 {
            let combo = self.combo(sq, colour);
            self.worth[colour][0] += sign * combo.as_mover;
            self.worth[colour][1] += sign * combo.as_opponent;
        }
    }

    /// What `colour`'s move at `sq` makes, whether or not the point is forbidden to it.
    #[inline]
    fn combo(&self, sq: Sq, colour: usize) -> Combo {
        self.combos[self.combo_index(sq, colour)]
    }

    /// The index in [`combinations`] of `colour`'s four line patterns at `sq`.
    #[inline]
    fn combo_index(&self, sq: Sq, colour: usize) -> usize {
        (0..4).fold(0, |index, d| {
            index | (patterns::unpack(self.pats[sq][d], colour) as usize) << (3 * d)
        })
    }

    /// The static value for the side to move, from the running sums: its candidates' shares as
    /// the mover less the opponent's shares as the opponent. Forbidden points count as any
    /// other, so under renju this is not the engine's evaluation (which gives black nothing
    /// at a point forbidden to it).
    #[inline]
    pub fn running_value(&self) -> i32 {
        let me = self.to_move;
        self.worth[me][0] - self.worth[1 - me][1]
    }

    /// Every empty board point with a stone within two points (the centre on an empty board).
    pub fn candidates(&self) -> impl Iterator<Item = Sq> + '_ {
        let centre = (self.stones == 0).then(|| Self::sq_of(self.size / 2, self.size / 2));
        centre.into_iter().chain(points_of(self.candidates))
    }

    /// The move played `back` moves ago (0 the last one), if there is one.
    pub fn recent(&self, back: usize) -> Option<Sq> {
        self.history
            .len()
            .checked_sub(back + 1)
            .map(|i| self.history[i])
    }

    /// The candidate points where `colour` makes at least a four, in grid order.
    pub fn fours(&self, colour: usize) -> impl Iterator<Item = Sq> + '_ {
        points_of(self.fours[colour])
    }

    /// The candidate points where either colour makes at least a four, in grid order.
    pub fn four_points(&self) -> impl Iterator<Item = Sq> + '_ {
        points_of(std::array::from_fn(|word| {
            self.fours[0][word] | self.fours[1][word]
        }))
    }

    /// Every empty board point.
    pub fn empties(&self, out: &mut Vec<Sq>) {
        out.clear();
        for y in 0..self.size {
            let row = Self::sq_of(0, y);
            out.extend((row..row + self.size).filter(|&sq| self.cells[sq] == 0));
        }
    }

    /// The empty points within five steps of `sq` along its four lines where `colour` makes at
    /// least `at_least` along that line.
    pub fn line_points(&self, sq: Sq, colour: usize, at_least: Pattern, out: &mut Vec<Sq>) {
        out.clear();
        for (d, &step) in STEPS.iter().enumerate() {
            for k in (-(REACH as isize)..=REACH as isize).filter(|&k| k != 0) {
                let at = (sq as isize + k * step) as usize;
                if self.cells[at] == 0 && self.pattern(at, colour, d) >= at_least {
                    out.push(at);
                }
            }
        }
        out.sort_unstable();
        out.dedup();
    }
}

/// Puts `sq` in the bitset `words` or takes it out.
#[inline]
fn set_bit(words: &mut [u64; WORDS], sq: Sq, on: bool) {
    let (word, bit) = (sq / 64, 1u64 << (sq % 64));
    if on {
        words[word] |= bit;
    } else {
        words[word] &= !bit;
    }
}

/// The points of a bitset over the grid, in grid order.
fn points_of(words: [u64; WORDS]) -> impl Iterator<Item = Sq> {
    words.into_iter().enumerate().flat_map(|(word, bits)| {
        let mut bits = bits;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let bit = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                word * 64 + bit
            })
        })
    })
}

/// Whether `a` and `b` lie on one line (a row, column or diagonal) at most four steps apart,
/// so that one five-point window may hold both.
pub fn aligned(a: Sq, b: Sq) -> bool {
    let dx = (a % STRIDE).abs_diff(b % STRIDE);
    let dy = (a / STRIDE).abs_diff(b / STRIDE);
    (dx == 0 || dy == 0 || dx == dy) && dx.max(dy) < REACH
}

/// A line pattern's value to its owner for move ordering, by [`Pattern`].
pub const PATTERN_VALUE: [i32; 8] = [0, 2, 8, 10, 40, 45, 300, 2000];

// The evaluation values below (the line values from a closed two to a closed four, and the
// point-class values after them) are fitted together (`tune fit --scored --fit both`, Texel's
// method, see [`super::tune`]) on positions Rapfi 0.43 scored, each searched by Rapfi
// (classical evaluation, 150 ms), its value v for the side to move taken as the expected
// result 1 / (1 + e^(-v/200)) (mates 0.98 / 0.02): 8,623 positions drawn from 1,396 games of
// our engine (self-play at 200-300 ms a move, and against Rapfi at 1 s), 6,190 from our 1 s
// games against Rapfi of sessions 32-36 and 4,259 from session 49's 1 s games; 8,734 quiet
// positions to fit, 969 held out, K = 0.002714:
//
//   scripts/gomoku/score_positions.py pbrain-rapfi RECORDS.jsonl... > scored.tsv
//   tune fit --scored crates/gomoku/tuning/rapfi-scored.tsv crates/gomoku/tuning/rapfi-scored-2.tsv \
//       crates/gomoku/tuning/rapfi-scored-3.tsv
//
// (`tune` is `cargo run --release -p tabula-gomoku --example tune --`.) The held-out loss fell
// from 0.58563 (the values fitted on the first file alone) to 0.57487 (0.57665
// fitting the lines alone, 0.57559 the classes alone). The open three's line value and the
// open three's classes cover nearly the same points, so the fit splits their weight freely
// (409 and -345 for the mover, say): only their sum means something. The open four's and the
// five's line values, which no quiet position holds, are the hand-set ones. Against Rapfi at
// 1 s a move (scripts/gomoku/yardstick.sh, 160 games from
// crates/gomoku/openings/balanced-170.txt, beside the values before, the two at once): 17.5 of
// 160 (10.9 %) against 14 (8.8 %), +2.2 points a game (95 % -2.6 to +7.0): no harm shown, no
// gain beyond the noise.
//
// The values before, fitted on the first file alone, beat the values fitted on self-play results
// 120-2-78 (60.5 %, +74 Elo [+26, +125]; 200 ms a move, 200 games from balanced-170.txt).
//
// Before, the line values were fitted on the results of 2,000 games of the engine at level 1
// against itself (held-out loss 0.548 -> 0.526, 52.7 % over 320 games against the hand-set
// values), and the class values on those and 800 level-2 games (0.533 -> 0.500; +91 Elo
// [+42, +143] against the version without classes).

/// The static evaluation's value of a line pattern the side to move makes at a candidate
/// point, by [`Pattern`] (fitted: see above).
pub const EVAL_MOVER: [i32; 8] = [0, 2, 35, 60, 409, -20, 450, 3000];

/// The static evaluation's value (subtracted) of a line pattern the opponent makes at a
/// candidate point, by [`Pattern`] (fitted: see above).
pub const EVAL_OPPONENT: [i32; 8] = [0, 4, 6, 10, -485, 233, 300, 2000];

/// What a stone at a point makes for one colour from its four lines together, for the
/// evaluation: a point's class, from [`QUIET_POINT`] up to [`WIN_POINT`] (see [`class_of`]).
/// Closed twos count for no class. A point's value to the evaluation is its lines' values plus its class's.
pub type Class = u8;
/// No open two, no three and no four.
pub const QUIET_POINT: Class = 0;
/// One open two and nothing stronger.
pub const TWO_POINT: Class = 1;
/// One closed three and nothing else: no open two, no other three, no four.
pub const BLOCK3_POINT: Class = 2;
/// Two or more open twos, and no three or four.
pub const TWO_TWO_POINT: Class = 3;
/// A closed three with another closed three or an open two (no open three, no four).
pub const BLOCK3_PLUS_POINT: Class = 4;
/// An open three with nothing else but closed twos.
pub const THREE_POINT: Class = 5;
/// An open three with a closed three or an open two.
pub const THREE_PLUS_POINT: Class = 6;
/// Two open threes.
pub const THREE_THREE_POINT: Class = 7;
/// A four with nothing else but closed twos.
pub const FOUR_POINT: Class = 8;
/// A four with a closed three or an open two (no open three).
pub const FOUR_PLUS_POINT: Class = 9;
/// A four and an open three.
pub const FOUR_THREE_POINT: Class = 10;
/// A winning point: a five, an open four or two fours (never in a quiet position).
pub const WIN_POINT: Class = 11;
/// The number of point classes.
pub const CLASSES: usize = 12;

/// The class of a point whose four lines make `p` for one colour (after Rapfi's "pattern4",
/// which sorts points by the same combinations).
pub fn class_of(p: [Pattern; 4]) -> Class {
    use patterns::{BLOCK3, BLOCK4, FIVE, FLEX2, FLEX3, FLEX4};
    let count = |q: Pattern| p.iter().filter(|&&x| x == q).count();
    let (fours, threes, block3s, twos) = (count(BLOCK4), count(FLEX3), count(BLOCK3), count(FLEX2));
    let helpers = block3s + twos;
    if count(FIVE) > 0 || count(FLEX4) > 0 || fours >= 2 {
        WIN_POINT
    } else if fours == 1 && threes > 0 {
        FOUR_THREE_POINT
    } else if fours == 1 && helpers > 0 {
        FOUR_PLUS_POINT
    } else if fours == 1 {
        FOUR_POINT
    } else if threes >= 2 {
        THREE_THREE_POINT
    } else if threes == 1 && helpers > 0 {
        THREE_PLUS_POINT
    } else if threes == 1 {
        THREE_POINT
    } else if block3s > 0 && helpers >= 2 {
        BLOCK3_PLUS_POINT
    } else if twos >= 2 {
        TWO_TWO_POINT
    } else if block3s > 0 {
        BLOCK3_POINT
    } else if twos == 1 {
        TWO_POINT
    } else {
        QUIET_POINT
    }
}

/// The static evaluation's value of a point's [`Class`] for the side to move (added to its
/// lines' [`EVAL_MOVER`]s; fitted: see above).
pub const EVAL_CLASS_MOVER: [i32; CLASSES] =
    [0, -25, -53, -47, -42, -345, -299, -550, 108, 211, 735, 0];

/// The static evaluation's value (subtracted) of a point's [`Class`] for the opponent (added
/// to its lines' [`EVAL_OPPONENT`]s; fitted: see above).
pub const EVAL_CLASS_OPPONENT: [i32; CLASSES] =
    [0, -5, 1, 6, 21, 526, 557, 1085, -169, -74, 795, 0];

/// What a move at a point makes for one colour, all four lines together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Combo {
    /// The combined threat.
    pub threat: Threat,
    /// The summed [`PATTERN_VALUE`]s, for move ordering.
    pub value: i32,
    /// The point's class for the evaluation.
    pub class: Class,
    /// The summed [`EVAL_MOVER`]s and the class's [`EVAL_CLASS_MOVER`]: the point's share
    /// of the static value when this colour is to move.
    pub as_mover: i32,
    /// The summed [`EVAL_OPPONENT`]s and the class's [`EVAL_CLASS_OPPONENT`]: the share
    /// (subtracted) when the other colour is to move.
    pub as_opponent: i32,
}

impl Combo {
    /// A point that gives nothing (a forbidden point).
    const NOTHING: Combo = Combo {
        threat: QUIET,
        value: 0,
        class: QUIET_POINT,
        as_mover: 0,
        as_opponent: 0,
    };
}

/// The [`Combo`] of every combination of four line patterns, indexed by the patterns packed
/// three bits each (direction 0 lowest).
fn combinations() -> &'static [Combo] {
    static TABLE: OnceLock<Vec<Combo>> = OnceLock::new();
    TABLE.get_or_init(|| {
        (0..1usize << 12)
            .map(|index| {
                let p: [Pattern; 4] = std::array::from_fn(|d| ((index >> (3 * d)) & 7) as Pattern);
                let sum = |values: &[i32; 8]| p.iter().map(|&q| values[q as usize]).sum::<i32>();
                let class = class_of(p);
                Combo {
                    threat: threat_of(p),
                    value: sum(&PATTERN_VALUE),
                    class,
                    as_mover: sum(&EVAL_MOVER) + EVAL_CLASS_MOVER[class as usize],
                    as_opponent: sum(&EVAL_OPPONENT) + EVAL_CLASS_OPPONENT[class as usize],
                }
            })
            .collect()
    })
}

/// Combines the four lines' patterns of one move into its [`Threat`].
pub fn threat_of(p: [Pattern; 4]) -> Threat {
    use patterns::{BLOCK4, FIVE, FLEX3, FLEX4};
    let (mut five, mut flex4, mut fours, mut threes) = (false, false, 0, 0);
    for q in p {
        match q {
            FIVE => five = true,
            FLEX4 => flex4 = true,
            BLOCK4 => fours += 1,
            FLEX3 => threes += 1,
            _ => {}
        }
    }
    if five {
        WIN
    } else if flex4 || fours >= 2 {
        WIN_FOUR
    } else if fours == 1 && threes > 0 {
        FOUR_THREE
    } else if fours == 1 {
        FOUR
    } else if threes >= 2 {
        THREE_THREE
    } else if threes == 1 {
        THREE
    } else {
        QUIET
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rule;
    use rand::seq::IndexedRandom;
    use rand::SeedableRng;
    use tabula_core::{Game, GameRng};

    /// Playing and undoing on one board keeps every candidate's patterns, threats and values
    /// equal to those of a board built afresh from the same position.
    #[test]
    fn incremental_updates_match_a_fresh_board() {
        let mut rng = GameRng::seed_from_u64(5);
        for (size, rule) in [
            (15, Rule::Freestyle),
            (9, Rule::Standard),
            (22, Rule::Freestyle),
            (11, Rule::Renju),
        ] {
            let start = Gomoku::new(size, rule).unwrap();
            let mut board = Board::new(&start);
            let mut game = start;
            let mut history = Vec::new();
            for step in 0..120 {
                let undo = !history.is_empty() && step % 5 == 4;
                if undo {
                    board.undo();
                    history.pop();
                    game = start;
                    for &p in &history {
                        game.play(p);
                    }
                } else {
                    let mut moves = Vec::new();
                    game.legal_moves(&mut moves);
                    let Some(&p) = moves.choose(&mut rng) else {
                        break;
                    };
                    board.play(board.sq(&game, p));
                    game.play(p);
                    history.push(p);
                    if game.is_over() {
                        break;
                    }
                }
                let fresh = Board::new(&game);
                assert_eq!(board.hash(), fresh.hash());
                for sq in fresh.candidates() {
                    for colour in 0..2 {
                        assert_eq!(board.patterns(sq, colour), fresh.patterns(sq, colour));
                        assert_eq!(board.threat(sq, colour), fresh.threat(sq, colour));
                        assert_eq!(board.value(sq, colour), fresh.value(sq, colour));
                    }
                }
                assert_eq!(
                    board.candidates().collect::<Vec<_>>(),
                    fresh.candidates().collect::<Vec<_>>()
                );
                for colour in 0..2 {
                    let fours: Vec<Sq> = fresh
                        .candidates()
                        .filter(|&sq| fresh.threat(sq, colour) >= FOUR)
                        .collect();
                    let kept: Vec<Sq> = board.fours(colour).collect();
                    assert_eq!(kept, fresh.fours(colour).collect::<Vec<_>>());
                    // Under renju the set also keeps black's forbidden fours.
                    let (allowed, forbidden): (Vec<Sq>, Vec<Sq>) = kept
                        .iter()
                        .partition(|&&sq| !(colour == 0 && fresh.forbidden(sq)));
                    assert_eq!(allowed, fours);
                    assert!(rule == Rule::Renju || forbidden.is_empty());
                }
                for sq in fresh.candidates() {
                    let p = fresh.point(sq);
                    assert_eq!(fresh.forbidden(sq), game.forbidden(p).is_some());
                }
                // The running static value is the sum over the candidates, bans ignored.
                let me = board.to_move();
                let summed: i32 = fresh
                    .candidates()
                    .map(|sq| {
                        let mine = board.combo(sq, me).as_mover;
                        let theirs = board.combo(sq, 1 - me).as_opponent;
                        mine - theirs
                    })
                    .sum();
                assert_eq!(board.running_value(), summed, "{size} {rule:?} step {step}");
                assert_eq!(fresh.running_value(), summed);
            }
        }
    }

    /// The classes of points by their four lines, weakest to strongest.
    #[test]
    fn classes_combine_the_four_lines() {
        use patterns::{BLOCK2, BLOCK3, BLOCK4, FIVE, FLEX2, FLEX3, FLEX4, NONE};
        for (p, class) in [
            ([NONE, BLOCK2, BLOCK2, NONE], QUIET_POINT),
            ([FLEX2, BLOCK2, NONE, NONE], TWO_POINT),
            ([BLOCK3, NONE, NONE, NONE], BLOCK3_POINT),
            ([FLEX2, NONE, FLEX2, FLEX2], TWO_TWO_POINT),
            ([BLOCK3, FLEX2, NONE, NONE], BLOCK3_PLUS_POINT),
            ([BLOCK3, BLOCK3, NONE, NONE], BLOCK3_PLUS_POINT),
            ([FLEX3, BLOCK2, NONE, NONE], THREE_POINT),
            ([FLEX3, NONE, BLOCK3, NONE], THREE_PLUS_POINT),
            ([FLEX3, FLEX3, FLEX2, NONE], THREE_THREE_POINT),
            ([NONE, BLOCK4, NONE, BLOCK2], FOUR_POINT),
            ([FLEX2, BLOCK4, NONE, NONE], FOUR_PLUS_POINT),
            ([FLEX3, BLOCK4, FLEX3, NONE], FOUR_THREE_POINT),
            ([BLOCK4, BLOCK4, NONE, NONE], WIN_POINT),
            ([FLEX4, NONE, NONE, NONE], WIN_POINT),
            ([FIVE, FLEX3, NONE, NONE], WIN_POINT),
        ] {
            assert_eq!(class_of(p), class, "{p:?}");
        }
    }
}
