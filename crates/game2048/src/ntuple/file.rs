//! The weights file: our own little-endian binary format.
//!
//! | bytes            | what                                                        |
//! |------------------|-------------------------------------------------------------|
//! | 8                | the magic `TABNTUPL`                                        |
//! | 4                | the format version, [`VERSION`]                             |
//! | 4                | the number of tuples `t` (1 to [`super::MAX_TUPLES`])       |
//! | per tuple 1 + n  | its length `n` (1 to [`super::MAX_TUPLE_LEN`]), its cells   |
//! | 1 + k            | the number `k` of stage boundaries, a byte each ([`Boundary::to_byte`]) |
//! | 8                | training games played                                      |
//! | 4 × (k+1) × Σ 16^n | the weights, `f32`, tuple after tuple, each stage by stage |
//! | 8                | the checksum of everything before it ([`checksum`])         |
//!
//! Version 1 files, written before networks had stages, have no stage part (one stage); this
//! build reads them too. Reading checks each part in that order and says which one is wrong;
//! it never panics, whatever the bytes ([`Network::from_bytes`]).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex};

use super::stages::{check_stages, Boundary};
use super::{check_shapes, Network, Table, Tuple, CELL_VALUES, MAX_TUPLES};

/// The first eight bytes of every weights file.
pub const MAGIC: [u8; 8] = *b"TABNTUPL";

/// The version this build writes (it reads every version from 1 on).
pub const VERSION: u32 = 2;

/// The first version whose files have stages.
const STAGED_VERSION: u32 = 2;

/// The file name the `ntuple` agent looks for in the data directory.
pub const DEFAULT_FILE: &str = "2048-ntuple.bin";

/// The weights file the `ntuple` agent uses without `weights=`: [`DEFAULT_FILE`] in
/// [`tabula_core::save::data_dir`] (`$TABULA_DATA_DIR` where set).
pub fn default_path() -> Option<PathBuf> {
    tabula_core::save::data_dir().map(|dir| dir.join(DEFAULT_FILE))
}

/// Why a weights file could not be read or written.
#[derive(Debug, PartialEq, thiserror::Error)]
pub enum WeightsError {
    /// There is no file there.
    #[error(
        "no weights file {path}: make one with `tabula train 2048 --games 100000 --out {path}`"
    )]
    Missing {
        /// The file.
        path: String,
    },
    /// The system could not read or write it.
    #[error("{path}: {reason}")]
    Io {
        /// The file.
        path: String,
        /// The system's reason.
        reason: String,
    },
    /// It does not begin with [`MAGIC`].
    #[error("not a Tabula 2048 n-tuple weights file (it does not begin with TABNTUPL)")]
    Magic,
    /// It is of another version.
    #[error("weights file version {found}; this build reads versions 1 to {VERSION}")]
    Version {
        /// The version in the file.
        found: u32,
    },
    /// Its tuple shapes are not valid.
    #[error("bad tuple shapes in the weights file: {reason}")]
    Shapes {
        /// What is wrong.
        reason: String,
    },
    /// Its stage boundaries are not valid.
    #[error("bad stage boundaries in the weights file: {reason}")]
    Stages {
        /// What is wrong.
        reason: String,
    },
    /// It ends early.
    #[error("the weights file is truncated: {found} bytes where {expected} are needed")]
    Truncated {
        /// The bytes needed.
        expected: u64,
        /// The bytes there.
        found: u64,
    },
    /// It goes on after the checksum.
    #[error("the weights file has {extra} bytes after its end")]
    Trailing {
        /// The extra bytes.
        extra: u64,
    },
    /// The checksum does not match the contents.
    #[error("the weights file is damaged: its checksum does not match its contents")]
    Checksum,
    /// The temporal coherence sums beside the weights ([`super::coherence`]) cannot be used.
    #[error("the coherence sums beside the weights: {reason}")]
    Sums {
        /// What is wrong.
        reason: String,
    },
}

/// The checksum of the format: 64-bit FNV-1a over the bytes.
pub fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Reads the next `n` bytes of `bytes` at `*at`, or says how long the file had to be.
fn take<'a>(bytes: &'a [u8], at: &mut usize, n: usize) -> Result<&'a [u8], WeightsError> {
    let end = at.checked_add(n).filter(|&end| end <= bytes.len());
    let Some(end) = end else {
        return Err(WeightsError::Truncated {
            expected: (*at as u64).saturating_add(n as u64),
            found: bytes.len() as u64,
        });
    };
    let part = &bytes[*at..end];
    *at = end;
    Ok(part)
}

fn u32_at(bytes: &[u8], at: &mut usize) -> Result<u32, WeightsError> {
    let part = take(bytes, at, 4)?;
    Ok(u32::from_le_bytes(part.try_into().expect("4 bytes")))
}

fn u64_at(bytes: &[u8], at: &mut usize) -> Result<u64, WeightsError> {
    let part = take(bytes, at, 8)?;
    Ok(u64::from_le_bytes(part.try_into().expect("8 bytes")))
}

impl Network {
    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        self.encode().0
    }

    /// The file's bytes, with the count of training games they record.
    fn encode(&self) -> (Vec<u8>, u64) {
        let games = self.games();
        let weights: usize = self.tables().map(Table::len).sum();
        let mut out = Vec::with_capacity(64 + 4 * weights);
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(self.tuples.len() as u32).to_le_bytes());
        for tuple in &self.tuples {
            out.push(tuple.cells.len() as u8);
            out.extend_from_slice(&tuple.cells);
        }
        out.push(self.boundaries.len() as u8);
        out.extend(self.boundaries.iter().map(|b| b.to_byte()));
        out.extend_from_slice(&games.to_le_bytes());
        for table in self.tables() {
            for w in table.values() {
                out.extend_from_slice(&w.to_le_bytes());
            }
        }
        let sum = checksum(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        (out, games)
    }

    /// Reads a network from a file's bytes; any fault is an error, never a panic.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, WeightsError> {
        let mut at = 0;
        if take(bytes, &mut at, MAGIC.len()).map_err(|_| WeightsError::Magic)? != MAGIC {
            return Err(WeightsError::Magic);
        }
        let version = u32_at(bytes, &mut at)?;
        if !(1..=VERSION).contains(&version) {
            return Err(WeightsError::Version { found: version });
        }
        let count = u32_at(bytes, &mut at)?;
        if count == 0 || count as usize > MAX_TUPLES {
            return Err(WeightsError::Shapes {
                reason: format!("{count} tuples; a network has 1 to {MAX_TUPLES}"),
            });
        }
        let mut shapes = Vec::new();
        for _ in 0..count {
            let len = take(bytes, &mut at, 1)?[0];
            shapes.push(take(bytes, &mut at, usize::from(len))?.to_vec());
        }
        check_shapes(&shapes).map_err(|reason| WeightsError::Shapes { reason })?;
        let boundaries = if version >= STAGED_VERSION {
            let count = take(bytes, &mut at, 1)?[0];
            let raw = take(bytes, &mut at, usize::from(count))?;
            raw.iter().map(|&b| Boundary::from_byte(b)).collect()
        } else {
            Vec::new()
        };
        check_stages(&boundaries).map_err(|reason| WeightsError::Stages { reason })?;
        let stages = boundaries.len() + 1;
        let games = u64_at(bytes, &mut at)?;
        let weights: usize = stages
            * shapes
                .iter()
                .map(|s| CELL_VALUES.pow(s.len() as u32))
                .sum::<usize>();
        let expected = (at + 4 * weights + 8) as u64;
        if (bytes.len() as u64) < expected {
            return Err(WeightsError::Truncated {
                expected,
                found: bytes.len() as u64,
            });
        }
        if bytes.len() as u64 > expected {
            return Err(WeightsError::Trailing {
                extra: bytes.len() as u64 - expected,
            });
        }
        let body = &bytes[..bytes.len() - 8];
        let stored = u64::from_le_bytes(bytes[body.len()..].try_into().expect("8 bytes"));
        if checksum(body) != stored {
            return Err(WeightsError::Checksum);
        }
        let mut tuples = Vec::with_capacity(shapes.len());
        for cells in shapes {
            let n = stages * CELL_VALUES.pow(cells.len() as u32);
            let raw = take(bytes, &mut at, 4 * n)?;
            let weights = raw
                .chunks_exact(4)
                .map(|b| f32::from_le_bytes(b.try_into().expect("4 bytes")));
            tuples.push(Tuple::new(cells, Table::from_values(n, weights)));
        }
        Ok(Network {
            tuples,
            boundaries,
            games: AtomicU64::new(games),
        })
    }

    /// Reads the weights file at `path`.
    pub fn load(path: &Path) -> Result<Network, WeightsError> {
        let shown = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => WeightsError::Missing {
                path: shown.clone(),
            },
            _ => WeightsError::Io {
                path: shown.clone(),
                reason: e.to_string(),
            },
        })?;
        Network::from_bytes(&bytes)
    }

    /// Writes the weights file at `path` atomically (a temporary file renamed over it), so an
    /// interrupted save leaves the previous file whole. Returns the count of training games
    /// the file records (threads still training may have gone past it while it was written).
    pub fn save(&self, path: &Path) -> Result<u64, WeightsError> {
        let (bytes, games) = self.encode();
        tabula_core::save::write_atomic(path, &bytes).map_err(|e| WeightsError::Io {
            path: path.display().to_string(),
            reason: e.to_string(),
        })?;
        Ok(games)
    }
}

/// The network in the weights file at `path`, read once per process and shared: every game of
/// a run builds a new agent, and the standard network is 268 MB. A file that fails to load is
/// read again next time.
pub fn shared(path: &Path) -> Result<Arc<Network>, WeightsError> {
    static LOADED: Mutex<Option<HashMap<PathBuf, Arc<Network>>>> = Mutex::new(None);
    let mut loaded = LOADED
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let map = loaded.get_or_insert_with(HashMap::new);
    if let Some(network) = map.get(path) {
        return Ok(Arc::clone(network));
    }
    let network = Arc::new(Network::load(path)?);
    map.insert(path.to_path_buf(), Arc::clone(&network));
    Ok(network)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    fn small() -> Network {
        let net = Network::new(&[vec![0, 1, 2], vec![5, 6]], 0.0).unwrap();
        net.update(Board(0x0000_0000_0210_0321), 100.0);
        net.count_game();
        net
    }

    #[test]
    fn bytes_round_trip() {
        let net = small();
        assert_eq!(Network::from_bytes(&net.to_bytes()), Ok(net));
    }

    #[test]
    fn every_truncation_is_an_error() {
        let bytes = small().to_bytes();
        for len in 0..bytes.len() {
            let error = Network::from_bytes(&bytes[..len]).unwrap_err();
            assert!(
                matches!(error, WeightsError::Truncated { .. } | WeightsError::Magic),
                "{len}: {error:?}"
            );
        }
    }
}
