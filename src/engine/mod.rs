//! The engine: how a computer plays. Values under perfect play, the one search (plain minimax
//! and alpha-beta), the solved table, analyses, the computer's levels and opponents, a game
//! session, the counts of the game tree, and Monte Carlo tree search ([`mcts`]) on any game that
//! answers the five questions of [`TwoPlayerGame`].
//!
//! It is built on the rules layer only: nothing here draws or teaches.

mod ahead;
mod analysis;
pub(crate) mod bot;
pub mod budget;
mod caught;
mod game;
pub(crate) mod learner;
mod level;
pub(crate) mod matches;
pub mod mcts;
pub(crate) mod memo;
pub mod menace;
mod opponent;
pub mod perft;
pub mod play;
mod playout_policy;
pub mod search;
mod seed;
pub mod solve;
mod solved;
pub mod stats;
mod value;

pub use ahead::MAX_DEPTH;
pub use analysis::Analysis;
#[doc(hidden)]
#[allow(deprecated)]
pub use analysis::MoveValue;
pub use bot::{Bot, MoveChances};
pub use caught::{RulesPanic, SearchError};
pub use game::Game;
pub use level::{Level, ParseLevelError, Reason, rules_choice};
#[allow(deprecated)]
pub use matches::{play_game, play_out};
pub use opponent::{MAX_OPPONENT_PLAYOUTS, Opponent};
pub use play::{Choice, End, Fault, Finish, Forfeit, PlayedGame, Turn};
pub use seed::DEFAULT_SEED;
pub use solved::{MAX_SOLVED_MOVES, MAX_SOLVED_POSITIONS, SolvedGame, Table};
pub use value::Value;
// The game trait and the games moved to the rules layer, where they belong; these are the paths
// notebooks and lessons already name.
pub use crate::rules::{Ending, TicTacToe, TwoPlayerGame};

/// The grid games, k in a row and Connect Four (they are [`crate::games`]; this is the path
/// lessons written before they moved to the rules layer name).
pub mod games {
    #[doc(hidden)] // public in 0.1.0: kept so that a cell naming it compiles
    pub use crate::rules::MAX_SIDE;
    pub use crate::rules::{ConnectFour, Grid, GridGame, KInARow};
}
