//! The data files of `train_eval` (and `probcut_calibrate`, which reads them): labelled
//! positions, each an 18-byte record of the side to move's discs and the other side's
//! (little-endian `u64`), the label (the final disc difference for the side to move, `i8`) and
//! whether the label is exact (`u8`).

use std::fs;

/// Bytes per record.
const RECORD: usize = 18;

/// One labelled position.
#[derive(Clone, Copy)]
pub struct Sample {
    /// The side to move's discs.
    pub own: u64,
    /// The other side's discs.
    pub opp: u64,
    /// The final disc difference for the side to move.
    pub score: i8,
    /// Whether `score` is the perfect-play result rather than the game's.
    pub exact: bool,
}

/// The records of `samples`, in order.
pub fn to_bytes(samples: &[Sample]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(samples.len() * RECORD);
    for s in samples {
        bytes.extend_from_slice(&s.own.to_le_bytes());
        bytes.extend_from_slice(&s.opp.to_le_bytes());
        bytes.push(s.score as u8);
        bytes.push(u8::from(s.exact));
    }
    bytes
}

/// Every record of the files at `paths`, in order; a file that is not a whole number of
/// records is refused.
pub fn read_samples(paths: &[String]) -> Result<Vec<Sample>, String> {
    let mut samples = Vec::new();
    for path in paths {
        let bytes = fs::read(path).map_err(|e| format!("{path}: {e}"))?;
        if bytes.len() % RECORD != 0 {
            return Err(format!("{path}: not a whole number of records"));
        }
        samples.extend(bytes.chunks_exact(RECORD).map(|r| {
            let word = |i: usize| u64::from_le_bytes(r[i..i + 8].try_into().expect("8 bytes"));
            Sample {
                own: word(0),
                opp: word(8),
                score: r[16] as i8,
                exact: r[17] != 0,
            }
        }));
    }
    Ok(samples)
}
