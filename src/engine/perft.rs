//! Counting a game's tree move by move: perft, as chess programs call it. The number of ways to
//! play exactly `depth` moves from a position, games that end sooner not continued. Counting it
//! is the first test of a game's rules (shakmaty and board-game-rs count theirs the same way):
//! tic-tac-toe has 9, 72, 504 ... 255,168 complete games.

use super::budget::{Budget, MAX_SOLVE_MOVES, max_depth};
use super::caught::{Method, Quiet, SearchError, Track, catching};
use crate::rules::{Board, LimitError, TicTacToe, TwoPlayerGame};

/// The number of move sequences of exactly `depth` moves from `board` (games that end sooner
/// are not continued, so any depth above 9 counts none): [`perft_for`] on tic-tac-toe, which is
/// far inside its limits. Also at `stats::perft`, where the other counts of the game are.
pub fn perft(board: Board, depth: u32) -> u64 {
    perft_for(&TicTacToe::default(), &board, depth).unwrap_or(0)
}

/// The number of move sequences of exactly `depth` moves from `position` of `game` (games that
/// end sooner are not continued, so a depth past the game's longest counts none).
///
/// ```
/// use magic_tictactoe::engine::perft::perft_for;
/// use magic_tictactoe::games::{ConnectFour, TakeAway};
/// use magic_tictactoe::{TicTacToe, TwoPlayerGame};
///
/// let game = TicTacToe::default();
/// assert_eq!(perft_for(&game, &game.start(), 3)?, 504);
/// // Connect Four: seven columns, and no game ends in fewer than seven moves.
/// let connect = ConnectFour::new(7, 6)?;
/// assert_eq!(perft_for(&connect, &connect.start(), 4)?, 7u64.pow(4));
/// // Take-away from 4 sticks, 1 to 3 a turn: 1+1+1+1, 1+1+2, 1+2+1, 2+1+1, 2+2, 1+3, 3+1
/// // in at most four moves, of which 1+1+1+1 alone takes all four.
/// let heap = TakeAway::new(4);
/// assert_eq!(perft_for(&heap, &heap.start(), 4)?, 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`SearchError::Limit`] when the count would list more than [`MAX_SOLVE_MOVES`] moves, go
/// deeper than the game's positions allow, or take more than
/// [`MAX_SECONDS`](super::budget::MAX_SECONDS); [`SearchError::Panicked`] when the game's own
/// code panics, with the moves that led there.
pub fn perft_for<G: TwoPlayerGame>(
    game: &G,
    position: &G::Position,
    depth: u32,
) -> Result<u64, SearchError> {
    fn counted<G: TwoPlayerGame>(
        game: &G,
        position: &G::Position,
        depth: u32,
        trail: &impl Track<G::Move>,
    ) -> (u64, Option<LimitError>) {
        let budget = Budget::new(MAX_SOLVE_MOVES, max_depth::<G::Position>());
        (
            walk(game, position, depth, 0, &budget, trail),
            budget.refusal(),
        )
    }
    let (count, refusal) = catching(
        || counted(game, position, depth, &Quiet),
        |trail| counted(game, position, depth, trail),
    )?;
    match refusal {
        Some(refusal) => Err(refusal.into()),
        None => Ok(count),
    }
}

fn walk<G: TwoPlayerGame>(
    game: &G,
    position: &G::Position,
    left: u32,
    depth: u32,
    budget: &Budget,
    trail: &impl Track<G::Move>,
) -> u64 {
    if left == 0 {
        return 1;
    }
    trail.asking(Method::Ending, depth as usize);
    if game.ending(position).is_some() || !budget.may_go(depth + 1) {
        return 0;
    }
    trail.asking(Method::Moves, depth as usize);
    let moves = game.moves(position);
    if !budget.spend(moves.len()) {
        return 0;
    }
    // Once the budget has run out, the moves left are not played (see `Rules::moves`).
    moves
        .into_iter()
        .take_while(|_| budget.in_time())
        .map(|chosen| {
            trail.playing(chosen, depth as usize);
            let next = game.play(position, chosen);
            walk(game, &next, left - 1, depth + 1, budget, trail)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Board, Counted, Ending, Player, TicTacToe};

    #[test]
    fn tic_tac_toe_counts_the_known_figures() {
        let game = TicTacToe::default();
        let counts: Vec<u64> = (0..=10)
            .map(|depth| perft_for(&game, &game.start(), depth).unwrap())
            .collect();
        assert_eq!(
            counts,
            [
                1, 9, 72, 504, 3_024, 15_120, 54_720, 148_176, 200_448, 127_872, 0
            ]
        );
        assert_eq!(perft_for(&game, &Board::new(), u32::MAX), Ok(0));
    }

    /// A game that never ends is counted to the depth its positions allow, then refused.
    #[test]
    fn a_game_that_never_ends_is_refused_past_its_depth() {
        struct Forever;
        impl TwoPlayerGame for Forever {
            type Position = u64;
            type Move = u64;
            fn start(&self) -> u64 {
                0
            }
            fn to_move(&self, &p: &u64) -> Player {
                if p % 2 == 0 { Player::X } else { Player::O }
            }
            fn moves(&self, _: &u64) -> Vec<u64> {
                vec![1]
            }
            fn play(&self, &p: &u64, m: u64) -> u64 {
                p + m
            }
            fn ending(&self, _: &u64) -> Option<Ending> {
                None
            }
        }
        assert_eq!(perft_for(&Forever, &0, 500), Ok(1));
        let refusal = perft_for(&Forever, &0, u32::MAX)
            .unwrap_err()
            .limit()
            .unwrap();
        assert_eq!(refusal.counted, Counted::Depth);
    }
}
