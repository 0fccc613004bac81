#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs, missing_debug_implementations, rust_2018_idioms)]

// The crate in four layers, each built only on those above it in this list:
pub mod engine; // how a computer plays: values, search, the solved table, opponents, games
pub mod render; // pictures for notebooks: typed HTML, the palette, boards, galleries
pub mod rules; // the game: squares, the magic square, boards, outcomes, symmetry
pub mod teach; // the lessons' tools: sums, search trees, tournaments, Pick 15, exercises

pub mod prelude;

/// The itertools crate the win test is built on, re-exported so that a notebook can
/// `use magic_tictactoe::itertools::Itertools;` without a `:dep` of its own.
pub use itertools;

pub use engine::menace::{self, Menace};
pub use engine::stats::Statistics;
// The old name of `play_game`, kept for lessons written with it.
#[doc(hidden)]
#[allow(deprecated)]
pub use engine::MoveValue;
#[allow(deprecated)]
pub use engine::play_out;
pub use engine::{
    Analysis, Bot, Choice, DEFAULT_SEED, End, Fault, Finish, Forfeit, Game, Level, Opponent,
    ParseLevelError, PlayedGame, Reason, RulesPanic, SearchError, SolvedGame, Turn, Value,
    play_game, rules_choice, stats,
};
pub use render::{BoardView, Gallery, Html, Picture, clickable};
#[allow(deprecated)]
pub use rules::Outcome;
pub use rules::{
    Board, BoardError, Counted, Ending, IntoSquare, LimitError, Line, LineKind, MoveError,
    ParseBoardError, ParsePlayerError, Player, Square, SquareError, SquareSet, SquareSetIter,
    Symmetry, Tally, TicTacToe, TwoPlayerGame,
};
pub use teach::{
    Sums, any_game, beyond, challenge, exercises, mcts_check, paper, perfect_moves, pick15,
    playouts, search_check, tournament, tree,
};

/// The games the crate ships besides tic-tac-toe, each an answer to the five questions of
/// [`TwoPlayerGame`]: k in a row, Connect Four (both on a [`Grid`](games::Grid)) and take-away.
pub mod games {
    pub use crate::rules::{ConnectFour, Grid, GridGame, KInARow, MoveOrder, TakeAway, TicTacToe};
    #[doc(hidden)] // public in 0.1.0: kept so that a cell naming it compiles
    pub use crate::rules::{MAX_SIDE, MAX_TAKE};
}

/// The magic square: the Lo Shu numbers, the win test by sums, and the pictures of triples and
/// sums (the maths is in [`rules::magic`], the pictures in [`teach`]).
pub mod magic {
    pub use crate::rules::magic::*;
    #[doc(hidden)] // public in 0.1.0: kept so that a cell naming it compiles
    pub use crate::teach::Pair;
    pub use crate::teach::{Sums, Triples};
}

/// Perfect play: the one search ([`minimax`](engine::search::minimax),
/// [`alpha_beta`](engine::search::alpha_beta)), the solved [`Table`](engine::Table), and the
/// three compared ([`Comparison`](teach::Comparison)).
pub mod solver {
    pub use crate::engine::Table;
    pub use crate::engine::search::*;
    pub use crate::teach::Comparison;
}

/// Pictures for notebooks (the same as [`render`]; the older name).
pub use render as html;

/// The teacher's guide: its model answers run as doctests, so they cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../docs/teaching.md")]
pub struct TeachersGuide;
