//! The bound on searching engines. The match controller runs each search on a worker thread of
//! its own; the server keeps every controller paused unless it holds one of this pool's permits,
//! so at most `permits` searches (computer moves and hints) run at once and the rest wait in a
//! first-come queue, which the page shows ("waiting for a free engine: N ahead").

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Permits to search.
pub struct EnginePool {
    permits: Arc<Semaphore>,
    size: usize,
    waiting: AtomicUsize,
}

impl EnginePool {
    /// A pool of `size` permits (at least one).
    pub fn new(size: usize) -> EnginePool {
        let size = size.max(1);
        EnginePool {
            permits: Arc::new(Semaphore::new(size)),
            size,
            waiting: AtomicUsize::new(0),
        }
    }

    /// A pool as large as the machine's processors.
    pub fn per_cpu() -> EnginePool {
        EnginePool::new(std::thread::available_parallelism().map_or(1, |n| n.get()))
    }

    /// How many searches may run at once.
    pub fn size(&self) -> usize {
        self.size
    }

    /// How many games wait for a permit.
    pub fn waiting(&self) -> usize {
        self.waiting.load(Ordering::Relaxed)
    }

    /// Waits for a permit (first come, first served).
    pub async fn acquire(&self) -> OwnedSemaphorePermit {
        self.waiting.fetch_add(1, Ordering::Relaxed);
        let permit = self
            .permits
            .clone()
            .acquire_owned()
            .await
            .expect("the pool's semaphore is never closed");
        self.waiting.fetch_sub(1, Ordering::Relaxed);
        permit
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn at_most_size_permits_at_once() {
        let pool = Arc::new(EnginePool::new(2));
        let a = pool.acquire().await;
        let _b = pool.acquire().await;
        let waiter = {
            let pool = pool.clone();
            tokio::spawn(async move { pool.acquire().await })
        };
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        assert_eq!(pool.waiting(), 1);
        assert!(!waiter.is_finished());
        drop(a);
        let _c = waiter.await.unwrap();
        assert_eq!(pool.waiting(), 0);
    }
}
