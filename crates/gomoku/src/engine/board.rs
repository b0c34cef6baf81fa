//! The engine's board: a padded grid with, for every point and direction, the key of its
//! line neighbourhood (see [`super::patterns`]). Playing a stone updates only the keys of the
//! points within five steps along the four lines through it; undoing clears them again.

use crate::rules::{Cell, Gomoku, Point};

use super::patterns::{self, Pattern, Tables, REACH, WALL};

/// Row length of the padded grid.
pub const STRIDE: usize = 32;
/// Border width: wide enough that every neighbour within [`REACH`] of a board point exists.
const PAD: usize = REACH;
/// Points in the padded grid.
pub const GRID: usize = STRIDE * STRIDE;
/// Index steps of the four directions: horizontal, vertical, and the two diagonals.
pub const STEPS: [isize; 4] = [1, STRIDE as isize, STRIDE as isize + 1, STRIDE as isize - 1];

/// A grid index.
pub type Sq = usize;

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
    tables: &'static Tables,
    /// 0 empty, 1 black, 2 white, 3 off the board.
    cells: Box<[u8; GRID]>,
    keys: Box<[[u32; 4]; GRID]>,
    /// Stones within two points (king's distance), for candidate moves.
    near: Box<[u8; GRID]>,
    stones: usize,
    to_move: usize,
    hash: u64,
    history: Vec<Sq>,
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
            tables: Tables::get(game.rule()),
            cells: Box::new([WALL as u8; GRID]),
            keys: Box::new([[0; 4]; GRID]),
            near: Box::new([0; GRID]),
            stones: 0,
            to_move: 0,
            hash: 0,
            history: Vec::new(),
        };
        for y in 0..size {
            for x in 0..size {
                board.cells[Self::sq_of(x, y)] = 0;
            }
        }
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
                board.keys[sq][d] = key;
            }
        }
        for (p, player) in game.occupied() {
            let sq = board.sq(game, p);
            board.place(sq, player);
        }
        board.history.clear();
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
        self.tables.pattern(colour, self.keys[sq][d])
    }

    /// The four directions' patterns for `colour` at `sq`.
    #[inline]
    pub fn patterns(&self, sq: Sq, colour: usize) -> [Pattern; 4] {
        std::array::from_fn(|d| self.pattern(sq, colour, d))
    }

    /// How strong a move at empty `sq` is for `colour`, all lines together.
    pub fn threat(&self, sq: Sq, colour: usize) -> Threat {
        threat_of(self.patterns(sq, colour))
    }

    /// Plays a stone of the side to move at empty `sq`.
    pub fn play(&mut self, sq: Sq) {
        let colour = self.to_move;
        self.place(sq, colour);
        self.hash ^= zobrist(colour, sq) ^ WHITE_TO_MOVE;
        self.to_move ^= 1;
    }

    /// Takes back the last move.
    pub fn undo(&mut self) {
        let sq = self.history.pop().expect("a move to undo");
        self.to_move ^= 1;
        self.hash ^= zobrist(self.to_move, sq) ^ WHITE_TO_MOVE;
        self.cells[sq] = 0;
        self.stones -= 1;
        self.update_lines(sq, |key, bits| *key &= !(3 << bits));
        self.update_near(sq, false);
    }

    fn place(&mut self, sq: Sq, colour: usize) {
        let v = colour as u32 + 1;
        self.cells[sq] = v as u8;
        self.stones += 1;
        self.update_lines(sq, |key, bits| *key |= v << bits);
        self.update_near(sq, true);
        self.history.push(sq);
    }

    fn update_lines(&mut self, sq: Sq, apply: impl Fn(&mut u32, u32)) {
        for (d, &step) in STEPS.iter().enumerate() {
            for k in 1..=REACH as isize {
                // The point k steps behind sees `sq` at +k; the one k steps ahead, at -k.
                apply(
                    &mut self.keys[(sq as isize - k * step) as usize][d],
                    patterns::shift(k as i32),
                );
                apply(
                    &mut self.keys[(sq as isize + k * step) as usize][d],
                    patterns::shift(-k as i32),
                );
            }
        }
    }

    fn update_near(&mut self, sq: Sq, add: bool) {
        for dy in -2..=2isize {
            for dx in -2..=2isize {
                let at = (sq as isize + dy * STRIDE as isize + dx) as usize;
                if add {
                    self.near[at] += 1;
                } else {
                    self.near[at] -= 1;
                }
            }
        }
    }

    /// Every empty board point with a stone within two points (the centre on an empty board).
    pub fn candidates(&self, out: &mut Vec<Sq>) {
        out.clear();
        if self.stones == 0 {
            let c = self.size / 2;
            out.push(Self::sq_of(c, c));
            return;
        }
        for y in 0..self.size {
            let row = Self::sq_of(0, y);
            for sq in row..row + self.size {
                if self.cells[sq] == 0 && self.near[sq] > 0 {
                    out.push(sq);
                }
            }
        }
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

/// Combines the four lines' patterns of one move into its [`Threat`].
pub fn threat_of(p: [Pattern; 4]) -> Threat {
    use patterns::{BLOCK4, FIVE, FLEX3, FLEX4};
    let count = |x: Pattern| p.iter().filter(|&&q| q == x).count();
    let fours = count(BLOCK4);
    let threes = count(FLEX3);
    if count(FIVE) > 0 {
        WIN
    } else if count(FLEX4) > 0 || fours >= 2 {
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
