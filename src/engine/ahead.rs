//! Searching only so far ahead: alpha-beta to a chosen depth, with an evaluation that judges the
//! positions where the search stops. The bridge from games a computer can search to the end,
//! such as tic-tac-toe, to games too big for that, such as Connect Four as it is sold (7 by 6).
//!
//! A learner writes the evaluation: `|position, player| -> i32`, how good the position is for
//! `player`, higher better. Finished games are scored by the rules, whatever it says: a win
//! beats any evaluation, a faster win a slower one.

use std::cell::Cell;

use super::budget::{Budget, MAX_SOLVE_DEPTH, MAX_SOLVE_MOVES, max_depth};
use super::caught::{Method, Quiet, SearchError, Track, catching};
use super::search::{GameTree, Observer, Pruning, search};
use crate::rules::{Ending, LimitError, Player, TwoPlayerGame};

/// The most moves a tic-tac-toe player that searches ahead looks: the whole game.
pub const MAX_DEPTH: u32 = 9;

/// A finished game: won at once scores 1,000, and each move before it one less.
pub(crate) const WIN_SCORE: i32 = 1_000;

/// An evaluation's answer is kept between -500 and 500, below any finished game's score.
pub(crate) const EVALUATION_LIMIT: i32 = 500;

/// A game searched only so far ahead, an evaluation judging the positions where it stops.
/// Positions carry how many moves the search has made.
struct Ahead<'a, G: TwoPlayerGame, T> {
    game: &'a G,
    depth: u32,
    evaluate: &'a dyn Fn(&G::Position, Player) -> i32,
    budget: Budget,
    positions: Cell<u64>,
    /// Told where the search is ([`catching`]).
    trail: &'a T,
}

impl<G: TwoPlayerGame, T: Track<G::Move>> GameTree for Ahead<'_, G, T> {
    type Position = (G::Position, u32);
    type Move = G::Move;
    type Score = i32;

    const LOWEST: i32 = -1_000_000;
    const HIGHEST: i32 = 1_000_000;
    const MAX_DEPTH: u32 = max_depth::<(G::Position, u32)>();

    fn score_if_over(&self, (position, made): (G::Position, u32)) -> Option<i32> {
        self.positions.set(self.positions.get() + 1);
        let depth = made as usize;
        self.trail.asking(Method::ToMove, depth);
        let mover = self.game.to_move(&position);
        let soon = WIN_SCORE - made.min(400) as i32;
        self.trail.asking(Method::Ending, depth);
        match self.game.ending(&position) {
            Some(Ending::Drawn) => Some(0),
            Some(Ending::Won(winner)) if winner == mover => Some(soon),
            Some(Ending::Won(_)) => Some(-soon),
            // Past a limit every position is judged where it is: the caller refuses.
            None if made >= self.depth || !self.budget.in_time() => {
                self.trail.asking(Method::Evaluate, depth);
                Some((self.evaluate)(&position, mover).clamp(-EVALUATION_LIMIT, EVALUATION_LIMIT))
            }
            None => None,
        }
    }

    fn score_too_deep(&self, _: (G::Position, u32)) -> i32 {
        self.budget.may_go(Self::MAX_DEPTH.saturating_add(1));
        0
    }

    fn moves(
        &self,
        (position, made): (G::Position, u32),
    ) -> impl Iterator<Item = (G::Move, (G::Position, u32))> {
        self.trail.asking(Method::Moves, made as usize);
        let moves = self.budget.afford(self.game.moves(&position));
        // Once the budget has run out, the moves left are not played (see `Rules::moves`).
        moves
            .into_iter()
            .enumerate()
            .take_while(|&(index, _)| self.budget.in_time_for(index))
            .map(move |(_, chosen)| {
                self.trail.playing(chosen, made as usize);
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

    // The game says whose turn it is: a player may move again, and then the score of where the
    // move leads is the mover's own (nothing flips).
    const ALWAYS_ALTERNATES: bool = false;

    fn turn_passes(&self, (from, _): &(G::Position, u32), (to, _): &(G::Position, u32)) -> bool {
        self.game.to_move(from) != self.game.to_move(to)
    }
}

/// Watches the root of the search for the first move (in the game's order) with the best
/// score. With alpha-beta a later move's score can be only a bound, but a bound never beats the
/// best so far, so the first move to raise the score is the best one.
struct FirstBest<M>(Option<(M, i32)>);

impl<G: TwoPlayerGame, T: Track<G::Move>> Observer<Ahead<'_, G, T>> for FirstBest<G::Move> {
    fn scored(&mut self, (_, made): (G::Position, u32), chosen: G::Move, score: i32, _: i32) {
        if made == 0 && self.0.is_none_or(|(_, top)| score > top) {
            self.0 = Some((chosen, score));
        }
    }
}

/// What a search so far ahead found: the move, its score for the player making it, and the
/// positions the search visited.
pub(crate) type Found<M> = Option<(M, i32, u64)>;

/// The search behind [`search_ahead`], with the positions it visited.
pub(crate) fn best_move<G: TwoPlayerGame>(
    game: &G,
    position: &G::Position,
    depth: u32,
    evaluate: &dyn Fn(&G::Position, Player) -> i32,
) -> Result<Found<G::Move>, SearchError> {
    // The best move, the positions visited and the limit reached, if any; `None` when the game
    // is over.
    type Searched<M> = Option<(Option<(M, i32)>, u64, Option<LimitError>)>;
    fn run<G: TwoPlayerGame>(
        game: &G,
        position: &G::Position,
        depth: u32,
        evaluate: &dyn Fn(&G::Position, Player) -> i32,
        trail: &impl Track<G::Move>,
    ) -> Searched<G::Move> {
        trail.asking(Method::Ending, 0);
        if game.ending(position).is_some() {
            return None;
        }
        let tree = Ahead {
            game,
            depth: depth.clamp(1, MAX_SOLVE_DEPTH),
            evaluate,
            budget: Budget::new(MAX_SOLVE_MOVES, max_depth::<(G::Position, u32)>()),
            positions: Cell::new(0),
            trail,
        };
        let mut best = FirstBest(None);
        search(&tree, (position.clone(), 0), Pruning::AlphaBeta, &mut best);
        Some((best.0, tree.positions.get(), tree.budget.refusal()))
    }
    let searched = catching(
        || run(game, position, depth, evaluate, &Quiet),
        |trail| run(game, position, depth, evaluate, trail),
    )?;
    let Some((best, positions, refusal)) = searched else {
        return Ok(None);
    };
    if let Some(refusal) = refusal {
        return Err(refusal.into());
    }
    Ok(best.map(|(chosen, score)| (chosen, score, positions)))
}

/// The move a search `depth` moves ahead picks from `position` (the first of the best, in the
/// game's order), with its score for the player making it: a finished game scores 1,000 less
/// the moves to it for a win (-1,000 plus them for a loss, 0 for a draw), and where the search
/// stops, `evaluate(position, player)` says how good the position is for `player`, the one to
/// move there, kept between -500 and 500. `None` when the game is over. A depth of 0 is taken
/// as 1, and one above [`MAX_SOLVE_DEPTH`] as that.
///
/// ```
/// use magic_tictactoe::games::ConnectFour;
/// use magic_tictactoe::engine::solve::search_ahead;
/// use magic_tictactoe::TwoPlayerGame;
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
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`SearchError::Limit`] when the search would look at more than [`MAX_SOLVE_MOVES`] moves
/// (ask for fewer moves ahead), go deeper than the game's positions allow, or take more than
/// [`MAX_SECONDS`](super::budget::MAX_SECONDS); [`SearchError::Panicked`] when the game's own
/// code or the evaluation panics, with the moves that led there.
pub fn search_ahead<G: TwoPlayerGame>(
    game: &G,
    position: &G::Position,
    depth: u32,
    evaluate: impl Fn(&G::Position, Player) -> i32,
) -> Result<Option<(G::Move, i32)>, SearchError> {
    let found = best_move(game, position, depth, &evaluate)?;
    Ok(found.map(|(chosen, score, _)| (chosen, score)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Value;
    use crate::rules::{Board, Square, TicTacToe};

    fn ttt_best(board: Board, depth: u32, eval: &dyn Fn(&Board, Player) -> i32) -> Found<Square> {
        best_move(&TicTacToe::default(), &board, depth, eval).unwrap()
    }

    /// A search to the end of the game agrees with the solved game on every position: it
    /// wins, draws or loses exactly when perfect play does, and as fast.
    #[test]
    fn searching_to_the_end_is_perfect_play() {
        let judge_nothing = |_: &Board, _: Player| 0;
        let mut stack = vec![Board::new()];
        let mut seen = std::collections::HashSet::new();
        while let Some(board) = stack.pop() {
            if !seen.insert(board) {
                continue;
            }
            stack.extend(board.children().map(|(_, child)| child));
            let Some((square, score, positions)) = ttt_best(board, MAX_DEPTH, &judge_nothing)
            else {
                assert!(board.is_over());
                continue;
            };
            assert!(positions > 1);
            assert!(board.best_moves().contains(square), "{board}: {square}");
            let expected = match board.value() {
                Value::Win(n) => WIN_SCORE - i32::from(n),
                Value::Loss(n) => -(WIN_SCORE - i32::from(n)),
                Value::Draw(_) => 0,
            };
            assert_eq!(score, expected, "{board}");
        }
        assert_eq!(seen.len(), 5_478);
    }

    #[test]
    fn the_evaluation_decides_where_the_search_stops_and_is_kept_in_bounds() {
        // Looking one move ahead on the empty board, every square is judged by the
        // evaluation alone, asked for O, whose move it is then. One that says O is far
        // behind when X holds 9 makes X take 9, scored at the evaluation's limit.
        let fears_nine = |board: &Board, player: Player| {
            if board.squares(!player).contains(Square::BottomRight) {
                -1_000_000
            } else {
                0
            }
        };
        let (square, score, positions) = ttt_best(Board::new(), 1, &fears_nine).unwrap();
        assert_eq!(square, Square::BottomRight);
        assert_eq!(score, EVALUATION_LIMIT);
        assert_eq!(positions, 10);
    }
}
