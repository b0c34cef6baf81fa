//! The midgame evaluation, in hundredths of a disc from the side to move's point of view: the sum
//! of the weights of the position's [pattern features](super::pattern) for its game stage.
//!
//! The weights were fitted by `examples/train_eval.rs` to the exact final scores of positions
//! from self-play games (see that file for the recipe) and ship as `data/weights.bin`: the magic
//! `TABW`, then the stage count and the stage size as little-endian `u32`, then every stage's
//! weights as little-endian `i16`.

use std::path::Path;
use std::sync::{Arc, OnceLock};

use super::pattern::{fold, stage, MAX_WEIGHT, STAGES, STAGE_SIZE};
use super::slots::{Slots, View};

/// The score unit: one disc is worth this much.
pub const DISC: i32 = 100;

/// The shipped weights file.
const WEIGHTS_FILE: &[u8] = include_bytes!("../../data/weights.bin");

/// The file's first bytes.
pub const MAGIC: &[u8; 4] = b"TABW";

/// Reads a weights file: every stage's table, or why the file does not fit these patterns.
pub fn parse_weights(bytes: &[u8]) -> Result<Vec<i16>, String> {
    let header = |i: usize| -> Option<usize> {
        let word = bytes.get(4 + 4 * i..8 + 4 * i)?;
        Some(u32::from_le_bytes(word.try_into().ok()?) as usize)
    };
    if bytes.get(..4) != Some(MAGIC) {
        return Err("not a weights file (no TABW magic)".into());
    }
    if header(0) != Some(STAGES) || header(1) != Some(STAGE_SIZE) {
        return Err(format!(
            "weights for {:?} stages of {:?}, expected {STAGES} of {STAGE_SIZE}",
            header(0),
            header(1)
        ));
    }
    let body = &bytes[12..];
    if body.len() != 2 * STAGES * STAGE_SIZE {
        return Err(format!(
            "{} weight bytes, expected {}",
            body.len(),
            2 * STAGES * STAGE_SIZE
        ));
    }
    let weights: Vec<i16> = body
        .chunks_exact(2)
        .map(|pair| i16::from_le_bytes([pair[0], pair[1]]))
        .collect();
    if weights
        .iter()
        .any(|w| w.unsigned_abs() > MAX_WEIGHT.unsigned_abs())
    {
        return Err(format!("a weight beyond ±{MAX_WEIGHT}"));
    }
    Ok(weights)
}

/// Writes weights in the format [`parse_weights`] reads.
pub fn weights_bytes(weights: &[i16]) -> Vec<u8> {
    let mut bytes = MAGIC.to_vec();
    bytes.extend_from_slice(&(STAGES as u32).to_le_bytes());
    bytes.extend_from_slice(&(STAGE_SIZE as u32).to_le_bytes());
    for w in weights {
        bytes.extend_from_slice(&w.to_le_bytes());
    }
    bytes
}

/// A set of evaluation weights, every stage's table [folded](fold) for reading: the shipped
/// ones, or a file of the same form (`engine:weights=PATH`). Cloning shares the tables.
#[derive(Clone)]
pub struct Evaluation {
    stages: Arc<[Vec<i16>]>,
}

impl Evaluation {
    /// The weights shipped with the engine (`data/weights.bin`).
    pub fn shipped() -> Self {
        shipped().clone()
    }

    /// The weights of a weights file's bytes, or why they do not fit these patterns.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, String> {
        let weights = parse_weights(bytes)?;
        Ok(Evaluation {
            stages: weights.chunks_exact(STAGE_SIZE).map(fold).collect(),
        })
    }

    /// The weights of the file at `path`, or why it cannot be read or does not fit.
    pub fn load(path: &Path) -> Result<Self, String> {
        let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
        Evaluation::from_bytes(&bytes)
    }

    /// [`evaluate`] from the side to move's [`View`] of the position's slots, kept up to date
    /// by a search.
    #[inline]
    pub fn evaluate_view(&self, view: &View, own: u64, opp: u64) -> i32 {
        let empties = (!(own | opp)).count_ones();
        view.evaluate(&self.stages[stage(empties)], own, opp)
    }
}

/// The shipped weights, read once.
fn shipped() -> &'static Evaluation {
    static SHIPPED: OnceLock<Evaluation> = OnceLock::new();
    SHIPPED.get_or_init(|| {
        // The file is part of the build: a mismatch is a bug caught by the crate's tests.
        Evaluation::from_bytes(WEIGHTS_FILE).expect("the shipped weights file matches the patterns")
    })
}

/// Estimates the position for the side owning `own`, with the shipped weights.
#[inline]
pub fn evaluate(own: u64, opp: u64) -> i32 {
    shipped().evaluate_view(Slots::new(own, opp).to_move(), own, opp)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_weights_load_and_round_trip() {
        let weights = parse_weights(WEIGHTS_FILE).unwrap();
        assert_eq!(weights_bytes(&weights), WEIGHTS_FILE);
    }

    #[test]
    fn a_loaded_file_evaluates_as_its_weights_say() {
        let (own, opp) = (0x0000_0010_0800_0000, 0x0000_0008_1000_0000);
        let shipped = Evaluation::shipped();
        let view = Slots::new(own, opp);
        let same = Evaluation::from_bytes(WEIGHTS_FILE).unwrap();
        assert_eq!(
            same.evaluate_view(view.to_move(), own, opp),
            shipped.evaluate_view(view.to_move(), own, opp)
        );
        let zero = Evaluation::from_bytes(&weights_bytes(&vec![0; STAGES * STAGE_SIZE])).unwrap();
        assert_eq!(zero.evaluate_view(view.to_move(), own, opp), 0);
        assert_ne!(shipped.evaluate_view(view.to_move(), own, opp), 0);
        assert!(Evaluation::load(Path::new("/no/such/weights.bin")).is_err());
    }

    #[test]
    fn malformed_weight_files_are_refused() {
        assert!(parse_weights(b"").is_err());
        assert!(parse_weights(b"TABW\x10\0\0\0").is_err());
        let mut short = weights_bytes(&[0; 3]);
        assert!(parse_weights(&short).is_err());
        short[0] = b'X';
        assert!(parse_weights(&short).is_err());
    }
}
