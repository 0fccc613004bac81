//! How a game stands: won, drawn, or still in play.

use std::fmt;

use crate::{Line, Player};

/// The result of a position: still in play, won by a player along a line, or drawn.
///
/// ```
/// use magic_tictactoe::{Board, Outcome, Player};
///
/// let board: Board = "XXX/OO./...".parse()?;
/// match board.outcome() {
///     Outcome::Won { winner, line } => {
///         assert_eq!(winner, Player::X);
///         assert_eq!(line.to_string(), "1-2-3");
///     }
///     other => panic!("expected a win, got {other}"),
/// }
/// # Ok::<(), magic_tictactoe::BoardError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Nobody has won and a square is free: the side to move plays on.
    InPlay,
    /// A player has three in a row.
    Won {
        /// Who won.
        winner: Player,
        /// The line of three (if the last move made two lines, the first in keypad order).
        line: Line,
    },
    /// All nine squares are full and nobody has a line.
    Draw,
}

impl Outcome {
    /// Whether the game has ended.
    pub const fn is_over(self) -> bool {
        !matches!(self, Outcome::InPlay)
    }

    /// The winner, if a player has won.
    pub const fn winner(self) -> Option<Player> {
        match self {
            Outcome::Won { winner, .. } => Some(winner),
            _ => None,
        }
    }

    /// The winning line, if a player has won.
    pub const fn line(self) -> Option<Line> {
        match self {
            Outcome::Won { line, .. } => Some(line),
            _ => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::InPlay => write!(f, "still in play"),
            Outcome::Won { winner, line } => {
                write!(f, "{winner} won with the {} {line}", line.kind())
            }
            Outcome::Draw => write!(f, "a draw"),
        }
    }
}
