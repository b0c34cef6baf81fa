//! A match in progress: two seats (or one), the history with undo and redo, and the dealer of
//! chance events. Every front end drives the same session.

use std::path::Path;

use rand::SeedableRng;

use crate::agent::Agent;
use crate::chance::{sample_chance, GameRng};
use crate::game::{Game, IllegalMove, ParseError, Player, Turn};
use crate::save::{self, LoadedGame, SaveError, SaveFile};

/// Who sits in a player's seat.
pub enum Seat<G: Game> {
    /// A person, whose moves the front end passes to [`Session::play`].
    Human,
    /// A computer player, asked by [`Session::step`].
    Agent {
        /// The spec it was built from (saved with the game).
        spec: String,
        /// The agent.
        agent: Box<dyn Agent<G>>,
    },
    /// A computer player that runs outside the session (on a front end's worker thread, where
    /// it can be stopped); its moves come through [`Session::play_external`].
    External {
        /// The agent's spec (saved with the game).
        spec: String,
    },
}

impl<G: Game> Seat<G> {
    /// Whether a person sits here.
    pub fn is_human(&self) -> bool {
        matches!(self, Seat::Human)
    }

    /// `human`, or the agent's spec.
    pub fn describe(&self) -> &str {
        match self {
            Seat::Human => "human",
            Seat::Agent { spec, .. } | Seat::External { spec } => spec,
        }
    }
}

/// Why a session refused a move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not a move.
    #[error("{0}")]
    Parse(#[from] ParseError),
    /// The move is not legal here.
    #[error("{0}")]
    Illegal(#[from] IllegalMove),
    /// It is not a human's turn.
    #[error("it is not your turn")]
    NotYourTurn,
    /// The game is over.
    #[error("the game is over")]
    GameOver,
}

/// A game in progress.
pub struct Session<G: Game> {
    /// `positions[0]` is the start; `positions[i + 1]` follows `moves[i]`.
    positions: Vec<G>,
    moves: Vec<G::Move>,
    /// Undone moves, the next one to redo last.
    undone: Vec<G::Move>,
    seats: Vec<Seat<G>>,
    dealer: GameRng,
}

impl<G: Game> Session<G> {
    /// A session from `start` with one seat per player; chance events are dealt from `seed`.
    pub fn new(start: G, seats: Vec<Seat<G>>, seed: u64) -> Self {
        assert_eq!(seats.len(), G::PLAYERS, "one seat per player");
        Session {
            positions: vec![start],
            moves: Vec::new(),
            undone: Vec::new(),
            seats,
            dealer: GameRng::seed_from_u64(seed),
        }
    }

    /// The current position.
    pub fn state(&self) -> &G {
        self.positions
            .last()
            .expect("a session always has its start position")
    }

    /// The start position.
    pub fn start(&self) -> &G {
        &self.positions[0]
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// The position before each move and after the last: `positions()[i]` preceded `moves()[i]`.
    pub fn positions(&self) -> &[G] {
        &self.positions
    }

    /// Whose turn it is.
    pub fn turn(&self) -> Turn {
        self.state().turn()
    }

    /// The seat of `player`.
    pub fn seat(&self, player: Player) -> &Seat<G> {
        &self.seats[player]
    }

    /// Replaces the seat of `player`.
    pub fn set_seat(&mut self, player: Player, seat: Seat<G>) {
        self.seats[player] = seat;
    }

    /// Whether a person must move now.
    pub fn awaits_human(&self) -> bool {
        self.is_human_decision(self.state())
    }

    fn is_human_decision(&self, state: &G) -> bool {
        matches!(state.turn(), Turn::Player(p) if self.seats[p].is_human())
    }

    /// Plays a human's move, given as text.
    pub fn play_text(&mut self, text: &str) -> Result<G::Move, MoveError> {
        let mv = self.state().parse_move(text)?;
        self.play(mv)?;
        Ok(mv)
    }

    /// Plays a human's move.
    pub fn play(&mut self, mv: G::Move) -> Result<(), MoveError> {
        match self.turn() {
            Turn::Over(_) => return Err(MoveError::GameOver),
            Turn::Chance => return Err(MoveError::NotYourTurn),
            Turn::Player(p) if !self.seats[p].is_human() => return Err(MoveError::NotYourTurn),
            Turn::Player(_) => {}
        }
        let mut next = self.state().clone();
        next.try_play(mv)?;
        self.push(mv, next);
        self.undone.clear();
        Ok(())
    }

    /// Plays the move of an [`Seat::External`] computer player, checked like a person's.
    pub fn play_external(&mut self, mv: G::Move) -> Result<(), MoveError> {
        match self.turn() {
            Turn::Over(_) => return Err(MoveError::GameOver),
            Turn::Player(p) if matches!(self.seats[p], Seat::External { .. }) => {}
            _ => return Err(MoveError::NotYourTurn),
        }
        let mut next = self.state().clone();
        next.try_play(mv)?;
        self.push(mv, next);
        self.undone.clear();
        Ok(())
    }

    /// Lets chance or the computer make one move, if it is their turn; returns the move.
    pub fn step(&mut self) -> Option<G::Move> {
        let mv = match self.turn() {
            Turn::Chance => {
                let state = self.positions.last().expect("start");
                sample_chance(state, &mut self.dealer)?
            }
            Turn::Player(p) => match &mut self.seats[p] {
                Seat::Human | Seat::External { .. } => return None,
                Seat::Agent { agent, .. } => agent.choose(self.positions.last().expect("start")),
            },
            Turn::Over(_) => return None,
        };
        let mut next = self.state().clone();
        next.play(mv);
        self.push(mv, next);
        self.undone.clear();
        Some(mv)
    }

    fn push(&mut self, mv: G::Move, next: G) {
        self.moves.push(mv);
        self.positions.push(next);
    }

    fn pop(&mut self) -> Option<G::Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.undone.push(mv);
        Some(mv)
    }

    /// Takes back one ply (a move or a chance event).
    pub fn undo_ply(&mut self) -> bool {
        self.pop().is_some()
    }

    /// Replays the last ply taken back, if any. Returns whether anything was redone.
    pub fn redo_ply(&mut self) -> bool {
        let Some(mv) = self.undone.pop() else {
            return false;
        };
        let mut next = self.state().clone();
        next.play(mv);
        self.push(mv, next);
        true
    }

    /// Forgets the plies taken back, as a new move does: for a controller whose record holds
    /// choices besides moves, when a new choice replaces an undone one.
    pub fn forget_redo(&mut self) {
        self.undone.clear();
    }

    /// Takes back moves until a person was last to decide: one ply in a two-player game, the
    /// person's move and the computer's reply against the computer, a move and its tile in 2048.
    /// Where nobody is human, one ply. Returns whether anything was undone.
    pub fn undo(&mut self) -> bool {
        if self.seats.iter().all(|s| !s.is_human()) {
            return self.undo_ply();
        }
        let len = self.moves.len();
        let Some(target) = (0..len)
            .rev()
            .find(|&i| self.is_human_decision(&self.positions[i]))
        else {
            return false;
        };
        while self.moves.len() > target {
            self.pop();
        }
        true
    }

    /// Replays undone moves up to the next point where a person decides (or one ply where
    /// nobody is human). Returns whether anything was redone.
    pub fn redo(&mut self) -> bool {
        let all_agents = self.seats.iter().all(|s| !s.is_human());
        let mut redone = false;
        while self.redo_ply() {
            redone = true;
            if all_agents || self.awaits_human() {
                break;
            }
        }
        redone
    }

    /// The undone moves that redo would replay, in the order it would replay them.
    pub fn redoable(&self) -> impl Iterator<Item = G::Move> + '_ {
        self.undone.iter().rev().copied()
    }

    /// Whether [`Session::undo`] has anything to take back.
    pub fn can_undo(&self) -> bool {
        if self.seats.iter().all(|s| !s.is_human()) {
            return !self.moves.is_empty();
        }
        (0..self.moves.len()).any(|i| self.is_human_decision(&self.positions[i]))
    }

    /// Whether [`Session::redo`] has anything to replay.
    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// Goes back to the start position, forgetting the moves.
    pub fn restart(&mut self) {
        self.positions.truncate(1);
        self.moves.clear();
        self.undone.clear();
        for seat in &mut self.seats {
            if let Seat::Agent { agent, .. } = seat {
                agent.new_game();
            }
        }
    }

    /// Replaces the game with a loaded one (the seats stay as they are).
    pub fn replace_game(&mut self, loaded: LoadedGame<G>) {
        let mut state = loaded.start.clone();
        self.positions = vec![loaded.start];
        self.moves.clear();
        self.undone.clear();
        for mv in loaded.moves {
            state.play(mv);
            self.push(mv, state.clone());
        }
    }

    /// The game as a save file.
    pub fn to_save_file(&self) -> SaveFile {
        SaveFile::new(
            self.start(),
            &self.moves,
            self.seats
                .iter()
                .map(|s| s.describe().to_string())
                .collect(),
        )
    }

    /// Saves the game to `path` atomically.
    pub fn save(&self, path: &Path) -> Result<(), SaveError> {
        save::save(path, &self.to_save_file())
    }

    /// Loads a game from `path` in place of the current one; on error nothing changes.
    pub fn load(&mut self, path: &Path) -> Result<(), SaveError> {
        let loaded = save::load::<G>(path)?;
        self.replace_game(loaded);
        Ok(())
    }
}
