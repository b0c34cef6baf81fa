//! Line patterns: what a stone placed on an empty point makes along one line.
//!
//! A point's neighbourhood along a line is the five points on each side, each empty, black,
//! white or off the board (two bits each): a 20-bit key. For every key a table built once per
//! rule gives the [`Pattern`] that black (and, in a second table, white) makes by playing the
//! middle point. The tables are filled by the definition itself: a five is a winning run through
//! the point; a four leaves one point (a flex four two or more) that makes a five through it; a
//! three leaves a point that makes a four (a flex three one that makes a flex four); a two one
//! that makes a three. Keys are filled from the most stones to the fewest, so every key's
//! successors are known when it is reached.
//!
//! Under freestyle every five through the middle point lies within four points of it, so the
//! outermost neighbours never change a pattern there: the freestyle table reads the inner
//! sixteen bits alone (64 KiB instead of 1 MiB, which stays in the processor's cache), and a
//! board need not tell the points five steps away of a new stone.

use std::sync::OnceLock;

use crate::rules::Rule;

/// What a move makes along one line, weakest first.
pub type Pattern = u8;
/// Nothing that can grow into a five.
pub const NONE: Pattern = 0;
/// A two that can only become a closed three.
pub const BLOCK2: Pattern = 1;
/// A two that can become an open three.
pub const FLEX2: Pattern = 2;
/// A three that can only become a closed four.
pub const BLOCK3: Pattern = 3;
/// An open three: one more move makes an open four.
pub const FLEX3: Pattern = 4;
/// A four: exactly one point completes a five.
pub const BLOCK4: Pattern = 5;
/// An open four: two or more points complete a five.
pub const FLEX4: Pattern = 6;
/// A winning row.
pub const FIVE: Pattern = 7;

/// The neighbours on each side that a key holds.
pub const REACH: usize = 5;
/// Neighbour states in a key.
pub const EMPTY: u32 = 0;
/// A wall: off the board.
pub const WALL: u32 = 3;
/// The number of keys.
const KEYS: usize = 1 << (4 * REACH);

/// The bit position in a key of the neighbour at signed distance `k` (±1..±5).
pub const fn shift(k: i32) -> u32 {
    if k < 0 {
        ((k + REACH as i32) * 2) as u32
    } else {
        ((k + REACH as i32 - 1) * 2) as u32
    }
}

/// The pattern table of one rule: for every key, black's pattern in the low three bits (the
/// fourth marks a black overline under renju) and white's in the high four (one look-up serves
/// both colours). Under renju black's patterns count exact fives only, white's five or more.
pub struct Tables {
    both: Box<[u8]>,
    /// The neighbours on each side that the patterns depend on: [`REACH`], or one fewer
    /// under freestyle, whose table is indexed by the inner neighbours' bits alone.
    reach: usize,
}

impl Tables {
    /// The tables for `rule`, built on first use.
    pub fn get(rule: Rule) -> &'static Tables {
        static FREESTYLE: OnceLock<Tables> = OnceLock::new();
        static STANDARD: OnceLock<Tables> = OnceLock::new();
        static RENJU: OnceLock<Tables> = OnceLock::new();
        let cell = match rule {
            Rule::Freestyle => &FREESTYLE,
            Rule::Standard => &STANDARD,
            Rule::Renju => &RENJU,
        };
        cell.get_or_init(|| Tables::build(rule))
    }

    /// Both colours' patterns for `key`: black's in the low four bits, white's in the high.
    /// Only the neighbours within [`Tables::reach`] are read.
    #[inline]
    pub fn both(&self, key: u32) -> u8 {
        let outer = (REACH - self.reach) as u32;
        let inner = (key >> (2 * outer)) & ((1 << (4 * self.reach)) - 1);
        self.both[inner as usize]
    }

    /// The neighbours on each side of a point whose stones can change its patterns.
    #[inline]
    pub fn reach(&self) -> usize {
        self.reach
    }

    fn build(rule: Rule) -> Tables {
        let both = Self::build_full(rule);
        if rule != Rule::Freestyle {
            return Tables { both, reach: REACH };
        }
        // The keys whose outermost neighbours are empty (the lowest two bits and the highest two),
        // indexed by the sixteen bits between: every other key has the same patterns.
        let inner = (0..1u32 << (4 * (REACH - 1)))
            .map(|inner| both[(inner << 2) as usize])
            .collect();
        Tables {
            both: inner,
            reach: REACH - 1,
        }
    }

    /// Both colours' patterns for every 20-bit key.
    fn build_full(rule: Rule) -> Box<[u8]> {
        // Each colour's table is built for black's stones; white's is read with the colours
        // swapped.
        let table = |player| {
            let mut black = vec![NONE; KEYS].into_boxed_slice();
            for key in (0..KEYS as u32).rev() {
                black[key as usize] = classify(rule, player, key, &black);
            }
            black
        };
        let black = table(0);
        let white = if rule == Rule::Renju {
            table(1)
        } else {
            black.clone()
        };
        (0..KEYS as u32)
            .map(|key| {
                let overline = rule == Rule::Renju && run_through(key) >= 6;
                black[key as usize] | (overline as u8) << 3 | white[swap_colours(key) as usize] << 4
            })
            .collect()
    }
}

/// `colour`'s pattern from a packed pair.
#[inline]
pub fn unpack(both: u8, colour: usize) -> Pattern {
    (both >> (4 * colour)) & 7
}

/// Whether black's move makes an overline along this line (marked only in renju's table,
/// where an overline is no five for black but a forbidden move).
#[inline]
pub fn black_overline(both: u8) -> bool {
    both & 8 != 0
}

/// The key with black and white exchanged.
fn swap_colours(key: u32) -> u32 {
    let mut out = 0;
    for i in 0..2 * REACH as u32 {
        let v = (key >> (2 * i)) & 3;
        let v = match v {
            1 => 2,
            2 => 1,
            v => v,
        };
        out |= v << (2 * i);
    }
    out
}

/// The length of the run of black stones a black move at the middle of `key` makes.
fn run_through(key: u32) -> usize {
    let at = |k: i32| (key >> shift(k)) & 3;
    let mut run = 1;
    let mut k = 1;
    while k <= REACH as i32 && at(-k) == 1 {
        run += 1;
        k += 1;
    }
    k = 1;
    while k <= REACH as i32 && at(k) == 1 {
        run += 1;
        k += 1;
    }
    run
}

/// The pattern of `player`'s stones (written as black in `key`) for `key`, given the patterns
/// of keys with more of those stones.
fn classify(rule: Rule, player: usize, key: u32, known: &[Pattern]) -> Pattern {
    let at = |k: i32| (key >> shift(k)) & 3;
    if rule.wins(player, run_through(key)) {
        return FIVE;
    }
    let mut fives = 0;
    let mut best = NONE;
    for k in (-(REACH as i32)..=REACH as i32).filter(|&k| k != 0) {
        if at(k) != EMPTY {
            continue;
        }
        let next = known[(key | (1 << shift(k))) as usize];
        if next == FIVE {
            fives += 1;
        }
        best = best.max(next);
    }
    match (fives, best) {
        (2.., _) => FLEX4,
        (1, _) => BLOCK4,
        (_, FLEX4) => FLEX3,
        (_, BLOCK4) => BLOCK3,
        (_, FLEX3) => FLEX2,
        (_, BLOCK3) => BLOCK2,
        _ => NONE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The key of a line written as 11 characters with the middle point `*`: `.` empty, `x`
    /// black, `o` white, `#` wall.
    fn key_of(line: &str) -> u32 {
        let chars: Vec<char> = line.chars().collect();
        assert_eq!(chars.len(), 11);
        let mut key = 0;
        for (i, &c) in chars.iter().enumerate() {
            let k = i as i32 - 5;
            if k == 0 {
                continue;
            }
            let v = match c {
                '.' => 0,
                'x' => 1,
                'o' => 2,
                _ => 3,
            };
            key |= v << shift(k);
        }
        key
    }

    #[test]
    fn classifies_the_textbook_shapes() {
        let t = Tables::get(Rule::Freestyle);
        let cases = [
            ("...xx*xx...", FIVE),
            ("..xxx*xx...", FIVE),
            ("....x*xx...", FLEX4),
            ("...ox*xx...", BLOCK4),
            ("...x.*xx...", BLOCK4),
            ("....x*x....", FLEX3),
            ("...ox*x....", BLOCK3),
            ("....x*.x...", FLEX3),
            ("....#*x..o.", NONE),
            ("....#*x....", BLOCK2),
            (".....*x....", FLEX2),
            ("...xx*.xx..", BLOCK4),
            ("...........", NONE),
        ];
        for (line, expected) in cases {
            assert_eq!(unpack(t.both(key_of(line)), 0), expected, "black at {line}");
            let swapped: String = line
                .chars()
                .map(|c| match c {
                    'x' => 'o',
                    'o' => 'x',
                    c => c,
                })
                .collect();
            assert_eq!(
                unpack(t.both(key_of(&swapped)), 1),
                expected,
                "white at {swapped}"
            );
        }
    }

    /// Under freestyle the neighbours five steps away never change a pattern, so the reduced
    /// table gives what the full one does for every key.
    #[test]
    fn freestyle_patterns_ignore_the_outermost_neighbours() {
        let full = Tables::build_full(Rule::Freestyle);
        let reduced = Tables::get(Rule::Freestyle);
        assert_eq!(reduced.reach(), REACH - 1);
        for key in 0..KEYS as u32 {
            assert_eq!(reduced.both(key), full[key as usize], "key {key:#07x}");
        }
        assert_eq!(Tables::get(Rule::Standard).reach(), REACH);
        // Under the standard rule the outermost neighbour does matter: it makes an overline.
        let standard = Tables::get(Rule::Standard);
        assert_ne!(
            standard.both(key_of("xxxxx*.....")),
            standard.both(key_of(".xxxx*....."))
        );
    }

    #[test]
    fn standard_rule_refuses_overlines() {
        let free = Tables::get(Rule::Freestyle);
        let standard = Tables::get(Rule::Standard);
        assert_eq!(unpack(free.both(key_of("..xxx*xx...")), 0), FIVE);
        assert_ne!(unpack(standard.both(key_of("..xxx*xx...")), 0), FIVE);
        assert_eq!(unpack(standard.both(key_of("...xx*xx...")), 0), FIVE);
        assert_eq!(unpack(standard.both(key_of("..oxx*xx.x.")), 0), FIVE);
        // x x x * . x: filling the gap makes six, so only the far end completes a five.
        assert_eq!(unpack(free.both(key_of("..xxx*.x...")), 0), FLEX4);
        assert_eq!(unpack(standard.both(key_of("..xxx*.x...")), 0), BLOCK4);
    }
}
