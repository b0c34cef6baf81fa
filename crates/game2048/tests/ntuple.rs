//! The n-tuple network: its weights file (every kind of bad file is a clear error, random bytes
//! never panic), TD learning moving the values the right way, and the `ntuple` agent.

use std::path::Path;
use std::sync::Arc;

use proptest::prelude::*;
use tabula_2048::board::Board;
use tabula_2048::engine::Expectimax;
use tabula_2048::ntuple::coherence::Coherence;
use tabula_2048::ntuple::file::{checksum, WeightsError, MAGIC, VERSION};
use tabula_2048::ntuple::stages::Boundary;
use tabula_2048::ntuple::train::{Trainer, DEFAULT_ALPHA};
use tabula_2048::ntuple::Network;
use tabula_2048::runner::play_game;
use tabula_2048::Game2048;
use tabula_core::{AgentCatalog, AgentError};

/// Two row tuples: 2 × 65,536 weights, quick to train and save.
fn tiny() -> Network {
    Network::new(&[vec![0, 1, 2, 3], vec![4, 5, 6, 7]], 0.0).unwrap()
}

fn trained(games: usize, seed: u64) -> Network {
    let net = tiny();
    let mut trainer = Trainer::new(seed, DEFAULT_ALPHA);
    for _ in 0..games {
        trainer.play(&net);
    }
    net
}

/// The header of a file with these tuples (magic, version, count, shapes, from version 2
/// no stage boundaries, games).
fn header(version: u32, shapes: &[&[u8]]) -> Vec<u8> {
    staged_header(version, shapes, &[])
}

/// [`header`] with stage boundaries (written only from version 2).
fn staged_header(version: u32, shapes: &[&[u8]], boundaries: &[u8]) -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    out.extend_from_slice(&version.to_le_bytes());
    out.extend_from_slice(&(shapes.len() as u32).to_le_bytes());
    for shape in shapes {
        out.push(shape.len() as u8);
        out.extend_from_slice(shape);
    }
    if version >= 2 {
        out.push(boundaries.len() as u8);
        out.extend_from_slice(boundaries);
    }
    out.extend_from_slice(&0u64.to_le_bytes());
    out
}

/// Boards with each largest tile from 2 to 32768, the rest small tiles in a fixed pattern.
fn boards_of_every_stage() -> Vec<Board> {
    (1u64..=15)
        .map(|largest| Board(largest | 0x0000_1234_2100_3210 << 4))
        .collect()
}

/// `body` followed by its checksum.
fn sealed(mut body: Vec<u8>) -> Vec<u8> {
    let sum = checksum(&body);
    body.extend_from_slice(&sum.to_le_bytes());
    body
}

#[test]
fn a_saved_network_loads_back_equal() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("net.bin");
    let net = trained(5, 1);
    assert_eq!(net.save(&path), Ok(5));
    assert_eq!(Network::load(&path).unwrap(), net);
    assert_eq!(net.games(), 5);
}

#[test]
fn a_missing_file_names_the_training_command() {
    let error = Network::load(Path::new("/nonexistent/2048-ntuple.bin")).unwrap_err();
    assert!(matches!(error, WeightsError::Missing { .. }), "{error:?}");
    let message = error.to_string();
    assert!(
        message.contains("tabula train 2048") && message.contains("/nonexistent/2048-ntuple.bin"),
        "{message}"
    );
}

#[test]
fn a_directory_is_an_io_error() {
    let dir = tempfile::tempdir().unwrap();
    let error = Network::load(dir.path()).unwrap_err();
    assert!(matches!(error, WeightsError::Io { .. }), "{error:?}");
}

#[test]
fn wrong_magic_and_version_are_refused() {
    let good = tiny().to_bytes();
    let mut bad = good.clone();
    bad[0] = b'X';
    assert_eq!(Network::from_bytes(&bad), Err(WeightsError::Magic));
    assert_eq!(Network::from_bytes(b"PNG"), Err(WeightsError::Magic));
    let mut newer = good.clone();
    newer[8..12].copy_from_slice(&(VERSION + 1).to_le_bytes());
    assert_eq!(
        Network::from_bytes(&newer),
        Err(WeightsError::Version { found: VERSION + 1 })
    );
}

/// The stages beginning at these tiles (exponents).
fn at_tiles(exponents: &[u8]) -> Vec<Boundary> {
    exponents.iter().map(|&e| Boundary::tile(e)).collect()
}

#[test]
fn a_network_given_stages_values_every_board_as_before() {
    let net = trained(20, 4);
    let (staged, sources) = net.clone().restaged(&at_tiles(&[11, 13])).unwrap();
    assert_eq!(staged.stage_boundaries(), at_tiles(&[11, 13]));
    assert_eq!(sources, [0, 0, 0]);
    for board in boards_of_every_stage() {
        assert_eq!(staged.evaluate(board), net.evaluate(board), "{board:?}");
    }
    // The same stages again change nothing; a stage more (a pair of tiles inside the last
    // stage) is carved from the stage it splits; a stage fewer is refused.
    assert_eq!(
        staged.clone().restaged(&at_tiles(&[11, 13])).unwrap().0,
        staged
    );
    let more = [
        Boundary::tile(11),
        Boundary::tile(13),
        Boundary::pair(13, 12),
    ];
    let (finer, sources) = staged.clone().restaged(&more).unwrap();
    assert_eq!(sources, [0, 1, 2, 2]);
    for board in boards_of_every_stage() {
        assert_eq!(finer.evaluate(board), net.evaluate(board), "{board:?}");
    }
    let error = staged.restaged(&at_tiles(&[12])).unwrap_err();
    assert!(error.contains("has stages from 2048,8192"), "{error}");
}

#[test]
fn each_stage_learns_apart() {
    let (net, _) = tiny().restaged(&at_tiles(&[11, 13])).unwrap();
    let boards = boards_of_every_stage();
    // A board whose largest tile is 4096 (exponent 12) lies in the middle stage.
    let middle = boards[11];
    net.update(middle, 800.0);
    for board in &boards {
        let stage = (board.max_exponent() >= 11) as u8 + (board.max_exponent() >= 13) as u8;
        let value = net.evaluate(*board);
        if stage == 1 {
            assert!(value > 100.0, "{board:?} shares the middle stage: {value}");
        } else {
            assert_eq!(value, 0.0, "{board:?} is in stage {stage}");
        }
    }
}

#[test]
fn a_stage_begun_by_two_tiles_learns_apart_from_the_largest_tile_s() {
    let wall = [Boundary::tile(14), Boundary::pair(14, 13)];
    let (net, _) = tiny().restaged(&wall).unwrap();
    // Row tuples only see the first two rows: 16384 with 4096 (stage 1), with 8192 (stage 2).
    let building = Board(0x0000_0000_0001_00ce);
    let at_the_wall = Board(0x0000_0000_0001_00de);
    net.update(at_the_wall, 800.0);
    assert!(net.evaluate(at_the_wall) > 100.0);
    assert_eq!(net.evaluate(building), 0.0);
    assert_eq!(Network::from_bytes(&net.to_bytes()), Ok(net));
}

#[test]
fn a_staged_network_loads_back_equal_and_a_version_1_file_still_loads() {
    let (staged, _) = trained(5, 2).restaged(&at_tiles(&[13])).unwrap();
    assert_eq!(Network::from_bytes(&staged.to_bytes()), Ok(staged));

    // Version 1 had no stage part: the same network written that way reads as one stage.
    let net = trained(5, 2);
    let bytes = net.to_bytes();
    let stage_part = header(VERSION, &[&[0, 1, 2, 3], &[4, 5, 6, 7]]).len() - 9;
    assert_eq!(bytes[stage_part], 0, "no boundaries");
    let mut old = bytes[..bytes.len() - 8].to_vec();
    old.remove(stage_part);
    old[8..12].copy_from_slice(&1u32.to_le_bytes());
    assert_eq!(Network::from_bytes(&sealed(old)), Ok(net));
}

#[test]
fn bad_stage_boundaries_are_refused_before_the_weights_are_read() {
    let shapes: &[&[u8]] = &[&[0, 1]];
    // 16 is a pair of tiles without its larger; 13 + 16 × 14 a pair with the larger second.
    for bad in [
        &[13, 13][..],
        &[14, 13],
        &[0],
        &[16],
        &[2, 4, 6, 8, 10],
        &[13 + 16 * 14],
    ] {
        let bytes = sealed(staged_header(VERSION, shapes, bad));
        let error = Network::from_bytes(&bytes).unwrap_err();
        assert!(
            matches!(error, WeightsError::Stages { .. }),
            "{bad:?}: {error:?}"
        );
    }
}

#[test]
fn wrong_shapes_are_refused_before_the_weights_are_read() {
    let shapes: [&[&[u8]]; 5] = [
        &[],
        &[&[]],
        &[&[0, 16]],
        &[&[2, 2]],
        &[&[0, 1, 2, 3, 4, 5, 6]],
    ];
    for bad in shapes {
        let bytes = sealed(header(VERSION, bad));
        let error = Network::from_bytes(&bytes).unwrap_err();
        assert!(
            matches!(error, WeightsError::Shapes { .. }),
            "{bad:?}: {error:?}"
        );
    }
    // A count far beyond the limit is refused without reading on.
    let mut huge = header(VERSION, &[&[0]]);
    huge[12..16].copy_from_slice(&u32::MAX.to_le_bytes());
    assert!(matches!(
        Network::from_bytes(&huge),
        Err(WeightsError::Shapes { .. })
    ));
}

#[test]
fn truncated_and_overlong_files_are_refused() {
    let good = tiny().to_bytes();
    for cut in [12, 20, 30, good.len() / 2, good.len() - 1] {
        let error = Network::from_bytes(&good[..cut]).unwrap_err();
        assert!(
            matches!(error, WeightsError::Truncated { .. }),
            "{cut}: {error:?}"
        );
    }
    let mut long = good.clone();
    long.push(0);
    assert_eq!(
        Network::from_bytes(&long),
        Err(WeightsError::Trailing { extra: 1 })
    );
}

#[test]
fn a_damaged_weight_fails_the_checksum() {
    let mut bytes = trained(3, 2).to_bytes();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x40;
    assert_eq!(Network::from_bytes(&bytes), Err(WeightsError::Checksum));
}

proptest! {
    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let _ = Network::from_bytes(&bytes);
    }

    #[test]
    fn random_headers_never_panic(
        version in 0u32..4,
        shapes in proptest::collection::vec(proptest::collection::vec(0u8..20, 0..8), 0..4),
        boundaries in proptest::collection::vec(any::<u8>(), 0..7),
        tail in proptest::collection::vec(any::<u8>(), 0..64),
    ) {
        let shapes: Vec<&[u8]> = shapes.iter().map(Vec::as_slice).collect();
        let mut bytes = staged_header(version, &shapes, &boundaries);
        bytes.extend_from_slice(&tail);
        prop_assert!(Network::from_bytes(&bytes).is_err());
    }

    /// The coherence sums file (`FILE.tc`): random bytes, and a true file with bytes changed,
    /// cut or added, are errors, never a panic.
    #[test]
    fn bad_coherence_sums_are_errors(
        noise in proptest::collection::vec(any::<u8>(), 0..200),
        at in any::<prop::sample::Index>(),
        flip in 1u8..=255,
        cut in any::<prop::sample::Index>(),
    ) {
        let net = Network::new(&[vec![0, 1], vec![2]], 0.0).unwrap();
        prop_assert!(Coherence::from_bytes(&noise, &net).is_err());
        let good = Coherence::for_network(&net).to_bytes();
        let mut changed = good.clone();
        changed[at.index(good.len())] ^= flip;
        prop_assert!(Coherence::from_bytes(&changed, &net).is_err());
        prop_assert!(Coherence::from_bytes(&good[..cut.index(good.len())], &net).is_err());
        let mut longer = good.clone();
        longer.extend_from_slice(&noise);
        prop_assert_eq!(Coherence::from_bytes(&longer, &net).is_ok(), noise.is_empty());
    }
}

/// The mean score of `net` searching one slide deep (reward plus value) on seeds 100..100 + n.
fn mean_score(net: Network, games: u64) -> f64 {
    let net = Arc::new(net);
    let total: u64 = (0..games)
        .map(|i| {
            let mut agent = Expectimax::with_evaluator(Arc::clone(&net), Some(1), None, 1);
            play_game(&mut agent, 100 + i).0.score()
        })
        .sum();
    total as f64 / games as f64
}

#[test]
fn td_learning_beats_the_untrained_network_on_the_same_seeds() {
    let untrained = mean_score(tiny(), 20);
    let learnt = mean_score(trained(400, 7), 20);
    assert!(
        learnt > untrained * 1.3,
        "trained {learnt:.0} against untrained {untrained:.0}"
    );
}

#[test]
fn coherence_learning_beats_the_untrained_network_on_the_same_seeds() {
    let untrained = mean_score(tiny(), 20);
    let net = tiny();
    let coherence = Coherence::for_network(&net);
    let mut trainer = Trainer::new(7, 1.0).with_coherence(&coherence);
    for _ in 0..400 {
        trainer.play(&net);
    }
    let learnt = mean_score(net, 20);
    assert!(
        learnt > untrained * 1.3,
        "trained {learnt:.0} against untrained {untrained:.0}"
    );
}

/// The network values afterstates (boards just slid), so a search that stops on a board with
/// a new tile takes its best slide first: two plies value each slide as three do, and four as
/// five. (Evaluating the tiled boards themselves had made depth 6 far weaker than depth 5.)
#[test]
fn an_even_depth_ends_on_afterstates_like_the_odd_depth_above_it() {
    use tabula_core::Game;
    let net = Arc::new(trained(200, 3));
    let state = Game2048::parse_position("2,4,8,0,0,16,2,0,4,0,0,2,0,0,0,2").unwrap();
    for even in [2, 4] {
        let mut search = Expectimax::with_evaluator(Arc::clone(&net), Some(even), None, 1);
        let at_even = search.search(&state, Some(even), None).values;
        let mut search = Expectimax::with_evaluator(Arc::clone(&net), Some(even + 1), None, 1);
        let at_odd = search.search(&state, Some(even + 1), None).values;
        assert_eq!(at_even.len(), at_odd.len());
        for ((dir, a), (same, b)) in at_even.iter().zip(&at_odd) {
            assert_eq!(dir, same);
            assert!(
                (a - b).abs() <= 1e-3 * b.abs().max(1.0),
                "{even}: {a} against {b}"
            );
        }
        assert!(at_even.iter().any(|&(_, v)| v > 100.0), "{at_even:?}");
    }
}

#[test]
fn learning_raises_the_value_of_an_early_position() {
    // An opening afterstate: with a zero start its value can only have risen toward the score
    // still to come (thousands of points).
    let board = tabula_2048::Board(0x0000_0000_0000_0021);
    assert_eq!(tiny().evaluate(board), 0.0);
    assert!(trained(200, 3).evaluate(board) > 100.0);
}

#[test]
fn the_ntuple_agent_plays_from_a_weights_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("net.bin");
    trained(50, 4).save(&path).unwrap();
    let spec = format!("ntuple:weights={},depth=3", path.display());
    let mut agent = Game2048::agent_from_str(&spec).unwrap();
    let (end, moves, _) = play_game(agent.as_mut(), 9);
    assert!(moves > 20 && end.score() > 0);
}

#[test]
fn the_ntuple_agent_says_what_is_wrong_with_its_weights() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("none.bin");
    let garbage = dir.path().join("garbage.bin");
    std::fs::write(&garbage, b"not weights").unwrap();
    for (path, expected) in [
        (&missing, "tabula train 2048"),
        (&garbage, "not a Tabula 2048 n-tuple weights file"),
    ] {
        let spec = format!("ntuple:weights={}", path.display());
        match Game2048::agent_from_str(&spec) {
            Err(AgentError::BadValue { key, reason, .. }) => {
                assert_eq!(key, "weights");
                assert!(reason.contains(expected), "{reason}");
            }
            Err(other) => panic!("{other:?}"),
            Ok(_) => panic!("{spec} built an agent"),
        }
    }
    assert!(matches!(
        Game2048::agent_from_str("ntuple:depth=13"),
        Err(AgentError::BadValue { .. })
    ));
}

#[test]
fn the_ntuple_agent_downgrades_from_a_tile_or_never() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("net.bin");
    trained(20, 5).save(&path).unwrap();
    for tile in ["0", "2", "8192", "32768"] {
        let spec = format!("ntuple:weights={},depth=1,downgrade={tile}", path.display());
        assert!(Game2048::agent_from_str(&spec).is_ok(), "{spec}");
    }
    for (tile, expected) in [
        ("1000", "must be a tile"),
        ("1", "must be a tile"),
        ("65536", "from 0 to 32768"),
        ("big", "expected a number"),
    ] {
        let spec = format!("ntuple:weights={},downgrade={tile}", path.display());
        match Game2048::agent_from_str(&spec) {
            Err(AgentError::BadValue { key, reason, .. }) => {
                assert_eq!(key, "downgrade");
                assert!(reason.contains(expected), "{spec}: {reason}");
            }
            Err(other) => panic!("{other:?}"),
            Ok(_) => panic!("{spec} built an agent"),
        }
    }
}
