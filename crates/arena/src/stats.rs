//! The statistics of a match: a binomial confidence interval, Elo differences and their
//! intervals, and Elo ratings fitted to a crosstable.
//!
//! The formulas are the textbook ones:
//! - Wilson's score interval for a proportion (Wilson 1927; Agresti & Coull 1998);
//! - the logistic Elo model, `score = 1 / (1 + 10^(-diff/400))`, inverted to
//!   `diff = -400 log10(1/score - 1)`;
//! - the Elo interval maps the normal-approximation interval of the mean score per game (with
//!   the trinomial variance of wins, draws and losses) through that same curve, as cutechess-cli
//!   and most engine testers report it;
//! - ratings are the maximum-likelihood Bradley–Terry strengths on the Elo scale (draws count as
//!   half a win), found with Hunter's (2004) minorization–maximization iteration.

/// The 97.5th percentile of the standard normal distribution: a two-sided 95 % interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Wilson's 95 % score interval `[low, high]` for `successes` out of `trials`; `None` when there
/// were no trials.
pub fn wilson_interval(successes: u64, trials: u64) -> Option<[f64; 2]> {
    if trials == 0 {
        return None;
    }
    let n = trials as f64;
    let p = successes as f64 / n;
    let z2 = Z95 * Z95;
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = Z95 / denominator * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    Some([(centre - half).max(0.0), (centre + half).min(1.0)])
}

/// The Elo difference that makes `score` (0 to 1) the expected score; `None` for 0 and 1,
/// where it is infinite, and outside that range.
pub fn elo_from_score(score: f64) -> Option<f64> {
    (score > 0.0 && score < 1.0).then(|| -400.0 * (1.0 / score - 1.0).log10() + 0.0)
}

/// The Elo difference of a player who won, drew and lost these numbers of games, with its 95 %
/// interval `[low, high]`. The difference is `None` after a 0 % or 100 % score; the interval is
/// `None` as well where the score's interval reaches 0 or 1.
pub fn elo_with_interval(wins: u64, draws: u64, losses: u64) -> (Option<f64>, Option<[f64; 2]>) {
    let games = wins + draws + losses;
    if games == 0 {
        return (None, None);
    }
    let n = games as f64;
    let score = (wins as f64 + draws as f64 / 2.0) / n;
    let variance = (wins as f64 * (1.0 - score).powi(2)
        + draws as f64 * (0.5 - score).powi(2)
        + losses as f64 * score.powi(2))
        / n;
    let margin = Z95 * (variance / n).sqrt();
    let interval = match (
        elo_from_score(score - margin),
        elo_from_score(score + margin),
    ) {
        (Some(low), Some(high)) => Some([low, high]),
        _ => None,
    };
    (elo_from_score(score), interval)
}

/// Maximum-likelihood Elo ratings from a crosstable: `score[i][j]` is what player `i` scored
/// against `j` (wins plus half the draws) in `games[i][j]` games. The ratings average zero over
/// the players who have one; a player who scored nothing or everything has none (`None`), since
/// any finite rating would be too low or too high. `games` is symmetric.
pub fn fit_ratings(score: &[Vec<f64>], games: &[Vec<f64>]) -> Vec<Option<f64>> {
    let players = score.len();
    let total_score: Vec<f64> = score.iter().map(|row| row.iter().sum()).collect();
    let total_games: Vec<f64> = games.iter().map(|row| row.iter().sum()).collect();
    let rated: Vec<bool> = (0..players)
        .map(|i| total_score[i] > 0.0 && total_score[i] < total_games[i])
        .collect();
    // Strengths gamma_i = 10^(rating_i / 400); unrated players keep theirs fixed and are left
    // out of the sums, so they do not pull the others.
    let mut gamma = vec![1.0_f64; players];
    for _ in 0..10_000 {
        let mut change = 0.0_f64;
        for i in (0..players).filter(|&i| rated[i]) {
            let denominator: f64 = (0..players)
                .filter(|&j| j != i && rated[j])
                .map(|j| games[i][j] / (gamma[i] + gamma[j]))
                .sum();
            let own: f64 = (0..players)
                .filter(|&j| rated[j])
                .map(|j| score[i][j])
                .sum();
            if denominator > 0.0 {
                let next = own / denominator;
                change = change.max((next / gamma[i]).ln().abs());
                gamma[i] = next;
            }
        }
        if change < 1e-12 {
            break;
        }
    }
    let ratings: Vec<Option<f64>> = (0..players)
        .map(|i| rated[i].then(|| 400.0 * gamma[i].log10()))
        .collect();
    let known: Vec<f64> = ratings.iter().flatten().copied().collect();
    let mean = known.iter().sum::<f64>() / known.len().max(1) as f64;
    ratings.into_iter().map(|r| r.map(|r| r - mean)).collect()
}

#[cfg(test)]
mod tests {
    //! Expected values were computed independently with Python 3's `statistics.NormalDist`
    //! and `math` from the same textbook formulas (see the module documentation), e.g.
    //! `z = NormalDist().inv_cdf(0.975)`, Wilson `c ± h` with `c = (p + z²/2n)/(1 + z²/n)`,
    //! `h = z/(1 + z²/n)·sqrt(p(1-p)/n + z²/4n²)`, and `-400·log10(1/s - 1)`.
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn z_is_the_normal_quantile() {
        // Python: NormalDist().inv_cdf(0.975) == 1.9599639845400536
        assert!(close(Z95, 1.959_963_984_540_053_6));
    }

    #[test]
    fn wilson_interval_matches_independent_values() {
        // Python: 1688 of 2000 (the 84.4 % of the reversi reference) -> (0.82743956, 0.85924151)
        let [low, high] = wilson_interval(1688, 2000).unwrap();
        assert!(close(low, 0.827_439_560_722_521_9), "{low}");
        assert!(close(high, 0.859_241_510_747_976), "{high}");
        // 5 of 10 -> (0.23659309, 0.76340691), symmetric about one half.
        let [low, high] = wilson_interval(5, 10).unwrap();
        assert!(close(low, 0.236_593_090_512_564_05));
        assert!(close(high, 0.763_406_909_487_436));
        // 10 of 10 -> (0.72246720, 1): Wilson stays inside [0, 1] where Wald collapses to 1.
        let [low, high] = wilson_interval(10, 10).unwrap();
        assert!(close(low, 0.722_467_200_137_110_9));
        assert!(close(high, 1.0));
        let [low, high] = wilson_interval(0, 10).unwrap();
        assert!(low.abs() < 1e-12);
        assert!(close(high, 0.277_532_799_862_889_15));
        assert_eq!(wilson_interval(0, 0), None);
    }

    #[test]
    fn elo_from_score_matches_the_logistic_model() {
        // Python: -400*log10(1/0.75 - 1) == 190.848501887865 (= 400·log10 3)
        assert!(close(elo_from_score(0.75).unwrap(), 190.848_501_887_865));
        assert!(close(
            elo_from_score(0.25).unwrap(),
            -190.848_501_887_864_98
        ));
        assert!(close(elo_from_score(0.9).unwrap(), 381.697_003_775_729_85));
        assert!(elo_from_score(0.5).unwrap().abs() < 1e-12);
        assert_eq!(elo_from_score(1.0), None);
        assert_eq!(elo_from_score(0.0), None);
    }

    #[test]
    fn elo_interval_matches_independent_values() {
        // Python, 60 wins 20 draws 20 losses: score 0.7, Elo 147.19071411783776,
        // interval (86.22501520030423, 218.2517776410748).
        let (elo, interval) = elo_with_interval(60, 20, 20);
        assert!(close(elo.unwrap(), 147.190_714_117_837_76));
        let [low, high] = interval.unwrap();
        assert!(close(low, 86.225_015_200_304_23), "{low}");
        assert!(close(high, 218.251_777_641_074_8), "{high}");
        // 1688 wins, 312 losses: Elo 293.2871393084774, (273.1196581831531, 315.20759439907965).
        let (elo, interval) = elo_with_interval(1688, 0, 312);
        assert!(close(elo.unwrap(), 293.287_139_308_477_4));
        let [low, high] = interval.unwrap();
        assert!(close(low, 273.119_658_183_153_1));
        assert!(close(high, 315.207_594_399_079_65));
    }

    #[test]
    fn elo_is_undefined_after_a_perfect_score() {
        assert_eq!(elo_with_interval(10, 0, 0), (None, None));
        assert_eq!(elo_with_interval(0, 0, 7), (None, None));
        assert_eq!(elo_with_interval(0, 0, 0), (None, None));
        // A near-perfect score has a difference but its interval reaches 100 %.
        let (elo, interval) = elo_with_interval(9, 0, 1);
        assert!(elo.is_some());
        assert_eq!(interval, None);
    }

    #[test]
    fn two_player_ratings_reproduce_the_elo_difference() {
        // 75 % for player 0 over 100 games: ratings ±95.42 (half of 190.8485 each).
        let ratings = fit_ratings(
            &[vec![0.0, 75.0], vec![25.0, 0.0]],
            &[vec![0.0, 100.0], vec![100.0, 0.0]],
        );
        let (r0, r1) = (ratings[0].unwrap(), ratings[1].unwrap());
        assert!((r0 - r1 - 190.848_501_887_865).abs() < 1e-6);
        assert!((r0 + r1).abs() < 1e-9);
    }

    #[test]
    fn fitted_ratings_satisfy_the_likelihood_equations() {
        // At the maximum-likelihood point each player's expected score equals the actual one.
        let score = vec![
            vec![0.0, 75.0, 90.0],
            vec![25.0, 0.0, 70.0],
            vec![10.0, 30.0, 0.0],
        ];
        let games = vec![
            vec![0.0, 100.0, 100.0],
            vec![100.0, 0.0, 100.0],
            vec![100.0, 100.0, 0.0],
        ];
        let ratings: Vec<f64> = fit_ratings(&score, &games)
            .into_iter()
            .map(Option::unwrap)
            .collect();
        for i in 0..3 {
            let expected: f64 = (0..3)
                .filter(|&j| j != i)
                .map(|j| games[i][j] / (1.0 + 10f64.powf((ratings[j] - ratings[i]) / 400.0)))
                .sum();
            let actual: f64 = score[i].iter().sum();
            assert!(
                (expected - actual).abs() < 1e-6,
                "{i}: {expected} vs {actual}"
            );
        }
        assert!(ratings[0] > ratings[1] && ratings[1] > ratings[2]);
    }

    #[test]
    fn a_perfect_player_has_no_rating() {
        let ratings = fit_ratings(
            &[
                vec![0.0, 10.0, 10.0],
                vec![0.0, 0.0, 6.0],
                vec![0.0, 4.0, 0.0],
            ],
            &[
                vec![0.0, 10.0, 10.0],
                vec![10.0, 0.0, 10.0],
                vec![10.0, 10.0, 0.0],
            ],
        );
        assert_eq!(ratings[0], None);
        let diff = ratings[1].unwrap() - ratings[2].unwrap();
        assert!((diff - elo_from_score(0.6).unwrap()).abs() < 1e-6);
    }
}
