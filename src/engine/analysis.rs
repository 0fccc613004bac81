//! What perfect play says about a position: its value, its best moves, and the value of every
//! legal move.

use std::fmt;

use super::{Value, solved};
use crate::rules::{Board, Player, Square, SquareSet};

/// A legal move and its value for the player who makes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoveValue {
    /// Where the mark goes.
    pub square: Square,
    /// The value of the move for the side to move: what they get by playing it, with the
    /// number of moves to the end counting this one.
    pub value: Value,
}

/// Why a move is good or bad: every legal move of a position with its value under perfect play.
///
/// ```
/// use magic_tictactoe::{Board, Square, Value};
///
/// // X to move can win at once on square 3.
/// let board: Board = "XX./OO./...".parse()?;
/// let analysis = board.analysis();
/// assert_eq!(analysis.value(), Some(Value::Win(1)));
/// assert_eq!(analysis.best_moves().first(), Some(Square::TopRight));
/// assert_eq!(analysis.moves().len(), 5);
/// # Ok::<(), magic_tictactoe::ParseBoardError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    board: Board,
    moves: Vec<MoveValue>,
}

impl Analysis {
    /// Analyses `board` with the solved table.
    pub fn new(board: Board) -> Analysis {
        let moves = board
            .children()
            .map(|(square, child)| MoveValue {
                square,
                value: Value::of_move_into(child.value()),
            })
            .collect();
        Analysis { board, moves }
    }

    /// The position analysed.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The side to move, or `None` when the game is over.
    pub fn to_move(&self) -> Option<Player> {
        self.board.to_move()
    }

    /// Every legal move with its value, in keypad order; empty once the game is over.
    pub fn moves(&self) -> &[MoveValue] {
        &self.moves
    }

    /// The value of `square` as a move, if it is a legal move.
    pub fn value_of(&self, square: Square) -> Option<Value> {
        self.moves
            .iter()
            .find(|m| m.square == square)
            .map(|m| m.value)
    }

    /// The value of the position: the best move's value, or `None` once the game is over.
    pub fn value(&self) -> Option<Value> {
        self.moves.iter().map(|m| m.value).max()
    }

    /// The moves with the best value.
    pub fn best_moves(&self) -> SquareSet {
        let best = self.value();
        self.moves
            .iter()
            .filter(|m| Some(m.value) == best)
            .map(|m| m.square)
            .collect()
    }
}

impl fmt::Display for Analysis {
    /// One line per move: `5: draw in 8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.board.to_move(), self.board.ending_words()) {
            (Some(player), _) => {
                write!(f, "{} with {player} to move", self.board)?;
                for m in &self.moves {
                    write!(f, "\n  {}: {}", m.square, m.value)?;
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
        Analysis::new(self)
    }
}
