//! Perfect play on any [`TwoPlayerGame`]: the crate's one search ([`search`]), plain minimax or
//! alpha-beta, reached through an adapter that turns the game's five answers into a
//! [`GameTree`] scored by [`Value`]s, with a limit on the positions it visits.
//!
//! ```
//! use magic_tictactoe::engine::solve::solve;
//! use magic_tictactoe::engine::{Ending, TwoPlayerGame};
//! use magic_tictactoe::{Player, Value};
//!
//! /// Take 1, 2 or 3 sticks; whoever takes the last one wins.
//! struct TakeAway;
//! impl TwoPlayerGame for TakeAway {
//!     type Position = (u32, Player);
//!     type Move = u32;
//!     fn start(&self) -> (u32, Player) { (10, Player::X) }
//!     fn to_move(&self, p: &(u32, Player)) -> Player { p.1 }
//!     fn moves(&self, p: &(u32, Player)) -> Vec<u32> { (1..=3).filter(|&t| t <= p.0).collect() }
//!     fn play(&self, p: &(u32, Player), take: u32) -> (u32, Player) { (p.0 - take, !p.1) }
//!     fn ending(&self, p: &(u32, Player)) -> Option<Ending> { (p.0 == 0).then_some(Ending::Won(!p.1)) }
//! }
//!
//! // Ten sticks: the first player wins, taking 2 to leave a multiple of 4.
//! assert!(solve(&TakeAway, &TakeAway.start())?.value.is_win());
//! # Ok::<(), magic_tictactoe::LimitError>(())
//! ```

use std::cell::Cell;

use super::Value;
use super::search::{GameTree, Pruning, Search, search};
use super::two_player::{Ending, TwoPlayerGame};
use crate::rules::{Counted, LimitError};

/// The most moves one call may look at, all together: a tree bigger than this is refused, so
/// that a call in a notebook cell answers within about a second whatever the game (`cargo run
/// --example limits` measures it). Plain minimax on the whole of tic-tac-toe looks at 549,945.
pub const MAX_SOLVE_MOVES: u64 = 1_000_000;

/// The most moves deep one call may search: a game longer than this is refused (the search
/// goes down one move at a time, and a game that never ends would go down for ever).
pub const MAX_SOLVE_DEPTH: u32 = 1_000;

/// A [`TwoPlayerGame`] seen as a [`GameTree`]: positions and moves are the game's, scores are
/// [`Value`]s for the player to move. A finished game is won, lost or drawn for the player to
/// move; a position in play with no moves is lost for the player who cannot move.
#[derive(Debug)]
pub struct Rules<'a, G> {
    game: &'a G,
    visited: Cell<u64>,
    looked_at: Cell<u64>,
    limit: u64,
    depth: Cell<u32>,
    too_deep: Cell<bool>,
}

impl<'a, G: TwoPlayerGame> Rules<'a, G> {
    /// The game's tree, with at most `limit` moves looked at before every further position
    /// is taken as a draw (and [`Rules::ran_out`] says so).
    pub fn new(game: &'a G, limit: u64) -> Rules<'a, G> {
        Rules {
            game,
            visited: Cell::new(0),
            looked_at: Cell::new(0),
            limit,
            depth: Cell::new(0),
            too_deep: Cell::new(false),
        }
    }

    /// Whether the search went past the limit on moves, or deeper than [`MAX_SOLVE_DEPTH`] (its
    /// answer then means nothing).
    pub fn ran_out(&self) -> bool {
        self.looked_at.get() > self.limit || self.too_deep.get()
    }

    /// The refusal that says which limit the search went past.
    fn refusal(&self) -> LimitError {
        if self.too_deep.get() {
            LimitError {
                counted: Counted::Depth,
                asked: u64::from(MAX_SOLVE_DEPTH) + 1,
                limit: u64::from(MAX_SOLVE_DEPTH),
            }
        } else {
            LimitError {
                counted: Counted::MovesSearched,
                asked: self.looked_at.get(),
                limit: self.limit,
            }
        }
    }

    /// Positions asked about so far.
    pub fn visited(&self) -> u64 {
        self.visited.get()
    }
}

impl<G: TwoPlayerGame> GameTree for Rules<'_, G> {
    type Position = G::Position;
    type Move = G::Move;
    type Score = Value;

    const LOWEST: Value = Value::LOWEST;
    const HIGHEST: Value = Value::HIGHEST;

    fn score_if_over(&self, position: G::Position) -> Option<Value> {
        let visited = self.visited.get() + 1;
        self.visited.set(visited);
        if self.depth.get() > MAX_SOLVE_DEPTH {
            self.too_deep.set(true);
        }
        if self.ran_out() {
            // Cut the rest short: the caller refuses the answer.
            return Some(Value::Draw(0));
        }
        match self.game.ending(&position)? {
            Ending::Drawn => Some(Value::Draw(0)),
            Ending::Won(winner) if winner == self.game.to_move(&position) => Some(Value::Win(0)),
            Ending::Won(_) => Some(Value::Loss(0)),
        }
    }

    fn moves(&self, position: G::Position) -> impl Iterator<Item = (G::Move, G::Position)> {
        let moves = self.game.moves(&position);
        self.looked_at
            .set(self.looked_at.get().saturating_add(moves.len() as u64));
        moves.into_iter().map(move |chosen| {
            let next = self.game.play(&position, chosen);
            (chosen, next)
        })
    }

    fn of_move_into(next: Value) -> Value {
        Value::of_move_into(next)
    }

    fn before_move(bound: Value) -> Value {
        bound.before_move()
    }
}

/// Keeps [`Rules`]'s count of how deep the search is.
struct Depth<'a, 'g, G>(&'a Rules<'g, G>);

impl<G: TwoPlayerGame> super::search::Observer<Rules<'_, G>> for Depth<'_, '_, G> {
    fn enter(&mut self, _: G::Position, _: Value, _: Value) {
        self.0.depth.set(self.0.depth.get() + 1);
    }
    fn leave(&mut self, _: G::Position, _: super::search::Found<Value>) {
        self.0.depth.set(self.0.depth.get().saturating_sub(1));
    }
}

fn solve_with<G: TwoPlayerGame>(
    game: &G,
    position: &G::Position,
    pruning: Pruning,
) -> Result<Search<Value>, LimitError> {
    let rules = Rules::new(game, MAX_SOLVE_MOVES);
    let found = search(&rules, position.clone(), pruning, &mut Depth(&rules));
    if rules.ran_out() {
        return Err(rules.refusal());
    }
    Ok(found)
}

/// The value of `position` under perfect play, for the player to move, by alpha-beta; with
/// the positions it visited.
///
/// # Errors
///
/// A [`LimitError`] when the game's tree from `position` needs more than
/// [`MAX_SOLVE_MOVES`] positions.
pub fn solve<G: TwoPlayerGame>(
    game: &G,
    position: &G::Position,
) -> Result<Search<Value>, LimitError> {
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
) -> Result<Search<Value>, LimitError> {
    solve_with(game, position, Pruning::None)
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
) -> Result<Vec<(G::Move, Value)>, LimitError> {
    let rules = Rules::new(game, MAX_SOLVE_MOVES);
    let mut values = Vec::new();
    for chosen in game.moves(position) {
        let next = game.play(position, chosen);
        let found = search(&rules, next, Pruning::AlphaBeta, &mut Depth(&rules));
        values.push((chosen, Value::of_move_into(found.value)));
    }
    if rules.ran_out() {
        return Err(rules.refusal());
    }
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::TicTacToe;
    use crate::engine::solved::Table;
    use crate::rules::Board;

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
        let refusal = solve(&Forever, &0).unwrap_err();
        assert_eq!(refusal.counted, Counted::Depth);
        assert_eq!(
            refusal.to_string(),
            "1,001 moves ahead is more than the 1,000 this allows"
        );
    }
}
