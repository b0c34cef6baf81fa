//! Reading OpenSpiel playthrough files (`integration_tests/playthroughs/*.txt`), the test
//! vectors every game replays.
//!
//! A playthrough lists states `# State k`, each with the board as `# `-prefixed lines and
//! `Name() = value` detail lines. Some states are abbreviated to the action applied; this reader
//! keeps what each state gives.

/// One state of a playthrough, with the fields a replay checks.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlaythroughState {
    /// The state's number `k`.
    pub index: usize,
    /// The `ToString()` lines of the state (the board), without the `# ` prefix.
    pub board: Vec<String>,
    /// The actions from the start, where given.
    pub history: Option<Vec<i64>>,
    /// `CurrentPlayer()`: 0, 1…, -1 chance, -4 terminal.
    pub current_player: Option<i64>,
    /// `IsTerminal()`.
    pub terminal: Option<bool>,
    /// `LegalActions()`, where given.
    pub legal_actions: Option<Vec<i64>>,
    /// `ChanceOutcomes()` as (action, probability), where given.
    pub chance_outcomes: Option<Vec<(i64, f64)>>,
    /// `Returns()`, where given.
    pub returns: Option<Vec<f64>>,
}

fn numbers<T: std::str::FromStr>(list: &str) -> Vec<T> {
    list.trim()
        .trim_start_matches('[')
        .trim_end_matches(']')
        .split(',')
        .filter_map(|s| s.trim().parse().ok())
        .collect()
}

fn pairs(list: &str) -> Vec<(i64, f64)> {
    list.split('(')
        .skip(1)
        .filter_map(|item| {
            let item = item.split(')').next()?;
            let (a, p) = item.split_once(',')?;
            Some((a.trim().parse().ok()?, p.trim().parse().ok()?))
        })
        .collect()
}

/// Reads every state of a playthrough file's text.
pub fn parse_playthrough(text: &str) -> Vec<PlaythroughState> {
    let mut states: Vec<PlaythroughState> = Vec::new();
    let mut in_board = false;
    for line in text.lines() {
        if let Some(k) = line.strip_prefix("# State ") {
            states.push(PlaythroughState {
                index: k.trim().parse().unwrap_or(states.len()),
                ..Default::default()
            });
            in_board = true;
            continue;
        }
        let Some(state) = states.last_mut() else {
            continue;
        };
        if in_board {
            if let Some(row) = line
                .strip_prefix("# ")
                .or(if line == "#" { Some("") } else { None })
            {
                if !row.starts_with("Apply action") {
                    state.board.push(row.to_string());
                    continue;
                }
            }
            in_board = false;
        }
        let Some((name, value)) = line.split_once(" = ") else {
            continue;
        };
        match name {
            "History()" => state.history = Some(numbers(value)),
            "CurrentPlayer()" => state.current_player = value.trim().parse().ok(),
            "IsTerminal()" => state.terminal = Some(value.trim() == "True"),
            "LegalActions()" => state.legal_actions = Some(numbers(value)),
            "ChanceOutcomes()" => state.chance_outcomes = Some(pairs(value)),
            "Returns()" => state.returns = Some(numbers(value)),
            _ => {}
        }
    }
    states
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_states_and_details() {
        let text = "game: x\n\n# State 0\n# ..\n# .x\nIsTerminal() = False\nHistory() = [3, 1]\n\
                    CurrentPlayer() = -1\nChanceOutcomes() = [(0,0.9), (1,0.1)]\nLegalActions() = [0, 1]\n\
                    Returns() = [1, -1]\n\n# Apply action \"a\"\naction: 1\n\n# State 1\n# Apply action \"b\"\naction: 2\n";
        let states = parse_playthrough(text);
        assert_eq!(states.len(), 2);
        assert_eq!(states[0].board, vec!["..", ".x"]);
        assert_eq!(states[0].history, Some(vec![3, 1]));
        assert_eq!(states[0].current_player, Some(-1));
        assert_eq!(states[0].chance_outcomes, Some(vec![(0, 0.9), (1, 0.1)]));
        assert_eq!(states[0].legal_actions, Some(vec![0, 1]));
        assert_eq!(states[0].returns, Some(vec![1.0, -1.0]));
        assert!(states[1].board.is_empty());
        assert_eq!(states[1].history, None);
    }
}
