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
use std::collections::HashMap;
use std::fmt;
use std::hash::Hash;

use super::Value;
use super::search::{GameTree, Pruning, Search, search};
use super::two_player::{Ending, TwoPlayerGame};
use crate::rules::{Counted, LimitError, Player};

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

/// A finished game in a depth-limited search: won at once scores 1,000, and each move before
/// it one less; an evaluation's answer is kept between -500 and 500, below any finished game.
const AHEAD_WIN: i32 = 1_000;
const AHEAD_EVALUATION_LIMIT: i32 = 500;

/// A game searched only so far ahead, an evaluation judging the positions where it stops.
/// Positions carry how many moves the search has made.
struct Ahead<'a, G: TwoPlayerGame> {
    game: &'a G,
    depth: u32,
    evaluate: &'a dyn Fn(&G::Position, Player) -> i32,
    looked_at: Cell<u64>,
}

impl<G: TwoPlayerGame> GameTree for Ahead<'_, G> {
    type Position = (G::Position, u32);
    type Move = G::Move;
    type Score = i32;

    const LOWEST: i32 = -1_000_000;
    const HIGHEST: i32 = 1_000_000;

    fn score_if_over(&self, (position, made): (G::Position, u32)) -> Option<i32> {
        let mover = self.game.to_move(&position);
        let soon = AHEAD_WIN - made.min(400) as i32;
        match self.game.ending(&position) {
            Some(Ending::Drawn) => Some(0),
            Some(Ending::Won(winner)) if winner == mover => Some(soon),
            Some(Ending::Won(_)) => Some(-soon),
            // Past the limit every position is judged where it is: the caller refuses.
            None if made >= self.depth || self.looked_at.get() > MAX_SOLVE_MOVES => Some(
                (self.evaluate)(&position, mover)
                    .clamp(-AHEAD_EVALUATION_LIMIT, AHEAD_EVALUATION_LIMIT),
            ),
            None => None,
        }
    }

    fn moves(
        &self,
        (position, made): (G::Position, u32),
    ) -> impl Iterator<Item = (G::Move, (G::Position, u32))> {
        let moves = self.game.moves(&position);
        self.looked_at
            .set(self.looked_at.get().saturating_add(moves.len() as u64));
        moves.into_iter().map(move |chosen| {
            let next = self.game.play(&position, chosen);
            (chosen, (next, made + 1))
        })
    }

    fn of_move_into(next: i32) -> i32 {
        -next
    }

    fn before_move(bound: i32) -> i32 {
        -bound
    }
}

/// Keeps the first move at the root with the best score.
struct FirstBest<M>(Option<(M, i32)>);

impl<G: TwoPlayerGame> super::search::Observer<Ahead<'_, G>> for FirstBest<G::Move> {
    fn scored(&mut self, (_, made): (G::Position, u32), chosen: G::Move, score: i32, _: i32) {
        if made == 0 && self.0.is_none_or(|(_, top)| score > top) {
            self.0 = Some((chosen, score));
        }
    }
}

/// The move a search `depth` moves ahead picks from `position` (the first of the best, in the
/// game's order), with its score for the player making it: a finished game scores 1,000 less
/// the moves to it for a win (-1,000 plus them for a loss, 0 for a draw), and where the search
/// stops, `evaluate(position, player)` says how good the position is for `player`, the one to
/// move there, kept between -500 and 500. `None` when the game is over. A depth of 0 is taken
/// as 1, and one above [`MAX_SOLVE_DEPTH`] as that.
///
/// ```
/// use magic_tictactoe::engine::games::ConnectFour;
/// use magic_tictactoe::engine::solve::search_ahead;
/// use magic_tictactoe::engine::TwoPlayerGame;
///
/// // The shop's Connect Four is far too big to solve, but not to look 4 moves ahead in.
/// let game = ConnectFour::new(7, 6)?;
/// let mut grid = game.start();
/// for column in [3, 0, 3, 0, 3] {
///     grid = game.play(&grid, column);
/// }
/// // O must block the fourth mark in column 3.
/// let (block, _) = search_ahead(&game, &grid, 4, |_, _| 0)?.unwrap();
/// assert_eq!(block, 3);
/// # Ok::<(), magic_tictactoe::LimitError>(())
/// ```
///
/// # Errors
///
/// A [`LimitError`] when the search would look at more than [`MAX_SOLVE_MOVES`] moves: ask
/// for fewer moves ahead.
pub fn search_ahead<G: TwoPlayerGame>(
    game: &G,
    position: &G::Position,
    depth: u32,
    evaluate: impl Fn(&G::Position, Player) -> i32,
) -> Result<Option<(G::Move, i32)>, LimitError> {
    if game.ending(position).is_some() {
        return Ok(None);
    }
    let tree = Ahead {
        game,
        depth: depth.clamp(1, MAX_SOLVE_DEPTH),
        evaluate: &evaluate,
        looked_at: Cell::new(0),
    };
    let mut best = FirstBest(None);
    search(&tree, (position.clone(), 0), Pruning::AlphaBeta, &mut best);
    if tree.looked_at.get() > MAX_SOLVE_MOVES {
        return Err(LimitError {
            counted: Counted::MovesSearched,
            asked: tree.looked_at.get(),
            limit: MAX_SOLVE_MOVES,
        });
    }
    Ok(best.0)
}

/// The most positions a [`SolvedGame`] holds: about a second to build in a notebook cell
/// (`cargo run --example limits`).
pub const MAX_SOLVED_POSITIONS: usize = 200_000;

/// Every position of a game reachable from a start, each with its value under perfect play for
/// the player to move: the table a perfect player reads its moves from, and a learner's search
/// is checked against. Each position is searched once (positions are kept by value, so the
/// game's positions must be `Hash` and `Eq`).
///
/// ```
/// use magic_tictactoe::engine::games::ConnectFour;
/// use magic_tictactoe::engine::solve::SolvedGame;
/// use magic_tictactoe::engine::TwoPlayerGame;
///
/// let game = ConnectFour::new(4, 4)?;
/// let solved = SolvedGame::new(&game, &game.start())?;
/// assert!(solved.value(&game.start()).unwrap().is_draw());
/// assert_eq!(solved.best_moves(&game, &game.start()).len(), 4); // every column draws
/// # Ok::<(), magic_tictactoe::LimitError>(())
/// ```
pub struct SolvedGame<G: TwoPlayerGame> {
    values: HashMap<G::Position, Value>,
    /// Every position, each after the positions below it (the order the walk finished them).
    order: Vec<G::Position>,
}

impl<G: TwoPlayerGame> fmt::Debug for SolvedGame<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SolvedGame")
            .field("positions", &self.values.len())
            .finish()
    }
}

impl<G> SolvedGame<G>
where
    G: TwoPlayerGame,
    G::Position: Hash + Eq,
{
    /// Every position reachable from `start`, solved.
    ///
    /// # Errors
    ///
    /// A [`LimitError`] when the game has more than [`MAX_SOLVED_POSITIONS`] positions from
    /// `start`, or goes deeper than [`MAX_SOLVE_DEPTH`] moves.
    pub fn new(game: &G, start: &G::Position) -> Result<SolvedGame<G>, LimitError> {
        let mut walk = Walk {
            game,
            values: HashMap::new(),
            order: Vec::new(),
            too_many: false,
            too_deep: false,
        };
        walk.value(start.clone(), 0);
        if walk.too_deep {
            return Err(LimitError {
                counted: Counted::Depth,
                asked: u64::from(MAX_SOLVE_DEPTH) + 1,
                limit: u64::from(MAX_SOLVE_DEPTH),
            });
        }
        if walk.too_many {
            return Err(LimitError {
                counted: Counted::Positions,
                asked: walk.values.len() as u64 + 1,
                limit: MAX_SOLVED_POSITIONS as u64,
            });
        }
        Ok(SolvedGame {
            values: walk.values,
            order: walk.order,
        })
    }

    /// The value of `position` for the player to move; `None` for a position not reachable
    /// from the start the table was solved from.
    pub fn value(&self, position: &G::Position) -> Option<Value> {
        self.values.get(position).copied()
    }

    /// The moves from `position` that keep its value (the best ones), in the game's order.
    pub fn best_moves(&self, game: &G, position: &G::Position) -> Vec<G::Move> {
        let Some(value) = self.value(position) else {
            return Vec::new();
        };
        game.moves(position)
            .into_iter()
            .filter(|&chosen| {
                self.value(&game.play(position, chosen))
                    .is_some_and(|next| Value::of_move_into(next) == value)
            })
            .collect()
    }

    /// How many positions the table holds.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether the table is empty (it never is: it holds at least its start).
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Every position with its value, each after every position that can follow it (the start
    /// last): the same order each time the game is solved.
    pub fn positions(&self) -> impl Iterator<Item = (&G::Position, Value)> {
        self.order
            .iter()
            .filter_map(|position| Some((position, self.value(position)?)))
    }
}

/// The walk that fills a [`SolvedGame`]: each position's value, searched once.
struct Walk<'a, G: TwoPlayerGame> {
    game: &'a G,
    values: HashMap<G::Position, Value>,
    order: Vec<G::Position>,
    too_many: bool,
    too_deep: bool,
}

impl<G> Walk<'_, G>
where
    G: TwoPlayerGame,
    G::Position: Hash + Eq,
{
    fn value(&mut self, position: G::Position, depth: u32) -> Value {
        if let Some(&known) = self.values.get(&position) {
            return known;
        }
        if self.too_many || self.too_deep {
            return Value::Draw(0);
        }
        if depth > MAX_SOLVE_DEPTH {
            self.too_deep = true;
            return Value::Draw(0);
        }
        let value = match self.game.ending(&position) {
            Some(Ending::Drawn) => Value::Draw(0),
            Some(Ending::Won(winner)) if winner == self.game.to_move(&position) => Value::Win(0),
            Some(Ending::Won(_)) => Value::Loss(0),
            None => {
                let mut best = None;
                for chosen in self.game.moves(&position) {
                    let next = self.game.play(&position, chosen);
                    let value = Value::of_move_into(self.value(next, depth + 1));
                    best = best.max(Some(value));
                }
                // A player with no move, in a game the rules do not call ended, has lost.
                best.unwrap_or(Value::Loss(0))
            }
        };
        if self.values.len() >= MAX_SOLVED_POSITIONS {
            self.too_many = true;
        } else {
            self.order.push(position.clone());
            self.values.insert(position, value);
        }
        value
    }
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
