//! Temporal coherence learning (Beal & Smith, 1999; for 2048 Jaśkowski, 2016): every weight
//! learns at a rate of its own, the size of the sum of its errors over the sum of their sizes.
//! A weight whose errors keep one sign is still far from its value and learns at the full rate;
//! one whose errors cancel out is near it, and its rate falls toward zero, so the network
//! anneals where it has learnt without a schedule.
//!
//! The two sums are learning state, not part of the network: they live in a file of their own
//! beside the weights ([`Coherence::save`], `FILE.tc` for `FILE`), so that a resumed run goes
//! on at the rates it had rather than every weight at the full rate again, which for a trained
//! network costs a minute of worse play.
//!
//! The file: the magic `TABNTUTC`, the format version (4 bytes), the number of tables (4), each
//! table's length (8 each), the sums as `f32` table after table, and the 64-bit FNV-1a checksum
//! of everything before it, all little-endian.

use std::path::{Path, PathBuf};

use super::file::{checksum, WeightsError};
use super::table::Table;
use super::Network;

/// The first eight bytes of a file of coherence sums.
pub const MAGIC: [u8; 8] = *b"TABNTUTC";

/// The version of the sums file this build writes and reads.
const VERSION: u32 = 1;

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

    /// The sums for the network [`Network::restaged`] made, with `sources`, from the one
    /// these sums serve (of `stages_before` stages): the first stage carved from an old stage
    /// keeps its sums, any later one starts from zero, so that a new stage learns at the full
    /// rate while the stage it came from goes on at the rates it had.
    pub fn restaged(&self, stages_before: usize, sources: &[usize]) -> Coherence {
        let kept: Vec<bool> = sources
            .iter()
            .enumerate()
            .map(|(i, s)| !sources[..i].contains(s))
            .collect();
        let sums = self
            .sums
            .iter()
            .map(|table| {
                let stage_len = table.len() / stages_before;
                let values = sources.iter().zip(&kept).flat_map(|(&s, &keep)| {
                    (s * stage_len..(s + 1) * stage_len)
                        .map(move |i| if keep { table.get(i) } else { 0.0 })
                });
                Table::from_values(stage_len * sources.len(), values)
            })
            .collect();
        Coherence { sums }
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

    /// Brings the sums of weight `weight` of tuple `tuple` toward the cache (see
    /// [`Table::prefetch`]), ahead of its [`Coherence::rate_then_record`].
    #[inline]
    pub fn prefetch(&self, tuple: usize, weight: usize) {
        self.sums[tuple].prefetch(2 * weight);
    }

    /// Where the sums of the network in the weights file `weights` are kept: `weights.tc`.
    pub fn path_beside(weights: &Path) -> PathBuf {
        let mut name = weights.as_os_str().to_owned();
        name.push(".tc");
        PathBuf::from(name)
    }

    /// The file's bytes (see the module docs).
    pub fn to_bytes(&self) -> Vec<u8> {
        let len: usize = self.sums.iter().map(Table::len).sum();
        let mut out = Vec::with_capacity(32 + 8 * self.sums.len() + 4 * len);
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(self.sums.len() as u32).to_le_bytes());
        for table in &self.sums {
            out.extend_from_slice(&(table.len() as u64).to_le_bytes());
        }
        for table in &self.sums {
            for sum in table.values() {
                out.extend_from_slice(&sum.to_le_bytes());
            }
        }
        let sum = checksum(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads the sums of `network` from a file's bytes. Any fault, or sums made for a network
    /// of other tables, is an error, never a panic.
    pub fn from_bytes(bytes: &[u8], network: &Network) -> Result<Coherence, WeightsError> {
        let bad = |reason: String| WeightsError::Sums { reason };
        let lengths: Vec<usize> = network.tables().map(|t| 2 * t.len()).collect();
        let header = MAGIC.len() + 8 + 8 * lengths.len();
        let expected = header + 4 * lengths.iter().sum::<usize>() + 8;
        if bytes.get(..MAGIC.len()) != Some(&MAGIC[..]) {
            return Err(bad(
                "not a file of coherence sums (it does not begin with TABNTUTC)".into(),
            ));
        }
        let word = |at: usize, n: usize| bytes.get(at..at + n);
        let version = word(8, 4).map(|b| u32::from_le_bytes(b.try_into().expect("4 bytes")));
        if version != Some(VERSION) {
            return Err(bad(format!(
                "version {version:?}; this build reads {VERSION}"
            )));
        }
        let found: Option<Vec<u64>> = word(12, 4)
            .map(|b| u32::from_le_bytes(b.try_into().expect("4 bytes")) as usize)
            .filter(|&count| count == lengths.len())
            .and_then(|count| {
                (0..count)
                    .map(|i| {
                        word(16 + 8 * i, 8)
                            .map(|b| u64::from_le_bytes(b.try_into().expect("8 bytes")))
                    })
                    .collect()
            });
        if found.is_none_or(|found| {
            !found
                .iter()
                .map(|&n| n as usize)
                .eq(lengths.iter().copied())
        }) {
            return Err(bad("they were made for a network of other tables".into()));
        }
        if bytes.len() != expected {
            return Err(bad(format!(
                "{} bytes where {expected} are needed",
                bytes.len()
            )));
        }
        let (body, stored) = bytes.split_at(expected - 8);
        if checksum(body) != u64::from_le_bytes(stored.try_into().expect("8 bytes")) {
            return Err(bad("damaged: the checksum does not match".into()));
        }
        let mut at = header;
        let sums = lengths
            .iter()
            .map(|&len| {
                let raw = &body[at..at + 4 * len];
                at += 4 * len;
                Table::from_values(
                    len,
                    raw.chunks_exact(4)
                        .map(|b| f32::from_le_bytes(b.try_into().expect("4 bytes"))),
                )
            })
            .collect();
        Ok(Coherence { sums })
    }

    /// Writes the sums at `path` atomically (a temporary file renamed over it).
    pub fn save(&self, path: &Path) -> Result<(), WeightsError> {
        tabula_core::save::write_atomic(path, &self.to_bytes()).map_err(|e| WeightsError::Io {
            path: path.display().to_string(),
            reason: e.to_string(),
        })
    }

    /// Reads the sums of `network` from the file at `path`: `Ok(None)` if there is none.
    pub fn load(path: &Path, network: &Network) -> Result<Option<Coherence>, WeightsError> {
        match std::fs::read(path) {
            Ok(bytes) => Coherence::from_bytes(&bytes, network).map(Some),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(WeightsError::Io {
                path: path.display().to_string(),
                reason: e.to_string(),
            }),
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

    fn recorded(net: &Network) -> Coherence {
        let coherence = Coherence::for_network(net);
        coherence.rate_then_record(0, 5, 4.0);
        coherence.rate_then_record(0, 5, -1.0);
        coherence.rate_then_record(1, 3, 2.5);
        coherence
    }

    #[test]
    fn sums_round_trip_and_resume_at_their_rates() {
        let net = Network::new(&[vec![0, 1], vec![2]], 0.0).unwrap();
        let bytes = recorded(&net).to_bytes();
        let read = Coherence::from_bytes(&bytes, &net).unwrap();
        // Sums 3 and 5 for weight 5: the rate goes on at 3/5, not at 1.
        assert_eq!(read.rate_then_record(0, 5, 1.0), 3.0 / 5.0);
        assert_eq!(read.rate_then_record(1, 3, 1.0), 1.0);
        assert_eq!(read.rate_then_record(1, 4, 1.0), 1.0);
        assert_eq!(read.to_bytes().len(), bytes.len());
    }

    #[test]
    fn a_stage_carved_from_another_starts_at_the_full_rate() {
        use crate::ntuple::stages::Boundary;
        let net = Network::new(&[vec![0, 1], vec![2]], 0.0).unwrap();
        let sums = recorded(&net);
        let (staged, sources) = net.restaged(&[Boundary::tile(14)]).unwrap();
        let restaged = sums.restaged(1, &sources);
        assert_eq!(
            restaged.to_bytes().len(),
            Coherence::for_network(&staged).to_bytes().len()
        );
        // Weight 5 of tuple 0 in the first stage goes on at 3/5; its copy in the new stage
        // (256 weights on) starts at the full rate.
        assert_eq!(restaged.rate_then_record(0, 5, 1.0), 3.0 / 5.0);
        assert_eq!(restaged.rate_then_record(0, 256 + 5, -1.0), 1.0);
        assert_eq!(restaged.rate_then_record(0, 256 + 5, 1.0), 1.0);
        assert_eq!(restaged.rate_then_record(0, 256 + 5, 1.0), 0.0);
    }

    #[test]
    fn every_fault_is_an_error() {
        let net = Network::new(&[vec![0, 1], vec![2]], 0.0).unwrap();
        let bytes = recorded(&net).to_bytes();
        for len in 0..bytes.len() {
            assert!(Coherence::from_bytes(&bytes[..len], &net).is_err(), "{len}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(Coherence::from_bytes(&longer, &net).is_err());
        for at in [0, 9, 13, 20, 40, bytes.len() - 1] {
            let mut damaged = bytes.clone();
            damaged[at] ^= 0x10;
            assert!(Coherence::from_bytes(&damaged, &net).is_err(), "{at}");
        }
        let other = Network::new(&[vec![0, 1, 2]], 0.0).unwrap();
        let Err(error) = Coherence::from_bytes(&bytes, &other) else {
            panic!("sums of other tables were read");
        };
        assert!(error.to_string().contains("other tables"), "{error}");
    }
}
