//! The game loop: one game between agents, generic over the game so that it compiles to a
//! loop as tight as a hand-written one. It keeps no history unless asked to write one.

use tabula_core::{sample_chance, Agent, Forfeit, Game, GameRng, MoveTimes, Outcome, Player, Turn};

/// Where the moves of a game go while it is played: nowhere (`()`), or into a list of move
/// strings for the game records.
pub trait MoveLog<G: Game> {
    /// Notes that `mv` is played in `state`.
    fn note(&mut self, state: &G, mv: G::Move);
}

impl<G: Game> MoveLog<G> for () {
    #[inline(always)]
    fn note(&mut self, _state: &G, _mv: G::Move) {}
}

impl<G: Game> MoveLog<G> for Vec<String> {
    fn note(&mut self, state: &G, mv: G::Move) {
        self.push(state.move_string(mv));
    }
}

/// How one game ended, from agent A's point of view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// The player index agent A played.
    pub a_player: Player,
    /// The outcome.
    pub outcome: Outcome,
    /// [`Game::margin`] for A at the end.
    pub margin_a: i64,
    /// The number of plies played (chance events included).
    pub plies: u32,
    /// [`Game::achievement`] at the end.
    pub achievement: Option<u64>,
    /// The player who lost by forfeit ([`Agent::try_choose`] failed), and why.
    pub forfeit: Option<(Player, Forfeit)>,
    /// The wall-clock times of A's moves, where A measures them ([`Agent::move_times`]).
    pub times_a: Option<MoveTimes>,
    /// The same for B.
    pub times_b: Option<MoveTimes>,
}

impl GameResult {
    /// Whether agent A won.
    pub fn a_won(&self) -> bool {
        self.outcome == Outcome::Win(self.a_player)
    }

    /// Whether agent B won.
    pub fn b_won(&self) -> bool {
        matches!(self.outcome, Outcome::Win(p) if p != self.a_player)
    }
}

/// Plays `start` to the end: `seats[p]` chooses player `p`'s moves, `dealer` draws chance
/// events, `log` notes every move. An agent that forfeits ([`Agent::try_choose`] fails) loses
/// at once: the other player wins, or a one-player game ends with the score so far.
pub fn play_game<G: Game, L: MoveLog<G>>(
    start: &G,
    seats: &mut [Box<dyn Agent<G>>],
    a_player: Player,
    dealer: &mut GameRng,
    log: &mut L,
) -> GameResult {
    let mut state = start.clone();
    let mut plies = 0u32;
    loop {
        let mv = match state.turn() {
            Turn::Player(p) => match seats[p].try_choose(&state) {
                Ok(mv) => mv,
                Err(forfeit) => {
                    let outcome = if G::PLAYERS == 1 {
                        Outcome::Score(u64::try_from(state.margin(p)).unwrap_or(0))
                    } else {
                        Outcome::Win(1 - p)
                    };
                    return finish(&state, seats, a_player, outcome, plies, Some((p, forfeit)));
                }
            },
            Turn::Chance => {
                sample_chance(&state, dealer).expect("a chance node offers at least one outcome")
            }
            Turn::Over(outcome) => return finish(&state, seats, a_player, outcome, plies, None),
        };
        debug_assert!(state.is_legal(mv), "an agent chose an illegal move");
        log.note(&state, mv);
        state.play(mv);
        plies += 1;
    }
}

/// The result of a game that ended in `state` with `outcome`.
fn finish<G: Game>(
    state: &G,
    seats: &[Box<dyn Agent<G>>],
    a_player: Player,
    outcome: Outcome,
    plies: u32,
    forfeit: Option<(Player, Forfeit)>,
) -> GameResult {
    GameResult {
        a_player,
        outcome,
        margin_a: state.margin(a_player),
        plies,
        achievement: state.achievement(),
        forfeit,
        times_a: seats[a_player].move_times(),
        times_b: match seats.len() {
            2 => seats[1 - a_player].move_times(),
            _ => None,
        },
    }
}
