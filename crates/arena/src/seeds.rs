//! Per-game seeds. Game `k` of a match with seed `s` gets the `k`-th output of a SplitMix64
//! stream started at `s`, so a game's seed depends only on the match seed and its number: the
//! same whatever the thread count, the shard, or the order in which games finish. From the
//! game's seed a second stream draws the first-player coin and the seeds of both agents and of
//! the dealer of chance events.

/// SplitMix64's increment (the golden ratio in 64-bit fixed point).
const GOLDEN: u64 = 0x9e37_79b9_7f4a_7c15;

/// One step of SplitMix64 (Steele, Lea and Flood 2014): advance `state`, return a mixed value.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(GOLDEN);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The random choices of one game, all drawn from its seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSeeds {
    /// The game's own seed (written to the game records).
    pub game: u64,
    /// The coin for `--first random`: true when A moves first.
    pub coin: bool,
    /// Agent A's seed, unless its spec names one.
    pub a: u64,
    /// Agent B's seed, unless its spec names one.
    pub b: u64,
    /// The seed of the dealer of chance events.
    pub dealer: u64,
}

impl GameSeeds {
    /// The seeds of game `number` (from 0) of a match seeded with `match_seed`.
    pub fn of_game(match_seed: u64, number: u64) -> Self {
        let mut stream = match_seed.wrapping_add(number.wrapping_mul(GOLDEN));
        GameSeeds::from_game_seed(splitmix(&mut stream))
    }

    /// The seeds drawn from a game's own seed.
    pub fn from_game_seed(game: u64) -> Self {
        let mut stream = game;
        GameSeeds {
            game,
            coin: splitmix(&mut stream) >> 63 == 1,
            a: splitmix(&mut stream),
            b: splitmix(&mut stream),
            dealer: splitmix(&mut stream),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_matches_the_reference_outputs() {
        // The first outputs of SplitMix64 seeded with 1234567, as Rosetta Code's SplitMix64
        // task lists them (checked here with an independent Python 3 transcription of
        // Vigna's splitmix64.c).
        let mut state = 1_234_567;
        let outputs: Vec<u64> = (0..3).map(|_| splitmix(&mut state)).collect();
        assert_eq!(
            outputs,
            [
                6_457_827_717_110_365_317,
                3_203_168_211_198_807_973,
                9_817_491_932_198_370_423
            ]
        );
    }

    #[test]
    fn game_seeds_are_the_stream_of_the_match_seed() {
        let mut stream = 42;
        for number in 0..5 {
            assert_eq!(GameSeeds::of_game(42, number).game, splitmix(&mut stream));
        }
    }
}
