//! An n-tuple network: the value of a 2048 afterstate (the board after a slide, before the new
//! tile) as a sum of table look-ups, learnt by temporal-difference learning
//! ([`train`]) and stored in a file of our own ([`file`](mod@file)).
//!
//! Each tuple is a list of cells; the exponents on those cells (4 bits each, 0 empty to 15 the
//! tile 32768, the same saturation as [`Board`]) index its table of `16^len` weights. Every
//! tuple is read on all 8 symmetric images of the board (rotations and reflections), which
//! share the table, so a network of `t` tuples sums `8 t` weights.
//!
//! A network may also have **stages** (Wu et al. 2014, Jaśkowski 2016: multi-stage weights):
//! each stage has tables of its own, and a board is valued by the tables of the stage its
//! largest tile, or its largest two, put it in ([`stages`](mod@stages)). A good player's boards
//! look alike in every phase (a monotone chain of tiles in a corner) while what such a board is
//! worth differs greatly between building 8192 and building 32768; stages let one network learn
//! both. [`Network::restaged`] gives a network more stages, each new one starting as a copy of
//! the stage it is carved from, so that training goes on from what it knew.
//!
//! The search may value the boards of the late game, which training rarely reaches, as the
//! boards one tile smaller that it reaches in every game ([`downgrade`](mod@downgrade)).
//!
//! [`STANDARD_SHAPES`] are the four 6-tuples of Yeh et al. (2016), also used by Jaśkowski and
//! by Guei et al.: two 2×3 rectangles and two "three and three" shapes, placed on the edge row
//! and on the row inside it. With the symmetries they see every corner, edge and inner row,
//! and 6 cells are enough to hold a corner's monotone chain of large tiles with its neighbours;
//! the cost is memory, `4 × 16^6` weights of 4 bytes (268 MB). Smaller shapes fit in tests.
//!
//! # A first training run and its strength
//!
//! On the shared 2-core machine under heavy load (load average 5 to 10, `nice -n 5`):
//! `tabula train 2048 --games 100000000 --out 2048-ntuple.bin --seed 2026 --save-every 180`,
//! stopped once and continued with `--resume` (seed 2026 + 9,675), and stopped for good after
//! 63,403 games (about 40 minutes, 20,000 to 57,000 moves/s). Its last 1,000 training games
//! (one slide deep): mean score 53,598, 2048 in 86.2 %, 8192 in 3.8 %.
//!
//! With that network, seeds 1 to 30 (release, same load):
//!
//! - `ntuple:depth=3`: 0.15 ms/move; 2048 96.7 %, 8192 50.0 %, 16384 none; median 104,592.
//! - `ntuple:depth=5`: 2.1 ms/move; 2048 100 %, 4096 96.7 %, 8192 66.7 %, 16384 none; median
//!   126,458. The heuristic at the same time, `expectimax:depth=7`: 2.0 ms/move; 100 %,
//!   100 %, 60.0 %, 16384 6.7 %; median 120,882.
//! - Seeds 1 to 4 only: `ntuple:time=10` 3.9 ms/move (depth 7 costs about 40 ms/move, so the
//!   budget stops at 5): 8192 in all 4, 16384 in none, median 164,706; `expectimax:depth=9`
//!   12.9 ms/move: 8192 in all 4, 16384 in 1, median 177,624.
//!
//! The published networks that reach 32768 with search were trained for millions of games
//! (optimistic TD for 200 million); this one had seen 63 thousand. docs/2048-strength.md
//! has the networks since and how the best was made: temporal coherence
//! ([`coherence`](mod@coherence)) with restarts from late boards ([`train::Restarts`]) on two
//! threads, 602,447 games in 75 minutes, 16384 in 83 % of games at 4.7 ms a move.

pub mod coherence;
pub mod downgrade;
pub mod file;
pub mod stages;
mod table;
pub mod train;

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use crate::board::Board;
use stages::Boundary;
use table::Table;

/// How many values a cell takes in a table: the exponents 0 to 15.
pub const CELL_VALUES: usize = 16;

/// The longest tuple accepted (16^6 weights a table).
pub const MAX_TUPLE_LEN: usize = 6;

/// The most tuples accepted in one network.
pub const MAX_TUPLES: usize = 16;

/// The number of symmetric images each tuple is read on.
pub const SYMMETRIES: usize = 8;

/// The four 6-tuples of the literature (cells numbered `4 * row + column` from the top left).
pub const STANDARD_SHAPES: [[u8; 6]; 4] = [
    [0, 1, 2, 3, 4, 5],
    [4, 5, 6, 7, 8, 9],
    [0, 1, 2, 4, 5, 6],
    [4, 5, 6, 8, 9, 10],
];

/// The standard shapes as the lists [`Network::new`] takes.
pub fn standard_shapes() -> Vec<Vec<u8>> {
    STANDARD_SHAPES.iter().map(|s| s.to_vec()).collect()
}

/// Checks a list of tuple shapes: 1 to [`MAX_TUPLES`] tuples, each of 1 to
/// [`MAX_TUPLE_LEN`] distinct cells from 0 to 15. The error says what is wrong.
pub fn check_shapes(shapes: &[Vec<u8>]) -> Result<(), String> {
    if shapes.is_empty() || shapes.len() > MAX_TUPLES {
        return Err(format!(
            "{} tuples; a network has 1 to {MAX_TUPLES}",
            shapes.len()
        ));
    }
    for (i, shape) in shapes.iter().enumerate() {
        if shape.is_empty() || shape.len() > MAX_TUPLE_LEN {
            return Err(format!(
                "tuple {} has {} cells; a tuple has 1 to {MAX_TUPLE_LEN}",
                i + 1,
                shape.len()
            ));
        }
        for (j, &cell) in shape.iter().enumerate() {
            if cell >= 16 {
                return Err(format!("tuple {}: cell {cell} is off the board", i + 1));
            }
            if shape[..j].contains(&cell) {
                return Err(format!("tuple {}: cell {cell} appears twice", i + 1));
            }
        }
    }
    Ok(())
}

/// One tuple: its cells and its tables, one per stage, back to back.
#[derive(Clone, Debug, PartialEq)]
struct Tuple {
    cells: Vec<u8>,
    /// The cells as stretches read with one shift and mask each (see [`Run`]).
    runs: Vec<Run>,
    weights: Table,
}

/// Cells that follow each other both on the board and in a tuple, such as the first three
/// of `0,1,2,4,5,6`: their exponents lie side by side in the board's bits and in the index,
/// so one shift and mask moves them all. The standard shapes are one or two runs.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Run {
    /// The bit of the first cell on the board.
    from: u32,
    /// The bits of the run's cells, shifted down to 0.
    mask: u64,
    /// The bit of the first cell in the index.
    to: u32,
}

impl Tuple {
    /// A tuple of `cells` (checked) with `weights`.
    fn new(cells: Vec<u8>, weights: Table) -> Tuple {
        let mut runs: Vec<Run> = Vec::new();
        for (i, &cell) in cells.iter().enumerate() {
            let (from, to) = (4 * u32::from(cell), 4 * i as u32);
            match runs.last_mut() {
                Some(run) if run.from + run.mask.count_ones() == from => {
                    run.mask = run.mask << 4 | 0xf;
                }
                _ => runs.push(Run {
                    from,
                    mask: 0xf,
                    to,
                }),
            }
        }
        Tuple {
            cells,
            runs,
            weights,
        }
    }

    /// The weights of one stage's table: `16^len`.
    #[inline]
    fn table_len(&self) -> usize {
        1 << (4 * self.cells.len())
    }

    /// The table index of `board` read on this tuple's cells.
    #[inline]
    fn index(&self, board: Board) -> usize {
        self.runs.iter().fold(0, |index, run| {
            index | ((board.0 >> run.from) & run.mask) << run.to
        }) as usize
    }
}

/// An n-tuple network (see the module docs).
///
/// Its weights may be read and updated by several threads at once (see [`train`]), so
/// [`Network::update`] and [`Network::count_game`] take `&self`.
#[derive(Debug)]
pub struct Network {
    tuples: Vec<Tuple>,
    /// Where each stage after the first begins, increasing (empty: one stage).
    boundaries: Vec<Boundary>,
    /// Training games played so far (kept in the file so a resumed run counts on).
    games: AtomicU64,
}

impl Clone for Network {
    fn clone(&self) -> Network {
        Network {
            tuples: self.tuples.clone(),
            boundaries: self.boundaries.clone(),
            games: AtomicU64::new(self.games()),
        }
    }
}

impl PartialEq for Network {
    fn eq(&self, other: &Network) -> bool {
        self.tuples == other.tuples
            && self.boundaries == other.boundaries
            && self.games() == other.games()
    }
}

impl Network {
    /// A network of `shapes` (checked by [`check_shapes`]) valuing every board at `initial`:
    /// 0 for plain TD learning, a large value for optimistic initialisation.
    pub fn new(shapes: &[Vec<u8>], initial: f32) -> Result<Network, String> {
        check_shapes(shapes)?;
        let per_weight = initial / (shapes.len() * SYMMETRIES) as f32;
        Ok(Network {
            tuples: shapes
                .iter()
                .map(|cells| {
                    Tuple::new(
                        cells.clone(),
                        Table::filled(CELL_VALUES.pow(cells.len() as u32), per_weight),
                    )
                })
                .collect(),
            boundaries: Vec::new(),
            games: AtomicU64::new(0),
        })
    }

    /// This network with its stages beginning at `boundaries`, which must keep every boundary
    /// it has (checked by [`stages::sources`]): each new stage starts as a copy of the stage
    /// it is carved from, so every board keeps its value. Also returns, for each new stage,
    /// the old stage it copies.
    pub fn restaged(mut self, boundaries: &[Boundary]) -> Result<(Network, Vec<usize>), String> {
        let sources = stages::sources(&self.boundaries, boundaries)?;
        for tuple in &mut self.tuples {
            tuple.weights = tuple.weights.restaged(tuple.table_len(), &sources);
        }
        self.boundaries = boundaries.to_vec();
        Ok((self, sources))
    }

    /// Where each stage after the first begins (empty for a network of one stage).
    pub fn stage_boundaries(&self) -> &[Boundary] {
        &self.boundaries
    }

    /// How many stages the network has.
    pub fn stage_count(&self) -> usize {
        self.boundaries.len() + 1
    }

    /// The stage `board` is valued in.
    #[inline]
    fn stage(&self, board: Board) -> usize {
        stages::stage_of(board, &self.boundaries)
    }

    /// The tuple shapes, as given to [`Network::new`].
    pub fn shapes(&self) -> Vec<Vec<u8>> {
        self.tuples.iter().map(|t| t.cells.clone()).collect()
    }

    /// Training games played so far.
    pub fn games(&self) -> u64 {
        self.games.load(Relaxed)
    }

    /// Counts one more training game.
    pub fn count_game(&self) {
        self.games.fetch_add(1, Relaxed);
    }

    /// The weights read per board (tuples × symmetries).
    pub fn features(&self) -> usize {
        self.tuples.len() * SYMMETRIES
    }

    /// The estimated score still to come from the afterstate `board`.
    #[inline]
    pub fn evaluate(&self, board: Board) -> f32 {
        let stage = self.stage(board);
        let mut sum = 0.0;
        for image in symmetries(board) {
            for tuple in &self.tuples {
                sum += tuple
                    .weights
                    .get(stage * tuple.table_len() + tuple.index(image));
            }
        }
        sum
    }

    /// Moves the value of `board` by about `delta`, shared equally among its weights.
    pub fn update(&self, board: Board, delta: f32) {
        let step = delta / self.features() as f32;
        self.adjust(board, |_, _| step);
    }

    /// Adds to each weight that values `board` what `step(tuple, weight)` says, where `tuple`
    /// is the tuple's number and `weight` the weight's place in that tuple's tables (all its
    /// stages back to back).
    #[inline]
    pub fn adjust(&self, board: Board, mut step: impl FnMut(usize, usize) -> f32) {
        self.each_weight(board, |t, tuple, i| tuple.weights.add(i, step(t, i)));
    }

    /// Calls `f(tuple, weight)` for each weight that values `board`, numbered as
    /// [`Network::adjust`] numbers them, without touching the weights.
    #[inline]
    pub fn for_each_weight(&self, board: Board, mut f: impl FnMut(usize, usize)) {
        self.each_weight(board, |t, _, i| f(t, i));
    }

    /// Brings the weights that value `board` toward the cache (see [`Table::prefetch`]): a
    /// caller about to value several boards prefetches them all first, so that their
    /// `features()` loads from memory overlap.
    #[inline]
    pub fn prefetch(&self, board: Board) {
        self.each_weight(board, |_, tuple, i| tuple.weights.prefetch(i));
    }

    /// Calls `f(tuple's number, tuple, weight's place in its tables)` for each weight that
    /// values `board`.
    #[inline]
    fn each_weight(&self, board: Board, mut f: impl FnMut(usize, &Tuple, usize)) {
        let stage = self.stage(board);
        for image in symmetries(board) {
            for (t, tuple) in self.tuples.iter().enumerate() {
                f(t, tuple, stage * tuple.table_len() + tuple.index(image));
            }
        }
    }

    /// Every tuple's tables, in tuple order (for the file).
    fn tables(&self) -> impl Iterator<Item = &Table> {
        self.tuples.iter().map(|t| &t.weights)
    }
}

/// The board mirrored left to right.
fn mirror(board: Board) -> Board {
    let x = board.0;
    Board(
        (x & 0x000F_000F_000F_000F) << 12
            | (x & 0x00F0_00F0_00F0_00F0) << 4
            | (x & 0x0F00_0F00_0F00_0F00) >> 4
            | (x & 0xF000_F000_F000_F000) >> 12,
    )
}

/// The board flipped top to bottom.
fn flip(board: Board) -> Board {
    let x = board.0;
    Board(x << 48 | (x & 0xFFFF_0000) << 16 | (x >> 16) & 0xFFFF_0000 | x >> 48)
}

/// The eight images of `board` under the symmetries of the square.
#[inline]
pub fn symmetries(board: Board) -> [Board; 8] {
    let t = board.transpose();
    let (b1, t1) = (mirror(board), mirror(t));
    [board, b1, flip(board), flip(b1), t, t1, flip(t), flip(t1)]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exponents(board: Board) -> [u8; 16] {
        std::array::from_fn(|c| board.exponent(c))
    }

    #[test]
    fn symmetries_are_the_eight_rotations_and_reflections() {
        let board = Board(0x0123_4567_89ab_cdef);
        let cells = exponents(board);
        let at = |r: usize, c: usize| cells[4 * r + c];
        let images = symmetries(board).map(exponents);
        // Mirror: column c reads column 3 - c; flip: row r reads row 3 - r.
        for r in 0..4 {
            for c in 0..4 {
                assert_eq!(images[1][4 * r + c], at(r, 3 - c));
                assert_eq!(images[2][4 * r + c], at(3 - r, c));
                assert_eq!(images[3][4 * r + c], at(3 - r, 3 - c));
                assert_eq!(images[4][4 * r + c], at(c, r));
            }
        }
        let mut distinct = images.to_vec();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), 8);
    }

    #[test]
    fn runs_read_the_cells_in_tuple_order() {
        let board = Board(0x0123_4567_89ab_cdef);
        for cells in [
            vec![0, 1, 2, 3, 4, 5],
            vec![4, 5, 6, 8, 9, 10],
            vec![15, 14, 0, 1, 7],
            vec![3, 2, 1, 0],
            vec![12],
        ] {
            let tuple = Tuple::new(cells.clone(), Table::filled(0, 0.0));
            let expected = cells.iter().enumerate().fold(0, |index, (i, &cell)| {
                index | usize::from(board.exponent(usize::from(cell))) << (4 * i)
            });
            assert_eq!(tuple.index(board), expected, "{cells:?}");
        }
        assert_eq!(
            Tuple::new(vec![0, 1, 2, 4, 5, 6], Table::filled(0, 0.0))
                .runs
                .len(),
            2
        );
    }

    #[test]
    fn symmetric_boards_have_equal_values() {
        let net = Network::new(&[vec![0, 1, 2, 5]], 0.0).unwrap();
        // Sixteen different tiles: no two images read the same index.
        let board = Board(0x0123_4567_89ab_cdef);
        net.update(board, 800.0);
        let value = net.evaluate(board);
        assert!((value - 800.0).abs() < 1e-2, "{value}");
        for image in symmetries(board) {
            assert_eq!(net.evaluate(image), value);
        }
        assert_eq!(net.evaluate(Board(0x1111_1111_1111_1111)), 0.0);
    }

    #[test]
    fn for_each_weight_visits_the_weights_adjust_moves() {
        let net = Network::new(&[vec![0, 1, 2], vec![5, 6]], 0.0).unwrap();
        let board = Board(0x0123_4567_89ab_cdef);
        let mut visited = Vec::new();
        net.for_each_weight(board, |tuple, weight| visited.push((tuple, weight)));
        let mut adjusted = Vec::new();
        net.adjust(board, |tuple, weight| {
            adjusted.push((tuple, weight));
            1.0
        });
        assert_eq!(visited, adjusted);
        assert_eq!(visited.len(), net.features());
        // A prefetch is only a hint: the values stay what the updates made them.
        net.prefetch(board);
        assert_eq!(net.evaluate(board), net.features() as f32);
    }

    #[test]
    fn optimistic_start_values_every_board_alike() {
        let net = Network::new(&[vec![0, 1], vec![4, 5, 6]], 3200.0).unwrap();
        assert!((net.evaluate(Board::EMPTY) - 3200.0).abs() < 1e-2);
        assert!((net.evaluate(Board(0xfedc_ba98_7654_3210)) - 3200.0).abs() < 1e-2);
    }

    #[test]
    fn bad_shapes_are_refused() {
        for bad in [
            vec![],
            vec![vec![]],
            vec![vec![0, 1, 2, 3, 4, 5, 6]],
            vec![vec![0, 16]],
            vec![vec![3, 3]],
            vec![vec![0]; MAX_TUPLES + 1],
        ] {
            assert!(check_shapes(&bad).is_err(), "{bad:?}");
        }
        assert!(check_shapes(&standard_shapes()).is_ok());
    }
}
