//! What perfect play says about a position: its value, its best moves, and the value of every
//! legal move.

use std::fmt;

use super::solve::MoveValues;
use super::{Value, solved};
use crate::rules::{Board, Player, Square, SquareSet};

/// A legal move and its value for the player who makes it: what [`Analysis`] listed in 0.1.0,
/// where it is a pair `(square, value)` now, as on any game.
#[doc(hidden)]
#[deprecated(
    since = "0.2.0",
    note = "an analysis lists pairs: `for &(square, value) in analysis.iter()`"
)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoveValue {
    /// Where the mark goes.
    pub square: Square,
    /// The value of the move for the side to move.
    pub value: Value,
}

/// Why a move is good or bad: every legal move of a board with its value under perfect play,
/// drawn on the board. It is the [`MoveValues`] any game's [`move_values`](super::solve::move_values)
/// gives (the board's moves are squares), and reads as they do: `analysis.value()`,
/// `analysis.best()`, `analysis.value_of(square)`, `for &(square, value) in analysis.iter()`.
///
/// ```
/// use magic_tictactoe::{Board, Square, Value};
///
/// // X to move can win at once on square 3.
/// let board: Board = "XX./OO./...".parse()?;
/// let analysis = board.analysis();
/// assert_eq!(analysis.value(), Some(Value::Win(1)));
/// assert_eq!(analysis.best(), [Square::TopRight]);
/// assert_eq!(analysis.len(), 5);
/// # Ok::<(), magic_tictactoe::ParseBoardError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    board: Board,
    moves: MoveValues<Square>,
}

impl Analysis {
    /// Analyses `board` with the solved table (`board.analysis()` says it).
    #[doc(hidden)]
    #[deprecated(since = "0.2.0", note = "use board.analysis()")]
    pub fn new(board: Board) -> Analysis {
        Analysis::of(board)
    }

    pub(crate) fn of(board: Board) -> Analysis {
        let moves = board
            .children()
            .map(|(square, child)| (square, Value::of_move_into(child.value())))
            .collect::<Vec<_>>();
        Analysis {
            board,
            moves: moves.into(),
        }
    }

    /// The position analysed.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The side to move, or `None` when the game is over.
    #[doc(hidden)]
    #[deprecated(since = "0.2.0", note = "use analysis.board().to_move()")]
    pub fn to_move(&self) -> Option<Player> {
        self.board.to_move()
    }

    /// Every legal move with its value, in keypad order.
    #[doc(hidden)]
    #[deprecated(
        since = "0.2.0",
        note = "an analysis lists pairs: `for &(square, value) in analysis.iter()`"
    )]
    #[allow(deprecated)]
    pub fn moves(&self) -> Vec<MoveValue> {
        self.iter()
            .map(|&(square, value)| MoveValue { square, value })
            .collect()
    }

    /// The moves with the best value.
    #[doc(hidden)]
    #[deprecated(since = "0.2.0", note = "use analysis.best()")]
    pub fn best_moves(&self) -> SquareSet {
        self.best().into_iter().collect()
    }
}

impl std::ops::Deref for Analysis {
    type Target = MoveValues<Square>;

    fn deref(&self) -> &MoveValues<Square> {
        &self.moves
    }
}

impl fmt::Display for Analysis {
    /// One line per move: `5: draw in 8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.board.to_move(), self.board.ending_words()) {
            (Some(player), _) => {
                write!(f, "{} with {player} to move", self.board)?;
                for (square, value) in self.iter() {
                    write!(f, "\n  {square}: {value}")?;
                }
                Ok(())
            }
            (None, Some(outcome)) => write!(f, "{}: {outcome}", self.board),
            (None, None) => write!(f, "{}", self.board),
        }
    }
}

/// What perfect play adds to a board: read from the solved table, one load each.
impl Board {
    /// The value of the position for the side to move under perfect play.
    ///
    /// ```
    /// use magic_tictactoe::{Board, Value};
    ///
    /// assert_eq!(Board::new().value(), Value::Draw(9));
    /// ```
    #[inline]
    pub fn value(self) -> Value {
        solved::value(self)
    }

    /// The moves that keep the best value for the side to move; empty once the game is over.
    #[inline]
    pub fn best_moves(self) -> SquareSet {
        solved::best_moves(self)
    }

    /// Every legal move with its value for the side to move.
    pub fn analysis(self) -> Analysis {
        Analysis::of(self)
    }
}
