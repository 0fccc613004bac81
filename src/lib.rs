#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs, missing_debug_implementations, rust_2018_idioms)]

mod analysis;
pub mod beyond;
mod board;
pub mod clickable;
mod error;
pub mod exercises;
mod gallery;
mod game;
pub mod html;
mod line;
pub mod magic;
mod opponent;
mod outcome;
pub mod pick15;
mod pictures;
mod player;
pub mod solver;
mod square;
mod square_set;
pub mod stats;
mod symmetry;
pub mod tournament;
pub mod tree;
mod value;

/// The itertools crate the win test is built on, re-exported so that a notebook can
/// `use magic_tictactoe::itertools::Itertools;` without a `:dep` of its own.
pub use itertools;

pub use analysis::{Analysis, MoveValue};
pub use board::Board;
pub use error::{BoardError, MoveError, SquareError};
pub use game::{DEFAULT_SEED, Game};
pub use html::BoardView;
pub use line::Line;
pub use magic::{Sums, Triples};
pub use opponent::{Choice, Level, Opponent, ParseLevelError, Reason};
pub use outcome::Outcome;
pub use player::{ParsePlayerError, Player};
pub use square::{IntoSquare, Square};
pub use square_set::{SquareSet, SquareSetIter};
pub use stats::Statistics;
pub use symmetry::Symmetry;
pub use value::{GameResult, Value};
