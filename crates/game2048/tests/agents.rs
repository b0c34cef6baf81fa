//! The players: the catalogue, expectimax's analysis, how the players rank, and the runner.

use tabula_2048::runner::{play_games, GameReport, Summary, MILESTONES};
use tabula_2048::{Direction, Game2048, Move};
use tabula_core::{AgentCatalog, AgentError, AgentSpec, Game, SearchLimits};

#[test]
fn the_catalogue_builds_every_agent_and_checks_keys() {
    let names: Vec<&str> = Game2048::agents().iter().map(|e| e.name).collect();
    assert_eq!(names, ["expectimax", "ntuple", "greedy", "random"]);
    for spec in [
        "expectimax",
        "expectimax:depth=5",
        "expectimax:time=10",
        "expectimax:mean=10",
        "expectimax:mean=10,late=16384",
        "greedy:seed=3",
        "random",
    ] {
        assert!(Game2048::agent_from_str(spec).is_ok(), "{spec}");
    }
    assert!(matches!(
        Game2048::agent_from_str("expectimax:level=3"),
        Err(AgentError::UnknownKey { .. })
    ));
    assert!(matches!(
        Game2048::agent_from_str("expectimax:depth=0"),
        Err(AgentError::BadValue { .. })
    ));
    assert!(Game2048::agent_from_str("minimax").is_err());
    // A mean time over the game and a time for every move say different things.
    let Err(error) = Game2048::agent_from_str("expectimax:time=10,mean=10") else {
        panic!("time= and mean= together were accepted");
    };
    assert!(error.to_string().contains("not both"), "{error}");
    // Saving for the late game needs a mean time to save out of.
    let Err(error) = Game2048::agent_from_str("expectimax:late=16384") else {
        panic!("late= without mean= was accepted");
    };
    assert!(error.to_string().contains("give mean= too"), "{error}");
    let state = Game2048::parse_position("1024,1024,0,0,2,0,0,0,0,0,0,0,0,0,0,4").unwrap();
    let mut banked = Game2048::agent_from_str("expectimax:mean=2").unwrap();
    for _ in 0..3 {
        let slide = banked.choose(&state);
        assert!(state.is_legal(slide), "{slide:?}");
    }
    assert!(matches!(
        Game2048::agent_from_str("expectimax:mean=0"),
        Err(AgentError::BadValue { .. })
    ));
}

#[test]
fn analysis_values_every_legal_slide_best_first() {
    let state = Game2048::parse_position("1024,1024,0,0,2,0,0,0,0,0,0,0,0,0,0,4").unwrap();
    let mut agent = Game2048::agent_from_str("expectimax:depth=3").unwrap();
    let analysis = agent
        .analyze(&state, &SearchLimits::default())
        .expect("expectimax analyses");
    let mut legal = Vec::new();
    state.legal_moves(&mut legal);
    assert_eq!(analysis.moves.len(), legal.len());
    assert!(analysis.moves.iter().all(|m| legal.contains(&m.mv)));
    assert!(analysis.moves.windows(2).all(|w| w[0].value >= w[1].value));
    assert_eq!(analysis.depth, Some(3));
    assert!(analysis.nodes.unwrap() > 0);
    assert_eq!(Some(agent.choose(&state)), analysis.best());

    let json = analysis.to_json(&state);
    assert_eq!(json["moves"].as_array().unwrap().len(), legal.len());
    // Deeper limits from the caller are obeyed.
    let deeper = agent
        .analyze(
            &state,
            &SearchLimits {
                depth: Some(5),
                ..SearchLimits::default()
            },
        )
        .unwrap();
    assert_eq!(deeper.depth, Some(5));
    // Nothing to analyse at a chance node.
    assert!(agent
        .analyze(&Game2048::initial(), &SearchLimits::default())
        .is_none());
}

#[test]
fn expectimax_never_slides_into_a_lost_position() {
    // Only left and right are legal (the bottom row's 8s). Left leaves one empty cell at the
    // bottom right that any new tile fills without a merge anywhere: the game is lost. Right
    // puts the new 16 under the 16 above it, so the game goes on whatever appears.
    let state =
        Game2048::parse_position("1024,2048,4,8,128,256,512,1024,2,16,32,64,8,8,128,256").unwrap();
    let mut legal = Vec::new();
    state.legal_moves(&mut legal);
    assert_eq!(
        legal,
        [Move::Slide(Direction::Right), Move::Slide(Direction::Left)]
    );
    for value in [2, 4] {
        let mut lost = state;
        lost.play(Move::Slide(Direction::Left));
        lost.play(Move::Spawn { cell: 15, value });
        assert!(lost.is_over());
    }
    for depth in [3, 5, 7] {
        let mut agent = Game2048::agent_from_str(&format!("expectimax:depth={depth}")).unwrap();
        assert_eq!(
            agent.choose(&state),
            Move::Slide(Direction::Right),
            "depth {depth}"
        );
    }
}

fn mean_score(spec: &str) -> f64 {
    let spec: AgentSpec = spec.parse().unwrap();
    Summary::of(&play_games(&spec, 4, 100, |_| {}).unwrap()).mean_score
}

#[test]
fn expectimax_beats_greedy_which_beats_random() {
    let expectimax = mean_score("expectimax:depth=3");
    let greedy = mean_score("greedy");
    let random = mean_score("random");
    assert!(
        expectimax > greedy && greedy > random,
        "{expectimax} {greedy} {random}"
    );
}

#[test]
fn the_runner_reports_reproducible_games() {
    let spec: AgentSpec = "greedy".parse().unwrap();
    let mut seen = Vec::new();
    let first = play_games(&spec, 3, 9, |r| seen.push(r.game)).unwrap();
    let second = play_games(&spec, 3, 9, |_| {}).unwrap();
    assert_eq!(seen, [1, 2, 3]);
    for (a, b) in first.iter().zip(&second) {
        assert_eq!(
            (a.seed, a.score, a.max_tile, a.moves),
            (b.seed, b.score, b.max_tile, b.moves)
        );
        assert!(a.moves > 0 && a.max_tile >= 4);
    }
    assert_eq!(
        first.iter().map(|r| r.seed).collect::<Vec<_>>(),
        [9, 10, 11]
    );
}

#[test]
fn the_summary_counts_milestones_and_the_median() {
    let report = |score, max_tile| GameReport {
        game: 1,
        seed: 0,
        score,
        max_tile,
        moves: 10,
        ms_per_move: 0.5,
    };
    let reports = [
        report(100, 1024),
        report(300, 4096),
        report(200, 2048),
        report(1000, 32768),
    ];
    let summary = Summary::of(&reports);
    assert_eq!(summary.games, 4);
    let rates: Vec<f64> = summary.reached.values().copied().collect();
    assert_eq!(
        summary.reached.keys().copied().collect::<Vec<_>>(),
        MILESTONES
    );
    assert_eq!(rates, [0.75, 0.5, 0.25, 0.25, 0.25]);
    assert_eq!(summary.median_score, 250.0);
    assert_eq!(summary.mean_score, 400.0);
    assert_eq!(summary.ms_per_move, 0.5);
}
