//! A transposition table: bounds on a position's value and its best move, in buckets of two
//! entries (one kept for the deepest search, one always replaced).

/// One stored search result.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    own: u64,
    opp: u64,
    lower: i32,
    upper: i32,
    depth: u8,
    best: u8,
}

/// What the table knows about a position.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    /// The value is at least this.
    pub lower: i32,
    /// The value is at most this.
    pub upper: i32,
    /// The best move found (a square), or 64.
    pub best: u8,
}

/// The table. Keys are the full position, so hits are never wrong.
pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

/// What the table says about a search of a window.
pub enum Probe {
    /// The stored bounds settle the search at this value.
    Cut(i32),
    /// Search on in this window, narrowed by the stored bounds, trying `hint` first (64: none).
    Window {
        /// The narrowed lower end.
        alpha: i32,
        /// The narrowed upper end.
        beta: i32,
        /// The stored best move.
        hint: u8,
    },
}

impl Table {
    /// Looks the position up for a search of `(alpha, beta)` at `depth`.
    #[inline]
    pub fn narrow(&self, own: u64, opp: u64, depth: u8, alpha: i32, beta: i32) -> Probe {
        let Some(hit) = self.probe(own, opp, depth) else {
            return Probe::Window {
                alpha,
                beta,
                hint: 64,
            };
        };
        if hit.lower >= beta {
            return Probe::Cut(hit.lower);
        }
        if hit.upper <= alpha || hit.lower == hit.upper {
            return Probe::Cut(hit.upper);
        }
        Probe::Window {
            alpha: alpha.max(hit.lower),
            beta: beta.min(hit.upper),
            hint: hit.best,
        }
    }

    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> Self {
        let size = 1usize << bits;
        Table {
            entries: vec![Entry::default(); size],
            mask: size - 2,
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }

    #[inline]
    fn bucket(&self, own: u64, opp: u64) -> usize {
        let h = own.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ opp.wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
        ((h ^ (h >> 29)) as usize) & self.mask
    }

    /// The stored bounds of the position searched to at least `depth`, and its best move from
    /// any depth.
    #[inline]
    pub fn probe(&self, own: u64, opp: u64, depth: u8) -> Option<Hit> {
        let b = self.bucket(own, opp);
        for e in &self.entries[b..b + 2] {
            if e.own == own && e.opp == opp && (e.own | e.opp) != 0 {
                let deep = e.depth >= depth;
                return Some(Hit {
                    lower: if deep { e.lower } else { i32::MIN },
                    upper: if deep { e.upper } else { i32::MAX },
                    best: e.best,
                });
            }
        }
        None
    }

    /// Stores the result of a search with window `(alpha, beta)` that returned `value`.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &mut self,
        own: u64,
        opp: u64,
        depth: u8,
        alpha: i32,
        beta: i32,
        value: i32,
        best: u8,
    ) {
        let (lower, upper) = if value <= alpha {
            (i32::MIN, value)
        } else if value >= beta {
            (value, i32::MAX)
        } else {
            (value, value)
        };
        let b = self.bucket(own, opp);
        let slot = if self.entries[b].own == own && self.entries[b].opp == opp
            || self.entries[b].depth <= depth
        {
            b
        } else {
            b + 1
        };
        self.entries[slot] = Entry {
            own,
            opp,
            lower,
            upper,
            depth,
            best,
        };
    }
}
