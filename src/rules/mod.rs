//! The rules of the game, and nothing else: the players, the nine squares and the magic square
//! that numbers them, the lines, the board (always a legal position), how a game ends, and the
//! eight symmetries of the square.
//!
//! This layer knows nothing of searching, drawing or teaching: every other layer is built on it.

mod board;
mod limit;
mod line;
pub mod magic;
mod outcome;
mod player;
mod square;
mod square_set;
mod symmetry;
mod tally;
pub(crate) mod text;

pub(crate) use board::boards_made;
pub use board::{Board, BoardError, MoveError, ParseBoardError};
pub use limit::{Counted, LimitError};
pub use line::{Line, LineKind};
pub use outcome::Outcome;
pub use player::{ParsePlayerError, Player};
pub use square::{IntoSquare, Square, SquareError};
pub use square_set::{SquareSet, SquareSetIter};
pub use symmetry::Symmetry;
pub use tally::Tally;
