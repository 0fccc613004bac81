//! Teaching: the tools the notebooks are made of. Sums and triples on the magic square, search
//! trees walked step by step, Monte Carlo tree search one playout at a time, the three ways of
//! solving side by side, tournaments, Pick 15, the magic squares beyond 3x3, and exercises and
//! checks of a learner's code.
//!
//! This is the top layer: it uses the rules, the engine and the pictures, and nothing uses it.

pub mod any_game;
pub mod beyond;
pub mod challenge;
pub mod classroom;
/// The old name of [`classroom`]'s progress file (its variable and size), kept so that a cell
/// naming it compiles.
#[doc(hidden)]
pub mod progress {
    pub use super::classroom::{MAX_BYTES, VARIABLE};
}
mod comparison;
mod depth_study;
pub mod exercises;
pub mod mcts_check;
mod mcts_view;
pub mod paper;
pub mod perfect_moves;
pub mod pick15;
pub mod playouts;
mod record;
pub mod search_check;
mod steps;
mod sums;
pub mod tournament;
pub mod tree;

pub use comparison::Comparison;
pub use mcts_view::TreeView;
#[doc(hidden)] // public in 0.1.0: kept so that a cell naming it compiles
pub use sums::Pair;
pub use sums::{Sums, Triples};
