//! A transposition table: bounds on a position's value and its best move, in buckets of two
//! entries (one kept for the deepest search, one always replaced).

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
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.buckets.fill(Bucket::default());
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
        let slot = usize::from(!(deep.own == own && deep.opp == opp || deep.depth <= depth));
        bucket.0[slot] = Entry {
            own,
            opp,
            lower,
            upper,
            depth,
            best,
        };
    }
}
