//! Everything a notebook needs, with one `use`:
//!
//! ```
//! use magic_tictactoe::prelude::*;
//!
//! let mut game = Game::against(Level::Perfect);
//! game.play(5);
//! assert_eq!(game.moves().len(), 2);
//! ```

pub use crate::clickable::{ClickableGame, Face};
pub use crate::engine::mcts::{self, Mcts, MctsTree, PlayoutPolicy};
pub use crate::engine::menace::{self, MatchBox, Menace};
pub use crate::engine::perft::perft;
pub use crate::engine::search::{MoveOrder, Pruning, Search, alpha_beta, minimax};
pub use crate::engine::solve::{SolvedGame, move_values, search_ahead, solve, solve_minimax};
pub use crate::engine::stats::{self, Statistics};
// The old name of `play_game`, kept for lessons written with it.
#[allow(deprecated)]
pub use crate::engine::play_out;
pub use crate::engine::{
    Analysis, Bot, Choice, DEFAULT_SEED, Ending, Finish, Forfeit, Game, Level, MoveValue, Opponent,
    Reason, SearchError, Table, TicTacToe, Turn, TwoPlayerGame, Value, play_game, rules_choice,
};
pub use crate::exercises::{self, Exercise, Verdict, check_never_loses, check_win_test};
pub use crate::render::{
    self, BoardView, Gallery, GridView, Html, Picture, Scale, ShowGame, ShowInNotebook,
};
pub use crate::rules::{
    Board, LimitError, Line, LineKind, Outcome, Player, Square, SquareSet, Symmetry, Tally,
};
pub use crate::rules::{ConnectFour, Grid, GridGame, KInARow};
// Lessons written before the checks and the challenge took every game name these.
#[allow(deprecated)]
pub use crate::teach::any_game::{
    GameChallenge, GameSearchCheck, check_game_minimax, check_game_negamax,
};
pub use crate::teach::beyond::MagicGrid;
pub use crate::teach::challenge::{Challenge, DepthStudy};
pub use crate::teach::classroom::{StartOver, start_over};
pub use crate::teach::mcts_check::{MctsCheck, PathNode, check_backpropagation, check_ucb1};
pub use crate::teach::paper::{OrderComparison, PaperTree};
pub use crate::teach::perfect_moves::PerfectMoves;
pub use crate::teach::pick15::Pick15;
pub use crate::teach::playouts::PlayoutSteps;
pub use crate::teach::search_check::{SearchCheck, check_alpha_beta, check_minimax, check_negamax};
pub use crate::teach::tournament::{Rates, Tournament};
pub use crate::teach::tree::{OrderedSearches, SearchTree};
pub use crate::teach::{Comparison, Sums, Triples};
pub use crate::{itertools, magic, solver};
