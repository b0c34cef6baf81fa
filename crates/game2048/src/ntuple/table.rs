//! A table of weights that several training threads read and write at once.
//!
//! Training in parallel follows Jaśkowski (2016)'s lock-free optimistic parallelism (the
//! "Hogwild!" scheme): every thread plays its own games and updates the one shared network
//! without locks. Each weight is an [`AtomicU32`] holding the bits of an `f32`, read and written
//! with relaxed ordering, which on common processors compiles to the plain loads and stores of
//! a `Vec<f32>`. An update is a load then a store, not an atomic read-modify-write: when two
//! threads update the same weight at the same instant one of the two small steps is lost, which
//! costs learning nothing measurable (a table holds millions of weights and a game touches a
//! few thousand), where a locked add would cost every update.

use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

/// A fixed-length table of `f32` weights shared between threads (see the module docs).
pub struct Table(Vec<AtomicU32>);

impl Table {
    /// A table of `len` weights, all `value`.
    pub fn filled(len: usize, value: f32) -> Table {
        Table::from_values(len, std::iter::repeat(value))
    }

    /// A table of the first `len` of `values` (which must have that many).
    ///
    /// Look-ups jump all over tables of up to 64 MB, where 4 KB pages make nearly every one miss
    /// the address cache, so on Linux the table asks for transparent huge pages before its
    /// memory is first written.
    pub fn from_values(len: usize, values: impl IntoIterator<Item = f32>) -> Table {
        let mut weights = Vec::with_capacity(len);
        advise_huge_pages(weights.spare_capacity_mut());
        weights.extend(
            values
                .into_iter()
                .take(len)
                .map(|w| AtomicU32::new(w.to_bits())),
        );
        assert_eq!(weights.len(), len, "too few values for the table");
        Table(weights)
    }

    /// A table of `sources.len()` stages of `stage_len` weights each, stage `i` a copy of
    /// this table's stage `sources[i]`.
    pub fn restaged(&self, stage_len: usize, sources: &[usize]) -> Table {
        let copies = sources
            .iter()
            .flat_map(|&s| (s * stage_len..(s + 1) * stage_len).map(|i| self.get(i)));
        Table::from_values(stage_len * sources.len(), copies)
    }

    /// The number of weights.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Weight `i`.
    #[inline]
    pub fn get(&self, i: usize) -> f32 {
        f32::from_bits(self.0[i].load(Relaxed))
    }

    /// Asks the processor to bring weight `i` into the cache, so that a later [`Table::get`]
    /// or [`Table::add`] of it does not wait on memory. Tables are far larger than the caches
    /// and every look-up lands somewhere new, so a caller that knows its next few indices
    /// ahead of time lets their loads overlap instead of queueing one after another. Only a
    /// hint: it does nothing on processors without one, or for an index off the table.
    #[inline]
    pub fn prefetch(&self, i: usize) {
        #[cfg(target_arch = "x86_64")]
        if let Some(weight) = self.0.get(i) {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            // SAFETY: a prefetch only hints at the cache, never reads or writes memory the
            // program sees, and the pointer is to a live weight of this table.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(weight).cast::<i8>()) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = i;
    }

    /// Adds `delta` to weight `i` (see the module docs for what a race costs).
    #[inline]
    pub fn add(&self, i: usize, delta: f32) {
        let weight = &self.0[i];
        weight.store(
            (f32::from_bits(weight.load(Relaxed)) + delta).to_bits(),
            Relaxed,
        );
    }

    /// Every weight, in order.
    pub fn values(&self) -> impl ExactSizeIterator<Item = f32> + '_ {
        self.0.iter().map(|w| f32::from_bits(w.load(Relaxed)))
    }
}

impl Clone for Table {
    fn clone(&self) -> Table {
        Table::from_values(self.len(), self.values())
    }
}

impl PartialEq for Table {
    fn eq(&self, other: &Table) -> bool {
        self.len() == other.len() && self.values().eq(other.values())
    }
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Table({} weights)", self.len())
    }
}

#[cfg(target_os = "linux")]
fn advise_huge_pages<T>(memory: &mut [T]) {
    const HUGE_PAGE: usize = 2 << 20;
    let start = memory.as_mut_ptr() as usize;
    let end = start + std::mem::size_of_val(memory);
    let first = start.next_multiple_of(HUGE_PAGE);
    if first < end {
        // SAFETY: the range lies inside the allocation of `memory`, which outlives the call;
        // MADV_HUGEPAGE changes only how the kernel backs the memory, never its contents, and a
        // refusal (an error return) leaves ordinary pages.
        unsafe {
            libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages<T>(_memory: &mut [T]) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_hold_what_is_added() {
        let table = Table::filled(5, 1.5);
        table.add(3, 2.25);
        table.add(3, -1.0);
        assert_eq!(
            table.values().collect::<Vec<_>>(),
            [1.5, 1.5, 1.5, 2.75, 1.5]
        );
        // A prefetch is only a hint, harmless even off the table.
        table.prefetch(3);
        table.prefetch(99);
        assert_eq!(table.get(3), 2.75);
        assert_eq!(table.clone(), table);
        assert_ne!(Table::filled(5, 1.5), table);
    }

    #[test]
    fn threads_update_one_table() {
        let table = Table::filled(1000, 0.0);
        std::thread::scope(|scope| {
            for t in 0..2 {
                let table = &table;
                scope.spawn(move || {
                    for i in (t..1000).step_by(2) {
                        table.add(i, i as f32);
                    }
                });
            }
        });
        assert!(table.values().enumerate().all(|(i, w)| w == i as f32));
    }
}
