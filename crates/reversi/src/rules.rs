//! The position and the rules: [`Reversi`] implements [`Game`].

use tabula_core::{game_over, Game, Outcome, ParseError, Player, Reason, Turn};

use crate::bitboard;
use crate::notation::Move;

/// A reversi position: the discs of the side to move and of the other side, and who moves.
///
/// Player 0 is black (`X`), who moves first from the standard start; player 1 is white (`O`).
/// The squares the side to move may play on are kept with the discs: every ply needs them
/// (whose turn it is, which moves exist), so each position computes them once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Reversi {
    own: u64,
    opp: u64,
    /// `bitboard::moves(own, opp)`, always.
    moves: u64,
    to_move: Player,
}

/// How the position string marks the two players' discs.
const DISC: [char; 2] = ['X', 'O'];

impl Reversi {
    /// A position from the black and white discs and the side to move. The boards must not
    /// overlap.
    pub fn from_discs(black: u64, white: u64, to_move: Player) -> Reversi {
        debug_assert_eq!(black & white, 0, "a square holds one disc");
        let (own, opp) = if to_move == 0 {
            (black, white)
        } else {
            (white, black)
        };
        Reversi::with_discs(own, opp, to_move)
    }

    /// The position with `own` to move against `opp`.
    fn with_discs(own: u64, opp: u64, to_move: Player) -> Reversi {
        Reversi {
            own,
            opp,
            moves: bitboard::moves(own, opp),
            to_move,
        }
    }

    /// The start position with `first` to move, its discs on black's usual squares (d5, e4)
    /// whichever colour it plays, as the classic console game sets up: `start(0)` is the
    /// standard start.
    pub fn start(first: Player) -> Reversi {
        let first_discs = (1u64 << 35) | (1u64 << 28);
        let second_discs = (1u64 << 27) | (1u64 << 36);
        Reversi::with_discs(first_discs, second_discs, first)
    }

    /// The discs of the side to move.
    pub fn own(&self) -> u64 {
        self.own
    }

    /// The discs of the side not to move.
    pub fn opp(&self) -> u64 {
        self.opp
    }

    /// The player to move (even once the game is over: the one who would move next).
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// The discs of `player`.
    pub fn discs(&self, player: Player) -> u64 {
        if player == self.to_move {
            self.own
        } else {
            self.opp
        }
    }

    /// The empty squares.
    pub fn empty(&self) -> u64 {
        !(self.own | self.opp)
    }

    /// The squares the side to move may play on (no pass).
    pub fn move_mask(&self) -> u64 {
        self.moves
    }

    /// Whether the side to move must pass: it has no move but the other side has one.
    pub fn must_pass(&self) -> bool {
        self.move_mask() == 0 && bitboard::moves(self.opp, self.own) != 0
    }

    /// The discs that a move on `sq` would flip (none when it is not a legal square).
    pub fn flips(&self, sq: usize) -> u64 {
        if self.empty() >> sq & 1 == 0 {
            return 0;
        }
        bitboard::flips(self.own, self.opp, sq)
    }

    /// Plays a legal move onto `sq` given its flips, as [`Reversi::flips`] found them.
    #[inline]
    pub fn play_flips(&mut self, sq: usize, flips: u64) {
        let own = self.own | flips | (1u64 << sq);
        *self = Reversi::with_discs(self.opp & !flips, own, self.to_move ^ 1);
    }

    /// Passes: the other side moves.
    #[inline]
    pub fn pass(&mut self) {
        *self = Reversi::with_discs(self.opp, self.own, self.to_move ^ 1);
    }

    /// The final disc difference for the side to move, empties going to the winner (WOF and
    /// FFO scoring).
    pub fn final_score(&self) -> i32 {
        score_for(self.own, self.opp)
    }
}

/// Final disc difference for `own` against `opp`, empty squares going to the winner.
#[inline]
pub fn score_for(own: u64, opp: u64) -> i32 {
    let mine = own.count_ones() as i32;
    let theirs = opp.count_ones() as i32;
    let empties = 64 - mine - theirs;
    match mine.cmp(&theirs) {
        std::cmp::Ordering::Greater => mine - theirs + empties,
        std::cmp::Ordering::Less => mine - theirs - empties,
        std::cmp::Ordering::Equal => 0,
    }
}

impl Game for Reversi {
    type Move = Move;

    const NAME: &'static str = "reversi";
    const PLAYERS: usize = 2;

    fn initial() -> Self {
        Reversi::start(0)
    }

    fn turn(&self) -> Turn {
        if self.move_mask() != 0 || bitboard::moves(self.opp, self.own) != 0 {
            return Turn::Player(self.to_move);
        }
        Turn::Over(match self.final_score() {
            0 => Outcome::Draw,
            s if s > 0 => Outcome::Win(self.to_move),
            _ => Outcome::Win(self.to_move ^ 1),
        })
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        let mut mask = self.move_mask();
        if mask == 0 {
            if bitboard::moves(self.opp, self.own) != 0 {
                moves.push(Move::PASS);
            }
            return;
        }
        while mask != 0 {
            moves.push(Move::square(mask.trailing_zeros() as usize));
            mask &= mask - 1;
        }
    }

    fn chance_outcomes(&self, _outcomes: &mut Vec<(Move, f64)>) {}

    fn play(&mut self, mv: Move) {
        match mv.to_square() {
            None => self.pass(),
            Some(sq) => {
                let flips = bitboard::flips(self.own, self.opp, sq);
                self.play_flips(sq, flips);
            }
        }
    }

    fn is_legal(&self, mv: Move) -> bool {
        match mv.to_square() {
            None => self.must_pass(),
            Some(sq) => self.flips(sq) != 0,
        }
    }

    fn illegal_reason(&self, mv: Move) -> Reason {
        if self.is_over() {
            return game_over();
        }
        let (id, english) = match mv.to_square() {
            None => (
                "reason-reversi-may-not-pass",
                "you have a move, so you may not pass",
            ),
            Some(_) if self.move_mask() == 0 => {
                ("reason-reversi-must-pass", "you have no move and must pass")
            }
            Some(sq) if self.empty() >> sq & 1 == 0 => {
                ("reason-reversi-occupied", "that square is occupied")
            }
            Some(_) => ("reason-reversi-flips-nothing", "that move flips nothing"),
        };
        Reason::new(id, english)
    }

    fn parse_move(&self, text: &str) -> Result<Move, ParseError> {
        Move::parse(text)
    }

    fn move_string(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn parse_moves(&self, text: &str) -> Result<Vec<Move>, ParseError> {
        crate::notation::transcript::parse(self, text)
    }

    fn parse_position(text: &str) -> Result<Self, ParseError> {
        crate::notation::position::parse(text)
    }

    fn position_string(&self) -> String {
        let mut text = String::with_capacity(66);
        let black = self.discs(0);
        let white = self.discs(1);
        for sq in 0..64 {
            text.push(if black >> sq & 1 == 1 {
                DISC[0]
            } else if white >> sq & 1 == 1 {
                DISC[1]
            } else {
                '-'
            });
        }
        text.push(' ');
        text.push(DISC[self.to_move]);
        text
    }

    fn player_name(player: Player) -> &'static str {
        ["X", "O"][player]
    }

    fn margin(&self, player: Player) -> i64 {
        let score = i64::from(self.final_score());
        if player == self.to_move {
            score
        } else {
            -score
        }
    }

    fn perft(&self, depth: u32) -> u64 {
        crate::perft::perft(self.own, self.opp, depth)
    }
}
