//! The players 2048 offers, by name: `expectimax` (`depth=` plies from 1 to [`MAX_DEPTH`],
//! `time=` milliseconds per move up to an hour, or `mean=` milliseconds per move on average over
//! the game, [`crate::engine::TimeBank`], with `late=SUM` saving time on the moves before the
//! tiles' sum reaches `SUM` for the moves after), `ntuple` (the same search scored by a trained
//! n-tuple network from `weights=PATH`, by default [`crate::ntuple::file::default_path`],
//! valuing late boards by tile downgrading from `downgrade=TILE`, [`crate::ntuple::downgrade`]),
//! `greedy` and `random`.

use std::path::PathBuf;
use std::time::Duration;

use tabula_core::{Agent, AgentCatalog, AgentEntry, AgentError, AgentSpec, Knob, RandomAgent};

use crate::engine::{Evaluator, Expectimax};
use crate::greedy::Greedy;
use crate::ntuple::downgrade::{Downgrading, DEFAULT_FROM};
use crate::ntuple::file::{default_path, shared, DEFAULT_FILE};
use crate::rules::Game2048;

/// The deepest `expectimax:depth=` accepted: on a crowded board (two empty cells) depth 12
/// takes about 0.2 s a move, 16 about 1.3 s and 20 about 10 s, each extra two plies costing
/// several times more.
pub const MAX_DEPTH: u64 = 12;

/// `mean`: milliseconds per move on average over the game, in the range of [`Knob::TIME`].
const MEAN: Knob = Knob {
    key: "mean",
    ..Knob::TIME
};

/// `late`: with `mean`, the tiles' sum from which the late game begins, for which moves before
/// it save time.
const LATE: Knob = Knob {
    key: "late",
    min: 1,
    max: 1 << 20,
    path: false,
};

/// The keys `expectimax` takes.
const EXPECTIMAX_KEYS: &[Knob] = &[Knob::depth(MAX_DEPTH), Knob::TIME, MEAN, LATE];

/// `downgrade`: the tile from which `ntuple` values boards by tile downgrading, 0 for never.
const DOWNGRADE: Knob = Knob {
    key: "downgrade",
    min: 0,
    max: 32768,
    path: false,
};

/// The keys `ntuple` takes.
const NTUPLE_KEYS: &[Knob] = &[
    Knob::depth(MAX_DEPTH),
    Knob::TIME,
    MEAN,
    LATE,
    Knob::path("weights"),
    DOWNGRADE,
];

/// The depth `ntuple` searches with neither `depth=` nor `time=`: three slides with the two new
/// tiles between them (a network look-up costs more than a heuristic one).
pub const NTUPLE_DEFAULT_DEPTH: u32 = 5;

impl AgentCatalog for Game2048 {
    fn agents() -> Vec<AgentEntry<Self>> {
        vec![
            AgentEntry {
                name: "expectimax",
                summary: "expectimax over the new tiles with the strong programs' heuristic \
                          (depth= plies, default 7; time= ms per move, or mean= ms per move on \
                          average over the game, with late=SUM saving time before the tiles' \
                          sum reaches SUM for the moves after)",
                argument: None,
                keys: EXPECTIMAX_KEYS,
                build: build_expectimax,
            },
            AgentEntry {
                name: "ntuple",
                summary: "expectimax scored by an n-tuple network trained with `tabula train \
                          2048` (weights=PATH, default 2048-ntuple.bin in the data directory; \
                          depth= plies, default 5; time= ms per move, or mean= ms per move on \
                          average over the game, with late=SUM as for expectimax; \
                          downgrade=TILE values boards with that tile or larger as if the tiles \
                          above their largest missing one were halved, default 16384, 0 never)",
                argument: None,
                keys: NTUPLE_KEYS,
                build: build_ntuple,
            },
            AgentEntry {
                name: "greedy",
                summary: "the slide that scores most right now",
                argument: None,
                keys: &[],
                build: build_greedy,
            },
            RandomAgent::entry(),
        ]
    }

    const ANALYZER: &'static str = "expectimax";
    const OPPONENT: &'static str = "expectimax";
}

fn build_expectimax(spec: &AgentSpec) -> Result<Box<dyn Agent<Game2048>>, AgentError> {
    let search = Expectimax::new(spec.depth()?, spec.time_ms()?.map(Duration::from_millis));
    Ok(Box::new(with_mean_time(search, spec)?))
}

/// `search` keeping to the spec's `mean=` time per move over the game, if it has one (and
/// not also `time=`, which would say something else).
fn with_mean_time<E: Evaluator>(
    search: Expectimax<E>,
    spec: &AgentSpec,
) -> Result<Expectimax<E>, AgentError> {
    let late_from = spec.number("late", LATE.min..=LATE.max)?;
    let Some(mean) = spec.number("mean", MEAN.min..=MEAN.max)? else {
        return match late_from {
            Some(late_from) => Err(AgentError::BadValue {
                agent: spec.name().to_string(),
                key: "late".to_string(),
                value: late_from.to_string(),
                reason: "saves time for the late game out of a mean time: give mean= too"
                    .to_string(),
            }),
            None => Ok(search),
        };
    };
    if spec.get("time").is_some() {
        return Err(AgentError::BadValue {
            agent: spec.name().to_string(),
            key: "mean".to_string(),
            value: mean.to_string(),
            reason: "give time= (each move) or mean= (on average over the game), not both"
                .to_string(),
        });
    }
    let search = search.with_mean_time(Duration::from_millis(mean));
    Ok(match late_from {
        Some(late_from) => search.saving_for_late_game(late_from),
        None => search,
    })
}

fn build_ntuple(spec: &AgentSpec) -> Result<Box<dyn Agent<Game2048>>, AgentError> {
    let bad = |value: String, reason: String| AgentError::BadValue {
        agent: "ntuple".to_string(),
        key: "weights".to_string(),
        value,
        reason,
    };
    let path = match spec.get("weights") {
        Some(path) => PathBuf::from(path),
        None => default_path().ok_or_else(|| {
            bad(
                DEFAULT_FILE.to_string(),
                "there is no data directory (set TABULA_DATA_DIR or HOME), so give weights=PATH"
                    .to_string(),
            )
        })?,
    };
    let network = shared(&path).map_err(|e| bad(path.display().to_string(), e.to_string()))?;
    let search = Expectimax::with_evaluator(
        Downgrading::new(network, downgrade_from(spec)?),
        spec.depth()?,
        spec.time_ms()?.map(Duration::from_millis),
        NTUPLE_DEFAULT_DEPTH,
    );
    Ok(Box::new(with_mean_time(search, spec)?))
}

/// The tile exponent from which the spec's `downgrade=` tile downgrades (default
/// [`crate::ntuple::downgrade::DEFAULT_FROM`]), `None` for `downgrade=0`.
fn downgrade_from(spec: &AgentSpec) -> Result<Option<u8>, AgentError> {
    match spec.number("downgrade", DOWNGRADE.min..=DOWNGRADE.max)? {
        None => Ok(Some(DEFAULT_FROM)),
        Some(0) => Ok(None),
        Some(tile) if tile >= 2 && tile.is_power_of_two() => Ok(Some(tile.trailing_zeros() as u8)),
        Some(tile) => Err(AgentError::BadValue {
            agent: spec.name().to_string(),
            key: "downgrade".to_string(),
            value: tile.to_string(),
            reason: "must be a tile (2, 4, 8, … 32768) or 0 for never".to_string(),
        }),
    }
}

fn build_greedy(spec: &AgentSpec) -> Result<Box<dyn Agent<Game2048>>, AgentError> {
    Ok(Box::new(Greedy::new(spec.rng()?)))
}
