//! Searching only so far ahead: minimax to a chosen depth, with an evaluation function that
//! judges the positions where the search stops. The bridge from tic-tac-toe, where a computer
//! can search to the end, to games too big for that.
//!
//! A learner writes the evaluation: `|board: &Board, player: Player| -> i32`, how good `board`
//! is for `player`, higher better. Finished games are scored by the rules, whatever it says:
//! a win beats any evaluation, a faster win a slower one.

use super::search::{self, GameTree, Pruning};
use crate::rules::{Board, Player, Square, magic};

/// The most moves a depth-limited search looks ahead: the whole game.
pub const MAX_DEPTH: u32 = 9;

/// An evaluation's answer is kept between -500 and 500, below any finished game's score.
const EVALUATION_LIMIT: i32 = 500;
/// A finished game: won at once scores 1,000, and each move before it one less.
const WIN: i32 = 1_000;

/// Tic-tac-toe searched `depth` moves ahead, `eval` judging where the search stops. Positions
/// carry how many moves the search has made so far.
pub(crate) struct Horizon<'a> {
    pub(crate) depth: u32,
    pub(crate) eval: &'a dyn Fn(&Board, Player) -> i32,
}

impl GameTree for Horizon<'_> {
    type Position = (Board, u32);
    type Move = Square;
    type Score = i32;

    const LOWEST: i32 = -1_000_000;
    const HIGHEST: i32 = 1_000_000;

    fn score_if_over(&self, (board, made): (Board, u32)) -> Option<i32> {
        let mover = board.turn();
        if magic::has_won(board.squares(!mover)) {
            // Lost: a loss further away is better for the mover.
            Some(-(WIN - made.min(9) as i32))
        } else if board.empty_squares().is_empty() {
            Some(0)
        } else if made >= self.depth {
            Some((self.eval)(&board, mover).clamp(-EVALUATION_LIMIT, EVALUATION_LIMIT))
        } else {
            None
        }
    }

    fn moves(&self, (board, made): (Board, u32)) -> impl Iterator<Item = (Square, (Board, u32))> {
        board
            .empty_squares()
            .into_iter()
            .map(move |square| (square, (board.play_unchecked(square), made + 1)))
    }

    fn of_move_into(next: i32) -> i32 {
        -next
    }

    fn before_move(bound: i32) -> i32 {
        -bound
    }
}

/// Watches the root of the search for the first move (in keypad order) with the best score.
/// With alpha-beta a later move's score can be only a bound, but a bound never beats the best
/// so far, so the first move to raise the score is the best one.
struct FirstBest {
    best: Option<(Square, i32)>,
}

impl search::Observer<Horizon<'_>> for FirstBest {
    fn scored(&mut self, (_, made): (Board, u32), square: Square, score: i32, _: i32) {
        if made == 0 && self.best.is_none_or(|(_, top)| score > top) {
            self.best = Some((square, score));
        }
    }
}

/// The move a depth-limited search picks on `board` (the first of the best in keypad order),
/// its score, and the positions the search visited; `None` once the game is over.
pub(crate) fn best_move(
    board: Board,
    depth: u32,
    eval: &dyn Fn(&Board, Player) -> i32,
) -> Option<(Square, i32, u64)> {
    if board.is_over() {
        return None;
    }
    let tree = Horizon {
        depth: depth.clamp(1, MAX_DEPTH),
        eval,
    };
    let mut watcher = FirstBest { best: None };
    let found = search::search(&tree, (board, 0), Pruning::AlphaBeta, &mut watcher);
    watcher
        .best
        .map(|(square, score)| (square, score, found.positions))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Value;

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
            let Some((square, score, positions)) = best_move(board, MAX_DEPTH, &judge_nothing)
            else {
                assert!(board.is_over());
                continue;
            };
            assert!(positions > 1);
            assert!(board.best_moves().contains(square), "{board}: {square}");
            let expected = match board.value() {
                Value::Win(n) => WIN - i32::from(n),
                Value::Loss(n) => -(WIN - i32::from(n)),
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
        let (square, score, positions) = best_move(Board::new(), 1, &fears_nine).unwrap();
        assert_eq!(square, Square::BottomRight);
        assert_eq!(score, EVALUATION_LIMIT);
        assert_eq!(positions, 10);
    }
}
