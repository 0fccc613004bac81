//! The ways input can be wrong, each with a plain-words message.

use std::fmt;

use crate::{Player, Square};

/// Why a number or text does not name a square.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SquareError {
    /// A keypad digit outside 1 to 9.
    OutOfRange(i64),
    /// A row or column outside 0 to 2.
    NotOnBoard {
        /// The row asked for.
        row: i64,
        /// The column asked for.
        column: i64,
    },
    /// A row or column outside 1 to 3, in text such as `"2 4"`.
    RowColumnOutOfRange {
        /// The row typed.
        row: i64,
        /// The column typed.
        column: i64,
    },
    /// Text that is not a square in any of the accepted forms.
    Unreadable(String),
}

impl fmt::Display for SquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SquareError::OutOfRange(i64::MAX) => {
                write!(f, "that number is too big: squares are numbered 1 to 9")
            }
            SquareError::OutOfRange(digit) => {
                write!(f, "there is no square {digit}: squares are numbered 1 to 9")
            }
            SquareError::NotOnBoard { row, column } => write!(
                f,
                "there is no square at row {row}, column {column}: rows and columns are 0, 1 or 2"
            ),
            SquareError::RowColumnOutOfRange { row, column } => write!(
                f,
                "there is no square at row {row}, column {column}: rows and columns are 1, 2 or 3"
            ),
            SquareError::Unreadable(text) => write!(
                f,
                "{text:?} is not a square: type a digit from 1 to 9, a row and column such as \"2 3\", or \"b3\""
            ),
        }
    }
}

impl std::error::Error for SquareError {}

/// Why a grid of marks is not a position of a real game, or why text is not a board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardError {
    /// The text has the wrong number of squares.
    WrongLength {
        /// How many squares were found.
        found: usize,
    },
    /// A row written between slashes does not have three squares.
    WrongRowLength {
        /// The row, counted from 1 at the top.
        row: usize,
        /// How many squares it has.
        found: usize,
    },
    /// Text with more or fewer than three rows between slashes.
    WrongRowCount {
        /// How many rows were found.
        found: usize,
    },
    /// A character that is not `X`, `O`, `.`, `-` or `_`.
    UnknownCharacter(char),
    /// The same square was given to both players.
    SquareHasBothMarks(Square),
    /// O has more marks than X, but X moves first.
    OHasMoreMarks,
    /// X has two or more marks more than O.
    XTooFarAhead,
    /// Both players have a line of three.
    BothHaveLines,
    /// A player kept playing after the other had won.
    MoveAfterWin {
        /// The player who had already won.
        winner: Player,
    },
    /// A number above 19,682, the largest base-3 code of nine squares.
    CodeOutOfRange(u16),
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::WrongLength { found } => {
                write!(f, "a board has 9 squares, not {found}")
            }
            BoardError::WrongRowLength { row, found } => {
                write!(f, "row {row} has {found} squares, not 3")
            }
            BoardError::WrongRowCount { found } => {
                write!(f, "a board has 3 rows separated by '/', not {found}")
            }
            BoardError::UnknownCharacter(c) => write!(
                f,
                "unknown character {:?}: use X, O and . (or - or _) for an empty square",
                c
            ),
            BoardError::SquareHasBothMarks(square) => {
                write!(f, "square {square} cannot hold both X and O")
            }
            BoardError::OHasMoreMarks => {
                write!(f, "O has more marks than X, but X moves first")
            }
            BoardError::XTooFarAhead => {
                write!(f, "X is more than one mark ahead of O: players take turns")
            }
            BoardError::BothHaveLines => write!(f, "both players have a line of three"),
            BoardError::MoveAfterWin { winner } => write!(
                f,
                "a move was made after the game was won: {winner} already had a line of three"
            ),
            BoardError::CodeOutOfRange(code) => write!(
                f,
                "there is no board with code {code}: codes run from 0 to 19682"
            ),
        }
    }
}

impl std::error::Error for BoardError {}

/// Why a move cannot be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveError {
    /// The square already has a mark.
    SquareTaken {
        /// The square asked for.
        square: Square,
        /// Whose mark is on it.
        by: Player,
    },
    /// The game has ended: nobody may move.
    GameOver,
    /// In a game against the computer, it is the computer's turn.
    NotYourTurn,
    /// The square asked for does not exist.
    NoSuchSquare(SquareError),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::SquareTaken { square, by } => {
                write!(f, "square {square} is taken: {by} is already there")
            }
            MoveError::GameOver => write!(f, "the game is already over"),
            MoveError::NotYourTurn => write!(f, "it is the computer's turn, not yours"),
            MoveError::NoSuchSquare(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for MoveError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            MoveError::NoSuchSquare(error) => Some(error),
            _ => None,
        }
    }
}

impl From<SquareError> for MoveError {
    fn from(error: SquareError) -> MoveError {
        MoveError::NoSuchSquare(error)
    }
}

/// At most 24 characters of `text`, with `...` where it was cut, for quoting input in messages.
pub(crate) fn shorten(text: &str) -> String {
    const MAX: usize = 24;
    if text.chars().count() <= MAX {
        text.to_owned()
    } else {
        let mut short: String = text.chars().take(MAX).collect();
        short.push_str("...");
        short
    }
}
