//! A tiny one-player dice game with chance, for testing the arena's one-player path (no real
//! one-player game is in this crate's dependencies).
//!
//! Each turn the player rolls a four-sided die or stops; the game ends when the player stops or
//! after four rolls. The score is the sum of the rolls, the achievement the highest roll.

#![allow(dead_code)]

use tabula_core::{
    Agent, AgentCatalog, AgentEntry, Game, Outcome, ParseError, Player, RandomAgent, Turn,
};

/// The dice game's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Dice {
    total: u64,
    rolls: u8,
    highest: u8,
    rolling: bool,
    stopped: bool,
}

/// A move: roll, stop, or the die's face (chance).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DiceMove {
    Roll,
    Stop,
    Face(u8),
}

impl Game for Dice {
    type Move = DiceMove;
    const NAME: &'static str = "dice";
    const PLAYERS: usize = 1;

    fn initial() -> Self {
        Dice::default()
    }

    fn turn(&self) -> Turn {
        if self.rolling {
            Turn::Chance
        } else if self.stopped || self.rolls == 4 {
            Turn::Over(Outcome::Score(self.total))
        } else {
            Turn::Player(0)
        }
    }

    fn legal_moves(&self, moves: &mut Vec<DiceMove>) {
        if self.turn() == Turn::Player(0) {
            moves.extend([DiceMove::Roll, DiceMove::Stop]);
        }
    }

    fn chance_outcomes(&self, outcomes: &mut Vec<(DiceMove, f64)>) {
        if self.rolling {
            outcomes.extend((1..=4).map(|face| (DiceMove::Face(face), 0.25)));
        }
    }

    fn play(&mut self, mv: DiceMove) {
        match mv {
            DiceMove::Roll => self.rolling = true,
            DiceMove::Stop => self.stopped = true,
            DiceMove::Face(face) => {
                self.rolling = false;
                self.rolls += 1;
                self.total += u64::from(face);
                self.highest = self.highest.max(face);
            }
        }
    }

    fn parse_move(&self, text: &str) -> Result<DiceMove, ParseError> {
        match text {
            "roll" => Ok(DiceMove::Roll),
            "stop" => Ok(DiceMove::Stop),
            _ => match text.parse::<u8>() {
                Ok(face @ 1..=4) => Ok(DiceMove::Face(face)),
                _ => Err(ParseError::new(format!("not a dice move: {text:?}"))),
            },
        }
    }

    fn move_string(&self, mv: DiceMove) -> String {
        match mv {
            DiceMove::Roll => "roll".to_string(),
            DiceMove::Stop => "stop".to_string(),
            DiceMove::Face(face) => face.to_string(),
        }
    }

    fn parse_position(text: &str) -> Result<Self, ParseError> {
        let fields: Vec<u64> = text
            .split('/')
            .map(|f| f.parse().map_err(|_| ParseError::new("bad dice position")))
            .collect::<Result<_, _>>()?;
        match fields[..] {
            [total, rolls @ 0..=4, highest @ 0..=4, rolling @ 0..=1, stopped @ 0..=1] => Ok(Dice {
                total,
                rolls: rolls as u8,
                highest: highest as u8,
                rolling: rolling == 1,
                stopped: stopped == 1,
            }),
            _ => Err(ParseError::new("bad dice position")),
        }
    }

    fn position_string(&self) -> String {
        format!(
            "{}/{}/{}/{}/{}",
            self.total,
            self.rolls,
            self.highest,
            u8::from(self.rolling),
            u8::from(self.stopped)
        )
    }

    fn player_name(_player: Player) -> &'static str {
        "player"
    }

    fn margin(&self, _player: Player) -> i64 {
        self.total as i64
    }

    fn achievement(&self) -> Option<u64> {
        Some(u64::from(self.highest))
    }
}

/// Always rolls.
struct Roller;

impl Agent<Dice> for Roller {
    fn choose(&mut self, _state: &Dice) -> DiceMove {
        DiceMove::Roll
    }
}

impl AgentCatalog for Dice {
    const ANALYZER: &'static str = "random";
    const OPPONENT: &'static str = "random";

    fn agents() -> Vec<AgentEntry<Self>> {
        vec![
            RandomAgent::entry(),
            AgentEntry {
                name: "roller",
                summary: "always rolls",
                argument: None,
                keys: &[],
                build: |_| Ok(Box::new(Roller)),
            },
        ]
    }
}
