//! An independent model of the original game's move for the tests to check against: the
//! algorithm of gabrielecirulli/2048's `game_manager.js` (`move`, `findFarthestPosition`), on a
//! plain grid of tile values with no tables and no nibbles.

use tabula_2048::Direction;

/// Slides `tiles` (row-major from the top-left, 0 empty) the way the original JavaScript does;
/// returns the new tiles and the points scored.
pub fn reference_slide(tiles: [u64; 16], direction: Direction) -> ([u64; 16], u64) {
    let (dr, dc): (i32, i32) = match direction {
        Direction::Up => (-1, 0),
        Direction::Down => (1, 0),
        Direction::Left => (0, -1),
        Direction::Right => (0, 1),
    };
    // Traverse from the side the tiles move toward.
    let order = |forward: bool| -> Vec<i32> {
        if forward {
            vec![0, 1, 2, 3]
        } else {
            vec![3, 2, 1, 0]
        }
    };
    let rows = order(dr <= 0);
    let cols = order(dc <= 0);
    let mut grid = tiles;
    let mut merged = [false; 16];
    let mut score = 0;
    let at = |r: i32, c: i32| (r * 4 + c) as usize;
    let inside = |r: i32, c: i32| (0..4).contains(&r) && (0..4).contains(&c);
    for &r in &rows {
        for &c in &cols {
            let value = grid[at(r, c)];
            if value == 0 {
                continue;
            }
            let (mut fr, mut fc) = (r, c);
            while inside(fr + dr, fc + dc) && grid[at(fr + dr, fc + dc)] == 0 {
                fr += dr;
                fc += dc;
            }
            let (nr, nc) = (fr + dr, fc + dc);
            grid[at(r, c)] = 0;
            if inside(nr, nc) && grid[at(nr, nc)] == value && !merged[at(nr, nc)] {
                grid[at(nr, nc)] = 2 * value;
                merged[at(nr, nc)] = true;
                score += 2 * value;
            } else {
                grid[at(fr, fc)] = value;
            }
        }
    }
    (grid, score)
}

/// The tiles of a position, row-major.
pub fn tiles(state: &tabula_2048::Game2048) -> [u64; 16] {
    std::array::from_fn(|c| state.tile(c))
}
