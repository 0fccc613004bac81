//! Perfect play on any [`TwoPlayerGame`]: the crate's one search ([`search`]), plain minimax or
//! alpha-beta, reached through an adapter that turns the game's five answers into a
//! [`GameTree`] scored by [`Value`]s, with a limit on the positions it visits.
//!
//! ```
//! use magic_tictactoe::engine::solve::solve;
//! use magic_tictactoe::games::TakeAway;
//! use magic_tictactoe::TwoPlayerGame;
//!
//! // Ten sticks: the first player wins, taking 2 to leave a multiple of 4.
//! let game = TakeAway::new(10);
//! assert!(solve(&game, &game.start())?.value.is_win());
//! # Ok::<(), magic_tictactoe::SearchError>(())
//! ```

use std::fmt;

use super::Value;
use super::budget::{Budget, max_depth};
use super::caught::{Method, Quiet, SearchError, Track, Trail, catching};
use super::search::{GameTree, Pruning, Search, search};
use crate::rules::{Ending, LimitError, TwoPlayerGame};

pub use super::ahead::search_ahead;
pub use super::budget::{MAX_SOLVE_DEPTH, MAX_SOLVE_MOVES};
pub use super::solved::{MAX_SOLVED_MOVES, MAX_SOLVED_POSITIONS, SolvedGame};

/// A [`TwoPlayerGame`] seen as a [`GameTree`]: positions and moves are the game's, scores are
/// [`Value`]s for the player to move. A finished game is won, lost or drawn for the player to
/// move; a position in play with no moves is lost for the player who cannot move.
///
/// Every search through it keeps the limits [`solve`] keeps, whoever calls it: the moves it is
/// given, [`max_depth`] moves deep for the game's positions, and
/// [`MAX_SECONDS`](super::budget::MAX_SECONDS) of processor time. Past a limit every further
/// position counts as a draw, and [`Rules::ran_out`] says so. A panic in the game's own code
/// goes on through [`search`]: [`solve`] and the calls beside it catch it and say where.
pub struct Rules<'a, G> {
    game: &'a G,
    visited: std::cell::Cell<u64>,
    budget: Budget,
}

impl<G> fmt::Debug for Rules<'_, G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Rules")
            .field("visited", &self.visited.get())
            .field("budget", &self.budget)
            .finish_non_exhaustive()
    }
}

impl<'a, G: TwoPlayerGame> Rules<'a, G> {
    /// The game's tree, with at most `limit` moves looked at before every further position
    /// is taken as a draw (and [`Rules::ran_out`] says so).
    pub fn new(game: &'a G, limit: u64) -> Rules<'a, G> {
        Rules {
            game,
            visited: std::cell::Cell::new(0),
            budget: Budget::new(limit, max_depth::<G::Position>()),
        }
    }

    /// Whether the search went past a limit: the moves it may look at, the depth, or the time
    /// (its answer then means nothing).
    pub fn ran_out(&self) -> bool {
        self.budget.ran_out()
    }

    /// The refusal that says which limit the search went past, if it did.
    pub fn refusal(&self) -> Option<LimitError> {
        self.budget.refusal()
    }

    /// How many positions the search has asked about.
    #[doc(hidden)] // public in 0.1.0: kept so that a cell calling it compiles
    pub fn visited(&self) -> u64 {
        self.visited.get()
    }
}

/// A finished game's value for the player to move there.
fn ending_value<G: TwoPlayerGame>(game: &G, position: &G::Position, ending: Ending) -> Value {
    match ending {
        Ending::Drawn => Value::Draw(0),
        Ending::Won(winner) if winner == game.to_move(position) => Value::Win(0),
        Ending::Won(_) => Value::Loss(0),
    }
}

impl<'a, G: TwoPlayerGame> Rules<'a, G> {
    // The search's two questions, telling `track` where it is. The track is at the position
    // being asked about whenever the search asks: the search enters a position straight after
    // the move to it is played, and lists its moves straight after asking whether it is over.

    fn score_if_over_tracked(
        &self,
        position: G::Position,
        track: &impl Track<G::Move>,
    ) -> Option<Value> {
        self.visited.set(self.visited.get() + 1);
        if !self.budget.in_time() {
            // Cut the rest short: the caller refuses the answer.
            return Some(Value::Draw(0));
        }
        track.asking_here(Method::Ending);
        let ending = self.game.ending(&position)?;
        track.asking_here(Method::ToMove);
        Some(ending_value(self.game, &position, ending))
    }

    fn moves_tracked<'s, T: Track<G::Move>>(
        &'s self,
        position: G::Position,
        track: &'s T,
    ) -> impl Iterator<Item = (G::Move, G::Position)> + use<'s, 'a, G, T> {
        let depth = track.depth();
        let moves = if self.budget.ran_out() {
            Vec::new()
        } else {
            track.asking_here(Method::Moves);
            self.budget.afford(self.game.moves(&position))
        };
        // Once the budget has run out, the moves not yet played are left unplayed: on a game
        // whose moves are costly, playing the rest of every level's moves on the way back up
        // would take longer than the search itself.
        moves
            .into_iter()
            .take_while(|_| !self.budget.ran_out())
            .map(move |chosen| {
                track.playing(chosen, depth);
                let next = self.game.play(&position, chosen);
                (chosen, next)
            })
    }
}

/// What a game's tree scored by [`Value`]s is, whoever walks it: [`Rules`] and [`Traced`].
macro_rules! valued_tree {
    () => {
        type Position = G::Position;
        type Move = G::Move;
        type Score = Value;

        const LOWEST: Value = Value::LOWEST;
        const HIGHEST: Value = Value::HIGHEST;
        const MAX_DEPTH: u32 = max_depth::<G::Position>();

        fn of_move_into(next: Value) -> Value {
            Value::of_move_into(next)
        }

        fn before_move(bound: Value) -> Value {
            bound.before_move()
        }

        // The game says whose turn it is: a player may move again.
        const ALWAYS_ALTERNATES: bool = false;

        fn of_move_keeping_turn(next: Value) -> Value {
            next.after_ply()
        }

        fn before_move_keeping_turn(bound: Value) -> Value {
            bound.before_ply()
        }
    };
}

impl<G: TwoPlayerGame> GameTree for Rules<'_, G> {
    valued_tree!();

    fn turn_passes(&self, from: &G::Position, to: &G::Position) -> bool {
        self.game.to_move(from) != self.game.to_move(to)
    }

    fn score_if_over(&self, position: G::Position) -> Option<Value> {
        self.score_if_over_tracked(position, &Quiet)
    }

    fn score_too_deep(&self, _: G::Position) -> Value {
        self.budget.may_go(Self::MAX_DEPTH.saturating_add(1));
        Value::Draw(0)
    }

    fn moves(&self, position: G::Position) -> impl Iterator<Item = (G::Move, G::Position)> {
        self.moves_tracked(position, &Quiet)
    }
}

/// The game's tree as [`Rules`] sees it, on the second run of a search whose game panicked:
/// the same questions, with a trail of where the search is.
struct Traced<'a, G: TwoPlayerGame> {
    rules: Rules<'a, G>,
    trail: &'a Trail<G::Move>,
}

impl<G: TwoPlayerGame> GameTree for Traced<'_, G> {
    valued_tree!();

    fn turn_passes(&self, from: &G::Position, to: &G::Position) -> bool {
        self.rules.turn_passes(from, to)
    }

    fn score_if_over(&self, position: G::Position) -> Option<Value> {
        self.rules.score_if_over_tracked(position, self.trail)
    }

    fn score_too_deep(&self, position: G::Position) -> Value {
        self.rules.score_too_deep(position)
    }

    fn moves(&self, position: G::Position) -> impl Iterator<Item = (G::Move, G::Position)> {
        self.rules.moves_tracked(position, self.trail)
    }
}

fn solve_with<G: TwoPlayerGame>(
    game: &G,
    position: &G::Position,
    pruning: Pruning,
) -> Result<Search<Value>, SearchError> {
    let (found, refusal) = catching(
        || {
            let rules = Rules::new(game, MAX_SOLVE_MOVES);
            let found = search(&rules, position.clone(), pruning, &mut ());
            (found, rules.refusal())
        },
        |trail| {
            let traced = Traced {
                rules: Rules::new(game, MAX_SOLVE_MOVES),
                trail,
            };
            let found = search(&traced, position.clone(), pruning, &mut ());
            (found, traced.rules.refusal())
        },
    )?;
    match refusal {
        Some(refusal) => Err(refusal.into()),
        None => Ok(found),
    }
}

/// The value of `position` under perfect play, for the player to move, by alpha-beta; with
/// the positions it visited.
///
/// # Errors
///
/// [`SearchError::Limit`] when the game's tree from `position` needs more than
/// [`MAX_SOLVE_MOVES`] moves looked at, goes deeper than the search may, or takes more than
/// [`MAX_SECONDS`](super::budget::MAX_SECONDS); [`SearchError::Panicked`] when the game's own
/// code panics, with the moves from `position` that led there.
pub fn solve<G: TwoPlayerGame>(
    game: &G,
    position: &G::Position,
) -> Result<Search<Value>, SearchError> {
    solve_with(game, position, Pruning::AlphaBeta)
}

/// The same value by plain minimax, which visits every position of the tree.
///
/// # Errors
///
/// As [`solve`].
pub fn solve_minimax<G: TwoPlayerGame>(
    game: &G,
    position: &G::Position,
) -> Result<Search<Value>, SearchError> {
    solve_with(game, position, Pruning::None)
}

/// Every move from a position with its value for the player making it, in the game's order of
/// moves: what [`move_values`] answers. It is used as the list it is (`for (chosen, value) in
/// values`, `values.len()`, `&values[..]`), and a notebook shows it as a table, the best moves
/// marked.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MoveValues<M> {
    values: Vec<(M, Value)>,
}

impl<M> MoveValues<M> {
    /// The pairs as a vector.
    #[doc(hidden)]
    #[deprecated(since = "0.2.0", note = "use Vec::from(values) or values.into_iter()")]
    pub fn into_vec(self) -> Vec<(M, Value)> {
        self.into()
    }
}

impl<M: Copy + PartialEq> MoveValues<M> {
    /// The value of the position: the best move's value; `None` once the game is over.
    pub fn value(&self) -> Option<Value> {
        self.values.iter().map(|&(_, value)| value).max()
    }

    /// The value of `chosen` as a move, if it is one of the moves.
    pub fn value_of(&self, chosen: M) -> Option<Value> {
        self.values
            .iter()
            .find(|&&(each, _)| each == chosen)
            .map(|&(_, value)| value)
    }

    /// The best moves: those with the highest value, in the game's order.
    pub fn best(&self) -> Vec<M> {
        let top = self.value();
        self.values
            .iter()
            .filter(|&&(_, value)| Some(value) == top)
            .map(|&(chosen, _)| chosen)
            .collect()
    }
}

impl<M> std::ops::Deref for MoveValues<M> {
    type Target = [(M, Value)];

    fn deref(&self) -> &[(M, Value)] {
        &self.values
    }
}

impl<M> IntoIterator for MoveValues<M> {
    type Item = (M, Value);
    type IntoIter = std::vec::IntoIter<(M, Value)>;

    fn into_iter(self) -> Self::IntoIter {
        self.values.into_iter()
    }
}

impl<'a, M> IntoIterator for &'a MoveValues<M> {
    type Item = &'a (M, Value);
    type IntoIter = std::slice::Iter<'a, (M, Value)>;

    fn into_iter(self) -> Self::IntoIter {
        self.values.iter()
    }
}

impl<M: fmt::Debug> fmt::Display for MoveValues<M> {
    /// A line a move, `2: win in 3`, the best marked `(best)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(top) = self.values.iter().map(|&(_, value)| value).max() else {
            return f.write_str("No moves: the game is over here.");
        };
        for (i, (chosen, value)) in self.values.iter().enumerate() {
            let newline = if i == 0 { "" } else { "\n" };
            let best = if *value == top { " (best)" } else { "" };
            write!(f, "{newline}{chosen:?}: {value}{best}")?;
        }
        Ok(())
    }
}

impl<M> From<MoveValues<M>> for Vec<(M, Value)> {
    fn from(values: MoveValues<M>) -> Vec<(M, Value)> {
        values.values
    }
}

impl<M> From<Vec<(M, Value)>> for MoveValues<M> {
    fn from(values: Vec<(M, Value)>) -> MoveValues<M> {
        MoveValues { values }
    }
}

/// Every move from `position` with its value for the player making it, in the game's order of
/// moves: the best have the highest value.
///
/// # Errors
///
/// As [`solve`], for all the moves together.
pub fn move_values<G: TwoPlayerGame>(
    game: &G,
    position: &G::Position,
) -> Result<MoveValues<G::Move>, SearchError> {
    // Each move's value, by the one search, told where it is by `track` through `tree`.
    fn each_move<G: TwoPlayerGame, T: GameTree<Position = G::Position, Score = Value>>(
        game: &G,
        position: &G::Position,
        rules: &Rules<'_, G>,
        tree: &T,
        track: &impl Track<G::Move>,
    ) -> Vec<(G::Move, Value)> {
        let mut values = Vec::new();
        track.asking(Method::Moves, 0);
        let moves = game.moves(position);
        if rules.budget.spend(moves.len()) {
            for chosen in moves {
                if !rules.budget.in_time() {
                    break;
                }
                track.playing(chosen, 0);
                let next = game.play(position, chosen);
                let passes = game.to_move(position) != game.to_move(&next);
                let found = search(tree, next, Pruning::AlphaBeta, &mut ());
                values.push((chosen, Value::of_move(found.value, passes)));
            }
        }
        values
    }
    let (values, refusal) = catching(
        || {
            let rules = Rules::new(game, MAX_SOLVE_MOVES);
            let values = each_move(game, position, &rules, &rules, &Quiet);
            (values, rules.refusal())
        },
        |trail| {
            let traced = Traced {
                rules: Rules::new(game, MAX_SOLVE_MOVES),
                trail,
            };
            let values = each_move(game, position, &traced.rules, &traced, trail);
            (values, traced.rules.refusal())
        },
    )?;
    match refusal {
        Some(refusal) => Err(refusal.into()),
        None => Ok(MoveValues { values }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Table;
    use crate::rules::{Board, Counted, TicTacToe};

    #[test]
    fn through_the_trait_tic_tac_toe_has_the_solved_tables_values_everywhere() {
        let table = Table::build();
        let game = TicTacToe::default();
        for board in crate::engine::stats::reachable_positions() {
            let found = solve(&game, &board).unwrap();
            assert_eq!(found.value, table.value(board), "at {board}");
        }
        let plain = solve_minimax(&game, &Board::new()).unwrap();
        assert_eq!(plain.positions, 549_946);
        assert_eq!(
            plain.value,
            crate::engine::search::minimax(Board::new()).value
        );
    }

    #[test]
    fn the_best_moves_are_the_tables() {
        let game = TicTacToe::default();
        let board: Board = "X../.O./...".parse().unwrap();
        let values = move_values(&game, &board).unwrap();
        let best = values.iter().map(|&(_, v)| v).max().unwrap();
        let squares: Vec<_> = values
            .iter()
            .filter(|&&(_, v)| v == best)
            .map(|&(s, _)| s)
            .collect();
        assert_eq!(squares, board.best_moves().into_iter().collect::<Vec<_>>());
    }

    /// A game whose tree never ends is refused, not searched for ever.
    #[test]
    fn a_tree_past_the_limit_is_refused() {
        struct Forever;
        impl TwoPlayerGame for Forever {
            type Position = u32;
            type Move = u32;
            fn start(&self) -> u32 {
                0
            }
            fn to_move(&self, &p: &u32) -> crate::rules::Player {
                if p % 2 == 0 {
                    crate::rules::Player::X
                } else {
                    crate::rules::Player::O
                }
            }
            fn moves(&self, _: &u32) -> Vec<u32> {
                vec![1, 2]
            }
            fn play(&self, &p: &u32, m: u32) -> u32 {
                p.wrapping_add(m)
            }
            fn ending(&self, _: &u32) -> Option<Ending> {
                None
            }
        }
        let refusal = solve(&Forever, &0).unwrap_err().limit().unwrap();
        assert_eq!(refusal.counted, Counted::Depth);
        assert_eq!(
            refusal.to_string(),
            "the game went on more than 1,000 moves deep without ending, the deepest a search may go: a game whose positions can come back never ends in a search, so search only a few moves ahead (search_ahead), or end the game after a number of moves"
        );
    }
}
