//! The view model: a plain snapshot of a match that a terminal, a window or a web page draws
//! without knowing any game's rules. Cells are numbered row-major from the top-left, as every
//! board string lists them.

use std::time::Duration;

use serde::Serialize;
use tabula_core::{Player, Progress, Verdict};
use tabula_games::{GameKind, Opening};

use crate::opening::SwapChoice;

/// What stands on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", content = "value", rename_all = "lowercase")]
pub enum Piece {
    /// Nothing.
    Empty,
    /// A player's mark, disc or stone (0 moves first from the standard start: X, black).
    Player(Player),
    /// A 2048 tile of this value.
    Tile(u64),
}

/// One cell of the board.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CellView {
    /// Its name in the game's notation (`e4`, `h8`, `b2`).
    pub name: String,
    /// What stands on it.
    pub piece: Piece,
    /// The number of the move that put the piece there (1 for the first move), where a move put
    /// it there; gomoku front ends show it on the stone.
    pub number: Option<u32>,
}

/// A move the player to move may make.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LegalMove {
    /// The move in the game's notation, as [`crate::Command::Play`] takes it.
    pub notation: String,
    /// The cell it is played on; `None` for moves that have none (a pass, a 2048 slide).
    pub cell: Option<usize>,
}

/// An engine's value for one legal move, from the mover's point of view.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HintView {
    /// The move in the game's notation.
    pub notation: String,
    /// Its cell, where it has one.
    pub cell: Option<usize>,
    /// The value in the engine's unit (discs in reversi, points in 2048).
    pub value: f64,
    /// Whether the value is exact.
    pub exact: bool,
    /// The proven result, where known.
    pub verdict: Option<VerdictView>,
}

/// A proven result, for serde.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum VerdictView {
    /// The move wins.
    Win,
    /// The move draws.
    Draw,
    /// The move loses.
    Loss,
}

impl From<Verdict> for VerdictView {
    fn from(v: Verdict) -> Self {
        match v {
            Verdict::Win => VerdictView::Win,
            Verdict::Draw => VerdictView::Draw,
            Verdict::Loss => VerdictView::Loss,
        }
    }
}

/// Why a point is forbidden: renju's rules for black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ForbiddenReason {
    /// Two or more open threes at once.
    DoubleThree,
    /// Two or more fours at once.
    DoubleFour,
    /// Six or more in a row.
    Overline,
}

impl ForbiddenReason {
    /// The reason's key in the message catalog (`forbidden-double-three`, …).
    pub fn key(self) -> &'static str {
        match self {
            ForbiddenReason::DoubleThree => "forbidden-double-three",
            ForbiddenReason::DoubleFour => "forbidden-double-four",
            ForbiddenReason::Overline => "forbidden-overline",
        }
    }
}

impl std::fmt::Display for ForbiddenReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ForbiddenReason::DoubleThree => "a double three",
            ForbiddenReason::DoubleFour => "a double four",
            ForbiddenReason::Overline => "an overline",
        })
    }
}

/// An empty point the player to move may not play, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ForbiddenView {
    /// The cell.
    pub cell: usize,
    /// Why.
    pub reason: ForbiddenReason,
}

/// One ply of the game record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlyView {
    /// The ply's number, from 1.
    pub number: u32,
    /// Who moved; `None` for chance (a 2048 tile).
    pub player: Option<Player>,
    /// The seat that decided it, numbered as in the settings: the player's seat, except in a
    /// swap opening, where the seat asked places stones of both colours and a colour choice may
    /// have swapped the seats; `None` for chance.
    pub seat: Option<usize>,
    /// The move in the game's notation.
    pub notation: String,
    /// The cell it was played on; `None` for a pass, a slide or a tile.
    pub cell: Option<usize>,
}

/// The engine's value of the position after one ply, from the first player's point of view
/// (black, X), for the evaluation graph.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct EvalView {
    /// The value in the engine's unit (discs in reversi); positive favours the first player.
    /// At the end of the game: the final margin (disc difference in reversi, zero in gomoku).
    pub value: f64,
    /// Whether the value is exact.
    pub exact: bool,
    /// The proven result for the first player, where known (a finished game always has one).
    pub verdict: Option<VerdictView>,
}

/// A tile's path in a 2048 slide, for animation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SlideView {
    /// The cell it started in.
    pub from: usize,
    /// The cell it ended in.
    pub to: usize,
    /// The tile's value before the slide.
    pub value: u64,
    /// Whether it merged into the tile there.
    pub merged: bool,
}

/// What the last move changed, for animations: the player's last move and the chance events
/// after it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ChangeView {
    /// The cell where a piece was placed.
    pub placed: Option<usize>,
    /// Reversi: the discs that turned over, nearest to the placed disc first.
    pub flipped: Vec<usize>,
    /// 2048: every tile's path in the slide.
    pub slides: Vec<SlideView>,
    /// 2048: the cells where a merge made a new tile.
    pub merged: Vec<usize>,
    /// 2048: the cells where a new tile appeared.
    pub spawned: Vec<usize>,
}

/// How the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum Status {
    /// A person is to move.
    ToMove {
        /// The player to move.
        player: Player,
    },
    /// The computer is thinking (or chance is about to deal).
    Thinking {
        /// The player whose move it is.
        player: Player,
    },
    /// The computer is to move but the match is paused.
    Paused {
        /// The player to move.
        player: Player,
    },
    /// The game is over.
    Over(Ending),
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "result", rename_all = "snake_case")]
pub enum Ending {
    /// A player won on the board.
    Win {
        /// The winner.
        player: Player,
    },
    /// A player resigned.
    Resigned {
        /// Who resigned.
        player: Player,
    },
    /// A player's clock ran out.
    Timeout {
        /// Whose clock fell.
        player: Player,
    },
    /// Nobody won.
    Draw,
    /// A one-player game ended with this score.
    Score {
        /// The final score.
        score: u64,
    },
}

impl Ending {
    /// The winner, where there is one.
    pub fn winner(self) -> Option<Player> {
        match self {
            Ending::Win { player } => Some(player),
            Ending::Resigned { player } | Ending::Timeout { player } => Some(player ^ 1),
            Ending::Draw | Ending::Score { .. } => None,
        }
    }
}

impl Status {
    /// The key of the status line in the message catalog (`status-to-move`, …).
    pub fn key(self) -> &'static str {
        match self {
            Status::ToMove { .. } => "status-to-move",
            Status::Thinking { .. } => "status-thinking",
            Status::Paused { .. } => "status-paused",
            Status::Over(Ending::Win { .. }) => "status-win",
            Status::Over(Ending::Resigned { .. }) => "status-resigned",
            Status::Over(Ending::Timeout { .. }) => "status-timeout",
            Status::Over(Ending::Draw) => "status-draw",
            Status::Over(Ending::Score { .. }) => "status-score",
        }
    }

    /// Whether the game is over.
    pub fn is_over(self) -> bool {
        matches!(self, Status::Over(_))
    }
}

/// A seat as the front end shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatView {
    /// The player's name in the game (`X`, `black`).
    pub name: &'static str,
    /// The agent spec of a computer player; `None` for a person.
    pub agent: Option<String>,
}

/// A player's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ClockView {
    /// Time left, as of the snapshot.
    #[serde(rename = "remaining_ms", serialize_with = "millis")]
    pub remaining: Duration,
    /// Whether it is running.
    pub running: bool,
}

fn millis<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_u64(d.as_millis() as u64)
}

/// A snapshot of the match for drawing.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    /// The game.
    pub game: GameKind,
    /// Columns of the board.
    pub width: usize,
    /// Rows of the board.
    pub height: usize,
    /// `width * height` cells, row-major from the top-left.
    pub cells: Vec<CellView>,
    /// Labels of the columns, left to right (`a`, `b`, …).
    pub column_labels: Vec<String>,
    /// Labels of the rows, top to bottom (`1`…`8` in reversi, `15`…`1` in gomoku).
    pub row_labels: Vec<String>,
    /// The position in the game's notation.
    pub position: String,
    /// The cell of the last move that had one.
    pub last_move: Option<usize>,
    /// What the last move changed.
    pub change: ChangeView,
    /// The moves the player to move may make (empty while the computer thinks or after the end).
    pub legal: Vec<LegalMove>,
    /// The points the player to move may not play, with the reason: black's forbidden points
    /// under renju while black is to move (empty otherwise).
    pub forbidden: Vec<ForbiddenView>,
    /// The engine's values for the legal moves, best first, when hints are on and ready.
    pub hints: Option<Vec<HintView>>,
    /// The cells of the winning line, in order.
    pub winning_line: Vec<usize>,
    /// Disc or stone counts per player (reversi, gomoku, tic-tac-toe), or the score (2048).
    pub scores: Vec<u64>,
    /// How the game stands.
    pub status: Status,
    /// The players.
    pub seats: Vec<SeatView>,
    /// The game record so far.
    pub history: Vec<PlyView>,
    /// The plies undo took back, in the order redo replays them (numbered on from `history`).
    pub redoable: Vec<PlyView>,
    /// When the evaluation graph is on: the value after each ply of `history` and then of
    /// `redoable`, `None` until the controller has searched it. Empty when the graph is off.
    pub evaluations: Vec<Option<EvalView>>,
    /// The clocks, when a time control is set.
    pub clocks: Option<Vec<ClockView>>,
    /// The thinking engine's latest report.
    pub thinking: Option<Progress>,
    /// Whether undo would take anything back.
    pub can_undo: bool,
    /// Whether redo would replay anything.
    pub can_redo: bool,
    /// 2048: the goal tile was reached in this game.
    pub goal_reached: bool,
    /// A swap opening in progress: what is asked of whom. `None` once the colours are settled
    /// (and always under the standard opening).
    pub opening: Option<OpeningView>,
    /// The swap opening's choices made so far, in order (empty under the standard opening).
    pub choices: Vec<ChoiceView>,
    /// The seat (numbered as in the settings) that plays each colour now: `[0, 1]` unless a
    /// swap opening's choice gave the first seat white.
    pub colour_seats: Vec<usize>,
}

/// A choice made in a swap opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ChoiceView {
    /// How many moves had been played when it was made.
    pub after: usize,
    /// The seat that made it, numbered as in the settings.
    pub seat: usize,
    /// What it chose.
    pub choice: SwapChoice,
}

/// What a swap opening asks, and of whom.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OpeningView {
    /// The opening rule (`swap1`, `swap2`).
    pub rule: Opening,
    /// The seat asked, numbered as in the settings: 0 the first player (who places the first
    /// stones), 1 the second.
    pub seat: usize,
    /// The agent spec of a computer in that seat; `None` for a person.
    pub agent: Option<String>,
    /// What is asked.
    pub ask: OpeningAsk,
}

impl OpeningView {
    /// The key of the line that says what is asked, in the message catalog: `opening-place`
    /// (placeholders `seat`, `stone`, `of`, `colour`) or `opening-choose` (`seat`) for a
    /// person, `opening-computer-place` or `opening-computer-choose` (`seat`) for the computer.
    pub fn key(&self) -> &'static str {
        match (&self.ask, self.agent.is_some()) {
            (OpeningAsk::Place { .. }, false) => "opening-place",
            (OpeningAsk::Choose { .. }, false) => "opening-choose",
            (OpeningAsk::Place { .. }, true) => "opening-computer-place",
            (OpeningAsk::Choose { .. }, true) => "opening-computer-choose",
        }
    }

    /// The key of the seat's name: `opening-first` or `opening-second`.
    pub fn seat_key(&self) -> &'static str {
        if self.seat == 0 {
            "opening-first"
        } else {
            "opening-second"
        }
    }

    /// The choices a person is asked to make now, if any.
    pub fn person_choices(&self) -> Option<&[SwapChoice]> {
        match &self.ask {
            OpeningAsk::Choose { options } if self.agent.is_none() => Some(options),
            _ => None,
        }
    }
}

/// A swap opening's question.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum OpeningAsk {
    /// Place stone `stone` of `of` (the colour is `colour`'s).
    Place {
        /// The stone's number in this run, from 1.
        stone: usize,
        /// How many stones the run has.
        of: usize,
        /// Whose colour the stone is (0 black, 1 white).
        colour: Player,
    },
    /// Choose one of `options`.
    Choose {
        /// What may be chosen.
        options: Vec<SwapChoice>,
    },
}

impl View {
    /// The cell at `column`, `row` (from the top-left), if on the board.
    pub fn cell_index(&self, column: usize, row: usize) -> Option<usize> {
        (column < self.width && row < self.height).then_some(row * self.width + column)
    }

    /// The legal move on `cell`, if there is one.
    pub fn move_on(&self, cell: usize) -> Option<&LegalMove> {
        self.legal.iter().find(|m| m.cell == Some(cell))
    }

    /// Why `cell` is forbidden to the player to move, if it is.
    pub fn forbidden_on(&self, cell: usize) -> Option<ForbiddenReason> {
        self.forbidden
            .iter()
            .find(|f| f.cell == cell)
            .map(|f| f.reason)
    }

    /// The hint for `cell`, if hints are shown and the cell has one.
    pub fn hint_on(&self, cell: usize) -> Option<&HintView> {
        self.hints
            .as_ref()
            .and_then(|hints| hints.iter().find(|h| h.cell == Some(cell)))
    }

    /// The seat (numbered as in the settings) that decides now, while the game goes on: the
    /// seat a swap opening asks, else the seat of the colour to move.
    pub fn deciding_seat(&self) -> Option<usize> {
        match &self.opening {
            Some(opening) => Some(opening.seat),
            None => self
                .to_move()
                .map(|colour| self.colour_seats.get(colour).copied().unwrap_or(colour)),
        }
    }

    /// The colour that seat `seat` plays now (in a swap opening before the colours are chosen,
    /// the first seat's is black).
    pub fn colour_of_seat(&self, seat: usize) -> Player {
        self.colour_seats
            .iter()
            .position(|&s| s == seat)
            .unwrap_or(seat)
    }

    /// The player to move, while the game goes on.
    pub fn to_move(&self) -> Option<Player> {
        match self.status {
            Status::ToMove { player } | Status::Thinking { player } | Status::Paused { player } => {
                Some(player)
            }
            Status::Over(_) => None,
        }
    }
}
