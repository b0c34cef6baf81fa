//! Swap openings: who places the first stones, who chooses a colour and when, and which seat
//! ends up with which colour. Pure bookkeeping over the number of moves played and the choices
//! made; the controller asks it what to ask of whom and plays the answers.
//!
//! Seats are numbered in the order of [`crate::MatchSettings::seats`]: seat 0 (the first player)
//! places the opening stones, seat 1 (the second player) chooses first. Until the colours are
//! chosen seat 0 is black; the last colour choice may swap the seats.

use serde::Serialize;
use tabula_core::Player;
use tabula_games::Opening;

/// An answer to a swap opening's question.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SwapChoice {
    /// Play black.
    Black,
    /// Play white.
    White,
    /// Swap2: place two more stones (white, black) and let the other player choose.
    PlaceTwo,
}

impl SwapChoice {
    /// Every choice.
    pub const ALL: &'static [SwapChoice] =
        &[SwapChoice::Black, SwapChoice::White, SwapChoice::PlaceTwo];

    /// The choice's name (`black`, `white`, `place_two`), as in JSON and saved games.
    pub fn name(self) -> &'static str {
        match self {
            SwapChoice::Black => "black",
            SwapChoice::White => "white",
            SwapChoice::PlaceTwo => "place_two",
        }
    }

    /// Reads a choice's name.
    pub fn from_name(name: &str) -> Option<SwapChoice> {
        SwapChoice::ALL.iter().copied().find(|c| c.name() == name)
    }

    /// The key of the choice's button in the message catalog (`choice-black`, …).
    pub fn key(self) -> &'static str {
        match self {
            SwapChoice::Black => "choice-black",
            SwapChoice::White => "choice-white",
            SwapChoice::PlaceTwo => "choice-place-two",
        }
    }

    /// The colour taken, where the choice takes one.
    pub fn colour(self) -> Option<Player> {
        match self {
            SwapChoice::Black => Some(0),
            SwapChoice::White => Some(1),
            SwapChoice::PlaceTwo => None,
        }
    }
}

/// What the opening asks now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ask {
    /// Seat `seat` places stone `stone` (from 1) of `of`.
    Place {
        /// The seat asked.
        seat: usize,
        /// The stone's number in this run of placements.
        stone: usize,
        /// How many stones the run has.
        of: usize,
    },
    /// Seat `seat` chooses one of `options`.
    Choose {
        /// The seat asked.
        seat: usize,
        /// What it may choose.
        options: &'static [SwapChoice],
    },
    /// The opening is over (or there is none): each colour's seat moves.
    Play,
}

impl Ask {
    /// The seat asked, where the opening asks a seat rather than a colour.
    pub(crate) fn seat(self) -> Option<usize> {
        match self {
            Ask::Place { seat, .. } | Ask::Choose { seat, .. } => Some(seat),
            Ask::Play => None,
        }
    }
}

const FIRST: usize = 0;
const SECOND: usize = 1;
const COLOURS: &[SwapChoice] = &[SwapChoice::Black, SwapChoice::White];
const SWAP2_FIRST: &[SwapChoice] = &[SwapChoice::Black, SwapChoice::White, SwapChoice::PlaceTwo];

/// What `rule` asks after `plies` moves, with the choices `made` by then.
fn ask(rule: Opening, plies: usize, made: &[SwapChoice]) -> Ask {
    let place = |seat, done, of| Ask::Place {
        seat,
        stone: done + 1,
        of,
    };
    match rule {
        Opening::Standard => Ask::Play,
        _ if plies < 3 => place(FIRST, plies, 3),
        Opening::Swap1 if made.is_empty() => Ask::Choose {
            seat: SECOND,
            options: COLOURS,
        },
        Opening::Swap1 => Ask::Play,
        Opening::Swap2 => match made {
            [] => Ask::Choose {
                seat: SECOND,
                options: SWAP2_FIRST,
            },
            [SwapChoice::PlaceTwo] if plies < 5 => place(SECOND, plies - 3, 2),
            [SwapChoice::PlaceTwo] => Ask::Choose {
                seat: FIRST,
                options: COLOURS,
            },
            _ => Ask::Play,
        },
    }
}

/// A choice refused by the opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// Nothing is to be chosen now.
    NotAsked,
    /// The choice is not among the options.
    NotOffered,
}

/// An opening's rule and the choices made so far, each after so many moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct OpeningRecord {
    /// The rule.
    pub(crate) rule: Opening,
    /// The choices in order, each with the number of moves played before it.
    pub(crate) choices: Vec<(usize, SwapChoice)>,
}

impl OpeningRecord {
    /// A record of no choices under `rule`.
    pub(crate) fn new(rule: Opening) -> Self {
        OpeningRecord {
            rule,
            choices: Vec::new(),
        }
    }

    /// The choices made when `plies` moves had been played.
    fn made(&self, plies: usize) -> Vec<SwapChoice> {
        self.choices
            .iter()
            .take_while(|(after, _)| *after <= plies)
            .map(|&(_, c)| c)
            .collect()
    }

    /// What is asked after `plies` moves (the choices made at that point included).
    pub(crate) fn ask(&self, plies: usize) -> Ask {
        ask(self.rule, plies, &self.made(plies))
    }

    /// The seat that made choice number `index`.
    pub(crate) fn chooser(&self, index: usize) -> usize {
        let (after, _) = self.choices[index];
        let earlier: Vec<SwapChoice> = self.choices[..index].iter().map(|&(_, c)| c).collect();
        ask(self.rule, after, &earlier).seat().unwrap_or(SECOND)
    }

    /// Whether the seats are swapped (seat 0 plays white) after `plies` moves: the last colour
    /// chosen by then decides.
    pub(crate) fn swapped(&self, plies: usize) -> bool {
        (0..self.choices.len())
            .rev()
            .filter(|&i| self.choices[i].0 <= plies)
            .find_map(|i| {
                let colour = self.choices[i].1.colour()?;
                Some(self.chooser(i) != colour)
            })
            .unwrap_or(false)
    }

    /// The seat that plays `colour` after `plies` moves.
    pub(crate) fn seat_of(&self, colour: Player, plies: usize) -> usize {
        if self.swapped(plies) {
            colour ^ 1
        } else {
            colour
        }
    }

    /// Records `choice` made after `plies` moves, if it is asked for.
    pub(crate) fn choose(&mut self, plies: usize, choice: SwapChoice) -> Result<(), Refusal> {
        match self.ask(plies) {
            Ask::Choose { options, .. } if options.contains(&choice) => {
                self.choices.push((plies, choice));
                Ok(())
            }
            Ask::Choose { .. } => Err(Refusal::NotOffered),
            _ => Err(Refusal::NotAsked),
        }
    }

    /// Takes back the last choice if it was made after exactly `plies` moves.
    pub(crate) fn take_back(&mut self, plies: usize) -> Option<(usize, SwapChoice)> {
        match self.choices.last() {
            Some(&(after, _)) if after == plies => self.choices.pop(),
            _ => None,
        }
    }

    /// A record of `rule` with these choices, checked against `moves` moves played: every
    /// choice asked for when it was made, and no move played while a choice was awaited.
    /// The error says what is wrong.
    pub(crate) fn replay(
        rule: Opening,
        choices: &[(usize, SwapChoice)],
        moves: usize,
    ) -> Result<OpeningRecord, String> {
        let mut record = OpeningRecord::new(rule);
        let mut next = choices.iter().peekable();
        for plies in 0..=moves {
            while let Some(&&(after, choice)) = next.peek() {
                if after != plies {
                    break;
                }
                record.choose(plies, choice).map_err(|_| {
                    format!(
                        "the choice {} after {plies} moves is not asked for by {}",
                        choice.name(),
                        rule.name()
                    )
                })?;
                next.next();
            }
            if plies < moves && matches!(record.ask(plies), Ask::Choose { .. }) {
                return Err(format!(
                    "move {} was played before the colours were chosen",
                    plies + 1
                ));
            }
        }
        match next.next() {
            Some((after, _)) => Err(format!("a choice after {after} moves, out of order")),
            None => Ok(record),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swap1_places_three_then_the_second_chooses() {
        let mut record = OpeningRecord::new(Opening::Swap1);
        for plies in 0..3 {
            assert_eq!(
                record.ask(plies),
                Ask::Place {
                    seat: 0,
                    stone: plies + 1,
                    of: 3
                }
            );
        }
        assert!(matches!(record.ask(3), Ask::Choose { seat: 1, options } if options == COLOURS));
        assert_eq!(
            record.choose(3, SwapChoice::PlaceTwo),
            Err(Refusal::NotOffered)
        );
        assert_eq!(record.choose(2, SwapChoice::Black), Err(Refusal::NotAsked));
        record.choose(3, SwapChoice::Black).unwrap();
        assert_eq!(record.ask(3), Ask::Play);
        assert!(record.swapped(3), "the second seat took black");
        assert_eq!(record.seat_of(0, 10), 1);
        assert!(
            !record.swapped(2),
            "before the choice the first seat is black"
        );
        assert_eq!(record.take_back(4), None);
        assert_eq!(record.take_back(3), Some((3, SwapChoice::Black)));
        assert!(matches!(record.ask(3), Ask::Choose { .. }));
    }

    #[test]
    fn swap2_place_two_hands_the_choice_back() {
        let mut record = OpeningRecord::new(Opening::Swap2);
        assert!(matches!(record.ask(3), Ask::Choose { seat: 1, options } if options.len() == 3));
        record.choose(3, SwapChoice::PlaceTwo).unwrap();
        assert_eq!(
            record.ask(3),
            Ask::Place {
                seat: 1,
                stone: 1,
                of: 2
            }
        );
        assert_eq!(
            record.ask(4),
            Ask::Place {
                seat: 1,
                stone: 2,
                of: 2
            }
        );
        assert!(matches!(record.ask(5), Ask::Choose { seat: 0, options } if options == COLOURS));
        record.choose(5, SwapChoice::White).unwrap();
        assert_eq!(record.chooser(1), 0);
        assert!(record.swapped(5), "the first seat took white");
        assert!(!record.swapped(4));
        assert_eq!(record.ask(5), Ask::Play);
    }

    #[test]
    fn replay_checks_the_record() {
        let good = [(3, SwapChoice::PlaceTwo), (5, SwapChoice::Black)];
        let record = OpeningRecord::replay(Opening::Swap2, &good, 7).unwrap();
        assert!(!record.swapped(7));
        let early = OpeningRecord::replay(Opening::Swap2, &[(2, SwapChoice::Black)], 4);
        assert!(early.unwrap_err().contains("not asked"));
        let missing = OpeningRecord::replay(Opening::Swap1, &[], 4);
        assert!(missing.unwrap_err().contains("move 4"));
        let beyond = OpeningRecord::replay(Opening::Swap1, &[(3, SwapChoice::White)], 2);
        assert!(beyond.unwrap_err().contains("out of order"));
        let standard = OpeningRecord::replay(Opening::Standard, &[(0, SwapChoice::White)], 2);
        assert!(standard.is_err());
        assert!(OpeningRecord::replay(Opening::Swap1, &[], 3).is_ok());
    }
}
