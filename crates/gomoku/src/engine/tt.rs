//! The transposition tables (the alpha-beta's, and one of the threat quiescence's values):
//! buckets of two entries, one kept for the deepest search of the positions that share it and
//! one replaced by every newer result. The tables live from one move of a game to the next; an
//! entry of an earlier search gives way to the current search's results whatever its depth.

use super::board::Sq;

/// How an entry's score bounds the position's value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Bound {
    /// The exact value.
    #[default]
    Exact,
    /// The value is at least the score (the search failed high).
    Lower,
    /// The value is at most the score (the search failed low).
    Upper,
}

impl Bound {
    /// How a search's `score` bounds the value when it searched the window (`alpha`, `beta`):
    /// failing low gives an upper bound, failing high a lower one.
    pub fn of(score: i32, alpha: i32, beta: i32) -> Bound {
        if score >= beta {
            Bound::Lower
        } else if score <= alpha {
            Bound::Upper
        } else {
            Bound::Exact
        }
    }

    /// Whether a stored `score` with this bound settles a search of the window (`alpha`,
    /// `beta`): it is exact, or it fails high or low there anyway.
    pub fn settles(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
}

/// What the table remembers of a searched position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    /// The position's Zobrist hash.
    pub hash: u64,
    /// The depth it was searched to.
    pub depth: i8,
    /// How the score bounds the value.
    pub bound: Bound,
    /// The score, mates counted from this position.
    pub score: i32,
    /// The best (or refuting) move found.
    pub best: u16,
    /// The search that stored it (see [`Table::new_generation`]).
    pub generation: u8,
}

/// Entries in a full-size table, the alpha-beta's and the quiescence's alike (a power of two;
/// two to a bucket): with 2^20 each the engine won 29 of 160 games against Rapfi where 2^18
/// and 2^16 won 22 beside it, and 23 in a second run a session later: a gain within the
/// noise, kept since it costs only memory (docs/gomoku-strength.md, "Larger tables").
pub const SIZE: usize = 1 << 20;

/// The table.
pub struct Table {
    entries: Vec<Entry>,
    generation: u8,
}

impl Table {
    /// An empty table of `entries` entries (a power of two, at least two).
    pub fn with_entries(entries: usize) -> Table {
        debug_assert!(entries.is_power_of_two() && entries >= 2);
        Table {
            entries: vec![Entry::default(); entries],
            generation: 0,
        }
    }

    /// How many entries the table has.
    pub fn size(&self) -> usize {
        self.entries.len()
    }

    /// The first of the two slots of `hash`'s bucket.
    fn bucket(&self, hash: u64) -> usize {
        (hash as usize) & (self.entries.len() - 2)
    }

    /// The entry of the position with `hash`, if the table holds one.
    pub fn probe(&self, hash: u64) -> Option<Entry> {
        let b = self.bucket(hash);
        self.entries[b..b + 2]
            .iter()
            .find(|e| e.hash == hash && hash != 0)
            .copied()
    }

    /// Begins a new search: the entries stored so far stay readable but no longer hold the
    /// deep slot of their bucket against the new search's results.
    pub fn new_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// Remembers `entry` for the current search: in the deep slot if it is the same position,
    /// searched at least as deep, or the slot holds an earlier search's entry (the entry it
    /// displaces moves to the other slot), else in the other slot.
    pub fn store(&mut self, mut entry: Entry) {
        entry.generation = self.generation;
        let b = self.bucket(entry.hash);
        let deep = self.entries[b];
        if deep.hash == entry.hash {
            self.entries[b] = entry;
        } else if entry.depth >= deep.depth || deep.generation != self.generation {
            self.entries[b + 1] = deep;
            self.entries[b] = entry;
        } else {
            self.entries[b + 1] = entry;
        }
    }

    /// The best move stored for the position with `hash`, if any.
    pub fn best_move(&self, hash: u64) -> Option<Sq> {
        self.probe(hash).map(|e| e.best as Sq)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(hash: u64, depth: i8, best: u16) -> Entry {
        Entry {
            hash,
            depth,
            bound: Bound::Exact,
            score: 7,
            best,
            generation: 0,
        }
    }

    #[test]
    fn a_shallow_result_does_not_evict_a_deep_one_of_the_same_bucket() {
        let mut table = Table::with_entries(SIZE);
        // Hashes 4 and 5 share a bucket; 4 + SIZE too.
        table.store(entry(4, 6, 10));
        table.store(entry(5, 2, 11));
        table.store(entry(4 + SIZE as u64, 1, 12));
        assert_eq!(table.probe(4), Some(entry(4, 6, 10)));
        assert_eq!(table.probe(5), None);
        assert_eq!(table.best_move(4 + SIZE as u64), Some(12));
        // A deeper one takes the deep slot and the one it displaces the other.
        table.store(entry(5, 9, 13));
        assert_eq!(table.probe(5), Some(entry(5, 9, 13)));
        assert_eq!(table.probe(4), Some(entry(4, 6, 10)));
        assert_eq!(table.probe(4 + SIZE as u64), None);
    }

    #[test]
    fn a_position_searched_again_replaces_its_entry_even_if_shallower() {
        let mut table = Table::with_entries(SIZE);
        table.store(entry(8, 6, 1));
        table.store(entry(8, 3, 2));
        assert_eq!(table.probe(8), Some(entry(8, 3, 2)));
        // The other slot's position searched again, deeper, takes the deep slot; the bucket
        // then holds it and the displaced one, never two entries for one position.
        table.store(entry(9, 1, 3));
        table.store(entry(9, 5, 4));
        assert_eq!(table.probe(9), Some(entry(9, 5, 4)));
        assert_eq!(table.probe(8), Some(entry(8, 3, 2)));
    }

    #[test]
    fn an_earlier_search_s_entry_gives_way_whatever_its_depth() {
        let mut table = Table::with_entries(SIZE);
        table.store(entry(4, 9, 10));
        table.store(entry(5, 2, 11));
        // The next search: the old deep entry stays readable...
        table.new_generation();
        assert_eq!(table.best_move(4), Some(10));
        // ...until a shallower result of this search takes its slot; it moves to the other.
        table.store(entry(4 + SIZE as u64, 1, 12));
        assert_eq!(table.best_move(4 + SIZE as u64), Some(12));
        assert_eq!(table.best_move(4), Some(10));
        assert_eq!(table.probe(5), None);
        // Within one search, depth decides again.
        table.store(entry(5, 2, 13));
        assert_eq!(table.best_move(4 + SIZE as u64), Some(12));
        assert_eq!(table.best_move(5), Some(13));
    }

    /// A search's score fails low at alpha or below, high at beta or above, and is exact
    /// between; a stored score settles a later window only where its bound says enough.
    #[test]
    fn a_bound_settles_the_windows_it_decides() {
        assert_eq!(Bound::of(-5, -5, 5), Bound::Upper);
        assert_eq!(Bound::of(0, -5, 5), Bound::Exact);
        assert_eq!(Bound::of(5, -5, 5), Bound::Lower);
        assert!(Bound::Exact.settles(0, 10, 20));
        assert!(Bound::Lower.settles(20, 10, 20));
        assert!(!Bound::Lower.settles(19, 10, 20));
        assert!(Bound::Upper.settles(10, 10, 20));
        assert!(!Bound::Upper.settles(11, 10, 20));
    }

    /// A table of its own size keeps the same two-slot buckets.
    #[test]
    fn a_smaller_table_maps_hashes_into_its_own_size() {
        let mut table = Table::with_entries(8);
        table.store(entry(3, 1, 1));
        table.store(entry(3 + 8, 2, 2));
        table.store(entry(3 + 16, 0, 3));
        assert_eq!(table.best_move(3 + 8), Some(2));
        assert_eq!(table.best_move(3 + 16), Some(3));
        assert_eq!(table.probe(3), None);
    }

    #[test]
    fn an_unknown_position_is_not_found() {
        let table = Table::with_entries(SIZE);
        assert_eq!(table.probe(123), None);
        // Empty slots have hash 0: position 0 is never "found" in them.
        assert_eq!(table.probe(0), None);
    }
}
