//! Strength in words, mapped to each game's agent specs.

use tabula_games::GameKind;

/// How strong a computer player is, in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strength {
    /// Plays almost at random.
    Beginner,
    /// Sees simple threats.
    Easy,
    /// A fair club player.
    Medium,
    /// Hard to beat.
    Strong,
    /// The engine at full strength (3 s a move where it thinks by time).
    Strongest,
}

impl Strength {
    /// The strengths a game offers, weakest first.
    pub fn offered(kind: GameKind) -> &'static [Strength] {
        use Strength::*;
        match kind {
            GameKind::TicTacToe => &[Beginner, Medium, Strongest],
            _ => &[Beginner, Easy, Medium, Strong, Strongest],
        }
    }

    /// The catalog key of its name.
    pub fn key(self) -> &'static str {
        match self {
            Strength::Beginner => "tui-strength-beginner",
            Strength::Easy => "tui-strength-easy",
            Strength::Medium => "tui-strength-medium",
            Strength::Strong => "tui-strength-strong",
            Strength::Strongest => "tui-strength-strongest",
        }
    }

    /// The agent spec of this strength in `kind`.
    pub fn spec(self, kind: GameKind) -> &'static str {
        use Strength::*;
        match (kind, self) {
            (GameKind::TicTacToe, Beginner | Easy) => "random",
            (GameKind::TicTacToe, Medium) => "rules",
            (GameKind::TicTacToe, Strong | Strongest) => "minimax",
            (GameKind::Reversi, Beginner) => "engine:level=1",
            (GameKind::Reversi, Easy) => "engine:level=3",
            (GameKind::Reversi, Medium) => "engine:level=5",
            (GameKind::Reversi, Strong) => "engine:level=8",
            (GameKind::Reversi, Strongest) => "engine:time=3000",
            (GameKind::Gomoku, Beginner) => "engine:level=1",
            (GameKind::Gomoku, Easy) => "engine:level=3",
            (GameKind::Gomoku, Medium) => "engine:level=5",
            (GameKind::Gomoku, Strong) => "engine:level=7",
            (GameKind::Gomoku, Strongest) => "engine:time=3000",
            (GameKind::Game2048, Beginner) => "greedy",
            (GameKind::Game2048, Easy) => "expectimax:depth=2",
            (GameKind::Game2048, Medium) => "expectimax:depth=3",
            (GameKind::Game2048, Strong) => "expectimax:depth=5",
            (GameKind::Game2048, Strongest) => "expectimax",
        }
    }

    /// The strength whose spec `spec` is, in `kind`.
    pub fn from_spec(kind: GameKind, spec: &str) -> Option<Strength> {
        Strength::offered(kind)
            .iter()
            .copied()
            .find(|s| s.spec(kind) == spec)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_offered_spec_builds_and_reads_back() {
        for &kind in GameKind::ALL {
            for &strength in Strength::offered(kind) {
                let spec = strength.spec(kind);
                let mut settings = tabula_match::MatchSettings::people(kind);
                *settings.seats.last_mut().unwrap() =
                    tabula_match::SeatSpec::Computer(spec.to_string());
                settings.seats[0] = tabula_match::SeatSpec::Human;
                if kind == GameKind::Game2048 {
                    settings.seats[0] = tabula_match::SeatSpec::Computer(spec.to_string());
                }
                let mut ctl =
                    tabula_match::open(settings).unwrap_or_else(|e| panic!("{spec}: {e}"));
                ctl.handle(tabula_match::Command::Quit).unwrap();
                assert_eq!(Strength::from_spec(kind, spec), Some(strength));
            }
        }
    }
}
