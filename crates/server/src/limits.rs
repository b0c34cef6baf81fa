//! Rate limits: token buckets keyed by the client's address (creating games, messages) or held
//! by one connection (its socket messages).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Instant;

/// A bucket of `burst` tokens refilled at `per_second`.
#[derive(Clone, Copy, Debug)]
pub struct Bucket {
    tokens: f64,
    at: Instant,
}

/// How fast a bucket refills and how much it holds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rate {
    /// Tokens added per second.
    pub per_second: f64,
    /// The most tokens held (the largest burst).
    pub burst: f64,
}

impl Rate {
    /// No limit at all (benchmarks).
    pub const UNLIMITED: Rate = Rate {
        per_second: f64::INFINITY,
        burst: f64::INFINITY,
    };
}

impl Bucket {
    /// A full bucket.
    pub fn full(rate: Rate, now: Instant) -> Bucket {
        Bucket {
            tokens: rate.burst,
            at: now,
        }
    }

    /// Takes one token if there is one.
    pub fn take(&mut self, rate: Rate, now: Instant) -> bool {
        if rate.burst.is_infinite() {
            return true;
        }
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        self.tokens = (self.tokens + elapsed * rate.per_second).min(rate.burst);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// One bucket per client address.
pub struct PerAddress {
    rate: Rate,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

/// Addresses remembered before idle, full buckets are forgotten.
const SWEEP_AT: usize = 10_000;

impl PerAddress {
    /// Buckets refilled at `rate`.
    pub fn new(rate: Rate) -> PerAddress {
        PerAddress {
            rate,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Whether `addr` may go ahead now (and takes a token if so).
    pub fn allow(&self, addr: IpAddr) -> bool {
        let now = Instant::now();
        let mut buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        if buckets.len() >= SWEEP_AT {
            let rate = self.rate;
            buckets.retain(|_, b| {
                let idle = now.saturating_duration_since(b.at).as_secs_f64();
                b.tokens + idle * rate.per_second < rate.burst
            });
        }
        buckets
            .entry(addr)
            .or_insert_with(|| Bucket::full(self.rate, now))
            .take(self.rate, now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_bucket_allows_its_burst_then_refills() {
        let rate = Rate {
            per_second: 2.0,
            burst: 3.0,
        };
        let t0 = Instant::now();
        let mut bucket = Bucket::full(rate, t0);
        assert!((0..3).all(|_| bucket.take(rate, t0)));
        assert!(!bucket.take(rate, t0));
        assert!(bucket.take(rate, t0 + Duration::from_millis(500)));
        assert!(!bucket.take(rate, t0 + Duration::from_millis(500)));
    }

    #[test]
    fn addresses_have_their_own_buckets() {
        let limits = PerAddress::new(Rate {
            per_second: 0.001,
            burst: 1.0,
        });
        let a: IpAddr = "127.0.0.1".parse().unwrap();
        let b: IpAddr = "127.0.0.2".parse().unwrap();
        assert!(limits.allow(a));
        assert!(!limits.allow(a));
        assert!(limits.allow(b));
        let unlimited = PerAddress::new(Rate::UNLIMITED);
        assert!((0..1000).all(|_| unlimited.allow(a)));
    }
}
