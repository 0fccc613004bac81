//! How a finished game ended.

use std::fmt;

use super::{Line, Player};

/// How a game ended: won along a line, drawn on a full board, or forfeited by a player who
/// could not make a legal move (a learner's own player that chose a taken square, say).
///
/// A position that is still in play has no outcome: [`Board::outcome`](crate::Board::outcome)
/// returns `None` for it.
///
/// ```
/// use magic_tictactoe::{Board, Outcome, Player};
///
/// let board: Board = "XXX/OO./...".parse()?;
/// match board.outcome() {
///     Some(Outcome::Won { winner, line }) => {
///         assert_eq!(winner, Player::X);
///         assert_eq!(line.to_string(), "1-2-3");
///     }
///     other => panic!("expected a win, got {other:?}"),
/// }
/// assert_eq!(Board::new().outcome(), None);
/// # Ok::<(), magic_tictactoe::ParseBoardError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// A player has three in a row.
    Won {
        /// Who won.
        winner: Player,
        /// The line of three (if the last move made two lines, the first in keypad order).
        line: Line,
    },
    /// All nine squares are full and nobody has a line.
    Draw,
    /// A player could not make a legal move, so the other player wins.
    Forfeit {
        /// Who could not move.
        loser: Player,
    },
}

impl Outcome {
    /// The winner, if the game was not a draw.
    pub const fn winner(self) -> Option<Player> {
        match self {
            Outcome::Won { winner, .. } => Some(winner),
            Outcome::Forfeit { loser } => Some(match loser {
                Player::X => Player::O,
                Player::O => Player::X,
            }),
            Outcome::Draw => None,
        }
    }

    /// The winning line, if a player won with one.
    pub const fn line(self) -> Option<Line> {
        match self {
            Outcome::Won { line, .. } => Some(line),
            _ => None,
        }
    }
}

impl fmt::Display for Outcome {
    /// `X won with the row 1-2-3`, `a draw`, `O forfeited, so X wins`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Won { winner, line } => {
                write!(f, "{winner} won with the {} {line}", line.kind())
            }
            Outcome::Draw => write!(f, "a draw"),
            Outcome::Forfeit { loser } => write!(f, "{loser} forfeited, so {} wins", !*loser),
        }
    }
}
