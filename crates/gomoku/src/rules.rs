//! The rules of gomoku: the board, whose turn it is, what wins.
//!
//! A point is indexed `y * size + x`, with `x` the column from the left and `y` the row from the
//! **top** (the order of board strings, of OpenSpiel's actions and of the Gomocup protocol).
//! Notation (`h8`) counts rows from the bottom; see [`crate::notation`].

use std::fmt;

use tabula_core::{game_over, Game, Outcome, ParseError, Player, Reason, Turn};

use crate::notation;
use crate::renju::{self, Forbidden};

/// The smallest board side supported.
pub const MIN_SIZE: usize = 5;
/// The largest board side supported.
pub const MAX_SIZE: usize = 22;
/// The default board side.
pub const DEFAULT_SIZE: usize = 15;
/// Cells in the largest board.
const MAX_CELLS: usize = MAX_SIZE * MAX_SIZE;

/// A point on the board: `y * size + x`, `y` counted from the top.
pub type Point = u16;

/// The four line directions as `(dx, dy)`: horizontal, vertical and both diagonals.
pub const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// Which rows of stones win, and which points black may not play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Five or more in a row wins.
    #[default]
    Freestyle,
    /// Exactly five in a row wins; an overline (six or more) does not.
    Standard,
    /// Renju: black wins only with exactly five and may not play a forbidden point (a double
    /// three, a double four or an overline; see [`crate::renju`]); white wins with five or more
    /// and has no restrictions.
    Renju,
}

impl Rule {
    /// The rule's name in position strings and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
        }
    }

    /// The rule called `name`, if any.
    pub fn from_name(name: &str) -> Option<Rule> {
        match name.to_ascii_lowercase().as_str() {
            "freestyle" => Some(Rule::Freestyle),
            "standard" => Some(Rule::Standard),
            "renju" => Some(Rule::Renju),
            _ => None,
        }
    }

    /// Every rule, in the order front ends list them.
    pub const ALL: [Rule; 3] = [Rule::Freestyle, Rule::Standard, Rule::Renju];

    /// Whether a run of `length` stones of `player` (0 black, 1 white) wins under this rule.
    pub fn wins(self, player: Player, length: usize) -> bool {
        match (self, player) {
            (Rule::Freestyle, _) | (Rule::Renju, 1) => length >= 5,
            (Rule::Standard, _) | (Rule::Renju, _) => length == 5,
        }
    }
}

/// What occupies a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// Nothing.
    Empty,
    /// A stone of this player (0 = black, 1 = white).
    Stone(Player),
}

/// Row length of the padded grid the renju check reads: the largest board and five walls on
/// each side.
const PADDED_STRIDE: usize = MAX_SIZE + 10;
/// Index steps of the four [`DIRECTIONS`] in the padded grid.
const PADDED_STEPS: [isize; 4] = [
    1,
    PADDED_STRIDE as isize,
    PADDED_STRIDE as isize + 1,
    1 - PADDED_STRIDE as isize,
];

/// The padded-grid index of point `p` of `game`.
fn padded(game: &Gomoku, p: Point) -> usize {
    let (x, y) = game.coords(p);
    (y as usize + 5) * PADDED_STRIDE + x as usize + 5
}

/// A gomoku position: board size, rule, stones, side to move and result.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Gomoku {
    size: u8,
    rule: Rule,
    /// 0 empty, 1 black, 2 white; only the first `size * size` entries are used.
    cells: [u8; MAX_CELLS],
    to_move: u8,
    stones: u16,
    result: Option<Outcome>,
}

impl fmt::Debug for Gomoku {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Gomoku({})", self.position_string())
    }
}

impl Gomoku {
    /// An empty board of `size` × `size` under `rule`, black to move.
    pub fn new(size: usize, rule: Rule) -> Result<Gomoku, ParseError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(ParseError::new(format!(
                "board size {size} is not supported (from {MIN_SIZE} to {MAX_SIZE})"
            )));
        }
        Ok(Gomoku {
            size: size as u8,
            rule,
            cells: [0; MAX_CELLS],
            to_move: 0,
            stones: 0,
            result: None,
        })
    }

    /// The board side.
    pub fn size(&self) -> usize {
        self.size as usize
    }

    /// The rule.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The number of points.
    pub fn points(&self) -> usize {
        self.size() * self.size()
    }

    /// The number of stones on the board.
    pub fn stones(&self) -> usize {
        self.stones as usize
    }

    /// The player to move (also once the game is over: who would move next).
    pub fn to_move(&self) -> Player {
        self.to_move as Player
    }

    /// The point at column `x` and row `y` from the top, if on the board.
    pub fn point(&self, x: i32, y: i32) -> Option<Point> {
        let n = self.size() as i32;
        ((0..n).contains(&x) && (0..n).contains(&y)).then(|| (y * n + x) as Point)
    }

    /// The column and row (from the top) of `p`.
    pub fn coords(&self, p: Point) -> (i32, i32) {
        let n = self.size() as i32;
        (p as i32 % n, p as i32 / n)
    }

    /// What occupies `p`.
    pub fn cell(&self, p: Point) -> Cell {
        match self.cells[p as usize] {
            0 => Cell::Empty,
            c => Cell::Stone(c as Player - 1),
        }
    }

    /// The position with these stones and `to_move` to move, under `rule` on a `size` board;
    /// the result is worked out from the stones. Fails on an unsupported size, a point off the
    /// board or given twice, or winning rows of both colours.
    pub fn from_stones(
        size: usize,
        rule: Rule,
        stones: &[(Point, Player)],
        to_move: Player,
    ) -> Result<Gomoku, ParseError> {
        let mut game = Gomoku::new(size, rule)?;
        for &(p, player) in stones {
            if p as usize >= game.points() || player > 1 {
                return Err(ParseError::new(format!("no point {p} for player {player}")));
            }
            if !game.put(p, player) {
                return Err(ParseError::new(format!(
                    "point {} is given twice",
                    game.move_string(p)
                )));
            }
        }
        game.settle(to_move)?;
        Ok(game)
    }

    /// Places a stone of `player` at `p` without changing the side to move or the result:
    /// for building positions. Returns whether `p` was empty.
    pub(crate) fn put(&mut self, p: Point, player: Player) -> bool {
        let slot = &mut self.cells[p as usize];
        if *slot != 0 {
            return false;
        }
        *slot = player as u8 + 1;
        self.stones += 1;
        true
    }

    /// Sets the side to move and recomputes the result from the board: a winning row of either
    /// colour ends the game (an error if both have one), a full board draws (and so does a
    /// renju board where black is to move and every empty point is forbidden).
    pub(crate) fn settle(&mut self, to_move: Player) -> Result<(), ParseError> {
        self.to_move = to_move as u8;
        let winners: Vec<Player> = (0..2).filter(|&p| self.has_winning_row(p)).collect();
        self.result = match winners[..] {
            [] if self.stones() == self.points() || self.black_stuck() => Some(Outcome::Draw),
            [] => None,
            [winner] => Some(Outcome::Win(winner)),
            _ => return Err(ParseError::new("both colours have a winning row")),
        };
        Ok(())
    }

    /// Whether `player` has a winning row on the board.
    fn has_winning_row(&self, player: Player) -> bool {
        self.occupied()
            .any(|(p, owner)| owner == player && self.winning_line_at(p).is_some())
    }

    /// Checks that some game from the empty board reaches this position, with the reason where
    /// none does. Black moves first and the sides alternate, so black has as many stones as
    /// white (and is to move) or one more (and white is to move). Play stops at the first
    /// winning row, so a winner moved last (the other side is to move) and one of its stones —
    /// the last played — completes every winning row on the board (two separate fives, or
    /// stones added after a five, are impossible). Every position a move list reaches passes;
    /// [`crate::notation::parse_position`] checks board strings with it.
    pub fn check_reachable(&self) -> Result<(), ParseError> {
        let count = |player| self.occupied().filter(|&(_, p)| p == player).count();
        let (black, white) = (count(0), count(1));
        let name = <Gomoku as Game>::player_name;
        let stones = format!("black has {black} stones and white {white}");
        let to_move = match black.checked_sub(white) {
            Some(0) => 0,
            Some(1) => 1,
            _ => {
                return Err(ParseError::new(format!(
                    "{stones}: black moves first and the sides alternate, so black has as \
                     many stones as white or one more"
                )))
            }
        };
        if self.to_move() != to_move {
            return Err(ParseError::new(format!(
                "{stones}, so {} is to move, not {}",
                name(to_move),
                name(self.to_move())
            )));
        }
        if let Some(Outcome::Win(winner)) = self.result {
            if winner == to_move {
                return Err(ParseError::new(format!(
                    "{} has a winning row, yet {} moved last ({stones}): the game ended when \
                     {} made the row",
                    name(winner),
                    name(1 - to_move),
                    name(winner)
                )));
            }
            let last_completes_all = self.occupied().any(|(p, owner)| {
                if owner != winner || self.winning_line_at(p).is_none() {
                    return false;
                }
                let mut before = *self;
                before.cells[p as usize] = 0;
                !before.has_winning_row(winner)
            });
            if !last_completes_all {
                return Err(ParseError::new(format!(
                    "{} has winning rows that no one last stone made (two separate rows, or \
                     stones played after a win): the game ended at the first",
                    name(winner)
                )));
            }
        }
        Ok(())
    }

    /// The length of the run of `p`'s colour through `p` in direction `(dx, dy)`, with its first
    /// point (the end reached by stepping backwards).
    fn run(&self, p: Point, (dx, dy): (i32, i32)) -> (usize, Point) {
        let colour = self.cells[p as usize];
        let (x, y) = self.coords(p);
        let same = |k: i32| {
            self.point(x + k * dx, y + k * dy)
                .filter(|&q| self.cells[q as usize] == colour)
        };
        let mut back = 0;
        while same(-(back + 1)).is_some() {
            back += 1;
        }
        let mut forward = 0;
        while same(forward + 1).is_some() {
            forward += 1;
        }
        let start = self
            .point(x - back * dx, y - back * dy)
            .expect("the run's end is on the board");
        ((back + forward + 1) as usize, start)
    }

    /// The winning row through the stone at `p`, if it makes one under the rule: its points in
    /// order.
    pub fn winning_line_at(&self, p: Point) -> Option<Vec<Point>> {
        if self.cells[p as usize] == 0 {
            return None;
        }
        let player = self.cells[p as usize] as Player - 1;
        DIRECTIONS.iter().find_map(|&(dx, dy)| {
            let (length, start) = self.run(p, (dx, dy));
            self.rule.wins(player, length).then(|| {
                let (x, y) = self.coords(start);
                (0..length as i32)
                    .filter_map(|k| self.point(x + k * dx, y + k * dy))
                    .collect()
            })
        })
    }

    /// The winning row on the board once someone has won.
    pub fn winning_line(&self) -> Option<Vec<Point>> {
        let Some(Outcome::Win(winner)) = self.result else {
            return None;
        };
        (0..self.points() as Point)
            .filter(|&p| self.cell(p) == Cell::Stone(winner))
            .find_map(|p| self.winning_line_at(p))
    }

    /// Why black may not play empty point `p` under renju, if it is forbidden: black's status
    /// of the point whichever side is to move. Always `None` under the other rules and for
    /// occupied or off-board points.
    pub fn forbidden(&self, p: Point) -> Option<Forbidden> {
        if self.rule != Rule::Renju || p as usize >= self.points() {
            return None;
        }
        let grid = self.padded_grid();
        renju::Grid::new(&grid, PADDED_STEPS).forbidden(padded(self, p))
    }

    /// Every point black may not play under renju, with the reason, in point order (empty
    /// under the other rules).
    pub fn forbidden_points(&self) -> Vec<(Point, Forbidden)> {
        if self.rule != Rule::Renju {
            return Vec::new();
        }
        let grid = self.padded_grid();
        let mut view = renju::Grid::new(&grid, PADDED_STEPS);
        (0..self.points() as Point)
            .filter(|&p| self.cells[p as usize] == 0)
            .filter_map(|p| view.forbidden(padded(self, p)).map(|why| (p, why)))
            .collect()
    }

    /// Whether the side to move is black under renju, so that forbidden points are illegal.
    fn black_restricted(&self) -> bool {
        self.rule == Rule::Renju && self.to_move == 0
    }

    /// Whether black is to move under renju and every empty point is forbidden: the game is
    /// then drawn, as a full board is.
    fn black_stuck(&self) -> bool {
        if !self.black_restricted() {
            return false;
        }
        let grid = self.padded_grid();
        let mut view = renju::Grid::new(&grid, PADDED_STEPS);
        (0..self.points() as Point)
            .filter(|&p| self.cells[p as usize] == 0)
            .all(|p| view.forbidden(padded(self, p)).is_some())
    }

    /// The board as a [`renju::Grid`] wants it: [`PADDED_STRIDE`] wide, five walls around.
    fn padded_grid(&self) -> [u8; PADDED_STRIDE * PADDED_STRIDE] {
        let mut grid = [renju::WALL; PADDED_STRIDE * PADDED_STRIDE];
        for p in 0..self.points() as Point {
            grid[padded(self, p)] = self.cells[p as usize];
        }
        grid
    }

    /// Every stone with its colour, in point order.
    pub fn occupied(&self) -> impl Iterator<Item = (Point, Player)> + '_ {
        (0..self.points() as Point).filter_map(|p| match self.cell(p) {
            Cell::Stone(player) => Some((p, player)),
            Cell::Empty => None,
        })
    }
}

impl Game for Gomoku {
    type Move = Point;

    const NAME: &'static str = "gomoku";
    const PLAYERS: usize = 2;

    fn initial() -> Self {
        Gomoku::new(DEFAULT_SIZE, Rule::Freestyle).expect("the default size is supported")
    }

    fn turn(&self) -> Turn {
        match self.result {
            Some(outcome) => Turn::Over(outcome),
            None => Turn::Player(self.to_move()),
        }
    }

    fn legal_moves(&self, moves: &mut Vec<Point>) {
        if self.result.is_none() {
            let empty = (0..self.points() as Point).filter(|&p| self.cells[p as usize] == 0);
            if self.black_restricted() {
                let grid = self.padded_grid();
                let mut view = renju::Grid::new(&grid, PADDED_STEPS);
                moves.extend(empty.filter(|&p| view.forbidden(padded(self, p)).is_none()));
            } else {
                moves.extend(empty);
            }
        }
    }

    fn chance_outcomes(&self, _outcomes: &mut Vec<(Point, f64)>) {}

    fn play(&mut self, mv: Point) {
        let player = self.to_move();
        self.put(mv, player);
        self.to_move ^= 1;
        if self.winning_line_at(mv).is_some() {
            self.result = Some(Outcome::Win(player));
        } else if self.stones() == self.points() || self.black_stuck() {
            self.result = Some(Outcome::Draw);
        }
    }

    fn is_legal(&self, mv: Point) -> bool {
        self.result.is_none()
            && (mv as usize) < self.points()
            && self.cells[mv as usize] == 0
            && !(self.black_restricted() && self.forbidden(mv).is_some())
    }

    fn illegal_reason(&self, mv: Point) -> Reason {
        if self.result.is_some() {
            game_over()
        } else if mv as usize >= self.points() {
            Reason::new("reason-gomoku-off-board", "off the board")
        } else if self.cells[mv as usize] != 0 {
            Reason::new("reason-gomoku-occupied", "the point is occupied")
        } else if let Some(why) = self.forbidden(mv).filter(|_| self.black_restricted()) {
            let id = match why {
                Forbidden::DoubleThree => "reason-gomoku-double-three",
                Forbidden::DoubleFour => "reason-gomoku-double-four",
                Forbidden::Overline => "reason-gomoku-overline",
            };
            Reason::new(id, format!("forbidden to black under renju: {why}"))
        } else {
            Reason::new("reason-gomoku-legal", "the move is legal")
        }
    }

    fn parse_move(&self, text: &str) -> Result<Point, ParseError> {
        notation::parse_point(self.size(), text)
    }

    fn move_string(&self, mv: Point) -> String {
        notation::point_string(self.size(), mv)
    }

    fn parse_position(text: &str) -> Result<Self, ParseError> {
        notation::parse_position(text)
    }

    fn position_string(&self) -> String {
        notation::position_string(self)
    }

    fn player_name(player: Player) -> &'static str {
        match player {
            0 => "black",
            _ => "white",
        }
    }
}
