//! Temporal coherence learning (Beal & Smith, 1999; for 2048 Jaśkowski, 2016): every weight
//! learns at a rate of its own, the size of the sum of its errors over the sum of their sizes.
//! A weight whose errors keep one sign is still far from its value and learns at the full rate;
//! one whose errors cancel out is near it, and its rate falls toward zero, so the network
//! anneals where it has learnt without a schedule.
//!
//! The two sums live beside the network, not in its file: they are learning state, and a
//! resumed run starts them anew (every weight at the full rate until its errors disagree).

use super::table::Table;
use super::Network;

/// Each weight's signed and absolute error sums, for [`super::train::Trainer::with_coherence`].
/// Shared by the training threads like the network itself.
pub struct Coherence {
    /// Per tuple, two numbers a weight (its signed sum, then its absolute sum), side by side
    /// so that one cache line holds both.
    sums: Vec<Table>,
}

impl Coherence {
    /// Sums of zero for every weight of `network`.
    pub fn for_network(network: &Network) -> Coherence {
        Coherence {
            sums: network
                .tables()
                .map(|table| Table::filled(2 * table.len(), 0.0))
                .collect(),
        }
    }

    /// The learning rate of weight `weight` of tuple `tuple` (1 before its first error), then
    /// records `error` in its sums.
    #[inline]
    pub fn rate_then_record(&self, tuple: usize, weight: usize, error: f32) -> f32 {
        let sums = &self.sums[tuple];
        let (signed, absolute) = (sums.get(2 * weight), sums.get(2 * weight + 1));
        sums.add(2 * weight, error);
        sums.add(2 * weight + 1, error.abs());
        if absolute > 0.0 {
            signed.abs() / absolute
        } else {
            1.0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agreeing_errors_keep_the_rate_and_cancelling_ones_lower_it() {
        let net = Network::new(&[vec![0, 1]], 0.0).unwrap();
        let coherence = Coherence::for_network(&net);
        assert_eq!(coherence.rate_then_record(0, 5, 4.0), 1.0);
        assert_eq!(coherence.rate_then_record(0, 5, 2.0), 1.0);
        // Sums 6 and 6: still coherent; then an error of -6 leaves 0 over 12.
        assert_eq!(coherence.rate_then_record(0, 5, -6.0), 1.0);
        assert_eq!(coherence.rate_then_record(0, 5, 1.0), 0.0);
        assert_eq!(coherence.rate_then_record(0, 5, 1.0), 1.0 / 13.0);
        // Other weights have their own sums.
        assert_eq!(coherence.rate_then_record(0, 6, -3.0), 1.0);
    }
}
