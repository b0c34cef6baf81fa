//! Renju's forbidden points for black, by the definitions of the RIF rules:
//!
//! - a **five** is exactly five black stones in a row; a move that makes one is never
//!   forbidden, whatever else it makes;
//! - an **overline** is six or more in a row: forbidden;
//! - a **four** is a row that one more stone turns into a five; the move's fours are counted
//!   along each line through it (one line may hold two, as in `X.XXX.X` filled in the middle;
//!   a straight four `.XXXX.` is one four) and two or more are forbidden (**double four**);
//! - a **three** (a "true" or open three) is a row that one more stone turns into a straight
//!   four, where that stone is itself not forbidden — so the definition is recursive; two or
//!   more threes made at once, on different lines, are forbidden (**double three**). A line
//!   that holds a four is not also counted as a three.
//!
//! The check works on a padded grid (see [`Grid`]) that both [`crate::Gomoku`] and the engine's
//! board provide, so the rules and the engine share one definition.

use std::fmt;

/// Why a point is forbidden to black under renju.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Forbidden {
    /// Two or more open threes at once.
    DoubleThree,
    /// Two or more fours at once (possibly on one line).
    DoubleFour,
    /// Six or more in a row.
    Overline,
}

impl Forbidden {
    /// A short stable name (`double-three`, `double-four`, `overline`).
    pub fn name(self) -> &'static str {
        match self {
            Forbidden::DoubleThree => "double-three",
            Forbidden::DoubleFour => "double-four",
            Forbidden::Overline => "overline",
        }
    }
}

impl fmt::Display for Forbidden {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Forbidden::DoubleThree => "a double three",
            Forbidden::DoubleFour => "a double four",
            Forbidden::Overline => "an overline",
        })
    }
}

/// Cell values of a [`Grid`].
pub const EMPTY: u8 = 0;
/// A black stone.
pub const BLACK: u8 = 1;
/// Off the board.
pub const WALL: u8 = 3;

/// The points a line reaches on each side of a move that can matter to its fours and threes.
const REACH: isize = 4;

/// A board as a padded grid: `cells[i]` is 0 empty, 1 black, 2 white, 3 off the board, with at
/// least five off-board cells beyond every board point along every line, and `steps` the index
/// steps of the four line directions. Hypothetical black stones are laid on top while checking.
pub struct Grid<'a> {
    cells: &'a [u8],
    steps: [isize; 4],
    extra: Vec<usize>,
}

impl<'a> Grid<'a> {
    /// A view of `cells` with line steps `steps`.
    pub fn new(cells: &'a [u8], steps: [isize; 4]) -> Grid<'a> {
        Grid {
            cells,
            steps,
            extra: Vec::new(),
        }
    }

    #[inline]
    fn at(&self, sq: usize) -> u8 {
        if self.extra.contains(&sq) {
            BLACK
        } else {
            self.cells[sq]
        }
    }

    #[inline]
    fn offset(sq: usize, step: isize, k: isize) -> usize {
        (sq as isize + k * step) as usize
    }

    /// The black run through `sq` (black or hypothetically black) along `step`: how many
    /// stones it holds and how far it reaches backwards and forwards.
    fn run(&self, sq: usize, step: isize) -> (isize, isize) {
        let mut back = 0;
        while self.at(Self::offset(sq, step, -(back + 1))) == BLACK {
            back += 1;
        }
        let mut forward = 0;
        while self.at(Self::offset(sq, step, forward + 1)) == BLACK {
            forward += 1;
        }
        (back, forward)
    }

    /// The points along `step`, within reach of `sq` (a black stone), that make an exact five
    /// whose run includes `sq`, as signed distances from `sq`, nearest the back first.
    fn completions(&self, sq: usize, step: isize) -> Vec<isize> {
        let mut out = Vec::new();
        for k in (-REACH..=REACH).filter(|&k| k != 0) {
            let q = Self::offset(sq, step, k);
            if self.at(q) != EMPTY {
                continue;
            }
            // The run through q contains sq only if every point between them is black.
            let between = if k < 0 { k + 1..0 } else { 1..k };
            if between
                .clone()
                .any(|j| self.at(Self::offset(sq, step, j)) != BLACK)
            {
                continue;
            }
            let (back, forward) = self.run(q, step);
            if back + forward + 1 == 5 {
                out.push(k);
            }
        }
        out
    }

    /// How many fours through black `sq` lie along `step`.
    fn fours(&self, sq: usize, step: isize) -> usize {
        let ends = self.completions(sq, step);
        match ends[..] {
            // A straight four: the two ends of one run of four.
            [a, b] if b - a == 5 => 1,
            _ => ends.len(),
        }
    }

    /// Whether the stones through black `sq` along `step` make a straight four (two ends that
    /// each complete an exact five, five points apart).
    fn straight_four(&self, sq: usize, step: isize) -> bool {
        matches!(self.completions(sq, step)[..], [a, b] if b - a == 5)
    }

    /// Whether black `sq` makes a true three along `step`: some empty point on the line makes a
    /// straight four through `sq` there, and is itself not forbidden.
    fn three(&mut self, sq: usize, step: isize) -> bool {
        for k in (-REACH..=REACH).filter(|&k| k != 0) {
            let q = Self::offset(sq, step, k);
            if self.at(q) != EMPTY {
                continue;
            }
            self.extra.push(q);
            let straight = self.straight_four(sq, step);
            self.extra.pop();
            if straight && self.check(q).is_none() {
                return true;
            }
        }
        false
    }

    /// Whether black playing empty `sq` is forbidden, and why.
    pub fn forbidden(&mut self, sq: usize) -> Option<Forbidden> {
        if self.at(sq) != EMPTY || !self.crowded(sq) {
            return None;
        }
        self.check(sq)
    }

    /// Whether enough black stones lie near `sq` for it to be forbidden at all: two threes or
    /// fours need two lines with two other stones each within four points, two fours on one
    /// line four stones on it, an overline five within five points. Most points fail this
    /// count and need no closer look.
    fn crowded(&self, sq: usize) -> bool {
        let mut busy_lines = 0;
        for step in self.steps {
            let (mut near, mut far) = (0, 0);
            for k in (-5..=5isize).filter(|&k| k != 0) {
                if self.at(Self::offset(sq, step, k)) == BLACK {
                    far += 1;
                    near += (k.abs() <= REACH) as usize;
                }
            }
            if far >= 4 {
                return true;
            }
            busy_lines += (near >= 2) as usize;
        }
        busy_lines >= 2
    }

    fn check(&mut self, sq: usize) -> Option<Forbidden> {
        self.extra.push(sq);
        let verdict = self.verdict(sq);
        self.extra.pop();
        verdict
    }

    /// The verdict on `sq` with its black stone laid.
    fn verdict(&mut self, sq: usize) -> Option<Forbidden> {
        let mut overline = false;
        for step in self.steps {
            let (back, forward) = self.run(sq, step);
            match back + forward + 1 {
                5 => return None,
                6.. => overline = true,
                _ => {}
            }
        }
        if overline {
            return Some(Forbidden::Overline);
        }
        let fours: [usize; 4] = std::array::from_fn(|d| self.fours(sq, self.steps[d]));
        if fours.iter().sum::<usize>() >= 2 {
            return Some(Forbidden::DoubleFour);
        }
        let mut threes = 0;
        for (step, fours) in self.steps.into_iter().zip(fours) {
            if fours == 0 && self.three(sq, step) {
                threes += 1;
                if threes == 2 {
                    return Some(Forbidden::DoubleThree);
                }
            }
        }
        None
    }
}
