//! The engine: how a computer plays. Values under perfect play, the one search (plain minimax
//! and alpha-beta), the solved table, analyses, the computer's levels and opponents, a game
//! session, the counts of the game tree, and Monte Carlo tree search ([`mcts`]) on any game that
//! answers the five questions of [`TwoPlayerGame`].
//!
//! It is built on the rules layer only: nothing here draws or teaches.

mod analysis;
mod game;
pub mod games;
mod horizon;
pub(crate) mod learner;
mod level;
pub mod mcts;
pub mod menace;
mod opponent;
pub mod search;
pub mod solve;
mod solved;
pub mod stats;
mod two_player;
mod value;

pub use analysis::{Analysis, MoveValue};
pub use game::Game;
pub use horizon::MAX_DEPTH;
pub use level::{Level, ParseLevelError, Reason, rules_choice};
pub use opponent::{Choice, DEFAULT_SEED, Fault, Forfeit, MAX_OPPONENT_PLAYOUTS, Opponent, Turn};
pub use search::TicTacToe;
pub use solved::Table;
pub use two_player::{Ending, TwoPlayerGame};
pub use value::Value;
