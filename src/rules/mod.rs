//! The rules of the games, and nothing else. Tic-tac-toe's: the players, the nine squares and
//! the magic square that numbers them, the lines, the board (always a legal position), how a
//! game ends, and the eight symmetries of the square. And every game's: the five questions a
//! search asks of a game ([`TwoPlayerGame`]), with the games the crate ships as answers to
//! them, one a file: tic-tac-toe, k in a row, Connect Four and take-away.
//!
//! This layer knows nothing of searching, drawing or teaching: every other layer is built on it.

mod board;
mod connect_four;
mod game;
mod grid;
mod k_in_a_row;
mod limit;
mod line;
pub mod magic;
mod player;
mod square;
mod square_set;
mod symmetry;
mod take_away;
mod tally;
pub(crate) mod text;
mod tic_tac_toe;

pub(crate) use board::boards_made;
pub use board::{Board, BoardError, MoveError, ParseBoardError};
pub use connect_four::ConnectFour;
#[doc(hidden)] // public in 0.1.0: kept so that a cell naming it compiles
pub use game::MAX_PLAYOUT_MOVES;
#[allow(deprecated)]
pub use game::Outcome;
pub use game::{Ending, TwoPlayerGame};
#[doc(hidden)] // public in 0.1.0: kept so that a cell naming it compiles
pub use grid::MAX_SIDE;
pub use grid::{Grid, GridGame};
pub use k_in_a_row::KInARow;
pub use limit::{Counted, LimitError};
pub use line::{Line, LineKind};
pub use player::{ParsePlayerError, Player};
pub use square::{IntoSquare, Square, SquareError};
pub use square_set::{SquareSet, SquareSetIter};
pub use symmetry::Symmetry;
#[doc(hidden)] // public in 0.1.0: kept so that a cell naming it compiles
pub use take_away::MAX_TAKE;
pub use take_away::TakeAway;
pub use tally::Tally;
pub use tic_tac_toe::{MoveOrder, TicTacToe};
