//! A transposition table: bounds on a position's value and its best move, in buckets of two
//! entries (one kept for the deepest search, one always replaced).
//!
//! Clearing does not touch the entries: it starts a new age, and entries of older ages give
//! way to any store, as if the table were empty. Their keys are whole positions, so what they
//! still answer is about the very position asked.

/// Asks the kernel to back `memory`, not yet touched, with huge pages: a table of many
/// megabytes probed at random then costs far fewer address-translation misses.
#[cfg(target_os = "linux")]
fn advise_huge_pages<T>(memory: &mut [std::mem::MaybeUninit<T>]) {
    const PAGE: usize = 4096;
    let start = memory.as_mut_ptr() as usize;
    let end = start + std::mem::size_of_val(memory);
    let first = start.next_multiple_of(PAGE);
    let length = end.saturating_sub(first) / PAGE * PAGE;
    if length > 0 {
        // SAFETY: the range is whole pages inside memory this table owns; the advice changes
        // how the kernel backs it, never its contents, and a refusal is harmless.
        unsafe { libc::madvise(first as *mut libc::c_void, length, libc::MADV_HUGEPAGE) };
    }
}

/// Huge pages are a Linux advice; elsewhere the table keeps ordinary pages.
#[cfg(not(target_os = "linux"))]
fn advise_huge_pages<T>(_memory: &mut [std::mem::MaybeUninit<T>]) {}

/// One stored search result.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    own: u64,
    opp: u64,
    lower: i32,
    upper: i32,
    depth: u8,
    best: u8,
    /// The table's age when stored.
    age: u8,
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

/// Two entries sharing one cache line: the first kept for the deepest search, the second
/// always replaced.
#[derive(Clone, Copy, Debug, Default)]
#[repr(align(64))]
struct Bucket([Entry; 2]);

/// The table. Keys are the full position, so hits are never wrong.
pub struct Table {
    buckets: Vec<Bucket>,
    mask: usize,
    /// Bumped at each [`Table::clear`]: older entries are free to replace.
    age: u8,
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
        let size = 1usize << (bits - 1);
        let mut buckets = Vec::with_capacity(size);
        advise_huge_pages(buckets.spare_capacity_mut());
        buckets.resize(size, Bucket::default());
        Table {
            buckets,
            mask: size - 1,
            age: 0,
        }
    }

    /// Lets every stored entry give way to new ones (between unrelated positions): a new age,
    /// and once in 256 an actual wipe, so that an age is never reused while entries of it
    /// remain.
    pub fn clear(&mut self) {
        self.age = self.age.wrapping_add(1);
        if self.age == 0 {
            self.buckets.fill(Bucket::default());
        }
    }

    /// Asks the processor to fetch the position's bucket into the cache, so that a probe soon
    /// after does not wait for memory.
    #[inline]
    pub fn prefetch(&self, own: u64, opp: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let bucket: *const Bucket = &self.buckets[self.bucket(own, opp)];
            // SAFETY: SSE is part of every x86_64 processor, and a prefetch is only a hint: it
            // reads no data and cannot fault.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (own, opp);
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
        let bucket = &self.buckets[self.bucket(own, opp)];
        for e in &bucket.0 {
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
        let index = self.bucket(own, opp);
        let bucket = &mut self.buckets[index];
        let deep = &bucket.0[0];
        let free =
            deep.own == own && deep.opp == opp || deep.depth <= depth || deep.age != self.age;
        bucket.0[usize::from(!free)] = Entry {
            own,
            opp,
            lower,
            upper,
            depth,
            best,
            age: self.age,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three positions sharing a bucket of a two-bucket table.
    fn same_bucket(table: &Table) -> [(u64, u64); 3] {
        let mut found = (1..)
            .map(|own| (own, 1u64 << 63))
            .filter(|&(own, opp)| table.bucket(own, opp) == 0);
        [(); 3].map(|_| found.next().expect("half of all keys land in bucket 0"))
    }

    #[test]
    fn the_deep_entry_stays_until_a_clear_lets_it_go() {
        let mut table = Table::new(2);
        let [a, b, c] = same_bucket(&table);
        table.store(a.0, a.1, 20, -64, 64, 10, 3);
        table.store(b.0, b.1, 5, -64, 64, 2, 4);
        // The shallower search took the always-replaced entry.
        assert_eq!(
            table.probe(a.0, a.1, 20).map(|h| (h.lower, h.upper)),
            Some((10, 10))
        );
        assert_eq!(table.probe(b.0, b.1, 5).map(|h| h.best), Some(4));
        table.clear();
        // After a clear, the old deep entry gives way to a shallow one, and stays lost to a
        // probe; the other old entry, not overwritten, still answers for its own position.
        table.store(c.0, c.1, 5, 0, 1, 6, 5);
        assert!(table.probe(a.0, a.1, 0).is_none());
        assert_eq!(
            table.probe(c.0, c.1, 5).map(|h| (h.lower, h.best)),
            Some((6, 5))
        );
        assert_eq!(table.probe(b.0, b.1, 5).map(|h| h.best), Some(4));
    }
}
