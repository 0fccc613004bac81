//! Searching a game tree: plain minimax and alpha-beta, written once.
//!
//! [`search`] walks any [`GameTree`] in negamax form: every position's value is seen by the
//! player to move there, and a move's value is the flipped value of where it leads. With
//! [`Pruning::AlphaBeta`] it keeps a window `alpha..beta` of values still worth finding and
//! stops looking at a position's other moves once one reaches `beta`. An [`Observer`] can
//! watch every step; the step-by-step trees of the teaching layer are drawn from what one saw.
//!
//! Tic-tac-toe itself is the tree [`TicTacToe`]; [`minimax`] and [`alpha_beta`] search it.
//!
//! ```
//! use magic_tictactoe::{solver, Board, Value};
//!
//! let plain = solver::minimax(Board::new());
//! let pruned = solver::alpha_beta(Board::new());
//! assert_eq!(plain.value, Value::Draw(9));
//! assert_eq!(pruned.value, plain.value);
//! assert!(pruned.positions < plain.positions / 10);
//! ```

use crate::engine::Value;
use crate::rules::{Board, Player, Square, magic};
pub use crate::rules::{MoveOrder, TicTacToe};

/// A game tree that [`search`] can walk.
///
/// Scores are seen by the player to move at each position (negamax form), so
/// [`GameTree::of_move_into`] turns the score of the position a move leads to into the score of
/// the move for the player who makes it.
pub trait GameTree {
    /// A position in the tree (copied for tic-tac-toe's boards; cloned for a game whose
    /// positions hold more).
    type Position: Clone;
    /// A move from one position to the next.
    type Move: Copy;
    /// How good a position is for the player to move there.
    type Score: Copy + Ord;

    /// A score below every score a move can have: alpha starts here.
    const LOWEST: Self::Score;
    /// A score above every score a move can have: beta starts here.
    const HIGHEST: Self::Score;

    /// The score of a position where the search stops (the game is over, or the tree ends
    /// there), or `None` to search its moves.
    fn score_if_over(&self, position: Self::Position) -> Option<Self::Score>;

    /// The moves from `position` and where each leads, in the order the search tries them.
    fn moves(&self, position: Self::Position)
    -> impl Iterator<Item = (Self::Move, Self::Position)>;

    /// A move's score for the player who makes it, from the score of where it leads (seen by
    /// the other player). It must reverse the order: a better `next` is a worse move.
    fn of_move_into(next: Self::Score) -> Self::Score;

    /// The undoing of [`GameTree::of_move_into`], for handing alpha and beta down the tree.
    fn before_move(bound: Self::Score) -> Self::Score;

    /// Whether every move passes the turn to the other player (tic-tac-toe, a paper tree): then
    /// the search never asks [`GameTree::turn_passes`]. A game where a player may move again
    /// (Dots and Boxes: whoever closes a box draws another line) says `false`.
    const ALWAYS_ALTERNATES: bool = true;

    /// Whether the move from `from` to `to` passes the turn to the other player. Asked only of a
    /// tree that does not always alternate.
    fn turn_passes(&self, from: &Self::Position, to: &Self::Position) -> bool {
        let _ = (from, to);
        true
    }

    /// A move's score for the player who makes it when the turn does not pass: the score of
    /// where it leads is seen by the same player, so nothing flips (one more move is counted
    /// where the score counts moves).
    fn of_move_keeping_turn(next: Self::Score) -> Self::Score {
        next
    }

    /// The undoing of [`GameTree::of_move_keeping_turn`], for handing alpha and beta down a move
    /// that keeps the turn.
    fn before_move_keeping_turn(bound: Self::Score) -> Self::Score {
        bound
    }

    /// The most moves deep the search goes from where it starts: a position that deep is scored
    /// by [`GameTree::score_too_deep`] instead of searched. No limit unless a tree sets one (a
    /// search goes down one move at a time on the machine's stack: a game that never ends, or
    /// whose positions are large, sets one).
    const MAX_DEPTH: u32 = u32::MAX;

    /// The score of a position [`GameTree::MAX_DEPTH`] moves deep, where the search stops.
    /// Only asked of a tree that sets a limit; unless it says otherwise, the lowest score.
    fn score_too_deep(&self, position: Self::Position) -> Self::Score {
        let _ = position;
        Self::LOWEST
    }
}

/// Whether the search prunes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pruning {
    /// Plain minimax: every position is searched.
    None,
    /// Alpha-beta: a position's remaining moves are skipped once one of them is good enough
    /// that the opponent would never allow the position.
    AlphaBeta,
}

impl Pruning {
    /// Its name as a heading says it: `Minimax` or `Alpha-beta`.
    pub fn name(self) -> &'static str {
        match self {
            Pruning::None => "Minimax",
            Pruning::AlphaBeta => "Alpha-beta",
        }
    }

    /// Plain minimax under the teaching trees' old name for it, `Algorithm::Minimax`.
    #[doc(hidden)]
    #[allow(non_upper_case_globals)]
    #[deprecated(since = "0.2.0", note = "use Pruning::None")]
    pub const Minimax: Pruning = Pruning::None;
}

/// What a search found out about one position: its exact score, or only a bound on it when
/// alpha-beta stopped early (or every move fell short of alpha).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Found<S> {
    /// The exact score.
    Exact(S),
    /// The score is at least this: a move reached beta and the rest were skipped.
    AtLeast(S),
    /// The score is at most this: no move reached alpha.
    AtMost(S),
}

impl<S: Copy> Found<S> {
    /// The score found, exact or a bound.
    pub fn score(self) -> S {
        match self {
            Found::Exact(s) | Found::AtLeast(s) | Found::AtMost(s) => s,
        }
    }
}

/// Watches a [`search`] step by step. Every method does nothing unless an observer says
/// otherwise; `()` watches nothing.
pub trait Observer<T: GameTree> {
    /// The search arrives at `position`, looking for a score between `alpha` and `beta`.
    fn enter(&mut self, position: T::Position, alpha: T::Score, beta: T::Score) {
        let _ = (position, alpha, beta);
    }

    /// A move from `position` has its score; `alpha` is the position's alpha after it.
    fn scored(&mut self, position: T::Position, mv: T::Move, score: T::Score, alpha: T::Score) {
        let _ = (position, mv, score, alpha);
    }

    /// Alpha-beta skips `mv` from `parent`, which leads to `position`, without searching it.
    fn skip(&mut self, parent: T::Position, mv: T::Move, position: T::Position) {
        let _ = (parent, mv, position);
    }

    /// The search leaves `position` with what it found.
    fn leave(&mut self, position: T::Position, found: Found<T::Score>) {
        let _ = (position, found);
    }
}

impl<T: GameTree> Observer<T> for () {}

/// What a search found: the score of the starting position and how many positions it visited
/// (the starting position included).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Search<S> {
    /// The score (for tic-tac-toe, the [`Value`]) for the side to move at the start.
    pub value: S,
    /// Positions visited, the starting position included.
    pub positions: u64,
}

/// Searches `tree` from `root` to the end, with or without pruning, telling `observer` every
/// step. The score is exact at the root either way.
pub fn search<T: GameTree>(
    tree: &T,
    root: T::Position,
    pruning: Pruning,
    observer: &mut impl Observer<T>,
) -> Search<T::Score> {
    let mut positions = 0;
    let value = match pruning {
        Pruning::None => Walk::<_, _, false> { tree, observer }.score(
            root,
            T::LOWEST,
            T::HIGHEST,
            &mut positions,
            0,
        ),
        Pruning::AlphaBeta => Walk::<_, _, true> { tree, observer }.score(
            root,
            T::LOWEST,
            T::HIGHEST,
            &mut positions,
            0,
        ),
    };
    Search { value, positions }
}

/// The walk itself, made twice by the compiler: with pruning and without, so that plain
/// minimax pays nothing for the window it never uses.
struct Walk<'a, T, O, const PRUNE: bool> {
    tree: &'a T,
    observer: &'a mut O,
}

impl<T: GameTree, O: Observer<T>, const PRUNE: bool> Walk<'_, T, O, PRUNE> {
    fn score(
        &mut self,
        position: T::Position,
        alpha: T::Score,
        beta: T::Score,
        positions: &mut u64,
        depth: u32,
    ) -> T::Score {
        *positions += 1;
        self.observer.enter(position.clone(), alpha, beta);
        // Never true for a tree without a limit: the compiler drops the test and the depth.
        let stop = if depth >= T::MAX_DEPTH {
            Some(self.tree.score_too_deep(position.clone()))
        } else {
            self.tree.score_if_over(position.clone())
        };
        if let Some(score) = stop {
            self.observer.leave(position, Found::Exact(score));
            return score;
        }
        let mut best = T::LOWEST;
        let mut raised = alpha;
        let mut moves = self.tree.moves(position.clone());
        while let Some((mv, next)) = moves.next() {
            // Negamax flips a score where the other player moves next; a move that keeps the
            // turn (an extra move) keeps the score's side and the window as they are. A tree
            // that always alternates never asks, and compiles to the plain negamax.
            let passes = T::ALWAYS_ALTERNATES || self.tree.turn_passes(&position, &next);
            let score = if passes {
                let (low, high) = if PRUNE {
                    (T::before_move(beta), T::before_move(raised))
                } else {
                    (T::LOWEST, T::HIGHEST)
                };
                T::of_move_into(self.score(next, low, high, positions, depth + 1))
            } else {
                let (low, high) = if PRUNE {
                    (
                        T::before_move_keeping_turn(raised),
                        T::before_move_keeping_turn(beta),
                    )
                } else {
                    (T::LOWEST, T::HIGHEST)
                };
                T::of_move_keeping_turn(self.score(next, low, high, positions, depth + 1))
            };
            best = best.max(score);
            if PRUNE {
                raised = raised.max(score);
            }
            self.observer.scored(position.clone(), mv, score, raised);
            if PRUNE && score >= beta {
                for (skipped, leads_to) in moves.by_ref() {
                    self.observer.skip(position.clone(), skipped, leads_to);
                }
                break;
            }
        }
        let found = if best <= alpha {
            Found::AtMost(best)
        } else if best >= beta {
            Found::AtLeast(best)
        } else {
            Found::Exact(best)
        };
        self.observer.leave(position, found);
        best
    }
}

/// The value of a finished game for the side to move (who has lost, or drawn), or `None`
/// while the game is in play.
#[inline]
pub const fn value_if_over(board: Board) -> Option<Value> {
    let last = match board.turn() {
        Player::X => Player::O,
        Player::O => Player::X,
    };
    if magic::has_won(board.squares(last)) {
        Some(Value::Loss(0))
    } else if board.empty_squares().is_empty() {
        Some(Value::Draw(0))
    } else {
        None
    }
}

impl GameTree for TicTacToe {
    type Position = Board;
    type Move = Square;
    type Score = Value;

    const LOWEST: Value = Value::LOWEST;
    const HIGHEST: Value = Value::HIGHEST;

    #[inline]
    fn score_if_over(&self, board: Board) -> Option<Value> {
        value_if_over(board)
    }

    /// Every free square, with the board after it. The search asks only about positions in
    /// play (it asks [`GameTree::score_if_over`] first), so this looks no further: asked about
    /// a finished board (the trait is public), it answers with the free squares all the same.
    /// [`TwoPlayerGame::moves`](crate::TwoPlayerGame::moves) lists none there.
    #[inline]
    fn moves(&self, board: Board) -> impl Iterator<Item = (Square, Board)> {
        let free = board.empty_squares();
        self.order
            .walk(free)
            .map(move |square| (square, board.play_unchecked(square)))
    }

    #[inline]
    fn of_move_into(next: Value) -> Value {
        Value::of_move_into(next)
    }

    #[inline]
    fn before_move(bound: Value) -> Value {
        bound.before_move()
    }
}

/// Plain minimax: tries every move, then every reply, to the end of every game, and keeps
/// the best value for whoever is to move at each step.
///
/// From the empty board it visits every position of the game tree: 549,946 of them, in a few
/// milliseconds.
pub fn minimax(board: Board) -> Search<Value> {
    search(&TicTacToe::default(), board, Pruning::None, &mut ())
}

/// Minimax with alpha-beta pruning: the same value as [`minimax`], but it stops looking at a
/// position's other moves as soon as it knows the opponent would never allow it.
pub fn alpha_beta(board: Board) -> Search<Value> {
    search(&TicTacToe::default(), board, Pruning::AlphaBeta, &mut ())
}
