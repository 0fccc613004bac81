//! Everything a notebook needs, with one `use`: one name for each thing a lesson does (the
//! older twins of a few, and the types a call only hands back, are at their own paths):
//!
//! ```
//! use magic_tictactoe::prelude::*;
//!
//! let mut game = Game::against(Level::Perfect);
//! game.play(5);
//! assert_eq!(game.moves().len(), 2);
//! ```

pub use crate::clickable::{ClickableGame, Face};
pub use crate::engine::mcts::{self, Mcts, PlayoutPolicy};
pub use crate::engine::menace::{self, MatchBox, Menace};
pub use crate::engine::perft::perft_for;
pub use crate::engine::search::{Pruning, alpha_beta, minimax};
pub use crate::engine::solve::{SolvedGame, move_values, search_ahead, solve};
pub use crate::engine::stats::{self, Statistics};
pub use crate::engine::{
    Bot, Ending, Finish, Forfeit, Game, Level, Opponent, SearchError, TicTacToe, Turn,
    TwoPlayerGame, Value, play_game,
};
pub use crate::exercises::{self, Exercise, check_never_loses, check_win_test};
pub use crate::render::{self, Gallery, Html, Picture, Scale, ShowGame, ShowInNotebook};
pub use crate::rules::{Board, LimitError, Line, Player, Square, SquareSet, Symmetry};
pub use crate::rules::{ConnectFour, Grid, GridGame, KInARow};
pub use crate::teach::beyond::MagicGrid;
pub use crate::teach::challenge::{Challenge, DepthStudy};
pub use crate::teach::classroom::start_over;
pub use crate::teach::mcts_check::{PathNode, check_backpropagation, check_ucb1};
pub use crate::teach::paper::{OrderComparison, PaperTree};
pub use crate::teach::perfect_moves::PerfectMoves;
pub use crate::teach::pick15::Pick15;
pub use crate::teach::playouts::PlayoutSteps;
pub use crate::teach::search_check::{
    check_alpha_beta, check_minimax, check_minimax_for, check_negamax, check_negamax_for,
};
pub use crate::teach::tournament::{Rates, Tournament};
pub use crate::teach::tree::{OrderedSearches, SearchTree};
pub use crate::teach::{Comparison, Triples};
pub use crate::{itertools, magic, solver};

// Names the prelude had in 0.1.0 (2026-11-25 to 2026-11-28), kept at this path so that a
// notebook written with them still compiles; the documented ones are at their own paths, the
// renamed ones are deprecated (CHANGELOG.md).
#[doc(hidden)]
#[allow(deprecated)]
pub use crate::{
    Analysis, BoardView, Choice, DEFAULT_SEED, LineKind, Outcome, Reason, Sums, Tally,
    any_game::{GameChallenge, GameSearchCheck, check_game_minimax, check_game_negamax},
    engine::{MoveValue, mcts::MctsTree, perft::perft, play_out, solve::solve_minimax},
    exercises::Verdict,
    games::{MoveOrder, TakeAway},
    mcts_check::MctsCheck,
    render::GridView,
    rules_choice,
    search_check::SearchCheck,
    solver::{Search, Table},
    teach::classroom::StartOver,
};
